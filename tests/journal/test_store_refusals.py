"""A store that refuses rather than mangles: it opens only a Quartermaster journal, creates one
only when asked, leaves whatever else it finds untouched, and says in one line what is wrong."""

from __future__ import annotations

import sqlite3
from fractions import Fraction
from pathlib import Path

import pytest
from sqlalchemy.exc import OperationalError

from ledger.cli import main
from ledger.journal import (
    EventStore,
    NoDatabaseError,
    SchemaVersionError,
    StoreError,
    database_url,
)
from ledger.journal.errors import failure_message
from ledger.journal.session import GameSession, create_game
from ledger.model.events import CPExpended
from ledger.model.scenario import Setup
from ledger.model.source import Source
from tests.journal.files import digest


def _journal(path: Path, setup: Setup) -> Path:
    """A real journal with one game, closed again."""
    store = EventStore(database_url(str(path)), create=True)
    create_game(store, "g", setup, setup_step=False)
    store.engine.dispose()
    return path


def _refused(path: Path, error: type[StoreError], said: str) -> None:
    """Opening ``path`` raises ``error`` with ``said`` in its message and changes no byte."""
    before = digest(path)
    with pytest.raises(error) as refused:
        EventStore(database_url(str(path)))
    assert said in str(refused.value) and "\n" not in str(refused.value)
    assert digest(path) == before


def test_a_missing_file_is_refused_and_left_missing(tmp_path: Path) -> None:
    path = tmp_path / "typo" / "q.db"
    with pytest.raises(NoDatabaseError) as refused:
        EventStore(database_url(str(path)))
    assert str(refused.value) == (
        f"no database at {path} — create a game with `quartermaster new NAME`"
    )
    assert not path.parent.exists()


def test_create_makes_the_folder_the_file_and_a_journal_in_wal_mode(tmp_path: Path) -> None:
    path = tmp_path / "new" / "q.db"
    store = EventStore(database_url(str(path)), create=True)
    assert path.is_file() and store.games() == []
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        assert raw.execute("SELECT value FROM quartermaster_meta").fetchall() == [("2",)]


def test_a_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="is a folder, not a database file"):
        EventStore(database_url(str(tmp_path)), create=True)


def test_a_foreign_sqlite_database_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "accounts.db"
    with sqlite3.connect(path) as raw:
        raw.execute("CREATE TABLE accounts (id INTEGER PRIMARY KEY, owner TEXT)")
        raw.execute("INSERT INTO accounts (owner) VALUES ('someone else')")
    raw.close()
    _refused(path, StoreError, "is not a Quartermaster database (its tables: accounts)")


def test_an_empty_sqlite_file_is_no_journal_unless_created(tmp_path: Path) -> None:
    path = tmp_path / "empty.db"
    path.touch()
    _refused(path, NoDatabaseError, "holds no Quartermaster journal")


def test_a_renamed_events_table_is_refused_untouched(tmp_path: Path, mini_setup: Setup) -> None:
    path = _journal(tmp_path / "q.db", mini_setup)
    with sqlite3.connect(path) as raw:
        raw.execute("ALTER TABLE events RENAME TO events_old")
    raw.close()
    _refused(path, StoreError, "is missing the journal table(s) events")


def test_no_schema_version_is_refused_not_stamped(tmp_path: Path, mini_setup: Setup) -> None:
    path = _journal(tmp_path / "q.db", mini_setup)
    with sqlite3.connect(path) as raw:
        raw.execute("DELETE FROM quartermaster_meta")
    raw.close()
    _refused(path, SchemaVersionError, "records no journal schema version")


def test_another_schema_version_is_refused_untouched(tmp_path: Path, mini_setup: Setup) -> None:
    path = _journal(tmp_path / "q.db", mini_setup)
    with sqlite3.connect(path) as raw:
        raw.execute("UPDATE quartermaster_meta SET value = '7'")
    raw.close()
    _refused(path, SchemaVersionError, "has journal schema 7; this Quartermaster reads schema 2")


def test_a_file_that_is_not_sqlite_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "notes.db"
    path.write_text("GT 1 OpStage 1: 1 RNF spent 6 CP\n" * 200, encoding="utf-8")
    _refused(path, StoreError, "is not an SQLite database file")


def test_a_truncated_journal_is_refused_untouched(tmp_path: Path, mini_setup: Setup) -> None:
    path = _journal(tmp_path / "q.db", mini_setup)
    with sqlite3.connect(path) as raw:
        raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        raw.execute("PRAGMA journal_mode=DELETE")
    raw.close()
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 3])
    before = digest(path)
    with pytest.raises(StoreError) as refused:
        GameSession(EventStore(database_url(str(path))), "g")
    assert str(refused.value) == (
        f"{path} is damaged (the SQLite file is malformed); it was left untouched"
    )
    assert digest(path) == before


def test_a_locked_database_says_so_after_the_busy_timeout(
    tmp_path: Path, mini_setup: Setup
) -> None:
    path = _journal(tmp_path / "q.db", mini_setup)
    store = EventStore(database_url(str(path)), busy_timeout_ms=50)
    session = GameSession(store, "g")
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another writer holds the write lock
    try:
        event = CPExpended(Source(session.state.clock), "cw.1_rnf", Fraction(1), Fraction(0))
        with pytest.raises(StoreError) as refused:
            store.append("g", [event], session.last_seq)
    finally:
        holder.rollback()
        holder.close()
    assert str(refused.value) == f"{path} is locked by another writer; try again in a moment"
    assert len(store.load("g")) == 1


def test_an_unknown_kind_of_database_is_refused(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="not a database Quartermaster knows"):
        EventStore("nosuchdb://someone:secret@localhost/q")


def test_an_unreachable_server_is_one_line_without_the_password() -> None:
    with pytest.raises(StoreError) as refused:
        EventStore("postgresql+psycopg://qm:secret@127.0.0.1:1/qm")
    said = str(refused.value)
    assert said.startswith(
        "cannot use the database server postgresql+psycopg://qm:***@127.0.0.1:1/qm"
    )
    assert "secret" not in said and "\n" not in said


@pytest.mark.parametrize(
    ("driver_said", "player_reads"),
    [
        ("attempt to write a readonly database", "/x/q.db is read-only; nothing was written"),
        ("database disk image is malformed", "/x/q.db is damaged (the SQLite file is malformed)"),
        ("unable to open database file", "cannot open /x/q.db: check the path and its permissions"),
        ("something new", "cannot use /x/q.db: something new"),
    ],
)
def test_driver_failures_read_as_one_line(driver_said: str, player_reads: str) -> None:
    failure = OperationalError("SELECT 1", {}, sqlite3.OperationalError(driver_said))
    assert failure_message("/x/q.db", failure).startswith(player_reads)


def test_the_cli_refuses_a_foreign_database_in_one_line_with_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "accounts.db"
    with sqlite3.connect(path) as raw:
        raw.execute("CREATE TABLE accounts (id INTEGER PRIMARY KEY)")
    raw.close()
    before = digest(path)
    assert main(["units", "--db", str(path)]) == 2
    said = capsys.readouterr()
    assert said.err == (
        f"error: {path} is not a Quartermaster database (its tables: accounts); it was left "
        "untouched\n"
    )
    assert said.out == "" and digest(path) == before


def test_the_cli_creates_the_database_only_for_new(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "q.db"
    for reading in (["games"], ["units"], ["history"], ["clock"]):
        assert main([*reading, "--db", str(path)]) == 2
    assert not path.exists()
    assert main(["scenarios", "--db", str(path)]) == 0  # needs no database
    assert not path.exists()
    assert main(["new", "--skip-setup", "g", "--scenario", "graziani", "--db", str(path)]) == 0
    assert path.is_file()
    capsys.readouterr()
    assert main(["games", "--db", str(path), "--json"]) == 0
    assert '"game": "g"' in capsys.readouterr().out
