"""Snapshots: a session opens from the newest usable snapshot plus the events after it, and that
is always the state a full replay gives; a stale snapshot is ignored and rebuilt; deleting them
changes nothing but speed."""

from __future__ import annotations

import contextlib
import sqlite3
import tempfile
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.commands.cp import spend_cp
from ledger.commands.stage_end import end_stage
from ledger.commands.transfers import transfer
from ledger.commands.undo import undo
from ledger.journal import EventStore, database_url, snapshots
from ledger.journal.session import CommandRefused, GameSession, create_game
from ledger.model.apply import fold
from ledger.model.quantities import Supplies
from ledger.model.scenario import Setup
from ledger.model.source import Source
from tests.phases import session_to_last_phase

STEPS = ("cp", "transfer", "end", "undo")


def _step(session: GameSession, step: str) -> None:
    """One player action on the mini game (a refusal is fine: nothing is written)."""
    commands = {
        "cp": lambda s: spend_cp(s, "cw.1_rnf", Fraction(1, 2), Source(s.clock)),
        "transfer": lambda s: transfer(
            s, "cw_matruh", "cw_c3721", Supplies(ammo=1), Source(s.clock)
        ),
        "end": lambda s: end_stage(s, Source(s.clock)),
        "undo": lambda s: undo(session.indexed(), Source(s.clock)),
    }
    with contextlib.suppress(CommandRefused):
        if step == "end":  # 5.2: the Operations Stage ends from its last phase
            session_to_last_phase(session)
        session.execute(commands[step])


def _replayed(url: str) -> object:
    return fold(r.event for r in EventStore(url).load("g"))


def _snapshot_rows(path: Path) -> list[tuple[int, str]]:
    with sqlite3.connect(path) as raw:
        rows = raw.execute("SELECT seq, fold_version FROM snapshots ORDER BY seq").fetchall()
    raw.close()
    return rows


@settings(max_examples=25, deadline=None)
@given(steps=st.lists(st.sampled_from(STEPS), min_size=1, max_size=30))
def test_snapshot_plus_tail_is_the_full_replay(mini_setup: Setup, steps: list[str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        url = database_url(str(Path(folder) / "q.db"))
        session = create_game(EventStore(url, create=True), "g", mini_setup, setup_step=False)
        for step in steps:
            _step(session, step)
            reopened = GameSession(EventStore(url), "g")
            assert reopened.state == session.state == _replayed(url)
            assert reopened.last_seq == session.last_seq
            assert [r.seq for r in reopened.journal] == list(range(1, session.last_seq + 1))


@pytest.fixture
def played(tmp_path: Path, mini_setup: Setup) -> Path:
    """A mini game through two Operations Stages (so two snapshots) and two more actions."""
    path = tmp_path / "q.db"
    session = create_game(
        EventStore(database_url(str(path)), create=True), "g", mini_setup, setup_step=False
    )
    for step in ("cp", "transfer", "end", "cp", "end", "cp", "transfer"):
        _step(session, step)
    return path


def test_an_end_of_stage_keeps_a_snapshot_and_opening_reads_only_the_tail(
    played: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rows = _snapshot_rows(played)
    assert len(rows) == 2 and {v for _, v in rows} == {snapshots.fold_version()}
    newest = snapshots.latest(EventStore(database_url(str(played))), "g")
    assert newest is not None and newest.seq == rows[-1][0]
    asked: list[object] = []
    load = EventStore.load

    def spying(self: EventStore, name: str, after: tuple[int, str] | None = None) -> object:
        asked.append(after)
        return load(self, name, after)

    monkeypatch.setattr(EventStore, "load", spying)
    session = GameSession(EventStore(database_url(str(played))), "g")
    assert asked == [(newest.seq, newest.link)]
    assert session.state == _replayed(database_url(str(played)))


@pytest.mark.parametrize(
    "spoil",
    [
        "UPDATE snapshots SET fold_version = 'an older ledger'",
        "UPDATE snapshots SET link = 'not the journal''s link'",
        'UPDATE snapshots SET state = \'{"not": "a state"}\'',
        "DROP TABLE snapshots",
    ],
)
def test_a_stale_or_missing_snapshot_changes_nothing_but_speed(
    played: Path, spoil: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = database_url(str(played))
    expected = _replayed(url)
    with sqlite3.connect(played) as raw:
        raw.execute(spoil)
    raw.close()
    assert snapshots.latest(EventStore(url), "g") is None
    monkeypatch.setattr(snapshots, "SNAPSHOT_EVERY", 5)  # a long journal: rebuilt on open
    assert GameSession(EventStore(url), "g").state == expected
    rebuilt = snapshots.latest(EventStore(url), "g")
    assert rebuilt is not None and rebuilt.state == expected


def test_history_and_undo_read_the_whole_journal_behind_a_snapshot(played: Path) -> None:
    url = database_url(str(played))
    session = GameSession(EventStore(url), "g")
    last = session.journal[-1].event
    session.execute(lambda s: undo(session.indexed(), Source(s.clock)))
    assert session.state == _replayed(url)
    assert session.journal[-1].event.kind == "event_undone"
    assert session.journal[-2].event == last


def test_opening_a_game_writes_no_snapshot_it_does_not_need(
    played: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*_args: object) -> None:
        raise AssertionError("no snapshot should be written while reading")

    url = database_url(str(played))
    expected = _replayed(url)
    monkeypatch.setattr(snapshots, "SNAPSHOT_EVERY", 10_000)
    monkeypatch.setattr(snapshots, "save", refuse)
    assert GameSession(EventStore(url), "g").state == expected


def test_a_stale_snapshot_at_the_newest_event_is_replaced_not_kept_forever(
    played: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = database_url(str(played))
    monkeypatch.setattr(snapshots, "SNAPSHOT_EVERY", 5)
    for _ in range(2):  # the second time the stale one sits at the newest event itself
        with sqlite3.connect(played) as raw:
            raw.execute("UPDATE snapshots SET fold_version = 'an older ledger'")
        raw.close()
        session = GameSession(EventStore(url), "g")
    newest = snapshots.latest(EventStore(url), "g")
    assert newest is not None and newest.seq == session.last_seq
    assert _snapshot_rows(played) == [(session.last_seq, snapshots.fold_version())]


def test_only_the_newest_snapshots_are_kept(tmp_path: Path, mini_setup: Setup) -> None:
    path = tmp_path / "q.db"
    session = create_game(
        EventStore(database_url(str(path)), create=True), "g", mini_setup, setup_step=False
    )
    ends = []
    for _ in range(5):  # five ends of Operations Stages: five snapshots saved
        _step(session, "cp")
        _step(session, "end")
        ends.append(session.last_seq)
    assert [seq for seq, _ in _snapshot_rows(path)] == ends[-snapshots.SNAPSHOTS_KEPT :]


def test_a_database_made_before_the_kind_index_gets_it_with_its_next_snapshot(
    played: Path,
) -> None:
    def indexes() -> set[str]:
        with sqlite3.connect(played) as raw:
            found = {r[0] for r in raw.execute("SELECT name FROM sqlite_master WHERE type='index'")}
        raw.close()
        return found

    assert "events_by_kind" in indexes()  # made with the tables
    with sqlite3.connect(played) as raw:
        raw.execute("DROP INDEX events_by_kind")
    raw.close()
    session = GameSession(EventStore(database_url(str(played))), "g")
    _step(session, "end")
    assert "events_by_kind" in indexes()
