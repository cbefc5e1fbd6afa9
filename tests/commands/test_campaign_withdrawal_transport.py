"""A withdrawal's trucks and place (4.43a, 20.83; interpretation scen-0006): the accompanying
first-line trucks and empty convoy truck points at Cairo or Alexandria leave with it (not the
air-facility convoy, nor a loaded one), exactly reversed; counters away from Cairo and
Alexandria are flagged (refused under ruling withdrawal-place=refuse); a withdrawal does not
strand riders or attached units (8.95, 9.21); it is found by its first counter's name."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ledger.commands.withdrawal import find_withdrawal, transport, withdraw
from ledger.model.apply import apply, unapply
from ledger.model.campaign import CampaignSchedule, UnitsWithdrawn, Withdrawal
from ledger.model.clock import GameTime
from ledger.model.errors import LedgerError
from ledger.model.quantities import Supplies
from ledger.model.scenario import Setup
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.reports.campaign import upcoming_withdrawals
from ledger.reports.event_log import describe
from tests.commands.campaign_setup import (
    BDE,
    FIFTH_BDE_GROUP,
    FUSILIERS,
    WITHDRAWAL,
    begin,
    campaign_setup,
    next_stage,
)

CW = Source(GameTime(1, 2), "commonwealth", "rear_area_commander")
CAIRO_CONVOY = "commonwealth_2nd3rd_4"  # 0/40/10 light/medium/heavy at Cairo
ALEX_CONVOY = "commonwealth_2nd3rd_5"  # 10/20/0 at Alexandria
ANYWHERE_CONVOY = "commonwealth_2nd3rd_6"  # "Anywhere, maps (as printed; unclear)"
AIR_CONVOY = "commonwealth_2nd3rd_7"  # "any own air facility", purpose "air facilities"
FIRST_LINE = "cw_d3615_4indian"  # 5/20/2 first-line trucks at D3615
DIV_HQ = "cw.4_indian_div.4th_indian_div_hq"
CAMERONS = "cw.4_indian_div.2nd_camerons"


def _setup(
    graziani_setup: Setup,
    *,
    where: str = "Alexandria",
    required: int = 10,
    attach_to: str | None = None,
    camerons: dict[str, object] | None = None,
    alex_cargo: Supplies | None = None,
) -> Setup:
    """The campaign set-up with the group at ``where``, ``required`` truck value printed, the
    D3615 first-line trucks attached to ``attach_to`` and the 2nd Camerons changed."""
    setup = campaign_setup(graziani_setup)
    units = tuple(
        replace(u, location=where)
        if u.id in FIFTH_BDE_GROUP
        else replace(u, **camerons)  # type: ignore[arg-type]
        if u.id == CAMERONS and camerons
        else u
        for u in setup.units
    )
    trucks = tuple(
        replace(g, attached_to=attach_to)
        if g.id == FIRST_LINE
        else replace(g, cargo=alex_cargo)
        if g.id == ALEX_CONVOY and alex_cargo is not None
        else g
        for g in setup.trucks
    )
    w = replace(WITHDRAWAL, truck_value_points=required)
    schedule = replace(setup.schedule, withdrawals=(w,))
    return replace(setup, units=units, trucks=trucks, schedule=schedule)


def _due(setup: Setup, choices: tuple[tuple[str, str], ...] = ()) -> GameState:
    return next_stage(begin(setup, choices))


def _event(state: GameState, **kwargs: object) -> UnitsWithdrawn:
    outcome = withdraw(state, "cw-wd-01", CW, **kwargs)  # type: ignore[arg-type]
    assert outcome.ok, outcome.errors
    (event,) = outcome.events
    assert isinstance(event, UnitsWithdrawn)
    return event


def test_empty_convoy_points_at_cairo_or_alexandria_leave_with_it(graziani_setup: Setup) -> None:
    # 65 truck value: the Cairo convoy's 10 heavy (20) and 40 medium (40), then 5 medium of the
    # Alexandria convoy. Not the air-facility convoy, nor the one "Anywhere, maps".
    state = _due(_setup(graziani_setup, required=65))
    moved = transport(state, state.schedule.withdrawals[0])
    assert (moved.attached, moved.convoys, moved.shortfall) == (0, 85, 0)
    event = _event(state)
    assert event.convoy_points == ((CAIRO_CONVOY, 0, 40, 10), (ALEX_CONVOY, 0, 5, 0))
    after = apply(state, event)
    cairo, alex = after.trucks[CAIRO_CONVOY], after.trucks[ALEX_CONVOY]
    assert (cairo.light, cairo.medium, cairo.heavy, cairo.in_play()) == (0, 0, 0, False)
    assert (alex.light, alex.medium, alex.heavy, alex.in_play()) == (10, 15, 0, True)
    assert after.trucks[AIR_CONVOY] == state.trucks[AIR_CONVOY]
    assert after.trucks[ANYWHERE_CONVOY] == state.trucks[ANYWHERE_CONVOY]
    line = describe(event, after)
    assert "with 40 medium, 10 heavy truck points of" in line and "(4.43a)" in line
    assert unapply(after, event) == state  # undo gives every point back


def test_a_partial_group_gives_the_points_that_reach_the_minimum(graziani_setup: Setup) -> None:
    # 23 truck value: 10 heavy (20) and 3 medium of the Cairo convoy.
    state = _due(_setup(graziani_setup, required=23))
    assert _event(state).convoy_points == ((CAIRO_CONVOY, 0, 3, 10),)
    # 300: all 85 of Cairo and Alexandria, 215 short (recorded by default).
    short = _due(_setup(graziani_setup, required=300))
    event = _event(short)
    assert event.convoy_points == ((CAIRO_CONVOY, 0, 40, 10), (ALEX_CONVOY, 10, 20, 0))
    assert event.transport_shortfall == 215


def test_a_loaded_convoy_is_not_taken(graziani_setup: Setup) -> None:
    state = _due(_setup(graziani_setup, required=65, alex_cargo=Supplies(fuel=5)))
    moved = transport(state, state.schedule.withdrawals[0])
    assert (moved.convoys, moved.shortfall) == (60, 5)  # Cairo's 60 only
    row = upcoming_withdrawals(state)[0]
    assert row.available == 60 and row.shortfall == 5
    assert row.taken.startswith("40 medium, 10 heavy truck points of ")


def test_attached_first_line_trucks_leave_and_no_convoy_is_needed(graziani_setup: Setup) -> None:
    # 5/20/2 attached to the 5th Indian Bde HQ: 2 1/2 + 20 + 4 = 26 1/2 truck value >= 10.
    state = _due(_setup(graziani_setup, attach_to=BDE))
    assert upcoming_withdrawals(state)[0].taken == "first-line trucks of 5th Indian Bde HQ (27 TP)"
    event = _event(state)
    assert event.trucks == (FIRST_LINE,) and event.convoy_points == ()
    assert not apply(state, event).trucks[FIRST_LINE].in_play()


def test_counters_away_from_cairo_and_alexandria_are_flagged(graziani_setup: Setup) -> None:
    state = _due(_setup(graziani_setup, where="D3615"))
    row = upcoming_withdrawals(state)[0]
    assert row.place == "Cairo or Alexandria (20.83)"
    assert row.counters[1].warnings == (
        "1st Royal Fusiliers (D3615) is not at Cairo or Alexandria: eliminated under 20.83 "
        "unless it gets there — or record the withdrawal as eliminated",
    )
    assert len(row.warnings) == 4
    assert _event(state, supplies_to="Alexandria (unlimited supply)").units == FIFTH_BDE_GROUP
    there = _due(_setup(graziani_setup, where="Alexandria (E3613 and/or E3714)"))
    assert upcoming_withdrawals(there)[0].warnings == ()
    strict = _due(_setup(graziani_setup, where="D3615"), (("withdrawal-place", "refuse"),))
    refused = withdraw(strict, "cw-wd-01", CW, supplies_to="Alexandria (unlimited supply)")
    assert [(e.field, e.case) for e in refused.errors] == [("eliminated", "20.83")] * 4
    assert withdraw(strict, "cw-wd-01", CW, eliminated=True).ok


def test_a_counter_below_its_full_toe_is_flagged(graziani_setup: Setup) -> None:
    setup = _setup(graziani_setup)
    units = tuple(
        replace(u, toe=(replace(u.toe[0], points=u.toe[0].points - 2), *u.toe[1:]))
        if u.id == FUSILIERS
        else u
        for u in setup.units
    )
    state = _due(replace(setup, units=units))
    (warning,) = upcoming_withdrawals(state)[0].counters[1].warnings
    assert warning.startswith("1st Royal Fusiliers is below its full TOE (4 of 6 TOE Strength")


def test_supplies_go_only_to_a_dump_where_they_stand_or_leave_from(
    graziani_setup: Setup,
) -> None:
    state = _due(_setup(graziani_setup, where="D3615"))
    refused = withdraw(state, "cw-wd-01", CW, supplies_to="Sidi Barrani")
    (error,) = refused.errors
    assert error.field == "supplies_to" and "Sidi Barrani (C4131) is neither" in error.message
    unnamed = withdraw(state, "cw-wd-01", CW)
    assert "with --supplies-to" in unnamed.errors[0].message


def test_riders_on_the_leaving_trucks_refuse_it(graziani_setup: Setup) -> None:
    riding = {"carried_by": (0, 5, 0)}
    state = _due(_setup(graziani_setup, attach_to=BDE, camerons=riding))
    refused = withdraw(state, "cw-wd-01", CW, supplies_to="Alexandria (unlimited supply)")
    (error,) = refused.errors
    assert error.case == "8.95" and "2nd Camerons (0/5/0) rides truck points" in error.message
    assert "4th Indian Div HQ's formation" in error.message
    # The trucks attached to the division HQ stay: the Camerons keep their ride.
    staying = _due(_setup(graziani_setup, attach_to=DIV_HQ, camerons=riding))
    assert withdraw(staying, "cw-wd-01", CW, supplies_to="Alexandria (unlimited supply)").ok


def test_a_unit_attached_to_a_leaving_hq_refuses_it(graziani_setup: Setup) -> None:
    state = _due(_setup(graziani_setup, camerons={"attached_to": BDE}))
    refused = withdraw(state, "cw-wd-01", CW, supplies_to="Alexandria (unlimited supply)")
    (error,) = refused.errors
    assert error.case == "9.21"
    assert error.message.startswith("2nd Camerons (with 5th Indian Bde HQ): not in 5th Indian")


@pytest.mark.parametrize("text", ["5th Indian Bde HQ", "5TH INDIAN BDE HQ ", BDE, "cw-wd-01"])
def test_a_withdrawal_is_found_by_its_first_counter(graziani_setup: Setup, text: str) -> None:
    state = begin(campaign_setup(graziani_setup))
    found = find_withdrawal(state, text)
    assert isinstance(found, Withdrawal) and found.id == "cw-wd-01"
    assert isinstance(find_withdrawal(state, "1st Royal Fusiliers"), LedgerError)


def test_no_withdrawal_scheduled(graziani_setup: Setup) -> None:
    state = begin(replace(graziani_setup, schedule=CampaignSchedule()))
    assert isinstance(find_withdrawal(state, "5th Indian Bde HQ"), LedgerError)
