"""Upgrading a journal written by an earlier Quartermaster (``quartermaster migrate``).

Schema 1 -> 2: every event row gains its hash-chain link (``ledger.journal.chain``). The
journal is checked first (numbers without gap, one ``GameStarted`` at 1), so a damaged journal
is refused rather than sealed; the links are then written in one transaction, with the
append-only triggers lifted for it and put back, and the database records when it was migrated
(``quartermaster_meta``: ``migrated 1-2``). No event is changed, added or removed.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Final

from sqlalchemy import text
from sqlalchemy.engine import Connection

from ledger.journal.chain import START, ChainRow, first_break, link

APPEND_ONLY: Final = "journal events are append-only: UPDATE and DELETE are refused"
"""The message of the triggers that refuse changing or removing an event row."""


class MigrationRefused(Exception):
    """The journal cannot be upgraded as it is; the message says which game and event."""


def _sqlite_lift(conn: Connection) -> None:
    for action in ("update", "delete"):
        conn.exec_driver_sql(f"DROP TRIGGER IF EXISTS events_no_{action}")


SQLITE_TRIGGERS: Final = tuple(
    f"CREATE TRIGGER events_no_{action.lower()} BEFORE {action} ON events "
    f"BEGIN SELECT RAISE(ABORT, '{APPEND_ONLY}'); END"
    for action in ("UPDATE", "DELETE")
)
"""SQLite: the triggers that refuse changing or removing an event row (made with the table)."""
POSTGRES_TRIGGER: Final = (
    "CREATE OR REPLACE FUNCTION events_append_only() RETURNS trigger AS $$ "
    f"BEGIN RAISE EXCEPTION '{APPEND_ONLY}'; END; $$ LANGUAGE plpgsql; "
    "CREATE TRIGGER events_append_only BEFORE UPDATE OR DELETE ON events "
    "FOR EACH ROW EXECUTE FUNCTION events_append_only()"
)
"""PostgreSQL: the trigger that refuses changing or removing an event row."""


def _sqlite_restore(conn: Connection) -> None:
    for trigger in SQLITE_TRIGGERS:
        conn.exec_driver_sql(trigger)


def _postgres_lift(conn: Connection) -> None:
    conn.exec_driver_sql("ALTER TABLE events DISABLE TRIGGER events_append_only")


def _postgres_restore(conn: Connection) -> None:
    conn.exec_driver_sql("ALTER TABLE events ENABLE TRIGGER events_append_only")


TRIGGERS: Final[dict[str, tuple[Callable[[Connection], None], Callable[[Connection], None]]]] = {
    "sqlite": (_sqlite_lift, _sqlite_restore),
    "postgresql": (_postgres_lift, _postgres_restore),
}
"""Per database kind: how the append-only triggers are lifted for a migration and restored."""


def upgrade_1_to_2(conn: Connection, dialect: str) -> str:
    """Add and fill the hash-chain ``link`` of every event row, inside the caller's transaction
    on ``conn`` (database kind ``dialect``: ``sqlite`` or ``postgresql``). Returns what was done,
    in one line. Raises ``MigrationRefused`` naming the game and event where a journal has a gap
    or a misplaced ``GameStarted`` (nothing is then written)."""
    rows = conn.execute(
        text(
            "SELECT g.name, e.game_id, e.seq, e.kind, e.payload FROM events e "
            "JOIN games g ON g.id = e.game_id ORDER BY e.game_id, e.seq"
        )
    ).all()
    chains: dict[tuple[str, int], list[ChainRow]] = {}
    for name, game_id, seq, kind, payload in rows:
        chain = chains.setdefault((name, game_id), [])
        previous = chain[-1].link if chain else START
        chain.append(ChainRow(seq, kind, payload, link(previous, seq, kind, payload)))
    for (name, _game_id), chain in chains.items():
        broken = first_break(chain)  # the links are new: this checks the numbers and the start
        if broken is not None:
            raise MigrationRefused(f"game {name!r}: {broken[1]}; the journal was left at schema 1")
    links = [
        {"link": row.link, "game_id": game_id, "seq": row.seq}
        for (_name, game_id), chain in chains.items()
        for row in chain
    ]
    lift, restore = TRIGGERS[dialect]
    lift(conn)
    conn.exec_driver_sql("ALTER TABLE events ADD COLUMN link VARCHAR(64) NOT NULL DEFAULT ''")
    if links:
        conn.execute(
            text("UPDATE events SET link = :link WHERE game_id = :game_id AND seq = :seq"), links
        )
    restore(conn)
    conn.execute(text("UPDATE quartermaster_meta SET value = '2' WHERE key = 'schema_version'"))
    conn.execute(
        text("INSERT INTO quartermaster_meta (key, value) VALUES ('migrated 1-2', :when)"),
        {"when": datetime.now(UTC).isoformat(timespec="seconds")},
    )
    games = len(chains)
    return f"journal schema 1 -> 2: {len(links)} events of {games} game(s) linked in a hash chain"


UPGRADES: Final[dict[str, Callable[[Connection, str], str]]] = {"1": upgrade_1_to_2}
"""The upgrade from each earlier schema version to the next."""
