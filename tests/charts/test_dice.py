"""Dice kinds are exact: right readings, right odds, odds summing to exactly 1 (4.6, 12.42, 15.73)."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ledger.charts.dice import (
    D6,
    D66,
    DICE_KINDS,
    TWO_D6_SUM,
    DiceKind,
    d66_reading,
    dice_kind,
    two_d6_sum,
)


@pytest.mark.parametrize(("kind", "size"), [(D6, 6), (TWO_D6_SUM, 11), (D66, 36)])
def test_every_kind_sums_to_exactly_one(kind: DiceKind, size: int) -> None:
    assert len(kind.readings) == size
    total = sum(kind.odds.values(), Fraction(0))
    assert total == 1
    assert isinstance(total, Fraction)
    assert all(isinstance(p, Fraction) for p in kind.odds.values())


def test_one_die_reads_1_to_6_evenly() -> None:
    assert D6.readings == (1, 2, 3, 4, 5, 6)
    assert {D6.probability(r) for r in D6.readings} == {Fraction(1, 6)}


def test_two_dice_added_give_2_to_12_with_triangular_odds() -> None:
    # 15.73b: the dice added, 3 + 4 = 7.
    assert TWO_D6_SUM.readings == tuple(range(2, 13))
    assert TWO_D6_SUM.probability(7) == Fraction(6, 36)
    assert TWO_D6_SUM.probability(2) == TWO_D6_SUM.probability(12) == Fraction(1, 36)
    assert TWO_D6_SUM.probability(6) == Fraction(5, 36)
    assert TWO_D6_SUM.probability(13) == 0
    assert two_d6_sum(3, 4) == 7


def test_d66_reads_large_die_tens_small_die_units_never_sorted() -> None:
    # 15.73a: a 2 on the large die and a 5 on the small die read 25.
    assert d66_reading(2, 5) == 25
    assert d66_reading(5, 2) == 52
    assert D66.readings == tuple(10 * a + b for a in range(1, 7) for b in range(1, 7))
    assert {D66.probability(r) for r in D66.readings} == {Fraction(1, 36)}
    # Both orders of a pair are distinct readings, each 1/36 (sorting would make 25 2/36, 52 0).
    assert D66.probability(25) == D66.probability(52) == Fraction(1, 36)
    for impossible in (10, 17, 20, 27, 67, 70):
        assert impossible not in D66
        assert D66.probability(impossible) == 0


def test_a_d66_range_covers_only_units_digits_1_to_6() -> None:
    # "11-26" on a sequential chart is 11..16 and 21..26: twelve readings.
    assert D66.between(11, 26) == (11, 12, 13, 14, 15, 16, 21, 22, 23, 24, 25, 26)
    assert D66.between(66, 66) == (66,)
    assert TWO_D6_SUM.between(5, 7) == (5, 6, 7)


@pytest.mark.parametrize(("low", "high"), [(10, 26), (11, 27), (26, 11)])
def test_a_range_must_run_between_readings(low: int, high: int) -> None:
    with pytest.raises(ValueError):
        D66.between(low, high)


def test_faces_outside_1_to_6_are_refused() -> None:
    with pytest.raises(ValueError, match="1 to 6"):
        d66_reading(0, 3)
    with pytest.raises(ValueError, match="1 to 6"):
        two_d6_sum(4, 7)


def test_kinds_are_found_by_the_ids_chart_files_use() -> None:
    assert dice_kind("d66") is D66
    assert set(DICE_KINDS) == {"d6", "2d6-sum", "d66"}
    with pytest.raises(KeyError, match="d66"):
        dice_kind("3d6")


@given(st.integers(1, 6), st.integers(1, 6))
def test_every_throw_is_a_reading_of_each_two_dice_kind(large: int, small: int) -> None:
    assert d66_reading(large, small) in D66
    assert two_d6_sum(large, small) in TWO_D6_SUM
