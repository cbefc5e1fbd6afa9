"""Capability Points of a path (8.31-8.33, 8.37, 8.42-8.46), from the movement columns of the
Terrain Effects Chart, ``ledger/charts/data/8.37-terrain-movement.toml``.

A unit expends CP to enter each hex and to cross each hexside feature on the way (8.31): the
non-motorized column for units with a CPA of 10 or less, the motorized column otherwise (8.17,
8.91, 8.92: a unit carried on trucks moves at their CPA and is motorized). A hex is one
``ledger.rules.breakdown.HexMove`` (the path language of ``ledger.commands.movement``):

- **Off road and track**: the hex's cost plus each hexside's (``+2`` a ridge...). The chart's P
  refuses: a motorized unit up an escarpment (8.42) or across a major river (note 11), and down
  an escarpment except along a track (note 9). A swamp is entered only along a road.
- **Road** (note 6): 1 CP (non-motorized) or ½ CP (motorized) a hex, whatever its terrain, and
  the hexsides cost nothing; 8.33 keeps escarpments out of what a road lets a vehicle ignore, so
  a motorized unit going down one along a road pays the +8 as well under ruling
  ``8.33-road-down-escarpment`` ``escarpment-applies`` (the same ruling as its Breakdown
  Points), and never goes up one (8.42).
- **Track** (note 8, 8.46): the hex's and the hexsides' costs halved, except a vehicle going
  down an escarpment: +8 in full (8.42). 8.46 also says "1 CP per hex"; the chart's note 8
  governs by default (it agrees for Clear and Rock/Gravel, 2 halved); ``track_hex="one-cp"`` reads
  8.46 instead (the hex 1 CP whatever its terrain): ruling ``8.46-track-hex-cost``.
- **Rainstorm** (8.41, note 10): a wadi is crossed only along a road, at +2 CP.

Minefields (+1/+4 friendly, +4/the whole CPA enemy), enemy Zones of Control (8.15, 8.24) and
engineers (26.2) are not in the path: the player enters the CP the board gives. All CP are exact
``Fraction``s (the finest is ¼, a Major City along a track).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any, Final, Literal

from ledger.charts.loader import package_data
from ledger.model.quantities import format_cp
from ledger.rules.breakdown import HexMove

DATA_FILE: Final = "8.37-terrain-movement"
PROHIBITED: Final = "prohibited"
ROAD_ONLY: Final = "road-only"
ROAD_ESCARPMENT_RULING: Final = "8.33-road-down-escarpment"
TRACK_HEX_RULING: Final = "8.46-track-hex-cost"
Column = Literal["non_motorized", "motorized"]
TrackHex = Literal["halved", "one-cp"]
RoadEscarpment = Literal["escarpment-applies", "road-cancels"]


@dataclass(frozen=True, slots=True)
class HexCost:
    """One hex of a path: the ``move`` entered, its ``cp`` (8.37) and ``working``, how the
    chart gives it (``"Rough 4 + Ridge 4"``, ``"Road 1/2 (note 6)"``)."""

    move: HexMove
    cp: Fraction
    working: str


@cache
def _chart() -> dict[str, Any]:
    return package_data("ledger.charts", DATA_FILE)


def terrain_keys() -> tuple[str, ...]:
    """The hex terrains of the chart's movement columns, in chart order (``"clear"``...)."""
    return tuple(_chart()["hex"])


def hexside_keys() -> tuple[str, ...]:
    """The hexside features of the chart's movement columns, in chart order (``"ridge"``...)."""
    return tuple(_chart()["hexside"])


def label(key: str) -> str:
    """The printed name of a terrain, hexside or route key (``"gravel"`` → ``"Rock/Gravel"``).
    Raises ``KeyError`` for a key the chart does not have."""
    for table in ("hex", "hexside", "route"):
        if key in _chart()[table]:
            return str(_chart()[table][key]["label"])
    raise KeyError(key)


def chart_note(number: str) -> str:
    """The text of the chart's footnote ``number`` (``"6"``). Raises ``KeyError``."""
    return str(_chart()["notes"][number])


def column(motorized: bool) -> Column:
    """The column a unit reads (8.37): ``"motorized"`` for a CPA above 10 (8.17, 8.91)."""
    return "motorized" if motorized else "non_motorized"


def _value(row: Mapping[str, Any], col: Column) -> Fraction | str:
    text = str(row[col])
    return text if text in (PROHIBITED, ROAD_ONLY) else Fraction(text)


def hex_cost(
    move: HexMove,
    *,
    motorized: bool,
    rainstorm: bool = False,
    road_escarpment: RoadEscarpment = "escarpment-applies",
    track_hex: TrackHex = "halved",
) -> HexCost:
    """The CP of entering one hex (8.37), for a ``motorized`` unit or not, in a ``rainstorm``
    (note 10) or not. Raises ``ValueError`` naming the case for an unknown terrain or hexside
    and for a move the chart prohibits (see the module docstring)."""
    chart = _chart()
    col = column(motorized)
    if move.terrain not in chart["hex"]:
        raise ValueError(f"8.37: no terrain {move.terrain!r}; one of {', '.join(chart['hex'])}")
    for side in move.hexsides:
        if side not in chart["hexside"]:
            known = ", ".join(chart["hexside"])
            raise ValueError(f"8.37: no hexside {side!r}; one of {known}")
    kind = "a motorized unit" if motorized else "a non-motorized unit"
    if move.route == "road":
        return _road(move, col, kind, rainstorm=rainstorm, road_escarpment=road_escarpment)
    hex_value = _value(chart["hex"][move.terrain], col)
    if hex_value == ROAD_ONLY:
        raise ValueError(f"8.37: {label(move.terrain)} is entered only along a road")
    assert isinstance(hex_value, Fraction)
    track = move.route == "track"
    half = Fraction(str(chart["route"]["track"]["factor"]))
    if track and track_hex == "one-cp":
        cp, parts = Fraction(1), ["Track 1 (8.46)"]
    elif track:
        cp = hex_value * half
        parts = [f"{label(move.terrain)} {format_cp(hex_value)} ÷ 2"]
    else:
        cp, parts = hex_value, [f"{label(move.terrain)} {format_cp(hex_value)}"]
    for side in move.hexsides:
        value = _side_value(side, col, kind, track=track, rainstorm=rainstorm)
        full = motorized and side == "down_escarpment"  # note 8: not halved for a vehicle
        factor = half if track and not full else Fraction(1)
        cp += value * factor
        parts.append(f"{label(side)} {format_cp(value)}{' ÷ 2' if factor != 1 else ''}")
    note = " (track, note 8)" if track else ""
    return HexCost(move, cp, " + ".join(parts) + note)


def _side_value(side: str, col: Column, kind: str, *, track: bool, rainstorm: bool) -> Fraction:
    """The chart's value of crossing ``side`` off road, or the refusal of its P (8.42, notes 9
    to 11)."""
    row = _chart()["hexside"][side]
    value = _value(row, col)
    if value == PROHIBITED:
        case = "8.42" if side == "up_escarpment" else "8.37 note 11"
        raise ValueError(f"{case}: {kind} may not cross a {label(side)} hexside")
    if not track and row.get(f"{col}_only_on") == "track":
        raise ValueError(f"8.37 note 9, 8.42: {kind} goes down an escarpment only on a track")
    if side == "wadi" and rainstorm:
        raise ValueError("8.41, 8.37 note 10: in a Rainstorm a wadi is crossed only on a road")
    assert isinstance(value, Fraction)
    return value


def _road(
    move: HexMove, col: Column, kind: str, *, rainstorm: bool, road_escarpment: RoadEscarpment
) -> HexCost:
    """A hex entered along a road (note 6), with 8.33's escarpments and note 10's Rainstorm."""
    chart = _chart()
    cp = Fraction(str(chart["route"]["road"][col]))
    parts = [f"Road {format_cp(cp)} (note 6)"]
    for side in move.hexsides:
        row = chart["hexside"][side]
        if side == "up_escarpment" and _value(row, col) == PROHIBITED:
            raise ValueError(f"8.42: {kind} never goes up an escarpment, even along a road")
        applies = road_escarpment == "escarpment-applies"
        if side == "down_escarpment" and col == "motorized" and applies:
            value = _value(row, col)
            assert isinstance(value, Fraction)
            cp += value
            parts.append(f"{label(side)} {format_cp(value)} (8.33)")
        if side == "wadi" and rainstorm:
            extra = Fraction(str(chart["rainstorm"]["wadi_on_road"]))
            cp += extra
            parts.append(f"Wadi in a Rainstorm {format_cp(extra)} (note 10)")
    return HexCost(move, cp, " + ".join(parts))


def path_costs(
    moves: Iterable[HexMove],
    *,
    motorized: bool,
    rainstorm: bool = False,
    road_escarpment: RoadEscarpment = "escarpment-applies",
    track_hex: TrackHex = "halved",
) -> tuple[HexCost, ...]:
    """Each hex's ``hex_cost``, in path order. Raises as ``hex_cost`` at the first bad hex."""
    return tuple(
        hex_cost(
            m,
            motorized=motorized,
            rainstorm=rainstorm,
            road_escarpment=road_escarpment,
            track_hex=track_hex,
        )
        for m in moves
    )


def path_cp(
    moves: Iterable[HexMove],
    *,
    motorized: bool,
    rainstorm: bool = False,
    road_escarpment: RoadEscarpment = "escarpment-applies",
    track_hex: TrackHex = "halved",
) -> Fraction:
    """The CP of a whole path, summed exactly (8.31, 8.37). Example: a motorized unit along
    ``road:clear,road:clear,rough,clear+ridge`` (21.23's path) expends ½ + ½ + 4 + (2 + 4) =
    11 CP; a non-motorized one 1 + 1 + 3 + (2 + 2) = 9. Raises as ``hex_cost``."""
    costs = path_costs(
        moves,
        motorized=motorized,
        rainstorm=rainstorm,
        road_escarpment=road_escarpment,
        track_hex=track_hex,
    )
    return sum((c.cp for c in costs), Fraction(0))


def terrain_warnings(moves: Iterable[HexMove], *, motorized: bool) -> tuple[str, ...]:
    """What the chart's notes 2 and 3 say of the path's hexes for a motorized unit, once each:
    Salt Marsh off road and track (8.44: only Light Trucks, recce and motorcycle infantry; any
    other vehicle is Abandoned, 5.33), Desert (8.45: never Light Trucks or motorcycles). The
    ledger does not know which vehicles may: the players check."""
    if not motorized:
        return ()
    found: list[str] = []
    for move in moves:
        if move.terrain == "salt_marsh" and move.route == "off-road":
            text = f"{chart_note('2')} A prohibited vehicle that enters it is Abandoned (5.33)."
        elif move.terrain == "desert":
            text = chart_note("3")
        else:
            continue
        if text not in found:
            found.append(text)
    return tuple(found)
