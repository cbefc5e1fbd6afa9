"""Reinforcements enter play by the journal (4.43, 20.1): the end of the Operations Stage
posts an app-made ``ReinforcementsArrived`` for the counters scheduled for the new stage, and
undoing that end of stage takes them back out."""

from __future__ import annotations

from dataclasses import replace

from ledger.commands.campaign import arrivals_event
from ledger.commands.organization_phase import advance_phase
from ledger.commands.stage_end import end_stage
from ledger.commands.undo import undo
from ledger.model.apply import apply, unapply
from ledger.model.campaign import ReinforcementsArrived
from ledger.model.clock import GameTime
from ledger.model.events import Event, OperationsStageEnded
from ledger.model.scenario import Setup
from ledger.model.seats import role_for
from ledger.model.source import Source
from ledger.model.view import event_for
from ledger.reports.campaign import arrivals, next_arrivals
from ledger.reports.event_log import describe
from tests.commands.campaign_setup import begin, next_stage, run
from tests.seats import AXIS_FC, CW_FC

POLISH_HQ = "cw.polish_bde.polish_brigade_hq"


def test_the_polish_brigade_enters_at_gt_1_3_by_the_journal_and_undo_takes_it_out(
    graziani_setup: Setup,
) -> None:
    # Graziani: the Polish Brigade arrives at Cairo at GT 1 OpStage 3 (4.43a schedule).
    state = next_stage(begin(graziani_setup))
    assert state.clock == GameTime(1, 2)
    polish = state.units[POLISH_HQ]
    assert polish.arrival == GameTime(1, 3) and not polish.in_play(state.clock)
    assert POLISH_HQ not in {u.id for u in state.units_in_play("commonwealth")}

    state = run(state, lambda s: advance_phase(s, "patrol/B", Source(s.clock)))
    outcome = end_stage(state, Source(state.clock))
    posted: list[Event] = list(outcome.events)
    assert isinstance(posted[0], OperationsStageEnded)
    arrived = posted[1]
    assert isinstance(arrived, ReinforcementsArrived)  # right after the end of stage
    assert arrived.source.app_made and arrived.at == GameTime(1, 3)
    polish_units = {u for u in arrived.units if u.startswith("cw.polish_bde.")}
    assert POLISH_HQ in polish_units and len(polish_units) == 8  # HQ and its 7 units
    assert arrived.trucks == ()
    ended = state
    for event in posted:
        ended = apply(ended, event)
    assert ended.clock == GameTime(1, 3)
    assert ended.units[POLISH_HQ].entered and ended.units[POLISH_HQ].in_play(ended.clock)
    assert ended.units[POLISH_HQ].location == graziani_setup_location(graziani_setup, POLISH_HQ)
    line = describe(arrived, ended)
    assert line.startswith("reinforcements enter play for GT 1 OpStage 3: ")
    assert "Polish Brigade HQ" in line and "cw.polish" not in line

    # Undo takes back the end of stage with the app-made events that followed it.
    journal = [(i + 2, e) for i, e in enumerate(posted)]
    taken = undo([(1, posted[0]), *journal], Source(ended.clock))
    assert taken.ok
    assert {type(e.undone) for e in taken.events} >= {ReinforcementsArrived, OperationsStageEnded}
    back = ended
    for event in taken.events:
        back = apply(back, event)
    assert back.clock == GameTime(1, 2)
    assert not back.units[POLISH_HQ].entered and not back.units[POLISH_HQ].in_play(back.clock)
    assert unapply(ended, arrived).units[POLISH_HQ] == state.units[POLISH_HQ]


def graziani_setup_location(setup: Setup, unit_id: str) -> str:
    """Where the scenario places a counter (its arrival place for a reinforcement)."""
    return next(u.location for u in setup.units if u.id == unit_id)


def test_truck_groups_arrive_too_and_each_side_reads_only_its_own(graziani_setup: Setup) -> None:
    trucks = tuple(
        replace(t, arrival=GameTime(1, 2)) if t.id == "cw_arrival_gt5_os1" else t
        for t in graziani_setup.trucks
    )
    state = begin(replace(graziani_setup, trucks=trucks))
    assert not state.trucks["cw_arrival_gt5_os1"].in_play(state.clock)
    event = arrivals_event(state, GameTime(1, 2))
    assert event is not None and event.trucks == ("cw_arrival_gt5_os1",)
    after = next_stage(state)
    assert after.trucks["cw_arrival_gt5_os1"].entered
    assert after.trucks["cw_arrival_gt5_os1"].in_play(after.clock)
    assert event_for(event, CW_FC, state) is not None
    assert event_for(event, AXIS_FC, state) is None  # the Commonwealth's arrivals alone
    assert "rear_area_commander" in role_for("reinforcements_arrived")


def test_the_arrivals_report_lists_what_entered_and_what_is_to_come(
    graziani_setup: Setup,
) -> None:
    state = begin(graziani_setup)
    rows = arrivals(state, "commonwealth")
    assert rows[0].at == GameTime(1, 3) and not rows[0].entered
    coming = next_arrivals(state, "commonwealth")
    assert {r.at for r in coming} == {GameTime(1, 3)}
    assert "Polish Brigade HQ" in {r.name for r in coming}
    state = next_stage(next_stage(state))
    entered = [r for r in arrivals(state, "commonwealth") if r.entered]
    assert {r.at for r in entered} == {GameTime(1, 3)}
    assert next_arrivals(state, "commonwealth")[0].at.game_turn == 2
