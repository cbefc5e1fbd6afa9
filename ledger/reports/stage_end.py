"""What ending the Operations Stage would post, before it is ended: a preview for the CLI
(``quartermaster end-stage --preview``) and the dashboard, built from the very events
``ledger.commands.stage_end.end_stage`` posts (6.16, 6.24.1, 21.25, 15.81, 49.3, 51.1, 52.4,
52.6), described as the event log describes them. Nothing is written.
"""

from __future__ import annotations

from ledger.commands.stage_end import end_stage_errors, stage_end_events
from ledger.model.apply import apply
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.reports.event_log import describe


def stage_end_preview(state: GameState, source: Source) -> list[str]:
    """One line for each event ending the Operations Stage now would post for ``source`` (the
    end itself with the units' CP back to 0, the idle units' RP, Breakdown Points and combat
    markers cleared, the OpStage's water and, at a new Game-Turn, evaporation and stores), in
    journal order, worded as ``ledger.reports.event_log.describe`` words them. It describes the
    ending whatever the phase: ``end_stage_refusals`` says whether ``end_stage`` would take it
    now."""
    lines: list[str] = []
    after = state
    for event in stage_end_events(state, source):
        lines.append(describe(event, after))
        after = apply(after, event)
    return lines


def end_stage_refusals(state: GameState) -> list[str]:
    """Why ``end_stage`` would refuse now, one line each with its case ("the Operations Stage
    ends after the L. Patrol Phase (Player B); it is the C. Organization Phase ... (5.2)");
    empty when it would end."""
    return [f"{e.message} ({e.case})" if e.case else e.message for e in end_stage_errors(state)]
