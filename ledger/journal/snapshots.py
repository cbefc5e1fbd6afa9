"""Snapshots: a game's folded state stored beside its journal, so opening a game folds only the
events after the newest snapshot instead of the whole journal.

Snapshots are derived data. One is kept at each end of an Operations Stage and every
``SNAPSHOT_EVERY`` events, keyed by the game, the sequence number it was folded to, the hash-chain
link of that event and the version of the fold (a digest of the code that folds and decodes:
``ledger.model`` and the event codec). A snapshot is used only when its version is this code's and
its link is the journal's link at its sequence number; any other is ignored, and a new one is
written. Deleting the ``snapshots`` table changes nothing but speed; a database that cannot take
one (read-only) is simply read without.
"""

from __future__ import annotations

import functools
import hashlib
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib import resources
from typing import Final

from sqlalchemy import Column, DateTime, Integer, MetaData, String, Table, Text, inspect, select
from sqlalchemy.exc import IntegrityError

from ledger.journal.codec import CorruptPayloadError, decode_state, encode_state
from ledger.journal.errors import StoreError
from ledger.journal.store import EventStore, events_by_kind, events_table
from ledger.model.state import GameState

SNAPSHOT_EVERY: Final = 1000
"""Events between two snapshots when no Operations Stage ends in between."""

SNAPSHOTS_KEPT: Final = 3
"""Snapshots kept per game: the newest ones; an older one is dropped when a new one is saved
(about 1 MB each at 800 counters: a campaign's 1,300 would fill 1.3 GB)."""

_metadata = MetaData()
snapshots_table = Table(
    "snapshots",
    _metadata,
    Column("game_id", Integer, primary_key=True),
    Column("seq", Integer, primary_key=True, autoincrement=False),
    Column("fold_version", String(64), nullable=False),
    Column("link", String(64), nullable=False),
    Column("state", Text, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)


@functools.cache
def fold_version() -> str:
    """A hex digest of the code that turns a journal into a state: every module of
    ``ledger.model`` and the event codec. Any change to them makes older snapshots stale."""
    digest = hashlib.sha256()
    folders = [resources.files("ledger.model"), resources.files("ledger.model.rulings")]
    sources = [f for folder in folders for f in folder.iterdir() if f.name.endswith(".py")]
    sources.append(resources.files("ledger.journal").joinpath("codec.py"))
    for source in sorted(sources, key=str):
        digest.update(source.read_bytes())
    return digest.hexdigest()


@dataclass(frozen=True, slots=True)
class Snapshot:
    """A game's ``state`` folded to event ``seq``, whose hash-chain link is ``link``."""

    seq: int
    link: str
    state: GameState


def latest(store: EventStore, name: str) -> Snapshot | None:
    """The newest usable snapshot of game ``name``: of this fold version, its link still the
    journal's link at its sequence number, and readable. ``None`` when there is none. Raises
    ``UnknownGameError``, ``StoreError``."""
    with store.translated(), store.engine.connect() as conn:
        if not inspect(conn).has_table("snapshots"):
            return None
        game_id = store.game_id_of(conn, name)
        row = conn.execute(
            select(snapshots_table.c.seq, snapshots_table.c.link, snapshots_table.c.state)
            .where(
                snapshots_table.c.game_id == game_id,
                snapshots_table.c.fold_version == fold_version(),
            )
            .order_by(snapshots_table.c.seq.desc())
            .limit(1)
        ).first()
        if row is None:
            return None
        stored = conn.execute(
            select(events_table.c.link).where(
                events_table.c.game_id == game_id, events_table.c.seq == row.seq
            )
        ).scalar()
    if stored != row.link:
        return None
    try:
        return Snapshot(row.seq, row.link, decode_state(row.state))
    except CorruptPayloadError:
        return None


def save(store: EventStore, name: str, seq: int, link: str, state: GameState) -> None:
    """Keep ``state`` as game ``name``'s snapshot at event ``seq`` (link ``link``), in place of
    any snapshot of another fold version or at the same event, and of all but the newest
    ``SNAPSHOTS_KEPT``; creates the table on first use.
    A database that cannot take it (read-only, locked, another writer saving the same one) is
    left as it is: snapshots only save time."""
    try:
        with store.translated(), store.writing() as conn, conn.begin():
            _metadata.create_all(conn)
            events_by_kind.create(conn, checkfirst=True)  # a database made before it
            game_id = store.game_id_of(conn, name)
            conn.execute(  # stale ones go: another fold's, or one whose link no longer holds
                snapshots_table.delete().where(
                    snapshots_table.c.game_id == game_id,
                    (snapshots_table.c.fold_version != fold_version())
                    | (snapshots_table.c.seq == seq),
                )
            )
            kept = (
                select(snapshots_table.c.seq)
                .where(snapshots_table.c.game_id == game_id)
                .order_by(snapshots_table.c.seq.desc())
                .limit(SNAPSHOTS_KEPT - 1)
                .scalar_subquery()
            )
            conn.execute(
                snapshots_table.delete().where(
                    snapshots_table.c.game_id == game_id, snapshots_table.c.seq.not_in(kept)
                )
            )
            conn.execute(
                snapshots_table.insert().values(
                    game_id=game_id,
                    seq=seq,
                    fold_version=fold_version(),
                    link=link,
                    state=encode_state(state),
                    created_at=datetime.now(UTC),
                )
            )
    except (IntegrityError, StoreError):
        return
