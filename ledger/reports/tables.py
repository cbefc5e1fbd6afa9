"""Pure rows for the CLI tables, dashboard pages and log sheets (no rule is computed elsewhere).

Every function takes a ``GameState`` (and, for history, the journal) and returns a list of
plain dicts with stable keys, values as ``int``, ``str`` or ``Fraction`` (CP and cohesion).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from ledger.commands.convoys import truck_cpa
from ledger.commands.cp import NON_MOTORIZED_CPA, VOLUNTARY_CEILING
from ledger.model.capability import cp_remaining, disorganization_earned
from ledger.model.dumps import (
    OASIS_RULING,
    capacity,
    describe_limits,
    never_runs_out,
    room,
    site_of,
)
from ledger.model.phases import PHASES, phase, phase_index
from ledger.model.quantities import COMMODITIES, Supplies
from ledger.model.state import GameState
from ledger.model.strength import SUMMED_RATINGS, actual_points, raw_points
from ledger.model.units import RATINGS, SIDES, Side, Unit
from ledger.rules.checks import MAY_NOT_MOVE, SURRENDERS_WHEN_ASSAULTED
from ledger.rules.morale import (
    MoraleRulings,
    adjusted_morale,
    adjusted_morale_distribution,
    morale_modifier_distribution,
    morale_row,
)
from ledger.rules.organization import (
    current_parent,
)
from ledger.rules.shortage_status import (
    ammunition_effect,
    drawable,
    hex_surrenders,
    shortage_labels,
)

Row = dict[str, Any]


def clock(state: GameState) -> Row:
    """The current Game-Turn and Operations Stage, with the scenario's span."""
    return {
        "game_turn": state.clock.game_turn,
        "op_stage": state.clock.op_stage,
        "calendar": state.clock.calendar,
        "phase": phase(state.phase).label,
        "weather": state.weather,
        "scenario": state.info.name,
        "scenario_case": state.info.case,
        "scenario_start": state.info.start.short,
        "scenario_end": state.info.end.short,
        "initiative_first_turn": state.info.initiative or "",
    }


def phases(state: GameState) -> list[Row]:
    """The phases of the Operations Stage (5.2 III) in order, marking the current one and the
    ones passed; ``key`` is what ``quartermaster phase`` takes."""
    now = phase_index(state.phase)
    return [
        {
            "now": "▶" if i == now else ("done" if i < now else ""),
            "phase": p.label,
            "key": p.key,
        }
        for i, p in enumerate(PHASES)
    ]


def unit_strengths(state: GameState, units: Sequence[Unit]) -> Row:
    """Raw and Actual points of each summed rating for ``units`` together (11.31–11.34, 11.37)."""
    row: Row = {}
    for rating in SUMMED_RATINGS:
        raw = raw_points(units, rating, state.systems)
        row[f"raw_{rating}"] = raw
        row[f"actual_{rating}"] = actual_points(raw, rating)
    return row


def units(
    state: GameState, side: Side | None = None, *, include_arriving: bool = False
) -> list[Row]:
    """One row per counter: identity, ``status`` (``"in play"``, ``"arrives GT 9 OpStage 2"``,
    ``"withdrawn (20.8)"``; with ``in_play`` and ``withdrawn``), assigned ``parent``, ``attached_to``, ``detached``,
    ``with`` (the Parent Formation it is with now, 9.21), ``riding`` (light, medium, heavy truck
    points carrying it, 8.95, or ``None``), CPA (the truck CPA when carried, 6.17), CP expended
    and left, cohesion, TOE, supplies held, first-line truck points attached (8.96),
    ``breakdown_points`` this OpStage (Fraction, 21.25) and TOE Strength Points
    ``awaiting_repair`` (21.34), ``markers`` its combat markers (``"pinned, engaged"``; 12.44,
    15.81),
    Raw/Actual strengths (11.3) and ``shortages``: what it is short of now, with the case
    (``shortage_status.shortage_labels``; empty when it has what it needs)."""
    rows: list[Row] = []
    attached_trucks: dict[str, int] = {}
    for group in state.trucks.values():
        if group.attached_to is not None:
            attached_trucks[group.attached_to] = (
                attached_trucks.get(group.attached_to, 0) + group.truck_points
            )
    for unit in state.units.values():
        if side is not None and unit.side != side:
            continue
        arrived = unit.in_play(state.clock)
        if not arrived and not include_arriving:
            continue
        cpa = state.cpa(unit)
        rows.append(
            {
                "id": unit.id,
                "counter": unit.counter,
                "name": unit.name,
                "side": unit.side,
                "nationality": unit.nationality,
                "echelon": unit.echelon,
                "class": unit.class_id,
                "parent": unit.parent or "",
                "attached_to": unit.attached_to or "",
                "detached": unit.detached,
                "with": current_parent(unit) or "",
                "riding": unit.carried_by if any(unit.carried_by) else None,
                "location": unit.location,
                "arrival": unit.arrival.short if unit.arrival else "start",
                "in_play": arrived,
                "withdrawn": unit.withdrawn,
                "status": "withdrawn (20.8)"
                if unit.withdrawn
                else "in play"
                if arrived
                else f"arrives {unit.arrival.short if unit.arrival else ''}",
                "toe_points": unit.toe_points,
                "cpa": cpa,
                "cp_expended": unit.cp_expended,
                "cp_remaining": None if cpa is None else cp_remaining(unit.cp_expended, cpa),
                "cp_over": None if cpa is None else max(Fraction(0), unit.cp_expended - cpa),
                "cohesion": unit.cohesion,
                "basic_morale": unit.basic_morale,
                **dict(unit.supplies.items()),
                "attached_truck_points": attached_trucks.get(unit.id, 0),
                "breakdown_points": unit.breakdown_points,
                "awaiting_repair": sum(h.points for h in unit.awaiting_repair),
                "markers": ", ".join(unit.combat_markers),
                "shortages": ", ".join(shortage_labels(state, unit)) if arrived else "",
                **unit_strengths(state, [unit]),
            }
        )
    return rows


def hex_surrender(state: GameState, location: str, side: Side) -> Row:
    """15.15 for one hex: ``{"hex", "side", "surrenders"`` (every unit of ``side`` there is out
    of ammunition, so all surrender if close assaulted), ``"units"``: how many are there,
    ``"out_of_ammunition"``: their names and the Ammunition each can draw
    (``"1st RNF MG Bn: 0 Ammunition"``), ``"case"``}."""
    there = [u for u in state.units_in_play(side) if location and u.location == location]
    out = [
        f"{u.name}: {drawable(state, u, 'ammo') or 0} Ammunition"
        for u in sorted(there, key=lambda u: u.id)
        if ammunition_effect(state, u).out_of_ammunition
    ]
    return {
        "hex": location,
        "side": side,
        "surrenders": hex_surrenders(state, location, side),
        "units": len(there),
        "out_of_ammunition": ", ".join(out),
        "case": "15.15",
    }


def toe(state: GameState, unit_id: str) -> list[Row]:
    """The unit's TOE, one row per weapon system, with the seven ratings as printed (11.1).

    Raises ``KeyError`` for an unknown unit.
    """
    unit = state.units[unit_id]
    rows: list[Row] = []
    for holding in unit.toe:
        system = state.systems[holding.system]
        rows.append(
            {
                "unit": unit.id,
                "system": system.id,
                "name": system.name,
                "kind": system.kind,
                "toe_points": holding.points,
                "cpa": "–" if system.cpa is None else f"{system.cpa}{system.cpa_mark}",
                **{r: system.ratings.show(r) for r in RATINGS},
                "fuel_rate": system.fuel_rate,
                "breakdown": system.breakdown,
                "flags": ", ".join(holding.flags),
            }
        )
    return rows


def dumps(state: GameState, side: Side | None = None) -> list[Row]:
    """One row per Supply Dump or supply holder, with its supply points (``"unlimited"`` for
    what never runs out there: 60.44, 8.48, 8.87), its ``site`` (54.12: ``village``, ...), its
    ``capacity`` and free ``room`` as text in log-sheet order (``"2,500 / 8,000 / 3,000 /
    1,000"``, ``"unlimited"``; ``""`` for a holder that is not a Supply Dump)."""
    oasis = state.ruling(OASIS_RULING)
    return [
        {
            "id": d.id,
            "side": d.side,
            "name": d.name,
            "kind": d.kind,
            "location": d.location,
            "count": d.count,
            **{c: "unlimited" if never_runs_out(d, c) else v for c, v in d.supplies.items()},
            "site": site_of(d) if d.kind == "dump" else "",
            "capacity": describe_limits(capacity(d, oasis)) if d.kind == "dump" else "",
            "room": describe_limits(room(d, oasis)) if d.kind == "dump" else "",
            "case": d.case,
        }
        for d in state.dumps.values()
        if side is None or d.side == side
    ]


def trucks(
    state: GameState, side: Side | None = None, *, include_arriving: bool = False
) -> list[Row]:
    """One row per truck group: line, place, light/medium/heavy truck points and cargo, the CP
    the group expended this OpStage and its CPA for supplies (8.98, 54.2; ``None`` without
    truck points), and ``box_loaded`` (it loaded or unloaded in a Tripoli/Tunisia box this
    OpStage and may not move, 8.88)."""
    return [
        {
            "id": t.id,
            "side": t.side,
            "line": t.line,
            "location": t.location,
            "light": t.light,
            "medium": t.medium,
            "heavy": t.heavy,
            "truck_points": t.truck_points,
            **dict(t.cargo.items()),
            "attached_to": t.attached_to or "",
            "arrival": t.arrival.short if t.arrival else "start",
            "purpose": t.purpose,
            "cp_expended": t.cp_expended,
            "cpa": truck_cpa(t),
            "box_loaded": t.box_loaded_at == state.clock,
        }
        for t in state.trucks.values()
        if (side is None or t.side == side) and (include_arriving or t.in_play(state.clock))
    ]


def supply_totals(state: GameState) -> list[Row]:
    """Per side: supply points in dumps, with units and on trucks, and in all (in play only).

    Unlimited sources are not counted; ``unlimited_sources`` says how many a side has.
    """
    rows: list[Row] = []
    for side in SIDES:
        in_dumps = sum(
            (d.supplies for d in state.dumps.values() if d.side == side and not d.unlimited),
            Supplies(),
        )
        with_units = sum((u.supplies for u in state.units_in_play(side)), Supplies())
        on_trucks = sum(
            (t.cargo for t in state.trucks.values() if t.side == side and t.in_play(state.clock)),
            Supplies(),
        )
        for place, amount in (
            ("dumps", in_dumps),
            ("units", with_units),
            ("trucks", on_trucks),
            ("total", in_dumps + with_units + on_trucks),
        ):
            rows.append({"side": side, "held_in": place, **dict(amount.items())})
        rows[-1]["unlimited_sources"] = sum(
            1 for d in state.dumps.values() if d.side == side and d.unlimited
        )
    return rows


def capability(state: GameState, side: Side | None = None) -> list[Row]:
    """CP and cohesion per unit in play: CPA, CP expended, left, over (each CP over is a DP,
    6.21), the 150 % voluntary ceiling of a non-motorized unit (8.17, ``None`` otherwise), the DP
    one more CP would earn, and the Cohesion Level with the −17/−26 thresholds (15.88, 6.26).
    """
    rows: list[Row] = []
    for row in units(state, side):
        cpa = row["cpa"]
        ceiling = None
        if cpa is not None and cpa <= NON_MOTORIZED_CPA:
            ceiling = cpa * VOLUNTARY_CEILING
        next_dp = (
            None if cpa is None else disorganization_earned(row["cp_expended"], Fraction(1), cpa)
        )
        rows.append(
            {
                "id": row["id"],
                "counter": row["counter"],
                "name": row["name"],
                "side": row["side"],
                "parent": row["parent"],
                "cpa": cpa,
                "cp_expended": row["cp_expended"],
                "cp_remaining": row["cp_remaining"],
                "cp_over": row["cp_over"],
                "voluntary_ceiling": ceiling,
                "dp_for_next_cp": next_dp,
                "cohesion": row["cohesion"],
                "surrenders_if_assaulted": row["cohesion"] <= SURRENDERS_WHEN_ASSAULTED,
                "may_not_move": row["cohesion"] <= MAY_NOT_MOVE,
            }
        )
    return rows


def requisitions(
    state: GameState, side: Side | None = None, *, open_only: bool = False
) -> list[Row]:
    """Supply Requisitions (4.55), oldest first: id, unit, side, what is wanted (supply
    points per commodity), when filed and by which seat (empty at a table without seats),
    needed by (``"GT 3 OpStage 2"``, empty when not said), status (open/fulfilled/rejected),
    note and reason."""
    rows: list[Row] = []
    for req in state.requisitions.values():
        unit = state.units[req.unit_id]
        if (side is not None and unit.side != side) or (open_only and req.status != "open"):
            continue
        rows.append(
            {
                "id": req.id,
                "unit": unit.name,
                "unit_id": unit.id,
                "side": unit.side,
                "location": unit.location,
                **{c: req.wanted.get(c) for c in COMMODITIES},
                "filed": req.filed_at.short,
                "filed_by": req.filed_by,
                "needed_by": req.needed_by.short if req.needed_by is not None else "",
                "status": req.status,
                "note": req.note,
                "reason": req.reason,
            }
        )
    return rows


def morale(state: GameState, unit_id: str, reading: int | None = None) -> Row:
    """A unit's Basic Morale, Cohesion Level, the 17.4 row it uses and the exact odds of each
    Adjusted Morale (and of Surrender) under the game's rulings; with ``reading`` (11..66), the
    result of that roll. Odds are ``Fraction``s summing to 1. Raises ``KeyError`` for an
    unknown unit and ``ValueError`` for a unit without Basic Morale or a bad reading."""
    unit = state.units[unit_id]
    if unit.basic_morale is None:
        raise ValueError(f"{unit.name} has no Basic Morale in the scenario data")
    rulings = state.rulings_of(MoraleRulings.from_choices)
    row: Row = {
        "unit": unit.name,
        "basic_morale": unit.basic_morale,
        "cohesion": unit.cohesion,
        "chart_row": morale_row(unit.cohesion, rulings),
        "modifier_odds": {
            str(k): v for k, v in morale_modifier_distribution(unit.cohesion, rulings).items()
        },
        "adjusted_morale_odds": {
            str(k): v
            for k, v in adjusted_morale_distribution(
                unit.basic_morale, unit.cohesion, rulings
            ).items()
        },
    }
    if reading is not None:
        row["reading"] = reading
        row["adjusted_morale"] = adjusted_morale(unit.basic_morale, unit.cohesion, reading, rulings)
    return row


def _with_text(state: GameState, unit: Unit) -> str:
    """Where a unit is, as a log sheet notes it: "7th Armored Bde HQ", "7th Support Group HQ
    (attached)", "detached from 7th Armored Div HQ", or "" for a unit with no parent."""
    if unit.attached_to is not None:
        return f"{state.units[unit.attached_to].name} (attached)"
    if unit.parent is None or unit.parent not in state.units:
        return ""
    parent = state.units[unit.parent].name
    return f"detached from {parent}" if unit.detached else parent


def field_commander_sheet(state: GameState, side: Side) -> list[Row]:
    """Field Commander Control Sheet rows (4.52): one per counter in play of ``side``.

    Columns: ``id`` (for the way back, never printed), counter, name, the Parent Formation it is
    with now (its name: counter texts repeat; "attached", or "detached from" its own, 9.21), hex,
    ``toe_points`` (4.52), CP expended this OpStage (6.14), CPA (6.11), ``cp_remaining`` (6.13),
    ``cp_over`` (CP over the CPA, each a Disorganization Point, 6.21), Cohesion Level (6.2),
    Raw and Actual points of each summed rating (11.31, 11.32; AA 11.37), Ammunition, Fuel,
    Stores, Water held, and ``shortages`` (what it is short of, with the case).
    """
    rows = []
    for row in units(state, side):
        rows.append(
            {
                "id": row["id"],
                "counter": row["counter"],
                "name": row["name"],
                "parent": _with_text(state, state.units[row["id"]]),
                "location": row["location"],
                "toe_points": row["toe_points"],
                "cp_expended": row["cp_expended"],
                "cpa": row["cpa"],
                "cp_remaining": row["cp_remaining"],
                "cp_over": row["cp_over"],
                "cohesion": row["cohesion"],
                **{
                    f"{kind}_{r}": row[f"{kind}_{r}"]
                    for r in SUMMED_RATINGS
                    for kind in ("raw", "actual")
                },
                **{c: row[c] for c in COMMODITIES},
                "shortages": row["shortages"],
            }
        )
    return rows
