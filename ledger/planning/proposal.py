"""A side's convoy plan from the ledger, and the plan as rows for the CLI and the dashboard.

``plan_for_side`` runs the planner (``ledger.planning.convoy``) over the side's open
requisitions (less what is already on its way), dump stocks and free convoy points
(``ledger.planning.available``); the Logistics Commander edits the proposal by leaving
requisitions or convoys out and planning again, then accepts it (``ledger.planning.accept``).
Pure: reads the state, writes nothing.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from ledger.model.errors import LedgerError
from ledger.model.quantities import COMMODITIES
from ledger.model.state import GameState
from ledger.model.units import Side
from ledger.planning.available import carriers_of, requisitions_of, stocks_of
from ledger.planning.convoy import candidate_trips, plan_convoy
from ledger.planning.convoy_values import DEFAULT_TIME_LIMIT, ConvoyPlan

Row = dict[str, Any]


def exclusion_errors(
    state: GameState,
    side: Side,
    requisitions: Collection[str] = (),
    convoys: Collection[str] = (),
) -> list[LedgerError]:
    """Requisitions and truck groups named for leaving out that ``side`` does not have."""
    errors = [
        LedgerError("--exclude-requisition", f"{side} has no requisition {r!r}", "4.55")
        for r in requisitions
        if r not in state.requisitions or state.units[state.requisitions[r].unit_id].side != side
    ]
    errors += [
        LedgerError("--exclude-convoy", f"{side} has no truck group {g!r}", "8.18")
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
    trips = candidate_trips(stocks, wanted, carriers)
    return plan_convoy(wanted, stocks, carriers, trips, time_limit=time_limit)


def plan_summary(plan: ConvoyPlan) -> Row:
    """Status (proven or not, with the solver's message), supply points delivered, truck
    points used, seconds."""
    return {
        "status": plan.status,
        "message": plan.message,
        "delivered": plan.total_delivered.describe(),
        "truck_points": plan.truck_points,
        "seconds": round(plan.seconds, 2),
    }


def leg_rows(state: GameState, plan: ConvoyPlan) -> list[Row]:
    """One row per leg, numbered from 1 as acceptance errors name them: requisition, unit,
    dump loaded at, convoy (empty for a direct draw) and its hex, truck points of each type,
    supply points of each commodity."""
    rows = []
    for number, leg in enumerate(plan.legs, start=1):
        carrier = leg.trip.carrier_id
        rows.append(
            {
                "leg": number,
                "requisition": leg.trip.requisition_id,
                "for": state.holder_name(leg.destination_unit),
                "load_at": state.holder_name(leg.trip.dump_id),
                "convoy": carrier or "",
                "convoy_at": group.location if (group := state.trucks.get(carrier or "")) else "",
                "light": leg.light,
                "medium": leg.medium,
                "heavy": leg.heavy,
                **{c: leg.supplies.get(c) for c in COMMODITIES},
            }
        )
    return rows


def requisition_rows(state: GameState, plan: ConvoyPlan) -> list[Row]:
    """Per requisition planned for: its unit, then the supply points wanted (less what is on
    its way), delivered by the plan and short, each commodity (``ammo_wanted``, ...)."""
    rows = []
    for requisition_id, delivered in plan.delivered.items():
        short = plan.short[requisition_id]
        wanted = delivered + short
        row: Row = {"requisition": requisition_id}
        if requisition_id in state.requisitions:
            row["for"] = state.holder_name(state.requisitions[requisition_id].unit_id)
        for c in COMMODITIES:
            row[f"{c}_wanted"] = wanted.get(c)
            row[f"{c}_delivered"] = delivered.get(c)
            row[f"{c}_short"] = short.get(c)
        rows.append(row)
    return rows
