"""What can go wrong with a journal's database, as exceptions a player reads in one line: a
writer that got there first, an unknown or duplicate game, a database that is missing, foreign,
of another schema version, broken, locked, read-only or unreachable (``StoreError``: the CLI
exits with status 2).
"""

from __future__ import annotations

from typing import Final

from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, DBAPIError


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


class StoreError(Exception):
    """The database cannot be used as a Quartermaster journal; the message is one line naming
    the database and what to do (the CLI prints it and exits with status 2)."""


class NoDatabaseError(StoreError):
    """No database at the path given, and none was to be created."""


class SchemaVersionError(StoreError):
    """The database was written by an incompatible version of Quartermaster."""


class JournalBrokenError(StoreError):
    """A game's stored journal does not hold: a gap, a misplaced start, or a row whose
    hash-chain link does not match (altered, inserted or removed outside Quartermaster)."""

    def __init__(self, message: str, seq: int) -> None:
        super().__init__(message)
        self.seq = seq


def shown_url(url: str) -> str:
    """``url`` without its password, for messages (the text itself if it is no URL)."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return url


FAILURES: Final = (
    ("database is locked", "{where} is locked by another writer; try again in a moment"),
    ("readonly database", "{where} is read-only; nothing was written (check its permissions)"),
    ("file is not a database", "{where} is not an SQLite database file; it was left untouched"),
    ("malformed", "{where} is damaged (the SQLite file is malformed); it was left untouched"),
    ("unable to open database", "cannot open {where}: check the path and its permissions"),
    ("disk i/o error", "cannot read or write {where}: disk input/output error"),
)
"""Driver messages and what a player is told (``{where}``: the database)."""


def failure_message(where: str, exc: DBAPIError) -> str:
    """One line saying what went wrong with database ``where`` and what to do."""
    said = str(exc.orig).strip().splitlines()[0] if exc.orig else str(exc).splitlines()[0]
    for found, message in FAILURES:
        if found in said.lower():
            return message.format(where=where)
    if not where.startswith("/"):
        return f"cannot use the database server {where}: {said}"
    return f"cannot use {where}: {said}"
