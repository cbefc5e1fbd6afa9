"""The journal's hash chain: each event row stores a SHA-256 link over its predecessor's link and
its own sequence number, kind and payload, from the game's ``GameStarted`` (seq 1) on.

Opening a game recomputes the chain, so a row altered, removed, duplicated or inserted by hand
is found, with the first sequence number that does not hold. The chain guards against damage
and editing outside Quartermaster; it holds no secret, so it proves nothing against someone who
rewrites the whole chain on purpose.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final, Protocol

START: Final = ""
"""The link before a game's first event."""
GAME_STARTED: Final = "game_started"
"""The ``kind`` of the one event that opens a game's journal, at sequence number 1."""


def link(previous: str, seq: int, kind: str, payload: str) -> str:
    """The hex SHA-256 link of event ``seq`` (its ``kind`` and JSON ``payload``) after the link
    ``previous`` (``START`` for the first event)."""
    return hashlib.sha256(f"{previous}\0{seq}\0{kind}\0{payload}\0".encode()).hexdigest()


class Linked(Protocol):
    """An event row as the chain sees it (a database row with these columns will do)."""

    @property
    def seq(self) -> int: ...
    @property
    def kind(self) -> str: ...
    @property
    def payload(self) -> str: ...
    @property
    def link(self) -> str: ...


@dataclass(frozen=True, slots=True)
class ChainRow:
    """One stored event row as the chain sees it."""

    seq: int
    kind: str
    payload: str
    link: str


def first_break(
    rows: Iterable[Linked], *, previous: str = START, expected: int = 1
) -> tuple[int, str] | None:
    """``(sequence number, what is wrong)`` for the first row of a game's journal (rows in
    sequence order) that breaks it, or ``None`` when the journal holds: numbers run 1, 2, 3, …
    without gap, exactly one ``GameStarted`` and at 1, and every stored link is recomputed.
    A tail of the journal is checked from the link ``previous`` of the event before
    ``expected`` (the tail may then be empty)."""
    start = expected
    for row in rows:
        if row.seq != expected:
            return expected, f"event {expected} is missing (the next stored is {row.seq})"
        if (row.kind == GAME_STARTED) != (row.seq == 1):
            what = "the first event is not the game's start" if row.seq == 1 else "a second start"
            return row.seq, f"event {row.seq}: {what}"
        if link(previous, row.seq, row.kind, row.payload) != row.link:
            return row.seq, f"event {row.seq} was altered or inserted outside Quartermaster"
        previous = row.link
        expected += 1
    if expected == 1 == start:
        return 1, "the journal holds no event"
    return None
