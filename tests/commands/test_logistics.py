"""Logistics commands: weather (29.x), supplies consumed and arriving, Supply Requisitions (4.55)."""

from __future__ import annotations

from dataclasses import replace

from ledger.commands import logistics
from ledger.commands.outcome import Outcome
from ledger.commands.stage_end import end_stage
from ledger.commands.undo import undo
from ledger.model.apply import apply
from ledger.model.events import Event
from ledger.model.quantities import Supplies
from ledger.model.source import Source
from ledger.model.state import GameState
from tests.phases import at_last_phase


def src(state: GameState, reason: str = "") -> Source:
    return Source(state.clock, "commonwealth", "logistics_commander", reason)


def run(state: GameState, outcome: Outcome) -> GameState:
    assert outcome.ok, outcome.errors
    for event in outcome.events:
        state = apply(state, event)
    return state


def errors(outcome: Outcome) -> str:
    assert not outcome.ok and not outcome.events
    return " | ".join(f"{e.field}: {e.message} ({e.case})" for e in outcome.errors)


def test_weather_is_recorded_per_operations_stage(mini_state: GameState) -> None:
    assert mini_state.weather == "normal"
    hot = run(mini_state, logistics.record_weather(mini_state, "hot", src(mini_state)))
    assert hot.weather == "hot"
    assert "already hot" in errors(logistics.record_weather(hot, "hot", src(hot)))
    assert "29.0" in errors(logistics.record_weather(hot, "blizzard", src(hot)))
    hot = at_last_phase(hot)  # 5.2: the stage ends from its last phase
    outcome = end_stage(hot, src(hot))
    next_stage = run(hot, outcome)
    assert next_stage.weather == "normal"  # a new OpStage has its own weather
    from ledger.model.apply import unapply

    back = next_stage
    for event in reversed(outcome.events):
        back = unapply(back, event)  # type: ignore[arg-type]
    assert back == hot


def test_consumption_never_takes_more_than_is_held(mini_state: GameState) -> None:
    # cw_matruh holds 1000 ammo, 3000 fuel, 4000 stores, 0 water (tests/fixtures/mini.toml)
    state = run(
        mini_state,
        logistics.consume(
            mini_state, "cw_matruh", Supplies(fuel=120), "evaporation", src(mini_state)
        ),
    )
    assert state.holder_supplies("cw_matruh") == Supplies(1000, 2880, 4000, 0)
    text = errors(logistics.consume(state, "cw_matruh", Supplies(water=1), "water", src(state)))
    assert "holds 0 Water, 1 to consume: 1 short (52.41)" in text
    assert "expected one of" in errors(
        logistics.consume(state, "cw_matruh", Supplies(fuel=1), "theft", src(state))
    )


def test_arrivals_create_supplies_but_never_at_an_unlimited_or_dummy_holder(
    mini_state: GameState,
) -> None:
    state = run(
        mini_state,
        logistics.arrive(mini_state, "cw_matruh", Supplies(ammo=50), "convoy", src(mini_state)),
    )
    assert state.holder_supplies("cw_matruh") == Supplies(1050, 3000, 4000, 0)
    assert "60.44" in errors(
        logistics.arrive(state, "cw_cairo", Supplies(ammo=5), "convoy", src(state))
    )


def test_a_requisition_is_filed_fulfilled_by_a_transfer_and_undone_whole(
    mini_state: GameState,
) -> None:
    filed = logistics.file_requisition(
        mini_state, "cw.1_rnf", Supplies(fuel=10, stores=5), src(mini_state), "for the march"
    )
    state = run(mini_state, filed)
    assert state.requisitions["CR1"].status == "open"
    journal: list[tuple[int, Event]] = [(2, filed.events[0])]
    fulfilled = logistics.fulfil_requisition(state, "CR1", "cw_matruh", src(state, "sent by lorry"))
    after = run(state, fulfilled)
    assert after.requisitions["CR1"].status == "fulfilled"
    # 1 RNF held 2 ammo, 3 stores, 4 water (mini.toml): now 10 fuel and 5 stores more
    assert after.holder_supplies("cw.1_rnf") == Supplies(2, 10, 8, 4)
    assert after.holder_supplies("cw_matruh") == Supplies(1000, 2990, 3995, 0)
    assert "already fulfilled" in errors(
        logistics.fulfil_requisition(after, "CR1", "cw_matruh", src(after))
    )
    journal += [(3 + i, e) for i, e in enumerate(fulfilled.events)]
    assert run(after, undo(journal, src(after))) == state  # the transfer goes back with it


def test_a_requisition_is_rejected_only_with_a_reason(mini_state: GameState) -> None:
    state = run(
        mini_state,
        logistics.file_requisition(mini_state, "cw.1_rnf", Supplies(water=3), src(mini_state)),
    )
    assert "say why" in errors(logistics.reject_requisition(state, "CR1", " ", src(state)))
    rejected = run(
        state, logistics.reject_requisition(state, "CR1", "no water at Matruh", src(state))
    )
    assert (rejected.requisitions["CR1"].status, rejected.requisitions["CR1"].reason) == (
        "rejected",
        "no water at Matruh",
    )
    assert "no requisition 'CR9'" in errors(
        logistics.reject_requisition(rejected, "CR9", "x", src(rejected))
    )


def _convoy(state: GameState) -> GameState:
    """cw_c3721 (5 light, 5 medium at C3721) as a convoy (second/third line) for these tests."""
    trucks = replace(state.trucks["cw_c3721"], line="second_third")
    return replace(state, trucks={**state.trucks, "cw_c3721": trucks})


def test_supply_is_moved_only_within_a_hex(mini_state: GameState) -> None:
    from ledger.commands.transfers import transfer

    away = replace(
        mini_state,
        units={
            **mini_state.units,
            "cw.1_rnf": replace(mini_state.units["cw.1_rnf"], location="C3917"),
        },
    )
    text = errors(transfer(away, "cw_matruh", "cw.1_rnf", Supplies(fuel=5), src(away)))
    assert "Mersa Matruh is in C3721, 1st RNF MG Bn in C3917" in text and "(54.1)" in text
    house = replace(away, ruling_choices={"same-hex-transfers": "off"})
    assert transfer(house, "cw_matruh", "cw.1_rnf", Supplies(fuel=5), src(house)).ok
    # Cairo (unlimited, 60.44) is not a hex: it may supply anything of its side
    assert transfer(away, "cw_cairo", "cw.1_rnf", Supplies(water=5), src(away)).ok


def test_trucks_load_up_to_their_54_2_capacity(mini_state: GameState) -> None:
    from ledger.commands.transfers import transfer

    # 5 light + 5 medium: Ammunition 5 × 2 + 5 × 4 = 30 (54.2)
    text = errors(transfer(mini_state, "cw_matruh", "cw_c3721", Supplies(ammo=31), src(mini_state)))
    assert "(54.2)" in text
    full = run(
        mini_state,
        transfer(mini_state, "cw_matruh", "cw_c3721", Supplies(ammo=30), src(mini_state)),
    )
    assert "(54.2)" in errors(transfer(full, "cw_matruh", "cw_c3721", Supplies(fuel=1), src(full)))
    # half the ammunition room leaves half the fuel room: 15 Ammunition + 425 of 850 Fuel
    half = run(
        mini_state,
        transfer(mini_state, "cw_matruh", "cw_c3721", Supplies(ammo=15), src(mini_state)),
    )
    assert transfer(half, "cw_matruh", "cw_c3721", Supplies(fuel=425), src(half)).ok
    assert not transfer(half, "cw_matruh", "cw_c3721", Supplies(fuel=426), src(half)).ok


def test_a_load_one_point_over_capacity_says_so(mini_state: GameState) -> None:
    """The refusal names the exact excess, not a share rounded to "100 %"."""
    from ledger.commands.transfers import transfer

    # 5 light + 5 medium carry 850 Fuel (54.2): 851 is one point over
    text = errors(
        transfer(mini_state, "cw_matruh", "cw_c3721", Supplies(fuel=851), src(mini_state))
    )
    assert "1 Fuel over its capacity of 850 Fuel" in text
    # a mixed load, pro rata: 15 of 30 Ammunition and 426 of 850 Fuel fill 851/850
    half = run(
        mini_state,
        transfer(mini_state, "cw_matruh", "cw_c3721", Supplies(ammo=15), src(mini_state)),
    )
    text = errors(transfer(half, "cw_matruh", "cw_c3721", Supplies(fuel=426), src(half)))
    assert "851/850 of its capacity counted pro rata, 1/850 over" in text


def test_a_convoy_moves_within_its_cpa_burning_its_own_fuel(mini_state: GameState) -> None:
    from fractions import Fraction

    from ledger.commands.organization_phase import advance_phase
    from ledger.commands.transfers import transfer

    assert "8.98" in errors(
        logistics.move_trucks(mini_state, "cw_c3721", "C3917", Fraction(12), src(mini_state))
    )
    state = _convoy(mini_state)
    # loaded in the Organization Phase (0 CP, 6.3); convoys move in their own phase (8.18)
    loaded = run(state, transfer(state, "cw_matruh", "cw_c3721", Supplies(fuel=40), src(state)))
    state, loaded = (run(s, advance_phase(s, "truck-convoy/A", src(s))) for s in (state, loaded))
    assert "49.16" in errors(
        logistics.move_trucks(state, "cw_c3721", "C3917", Fraction(12), src(state))
    )
    state = loaded
    # CPA for supplies: light 40, medium 30 → 30 (54.2)
    assert "CPA 30" in errors(
        logistics.move_trucks(state, "cw_c3721", "C3917", Fraction(31), src(state))
    )
    moved = run(state, logistics.move_trucks(state, "cw_c3721", "C3917", Fraction(12), src(state)))
    # 10 truck points × 3 groups of five CP (12 CP, a part group counts, 49.13) = 30 Fuel
    assert moved.trucks["cw_c3721"].location == "C3917"
    assert moved.trucks["cw_c3721"].cargo.fuel == 10


def test_52_7_a_well_yields_by_the_die_and_an_oasis_never_runs_dry(
    mini_state: GameState,
) -> None:
    assert logistics.well_yield("town", 4) == (300, False)
    assert logistics.well_yield("bir", 6) == (400, True)  # then a secret die for depletion
    state = run(
        mini_state,
        logistics.draw_water(mini_state, "cw.1_rnf", "bir", src(mini_state), roll=2),
    )
    assert state.units["cw.1_rnf"].supplies.water == 4 + 100  # in the Organization Phase: 0 CP
    assert state.units["cw.1_rnf"].cp_expended == 0
    assert "--roll" in errors(logistics.draw_water(state, "cw.1_rnf", "town", src(state)))
    assert "8.48" in errors(logistics.draw_water(state, "cw.1_rnf", "oasis", src(state), roll=3))
    oasis = run(state, logistics.draw_water(state, "cw_c3721", "oasis", src(state), amount=60))
    assert oasis.trucks["cw_c3721"].cargo.water == 60


def test_drawing_water_outside_the_organization_phase_costs_1_cp(mini_state: GameState) -> None:
    from ledger.commands.organization_phase import advance_phase

    state = run(mini_state, advance_phase(mini_state, "movement-and-combat/A", src(mini_state)))
    state = run(state, logistics.draw_water(state, "cw.1_rnf", "town", src(state), roll=1))
    assert state.units["cw.1_rnf"].cp_expended == 1  # 6.3
    assert state.units["cw.1_rnf"].supplies.water == 104


def test_dumps_blown_or_bombed_lose_their_supplies_with_the_case(mini_state: GameState) -> None:
    # 13.25/54.14: a side may blow its own dump; 12.54: barrage or bombing destroys supplies
    blown = logistics.consume(
        mini_state, "cw_matruh", Supplies(ammo=1000), "demolished", src(mini_state)
    )
    bombed = logistics.consume(
        mini_state, "cw_matruh", Supplies(fuel=250), "destroyed", src(mini_state)
    )
    assert [e.case for e in blown.events] == ["54.14"]
    assert [e.case for e in bombed.events] == ["12.54"]
    after = run(run(mini_state, blown), bombed)
    # Mersa Matruh 1000 / 3000 / 4000 / 0 (mini.toml)
    assert after.dumps["cw_matruh"].supplies == Supplies(0, 2750, 4000, 0)


def test_a_requisition_for_more_fuel_than_the_tanks_take_is_refused(
    mini_state: GameState,
) -> None:
    rha = replace(mini_state.units["cw.3_rha"], arrival=None)
    state = replace(
        mini_state,
        units={**mini_state.units, "cw.3_rha": rha},
        ruling_choices={"49.14-unit-fuel-capacity": "enforce"},
    )
    # 3rd RHA: six 25-pounders, CPA 15, fuel rate 1: 15 x 1/5 x 1 = 3 a point, 18 in all (49.14)
    assert logistics.file_requisition(state, "cw.3_rha", Supplies(fuel=18), src(state)).ok
    text = errors(logistics.file_requisition(state, "cw.3_rha", Supplies(fuel=19), src(state)))
    assert "its tanks take 18 (49.14), 19 asked: 1 over" in text
