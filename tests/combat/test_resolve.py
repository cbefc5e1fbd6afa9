"""Resolving a combat (ledger/combat/resolve.py): the named dice, rolling with a seed, reading
them, the proposed losses, the owner's allocation and the CombatPosting built for posting."""

from __future__ import annotations

from fractions import Fraction

import pytest

from ledger.combat.anti_armor import AntiArmorResult
from ledger.combat.assault_setup import NO_ASSAULT
from ledger.combat.barrage import BarrageResult
from ledger.combat.close_assault import CloseAssaultResult
from ledger.combat.combat_dice import check_dice, dice_for, roll_dice
from ledger.combat.forces import Loss
from ledger.combat.posting import CapturedPoints, UnitLosses, UnitMarker
from ledger.combat.prepared_combat import PreparedCombat
from ledger.combat.resolve import (
    Allocation,
    check_allocation,
    combat_posting,
    propose_barrage_losses,
    read_combat,
)
from ledger.model.state import GameState
from tests.combat.requests import example, prepared, rules_examples_state


@pytest.fixture(scope="module")
def state() -> GameState:
    return rules_examples_state()


def assault(state: GameState) -> PreparedCombat:
    """The combat example's assault with both Adjusted Morales given (Axis +2, Commonwealth
    +1): 42 Raw (4 Actual) against 34 Raw (3 Actual, 2 after 15.4's one unsupported
    Crusader), +2, Rough -2, morale +1: column +1."""
    data = example("combat-example-close-assault.json")
    data["morale"] = {"attacker": {"adjusted": 2}, "defender": {"adjusted": 1}}
    return prepared(data, state)


# --- the dice -------------------------------------------------------------------------------------


def test_dice_names_for_each_kind(state: GameState) -> None:
    barrage = prepared(example("combat-example-barrage.json"), state)
    assert [(d.name, d.dice, d.case) for d in dice_for(barrage)] == [
        ("target", "d66", "12.42"),
        ("trucks", "d66", "12.46"),
    ]
    assert [d.name for d in dice_for(prepared(example("14.43-anti-armor.json")))] == ["fire"]
    rolled = prepared(example("combat-example-close-assault.json"), state)
    assert [(d.name, d.dice) for d in dice_for(rolled)] == [
        ("attacker_morale", "d66"),
        ("defender_morale", "d66"),
        ("attacker", "d66"),
        ("defender", "d66"),
        ("attacker_prisoners", "d6"),
        ("defender_prisoners", "d6"),
    ]


def test_check_dice_names_the_field_the_value_and_the_case(state: GameState) -> None:
    barrage = prepared(example("combat-example-barrage.json"), state)
    with pytest.raises(ValueError, match=r"dice\.target 70: .*\(12\.42\)"):
        check_dice(barrage, {"target": 70, "trucks": 11})
    with pytest.raises(ValueError, match=r"dice\.trucks: missing.*12\.46"):
        check_dice(barrage, {"target": 34})
    with pytest.raises(ValueError, match=r"dice\.fire: not a reading of this barrage"):
        check_dice(barrage, {"target": 34, "trucks": 11, "fire": 51})
    close = assault(state)
    with pytest.raises(ValueError, match=r"dice\.defender_prisoners 7: expected one die.*15\.89"):
        check_dice(close, {"attacker": 34, "defender": 12, "defender_prisoners": 7})
    assert check_dice(close, {"defender": 12, "attacker": 34}) == {"attacker": 34, "defender": 12}


def test_rolling_with_a_seed_is_reproducible(state: GameState) -> None:
    close = prepared(example("combat-example-close-assault.json"), state)
    first, again = roll_dice(close, 1940), roll_dice(close, 1940)
    assert first == again
    assert list(first) == [d.name for d in dice_for(close)]
    for name, value in first.items():
        if name.endswith("prisoners"):
            assert 1 <= value <= 6
        else:
            assert 1 <= value // 10 <= 6 and 1 <= value % 10 <= 6
    reading = read_combat(close, first, seed=1940)
    assert reading.seed == 1940 and reading.as_json()["seed"] == 1940
    assert set(dict(reading.dice)) <= set(first)


# --- barrage ----------------------------------------------------------------------------------------


def test_combat_example_barrage_pins_the_stuarts_and_posts_cp_and_ammunition(
    state: GameState,
) -> None:
    combat = prepared(example("combat-example-barrage.json"), state)
    # column 7-8 on the armor part of 12.6: 41-66 pin (the chart; the example reads it backwards)
    reading = read_combat(combat, {"target": 45, "trucks": 11})
    assert isinstance(reading.result, BarrageResult) and reading.result.pinned
    posting = combat_posting(reading)
    assert posting.combat == "barrage" and posting.attacker == "axis" and posting.phasing == "axis"
    assert posting.hexes == ("B", "C", "A") and posting.column == "7-8"
    assert posting.dice == (("target", 45), ("trucks", 11)) and posting.seed is None
    assert posting.markers == (UnitMarker("cw.ex.stuart_bn", "pinned", "12.44"),)
    assert posting.losses == ()
    # 6 + 4 TOE points x 4 Ammunition Points (50.2)
    assert sum(a.points for a in posting.ammunition) == 40
    assert {c.unit: c.cp for c in posting.cp}["de.ex.kg_105mm_regt"] == 5


def test_barrage_losses_are_proposed_from_the_targets_toe_and_checked() -> None:
    # 12.45: 3 points destroyed from a unit holding 1 of "a" and 5 of "b": 1 a, 2 b
    assert propose_barrage_losses((("a", 1), ("b", 5)), "u", 3) == (
        Loss("u", "a", 1),
        Loss("u", "b", 2),
    )
    assert propose_barrage_losses((), "Infantry #2", 1) == ()
    data = example("11.35-barrage.json")
    data["target"]["toe"] = [{"system": "rifles", "points": 4, "ratings": {}}]
    combat = prepared(data)
    # 11 Actual on the infantry part of 12.6, 11-12: 64 destroys one TOE point
    reading = read_combat(combat, {"target": 64})
    assert isinstance(reading.result, BarrageResult) and reading.result.toe_lost == 1
    assert reading.proposal.losses == (Loss("Infantry #1", "rifles", 1),)
    with pytest.raises(ValueError, match=r"2 TOE Strength Points named, the barrage destroyed 1"):
        check_allocation(reading, Allocation(losses=(Loss("Infantry #1", "rifles", 2),)))
    with pytest.raises(ValueError, match=r"not the barrage's target"):
        check_allocation(reading, Allocation(losses=(Loss("Gun #1", "rifles", 1),)))
    with pytest.raises(ValueError, match=r"inline forces .* not in the ledger"):
        combat_posting(reading)


# --- anti-armor ---------------------------------------------------------------------------------------


def test_14_43_seven_damage_proposes_one_m13_and_two_m11() -> None:
    combat = prepared(example("14.43-anti-armor.json"))
    reading = read_combat(combat, {"fire": 35})
    assert isinstance(reading.result, AntiArmorResult) and reading.result.damage == 7
    # 3 + 2 + 2 = 7: three TOE points, the fewest that absorb seven (14.43)
    assert reading.proposal.losses == (
        Loss("Italian tank battalion", "M13/40", 1, 3),
        Loss("Italian tank battalion", "M11/39", 2, 4),
    )
    # the owner may lose four M11 instead (8 >= 7), not three (6 < 7)
    four = check_allocation(
        reading, Allocation(losses=(Loss("Italian tank battalion", "M11/39", 4),))
    )
    assert four.losses == (Loss("Italian tank battalion", "M11/39", 4, 8),)
    with pytest.raises(ValueError, match=r"losses: allocation absorbs 6 Damage Points, 7 needed"):
        check_allocation(reading, Allocation(losses=(Loss("Italian tank battalion", "M11/39", 3),)))


def test_combat_example_anti_armor_posting(state: GameState) -> None:
    combat = prepared(example("combat-example-anti-armor.json"), state)
    # Phasing: 51 is read one row up, 45-46, column 2: 4 Damage Points; a Crusader absorbs 4
    reading = read_combat(combat, {"fire": 51})
    assert isinstance(reading.result, AntiArmorResult) and reading.result.damage == 4
    posting = combat_posting(reading)
    assert posting.combat == "anti_armor" and posting.column == "2"
    assert posting.losses == (
        UnitLosses("cw.ex.crusader_bn", (("cw.crusader_ii", 1),), "14.43", "anti-armor"),
    )
    # 5 TOE points fired x 3 Ammunition Points (50.2)
    assert [(a.unit, a.points) for a in posting.ammunition] == [("de.ex.pziii_bn", 15)]


# --- close assault --------------------------------------------------------------------------------------


def test_close_assault_engaged_with_prisoners(state: GameState) -> None:
    combat = assault(state)
    assert combat.calculation.column == "+1"  # type: ignore[union-attr]
    reading = read_combat(
        combat,
        {"attacker": 55, "defender": 11, "attacker_prisoners": 6, "defender_prisoners": 4},
    )
    result = reading.result
    assert isinstance(result, CloseAssaultResult)
    # column +1: attacker 55 (sum 10) 0 % and Engaged; defender 11 (sum 2) 20 % and Captured
    assert (result.outcome.attacker_loss, result.outcome.defender_loss) == (0, 20)
    assert result.status == "engaged"
    # the unused attacker prisoner die is not recorded; 15.89 die 4: 50 %
    assert reading.dice == (("attacker", 55), ("defender", 11), ("defender_prisoners", 4))
    # defender Raw for losses 72 (34 + Stuarts 8 x 4 + 2-pounders 6 x 1); 20 % = 14.4 -> 14
    assert result.defender_raw_lost == 14
    lost = {(x.unit, x.system): x.points for x in result.defender_losses}
    assert (
        lost[("cw.ex.motor_inf_bn", "cw.l")] == 1
        and lost[("cw.ex.crusader_bn", "cw.crusader_ii")] == 3
    )
    # 50 % of the 8 TOE points lost, rounded up: 4 captured, the first points lost
    assert (
        sum(x.points for x in reading.proposal.defender_captured) == result.defender_captured == 4
    )
    posting = combat_posting(reading)
    assert posting.combat == "close_assault" and posting.column == "+1"
    assert posting.captured == (
        CapturedPoints("cw.ex.motor_inf_bn", "cw.l", 1),
        CapturedPoints("cw.ex.crusader_bn", "cw.crusader_ii", 3),
    )
    # what is captured leaves the losses: only the 2-pounders' Vulnerability loss stays
    assert [(x.unit, x.losses) for x in posting.losses] == [
        ("cw.ex.2pdr_at_regt", (("cw.2_pounder", 4),))
    ]
    engaged = {m.unit for m in posting.markers if m.marker == "engaged"}
    assert {"de.ex.kg_inf_bn_1", "de.ex.c_inf_bn", "cw.ex.stuart_bn", "cw.ex.25pdr_regt"} <= engaged
    # 8 of 11 committed TOE points lost: 30 % or more, 3 DP for every defending unit (15.87)
    assert {(d.unit, d.dp, d.case) for d in posting.disorganization} >= {
        ("cw.ex.motor_inf_bn", Fraction(3), "15.87")
    }
    assert all(d.unit.startswith("cw.") for d in posting.disorganization)


def test_close_assault_owner_allocation_is_checked(state: GameState) -> None:
    combat = assault(state)
    reading = read_combat(combat, {"attacker": 34, "defender": 44})
    result = reading.result
    assert isinstance(result, CloseAssaultResult)
    # attacker 5 % of 42 Raw = 2.1, rounded up: 3 Raw; two battalions' points of 2 each
    assert result.attacker_raw_lost == 3
    # 15.83e: 28 of the 42 Raw are in hex B, 14 in C: shares 2 and 1; each point absorbs 2
    theirs = reading.proposal.defender_losses
    fine = Allocation(
        attacker_losses=(
            Loss("de.ex.kg_inf_bn_2", "de.ex.kg_infantry", 1),
            Loss("de.ex.c_inf_bn", "de.ex.kg_infantry", 1),
        ),
        defender_losses=theirs,
    )
    checked = check_allocation(reading, fine)
    assert checked.attacker_losses == fine.attacker_losses
    short = Allocation(
        attacker_losses=(Loss("de.ex.kg_inf_bn_2", "de.ex.kg_infantry", 2),),
        defender_losses=theirs,
    )
    with pytest.raises(ValueError, match=r"attacker_losses: hex C must absorb 1 .* 1 short"):
        check_allocation(reading, short)
    wrong = Allocation(
        attacker_losses=fine.attacker_losses,
        defender_losses=theirs,
        attacker_captured=(Loss("de.ex.kg_inf_bn_2", "de.ex.kg_infantry", 1),),
    )
    with pytest.raises(ValueError, match=r"attacker_captured: 1 TOE Strength Points named, .*0"):
        check_allocation(reading, wrong)


def test_a_defence_that_allocates_nothing_retreats_with_3_dp(state: GameState) -> None:
    data = example("combat-example-close-assault.json")
    data["defenders"] = [{"unit": "Mot inf bn", "withheld": True}]
    data["morale"] = {"attacker": {"adjusted": 2}, "defender": {"adjusted": 1}}
    combat = prepared(data, state)
    assert combat.calculation.column == NO_ASSAULT  # type: ignore[union-attr]
    assert dice_for(combat) == ()
    reading = read_combat(combat, {})
    assert reading.dice == ()
    posting = combat_posting(reading)
    assert [(d.unit, d.dp, d.cause, d.case) for d in posting.disorganization] == [
        ("cw.ex.motor_inf_bn", Fraction(3), "retreat-without-assault", "15.29")
    ]
    assert posting.losses == () and posting.markers == ()


def test_units_involved_ruling_limits_markers_and_dp_to_committed_units(state: GameState) -> None:
    data = example("combat-example-close-assault.json")
    data["morale"] = {"attacker": {"adjusted": 2}, "defender": {"adjusted": 1}}
    dice = {"attacker": 55, "defender": 11, "defender_prisoners": 4}
    default = combat_posting(read_combat(prepared(data, state), dice))
    data["rulings"] = {"15.81-units-involved": "committed"}
    committed = combat_posting(read_combat(prepared(data, state), dice))
    # in-the-hex: the Pinned Stuarts, withheld 2-pounders and 25-pounders Back are Engaged too
    engaged = {m.unit for m in default.markers}
    assert {"cw.ex.stuart_bn", "cw.ex.2pdr_at_regt", "cw.ex.25pdr_regt"} <= engaged
    # committed: only the infantry and the Crusaders defended, with the three attackers
    assert {m.unit for m in committed.markers} == {
        "de.ex.kg_inf_bn_1",
        "de.ex.kg_inf_bn_2",
        "de.ex.c_inf_bn",
        "cw.ex.motor_inf_bn",
        "cw.ex.crusader_bn",
    }
    assert {d.unit for d in committed.disorganization} == {
        "cw.ex.motor_inf_bn",
        "cw.ex.crusader_bn",
    }
    assert len(default.disorganization) == 5
