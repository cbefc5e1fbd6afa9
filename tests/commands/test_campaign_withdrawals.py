"""Scheduled withdrawals (4.43a, 20.8, 20.83): refused before they are due, exactly their
counters leave play with what they carry (to a dump or lost, by ruling), the transport they
need against the side's trucks, and the end of stage waits for a withdrawal due."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from ledger.commands.organization_phase import advance_phase
from ledger.commands.stage_end import end_stage
from ledger.commands.withdrawal import pending, transport, withdraw
from ledger.model.apply import apply, unapply
from ledger.model.campaign import CampaignSchedule, UnitsWithdrawn
from ledger.model.clock import GameTime
from ledger.model.quantities import Supplies
from ledger.model.scenario import Setup
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.reports.campaign import upcoming_withdrawals
from ledger.reports.event_log import describe
from tests.commands.campaign_setup import (
    BDE,
    CARRIED,
    FIFTH_BDE_GROUP,
    FUSILIERS,
    WITHDRAWAL,
    begin,
    campaign_setup,
    next_stage,
    run,
)

CW = Source(GameTime(1, 2), "commonwealth", "rear_area_commander")
MATRUH = "cw_mersa_matruh"


@pytest.fixture
def setup(graziani_setup: Setup) -> Setup:
    """The campaign set-up with the 5th Indian Bde HQ group at Mersa Matruh (D3714), where
    the Commonwealth has a dump (the set-up puts it at D3615, where it has none)."""
    return at_matruh(campaign_setup(graziani_setup))


def at_matruh(setup: Setup) -> Setup:
    units = tuple(
        replace(u, location="D3714") if u.id in FIFTH_BDE_GROUP else u for u in setup.units
    )
    return replace(setup, units=units)


@pytest.fixture
def due(setup: Setup) -> GameState:
    """GT 1 OpStage 2, when the 5th Indian Bde HQ group is due."""
    return next_stage(begin(setup))


def test_refused_before_it_is_due_naming_it(setup: Setup) -> None:
    state = begin(setup)
    refused = withdraw(state, "cw-wd-01", replace(CW, game_time=state.clock))
    assert not refused.ok and not refused.events
    error = refused.errors[0]
    assert (error.field, error.case) == ("withdrawal", "20.8")
    assert (
        error.message == "5th Indian Bde HQ group is due GT 1 OpStage 2; it is GT 1 OpStage 1 now"
    )
    unknown = withdraw(state, "7th Armoured", CW)
    assert "no scheduled withdrawal '7th Armoured'" in unknown.errors[0].message
    assert "the schedule has: 5th Indian Bde HQ group" in unknown.errors[0].message


def test_withdrawing_takes_exactly_its_counters_out_with_their_supplies_to_a_dump(
    due: GameState,
) -> None:
    in_play_before = {u.id for u in due.units_in_play("commonwealth")}
    # Mersa Matruh's dump stands at the group's hex: the default (to-dump); a dump elsewhere
    # (Sidi Barrani, C4131) is neither where they stand nor where they leave from.
    unnamed = withdraw(due, "5th Indian Bde HQ group", CW)
    assert unnamed.ok and unnamed.events[0].to_holder == MATRUH  # type: ignore[attr-defined]
    elsewhere = withdraw(due, "cw-wd-01", CW, supplies_to="Sidi Barrani")
    assert [(e.field, e.case) for e in elsewhere.errors] == [("supplies_to", "20.8")]
    assert "Sidi Barrani (C4131) is neither at the counters' hex (D3714)" in (
        elsewhere.errors[0].message
    )
    outcome = withdraw(due, "5th indian bde hq group", CW, supplies_to="Mersa Matruh")
    assert outcome.ok
    (event,) = outcome.events
    assert isinstance(event, UnitsWithdrawn)
    assert event.units == FIFTH_BDE_GROUP and event.to_holder == MATRUH
    assert event.transport_shortfall == 0  # 10 needed: 5 heavy points of the Cairo convoy
    after = apply(due, event)
    left = {u.id for u in after.units_in_play("commonwealth")}
    assert in_play_before - left == set(FIFTH_BDE_GROUP)
    assert all(after.units[u].withdrawn for u in FIFTH_BDE_GROUP)
    # 5 Ammunition and 10 Fuel of the HQ, 3 Stores of the Fusiliers, into Mersa Matruh
    before_dump = due.dumps[MATRUH].supplies
    assert after.dumps[MATRUH].supplies - before_dump == Supplies(ammo=5, fuel=10, stores=3)
    assert after.units[BDE].supplies == Supplies() and after.units[FUSILIERS].supplies == Supplies()
    assert _total(after) == _total(due)  # conserved
    assert not pending(after)
    again = withdraw(after, "cw-wd-01", CW, supplies_to=MATRUH)
    assert again.errors[0].message == "5th Indian Bde HQ group is already recorded"
    line = describe(event, after)
    assert line.startswith("5th Indian Bde HQ group withdrawn (20.8): 5th Indian Bde HQ, ")
    assert "carried 5 Ammunition, 10 Fuel, 3 Stores to Mersa Matruh" in line
    assert unapply(after, event) == due  # reversal is exact


def test_under_ruling_lost_the_supplies_leave_the_game(setup: Setup) -> None:
    state = next_stage(begin(setup, (("withdrawal-supplies", "lost"),)))
    outcome = withdraw(state, "cw-wd-01", CW)
    assert outcome.ok
    after = apply(state, outcome.events[0])
    assert after.dumps == state.dumps
    carried = sum(CARRIED.values(), Supplies())
    assert _total(state) - _total(after) == carried  # 5 Ammunition, 10 Fuel, 3 Stores gone
    named = withdraw(state, "cw-wd-01", CW, supplies_to=MATRUH)
    assert named.errors[0].field == "supplies_to"


def test_eliminated_instead_loses_the_supplies_and_asks_no_transport(due: GameState) -> None:
    outcome = withdraw(due, "cw-wd-01", CW, eliminated=True)
    assert outcome.ok
    event = outcome.events[0]
    assert isinstance(event, UnitsWithdrawn) and event.eliminated and event.to_holder is None
    assert "eliminated instead (20.83)" in describe(event, apply(due, event))


def test_transport_shortfall_recorded_or_refused_by_ruling(setup: Setup) -> None:
    # The Commonwealth's empty second/third-line trucks at Cairo or Alexandria at the start
    # (60.22): 0/40/10 at Cairo and 10/20/0 at Alexandria light/medium/heavy = 60 + 25 = 85
    # truck value (scen-0006: not the air-facility convoy, nor the one "Anywhere, maps").
    heavy = replace(WITHDRAWAL, truck_value_points=300)
    short_setup = replace(setup, schedule=CampaignSchedule(withdrawals=(heavy,)))
    state = next_stage(begin(short_setup))
    moved = transport(state, heavy)
    assert (moved.required, moved.convoys, moved.attached) == (300, Fraction(85), Fraction(0))
    assert moved.shortfall == 215
    row = upcoming_withdrawals(state)[0]
    assert (row.required, row.available, row.shortfall, row.status) == (300, 85, 215, "due")
    assert [c.name for c in row.counters] == [
        "5th Indian Bde HQ",
        "1st Royal Fusiliers",
        "3/1 Punjab Regt",
        "4/6 Rajputana Rifles",
    ]
    recorded = withdraw(state, "cw-wd-01", CW, supplies_to=MATRUH)
    assert recorded.ok and recorded.events[0].transport_shortfall == 215  # type: ignore[attr-defined]
    strict = next_stage(begin(short_setup, (("withdrawal-transport", "refuse"),)))
    refused = withdraw(strict, "cw-wd-01", CW, supplies_to=MATRUH)
    assert [(e.field, e.case) for e in refused.errors] == [("trucks", "4.43a")]
    assert "needs 300 truck value; Commonwealth has 85 with it" in refused.errors[0].message
    assert "(215 short; ruling withdrawal-transport=refuse)" in refused.errors[0].message


def test_the_stage_does_not_end_while_a_withdrawal_due_is_not_recorded(setup: Setup) -> None:
    state = begin(setup)
    assert upcoming_withdrawals(state)[0].status == "next"  # due within the next Game-Turn
    state = next_stage(state)
    last = run(state, lambda s: advance_phase(s, "patrol/B", Source(s.clock)))
    refused = end_stage(last, Source(last.clock))
    assert not refused.ok
    (error,) = [e for e in refused.errors if e.field == "withdrawal"]
    assert error.case == "20.8"
    assert "5th Indian Bde HQ group is due GT 1 OpStage 2 and not recorded" in error.message
    assert '`quartermaster withdraw "5th Indian Bde HQ group"`' in error.message
    done = run(last, lambda s: withdraw(s, "cw-wd-01", CW, supplies_to=MATRUH))
    assert end_stage(done, Source(done.clock)).ok
    reminded = next_stage(begin(setup, (("withdrawal-due", "remind"),)))
    reminded = run(reminded, lambda s: advance_phase(s, "patrol/B", Source(s.clock)))
    assert end_stage(reminded, Source(reminded.clock)).ok


def test_a_seat_of_the_other_side_may_not_record_it(due: GameState) -> None:
    axis = Source(due.clock, "axis", "rear_area_commander")
    refused = withdraw(due, "cw-wd-01", axis, supplies_to=MATRUH)
    assert [e.field for e in refused.errors] == ["side"]


def _total(state: GameState) -> Supplies:
    """Every Commonwealth supply point the ledger holds: units, dumps, truck cargo."""
    units = sum((u.supplies for u in state.units.values() if u.side == "commonwealth"), Supplies())
    dumps = sum((d.supplies for d in state.dumps.values() if d.side == "commonwealth"), Supplies())
    cargo = sum((t.cargo for t in state.trucks.values() if t.side == "commonwealth"), Supplies())
    return units + dumps + cargo


def test_waiting_on_the_rear_area_commander_from_a_game_turn_ahead(setup: Setup) -> None:
    from ledger.reports import agenda

    state = begin(setup)
    (item,) = [
        p
        for p in agenda.pending(state, "commonwealth", "rear_area_commander")
        if p.kind == "withdrawal"
    ]
    assert item.summary == (
        "Commonwealth: 5th Indian Bde HQ group withdraws GT 1 OpStage 2 "
        "(needs 10 truck value, 85 available)"
    )
    assert item.lines[0] == "5th Indian Bde HQ (D3714, in play)" and not item.warning
    assert not [
        p for p in agenda.pending(state, "axis", "rear_area_commander") if p.kind == "withdrawal"
    ]
    assert not [
        p
        for p in agenda.pending(state, "commonwealth", "field_commander")
        if p.kind == "withdrawal"
    ]
    due = next_stage(state)
    (now,) = [
        p
        for p in agenda.pending(due, "commonwealth", "rear_area_commander")
        if p.kind == "withdrawal"
    ]
    assert now.warning and now.case == "4.43a; 20.8"
    done = run(due, lambda s: withdraw(s, "cw-wd-01", CW, supplies_to=MATRUH))
    assert not [p for p in agenda.pending(done, None, None) if p.kind == "withdrawal"]


def test_the_victory_places_wait_on_the_field_commander_at_the_last_stage(setup: Setup) -> None:
    from ledger.reports import agenda

    state = begin(setup)
    assert not [p for p in agenda.pending(state, "axis", "field_commander") if p.kind == "victory"]
    last = replace(state, clock=state.info.end)  # GT 6 OpStage 3 in Graziani
    (item,) = [p for p in agenda.pending(last, "axis", "field_commander") if p.kind == "victory"]
    assert item.summary == "8 victory place(s) to record: who holds each at the end"
    assert item.lines[:2] == ("Mersa Matruh", "Tobruk") and item.case == "60.82"
