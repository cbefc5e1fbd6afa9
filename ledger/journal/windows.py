"""Reading part of a journal: the newest events, or those since an Operations Stage, verified
without reading the rest (issue 14: a history of the last 50 events read the whole journal).

A window is checked by the hash chain from the stored link of the event before it up to a link
the caller has verified already (a session's newest event: itself verified from its snapshot
or from the game's start). Since each link is a SHA-256 over the one before, a window whose
recomputed chain ends at that link is exactly what was written; a window that does not is
refused with the first sequence number that does not hold, as a whole journal would be.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from sqlalchemy import select

from ledger.journal.chain import START, first_break
from ledger.journal.errors import JournalBrokenError
from ledger.journal.store import EVENT_ROW, EventStore, Recorded, events_table
from ledger.model.events import EventUndone


def load_window(
    store: EventStore,
    name: str,
    first: int,
    through: tuple[int, str],
    kinds: frozenset[str] | None = None,
) -> list[Recorded]:
    """Events ``first`` to ``through[0]`` of game ``name``, oldest first, verified from the
    stored link of event ``first - 1`` to the known link ``through[1]`` of the last.
    ``first`` below 1 reads from the game's start. With ``kinds``, every row is verified but
    only the events of those kinds (and the undoing of one of them) are decoded and given.
    Raises ``UnknownGameError``, ``JournalBrokenError`` (with the sequence number),
    ``StoreError``."""
    last, known = through
    first = max(1, min(first, last + 1))
    with store.translated(), store.engine.connect() as conn:
        game_id = store.game_id_of(conn, name)
        rows = list(
            conn.execute(
                select(*EVENT_ROW)
                .where(
                    events_table.c.game_id == game_id,
                    events_table.c.seq >= max(first - 1, 1),
                    events_table.c.seq <= last,
                )
                .order_by(events_table.c.seq)
            ).all()
        )
    where = f"game {name!r} in {store.location}: the journal breaks at event"
    previous = START
    if first > 1:
        if not rows or rows[0].seq != first - 1:
            raise JournalBrokenError(f"{where} {first - 1}: it is missing", first - 1)
        previous = rows.pop(0).link
    broken = first_break(
        rows,
        previous=previous,
        expected=first,
    )
    if broken is not None:
        raise JournalBrokenError(f"{where} {broken[0]}: {broken[1]}", broken[0])
    if (rows[-1].link if rows else previous) != known or (rows and rows[-1].seq != last):
        raise JournalBrokenError(f"{where} {last}: it is not the event read before", last)
    if kinds is None:
        return store.decoded(name, rows)
    wanted = store.decoded(name, [r for r in rows if r.kind in kinds or r.kind == UNDONE])
    return [
        r for r in wanted if not isinstance(r.event, EventUndone) or r.event.undone.kind in kinds
    ]


UNDONE: Final = "event_undone"


def stage_end_back(store: EventStore, name: str, count: int, through: int) -> int:
    """The sequence number of the ``count``-th newest end of an Operations Stage at or before
    event ``through`` of game ``name`` (1, the game's start, when there are fewer). Raises
    ``UnknownGameError``, ``StoreError``."""
    with store.translated(), store.engine.connect() as conn:
        game_id = store.game_id_of(conn, name)
        found = conn.execute(
            select(events_table.c.seq)
            .where(
                events_table.c.game_id == game_id,
                events_table.c.kind == "operations_stage_ended",
                events_table.c.seq <= through,
            )
            .order_by(events_table.c.seq.desc())
            .limit(1)
            .offset(max(count - 1, 0))
        ).scalar()
    return int(found) if found is not None else 1


STREAM_BATCH = 5000
"""Event rows read, verified and decoded at a time when a whole journal is streamed."""


def stream(
    store: EventStore, name: str, after: tuple[int, str] | None = None
) -> Iterator[Recorded]:
    """Every event of game ``name`` after ``after`` (its sequence number and verified link;
    ``None``: from the game's start), oldest first, read ``STREAM_BATCH`` rows at a time and
    verified as they come (``EventStore.partitions``), so a million-event journal is never
    held in memory at once (its text alone is 400 MB). Raises ``UnknownGameError``,
    ``JournalBrokenError`` at the first event that does not hold (the events before it have
    been yielded), ``StoreError``."""
    for rows in store.partitions(name, after, STREAM_BATCH):
        yield from store.decoded(name, rows)
