"""Event store adapters (SQLite by default, PostgreSQL for a shared game): the only DB code."""

from ledger.journal.store import (
    DuplicateGameError,
    EventStore,
    Recorded,
    SchemaVersionError,
    StaleSequenceError,
    UnknownGameError,
    database_url,
    default_database_url,
)

__all__ = [
    "DuplicateGameError",
    "EventStore",
    "Recorded",
    "SchemaVersionError",
    "StaleSequenceError",
    "UnknownGameError",
    "database_url",
    "default_database_url",
]
