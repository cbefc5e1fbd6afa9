"""Undo: the latest player action reversed by new ``EventUndone`` events; nothing is deleted."""

from __future__ import annotations

from collections.abc import Sequence

from ledger.commands.outcome import Outcome, refuse
from ledger.model.errors import LedgerError
from ledger.model.events import Event, EventUndone, GameStarted
from ledger.model.source import Source


def undo(
    journal: Sequence[tuple[int, Event]], source: Source, expected_seq: int | None = None
) -> Outcome:
    """Reverse the latest player action not yet reversed, by new ``EventUndone`` events.

    A player action is the newest live event that the players recorded, together with the
    app-made events the ledger posted after it (the idle RP after an end of Operations Stage).
    ``journal`` is the game's events with their sequence numbers, oldest first. Nothing is
    deleted. Refused when only the game's start remains, and, with ``expected_seq`` (the event
    a player was shown as the one Undo reverses), when the latest action is now another one
    (someone recorded after the player looked).
    """
    undone = {e.undone_seq for _, e in journal if isinstance(e, EventUndone)}
    batch: list[EventUndone] = []
    for seq, event in reversed(journal):
        if isinstance(event, EventUndone) or seq in undone:
            continue
        if isinstance(event, GameStarted):
            break
        batch.append(EventUndone(source, seq, event))
        if not event.source.app_made:
            break
    if not batch:
        return refuse(
            LedgerError("undo", "nothing to undo: the journal holds only the game's start")
        )
    latest = batch[-1].undone_seq  # the player's action the batch ends at
    if expected_seq is not None and expected_seq not in (e.undone_seq for e in batch):
        return refuse(
            LedgerError(
                "undo",
                f"the last action is now #{latest} ({batch[-1].undone.kind.replace('_', ' ')}), "
                f"not #{expected_seq} that was shown: look again before undoing",
            )
        )
    return Outcome(events=tuple(batch))


def undo_can_decide(journal: Sequence[tuple[int, Event]]) -> bool:
    """Whether ``journal``, the newest part of a game's events (oldest first), holds all
    ``undo`` needs: going back from the newest, a live event the players recorded, or the
    game's start. (An event can only be undone by a later one, so the undone ones among them
    are known from the part itself.) ``False``: read further back."""
    undone = {e.undone_seq for _, e in journal if isinstance(e, EventUndone)}
    for seq, event in reversed(journal):
        if isinstance(event, GameStarted):
            return True
        if isinstance(event, EventUndone) or seq in undone:
            continue
        if not event.source.app_made:
            return True
    return False
