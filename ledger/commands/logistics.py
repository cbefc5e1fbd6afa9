"""Logistics commands: the weather of the Operations Stage, supplies consumed or arriving, and
Supply Requisitions (4.55).

Nothing is created or destroyed except by an event that says so (``SuppliesArrived``,
``SuppliesConsumed``, each with its cause and case); moving supplies is a transfer
(``ledger.commands.transfers.transfer``). Every command returns an ``Outcome``: events, or every error
found and nothing written.
"""

from __future__ import annotations

import tomllib
from dataclasses import replace
from fractions import Fraction
from functools import cache
from importlib import resources
from typing import Any, Final, get_args

from ledger.commands import upkeep
from ledger.commands.convoys import group_name, movement_errors, truck_cpa
from ledger.commands.cp import spend_cp
from ledger.commands.outcome import Outcome
from ledger.commands.setup import SETUP_CAUSE, load_trucks
from ledger.commands.transfers import transfer
from ledger.model.clock import WEATHERS, GameTime, Weather
from ledger.model.errors import LedgerError
from ledger.model.events import (
    RequisitionClosed,
    RequisitionFiled,
    SuppliesArrived,
    SuppliesConsumed,
    TrucksMoved,
    WeatherRecorded,
)
from ledger.model.phases import ORGANIZATION, is_phase
from ledger.model.quantities import (
    COMMODITIES,
    COMMODITY_NAMES,
    CP_QUANTUM,
    Supplies,
    format_cp,
    supply_bound_errors,
)
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.model.units import Side
from ledger.rules.consumption import truck_movement_fuel
from ledger.rules.consumption_rates import ConsumptionRulings
from ledger.rules.cp_actions import cp_actions
from ledger.rules.holding_limits import never_runs_out_at, receiving_errors, tank_errors

CONSUMPTION_CAUSES: Final = {
    "water": "52.41",
    "stores": "51.11",
    "fuel": "49.13",
    "ammunition": "50.2",
    "evaporation": "49.3",
    "demolished": "54.14",
    "destroyed": "12.54",
    "captured-by-enemy": "50.16",
    "correction": "",
}
"""Why supplies leave a holder, with the case that governs it: ``demolished`` a dump blown by
its own side (54.14, 13.25), ``destroyed`` lost to Barrage or Air Bombardment of a Supply Dump
(12.54, table 41.5), ``correction`` a bookkeeping fix the players agree on."""
ARRIVAL_CAUSES: Final = {
    "convoy": "5.2",
    "well": "52.7",
    "captured": "50.16",
    "correction": "",
    "set-up": "59.45",
}
"""Why supplies appear at a holder, with the case that governs it: ``convoy`` arrives in the
Naval Convoy Arrival Phase (5.2 III.D); ``set-up`` loads first-line trucks free of cost at the
set-up and at no other time (59.45; ``ledger.commands.setup.load_trucks`` checks it); ``captured`` records amounts the players have already
reduced to the usable share (50.16, 51.16) and applies no share itself: ``capture`` (in
``ledger.commands.capture``) is the command that takes the enemy's stock and works it out."""


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
    errors += supply_bound_errors(supplies)
    if supplies.is_zero:
        errors.append(LedgerError("amounts", "give --ammo, --fuel, --stores or --water"))
    return errors


def consume(
    state: GameState, holder: str, supplies: Supplies, cause: str, source: Source
) -> Outcome:
    """Supplies leave ``holder`` (a dump, unit or truck group) for ``cause`` (see
    ``CONSUMPTION_CAUSES``). Refused: unknown holder or cause, bad amounts, more than held
    (an unlimited source, 60.44, an oasis's Water and Stores, 8.48, and a box's Water, 8.87,
    are never drawn down), a dummy dump (60.34)."""
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
            if wanted > there and not never_runs_out_at(state, holder, commodity):  # 8.48
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
    holder or cause, bad amounts, a dummy dump (60.34) or an unlimited source (60.44), a dump
    over its 54.12 capacity or sent what never runs out there (8.48, 8.87), a unit's Fuel over
    its tanks (49.14; ``ledger.rules.holding_limits``). Cause ``set-up`` is
    ``ledger.commands.setup.load_trucks``: first-line trucks, within their capacity, at set-up
    only (59.45)."""
    if cause == SETUP_CAUSE:
        return load_trucks(state, holder, supplies, source)
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
    else:
        errors += receiving_errors(state, holder, supplies)  # 54.12, 8.48, 8.87, 49.14
    if errors:
        return _refuse(*errors)
    return Outcome(
        events=(SuppliesArrived(source, holder, supplies, cause, ARRIVAL_CAUSES[cause]),)
    )


def file_requisition(
    state: GameState,
    unit_id: str,
    wanted: Supplies,
    source: Source,
    note: str = "",
    needed_by: GameTime | None = None,
) -> Outcome:
    """A Supply Requisition (4.55) for a unit in play; numbered per side in filing order
    (``requisition_number``: CR1, CR2, … for the Commonwealth, AR1, … for the Axis), with the
    Game-Turn and Operations Stage ``needed_by`` which the supplies are needed (``None``: not
    said). Refused: unknown or not arrived unit, bad amounts, more Fuel than the unit's tanks
    could take on delivery (49.14, ``holding_limits.tank_errors``: request it on trucks), a
    ``needed_by`` before the Operations Stage now (4.55)."""
    errors = _amount_errors(wanted)
    unit = state.units.get(unit_id)
    if unit is None:
        errors.append(LedgerError("unit", f"no unit {unit_id!r} in this game"))
    elif not unit.in_play(state.clock):
        errors.append(LedgerError("unit", f"{unit.name} is not in play yet", "8.86"))
    elif not errors:
        errors += tank_errors(state, unit_id, wanted)
    if needed_by is not None and needed_by < state.clock:
        errors.append(
            LedgerError(
                "needed by",
                f"{needed_by.short} is before now ({state.clock.short}): supplies are "
                "requisitioned for now or later",
                "4.55",
            )
        )
    if errors:
        return _refuse(*errors)
    assert unit is not None
    number = requisition_number(state, unit.side)
    return Outcome(events=(RequisitionFiled(source, number, unit_id, wanted, note, needed_by),))


REQUISITION_PREFIX: Final[dict[Side, str]] = {"axis": "AR", "commonwealth": "CR"}
"""How each side's Supply Requisitions are numbered: AR1, AR2, … and CR1, CR2, … (4.55)."""


def requisition_number(state: GameState, side: Side) -> str:
    """The next Supply Requisition number of ``side`` (4.55): its own count, never the
    other side's, which a seat may not learn (11.36)."""
    prefix = REQUISITION_PREFIX[side]
    filed = sum(1 for r in state.requisitions.values() if r.id.startswith(prefix))
    return f"{prefix}{filed + 1}"


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
    closed = RequisitionClosed(
        posted,
        requisition_id,
        "fulfilled",
        source.reason,
        origin=origin,
        delivered=supplies or filed.wanted,
    )
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


def move_trucks(
    state: GameState,
    group_id: str,
    to: str,
    cp: Fraction,
    source: Source,
    *,
    reaction: bool = False,
) -> Outcome:
    """Move a convoy (second/third-line truck group) to hex ``to`` expending ``cp`` (8.98) in
    its Truck Convoy Movement Phase (8.18), or as a ``reaction`` (8.53a): the CP it expended
    this OpStage and ``cp`` together never over the CPA of its slowest truck type for supplies
    (54.2); it burns fuel from its own cargo (49.13, 54.2: 1 a truck point per five CP or
    part), posted as an app-made ``SuppliesConsumed``. First-line trucks move with their units
    (8.98). Refused: unknown or not arrived group, first-line trucks, CP not in quarter points,
    the checks of ``ledger.commands.convoys.movement_errors`` (phase, 8.88, CPA), too little fuel on
    board (49.16)."""
    group = state.trucks.get(group_id)
    if group is None:
        return _refuse(LedgerError("trucks", f"no truck group {group_id!r}"))
    errors: list[LedgerError] = []
    name = group_name(state, group_id)
    if not group.in_play(state.clock):
        errors.append(LedgerError("trucks", f"{name}: not arrived yet", "8.86"))
    if group.line == "first":
        errors.append(
            LedgerError(
                "trucks",
                f"{name}: first-line trucks move with their unit (8.98)",
                "8.98",
            )
        )
    if cp <= 0 or cp % CP_QUANTUM:
        errors.append(
            LedgerError("--cp", f"{cp}: give CP in whole quarter points, above 0", "8.37")
        )
    elif group.line != "first":
        errors += movement_errors(state, group, cp, reaction=reaction)
    if not to.strip():
        errors.append(LedgerError("HEX", "give the hex the convoy ends in"))
    if errors:
        return _refuse(*errors)
    points = (group.light, group.medium, group.heavy)
    fuel = truck_movement_fuel(points, cp, state.rulings_of(ConsumptionRulings.from_choices))
    if fuel > group.cargo.fuel:
        return _refuse(
            LedgerError(
                "trucks",
                f"{name} burns {fuel} Fuel for {format_cp(cp)} CP and carries "
                f"{group.cargo.fuel}: load fuel first",
                "49.16",
            )
        )
    moved = TrucksMoved(
        source,
        group_id,
        group.location,
        to.strip(),
        cp,
        group.cp_expended,
        truck_cpa(group),
        reaction,
    )
    if not fuel:
        return Outcome(events=(moved,))
    burnt = SuppliesConsumed(
        replace(source, app_made=True, reason=f"{name} moved {format_cp(cp)} CP"),
        group_id,
        Supplies(fuel=fuel),
        "fuel",
        "49.13",
    )
    return Outcome(events=(moved, burnt))


WATER_SOURCES: Final = ("town", "bir", "oasis", "major-city")
"""Where water is drawn (52.7; oases and major cities never run dry, 8.48)."""


@cache
def _water_chart() -> dict[str, Any]:
    text = (
        resources.files("ledger.charts")
        .joinpath("data")
        .joinpath("52.7-water-availability.toml")
        .read_text(encoding="utf-8")
    )
    return tomllib.loads(text)


def well_yield(source_kind: str, roll: int) -> tuple[int, bool]:
    """52.7: Water Points one draw at a ``town`` or ``bir`` yields on a die ``roll`` (1-6), and
    whether the owner must then check the well for depletion (a secret die, depleted on a 1).
    Raises ``ValueError`` for another source or a roll outside 1-6. Town, 4 → 300; bir, 6 →
    400 and a depletion check."""
    if not 1 <= roll <= 6:
        raise ValueError(f"roll {roll}: one die reads 1 to 6")
    for row in _water_chart()["draw"]:
        if row["source"] == source_kind:
            return int(row["yields"][roll - 1]), bool(row["depletion_check"][roll - 1])
    raise ValueError(f"{source_kind!r} is not a town or bir well (52.7)")


def draw_water_cp(state: GameState) -> Fraction:
    """6.3: CP a unit expends to draw water now (``draw_water`` posts it): none in the
    Organization Phase, the "draw-water" action's 1 CP in any other; truck groups expend none."""
    if is_phase(state.phase, ORGANIZATION):
        return Fraction(0)
    cost = cp_actions()["draw-water"].cost
    assert cost is not None
    return cost


def draw_water(
    state: GameState,
    holder: str,
    source_kind: str,
    source: Source,
    *,
    roll: int | None = None,
    amount: int | None = None,
) -> Outcome:
    """Draw water at a well into ``holder`` (a unit or truck group in the well's hex; the board
    says which): a ``town`` or ``bir`` yields by the die ``roll`` (52.7); an ``oasis`` or
    ``major-city`` is unlimited (8.48) and takes the ``amount`` the players want. A unit drawing
    outside the Organization Phase expends 1 CP (6.3, posted with it). Refused: unknown holder or
    source, a missing or extra roll/amount, a dump (water goes to units and trucks)."""
    errors: list[LedgerError] = []
    kind = state.holder_kind(holder)
    if kind is None:
        errors.append(LedgerError("holder", f"no unit or truck group {holder!r}"))
    elif kind == "dump":
        errors.append(LedgerError("holder", "water is drawn by units and truck points", "52.7"))
    if source_kind not in WATER_SOURCES:
        errors.append(
            LedgerError(
                "--at", f"expected one of {', '.join(WATER_SOURCES)}, found {source_kind!r}", "52.7"
            )
        )
    unlimited = source_kind in _water_chart()["unlimited"]
    water = 0
    note = ""
    if source_kind in WATER_SOURCES and unlimited:
        if roll is not None or amount is None or amount <= 0:
            errors.append(
                LedgerError(
                    "--water", f"an {source_kind} never runs dry: give --water N, no roll", "8.48"
                )
            )
        else:
            water = amount
    elif source_kind in WATER_SOURCES:
        if roll is None or amount is not None:
            errors.append(
                LedgerError("--roll", f"a {source_kind} yields by a die: give --roll 1..6", "52.7")
            )
        else:
            try:
                water, check = well_yield(source_kind, roll)
            except ValueError as exc:
                errors.append(LedgerError("--roll", str(exc), "52.7"))
            else:
                note = "; check the well for depletion (a secret die, 1 = dry)" if check else ""
    if errors:
        return _refuse(*errors)
    arrived = SuppliesArrived(
        replace(source, reason=(source.reason + note).strip("; ")),
        holder,
        Supplies(water=water),
        "well",
        "52.7",
    )
    if kind != "unit" or is_phase(state.phase, ORGANIZATION):
        return Outcome(events=(arrived,))
    charged = spend_cp(state, holder, None, replace(source, app_made=True), "draw-water")
    if not charged.ok:
        return charged
    return Outcome(events=(arrived, *charged.events))
