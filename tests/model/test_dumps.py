"""Supply Dumps by site: chart 54.12, oases (8.48), the Tripoli/Tunisia boxes (8.87, 8.88),
and the scenario loader's checks of them."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from ledger.io.scenario import SCENARIO_DIR, ScenarioError, load_scenario
from ledger.model.dumps import (
    capacity,
    capacity_chart,
    default_site,
    describe_limits,
    held_change,
    never_runs_out,
    room,
    setup_problems,
    site_of,
)
from ledger.model.holdings import Dump
from ledger.model.quantities import Supplies
from tests.conftest import MINI

GRAZIANI = SCENARIO_DIR / "graziani.toml"


def _dump(site: str = "other", location: str = "C4131", **held: int) -> Dump:
    return Dump("d", "axis", "Test dump", location, site=site, supplies=Supplies(**held))  # type: ignore[arg-type]


def test_chart_54_12_as_printed() -> None:
    chart = capacity_chart()
    assert chart["village"] == {"ammo": 2500, "fuel": 8000, "stores": 3000, "water": 1000}
    assert chart["other"] == {"ammo": 1500, "fuel": 5000, "stores": 1000, "water": 1000}
    assert chart["non-dump"] == {"ammo": 50, "fuel": 0, "stores": 50, "water": 0}
    for unlimited in ("major-city", "box"):
        assert set(chart[unlimited].values()) == {None}


def test_capacity_and_room_by_site() -> None:
    # Sidi Barrani as a village holding 250 / 500 / 100 / 0 (60.44): room 2500 - 250 = 2250,
    # 8000 - 500 = 7500, 3000 - 100 = 2900, 1000 - 0 = 1000
    barrani = _dump("village", ammo=250, fuel=500, stores=100)
    assert room(barrani) == {"ammo": 2250, "fuel": 7500, "stores": 2900, "water": 1000}
    assert describe_limits(room(barrani)) == "2,250 / 7,500 / 2,900 / 1,000"
    assert describe_limits(capacity(_dump("major-city"))) == "unlimited"
    # over capacity: room 0, never negative
    assert room(_dump("other", stores=1200))["stores"] == 0
    # only Supply Dumps have a 54.12 capacity
    pool = replace(_dump("village"), kind="air_supply_pool")
    assert set(capacity(pool).values()) == {None}


def test_an_oasis_keeps_ammunition_and_fuel_as_a_village_or_other_terrain() -> None:
    oasis = _dump("oasis", location="C0127", ammo=100)
    # 8.48: Water and Stores never diminish, so they have no limit; ruling 54.12-oasis-capacity
    assert capacity(oasis) == {"ammo": 2500, "fuel": 8000, "stores": None, "water": None}
    assert capacity(oasis, "other") == {"ammo": 1500, "fuel": 5000, "stores": None, "water": None}
    assert describe_limits(capacity(oasis)) == "2,500 / 8,000 / unlimited / unlimited"
    assert [c for c in ("ammo", "fuel", "stores", "water") if never_runs_out(oasis, c)] == [
        "stores",
        "water",
    ]
    # drawing 5 of each changes only Ammunition and Fuel
    assert held_change(oasis, -Supplies(5, 5, 5, 5)) == Supplies(ammo=-5, fuel=-5)


def test_box_dumps_are_unlimited_and_never_short_of_water() -> None:
    assert default_site("Tripoli") == "box" and default_site(" tunis ") == "box"
    assert default_site("C4807") == "other"
    tripoli = _dump("other", location="Tripoli", fuel=5000)
    assert site_of(tripoli) == "box"  # 8.88: a dump in a box is a box dump whatever it says
    assert set(capacity(tripoli).values()) == {None}
    assert never_runs_out(tripoli, "water") and not never_runs_out(tripoli, "fuel")  # 8.87
    assert held_change(tripoli, Supplies(fuel=-10, water=-10)) == Supplies(fuel=-10)
    # 8.87 also gives the In Transit boxes unlimited Water, though they are not dumps (8.88)
    transit = _dump("other", location="In Transit 2")
    assert never_runs_out(transit, "water") and capacity(transit)["fuel"] == 5000


def test_setup_problems_name_the_commodity_and_the_excess() -> None:
    # Mersa Matruh's 60.44 stock (4000 Stores) on a village: 3000 at most, 1000 over
    matruh = _dump("village", ammo=1000, fuel=3000, stores=4000)
    assert setup_problems(matruh) == [
        ("stores", "Test dump (Village) may hold 3000 Stores, 4000 given: 1000 over", "54.12")
    ]
    assert setup_problems(replace(matruh, site="major-city")) == []
    assert setup_problems(_dump("box", location="C4807"))[0][2] == "8.88"
    assert setup_problems(_dump("village", location="Tunis"))[0][0] == "site"
    oasis = setup_problems(_dump("oasis", water=200))
    assert oasis == [
        (
            "water",
            "Test dump (Oasis (as Village)) never runs out of Water; leave its 200 out",
            "8.48",
        )
    ]


def test_graziani_dump_sites_and_capacities() -> None:
    dumps = {d.id: d for d in load_scenario(GRAZIANI).dumps}
    sites = {i: d.site for i, d in dumps.items() if d.kind == "dump"}
    assert sites == {
        "ax_tobruk": "major-city",
        "ax_bardia": "village",
        "ax_benghazi": "major-city",
        "ax_derna": "village",
        "ax_tripoli": "box",
        "ax_dump_1": "village",
        "ax_dump_2": "other",
        "ax_c0716": "other",
        "cw_mersa_matruh": "major-city",
        "cw_sidi_barrani": "village",
        "cw_dump_1": "other",
    }
    # every dump fits: Dump 2 holds exactly other terrain's 1000 Stores, Dump 1's 1500 need a
    # village (3000)
    assert all(setup_problems(d) == [] for d in dumps.values())
    assert room(dumps["ax_dump_2"])["stores"] == 0
    assert room(dumps["ax_dump_1"])["stores"] == 3000 - 1500


def _write(tmp_path: Path, old: str, new: str) -> Path:
    text = MINI.read_text()
    assert old in text
    path = tmp_path / "dumps.toml"
    path.write_text(text.replace(old, new, 1))
    return path


def test_a_scenario_dump_over_its_capacity_is_an_error_naming_the_row(tmp_path: Path) -> None:
    path = _write(tmp_path, 'site = "major-city"', 'site = "village"')
    with pytest.raises(ScenarioError) as refused:
        load_scenario(path)
    (error,) = refused.value.errors
    assert error.field == "dump[0].stores" and error.case == "54.12"
    assert "dump 'cw_matruh'" in error.message and "4000 given: 1000 over" in error.message
    line = int(error.location.split(":")[1])
    assert path.read_text().splitlines()[line - 1] == "stores = 4000"


def test_a_site_that_contradicts_the_location_is_an_error(tmp_path: Path) -> None:
    path = _write(tmp_path, 'site = "major-city"', 'site = "box"')
    with pytest.raises(ScenarioError) as refused:
        load_scenario(path)
    assert [e.field for e in refused.value.errors] == ["dump[0].site"]
    assert "'C3721' is not a Tripoli/Tunisia box" in refused.value.errors[0].message
