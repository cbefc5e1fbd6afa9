"""Logistics commands: the weather of the Operations Stage, supplies consumed or arriving, and
Supply Requisitions (4.55).

Nothing is created or destroyed except by an event that says so (``SuppliesArrived``,
``SuppliesConsumed``, each with its cause and case); moving supplies is a transfer
(``ledger.commands.transfer``). Every command returns an ``Outcome``: events, or every error
found and nothing written.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Final, get_args

from ledger import upkeep
from ledger.clock import WEATHERS, Weather
from ledger.cna.consumption import ConsumptionRulings, truck_movement_fuel
from ledger.commands import Outcome, transfer
from ledger.errors import LedgerError
from ledger.events import (
    RequisitionClosed,
    RequisitionFiled,
    Source,
    SuppliesArrived,
    SuppliesConsumed,
    TrucksMoved,
    WeatherRecorded,
)
from ledger.quantities import COMMODITIES, COMMODITY_NAMES, CP_QUANTUM, Supplies, format_cp
from ledger.state import GameState
from ledger.trucks import TRUCK_TYPES, truck_chart

CONSUMPTION_CAUSES: Final = {
    "water": "52.41",
    "stores": "51.11",
    "fuel": "49.13",
    "ammunition": "50.2",
    "evaporation": "49.3",
    "demolished": "6.3",
    "captured-by-enemy": "50.16",
    "correction": "",
}
"""Why supplies leave a holder, with the case that governs it (``correction``: a bookkeeping
fix the players agree on)."""
ARRIVAL_CAUSES: Final = {
    "convoy": "5.2",
    "captured": "50.16",
    "correction": "",
}
"""Why supplies appear at a holder, with the case that governs it: ``convoy`` arrives in the
Naval Convoy Arrival Phase (5.2 III.D); ``captured`` is the usable share only (50.16, 51.16)."""


def _refuse(*errors: LedgerError) -> Outcome:
    return Outcome(errors=tuple(errors))


def record_weather(state: GameState, weather: str, source: Source) -> Outcome:
    """Record the weather of the current Operations Stage (29.x; rolled in 5.2 III.B). It
    changes water (Hot doubles it, 29.35); a Hot OpStage also evaporates 5 % of the fuel and
    water in dumps and on trucks at once (29.34), posted as an app-made ``ConsumptionPosted``
    under ruling ``automatic-upkeep``. Refused: an unknown weather, the same weather again, or
    a change after Hot (undo it instead)."""
    if weather not in WEATHERS:
        return _refuse(
            LedgerError(
                "weather", f"expected one of {', '.join(WEATHERS)}, found {weather!r}", "29.0"
            )
        )
    if weather == state.weather:
        return _refuse(
            LedgerError("weather", f"the weather of {state.clock.short} is already {weather}")
        )
    if state.weather == "hot":
        return _refuse(
            LedgerError(
                "weather",
                f"{state.clock.short} is already Hot and its evaporation posted (29.34): undo "
                "the weather to take both back",
                "29.34",
            )
        )
    chosen: Weather = next(w for w in get_args(Weather) if w == weather)
    before: Weather = next((w for w in get_args(Weather) if w == state.weather), "normal")
    recorded = WeatherRecorded(source, chosen, before)
    if chosen != "hot" or state.ruling("automatic-upkeep") != "post":
        return Outcome(events=(recorded,))
    lost = upkeep.evaporation_upkeep(
        state,
        replace(source, reason=f"Hot weather of {state.clock.short}", app_made=True),
        hot=True,
    )
    return Outcome(events=(recorded,) if lost is None else (recorded, lost))


def _amount_errors(supplies: Supplies) -> list[LedgerError]:
    errors = [
        LedgerError(f"--{c}", f"expected 0 or more supply points, found {v}")
        for c, v in supplies.items()
        if v < 0
    ]
    if supplies.is_zero:
        errors.append(LedgerError("amounts", "give --ammo, --fuel, --stores or --water"))
    return errors


def consume(
    state: GameState, holder: str, supplies: Supplies, cause: str, source: Source
) -> Outcome:
    """Supplies leave ``holder`` (a dump, unit or truck group) for ``cause`` (see
    ``CONSUMPTION_CAUSES``). Refused: unknown holder or cause, bad amounts, more than held
    (an unlimited source, 60.44, is never drawn down), a dummy dump (60.34)."""
    errors = _amount_errors(supplies)
    if cause not in CONSUMPTION_CAUSES:
        errors.append(
            LedgerError(
                "cause", f"expected one of {', '.join(CONSUMPTION_CAUSES)}, found {cause!r}"
            )
        )
    held = state.holder_supplies(holder)
    if held is None:
        errors.append(LedgerError("holder", f"no dump, unit or truck group {holder!r}"))
    if errors or held is None:
        return _refuse(*errors)
    unlimited = holder in state.dumps and state.dumps[holder].unlimited
    if not unlimited:
        for commodity in COMMODITIES:
            wanted, there = supplies.get(commodity), held.get(commodity)
            if wanted > there:
                errors.append(
                    LedgerError(
                        f"--{commodity}",
                        f"{state.holder_name(holder)} holds {there} {COMMODITY_NAMES[commodity]}, "
                        f"{wanted} to consume: {wanted - there} short",
                        CONSUMPTION_CAUSES[cause],
                    )
                )
    if errors:
        return _refuse(*errors)
    return Outcome(
        events=(SuppliesConsumed(source, holder, supplies, cause, CONSUMPTION_CAUSES[cause]),)
    )


def arrive(
    state: GameState, holder: str, supplies: Supplies, cause: str, source: Source
) -> Outcome:
    """Supplies appear at ``holder`` for ``cause`` (see ``ARRIVAL_CAUSES``). Refused: unknown
    holder or cause, bad amounts, a dummy dump (60.34) or an unlimited source (60.44)."""
    errors = _amount_errors(supplies)
    if cause not in ARRIVAL_CAUSES:
        errors.append(
            LedgerError("cause", f"expected one of {', '.join(ARRIVAL_CAUSES)}, found {cause!r}")
        )
    if state.holder_kind(holder) is None:
        errors.append(LedgerError("holder", f"no dump, unit or truck group {holder!r}"))
    elif holder in state.dumps and state.dumps[holder].kind in ("dummy", "unlimited"):
        errors.append(
            LedgerError(
                "holder",
                f"{state.holder_name(holder)} is a {state.dumps[holder].kind} holder: it keeps no stock",
                "60.34" if state.dumps[holder].kind == "dummy" else "60.44",
            )
        )
    if errors:
        return _refuse(*errors)
    return Outcome(
        events=(SuppliesArrived(source, holder, supplies, cause, ARRIVAL_CAUSES[cause]),)
    )


def file_requisition(
    state: GameState, unit_id: str, wanted: Supplies, source: Source, note: str = ""
) -> Outcome:
    """A Supply Requisition (4.55) for a unit in play; numbered ``R1``, ``R2``, ... in filing
    order. Refused: unknown or not arrived unit, bad amounts."""
    errors = _amount_errors(wanted)
    unit = state.units.get(unit_id)
    if unit is None:
        errors.append(LedgerError("unit", f"no unit {unit_id!r} in this game"))
    elif not unit.in_play(state.clock):
        errors.append(LedgerError("unit", f"{unit.name} is not in play yet", "8.86"))
    if errors:
        return _refuse(*errors)
    number = f"R{len(state.requisitions) + 1}"
    return Outcome(events=(RequisitionFiled(source, number, unit_id, wanted, note),))


def _open_requisition(state: GameState, requisition_id: str) -> LedgerError | None:
    filed = state.requisitions.get(requisition_id)
    if filed is None:
        return LedgerError("requisition", f"no requisition {requisition_id!r}", "4.55")
    if filed.status != "open":
        return LedgerError("requisition", f"{requisition_id} is already {filed.status}", "4.55")
    return None


def fulfil_requisition(
    state: GameState,
    requisition_id: str,
    origin: str,
    source: Source,
    supplies: Supplies | None = None,
) -> Outcome:
    """Fulfil an open requisition from ``origin`` (a dump, unit or truck group): the transfer
    to the unit (all that was asked, or ``supplies``), then ``RequisitionClosed``. Refused as
    ``transfer`` refuses, or for an unknown or closed requisition."""
    problem = _open_requisition(state, requisition_id)
    if problem is not None:
        return _refuse(problem)
    filed = state.requisitions[requisition_id]
    moved = transfer(state, origin, filed.unit_id, supplies or filed.wanted, source)
    if not moved.ok:
        return moved
    # Posted for the transfer, so that undo takes both back together.
    posted = replace(source, app_made=True)
    closed = RequisitionClosed(posted, requisition_id, "fulfilled", source.reason)
    return Outcome(events=(*moved.events, closed))


def reject_requisition(
    state: GameState, requisition_id: str, reason: str, source: Source
) -> Outcome:
    """Reject an open requisition, saying why (4.55). Refused without a reason."""
    problem = _open_requisition(state, requisition_id)
    if problem is not None:
        return _refuse(problem)
    if not reason.strip():
        return _refuse(LedgerError("--reason", "say why the requisition is rejected", "4.55"))
    return Outcome(events=(RequisitionClosed(source, requisition_id, "rejected", reason),))


def move_trucks(state: GameState, group_id: str, to: str, cp: Fraction, source: Source) -> Outcome:
    """Move a convoy (second/third-line truck group) to hex ``to`` expending ``cp`` (8.98):
    never over the CPA of its slowest truck type for supplies (54.2); it burns fuel from its
    own cargo (49.13, 54.2: 1 a truck point per five CP or part), posted as an app-made
    ``SuppliesConsumed``. First-line trucks move with their units (8.98). Refused: unknown or
    not arrived group, first-line trucks, CP not in quarter points or over the CPA, too little
    fuel on board (49.16)."""
    group = state.trucks.get(group_id)
    if group is None:
        return _refuse(LedgerError("trucks", f"no truck group {group_id!r}"))
    errors: list[LedgerError] = []
    if not group.in_play(state.clock):
        errors.append(LedgerError("trucks", f"{group_id} has not arrived yet", "8.86"))
    if group.line == "first":
        errors.append(
            LedgerError(
                "trucks",
                f"{group_id} are first-line trucks: they move with their unit (8.98)",
                "8.98",
            )
        )
    if cp <= 0 or cp % CP_QUANTUM:
        errors.append(
            LedgerError("--cp", f"{cp}: give CP in whole quarter points, above 0", "8.37")
        )
    points = (group.light, group.medium, group.heavy)
    cpas = [truck_chart()[t].cpa_supplies for t, n in zip(TRUCK_TYPES, points, strict=True) if n]
    cpa = min((c for c in cpas if c is not None), default=None)
    if cpa is not None and cp > cpa:
        errors.append(
            LedgerError(
                "--cp",
                f"{group_id} moves at CPA {cpa} (its slowest type, 54.2); {format_cp(cp)} asked",
                "8.98",
            )
        )
    if not to.strip():
        errors.append(LedgerError("HEX", "give the hex the convoy ends in"))
    if errors:
        return _refuse(*errors)
    fuel = truck_movement_fuel(points, cp, ConsumptionRulings.from_choices(state.ruling))
    if fuel > group.cargo.fuel:
        return _refuse(
            LedgerError(
                "trucks",
                f"{group_id} burns {fuel} Fuel for {format_cp(cp)} CP and carries "
                f"{group.cargo.fuel}: load fuel first",
                "49.16",
            )
        )
    moved = TrucksMoved(source, group_id, group.location, to.strip(), cp)
    if not fuel:
        return Outcome(events=(moved,))
    burnt = SuppliesConsumed(
        replace(source, app_made=True, reason=f"{group_id} moved {format_cp(cp)} CP"),
        group_id,
        Supplies(fuel=fuel),
        "fuel",
        "49.13",
    )
    return Outcome(events=(moved, burnt))
