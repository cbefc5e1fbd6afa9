"""The read model (issue 16 item 4): what a seat of each side reads of a played Graziani
Operations Stage, entry by entry (11.36)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from ledger.commands.cp import spend_cp
from ledger.commands.organization_phase import advance_phase
from ledger.commands.stage_end import end_stage
from ledger.io.scenario import load_scenario, resolve
from ledger.model.apply import apply, start
from ledger.model.events import (
    ConsumptionPosted,
    CPExpended,
    Event,
    GameStarted,
    OperationsStageEnded,
)
from ledger.model.seats import Seat
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.model.view import HiddenEntries, event_for, journal_for, view_for
from tests.phases import LAST

AXIS = Seat("axis-fc", "axis", ("field_commander",))
CW = Seat("cw-fc", "commonwealth", ("field_commander",))
ESSEX = "cw.70_inf_div.1st_essex"
CCNN_HQ = "it.1ccnn_div.1st_ccnn_div_hq"


@pytest.fixture(scope="module")
def played() -> tuple[GameState, list[tuple[int, Event]]]:
    """Graziani: each side spends CP (the Axis with a secret reason), then the OpStage ends
    and the ledger posts its upkeep for both sides."""
    setup = load_scenario(resolve("graziani"))
    first = GameStarted(Source(setup.info.start), setup)
    state = start(first)
    journal: list[tuple[int, Event]] = [(1, first)]

    def post(events: tuple[Event, ...]) -> None:
        nonlocal state
        for event in events:
            state = apply(state, event)
            journal.append((len(journal) + 1, event))

    for unit, side, cp, reason in (
        (ESSEX, "commonwealth", 3, "to the wire"),
        (CCNN_HQ, "axis", 2, "AXIS SECRET: Sidi Barrani on GT 2"),
    ):
        outcome = spend_cp(
            state, unit, Fraction(cp), Source(state.clock, side, "field_commander", reason)
        )  # type: ignore[arg-type]
        post(outcome.events)
    post(advance_phase(state, LAST, Source(state.clock)).events)  # 5.2: ends from the last
    post(end_stage(state, Source(state.clock, "commonwealth", "field_commander")).events)
    return state, journal


def test_a_seat_reads_its_own_side_whole_and_nothing_of_the_enemy(
    played: tuple[GameState, list[tuple[int, Event]]],
) -> None:
    state, _ = played
    axis = view_for(state, AXIS)
    assert len(axis.units) == 217 and ESSEX not in axis.units
    assert axis.units[CCNN_HQ] == state.units[CCNN_HQ]
    assert {d.side for d in axis.dumps.values()} == {"axis"} and len(axis.dumps) == 10
    assert {t.side for t in axis.trucks.values()} == {"axis"} and len(axis.trucks) == 16
    assert (axis.clock, axis.phase, axis.weather) == (state.clock, state.phase, state.weather)
    assert view_for(state, None) is state
    assert view_for(state, Seat("umpire", None)) is state


def test_the_enemys_entries_are_hidden_and_its_reasons_never_shown(
    played: tuple[GameState, list[tuple[int, Event]]],
) -> None:
    state, journal = played
    lines = journal_for(journal, CW, state)
    spent = [
        e
        for line in lines
        if isinstance(line, tuple)
        for e in [line[1]]
        if isinstance(e, CPExpended)
    ]
    assert [e.unit_id for e in spent] == [ESSEX]
    hidden = [line for line in lines if isinstance(line, HiddenEntries)]
    assert hidden and hidden[0] == HiddenEntries("axis", 3, 3, 1)
    assert "AXIS SECRET" not in repr(lines)
    assert "AXIS SECRET" in repr(journal_for(journal, AXIS, state))


def test_entries_naming_both_sides_keep_only_the_seats_lines(
    played: tuple[GameState, list[tuple[int, Event]]],
) -> None:
    state, journal = played
    ended = next(e for _, e in journal if isinstance(e, OperationsStageEnded))
    both = {u for u, _ in ended.cp_cleared}
    assert {ESSEX, CCNN_HQ} <= both  # the whole entry names both sides' counters
    mine = event_for(ended, CW, state)
    assert isinstance(mine, OperationsStageEnded)
    assert [u for u, _ in mine.cp_cleared] == [ESSEX]
    water = next(e for _, e in journal if isinstance(e, ConsumptionPosted) and e.shortages)
    seen = event_for(water, AXIS, state)
    assert isinstance(seen, ConsumptionPosted)
    assert seen.shortages and all(state.units[s.unit_id].side == "axis" for s in seen.shortages)
    assert all(state.holder_side(d.consumer) == "axis" for d in seen.draws)


def test_the_game_start_shows_a_seat_only_its_own_set_up(
    played: tuple[GameState, list[tuple[int, Event]]],
) -> None:
    state, journal = played
    started = event_for(journal[0][1], AXIS, state)
    assert isinstance(started, GameStarted)
    assert {u.side for u in started.setup.units} == {"axis"}
    assert len(started.setup.units) == 217


def test_an_enemy_entry_the_seat_reads_names_its_side_not_its_seat(
    played: tuple[GameState, list[tuple[int, Event]]],
) -> None:
    state, _ = played
    from dataclasses import replace as _replace

    from ledger.model.events import PhaseAdvanced

    advanced = PhaseAdvanced(
        Source(state.clock, "axis", "field_commander", "AXIS SECRET: now", seat="axis-fc"),
        "organization",
        "naval-convoy-arrival",
    )
    shown = event_for(advanced, CW, state)
    assert shown is not None and shown.source == _replace(advanced.source, reason="", seat=None)
    assert event_for(advanced, AXIS, state) == advanced
