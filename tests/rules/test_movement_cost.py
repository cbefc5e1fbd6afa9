"""The CP of a path by the Terrain Effects Chart's movement columns (8.37; 8.33, 8.42, 8.46),
each value read off the printed chart (reference 8.37-terrain-effects.csv)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from ledger.charts.loader import package_data
from ledger.commands.movement import parse_hex, parse_path
from ledger.rules.movement_cost import (
    chart_note,
    hex_cost,
    hexside_keys,
    label,
    path_costs,
    path_cp,
    terrain_keys,
    terrain_warnings,
)

HALF = Fraction(1, 2)


def cp(text: str, *, motorized: bool, **options: object) -> Fraction:
    """The CP of one hex entered as the path language writes it."""
    return hex_cost(parse_hex(text, vehicles=False), motorized=motorized, **options).cp  # type: ignore[arg-type]


def refused(text: str, *, motorized: bool, **options: object) -> str:
    with pytest.raises(ValueError) as caught:
        cp(text, motorized=motorized, **options)
    return str(caught.value)


def test_the_chart_file_names_its_source_and_every_printed_row() -> None:
    data = package_data("ledger.charts", "8.37-terrain-movement")
    assert data["case"] == "8.37"
    assert "8.37-terrain-effects.csv" in data["source"] and "cp_motorized" in data["source"]
    assert terrain_keys() == (
        "clear",
        "gravel",
        "salt_marsh",
        "heavy_vegetation",
        "rough",
        "mountain",
        "delta",
        "desert",
        "major_city",
        "swamp",
    )
    assert hexside_keys() == (
        "ridge",
        "up_slope",
        "down_slope",
        "up_escarpment",
        "down_escarpment",
        "wadi",
        "major_river",
        "minor_river",
    )
    assert label("gravel") == "Rock/Gravel" and label("down_escarpment") == "Down Escarpment"
    assert chart_note("6") == "A road cancels all hexside entry costs and Breakdown values."


@pytest.mark.parametrize(
    ("terrain", "non_motorized", "motorized"),
    [
        ("clear", 2, 2),
        ("gravel", 2, 2),
        ("salt_marsh", 3, 2),
        ("heavy_vegetation", 3, 3),
        ("rough", 3, 4),
        ("mountain", 4, 6),
        ("delta", 2, 4),
        ("desert", 3, 4),
        ("major_city", 1, HALF),
    ],
)
def test_entering_a_hex_costs_the_chart_value_of_the_units_column(
    terrain: str, non_motorized: Fraction, motorized: Fraction
) -> None:
    assert cp(terrain, motorized=False) == non_motorized
    assert cp(terrain, motorized=True) == motorized


@pytest.mark.parametrize(
    ("hexside", "non_motorized", "motorized"),
    [
        ("ridge", 2, 4),
        ("up_slope", 2, 4),
        ("down_slope", 1, 2),
        ("wadi", 1, 4),
        ("minor_river", 3, 6),
    ],
)
def test_a_hexside_feature_adds_its_value_to_the_hex(
    hexside: str, non_motorized: int, motorized: int
) -> None:
    assert cp(f"clear+{hexside}", motorized=False) == 2 + non_motorized
    assert cp(f"clear+{hexside}", motorized=True) == 2 + motorized


def test_the_requested_examples() -> None:
    assert cp("road:clear", motorized=True) == HALF  # note 6
    assert cp("road:clear", motorized=False) == 1
    assert cp("rough", motorized=True) == 4
    assert cp("clear+ridge", motorized=False) == 2 + 2
    assert "8.37 note 9, 8.42" in refused("clear+down-escarpment", motorized=True)


def test_the_21_23_path_costs_11_motorized_and_9_non_motorized() -> None:
    moves, _ = parse_path("road:clear,road:clear,rough,clear+ridge")
    assert path_cp(moves, motorized=True) == HALF + HALF + 4 + (2 + 4)
    assert path_cp(moves, motorized=False) == 1 + 1 + 3 + (2 + 2)
    workings = [c.working for c in path_costs(moves, motorized=True)]
    assert workings == ["Road 1/2 (note 6)", "Road 1/2 (note 6)", "Rough 4", "Clear 2 + Ridge 4"]


def test_a_road_cancels_the_hexsides_and_the_hexs_terrain() -> None:
    assert cp("road:mountain+ridge+wadi", motorized=True) == HALF
    assert cp("road:swamp", motorized=False) == 1
    assert cp("road:clear+major-river", motorized=True) == HALF  # note 11: only on a road
    assert cp("road:clear+up-escarpment", motorized=False) == 1


def test_a_road_down_an_escarpment_follows_ruling_8_33() -> None:
    assert cp("road:clear+down-escarpment", motorized=True) == HALF + 8  # escarpment-applies
    assert cp("road:clear+down-escarpment", motorized=True, road_escarpment="road-cancels") == HALF
    assert cp("road:clear+down-escarpment", motorized=False) == 1  # only vehicles (8.33)
    assert "8.42" in refused("road:clear+up-escarpment", motorized=True)


def test_a_track_halves_the_hex_and_the_hexsides_but_not_a_vehicle_down_an_escarpment() -> None:
    assert cp("track:clear", motorized=True) == 1  # 8.46: 1 CP a hex across clear
    assert cp("track:rough+wadi", motorized=True) == (4 + 4) * HALF
    assert cp("track:rough+wadi", motorized=False) == (3 + 1) * HALF
    assert cp("track:heavy-vegetation", motorized=False) == Fraction(3, 2)
    assert cp("track:major-city", motorized=True) == Fraction(1, 4)
    assert cp("track:clear+down-slope", motorized=False) == 1 + HALF
    # note 8, 8.42: +8 in full for a vehicle; a foot unit halves its +4
    assert cp("track:clear+down-escarpment", motorized=True) == 1 + 8
    assert cp("track:clear+down-escarpment", motorized=False) == 1 + 2
    assert cp("track:clear+up-escarpment", motorized=False) == 1 + 3
    # 8.46 read as "1 CP per hex" instead of the chart's halving
    assert cp("track:rough", motorized=True, track_hex="one-cp") == 1


def test_what_the_chart_prohibits_is_refused() -> None:
    assert "8.42" in refused("clear+up-escarpment", motorized=True)
    assert "8.42" in refused("track:clear+up-escarpment", motorized=True)
    assert "note 11" in refused("clear+major-river", motorized=True)
    assert "note 11" in refused("track:clear+major-river", motorized=True)
    assert "only along a road" in refused("swamp", motorized=False)
    assert "only along a road" in refused("track:swamp", motorized=True)
    assert cp("clear+up-escarpment", motorized=False) == 2 + 6
    assert cp("clear+major-river", motorized=False) == 2 + 8
    assert cp("clear+down-escarpment", motorized=False) == 2 + 4


def test_a_wadi_in_a_rainstorm_is_crossed_only_on_a_road_at_two_more() -> None:
    assert "note 10" in refused("clear+wadi", motorized=False, rainstorm=True)
    assert "note 10" in refused("track:clear+wadi", motorized=True, rainstorm=True)
    assert cp("road:clear+wadi", motorized=True, rainstorm=True) == HALF + 2
    assert cp("road:clear+wadi", motorized=False, rainstorm=True) == 1 + 2


def test_salt_marsh_and_desert_warn_a_motorized_unit() -> None:
    moves, _ = parse_path("salt-marsh,desert,track:salt-marsh,desert", vehicles=False)
    warnings = terrain_warnings(moves, motorized=True)
    assert len(warnings) == 2
    assert "Abandoned (5.33)" in warnings[0] and "(8.44)" in warnings[0]
    assert "(8.45)" in warnings[1]
    assert terrain_warnings(moves, motorized=False) == ()
