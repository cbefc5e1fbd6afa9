"""Chart 14.6's column and dice for Anti-Armor fire (14.32-14.35, chart 14.6 notes).

The chart (columns "0*", "1".."15", "16+" of Actual Anti-Armor points; Damage Points "0".."32")
and its printed rows, pairs of readings; the column read after the terrain shifts (14.32,
14.33), below the 1 column on the 0* column or no effect (14.35, ruling
``14.35-shift-below-one``), from 16+ by columns or points (ruling ``14.32-shift-from-16-plus``);
the Damage Points' exact odds over the 36 throws; the row a throw is read on, one up for the
Phasing Player (chart note), and the check of a reading.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Final

from ledger.charts.dice import D66
from ledger.charts.engine import Chart
from ledger.charts.figures import Figure
from ledger.charts.loader import bundled_chart

CHART_ID: Final = "14.6-anti-armor"
ZERO_STAR: Final = "0*"
NO_EFFECT: Final = "no effect"
"""The column of a fire that cannot be made or has no effect (the reason is given with it)."""

SHIFT_BELOW_ONE_RULING: Final = "14.35-shift-below-one"
SHIFT_BELOW_ONE_OPTIONS: Final = ("zero-star-column", "no-effect")
SHIFT_FROM_16_RULING: Final = "14.32-shift-from-16-plus"
SHIFT_FROM_16_OPTIONS: Final = ("column", "points")
EXAMPLE_READING_RULING: Final = "combat-example-anti-armor-reading"

DICE_ROWS: Final[tuple[tuple[int, int], ...]] = tuple(
    (10 * tens + units, 10 * tens + units + 1) for tens in range(1, 7) for units in (1, 3, 5)
)
"""The printed rows of chart 14.6: pairs of readings (11, 12), (13, 14), ..., (65, 66)."""


def anti_armor_chart() -> Chart:
    """Chart 14.6 (``ledger/charts/data/14.6-anti-armor.toml``): rows are the columns "0*",
    "1".."15", "16+" of Actual Anti-Armor Points; results are Damage Points "0".."32"."""
    return bundled_chart(CHART_ID)


def column_read(
    points: int, total: int, below_one: str, from_16: str
) -> tuple[str, str, list[Figure]]:
    """The column of chart 14.6 read after ``total`` columns of shift (negative: to the
    left, 14.32, 14.33) from the column of ``points`` Actual Anti-Armor points (0: 1-4 Raw
    points, the 0* column). Returns (column key, or ``NO_EFFECT``; the no-effect reason, ""
    when the fire is read; the figures). Below the 1 column: the 0* column or no effect
    (``below_one``, ruling ``14.35-shift-below-one``); from 16+: by printed columns or by
    points (``from_16``, ruling ``14.32-shift-from-16-plus``). A shift left from the 0* column
    has no effect (14.35)."""
    chart = anti_armor_chart()
    keys = chart.keys
    if points == 0:
        figures = [Figure("starting column", ZERO_STAR, "14.6", "1-4 Raw points")]
        if total < 0:
            why = "a terrain shift from the 0* column leaves nothing to fire (14.35)"
            return NO_EFFECT, why, figures
        return chart.shift(ZERO_STAR, total).row, "", figures
    start = chart.row_for(points).key
    figures = [Figure("starting column", start, "14.6", f"{points} Actual points")]
    if from_16 == "points":
        value = points + total
        reached = chart.row_for(value).key if value >= 1 else None
        how = f"{points} {total:+d} = {value} points (ruling {SHIFT_FROM_16_RULING}=points)"
    else:
        index = keys.index(start) + total
        reached = keys[min(index, len(keys) - 1)] if index >= keys.index("1") else None
        how = f"{total:+d} printed columns from {start}"
    if reached is None:
        if below_one == "no-effect":
            why = f"shifted below the 1 column: no effect (14.35, {SHIFT_BELOW_ONE_RULING})"
            return NO_EFFECT, why, figures
        reached, how = ZERO_STAR, f"{how}: below 1, read on the 0* column (14.35)"
    figures.append(Figure("column read", reached, "14.32, 14.33, 14.35", how))
    return reached, "", figures


def damage_point_odds(column: str, phasing: bool) -> dict[str, Fraction]:
    """{Damage Points ("0".."32", chart 14.6's results): exact probability} of ``column``
    over the 36 throws, the Phasing Player's reading moved up one row (``phasing``, chart
    note, ``row_read``); in the chart's result order, summing to 1."""
    chart = anti_armor_chart()
    odds: dict[str, Fraction] = {}
    for reading in D66.readings:
        result = chart.lookup(column, row_read(reading, phasing=phasing)[0])
        odds[result] = odds.get(result, Fraction(0)) + D66.probability(reading)
    return {r: odds[r] for r in chart.results if r in odds}


def row_read(reading: int, *, phasing: bool) -> tuple[int, int]:
    """The printed row (a pair of readings) a throw is read on: the Phasing Player's reading
    moves up one row, towards 11-12, which stays (chart 14.6 note). 51 -> (45, 46) when
    Phasing, (51, 52) otherwise. Raises ``ValueError`` for a reading two dice cannot show."""
    check_reading(reading)
    index = next(i for i, pair in enumerate(DICE_ROWS) if reading in pair)
    return DICE_ROWS[max(index - 1, 0) if phasing else index]


def check_reading(reading: int) -> int:
    """``reading`` when it is a sequential two-dice reading (11..66, both digits 1..6, 14.6);
    ``ValueError`` naming the field, the value and the case otherwise."""
    if isinstance(reading, bool) or not isinstance(reading, int) or reading not in D66:
        raise ValueError(
            f"reading {reading!r}: expected two dice read in sequence, 11..66 with both digits "
            "1..6 (14.6)"
        )
    return reading
