"""What holders may take in, end to end through the commands: a dump's capacity (54.12), an
oasis's Water and Stores (8.48), the Tripoli/Tunisia boxes (8.87, 8.88), fuel in vehicles'
tanks (49.14)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ledger.commands import logistics
from ledger.commands.outcome import Outcome
from ledger.commands.stage_end import end_stage
from ledger.commands.transfers import transfer
from ledger.io.scenario import bundled_scenarios, load_scenario
from ledger.model.apply import apply, start, unapply
from ledger.model.events import ConsumptionPosted, GameStarted
from ledger.model.quantities import Supplies
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.rules.consumption import unit_fuel_capacity
from tests.phases import at_last_phase


def run(state: GameState, outcome: Outcome) -> GameState:
    assert outcome.ok, outcome.errors
    for event in outcome.events:
        state = apply(state, event)
    return state


def messages(outcome: Outcome) -> list[str]:
    assert not outcome.ok and not outcome.events
    return [str(e) for e in outcome.errors]


def src(state: GameState) -> Source:
    return Source(state.clock, side="commonwealth", role="logistics_commander")


def with_matruh(state: GameState, site: str, held: Supplies) -> GameState:
    """The mini game with its Mersa Matruh dump (C3721, the units' hex) on ``site``."""
    dump = replace(state.dumps["cw_matruh"], site=site, supplies=held)
    return replace(state, dumps={**state.dumps, "cw_matruh": dump})


@pytest.fixture(scope="module")
def graziani() -> GameState:
    setup = load_scenario(bundled_scenarios()["graziani"])
    return start(GameStarted(Source(setup.info.start), setup))


# --- 54.12 ------------------------------------------------------------------------------------


def test_a_village_dump_refuses_what_would_take_it_over(mini_state: GameState) -> None:
    village = with_matruh(mini_state, "village", Supplies(1000, 3000, 2900, 0))
    # 2900 + 200 = 3100 Stores, 100 over the village's 3000 (54.12)
    (text,) = messages(
        logistics.arrive(village, "cw_matruh", Supplies(stores=200), "convoy", src(village))
    )
    assert text == (
        "--stores: Mersa Matruh (Village) holds 2900 Stores and may hold 3000 (54.12); 200 more "
        "make 3100: 100 over"
    )
    full = run(
        village,
        logistics.arrive(village, "cw_matruh", Supplies(stores=100), "convoy", src(village)),
    )
    assert full.dumps["cw_matruh"].supplies.stores == 3000  # exactly full is allowed
    # a transfer too: 1 RNF hands back its 3 Stores to a dump at 2999, 2 over
    almost = with_matruh(mini_state, "village", Supplies(stores=2999))
    (text,) = messages(transfer(almost, "cw.1_rnf", "cw_matruh", Supplies(stores=3), src(almost)))
    assert "holds 2999 Stores and may hold 3000 (54.12); 3 more make 3002: 2 over" in text


def test_a_major_city_has_no_limit(mini_state: GameState) -> None:
    # mini.toml's Mersa Matruh is a Major City (it holds 4000 Stores, 60.44)
    state = run(
        mini_state,
        logistics.arrive(
            mini_state, "cw_matruh", Supplies(stores=50_000), "convoy", src(mini_state)
        ),
    )
    assert state.dumps["cw_matruh"].supplies.stores == 54_000


# --- 8.48 oases -------------------------------------------------------------------------------


def test_water_and_stores_drawn_at_an_oasis_never_diminish_it(mini_state: GameState) -> None:
    oasis = with_matruh(mini_state, "oasis", Supplies(ammo=1000, fuel=3000))
    moved = transfer(oasis, "cw_matruh", "cw.1_rnf", Supplies(stores=3, water=40), src(oasis))
    after = run(oasis, moved)
    # 1 RNF: 3 + 3 Stores, 4 + 40 Water; the oasis still holds none and lost none
    assert after.units["cw.1_rnf"].supplies == Supplies(ammo=2, stores=6, water=44)
    assert after.dumps["cw_matruh"].supplies == Supplies(ammo=1000, fuel=3000)
    assert unapply(after, moved.events[0]) == oasis  # undo restores it exactly
    # Ammunition and Fuel are an ordinary stock: 1000 held, 1001 asked
    (text,) = messages(transfer(oasis, "cw_matruh", "cw.1_rnf", Supplies(ammo=1001), src(oasis)))
    assert "holds 1000 Ammunition, 1001 asked: 1 short" in text
    # consumed by hand: nothing leaves
    used = logistics.consume(oasis, "cw_matruh", Supplies(water=500), "water", src(oasis))
    assert run(oasis, used).dumps["cw_matruh"].supplies == oasis.dumps["cw_matruh"].supplies


def test_an_oasis_refuses_water_and_stores_and_holds_fuel_to_its_ruling(
    mini_state: GameState,
) -> None:
    oasis = with_matruh(mini_state, "oasis", Supplies(ammo=1000))
    (text,) = messages(
        logistics.arrive(oasis, "cw_matruh", Supplies(water=10), "convoy", src(oasis))
    )
    assert "Mersa Matruh (Oasis (as Village)) never runs out of Water" in text and "(8.48)" in text
    # 54.12-oasis-capacity: as a village 2500 Ammunition, 1000 + 1501 = 2501: 1 over
    assert (
        "2501: 1 over"
        in messages(
            logistics.arrive(oasis, "cw_matruh", Supplies(ammo=1501), "convoy", src(oasis))
        )[0]
    )
    # as other terrain 1500: 1000 + 501 = 1501: 1 over; 500 fits
    other = replace(oasis, ruling_choices={"54.12-oasis-capacity": "other"})
    assert (
        "may hold 1500 (54.12)"
        in messages(logistics.arrive(other, "cw_matruh", Supplies(ammo=501), "convoy", src(other)))[
            0
        ]
    )
    assert logistics.arrive(other, "cw_matruh", Supplies(ammo=500), "convoy", src(other)).ok


def test_a_requisition_fulfilled_from_an_oasis(mini_state: GameState) -> None:
    oasis = with_matruh(mini_state, "oasis", Supplies())
    filed = run(
        oasis, logistics.file_requisition(oasis, "cw.1_rnf", Supplies(water=10), src(oasis))
    )
    done = run(filed, logistics.fulfil_requisition(filed, "CR1", "cw_matruh", src(filed)))
    assert done.units["cw.1_rnf"].supplies.water == 4 + 10
    assert done.dumps["cw_matruh"].supplies == Supplies()
    assert done.requisitions["CR1"].status == "fulfilled"


def test_upkeep_draws_an_oasis_without_diminishing_it(mini_state: GameState) -> None:
    oasis = with_matruh(mini_state, "oasis", Supplies())
    rnf = replace(oasis.units["cw.1_rnf"], supplies=Supplies())
    state = replace(oasis, units={**oasis.units, "cw.1_rnf": rnf})
    for _ in range(3):  # OpStages 1-3 of GT 1, then into GT 2: stores and pasta too
        state = at_last_phase(state)  # 5.2: the stage ends from its last phase
        outcome = end_stage(state, Source(state.clock))
        for event in outcome.events:
            if isinstance(event, ConsumptionPosted):
                assert not [s for s in event.shortages if s.unit_id == "cw.1_rnf"], event
        state = run(state, outcome)
    draws = [
        d
        for e in outcome.events
        if isinstance(e, ConsumptionPosted) and e.cause in ("water", "stores")
        for d in e.draws
        if d.consumer == "cw.1_rnf"
    ]
    # GT 2 opens: 1 RNF's Stores, 4 a TOE point x 3 = 12 (51.11), and its OpStage Water, 1
    # (52.41), both from the oasis, which still holds nothing
    assert sorted((d.holder, d.supplies.stores, d.supplies.water) for d in draws) == [
        ("cw_matruh", 0, 1),
        ("cw_matruh", 12, 0),
    ]
    assert state.dumps["cw_matruh"].supplies == Supplies()


# --- 8.87, 8.88 the Tripoli/Tunisia boxes -----------------------------------------------------


def test_the_tripoli_box_dump(graziani: GameState) -> None:
    axis = Source(graziani.clock, side="axis", role="logistics_commander")
    # 8.88: unlimited capacity — a million Fuel on top of its 5000
    big = logistics.arrive(graziani, "ax_tripoli", Supplies(fuel=1_000_000), "convoy", axis)
    assert run(graziani, big).dumps["ax_tripoli"].supplies.fuel == 1_005_000
    # 8.87: Water never runs out there; 50 to a battalion in Tripoli leave it as it was
    unit = "it.2ccnn_div.138th_infantry_bn"
    watered = run(graziani, transfer(graziani, "ax_tripoli", unit, Supplies(water=50), axis))
    assert watered.units[unit].supplies.water == 50
    assert watered.dumps["ax_tripoli"].supplies.water == 0
    (text,) = messages(logistics.arrive(graziani, "ax_tripoli", Supplies(water=5), "convoy", axis))
    assert "Tripoli (Tripoli/Tunisia box) never runs out of Water" in text and "(8.87)" in text


def test_units_in_a_box_are_never_short_of_water(graziani: GameState) -> None:
    graziani = at_last_phase(graziani)  # 5.2: the stage ends from its last phase
    water = next(
        e
        for e in end_stage(graziani, Source(graziani.clock)).events
        if isinstance(e, ConsumptionPosted) and e.cause == "water"
    )
    in_tripoli = {u.id for u in graziani.units.values() if u.location == "Tripoli"}
    assert len(in_tripoli) == 22
    short = {s.unit_id for s in water.shortages}
    assert not short & in_tripoli  # 8.87: none short, and nothing drawn for them
    assert not {d.consumer for d in water.draws} & in_tripoli
    # while the 1st Essex at Mersa Matruh (a dump with no Water, GAPS S-004) is short
    assert "cw.70_inf_div.1st_essex" in short


# --- 49.14 fuel in vehicles' tanks ------------------------------------------------------------


def enforced(state: GameState) -> GameState:
    """The mini game under the ledger's default 49.14 (its scenario lets units hold any Fuel)."""
    return replace(state, ruling_choices={"49.14-unit-fuel-capacity": "enforce"})


def test_a_unit_takes_fuel_only_up_to_its_tanks(mini_state: GameState) -> None:
    state = enforced(mini_state)
    rha = state.units["cw.3_rha"]
    # 49.14: six 25-pounders, CPA 15, fuel rate 1: 15 x 1/5 x 1 = 3 a point, 18 in all
    assert unit_fuel_capacity(rha, state.systems) == 18
    state = run(state, transfer(state, "cw_matruh", "cw.3_rha", Supplies(fuel=10), src(state)))
    (text,) = messages(transfer(state, "cw_matruh", "cw.3_rha", Supplies(fuel=10), src(state)))
    assert text == "--fuel: 3rd RHA holds 10 Fuel, its tanks take 18 (49.14), 10 asked: 2 over"
    assert transfer(state, "cw_matruh", "cw.3_rha", Supplies(fuel=8), src(state)).ok
    assert not logistics.arrive(state, "cw.3_rha", Supplies(fuel=9), "convoy", src(state)).ok


def test_foot_infantry_holds_no_fuel_unless_the_game_allows_it(mini_state: GameState) -> None:
    state = enforced(mini_state)
    (text,) = messages(transfer(state, "cw_matruh", "cw.1_rnf", Supplies(fuel=5), src(state)))
    assert "1st RNF MG Bn holds 0 Fuel, its tanks take 0 (49.14), 5 asked: 5 over" in text
    assert "load its trucks instead" in text
    # other supplies are not limited by 49.14, nor are the trucks in its hex
    assert transfer(state, "cw_matruh", "cw.1_rnf", Supplies(ammo=5, stores=5), src(state)).ok
    assert transfer(state, "cw_matruh", "cw_c3721", Supplies(fuel=5), src(state)).ok
    allowed = replace(state, ruling_choices={"49.14-unit-fuel-capacity": "allow"})
    assert transfer(allowed, "cw_matruh", "cw.1_rnf", Supplies(fuel=5), src(allowed)).ok


def test_graziani_is_enforced_and_no_unit_starts_over_its_tanks(graziani: GameState) -> None:
    assert graziani.ruling("49.14-unit-fuel-capacity") == "enforce"
    for unit in graziani.units.values():
        tanks = unit_fuel_capacity(unit, graziani.systems)
        assert tanks is None or unit.supplies.fuel <= tanks, unit.id


def test_a_unit_on_trucks_holds_their_tanks_fuel_too(mini_state: GameState) -> None:
    state = enforced(mini_state)
    rnf = replace(state.units["cw.1_rnf"], carried_by=(2, 1, 0))
    state = replace(state, units={**state.units, "cw.1_rnf": rnf})
    # 54.2 tanks: 2 light x 8 + 1 medium x 6 = 22 Fuel; the foot battalion's own tanks: 0
    assert transfer(state, "cw_matruh", "cw.1_rnf", Supplies(fuel=22), src(state)).ok
    (text,) = messages(transfer(state, "cw_matruh", "cw.1_rnf", Supplies(fuel=23), src(state)))
    assert "its tanks take 22 (49.14), 23 asked: 1 over" in text
