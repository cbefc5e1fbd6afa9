"""Disruption Recovery (11.51/11.54), Weather (14.11) and Air Landing (14.92): chart cells
against the source text, coverage, and exact odds worked out by hand.

Source: ../shared/rules/004_948575d8d0b81562.txt (11.51 lines 97-106, 11.54 lines 116-122,
14.11 lines 74-88, 14.92 lines 128-149).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from ledger.charts.engine import coverage_problems
from ledger.games.highway_to_the_reich.air_landing import (
    abort_chart,
    air_landing,
    air_landing_chart,
    flight_condition_points,
)
from ledger.games.highway_to_the_reich.recovery import disruption_recovery, recovery_table
from ledger.games.highway_to_the_reich.weather import band_for_time, weather, weather_chart

# --- 11.51 / 11.54 ------------------------------------------------------------------------------


def test_recovery_cells_match_the_printed_rows() -> None:
    table = recovery_table()
    assert table.lookup(2, 4) == "R"  # line 102: only Morale 4 recovers on 2
    assert table.lookup(2, 3) == "•"
    assert table.lookup(4, 1) == "•"  # line 104
    assert table.lookup(4, 2) == "R"
    assert table.lookup(5, 1) == "R"  # line 105
    assert table.lookup(-2, 4) == "•"  # line 98
    assert (table.lowest, table.highest) == (-2, 6)
    # each Morale column reads every total -2..6 once
    for morale in table.morale_ratings:
        assert [table.lookup(t, morale) in ("R", "•") for t in range(-2, 7)] == [True] * 9


@pytest.mark.parametrize(
    ("morale", "situations", "chance"),
    [
        (1, [], Fraction(1, 3)),  # 5, 6
        (2, [], Fraction(1, 2)),  # 4-6
        (3, [], Fraction(2, 3)),  # 3-6
        (4, [], Fraction(5, 6)),  # 2-6
        # -3: totals -2..3; Morale 4 recovers on 2, 3 (die 5, 6)
        (
            4,
            ["adjacent_enemy_armor", "out_of_supply", "adjacent_friendly_disrupted"],
            Fraction(1, 3),
        ),
        # -3 at Morale 1: best total 3, never 5
        (1, ["adjacent_enemy_armor", "out_of_supply", "adjacent_friendly_disrupted"], Fraction(0)),
        # +2: totals 3..8 read 3, 4, 5, 6, 6, 6; Morale 1 recovers on die 3..6
        (1, ["friendly_armor", "friendly_hq_or_leader"], Fraction(2, 3)),
    ],
)
def test_recovery_odds(morale: int, situations: list[str], chance: Fraction) -> None:
    found = disruption_recovery(morale, situations)
    assert found.chance == chance
    assert sum(found.result_odds.values()) == 1


def test_totals_above_six_read_six() -> None:
    """+2: die 4, 5, 6 all read 6 (11.54): 6 has 3/6 = 1/2."""
    totals = disruption_recovery(2, ["friendly_armor", "friendly_hq_or_leader"]).totals
    assert totals == {3: Fraction(1, 6), 4: Fraction(1, 6), 5: Fraction(1, 6), 6: Fraction(1, 2)}


def test_recovery_refuses_unknown_situations_and_ratings() -> None:
    with pytest.raises(ValueError, match=r"unknown 11\.54 situation raining"):
        disruption_recovery(2, ["raining"])
    with pytest.raises(ValueError, match="Morale Rating 5"):
        disruption_recovery(5, [])


# --- 14.11 --------------------------------------------------------------------------------------


def test_weather_chart_covers_every_roll_and_matches_the_text() -> None:
    chart = weather_chart()
    assert coverage_problems(chart) == []
    assert chart.lookup("0201-0600 north", 9) == "P"  # line 83
    assert chart.lookup("0201-0600 south", 9) == "6"
    assert chart.lookup("1201-1400 north", 2) == "3"  # line 76
    assert chart.lookup("1201-1400 south", 2) == "6"
    assert chart.lookup("1201-1400 south", 12) == "P"  # line 86


def test_weather_odds_by_day_and_night() -> None:
    """1201-1400 North: P on 5, 7, 12 = (4 + 6 + 1)/36 = 11/36; 0 on 8, 11 = 7/36.
    0201-0600 South at night: 0 -> 5 on 2, 6, 8, 10, 12 = (1+5+5+3+1)/36 = 15/36."""
    day = weather("1201-1400", "north")
    assert day.no_air_operations == Fraction(11, 36)
    assert day.condition_odds["0"] == Fraction(7, 36)
    night = weather("0201-0600", "south", night=True)
    assert night.condition_odds == {
        "5": Fraction(15, 36),
        "8": Fraction(4, 36),
        "11": Fraction(17, 36),
    }
    assert sum(night.condition_odds.values()) == 1
    with pytest.raises(ValueError, match="not a printed time band"):
        weather("0601-1200", "north")


def test_times_map_to_bands_or_follow_the_ruling() -> None:
    assert band_for_time("0201")[0] == "0201-0600"
    assert band_for_time("1400")[0] == "1201-1400"
    with pytest.raises(ValueError, match="no printed band"):
        band_for_time("0200")
    assert band_for_time("0900", "last-printed-band")[0] == "0201-0600"
    assert band_for_time("2300", "last-printed-band")[0] == "1201-1400"
    with pytest.raises(ValueError, match="HHMM"):
        band_for_time("25:00")


# --- 14.92 --------------------------------------------------------------------------------------


def test_air_landing_chart_covers_every_roll_and_matches_the_text() -> None:
    chart = air_landing_chart()
    assert coverage_problems(chart) == []
    assert coverage_problems(abort_chart()) == []
    assert chart.lookup("0-3", 12) == "L1"  # line 139
    assert chart.lookup("11+", 12) == "A"
    assert chart.lookup("11+", 9) == "L1"  # line 137
    assert chart.lookup("9-10", 10) == "L1"  # line 138
    assert chart.lookup("4-6", 11) == "S1"  # line 138


@pytest.mark.parametrize(
    ("points", "row"),
    [(0, "0-3"), (3, "0-3"), (4, "4-6"), (6, "4-6"), (7, "7-8"), (8, "7-8"), (9, "9-10"),
     (10, "9-10"), (11, "11+"), (30, "11+")],
)  # fmt: skip
def test_flight_condition_bands_at_every_boundary(points: int, row: str) -> None:
    assert air_landing(points).row == row


def test_air_landing_worked_example() -> None:
    """Weather 3 + flak 4 = 7 -> column 7-8: • on 6-10 (5+6+5+4+3 = 23/36), L1 on 11 (2/36),
    S1 on 5 and 12 (4+1 = 5/36), S2 on 3-4 (2+3 = 5/36), A on 2 (1/36). Distance 1 comes only
    from S1's die: 5/36 x 1/6 = 5/216; distance 12 only from S2's double six: 5/36 x 1/36.
    Eliminated after an abort: 1/36 x 6/36 = 1/216."""
    assert flight_condition_points(3, False, 4) == 7
    assert flight_condition_points(3, True, 4) == 12
    landing = air_landing(7)
    assert landing.result_odds == {
        "•": Fraction(23, 36),
        "L1": Fraction(2, 36),
        "S1": Fraction(5, 36),
        "S2": Fraction(5, 36),
        "A": Fraction(1, 36),
    }
    assert landing.distance_odds["0"] == Fraction(25, 36)
    assert landing.distance_odds["1"] == Fraction(5, 216)
    assert landing.distance_odds["12"] == Fraction(5, 1296)
    assert landing.abort_odds["eliminated"] == Fraction(1, 216)
    assert landing.spot_odds["NE 1"] == Fraction(5, 216) / 6
    for odds in (landing.result_odds, landing.distance_odds, landing.spot_odds, landing.abort_odds):
        assert sum(odds.values()) == 1


def test_scatter_directions_follow_the_ruling() -> None:
    north = {s.face: (s.direction, s.offset) for s, _ in air_landing(7).spots if s.distance == 2}
    assert north[1] == ("N", (0, -2))
    assert north[3] == ("SE", (2, 0))
    pointy = air_landing(7, "clockwise-from-northeast")
    faces = {s.face: s.direction for s, _ in pointy.spots}
    assert faces == {1: "NE", 2: "E", 3: "SE", 4: "SW", 5: "W", 6: "NW"}
    with pytest.raises(ValueError, match="negative"):
        air_landing(-1)


# --- whole columns re-transcribed from the source text (review) -------------------------------

RECOVERY_COLUMNS = {
    # Morale Rating -> the cells for adjusted totals -2, -1, 0, 1, 2, 3, 4, 5, 6 (lines 98-106)
    1: "•••••••RR",
    2: "••••••RRR",
    3: "•••••RRRR",
    4: "••••RRRRR",
}


@pytest.mark.parametrize("morale", [1, 2, 3, 4])
def test_each_recovery_column_as_printed(morale: int) -> None:
    table = recovery_table()
    cells = "".join(table.lookup(total, morale) for total in range(-2, 7))
    assert cells == RECOVERY_COLUMNS[morale]


WEATHER_COLUMNS = {
    # the value read for dice 2, 3, ..., 12 (lines 76-86)
    "0201-0600 north": ["0", "6", "6", "3", "0", "6", "0", "P", "3", "6", "3"],
    "0201-0600 south": ["0", "6", "6", "3", "0", "6", "0", "6", "0", "6", "0"],
    "1201-1400 north": ["3", "6", "3", "P", "6", "P", "0", "6", "3", "0", "P"],
    "1201-1400 south": ["6", "6", "3", "6", "6", "P", "0", "3", "6", "0", "P"],
}


@pytest.mark.parametrize("row", list(WEATHER_COLUMNS))
def test_each_weather_column_as_printed(row: str) -> None:
    chart = weather_chart()
    assert [chart.lookup(row, dice) for dice in range(2, 13)] == WEATHER_COLUMNS[row]


AIR_LANDING_COLUMNS = {
    # the result for dice 2, 3, ..., 12 (lines 129-139)
    "0-3": ["A", "S1", "•", "•", "•", "•", "•", "•", "•", "•", "L1"],
    "4-6": ["A", "S2", "S1", "•", "•", "•", "•", "•", "•", "S1", "L1"],
    "7-8": ["A", "S2", "S2", "S1", "•", "•", "•", "•", "•", "L1", "S1"],
    "9-10": ["A", "S2", "S2", "S2", "S1", "•", "•", "•", "L1", "S1", "S2"],
    "11+": ["A", "S2", "S2", "S2", "S1", "S1", "•", "L1", "S1", "S2", "A"],
}


@pytest.mark.parametrize("row", list(AIR_LANDING_COLUMNS))
def test_each_air_landing_column_as_printed(row: str) -> None:
    chart = air_landing_chart()
    assert [chart.lookup(row, dice) for dice in range(2, 13)] == AIR_LANDING_COLUMNS[row]


def test_abort_roll_ends() -> None:
    """Line 149: 2, 3, 4 eliminate; five or more returns the serial."""
    chart = abort_chart()
    assert [chart.lookup("A", dice) for dice in (2, 4, 5, 12)] == [
        "eliminated",
        "eliminated",
        "returned",
        "returned",
    ]
    assert chart.distribution("A")["eliminated"] == Fraction(6, 36)


def test_scatter_distance_odds_s1_and_s2() -> None:
    """Column 0-3 scatters only S1 (dice 3: 2/36): each distance 1-6 has 2/36 x 1/6 = 1/108
    and each hex (direction and distance) 1/648. Column 11+ scatters S1 on 6, 7, 10 (5+6+3 =
    14/36) and S2 on 3, 4, 5, 11 (2+3+4+2 = 11/36): distance 7 comes from S2 only, 11/36 x 6/36
    = 11/216; distance 2 from S1 (14/36 x 1/6) and S2 (11/36 x 1/36) = 84/1296 + 11/1296 =
    95/1296."""
    low = air_landing(2)
    assert low.distance_odds == {
        "0": Fraction(33, 36),
        **{str(d): Fraction(1, 108) for d in range(1, 7)},
        "aborted": Fraction(1, 36),
    }
    assert low.spot_odds["SW 4"] == Fraction(1, 648)
    high = air_landing(11)
    assert high.distance_odds["7"] == Fraction(11, 216)
    assert high.distance_odds["2"] == Fraction(95, 1296)
    assert high.abort_odds == {
        "eliminated": Fraction(2, 36) * Fraction(6, 36),
        "returned": Fraction(2, 36) * Fraction(30, 36),
        "not aborted": Fraction(34, 36),
    }
    for odds in (high.distance_odds, high.spot_odds, high.abort_odds):
        assert sum(odds.values()) == 1
