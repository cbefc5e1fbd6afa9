"""The rows of the Logistics Commander's sheets (4.55), on the bundled Graziani scenario (60.22).

Capacities are worked by hand from chart 54.2 (per Truck Point: light 2 Ammunition, 50 Fuel,
6 Stores, 40 Water; medium 4/120/15/100; heavy 8/250/30/200).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from ledger.commands import logistics
from ledger.io.scenario import load_scenario
from ledger.model.apply import apply, start
from ledger.model.events import GameStarted
from ledger.model.quantities import COMMODITIES, Supplies
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.model.trucks import filled_share, group_capacity
from ledger.reports.logistics_log import (
    UNLIMITED,
    arriving_trucks,
    dump_lines,
    free_capacity,
    requisition_lines,
    supply_net,
    truck_lines,
)

GRAZIANI = Path(__file__).resolve().parents[2] / "scenarios" / "graziani.toml"


@pytest.fixture(scope="module")
def graziani() -> GameState:
    setup = load_scenario(GRAZIANI)
    return start(GameStarted(Source(setup.info.start), setup))


def test_group_capacity_is_points_times_capacity_per_point() -> None:
    assert group_capacity(5, 5, 0) == Supplies(ammo=30, fuel=850, stores=105, water=700)
    assert group_capacity(0, 0, 1) == Supplies(ammo=8, fuel=250, stores=30, water=200)
    assert group_capacity(0, 0, 0) == Supplies()


def test_mixed_loads_count_pro_rata() -> None:
    capacity = group_capacity(5, 5, 0)  # 30 / 850 / 105 / 700
    assert filled_share(Supplies(), capacity) == 0
    assert filled_share(Supplies(fuel=425, ammo=15), capacity) == 1
    load = Supplies(fuel=250)
    assert filled_share(load, capacity) == Fraction(5, 17)
    assert free_capacity(load, capacity) == Supplies(ammo=21, fuel=600, stores=74, water=494)
    assert free_capacity(Supplies(fuel=900), capacity) == Supplies()  # over-full: no room
    assert filled_share(Supplies(ammo=1), Supplies()) == 1  # no trucks, yet cargo


def test_dump_lines_order_and_marks(graziani: GameState) -> None:
    rows = dump_lines(graziani, "commonwealth")
    assert [r["kind"] for r in rows] == [
        "Supply Dump",
        "Supply Dump",
        "Supply Dump",
        "Air supply pool",
        "Dummy (holds nothing)",
        "Unlimited source",
        "Unlimited source",
    ]
    dummy = next(r for r in rows if r["dummy"])
    assert all(dummy[c] is None for c in COMMODITIES)
    cairo = next(r for r in rows if r["id"] == "cw_unlimited_cairo")
    assert cairo["unlimited"] and all(cairo[c] == UNLIMITED for c in COMMODITIES)


def test_truck_lines_in_play_and_arriving(graziani: GameState) -> None:
    rows = truck_lines(graziani, "commonwealth")
    assert len(rows) == 16 and rows[-1]["line"] == "2nd/3rd line"
    c3721 = next(r for r in rows if r["id"] == "cw_c3721")
    assert (c3721["cap_fuel"], c3721["free_fuel"], c3721["filled"]) == (850, 850, 0)
    later = arriving_trucks(graziani, "commonwealth")
    assert [g["id"] for g in later] == ["cw_arrival_gt5_os1", "cw_arrival_gt6_os3"]
    assert later[0]["arrival"] == "GT 5 OpStage 1"


def test_supply_net_formations_add_up_to_the_units_line(graziani: GameState) -> None:
    units = dict(graziani.units)
    for uid, ammo in (("cw.7_armd_div.6th_royal_tank_regt", 7), ("cw.70_inf_div.1st_essex", 5)):
        units[uid] = replace(units[uid], supplies=Supplies(ammo=ammo))
    state = replace(graziani, units=units)
    net = supply_net(state, "commonwealth")
    with_units = next(r for r in net.held if r["held_in"] == "units")
    for commodity in COMMODITIES:
        assert sum(r[commodity] for r in net.formations) == with_units[commodity]
    assert with_units["ammo"] == 12
    assert sum(r["counters"] for r in net.formations) == len(state.units_in_play("commonwealth"))
    assert net.total == Supplies(ammo=1950 + 12, fuel=4500, stores=4650)
    assert net.unlimited == ["Alexandria (unlimited supply)", "Cairo (unlimited supply)"]


def test_hot_weather_doubles_the_water_needed(graziani: GameState) -> None:
    selby = "Matruh Garrison HQ"
    normal = next(r for r in supply_net(graziani, "commonwealth").formations if r["label"] == selby)
    hot = replace(graziani, weather="hot")
    doubled = next(r for r in supply_net(hot, "commonwealth").formations if r["label"] == selby)
    assert (normal["water_still"], doubled["water_still"]) == (6, 12)  # 52.41, 29.35
    assert normal["stores_per_gt"] == doubled["stores_per_gt"] == 121  # 1 + 5 × 6 × 4 (51.1)


def test_requisition_lines_open_first(graziani: GameState) -> None:
    source = Source(graziani.clock, side="commonwealth", role="field_commander")
    state = graziani
    for uid in ("cw.70_inf_div.1st_essex", "cw.70_inf_div.1st_durham_light_inf"):
        outcome = logistics.file_requisition(state, uid, Supplies(stores=10), source)
        for event in outcome.events:
            state = apply(state, event)
    for event in logistics.reject_requisition(state, "CR1", "none spare", source).events:
        state = apply(state, event)
    rows = requisition_lines(state, "commonwealth")
    assert [(r["id"], r["status"], r["answer"]) for r in rows] == [
        ("CR2", "open", ""),
        ("CR1", "rejected", "rejected: none spare"),
    ]
    assert requisition_lines(state, "axis") == []
