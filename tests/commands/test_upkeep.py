"""What the ledger takes by itself: water per OpStage (52.41), stores and pasta per Game-Turn
(51.11, 52.6), weekly evaporation (49.3) and the Hot OpStage's (29.34)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ledger.commands import logistics
from ledger.commands.cp import spend_cp
from ledger.commands.outcome import Outcome
from ledger.commands.stage_end import end_stage
from ledger.io.scenario import bundled_scenarios, load_scenario
from ledger.model.apply import apply, start, unapply
from ledger.model.events import ConsumptionPosted, GameStarted
from ledger.model.quantities import Supplies
from ledger.model.source import Source
from ledger.model.state import GameState
from tests.phases import at_last_phase


def run(state: GameState, outcome: Outcome) -> GameState:
    assert outcome.ok, outcome.errors
    for event in outcome.events:
        state = apply(state, event)
    return state


def rnf_away(state: GameState) -> GameState:
    """The mini game with 1 RNF in C3917, a hex with no Commonwealth dump or trucks."""
    rnf = replace(state.units["cw.1_rnf"], location="C3917")
    return replace(state, units={**state.units, "cw.1_rnf": rnf})


def posted(outcome: Outcome, cause: str) -> ConsumptionPosted:
    (found,) = [e for e in outcome.events if isinstance(e, ConsumptionPosted) and e.cause == cause]
    return found


@pytest.fixture(scope="module")
def graziani() -> GameState:
    setup = load_scenario(bundled_scenarios()["graziani"])
    return start(GameStarted(Source(setup.info.start), setup))


def test_water_each_opstage_from_the_units_own_then_doubled_when_hot(
    mini_state: GameState,
) -> None:
    # 1 RNF (infantry battalion) holds 4 Water (mini.toml): 1 a normal OpStage (52.41).
    mini_state = at_last_phase(mini_state)  # 5.2: the stage ends from its last phase
    outcome = end_stage(mini_state, Source(mini_state.clock))
    water = posted(outcome, "water")
    assert [(d.holder, d.consumer, d.supplies.water) for d in water.draws] == [
        ("cw.1_rnf", "cw.1_rnf", 1)
    ]
    state = run(mini_state, outcome)
    assert state.units["cw.1_rnf"].supplies.water == 3
    hot = run(state, logistics.record_weather(state, "hot", Source(state.clock)))
    hot = at_last_phase(hot)  # 5.2: the stage ends from its last phase
    hot_water = posted(end_stage(hot, Source(hot.clock)), "water")
    assert hot_water.draws[0].supplies.water == 2  # doubled when Hot (29.35)


def test_a_unit_without_water_is_listed_short(mini_state: GameState) -> None:
    dry = replace(
        mini_state,
        units={
            **mini_state.units,
            "cw.1_rnf": replace(mini_state.units["cw.1_rnf"], supplies=Supplies(ammo=2)),
        },
    )
    dry = at_last_phase(dry)  # 5.2: the stage ends from its last phase
    water = posted(end_stage(dry, Source(dry.clock)), "water")
    # Mersa Matruh in its hex holds no Water, cw_c3721's trucks carry none: nothing to draw on
    assert [(s.unit_id, s.commodity, s.needed, s.received) for s in water.shortages] == [
        ("cw.1_rnf", "water", 1, 0)
    ]


def test_stores_and_weekly_evaporation_open_the_next_game_turn(mini_state: GameState) -> None:
    state = rnf_away(mini_state)
    for _ in range(2):
        state = at_last_phase(state)  # 5.2: the stage ends from its last phase
        state = run(state, end_stage(state, Source(state.clock)))
    # GT 1 OpStage 3 → GT 2: 3 RHA has arrived (GT 1 OpStage 3)
    state = at_last_phase(state)  # 5.2: the stage ends from its last phase
    outcome = end_stage(state, Source(state.clock))
    evaporation = posted(outcome, "evaporation")
    # Mersa Matruh (mini): 3000 Fuel, 0 Water: Commonwealth GT 2 is in Sept 1940-Aug 1941,
    # 9 % (49.3, ruling 49.3-commonwealth-nine-percent) → 270 Fuel, rounded down.
    lost = {d.holder: d.supplies for d in evaporation.draws}
    assert lost["cw_matruh"] == Supplies(fuel=270)
    stores = posted(outcome, "stores")
    # 1 RNF: 3 TOE × 4 = 12 Stores (51.11): 3 of its own, then none in C3917 → 9 short.
    rnf = [s for s in stores.shortages if s.unit_id == "cw.1_rnf"]
    assert [(s.needed, s.received) for s in rnf] == [(12, 3)]
    after = run(state, outcome)
    assert after.clock.game_turn == 2
    assert after.dumps["cw_matruh"].supplies.fuel == 2730
    back = after
    for event in reversed(outcome.events):
        back = unapply(back, event)  # type: ignore[arg-type]
    assert back == state


def test_hot_weather_evaporates_five_percent_at_once_and_undo_takes_it_back(
    mini_state: GameState,
) -> None:
    outcome = logistics.record_weather(mini_state, "hot", Source(mini_state.clock))
    hot = posted(outcome, "hot-evaporation")
    lost = {d.holder: d.supplies for d in hot.draws}
    assert lost["cw_matruh"] == Supplies(fuel=150)  # 5 % of 3000 (29.34)
    assert "cw_cairo" not in lost  # unlimited: never drawn down (60.44)
    state = run(mini_state, outcome)
    assert state.dumps["cw_matruh"].supplies.fuel == 2850
    assert "undo the weather" in " ".join(
        e.message for e in logistics.record_weather(state, "normal", Source(state.clock)).errors
    )


def test_units_draw_from_a_dump_in_their_hex(graziani: GameState) -> None:
    # Matruh garrison battalions stand in D3714 with the Mersa Matruh dump (4000 Stores).
    state = graziani
    for _ in range(2):
        state = at_last_phase(state)  # 5.2: the stage ends from its last phase
        state = run(state, end_stage(state, Source(state.clock)))
    state = at_last_phase(state)  # 5.2: the stage ends from its last phase
    outcome = end_stage(state, Source(state.clock))
    stores = posted(outcome, "stores")
    essex = [d for d in stores.draws if d.consumer == "cw.70_inf_div.1st_essex"]
    # 1st Essex: 6 TOE × 4 = 24 Stores (51.11), all from Mersa Matruh. The dump holds no Water,
    # so 52.53 makes 1 TOE point due at the end of OpStages 2 and 3; Graziani lists it in the
    # notes (its ruling toe-attrition-posting: notes-only) instead of taking it
    assert [(d.holder, d.supplies.stores) for d in essex] == [("cw_mersa_matruh", 24)]
    posting = replace(graziani, ruling_choices={"toe-attrition-posting": "post"})
    for _ in range(2):
        posting = at_last_phase(posting)  # 5.2: the stage ends from its last phase
        posting = run(posting, end_stage(posting, Source(posting.clock)))
    posting = at_last_phase(posting)  # 5.2: the stage ends from its last phase
    stores = posted(end_stage(posting, Source(posting.clock)), "stores")
    essex = [d for d in stores.draws if d.consumer == "cw.70_inf_div.1st_essex"]
    # posted: 1 TOE point lost at the end of OpStages 2 and 3: 4 TOE × 4 = 16 Stores
    assert [(d.holder, d.supplies.stores) for d in essex] == [("cw_mersa_matruh", 16)]


def test_the_house_rule_off_takes_nothing(mini_state: GameState) -> None:
    manual = replace(mini_state, ruling_choices={"automatic-upkeep": "off"})
    manual = at_last_phase(manual)  # 5.2: the stage ends from its last phase
    events = end_stage(manual, Source(manual.clock)).events
    assert not any(isinstance(e, ConsumptionPosted) for e in events)


def test_spending_cp_makes_vehicles_drink(mini_state: GameState) -> None:
    # 3 RHA arrives at GT 1 OpStage 3: 6 × 25-pdr guns (vehicle points) drink only if it moved.
    state = mini_state
    for _ in range(2):
        state = at_last_phase(state)  # 5.2: the stage ends from its last phase
        state = run(state, end_stage(state, Source(state.clock)))
    state = run(
        state,
        logistics.arrive(state, "cw.3_rha", Supplies(water=20), "correction", Source(state.clock)),
    )
    state = at_last_phase(state)  # 5.2: the stage ends from its last phase
    idle = posted(end_stage(state, Source(state.clock)), "water")
    assert not [d for d in idle.draws if d.consumer == "cw.3_rha"]
    moved = run(state, spend_cp(state, "cw.3_rha", None, Source(state.clock), "disengage"))
    moved = at_last_phase(moved)  # 5.2: the stage ends from its last phase
    water = posted(end_stage(moved, Source(moved.clock)), "water")
    assert [d.supplies.water for d in water.draws if d.consumer == "cw.3_rha"] == [6]


def test_51_21_a_unit_short_of_stores_takes_1_dp_and_its_run_is_counted(
    mini_state: GameState,
) -> None:
    from ledger.model.events import CohesionAdjusted

    state = rnf_away(mini_state)
    for _ in range(2):
        state = at_last_phase(state)  # 5.2: the stage ends from its last phase
        state = run(state, end_stage(state, Source(state.clock)))
    state = at_last_phase(state)  # 5.2: the stage ends from its last phase
    outcome = end_stage(state, Source(state.clock))  # GT 2 opens: 1 RNF fed 3 of 12 Stores
    dp = [e for e in outcome.events if isinstance(e, CohesionAdjusted) and e.unit_id == "cw.1_rnf"]
    assert [(e.change, e.cause, e.case) for e in dp] == [(-1, "stores-shortage", "51.21")]
    state = run(state, outcome)
    assert state.units["cw.1_rnf"].without_stores == 1
    # the mini scenario ends at GT 2 OpStage 3: carry on past it for a second Game-Turn
    state = replace(state, info=replace(state.info, end=replace(state.info.end, game_turn=3)))
    for _ in range(3):  # to GT 3: a second Game-Turn in a row without all its Stores
        state = at_last_phase(state)  # 5.2: the stage ends from its last phase
        state = run(state, end_stage(state, Source(state.clock)))
    assert state.clock.game_turn == 3
    assert state.units["cw.1_rnf"].without_stores == 2
    # 1 DP at each Game-Turn (51.21); the idle OpStages between gave it back (6.24.1)
    assert state.units["cw.1_rnf"].cohesion == -1


def test_stores_come_from_the_dump_in_the_units_hex(mini_state: GameState) -> None:
    state = mini_state
    for _ in range(2):
        state = at_last_phase(state)  # 5.2: the stage ends from its last phase
        state = run(state, end_stage(state, Source(state.clock)))
    state = at_last_phase(state)  # 5.2: the stage ends from its last phase
    stores = posted(end_stage(state, Source(state.clock)), "stores")
    # 1 RNF: 12 Stores (51.11): its own 3, then 9 from Mersa Matruh in C3721; not short
    rnf = [(d.holder, d.supplies.stores) for d in stores.draws if d.consumer == "cw.1_rnf"]
    assert rnf == [("cw.1_rnf", 3), ("cw_matruh", 9)]
    assert not [s for s in stores.shortages if s.unit_id == "cw.1_rnf"]


def test_off_map_boxes_lose_no_fuel_to_evaporation(graziani: GameState) -> None:
    # 49.3 counts on-map Fuel: the Tripoli box dump (5000 Fuel) loses nothing; Tobruk (C4807,
    # 2000 Fuel) loses 6 % = 120 in the Axis weekly evaporation
    state = graziani
    for _ in range(2):
        state = at_last_phase(state)  # 5.2: the stage ends from its last phase
        state = run(state, end_stage(state, Source(state.clock)))
    state = at_last_phase(state)  # 5.2: the stage ends from its last phase
    weekly = posted(end_stage(state, Source(state.clock)), "evaporation")
    lost = {d.holder: d.supplies.fuel for d in weekly.draws}
    assert "ax_tripoli" not in lost
    assert lost["ax_tobruk"] == 120
