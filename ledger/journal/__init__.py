"""Event store adapters (SQLite by default, PostgreSQL for a shared game): the only DB code."""

from ledger.journal.errors import (
    DuplicateGameError,
    JournalBrokenError,
    NoDatabaseError,
    SchemaVersionError,
    StaleSequenceError,
    StoreError,
    UnknownGameError,
)
from ledger.journal.store import EventStore, Recorded, database_url, default_database_url

__all__ = [
    "DuplicateGameError",
    "EventStore",
    "JournalBrokenError",
    "NoDatabaseError",
    "Recorded",
    "SchemaVersionError",
    "StaleSequenceError",
    "StoreError",
    "UnknownGameError",
    "database_url",
    "default_database_url",
]
