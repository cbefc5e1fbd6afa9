"""Breakdown (21.x): chart 21.38 as data, Breakdown Points from movement, columns, exact odds."""

import csv
from fractions import Fraction
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ledger.charts.dice import D66
from ledger.charts.engine import coverage_problems
from ledger.model.rulings import RULINGS
from ledger.rules.breakdown import (
    PERCENTS,
    BreakdownRulings,
    HexMove,
    bar_shift,
    breakdown_chart,
    breakdown_column,
    breakdown_percent,
    breakdown_percent_odds,
    breakdown_points,
    move_breakdown_points,
    needs_check,
    rounded_points,
    sandstorm_applies,
    toe_broken_down,
    toe_broken_down_odds,
    truck_bar_shift,
)
from tests.conftest import REFERENCE

REFERENCE_CSV = REFERENCE / "cna/charts/21.38-breakdown.csv"
COLUMNS = ("0-3", "4-10", "11-20", "21-30", "31-40", "41-50", "51-60", "61-70", "71+")
OPTIONS = {r.id: r.options for r in RULINGS}
ALL_RULINGS = st.builds(
    BreakdownRulings,
    *(
        st.sampled_from(OPTIONS[i])
        for i in (
            "8.41-road-wadi-breakdown",
            "8.33-road-down-escarpment",
            "54.2-light-truck-example",
            "54.2-light-truck-extra-point",
            "21.14-bar-dash",
            "21.34-thirty-three-percent",
            "21.37-sandstorm-share",
        )
    ),
)
QUARTER_POINTS = st.integers(0, 400).map(lambda q: Fraction(q, 4))  # 0 .. 100 BP
BARS = st.integers(-3, 3)


def at_least(odds: dict[int, Fraction], percent: int) -> Fraction:
    return sum((p for r, p in odds.items() if r >= percent), Fraction(0))


def column_read(
    points: Fraction | int, bar: int, *, hot: bool = False, sandstorm: bool = False
) -> str:
    """The 21.38 column read, for a unit that checks."""
    column = breakdown_column(points, bar, hot=hot, sandstorm=sandstorm)
    assert column is not None
    return column.row


# --- the chart as data ---------------------------------------------------------------------


def test_the_chart_is_bundled_with_its_case_source_and_dice() -> None:
    chart = breakdown_chart()
    assert chart.id == "21.38-breakdown"
    assert chart.case == "21.38"
    assert "21.38-breakdown.csv" in chart.source
    assert chart.dice is D66
    assert chart.keys == COLUMNS
    assert chart.results == tuple(str(p) for p in PERCENTS)


def test_every_column_covers_the_36_readings_once_and_there_is_no_printed_gap() -> None:
    chart = breakdown_chart()
    assert chart.gaps == ()
    assert coverage_problems(chart, subtract_declared_gaps=False) == []
    for key in chart.keys:
        assert sum(chart.distribution(key).values()) == 1


def test_every_cell_matches_the_reference_csv() -> None:
    lines = [line for line in REFERENCE_CSV.read_text().splitlines() if not line.startswith("#")]
    records = list(csv.DictReader(lines))
    assert [r["percent_breakdown"] for r in records] == [str(p) for p in PERCENTS]
    chart = breakdown_chart()
    for record in records:
        result = record["percent_breakdown"]
        for column in COLUMNS:
            cells = dict(chart.row(column).cells)
            if not record[column]:
                assert result not in cells, (column, result)
                continue
            low, high = (int(x) for x in record[column].split("-"))
            assert cells[result] == D66.between(low, high), (column, result)


def test_odds_of_the_11_to_20_column_counted_by_hand() -> None:
    # 0 %: 11-32 = 11..16, 21..26, 31, 32           = 6 + 6 + 2     = 14 readings
    # 10 %: 33-62 = 33..36, 41..46, 51..56, 61, 62  = 4 + 6 + 6 + 2 = 18
    # 25 %: 63, 64 = 2; 33 %: 65 = 1; 50 %: 66 = 1;   14 + 18 + 2 + 1 + 1 = 36
    assert breakdown_percent_odds(15, 0) == {
        0: Fraction(14, 36),
        10: Fraction(18, 36),
        25: Fraction(2, 36),
        33: Fraction(1, 36),
        50: Fraction(1, 36),
    }


def test_odds_of_the_71_plus_column_counted_by_hand() -> None:
    # 10 %: 11-25 = 6 + 5 = 11; 25 %: 26-43 = 1 + 6 + 3 = 10; 33 %: 44-55 = 3 + 5 = 8;
    # 50 %: 56-63 = 1 + 3 = 4; 75 %: 64-66 = 3.   11 + 10 + 8 + 4 + 3 = 36, no 0 % at all.
    assert breakdown_percent_odds(90, 0) == {
        10: Fraction(11, 36),
        25: Fraction(10, 36),
        33: Fraction(8, 36),
        50: Fraction(4, 36),
        75: Fraction(3, 36),
    }


def test_within_a_column_a_higher_reading_is_never_better() -> None:
    for column in COLUMNS:
        percents = [breakdown_percent(column, r) for r in D66.readings]
        assert percents == sorted(percents), column


def test_a_column_further_right_is_never_kinder_for_any_threshold() -> None:
    # The chart is monotone: P(at least t %) never falls from one column to the next.
    chart = breakdown_chart()
    for left, right in pairwise(COLUMNS):
        lo = {int(k): p for k, p in chart.distribution(left).items()}
        hi = {int(k): p for k, p in chart.distribution(right).items()}
        for percent in PERCENTS:
            assert at_least(lo, percent) <= at_least(hi, percent), (left, right, percent)


def test_columns_serve_their_points_with_71_plus_open() -> None:
    chart = breakdown_chart()
    assert chart.row_for(3).key == "0-3"
    assert chart.row_for(4).key == "4-10"
    assert chart.row_for(20).key == "11-20"
    assert chart.row_for(21).key == "21-30"
    assert chart.row_for(71).key == "71+"  # 21.33 says "more than 71"; the heading has 71
    assert chart.row_for(500).key == "71+"


# --- Breakdown Points from movement -------------------------------------------------------


def test_21_23_example_two_road_hexes_rough_ridge_clear_is_15() -> None:
    path = [
        HexMove("clear", route="road"),
        HexMove("clear", route="road"),
        HexMove("rough"),
        HexMove("clear", hexsides=("ridge",)),
    ]
    assert breakdown_points(path) == 15  # ½ + ½ + 8 + 2 + 4


def test_54_2_light_truck_example_wadi_and_rough_along_a_track() -> None:
    move = HexMove("rough", hexsides=("wadi",), route="track")
    # Default: ½ x 8 + ½ x 8 + 1 + 1 = 10, the note's own arithmetic.
    assert move_breakdown_points(move, light_truck=True) == 10
    # The printed total, 18 = 8 + 8 + 1 + 1, under the other option.
    unhalved = BreakdownRulings(light_truck_track="unhalved")
    assert move_breakdown_points(move, light_truck=True, rulings=unhalved) == 18
    per_hex = BreakdownRulings(light_truck_extra="per-hex")
    assert move_breakdown_points(move, light_truck=True, rulings=per_hex) == 9
    # Any other vehicle on the same track: 4 + 4.
    assert move_breakdown_points(move) == 8


def test_a_light_truck_on_a_road_pays_the_road_rate_only() -> None:
    assert move_breakdown_points(HexMove("rough", route="road"), light_truck=True) == Fraction(1, 2)


def test_tracks_halve_hexes_and_hexsides_but_not_a_down_escarpment() -> None:
    assert move_breakdown_points(HexMove("heavy_vegetation", route="track")) == Fraction(3, 2)
    assert move_breakdown_points(HexMove("clear", ("wadi",), "track")) == 2 + 4  # 8.41: 4
    assert move_breakdown_points(HexMove("clear", ("minor_river",), "track")) == Fraction(5, 2)
    assert move_breakdown_points(HexMove("clear", ("down_escarpment",), "track")) == 2 + 6


def test_off_road_values_of_8_37() -> None:
    assert move_breakdown_points(HexMove("desert")) == 24
    assert move_breakdown_points(HexMove("mountain", ("up_slope",))) == 14
    assert move_breakdown_points(HexMove("clear", ("wadi",))) == 12  # 8.41: 8 for the wadi
    assert move_breakdown_points(HexMove("major_city")) == Fraction(1, 2)


def test_roads_cancel_hexsides_with_the_wadi_and_escarpment_rulings() -> None:
    wadi = HexMove("clear", ("wadi",), "road")
    assert move_breakdown_points(wadi) == Fraction(1, 2)
    assert move_breakdown_points(wadi, rulings=BreakdownRulings(road_wadi="two")) == 2
    down = HexMove("clear", ("down_escarpment",), "road")
    assert move_breakdown_points(down) == Fraction(13, 2)
    cancels = BreakdownRulings(road_escarpment="road-cancels")
    assert move_breakdown_points(down, rulings=cancels) == Fraction(1, 2)
    assert move_breakdown_points(HexMove("swamp", ("major_river",), "road")) == Fraction(1, 2)


@pytest.mark.parametrize(
    "move",
    [
        HexMove("swamp"),
        HexMove("swamp", route="track"),
        HexMove("clear", ("up_escarpment",), "track"),
        HexMove("clear", ("major_river",)),
        HexMove("clear", ("down_escarpment",)),
        HexMove("village"),
        HexMove("clear", ("fence",)),
    ],
)
def test_moves_no_vehicle_may_make_and_unknown_names_are_refused(move: HexMove) -> None:
    with pytest.raises(ValueError, match=r"8\.(37|42)"):
        move_breakdown_points(move)


# --- columns, shifts and the check ---------------------------------------------------------


def test_21_31_fractions_round_up() -> None:
    assert rounded_points(Fraction(41, 2)) == 21
    assert rounded_points(20) == 20
    assert column_read(Fraction(41, 2), 0) == "21-30"
    with pytest.raises(ValueError, match="negative"):
        rounded_points(-1)


def test_21_27_three_points_or_fewer_never_check_whatever_the_bar() -> None:
    assert breakdown_column(3, 2, hot=True, sandstorm=True) is None
    assert breakdown_percent_odds(3, 2) == {0: Fraction(1)}
    assert not needs_check(3, 2)
    column = breakdown_column(Fraction(13, 4), 2)  # 3¼ rounds up to 4: 4-10, then 2R
    assert column is not None and column.row == "21-30"


def test_21_34_example_trucks_and_crusaders_in_hot_weather() -> None:
    trucks = breakdown_column(35, truck_bar_shift("medium"), hot=True)
    assert trucks is not None and (trucks.start, trucks.row) == ("31-40", "21-30")
    assert breakdown_percent(trucks.row, 33) == 10
    assert toe_broken_down(30, 10) == 3
    crusader_bar = bar_shift("R1")
    assert crusader_bar == 1
    crusaders = breakdown_column(35, crusader_bar, hot=True)
    assert crusaders is not None and crusaders.row == "51-60"
    assert breakdown_percent(crusaders.row, 61) == 33
    assert toe_broken_down(20, 33) == 7  # 20/3 = 6.7, rounded up


def test_21_26_example_checks_again_only_in_a_higher_column() -> None:
    # The LII battalion of M13s, one column right as the example counts it.
    first = breakdown_column(15, 1)
    assert first is not None and first.row == "21-30"
    assert needs_check(15, 1)
    assert not needs_check(17, 1, last_checked=first.row)
    assert needs_check(27, 1, last_checked=first.row)
    assert column_read(27, 1) == "31-40"


def test_21_29_example_recce_units_in_different_columns() -> None:
    assert column_read(38, 0) == "31-40"
    assert column_read(23, 0) == "21-30"


def test_bar_shifts_stop_at_the_chart_edges() -> None:
    right = breakdown_column(90, 2, hot=True)
    assert right is not None
    assert (right.row, right.requested, right.applied, right.clamped) == ("71+", 3, 0, True)
    almost = breakdown_column(60, 2)
    assert almost is not None and (almost.row, almost.applied, almost.clamped) == (
        "71+",
        2,
        False,
    )
    left = breakdown_column(8, -2)
    assert left is not None
    assert (left.start, left.row, left.applied, left.clamped) == ("4-10", "0-3", -1, True)
    # 21.33: left of 4-10 nothing breaks down.
    assert breakdown_percent_odds(8, -2) == {0: Fraction(1)}
    assert breakdown_percent_odds(15, -2) == {0: Fraction(1)}  # 11-20 two left: 0-3, exact


def test_hot_and_sandstorm_add_to_the_bar() -> None:
    # 21.32: 2L plus one right for the weather is one left.
    assert column_read(35, -2, hot=True) == "21-30"
    assert column_read(35, -2, hot=True, sandstorm=True) == "31-40"


def test_printed_bars_and_truck_bars() -> None:
    assert bar_shift("0") == 0
    assert bar_shift("1R") == bar_shift("R1") == 1
    assert bar_shift("2R") == 2
    assert bar_shift("1L") == bar_shift("L1") == -1
    assert bar_shift("2L") == -2
    assert bar_shift("—") == 0
    assert bar_shift("-", BreakdownRulings(bar_dash="never-breaks-down")) is None
    for printed in ("", "R", "3X", "1R1"):
        with pytest.raises(ValueError, match=r"21\.13"):
            bar_shift(printed)
    assert [truck_bar_shift(t) for t in ("light", "medium", "heavy")] == [-2, -2, -2]


# --- losses --------------------------------------------------------------------------------


def test_21_35_rounding_up_and_the_single_point_exception() -> None:
    assert toe_broken_down(1, 10) == 0
    assert toe_broken_down(1, 25) == 1
    assert toe_broken_down(2, 10) == 1  # 0.2 rounded up
    assert toe_broken_down(7, 0) == 0
    assert toe_broken_down(8, 75) == 6
    assert toe_broken_down(100, 33) == 34  # a third: 33⅓ → 34
    hundredths = BreakdownRulings(thirty_three="thirty-three-hundredths")
    assert toe_broken_down(100, 33, hundredths) == 33
    with pytest.raises(ValueError, match="percent"):
        toe_broken_down(10, 20)
    with pytest.raises(ValueError, match="negative"):
        toe_broken_down(-1, 10)


def test_toe_odds_for_ten_crusaders_at_15_points() -> None:
    # 11-20 column: 0 % (14) → 0; 10 % (18) → 1; 25 % (2) → 3; 33 % (1) → 4; 50 % (1) → 5.
    assert toe_broken_down_odds(10, 15, 0) == {
        0: Fraction(14, 36),
        1: Fraction(18, 36),
        3: Fraction(2, 36),
        4: Fraction(1, 36),
        5: Fraction(1, 36),
    }


def test_sandstorm_share_by_ruling() -> None:
    # Half of the CP (10 of 20) but a fifth of the BP (4 of 20) in the Sandstorm.
    def applies(rulings: BreakdownRulings) -> bool:
        return sandstorm_applies(
            cp_in_sandstorm=10,
            cp_expended=20,
            bp_in_sandstorm=4,
            bp_accumulated=20,
            rulings=rulings,
        )

    assert applies(BreakdownRulings())
    assert not applies(BreakdownRulings(sandstorm="breakdown-points"))
    assert not sandstorm_applies(
        cp_in_sandstorm=0, cp_expended=0, bp_in_sandstorm=0, bp_accumulated=0
    )


def test_rulings_are_registered_and_checked() -> None:
    defaults = {r.id: r.default for r in RULINGS}
    assert BreakdownRulings.from_choices(defaults.__getitem__) == BreakdownRulings()
    with pytest.raises(ValueError, match=r"8\.41-road-wadi-breakdown"):
        BreakdownRulings(road_wadi="four")


# --- properties ----------------------------------------------------------------------------


@given(QUARTER_POINTS, BARS, st.booleans(), st.booleans())
def test_odds_sum_to_one_and_match_the_readings(
    points: Fraction, bar: int, hot: bool, sandstorm: bool
) -> None:
    odds = breakdown_percent_odds(points, bar, hot=hot, sandstorm=sandstorm)
    assert sum(odds.values()) == 1
    column = breakdown_column(points, bar, hot=hot, sandstorm=sandstorm)
    if column is not None:
        counted: dict[int, Fraction] = {}
        for reading in D66.readings:
            percent = breakdown_percent(column.row, reading)
            counted[percent] = counted.get(percent, Fraction(0)) + Fraction(1, 36)
        assert counted == odds


@given(QUARTER_POINTS, QUARTER_POINTS, BARS, st.booleans(), st.booleans())
def test_more_points_never_make_breakdown_less_likely(
    a: Fraction, b: Fraction, bar: int, hot: bool, sandstorm: bool
) -> None:
    low, high = sorted((a, b))
    lo = breakdown_percent_odds(low, bar, hot=hot, sandstorm=sandstorm)
    hi = breakdown_percent_odds(high, bar, hot=hot, sandstorm=sandstorm)
    for percent in PERCENTS:
        assert at_least(lo, percent) <= at_least(hi, percent)


@given(QUARTER_POINTS, BARS, st.integers(0, 60), ALL_RULINGS)
def test_toe_odds_sum_to_one_and_never_exceed_the_toe(
    points: Fraction, bar: int, toe: int, rulings: BreakdownRulings
) -> None:
    odds = toe_broken_down_odds(toe, points, bar, rulings=rulings)
    assert sum(odds.values()) == 1
    assert all(0 <= broken <= toe for broken in odds)


@given(
    st.lists(
        st.builds(
            HexMove,
            st.sampled_from(["clear", "gravel", "rough", "mountain", "desert", "delta"]),
            st.sampled_from([(), ("wadi",), ("ridge",), ("minor_river",)]),
            st.sampled_from(["off-road", "track", "road"]),
        ),
        max_size=12,
    ),
    ALL_RULINGS,
)
def test_points_add_up_and_light_trucks_never_gain_fewer(
    path: list[HexMove], rulings: BreakdownRulings
) -> None:
    total = breakdown_points(path, rulings=rulings)
    assert total == sum((move_breakdown_points(m, rulings=rulings) for m in path), Fraction(0))
    assert breakdown_points(path, light_truck=True, rulings=rulings) >= total
    assert total >= 0
