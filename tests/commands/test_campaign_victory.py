"""Victory places (60.82): the players record who holds each place and whether the holder has
its supply line; the table scores a place only for a holder with a supply line."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ledger.commands.campaign import hold_place
from ledger.model.apply import apply, unapply
from ledger.model.campaign import VictoryPlaceHeld
from ledger.model.clock import GameTime
from ledger.model.scenario import Setup
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.model.view import event_for, view_for
from ledger.reports.campaign import victory_table
from ledger.reports.event_log import describe
from tests.commands.campaign_setup import begin, campaign_setup, run
from tests.seats import AXIS_FC

FC = Source(GameTime(1, 1), None, "field_commander")


@pytest.fixture
def state(graziani_setup: Setup) -> GameState:
    return begin(campaign_setup(graziani_setup))


def holding(state: GameState, *records: tuple[str, str | None, bool]) -> GameState:
    for place, holder, line in records:
        state = run(state, lambda s, p=place, h=holder, ln=line: hold_place(s, p, h, ln, FC))
    return state


def test_points_only_for_a_holder_with_a_supply_line(state: GameState) -> None:
    held = holding(
        state,
        ("Mersa Matruh", "axis", True),  # Italian 100
        ("Tobruk", "commonwealth", True),  # Commonwealth 25
        ("Derna", "axis", False),  # Italian 20, but no supply line: 0
        ("benghazi", "commonwealth", True),  # Commonwealth 50
        ("Giarabub", None, False),  # nobody
    )
    table = victory_table(held)
    rows = {r.id: r for r in table.rows}
    assert rows["mersa_matruh"].scored == {"axis": 100, "commonwealth": 0}
    assert rows["tobruk"].scored == {"axis": 0, "commonwealth": 25}
    assert rows["derna"].scored == {"axis": 0, "commonwealth": 0}
    assert rows["derna"].holder_text == "Axis" and not rows["derna"].supply_line
    assert rows["giarabub"].holder_text == "nobody"
    assert rows["siwa"].holder_text == "not recorded" and rows["siwa"].scored["axis"] == 0
    assert rows["tobruk"].points == {"axis": 50, "commonwealth": 25}
    assert table.totals == {"axis": 100, "commonwealth": 75}
    # GT 1 of six: the table says what the end would give, not a verdict.
    assert not table.final and table.winner == "axis"
    assert table.result == "if the game ended now: Axis victory on points, 100 to 75"
    assert table.strategic_line.endswith("supply line left on the game-map, 60.82): not declared")
    last = victory_table(replace(held, clock=held.info.end))  # GT 6 OpStage 3
    assert last.final and last.result == "Axis victory on points, 100 to 75"
    cut = victory_table(held, italian_supply_cut=True)
    assert cut.winner == "commonwealth"
    assert cut.result.startswith("if the game ended now: Commonwealth strategic victory")
    assert cut.strategic_line.endswith(": declared")


def test_equal_totals_follow_the_tie_ruling(graziani_setup: Setup) -> None:
    records = (
        ("Mersa Matruh", "axis", True),  # 100
        ("Benghazi", "commonwealth", True),  # 50
        ("Mersa Brega", "commonwealth", True),  # 50
    )
    drawn = victory_table(holding(begin(campaign_setup(graziani_setup)), *records))
    assert (drawn.totals, drawn.winner) == ({"axis": 100, "commonwealth": 100}, None)
    assert drawn.result == "if the game ended now: draw: 100 points each (ruling victory-tie)"
    tie_cw = begin(campaign_setup(graziani_setup), (("victory-tie", "commonwealth"),))
    assert victory_table(holding(tie_cw, *records)).winner == "commonwealth"


def test_refusals_name_the_field_and_the_known_places(state: GameState) -> None:
    unknown = hold_place(state, "Cairo", "axis", True, FC)
    assert [(e.field, e.case) for e in unknown.errors] == [("place", "60.82")]
    assert "its places are Mersa Matruh, Tobruk, Derna" in unknown.errors[0].message
    nobody = hold_place(state, "Tobruk", None, True, FC)
    assert [e.field for e in nobody.errors] == ["supply_line"]
    held = holding(state, ("Tobruk", "axis", True))
    same = hold_place(held, "Tobruk", "axis", True, FC)
    assert same.errors[0].message == "Tobruk is already recorded as held by Axis with a supply line"


def test_a_record_is_public_reversible_and_read_in_players_words(state: GameState) -> None:
    first = hold_place(state, "tobruk", "axis", True, FC).events[0]
    held = apply(state, first)
    second = hold_place(held, "Tobruk", "commonwealth", False, FC).events[0]
    assert isinstance(second, VictoryPlaceHeld) and second.before == ("axis", True)
    changed = apply(held, second)
    assert changed.victory_held["tobruk"] == ("commonwealth", False)
    assert unapply(changed, second) == held
    assert unapply(held, first) == state
    assert describe(first, held) == "Tobruk held by the Axis with a supply line (60.82)"
    assert event_for(second, AXIS_FC, changed) == second  # the map is physical: both see it
    assert view_for(changed, AXIS_FC).victory_held == {"tobruk": ("commonwealth", False)}
