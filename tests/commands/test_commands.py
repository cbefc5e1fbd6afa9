"""Transfers, end of Operations Stage and undo, checked on the state they produce."""

from fractions import Fraction

from ledger.commands.cp import spend_cp
from ledger.commands.stage_end import end_stage
from ledger.commands.transfers import transfer
from ledger.commands.undo import undo
from ledger.model.apply import apply, fold
from ledger.model.events import Event, GameStarted
from ledger.model.quantities import Supplies
from ledger.model.source import Source
from ledger.model.state import GameState
from tests.phases import at_last_phase


def _run(state: GameState, outcome_events: tuple[Event, ...]) -> GameState:
    for event in outcome_events:
        state = apply(state, event)
    return state


def test_transfer_moves_fuel_from_dump_to_unit(mini_state: GameState) -> None:
    outcome = transfer(
        mini_state, "cw_matruh", "cw.1_rnf", Supplies(fuel=10), Source(mini_state.clock)
    )
    assert outcome.ok
    state = _run(mini_state, outcome.events)
    assert state.dumps["cw_matruh"].supplies.fuel == 2990
    assert state.units["cw.1_rnf"].supplies.fuel == 10


def test_transfer_refuses_more_than_is_there_naming_the_amounts(mini_state: GameState) -> None:
    outcome = transfer(
        mini_state, "cw.1_rnf", "cw_matruh", Supplies(ammo=5, water=3), Source(mini_state.clock)
    )
    assert not outcome.ok and not outcome.events
    messages = " | ".join(e.message for e in outcome.errors)
    assert "holds 2 Ammunition, 5 asked: 3 short" in messages
    # water 4 held, 3 asked: fine, so only ammunition is wrong
    assert len(outcome.errors) == 1


def test_transfer_refuses_other_side_dummy_same_holder_and_nothing(mini_state: GameState) -> None:
    src = Source(mini_state.clock)
    assert (
        "axis"
        in transfer(mini_state, "cw_matruh", "ax_tobruk", Supplies(fuel=1), src).errors[0].message
    )
    assert not transfer(mini_state, "cw_matruh", "cw_matruh", Supplies(fuel=1), src).ok
    assert not transfer(mini_state, "cw_matruh", "cw.1_rnf", Supplies(), src).ok
    assert not transfer(mini_state, "cw_matruh", "cw.1_rnf", Supplies(fuel=-1), src).ok
    assert not transfer(mini_state, "cw_matruh", "nowhere", Supplies(fuel=1), src).ok


def test_unlimited_source_is_not_drawn_down_and_cannot_receive(mini_state: GameState) -> None:
    src = Source(mini_state.clock)
    state = _run(
        mini_state, transfer(mini_state, "cw_cairo", "cw_c3721", Supplies(water=50), src).events
    )
    assert state.trucks["cw_c3721"].cargo.water == 50
    assert state.dumps["cw_cairo"].unlimited
    assert not transfer(state, "cw_c3721", "cw_cairo", Supplies(water=1), src).ok


def test_end_stage_resets_cp_6_16_and_advances_clock(mini_state: GameState) -> None:
    src = Source(mini_state.clock)
    state = _run(mini_state, spend_cp(mini_state, "cw.1_rnf", Fraction(11), src).events)
    state = at_last_phase(state)  # 5.2: the stage ends from its last phase
    state = _run(state, end_stage(state, src).events)
    assert state.clock.short == "GT 1 OpStage 2"
    assert state.units["cw.1_rnf"].cp_expended == 0
    assert state.units["cw.1_rnf"].cohesion == -3  # cohesion carries over (6.16)
    state = at_last_phase(state)  # 5.2: the stage ends from its last phase
    state = _run(state, end_stage(state, src).events)
    assert "cw.3_rha" in {u.id for u in state.units_in_play()}  # arrives GT 1 OpStage 3


def test_end_stage_refused_after_the_scenario_ends(mini_state: GameState) -> None:
    state = mini_state
    for _ in range(5):
        state = at_last_phase(state)  # 5.2: the stage ends from its last phase
        state = _run(state, end_stage(state, Source(state.clock)).events)
    assert state.clock.short == "GT 2 OpStage 3"
    state = at_last_phase(state)  # 5.2: the stage ends from its last phase
    refused = end_stage(state, Source(state.clock))
    assert not refused.ok and "last Operations Stage" in refused.errors[0].message


def test_undo_reverses_latest_first_and_stops_at_the_start(
    mini_state: GameState, mini_setup
) -> None:  # type: ignore[no-untyped-def]
    src = Source(mini_state.clock)
    journal: list[tuple[int, Event]] = [(1, GameStarted(src, mini_setup))]
    state = mini_state
    for outcome in (
        spend_cp(state, "cw.1_rnf", Fraction(9), src),
        transfer(state, "cw_matruh", "cw.1_rnf", Supplies(fuel=10), src),
    ):
        journal.append((len(journal) + 1, outcome.events[0]))
    for _ in range(2):
        journal.append((len(journal) + 1, undo(journal, src).events[0]))
    assert fold(e for _, e in journal) == mini_state
    assert not undo(journal, src).ok
