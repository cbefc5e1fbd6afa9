"""The Terrain Effects Chart 13.1 per Terrain Mode (rules text lines 773-818)."""

from __future__ import annotations

import pytest

from ledger.games.combined_arms.terrain import (
    HexStep,
    combined_factor,
    crt_terrain,
    defense_multipliers,
    hex_effect,
    step_cost,
    terrain_mode,
)


@pytest.mark.parametrize(
    ("mode", "terrain", "mp", "defense"),
    [
        ("closed", "clear", 2, 1),  # line 775
        ("closed", "rough-1", 4, 3),  # line 776
        ("closed", "rough-2", 8, 4),  # line 777
        ("mixed", "rough-1", 2, 2),  # line 785
        ("mixed", "rough-2", 5, 3),  # line 786
        ("urban", "rough-2", 2, 4),  # line 795
        ("open", "rough-1", 1, 1),  # line 803
        ("open", "rough-2", 2, 2),  # line 804
    ],
)
def test_hex_costs_and_multipliers(mode: str, terrain: str, mp: int, defense: int) -> None:
    effect = hex_effect(terrain_mode(mode), terrain)
    assert (effect.mp, effect.defense) == (mp, defense)


def test_open_mode_rough_1_reads_the_clear_crt() -> None:
    # 13.1 footnote *: Rough #1 is treated as Clear in Open mode.
    assert crt_terrain(terrain_mode("open"), "rough-1")[0] == "clear"
    assert crt_terrain(terrain_mode("mixed"), "rough-1")[0] == "rough-1"


def test_multipliers_multiply_or_take_the_largest() -> None:
    # Closed Rough #2 x4, river x2 (line 778), Improved Position x2 (line 812).
    found = defense_multipliers(
        terrain_mode("closed"), "rough-2", improved_position=True, river=True
    )
    assert [m.factor for m in found] == [4, 2, 2]
    assert combined_factor(found)[0] == 16
    assert combined_factor(found, {"13.1-multipliers": "largest"})[0] == 4


def test_a_bridge_or_ford_keeps_the_river_unless_the_ruling_says_otherwise() -> None:
    mixed = terrain_mode("mixed")
    kept = defense_multipliers(
        mixed, "clear", improved_position=False, river=True, crossing="bridge"
    )
    assert [m.factor for m in kept] == [1, 2]
    gone = defense_multipliers(
        mixed,
        "clear",
        improved_position=False,
        river=True,
        crossing="ford",
        chosen={"13.1-bridge-ford-defense": "crossing-negates"},
    )
    assert [m.factor for m in gone] == [1, 1]


def test_movement_costs_add_up() -> None:
    closed, open_ = terrain_mode("closed"), terrain_mode("open")
    assert step_cost(closed, HexStep("clear", "river")) == 2 + 4  # lines 775, 778
    assert step_cost(closed, HexStep("clear", "ford")) == 2 + 1  # line 780, ruling default
    plus = {"13.1-ford-cost": "plus-river"}
    assert step_cost(closed, HexStep("clear", "ford"), plus) == 2 + 4 + 1
    assert step_cost(closed, HexStep("rough-2", "bridge")) == 8  # note (a): no river cost
    assert step_cost(closed, HexStep("rough-2", route="road")) == 1  # line 811
    assert step_cost(closed, HexStep("rough-2", route="trail")) == 2  # line 779
    assert step_cost(open_, HexStep("rough-2", route="trail")) == 2  # line 806: trail na


def test_unknown_terrain_and_mode_are_named() -> None:
    with pytest.raises(KeyError, match=r"unknown Terrain Mode 'desert'.*\(13\.1\)"):
        terrain_mode("desert")
    with pytest.raises(KeyError, match=r"unknown hex terrain 'swamp'.*\(13\.1\)"):
        hex_effect(terrain_mode("open"), "swamp")
