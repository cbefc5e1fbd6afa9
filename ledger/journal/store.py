"""The append-only event store, on any database SQLAlchemy reaches (SQLite, PostgreSQL).

Tables: ``quartermaster_meta`` (schema version), ``games`` (one row per game) and ``events``
(one row per event: game, sequence number, kind, JSON payload). Events are never updated or
deleted: database triggers refuse both. Every append names the sequence number it expects to
follow; if another writer got there first the append is refused (optimistic concurrency).

A store opens only a Quartermaster database: a missing file is created only when asked
(``create=True``: ``quartermaster new``, ``make run``), and a foreign, incomplete or
other-version database is refused and left untouched. Every database failure (locked,
read-only, damaged, unreachable, unknown kind) becomes a ``StoreError`` with one line naming
the database and what to do. SQLite runs in WAL mode, and an append takes the write lock before
it checks the expected sequence number (``BEGIN IMMEDIATE``), so the check and the insert are one
step.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

import platformdirs
from sqlalchemy import (
    DDL,
    Column,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    func,
    insert,
    inspect,
    select,
)
from sqlalchemy.engine import Connection, Engine, Row
from sqlalchemy.exc import ArgumentError, DBAPIError, IntegrityError, NoSuchModuleError

from ledger.journal.appends import ROWS_PER_INSERT, chained, insert_chained, last_row, refusal
from ledger.journal.chain import START, first_break, link
from ledger.journal.codec import CorruptPayloadError, decode, encode
from ledger.journal.errors import (
    DuplicateGameError,
    JournalBrokenError,
    NoDatabaseError,
    SchemaVersionError,
    StaleSequenceError,
    StoreError,
    UnknownGameError,
    failure_message,
    shown_url,
)
from ledger.journal.migrate import (
    POSTGRES_TRIGGER,
    SQLITE_TRIGGERS,
    UPGRADES,
    MigrationRefused,
)
from ledger.journal.sqlite import (
    WRITE_OPTION,
    check_sqlite_path,
    sqlite_path,
    sqlite_transactions,
)
from ledger.model.events import Event

SCHEMA_VERSION: Final = 2
"""Bumped whenever the tables or the event payloads change incompatibly."""


BUSY_TIMEOUT_MS: Final = 5000
"""How long an SQLite writer waits for another writer's lock before giving up (milliseconds)."""


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
    Column("link", String(64), nullable=False),
)


events_by_kind = Index(
    "events_by_kind", events_table.c.game_id, events_table.c.kind, events_table.c.seq
)
"""Finds a game's events of one kind without scanning the journal (the ends of Operations
Stages a window goes back to, ``ledger.journal.windows``). Made with the tables; a database
made before it gets it with its next snapshot (``snapshots.save``)."""


for _trigger in SQLITE_TRIGGERS:
    event.listen(
        events_table,
        "after_create",
        DDL(_trigger).execute_if(dialect="sqlite"),  # type: ignore[no-untyped-call]
    )
event.listen(
    events_table,
    "after_create",
    DDL(POSTGRES_TRIGGER).execute_if(dialect="postgresql"),  # type: ignore[no-untyped-call]
)


EVENT_ROW: Final = (
    events_table.c.seq,
    events_table.c.kind,
    events_table.c.payload,
    events_table.c.link,
)
"""The columns of an event row as the journal is read (``recorded_at`` is written for the
record and not read back: parsing a million timestamps was a tenth of a replay)."""


@dataclass(frozen=True, slots=True)
class Recorded:
    """An event as stored: its sequence number (1 = the game's start) and its hash-chain
    ``link`` (``ledger.journal.chain``)."""

    seq: int
    event: Event
    link: str = ""


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

    ``url`` is an SQLAlchemy URL. With ``create=True`` a missing SQLite file (and its folder) is
    created and an empty database gets the journal's tables; otherwise the database must already
    be a Quartermaster journal. ``busy_timeout_ms``: how long an SQLite writer waits for a lock.
    Raises ``NoDatabaseError`` (no file, ``create`` not set), ``SchemaVersionError`` (another
    schema version) and ``StoreError`` (a folder, a foreign or incomplete database, an unknown
    kind of URL, a database that cannot be reached, read or written), leaving the database
    untouched.
    """

    def __init__(
        self,
        url: str,
        *,
        create: bool = False,
        upgrade: bool = False,
        busy_timeout_ms: int = BUSY_TIMEOUT_MS,
    ) -> None:
        self.url = url
        path = sqlite_path(url)
        if path is not None:
            check_sqlite_path(path, create)
        try:
            self.engine: Engine = create_engine(url)
        except (ArgumentError, NoSuchModuleError) as exc:
            raise StoreError(
                f"cannot open {shown_url(url)}: not a database Quartermaster knows "
                "(give an SQLite file path or a postgresql+psycopg:// URL)"
            ) from exc
        if self.engine.dialect.name == "sqlite":
            sqlite_transactions(self.engine, busy_timeout_ms)
        self.upgraded: str | None = None
        """What ``upgrade=True`` did to the database (``None``: it was already current)."""
        self._game_ids: dict[str, int] = {}  # a game's row never changes id (issue 14 item 5)
        with self.translated():
            self._prepare(create, upgrade)

    @property
    def location(self) -> str:
        """Where the data lives, for players: the SQLite file path or the URL without password."""
        if self.url.startswith("sqlite:///"):
            return self.url.removeprefix("sqlite:///")
        return self.engine.url.render_as_string(hide_password=True)

    @contextmanager
    def translated(self) -> Iterator[None]:
        """Turn the database driver's failures into a one-line ``StoreError``."""
        try:
            yield
        except IntegrityError:
            raise
        except DBAPIError as exc:
            raise StoreError(failure_message(self.location, exc)) from exc

    def writing(self) -> Connection:
        """A connection whose transaction takes the write lock at once (SQLite)."""
        return self.engine.connect().execution_options(**{WRITE_OPTION: True})

    def _prepare(self, create: bool, upgrade: bool = False) -> None:
        """Create the tables in an empty database when ``create``; check what is there."""
        with self.engine.connect() as conn:
            tables = set(inspect(conn).get_table_names())
        ours = set(_metadata.tables)
        if not tables and create:
            with self.writing() as conn, conn.begin():
                _metadata.create_all(conn)
                conn.execute(
                    insert(meta_table).values(key="schema_version", value=str(SCHEMA_VERSION))
                )
            self._write_ahead_log()
            return
        if not tables:
            raise NoDatabaseError(
                f"{self.location} holds no Quartermaster journal — create a game with "
                "`quartermaster new NAME`"
            )
        if not tables & ours:
            raise StoreError(
                f"{self.location} is not a Quartermaster database (its tables: "
                f"{', '.join(sorted(tables))}); it was left untouched"
            )
        missing = sorted(ours - tables)
        if missing:
            raise StoreError(
                f"{self.location} is missing the journal table(s) {', '.join(missing)}: not a "
                "complete Quartermaster database; it was left untouched"
            )
        self._check_schema(upgrade)
        self._write_ahead_log()

    def _write_ahead_log(self) -> None:
        """SQLite: keep the journal in WAL mode (readers never wait for the writer). Only done
        once the file is known to be a journal, since it rewrites the file's header; a
        read-only file is read as it is."""
        if self.engine.dialect.name != "sqlite":
            return
        raw = self.engine.raw_connection()  # outside any transaction, as the pragma needs
        try:
            raw.cursor().execute("PRAGMA journal_mode=WAL")
        except sqlite3.DatabaseError:
            pass  # read-only: reading needs no WAL, and a write says why it failed
        finally:
            raw.close()

    def _check_schema(self, upgrade: bool = False) -> None:
        with self.engine.connect() as conn:
            row = conn.execute(
                select(meta_table.c.value).where(meta_table.c.key == "schema_version")
            ).first()
        if row is None:
            raise SchemaVersionError(
                f"{self.location} records no journal schema version; this Quartermaster reads "
                f"schema {SCHEMA_VERSION} (it was left untouched)"
            )
        if row.value in UPGRADES and upgrade:
            self._upgrade(row.value)
        elif row.value in UPGRADES:
            raise SchemaVersionError(
                f"{self.location} has journal schema {row.value} of an earlier Quartermaster; "
                "upgrade it with `quartermaster migrate` (it was left untouched)"
            )
        elif row.value != str(SCHEMA_VERSION):
            raise SchemaVersionError(
                f"{self.location} has journal schema {row.value}; this Quartermaster reads "
                f"schema {SCHEMA_VERSION} (it was left untouched)"
            )

    def _upgrade(self, version: str) -> None:
        """Run the upgrades from schema ``version`` to the current one, each in one write
        transaction (``ledger.journal.migrate``); ``upgraded`` says what was done."""
        done = []
        while version != str(SCHEMA_VERSION):
            try:
                with self.writing() as conn, conn.begin():
                    done.append(UPGRADES[version](conn, self.engine.dialect.name))
            except MigrationRefused as refused:
                raise StoreError(f"{self.location}: {refused}") from refused
            version = str(int(version) + 1)
        self.upgraded = f"{self.location}: " + "; ".join(done)

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
        with self.translated(), self.engine.connect() as conn:
            return [(r[0], r[1], r[2], r[3]) for r in conn.execute(query)]

    def create_game(self, name: str, scenario: str, first: Event) -> None:
        """Create game ``name`` whose journal begins with ``first`` (its ``GameStarted``).

        Raises ``DuplicateGameError`` when the name is taken.
        """
        now = datetime.now(UTC)
        try:
            with self.translated(), self.writing() as conn, conn.begin():
                game_id = conn.execute(
                    insert(games_table).values(name=name, scenario=scenario, created_at=now)
                ).inserted_primary_key
                assert game_id is not None
                conn.execute(
                    insert(events_table).values(
                        game_id=game_id[0],
                        seq=1,
                        kind=first.kind,
                        payload=(payload := encode(first)),
                        recorded_at=now,
                        link=link(START, 1, first.kind, payload),
                    )
                )
        except IntegrityError as exc:
            raise DuplicateGameError(f"a game named {name!r} already exists") from exc

    def game_id_of(self, conn: Connection, name: str) -> int:
        """The row id of game ``name`` on ``conn``, read once per store (games are never
        renamed or removed, so the id holds; issue 14 item 5). Raises ``UnknownGameError``."""
        if name in self._game_ids:
            return self._game_ids[name]
        row = conn.execute(select(games_table.c.id).where(games_table.c.name == name)).first()
        if row is None:
            raise UnknownGameError(f"no game named {name!r} in {self.location}")
        game_id: int = row.id
        self._game_ids[name] = game_id
        return game_id

    def last_seq(self, name: str) -> int:
        """Game ``name``'s newest sequence number, in one indexed query (what an open page
        polls, issue 16 item 8). Raises ``UnknownGameError``, ``StoreError``."""
        with self.translated(), self.engine.connect() as conn:
            return last_row(conn, events_table, self.game_id_of(conn, name))[0]

    def load(self, name: str, after: tuple[int, str] | None = None) -> list[Recorded]:
        """Every event of game ``name`` in sequence order, the journal verified first (numbers
        without gap, one ``GameStarted`` at 1, the hash chain); with ``after`` (the sequence
        number and link of an event read before) only the events that follow it, verified from
        that link. Raises ``UnknownGameError``, ``JournalBrokenError`` with the first
        sequence number that does not hold."""
        return self.decoded(name, self._rows(name, after))

    def decoded(self, name: str, rows: Sequence[Row[Any, Any, Any, Any]]) -> list[Recorded]:
        """The events of game ``name``'s verified ``rows``. Raises ``JournalBrokenError`` at
        the first row that is no event of its kind."""
        recorded = []
        for seq, kind, payload, link_ in rows:  # the columns of EVENT_ROW
            try:
                event = decode(payload, kind)
            except CorruptPayloadError as exc:
                where = f"game {name!r} in {self.location}: event {seq}"
                raise JournalBrokenError(f"{where} cannot be read: {exc}", seq) from exc
            recorded.append(Recorded(seq, event, link_))
        return recorded

    def verify(self, name: str) -> int:
        """Check game ``name``'s whole journal as ``load`` does (every row readable as an
        event of its kind too), a batch at a time (``partitions``); returns how many events
        it holds. Raises ``UnknownGameError``, ``JournalBrokenError``."""
        return sum(len(self.decoded(name, rows)) for rows in self.partitions(name))

    def partitions(
        self, name: str, after: tuple[int, str] | None = None, size: int = 5000
    ) -> Iterator[Sequence[Row[Any, Any, Any, Any]]]:
        """The event rows (seq, kind, payload, link) of game ``name`` after
        ``after`` (the sequence number and verified link of an event; ``None``: from the
        start), ``size`` at a time and each batch verified before it is given (numbers without
        gap, one ``GameStarted`` at 1, the hash chain), so a whole journal is never in memory.
        Raises ``UnknownGameError``, ``JournalBrokenError`` (the batches before it were
        good), ``StoreError``."""
        seq, previous = after if after is not None else (0, START)
        first = seq
        with self.translated(), self.engine.connect() as conn:
            game_id = self.game_id_of(conn, name)
            result = conn.execution_options(stream_results=True, yield_per=size).execute(
                select(*EVENT_ROW)
                .where(events_table.c.game_id == game_id, events_table.c.seq > seq)
                .order_by(events_table.c.seq)
            )
            for rows in result.partitions():
                self._check(name, rows, (seq, previous))
                yield rows
                seq, previous = rows[-1].seq, rows[-1].link
        if seq == first == 0:
            self._check(name, [], (0, START))

    def _rows(
        self, name: str, after: tuple[int, str] | None = None
    ) -> Sequence[Row[Any, Any, Any, Any]]:
        since = after if after is not None else (0, START)
        with self.translated(), self.engine.connect() as conn:
            game_id = self.game_id_of(conn, name)
            rows = conn.execute(
                select(*EVENT_ROW)
                .where(events_table.c.game_id == game_id, events_table.c.seq > since[0])
                .order_by(events_table.c.seq)
            ).all()
        self._check(name, rows, since)
        return rows

    def _check(
        self, name: str, rows: Sequence[Row[Any, Any, Any, Any]], since: tuple[int, str]
    ) -> None:
        """Raise ``JournalBrokenError`` unless ``rows`` follow event ``since`` (its number and
        link) as ``chain.first_break`` requires."""
        broken = first_break(
            rows,
            previous=since[1],
            expected=since[0] + 1,
        )
        if broken is not None:
            seq, what = broken
            raise JournalBrokenError(
                f"game {name!r} in {self.location}: the journal breaks at event {seq}: {what}",
                seq,
            )

    def append(
        self,
        name: str,
        events: Sequence[Event],
        expected_seq: int,
        expected_link: str | None = None,
    ) -> list[Recorded]:
        """Append ``events`` to game ``name`` after event ``expected_seq``, whose hash-chain
        link is ``expected_link`` when the caller holds it; all or nothing. Returns the events
        as recorded (sequence numbers, links). Raises ``StaleSequenceError`` when the journal
        is not at ``expected_seq`` (another writer appended first), ``JournalBrokenError``
        when event ``expected_seq`` is stored with another link (nothing is written),
        ``UnknownGameError``.

        Issue 14 item 5: given ``expected_link`` nothing is read first; each INSERT writes its
        rows only if the event before them holds the link they were chained from and their
        numbers are free, so a stale or wrong link cannot break the chain (the reasoning:
        ``ledger.journal.appends``). PostgreSQL runs an append of one INSERT in autocommit (one
        round trip); SQLite takes its write lock first (``BEGIN IMMEDIATE``)."""
        now, table = datetime.now(UTC), events_table
        try:
            with self.translated(), self.writing() as conn:
                if self.engine.dialect.name != "sqlite" and len(events) <= ROWS_PER_INSERT:
                    conn.execution_options(isolation_level="AUTOCOMMIT")  # one atomic INSERT
                with conn.begin():
                    game_id = self.game_id_of(conn, name)
                    found, previous = (
                        (expected_seq, expected_link)
                        if expected_link is not None
                        else last_row(conn, table, game_id)
                    )
                    if found != expected_seq:
                        raise StaleSequenceError(name, expected_seq, found)
                    rows = chained(game_id, events, expected_seq, previous, now)
                    if not insert_chained(conn, table, rows, previous):
                        raise refusal(conn, table, name, self.location, game_id, expected_seq)
        except IntegrityError as exc:  # another writer stored one of the numbers first
            with self.translated(), self.engine.connect() as conn:
                found = last_row(conn, table, self.game_id_of(conn, name))[0]
            raise StaleSequenceError(name, expected_seq, found) from exc
        return [Recorded(r["seq"], e, r["link"]) for r, e in zip(rows, events, strict=True)]
