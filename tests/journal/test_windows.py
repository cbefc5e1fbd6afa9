"""Reading only the newest part of a journal: the same events the whole journal ends with,
verified from a link already known, and enough of it for undo; the whole journal is not read."""

from __future__ import annotations

import sqlite3
from fractions import Fraction
from pathlib import Path

import pytest

from ledger.commands.cp import spend_cp
from ledger.commands.stage_end import end_stage
from ledger.commands.undo import undo
from ledger.journal import EventStore, JournalBrokenError, database_url, windows
from ledger.journal import session as session_module
from ledger.journal.session import GameSession, create_game
from ledger.model.scenario import Setup
from ledger.model.source import Source
from tests.phases import session_to_last_phase


@pytest.fixture
def path(tmp_path: Path, mini_setup: Setup) -> Path:
    """A mini game: 30 CP expenditures, an end of Operations Stage, 5 more."""
    db = tmp_path / "q.db"
    session = create_game(
        EventStore(database_url(str(db)), create=True), "g", mini_setup, setup_step=False
    )
    for _ in range(30):
        session.execute(lambda s: spend_cp(s, "cw.1_rnf", Fraction(1, 4), Source(s.clock)))
    session_to_last_phase(session)
    session.execute(lambda s: end_stage(s, Source(s.clock)))
    for _ in range(5):
        session.execute(lambda s: spend_cp(s, "cw.1_rnf", Fraction(1, 4), Source(s.clock)))
    return db


def _opened(path: Path, monkeypatch: pytest.MonkeyPatch) -> GameSession:
    """The game opened, then the whole journal made unreadable (a window must not need it)."""
    session = GameSession(EventStore(database_url(str(path))), "g")
    session._journal = None

    def whole(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the whole journal was read")

    monkeypatch.setattr(EventStore, "load", whole)
    return session


def test_the_newest_events_are_the_journals_last(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    everything = GameSession(EventStore(database_url(str(path))), "g").indexed()
    session = _opened(path, monkeypatch)
    recent = session.recent(10)
    assert [(r.seq, r.event) for r in recent] == everything[-10:]
    assert [r.seq for r in session.recent(10_000)] == [seq for seq, _ in everything]


def test_since_the_last_stage_end(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    session = _opened(path, monkeypatch)
    tail = session.since_stage_ends(1)
    assert tail[0].event.kind == "operations_stage_ended"
    assert tail[-1].seq == session.last_seq
    assert session.since_stage_ends(5)[0].seq == 1  # fewer ends: from the game's start


def test_undo_reads_back_only_as_far_as_it_needs(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    everything = GameSession(EventStore(database_url(str(path))), "g").indexed()
    session = _opened(path, monkeypatch)
    monkeypatch.setattr(session_module, "UNDO_WINDOW", 4)
    window = session.undo_window()
    assert len(window) < len(everything)
    source = Source(session.state.clock)
    assert undo(window, source) == undo(everything, source)


def test_a_tampered_event_in_the_window_is_found(path: Path) -> None:
    session = GameSession(EventStore(database_url(str(path))), "g")
    session._journal = None
    target = session.last_seq - 3
    with sqlite3.connect(path) as raw:
        raw.execute("DROP TRIGGER IF EXISTS events_no_update")
        raw.execute(
            "UPDATE events SET payload = replace(payload, '\"1/4\"', '\"1/2\"') WHERE seq = ?",
            (target,),
        )
    raw.close()
    with pytest.raises(JournalBrokenError) as broken:
        session.recent(10)
    assert broken.value.seq == target


def test_a_window_must_end_at_the_known_link(path: Path) -> None:
    store = EventStore(database_url(str(path)))
    session = GameSession(store, "g")
    with pytest.raises(JournalBrokenError) as broken:
        windows.load_window(store, "g", session.last_seq - 5, (session.last_seq, "0" * 64))
    assert broken.value.seq == session.last_seq


def test_undo_of_an_end_of_stage_reads_back_past_its_upkeep(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The ledger posts its own events after an end of Operations Stage; undo reverses them
    with it, so the window grows until it reaches the player's action."""
    ending = GameSession(EventStore(database_url(str(path))), "g")
    session_to_last_phase(ending)
    ending.execute(lambda s: end_stage(s, Source(s.clock)))
    everything = GameSession(EventStore(database_url(str(path))), "g").indexed()
    session = _opened(path, monkeypatch)
    monkeypatch.setattr(session_module, "UNDO_WINDOW", 1)
    source = Source(session.state.clock)
    reversed_events = undo(session.undo_window(), source)
    assert reversed_events == undo(everything, source)
    assert len(reversed_events.events) > 1  # the end and what the ledger posted after it


def test_a_streamed_journal_is_the_whole_journal_checked_across_batches(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = EventStore(database_url(str(path)))
    monkeypatch.setattr(windows, "STREAM_BATCH", 3)
    assert list(windows.stream(store, "g")) == store.load("g")
    with sqlite3.connect(path) as raw:  # a gap at event 7, in the third batch
        raw.execute("DROP TRIGGER IF EXISTS events_no_delete")
        raw.execute("DELETE FROM events WHERE seq = 7")
    raw.close()
    read: list[int] = []
    with pytest.raises(JournalBrokenError) as broken:
        read.extend(r.seq for r in windows.stream(store, "g"))
    assert broken.value.seq == 7 and read == [1, 2, 3, 4, 5, 6]


def test_opening_without_a_snapshot_streams_and_keeps_no_journal(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    expected = GameSession(EventStore(database_url(str(path))), "g").state
    with sqlite3.connect(path) as raw:
        raw.execute("DROP TABLE IF EXISTS snapshots")
    raw.close()
    monkeypatch.setattr(windows, "STREAM_BATCH", 4)
    session = _opened(path, monkeypatch)
    assert session.state == expected and session._journal is None
    assert session.last_seq == EventStore(database_url(str(path))).verify("g")


def test_a_window_of_some_kinds_keeps_their_undoing(path: Path) -> None:
    session = GameSession(EventStore(database_url(str(path))), "g")
    session.execute(lambda s: undo(session.undo_window(), Source(s.clock)))  # undoes a CP
    session._journal = None
    kinds = frozenset({"operations_stage_ended"})
    picked = session.since(1, kinds)
    assert [r.event.kind for r in picked] == ["operations_stage_ended"]
    spent = session.since(1, frozenset({"cp_expended"}))
    assert len(spent) == 35 + 1 and spent[-1].event.kind == "event_undone"
    assert [r.seq for r in spent] == sorted(r.seq for r in spent)
