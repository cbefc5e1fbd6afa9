"""A side's convoy plan from the ledger, and the plan as rows for the CLI and the dashboard.

``plan_for_side`` runs the planner (``ledger.planning.convoy``) over the side's open
requisitions (less what is already on its way), dump stocks and free convoy points
(``ledger.planning.available``); the Logistics Commander edits the proposal by leaving
requisitions or convoys out and planning again, then accepts it (``ledger.planning.accept``).
Pure: reads the state, writes nothing.

A convoy is offered only the dumps in its own place (``available.same_place``, the planner's
place rule, 54.1), and a direct draw needs dump and unit in one place. The ledger knows no
distances, so each truck trip carries the CP it costs for certain (``least_cp``: what the convoy
expended this OpStage, loading now and unloading at the unit, 6.3) plus a quarter CP of driving:
a truck type whose CPA for supplies (54.2) does not cover that is not used; the drive itself is
the players' to count (``ledger.planning.words`` says how many CP are left for it).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from ledger.commands.convoys import group_name
from ledger.model.errors import LedgerError
from ledger.model.quantities import COMMODITIES, CP_QUANTUM, Supplies
from ledger.model.seats import side_name
from ledger.model.state import GameState
from ledger.model.units import Side
from ledger.planning.available import (
    carriers_of,
    requisitions_of,
    same_place,
    stocks_of,
    unplanned_convoys,
)
from ledger.planning.convoy import plan_convoy
from ledger.planning.convoy_values import (
    DEFAULT_TIME_LIMIT,
    Carrier,
    ConvoyPlan,
    Requisition,
    Stock,
    Trip,
)
from ledger.planning.words import drive_text, least_cp, leg_sentence

Row = dict[str, Any]


def exclusion_errors(
    state: GameState,
    side: Side,
    requisitions: Collection[str] = (),
    convoys: Collection[str] = (),
) -> list[LedgerError]:
    """Requisitions and truck groups named for leaving out that ``side`` does not have."""
    errors = [
        LedgerError("--exclude-requisition", f"{side_name(side)} has no requisition {r!r}", "4.55")
        for r in requisitions
        if r not in state.requisitions or state.units[state.requisitions[r].unit_id].side != side
    ]
    errors += [
        LedgerError("--exclude-convoy", f"{side_name(side)} has no truck group {g!r}", "8.18")
        for g in convoys
        if g not in state.trucks or state.trucks[g].side != side
    ]
    return errors


def plan_for_side(
    state: GameState,
    side: Side,
    *,
    exclude_requisitions: Collection[str] = (),
    exclude_convoys: Collection[str] = (),
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> ConvoyPlan | None:
    """The convoy plan for ``side``'s open requisitions (54.x), every trip assumed within reach,
    without the requisitions and convoys (truck group ids) left out; ``None`` when no open
    requisition is left to plan for. ``time_limit`` in seconds."""
    wanted = tuple(r for r in requisitions_of(state, side) if r.id not in exclude_requisitions)
    if not wanted:
        return None
    stocks = stocks_of(state, side)
    carriers = tuple(c for c in carriers_of(state, side) if c.group_id not in exclude_convoys)
    trips = side_trips(state, stocks, wanted, carriers)
    return plan_convoy(wanted, stocks, carriers, trips, time_limit=time_limit)


def side_trips(
    state: GameState,
    stocks: Collection[Stock],
    requisitions: Collection[Requisition],
    carriers: Collection[Carrier],
) -> tuple[Trip, ...]:
    """The legs the planner may use (the planner's place rule, 54.1): a direct draw
    where a dump and the requisition's unit stand in one place; otherwise a trip for each
    convoy standing in the dump's place, with the CP it costs for certain (``least_cp``) and
    the least drive (a quarter CP, ``CP_QUANTUM``): a type with no CP left to move is not
    used."""
    trips: list[Trip] = []
    for stock in stocks:
        for requisition in requisitions:
            if same_place(stock.location, requisition.location):
                trips.append(Trip(stock.dump_id, requisition.id, None))
                continue
            trips += [
                Trip(
                    stock.dump_id,
                    requisition.id,
                    c.group_id,
                    least_cp(state, c.group_id) + CP_QUANTUM,
                )
                for c in carriers
                if same_place(c.location, stock.location)
            ]
    return tuple(trips)


def unplanned_rows(state: GameState, side: Side) -> list[Row]:
    """The convoys the planner leaves out and why (``available.unplanned_convoys``): rows
    ``{"convoy" (id), "name", "why"}``."""
    return [
        {"convoy": group_id, "name": group_name(state, group_id), "why": why}
        for group_id, why in unplanned_convoys(state, side).items()
    ]


def plan_summary(plan: ConvoyPlan) -> Row:
    """Status (proven or not, with the solver's message), what the plan draws at once (direct
    draws: delivered when accepted) and what it loads on trucks (delivered only if they reach
    the unit), truck points used, seconds."""
    drawn = sum((leg.supplies for leg in plan.legs if leg.trip.carrier_id is None), Supplies())
    loaded = plan.total_delivered - drawn
    return {
        "status": plan.status,
        "message": plan.message,
        "drawn": drawn.describe() if not drawn.is_zero else "nothing",
        "loaded": loaded.describe() if not loaded.is_zero else "nothing",
        "truck_points": plan.truck_points,
        "seconds": round(plan.seconds, 2),
    }


def leg_rows(state: GameState, plan: ConvoyPlan) -> list[Row]:
    """One row per leg, numbered from 1 as acceptance errors name them: requisition, unit,
    dump loaded at and its place, convoy (its id, empty for a direct draw; ``convoy_name``
    what players call it), truck points of each type, supply points of each commodity, the
    hex it drives to and the CP left for the drive (``words.drive_cp``; empty for a direct
    draw), and ``says``: the leg in one sentence (``words.leg_sentence``)."""
    rows = []
    for number, leg in enumerate(plan.legs, start=1):
        carrier = leg.trip.carrier_id
        dump = state.dumps.get(leg.trip.dump_id)
        unit = state.units.get(leg.destination_unit)
        rows.append(
            {
                "leg": number,
                "requisition": leg.trip.requisition_id,
                "for": state.holder_name(leg.destination_unit),
                "load_at": state.holder_name(leg.trip.dump_id),
                "place": dump.location if dump is not None else "",
                "convoy": carrier or "",
                "convoy_name": group_name(state, carrier) if carrier else "",
                "light": leg.light,
                "medium": leg.medium,
                "heavy": leg.heavy,
                **{c: leg.supplies.get(c) for c in COMMODITIES},
                "drives_to": (unit.location if unit is not None else "") if carrier else "",
                "cp_to_drive": drive_text(state, leg),
                "says": leg_sentence(state, leg),
            }
        )
    return rows


def requisition_rows(state: GameState, plan: ConvoyPlan) -> list[Row]:
    """Per requisition planned for: its unit, then the supply points wanted (less what is on
    its way), planned (drawn at once or loaded on trucks) and short, each commodity
    (``ammo_wanted``, ``ammo_planned``, ``ammo_short``, ...)."""
    rows = []
    for requisition_id, delivered in plan.delivered.items():
        short = plan.short[requisition_id]
        wanted = delivered + short
        row: Row = {"requisition": requisition_id}
        if requisition_id in state.requisitions:
            row["for"] = state.holder_name(state.requisitions[requisition_id].unit_id)
        for c in COMMODITIES:
            row[f"{c}_wanted"] = wanted.get(c)
            row[f"{c}_planned"] = delivered.get(c)
            row[f"{c}_short"] = short.get(c)
        rows.append(row)
    return rows
