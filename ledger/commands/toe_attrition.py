"""TOE Strength Points lost to hunger and thirst, posted as app-made ``TOEPointsLost`` events
right after the upkeep that caused them, and the players' correction of such a loss.

- Stores (51.22): at the end of every second consecutive Game-Turn without Stores, units lose
  2 % (then 4 %, 6 %...) of their infantry-type TOE points, to the nearest whole point. Under
  ruling ``51.22-attrition-scope`` ``"hex"`` the units of one side in one hex sharing the same
  run lose the points together (``shortage.hex_stores_attrition``); ``"unit"`` each on its own.
- Water (52.53): an infantry unit (or any moving without vehicles, 52.52) loses 1 TOE point for
  each consecutive Operations Stage without water after the first.

Ruling ``toe-attrition-posting`` (``post`` or ``notes-only``) says whether they are posted at
all; which holding gives each point is ruling ``toe-attrition-order`` (``largest-first`` or
``smallest-first``); the event lists the points per weapon system, so the players see it in the
journal, and correct it with ``commands.correct_toe`` or undo. A holding may fall to 0 points; it stays in
the TOE (a log-sheet box at 0) so that the loss can be reversed exactly.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ledger.model.errors import LedgerError
from ledger.model.events import ConsumptionPosted, TOEPointsLost
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.model.units import Unit
from ledger.rules.consumption_rates import ConsumptionRulings
from ledger.rules.shortage import water_shortage
from ledger.rules.shortage_counts import (
    ShortageRulings,
    hex_stores_attrition,
    infantry_type_points,
    moves_as_infantry,
    stores_attrition_percent,
)
from ledger.rules.shortage_status import MAP_HEX

ORDER_RULING: Final = "toe-attrition-order"
POSTING_RULING: Final = "toe-attrition-posting"

Slot = tuple[str, str, int]
"""A holding that may lose points: (unit id, weapon system id, TOE points it has)."""


def _pick(slots: Sequence[Slot], lost: int, order: str) -> dict[str, list[tuple[str, int]]]:
    """Take ``lost`` points one at a time from ``slots`` as ruling ``toe-attrition-order``
    says (ties: the earlier slot); returns the losses per unit id, (system, points)."""
    left = {(u, s): points for u, s, points in slots}
    taken: dict[tuple[str, str], int] = {}
    for _ in range(lost):
        open_slots = [key for key, points in left.items() if points > 0]
        if not open_slots:
            break
        if order == "smallest-first":
            key = min(open_slots, key=lambda k: left[k])
        else:
            key = max(open_slots, key=lambda k: left[k])
        left[key] -= 1
        taken[key] = taken.get(key, 0) + 1
    losses: dict[str, list[tuple[str, int]]] = {}
    for (unit_id, system), points in taken.items():
        losses.setdefault(unit_id, []).append((system, points))
    return losses


def _infantry_slot(state: GameState, unit: Unit, rulings: ShortageRulings) -> list[Slot]:
    points = infantry_type_points(unit, state.classes[unit.class_id], rulings)
    return [(unit.id, unit.class_id, points)] if points else []


def stores_attrition_events(
    state: GameState, posted: ConsumptionPosted, source: Source
) -> list[TOEPointsLost]:
    """The 51.22 losses after the Stores upkeep ``posted`` (cause ``stores``; ``state`` as it
    was before it, or after: the TOE is the same). One event per unit losing points, each
    point taken from an infantry-type holding. A hex of five 6-point infantry battalions two
    Game-Turns without Stores: 30 x 2 % = 0.6, 1 point, from the first battalion (by id) under
    ``largest-first``; each alone would lose 6 x 2 % = 0.12, none."""
    if state.ruling(POSTING_RULING) != "post":
        return []
    rulings = state.rulings_of(ShortageRulings.from_choices)
    groups: dict[tuple[str, str, int], list[Unit]] = {}
    for unit_id, _before, run in posted.streaks:
        unit = state.units.get(unit_id)
        if unit is None or not stores_attrition_percent(run):
            continue
        place = unit.location if MAP_HEX.match(unit.location) else f"unit {unit.id}"
        if rulings.attrition_scope == "unit":
            place = f"unit {unit.id}"
        groups.setdefault((unit.side, place, run), []).append(unit)
    order = state.ruling(ORDER_RULING)
    events: list[TOEPointsLost] = []
    for (_side, _place, run), units in sorted(groups.items()):
        units = sorted(units, key=lambda u: u.id)
        shares = [
            (infantry_type_points(u, state.classes[u.class_id], rulings), u.toe_points)
            for u in units
        ]
        lost = hex_stores_attrition(shares, run, rulings)
        slots = [slot for u in units for slot in _infantry_slot(state, u, rulings)]
        percent = stores_attrition_percent(run)
        for unit_id, losses in sorted(_pick(slots, lost, order).items()):
            events.append(
                TOEPointsLost(
                    source,
                    unit_id,
                    tuple(losses),
                    "stores-attrition",
                    f"51.22: {run} Game-Turns in a row without Stores, {percent} %",
                )
            )
    return events


def water_attrition_events(
    state: GameState, posted: ConsumptionPosted, source: Source
) -> list[TOEPointsLost]:
    """The 52.53 losses after the water upkeep ``posted`` (cause ``water``; ``state`` before
    it): each unit short of water as infantry (``shortage.moves_as_infantry``) whose run of
    Operations Stages without water reaches 2 or more loses 1 TOE point, from its
    infantry-type holding if it has one, else as ruling ``toe-attrition-order`` says. A
    battalion of 3 infantry points dry for a second OpStage in a row: 3 → 2."""
    if state.ruling(POSTING_RULING) != "post":
        return []
    rulings = state.rulings_of(ShortageRulings.from_choices)
    consumption = state.rulings_of(ConsumptionRulings.from_choices)
    order = state.ruling(ORDER_RULING)
    short = {s.unit_id: s for s in posted.shortages}
    events: list[TOEPointsLost] = []
    for unit_id, before, _after in posted.streaks:
        unit = state.units.get(unit_id)
        shortage = short.get(unit_id)
        if unit is None or shortage is None:
            continue
        unit_class = state.classes[unit.class_id]
        effect = water_shortage(
            shortage.needed,
            shortage.received,
            before,
            infantry=moves_as_infantry(unit, unit_class, state.systems, consumption),
            toe_points=unit.toe_points,
            rulings=rulings,
        )
        if not effect.toe_lost:
            continue
        slots = _infantry_slot(state, unit, rulings) or [
            (unit.id, h.system, h.points) for h in unit.toe
        ]
        for losses in _pick(slots, effect.toe_lost, order).values():
            events.append(
                TOEPointsLost(
                    source,
                    unit_id,
                    tuple(losses),
                    "water-attrition",
                    f"52.53: Operations Stage {before + 1} in a row without water",
                )
            )
    return events


def toe_correction(
    state: GameState, unit_id: str, system: str, change: int, source: Source
) -> TOEPointsLost | LedgerError:
    """The players' correction of a unit's TOE: ``change`` TOE points of weapon system
    ``system`` (negative: lost; positive: given back, e.g. a 51.22 loss the owner takes from
    another unit of the hex). The event (cause ``correction``, case 4.52) or the error: unknown
    unit or system, a change of 0, a holding left below 0."""
    unit = state.units.get(unit_id)
    if unit is None:
        return LedgerError("unit", f"no unit {unit_id!r} in this game")
    holding = next((h for h in unit.toe if h.system == system), None)
    if holding is None:
        listed = ", ".join(_system_name(state, h.system) for h in unit.toe) or "none"
        return LedgerError(
            "--system", f"{unit.name} has no {system!r} in its TOE ({listed})", "4.52"
        )
    if change == 0:
        return LedgerError("--change", "give a change of TOE points, not 0")
    if holding.points + change < 0:
        return LedgerError(
            "--change",
            f"{unit.name} has {holding.points} {_system_name(state, system)} TOE points; "
            f"{change:+d} would leave "
            f"{holding.points + change}",
            "4.52",
        )
    return TOEPointsLost(source, unit_id, ((system, -change),), "correction", "4.52")


def _system_name(state: GameState, system: str) -> str:
    """Weapon system ``system`` by its printed name, as players read it (its id if unknown)."""
    known = state.systems.get(system)
    return known.name if known is not None else system
