"""Event store adapters (SQLite by default, PostgreSQL for a shared game): the only DB code."""

from ledger.journal.store import (
    DuplicateGameError,
    EventStore,
    NoDatabaseError,
    Recorded,
    SchemaVersionError,
    StaleSequenceError,
    StoreError,
    UnknownGameError,
    database_url,
    default_database_url,
)

__all__ = [
    "DuplicateGameError",
    "EventStore",
    "NoDatabaseError",
    "Recorded",
    "SchemaVersionError",
    "StaleSequenceError",
    "StoreError",
    "UnknownGameError",
    "database_url",
    "default_database_url",
]
