"""How ``EventStore.append`` writes a game's new events in as few round trips as it can
(issue 14 item 5).

An append chains its rows from the link of the event before them (``ledger.journal.chain``)
and writes them with one ``INSERT … SELECT … WHERE`` per ``ROWS_PER_INSERT`` rows: the rows go
in only if the event before them is stored with the link they were chained from and their
first number is free; two writers inserting at the same moment are parted by the (game, seq)
primary key. So a writer that holds the number and link of the last event need not read it
first, and a stale or wrong ``(seq, link)`` writes nothing: the chain cannot break. A session
holds only links it verified or wrote, and stored rows never change (triggers refuse it), so a
link that does not match means the row was altered outside Quartermaster.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from datetime import datetime
from typing import Any, Final

from sqlalchemy import Insert, Table, bindparam, insert, select, union_all
from sqlalchemy.engine import Connection

from ledger.journal.chain import START, link
from ledger.journal.codec import encode
from ledger.journal.errors import JournalBrokenError, StaleSequenceError
from ledger.model.events import Event

ROWS_PER_INSERT: Final = 150
"""Event rows per INSERT (6 parameters a row, under SQLite's old limit of 999)."""


_COUNTED: Final = {"preserve_rowcount": True}
"""An INSERT's rows written (SQLAlchemy keeps every driver's row count only when asked)."""


def chained(
    game_id: int, events: Sequence[Event], after: int, previous: str, now: datetime
) -> list[dict[str, Any]]:
    """The event rows of ``events`` numbered from ``after + 1``, their links chained from
    ``previous`` (the link of event ``after``), each recorded at ``now``."""
    rows: list[dict[str, Any]] = []
    for seq, e in enumerate(events, start=after + 1):
        payload = encode(e)
        previous = link(previous, seq, e.kind, payload)
        rows.append(
            {
                "game_id": game_id,
                "seq": seq,
                "kind": e.kind,
                "payload": payload,
                "recorded_at": now,
                "link": previous,
            }
        )
    return rows


def last_row(conn: Connection, table: Table, game_id: int) -> tuple[int, str]:
    """The sequence number and link of the game's newest event in the events ``table``
    (``(0, START)`` when it has none)."""
    row = conn.execute(
        select(table.c.seq, table.c.link)
        .where(table.c.game_id == game_id)
        .order_by(table.c.seq.desc())
        .limit(1)
    ).first()
    return (row.seq, row.link) if row is not None else (0, START)


def insert_chained(
    conn: Connection, table: Table, rows: Sequence[dict[str, Any]], previous: str
) -> bool:
    """Insert ``rows`` (from ``chained``, ``previous`` the link they follow) into the events
    ``table``, ``ROWS_PER_INSERT`` a statement; ``False`` as soon as one statement finds the
    event before its rows missing or stored with another link, or its first number taken (it
    wrote nothing; the caller rolls back). Raises ``IntegrityError`` when another writer
    stored one of the numbers during the statement."""
    for at in range(0, len(rows), ROWS_PER_INSERT):
        chunk = rows[at : at + ROWS_PER_INSERT]
        first = chunk[0]
        values = {
            "after_game": first["game_id"],
            "after_seq": first["seq"] - 1,
            "after_link": rows[at - 1]["link"] if at else previous,
        }
        for i, row in enumerate(chunk):
            values.update({f"{name}_{i}": value for name, value in row.items()})
        statement = insert_after(table, len(chunk), first["seq"] > 1)
        if conn.execute(statement, values, execution_options=_COUNTED).rowcount != len(chunk):
            return False
    return True


@functools.cache
def insert_after(table: Table, rows: int, checked: bool) -> Insert:
    """``INSERT INTO events SELECT <rows> WHERE EXISTS (event after_seq of game after_game,
    stored with the link after_link) AND NOT EXISTS (event after_seq + 1)``: ``rows`` rows in
    one statement, or none. The rows' values are named ``<column>_<row>`` (from 0); ``checked``
    is false only before event 1, which follows nothing. Built once per shape.

    The NOT EXISTS turns the usual conflict (a writer that read before another one appended)
    into no row written instead of an error; two writers inserting at once are still parted
    by the primary key (``IntegrityError``)."""
    selects = [
        select(*(bindparam(f"{c.name}_{i}", type_=c.type).label(c.name) for c in table.c))
        for i in range(rows)
    ]
    game = table.c.game_id == bindparam("after_game", type_=table.c.game_id.type)
    after = bindparam("after_seq", type_=table.c.seq.type)
    taken = select(table.c.seq).where(game, table.c.seq == after + 1).exists()
    query = select((selects[0] if rows == 1 else union_all(*selects)).subquery("new"))
    query = query.where(~taken)
    if checked:
        link_held = table.c.link == bindparam("after_link")
        query = query.where(
            select(table.c.seq).where(game, table.c.seq == after, link_held).exists()
        )
    return insert(table).from_select(list(table.c.keys()), query)


def refusal(
    conn: Connection, table: Table, game: str, where: str, game_id: int, expected: int
) -> Exception:
    """Why an append after event ``expected`` of ``game`` (id ``game_id``, in database
    ``where``) wrote nothing: ``StaleSequenceError`` when the journal is at another number,
    else ``JournalBrokenError`` (the event is stored with another link than the writer's)."""
    found = last_row(conn, table, game_id)[0]
    if found != expected:
        return StaleSequenceError(game, expected, found)
    return JournalBrokenError(
        f"game {game!r} in {where}: event {expected} is stored with another link than the one "
        "this writer read (altered outside Quartermaster?); nothing was written",
        expected,
    )
