"""The event store: append-only, optimistic concurrency, identical replay after reopening."""

from __future__ import annotations

from fractions import Fraction

import pytest
from sqlalchemy import text
from sqlalchemy.exc import DatabaseError

from ledger.commands.cp import spend_cp
from ledger.commands.transfers import transfer
from ledger.commands.undo import undo
from ledger.journal import DuplicateGameError, EventStore, StaleSequenceError, UnknownGameError
from ledger.journal.session import CommandRefused, GameSession, create_game
from ledger.model.quantities import Supplies
from ledger.model.scenario import Setup
from ledger.model.source import Source


def _play(session: GameSession) -> None:
    session.execute(
        lambda s: spend_cp(
            s,
            "cw.1_rnf",
            Fraction(21, 2),
            Source(s.clock, "commonwealth", "field_commander", "advance"),
        )
    )
    session.execute(
        lambda s: transfer(
            s, "cw_matruh", "cw_c3721", Supplies(fuel=40, stores=12), Source(s.clock)
        )
    )


def test_reopening_the_database_replays_to_an_identical_state(
    store_url: str, mini_setup: Setup
) -> None:
    url = store_url
    session = create_game(EventStore(url, create=True), "g", mini_setup, setup_step=False)
    _play(session)
    reopened = GameSession(EventStore(url), "g")
    assert reopened.state == session.state
    assert reopened.state.units["cw.1_rnf"].cohesion == Fraction(-5, 2)
    assert reopened.state.trucks["cw_c3721"].cargo == Supplies(fuel=40, stores=12)
    assert [r.seq for r in reopened.journal] == [1, 2, 3]


def test_stale_expected_sequence_is_refused_and_nothing_written(
    store: EventStore, session: GameSession
) -> None:
    other = GameSession(store, "test")
    _play(other)  # another writer appends two events
    with pytest.raises(StaleSequenceError, match="another writer"):
        session.execute(lambda s: spend_cp(s, "cw.1_rnf", Fraction(1), Source(s.clock)))
    assert len(store.load("test")) == 3
    session.reload()
    session.execute(lambda s: spend_cp(s, "cw.1_rnf", Fraction(1), Source(s.clock)))
    assert len(store.load("test")) == 4


def test_undo_restores_the_state_by_appending(session: GameSession) -> None:
    before = session.state
    _play(session)
    for _ in range(2):
        session.execute(lambda s: undo(session.indexed(), Source(s.clock)))
    assert session.state == before
    assert [r.event.kind for r in session.journal] == [
        "game_started",
        "cp_expended",
        "supplies_transferred",
        "event_undone",
        "event_undone",
    ]
    assert GameSession(session.store, "test").state == before


def test_update_and_delete_of_events_are_impossible(
    store: EventStore, session: GameSession
) -> None:
    for statement in ("UPDATE events SET kind = 'x'", "DELETE FROM events"):
        with pytest.raises(DatabaseError, match="append-only"), store.engine.begin() as conn:
            conn.execute(text(statement))
    assert len(store.load("test")) == 1


def test_refused_command_writes_nothing(session: GameSession) -> None:
    with pytest.raises(CommandRefused) as refused:
        session.execute(
            lambda s: transfer(s, "cw_matruh", "cw.1_rnf", Supplies(ammo=5000), Source(s.clock))
        )
    assert "holds 1000 Ammunition, 5000 asked: 4000 short" in str(refused.value)
    assert len(session.store.load("test")) == 1


def test_games_are_listed_and_names_are_unique(
    store: EventStore, session: GameSession, mini_setup: Setup
) -> None:
    with pytest.raises(DuplicateGameError):
        create_game(store, "test", mini_setup, setup_step=False)
    create_game(store, "second", mini_setup, setup_step=False)
    assert [g[0] for g in store.games()] == ["second", "test"]
    with pytest.raises(UnknownGameError):
        GameSession(store, "missing")


def test_bad_ruling_choice_creates_nothing(store: EventStore, mini_setup: Setup) -> None:
    with pytest.raises(CommandRefused, match="expected one of lowest, class"):
        create_game(store, "r", mini_setup, {"unit-cpa-lowest-system": "highest"}, setup_step=False)
    assert store.games() == []
    session = create_game(
        store, "r", mini_setup, {"unit-cpa-lowest-system": "class"}, setup_step=False
    )
    rha = session.state.units["cw.3_rha"]
    assert session.state.cpa(rha) == 20  # class CPA instead of the 25-pounder's 15
