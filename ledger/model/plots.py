"""Secret plots of the Combat Segment (5.2 III G 3 b and d): what each side writes down before
the other may see it, and the two journal events that seal and reveal it.

In the Barrage Step both sides note, secretly, which of their guns fire at which target in which
adjacent hex and each gun unit's position, Forward or Back (11.0 procedure, 12.11, 12.2); in the
Force Assignment Step both sides note, secretly again, which TOE Strength Points go to Anti-Armor
fire, to Close Assault, or are withheld (11.0 procedure, 14.26, 15.16). The ledger keeps each
side's plot sealed (``ledger.model.view.view_for`` shows it to its own side and the umpire only)
until both sides have committed theirs for the same step of the same Combat Segment, then
reveals both at once (``PlotsRevealed``).

These classes live beside ``ledger.model.events`` (which joins the two events into ``Event``)
because that module is full; the rulings they follow are in docs/rulings.md, "Plots".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from ledger.model.clock import GameTime
from ledger.model.phases import phase_index
from ledger.model.source import Source
from ledger.model.units import SIDES, Side

PlotStep = Literal["barrage", "force_assignment"]
PLOT_STEPS: Final[tuple[PlotStep, ...]] = ("barrage", "force_assignment")
"""The two plotted steps of a Combat Segment (5.2 III G 3 b, d)."""
STEP_NAMES: Final[dict[PlotStep, str]] = {
    "barrage": "Barrage Step",
    "force_assignment": "Force Assignment Step",
}

LineRole = Literal["barrage", "anti_armor", "close_assault", "withheld"]
"""What a plot line does with its TOE Strength Points: fire a Barrage (12.0; Barrage Step), or
in the Force Assignment Step go to Anti-Armor fire (14.1), Close Assault (15.1) or be withheld
(11.0 procedure, 15.16)."""
FORCE_ROLES: Final[tuple[LineRole, ...]] = ("anti_armor", "close_assault", "withheld")
ROLE_NAMES: Final[dict[LineRole, str]] = {
    "barrage": "Barrage",
    "anti_armor": "Anti-Armor",
    "close_assault": "Close Assault",
    "withheld": "withheld",
}

Position = Literal["forward", "back", ""]
"""A gun unit's position for the Combat Segment (12.11); ``""`` on Force Assignment lines."""

TargetClass = Literal["infantry", "armor", "gun", "facility", ""]
"""What a barrage line fires at (12.23, 12.24: a class and a number, "Infantry #2"; 12.5: a
facility); ``""`` on Force Assignment lines."""
TARGET_CLASSES: Final[tuple[TargetClass, ...]] = ("infantry", "armor", "gun", "facility")


@dataclass(frozen=True, slots=True)
class PlotLine:
    """One line of a plot: ``points`` TOE Strength Points of weapon system ``system`` of the
    plotting side's unit ``unit_id`` do ``role`` at hex ``hex`` (the target hex; ``""`` for
    withheld points).

    Barrage lines also give the unit's ``position`` (12.11) and the ``target`` as the firing
    side names it ("Infantry #2", 12.24, or a unit it knows is there, 12.23) with its
    ``target_class`` (gun, armor or infantry, 12.23; ``facility``, 12.5). ``unit_name`` and
    ``system_name`` are the counter's and weapon system's names as committed, so a revealed
    plot reads the same to the other side, which sees none of the plotting side's units."""

    unit_id: str
    system: str
    points: int
    role: LineRole
    hex: str = ""
    position: Position = ""
    target: str = ""
    target_class: TargetClass = ""
    unit_name: str = ""
    system_name: str = ""


@dataclass(frozen=True, slots=True)
class Plot:
    """One side's committed plot for ``step`` of Combat Segment ``segment`` (1, 2, ... in the
    order the segments were plotted) of phase ``phase`` in Operations Stage ``period``.
    ``revealed``: both sides have committed theirs and both are open to the table."""

    step: PlotStep
    side: Side
    period: GameTime
    phase: str
    segment: int
    lines: tuple[PlotLine, ...] = ()
    revealed: bool = False

    def same_slot(self, other: Plot) -> bool:
        """Whether ``other`` is a plot of the same step of the same Combat Segment."""
        return (self.step, self.period, self.phase, self.segment) == (
            other.step,
            other.period,
            other.phase,
            other.segment,
        )


@dataclass(frozen=True, slots=True)
class PlotCommitted:
    """``side`` commits its sealed plot for ``step`` of Combat Segment ``segment`` of phase
    ``phase`` in Operations Stage ``period`` (5.2 III G 3 b, d): ``lines`` (none: the side plots
    nothing this step). Read by the plotting side and the umpire only until revealed."""

    source: Source
    side: Side
    step: PlotStep
    period: GameTime
    phase: str
    segment: int
    lines: tuple[PlotLine, ...] = ()
    kind: Literal["plot_committed"] = "plot_committed"


@dataclass(frozen=True, slots=True)
class PlotsRevealed:
    """Both sides' plots for one step of one Combat Segment are open: app-made in the same
    action as the second side's ``PlotCommitted``. ``plots`` are copies of both (as revealed),
    so the journal shows the table what was revealed; reversing it seals them again.
    ``cleared`` are the revealed plots of earlier Operations Stages it takes out of the state
    (they stay in the journal; public already), so the state holds the plots of about one
    Operations Stage however long the campaign; reversing it puts them back."""

    source: Source
    step: PlotStep
    period: GameTime
    phase: str
    segment: int
    plots: tuple[Plot, ...]
    cleared: tuple[Plot, ...] = ()
    kind: Literal["plots_revealed"] = "plots_revealed"


def plot_key(plot: Plot) -> tuple[GameTime, int, int, int, int]:
    """The order ``GameState.plots`` keeps: Operations Stage, phase (5.2 III), Combat Segment,
    step, side. One plot a side a step a segment, so no two plots share a key."""
    return (
        plot.period,
        phase_index(plot.phase),
        plot.segment,
        PLOT_STEPS.index(plot.step),
        SIDES.index(plot.side),
    )


def plot_of(plots: tuple[Plot, ...], slot: Plot) -> int | None:
    """The index in ``plots`` of the plot of ``slot``'s side in ``slot``'s step and segment
    (``None``: none)."""
    for at, plot in enumerate(plots):
        if plot.side == slot.side and plot.same_slot(slot):
            return at
    return None


def committed(event: PlotCommitted) -> Plot:
    """The sealed plot ``event`` commits."""
    return Plot(
        event.step, event.side, event.period, event.phase, event.segment, event.lines, False
    )
