"""The append-only event store, on any database SQLAlchemy reaches (SQLite, PostgreSQL).

Tables: ``quartermaster_meta`` (schema version), ``games`` (one row per game) and ``events``
(one row per event: game, sequence number, kind, JSON payload). Events are never updated or
deleted: database triggers refuse both. Every append names the sequence number it expects to
follow; if another writer got there first the append is refused (optimistic concurrency).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Final

import platformdirs
from sqlalchemy import (
    DDL,
    Column,
    DateTime,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    func,
    insert,
    select,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from ledger.journal.codec import decode, encode
from ledger.model.events import Event

SCHEMA_VERSION: Final = 1
"""Bumped whenever the tables or the event payloads change incompatibly."""

_metadata = MetaData()
meta_table = Table(
    "quartermaster_meta",
    _metadata,
    Column("key", String(64), primary_key=True),
    Column("value", String(256), nullable=False),
)
games_table = Table(
    "games",
    _metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(128), nullable=False, unique=True),
    Column("scenario", String(128), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)
events_table = Table(
    "events",
    _metadata,
    Column("game_id", Integer, ForeignKey("games.id"), primary_key=True),
    Column("seq", Integer, primary_key=True, autoincrement=False),
    Column("kind", String(64), nullable=False),
    Column("payload", Text, nullable=False),
    Column("recorded_at", DateTime(timezone=True), nullable=False),
)

_APPEND_ONLY = "journal events are append-only: UPDATE and DELETE are refused"
for _action in ("UPDATE", "DELETE"):
    event.listen(
        events_table,
        "after_create",
        DDL(  # type: ignore[no-untyped-call]
            f"CREATE TRIGGER events_no_{_action.lower()} BEFORE {_action} ON events "
            f"BEGIN SELECT RAISE(ABORT, '{_APPEND_ONLY}'); END"
        ).execute_if(dialect="sqlite"),
    )
event.listen(
    events_table,
    "after_create",
    DDL(  # type: ignore[no-untyped-call]
        "CREATE OR REPLACE FUNCTION events_append_only() RETURNS trigger AS $$ "
        f"BEGIN RAISE EXCEPTION '{_APPEND_ONLY}'; END; $$ LANGUAGE plpgsql; "
        "CREATE TRIGGER events_append_only BEFORE UPDATE OR DELETE ON events "
        "FOR EACH ROW EXECUTE FUNCTION events_append_only()"
    ).execute_if(dialect="postgresql"),
)


class StaleSequenceError(Exception):
    """An append expected to follow sequence ``expected`` but the journal is at ``found``."""

    def __init__(self, game: str, expected: int, found: int) -> None:
        super().__init__(
            f"game {game!r}: expected the journal at event {expected}, found it at {found}; "
            "another writer got there first — reload and try again"
        )
        self.expected = expected
        self.found = found


class UnknownGameError(LookupError):
    """No game of that name in the database."""


class DuplicateGameError(Exception):
    """A game of that name already exists."""


class SchemaVersionError(Exception):
    """The database was written by an incompatible version of Quartermaster."""


@dataclass(frozen=True, slots=True)
class Recorded:
    """An event as stored: its sequence number (1 = the game's start) and when it was written."""

    seq: int
    event: Event
    recorded_at: datetime


def default_database_url() -> str:
    """``QUARTERMASTER_DB`` if set, else an SQLite file in the per-user data directory."""
    configured = os.environ.get("QUARTERMASTER_DB")
    if configured:
        return database_url(configured)
    folder = Path(platformdirs.user_data_dir("quartermaster", appauthor=False))
    return database_url(str(folder / "quartermaster.db"))


def database_url(db: str) -> str:
    """An SQLAlchemy URL from ``db``: a URL (``postgresql+psycopg://…``) or an SQLite file path."""
    if "://" in db:
        return db
    return f"sqlite:///{Path(db).expanduser().resolve()}"


class EventStore:
    """The journal of every game in one database.

    ``url`` is an SQLAlchemy URL; an SQLite file and its folder are created when missing.
    Raises ``SchemaVersionError`` when the database has another schema version.
    """

    def __init__(self, url: str) -> None:
        self.url = url
        if url.startswith("sqlite:///"):
            Path(url.removeprefix("sqlite:///")).parent.mkdir(parents=True, exist_ok=True)
        self.engine: Engine = create_engine(url)
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        _metadata.create_all(self.engine)
        self._check_schema()

    @property
    def location(self) -> str:
        """Where the data lives, for players: the SQLite file path or the URL without password."""
        if self.url.startswith("sqlite:///"):
            return self.url.removeprefix("sqlite:///")
        return self.engine.url.render_as_string(hide_password=True)

    def _check_schema(self) -> None:
        with self.engine.begin() as conn:
            row = conn.execute(
                select(meta_table.c.value).where(meta_table.c.key == "schema_version")
            ).first()
            if row is None:
                conn.execute(
                    insert(meta_table).values(key="schema_version", value=str(SCHEMA_VERSION))
                )
            elif int(row.value) != SCHEMA_VERSION:
                raise SchemaVersionError(
                    f"{self.location} has journal schema {row.value}; this Quartermaster reads "
                    f"schema {SCHEMA_VERSION}"
                )

    def games(self) -> list[tuple[str, str, datetime, int]]:
        """Every game as ``(name, scenario id, created_at, number of events)``, by name."""
        query = (
            select(
                games_table.c.name,
                games_table.c.scenario,
                games_table.c.created_at,
                func.count(events_table.c.seq),
            )
            .select_from(games_table.outerjoin(events_table))
            .group_by(games_table.c.id)
            .order_by(games_table.c.name)
        )
        with self.engine.connect() as conn:
            return [(r[0], r[1], r[2], r[3]) for r in conn.execute(query)]

    def create_game(self, name: str, scenario: str, first: Event) -> None:
        """Create game ``name`` whose journal begins with ``first`` (its ``GameStarted``).

        Raises ``DuplicateGameError`` when the name is taken.
        """
        now = datetime.now(UTC)
        try:
            with self.engine.begin() as conn:
                game_id = conn.execute(
                    insert(games_table).values(name=name, scenario=scenario, created_at=now)
                ).inserted_primary_key
                assert game_id is not None
                conn.execute(
                    insert(events_table).values(
                        game_id=game_id[0],
                        seq=1,
                        kind=first.kind,
                        payload=encode(first),
                        recorded_at=now,
                    )
                )
        except IntegrityError as exc:
            raise DuplicateGameError(f"a game named {name!r} already exists") from exc

    def _game_id(self, conn: Connection, name: str) -> int:
        row = conn.execute(select(games_table.c.id).where(games_table.c.name == name)).first()
        if row is None:
            raise UnknownGameError(f"no game named {name!r} in {self.location}")
        game_id: int = row.id
        return game_id

    def load(self, name: str) -> list[Recorded]:
        """Every event of game ``name`` in sequence order. Raises ``UnknownGameError``."""
        with self.engine.connect() as conn:
            game_id = self._game_id(conn, name)
            rows = conn.execute(
                select(events_table.c.seq, events_table.c.payload, events_table.c.recorded_at)
                .where(events_table.c.game_id == game_id)
                .order_by(events_table.c.seq)
            )
            return [Recorded(r.seq, decode(r.payload), r.recorded_at) for r in rows]

    def append(self, name: str, events: Sequence[Event], expected_seq: int) -> list[Recorded]:
        """Append ``events`` to game ``name`` after sequence ``expected_seq``; all or nothing.

        Returns the events as recorded, with their sequence numbers. Raises ``StaleSequenceError`` when the journal is
        not at ``expected_seq`` (another writer appended first), ``UnknownGameError``.
        """
        now = datetime.now(UTC)
        try:
            with self.engine.begin() as conn:
                game_id = self._game_id(conn, name)
                last = conn.execute(
                    select(func.max(events_table.c.seq)).where(events_table.c.game_id == game_id)
                ).scalar_one()
                if last != expected_seq:
                    raise StaleSequenceError(name, expected_seq, int(last or 0))
                rows = [
                    {
                        "game_id": game_id,
                        "seq": expected_seq + i,
                        "kind": e.kind,
                        "payload": encode(e),
                        "recorded_at": now,
                    }
                    for i, e in enumerate(events, start=1)
                ]
                if rows:
                    conn.execute(insert(events_table), rows)
        except IntegrityError as exc:
            raise StaleSequenceError(name, expected_seq, -1) from exc
        return [Recorded(expected_seq + i, e, now) for i, e in enumerate(events, start=1)]


def _sqlite_pragmas(dbapi_connection: object, _record: object) -> None:
    cursor = dbapi_connection.cursor()  # type: ignore[attr-defined]
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()
