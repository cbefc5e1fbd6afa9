"""One game's journal and its current state: load, run a command, append its events.

``GameSession`` is what the CLI and the dashboard talk to. It folds the journal on opening,
runs a command against the current state, appends the command's events with the sequence
number it read (so a concurrent writer is detected), and folds them in.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence

from ledger.commands.outcome import Outcome
from ledger.commands.setup import setup_errors
from ledger.commands.undo import undo_can_decide
from ledger.journal import snapshots, windows
from ledger.journal.bulk import paused_gc
from ledger.journal.store import EventStore, Recorded
from ledger.model.apply import fold, fold_onto
from ledger.model.errors import LedgerError
from ledger.model.events import Event, EventUndone, GameStarted, OperationsStageEnded
from ledger.model.rulings import RULINGS
from ledger.model.scenario import Setup
from ledger.model.scenario_rulings import (
    chosen_effects,
    setup_problems,
    unexpressed_choices,
    with_ruling_choices,
)
from ledger.model.seats import Seat, posting_errors, with_seat
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.model.units import SIDES
from ledger.model.view import view_for

UNDO_WINDOW = 256
"""Events read back first when looking for what ``undo`` reverses."""


class CommandRefused(Exception):
    """A command found errors in the player's input; ``errors`` lists every one."""

    def __init__(self, errors: Sequence[LedgerError]) -> None:
        super().__init__("\n".join(str(e) for e in errors))
        self.errors = tuple(errors)


def validate_ruling_choices(setup: Setup, choices: dict[str, str]) -> list[LedgerError]:
    """Errors for ruling choices that name no ruling or an option the ruling does not offer."""
    known = {r.id: r for r in (*RULINGS, *setup.rulings)}
    errors = []
    for ruling_id, option in choices.items():
        ruling = known.get(ruling_id)
        if ruling is None:
            errors.append(
                LedgerError(
                    "--ruling", f"no ruling {ruling_id!r}; known: {', '.join(sorted(known))}"
                )
            )
        elif option not in ruling.options:
            errors.append(
                LedgerError(
                    "--ruling",
                    f"{ruling_id}: expected one of {', '.join(ruling.options)}, found {option!r}",
                    ruling.case,
                )
            )
    return errors


def create_game(
    store: EventStore,
    name: str,
    setup: Setup,
    choices: dict[str, str] | None = None,
    *,
    setup_step: bool = True,
) -> GameSession:
    """Create game ``name`` from a validated scenario ``setup``; returns its session.

    With ``setup_step`` (the default) the game opens in the set-up step (59.4): both sides
    have their set-up to do (``GameStarted.setup_sides``), and nothing but the set-up's
    commands is written until each has finished (``ledger.commands.setup``). Without it the
    table has set up on the board and tells the ledger nothing more: the game starts at once.

    Raises ``CommandRefused`` for bad ruling choices, ``DuplicateGameError`` for a taken name.
    """
    choices = choices or {}
    errors = validate_ruling_choices(setup, choices)
    if not name.strip():
        errors.append(LedgerError("NAME", "a game needs a name"))
    if errors:
        raise CommandRefused(errors)
    setup = _as_chosen(setup, choices)
    started = GameStarted(
        Source(
            setup.info.start, reason=f"scenario {setup.info.case} {setup.info.name}", app_made=True
        ),
        setup,
        tuple(sorted(choices.items())),
        SIDES if setup_step else (),
    )
    store.create_game(name, setup.info.id, started)
    return GameSession(store, name)


def _as_chosen(setup: Setup, choices: dict[str, str]) -> Setup:
    """The set-up the game plays: the chosen options of the scenario's rulings applied
    (``ledger.model.scenario_rulings``). Raises ``CommandRefused`` for an option the ledger's
    data does not express, or choices that together leave the set-up broken, naming the
    rulings."""
    errors = unexpressed_choices(setup, choices)
    if errors:
        raise CommandRefused(errors)
    played = with_ruling_choices(setup, choices)
    problems = setup_problems(played)
    if problems:
        named = sorted({e.ruling for e in chosen_effects(setup, choices)})
        raise CommandRefused(
            [
                LedgerError("--ruling", f"{', '.join(named)} together: {problem}")
                for problem in problems
            ]
        )
    return played


class GameSession:
    """The journal of game ``name`` in ``store`` and the state it folds to.

    Opening folds only the events after the newest usable snapshot
    (``ledger.journal.snapshots``), verified from the snapshot's link; the whole journal is
    read (and verified) only when ``journal`` is asked for (history, undo). Raises
    ``UnknownGameError`` when there is no such game, ``StoreError`` when the database cannot
    be read, ``JournalBrokenError`` when the journal does not hold.

    ``seat`` is who is signed in (``ledger.journal.seats.open_session`` checks the
    passphrase and that a game with seats gets one): ``view`` is the ledger as the seat may
    see it, and ``execute`` posts only what the seat's roles keep, each event recording the
    seat. ``None``: the solo table, which sees and may do everything.
    """

    def __init__(self, store: EventStore, name: str, seat: Seat | None = None) -> None:
        self.store = store
        self.name = name
        self.seat = seat
        self._journal: list[Recorded] | None = None
        self._view: tuple[int, GameState] | None = None
        with paused_gc():
            self._open()

    def _open(self) -> None:
        store, name = self.store, self.name
        start = snapshots.latest(store, name)
        if start is None:  # the whole journal, streamed: never all in memory at once
            self._last = (0, "")
            self.state: GameState = fold(self._tracked(windows.stream(store, name)))
            if self.last_seq >= snapshots.SNAPSHOT_EVERY:
                snapshots.save(store, name, *self._last, self.state)
            return
        self._last = (start.seq, start.link)
        tail = store.load(name, after=self._last)
        self.state = fold_onto(start.state, (r.event for r in tail))
        if tail:
            self._last = (tail[-1].seq, tail[-1].link)

    def _tracked(self, recorded: Iterable[Recorded]) -> Iterator[Event]:
        """The events of ``recorded``, noting each one's sequence number and link as read."""
        for r in recorded:
            self._last = (r.seq, r.link)
            yield r.event

    @property
    def journal(self) -> list[Recorded]:
        """Every event this session has folded, oldest first (read on first use)."""
        if self._journal is None:
            with paused_gc():
                loaded = self.store.load(self.name)
            self._journal = [r for r in loaded if r.seq <= self.last_seq]
        return self._journal

    def recent(self, count: int) -> list[Recorded]:
        """The newest ``count`` events this session has folded, oldest first: read and verified
        by themselves (``ledger.journal.windows``) unless the whole journal is already read.
        Raises ``JournalBrokenError``, ``StoreError``."""
        return self.since(self.last_seq - count + 1)

    def since(self, first: int, kinds: frozenset[str] | None = None) -> list[Recorded]:
        """The events from sequence number ``first`` to the newest this session has folded,
        oldest first (``first`` of 1 or less: the whole journal); with ``kinds``, only the
        events of those kinds and the undoing of one of them (every row is still verified).
        Raises ``JournalBrokenError``, ``StoreError``."""
        first = max(first, 1)
        if self._journal is not None:
            return [
                r for r in self._journal[first - 1 :] if kinds is None or _of_kinds(r.event, kinds)
            ]
        with paused_gc():
            return windows.load_window(self.store, self.name, first, self._last, kinds)

    def since_stage_ends(self, stages: int, kinds: frozenset[str] | None = None) -> list[Recorded]:
        """The events from the ``stages``-th newest end of an Operations Stage on (the whole
        journal when fewer stages have ended), as ``since`` gives them. Raises
        ``JournalBrokenError``, ``StoreError``."""
        first = windows.stage_end_back(self.store, self.name, stages, self.last_seq)
        return self.since(first, kinds)

    def undo_window(self) -> list[tuple[int, Event]]:
        """``(seq, event)`` pairs of the newest part of the journal that ``undo`` needs to find
        the latest action not yet undone (read 256 events back, then 16 times more, up to the
        whole journal). Raises ``JournalBrokenError``, ``StoreError``."""
        count = UNDO_WINDOW
        while True:
            window = [(r.seq, r.event) for r in self.recent(count)]
            if count >= self.last_seq or undo_can_decide(window, self.seat):
                return window
            count *= 16

    @property
    def last_seq(self) -> int:
        """The sequence number of the newest event this session has read."""
        return self._last[0]

    @property
    def last_link(self) -> str:
        """The hash-chain link of the newest event this session has read: with ``last_seq``,
        names the journal as read (an append-only journal never changes under it)."""
        return self._last[1]

    def reload(self) -> None:
        """Read the events other writers appended since this session last read, verified from
        the last one it holds, and fold them into the state."""
        with paused_gc():
            tail = self.store.load(self.name, after=self._last)
            self._fold_in(tail)

    @property
    def view(self) -> GameState:
        """The ledger as this session's seat may see it (``ledger.model.view.view_for``): what
        every report, page and export reads. The whole state for the umpire and the solo
        table."""
        if self._view is None or self._view[0] != self.last_seq:
            self._view = (self.last_seq, view_for(self.state, self.seat))
        return self._view[1]

    def execute(self, command: Callable[[GameState], Outcome]) -> tuple[Event, ...]:
        """Run ``command`` on the current state and append its events; returns them (each
        recording this session's seat, when one is signed in).

        Raises ``CommandRefused`` with every error when the command refuses (as the seat may
        read them: ``LedgerError.for_side``) or posts what the seat's roles do not keep (``ledger.model.seats.posting_errors``, 4.5), and
        ``StaleSequenceError`` when another writer appended since this session read.
        """
        outcome = command(self.state)
        if not outcome.ok:
            side = self.seat.side if self.seat is not None else None
            raise CommandRefused([e.for_side(side) for e in outcome.errors])
        events = outcome.events
        if self.seat is not None:
            by_role = self.state.ruling("seat-roles") == "by-role"
            refused = posting_errors(self.seat, events, by_role)
            if refused:
                raise CommandRefused(refused)
            events = with_seat(events, self.seat)
        self.commit(events)
        return events

    def commit(self, events: Sequence[Event]) -> None:
        """Append ``events`` after ``last_seq`` and fold them into the state; keep a snapshot
        when an Operations Stage ends or another ``SNAPSHOT_EVERY`` events have passed.

        Every write passes here, so here is the set-up guard (59.4;
        ``ledger.commands.setup.setup_errors``): while a side's set-up is open only the
        set-up's events (and ``undo``) are written, and none after it. Raises
        ``CommandRefused`` with the guard's errors; nothing is written then."""
        refused = setup_errors(self.state, list(events))
        if refused:
            raise CommandRefused(refused)
        before, verified = self._last  # the store checks the link too (issue 14 item 5)
        self._fold_in(self.store.append(self.name, events, before, verified))
        every = snapshots.SNAPSHOT_EVERY
        if self.last_seq // every > before // every or any(
            isinstance(e, OperationsStageEnded) for e in events
        ):
            snapshots.save(self.store, self.name, *self._last, self.state)

    def _fold_in(self, recorded: Sequence[Recorded]) -> None:
        if not recorded:
            return
        self.state = fold_onto(self.state, (r.event for r in recorded))
        self._last = (recorded[-1].seq, recorded[-1].link)
        if self._journal is not None:
            self._journal.extend(recorded)

    def indexed(self) -> list[tuple[int, Event]]:
        """``(seq, event)`` pairs of the whole journal, oldest first (for ``undo``)."""
        return [(r.seq, r.event) for r in self.journal]


def _of_kinds(event: Event, kinds: frozenset[str]) -> bool:
    """Whether ``event`` is of one of ``kinds``, or the undoing of such an event."""
    if isinstance(event, EventUndone):
        return event.undone.kind in kinds
    return event.kind in kinds
