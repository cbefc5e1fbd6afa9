"""What the journal of the current Operations Stage adds to a seat's "Your phase" page
(``ledger.reports.agenda``): the weather recorded and the combats posted in this phase
(``stage_log``) and the combats of the revealed plots still to resolve
(``combats_to_resolve``), and ending the Operations Stage now without writing: its refusals or
what it would post (``stage_end``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from ledger.commands.stage_end import end_stage_errors
from ledger.model.errors import LedgerError
from ledger.model.events import (
    CombatResolved,
    Event,
    EventUndone,
    OperationsStageEnded,
    PhaseAdvanced,
)
from ledger.model.initiative import phasing_side
from ledger.model.phases import ORGANIZATION
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.reports.plots import (
    anti_armor_requests,
    barrage_requests,
    close_assault_requests,
    current_plots,
)
from ledger.reports.stage_end import stage_end_preview


@dataclass(frozen=True, slots=True)
class StageLog:
    """What the journal of this Operations Stage adds to the state: ``weather_recorded`` (a
    ``WeatherRecorded`` not undone), and ``combats`` posted in the current phase."""

    weather_recorded: bool = False
    combats: tuple[CombatResolved, ...] = ()


STAGE_LOG_KINDS: Final = frozenset(
    {"operations_stage_ended", "phase_advanced", "weather_recorded", "combat_resolved"}
)
"""The journal kinds ``stage_log`` reads (with the undoing of any of them)."""


def stage_log(records: Iterable[tuple[int, Event]], state: GameState) -> StageLog:
    """Read ``records`` (``(seq, event)`` of the journal from the last end of an Operations
    Stage on, oldest first; others are ignored) for the current Operations Stage: whether its
    weather was recorded (29.0) and which combats were posted in the current phase."""
    weather: list[int] = []
    combats: list[tuple[int, str, CombatResolved]] = []
    undone: set[int] = set()
    current = ORGANIZATION  # each Operations Stage opens in its Organization Phase
    for seq, event in records:
        if isinstance(event, EventUndone):
            undone.add(event.undone_seq)
            if isinstance(event.undone, PhaseAdvanced):
                current = event.undone.before
        elif isinstance(event, OperationsStageEnded):
            weather.clear()
            combats.clear()
            current = ORGANIZATION
        elif isinstance(event, PhaseAdvanced):
            current = event.after
        elif event.kind == "weather_recorded":
            weather.append(seq)
        elif isinstance(event, CombatResolved):
            combats.append((seq, current, event))
    recorded = any(seq not in undone for seq in weather)
    kept = tuple(c for seq, at, c in combats if seq not in undone and at == state.phase)
    return StageLog(recorded, kept)


def _combat_group(kind: str) -> str:
    return "close_assault" if kind in ("close_assault", "probe") else kind


def combats_to_resolve(state: GameState, posted: Iterable[CombatResolved]) -> list[str]:
    """The combats of the current phase's revealed plots (5.2 III G 3 b, d; one barrage per
    target, 12.23; one Close Assault per hex, 15.22; Anti-Armor per side and hex, 14.12) not
    posted yet: each posted combat of the same kind at the same target hex takes one off."""
    phasing = phasing_side(state)
    revealed = [p for p in current_plots(state) if p.revealed]
    if phasing is None or not revealed:
        return []
    wanted: list[tuple[str, str, str]] = []
    latest: dict[str, int] = {}
    for plot in revealed:
        latest[plot.step] = max(latest.get(plot.step, 0), plot.segment)
    for plot in revealed:
        if plot.segment != latest[plot.step]:
            continue
        if plot.step == "barrage":
            for r in barrage_requests(state, plot, phasing):
                wanted.append(("barrage", r.request["target"]["hex"], r.title))
    force = [
        p for p in revealed if p.step == "force_assignment" and p.segment == latest.get(p.step)
    ]
    if force:
        for r in anti_armor_requests(state, force, phasing):
            wanted.append(("anti_armor", r.title.rsplit(" ", 1)[-1], r.title))
        for r in close_assault_requests(state, force, phasing):
            wanted.append(("close_assault", r.title.rsplit(" ", 1)[-1], r.title))
    done = Counter((_combat_group(c.combat), c.hexes[-1] if c.hexes else "") for c in posted)
    left = []
    for kind, hex_, title in wanted:
        if done[(kind, hex_)] > 0:
            done[(kind, hex_)] -= 1
        else:
            left.append(title)
    return left


@dataclass(frozen=True, slots=True)
class StageEnd:
    """Ending the Operations Stage now, as ``end_stage`` would (5.2; ruling
    ``end-stage-phase``): ``errors`` why it may not (empty: it may), else ``posts``, each
    event it would post in words (``ledger.reports.event_log.describe``)."""

    errors: tuple[LedgerError, ...]
    posts: tuple[str, ...]


def stage_end(state: GameState, source: Source) -> StageEnd:
    """Ending the Operations Stage now for ``source``, without writing: ``end_stage``'s
    refusals (``end_stage_errors``: 5.2, ruling ``end-stage-phase``), or each event it would
    post in words (``ledger.reports.stage_end.stage_end_preview``: the CP back to 0, 6.16; idle
    RP, 6.24.1; Breakdown Points, 21.25; combat markers, 15.81; the upkeep, 49.3, 51.1, 52.4,
    52.6)."""
    errors = end_stage_errors(state)
    if errors:
        return StageEnd(tuple(errors), ())
    return StageEnd((), tuple(stage_end_preview(state, source)))
