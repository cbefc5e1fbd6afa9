"""The largest-unit rule (6.27, 6.28, 15.63) and the worked example of 15.64."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ledger.model.units import Unit
from ledger.rules.cohesion_groups import (
    Counter,
    Formation,
    Member,
    group_from_units,
    prevailing_basic_morale,
    prevailing_cohesion,
    round_level,
)
from ledger.rules.morale import adjusted_morale, final_adjusted_morale, morale_modifier

BRIGADE = 2  # Stacking Points of a standard brigade (9.4)
DIVISION = 5
BATTALION = 1


def test_6_27_three_brigades_at_minus_4_minus_1_plus_3_give_minus_1() -> None:
    brigades = [
        Counter("1st Bde", BRIGADE, Fraction(-4)),
        Counter("2nd Bde", BRIGADE, Fraction(-1)),
        Counter("3rd Bde", BRIGADE, Fraction(3)),
    ]
    result = prevailing_cohesion(brigades)
    assert result.exact == Fraction(-2, 3)
    assert result.level == -1
    assert result.averaged
    assert result.units == ("1st Bde", "2nd Bde", "3rd Bde")


def test_the_largest_unit_prevails_alone_without_rounding() -> None:
    group = [
        Counter("division", DIVISION, Fraction(-13, 4)),
        Counter("battalion", BATTALION, Fraction(5)),
    ]
    result = prevailing_cohesion(group)
    assert result.level == Fraction(-13, 4)  # 17.4-fractional-cohesion picks its row later
    assert not result.averaged
    assert result.units == ("division",)
    with pytest.raises(ValueError, match="not a whole number"):
        result.whole()


def test_6_28_a_formations_level_is_found_from_its_units_first() -> None:
    # A Parent Formation of three brigades; the third is three battalions at -1, -1, +1.
    third = Formation(
        "3rd Bde",
        BRIGADE,
        (
            Counter("3/1 Bn", BATTALION, Fraction(-1)),
            Counter("3/2 Bn", BATTALION, Fraction(-1)),
            Counter("3/3 Bn", BATTALION, Fraction(1)),
        ),
    )
    division = Formation(
        "Division",
        DIVISION,
        (
            Counter("1st Bde", BRIGADE, Fraction(-3)),
            Counter("2nd Bde", BRIGADE, Fraction(-2)),
            third,
        ),
    )
    # 3rd Bde: (-1 - 1 + 1) / 3 = -1/3 -> 0; then (-3 - 2 + 0) / 3 = -5/3 -> -2.
    assert prevailing_cohesion(third.members).level == 0
    result = prevailing_cohesion([division, Counter("attached Bn", BATTALION, Fraction(4))])
    assert result.level == -2
    assert result.units == ("Division",)
    # Had the battalions been averaged directly, only the two brigades would count: -2 1/2 -> -3.
    flat: list[Member] = [*division.members[:2], *third.members]
    assert prevailing_cohesion(flat).level == -3


def test_15_64_extended_morale_example() -> None:
    # (a) 15th Panzer (+3) and Ariete (+1) assault; both divisions at Cohesion -4 (c).
    axis = [
        Counter("15th Panzer Division", DIVISION, Fraction(-4), basic_morale=3),
        Counter("Ariete Division", DIVISION, Fraction(-4), basic_morale=1),
    ]
    # (b) 2nd New Zealand Division (+1, Cohesion +2 in (d)) with 1st RNF (+2) attached.
    commonwealth: list[Member] = [
        Formation(
            "2nd New Zealand Division",
            DIVISION,
            (Counter("2 NZ Division", DIVISION, Fraction(2), basic_morale=1),),
        ),
        Counter("1st RNF", BATTALION, Fraction(0), basic_morale=2),
    ]
    # (c) both are divisions: (+3 + 1) / 2 = +2; Cohesion -4.
    axis_morale = prevailing_basic_morale(axis)
    assert axis_morale is not None
    assert axis_morale.whole() == 2 and axis_morale.averaged
    assert prevailing_cohesion(axis).level == -4
    # A 43 at -4 is a -2 adjustment: Axis Adjusted Morale 0.
    assert morale_modifier(-4, 43) == -2
    axis_adjusted = adjusted_morale(2, -4, 43)
    assert axis_adjusted == 0
    # (d) the division is the largest unit: Basic Morale +1, Cohesion +2; a 63 is no change.
    cw_morale = prevailing_basic_morale(commonwealth)
    assert cw_morale is not None
    assert cw_morale.whole() == 1 and cw_morale.units == ("2nd New Zealand Division",)
    assert prevailing_cohesion(commonwealth).level == 2
    cw_adjusted = adjusted_morale(1, 2, 63)
    assert cw_adjusted == 1
    # (e) attacker minus defender: -1, one column in favour of the defender. (The text of (e)
    # calls the Commonwealth morale +2, the 1st RNF's rating; its result -1 follows from +1.)
    assert isinstance(axis_adjusted, int) and isinstance(cw_adjusted, int)
    assert final_adjusted_morale(axis_adjusted, cw_adjusted) == -1


def test_basic_morale_is_unknown_when_a_counted_unit_lacks_it() -> None:
    group = [Counter("a", BRIGADE, basic_morale=1), Counter("b", BRIGADE)]
    assert prevailing_basic_morale(group) is None
    # A smaller unit without one does not matter.
    assert prevailing_basic_morale([Counter("a", BRIGADE, basic_morale=1), Counter("c", 1)])


@pytest.mark.parametrize(
    ("value", "halves", "expected"),
    [
        (Fraction(-3, 2), "away-from-zero", -2),
        (Fraction(3, 2), "away-from-zero", 2),
        (Fraction(-3, 2), "up", -1),
        (Fraction(3, 2), "up", 2),
        (Fraction(-3, 2), "down", -2),
        (Fraction(3, 2), "down", 1),
        (Fraction(-1, 2), "away-from-zero", -1),
        (Fraction(1, 2), "down", 0),
        (Fraction(-2, 3), "up", -1),
        (Fraction(-5, 8), "away-from-zero", -1),
        (Fraction(7, 4), "down", 2),
        (Fraction(-4), "up", -4),
    ],
)
def test_round_level_nearest_with_halves_by_ruling(
    value: Fraction, halves: str, expected: int
) -> None:
    assert round_level(value, halves) == expected


def test_tied_halves_follow_the_ruling() -> None:
    group = [Counter("a", BRIGADE, Fraction(-1)), Counter("b", BRIGADE, Fraction(-2))]
    assert prevailing_cohesion(group).level == -2
    assert prevailing_cohesion(group, halves="up").level == -1


def test_bad_input_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown option"):
        round_level(Fraction(1, 2), "even")
    with pytest.raises(ValueError, match="at least one"):
        prevailing_cohesion([])
    with pytest.raises(ValueError, match="no units"):
        prevailing_cohesion([Formation("empty", BRIGADE, ())])


@given(st.integers(-1000, 1000), st.sampled_from(["away-from-zero", "up", "down"]))
def test_round_level_is_within_a_half(quarters: int, halves: str) -> None:
    value = Fraction(quarters, 8)
    assert abs(value - round_level(value, halves)) <= Fraction(1, 2)


def _unit(uid: str, sp: int | None, cohesion: int, morale: int | None = None, **kw: str) -> Unit:
    return Unit(
        id=uid,
        name=uid.upper(),
        counter=uid,
        side="commonwealth",
        nationality="British",
        echelon="battalion",
        class_id="cw.l",
        toe=(),
        basic_morale=morale,
        stacking_points=sp,
        cohesion=Fraction(cohesion),
        **kw,  # type: ignore[arg-type]
    )


def test_group_from_units_builds_formations_from_parent_links() -> None:
    units = [
        _unit("bde_hq", BRIGADE, 0),
        _unit("bn1", BATTALION, -3, parent="bde_hq"),
        _unit("bn2", BATTALION, -2, parent="bde_hq"),
        _unit("bn3", BATTALION, 5, parent="other_hq", attached_to="bde_hq"),
        _unit("bn4", BATTALION, 4, parent="bde_hq", attached_to="elsewhere"),
    ]
    group = group_from_units(units)
    assert [m.name for m in group] == ["BDE_HQ", "BN4"]
    formation = group[0]
    assert isinstance(formation, Formation)
    assert [m.name for m in formation.members] == ["BN1", "BN2", "BN3"]
    # The brigade (2 SP) outweighs the lone battalion; its battalions average 0.
    assert prevailing_cohesion(group).level == 0
    # An explicit parent map overrides the units' links.
    regrouped = group_from_units(units, {"bn4": "bde_hq", "bn3": None})
    assert [m.name for m in regrouped] == ["BDE_HQ", "BN3"]


def test_group_from_units_refuses_missing_stacking_points_and_loops() -> None:
    with pytest.raises(ValueError, match="no Stacking Points"):
        group_from_units([_unit("a", None, 0)])
    loop = [_unit("a", 1, 0, parent="b"), _unit("b", 1, 0, parent="a"), _unit("c", 1, 0)]
    with pytest.raises(ValueError, match="loop"):
        group_from_units(loop)
