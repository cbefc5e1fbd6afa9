"""The command test (2.1) in the domain: modifiers from the text, pass odds on one die.

Modifiers, rules text 002 lines 27-41 (2.1): Over the Top -1, each Command (HQ) hit -1, each
consecutive assault move -1, Pinned or Withdrawn -2, Demoralized -4. The chart values are the
player's; here a fictional chart (Regulars: Maneuver 3, Assault 4, ...).

A modified roll passes when die + modifier >= chart value, so the die needed is value - modifier
and the chance is (7 - needed) / 6, clamped to 0..1.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from ledger.games.miniatures.command import (
    CommandChart,
    CommandChartRow,
    applied_modifiers,
    command_modifiers,
    command_test,
    modifier_problems,
)

CHART = CommandChart(
    (
        CommandChartRow("Fictional Recruits", 4, 5),
        CommandChartRow("Fictional Regulars", 3, 4),
        CommandChartRow("Fictional Elite", 2, 3),
        CommandChartRow("Fictional Heroes", 1, 0),
    ),
    "fixture",
)


def test_the_modifiers_are_the_five_of_2_1_with_their_points() -> None:
    """Lines 27-41: -1, -1 each, -1 each, -2, -4."""
    got = {m.id: (m.points, m.kind, m.case) for m in command_modifiers()}
    assert got == {
        "over_the_top": (-1, "flag", "2.1"),
        "command_hits": (-1, "count", "2.1"),
        "consecutive_assault_moves": (-1, "count", "2.1"),
        "pinned_or_withdrawn": (-2, "flag", "2.1"),
        "demoralized": (-4, "flag", "2.1"),
    }


def test_no_modifier_regulars_maneuver_need_3_chance_two_thirds() -> None:
    """Value 3, modifier 0: 3, 4, 5, 6 pass = 4/6 = 2/3."""
    test = command_test("maneuver", {}, CHART, "Fictional Regulars")
    assert (test.chart_value, test.modifier, test.needed_roll) == (3, 0, 3)
    assert test.pass_chance == Fraction(2, 3)


def test_hits_and_consecutive_assault_need_a_six() -> None:
    """Assault value 4; one HQ hit (-1) and one earlier assault move (-1): 4 - (-2) = 6 -> 1/6."""
    given = {"command_hits": 1, "consecutive_assault_moves": 1}
    test = command_test("assault", given, CHART, "Fictional Regulars")
    assert test.modifier == -2
    assert (test.needed_roll, test.pass_chance) == (6, Fraction(1, 6))


def test_needing_seven_is_impossible() -> None:
    """Elite Assault 3, Demoralized -4: needs 7 on one die -> chance 0, no roll passes."""
    test = command_test("assault", {"demoralized": True}, CHART, "Fictional Elite")
    assert (test.needed_roll, test.pass_chance) == (None, Fraction(0))


@pytest.mark.parametrize(
    ("training", "declared", "given", "needed", "chance"),
    [
        ("Fictional Heroes", "maneuver", {}, 1, Fraction(1)),  # needs 1: every roll
        ("Fictional Heroes", "assault", {}, 1, Fraction(1)),  # needs 0: still every roll
        ("Fictional Elite", "maneuver", {}, 2, Fraction(5, 6)),  # 2..6
        ("Fictional Recruits", "assault", {}, 5, Fraction(1, 3)),  # 5, 6
        ("Fictional Recruits", "assault", {"over_the_top": True}, 6, Fraction(1, 6)),
        ("Fictional Recruits", "assault", {"command_hits": 2}, None, Fraction(0)),  # needs 7
    ],
)
def test_needed_roll_at_every_boundary(
    training: str, declared: str, given: dict[str, int], needed: int | None, chance: Fraction
) -> None:
    test = command_test(declared, given, CHART, training)  # type: ignore[arg-type]
    assert (test.needed_roll, test.pass_chance) == (needed, chance)


def test_pinned_and_withdrawn_is_minus_two_once() -> None:
    """One flag, -2 (line 37: 'and/or'). With Over the Top -1: Regulars Maneuver 3 needs 6."""
    given = {"pinned_or_withdrawn": True, "over_the_top": True}
    test = command_test("maneuver", given, CHART, "fictional regulars")  # any case
    assert [m.points for m in test.modifiers] == [-1, -2]
    assert (test.needed_roll, test.pass_chance) == (6, Fraction(1, 6))


def test_consecutive_assault_moves_leave_a_maneuver_test_alone_by_default() -> None:
    """Ruling miniatures-consecutive-assault-column: assault-only drops the -2; both-columns
    keeps it (Regulars Maneuver 3: 3+ = 2/3, or 5+ = 1/3)."""
    given = {"consecutive_assault_moves": 2}
    assert applied_modifiers(given, "maneuver") == ()
    assert command_test("maneuver", given, CHART, "Fictional Regulars").pass_chance == Fraction(
        2, 3
    )
    both = command_test("maneuver", given, CHART, "Fictional Regulars", "both-columns")
    assert (both.modifier, both.pass_chance) == (-2, Fraction(1, 3))


def test_without_a_chart_the_modifiers_are_still_totalled() -> None:
    """Demoralized -4 and two HQ hits -2: -6; the modified roll runs -5..0, each 1/6."""
    test = command_test("maneuver", {"demoralized": True, "command_hits": 2})
    assert (test.modifier, test.chart_value, test.pass_chance) == (-6, None, None)
    assert test.modified_roll_odds == {t: Fraction(1, 6) for t in range(-5, 1)}
    assert sum(test.modified_roll_odds.values()) == 1


def test_going_prone_needs_no_roll() -> None:
    test = command_test("go-prone", {"demoralized": True}, CHART, "Fictional Recruits")
    assert (test.modifiers, test.pass_chance, test.needed_roll) == ((), Fraction(1), None)


def test_bad_modifiers_are_each_named() -> None:
    problems = modifier_problems(
        {"smoke": True, "demoralized": 1, "command_hits": -1, "over_the_top": True}
    )
    assert [p.name for p in problems] == ["smoke", "demoralized", "command_hits"]
    assert "over_the_top, command_hits" in problems[0].message
    assert "true or false" in problems[1].message
    assert "0 or more" in problems[2].message


def test_unknown_training_and_repeated_training_are_refused() -> None:
    with pytest.raises(ValueError, match=r"'Militia' is not on the command chart.*Recruits"):
        command_test("maneuver", {}, CHART, "Militia")
    with pytest.raises(ValueError, match="training is needed"):
        command_test("maneuver", {}, CHART, None)
    with pytest.raises(ValueError, match="appears twice"):
        CommandChart((CommandChartRow("A", 1, 1), CommandChartRow(" a ", 2, 2)), "x.csv")
    with pytest.raises(ValueError, match="no training rows"):
        CommandChart((), "x.csv")
