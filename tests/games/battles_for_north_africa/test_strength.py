"""Attack and Defense Factors after supply, terrain and fortification (Combat Phase ¶3-¶4,
Supply ¶1, Artillery Units ¶3, ¶5, AT Units ¶1, Air Missions ¶3-¶4)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from ledger.games.battles_for_north_africa.strength import (
    FireSupport,
    attack_line,
    defense_line,
    total_strengths,
)
from ledger.games.battles_for_north_africa.terrain import hex_terrain
from ledger.games.battles_for_north_africa.units import unit_type

from .helpers import unit

CLEAR = hex_terrain("clear")
MOUNTAINS = hex_terrain("mountains")


def _attack(u, target=CLEAR, compound=True, others=False, armored=False):  # type: ignore[no-untyped-def]
    return attack_line(
        u, others_attack=others, defenders_armored=armored, target=target, compound=compound
    )


def test_out_of_supply_halves_af_and_keeps_the_fraction() -> None:
    # Supply ¶1: AF halved; Rounding of Fractions ¶1: nothing says round, so 5 -> 5/2.
    line = _attack(unit("I/104", "mot-infantry", af=5, in_supply=False))
    assert line.value == Fraction(5, 2)
    assert line.steps == ("halved: out of supply (Supply ¶1)",)


def test_armor_attacking_a_mountain_along_a_road_is_halved() -> None:
    # Combat Phase ¶3: armored AF halved against a mountain hex; Movement Phase ¶3: only by road.
    tank = unit("II/5", "armor", af=6, by_road=True)
    assert _attack(tank, MOUNTAINS).value == 3
    infantry = unit("I/361", "infantry", af=6)
    assert _attack(infantry, MOUNTAINS).value == 6


def test_armor_may_not_attack_a_mountain_off_the_road() -> None:
    with pytest.raises(ValueError, match=r"may not attack into mountains except along a road"):
        _attack(unit("II/5", "armor", af=6), MOUNTAINS)


def test_escarpment_halves_every_attacker_and_halvings_compound() -> None:
    # Combat Phase ¶3: across an escarpment AF is halved; out of supply halves again (Supply ¶1):
    # 6 x 1/2 x 1/2 = 3/2 under bfna-halvings-compound=compound, 3 under once.
    u = unit("I/361", "infantry", af=6, in_supply=False, hexsides=("escarpment",))
    assert _attack(u).value == Fraction(3, 2)
    assert _attack(u, compound=False).value == 3


def test_armored_unit_three_halvings() -> None:
    # Armor, out of supply, across an escarpment along a road, into mountains: 8/2/2/2 = 1.
    u = unit("8 RTR", "armor", af=8, in_supply=False, hexsides=("escarpment",), by_road=True)
    assert _attack(u, MOUNTAINS).value == 1


def test_in_battery_artillery_uses_bf_alone_and_af_with_others() -> None:
    # Artillery Units ¶3: BF when attacking without other units, AF when others attack too.
    gun = unit("4 RHA", "towed-arty", af=1, bf=8, in_battery=True)
    assert (_attack(gun).factor, _attack(gun).value) == ("BF", 8)
    assert (_attack(gun, others=True).factor, _attack(gun, others=True).value) == ("AF", 1)
    starving = unit("4 RHA", "towed-arty", af=1, bf=8, in_battery=True, in_supply=False)
    assert _attack(starving).value == 0  # Supply ¶1: BF 0 out of supply


def test_in_battery_at_uses_bf_against_armor_only() -> None:
    # AT Units ¶1: BF against armored enemies, AF against the rest.
    at = unit("2/7 AT", "towed-at", af=1, bf=6, in_battery=True)
    assert _attack(at, armored=True, others=True).value == 6
    assert _attack(at, armored=False).value == 1
    af_rule = attack_line(
        at,
        others_attack=True,
        defenders_armored=True,
        target=CLEAR,
        at_uses_bf_with_others=False,
    )
    assert af_rule.value == 1  # ruling bfna-at-battery-with-others=af-with-others


def test_disabled_heavy_armor_may_not_attack() -> None:
    with pytest.raises(ValueError, match="disabled unit may not attack"):
        _attack(unit("Tiger", "heavy-armor", af=9, disabled=True))


def test_fortification_doubles_df_but_not_for_armored_units() -> None:
    # Combat Phase ¶3.
    assert (
        defense_line(unit("2 RB", "infantry", df=4), attackers_armored=False, fortification=1).value
        == 8
    )
    assert (
        defense_line(unit("7 RTR", "armor", df=5), attackers_armored=False, fortification=2).value
        == 5
    )


def test_out_of_supply_halves_df_of_armored_units_only() -> None:
    # Supply ¶1: 5 -> 5/2 for armor, infantry unchanged.
    assert defense_line(
        unit("7 RTR", "armor", df=5, in_supply=False), attackers_armored=False, fortification=0
    ).value == Fraction(5, 2)
    assert (
        defense_line(
            unit("2 RB", "infantry", df=4, in_supply=False),
            attackers_armored=False,
            fortification=0,
        ).value
        == 4
    )


def test_in_battery_at_defends_with_fpf_against_armor() -> None:
    at = unit("2/7 AT", "towed-at", df=1, fpf=5, in_battery=True)
    assert defense_line(at, attackers_armored=True, fortification=0).value == 5
    assert defense_line(at, attackers_armored=False, fortification=0).value == 1
    arty = unit("4 RHA", "towed-arty", df=2, fpf=5, in_battery=True)
    assert defense_line(arty, attackers_armored=True, fortification=0).value == 2  # ¶5


def test_totals_add_support_after_the_halvings() -> None:
    # Combat Phase ¶4: attack 6/2 + 12 BF + 4 air = 19; defense 4 x 2 + 3 FPF + 2 air = 13.
    arty = unit_type("arty")
    totals = total_strengths(
        [unit("I/104", "mot-infantry", af=6, in_supply=False)],
        [unit("2 RB", "infantry", df=4)],
        target=CLEAR,
        fortification=1,
        offensive_fire=[
            FireSupport("I/33", 12, arty),
            FireSupport("II/33", 9, arty, in_supply=False),
        ],
        defensive_fire=[FireSupport("4 RHA", 3, arty)],
        close_attack=[4],
        close_defense=[2],
    )
    assert (totals.attack, totals.defense) == (19, 13)
    assert totals.offensive_fire == 12  # the out-of-supply battery gives 0 (Supply ¶1)


def test_no_close_attack_support_against_woods() -> None:
    with pytest.raises(ValueError, match=r"Air Missions ¶4"):
        total_strengths(
            [unit("a", "infantry", af=2)],
            [unit("d", "infantry", df=2)],
            target=hex_terrain("woods"),
            close_attack=[3],
        )


def test_at_units_cannot_give_fire_support() -> None:
    with pytest.raises(ValueError, match="AT Units ¶1"):
        FireSupport("2/7 AT", 6, unit_type("towed-at"))


def test_unknown_terrain_and_sea_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown terrain 'swamp'"):
        hex_terrain("swamp")
    with pytest.raises(ValueError, match="sea hex"):
        hex_terrain("sea")


def test_armor_may_not_attack_across_an_escarpment_off_the_road() -> None:
    # Combat Phase ¶2 with Movement Phase ¶3: armored units cross an escarpment only by road.
    with pytest.raises(ValueError) as caught:
        _attack(unit("II/5", "armor", af=6, hexsides=("escarpment",)))
    assert str(caught.value) == (
        "II/5 (Armor) may not attack across an escarpment hexside except along a road "
        "(Combat Phase ¶2, Movement Phase ¶3)"
    )
    infantry = unit("I/361", "infantry", af=6, hexsides=("escarpment",))
    assert _attack(infantry).value == 3  # halved across it (Combat Phase ¶3)


def test_an_hq_has_no_factors() -> None:
    # Unit Capabilities ¶14: an HQ's counter is 0-0-MP.
    with pytest.raises(ValueError, match=r"0-0-MP.*\(Unit Capabilities ¶14\)"):
        unit("7 Armd Div HQ", "hq", df=2)
    assert unit("7 Armd Div HQ", "hq").df == 0
