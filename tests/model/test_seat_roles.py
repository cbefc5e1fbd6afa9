"""Which command role posts the Initiative declaration (7.11, 4.5; ledger.model.seats)."""

from __future__ import annotations

from ledger.model.apply import start
from ledger.model.clock import GameTime
from ledger.model.events import FirstPlayerDeclared, GameStarted
from ledger.model.scenario import Setup
from ledger.model.seats import Seat, posting_errors, starting_role
from ledger.model.source import Source
from ledger.model.view import event_for
from tests.seats import AXIS_FC, CW_LC

DECLARED = FirstPlayerDeclared(Source(GameTime(1, 1), "axis", "field_commander"), "commonwealth")


def test_the_field_commander_of_the_side_declares_who_moves_first() -> None:
    assert posting_errors(AXIS_FC, [DECLARED]) == []
    chief = Seat("axis-chief", "axis", ("commander_in_chief",))
    assert posting_errors(chief, [DECLARED]) == []


def test_a_logistics_seat_is_told_who_declares() -> None:
    axis_lc = Seat("axis-lc", "axis", ("logistics_commander",))
    (error,) = posting_errors(axis_lc, [DECLARED])
    assert "first player declared is kept by the Field Commander" in str(error)
    assert "the the" not in str(error)


def test_the_other_side_cannot_declare_for_the_axis() -> None:
    (error,) = posting_errors(CW_LC, [DECLARED])
    assert "cannot post for Axis" in str(error)


def test_both_sides_read_who_moves_first(graziani_setup: Setup) -> None:
    """7.16: who is Player A is the whole table's to know, as the phase is."""
    state = start(GameStarted(Source(graziani_setup.info.start), graziani_setup))
    assert event_for(DECLARED, CW_LC, state) == DECLARED


def test_a_seat_records_in_its_own_first_role_until_it_picks_another() -> None:
    """4.5: a Commander-in-Chief's seat records as Commander-in-Chief, not as the Field
    Commander the solo table starts in."""
    chief = Seat("axis-chief", "axis", ("commander_in_chief",))
    assert starting_role(chief) == "commander_in_chief"
    assert starting_role(CW_LC) == "logistics_commander"
    assert starting_role(None) == "field_commander"
    assert starting_role(Seat("umpire", None)) == "field_commander"
