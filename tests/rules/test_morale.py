"""Adjusted Morale (17.2, 17.4, 15.6): modifiers, exact odds, the rulings and their options."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ledger.model.rulings import RULINGS
from ledger.rules.morale import (
    FRACTION_RULING,
    GAP_RULING,
    LIMITS_RULING,
    SURRENDER,
    MoraleRulings,
    adjusted_morale,
    adjusted_morale_distribution,
    cohesion_row_level,
    final_adjusted_morale,
    morale_modifier,
    morale_modifier_distribution,
    morale_row,
)

OPTIONS = {r.id: r.options for r in RULINGS}
ALL_RULINGS = st.builds(
    MoraleRulings,
    gap=st.sampled_from(OPTIONS[GAP_RULING]),
    fractional=st.sampled_from(OPTIONS[FRACTION_RULING]),
    halves=st.sampled_from(OPTIONS["6.27-largest-unit-halves"]),
    limits=st.sampled_from(OPTIONS[LIMITS_RULING]),
)
QUARTER_LEVELS = st.integers(-160, 60).map(lambda q: Fraction(q, 4))  # -40 .. +15


def test_17_22_example_basic_plus_1_cohesion_minus_4_reading_42_gives_minus_1() -> None:
    assert morale_modifier(-4, 42) == -2
    assert adjusted_morale(1, -4, 42) == -1


def test_15_64_readings() -> None:
    # (c) Axis: combined Basic Morale +2, Cohesion -4, reading 43: -2, Adjusted Morale 0.
    assert morale_modifier(-4, 43) == -2
    assert adjusted_morale(2, -4, 43) == 0
    # (d) Commonwealth: Basic Morale +1, Cohesion +2, reading 63: no change, +1.
    assert morale_modifier(2, 63) == 0
    assert adjusted_morale(1, 2, 63) == 1
    # (e) attacker minus defender: one column towards the defender.
    assert final_adjusted_morale(0, 1) == -1


def test_cohesion_0_modifier_odds() -> None:
    assert morale_modifier(0, 11) == 1
    assert all(morale_modifier(0, r) == 0 for r in (12, 16, 21, 55, 65))
    assert morale_modifier(0, 66) == -1
    assert morale_modifier_distribution(0) == {
        1: Fraction(1, 36),
        0: Fraction(34, 36),
        -1: Fraction(1, 36),
    }


def test_levels_beyond_the_chart_use_its_end_rows() -> None:
    # 17.24: +8 or higher use +8, -17 or worse use -17 (all Surrender).
    assert morale_row(10) == "+8"
    assert morale_modifier_distribution(10) == morale_modifier_distribution(8)
    assert morale_modifier_distribution(-17) == {SURRENDER: Fraction(1)}
    assert morale_modifier_distribution(-30) == {SURRENDER: Fraction(1)}


def test_gap_ruling_minus_2_by_default_or_minus_3() -> None:
    assert morale_modifier(-4, 56) == -2
    assert morale_modifier(-4, 56, MoraleRulings(gap="minus-3")) == -3
    assert morale_modifier_distribution(-4) == {
        0: Fraction(15, 36),
        -1: Fraction(4, 36),
        -2: Fraction(11, 36),
        -3: Fraction(6, 36),
    }
    assert morale_modifier_distribution(-4, MoraleRulings(gap="minus-3"))[-3] == Fraction(7, 36)


@pytest.mark.parametrize(
    ("option", "levels"),
    [
        (
            "nearest",
            {"-13/4": -3, "-7/2": -4, "-15/4": -4, "11/4": 3, "5/2": 3, "9/4": 2},
        ),
        ("toward-zero", {"-13/4": -3, "-7/2": -3, "-15/4": -3, "11/4": 2, "5/2": 2}),
        ("worse", {"-13/4": -4, "-7/2": -4, "-15/4": -4, "11/4": 2, "5/2": 2}),
        ("better", {"-13/4": -3, "-7/2": -3, "-15/4": -3, "11/4": 3, "9/4": 3}),
    ],
)
def test_fractional_cohesion_ruling(option: str, levels: dict[str, int]) -> None:
    rulings = MoraleRulings(fractional=option)
    for text, whole in levels.items():
        assert cohesion_row_level(Fraction(text), rulings) == whole, text
    assert cohesion_row_level(-3, rulings) == -3


def test_nearest_rounds_halves_by_the_6_27_ruling() -> None:
    assert cohesion_row_level(Fraction(-7, 2)) == -4
    assert cohesion_row_level(Fraction(-7, 2), MoraleRulings(halves="up")) == -3
    assert cohesion_row_level(Fraction(5, 2), MoraleRulings(halves="down")) == 2


def test_17_23_limits_adjusted_morale_to_plus_minus_3_unless_ruled_otherwise() -> None:
    # +2 with a +4 modifier is +3, not +6.
    assert morale_modifier(8, 11) == 4
    assert adjusted_morale(2, 8, 11) == 3
    assert adjusted_morale(2, 8, 11, MoraleRulings(limits="none")) == 6
    assert adjusted_morale(-2, -8, 45) == -3
    assert adjusted_morale(-2, -8, 45, MoraleRulings(limits="none")) == -6


def test_17_28_rommel_adds_one_after_the_limit() -> None:
    assert adjusted_morale(0, 0, 33, with_rommel=True) == 1
    assert adjusted_morale(3, 8, 11, with_rommel=True) == 4


def test_surrender_stands_for_basic_morale_0_or_worse() -> None:
    assert morale_modifier(-7, 64) == SURRENDER
    assert adjusted_morale(0, -7, 64) == SURRENDER
    assert adjusted_morale(-1, -7, 64, with_rommel=True) == SURRENDER


def test_17_26_morale_plus_1_or_better_takes_surrender_as_minus_4() -> None:
    assert adjusted_morale(1, -7, 64) == -3
    assert adjusted_morale(3, -7, 64) == -1
    assert adjusted_morale(3, -7, 64, enemy_three_times_stronger=True) == SURRENDER
    # 17.26a: at -11 or worse the Surrender stands.
    assert morale_modifier(-10, 66) == SURRENDER
    assert adjusted_morale(3, -10, 66) == -1
    assert adjusted_morale(3, -11, 66) == SURRENDER
    assert adjusted_morale(3, Fraction(-43, 4), 66) == SURRENDER  # -10 3/4 reads row -11


def test_adjusted_morale_odds_are_exact_and_ordered() -> None:
    odds = adjusted_morale_distribution(0, -7)
    assert list(odds) == [0, -1, -2, -3, SURRENDER]
    assert odds == {
        0: Fraction(1, 36),
        -1: Fraction(5, 36),
        -2: Fraction(9, 36),
        -3: Fraction(18, 36),  # -3 and -4 modifiers both reach the -3 limit
        SURRENDER: Fraction(3, 36),
    }
    assert sum(odds.values()) == 1
    assert SURRENDER not in adjusted_morale_distribution(2, -7)


def test_a_reading_the_dice_cannot_show_is_refused() -> None:
    with pytest.raises(ValueError):
        morale_modifier(0, 17)


def test_rulings_refuse_unknown_options_and_follow_a_games_choices() -> None:
    with pytest.raises(ValueError, match=GAP_RULING):
        MoraleRulings(gap="no-change")
    chosen = {FRACTION_RULING: "worse"}
    defaults = {r.id: r.default for r in RULINGS}
    rulings = MoraleRulings.from_choices(lambda rid: chosen.get(rid, defaults[rid]))
    assert rulings == MoraleRulings(fractional="worse")


def test_defaults_agree_with_the_rulings_table() -> None:
    defaults = {r.id: r.default for r in RULINGS}
    assert MoraleRulings.from_choices(defaults.__getitem__) == MoraleRulings()


@given(QUARTER_LEVELS, ALL_RULINGS)
def test_modifier_odds_sum_to_one_at_every_quarter_level(
    cohesion: Fraction, rulings: MoraleRulings
) -> None:
    odds = morale_modifier_distribution(cohesion, rulings)
    assert sum(odds.values()) == 1
    assert all(p > 0 for p in odds.values())


@given(
    st.integers(-3, 3),
    QUARTER_LEVELS,
    ALL_RULINGS,
    st.booleans(),
    st.booleans(),
)
def test_adjusted_morale_odds_sum_to_one_and_agree_with_each_reading(
    basic: int, cohesion: Fraction, rulings: MoraleRulings, stronger: bool, rommel: bool
) -> None:
    flags = {"enemy_three_times_stronger": stronger, "with_rommel": rommel}
    odds = adjusted_morale_distribution(basic, cohesion, rulings, **flags)
    assert sum(odds.values()) == 1
    counted: dict[object, Fraction] = {}
    for large in range(1, 7):
        for small in range(1, 7):
            rating = adjusted_morale(basic, cohesion, 10 * large + small, rulings, **flags)
            counted[rating] = counted.get(rating, Fraction(0)) + Fraction(1, 36)
    assert counted == odds
    if rulings.limits == "plus-minus-3":
        assert all(-3 <= r <= 3 + rommel for r in odds if r != SURRENDER)


def test_every_quarter_level_from_minus_40_to_plus_15_sums_to_one() -> None:
    for quarter in range(-160, 61):
        cohesion = Fraction(quarter, 4)
        assert sum(morale_modifier_distribution(cohesion).values()) == 1
        assert sum(adjusted_morale_distribution(1, cohesion).values()) == 1
