"""Breakdown bookkeeping (21.x): a unit's vehicle types, its breakdown checks and repairs.

A unit's vehicles are the weapon systems of its TOE with a Breakdown Adjustment Rating (21.11,
21.13; ``ledger.rules.breakdown.bar_shift``). Moving adds Breakdown Points (BP) to the unit's total
for the Operations Stage (``ledger.commands.movement``, 21.25). In the Breakdown Determination Segment
(5.2 III.G.2) a unit with more than 3 BP checks (21.27), and again only on a column further
right (21.26): one sequential D66 reading per vehicle type on chart 21.38 (21.34). The TOE
Strength Points broken down leave the TOE for the unit's vehicles awaiting repair, and return
when the players record a repair (ruling ``repairs-recorded``). The rules themselves are in
``ledger.rules.breakdown``; this module makes the events.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ledger.commands.outcome import Outcome
from ledger.model.errors import LedgerError
from ledger.model.events import BreakdownChecked, BrokenDown, VehiclesRepaired
from ledger.model.phases import MOVEMENT_AND_COMBAT, is_phase, phase
from ledger.model.quantities import format_cp
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.model.units import Unit
from ledger.rules.breakdown import (
    BreakdownRulings,
    bar_shift,
    breakdown_column,
    breakdown_percent,
    needs_check,
    toe_broken_down,
    toe_broken_down_odds,
)

REPAIR_PHASE = "repair"
"""The Repair Phase (5.2 III.K): towing, then the Maintenance Segment."""
REPAIRS_RULING = "repairs-recorded"


@dataclass(frozen=True, slots=True)
class VehicleType:
    """One vehicle type of a unit: ``toe_points`` TOE Strength Points of weapon system
    ``system`` (``name``), its BAR as printed (``bar``) and as 21.38 columns (``shift``:
    + right, − left; 21.12-21.14)."""

    system: str
    name: str
    toe_points: int
    bar: str
    shift: int


@dataclass(frozen=True, slots=True)
class TypeCheck:
    """Where one vehicle type stands for a check at the unit's BP now: the 21.38 ``column``
    read (``None``: 3 BP or fewer, no check, 21.27), whether a check is ``due`` (21.26, 21.27)
    and the exact ``odds`` {TOE Strength Points broken down: probability} (21.34, 21.35)."""

    vehicle: VehicleType
    column: str | None
    due: bool
    odds: dict[int, Fraction]


def vehicle_types(state: GameState, unit: Unit) -> tuple[VehicleType, ...]:
    """The unit's vehicle types in TOE order: holdings of more than 0 points whose weapon
    system has a BAR (21.11). Ruling ``21.14-bar-dash`` may leave a dash out. Raises
    ``ValueError`` for a BAR text that is no rating (scenario data)."""
    rulings = state.rulings_of(BreakdownRulings.from_choices)
    found: list[VehicleType] = []
    for holding in unit.toe:
        system = state.systems[holding.system]
        if holding.points <= 0 or not system.breakdown.strip():
            continue
        shift = bar_shift(system.breakdown, rulings)
        if shift is not None:
            found.append(
                VehicleType(system.id, system.name, holding.points, system.breakdown, shift)
            )
    return tuple(found)


def default_sandstorm(state: GameState) -> bool:
    """21.37d: a Sandstorm shifts the column when the Operations Stage's recorded weather is
    a Sandstorm (all the movement was in it); players override it for some map sections."""
    return state.weather == "sandstorm"


def type_checks(
    state: GameState, unit: Unit, *, sandstorm: bool | None = None
) -> tuple[TypeCheck, ...]:
    """Each vehicle type's column, whether it must check and its exact odds at the unit's BP
    (21.26, 21.27, 21.32-21.35; Hot weather one column right, 29.33). ``sandstorm`` defaults
    to ``default_sandstorm``."""
    rulings = state.rulings_of(BreakdownRulings.from_choices)
    hot = state.weather == "hot"
    storm = default_sandstorm(state) if sandstorm is None else sandstorm
    points = unit.breakdown_points
    checks: list[TypeCheck] = []
    for vehicle in vehicle_types(state, unit):
        column = breakdown_column(points, vehicle.shift, hot=hot, sandstorm=storm)
        last = None
        if unit.breakdown_checked_at is not None:
            then = breakdown_column(
                unit.breakdown_checked_at, vehicle.shift, hot=hot, sandstorm=storm
            )
            last = None if then is None else then.row
        due = needs_check(points, vehicle.shift, hot=hot, sandstorm=storm, last_checked=last)
        odds = toe_broken_down_odds(
            vehicle.toe_points, points, vehicle.shift, hot=hot, sandstorm=storm, rulings=rulings
        )
        checks.append(TypeCheck(vehicle, None if column is None else column.row, due, odds))
    return tuple(checks)


def breakdown_rows(
    state: GameState, unit_id: str, *, sandstorm: bool | None = None
) -> list[dict[str, Any]]:
    """One row per vehicle type of the unit, in the order ``breakdown_check`` takes its
    readings: system, name, TOE Strength Points, BAR, BP (Fraction), column read, due, and
    ``odds`` {points broken down: probability (Fraction)}. Raises ``KeyError`` for an
    unknown unit."""
    unit = state.units[unit_id]
    return [
        {
            "system": c.vehicle.system,
            "name": c.vehicle.name,
            "toe_points": c.vehicle.toe_points,
            "bar": c.vehicle.bar,
            "breakdown_points": unit.breakdown_points,
            "checked_at": unit.breakdown_checked_at,
            "column": c.column or "",
            "due": c.due,
            "odds": c.odds,
        }
        for c in type_checks(state, unit, sandstorm=sandstorm)
    ]


def _refuse(*errors: LedgerError) -> Outcome:
    return Outcome(errors=tuple(errors))


def breakdown_check(
    state: GameState,
    unit_id: str,
    readings: Sequence[int],
    source: Source,
    *,
    sandstorm: bool | None = None,
) -> Outcome:
    """Check unit ``unit_id`` for Breakdown with one sequential D66 ``readings`` (11..66) per
    vehicle type due, in ``type_checks`` order (21.34). Each type loses ``toe_broken_down``
    TOE Strength Points of its column's percentage (21.35), moved to awaiting repair by one
    ``BreakdownChecked``; the BP stay (21.26). Refused: unknown or not arrived unit, outside a
    Movement and Combat Phase (5.2 III.G.2), no vehicles (21.11), no check due (21.27, 21.26),
    the wrong number of readings or one that is no D66 reading."""
    unit = state.units.get(unit_id)
    if unit is None:
        return _refuse(LedgerError("unit", f"no unit {unit_id!r} in this game"))
    errors: list[LedgerError] = []
    if not unit.in_play(state.clock):
        errors.append(LedgerError("unit", f"{unit.name} has not arrived yet", "8.86"))
    if not is_phase(state.phase, MOVEMENT_AND_COMBAT):
        errors.append(
            LedgerError(
                "phase",
                f"vehicles check in the Breakdown Determination Segment of a Movement and Combat "
                f"Phase; it is {phase(state.phase).label} now",
                "5.2",
            )
        )
    checks = type_checks(state, unit, sandstorm=sandstorm)
    due = [c for c in checks if c.due]
    if not checks:
        errors.append(
            LedgerError("unit", f"{unit.name} has no vehicles with a BAR in its TOE", "21.11")
        )
    elif not due:
        errors.append(_not_due(unit))
    elif len(readings) != len(due):
        order = ", ".join(f"{c.vehicle.name} ({c.column})" for c in due)
        errors.append(
            LedgerError(
                "--roll",
                f"give one reading per vehicle type due, in this order: {order}; "
                f"{len(readings)} given",
                "21.34",
            )
        )
    if errors:
        return _refuse(*errors)
    rulings = state.rulings_of(BreakdownRulings.from_choices)
    results: list[BrokenDown] = []
    for check, reading in zip(due, readings, strict=True):
        assert check.column is not None
        try:
            percent = breakdown_percent(check.column, reading)
        except ValueError as exc:
            errors.append(LedgerError("--roll", f"{check.vehicle.name}: {exc}", "21.34"))
            continue
        broken = toe_broken_down(check.vehicle.toe_points, percent, rulings)
        results.append(
            BrokenDown(
                check.vehicle.system,
                check.vehicle.toe_points,
                check.column,
                reading,
                percent,
                broken,
            )
        )
    if errors:
        return _refuse(*errors)
    return Outcome(
        events=(
            BreakdownChecked(
                source,
                unit_id,
                unit.breakdown_points,
                tuple(results),
                unit.breakdown_checked_at,
            ),
        )
    )


def _not_due(unit: Unit) -> LedgerError:
    points = format_cp(unit.breakdown_points)
    if unit.breakdown_checked_at is None:
        return LedgerError("unit", f"{unit.name} has {points} BP: no check at 3 or fewer", "21.27")
    return LedgerError(
        "unit",
        f"{unit.name} checked at {format_cp(unit.breakdown_checked_at)} BP and has {points}: "
        "it checks again only on a column further right",
        "21.26",
    )


def repair(state: GameState, unit_id: str, system: str, points: int, source: Source) -> Outcome:
    """The players repair ``points`` TOE Strength Points of weapon system ``system`` (its id or
    name) awaiting repair in unit ``unit_id``: back to its TOE (ruling ``repairs-recorded``:
    in a Repair Phase, 5.2 III.K). Refused: unknown unit, no such points awaiting repair,
    fewer than 1 or more points than wait, the wrong phase under the default ruling."""
    unit = state.units.get(unit_id)
    if unit is None:
        return _refuse(LedgerError("unit", f"no unit {unit_id!r} in this game"))
    errors: list[LedgerError] = []
    if state.ruling(REPAIRS_RULING) == "repair-phase" and not is_phase(state.phase, REPAIR_PHASE):
        errors.append(
            LedgerError(
                "phase",
                f"repairs are recorded in a Repair Phase; it is {phase(state.phase).label} now "
                f"(ruling {REPAIRS_RULING})",
                "5.2",
            )
        )
    wanted = system.strip().casefold()
    waiting = next(
        (
            h
            for h in unit.awaiting_repair
            if wanted in (h.system.casefold(), state.systems[h.system].name.casefold())
        ),
        None,
    )
    if waiting is None:
        held = ", ".join(f"{state.systems[h.system].name} {h.points}" for h in unit.awaiting_repair)
        errors.append(
            LedgerError(
                "--system",
                f"{unit.name} has no {system!r} awaiting repair; awaiting: {held or 'none'}",
            )
        )
    elif points < 1 or points > waiting.points:
        errors.append(
            LedgerError(
                "--points",
                f"{waiting.points} TOE Strength Points of {state.systems[waiting.system].name} "
                f"await repair; {points} given",
            )
        )
    if errors or waiting is None:
        return _refuse(*errors)
    return Outcome(events=(VehiclesRepaired(source, unit_id, waiting.system, points),))
