"""Disruption (9.12): accumulation, elimination past D3, retreats of Disrupted units, removal."""

from __future__ import annotations

from fractions import Fraction

import pytest

from ledger.charts.engine import coverage_problems
from ledger.games.combined_arms.crt import CRT_CASES, crt
from ledger.games.combined_arms.disruption import (
    apply_result,
    halved_defense,
    outcome_odds,
    parse_level,
    removal_chart,
    removal_odds,
    removal_rolls,
    still_disrupted_after,
)


@pytest.mark.parametrize(
    ("result", "before", "label"),
    [
        ("-", 0, "no effect"),
        ("-", 2, "no effect (stays D2)"),
        ("D1", 0, "D1"),
        ("D2", 1, "D3"),  # 9.12's own example: D1 then D2 is D3
        ("D1", 1, "D2"),
        ("D3", 1, "eliminated"),  # past D3
        ("D1", 3, "eliminated"),
        ("2", 0, "retreat 2"),
        ("2", 2, "D3"),  # Disrupted: no retreat, an extra D1
        ("1", 3, "eliminated"),
        ("DE", 0, "eliminated"),
    ],
)
def test_results_accumulate(result: str, before: int, label: str) -> None:
    assert apply_result(result, before).label == label


def test_a_retreat_beyond_the_movement_allowance_ends_in_d1() -> None:
    capped = apply_result("3", 0, movement_allowance=2)
    assert (capped.label, capped.retreat, capped.after) == ("retreat 2, D1", 2, 1)
    ignored = apply_result("3", 0, 2, {"9.11-retreat-beyond-allowance": "ignore"})
    assert ignored.label == "retreat 3"
    assert apply_result("3", 0, movement_allowance=3).label == "retreat 3"


def test_halving_rounds_up() -> None:
    assert [halved_defense(d) for d in (1, 5, 6, 11)] == [1, 3, 3, 6]


def test_removal_odds() -> None:
    # D1 on 1-3, D2 on 1-2, D3 on 1 (9.12).
    assert removal_odds(1) == {"removed": Fraction(1, 2), "stays": Fraction(1, 2)}
    assert removal_odds(2)["removed"] == Fraction(1, 3)
    assert removal_odds(3)["removed"] == Fraction(1, 6)
    assert still_disrupted_after(3, 2) == Fraction(25, 36)
    assert coverage_problems(removal_chart()) == []
    with pytest.raises(ValueError, match="not Disrupted"):
        removal_odds(0)


def test_every_outcome_distribution_sums_to_one() -> None:
    for category, terrain in CRT_CASES:
        chart = crt(category, terrain)
        for column in chart.keys:
            for level in range(4):
                odds = outcome_odds(chart.distribution(column), level, 3)
                assert sum(odds.values()) == 1


def test_levels_parse() -> None:
    assert [parse_level(v) for v in ("none", "D1", "d2", 3)] == [0, 1, 2, 3]
    with pytest.raises(ValueError, match=r"none, D1, D2 or D3.*\(9\.12\)"):
        parse_level("D4")
    with pytest.raises(ValueError, match="unknown combat result"):
        apply_result("X", 0)


# Every printed result on a defender at every Disruption level, worked by hand from 9.11-9.13:
# a retreat moves an undisrupted unit; on a Disrupted one it is one more D1 instead (9.12);
# Disruption adds up and anything past D3 eliminates; DE always eliminates (9.13).
# (result, level before) -> (hexes retreated, level after or None, eliminated)
MATRIX: dict[tuple[str, int], tuple[int, int | None, bool]] = {
    ("-", 0): (0, 0, False),
    ("1", 0): (1, 0, False),
    ("2", 0): (2, 0, False),
    ("3", 0): (3, 0, False),
    ("D1", 0): (0, 1, False),
    ("D2", 0): (0, 2, False),
    ("D3", 0): (0, 3, False),
    ("DE", 0): (0, None, True),
    ("-", 1): (0, 1, False),
    ("1", 1): (0, 2, False),
    ("2", 1): (0, 2, False),
    ("3", 1): (0, 2, False),
    ("D1", 1): (0, 2, False),
    ("D2", 1): (0, 3, False),
    ("D3", 1): (0, None, True),
    ("DE", 1): (0, None, True),
    ("-", 2): (0, 2, False),
    ("1", 2): (0, 3, False),
    ("2", 2): (0, 3, False),
    ("3", 2): (0, 3, False),
    ("D1", 2): (0, 3, False),
    ("D2", 2): (0, None, True),
    ("D3", 2): (0, None, True),
    ("DE", 2): (0, None, True),
    ("-", 3): (0, 3, False),
    ("1", 3): (0, None, True),
    ("2", 3): (0, None, True),
    ("3", 3): (0, None, True),
    ("D1", 3): (0, None, True),
    ("D2", 3): (0, None, True),
    ("D3", 3): (0, None, True),
    ("DE", 3): (0, None, True),
}


@pytest.mark.parametrize(("result", "before"), sorted(MATRIX))
def test_every_result_at_every_level(result: str, before: int) -> None:
    outcome = apply_result(result, before, movement_allowance=3)
    hexes, after, eliminated = MATRIX[(result, before)]
    assert (outcome.retreat, outcome.eliminated) == (hexes, eliminated)
    if after is not None:
        assert outcome.after == after


def test_a_retreat_within_the_allowance_is_not_capped() -> None:
    # 9.11: only a retreat longer than the Movement Allowance stops short with a D1.
    assert apply_result("2", 0, movement_allowance=2).label == "retreat 2"
    capped = apply_result("2", 0, movement_allowance=1)
    assert (capped.retreat, capped.after, capped.label) == (1, 1, "retreat 1, D1")
    # A Disrupted unit does not retreat at all (9.12), so there is nothing to cap.
    assert apply_result("3", 1, movement_allowance=1).label == "D2"


def test_removal_rolls_as_9_12_gives_them() -> None:
    # D1 goes on 1-3, D2 on 1-2, D3 on a 1 (9.12).
    assert [removal_rolls(level) for level in (1, 2, 3)] == [(1, 2, 3), (1, 2), (1,)]
    with pytest.raises(ValueError, match=r"not Disrupted.*\(9\.12\)"):
        removal_rolls(0)
