"""Combats worked out end to end (Combat Phase ¶3-¶6), on the fictional CRT where odds are
needed."""

from __future__ import annotations

from fractions import Fraction

import pytest

from ledger.charts.odds import OddsTooLow
from ledger.games.battles_for_north_africa.combat import CombatSetup, work_out_combat
from ledger.games.battles_for_north_africa.strength import FireSupport, SetupError
from ledger.games.battles_for_north_africa.terrain import hex_terrain
from ledger.games.battles_for_north_africa.units import unit_type

from .helpers import fictional_tables, unit


def test_fortified_defence_without_a_crt() -> None:
    """docs/examples/bfna/combat.json worked by hand.

    Attack: II/5 Pz 6 + I/104 Mot Inf 3 out of supply = 3/2 (Supply ¶1) + Rommel's HQ 2 + 22 BF
    support = 63/2. Defense: 2 Rifle Bde 4 doubled in fortification 1 = 8 (Combat Phase ¶3),
    7 RTR armor 5 not doubled, + 3 FPF = 16. 63/2 : 16 = 63/32 = 1.97 -> 3-2. Armor defends but
    the fortification bars the Mobile CRT: Assault (Combat Phase ¶5). drm: 22 BF -1, stuka -2,
    Rommel -1 = -4.
    """
    arty = unit_type("arty")
    setup = CombatSetup(
        attackers=(
            unit("II/5 Pz Regt", "armor", af=6),
            unit("I/104 Mot Inf", "mot-infantry", af=3, in_supply=False),
            unit("Rommel's HQ", "mech-infantry", af=2, rommel=True),
        ),
        defenders=(unit("2 Rifle Bde", "infantry", df=4), unit("7 RTR", "armor", df=5)),
        terrain=hex_terrain("clear"),
        fortification=1,
        offensive_fire=(FireSupport("I/33", 12, arty), FireSupport("II/33", 10, arty)),
        defensive_fire=(FireSupport("4 RHA", 3, arty),),
        stukas=1,
    )
    worked = work_out_combat(setup)
    assert (worked.totals.attack, worked.totals.defense) == (Fraction(63, 2), 16)
    assert worked.column is not None and worked.column.column == "3-2"
    assert worked.choice.table == "assault"
    assert worked.drm == -4
    assert worked.results == {}
    assert "no CRT loaded" in worked.notes[-1]


def test_mobile_combat_with_the_fictional_crt() -> None:
    """docs/examples/bfna/combat-fictional-crt.json by hand: attack 6 + 6/2 + 20 BF = 29,
    defense 4 + 2 = 6, 29/6 = 4.83, above the last Mobile column: 4-1. drm: TEC +1, 20 BF -1 =
    0. Mobile 4-1 (fixture lines 6-11): D2, D1, DR3, DR2, E2R, E1, each 1/6."""
    setup = CombatSetup(
        attackers=(
            unit("II/5", "armor", af=6),
            unit("I/8", "armor", af=6, in_supply=False),
        ),
        defenders=(unit("3 RTR", "armor", df=4), unit("1 KRRC", "mot-infantry", df=2)),
        terrain=hex_terrain("rough"),
        terrain_drm=1,
        offensive_fire=(FireSupport("I/33", 20, unit_type("arty")),),
    )
    worked = work_out_combat(setup, fictional_tables())
    assert worked.column is not None
    assert (worked.column.column, worked.column.clamped) == ("4-1", "high")
    assert (worked.choice.table, worked.drm) == ("mobile", 0)
    sixth = Fraction(1, 6)
    assert worked.results == {
        "DR2": sixth, "DR3": sixth, "E1": sixth, "D1": sixth, "D2": sixth, "E2R": sixth
    }  # fmt: skip
    assert sum(worked.results.values()) == 1


def _weak_attack(**rulings: str):  # type: ignore[no-untyped-def]
    setup = CombatSetup(
        attackers=(unit("a", "infantry", af=1),),
        defenders=(unit("d", "infantry", df=3),),
        terrain=hex_terrain("clear"),
    )
    return work_out_combat(setup, fictional_tables(), rulings)


def test_odds_below_the_assault_table() -> None:
    # 1 : 3 is below the Assault CRT's first column 1-1 (it prints no 1-2).
    worked = _weak_attack()
    assert worked.column is not None
    assert (worked.column.column, worked.column.clamped) == ("1-1", "low")
    with pytest.raises(OddsTooLow, match="Combat Phase ¶4"):
        _weak_attack(**{"bfna-odds-below-table": "refuse"})


def test_defense_of_zero_needs_no_die() -> None:
    setup = CombatSetup(
        attackers=(unit("a", "infantry", af=1),),
        defenders=(unit("HQ", "hq"),),
        terrain=hex_terrain("clear"),
    )
    worked = work_out_combat(setup, fictional_tables())
    assert worked.column is None and worked.results == {}
    assert "eliminated" in worked.notes[-1]


def test_ratio_only_ruling_gives_no_column() -> None:
    setup = CombatSetup(
        attackers=(unit("a", "infantry", af=5),),
        defenders=(unit("d", "infantry", df=2),),
        terrain=hex_terrain("clear"),
    )
    assert work_out_combat(setup).column.column == "2-1"  # type: ignore[union-attr]
    assert work_out_combat(setup, None, {"bfna-columns-without-crt": "ratio-only"}).column is None


def test_a_crt_file_without_the_needed_table() -> None:
    setup = CombatSetup(
        attackers=(unit("a", "infantry", af=5),),
        defenders=(unit("d", "infantry", df=2),),
        terrain=hex_terrain("clear"),
    )
    only_mobile = {"mobile": fictional_tables()["mobile"]}
    with pytest.raises(ValueError, match="no assault table"):
        work_out_combat(setup, only_mobile)


def _clear_setup(**kw):  # type: ignore[no-untyped-def]
    values = {
        "attackers": (unit("a", "infantry", af=6),),
        "defenders": (unit("d", "infantry", df=2),),
        "terrain": hex_terrain("clear"),
        **kw,
    }
    return CombatSetup(**values)


def test_stukas_are_refused_against_woods() -> None:
    # Air Missions ¶5: stukas fly only close attack support; ¶4: none against units in woods.
    with pytest.raises(SetupError) as caught:
        work_out_combat(_clear_setup(terrain=hex_terrain("woods"), stukas=1))
    ((field, message),) = caught.value.problems
    assert field == "stukas" and message.endswith("(Air Missions ¶4-¶5)")
    # In rough terrain the stuka gives its -2 (Air Missions ¶5).
    assert work_out_combat(_clear_setup(terrain=hex_terrain("rough"), stukas=1)).drm == -2


def test_every_setup_problem_at_once() -> None:
    """A disabled attacker (Heavy Armor Units ¶2) and armor attacking into mountains off the
    road (Combat Phase ¶2, Movement Phase ¶3) are both named; on a woods hex, close attack
    support and stukas are both refused (Air Missions ¶4-¶5)."""
    setup = _clear_setup(
        attackers=(
            unit("Tiger", "heavy-armor", af=9, disabled=True),
            unit("II/5", "armor", af=6),
            unit("I/104", "mot-infantry", af=3),
        ),
        terrain=hex_terrain("mountains"),
    )
    with pytest.raises(SetupError) as caught:
        work_out_combat(setup)
    assert [f for f, _ in caught.value.problems] == ["attackers[0]", "attackers[1]"]
    woods = _clear_setup(terrain=hex_terrain("woods"), close_attack=(4,), stukas=2)
    with pytest.raises(SetupError) as caught:
        work_out_combat(woods)
    assert [f for f, _ in caught.value.problems] == ["close_attack", "stukas"]


def test_defense_zero_from_a_unit_with_a_df_reads_the_last_column() -> None:
    """An in-battery AT unit out of supply defends against armor with its FPF, which is 0
    (AT Units ¶1, Supply ¶1): 6 to 0 is above every column, so the last is read (Combat Phase
    ¶4) and the die is rolled; the unit has a DF, so Combat Phase ¶16 does not eliminate it.
    Fictional Assault 4-1 at drm 0 (fixture lines 12-17): DE, D2, D2, D1, E2R, NE."""
    setup = _clear_setup(
        attackers=(unit("II/5", "armor", af=6),),
        defenders=(unit("2/7 AT", "towed-at", df=2, fpf=4, in_battery=True, in_supply=False),),
    )
    worked = work_out_combat(setup, fictional_tables())
    assert worked.totals.defense == 0 and worked.choice.table == "assault"
    assert worked.column is not None
    assert (worked.column.column, worked.column.clamped) == ("4-1", "high")
    sixth = Fraction(1, 6)
    assert worked.results == {"DE": sixth, "D2": 2 * sixth, "D1": sixth, "E2R": sixth, "NE": sixth}
    without = work_out_combat(setup)
    assert without.column is not None and without.column.column == "10-1"
    assert not any("eliminated" in n for n in without.notes)


@pytest.mark.parametrize(
    ("attack", "defense", "column", "clamped"),
    [
        (1, 11, "1-10", "low"),
        (1, 10, "1-10", ""),
        (1, 3, "1-3", ""),
        (2, 3, "1-2", ""),
        (99, 100, "1-2", ""),
        (1, 1, "1-1", ""),
        (149, 100, "1-1", ""),
        (3, 2, "3-2", ""),
        (199, 100, "3-2", ""),
        (2, 1, "2-1", ""),
        (10, 1, "10-1", ""),
        (21, 2, "10-1", "high"),
    ],
)
def test_whole_ratio_columns_without_a_crt(
    attack: int, defense: int, column: str, clamped: str
) -> None:
    # Ruling bfna-columns-without-crt=whole-ratios, rounded down (Combat Phase ¶4); below 1-10
    # the first column is read (bfna-odds-below-table=lowest).
    setup = _clear_setup(
        attackers=(unit("a", "infantry", af=attack),),
        defenders=(unit("d", "infantry", df=defense),),
    )
    worked = work_out_combat(setup)
    assert worked.column is not None
    assert (worked.column.column, worked.column.clamped) == (column, clamped)
