"""Stocks and free truck points from the game state (ledger/planning/available.py)."""

from __future__ import annotations

from dataclasses import replace

from ledger.commands.logistics import file_requisition
from ledger.model.apply import apply
from ledger.model.clock import GameTime
from ledger.model.holdings import TruckGroup
from ledger.model.quantities import Supplies
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.planning.available import (
    carriers_of,
    convoys_of,
    free_carrier,
    occupied_points,
    stocks_of,
    unplanned_convoys,
)
from ledger.planning.convoy_values import Carrier, Stock


def _convoy(group_id: str = "cw_convoy", **changes: object) -> TruckGroup:
    group = TruckGroup(
        group_id, "commonwealth", "second_third", "D3714", light=3, medium=5, heavy=2
    )
    return replace(group, **changes)


def test_cargo_fills_heavy_points_first_then_medium() -> None:
    # 20 ammo: 2 heavy points carry 16 (8 each, 54.2); the last 4 fill 1 medium point.
    group = _convoy(cargo=Supplies(ammo=20))
    assert occupied_points(group) == {"light": 0, "medium": 1, "heavy": 2}
    assert free_carrier(group) == Carrier("cw_convoy", "D3714", light=3, medium=4, heavy=0)


def test_a_partly_loaded_point_is_not_free() -> None:
    # 100 fuel fill 2/5 of a heavy point (250): that point is taken.
    assert occupied_points(_convoy(cargo=Supplies(fuel=100))) == {
        "light": 0,
        "medium": 0,
        "heavy": 1,
    }


def test_mixed_cargo_spills_over_pro_rata() -> None:
    # 16 ammo + 250 fuel on heavy points: 2 + 1 = 3 points' worth, 2 heavy points there: 2/3
    # of every commodity rides heavy, the last third (16/3 ammo, 250/3 fuel) needs
    # (16/3)/4 + (250/3)/120 = 4/3 + 25/36 = 73/36 medium points → 3.
    occupied = occupied_points(_convoy(cargo=Supplies(ammo=16, fuel=250)))
    assert occupied == {"light": 0, "medium": 3, "heavy": 2}


def test_an_overloaded_group_has_nothing_free() -> None:
    group = _convoy(cargo=Supplies(ammo=1000))
    assert free_carrier(group) == Carrier("cw_convoy", "D3714")


def test_carriers_are_convoys_of_the_side_in_play_with_free_points(mini_state: GameState) -> None:
    later = GameTime(2, 1)
    trucks = {
        **mini_state.trucks,
        "cw_convoy": _convoy(cargo=Supplies(fuel=100)),
        "cw_full": _convoy("cw_full", cargo=Supplies(ammo=1000)),
        "cw_later": _convoy("cw_later", arrival=later),
        "ax_convoy": _convoy("ax_convoy", side="axis"),
    }
    state = replace(mini_state, trucks=trucks)
    # cw_c3721 is first-line (attached) trucks: not a convoy.
    assert [g.id for g in convoys_of(state, "commonwealth")] == ["cw_convoy"]
    assert [g.id for g in convoys_of(state, "axis")] == ["ax_convoy"]
    assert [g.id for g in convoys_of(replace(state, clock=later), "commonwealth")] == [
        "cw_convoy",
        "cw_later",
    ]
    # in D3714, where the mini game has no dump, they load nowhere (54.1) ...
    assert carriers_of(state, "commonwealth") == ()
    assert unplanned_convoys(state, "commonwealth") == {
        "cw_convoy": "no dump of its side in D3714 to load at (54.1)"
    }
    # ... at Mersa Matruh (C3721) they do
    at_matruh = {k: replace(g, location="C3721") for k, g in trucks.items()}
    assert carriers_of(replace(state, trucks=at_matruh), "commonwealth") == (
        Carrier("cw_convoy", "C3721", light=3, medium=5, heavy=1),
    )


def test_stocks_are_the_sides_dumps_not_dummies(mini_state: GameState) -> None:
    dummy = replace(mini_state.dumps["cw_matruh"], id="cw_dummy", kind="dummy")
    state = replace(mini_state, dumps={**mini_state.dumps, "cw_dummy": dummy})
    assert stocks_of(state, "commonwealth") == (
        Stock("cw_matruh", "C3721", Supplies(ammo=1000, fuel=3000, stores=4000)),
        Stock("cw_cairo", "Cairo", Supplies(), unlimited=True),
    )
    assert [s.dump_id for s in stocks_of(state, "axis")] == ["ax_tobruk"]


def test_an_oasis_offers_all_the_water_and_stores_wanted(mini_state: GameState) -> None:
    oasis = replace(mini_state.dumps["cw_matruh"], site="oasis", supplies=Supplies(ammo=5))
    state = replace(mini_state, dumps={**mini_state.dumps, "cw_matruh": oasis})
    filed = file_requisition(
        state, "cw.1_rnf", Supplies(stores=40, water=25), Source(state.clock, "commonwealth")
    )
    for event in filed.events:
        state = apply(state, event)
    (stock,) = [s for s in stocks_of(state, "commonwealth") if s.dump_id == "cw_matruh"]
    # 8.48: Water and Stores never run out at an oasis: offered as much as is wanted (40, 25);
    # its Ammunition is what it holds (5), and no Fuel
    assert stock.supplies == Supplies(ammo=5, fuel=0, stores=40, water=25)
