"""Air Landing (14.92): the exact odds of where a serial lands, of its losses and of an abort.

The total Flight Condition points (the 14.11 Weather Condition points, plus 5 at night, plus the
flak points; 14.92) choose a row of ``14.92-air-landing.toml`` by its bounds (0-3 ... 11+); two
dice added give the result:

- ``•``: the serial lands in its drop hex; ``L1``: it lands there and each unit loses one
  strength point;
- ``S1``: it scatters: one die gives the direction (the map's scatter diagram), another the
  distance in hexes (1..6); ``S2``: the same, with two dice added for the distance (2..12);
- ``A``: it aborts, and two more dice decide (``14.92-abort.toml``): 2-4 eliminates the units,
  5 or more returns the serial to the formation display.

Which hex direction a direction-die face means is the ruling ``htr-14.92-scatter-directions``.
Offsets are also given in axial hex coordinates (dq, dr), q growing eastward and r
south-eastward (flat-topped) or south-westward (pointy-topped).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from ledger.charts.dice import D6, FACES, TWO_D6_SUM
from ledger.charts.engine import Chart
from ledger.charts.loader import package_chart
from ledger.charts.odds import band_column
from ledger.games.highway_to_the_reich import PACKAGE
from ledger.games.highway_to_the_reich.rulings import SCATTER_DIRECTIONS
from ledger.games.highway_to_the_reich.weather import NIGHT_POINTS

CASE: Final = "14.92"
LANDS: Final = "•"
LOSS: Final = "L1"
SCATTER_ONE: Final = "S1"
SCATTER_TWO: Final = "S2"
ABORT: Final = "A"
DROP_HEX: Final = "drop hex"
ABORTED: Final = "aborted"

DIRECTIONS: Final[dict[str, tuple[tuple[str, tuple[int, int]], ...]]] = {
    # flat-topped hexes in vertical columns (SPI's usual map grid): N, NE, SE, S, SW, NW
    "clockwise-from-north": (
        ("N", (0, -1)),
        ("NE", (1, -1)),
        ("SE", (1, 0)),
        ("S", (0, 1)),
        ("SW", (-1, 1)),
        ("NW", (-1, 0)),
    ),
    # pointy-topped hexes in horizontal rows: NE, E, SE, SW, W, NW
    "clockwise-from-northeast": (
        ("NE", (1, -1)),
        ("E", (1, 0)),
        ("SE", (0, 1)),
        ("SW", (-1, 1)),
        ("W", (-1, 0)),
        ("NW", (0, -1)),
    ),
}
"""Direction-die face 1..6 → (compass label, axial unit offset), per ruling option."""


def air_landing_chart() -> Chart:
    """The bundled 14.92 chart (rows by total Flight Condition points)."""
    return package_chart(PACKAGE, "14.92-air-landing")


def abort_chart() -> Chart:
    """The bundled abort roll of 14.92 (eliminated on 2-4, returned on 5-12)."""
    return package_chart(PACKAGE, "14.92-abort")


def flight_condition_points(weather_points: int, night: bool, flak: int) -> int:
    """The 14.92 total: ``weather_points`` (the 14.11 number, before the night addition) +
    5 at night + ``flak`` points. Raises ``ValueError`` for a negative part."""
    if weather_points < 0 or flak < 0:
        raise ValueError(
            f"Weather Condition points and flak cannot be negative: {weather_points}, {flak} "
            f"({CASE})"
        )
    return weather_points + (NIGHT_POINTS if night else 0) + flak


@dataclass(frozen=True, slots=True)
class LandingSpot:
    """Where a scattered serial lands: direction-die ``face``, its compass ``direction``,
    ``distance`` in hexes and the axial ``offset`` (dq, dr) from the drop hex."""

    face: int
    direction: str
    distance: int
    offset: tuple[int, int]


@dataclass(frozen=True, slots=True)
class AirLanding:
    """An air landing worked out (14.92): the ``points`` total, the chart ``row`` read, the
    exact odds of each printed result (``result_odds``), of the distance from the drop hex
    (``distance_odds``: ``"0"`` in the drop hex, ``"1"``..``"12"``, ``"aborted"``), of each
    landing hex (``spot_odds``: ``"drop hex"``, ``"NE 3"``, ..., ``"aborted"``), of the abort's
    outcome (``abort_odds``) and of one strength point lost by each unit (``loss_chance``);
    ``spots`` lists every scatter hex with its exact chance."""

    points: int
    row: str
    directions: str
    result_odds: dict[str, Fraction]
    distance_odds: dict[str, Fraction]
    spot_odds: dict[str, Fraction]
    abort_odds: dict[str, Fraction]
    loss_chance: Fraction
    spots: tuple[tuple[LandingSpot, Fraction], ...]


def air_landing(points: int, directions: str = SCATTER_DIRECTIONS.default) -> AirLanding:
    """The odds of a serial's landing at ``points`` total Flight Condition points (≥ 0), the
    direction faces read by option ``directions`` of ``htr-14.92-scatter-directions``.
    Raises ``ValueError`` for negative points or an unknown option."""
    if points < 0:
        raise ValueError(f"Flight Condition points cannot be negative: {points} ({CASE})")
    if directions not in DIRECTIONS:
        raise ValueError(f"unknown option {directions!r} of {SCATTER_DIRECTIONS.id} ({CASE})")
    chart = air_landing_chart()
    row = band_column(points, chart, what="Flight Condition points").row
    results = chart.distribution(row)
    scatter = _scatter_distances(results)
    on_target = results.get(LANDS, Fraction(0)) + results.get(LOSS, Fraction(0))
    aborted = results.get(ABORT, Fraction(0))
    distance = {"0": on_target} if on_target else {}
    distance |= {str(d): p for d, p in sorted(scatter.items())}
    if aborted:
        distance[ABORTED] = aborted
    spots = tuple(
        (LandingSpot(face, label, d, (dq * d, dr * d)), p * D6.probability(face))
        for d, p in sorted(scatter.items())
        for face, (label, (dq, dr)) in zip(FACES, DIRECTIONS[directions], strict=True)
    )
    spot_odds = {DROP_HEX: on_target} if on_target else {}
    spot_odds |= {f"{s.direction} {s.distance}": p for s, p in spots}
    if aborted:
        spot_odds[ABORTED] = aborted
    abort = {k: v * aborted for k, v in abort_chart().distribution("A").items()} if aborted else {}
    abort["not aborted"] = 1 - aborted
    return AirLanding(
        points,
        row,
        directions,
        results,
        distance,
        spot_odds,
        {k: v for k, v in abort.items() if v},
        results.get(LOSS, Fraction(0)),
        spots,
    )


def _scatter_distances(results: dict[str, Fraction]) -> dict[int, Fraction]:
    """Distance in hexes → exact chance: S1 reads one die, S2 two dice added (14.92)."""
    found: dict[int, Fraction] = {}
    for result, dice in ((SCATTER_ONE, D6), (SCATTER_TWO, TWO_D6_SUM)):
        chance = results.get(result, Fraction(0))
        for reading, p in dice.odds.items():
            if chance:
                found[reading] = found.get(reading, Fraction(0)) + chance * p
    return found
