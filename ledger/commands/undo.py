"""Undo: the latest player action reversed by new ``EventUndone`` events; nothing is deleted."""

from __future__ import annotations

from collections.abc import Sequence

from ledger.commands.outcome import Outcome, refuse
from ledger.commands.plots import plot_undo_error
from ledger.model.errors import LedgerError
from ledger.model.events import (
    Event,
    EventUndone,
    GameStarted,
    SuppliesArrived,
    TruckPointsMoved,
)
from ledger.model.seats import Seat, side_name
from ledger.model.setup_step import CounterPlaced, SetupFinished
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.model.view import touched


def undo(
    journal: Sequence[tuple[int, Event]],
    source: Source,
    expected_seq: int | None = None,
    seat: Seat | None = None,
    state: GameState | None = None,
) -> Outcome:
    """Reverse the latest player action not yet reversed, by new ``EventUndone`` events.

    A player action is the newest live event that the players recorded, together with the
    app-made events the ledger posted after it (the idle RP after an end of Operations Stage).
    ``journal`` is the game's events with their sequence numbers, oldest first. Nothing is
    deleted. Refused when only the game's start remains, and, with ``expected_seq`` (the event
    a player was shown as the one Undo reverses), when the latest action is now another one
    (someone recorded after the player looked).

    With a side's ``seat`` (ruling ``seat-undo``): only that seat's own latest action (the
    events recorded with its name), refused when the action moved the clock (5.2) and
    anything was recorded after it, and, under ``own-untouched`` (the default), when another
    seat's later live entry touches the same units, dumps or trucks (``state``: the current
    ledger, to tell what an entry touches); under ``own-latest``, when anything at all was
    recorded after it. The umpire's seat, and ``seat=None``, undo the table's latest action as
    before. Whoever asks, a set-up event (a placement, a side's ``SetupFinished`` and its
    starting Water, a free load or spread of first-line trucks) is not undone once the game
    has started and anything else was recorded after it (59.4: the set-up is over before the
    first Operations Stage).
    """
    undone = {e.undone_seq for _, e in journal if isinstance(e, EventUndone)}
    mine = seat is not None and not seat.umpire
    batch: list[EventUndone] = []
    for seq, event in reversed(journal):
        if isinstance(event, EventUndone) or seq in undone:
            continue
        if isinstance(event, GameStarted):
            break
        if mine and seat is not None and event.source.seat != seat.name:
            continue
        batch.append(EventUndone(source, seq, event))
        if not event.source.app_made:
            break
    if not batch:
        nothing = "the journal holds only the game's start"
        if mine and seat is not None:
            nothing = f"{seat.name} has recorded nothing that is not undone"
        return refuse(LedgerError("undo", f"nothing to undo: {nothing}"))
    latest = batch[-1].undone_seq  # the player's action the batch ends at
    started = _setup_undo_error(journal, undone, batch, state)
    if started is not None:
        return refuse(started)
    if mine and state is not None:
        later = _later_entries(journal, undone, batch)
        blocked = _blocking(later, batch, state, state.ruling("seat-undo") == "own-latest")
        if blocked is not None:
            return refuse(blocked)
        revealed = plot_undo_error(batch, state)  # 5.2 III G: a revealed plot stays
        if revealed is not None:
            return refuse(revealed)
    if expected_seq is not None and expected_seq not in (e.undone_seq for e in batch):
        return refuse(
            LedgerError(
                "undo",
                f"the last action is now #{latest} ({batch[-1].undone.kind.replace('_', ' ')}), "
                f"not #{expected_seq} that was shown: look again before undoing",
            )
        )
    return Outcome(events=tuple(batch))


def _is_setup_event(seq: int, event: Event, live: Sequence[tuple[int, Event]]) -> bool:
    """Whether ``event`` (at ``seq``) belongs to the set-up (59.4): a placement, a
    ``SetupFinished``, supplies given free at set-up (59.45, 60.44), or a truck-point move
    followed by a live ``SetupFinished`` (a spread, 59.42: none is written once the game has
    started). ``live``: the journal's events not undone."""
    if isinstance(event, (CounterPlaced, SetupFinished)):
        return True
    if isinstance(event, SuppliesArrived):
        return event.cause == "set-up"
    if isinstance(event, TruckPointsMoved):
        return any(s > seq and isinstance(e, SetupFinished) for s, e in live)
    return False


def _setup_undo_error(
    journal: Sequence[tuple[int, Event]],
    undone: set[int],
    batch: Sequence[EventUndone],
    state: GameState | None,
) -> LedgerError | None:
    """59.4: why ``batch`` may not be undone — it holds a set-up event, the game has started
    (``state.setup_open`` empty) and a live event that is not the set-up's was recorded after
    it (reopening the set-up mid-game); ``None`` when it may."""
    if state is None or state.setup_open:
        return None
    live = [(s, e) for s, e in journal if s not in undone and not isinstance(e, EventUndone)]
    setup = [e for e in batch if _is_setup_event(e.undone_seq, e.undone, live)]
    if not setup:
        return None
    first = min(e.undone_seq for e in setup)
    held = {e.undone_seq for e in batch}
    later = [
        (s, e) for s, e in live if s > first and s not in held and not _is_setup_event(s, e, live)
    ]
    if not later:
        return None
    seq, event = later[0]
    return LedgerError(
        "undo",
        f"#{setup[-1].undone_seq} ({setup[-1].undone.kind.replace('_', ' ')}) is part of the "
        f"set-up, and the game has started: #{seq} ({event.kind.replace('_', ' ')}) was "
        "recorded after it. The set-up is over before the first Operations Stage; undo the "
        "later entries first (the umpire) to reopen it",
        "59.4",
    )


def undo_can_decide(journal: Sequence[tuple[int, Event]], seat: Seat | None = None) -> bool:
    """Whether ``journal``, the newest part of a game's events (oldest first), holds all
    ``undo`` needs: going back from the newest, a live event the players recorded (with a
    side's ``seat``, one that seat recorded), or the game's start. (An event can only be
    undone by a later one, so the undone ones among them are known from the part itself.)
    ``False``: read further back."""
    mine = None if seat is None or seat.umpire else seat.name
    undone = {e.undone_seq for _, e in journal if isinstance(e, EventUndone)}
    for seq, event in reversed(journal):
        if isinstance(event, GameStarted):
            return True
        if isinstance(event, EventUndone) or seq in undone:
            continue
        if not event.source.app_made and mine in (None, event.source.seat):
            return True
    return False


def _later_entries(
    journal: Sequence[tuple[int, Event]], undone: set[int], batch: Sequence[EventUndone]
) -> list[tuple[int, Event]]:
    """The live entries after the batch's player action that the batch does not hold."""
    first = batch[-1].undone_seq
    held = {e.undone_seq for e in batch}
    return [
        (seq, e)
        for seq, e in journal
        if seq > first and seq not in held and seq not in undone and not isinstance(e, EventUndone)
    ]


CLOCK_KINDS = frozenset({"phase_advanced", "operations_stage_ended"})


def _blocking(
    later: Sequence[tuple[int, Event]],
    batch: Sequence[EventUndone],
    state: GameState,
    latest_only: bool,
) -> LedgerError | None:
    """Ruling ``seat-undo``: why a seat's own action cannot be taken back past the ``later``
    entries of other seats (``None``: nothing blocks it)."""
    if not later:
        return None
    action = batch[-1]
    side = action.source.side

    def who(event: Event) -> str:
        """The seat that recorded ``event``; only its side when it is the other side's."""
        if event.source.side is not None and side is not None and event.source.side != side:
            return side_name(event.source.side)
        return event.source.seat or ("the ledger" if event.source.app_made else "another player")

    def named(holder: str) -> str:
        return (
            state.holder_name(holder)
            if state.holder_side(holder) in (side, None)
            else ("a counter of the other side")
        )

    if latest_only:
        seq, event = later[-1]
        return LedgerError(
            "undo",
            f"#{seq} ({who(event)}) was recorded after #{action.undone_seq}: under ruling "
            "seat-undo=own-latest only the table's latest action can be undone",
        )
    if action.undone.kind in CLOCK_KINDS:
        seq, event = later[-1]
        return LedgerError(
            "undo",
            f"#{action.undone_seq} moved the clock and #{seq} ({who(event)}) was recorded "
            "after it: ask the umpire to undo it",
            "5.2",
        )
    mine = frozenset().union(*(touched(e.undone, state) for e in batch))
    for seq, event in later:
        shared = touched(event, state) & mine
        if shared:
            return LedgerError(
                "undo",
                f"#{seq} ({who(event)}) was recorded after #{action.undone_seq} on the same "
                f"counters ({', '.join(sorted(named(i) for i in shared))}): "
                "it would be undone out of order; ask that seat or the umpire",
            )
    return None
