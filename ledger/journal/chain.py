"""The journal's hash chain: each event row stores a SHA-256 link over its predecessor's link and
its own sequence number, kind and payload, from the game's ``GameStarted`` (seq 1) on.

Opening a game recomputes the chain, so a row altered, removed, duplicated or inserted by hand
is found, with the first sequence number that does not hold. The chain guards against damage
and editing outside Quartermaster; it holds no secret, so it proves nothing against someone who
rewrites the whole chain on purpose.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from typing import Any, Final, NamedTuple

START: Final = ""
"""The link before a game's first event."""
GAME_STARTED: Final = "game_started"
"""The ``kind`` of the one event that opens a game's journal, at sequence number 1."""


def link(previous: str, seq: int, kind: str, payload: str) -> str:
    """The hex SHA-256 link of event ``seq`` (its ``kind`` and JSON ``payload``) after the link
    ``previous`` (``START`` for the first event)."""
    return hashlib.sha256(f"{previous}\0{seq}\0{kind}\0{payload}\0".encode()).hexdigest()


class ChainRow(NamedTuple):
    """One stored event row as the chain sees it: its first four columns (a database row
    selected as seq, kind, payload, link, ... will do)."""

    seq: int
    kind: str
    payload: str
    link: str


def first_break(
    rows: Iterable[Sequence[Any]], *, previous: str = START, expected: int = 1
) -> tuple[int, str] | None:
    """``(sequence number, what is wrong)`` for the first row of a game's journal (rows in
    sequence order, each beginning seq, kind, payload, link) that breaks it, or ``None`` when
    the journal holds: numbers run 1, 2, 3, … without gap, exactly one ``GameStarted`` and at
    1, and every stored link is recomputed. A tail of the journal is checked from the link
    ``previous`` of the event before ``expected`` (the tail may then be empty)."""
    start = expected
    for seq, kind, payload, stored, *_ in rows:
        if seq != expected:
            return expected, f"event {expected} is missing (the next stored is {seq})"
        if (kind == GAME_STARTED) != (seq == 1):
            what = "the first event is not the game's start" if seq == 1 else "a second start"
            return seq, f"event {seq}: {what}"
        if link(previous, seq, kind, payload) != stored:
            return seq, f"event {seq} was altered or inserted outside Quartermaster"
        previous = stored
        expected += 1
    if expected == 1 == start:
        return 1, "the journal holds no event"
    return None
