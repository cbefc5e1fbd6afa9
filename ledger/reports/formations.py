"""A Parent Formation as players read it: its HQs, its units' capability (6.1, 6.2) and its
organization (19.x: assigned and attached units, Stacking Points 9.1, trucks 8.96).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import get_args

from ledger.model.clock import Weather
from ledger.model.state import GameState
from ledger.model.trucks import TRUCK_TYPES
from ledger.model.units import Side, Unit
from ledger.reports.tables import Row, capability
from ledger.rules.consumption import unit_water
from ledger.rules.consumption_rates import ConsumptionRulings
from ledger.rules.organization import (
    current_parent,
    formation_cpa,
    formation_rows,
    formation_stacking_points,
    formation_tree,
    formation_truck_points,
    highest_parent,
    trucks_carrying_troops,
)
from ledger.rules.shortage_status import shortage_labels
from ledger.rules.unit_size import SizeRulings, formation_size, size_report


def formation_capability(state: GameState, hq_id: str) -> tuple[Row, list[Row]]:
    """A Parent Formation's CP and cohesion: a summary (formation CPA 6.15, Stacking Points
    9.12, number of units) and one row per unit of its tree (depth first, with ``depth``)
    carrying the ``capability`` columns. Raises ``KeyError`` for an unknown HQ."""
    tree = formation_tree(state, hq_id)
    by_id = {r["id"]: r for r in capability(state)}
    rows = [
        {
            **by_id.get(str(r["id"]), {}),
            "depth": r["depth"],
            "stacking_points": r["stacking_points"],
        }
        for r in formation_rows(state, tree)
    ]
    summary: Row = {
        "formation": tree.unit.name,
        "units": len(rows),
        "formation_cpa": formation_cpa(state, tree),
        "stacking_points": formation_stacking_points(state, tree),
    }
    return summary, rows


def formation_organization(state: GameState, hq_id: str) -> tuple[Row, list[Row]]:
    """A Parent Formation's organization: summary ``{"formation_cpa" (6.15),
    "stacking_points" (9.12), "controlled_by" (the highest parent, 8.96), "trucks",
    "carrying" ((light, medium, heavy) truck points it controls and those carrying troops,
    8.95), "trucks_text", "carrying_text", "printed_size", "size" (the level it counts as, 9.28),
    "shell" and "shell_reason" (9.26, 9.27, 15.55)}`` and the tree rows of ``formation_rows``
    with ``"riding"`` (the truck points carrying each unit, "" when none), ``"size"`` and
    ``"shell"``.

    Raises ``KeyError`` for an unknown HQ id."""
    tree = formation_tree(state, hq_id)
    top = highest_parent(state, hq_id)
    trucks = formation_truck_points(state, top)
    carrying = trucks_carrying_troops(state, top)
    rulings = state.rulings_of(SizeRulings.from_choices)
    size = formation_size(state, tree, rulings)
    summary: Row = {
        "formation": tree.unit.name,
        "units": sum(1 for _ in tree.walk()),
        "formation_cpa": formation_cpa(state, tree),
        "stacking_points": formation_stacking_points(state, tree),
        "printed_size": size.printed,
        "size": size.effective,
        "shell": size.shell,
        "shell_reason": size.reason,
        "controlled_by": top,
        "trucks": trucks,
        "carrying": carrying,
        "trucks_text": _triple(trucks),
        "carrying_text": _triple(carrying),
    }
    rows = formation_rows(state, tree)
    for row in rows:
        carried = state.units[str(row["id"])].carried_by
        row["riding"] = _triple(carried) if any(carried) else ""
        report = size_report(state, str(row["id"]), rulings)
        row["size"] = report.effective
        row["shell"] = report.shell
    return summary, rows


def _triple(points: tuple[int, int, int]) -> str:
    """``"5 L / 5 M / 5 H"``: light, medium and heavy truck points."""
    return " / ".join(f"{n} {t[0].upper()}" for t, n in zip(TRUCK_TYPES, points, strict=True))


def formation_hqs(state: GameState, side: Side | None = None) -> list[Row]:
    """Units in play with other units with them (the Parent Formations a player can pick),
    top-level formations first: ``{"id", "name", "counter", "members"}``."""
    members: dict[str, int] = {}
    for unit in state.units_in_play(side):
        parent = current_parent(unit)
        if parent is not None:
            members[parent] = members.get(parent, 0) + 1
    rows = [
        {
            "id": uid,
            "name": state.units[uid].name,
            "counter": state.units[uid].counter,
            "members": count,
            "top": current_parent(state.units[uid]) is None,
        }
        for uid, count in members.items()
        if uid in state.units and (side is None or state.units[uid].side == side)
    ]
    return sorted(rows, key=lambda r: (not r["top"], r["name"]))


def supply_notes(state: GameState, units: Sequence[Unit]) -> list[str]:
    """Notes of a TOE Log Sheet (4.52 G) on what ``units`` need and lack, in players' words.

    One note per shortage (``shortage_labels``: no water 52.51, no or short fuel 49.16, out of
    ammunition 15.15 or unable to Barrage 50.14, no pasta 52.6, no stores 51.22) naming the
    counters short of it now, or one saying none is; then the Water Points each counter needs for an
    Operations Stage standing and moving (52.41, 52.42) in this OpStage's weather (Hot doubles
    it, 29.35), as ``"counter still/moving"``.
    """
    short: dict[str, list[str]] = {}
    for unit in units:
        for label in shortage_labels(state, unit):
            short.setdefault(label, []).append(unit.counter)
    notes = [f"Short now, {label}: {', '.join(counters)}." for label, counters in short.items()]
    if not notes and units:
        notes.append("No counter here is short of water, fuel, ammunition or stores now.")
    if units:
        weather: Weather = next((w for w in get_args(Weather) if w == state.weather), "normal")
        rulings = state.rulings_of(ConsumptionRulings.from_choices)

        def water(unit: Unit, moving: bool) -> int:
            unit_class = state.classes[unit.class_id]
            return unit_water(
                unit, unit_class, state.systems, used_cpa=moving, weather=weather, rulings=rulings
            )

        each = ", ".join(f"{u.counter} {water(u, False)}/{water(u, True)}" for u in units)
        notes.append(
            f"Water Points an Operations Stage, standing/moving (52.41, 52.42; {weather} "
            f"weather, 29.35): {each}."
        )
    return notes
