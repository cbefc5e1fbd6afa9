"""The shortages a unit is under now, what they forbid when it expends CP, and which hexes'
defenders would surrender for want of ammunition.

What is read from the state:

- Water (52.51, 52.52): ``Unit.without_water`` above 0 — the last water upkeep left the unit
  short. A unit that needed no water in an Operations Stage (vehicles that did not move, 52.42)
  ends its run (``end_needless_water_runs``), so a waterless vehicle unit is stuck for the
  Operations Stage after the shortage, and again after each OpStage it goes short.
- Pasta (52.6): ``Unit.without_pasta`` above 0 — no Pasta Point at this Game-Turn's upkeep
  (``pasta_runs`` keeps the run).
- Fuel (49.15, 49.16) and Ammunition (50.12, 50.15, 15.15): what the unit can draw now: its own
  holding, its side's dumps in its hex (an unlimited source never runs out, 60.44) and its
  side's first-line truck points there (never convoy trucks, 49.15).

``cp_restrictions`` turns these into refusals of ``commands.spend_cp`` under ruling
``shortage-restrictions`` (``enforce``, ``upkeep-only`` or ``record-only``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace
from fractions import Fraction
from typing import Final

from ledger.model.errors import LedgerError
from ledger.model.events import ConsumptionPosted
from ledger.model.quantities import format_cp
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.model.units import Side, Unit
from ledger.rules.consumption import AmmoUse, close_assault_use, pasta_water
from ledger.rules.consumption_rates import ConsumptionRulings
from ledger.rules.cp_actions import CPAction
from ledger.rules.shortage import (
    ammunition_shortage,
    hex_surrenders_when_assaulted,
    pasta_shortage,
    water_shortage,
)
from ledger.rules.shortage_counts import (
    ShortageRulings,
    cp_fuel_allows,
    fuel_per_group,
    moves_as_infantry,
)
from ledger.rules.shortage_effects import NO_EFFECT, ShortageEffect

RESTRICTIONS_RULING: Final = "shortage-restrictions"
MAP_HEX: Final = re.compile(r"^[A-E]\d{4}$")
"""A map hex as the scenarios write it (``"C3721"``); a unit placed by description ("map C or
D, Egypt") shares a hex with nobody."""
BARRAGE_OR_ASSAULT: Final = frozenset({"barrage-or-assault", "assault-reduced"})
"""6.3 actions that pay for Barrage and/or Close Assault (11.23-11.27): forbidden only when the
unit may do neither."""
OFFENSIVE_ASSAULT: Final = frozenset({"probe"})
"""6.3 actions that are an offensive Close Assault and nothing else (a Probe, 15.9)."""


def drawable(state: GameState, unit: Unit, commodity: str) -> int | None:
    """Supply points of ``commodity`` the unit can draw now: its own, its side's real dumps in
    its hex and its side's first-line truck cargo there (49.15, 50.15); ``None`` when an
    unlimited source is there (60.44). Hexes compared as written; none for a unit placed by
    description."""
    total = unit.supplies.get(commodity)
    if not unit.location:
        return total
    for dump in state.dumps.values():
        if dump.side != unit.side or dump.location != unit.location or dump.kind == "dummy":
            continue
        if dump.unlimited:
            return None
        total += dump.supplies.get(commodity)
    for group in state.trucks.values():
        if (
            group.side == unit.side
            and group.line == "first"
            and group.location == unit.location
            and group.in_play(state.clock)
        ):
            total += group.cargo.get(commodity)
    return total


def water_effect(state: GameState, unit: Unit) -> ShortageEffect:
    """52.51 (vehicles) or 52.52 (infantry) when the last water upkeep left the unit short."""
    if unit.without_water <= 0:
        return NO_EFFECT
    consumption = state.rulings_of(ConsumptionRulings.from_choices)
    infantry = moves_as_infantry(unit, state.classes[unit.class_id], state.systems, consumption)
    return water_shortage(
        1,
        0,
        unit.without_water - 1,
        infantry=infantry,
        toe_points=unit.toe_points,
        rulings=state.rulings_of(ShortageRulings.from_choices),
    )


def pasta_effect(unit: Unit) -> ShortageEffect:
    """52.6 while the unit went without its Pasta Point at this Game-Turn's upkeep."""
    return pasta_shortage(False, unit.cohesion) if unit.without_pasta > 0 else NO_EFFECT


def fuel_allows(state: GameState, unit: Unit) -> Fraction | None:
    """49.16: the most CP of movement the fuel the unit can draw pays for; ``None`` when it
    burns none (foot, 49.12) or stands by an unlimited source."""
    consumption = state.rulings_of(ConsumptionRulings.from_choices)
    per_group = fuel_per_group(unit, state.systems, consumption)
    available = drawable(state, unit, "fuel")
    if per_group == 0 or available is None:
        return None
    return cp_fuel_allows(per_group, available, consumption)


def ammunition_effect(state: GameState, unit: Unit) -> ShortageEffect:
    """12.0, 50.12, 50.14, 15.15 for the ammunition the unit can draw, at its cheapest
    close-assault rate (1 a point when any holding is Infantry-class, else 2)."""
    available = drawable(state, unit, "ammo")
    if available is None:
        return NO_EFFECT
    uses = {close_assault_use(state.systems[h.system]) for h in unit.toe if h.points > 0}
    use: AmmoUse = "close_assault" if uses == {"close_assault"} else "close_assault_infantry"
    return ammunition_shortage(
        available, close_assault=use, rulings=state.rulings_of(ShortageRulings.from_choices)
    )


def shortage_labels(state: GameState, unit: Unit) -> list[str]:
    """Short words for what the unit is short of now, with the case: ``"no water (52.51)"``,
    ``"no fuel (49.16)"``, ``"fuel for 10 CP (49.16)"``, ``"out of ammunition (15.15)"``,
    ``"no pasta (52.6)"``, ``"no stores 2 GT (51.22)"``; empty when it has what it needs."""
    labels: list[str] = []
    water = water_effect(state, unit)
    if water is not NO_EFFECT:
        labels.append(f"no water {unit.without_water} OpStage(s) ({water.cases[0]})")
    allows = fuel_allows(state, unit)
    cpa = state.cpa(unit, for_movement=True)
    if allows == 0:
        labels.append("no fuel (49.16)")
    elif allows is not None and cpa is not None and allows < cpa:
        labels.append(f"fuel for {format_cp(allows)} CP (49.16)")
    ammo = ammunition_effect(state, unit)
    if ammo.out_of_ammunition:
        labels.append("out of ammunition (15.15)")
    elif not ammo.may_barrage:
        labels.append("no ammunition to Barrage (50.14)")
    if unit.without_pasta > 0:
        labels.append("no pasta (52.6)")
    if unit.without_stores > 0:
        labels.append(f"no stores {unit.without_stores} GT (51.22)")
    return labels


def _refusal(unit: Unit, action: CPAction, why: str, case: str) -> LedgerError:
    return LedgerError("action", f"{unit.name}: {why} ({action.label})", case)


def cp_restrictions(
    state: GameState, unit: Unit, action: CPAction, cp: Fraction, cpa: int
) -> list[LedgerError]:
    """What the unit's shortages forbid of expending ``cp`` on ``action`` (CP, whole quarter
    points; ``cpa`` its CPA), each refusal naming the unit, the shortage and the case; none
    under ruling ``shortage-restrictions`` ``record-only``. Movement: not without fuel or
    beyond what it pays for (49.16), not as waterless vehicles (52.51), not at pasta-Cohesion
    −10 (52.6, 6.26). Probe: not without water (52.51, 52.52) or ammunition (15.15). Barrage
    and/or Close Assault: not when the unit may do neither. Own-portion CP beyond the CPA: not
    without water as infantry (52.52) or without pasta (52.6). Option ``upkeep-only`` keeps the
    water and pasta refusals (shortages the upkeep recorded) and only shows fuel and
    ammunition (for scenarios that do not say what units carry)."""
    option = state.ruling(RESTRICTIONS_RULING)
    if option == "record-only":
        return []
    held = option == "enforce"
    errors: list[LedgerError] = []
    water, pasta = water_effect(state, unit), pasta_effect(unit)
    if action.kind == "movement":
        errors += _movement(state, unit, action, cp, water, pasta, fuel=held)
    if action.kind in ("attack", "defend") and not pasta.may_defend:
        errors.append(
            _refusal(unit, action, f"no Pasta Point at Cohesion {format_cp(unit.cohesion)}", "52.6")
        )
    if action.id in OFFENSIVE_ASSAULT | BARRAGE_OR_ASSAULT:
        errors += _combat(state, unit, action, water, ammunition=held)
    total = unit.cp_expended + cp
    if action.portion == "own" and total > cpa:
        for effect, what in ((water, "without water"), (pasta, "without its Pasta Point")):
            if not effect.may_exceed_cpa and effect.cases:
                errors.append(
                    LedgerError(
                        "cp",
                        f"{unit.name} is {what}: it may not voluntarily exceed its CPA {cpa}; "
                        f"{format_cp(unit.cp_expended)} + {format_cp(cp)} = {format_cp(total)}",
                        effect.cases[0],
                    )
                )
    return errors


def _movement(
    state: GameState,
    unit: Unit,
    action: CPAction,
    cp: Fraction,
    water: ShortageEffect,
    pasta: ShortageEffect,
    *,
    fuel: bool,
) -> list[LedgerError]:
    errors: list[LedgerError] = []
    allows = fuel_allows(state, unit) if fuel else None
    if allows == 0:
        errors.append(
            _refusal(unit, action, "no fuel in its tanks or its hex: it may not move", "49.16")
        )
    elif allows is not None and cp > allows:
        errors.append(
            _refusal(
                unit,
                action,
                f"the fuel it can draw pays for {format_cp(allows)} CP of movement, "
                f"{format_cp(cp)} asked",
                "49.16",
            )
        )
    if not water.may_move:
        errors.append(_refusal(unit, action, "vehicles without water may not move", "52.51"))
    if not pasta.may_move:
        errors.append(
            _refusal(unit, action, f"no Pasta Point at Cohesion {format_cp(unit.cohesion)}", "52.6")
        )
    return errors


def _combat(
    state: GameState, unit: Unit, action: CPAction, water: ShortageEffect, *, ammunition: bool
) -> list[LedgerError]:
    ammo = ammunition_effect(state, unit) if ammunition else NO_EFFECT
    errors: list[LedgerError] = []
    may_barrage = action.id in BARRAGE_OR_ASSAULT and water.may_barrage
    if not water.may_attack and not may_barrage:
        case = water.cases[0]
        errors.append(_refusal(unit, action, "without water: no offensive Close Assault", case))
    may_barrage = action.id in BARRAGE_OR_ASSAULT and ammo.may_barrage
    if not ammo.may_attack and not may_barrage:
        available = drawable(state, unit, "ammo")
        errors.append(
            _refusal(
                unit,
                action,
                f"out of ammunition ({available} Ammunition to draw): no Barrage or Close Assault",
                "15.15" if available else "50.12",
            )
        )
    return errors


def hex_surrenders(state: GameState, location: str, side: Side) -> bool:
    """15.15: whether ``side``'s units in play at ``location`` would all surrender if Close
    Assaulted — every one of them is out of ammunition (``ammunition_effect``). ``False`` for
    a hex with none of its units, or a place that is not a map hex."""
    if not MAP_HEX.match(location):
        return False
    defenders = [
        ammunition_effect(state, u) for u in state.units_in_play(side) if u.location == location
    ]
    return hex_surrenders_when_assaulted(defenders)


def end_needless_water_runs(
    state: GameState, posted: ConsumptionPosted | None, source: Source
) -> ConsumptionPosted | None:
    """The water upkeep ``posted`` (or ``None``) with a streak ending the run of every unit in
    play that needed no water this Operations Stage (52.42: vehicles that did not move) — it
    was not without water. A new app-made event when the upkeep posted none."""
    listed = {unit_id for unit_id, _, _ in posted.streaks} if posted else set()
    listed |= {s.unit_id for s in posted.shortages} if posted else set()
    listed |= {d.consumer for d in posted.draws} if posted else set()
    ended = tuple(
        (u.id, u.without_water, 0)
        for u in sorted(state.units_in_play(), key=lambda u: u.id)
        if u.without_water > 0 and u.id not in listed
    )
    return _with_streaks(state, posted, ended, "water", "52.41", source)


def pasta_runs(
    state: GameState, posted: ConsumptionPosted | None, source: Source
) -> ConsumptionPosted | None:
    """The pasta upkeep ``posted`` (or ``None``) with the streaks of every unit that needs a
    Pasta Point (52.6): its run grows when it was left short, ends when fed."""
    consumption = state.rulings_of(ConsumptionRulings.from_choices)
    short = {s.unit_id for s in posted.shortages} if posted else set()
    changed = []
    for unit in sorted(state.units_in_play(), key=lambda u: u.id):
        if pasta_water(unit, state.classes[unit.class_id], consumption) <= 0:
            continue
        run = unit.without_pasta + 1 if unit.id in short else 0
        if run != unit.without_pasta:
            changed.append((unit.id, unit.without_pasta, run))
    return _with_streaks(state, posted, tuple(changed), "pasta", "52.6", source)


def _with_streaks(
    state: GameState,
    posted: ConsumptionPosted | None,
    streaks: Iterable[tuple[str, int, int]],
    cause: str,
    case: str,
    source: Source,
) -> ConsumptionPosted | None:
    added = tuple(streaks)
    if not added:
        return posted
    if posted is None:
        return ConsumptionPosted(source, cause, case, state.clock, streaks=added)
    return replace(posted, streaks=posted.streaks + added)
