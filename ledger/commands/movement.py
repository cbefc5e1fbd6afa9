"""Recorded moves (8.1, 8.37, 49.13, 21.2x): a unit goes to a hex, expends CP, burns fuel and
its vehicles gain Breakdown Points.

The board stays on the table: the players say where the unit ends, the hexes it entered and,
when the board asks more than the path's terrain (enemy Zones of Control 8.15/8.24, minefields,
engineers 26.2), the CP it expended; without them the CP are the path's by the Terrain Effects
Chart (``ledger.rules.movement_cost``, 8.37: the motorized column for a CPA above 10). A hex the
chart prohibits to the unit is refused either way. A path is one entry a hex, comma-separated:
``[road:|track:]TERRAIN[+HEXSIDE...]``, with the terrain and hexside names of 8.37 (``-`` or
space for ``_``): ``road:clear,road:clear,rough,clear+ridge`` is the 21.23 example (15 BP).
The CP go through ``commands.spend_cp`` (6.21, 6.26, 8.17); the fuel is 49.13's from the
unit's own Fuel (49.16: a unit holding too little may not make the move); the BP are
``ledger.rules.breakdown.breakdown_points`` for its vehicles (``ledger.commands.breakdown_log``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Final

from ledger.commands.breakdown_log import vehicle_types
from ledger.commands.cp import spend_cp
from ledger.commands.outcome import Outcome
from ledger.model.errors import LedgerError
from ledger.model.events import Event, SuppliesConsumed, UnitMoved
from ledger.model.phases import MOVEMENT_AND_COMBAT, is_phase, phase
from ledger.model.quantities import Supplies, format_cp
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.model.trucks import NON_MOTORIZED_CPA
from ledger.model.units import Unit
from ledger.rules.breakdown import (
    HEX_BREAKDOWN,
    HEXSIDE_BREAKDOWN,
    ROAD_ONLY_HEXES,
    BreakdownRulings,
    HexMove,
    Route,
    breakdown_points,
)
from ledger.rules.consumption import truck_movement_fuel, unit_movement_fuel
from ledger.rules.consumption_rates import ConsumptionRulings
from ledger.rules.movement_cost import (
    ROAD_ESCARPMENT_RULING,
    TRACK_HEX_RULING,
    HexCost,
    RoadEscarpment,
    TrackHex,
    hex_cost,
)
from ledger.rules.shortage import fuel_shortage
from ledger.rules.shortage_counts import cp_fuel_allows

MOVE_ACTIONS: Final = ("move", "enter-minefield", "reaction", "retreat-before-assault")
"""The 6.3 actions a recorded move may be (``ledger.rules.cp_actions``; all of kind movement)."""
CARRYING_TRUCKS_RULING: Final = "49.13-carrying-trucks-fuel"
_ROUTES: Final[dict[str, Route]] = {"road": "road", "track": "track", "off-road": "off-road"}
_GROUP_CP: Final = 5
"""49.13: fuel is burnt per group of five CP; the fuel of one group gives ``cp_fuel_allows``."""


def _name(text: str) -> str:
    return text.strip().casefold().replace("-", "_").replace(" ", "_")


def parse_hex(text: str, *, vehicles: bool = True) -> HexMove:
    """One hex entered, ``[road:|track:]TERRAIN[+HEXSIDE...]`` (``"track:rough+wadi"``).
    Raises ``ValueError`` for an unknown route, terrain or hexside and, for a unit with
    ``vehicles``, a move no vehicle may make (``move_breakdown_points``'s checks: swamp off a
    road, up an escarpment...)."""
    route_text, colon, rest = text.partition(":")
    if not colon:
        route_text, rest = "off-road", text
    route = _ROUTES.get(route_text.strip().casefold())
    if route is None:
        raise ValueError(f"{text!r}: a route is road: or track:, not {route_text!r}")
    terrain, *sides = (_name(part) for part in rest.split("+"))
    if terrain not in HEX_BREAKDOWN and terrain not in ROAD_ONLY_HEXES:
        raise ValueError(
            f"{text!r}: no 8.37 terrain {terrain!r}; one of {', '.join(HEX_BREAKDOWN)}"
        )
    for side in sides:
        if side not in HEXSIDE_BREAKDOWN and side != "up_escarpment":
            known = ", ".join(HEXSIDE_BREAKDOWN)
            raise ValueError(f"{text!r}: no 8.37 hexside {side!r}; one of {known}")
    move = HexMove(terrain, tuple(sides), route)
    if vehicles:
        breakdown_points([move])  # the 8.37 / 8.42 checks of a move no vehicle may make
    return move


def parse_path(
    text: str, *, vehicles: bool = True
) -> tuple[tuple[HexMove, ...], list[LedgerError]]:
    """The hexes of a path, comma-separated (``parse_hex``), with an error for each bad entry
    (field ``--hexes``, case 8.37). An empty text is no hexes."""
    moves: list[HexMove] = []
    errors: list[LedgerError] = []
    for number, entry in enumerate((e for e in text.split(",") if e.strip()), start=1):
        try:
            moves.append(parse_hex(entry, vehicles=vehicles))
        except ValueError as exc:
            errors.append(LedgerError("--hexes", f"hex {number}: {exc}", "8.37"))
    return tuple(moves), errors


def hex_text(move: HexMove) -> str:
    """A hex entered as ``parse_hex`` reads it: ``"track:rough+wadi"``, ``"clear"``."""
    route = "" if move.route == "off-road" else f"{move.route}:"
    return route + "+".join((move.terrain, *move.hexsides))


def move_fuel(state: GameState, unit: Unit, cp: Fraction) -> int:
    """49.13: Fuel Points the unit burns moving ``cp`` CP: its TOE's (``unit_movement_fuel``)
    and, under ruling ``49.13-carrying-trucks-fuel`` ``unit-pays``, the Truck Points carrying
    it (``truck_movement_fuel``)."""
    rulings = state.rulings_of(ConsumptionRulings.from_choices)
    fuel = unit_movement_fuel(unit, state.systems, cp, rulings)
    if any(unit.carried_by) and state.ruling(CARRYING_TRUCKS_RULING) == "unit-pays":
        fuel += truck_movement_fuel(unit.carried_by, cp, rulings)
    return fuel


def motorized(state: GameState, unit: Unit) -> bool:
    """Whether the unit reads the motorized column of 8.37: its movement CPA is above 10 (8.17,
    8.91; a leg unit carried on trucks moves at their CPA, 8.92). No CPA: non-motorized."""
    cpa = state.cpa(unit, for_movement=True)
    return cpa is not None and cpa > NON_MOTORIZED_CPA


@dataclass(frozen=True, slots=True)
class PathHex:
    """One entry of a path as read for a unit: its ``number`` (from 1) and ``text``, the hex
    ``move`` and its ``cost`` (8.37), or the ``error`` that refuses it (then no cost)."""

    number: int
    text: str
    move: HexMove | None
    cost: HexCost | None
    error: LedgerError | None


def read_path(state: GameState, unit: Unit, text: str) -> tuple[PathHex, ...]:
    """Each comma-separated entry of ``text`` read for ``unit``: ``parse_hex`` (its vehicles'
    checks when it has any, 21.11) and the CP of the hex by 8.37
    (``ledger.rules.movement_cost.hex_cost``: the unit's column, ``motorized``; a Rainstorm's
    wadis; rulings ``8.33-road-down-escarpment``, ``8.46-track-hex-cost``). A bad entry carries its error (field
    ``--hexes``, case 8.37) numbered as the player entered it."""
    escarpment = state.ruling(ROAD_ESCARPMENT_RULING)
    road: RoadEscarpment = "road-cancels" if escarpment == "road-cancels" else "escarpment-applies"
    track: TrackHex = "one-cp" if state.ruling(TRACK_HEX_RULING) == "one-cp" else "halved"
    vehicles = bool(vehicle_types(state, unit))
    fast = motorized(state, unit)
    read: list[PathHex] = []
    for number, entry in enumerate((e for e in text.split(",") if e.strip()), start=1):
        move: HexMove | None = None
        try:
            move = parse_hex(entry.strip(), vehicles=vehicles)
            cost = hex_cost(
                move,
                motorized=fast,
                rainstorm=state.weather == "rainstorm",
                road_escarpment=road,
                track_hex=track,
            )
        except ValueError as exc:
            where = f"hex {number}" if move is None else f"hex {number} ({hex_text(move)})"
            error = LedgerError("--hexes", f"{where}: {exc}", "8.37")
            read.append(PathHex(number, entry.strip(), move, None, error))
            continue
        read.append(PathHex(number, entry.strip(), move, cost, None))
    return tuple(read)


def move_unit(
    state: GameState,
    unit_id: str,
    to: str,
    cp: Fraction | None,
    path: str,
    source: Source,
    action: str = "move",
) -> Outcome:
    """Record a move of unit ``unit_id`` to hex ``to`` expending ``cp`` CP along ``path``
    (``parse_path``; ``cp`` ``None``: the path's CP by 8.37, ``path_costs``), in a Movement and
    Combat Phase (5.2 III.G, 8.11): one ``UnitMoved``
    (with the exact BP its vehicles gained, 21.23), the app-made ``CPExpended`` of
    ``spend_cp`` for ``action`` (``MOVE_ACTIONS``) and the app-made ``SuppliesConsumed`` of
    its fuel (49.13). Refused, with every problem: an unknown unit, another phase, an unknown
    action, no hex, a bad path or none for a unit with vehicles (21.23), whatever ``spend_cp``
    refuses, a hex the chart prohibits to the unit (8.37, 8.42), no CP and no path, and fuel
    short of the move (49.16, with the CP its fuel pays)."""
    unit = state.units.get(unit_id)
    if unit is None:
        return Outcome(errors=(LedgerError("unit", f"no unit {unit_id!r} in this game"),))
    errors: list[LedgerError] = []
    if not is_phase(state.phase, MOVEMENT_AND_COMBAT):
        errors.append(
            LedgerError(
                "phase",
                f"units move in a Movement and Combat Phase; it is {phase(state.phase).label} now",
                "8.11",
            )
        )
    if action not in MOVE_ACTIONS:
        errors.append(
            LedgerError("--action", f"a move is one of {', '.join(MOVE_ACTIONS)}, not {action!r}")
        )
    if not to.strip():
        errors.append(LedgerError("--to", "give the hex the unit ends in"))
    vehicles = vehicle_types(state, unit)
    hexes = read_path(state, unit, path)
    moves = tuple(h.move for h in hexes if h.move is not None and h.error is None)
    bad = [h.error for h in hexes if h.error is not None]
    errors += bad
    if vehicles and not hexes:
        errors.append(
            LedgerError(
                "--hexes",
                f"{unit.name} has vehicles: give the hexes entered, for their Breakdown Points",
                "21.23",
            )
        )
    if cp is None and not bad:
        if hexes:
            cp = sum((h.cost.cp for h in hexes if h.cost is not None), Fraction(0))
        else:
            errors.append(
                LedgerError("--cp", "give the CP expended, or the hexes entered (8.37)", "8.37")
            )
    posted = replace(source, app_made=True)
    charged = Outcome()
    if cp is not None:
        charged = spend_cp(state, unit_id, cp, posted, action if action in MOVE_ACTIONS else "move")
        errors += charged.errors
        if not charged.errors:
            errors += _fuel_errors(state, unit, cp)
    if errors or cp is None:
        return Outcome(errors=tuple(errors))
    points = Fraction(0)
    if vehicles:
        points = breakdown_points(moves, rulings=state.rulings_of(BreakdownRulings.from_choices))
    moved = UnitMoved(
        source, unit_id, unit.location, to.strip(), cp, tuple(hex_text(m) for m in moves), points
    )
    events: list[Event] = [moved, *charged.events]
    fuel = move_fuel(state, unit, cp)
    if fuel:
        reason = f"{unit.name} moved {format_cp(cp)} CP"
        events.append(
            SuppliesConsumed(
                replace(posted, reason=reason), unit_id, Supplies(fuel=fuel), "fuel", "49.13"
            )
        )
    return Outcome(events=tuple(events))


def _fuel_errors(state: GameState, unit: Unit, cp: Fraction) -> list[LedgerError]:
    """49.16: the move's fuel against the unit's own, with the CP its fuel would pay."""
    needed = move_fuel(state, unit, cp)
    have = unit.supplies.fuel
    if have >= needed:
        return []
    effect = fuel_shortage(needed, have)
    per_group = move_fuel(state, unit, Fraction(_GROUP_CP))
    allows = cp_fuel_allows(per_group, have, state.rulings_of(ConsumptionRulings.from_choices))
    pays = "" if not have or allows is None else f"; its fuel pays for {format_cp(allows)} CP"
    return [
        LedgerError(
            "fuel",
            f"{unit.name} burns {needed} Fuel moving {format_cp(cp)} CP (49.13) and holds {have}"
            f"{pays}. {effect.notes[0]}",
            "49.16",
        )
    ]
