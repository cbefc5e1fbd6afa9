"""Close Assault casualties (15.8): ledger.combat.assault_losses, with the rules' own numbers."""

import csv
from fractions import Fraction

import pytest

from ledger.charts.dice import D6
from ledger.charts.engine import coverage_problems
from ledger.charts.loader import bundled_chart, bundled_chart_ids
from ledger.combat.assault_captured import (
    CapturedSplit,
    captured_points,
    prisoner_percent,
    prisoner_percent_distribution,
    prisoners_from,
    propose_captured,
)
from ledger.combat.assault_losses import (
    ANTI_ARMOR_VULNERABILITY,
    attacker_percent_15_18,
    check_raw_losses,
    disorganization_points,
    effective_vulnerability,
    gun_vulnerability_losses,
    guns_subject_to_vulnerability,
    hex_shares,
    parenthesised_defence_overwhelmed,
    propose_raw_losses,
    raw_loss,
    remaining_after,
    retreat_extra_percent,
    vulnerability_required,
)
from ledger.combat.forces import CombatClass, Element, Loss
from ledger.model.rulings import RULINGS
from ledger.model.units import Ratings
from tests.conftest import REFERENCE

DCA = "defensive_close_assault"
OCA = "offensive_close_assault"
REFERENCE_CSV = REFERENCE / "cna/charts/15.89-prisoners-captured.csv"


def inf(unit: str, points: int, dca: int | None = 2, *, hex_: str = "A", oca: int = 1) -> Element:
    return Element(
        unit=unit,
        system=f"{unit}-inf",
        points=points,
        ratings=Ratings(offensive_close_assault=oca, defensive_close_assault=dca),
        side="axis",
        hex=hex_,
        kind="infantry",
        unit_type="infantry",
    )


def flak(unit: str, points: int, dca: int, *, hex_: str = "A") -> Element:
    # An AA/Flak unit: its Defensive Close Assault rating is printed in parentheses (15.17).
    return Element(
        unit=unit,
        system=f"{unit}-flak",
        points=points,
        ratings=Ratings(
            defensive_close_assault=dca, vulnerability=4, parenthesised=frozenset({DCA})
        ),
        side="axis",
        hex=hex_,
        kind="anti_air_heavy",
        unit_type="anti_air",
        combat_class="gun",
        forward=True,
    )


def gun(
    unit: str,
    points: int,
    vulnerability: int,
    *,
    forward: bool = True,
    klass: CombatClass = "gun",
    kind: str = "gun",
) -> Element:
    return Element(
        unit=unit,
        system=f"{unit}-gun",
        points=points,
        ratings=Ratings(vulnerability=vulnerability, barrage=9, defensive_close_assault=1),
        side="axis",
        hex="A",
        kind=kind,
        unit_type="artillery",
        combat_class=klass,
        forward=forward,
    )


# --- 15.83c: Raw points lost -------------------------------------------------------------------


def test_raw_loss_rounds_up_for_the_attacker_and_down_for_the_defender() -> None:
    # 15.83c: 10 % of 351 Raw = 35.1 -> attacker 36, defender 35.
    assert raw_loss(10, 351, attacker=True, overrun=False) == 36
    assert raw_loss(10, 351, attacker=False, overrun=False) == 35
    # 30 % of 117 = 35.1 as well (exact, no float drift).
    assert raw_loss(30, 117, attacker=False, overrun=False) == 35


def test_an_overrun_defender_rounds_up() -> None:
    # 15.83c, 15.77: 10 % of 11 Raw = 1.1 -> 2 when Overrun, 1 otherwise.
    assert raw_loss(10, 11, attacker=False, overrun=True) == 2
    assert raw_loss(10, 11, attacker=False, overrun=False) == 1


def test_a_whole_loss_is_not_rounded() -> None:
    # 20 % of 35 = 7 exactly, both sides.
    assert raw_loss(20, 35, attacker=True, overrun=False) == 7
    assert raw_loss(20, 35, attacker=False, overrun=False) == 7


def test_raw_loss_refuses_negative_input() -> None:
    with pytest.raises(ValueError, match=r"percent: -5 .*15\.83c"):
        raw_loss(-5, 10, attacker=True, overrun=False)
    with pytest.raises(ValueError, match=r"total_raw: -1 .*15\.83c"):
        raw_loss(5, -1, attacker=True, overrun=False)


# --- 15.83d: which TOE points absorb the loss ----------------------------------------------------


def test_one_point_of_defensive_2_infantry_absorbs_two_raw() -> None:
    # 15.83d: one TOE point at Defensive Close Assault 2 absorbs 2 Raw points.
    force = [inf("I/155", 7, dca=2)]
    assert propose_raw_losses(force, 2, DCA) == (Loss("I/155", "I/155-inf", 1, 2),)
    # 3 Raw need two such points (absorbing 4).
    assert propose_raw_losses(force, 3, DCA) == (Loss("I/155", "I/155-inf", 2, 4),)


def test_the_attacker_uses_offensive_ratings() -> None:
    # Offensive 1: 3 Raw lost take 3 points, though their Defensive rating is 2.
    force = [inf("I/155", 7, dca=2, oca=1)]
    assert propose_raw_losses(force, 3, OCA) == (Loss("I/155", "I/155-inf", 3, 3),)


def test_the_fewest_points_with_the_least_waste_as_in_the_14_43_example() -> None:
    # 14.43's mechanics (which 15.83d shares): 7 to absorb from six rating-2 and three rating-3
    # points. Two points absorb at most 3 + 3 = 6 < 7, so three are needed: 3+3+3 = 9,
    # 3+3+2 = 8, 3+2+2 = 7 (no waste) -> one rating-3 and two rating-2 points, as the example.
    force = [inf("m11", 6, dca=2), inf("m13", 3, dca=3)]
    assert propose_raw_losses(force, 7, DCA) == (
        Loss("m11", "m11-inf", 2, 4),
        Loss("m13", "m13-inf", 1, 3),
    )


def test_least_waste_breaks_a_tie_in_point_count() -> None:
    # 6 Raw: two points suffice (5 + 5 = 10, 5 + 3 = 8, 3 + 3 = 6); 3 + 3 wastes nothing.
    force = [inf("big", 2, dca=5), inf("small", 3, dca=3)]
    assert propose_raw_losses(force, 6, DCA) == (Loss("small", "small-inf", 2, 6),)


def test_equal_choices_take_the_element_listed_first() -> None:
    force = [inf("first", 4, dca=2), inf("second", 4, dca=2)]
    assert propose_raw_losses(force, 4, DCA) == (Loss("first", "first-inf", 2, 4),)


def test_zero_rated_points_are_never_proposed() -> None:
    # An HQ with "-" absorbs nothing; 2 Raw are taken from the rating-1 infantry.
    force = [inf("hq", 5, dca=None), inf("bn", 4, dca=1)]
    assert propose_raw_losses(force, 2, DCA) == (Loss("bn", "bn-inf", 2, 2),)


def test_a_loss_beyond_the_force_takes_every_absorbing_point() -> None:
    # 120 % (100 % + 20 % for two hexes not retreated) of 8 Raw = 9.6 -> 9 > 8 held.
    force = [inf("bn", 4, dca=2), inf("hq", 2, dca=None)]
    lost = raw_loss(100 + retreat_extra_percent(2, 0), 8, attacker=False, overrun=False)
    assert lost == 9
    assert propose_raw_losses(force, lost, DCA) == (Loss("bn", "bn-inf", 4, 8),)


def test_propose_refuses_other_ratings() -> None:
    with pytest.raises(ValueError, match=r"rating: 'barrage' .*15\.83d"):
        propose_raw_losses([inf("bn", 4)], 2, "barrage")


# --- 15.83e: hexes --------------------------------------------------------------------------------


def test_an_even_split_between_two_hexes() -> None:
    # 15.83e's example: 50 % of the Raw points in each hex -> the loss is halved.
    force = [inf("b", 5, dca=2, hex_="B"), inf("c", 5, dca=2, hex_="C")]
    assert hex_shares(force, 10, DCA) == {"B": 5, "C": 5}
    # 5 Raw per hex at rating 2 -> 3 points each (absorbing 6).
    assert propose_raw_losses(force, 10, DCA) == (
        Loss("b", "b-inf", 3, 6),
        Loss("c", "c-inf", 3, 6),
    )


def test_uneven_shares_by_largest_remainder_or_rounded_up() -> None:
    # Hex B 30 Raw, hex C 12 Raw, 11 lost: 11 x 30/42 = 7.857, 11 x 12/42 = 3.143.
    force = [inf("b", 15, dca=2, hex_="B"), inf("c", 12, dca=1, hex_="C")]
    assert hex_shares(force, 11, DCA) == {"B": 8, "C": 3}  # 7 + 3, the spare point to B
    assert hex_shares(force, 11, DCA, hex_shares="round-up") == {"B": 8, "C": 4}
    assert propose_raw_losses(force, 11, DCA) == (
        Loss("b", "b-inf", 4, 8),
        Loss("c", "c-inf", 3, 3),
    )


def test_equal_remainders_go_to_the_larger_hex_then_the_first_listed() -> None:
    # 1 Raw over two equal hexes: 1/2 each -> the first listed takes it.
    even = [inf("b", 2, dca=1, hex_="B"), inf("c", 2, dca=1, hex_="C")]
    assert hex_shares(even, 1, DCA) == {"B": 1, "C": 0}
    # 3 Raw over hexes of 4, 2 and 2 Raw: 1.5, 0.75, 0.75 -> 1, 0, 0 and 2 left over:
    # remainders .5 (B), .75 (C), .75 (D) -> C and D.
    three = [
        inf("b", 4, dca=1, hex_="B"),
        inf("c", 2, dca=1, hex_="C"),
        inf("d", 2, dca=1, hex_="D"),
    ]
    assert hex_shares(three, 3, DCA) == {"B": 1, "C": 1, "D": 1}


def test_hex_shares_refuses_an_unknown_option() -> None:
    with pytest.raises(ValueError, match=r"15\.83e-hex-shares"):
        hex_shares([inf("b", 2)], 1, DCA, hex_shares="nearest")


# --- 15.17: parenthesised ratings ----------------------------------------------------------------


def test_parenthesised_points_absorb_at_most_a_quarter_beside_combat_units() -> None:
    # Share 10: the Flak (rating (3)) may absorb at most 10/4 = 2.5, so no Flak point (3 > 2.5);
    # ten rating-1 infantry points absorb it. Without the limit 3 Flak + 1 infantry would do.
    force = [flak("flak", 4, dca=3), inf("bn", 10, dca=1)]
    assert propose_raw_losses(force, 10, DCA) == (Loss("bn", "bn-inf", 10, 10),)
    # Share 12: the Flak may absorb 3 (one point); 9 infantry points + 1 Flak = 10 points
    # instead of 12 infantry points.
    force = [flak("flak", 4, dca=3), inf("bn", 12, dca=1)]
    assert propose_raw_losses(force, 12, DCA) == (
        Loss("flak", "flak-flak", 1, 3),
        Loss("bn", "bn-inf", 9, 9),
    )


def test_parenthesised_points_alone_in_a_hex_have_no_limit() -> None:
    # 10 Raw against four (3) Flak points alone: 4 points absorb 12.
    assert propose_raw_losses([flak("flak", 4, dca=3)], 10, DCA) == (
        Loss("flak", "flak-flak", 4, 12),
    )


def test_check_counts_parenthesised_points_only_up_to_the_quarter() -> None:
    force = [flak("flak", 4, dca=3), inf("bn", 12, dca=1)]
    # 4 Flak (12) + 0 infantry: only 3 of the Flak's 12 count -> 9 short of 12.
    with pytest.raises(ValueError, match=r"must absorb 12 .*absorbs 3: 9 short"):
        check_raw_losses(force, 12, DCA, [Loss("flak", "flak-flak", 4)])
    check_raw_losses(force, 12, DCA, [Loss("flak", "flak-flak", 1), Loss("bn", "bn-inf", 9)])


# --- check_raw_losses ------------------------------------------------------------------------------


def test_the_proposal_passes_its_own_check() -> None:
    force = [inf("b", 15, dca=2, hex_="B"), inf("c", 12, dca=1, hex_="C")]
    check_raw_losses(force, 11, DCA, propose_raw_losses(force, 11, DCA))


def test_check_names_the_shortfall_per_hex() -> None:
    # Hex B owes 8 Raw (see above); 2 points at rating 2 absorb 4: 4 short.
    force = [inf("b", 15, dca=2, hex_="B"), inf("c", 12, dca=1, hex_="C")]
    with pytest.raises(ValueError, match=r"hex B must absorb 8 .*absorbs 4: 4 short \(15\.83d, e"):
        check_raw_losses(force, 11, DCA, [Loss("b", "b-inf", 2), Loss("c", "c-inf", 3)])


def test_check_names_over_holding_and_unknown_points_together() -> None:
    force = [inf("b", 5, dca=2)]
    with pytest.raises(ValueError) as err:
        check_raw_losses(force, 4, DCA, [Loss("b", "b-inf", 7), Loss("x", "x-inf", 1)])
    message = str(err.value)
    assert "b b-inf: the losses take 7 TOE points, 5 held: 2 over (15.83d)" in message
    assert "x x-inf is not among the points" in message


def test_check_accepts_zero_rated_points_and_extra_points() -> None:
    force = [inf("hq", 3, dca=None), inf("bn", 4, dca=2)]
    check_raw_losses(force, 4, DCA, [Loss("hq", "hq-inf", 1), Loss("bn", "bn-inf", 2)])
    check_raw_losses(force, 4, DCA, [Loss("bn", "bn-inf", 4)])
    with pytest.raises(ValueError, match="2 short"):
        check_raw_losses(force, 4, DCA, [Loss("hq", "hq-inf", 3), Loss("bn", "bn-inf", 1)])


def test_check_accepts_everything_lost_when_the_loss_exceeds_the_force() -> None:
    force = [inf("bn", 4, dca=2)]
    check_raw_losses(force, 9, DCA, [Loss("bn", "bn-inf", 4)])
    with pytest.raises(ValueError, match=r"must absorb 8 .*absorbs 6: 2 short"):
        check_raw_losses(force, 9, DCA, [Loss("bn", "bn-inf", 3)])


# --- 15.89: the Prisoners Captured chart ---------------------------------------------------------


def test_the_prisoners_chart_is_bundled_and_covers_the_die_once() -> None:
    chart = bundled_chart("15.89-prisoners")
    assert "15.89-prisoners" in bundled_chart_ids()
    assert chart.case == "15.89" and chart.dice is D6
    assert chart.keys == ("all",)
    assert coverage_problems(chart, subtract_declared_gaps=False) == []
    with REFERENCE_CSV.open() as handle:
        rows = [r for r in csv.DictReader(line for line in handle if not line.startswith("#"))]
    assert {int(r["die"]): r["percent_prisoners"] for r in rows} == {
        die: chart.lookup("all", die) for die in range(1, 7)
    }


def test_prisoner_odds_are_exact_and_sum_to_one() -> None:
    odds = prisoner_percent_distribution()
    assert odds == {
        10: Fraction(1, 6),
        25: Fraction(1, 6),
        33: Fraction(1, 6),
        50: Fraction(1, 3),  # faces 4 and 5
        75: Fraction(1, 6),
    }
    assert sum(odds.values()) == 1


def test_prisoner_percent_by_die_and_bad_dice() -> None:
    assert [prisoner_percent(d) for d in range(1, 7)] == [10, 25, 33, 50, 50, 75]
    for bad in (0, 7, True):
        with pytest.raises(ValueError, match=r"die: .* \(15\.89\)"):
            prisoner_percent(bad)


def test_15_73d_half_of_the_losses_captured_rounded_up() -> None:
    # 15.73d: the defender loses 20 % and throws a 4 on 15.89 -> 50 % of his losses captured.
    # 35 points at Defensive 1 = 35 Raw; 20 % = 7 Raw -> 7 TOE points lost; 50 % of 7 = 3.5 -> 4.
    force = [inf("bn", 35, dca=1)]
    lost = propose_raw_losses(force, raw_loss(20, 35, attacker=False, overrun=False), DCA)
    assert lost == (Loss("bn", "bn-inf", 7, 7),)
    percent = prisoner_percent(4)
    assert percent == 50
    assert captured_points(7, percent) == 4
    assert propose_captured(lost, percent) == (Loss("bn", "bn-inf", 4, 4),)


def test_captured_points_round_up() -> None:
    assert captured_points(10, 33) == 4  # 3.3 -> 4
    assert captured_points(4, 25) == 1  # exactly 1
    assert captured_points(0, 75) == 0
    with pytest.raises(ValueError, match=r"percent: 120 .*15\.85"):
        captured_points(3, 120)


def test_captured_by_toe_points_or_by_raw_points() -> None:
    # Lost: 3 points at rating 2 (6 Raw) and 4 at rating 1 (4 Raw); 25 % captured.
    lost = (Loss("a", "a-inf", 3, 6), Loss("b", "b-inf", 4, 4))
    # 'toe': 25 % of 7 points = 1.75 -> 2, from the first loss.
    assert propose_captured(lost, 25) == (Loss("a", "a-inf", 2, 4),)
    # 'raw': 25 % of 10 Raw = 2.5 -> 3; one rating-2 point + one rating-1 point absorb 3.
    assert propose_captured(lost, 25, captured_basis="raw") == (
        Loss("a", "a-inf", 1, 2),
        Loss("b", "b-inf", 1, 1),
    )


def test_captured_infantry_become_prisoner_points_and_guns_equipment() -> None:
    # 15.86d: infantry points -> one Prisoner Point each; guns (kind "gun") -> equipment.
    elements = [inf("bn", 7), gun("art", 6, 5)]
    captured = (Loss("bn", "bn-inf", 3, 6), Loss("art", "art-gun", 2, 10))
    split = prisoners_from(captured, elements)
    assert split == CapturedSplit(3, (captured[0],), (captured[1],))
    assert split.as_json()["prisoner_points"] == 3
    with pytest.raises(ValueError, match=r"ghost .*15\.86d"):
        prisoners_from((Loss("ghost", "x", 1),), elements)


def test_captured_class_points_follow_the_15_86_ruling() -> None:
    # A recce class's own points: prisoners under 'class-points' (default), equipment under
    # 'infantry-type' (not an infantry or engineer class); infantry points prisoners either way.
    recce = Element(
        unit="kdo",
        system="kdo",
        points=4,
        ratings=Ratings(armor_protection=1, defensive_close_assault=2),
        side="axis",
        kind="recce",
        unit_type="recce",
        combat_class="armor",
    )
    captured = (Loss("kdo", "kdo", 2, 4), Loss("bn", "bn-inf", 1, 2))
    elements = [recce, inf("bn", 7)]
    assert prisoners_from(captured, elements).prisoner_points == 3
    split = prisoners_from(captured, elements, captured_class_points="infantry-type")
    assert (split.prisoner_points, split.equipment) == (1, (captured[0],))
    with pytest.raises(ValueError, match=r"15\.86-captured-class-points"):
        prisoners_from(captured, elements, captured_class_points="all")


# --- 15.84: guns' Vulnerability losses ------------------------------------------------------------


def test_one_raw_point_lost_costs_at_least_one_vulnerability_point() -> None:
    # 15.84b: 1 Raw lost -> half is 0.5; at least 1 either way.
    assert vulnerability_required(1) == 1
    assert vulnerability_required(1, vulnerability_half="down") == 1
    assert vulnerability_required(0) == 0
    # 7 Raw lost -> 3.5: 4 rounded up (default), 3 down.
    assert vulnerability_required(7) == 4
    assert vulnerability_required(7, vulnerability_half="down") == 3
    # One gun point of Vulnerability 5 absorbs the 1 point.
    assert gun_vulnerability_losses([gun("art", 6, 5)], 1, offensive=False) == (
        Loss("art", "art-gun", 1, 5),
    )


def test_offensive_close_assault_halves_vulnerability_rounded_up() -> None:
    # 12.18: Vulnerability 7 becomes 4 in an Offensive Close Assault.
    art = gun("art", 6, 7)
    assert effective_vulnerability(art, offensive=True) == 4
    assert effective_vulnerability(art, offensive=False) == 7
    # 12.19: a gun firing Anti-Armor has Vulnerability 2.
    assert effective_vulnerability(art, offensive=False, override=ANTI_ARMOR_VULNERABILITY) == 2
    # 10 Raw lost -> 5 Vulnerability points: two points at 4 (offensive), one at 7 (defending).
    assert gun_vulnerability_losses([art], 10, offensive=True) == (Loss("art", "art-gun", 2, 8),)
    assert gun_vulnerability_losses([art], 10, offensive=False) == (Loss("art", "art-gun", 1, 7),)
    # With the 12.19 override: three points at 2.
    assert gun_vulnerability_losses(
        [art], 10, offensive=False, vulnerability={("art", "art-gun"): 2}
    ) == (Loss("art", "art-gun", 3, 6),)


def test_aa_flak_and_back_guns_take_no_vulnerability_losses() -> None:
    art, back, aa = gun("art", 6, 5), gun("back", 4, 5, forward=False), flak("flak", 4, dca=1)
    assert guns_subject_to_vulnerability([art, back, aa], defender=True, overrun=False) == (art,)
    # 15.84c: an Overrun reaches the defender's guns Back as well (still not AA/Flak).
    assert guns_subject_to_vulnerability([art, back, aa], defender=True, overrun=True) == (
        art,
        back,
    )
    assert guns_subject_to_vulnerability([art, back], defender=False, overrun=True) == (art,)
    assert gun_vulnerability_losses([aa], 5, offensive=False) == ()


def test_vulnerability_losses_come_from_what_the_raw_losses_left() -> None:
    # 15.84c: in an Overrun, Raw losses first, then Vulnerability from the rest.
    art = gun("art", 3, 5)
    left = remaining_after([art], [Loss("art", "art-gun", 2)])
    assert [e.points for e in left] == [1]
    assert gun_vulnerability_losses(left, 20, offensive=False) == (Loss("art", "art-gun", 1, 5),)
    assert remaining_after([art], [Loss("art", "art-gun", 3)]) == ()
    with pytest.raises(ValueError, match="1 over"):
        remaining_after([art], [Loss("art", "art-gun", 4)])


# --- 15.87, 15.82, 15.18 ---------------------------------------------------------------------------


def test_disorganization_at_exactly_thirty_percent() -> None:
    # 15.87: 3 of 10 committed is exactly 30 % -> 3 DP; 2 of 10 -> none; 3 of 11 (27 %) none.
    assert disorganization_points(3, 10) == 3
    assert disorganization_points(2, 10) == 0
    assert disorganization_points(3, 11) == 0
    assert disorganization_points(0, 0) == 0
    assert disorganization_points(1, 0) == 3  # losses with nothing committed


def test_retreat_not_taken_adds_ten_percent_a_hex() -> None:
    # 15.82: 2 hexes not retreated -> +20 %.
    assert retreat_extra_percent(2, 0) == 20
    assert retreat_extra_percent(3, 1) == 20
    assert retreat_extra_percent(1, 2) == 0
    assert retreat_extra_percent(2, 0, major_city=True) == 0
    with pytest.raises(ValueError, match=r"hexes_required: -1 .*15\.82"):
        retreat_extra_percent(-1, 0)


def test_15_18_parenthesised_defenders_against_three_times_their_raw() -> None:
    # Two (1)-rated Flak points: 2 Raw Defensive; 6 Raw attacking is 3 times -> overwhelmed.
    defenders = [flak("flak", 2, dca=1)]
    assert parenthesised_defence_overwhelmed(6, defenders)
    assert not parenthesised_defence_overwhelmed(5, defenders)
    assert not parenthesised_defence_overwhelmed(30, [*defenders, inf("bn", 1, dca=1)])
    assert attacker_percent_15_18(35) == 15
    assert attacker_percent_15_18(10) == 0


def test_the_rulings_are_registered_with_their_defaults() -> None:
    known = {r.id: (r.options, r.default) for r in RULINGS}
    assert known["15.83e-hex-shares"] == (("largest-remainder", "round-up"), "largest-remainder")
    assert known["15.84-vulnerability-half"] == (("up", "down"), "up")
    assert known["15.86-captured-basis"] == (("toe", "raw"), "toe")
    assert known["15.17-parenthesised-quarter"] == (("hex-share",), "hex-share")
