from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ledger.model.quantities import CPFormatError, Supplies, format_cp, parse_cp, round_half_up


def test_11_32_rounds_half_up_unlike_python_round() -> None:
    # 11.32: 11.4 -> 11, 11.5 -> 12; Python's round(4.5) is 4, the rules say 5.
    assert round_half_up(Fraction(114, 10)) == 11
    assert round_half_up(Fraction(115, 10)) == 12
    assert round_half_up(Fraction(45, 10)) == 5
    assert round(4.5) == 4


@given(st.integers(min_value=0, max_value=10_000))
def test_round_half_up_is_nearest_with_halves_up(raw: int) -> None:
    value = Fraction(raw, 10)
    rounded = round_half_up(value)
    assert abs(value - rounded) <= Fraction(1, 2)
    if value - int(value) == Fraction(1, 2):
        assert rounded == int(value) + 1


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("5", Fraction(5)),
        ("1/2", Fraction(1, 2)),
        ("2 1/2", Fraction(5, 2)),
        ("2.25", Fraction(9, 4)),
        ("0", Fraction(0)),
    ],
)
def test_parse_cp_accepts_what_players_write(text: str, value: Fraction) -> None:
    assert parse_cp(text) == value


@pytest.mark.parametrize("text", ["1/3", "0.1", "abc", "-1", "1/0", ""])
def test_parse_cp_refuses_what_is_not_quarter_points(text: str) -> None:
    with pytest.raises(CPFormatError, match="CP"):
        parse_cp(text)


def test_format_cp_writes_mixed_fractions() -> None:
    assert format_cp(Fraction(5, 2)) == "2 1/2"
    assert format_cp(Fraction(-3, 4)) == "-3/4"
    assert format_cp(Fraction(-11, 4)) == "-2 3/4"
    assert format_cp(Fraction(8)) == "8"


def test_supplies_arithmetic_and_description() -> None:
    a = Supplies(ammo=1, fuel=10, water=5)
    assert a + Supplies(fuel=2) == Supplies(1, 12, 0, 5)
    assert a - a == Supplies()
    assert (a - a).is_zero
    assert a.describe() == "1 Ammunition, 10 Fuel, 5 Water"


def test_a_pasted_huge_number_is_refused_before_it_is_converted() -> None:
    """Issue 15: 5,000 digits crashed in int(); any text past 16 characters is refused, and
    the message shows its start, not all of it."""
    with pytest.raises(CPFormatError, match=r"\(5000 characters\) is too long") as refused:
        parse_cp("9" * 5000)
    assert len(str(refused.value)) < 200
    assert parse_cp("100 3/4") == Fraction(403, 4)
