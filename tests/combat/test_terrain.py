"""Terrain column shifts for combat (8.37; 12.33, 12.34, 14.32-14.35, 15.32-15.36)."""

from __future__ import annotations

import pytest

from ledger.combat.terrain import (
    Hexside,
    anti_armor_prohibited,
    anti_armor_shifts,
    barrage_shift,
    close_assault_shifts,
)


def total(shifts: list) -> int:
    return sum(s.columns for s in shifts)


def test_12_33_level_two_fortification_shifts_a_barrage_two_columns() -> None:
    # 12.33: 12 points (column 11-12) against a gun in a Level 2 Fortification fire on 7-8.
    shift = barrage_shift(["clear", "fortification_2"], "gun")
    assert shift is not None and shift.columns == -2


def test_12_34_only_the_best_terrain_counts_for_a_barrage() -> None:
    # Mountain (L2) and a Level 1 Fortification (L1): not -3, only the best, -2.
    shift = barrage_shift(["mountain", "fortification_1"], "infantry")
    assert shift is not None and shift.columns == -2
    assert barrage_shift(["clear"], "infantry") is None


def test_8_37_note_12_armor_gets_fortification_benefit_only_in_a_major_city() -> None:
    assert barrage_shift(["fortification_2"], "armor") is None
    shift = barrage_shift(["major_city"], "armor")
    assert shift is not None and shift.columns == -2


def test_14_32_rough_is_one_column_for_anti_armor() -> None:
    # 14.32: 9 Actual points into Rough are read on the 8 column.
    assert total(anti_armor_shifts(["rough"])) == -1


def test_14_33_hexside_adds_to_the_best_hex_terrain() -> None:
    # Mountain (-2) beats Rough... only the best hex terrain, plus the ridge (-2) crossed by a road.
    shifts = anti_armor_shifts(["mountain", "fortification_1"], [Hexside(("ridge",), "road")])
    assert [s.columns for s in shifts] == [-2, -2]


def test_14_34_no_fire_across_uncrossed_ridges_and_escarpments() -> None:
    assert anti_armor_prohibited([Hexside(("ridge",))]) is not None
    assert anti_armor_prohibited([Hexside(("ridge",), "track")]) is None
    assert anti_armor_prohibited([Hexside(("down_escarpment",), "road")]) is not None
    assert anti_armor_prohibited([Hexside(("down_escarpment",), "track")]) is None
    assert anti_armor_prohibited([Hexside(("up_escarpment",), "track")]) is not None
    assert anti_armor_prohibited([Hexside(("wadi",))]) is None


def test_15_32_mountain_is_three_columns_for_close_assault() -> None:
    # +4 Basic Differential in a Mountain hex is assaulted on the +1 column.
    assert 4 + total(close_assault_shifts(["mountain"])) == 1
    assert total(close_assault_shifts(["salt_marsh"])) == 1


def test_15_35_fortification_rough_ridge_example_and_chart() -> None:
    # 15.35: Level 2 Fortification + Rough + Ridge: 2 + 2 + 2 = 6 in the example's counting;
    # chart 8.37 prints Level 2 as 3 columns, so the chart gives 7.
    terrain, ridge = ["fortification_2", "rough"], [Hexside(("ridge",))]
    assert total(close_assault_shifts(terrain, ridge, fortification="example")) == -6
    assert total(close_assault_shifts(terrain, ridge)) == -7


def test_15_36_down_slope_offsets_up_escarpment() -> None:
    # 15.36: down slope +1 and up escarpment -3 give -2.
    sides = [Hexside(("down_slope",)), Hexside(("up_escarpment",))]
    assert total(close_assault_shifts(["clear"], sides)) == -2


def test_15_35_one_hexside_type_unless_one_hexside_has_two() -> None:
    # Wadi (-1) and Minor River (-2) on different hexsides: only the best, -2.
    assert total(close_assault_shifts([], [Hexside(("wadi",)), Hexside(("minor_river",))])) == -2
    # A wadi along an up slope (one hexside, two features): -1 + -2.
    assert total(close_assault_shifts([], [Hexside(("wadi", "up_slope"))])) == -3


def test_unknown_terrain_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match=r"'swamp_forest'.*8\.37"):
        barrage_shift(["swamp_forest"], "infantry")
    with pytest.raises(ValueError, match=r"'cliff'.*8\.37"):
        Hexside(("cliff",))
