"""Breakdown (21.x): Breakdown Points from movement, the 21.38 column, exact odds and losses.

Trucks and tank, armored car, armored recce and self-propelled gun TOE Strength Points break
down (21.11). Each hex entered adds Breakdown Points (BP) by terrain (8.37), each hexside
feature crossed adds its value (8.37, 8.41 wadis), a track halves both (8.46, 8.37 note 8;
not a down escarpment), and a road replaces them with ½ BP a hex (8.37 note 6). BP add up over
the Operations Stage (21.25). A unit checks when it stops with more than 3 BP (21.27), and again
only when it has reached a higher column (21.26). The total, rounded up (21.31), picks a column
of chart 21.38; the type's Breakdown Adjustment Rating (BAR; trucks 2L, 54.2), Hot weather and
a Sandstorm shift it, all added together (21.32, 21.37), stopping at 0-3 and 71+ (21.33). Two
dice read in sequence (11..66) give the percentage of that type's TOE Strength Points (a Truck
Point is one) that break down (21.34), rounded up (21.35).

Rulings (options in ``BreakdownRulings``; docs/rulings.md, Breakdown): ``8.41-road-wadi-
breakdown``, ``8.33-road-down-escarpment``, ``54.2-light-truck-example``, ``54.2-light-truck-
extra-point``, ``21.14-bar-dash``, ``21.34-thirty-three-percent``, ``21.37-sandstorm-share``.
Breakdown Points are exact ``Fraction``s; probabilities are exact ``Fraction``s.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, fields
from fractions import Fraction
from functools import cache
from math import ceil
from types import MappingProxyType
from typing import Final, Literal

from ledger.charts.engine import Chart, Shift
from ledger.charts.loader import bundled_chart
from ledger.model.rulings import check_options
from ledger.model.trucks import TruckType, truck_chart

CHART_ID: Final = "21.38-breakdown"
ROAD_WADI_RULING: Final = "8.41-road-wadi-breakdown"
ROAD_ESCARPMENT_RULING: Final = "8.33-road-down-escarpment"
LIGHT_TRUCK_TRACK_RULING: Final = "54.2-light-truck-example"
LIGHT_TRUCK_EXTRA_RULING: Final = "54.2-light-truck-extra-point"
BAR_DASH_RULING: Final = "21.14-bar-dash"
ONE_THIRD_RULING: Final = "21.34-thirty-three-percent"
SANDSTORM_RULING: Final = "21.37-sandstorm-share"

Route = Literal["off-road", "track", "road"]
"""How a hex is entered: across country, along a track or along a road (8.33)."""

HEX_BREAKDOWN: Final[Mapping[str, Fraction]] = MappingProxyType(
    {
        "clear": Fraction(4),
        "gravel": Fraction(6),
        "salt_marsh": Fraction(6),
        "heavy_vegetation": Fraction(3),
        "rough": Fraction(8),
        "mountain": Fraction(12),
        "delta": Fraction(2),
        "desert": Fraction(24),
        "major_city": Fraction(1, 2),
    }
)
"""8.37: BP for entering a hex of each terrain (reference 8.37-terrain-effects.csv). Villages,
birs, oases, railroads and fortifications take the other terrain of the hex (8.37 "same")."""
ROAD_ONLY_HEXES: Final = frozenset({"swamp"})
"""8.37: entered only along a road (or railroad); no BP value is printed for them."""
HEXSIDE_BREAKDOWN: Final[Mapping[str, Fraction]] = MappingProxyType(
    {
        "ridge": Fraction(2),
        "up_slope": Fraction(2),
        "down_slope": Fraction(2),
        "down_escarpment": Fraction(6),
        "wadi": Fraction(8),
        "minor_river": Fraction(1),
        "major_river": Fraction(0),
    }
)
"""8.37, 8.41: BP added for crossing a hexside feature. A major river is crossed only on a road,
which adds nothing (8.37 note 11); no vehicle moves up an escarpment (8.42)."""
ROAD_HEX: Final = Fraction(1, 2)
"""8.37 (note 6), 21.23 example: a hex entered along a road, whatever its terrain and hexside."""
ROAD_WADI_AS_PRINTED: Final = Fraction(2)
"""8.41 as the seed text prints it: "Road Breakdown Rate (2 BP)" (ruling option ``two``)."""
LIGHT_TRUCK_EXTRA: Final = Fraction(1)
"""54.2 note: a light truck not moving along a road adds 1 BP (see the light-truck rulings)."""
NO_CHECK_AT_MOST: Final = 3
"""21.27: no check until a unit has more than 3 BP, whatever its BAR."""
PERCENTS: Final = (0, 10, 25, 33, 50, 75)
"""The results of chart 21.38: the percentage of a type's TOE Strength Points broken down."""
SANDSTORM_SHARE: Final = Fraction(1, 2)
"""21.37d: a Sandstorm shifts one column right when at least half the movement was in it."""


@dataclass(frozen=True, slots=True)
class HexMove:
    """One hex entered: ``terrain`` (a key of ``HEX_BREAKDOWN`` or ``"swamp"``), the hexside
    features crossed to enter it (keys of ``HEXSIDE_BREAKDOWN``; usually none or one) and the
    ``route`` (8.33: road or track only from a road/track hex through a road/track hexside)."""

    terrain: str
    hexsides: tuple[str, ...] = ()
    route: Route = "off-road"


@dataclass(frozen=True, slots=True)
class BreakdownRulings:
    """The options in force for the breakdown rulings (each field is one ruling; defaults shown).

    Raises ``ValueError`` naming the ruling for an option it does not have.
    """

    road_wadi: str = "half"
    road_escarpment: str = "escarpment-applies"
    light_truck_track: str = "halved"
    light_truck_extra: str = "hex-and-hexside"
    bar_dash: str = "no-shift"
    thirty_three: str = "one-third"
    sandstorm: str = "capability-points"

    def __post_init__(self) -> None:
        check_options(self._choices())

    def _choices(self) -> tuple[tuple[str, str], ...]:
        return tuple(
            (ruling_id, getattr(self, field.name))
            for ruling_id, field in zip(_RULING_IDS, fields(self), strict=True)
        )

    @classmethod
    def from_choices(cls, option: Callable[[str], str]) -> BreakdownRulings:
        """The rulings of a game, from its option lookup (e.g. ``GameState.ruling``)."""
        return cls(*(option(ruling_id) for ruling_id in _RULING_IDS))


_RULING_IDS: Final = (
    ROAD_WADI_RULING,
    ROAD_ESCARPMENT_RULING,
    LIGHT_TRUCK_TRACK_RULING,
    LIGHT_TRUCK_EXTRA_RULING,
    BAR_DASH_RULING,
    ONE_THIRD_RULING,
    SANDSTORM_RULING,
)
DEFAULT_RULINGS: Final = BreakdownRulings()


@cache
def breakdown_chart() -> Chart:
    """Chart 21.38 as bundled: rows ``"0-3"``, ``"4-10"``, ... ``"71+"`` (the printed BP
    columns, left to right), results ``"0"`` ... ``"75"`` (percent), read on D66."""
    return bundled_chart(CHART_ID)


def move_breakdown_points(
    move: HexMove, *, light_truck: bool = False, rulings: BreakdownRulings = DEFAULT_RULINGS
) -> Fraction:
    """BP a vehicle gains entering one hex (8.37, 8.41, 8.46; 54.2 for ``light_truck``).

    Off-road: the hex's value plus each hexside's. Track: both halved, except a down escarpment
    (6, 8.42). Road: ½, hexsides cancelled (rulings ``8.41-road-wadi-breakdown``,
    ``8.33-road-down-escarpment``). A light truck off the road adds 1 (rulings
    ``54.2-light-truck-*``). Raises ``ValueError`` for an unknown terrain or hexside and for a
    move no vehicle may make (swamp off a road, up an escarpment, a major river off a road, down
    an escarpment off a track or road).
    """
    _check_move(move)
    if move.route == "road":
        return _road_points(move, rulings)
    unhalved = light_truck and rulings.light_truck_track == "unhalved"
    factor = Fraction(1, 2) if move.route == "track" and not unhalved else Fraction(1)
    points = HEX_BREAKDOWN[move.terrain] * factor
    for side in move.hexsides:
        value = HEXSIDE_BREAKDOWN[side]
        points += value if side == "down_escarpment" else value * factor
    if light_truck:
        per_side = rulings.light_truck_extra == "hex-and-hexside"
        points += LIGHT_TRUCK_EXTRA * (1 + (len(move.hexsides) if per_side else 0))
    return points


def breakdown_points(
    moves: Iterable[HexMove],
    *,
    light_truck: bool = False,
    rulings: BreakdownRulings = DEFAULT_RULINGS,
) -> Fraction:
    """The BP of a path of hexes, summed exactly (21.23). Example (21.23): two road hexes, a
    rough hex, a clear hex across a ridge: ½ + ½ + 8 + (2 + 4) = 15. Raises as
    ``move_breakdown_points``."""
    return sum(
        (move_breakdown_points(m, light_truck=light_truck, rulings=rulings) for m in moves),
        Fraction(0),
    )


def rounded_points(points: Fraction | int) -> int:
    """21.31: all fractions of a Breakdown Point round up (20½ → 21). ``ValueError`` if < 0."""
    if points < 0:
        raise ValueError(f"Breakdown Points cannot be negative, found {points}")
    return ceil(Fraction(points))


def breakdown_column(
    points: Fraction | int, bar: int, *, hot: bool = False, sandstorm: bool = False
) -> Shift | None:
    """The 21.38 column read for ``points`` BP and a BAR of ``bar`` columns (+ right, − left),
    with Hot weather and a Sandstorm one column right each (21.32, 21.37), or ``None`` when the
    unit does not check (3 BP or fewer, 21.27). ``Shift.start`` is the column of the points,
    ``Shift.row`` the column read; ``clamped`` when 0-3 or 71+ stopped it (21.33: left of 4-10
    nothing breaks down). Example (21.34): 35 BP, trucks 2L, Hot → ``"21-30"``."""
    whole = rounded_points(points)
    if whole <= NO_CHECK_AT_MOST:
        return None
    chart = breakdown_chart()
    return chart.shift(chart.row_for(whole).key, bar + int(hot) + int(sandstorm))


def needs_check(
    points: Fraction | int,
    bar: int,
    *,
    hot: bool = False,
    sandstorm: bool = False,
    last_checked: str | None = None,
) -> bool:
    """Whether a unit that stops must check (21.24, 21.26, 21.27): it has more than 3 BP and,
    if it already checked this Operations Stage on column ``last_checked``, its column now is
    further right. Example (21.26): 15 then 17 BP at 1R stay on 21-30 (no); 27 reach 31-40."""
    column = breakdown_column(points, bar, hot=hot, sandstorm=sandstorm)
    if column is None:
        return False
    if last_checked is None:
        return True
    keys = breakdown_chart().keys
    return keys.index(column.row) > keys.index(breakdown_chart().row(last_checked).key)


def breakdown_percent(column: str, reading: int) -> int:
    """The percentage broken down for a sequential ``reading`` (11..66) on a 21.38 ``column``
    (21.34). Example: ``breakdown_percent("21-30", 33) == 10``. Raises ``ValueError`` for a
    number that is not a D66 reading, ``KeyError`` for an unknown column."""
    return int(breakdown_chart().lookup(column, reading))


def breakdown_percent_odds(
    points: Fraction | int, bar: int, *, hot: bool = False, sandstorm: bool = False
) -> dict[int, Fraction]:
    """The exact odds of each 21.38 result: {percent: probability}, ascending, impossible
    results left out, summing to exactly 1; ``{0: 1}`` when the unit does not check (21.27)."""
    column = breakdown_column(points, bar, hot=hot, sandstorm=sandstorm)
    if column is None:
        return {0: Fraction(1)}
    odds = breakdown_chart().distribution(column.row)
    return {int(result): p for result, p in odds.items()}


def toe_broken_down(
    toe_points: int, percent: int, rulings: BreakdownRulings = DEFAULT_RULINGS
) -> int:
    """TOE Strength Points (or Truck Points) of one type broken down by a 21.38 ``percent`` of
    ``toe_points``, rounded up (21.35); 10 % of a single point is ignored (21.35). 33 % is a
    third under ruling ``21.34-thirty-three-percent`` (21.34: 20 Crusaders → 7). Raises
    ``ValueError`` for a negative TOE or a percentage the chart does not print."""
    if toe_points < 0:
        raise ValueError(f"TOE Strength Points cannot be negative, found {toe_points}")
    if percent not in PERCENTS:
        raise ValueError(f"chart 21.38 prints {PERCENTS} percent, not {percent}")
    if toe_points == 1 and percent == 10:
        return 0
    share = Fraction(percent, 100)
    if percent == 33 and rulings.thirty_three == "one-third":
        share = Fraction(1, 3)
    return ceil(toe_points * share)


def toe_broken_down_odds(
    toe_points: int,
    points: Fraction | int,
    bar: int,
    *,
    hot: bool = False,
    sandstorm: bool = False,
    rulings: BreakdownRulings = DEFAULT_RULINGS,
) -> dict[int, Fraction]:
    """The exact odds of each number of TOE Strength Points broken down: {points broken:
    probability}, ascending, summing to exactly 1 (21.34, 21.35)."""
    odds: dict[int, Fraction] = {}
    for percent, p in breakdown_percent_odds(points, bar, hot=hot, sandstorm=sandstorm).items():
        broken = toe_broken_down(toe_points, percent, rulings)
        odds[broken] = odds.get(broken, Fraction(0)) + p
    return dict(sorted(odds.items()))


_BAR = re.compile(r"^(?:(?P<n>[0-9])(?P<d>[LR])|(?P<d2>[LR])(?P<n2>[0-9]))$")
_DASHES: Final = frozenset({"-", "–", "—"})


def bar_shift(printed: str, rulings: BreakdownRulings = DEFAULT_RULINGS) -> int | None:
    """A printed Breakdown Adjustment Rating as columns (21.12-21.14; + right, − left):
    ``"0"`` → 0, ``"1R"``/``"R1"`` → 1, ``"2L"``/``"L2"`` → −2. A dash (21.14, Arm/Recce) is
    0 or ``None`` (never breaks down) by ruling ``21.14-bar-dash``. Raises ``ValueError`` for
    text that is no rating, such as ``""`` (no BAR printed: not a vehicle, 21.11)."""
    text = printed.strip().upper()
    if text in _DASHES:
        return 0 if rulings.bar_dash == "no-shift" else None
    if text == "0":
        return 0
    match = _BAR.match(text)
    if match is None:
        raise ValueError(f"21.13: a BAR reads 0, 1R, 2L and the like, not {printed!r}")
    columns = int(match["n"] or match["n2"])
    return columns if (match["d"] or match["d2"]) == "R" else -columns


def truck_bar_shift(truck_type: TruckType) -> int:
    """The BAR of a Truck Point of ``truck_type`` as columns: −2 for every type (21.14, 54.2)."""
    return -truck_chart()[truck_type].breakdown_shift_left


def sandstorm_applies(
    *,
    cp_in_sandstorm: Fraction | int,
    cp_expended: Fraction | int,
    bp_in_sandstorm: Fraction | int,
    bp_accumulated: Fraction | int,
    rulings: BreakdownRulings = DEFAULT_RULINGS,
) -> bool:
    """21.37d: whether a Sandstorm shifts the column one right: at least half of the movement
    was in map sections with Sandstorms, counted in CP expended or in BP gained as ruling
    ``21.37-sandstorm-share`` says. False when nothing was expended."""
    if rulings.sandstorm == "capability-points":
        part, whole = Fraction(cp_in_sandstorm), Fraction(cp_expended)
    else:
        part, whole = Fraction(bp_in_sandstorm), Fraction(bp_accumulated)
    return whole > 0 and part / whole >= SANDSTORM_SHARE


def _road_points(move: HexMove, rulings: BreakdownRulings) -> Fraction:
    """A hex entered along a road (8.37 note 6; rulings on wadis and down escarpments)."""
    points = ROAD_HEX
    if "wadi" in move.hexsides and rulings.road_wadi == "two":
        points = ROAD_WADI_AS_PRINTED
    if "down_escarpment" in move.hexsides and rulings.road_escarpment == "escarpment-applies":
        points += HEXSIDE_BREAKDOWN["down_escarpment"]
    return points


def _check_move(move: HexMove) -> None:
    """Refuse names the 8.37 chart does not give and moves no vehicle may make."""
    known = (*HEX_BREAKDOWN, *ROAD_ONLY_HEXES)
    if move.terrain not in known:
        raise ValueError(f"8.37: unknown terrain {move.terrain!r}; expected one of {known}")
    if move.terrain in ROAD_ONLY_HEXES and move.route != "road":
        raise ValueError(f"8.37: {move.terrain} is entered only along a road")
    for side in move.hexsides:
        if side == "up_escarpment":
            raise ValueError("8.42: no vehicle moves up an escarpment")
        if side not in HEXSIDE_BREAKDOWN:
            known_sides = tuple(HEXSIDE_BREAKDOWN)
            raise ValueError(f"8.37: unknown hexside {side!r}; expected one of {known_sides}")
        if side == "major_river" and move.route != "road":
            raise ValueError("8.37 (note 11): vehicles cross a major river only on a road")
        if side == "down_escarpment" and move.route == "off-road":
            raise ValueError("8.37 (note 9), 8.42: vehicles go down an escarpment on a track")
