"""What a move would do, before it is recorded: the move assistant's figures (issue 17 item 2).

``move_preview`` works out, for a unit and a path, what ``ledger.commands.movement.move_unit``
would record and what it would refuse, on the state as it is, writing nothing: the CP of each
hex by the Terrain Effects Chart (8.37, ``ledger.rules.movement_cost``) or the CP the player
enters instead (what the board knows and the ledger does not: enemy Zones of Control, minefields,
engineers), the CP left of the CPA and the 8.17 ceiling, the Disorganization Points over the
CPA (6.21, 6.22), the Fuel burnt (49.13) against what the unit carries, the Breakdown Points its
vehicles gain (21.23) and whether a Breakdown check falls due (21.26, 21.27), and the unit's
Water for the Operations Stage having moved (52.41-52.43, 29.35) against what it holds. The
``quartermaster move --preview`` command and the dashboard's Movement page both show it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Final

from ledger.commands.breakdown_log import REPAIR_PHASE, REPAIRS_RULING, type_checks, vehicle_types
from ledger.commands.cp import NON_MOTORIZED_CPA, VOLUNTARY_CEILING
from ledger.commands.movement import PathHex, motorized, move_fuel, move_unit, read_path
from ledger.model.capability import disorganization_earned
from ledger.model.clock import Weather
from ledger.model.errors import LedgerError
from ledger.model.phases import MOVEMENT_AND_COMBAT, is_phase, phase
from ledger.model.quantities import format_cp
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.model.units import Side
from ledger.rules.breakdown import BreakdownRulings, breakdown_points
from ledger.rules.consumption import unit_water
from ledger.rules.consumption_rates import ConsumptionRulings
from ledger.rules.cp_actions import cp_actions
from ledger.rules.movement_cost import terrain_warnings

_WEATHERS: Final[tuple[Weather, ...]] = ("normal", "hot", "sandstorm", "rainstorm")


@dataclass(frozen=True, slots=True)
class VehicleCheck:
    """One vehicle type of the unit after the move: ``name``, ``toe_points``, its BAR as
    printed, the 21.38 ``column`` it would read (``None``: 3 BP or fewer, 21.27) and whether a
    check would be ``due`` (21.26, 21.27)."""

    name: str
    toe_points: int
    bar: str
    column: str | None
    due: bool


@dataclass(frozen=True, slots=True)
class MovePreview:
    """The figures of a move not yet recorded (CP, Fraction; supply points, int).

    ``hexes``: each hex entered with its CP (8.37) or its refusal; ``path_cp``: their sum
    (``None`` when the path has an error or no hex); ``cp``: what the move would expend (the
    player's ``cp`` when given, ``overridden``, else ``path_cp``); ``cp_left``: CPA − CP
    expended − ``cp`` (negative: over the CPA); ``ceiling``: 8.17's 150 % of a non-motorized
    unit's CPA (``None`` when motorized, or for an action in the other player's portion:
    Reaction, Retreat Before Assault) and ``ceiling_left`` what it leaves after the move;
    ``dp``: the DP the CP over the CPA earn (6.21) and ``cohesion_after`` the level they leave
    (6.22); ``fuel`` burnt (49.13) against ``fuel_held``; ``breakdown_points`` gained (21.23)
    and ``breakdown_total`` for the Operations Stage (21.25), ``vehicles`` each type's column
    and check due; ``water`` the unit needs for the Operations Stage having moved (52.4) against
    ``water_held``; ``warnings`` the chart's notes the players check; ``errors`` every refusal
    ``move_unit`` would give now (nothing recorded while there is one)."""

    unit_id: str
    unit_name: str
    start: str
    to: str
    motorized: bool
    hexes: tuple[PathHex, ...]
    path_cp: Fraction | None
    cp: Fraction | None
    overridden: bool
    cpa: int | None
    cp_expended: Fraction
    cp_left: Fraction | None
    ceiling: Fraction | None
    ceiling_left: Fraction | None
    dp: Fraction
    cohesion_after: Fraction
    fuel: int
    fuel_held: int
    breakdown_points: Fraction
    breakdown_total: Fraction
    vehicles: tuple[VehicleCheck, ...]
    water: int
    water_held: int
    warnings: tuple[str, ...]
    errors: tuple[LedgerError, ...]

    @property
    def check_due(self) -> bool:
        """Whether any vehicle type would have to check for Breakdown (21.26, 21.27)."""
        return any(v.due for v in self.vehicles)

    @property
    def fuel_short(self) -> bool:
        """Whether the unit carries less Fuel than the move burns (49.16)."""
        return self.fuel > self.fuel_held


def moving_now(state: GameState) -> str | None:
    """Why no unit may move in the current phase (8.11: in a Movement and Combat Phase, where
    moves, reactions and Retreats Before Assault fall), or ``None`` when units may move."""
    if is_phase(state.phase, MOVEMENT_AND_COMBAT):
        return None
    return (
        f"Units move in a Movement and Combat Phase (8.11); it is {phase(state.phase).label} now."
    )


def checking_now(state: GameState) -> str | None:
    """Why no Breakdown check may be recorded in the current phase (5.2 III.G.2: the Breakdown
    Determination Segment of a Movement and Combat Phase), or ``None`` when one may."""
    if is_phase(state.phase, MOVEMENT_AND_COMBAT):
        return None
    return (
        "Vehicles check for Breakdown in a Movement and Combat Phase (5.2 III.G.2); it is "
        f"{phase(state.phase).label} now."
    )


def repairing_now(state: GameState) -> str | None:
    """Why no repair may be recorded in the current phase (ruling ``repairs-recorded``
    ``repair-phase``: in a Repair Phase, 5.2 III.K), or ``None`` when one may."""
    if state.ruling(REPAIRS_RULING) != "repair-phase" or is_phase(state.phase, REPAIR_PHASE):
        return None
    return (
        f"Repairs are recorded in a Repair Phase (5.2 III.K); it is {phase(state.phase).label} now."
    )


def vehicle_units(state: GameState, side: Side) -> dict[str, bool]:
    """The side's units in play with vehicles (21.11): {unit id: a Breakdown check is due now
    (21.26, 21.27)}, those due first, then by name."""
    found: list[tuple[bool, str, str]] = []
    for unit in state.units_in_play(side):
        checks = type_checks(state, unit) if vehicle_types(state, unit) else ()
        if checks:
            found.append((not any(c.due for c in checks), unit.name, unit.id))
    return {unit_id: not later for later, _, unit_id in sorted(found)}


def awaiting_repair_units(state: GameState, side: Side) -> list[str]:
    """Ids of the side's units in play with TOE Strength Points awaiting repair (21.34)."""
    return [u.id for u in state.units_in_play(side) if u.awaiting_repair]


def move_preview(
    state: GameState,
    unit_id: str,
    path: str,
    to: str,
    cp: Fraction | None = None,
    action: str = "move",
) -> MovePreview:
    """What moving unit ``unit_id`` along ``path`` (``ledger.commands.movement.parse_path``)
    to hex ``to`` would record, expending ``cp`` CP (``None``: the path's, 8.37) for the 6.3
    ``action``; nothing is written. Raises ``KeyError`` for a unit not in ``state``."""
    unit = state.units[unit_id]
    vehicles = vehicle_types(state, unit)
    hexes = read_path(state, unit, path)
    moves = tuple(h.move for h in hexes if h.move is not None)
    bad = any(h.move is None for h in hexes)
    path_cp = None
    if hexes and all(h.cost is not None for h in hexes):
        path_cp = sum((h.cost.cp for h in hexes if h.cost is not None), Fraction(0))
    spent = cp if cp is not None else path_cp
    amount = spent if spent is not None else Fraction(0)
    cpa = state.cpa(unit)
    ceiling = None
    chosen = cp_actions().get(action)
    voluntary = chosen is None or chosen.portion == "own"  # 8.17: not Reaction, Retreat
    if cpa is not None and cpa <= NON_MOTORIZED_CPA and voluntary:
        ceiling = cpa * VOLUNTARY_CEILING
    after = unit.cp_expended + amount
    dp = Fraction(0) if cpa is None else disorganization_earned(unit.cp_expended, amount, cpa)
    gained = Fraction(0)
    if vehicles and not bad:
        gained = breakdown_points(moves, rulings=state.rulings_of(BreakdownRulings.from_choices))
    moved = replace(unit, breakdown_points=unit.breakdown_points + gained)
    weather: Weather = next((w for w in _WEATHERS if w == state.weather), "normal")
    source = Source(state.clock, unit.side, "field_commander")
    return MovePreview(
        unit_id=unit.id,
        unit_name=unit.name,
        start=unit.location,
        to=to.strip(),
        motorized=motorized(state, unit),
        hexes=hexes,
        path_cp=path_cp,
        cp=spent,
        overridden=cp is not None,
        cpa=cpa,
        cp_expended=unit.cp_expended,
        cp_left=None if cpa is None else cpa - after,
        ceiling=ceiling,
        ceiling_left=None if ceiling is None else ceiling - after,
        dp=dp,
        cohesion_after=unit.cohesion - dp,
        fuel=move_fuel(state, unit, amount) if amount else 0,
        fuel_held=unit.supplies.fuel,
        breakdown_points=gained,
        breakdown_total=moved.breakdown_points,
        vehicles=tuple(
            VehicleCheck(c.vehicle.name, c.vehicle.toe_points, c.vehicle.bar, c.column, c.due)
            for c in type_checks(state, moved)
        ),
        water=unit_water(
            unit,
            state.classes[unit.class_id],
            state.systems,
            used_cpa=True,
            weather=weather,
            rulings=state.rulings_of(ConsumptionRulings.from_choices),
        ),
        water_held=unit.supplies.water,
        warnings=terrain_warnings(moves, motorized=motorized(state, unit)),
        errors=move_unit(state, unit_id, to, cp, path, source, action).errors,
    )


def preview_lines(preview: MovePreview) -> list[str]:
    """The preview as lines of text, as ``quartermaster move --preview`` prints them."""
    p = preview
    lines = [f"{p.unit_name}: {p.start or 'no hex'} → {p.to or '?'}"]
    column = "motorized" if p.motorized else "non-motorized"
    for entry in p.hexes:
        if entry.cost is not None:
            cost = entry.cost
            lines.append(f"  hex {entry.number}: {format_cp(cost.cp)} CP ({cost.working})")
        else:
            lines.append(f"  hex {entry.number}: {entry.text} — refused (see below)")
    path = "—" if p.path_cp is None else f"{format_cp(p.path_cp)} CP"
    lines.append(f"Path by the Terrain Effects Chart (8.37, {column} column): {path}")
    if p.overridden and p.cp is not None:
        lines.append(f"CP entered instead: {format_cp(p.cp)}")
    if p.cpa is not None:
        left = "—" if p.cp_left is None else format_cp(p.cp_left)
        lines.append(
            f"CPA {p.cpa}: {format_cp(p.cp_expended)} expended before, {left} left after (6.14)"
        )
    if p.ceiling is not None and p.ceiling_left is not None:
        lines.append(
            f"8.17 ceiling {format_cp(p.ceiling)} CP: {format_cp(p.ceiling_left)} left after"
        )
    lines.append(
        f"Disorganization Points: {format_cp(p.dp)} (6.21); Cohesion Level after "
        f"{format_cp(p.cohesion_after)} (6.22)"
    )
    lines.append(f"Fuel burnt: {p.fuel} of {p.fuel_held} carried (49.13)")
    if p.vehicles:
        due = [v.name for v in p.vehicles if v.due]
        lines.append(
            f"Breakdown Points: +{format_cp(p.breakdown_points)} → "
            f"{format_cp(p.breakdown_total)} (21.23, 21.25); check due: "
            + (", ".join(due) if due else "no")
        )
    lines.append(f"Water for the Operations Stage, having moved: {p.water}; holds {p.water_held}")
    lines += [f"Note: {w}" for w in p.warnings]
    lines += [
        f"Would be refused: {e.message}" + (f" ({e.case})" if e.case else "") for e in p.errors
    ]
    return lines
