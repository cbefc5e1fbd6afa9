"""Overruns (5.31-5.39), worked by hand from 5.35's strengths and the CRTs."""

from __future__ import annotations

from fractions import Fraction

import pytest

from ledger.games.combined_arms.overrun import Overrunner, resolve_overrun
from ledger.games.combined_arms.reading import Battlefield, CombatInputError, Defender
from ledger.games.combined_arms.terrain import HexStep, terrain_mode
from ledger.games.combined_arms.units import preset


def mover(preset_id: str, unit_type: str | None = None, **kw: object) -> Overrunner:
    found = preset(preset_id)
    return Overrunner(found.id, unit_type or found.type, found.values, **kw)  # type: ignore[arg-type]


def target(preset_id: str) -> Defender:
    found = preset(preset_id)
    return Defender(found.id, found.values.defense, found.values.movement)


def field(mode: str = "mixed", terrain: str = "clear") -> Battlefield:
    return Battlefield(terrain_mode(mode), terrain)


CLEAR_EXIT = [HexStep("clear")]


def test_a_tank_triples_its_soft_strength_in_clear() -> None:
    # Russian tank (Soft [10]) through German infantry 6 in Mixed Clear: 30 to 6 = 5-1 on 13.21
    # (the [10] is bracketed): DE (die 1), D3 (2-5), D2 (6). MP: 1 + 1 + 2 (Soft) = 4.
    calc = resolve_overrun(
        [mover("s1-alpha-tank", movement_points=12)],
        target("s1-bravo-infantry"),
        field(),
        exits=CLEAR_EXIT,
    )
    unit = calc.units[0]
    assert (unit.strength, unit.mp_needed, unit.enough) == (30, 4, True)
    assert calc.reading.table == "13.21-hard-clear"
    assert calc.reading.odds == {"D2": Fraction(1, 6), "D3": Fraction(2, 3), "DE": Fraction(1, 6)}


def test_in_rough_a_tank_overruns_at_its_plain_soft_strength() -> None:
    # Mixed Rough #1: 10 to 6 x 2 = 12, below 1-1: refused (13.2 note).
    with pytest.raises(CombatInputError, match=r"odds 10 to 12 .*below") as err:
        resolve_overrun(
            [mover("s1-alpha-tank")],
            target("s1-bravo-infantry"),
            field(terrain="rough-1"),
            exits=CLEAR_EXIT,
        )
    assert err.value.field == "overrunners"


@pytest.mark.parametrize(
    ("unit_type", "terrain", "strength", "column"),
    [
        ("tank", "clear", 18, "3-1"),  # 18 to 5 = 3.6
        ("assault-gun", "clear", 12, "2-1"),  # 12 to 5 = 2.4
        ("tank", "rough-2", 6, "1-1"),  # Open Rough #2 x2: 6 to 10, refused below
    ],
)
def test_fixed_strengths_against_hard_targets(
    unit_type: str, terrain: str, strength: int, column: str
) -> None:
    # A [4] tank (or the same row as an assault gun) through a German [5] tank, Open mode.
    args = ([mover("s1-alpha-tank", unit_type)], target("s1-bravo-tank"), field("open", terrain))
    if terrain == "rough-2":
        with pytest.raises(CombatInputError, match=rf"odds {strength} to 10 "):
            resolve_overrun(*args, exits=CLEAR_EXIT)
        return
    calc = resolve_overrun(*args, exits=CLEAR_EXIT)
    assert (calc.units[0].strength, calc.reading.column.column) == (strength, column)
    assert calc.units[0].extra_mp == 4  # Hard Target (5.33)


def test_assault_gun_in_rough_attacks_at_four() -> None:
    # Open Rough #1 counts as Clear (13.1 *), so use Mixed Rough #1 (x2) against an APC [1]:
    # fixed 4 to 2 = 2-1 on 13.22: 3 (die 1), 2 (2-4), 1 (5), dot (6).
    calc = resolve_overrun(
        [mover("s1-alpha-tank", "assault-gun")],
        target("s4-alpha-apc"),
        field("mixed", "rough-1"),
        exits=CLEAR_EXIT,
    )
    assert (calc.units[0].strength, calc.reading.table) == (4, "13.22-hard-rough-1")
    assert calc.reading.odds == {
        "-": Fraction(1, 6),
        "1": Fraction(1, 6),
        "2": Fraction(1, 2),
        "3": Fraction(1, 6),
    }


def test_infantry_doubles_and_pays_no_extra() -> None:
    # Russian infantry 8 doubled = 16 against German infantry 6: 8.3's own 16 to 6, 2-1, on the
    # Soft 13.31: 3 (die 1), 2 (2), 1 (3-5), dot (6). MP: 1 + 1 + 0 (5.34).
    calc = resolve_overrun(
        [mover("s1-alpha-infantry", movement_points=3)],
        target("s1-bravo-infantry"),
        field(),
        exits=CLEAR_EXIT,
    )
    assert (calc.units[0].strength, calc.units[0].mp_needed) == (16, 2)
    assert calc.reading.odds == {
        "-": Fraction(1, 6),
        "1": Fraction(1, 2),
        "2": Fraction(1, 6),
        "3": Fraction(1, 6),
    }


def test_adjacent_infantry_ignores_terrain_costs() -> None:
    # Mixed Rough #2 costs 5 (line 786), the Rough #1 exit 2 (line 785).
    exits = [HexStep("rough-1")]
    defender = target("s6-bravo-infantry")  # defense 2, x3 = 6; attack 16 -> 2-1
    normal = resolve_overrun(
        [mover("s1-alpha-infantry")], defender, field(terrain="rough-2"), exits=exits
    )
    assert normal.units[0].mp_needed == 7
    adjacent = mover("s1-alpha-infantry", adjacent_at_start=True)
    free = resolve_overrun([adjacent], defender, field(terrain="rough-2"), exits=exits)
    assert free.units[0].mp_needed == 0
    only_target = resolve_overrun(
        [adjacent],
        defender,
        field(terrain="rough-2"),
        exits=exits,
        chosen={"5.39-adjacent-infantry": "target-hex"},
    )
    assert only_target.units[0].mp_needed == 2


def test_recon_overrun_cost_follows_its_ruling() -> None:
    recon = mover("s2-alpha-recon")  # Soft 8, doubled 16 against infantry 4
    calc = resolve_overrun([recon], target("s2-bravo-infantry"), field("open"), exits=CLEAR_EXIT)
    assert (calc.units[0].strength, calc.units[0].extra_mp) == (16, 2)
    none = resolve_overrun(
        [recon],
        target("s2-bravo-infantry"),
        field("open"),
        exits=CLEAR_EXIT,
        chosen={"5.33-recon-overrun-cost": "none"},
    )
    assert none.units[0].extra_mp == 0


def test_a_river_on_the_entry_hexside_doubles_the_defense() -> None:
    # 12.12: German infantry 6 x2 = 12; the tank's 30 gives 2-1.
    calc = resolve_overrun(
        [mover("s1-alpha-tank")],
        target("s1-bravo-infantry"),
        field(),
        exits=CLEAR_EXIT,
        entry_hexside="river",
    )
    assert (calc.reading.defense, calc.reading.column.column) == (12, "2-1")
    assert calc.units[0].terrain_mp == 1 + 2 + 1  # Mixed clear + river +2, exit clear


def test_which_hex_decides_clear_terrain() -> None:
    exits = [HexStep("rough-1")]
    default = resolve_overrun(
        [mover("s1-alpha-tank")], target("s6-bravo-infantry"), field(), exits=exits
    )
    assert default.units[0].strength == 30
    both = resolve_overrun(
        [mover("s1-alpha-tank")],
        target("s6-bravo-infantry"),
        field(),
        exits=exits,
        chosen={"5.35-overrun-terrain": "both-hexes"},
    )
    assert both.units[0].strength == 10


def test_wave_overrun_totals_and_reads_hard() -> None:
    # The docs example: Open mode, German infantry (Hard 1, doubled 2) and [5] tank (fixed 6 in
    # Rough) at a Russian [3] tank in Rough #2 (x2 = 6): 8 to 6, 1-1 on 13.23: 1 (1-3), dot.
    calc = resolve_overrun(
        [mover("s3-alpha-infantry"), mover("s3-alpha-tank-5")],
        target("s3-bravo-tank-3"),
        field("open", "rough-2"),
        exits=[HexStep("clear"), HexStep("clear")],
    )
    assert calc.wave
    assert [u.strength for u in calc.units] == [2, 6]
    assert [u.mp_needed for u in calc.units] == [3, 8]
    assert calc.reading.table == "13.23-hard-rough-2"
    assert calc.reading.odds == {"-": Fraction(1, 2), "1": Fraction(1, 2)}


def test_who_may_overrun() -> None:
    with pytest.raises(CombatInputError, match=r"may Overrun \(5\.31\)") as err:
        resolve_overrun(
            [mover("s1-alpha-artillery")], target("s1-bravo-infantry"), field(), exits=CLEAR_EXIT
        )
    assert err.value.field == "overrunners[0].type"
    with pytest.raises(CombatInputError, match=r"5\.36"):
        resolve_overrun(
            [mover("s1-alpha-tank"), mover("s1-alpha-tank")],
            target("s1-bravo-infantry"),
            field(),
            exits=[HexStep("clear"), HexStep("clear")],
        )
    with pytest.raises(CombatInputError, match="needs 2 exit") as missing:
        resolve_overrun(
            [mover("s1-alpha-infantry"), mover("s1-alpha-tank")],
            target("s1-bravo-infantry"),
            field(),
            exits=CLEAR_EXIT,
        )
    assert missing.value.field == "exits"
