"""SQLite for the journal: which file a URL names, refusing a folder or a missing file, and the
pragmas and transaction control every connection gets (``ledger.journal.store``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Final

from sqlalchemy import event
from sqlalchemy.engine import Connection, Engine

from ledger.journal.errors import NoDatabaseError, StoreError

WRITE_OPTION: Final = "quartermaster_write"
"""Execution option marking a connection whose transaction writes (SQLite: ``BEGIN IMMEDIATE``)."""


def sqlite_path(url: str) -> Path | None:
    """The file of an SQLite URL (``None`` for another database or an in-memory one)."""
    if not url.startswith("sqlite:///"):
        return None
    name = url.removeprefix("sqlite:///")
    return Path(name) if name and name != ":memory:" else None


def check_sqlite_path(path: Path, create: bool) -> None:
    """Refuse a folder, and a missing file unless ``create`` (then make its folder)."""
    if path.is_dir():
        raise StoreError(f"{path} is a folder, not a database file; give a file path")
    if path.exists():
        return
    if not create:
        raise NoDatabaseError(
            f"no database at {path} — create a game with `quartermaster new NAME`"
        )
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(f"cannot create {path}: {exc.strerror or exc}") from exc


def sqlite_transactions(engine: Engine, busy_timeout_ms: int) -> None:
    """SQLite pragmas on every connection (foreign keys, busy timeout, ``synchronous=NORMAL``
    for WAL, which ``EventStore`` turns on once the database is known to be a journal) and
    transactions begun by the engine: ``BEGIN IMMEDIATE`` on a
    connection marked ``WRITE_OPTION``, a plain ``BEGIN`` otherwise (SQLAlchemy's documented
    pysqlite recipe, which takes transaction control from the driver)."""

    def connected(dbapi_connection: Any, _record: object) -> None:
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={int(busy_timeout_ms)}")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.close()

    def begun(conn: Connection) -> None:
        immediate = conn.get_execution_options().get(WRITE_OPTION, False)
        conn.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")

    event.listen(engine, "connect", connected)
    event.listen(engine, "begin", begun)
