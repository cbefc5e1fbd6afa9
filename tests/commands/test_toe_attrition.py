"""TOE points lost to hunger (51.22) and thirst (52.53), posted after the upkeep; undo and the
players' correction."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from ledger.commands import upkeep
from ledger.commands.cp import correct_toe
from ledger.commands.outcome import Outcome
from ledger.commands.stage_end import end_stage
from ledger.commands.undo import undo
from ledger.journal.codec import decode, encode
from ledger.model.apply import apply, unapply
from ledger.model.events import ConsumptionPosted, Event, EventUndone, GameStarted, TOEPointsLost
from ledger.model.quantities import Supplies
from ledger.model.scenario import Setup
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.model.units import TOEHolding, Unit
from ledger.reports.event_log import describe
from tests.phases import at_last_phase

AWAY = "C3917"
"""A hex with no Commonwealth dump or trucks in the mini scenario."""


def battalion(state: GameState, unit_id: str, points: int, **changes: object) -> Unit:
    """A Commonwealth infantry battalion (class cw.u) of ``points`` TOE in ``AWAY``, holding
    nothing."""
    rnf = state.units["cw.1_rnf"]
    return replace(
        rnf,
        id=unit_id,
        name=unit_id,
        toe=(TOEHolding("cw.u", points),),
        location=AWAY,
        supplies=Supplies(),
        **changes,  # type: ignore[arg-type]
    )


def only(state: GameState, *units: Unit, **choices: str) -> GameState:
    return replace(
        state,
        units={u.id: u for u in units},
        ruling_choices={**state.ruling_choices, **choices},
    )


def lost(events: list[Event] | tuple[Event, ...]) -> list[tuple[str, tuple[tuple[str, int], ...]]]:
    return [(e.unit_id, e.losses) for e in events if isinstance(e, TOEPointsLost)]


def src(state: GameState) -> Source:
    return Source(state.clock, reason="test", app_made=True)


def test_five_battalions_in_a_hex_lose_one_point_together_at_the_second_game_turn(
    mini_state: GameState,
) -> None:
    units = [battalion(mini_state, f"bn{i}", 6, without_stores=1) for i in range(1, 6)]
    state = only(mini_state, *units)
    posted = upkeep.stores_upkeep(state, src(state))
    # hex: 5 x 6 = 30 infantry-type points x 2 % (2nd Game-Turn in a row) = 0.6 → 1 (51.22);
    # largest-first, all tied at 6: the first battalion by id gives it
    assert lost(posted) == [("bn1", (("cw.u", 1),))]
    (event,) = [e for e in posted if isinstance(e, TOEPointsLost)]
    assert event.source.app_made and event.cause == "stores-attrition"
    assert event.case.startswith("51.22")
    # posted right after the stores' ConsumptionPosted
    kinds = [e.kind for e in posted]
    assert kinds.index("toe_points_lost") == kinds.index("consumption_posted") + 1
    # 'unit' scope: each 6 x 2 % = 0.12 → 0
    alone = upkeep.stores_upkeep(
        only(mini_state, *units, **{"51.22-attrition-scope": "unit"}), src(state)
    )
    assert lost(alone) == []


def test_a_lone_battalion_loses_by_the_percent_of_its_run(mini_state: GameState) -> None:
    # TOE 10: 2nd Game-Turn 10 x 2 % = 0.2 → 0; 4th 10 x 4 % = 0.4 → 0; 6th 10 x 6 % = 0.6 → 1
    for before, expected in ((1, []), (3, []), (5, [("bn", (("cw.u", 1),))])):
        state = only(mini_state, battalion(mini_state, "bn", 10, without_stores=before))
        assert lost(upkeep.stores_upkeep(state, src(state))) == expected
    # an odd Game-Turn costs only the DP (51.21): run 2 → 3
    state = only(mini_state, battalion(mini_state, "bn", 25, without_stores=2))
    assert lost(upkeep.stores_upkeep(state, src(state))) == []
    # 25 x 2 % = 0.5: a half goes up under 51.22-attrition-halves "up", down under "down"
    state = only(mini_state, battalion(mini_state, "bn", 25, without_stores=1))
    assert lost(upkeep.stores_upkeep(state, src(state))) == [("bn", (("cw.u", 1),))]
    down = only(
        mini_state,
        battalion(mini_state, "bn", 25, without_stores=1),
        **{"51.22-attrition-halves": "down"},
    )
    assert lost(upkeep.stores_upkeep(down, src(down))) == []


def test_the_order_ruling_picks_the_holding(mini_state: GameState) -> None:
    # 20 + 15 = 35 points x 2 % = 0.7 → 1 point from the 20 (largest) or the 15 (smallest)
    units = (
        battalion(mini_state, "big", 20, without_stores=1),
        battalion(mini_state, "small", 15, without_stores=1),
    )
    largest = only(mini_state, *units)
    assert lost(upkeep.stores_upkeep(largest, src(largest))) == [("big", (("cw.u", 1),))]
    smallest = only(mini_state, *units, **{"toe-attrition-order": "smallest-first"})
    assert lost(upkeep.stores_upkeep(smallest, src(smallest))) == [("small", (("cw.u", 1),))]
    notes = only(mini_state, *units, **{"toe-attrition-posting": "notes-only"})
    assert lost(upkeep.stores_upkeep(notes, src(notes))) == []


def run(state: GameState, journal: list[tuple[int, Event]], outcome: Outcome) -> GameState:
    assert outcome.ok, outcome.errors
    for event in outcome.events:
        journal.append((len(journal) + 1, event))
        state = apply(state, event)
    return state


def test_thirst_from_the_second_dry_opstage_then_undo_gives_the_point_back(
    mini_state: GameState, mini_setup: Setup
) -> None:
    rnf = replace(mini_state.units["cw.1_rnf"], location=AWAY, supplies=Supplies())
    state = replace(mini_state, units={**mini_state.units, rnf.id: rnf})
    journal: list[tuple[int, Event]] = [(1, GameStarted(Source(state.clock), mini_setup))]
    state = at_last_phase(state)  # 5.2: the stage ends from its last phase
    first = end_stage(state, Source(state.clock))
    assert lost(first.events) == []  # the first dry OpStage costs nothing (52.53)
    state = run(state, journal, first)
    assert state.units["cw.1_rnf"].without_water == 1
    state = at_last_phase(state)  # 5.2: the stage ends from its last phase
    second = end_stage(state, Source(state.clock))
    # 2nd OpStage in a row without water: 1 TOE point, 3 → 2 (52.53)
    assert lost(second.events) == [("cw.1_rnf", (("cw.u", 1),))]
    kinds = [e.kind for e in second.events]
    assert kinds.index("toe_points_lost") == kinds.index("consumption_posted") + 1
    before = state
    state = run(state, journal, second)
    assert state.units["cw.1_rnf"].toe == (TOEHolding("cw.u", 2),)
    taken_back = undo(journal, Source(state.clock))
    assert [type(e.undone).__name__ for e in taken_back.events if isinstance(e, EventUndone)][
        :2
    ] == ["TOEPointsLost", "ConsumptionPosted"]
    for event in taken_back.events:
        state = apply(state, event)
    assert state == before


def test_vehicles_short_of_water_lose_no_points(mini_state: GameState) -> None:
    # 3 RHA (6 towed 25-pounders: vehicles) moved, so needs 6 Water (52.42), and went dry a
    # second time: 52.51 forbids it to move, but only infantry lose TOE points (52.53)
    rha = replace(
        mini_state.units["cw.3_rha"],
        arrival=None,
        location=AWAY,
        without_water=1,
        cp_expended=Fraction(4),
    )
    state = only(mini_state, rha)
    state = at_last_phase(state)  # 5.2: the stage ends from its last phase
    outcome = end_stage(state, Source(state.clock))
    water = next(e for e in outcome.events if isinstance(e, ConsumptionPosted))
    assert [(s.unit_id, s.needed, s.received) for s in water.shortages] == [("cw.3_rha", 6, 0)]
    assert lost(outcome.events) == []


def test_apply_unapply_codec_and_description(mini_state: GameState) -> None:
    event = TOEPointsLost(src(mini_state), "cw.1_rnf", (("cw.u", 1),), "water-attrition", "52.53")
    after = apply(mini_state, event)
    assert after.units["cw.1_rnf"].toe_points == 2
    assert unapply(after, event) == mini_state
    assert decode(encode(event)) == event
    assert (
        describe(event, mini_state) == "1st RNF MG Bn TOE -1 infantry (u) (water-attrition, 52.53)"
    )


def test_correct_toe_moves_a_loss_and_refuses_what_cannot_be(mini_state: GameState) -> None:
    source = Source(mini_state.clock, reason="owner takes the 51.22 point elsewhere")
    back = correct_toe(mini_state, "cw.1_rnf", "cw.u", -3, source)
    assert back.ok
    (event,) = back.events
    assert isinstance(event, TOEPointsLost) and event.losses == (("cw.u", 3),)
    assert apply(mini_state, event).units["cw.1_rnf"].toe_points == 0  # 3 - 3, still listed
    refused = [
        correct_toe(mini_state, "cw.1_rnf", "cw.u", -4, source),  # 3 - 4 < 0
        correct_toe(mini_state, "cw.1_rnf", "cw.25_pounder_gun", -1, source),
        correct_toe(mini_state, "cw.1_rnf", "cw.u", 0, source),
        correct_toe(mini_state, "nobody", "cw.u", 1, source),
    ]
    assert [r.errors[0].field for r in refused] == ["--change", "--system", "--change", "unit"]
    assert all(not r.events for r in refused)
    assert (
        "1st RNF MG Bn has 3 infantry (u) TOE points; -4 would leave -1"
        in refused[0].errors[0].message
    )
