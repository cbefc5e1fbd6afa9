"""Appends with few round trips (issue 14 item 5), on SQLite and PostgreSQL: a writer that
holds the last event's number and link writes without reading first, a second writer is still
refused, a wrong link writes nothing, and the statements per append are counted."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from fractions import Fraction
from typing import Any

import pytest
from sqlalchemy import event, insert

from ledger.commands.cp import spend_cp
from ledger.journal import EventStore, JournalBrokenError, StaleSequenceError
from ledger.journal.appends import ROWS_PER_INSERT, chained
from ledger.journal.session import GameSession
from ledger.journal.store import events_table
from ledger.model.events import CPExpended
from ledger.model.source import Source


def _spend(session: GameSession) -> None:
    session.execute(lambda s: spend_cp(s, "cw.1_rnf", Fraction(1, 4), Source(s.clock)))


def _expended(session: GameSession) -> CPExpended:
    return CPExpended(Source(session.state.clock), "cw.1_rnf", Fraction(1, 4), Fraction(0))


@contextmanager
def _statements(store: EventStore) -> Iterator[list[tuple[str, bool | None]]]:
    """Each statement sent to the database while inside: its first word and whether the
    driver connection was in autocommit (psycopg; ``None`` for SQLite)."""
    seen: list[tuple[str, bool | None]] = []

    def sent(_conn: Any, cursor: Any, statement: str, *_args: Any) -> None:
        seen.append((statement.split()[0].upper(), getattr(cursor.connection, "autocommit", None)))

    event.listen(store.engine, "before_cursor_execute", sent)
    try:
        yield seen
    finally:
        event.remove(store.engine, "before_cursor_execute", sent)


def test_a_second_writer_is_refused_and_appends_after_reloading(
    store: EventStore, session: GameSession
) -> None:
    other = GameSession(store, "test")
    _spend(other)
    _spend(other)
    with pytest.raises(StaleSequenceError, match="another writer") as stale:
        _spend(session)
    assert (stale.value.expected, stale.value.found) == (1, 3)
    assert store.verify("test") == 3
    assert session.last_seq == 1
    session.reload()
    _spend(session)
    assert store.verify("test") == 4
    assert [r.seq for r in store.load("test")] == [1, 2, 3, 4]
    assert GameSession(store, "test").state == session.state


def test_a_wrong_link_writes_nothing(store: EventStore, session: GameSession) -> None:
    _spend(session)
    with pytest.raises(JournalBrokenError, match="event 2 is stored with another link") as broken:
        store.append("test", [_expended(session)] * 3, 2, "0" * 64)
    assert broken.value.seq == 2
    first = store.load("test")[0]
    with pytest.raises(StaleSequenceError) as stale:  # a real link, but not the newest event
        store.append("test", [_expended(session)], 1, first.link)
    assert (stale.value.expected, stale.value.found) == (1, 2)
    with pytest.raises(StaleSequenceError) as ahead:  # a number the journal has not reached
        store.append("test", [_expended(session)], 5, first.link)
    assert (ahead.value.expected, ahead.value.found) == (5, 2)
    assert store.verify("test") == 2
    _spend(session)
    assert store.verify("test") == 3


def test_an_append_longer_than_one_insert_is_chained_and_all_or_nothing(
    store: EventStore, session: GameSession
) -> None:
    many = [_expended(session)] * (2 * ROWS_PER_INSERT + 7)
    with pytest.raises(JournalBrokenError):
        store.append("test", many, 1, "f" * 64)
    assert store.verify("test") == 1
    recorded = store.append("test", many, 1, session.journal[-1].link)
    assert [r.seq for r in recorded] == list(range(2, len(many) + 2))
    assert store.verify("test") == len(many) + 1
    assert [r.link for r in store.load("test", after=(1, session.journal[-1].link))] == [
        r.link for r in recorded
    ]
    assert store.append("test", [], recorded[-1].seq, recorded[-1].link) == []
    assert store.verify("test") == len(many) + 1


def test_an_append_without_the_link_reads_the_last_event_first(
    store: EventStore, session: GameSession
) -> None:
    store.append("test", [_expended(session)], 1)
    with pytest.raises(StaleSequenceError) as stale:
        store.append("test", [_expended(session)], 1)
    assert (stale.value.expected, stale.value.found) == (1, 2)
    assert store.verify("test") == 2


def test_two_writers_inserting_at_once_are_parted_by_the_key(
    store: EventStore, session: GameSession
) -> None:
    row = chained(1, [_expended(session)], 1, session.journal[-1].link, datetime.now(UTC))[0]
    refused: list[StaleSequenceError] = []

    def second() -> None:
        try:
            _spend(session)
        except StaleSequenceError as exc:
            refused.append(exc)

    with store.writing() as conn, conn.begin():
        conn.execute(insert(events_table).values(row))  # the first writer, not yet committed
        writer = threading.Thread(target=second)
        writer.start()
        time.sleep(0.3)  # the second writer waits for the lock (SQLite) or the key (PostgreSQL)
    writer.join(10)
    assert [(e.expected, e.found) for e in refused] == [(1, 2)]
    assert store.verify("test") == 2


def test_a_warm_session_appends_in_one_insert(store: EventStore, session: GameSession) -> None:
    _spend(session)  # the session's game id and connection are now in hand
    with _statements(store) as sent:
        _spend(session)
    if store.engine.dialect.name == "sqlite":
        assert [s for s, _ in sent] == ["BEGIN", "INSERT"]  # BEGIN IMMEDIATE; COMMIT is no cursor
    else:
        assert sent == [("INSERT", True)]  # autocommit: no BEGIN nor COMMIT round trip
    stale = GameSession(store, "test")
    _spend(session)
    with _statements(store) as sent, pytest.raises(StaleSequenceError):
        _spend(stale)
    if store.engine.dialect.name == "sqlite":
        assert [s for s, _ in sent] == ["BEGIN", "INSERT", "SELECT"]  # no row, then why
    else:
        assert sent == [("INSERT", True), ("SELECT", True)]
    assert store.verify("test") == 4


def test_a_new_store_reads_the_game_id_once(store: EventStore, session: GameSession) -> None:
    fresh = EventStore(store.url)
    fresh.verify("test")  # connects; reads the game id
    try:
        with _statements(fresh) as sent:
            fresh.append("test", [_expended(session)], 1, session.journal[-1].link)
            fresh.append("test", [_expended(session)], 2)  # no link: the last row is read
        words = [s for s, _ in sent]
        if fresh.engine.dialect.name == "sqlite":
            assert words == ["BEGIN", "INSERT", "BEGIN", "SELECT", "INSERT"]
        else:
            assert words == ["INSERT", "SELECT", "INSERT"]
    finally:
        fresh.engine.dispose()
    assert store.verify("test") == 3
