"""`quartermaster dumps`, `arrive` and `transfer` with Supply Dump capacity (54.12) and fuel in
vehicles' tanks (49.14), end to end as a player runs them."""

from __future__ import annotations

from pathlib import Path

import pytest

from .test_cli import Player


@pytest.fixture
def graziani(tmp_path: Path) -> Player:
    p = Player(tmp_path)
    p.run("new", "--skip-setup", "g", "--scenario", "graziani")
    return p


def test_dumps_show_site_capacity_and_room(graziani: Player) -> None:
    rows = {d["id"]: d for d in graziani.json("dumps", "--side", "commonwealth")}
    barrani = rows["cw_sidi_barrani"]
    # a village (54.12) holding 250 / 500 / 100 / 0 (60.44)
    assert (barrani["site"], barrani["capacity"], barrani["room"]) == (
        "village",
        "2,500 / 8,000 / 3,000 / 1,000",
        "2,250 / 7,500 / 2,900 / 1,000",
    )
    assert rows["cw_mersa_matruh"]["capacity"] == "unlimited"  # a Major City
    assert rows["commonwealth_air_pool"]["site"] == ""  # not a Supply Dump: no 54.12 limit
    assert "2,250 / 7,500 / 2,900 / 1,000" in graziani.run("dumps").stdout


def test_an_arrival_over_capacity_is_refused_and_nothing_written(graziani: Player) -> None:
    before = len(graziani.json("history"))
    refused = graziani.run(
        "arrive", "Sidi Barrani", "--cause", "convoy", "--stores", "3000", ok=False
    ).stderr
    # 100 held + 3000 = 3100 Stores, 100 over a village's 3000
    assert "Sidi Barrani (Village) holds 100 Stores and may hold 3000 (54.12)" in refused
    assert "3000 more make 3100: 100 over" in refused and "nothing was written" in refused
    assert len(graziani.json("history")) == before
    graziani.run("arrive", "Sidi Barrani", "--cause", "convoy", "--stores", "2900")
    rows = {d["id"]: d for d in graziani.json("dumps", "--side", "commonwealth")}
    assert rows["cw_sidi_barrani"]["stores"] == 3000
    assert rows["cw_sidi_barrani"]["room"] == "2,250 / 7,500 / 0 / 1,000"


def test_fuel_goes_to_vehicles_tanks_only(graziani: Player) -> None:
    # 2nd Scots Guards, foot infantry at Sidi Barrani: no vehicle tanks (49.14)
    args = ("transfer", "--from", "Sidi Barrani", "--to", "2 SctGds", "--fuel", "10")
    refused = graziani.run(*args, "--game", "g", ok=False).stderr
    assert "2nd Scots Guards holds 0 Fuel, its tanks take 0 (49.14), 10 asked: 10 over" in refused
    graziani.run(
        "new",
        "--skip-setup",
        "h",
        "--scenario",
        "graziani",
        "--ruling",
        "49.14-unit-fuel-capacity=allow",
    )
    assert (
        "10 Fuel from Sidi Barrani to 2nd Scots Guards" in graziani.run(*args, "--game", "h").stdout
    )
