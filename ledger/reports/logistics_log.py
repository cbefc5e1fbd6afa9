"""The Logistics Commander's sheets (4.55) as plain rows for ``ledger.io.logistics_sheets``.

Four sheets: the Supply Dumps Control Sheet (one line per dump, dummy dump, air supply pool
and unlimited source of a side), the Trucks and Major End Items Control Sheet (one line per
truck group in play, with its 54.2 capacity and what is still free), the General Supply Net
Sheet (supply held by the side, and by the units of each Parent Formation, with what those
units use) and the Supply Requisition Form (open requisitions first).

Rows are dicts of ``int``, ``str``, ``Fraction`` or ``None`` (an empty box). Supply points and
Truck Points are whole numbers. Totals are left to the sheet's formulas; the figures that
follow a rule are worked here, each with its case.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import floor
from typing import Any, Final, get_args

from ledger.commands.convoys import truck_cpa
from ledger.model.clock import Weather
from ledger.model.dumps import (
    OASIS_RULING,
    capacity,
    describe_limits,
    never_runs_out,
    site_label,
    site_of,
)
from ledger.model.holdings import TruckGroup
from ledger.model.quantities import COMMODITIES, Supplies
from ledger.model.state import GameState
from ledger.model.trucks import TRUCK_TYPES, filled_share, group_capacity, truck_chart
from ledger.model.units import Side, Unit
from ledger.reports.campaign import arrivals
from ledger.reports.player_text import printable_note
from ledger.reports.supply_use import expected_use
from ledger.reports.tables import requisitions, supply_totals
from ledger.reports.toe_log import natural_key, parent_formations
from ledger.rules.consumption import truck_water, unit_stores, unit_water
from ledger.rules.consumption_rates import ConsumptionRulings
from ledger.rules.organization import current_parent, formation_tree, formation_truck_groups

Row = dict[str, Any]

DUMP_KINDS: Final = {
    "dump": "Supply Dump",
    "air_supply_pool": "Air supply pool",
    "dummy": "Dummy (holds nothing)",
    "unlimited": "Unlimited source",
}
"""What the Supply Dumps Control Sheet calls each kind of holder, in the order it lists them."""

UNLIMITED: Final = "unlimited"
"""The text a commodity box of an unlimited source holds (60.44): it is never drawn down."""

LINES: Final = {"first": "1st line", "second_third": "2nd/3rd line"}
"""Truck lines as the sheet prints them: first line attached to units (8.96), second and
third line in convoy (8.18)."""

STATUS_ORDER: Final = {"open": 0, "fulfilled": 1, "rejected": 2}


def dump_lines(state: GameState, side: Side) -> list[Row]:
    """Supply Dumps Control Sheet lines of ``side``: Supply Dumps, air supply pools, dummy
    dumps, unlimited sources (60.44), each kind by name (number-aware).

    Keys: ``id``, ``name``, ``kind`` (its text, ``DUMP_KINDS``), ``dummy``, ``unlimited``,
    ``location``, ``count`` (counters the line stands for), ``ammo`` … ``water`` (supply
    points; ``UNLIMITED`` for an unlimited source and for what never runs out at an oasis or in
    a box, 8.48, 8.87; ``None`` for a dummy, which holds nothing), ``site`` and ``capacity``
    (a Supply Dump's terrain and what it may hold, 54.12: ``"village"``, ``"2,500 / 8,000 /
    3,000 / 1,000"``; empty for other kinds), ``notes``, ``case`` (the scenario case that
    placed it)."""
    order = list(DUMP_KINDS)
    oasis = state.ruling(OASIS_RULING)
    dumps = sorted(
        (d for d in state.dumps.values() if d.side == side),
        key=lambda d: (order.index(d.kind), natural_key(d.name)),
    )
    rows = []
    for dump in dumps:
        amounts: dict[str, int | str | None] = {
            c: UNLIMITED if never_runs_out(dump, c) else v for c, v in dump.supplies.items()
        }
        if dump.unlimited:
            amounts = dict.fromkeys(COMMODITIES, UNLIMITED)
        elif dump.kind == "dummy":
            amounts = dict.fromkeys(COMMODITIES)
        rows.append(
            {
                "id": dump.id,
                "name": dump.name,
                "kind": DUMP_KINDS[dump.kind],
                "dummy": dump.kind == "dummy",
                "unlimited": dump.unlimited,
                "location": dump.location,
                "count": dump.count,
                **amounts,
                "site": site_label(site_of(dump), oasis) if dump.kind == "dump" else "",
                "capacity": describe_limits(capacity(dump, oasis)) if dump.kind == "dump" else "",
                "notes": printable_note(dump.notes),
                "case": dump.case,
            }
        )
    return rows


def free_capacity(cargo: Supplies, capacity: Supplies) -> Supplies:
    """What more of each commodity the group could load (54.2): the unfilled share of its
    capacity, rounded down to whole supply points (a part point cannot be loaded); 0 when full.

    The group is taken as one pool (``filled_share``); loading each truck type with what it
    carries best can free slightly more."""
    left = max(Fraction(0), 1 - filled_share(cargo, capacity))
    return Supplies(*(floor(left * capacity.get(c)) for c in COMMODITIES))


def _attached_text(state: GameState, group: TruckGroup) -> str:
    """ "6th Royal Tank Regt, with 7th Armored Div HQ": the unit and the highest Parent
    Formation whose trucks they are (8.96); "" for trucks attached to no unit."""
    if group.attached_to is None or group.attached_to not in state.units:
        return ""
    unit = state.units[group.attached_to]
    top = unit
    seen = {unit.id}
    while (parent := current_parent(top)) is not None and parent in state.units:
        if parent in seen:
            break
        seen.add(parent)
        top = state.units[parent]
    return unit.name if top is unit else f"{unit.name}, with {top.name}"


def truck_lines(state: GameState, side: Side) -> list[Row]:
    """Trucks and Major End Items Control Sheet lines: one per truck group of ``side`` in
    play, first line before second/third, each by id (number-aware).

    Keys: ``id``, ``name`` (``GameState.truck_group_name``: players never see the id),
    ``line`` (``LINES`` text), ``location``, ``attached`` (``_attached_text``), ``cp`` (CP
    the group expended this OpStage, 8.98, 6.3), ``cpa`` (its CPA for supplies, the slowest
    type's, 54.2; ``None`` without trucks), ``destination`` (``convoy_destination``),
    ``light``, ``medium``, ``heavy``, ``truck_points``, cargo ``ammo`` … ``water``, capacity
    ``cap_ammo`` … (``group_capacity``), ``filled`` (``Fraction``, ``filled_share``) and
    ``free_ammo`` … (``free_capacity``), all in supply points."""
    groups = sorted(
        (g for g in state.trucks.values() if g.side == side and g.in_play(state.clock)),
        key=lambda g: (list(LINES).index(g.line), natural_key(g.id)),
    )
    rows = []
    for group in groups:
        capacity = group_capacity(group.light, group.medium, group.heavy)
        free = free_capacity(group.cargo, capacity)
        rows.append(
            {
                "id": group.id,
                "name": state.truck_group_name(group.id),
                "line": LINES[group.line],
                "location": group.location,
                "attached": _attached_text(state, group),
                "cp": group.cp_expended,
                "cpa": truck_cpa(group),
                "destination": convoy_destination(state, group),
                "light": group.light,
                "medium": group.medium,
                "heavy": group.heavy,
                "truck_points": group.truck_points,
                **dict(group.cargo.items()),
                **{f"cap_{c}": v for c, v in capacity.items()},
                "filled": filled_share(group.cargo, capacity),
                **{f"free_{c}": v for c, v in free.items()},
            }
        )
    return rows


_PURPOSE: Final = re.compile(r"^requisition (\S+) for ")


def convoy_destination(state: GameState, group: TruckGroup) -> str:
    """Where a convoy is bound when the convoy planner loaded it for a requisition (its
    ``purpose`` names it, 8.18, 4.55): ``"C3920: 1st RNF MG Bn (requisition CR1)"``, the
    requisitioning unit's hex now; ``""`` otherwise (the players write it in)."""
    match = _PURPOSE.match(group.purpose)
    filed = state.requisitions.get(match.group(1)) if match else None
    if match is None or filed is None or filed.unit_id not in state.units:
        return ""
    unit = state.units[filed.unit_id]
    return f"{unit.location}: {unit.name} (requisition {filed.id})"


def carried_per_point() -> str:
    """What one Truck Point of each type carries of one commodity alone (54.2), as the
    Trucks sheet prints it: ``"Light: 2 Ammunition, 50 Fuel, 6 Stores or 40 Water; ..."``."""
    names = {"ammo": "Ammunition", "fuel": "Fuel", "stores": "Stores", "water": "Water"}
    chart = truck_chart()
    parts = []
    for kind in TRUCK_TYPES:
        amounts = [f"{chart[kind].capacity.get(c, 0)} {names[c]}" for c in COMMODITIES]
        parts.append(f"{kind.title()}: {', '.join(amounts[:-1])} or {amounts[-1]}")
    return "; ".join(parts)


def arriving_trucks(state: GameState, side: Side) -> list[Row]:
    """Truck groups of ``side`` not in play yet: ``id``, ``name`` (``truck_group_name``),
    ``arrival`` (short game time),
    ``light``, ``medium``, ``heavy``, ``location``, earliest first."""
    later = [
        (g.arrival, g)
        for g in state.trucks.values()
        if g.side == side and g.arrival is not None and not g.in_play(state.clock)
    ]
    later.sort(key=lambda pair: (pair[0], natural_key(pair[1].id)))
    return [
        {
            "id": g.id,
            "name": state.truck_group_name(g.id),
            "arrival": arrival.short,
            "light": g.light,
            "medium": g.medium,
            "heavy": g.heavy,
            "location": g.location,
        }
        for arrival, g in later
    ]


@dataclass(frozen=True, slots=True)
class SupplyNet:
    """The General Supply Net Sheet of one side (4.55).

    ``held``: supply points in dumps (air supply pools included, unlimited sources not),
    with units and on trucks, in play (``reports.supply_totals``; keys ``held_in``, ``label``,
    ``ammo`` … ``water``); ``total``: their sum, for checking the sheet's formula.
    ``formations``: one row per top-level Parent Formation in play, then one for the units with
    none (``formation_row``, with the Fuel and Ammunition they may use, ``supply_use``); they
    add up to the ``units`` row of ``held``. ``unlimited``: the
    names of the side's unlimited sources (60.44). ``coming``: what is scheduled to come in
    (``coming_in``)."""

    held: list[Row]
    total: Supplies
    formations: list[Row]
    unlimited: list[str]
    coming: list[Row] = field(default_factory=list)


def coming_in(state: GameState, side: Side) -> list[Row]:
    """The General Supply Net Sheet's "coming in" lines of ``side``: every scheduled unit and
    truck group not entered yet (4.43, 20.1), earliest first. Keys: ``label`` (``"GT 3 OS 1:
    2nd RTR"``: when, then the printed name or ``truck_group_name``), ``location``,
    ``counters`` (``None``: not in play, not counted), and for a truck group the supply points its cargo brings, ``ammo`` …
    ``water`` (``None`` for a unit: what it carries is on its own log sheet)."""
    rows: list[Row] = []
    for row in arrivals(state, side):
        if row.entered:
            continue
        cargo = state.trucks[row.id].cargo if row.kind == "trucks" else None
        rows.append(
            {
                "label": f"{row.at.short}: {row.name}",
                "location": row.location,
                "counters": None,
                **{c: (cargo.get(c) if cargo is not None else None) for c in COMMODITIES},
            }
        )
    return rows


HELD_LABELS: Final = {
    "dumps": "In Supply Dumps and air supply pools",
    "units": "With units",
    "trucks": "On trucks (first line and convoys)",
}


def supply_net(state: GameState, side: Side) -> SupplyNet:
    """The General Supply Net Sheet rows of ``side`` now (see ``SupplyNet``)."""
    rows = [r for r in supply_totals(state) if r["side"] == side]
    held = [{**r, "label": HELD_LABELS[r["held_in"]]} for r in rows if r["held_in"] != "total"]
    total = next(r for r in rows if r["held_in"] == "total")
    rulings = state.rulings_of(ConsumptionRulings.from_choices)
    tops = parent_formations(state, side)
    seen: set[str] = set()
    formations = []
    for hq_id in tops:
        members = list(formation_tree(state, hq_id).walk())
        seen.update(u.id for u in members)
        groups = formation_truck_groups(state, hq_id)
        trucks = sum(g.truck_points for g in groups)
        formations.append(
            formation_row(state, state.units[hq_id].name, members, trucks, rulings, groups)
            | {"location": state.units[hq_id].location}
        )
    alone = [u for u in state.units_in_play(side) if u.id not in seen]
    if alone:
        ids = {u.id for u in alone}
        groups = [
            g
            for g in state.trucks.values()
            if g.attached_to in ids and g.in_play(state.clock) and g.truck_points
        ]
        trucks = sum(g.truck_points for g in groups)
        label = "Units with no Parent Formation"
        formations.append(formation_row(state, label, alone, trucks, rulings, groups))
    return SupplyNet(
        held=held,
        total=Supplies(*(total[c] for c in COMMODITIES)),
        formations=formations,
        unlimited=sorted(
            (d.name for d in state.dumps.values() if d.side == side and d.unlimited),
            key=natural_key,
        ),
        coming=coming_in(state, side),
    )


def formation_row(
    state: GameState,
    label: str,
    members: list[Unit],
    first_line_trucks: int,
    rulings: ConsumptionRulings,
    groups: Sequence[TruckGroup] = (),
) -> Row:
    """One line of the per-formation block: ``label``, ``location`` (""), ``counters``,
    supply points its ``members`` hold, ``stores_per_gt`` (51.11, 51.13), ``water_still``
    (an Operations Stage without moving, 52.41) and ``water_moving`` (every unit and its
    ``first_line_trucks`` Truck Points moving, 52.42) in this OpStage's weather (29.35), and
    ``fuel_full_cpa`` and ``ammo_one_fight`` (``ledger.reports.supply_use.expected_use``: the
    Fuel its units and first-line truck ``groups`` burn each expending its whole CPA, 49.13,
    54.2; the Ammunition its units use each firing once with all its TOE, 50.14, 50.2)."""
    held = sum((u.supplies for u in members), Supplies())
    weather: Weather = next((w for w in get_args(Weather) if w == state.weather), "normal")

    def water(moving: bool) -> int:
        total = truck_water(first_line_trucks, used_cpa=moving, weather=weather)
        for u in members:
            total += unit_water(
                u,
                state.classes[u.class_id],
                state.systems,
                used_cpa=moving,
                weather=weather,
                rulings=rulings,
            )
        return total

    return {
        "label": label,
        "location": "",
        "counters": len(members),
        **dict(held.items()),
        "stores_per_gt": sum(unit_stores(u, state.classes[u.class_id]) for u in members),
        "water_still": water(False),
        "water_moving": water(True),
        **expected_use(state, members, groups, rulings),
    }


def requisition_lines(state: GameState, side: Side) -> list[Row]:
    """Supply Requisition Form lines of ``side`` (4.55): open ones first, then fulfilled, then
    rejected, each in filing order (R1, R2, … number-aware).

    Keys of ``reports.requisitions`` (``id``, ``unit``, ``location``, ``ammo`` … ``water``
    wanted, ``filed``, ``needed_by``, ``status``, ``note``), ``asked_by`` (the seat that filed it, as its
    players named it; ``""`` at a table without seats), ``answer``: how it was closed and why,
    ``filled_from`` (the holder's name) and ``delivered`` (``"40 / 0 / 0 / 0"``, Ammunition /
    Fuel / Stores / Water) once fulfilled (``""`` before, and for requisitions closed before the
    ledger kept them)."""
    rows = requisitions(state, side)
    for row in rows:
        row["asked_by"] = row["filed_by"]
        filed = state.requisitions[str(row["id"])]
        sent = filed.delivered
        row.update(
            filled_from=state.holder_name(filed.filled_from) if filed.filled_from else "",
            delivered=""
            if sent.is_zero
            else f"{sent.ammo} / {sent.fuel} / {sent.stores} / {sent.water}",
        )
        reason = str(row["reason"])
        if row["status"] == "open":
            row["answer"] = ""
        else:
            row["answer"] = f"{row['status']}: {reason}" if reason else str(row["status"])
    return sorted(rows, key=lambda r: (STATUS_ORDER[r["status"]], natural_key(str(r["id"]))))
