"""The Terrain Effects Chart 10.15: printed cells, costs by mode and map, hexsides, routes,
stacking and observation.

Source: ../shared/rules/004_948575d8d0b81562.txt lines 48-70 (one line per terrain row).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from ledger.games.highway_to_the_reich.terrain import (
    HexEntry,
    MoveContext,
    movement_column,
    observation,
    parse_cost,
    parse_numbers,
    path_cost,
    step_cost,
    terrain_chart,
)

CHART = terrain_chart()


def _cost(entry: HexEntry, who: MoveContext) -> Fraction | None:
    return step_cost(entry, who, CHART).cost


def test_printed_cells_parse() -> None:
    assert parse_cost("1/8").value == Fraction(1, 8)
    mixed = parse_cost("2(3)")
    assert (mixed.value, mixed.value_ab) == (2, 3)
    ferry = parse_cost("+2*")
    assert (ferry.kind, ferry.value, ferry.artillery_only) == ("extra", 2, True)
    assert parse_cost("P").kind == "prohibited"
    assert parse_cost("•").kind == "no-effect"
    with pytest.raises(ValueError, match=r"\(10\.15\)"):
        parse_cost("two")
    assert parse_numbers("2, 4, 6-9") == (2, 4, 6, 7, 8, 9)


def test_rows_match_the_source_lines() -> None:
    clear = CHART.terrain["clear"]  # line 50
    assert [c.text for c in clear.costs] == ["1", "1", "1/2", "1/4", "1/8"]
    assert (clear.stacking, clear.observation_range, clear.blocked_by) == (
        24,
        5,
        tuple(range(1, 10)),
    )
    city = CHART.terrain["city"]  # line 57
    assert [c.text for c in city.costs] == ["3", "4", "2", "3", "1/4"]
    assert (city.stacking, city.observation_range, city.blocked_by) == (12, 9, (6, 7, 8))
    rough = CHART.terrain["rough"]  # line 56
    assert [c.text for c in rough.costs] == ["4", "P", "3", "4", "P"]
    assert rough.blocked_by == (2, 4, 6, 7, 8, 9)
    assert CHART.terrain["hilltop"].observation_range == 10  # line 58
    assert CHART.movement_allowance == 4  # line 68


def test_columns_by_mode_and_unit() -> None:
    assert movement_column("dispersed", "hq") == 0
    assert movement_column("dispersed", "recon") == 1
    assert movement_column("concentrated", "engineer") == 2
    assert movement_column("concentrated", "armor") == 3
    assert movement_column("travel", "infantry") == 4
    assert movement_column("dispersed", "artillery") == 0
    assert movement_column("dispersed", "artillery", "armor-column") == 1


def test_costs_by_mode_and_map() -> None:
    inf_disp = MoveContext("dispersed", "infantry")
    armor_conc_a = MoveContext("concentrated", "armor", map_sheet="A")
    assert _cost(HexEntry("clear"), MoveContext("travel", "armor")) == Fraction(1, 8)
    assert _cost(HexEntry("woods"), inf_disp) == 3
    # Mixed "1(3)": 3 on Maps A and B, 1 on C and D (line 51)
    assert _cost(HexEntry("mixed"), armor_conc_a) == 3
    assert _cost(HexEntry("mixed"), MoveContext("concentrated", "armor", map_sheet="D")) == 1
    with pytest.raises(ValueError, match="give the map"):
        _cost(HexEntry("mixed"), inf_disp)
    # Forest: P for Concentrated armor (line 55)
    forest = step_cost(HexEntry("forest"), MoveContext("concentrated", "armor"), CHART)
    assert forest.prohibited and forest.cost is None and forest.stacking == 12


def test_routes_replace_the_terrain_cost_only_where_they_count() -> None:
    # Road in Forest lets Travel Mode through at 1/8 (line 61)
    assert _cost(HexEntry("forest", route="road"), MoveContext("travel", "armor")) == Fraction(1, 8)
    # Dispersed units get nothing from a road: Woods still 3 (line 68 note)
    assert _cost(HexEntry("woods", route="road"), MoveContext("dispersed", "infantry")) == 3
    # Trail: Concentrated armor 1/2 (line 62); Raised Road only in Travel Mode (line 63)
    assert _cost(HexEntry("woods", route="trail"), MoveContext("concentrated", "armor")) == (
        Fraction(1, 2)
    )
    assert _cost(HexEntry("woods", route="raised-road"), MoveContext("concentrated", "armor")) == 2


def test_hexsides_add_or_prohibit() -> None:
    # Stream: +2 Dispersed infantry, +1 Concentrated infantry, P for armor (line 59)
    assert _cost(HexEntry("clear", hexside="stream"), MoveContext("dispersed", "infantry")) == 3
    assert _cost(HexEntry("clear", hexside="dike"), MoveContext("concentrated", "hq")) == (
        Fraction(3, 2)
    )
    assert _cost(HexEntry("clear", hexside="stream"), MoveContext("dispersed", "armor")) is None
    assert _cost(HexEntry("clear", hexside="river"), MoveContext("concentrated", "hq")) is None
    assert _cost(HexEntry("town", hexside="lake"), MoveContext("dispersed", "recon")) == 3


def test_road_over_a_river_follows_the_ruling() -> None:
    travel = MoveContext("travel", "armor")
    assert _cost(HexEntry("clear", hexside="river", route="road"), travel) == Fraction(1, 8)
    strict = MoveContext("travel", "armor", road_over_hexside="hexside-applies")
    assert _cost(HexEntry("clear", hexside="river", route="road"), strict) is None


def test_ferries_are_german_and_travel_mode_is_for_artillery() -> None:
    """Ferry: Concentrated +2, Travel +2 only for artillery-type units, German units only
    (lines 66, 68-70)."""
    german = MoveContext("concentrated", "infantry", side="german")
    assert _cost(HexEntry("town", hexside="ferry"), german) == 3
    allied = step_cost(
        HexEntry("town", hexside="ferry"), MoveContext("concentrated", "infantry"), CHART
    )
    assert allied.prohibited and "German" in allied.reason
    guns = MoveContext("travel", "artillery", side="german")
    assert _cost(HexEntry("clear", hexside="ferry"), guns) == Fraction(17, 8)
    tanks = step_cost(
        HexEntry("clear", hexside="ferry"), MoveContext("travel", "armor", side="german"), CHART
    )
    assert tanks.prohibited and "artillery" in tanks.reason


def test_rough_armor_ruling_swaps_the_two_cells() -> None:
    swapped = terrain_chart("swapped")
    assert [c.text for c in swapped.terrain["rough"].costs] == ["4", "4", "3", "P", "P"]
    assert step_cost(HexEntry("rough"), MoveContext("dispersed", "armor"), swapped).cost == 4


def test_a_path_against_the_movement_allowance_of_4() -> None:
    """Concentrated infantry: road Clear 1/2 + Woods 2 + Town 1 = 3 1/2 <= 4."""
    who = MoveContext("concentrated", "infantry")
    path = [HexEntry("clear", route="road"), HexEntry("woods"), HexEntry("town")]
    found = path_cost(path, who, CHART)
    assert (found.total, found.fits) == (Fraction(7, 2), True)
    blocked = path_cost([*path, HexEntry("clear", hexside="canal")], who, CHART)
    assert (blocked.total, blocked.fits) == (None, False)


def test_observation_range_and_blocking() -> None:
    """From Clear (range 5, blocked by 1-9) Woods between blocks; from a Hilltop (range 10,
    blocked by 6-8) it does not, but a City does."""
    clear, hill = HexEntry("clear"), HexEntry("town", hilltop=True)
    assert not observation(clear, clear, 3, ["woods"], CHART).sees
    assert observation(clear, clear, 5, ["mixed"], CHART).sees
    assert not observation(clear, clear, 6, [], CHART).sees  # beyond 5
    assert observation(hill, clear, 10, ["woods", "slope"], CHART).sees
    assert observation(hill, clear, 4, ["city"], CHART).blockers == ("City",)
    # read for the target's hex instead: the Clear target's range 5
    assert not observation(hill, clear, 8, [], CHART, "target-hex").sees
    with pytest.raises(ValueError, match="unknown terrain 'swamp'"):
        observation(clear, clear, 2, ["swamp"], CHART)


# Every row re-transcribed from lines 50-66 (listed alphabetically): stacking, the five movement columns (Dispersed
# Inf/HW/HQ/Eng, Dispersed Armor/Recon, Concentrated the same two, Travel), Observation Range,
# Blocked By. None = "•".
PRINTED_ROWS = {
    "blocked": (None, ["P", "P", "P", "P", "P"], None, ""),
    "broken": (12, ["2", "3", "2", "P", "P"], 7, "2,4-9"),
    "canal": (None, ["P", "P", "P", "P", "P"], None, ""),
    "city": (12, ["3", "4", "2", "3", "1/4"], 9, "6-8"),
    "clear": (24, ["1", "1", "1/2", "1/4", "1/8"], 5, "1-9"),
    "dike": (None, ["+2", "P", "+1", "P", "P"], None, ""),
    "ferry": (12, ["P", "P", "+2", "+2", "+2*"], None, ""),
    "forest": (12, ["3", "3", "2", "P", "P"], 8, "2,4-9"),
    "hilltop": (None, ["•", "•", "•", "•", "•"], 10, "6-8"),
    "lake": (None, ["+1", "+1", "+1", "+1", "P"], None, ""),
    "mixed": (24, ["2(3)", "2(3)", "1(3)", "1(3)", "1/2"], 6, "1-9"),
    "railroad": (None, ["•", "•", "1", "1/2", "1/4"], None, ""),
    "raised-road": (None, ["•", "•", "•", "•", "1/8"], None, ""),
    "river": (None, ["P", "P", "P", "P", "P"], None, ""),
    "road": (None, ["•", "•", "1/2", "1/4", "1/8"], None, ""),
    "rough": (12, ["4", "P", "3", "4", "P"], 8, "2,4,6-9"),
    "slope": (None, ["•", "•", "•", "•", "•"], None, ""),
    "stream": (None, ["+2", "P", "+1", "P", "P"], None, ""),
    "town": (12, ["2", "2", "1", "1", "1/4"], 7, "2,4-9"),
    "trail": (None, ["•", "•", "1", "1/2", "1/4"], None, ""),
    "woods": (24, ["3", "3", "2", "2", "1"], 6, "2-9"),
}


@pytest.mark.parametrize("key", list(PRINTED_ROWS))
def test_every_row_as_printed(key: str) -> None:
    stacking, costs, sight, blocked = PRINTED_ROWS[key]
    row = CHART.terrain[key]
    assert (row.stacking, [c.text for c in row.costs], row.observation_range) == (
        stacking,
        costs,
        sight,
    )
    assert row.blocked_by == parse_numbers(blocked)


def test_blocked_by_numbers_name_the_terrain_rows() -> None:
    """Lines 52-64, 70: 1 Woods, 2 Town, 3 Broken, 4 Forest, 5 Rough, 6 City, 7 Hilltop,
    8 Dike, 9 Slope."""
    numbered = {t.number: key for key, t in CHART.terrain.items() if t.number}
    assert numbered == {
        1: "woods", 2: "town", 3: "broken", 4: "forest", 5: "rough", 6: "city", 7: "hilltop",
        8: "dike", 9: "slope",
    }  # fmt: skip


def test_observation_at_the_range_limit_and_the_rough_gap() -> None:
    """Town range 7: 7 hexes seen, 8 not. Rough is blocked by 2, 4, 6-9, so Woods (1),
    Broken (3) and Rough (5) between do not block, Town (2) does."""
    town, rough = HexEntry("town"), HexEntry("rough")
    assert observation(town, town, 7, [], CHART).sees
    assert not observation(town, town, 8, [], CHART).sees
    assert observation(rough, town, 8, ["woods", "broken", "rough"], CHART).sees
    assert observation(rough, town, 3, ["town"], CHART).blockers == ("Town",)


def test_a_road_leaves_a_prohibited_hex_prohibited_only_where_it_has_no_effect() -> None:
    """Forest is P for Concentrated armor (line 55); a Road there costs 1/4 (line 61). A Road
    does nothing in Dispersed Mode (line 68), so Dispersed armor into Rough stays P (line 56)."""
    armor = MoveContext("concentrated", "armor")
    assert _cost(HexEntry("forest", route="road"), armor) == Fraction(1, 4)
    dispersed = step_cost(HexEntry("rough", route="road"), MoveContext("dispersed", "armor"), CHART)
    assert dispersed.prohibited and "Rough" in dispersed.reason
