"""Combat Phase attacks (8.13, 9.0) and Air Strikes (8.92), worked by hand from the tables."""

from __future__ import annotations

from fractions import Fraction

import pytest

from ledger.games.combined_arms.air_strike import resolve_air_strike
from ledger.games.combined_arms.combat import (
    AIR_STRIKE,
    AIR_STRIKE_VALUES,
    Attacker,
    resolve_combat,
)
from ledger.games.combined_arms.reading import Battlefield, CombatInputError, Defender
from ledger.games.combined_arms.terrain import terrain_mode
from ledger.games.combined_arms.units import PrintedStrength, preset


def unit(preset_id: str, **kw: object) -> Attacker:
    found = preset(preset_id)
    return Attacker(found.id, found.values, found.type, **kw)  # type: ignore[arg-type]


def target(preset_id: str, disruption: int = 0) -> Defender:
    found = preset(preset_id)
    return Defender(found.id, found.values.defense, found.values.movement, disruption)


def place(mode: str, terrain: str = "clear", improved: bool = False) -> Battlefield:
    return Battlefield(terrain_mode(mode), terrain, improved)


def test_two_tanks_against_a_hard_target_in_clear() -> None:
    # Scenario 1: two Russian tanks, Hard attack [4] each, at a German tank [5] in Mixed Clear
    # (x1): 8 to 5 = 1.6, 1-1 on 13.21 (bracketed): 3 (1/6), 2 (1/3), 1 (1/3), dot (1/6).
    tank = unit("s1-alpha-tank")
    calc = resolve_combat([tank, tank], target("s1-bravo-tank"), place("mixed"))
    reading = calc.reading
    assert (reading.table, reading.column.column, reading.attack, reading.defense) == (
        "13.21-hard-clear",
        "1-1",
        8,
        5,
    )
    assert reading.odds == {
        "-": Fraction(1, 6),
        "1": Fraction(1, 3),
        "2": Fraction(1, 3),
        "3": Fraction(1, 6),
    }


def test_infantry_and_artillery_use_the_soft_tables() -> None:
    # German infantry 6 and artillery 10 (Soft attacks, unbracketed) at Russian infantry 8 in
    # Closed Rough #1 (x3 = 24): 16 to 24 is below 1-1, refused (9.0).
    with pytest.raises(CombatInputError, match=r"below the table's first column") as err:
        resolve_combat(
            [unit("s1-bravo-infantry"), unit("s1-bravo-artillery")],
            target("s1-alpha-infantry"),
            place("closed", "rough-1"),
        )
    assert err.value.field == "attackers"
    # In Mixed Rough #2 (x3 = 24) still refused; in Mixed Rough #1 (x2 = 16): 16 to 16, 1-1 on
    # 13.32 Soft Rough #1: 2 (die 1), 1 (2-3), dot (4-6).
    calc = resolve_combat(
        [unit("s1-bravo-infantry"), unit("s1-bravo-artillery")],
        target("s1-alpha-infantry"),
        place("mixed", "rough-1"),
    )
    assert calc.reading.table == "13.32-soft-rough-1"
    assert calc.reading.odds == {"-": Fraction(1, 2), "1": Fraction(1, 3), "2": Fraction(1, 6)}


def test_disruption_halves_before_or_after_terrain() -> None:
    # Defense 5, D1, Mixed Rough #1 (x2), attack 15 (given, unbracketed).
    # halve-first: ceil(5/2) = 3, x2 = 6: 15 to 6 = 2.5, 2-1.
    # halve-last: 5 x 2 = 10, half = 5: 15 to 5 = 3-1.
    attacker = Attacker("guns", preset("s1-alpha-artillery").values, strength=PrintedStrength(15))
    defender = Defender("d", PrintedStrength(5), 3, disruption=1)
    first = resolve_combat([attacker], defender, place("mixed", "rough-1"))
    last = resolve_combat(
        [attacker], defender, place("mixed", "rough-1"), chosen={"9.12-halving-order": "halve-last"}
    )
    assert (first.reading.defense, first.reading.column.column) == (6, "2-1")
    assert (last.reading.defense, last.reading.column.column) == (5, "3-1")


def test_rivers_double_only_when_every_attacker_crosses_and_not_for_artillery() -> None:
    # Russian infantry 8 at German infantry 6 in Mixed Clear: river x2 gives 12, 8 to 12 refused.
    across = unit("s1-alpha-infantry", across_river=True)
    with pytest.raises(CombatInputError):
        resolve_combat([across], target("s1-bravo-infantry"), place("mixed"))
    # A tank on the near bank too: all-across -> no x2. Against a Soft Target the tank employs
    # its Soft [10]: 8 + 10 = 18 to 6 = 3-1.
    both = [across, unit("s1-alpha-tank")]
    calc = resolve_combat(both, target("s1-bravo-infantry"), place("mixed"))
    assert (calc.river, calc.reading.defense, calc.reading.column.column) == (False, 6, "3-1")
    anyone = resolve_combat(
        both,
        target("s1-bravo-infantry"),
        place("mixed"),
        chosen={"11.2-river-attackers": "any-across"},
    )
    assert (anyone.river, anyone.reading.defense) == (True, 12)
    # Artillery alone across a river: no benefit (12.13): 10 to 6, 1-1.
    guns = unit("s1-alpha-artillery", across_river=True)
    alone = resolve_combat([guns], target("s1-bravo-infantry"), place("mixed"))
    assert (alone.river, alone.reading.defense) == (False, 6)


def test_artillery_neither_gives_nor_takes_away_the_river() -> None:
    # 12.13 takes the river away only when artillery attacks alone, so artillery's bank does not
    # count. Infantry 8 across + artillery 10 on the near bank at German infantry 6 in Mixed
    # Clear: every ground attacker is across, x2 = 12; 18 to 12 = 1-1 on 13.31.
    infantry = unit("s1-alpha-infantry", across_river=True)
    supported = resolve_combat(
        [infantry, unit("s1-alpha-artillery")], target("s1-bravo-infantry"), place("mixed")
    )
    assert (supported.river, supported.reading.defense) == (True, 12)
    assert supported.reading.column.column == "1-1"
    # Ruling any-across: artillery across the river with infantry on the near bank gives no x2
    # (only the artillery crosses; 12.13): 18 to 6 = 3-1.
    guns_across = resolve_combat(
        [unit("s1-alpha-infantry"), unit("s1-alpha-artillery", across_river=True)],
        target("s1-bravo-infantry"),
        place("mixed"),
        chosen={"11.2-river-attackers": "any-across"},
    )
    assert (guns_across.river, guns_across.reading.column.column) == (False, "3-1")
    # An Air Strike counts as artillery (8.92) the same way.
    air = Attacker("Air Strike", AIR_STRIKE_VALUES, AIR_STRIKE)
    with_air = resolve_combat([infantry, air], target("s1-bravo-infantry"), place("mixed"))
    assert (with_air.river, with_air.reading.defense) == (True, 12)


def test_truck_mounted_infantry_may_not_attack() -> None:
    # 7.13: infantry in trucks takes no part in normal combat.
    lorried = unit("s1-alpha-infantry")
    lorried = Attacker(lorried.name, lorried.values, "truck-infantry")
    with pytest.raises(CombatInputError, match=r"7\.13") as err:
        resolve_combat([lorried], target("s1-bravo-infantry"), place("mixed"))
    assert err.value.field == "attackers[0].type"


def test_a_ranged_attack_notes_that_range_attenuation_was_not_applied() -> None:
    # 8.8 is missing; ruling 8.8-range-attenuation as-given uses the printed strength and says so.
    ranged = unit("s1-alpha-tank", range_hexes=3)
    calc = resolve_combat([ranged], target("s1-bravo-infantry"), place("mixed"))
    assert calc.reading.attack == 10  # the tank's Soft [10], unattenuated
    assert any("8.8" in note and "3 hexes" in note for note in calc.notes), calc.notes
    adjacent = resolve_combat(
        [unit("s1-alpha-tank", range_hexes=1)], target("s1-bravo-infantry"), place("mixed")
    )
    assert not any("8.8" in note for note in adjacent.notes)


def test_range_is_checked_against_the_range_allowance() -> None:
    far = unit("s1-alpha-tank", range_hexes=5)  # Range Allowance 4 (line 637)
    with pytest.raises(CombatInputError, match=r"reaches 4 hexes.*\(3\.23\)") as err:
        resolve_combat([far], target("s1-bravo-infantry"), place("mixed"))
    assert err.value.field == "attackers[0].range"
    ranged = unit("s1-alpha-tank", range_hexes=3)
    strict = {"8.8-range-attenuation": "require-strength"}
    with pytest.raises(CombatInputError, match="attenuated Attack Strength"):
        resolve_combat([ranged], target("s1-bravo-infantry"), place("mixed"), chosen=strict)


def test_a_unit_without_attack_strength_cannot_attack() -> None:
    with pytest.raises(CombatInputError, match=r"Attack Strength of 0.*cannot attack"):
        resolve_combat([unit("truck")], target("s1-bravo-infantry"), place("mixed"))


def test_concentric_attacks_follow_their_ruling() -> None:
    calc = resolve_combat(
        [unit("s1-alpha-tank")], target("s1-bravo-infantry"), place("mixed"), concentric=True
    )
    assert any("8.7" in note for note in calc.notes)
    with pytest.raises(CombatInputError, match="resolve it by hand") as err:
        resolve_combat(
            [unit("s1-alpha-tank")],
            target("s1-bravo-infantry"),
            place("mixed"),
            concentric=True,
            chosen={"8.7-concentric-attack": "refuse"},
        )
    assert err.value.field == "concentric"


def test_air_strikes() -> None:
    # 8.92: 30 against a Soft Target. German infantry 5 in Mixed Clear: 30 to 5 = 6-1 on 13.31:
    # D3 (die 1), D2 (2-3), D1 (4-6).
    strike = resolve_air_strike(target("s4-bravo-infantry"), place("mixed"))
    assert (strike.reading.table, strike.reading.column.column) == ("13.31-soft-clear", "6-1")
    assert strike.reading.odds == {"D1": Fraction(1, 2), "D2": Fraction(1, 3), "D3": Fraction(1, 6)}
    # 3 against a Hard Target: three strikes at an APC [1]: 9 to 1, 9-1: D3 1/2, D2 1/3, D1 1/6.
    apcs = resolve_air_strike(target("s4-alpha-apc"), place("mixed"), strikes=3)
    assert (apcs.reading.attack, apcs.reading.column.column) == (9, "9-1")
    assert apcs.reading.odds["D3"] == Fraction(1, 2)
    # One strike at a [6] tank: 3 to 6, refused (9.0), named at "strikes".
    with pytest.raises(CombatInputError) as err:
        resolve_air_strike(target("s4-bravo-tank-6"), place("mixed"))
    assert err.value.field == "strikes"


def test_air_strikes_hit_clear_hexes_only() -> None:
    with pytest.raises(CombatInputError, match=r"Clear hexes only.*\(8\.91\)"):
        resolve_air_strike(target("s4-bravo-infantry"), place("mixed", "rough-1"))
    # Open mode Rough #1 counts as Clear (13.1 *): allowed by default, read on 13.31.
    open_rough = resolve_air_strike(target("s3-bravo-infantry"), place("open", "rough-1"))
    assert open_rough.reading.table == "13.31-soft-clear"
    with pytest.raises(CombatInputError):
        resolve_air_strike(
            target("s3-bravo-infantry"),
            place("open", "rough-1"),
            chosen={"8.91-open-rough-1": "refused"},
        )


def test_the_working_names_each_strength_in_the_game_terms() -> None:
    # A tank against a Soft Target employs its Soft [10] (3.23), read on the Hard tables (12.42);
    # an Air Strike's 30 is its fixed strength against a Soft Target (8.92).
    air = Attacker("Air Strike", AIR_STRIKE_VALUES, AIR_STRIKE)
    calc = resolve_combat([unit("s1-alpha-tank"), air], target("s1-bravo-infantry"), place("mixed"))
    tank, strike = calc.figures[0], calc.figures[1]
    assert (tank.value, tank.case) == ("[10]", "3.23")
    assert "Attack Strength Soft" in tank.note and "Hard tables" in tank.note
    assert (strike.value, strike.case) == ("30", "8.92")
    assert "Soft tables" in strike.note
    assert calc.reading.attack == 40
