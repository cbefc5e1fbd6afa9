"""Hex geometry and supply paths (Supply ¶1-¶4, Measuring Distances ¶1, intro ¶8).

The test map: odd-q, columns 1..12, rows 1..9, a road along row 1 from 1,1 to 12,1 and the
allied source at 1,1. Going straight down a column one row is one hex, so a unit in row r is
r - 1 hexes from the road.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ledger.games.battles_for_north_africa.hexgrid import around, distance, parse_hex
from ledger.games.battles_for_north_africa.supply import trace_supply
from ledger.io.combat_request import RequestError
from ledger.io.games.battles_for_north_africa import load_grid, run_supply

from .helpers import EXAMPLES

ROAD = [f"{c},1" for c in range(1, 13)]


def _map(*units: dict[str, Any], **more: Any) -> dict[str, Any]:
    return {
        "layout": "odd-q",
        "columns": [1, 12],
        "rows": [1, 9],
        "roads": [ROAD],
        "sources": {"allied": ["1,1"]},
        "units": list(units),
        **more,
    }


def _unit(
    uid: str, hex_: str, kind: str = "infantry", side: str = "allied", **kw: Any
) -> dict[str, Any]:
    return {"id": uid, "side": side, "hex": hex_, "type": kind, **kw}


def _status(grid: dict[str, Any], side: str = "allied", **rulings: str) -> dict[str, Any]:
    result = run_supply({"grid": grid, "side": side, "rulings": rulings}, Path())
    return {u["unit"]: u for u in result["units"]}


@pytest.mark.parametrize(
    ("layout", "hex_", "expected"),
    [
        # odd-q: odd columns sit half a hex lower, so 2,2 touches 1,1 and 1,2; 3,2 touches 2,2/2,3.
        ("odd-q", (2, 2), {(1, 1), (1, 2), (2, 1), (2, 3), (3, 1), (3, 2)}),
        ("odd-q", (3, 2), {(2, 2), (2, 3), (3, 1), (3, 3), (4, 2), (4, 3)}),
        ("even-q", (2, 2), {(1, 2), (1, 3), (2, 1), (2, 3), (3, 2), (3, 3)}),
        ("odd-r", (2, 2), {(1, 1), (2, 1), (1, 2), (3, 2), (1, 3), (2, 3)}),
        ("even-r", (2, 2), {(2, 1), (3, 1), (1, 2), (3, 2), (2, 3), (3, 3)}),
        ("axial", (0, 0), {(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)}),
    ],
)
def test_neighbours_in_every_layout(layout: Any, hex_: tuple[int, int], expected: set[Any]) -> None:
    assert set(around(hex_, layout)) == expected
    for n in expected:  # adjacency is symmetric
        assert hex_ in around(n, layout)


def test_distance_counts_the_hex_measured_to() -> None:
    # Measuring Distances ¶1.
    assert distance((5, 8), (5, 1), "odd-q") == 7
    assert distance((2, 2), (2, 2), "odd-q") == 0
    assert distance((1, 1), (4, 1), "odd-q") == 3
    assert parse_hex(" 12, 5") == (12, 5)
    with pytest.raises(ValueError, match="not a hex"):
        parse_hex("1205")


def test_seven_hexes_in_supply_eight_out() -> None:
    # Supply ¶2: a path of no more than 7 hexes.
    found = _status(_map(_unit("near", "5,8"), _unit("far", "5,9")))
    assert found["near"]["in_supply"] and found["near"]["path_hexes"] == 7
    assert found["near"]["path"][0] == "5,8" and found["near"]["path"][-1] == "5,1"
    assert found["near"]["route"] == ["5,1", "4,1", "3,1", "2,1", "1,1"]
    assert not found["far"]["in_supply"]


def test_recce_types_trace_their_mp() -> None:
    # Supply ¶3: armor car, recon, motorcycle: path as long as the MP.
    found = _status(
        _map(
            _unit("11 H", "5,5", "armor-car", mp=4),
            _unit("KDG", "6,6", "recon", mp=4),
            _unit("bikes", "7,9", "motorcycle", mp=10),
        )
    )
    assert found["11 H"]["in_supply"] and found["11 H"]["limit"] == 4
    assert not found["KDG"]["in_supply"]
    assert found["bikes"]["in_supply"] and found["bikes"]["case"] == "Supply ¶3"


def test_enemy_zoc_cuts_the_route_unless_a_friendly_unit_holds_the_hex() -> None:
    # An axis unit at 3,2 (odd column: touches 2,2 2,3 3,1 3,3 4,2 4,3) puts road hex 3,1 in its
    # ZOC, cutting the road east of it from the source at 1,1. 9,3 is 7 hexes from 2,1 as the
    # crow flies, but 2,1 is entered only from 1,1, 2,2 or 3,1 and the last two are in the ZOC:
    # out of supply. A friendly unit on 3,1 cancels the ZOC there for supply (Supply ¶2) and
    # 9,3 is 2 hexes from 9,1.
    axis = _unit("I/5", "3,2", "armor", side="axis", df=4)
    found = _status(_map(_unit("east", "9,3"), axis))
    assert not found["east"]["in_supply"]
    held = _status(_map(_unit("east", "9,3"), _unit("guard", "3,1"), axis))
    assert held["east"]["in_supply"] and held["east"]["path_hexes"] == 2
    assert held["guard"]["in_supply"] and held["guard"]["path_hexes"] == 0


def test_units_that_project_no_zoc() -> None:
    # DF 0 (Unit Capabilities ¶8), in reserve (Reserve Status ¶6), heavy armor alone (¶11).
    for enemy in (
        _unit("x", "3,2", "infantry", side="axis", df=0),
        _unit("x", "3,2", "infantry", side="axis", in_reserve=True),
        _unit("x", "3,2", "heavy-armor", side="axis"),
    ):
        assert _status(_map(_unit("east", "9,3"), enemy))["east"]["in_supply"], enemy
    pair = [
        _unit("t1", "3,2", "heavy-armor", side="axis"),
        _unit("t2", "3,2", "heavy-armor", side="axis"),
    ]
    assert not _status(_map(_unit("east", "9,3"), *pair))["east"]["in_supply"]


def test_enemy_controlled_source_and_closed_hexsides() -> None:
    found = _status(_map(_unit("u", "3,2"), enemy_controlled=["1,1"]))
    assert not found["u"]["in_supply"]
    assert "no supply route" in found["u"]["reason"]
    # Fortifications ¶2: an active minefield hexside is closed to the path. 1,2 touches the
    # road only at 1,1; with that hexside closed the path goes round by 2,2 (2 hexes).
    found = _status(_map(_unit("u", "1,2")))
    assert found["u"]["path"] == ["1,2", "1,1"]
    found = _status(_map(_unit("u", "1,2"), closed_hexsides={"allied": [["1,2", "1,1"]]}))
    assert found["u"]["path_hexes"] == 2 and found["u"]["path"][1] == "2,2"


def test_emergency_supply_from_an_hq() -> None:
    # Supply ¶4. The road is cut at 3,1 by the ZOC of an axis unit at 3,2; the allied HQ at 8,1
    # is on the road east of the cut: its route runs along the road up to 7 hexes (4,1..12,1);
    # a unit at 10,5 is 4 hexes from 10,1.
    axis = _unit("I/5", "3,2", "armor", side="axis", df=4)
    hq = _unit("HQ", "8,1", "hq", supply_source=True)
    found = _status(_map(_unit("u", "10,5"), hq, axis))
    assert found["u"]["in_supply"] and found["u"]["via_hq"] == "HQ"
    assert found["u"]["path_hexes"] == 4 and found["u"]["case"] == "Supply ¶4"
    only = _status(_map(_unit("u", "10,5"), hq, axis), **{"bfna-hq-emergency-route": "path-only"})
    assert only["u"]["path"][-1] == "8,1"
    depleted = _status(_map(_unit("u", "10,5"), {**hq, "depleted": True}, axis))
    assert not depleted["u"]["in_supply"]


def test_the_example_grid() -> None:
    """docs/examples/bfna/grid.toml: the coast road is cut at 5,2-7,2 by the ZOC of the axis
    units at 6,3 and 7,3; 2 Rifle Bde reaches the oasis track at 9,5 in 5 hexes; 1 KRRC relies
    on the HQ at 3,2; 11 Hussars (MP 2) is 3 hexes from the track."""
    result = run_supply({"grid": "grid.toml", "side": "allied"}, EXAMPLES)
    found = {u["unit"]: u for u in result["units"]}
    assert found["2 Rifle Bde"]["path_hexes"] == 5
    assert found["1 KRRC"]["via_hq"] == "7 Armd Div HQ"
    assert not found["11 Hussars"]["in_supply"]
    assert found["7 RTR"]["in_supply"]
    assert {"5,2", "6,2", "7,2"} <= set(result["enemy_zoc"])


def _grid_errors(grid: Any) -> list[str]:
    with pytest.raises(RequestError) as caught:
        load_grid(Path(), grid)
    return [f"{e.field}: {e.message}" for e in caught.value.errors]


def test_malformed_maps_are_refused_by_field() -> None:
    assert _grid_errors(_map(_unit("u", "13,1"))) == [
        "grid.units[0].hex: inline map: hex 13,1 is not on the map"
    ]
    assert _grid_errors(_map(_unit("u", "one,two"))) == [
        "grid.units[0].hex: inline map: 'one,two' is not a hex; write column,row such as \"12,5\""
    ]
    assert _grid_errors({**_map(), "roads": [["1,1", "3,1"]]}) == [
        "grid.roads[0][1]: inline map: road hexes 1,1 and 3,1 do not touch (intro ¶7)"
    ]
    assert _grid_errors({**_map(), "roads": [["1,1", "0,1"]]}) == [
        "grid.roads[0][1]: inline map: hex 0,1 is not on the map"
    ]
    assert _grid_errors(_map(_unit("u", "2,2"), sea=["2,2"])) == [
        "grid.units[0].hex: inline map: u is on sea hex 2,2"
    ]
    (unknown,) = _grid_errors(_map(_unit("u", "2,2", "tank")))
    assert unknown.startswith("grid.units[0].type: inline map: unknown unit type 'tank'; types: ")
    assert unknown.endswith("heavy-sp-at, hq (Unit Capabilities ¶9)")
    (missing,) = _grid_errors({"layout": "hexagon"})
    assert missing.startswith("grid.layout: inline map: Input should be")


def test_a_map_file_that_is_not_toml_names_the_file(tmp_path: Path) -> None:
    (tmp_path / "bad.toml").write_text("layout = [")
    with pytest.raises(RequestError) as caught:
        load_grid(tmp_path, "bad.toml")
    (error,) = caught.value.errors
    assert error.field == "grid" and error.message.startswith("bad.toml: not valid TOML")


def test_armor_car_without_mp_is_a_map_error_and_unknown_units_are_named() -> None:
    # Supply ¶3: the map must give the MP of an armor car, recon or motorcycle unit.
    assert _grid_errors(_map(_unit("11 H", "5,5", "armor-car"))) == [
        "grid.units[0].mp: inline map: 11 H (Armor car) traces supply as far as its MP; give mp"
    ]
    supply_map = load_grid(Path(), _map(_unit("11 H", "5,5", "armor-car", mp=3)))
    with pytest.raises(ValueError, match="no unit 'ghost'"):
        trace_supply(supply_map, "allied", ["ghost"])


def test_emergency_path_of_a_recce_unit_by_ruling() -> None:
    """Supply ¶3-¶4, ruling bfna-emergency-path-recce. The road is cut at 3,1 (ZOC of the axis
    unit at 3,2); the HQ at 8,1 serves as an emergency source along the road east of the cut.
    An armor car with MP 2 at 10,5 is 4 hexes from the road at 10,1: too far for its own path
    (own-limit: MP 2, capped at 7), within the 7 hexes of option seven."""
    axis = _unit("I/5", "3,2", "armor", side="axis", df=4)
    hq = _unit("HQ", "8,1", "hq", supply_source=True)
    grid = _map(_unit("11 H", "10,5", "armor-car", mp=2), hq, axis)
    own = _status(grid)["11 H"]
    assert not own["in_supply"] and own["limit"] == 2
    seven = _status(grid, **{"bfna-emergency-path-recce": "seven"})["11 H"]
    assert seven["in_supply"] and seven["via_hq"] == "HQ"
    assert (seven["limit"], seven["path_hexes"]) == (7, 4)


def test_request_and_map_problems_together_then_every_unknown_unit() -> None:
    with pytest.raises(RequestError) as caught:
        run_supply({"grid": _map(_unit("u", "13,1")), "side": "german"}, Path())
    assert [e.field for e in caught.value.errors] == ["side", "grid.units[0].hex"]
    with pytest.raises(RequestError) as caught:
        run_supply(
            {"grid": _map(_unit("u", "2,2"), _unit("x", "5,5", side="axis")), "side": "allied",
             "units": ["u", "ghost", "x"]},
            Path(),
        )  # fmt: skip
    assert [str(e) for e in caught.value.errors] == [
        "units[1]: no unit 'ghost' on the map; units: u, x",
        "units[2]: x is not a combat unit of the allied side (Supply Phase ¶1)",
    ]
