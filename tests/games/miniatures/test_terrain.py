"""Dangerous terrain (2.3) in the domain: 2d6 immobilization ranges as a chart, routes, groups.

2.3 (rules text 002 lines 95-104): a vehicle moving in a listed dangerous terrain type rolls 2d6
for each turn; a total inside the range immobilizes it; several types mean one roll each, as met.
Ranges are the player's (fictional here). Two-dice totals: 2 = 1/36, 3 = 2/36, 4 = 3/36,
12 = 1/36, 11 = 2/36.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from ledger.charts.engine import coverage_problems
from ledger.games.miniatures.terrain import (
    DangerousTerrain,
    dangerous_crossing,
    parse_range,
    terrain_chart,
)

MARSH = DangerousTerrain("Fictional marsh", parse_range("2-4"))
STREAM = DangerousTerrain("Fictional stream", parse_range("12"))
RUBBLE = DangerousTerrain("Fictional rubble", parse_range("I 2, 11-12"))
CHART = terrain_chart([MARSH, STREAM, RUBBLE], "fixture")


def test_ranges_read_as_printed() -> None:
    assert parse_range("2-4") == (2, 3, 4)
    assert parse_range("I 2-3") == (2, 3)
    assert parse_range(" 12 ") == (12,)
    assert parse_range("2, 11-12") == (2, 11, 12)
    for bad in ("13", "1-3", "I", "", "4-2", "two"):
        with pytest.raises(ValueError, match=r"2\.3"):
            parse_range(bad)


def test_every_terrain_row_covers_each_total_once_and_sums_to_one() -> None:
    assert coverage_problems(CHART) == []
    for key in CHART.keys:
        assert sum(CHART.distribution(key).values()) == 1


def test_one_roll_odds_per_terrain() -> None:
    """2-4: (1+2+3)/36 = 1/6; 12: 1/36; 2, 11-12: (1+2+1)/36 = 1/9."""
    assert CHART.distribution("Fictional marsh")["immobilized"] == Fraction(1, 6)
    assert CHART.distribution("Fictional stream")["immobilized"] == Fraction(1, 36)
    assert CHART.distribution("Fictional rubble")["immobilized"] == Fraction(1, 9)


def test_a_stopped_vehicle_makes_no_later_roll() -> None:
    """Marsh then stream: 1/6 in the marsh; 5/6 x 1/36 = 5/216 in the stream; 5/6 x 35/36 =
    175/216 through. Sum 36/216 + 5/216 + 175/216 = 1."""
    crossing = dangerous_crossing(CHART, ["Fictional marsh", "fictional STREAM"])
    assert crossing.vehicle_odds == {
        "immobilized in Fictional marsh": Fraction(1, 6),
        "immobilized in Fictional stream": Fraction(5, 216),
        "gets through": Fraction(175, 216),
    }
    assert sum(crossing.vehicle_odds.values()) == 1
    assert crossing.immobilized_chance == Fraction(41, 216)
    assert [s.reaches for s in crossing.steps] == [1, Fraction(5, 6)]


def test_a_group_of_vehicles_is_binomial() -> None:
    """3 vehicles through the marsh (1/6 each): none (5/6)^3 = 125/216, one 3 x 1/6 x 25/36 =
    75/216, two 15/216, three 1/216; at least one 91/216."""
    crossing = dangerous_crossing(CHART, ["Fictional marsh"], vehicles=3)
    assert crossing.group_odds == {
        "0": Fraction(125, 216),
        "1": Fraction(75, 216),
        "2": Fraction(15, 216),
        "3": Fraction(1, 216),
    }
    assert crossing.at_least_one == Fraction(91, 216)


def test_second_patch_of_a_type_by_ruling() -> None:
    """once-per-type: marsh twice is one roll (1/6); each-patch: 1 - (5/6)^2 = 11/36."""
    route = ["Fictional marsh", "Fictional marsh"]
    once = dangerous_crossing(CHART, route)
    assert (once.rolls, once.immobilized_chance) == (1, Fraction(1, 6))
    each = dangerous_crossing(CHART, route, repeat="each-patch")
    assert (each.rolls, each.immobilized_chance) == (2, Fraction(11, 36))


@pytest.mark.parametrize(
    ("yards", "rule", "chance"),
    [
        (99, "no-roll-under-100-yards", Fraction(0)),
        (100, "no-roll-under-100-yards", Fraction(1, 6)),  # 100 yards is a move (2.3)
        (None, "no-roll-under-100-yards", Fraction(1, 6)),
        (50, "roll-any-move", Fraction(1, 6)),
    ],
)
def test_short_moves_by_ruling(yards: int | None, rule: str, chance: Fraction) -> None:
    crossing = dangerous_crossing(CHART, ["Fictional marsh"], yards_moved=yards, short_move=rule)
    assert crossing.immobilized_chance == chance
    assert sum(crossing.vehicle_odds.values()) == 1


def test_bad_routes_are_refused() -> None:
    with pytest.raises(ValueError, match=r"no dangerous terrain 'Lava' in fixture"):
        dangerous_crossing(CHART, ["Lava"])
    with pytest.raises(ValueError, match="at least one"):
        dangerous_crossing(CHART, [])
    with pytest.raises(ValueError, match="vehicles: expected 1 to 100"):
        dangerous_crossing(CHART, ["Fictional marsh"], vehicles=0)
    with pytest.raises(ValueError, match="no dangerous terrain"):
        terrain_chart([], "empty.csv")
    with pytest.raises(ValueError, match="repeats"):
        terrain_chart([MARSH, MARSH], "twice.csv")
