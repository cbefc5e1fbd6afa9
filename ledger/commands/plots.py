"""Committing a secret plot: the Barrage Step and the Force Assignment Step (5.2 III G 3 b, d).

``commit_plot`` checks one side's plot for one step against the rules and returns a sealed
``PlotCommitted``; when the other side's plot of the same step of the same Combat Segment is
already in, an app-made ``PlotsRevealed`` follows in the same action and both are open to the
table. Which Combat Segment a plot belongs to is worked out from what the plotting side may see
(its own plots and the revealed ones), so a refusal never tells it anything of the enemy's
sealed plot (ruling "Plots: Combat Segments" in docs/rulings.md).

``plot_undo_error`` is what a side's seat is told when it tries to take back a plot that has
been revealed (ruling "Plots: undo").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Final

from ledger.commands.outcome import Outcome, refuse
from ledger.commands.plot_checks import plot_line_errors
from ledger.model.errors import LedgerError
from ledger.model.events import Event, EventUndone
from ledger.model.phases import MOVEMENT_AND_COMBAT, is_phase, phase
from ledger.model.plots import (
    PLOT_STEPS,
    STEP_NAMES,
    Plot,
    PlotCommitted,
    PlotLine,
    PlotsRevealed,
    PlotStep,
    plot_of,
)
from ledger.model.seats import side_name
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.model.units import SIDES, Side

PLOT_LINES_MAX: Final = 200
"""Most lines in one plot: more than every gun and TOE box a side has in one Combat Segment."""
CASE: Final = "5.2 III G"


def commit_plot(
    state: GameState, side: str, step: str, lines: Sequence[PlotLine], source: Source
) -> Outcome:
    """``side``'s sealed plot for ``step`` (``"barrage"`` or ``"force_assignment"``) of the
    current Combat Segment: a ``PlotCommitted`` and, when the other side's plot of the same
    step is in, an app-made ``PlotsRevealed`` (5.2 III G 3 b, d). ``lines`` may be empty (the
    side plots nothing this step). Units and weapon systems may be given by id, counter text or
    name; the event records ids and names.

    Refused, with every problem and nothing written: outside the Movement and Combat Phase
    (5.2 III G); a second plot of the side for the step of this segment, a Force Assignment
    before the segment's Barrage plots are revealed, or the next segment's Barrage before
    this one's Force Assignment is (ruling "Plots: Combat Segments"); a unit that is not the
    side's or not in play (8.86); a weapon system the unit does not hold or more TOE Strength
    Points than it holds, counting every line (14.26, 15.16); no target hex. Barrage lines:
    a system without a Barrage Rating (11.11), no position or two positions for one unit
    (12.11), no target (12.23, 12.24), a unit's own hex as target hex (12.31), a gun without
    Ammunition it can draw (12.0, 50.14), a Back unit splitting or coordinating fire (12.16),
    Italian Forward units of different hexes on one target (12.14). Force Assignment lines: a
    Pinned unit assigned to Anti-Armor or Close Assault (12.44), a unit plotted Back this
    segment assigned to either (12.16, 14.13), a system without an Anti-Armor Rating assigned
    to Anti-Armor (14.11), a unit out of Ammunition assigned to Close Assault (15.15)
    (``ledger.commands.plot_checks``)."""
    errors: list[LedgerError] = []
    if side not in SIDES:
        errors.append(LedgerError("side", f"expected axis or commonwealth, found {side!r}"))
    if step not in PLOT_STEPS:
        errors.append(
            LedgerError("step", f"expected barrage or force_assignment, found {step!r}", CASE)
        )
    if not is_phase(state.phase, MOVEMENT_AND_COMBAT):
        errors.append(
            LedgerError(
                "phase",
                f"plots are made in the Combat Segment of the Movement and Combat Phase; it is "
                f"the {phase(state.phase).label}",
                CASE,
            )
        )
    if len(lines) > PLOT_LINES_MAX:
        errors.append(
            LedgerError("lines", f"{len(lines)} lines: at most {PLOT_LINES_MAX} in one plot")
        )
    if errors:
        return refuse(*errors)
    own: Side = side  # type: ignore[assignment]
    plot_step: PlotStep = step  # type: ignore[assignment]
    segment, errors = _segment(state, own, plot_step)
    checked, line_errors = plot_line_errors(state, own, plot_step, lines, segment)
    errors += line_errors
    if errors:
        return refuse(*errors)
    posted = replace(source, side=own)
    event = PlotCommitted(posted, own, plot_step, state.clock, state.phase, segment, tuple(checked))
    mine = Plot(plot_step, own, state.clock, state.phase, segment, tuple(checked))
    other = _enemy(own)
    at = plot_of(state.plots, replace(mine, side=other))
    if at is None:
        return Outcome(events=(event,))
    both = tuple(
        sorted(
            (replace(state.plots[at], revealed=True), replace(mine, revealed=True)),
            key=lambda p: SIDES.index(p.side),
        )
    )
    reveal = PlotsRevealed(
        Source(
            state.clock,
            reason=f"both sides committed: {STEP_NAMES[plot_step]} plots revealed ({CASE})",
            app_made=True,
        ),
        plot_step,
        state.clock,
        state.phase,
        segment,
        both,
        tuple(p for p in state.plots if p.revealed and p.period < state.clock),
    )
    return Outcome(events=(event, reveal))


def _enemy(side: Side) -> Side:
    return "commonwealth" if side == "axis" else "axis"


def _segment(state: GameState, side: Side, step: PlotStep) -> tuple[int, list[LedgerError]]:
    """The Combat Segment ``side``'s plot for ``step`` belongs to, from what the side may see:
    its own plots and the revealed ones of this phase (ruling "Plots: Combat Segments")."""
    seen = [
        p
        for p in state.plots
        if p.period == state.clock and p.phase == state.phase and (p.revealed or p.side == side)
    ]
    last = max((p.segment for p in seen), default=0)

    def find(s: PlotStep, revealed: bool | None = None) -> Plot | None:
        for p in seen:
            if (
                p.segment == last
                and p.step == s
                and (revealed is None or p.revealed == revealed)
                and (p.revealed or p.side == side)
            ):
                return p
        return None

    name = STEP_NAMES[step]
    where = f"Combat Segment {last} of the {phase(state.phase).label}"
    if step == "barrage":
        if last == 0 or find("force_assignment", revealed=True):
            return last + 1, []
        if find("barrage", revealed=False):
            return last, [_already(side, name, where)]
        if find("force_assignment", revealed=False):
            return last, [
                LedgerError(
                    "step",
                    f"{side_name(side)}'s Force Assignment plot of {where} waits for the other "
                    "side's; the next segment's Barrage Step comes after it is revealed",
                    CASE,
                )
            ]
        return last, [
            LedgerError(
                "step",
                f"{where} is at its Force Assignment Step: commit {side_name(side)}'s Force "
                "Assignment plot first (an empty one if nothing is assigned)",
                CASE,
            )
        ]
    if last == 0:
        return 1, [
            LedgerError(
                "step",
                "the Force Assignment Step follows the Barrage Step: commit a Barrage plot "
                "first (an empty one if no gun fires)",
                CASE,
            )
        ]
    if find("force_assignment", revealed=True):
        return last, [
            LedgerError(
                "step",
                f"the Force Assignment plots of {where} are revealed; the next Combat Segment "
                "begins with its Barrage plot",
                CASE,
            )
        ]
    if find("force_assignment", revealed=False):
        return last, [_already(side, name, where)]
    if not find("barrage", revealed=True):
        return last, [
            LedgerError(
                "step",
                f"{side_name(side)}'s Barrage plot of {where} waits for the other side's; "
                "the Force Assignment Step comes after both are revealed",
                CASE,
            )
        ]
    return last, []


def _already(side: Side, name: str, where: str) -> LedgerError:
    return LedgerError(
        "step",
        f"{side_name(side)} has committed its {name} plot of {where}; it is sealed until the "
        "other side commits (undo takes it back before then)",
        CASE,
    )


def plot_undo_error(batch: Iterable[EventUndone], state: GameState) -> LedgerError | None:
    """Why a side's seat may not take back the plot in ``batch`` (``None``: nothing stops
    it): a plot once revealed stays, since the other side has read it (ruling "Plots: undo";
    the umpire may still undo it)."""
    for undone in batch:
        event: Event = undone.undone
        if isinstance(event, PlotsRevealed) or (
            isinstance(event, PlotCommitted)
            and any(
                p.revealed and p.side == event.side and p.same_slot(_slot(event))
                for p in state.plots
            )
        ):
            return LedgerError(
                "undo",
                f"#{undone.undone_seq} is a {STEP_NAMES[event.step]} plot both sides have read "
                "once revealed; only the umpire can take it back",
                CASE,
            )
    return None


def _slot(event: PlotCommitted) -> Plot:
    return Plot(event.step, event.side, event.period, event.phase, event.segment)
