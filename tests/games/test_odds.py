"""The shared column choosers of ledger.charts.odds, at every rounding boundary.

Odds round down to the printed column, in the defender's favour (Combined Arms 8.3): 5 to 4 is
1.25, read as 1-1 on a table printing 1-1, 3-2, 2-1; 3 to 2 is exactly 3-2; 29 to 10 is 2.9, still
2-1; 10 to 1 and above are read as the last column.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ledger.charts.dice import D6, TWO_D6_SUM
from ledger.charts.engine import Chart, ChartRow
from ledger.charts.odds import (
    OddsTooLow,
    band_column,
    chance_at_least,
    differential_column,
    modified_odds,
    odds_column,
    parse_ratio,
)

COLUMNS = ("1-1", "3-2", "2-1", "3-1", "4-1", "5-1", "6-1", "7-1", "8-1", "9-1", "10-1")


@pytest.mark.parametrize(
    ("attack", "defense", "column"),
    [
        (4, 4, "1-1"),
        (5, 4, "1-1"),  # 1.25
        (Fraction(59, 4), 10, "1-1"),  # 1.475, just under 3-2
        (3, 2, "3-2"),  # exactly
        (Fraction(399, 200), 1, "3-2"),  # 1.995
        (2, 1, "2-1"),
        (29, 10, "2-1"),
        (30, 10, "3-1"),
        (99, 10, "9-1"),
        (10, 1, "10-1"),
    ],
)
def test_odds_round_down_to_the_printed_column(attack: int, defense: int, column: str) -> None:
    assert odds_column(attack, defense, COLUMNS).column == column


def test_odds_above_the_last_column_read_as_it() -> None:
    found = odds_column(23, 2, COLUMNS, case="8.3")
    assert (found.column, found.clamped, found.ratio) == ("10-1", "high", Fraction(23, 2))
    assert odds_column(10, 1, COLUMNS).clamped == ""


def test_odds_below_the_first_column_refused_or_read_on_it() -> None:
    with pytest.raises(OddsTooLow, match=r"below the table's first column 1-1.*\(8\.3\)"):
        odds_column(7, 8, COLUMNS, case="8.3")
    found = odds_column(1, 4, ("1-3", "1-2", "1-1"), below="lowest")
    assert (found.column, found.clamped) == ("1-3", "low")


def test_defense_zero_needs_its_own_column() -> None:
    assert odds_column(3, 0, ("0-any", "1-3", "1-1"), zero_defense="0-any").column == "0-any"
    with pytest.raises(ValueError, match="defense strength of 0"):
        odds_column(3, 0, COLUMNS)


def test_halved_strengths_stay_exact() -> None:
    # 7 halved is 7/2 against 3: 7/6 = 1.1666..., 1-1, not 3-2 by rounding 3.5 up to 4.
    found = odds_column(Fraction(7, 2), 3, COLUMNS)
    assert (found.column, found.ratio) == ("1-1", Fraction(7, 6))


def test_parse_ratio_refuses_text_and_zero() -> None:
    assert parse_ratio("3-2").value == Fraction(3, 2)
    with pytest.raises(ValueError, match="not an odds column"):
        parse_ratio("three")
    with pytest.raises(ValueError, match="at least 1"):
        parse_ratio("0-1")


@given(st.integers(0, 400), st.integers(1, 60))
def test_the_column_never_favours_the_attacker(attack: int, defense: int) -> None:
    ratio = Fraction(attack, defense)
    if ratio < 1:
        with pytest.raises(OddsTooLow):
            odds_column(attack, defense, COLUMNS)
        return
    column = parse_ratio(odds_column(attack, defense, COLUMNS).column)
    assert column.value <= ratio
    higher = [parse_ratio(c) for c in COLUMNS if parse_ratio(c).value > column.value]
    assert all(c.value > ratio for c in higher)


def _band_chart() -> Chart:
    def row(key: str, low: int | None, high: int | None) -> ChartRow:
        return ChartRow(key, key, (("x", D6.readings),), low, high)

    rows = (row("-2", None, -2), row("-1", -1, -1), row("0", 0, 0), row("+1", 1, 3))
    return Chart("t", "0.0", "test", "test", D6, "Differential", ("x",), rows)


def test_differential_and_band_rows_clamp_at_the_bounded_ends() -> None:
    chart = _band_chart()
    assert differential_column(5, 9, chart).row == "-2"  # open low end serves it
    assert differential_column(6, 6, chart).row == "0"
    high = differential_column(9, 2, chart)
    assert (high.row, high.clamped) == ("+1", "high")
    assert band_column(2, chart).row == "+1"


def test_modified_odds_clamp_and_sum_to_one() -> None:
    assert modified_odds(D6, 2, high=6) == {
        3: Fraction(1, 6),
        4: Fraction(1, 6),
        5: Fraction(1, 6),
        6: Fraction(1, 2),
    }
    odds = modified_odds(TWO_D6_SUM, -3, low=1)
    assert odds[1] == Fraction(6, 36)  # readings 2, 3, 4 → 1
    assert sum(odds.values()) == 1


def test_chance_at_least() -> None:
    assert chance_at_least(D6, 4) == Fraction(1, 2)
    assert chance_at_least(D6, 4, modifier=2) == Fraction(5, 6)
    assert chance_at_least(TWO_D6_SUM, 10) == Fraction(6, 36)
    assert chance_at_least(D6, 9) == 0


def test_a_zero_defense_may_read_a_printed_ratio_column() -> None:
    # Highway to the Reich 8.73: an attack on a defense of 0 is read as 4-1, still a ratio column.
    htr = ("1-3", "1-2", "1-1", "2-1", "3-1", "4-1")
    assert odds_column(5, 0, htr, zero_defense="4-1").column == "4-1"
    assert odds_column(7, 2, htr, zero_defense="4-1").column == "3-1"  # 4-1 still a column
    assert odds_column(9, 2, htr, zero_defense="4-1").column == "4-1"


@pytest.mark.parametrize(
    ("attack", "defense", "column"),
    [
        (5, 4, "1-1"),  # 1.25: 1-1 and 3-2 are both 1/4 away; a tie goes down
        (13, 10, "3-2"),  # 1.3: 3-2 is 1/5 away, 1-1 3/10
        (7, 4, "3-2"),  # 1.75: 3-2 and 2-1 both 1/4 away; down to 3-2
        (9, 5, "2-1"),  # 1.8: 2-1 is 1/5 away, 3-2 3/10
        (3, 2, "3-2"),  # exactly printed
    ],
)
def test_nearest_rounding_takes_the_closest_printed_ratio(
    attack: int, defense: int, column: str
) -> None:
    assert odds_column(attack, defense, COLUMNS, rounding="nearest").column == column
