"""Phase discipline (issue 17 item 3): the Operations Stage ends from its last phase (5.2),
combat is posted in the Phasing Player's Movement and Combat Phase (5.2 III.G), the Initiative
holder declares who moves first (7.11, 7.16), and the CLI refuses with the ledger's own words.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from ledger.cli import main
from ledger.combat.posting import CombatPosting, UnitMarker
from ledger.commands.combat import end_combat_segment, post_combat
from ledger.commands.initiative import declare_first_player
from ledger.commands.outcome import Outcome
from ledger.commands.stage_end import end_stage, end_stage_errors
from ledger.journal import EventStore, database_url
from ledger.journal.session import GameSession
from ledger.model.apply import apply, unapply
from ledger.model.initiative import first_player, phasing_side, player_side, players
from ledger.model.phases import PHASES
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.reports.stage_end import end_stage_refusals, stage_end_preview
from tests.phases import COMBAT_A, COMBAT_B, LAST, at_last_phase, at_phase

SCOTS = "cw.unassigned_inf.2nd_scots_guards"
"""2nd Scots Guards, in C4131 at the start of Graziani."""


def run(state: GameState, outcome: Outcome) -> GameState:
    assert outcome.ok, outcome.errors
    for event in outcome.events:
        state = apply(state, event)
    return state


def axis_barrage() -> CombatPosting:
    """An Axis barrage from C4218 on 2nd Scots Guards in C4131 that pins them (12.44)."""
    return CombatPosting(
        combat="barrage",
        attacker="axis",
        hexes=("C4218", "C4131"),
        markers=(UnitMarker(SCOTS, "pinned", "12.44"),),
    )


def axis(state: GameState) -> Source:
    return Source(state.clock, "axis", "field_commander")


@pytest.fixture
def graziani(graziani_setup) -> GameState:  # type: ignore[no-untyped-def]
    """Graziani's Offensive at GT 1 OpStage 1, Organization Phase; the Axis holds the
    Initiative (60.6)."""
    from ledger.model.apply import start
    from ledger.model.events import GameStarted

    return start(GameStarted(Source(graziani_setup.info.start), graziani_setup))


def test_a_barrage_in_the_organization_phase_is_refused_with_the_case(
    graziani: GameState,
) -> None:
    refused = post_combat(graziani, axis_barrage(), axis(graziani))
    assert not refused.ok and not refused.events
    (error,) = refused.errors
    assert (error.field, error.case) == ("phase", "5.2 III.G")
    assert error.message == (
        "A Barrage only in a Movement and Combat Phase; it is the C. Organization Phase "
        "(advance with `quartermaster phase`, or choose the house rule combat-phase=any-phase)"
    )
    # in the Axis's own Movement and Combat Phase (Player A: the Initiative holder) it posts
    fighting = at_phase(graziani, COMBAT_A)
    after = run(fighting, post_combat(fighting, axis_barrage(), axis(fighting)))
    assert after.units[SCOTS].combat_markers == ("pinned",)
    # the house rule lets it through anywhere
    house = replace(graziani, ruling_choices={"combat-phase": "any-phase"})
    assert post_combat(house, axis_barrage(), axis(house)).ok


def test_a_barrage_in_the_other_sides_phase_is_refused_unless_it_is_defensive_fire(
    graziani: GameState,
) -> None:
    cw_phase = at_phase(graziani, COMBAT_B)  # the Commonwealth is Player B
    refused = post_combat(cw_phase, axis_barrage(), axis(cw_phase))
    (error,) = refused.errors
    assert (error.field, error.case) == ("phasing", "5.2 III.G, 7.16")
    assert error.message.startswith(
        "it is the G. Movement and Combat Phase (Player B), Commonwealth's: Commonwealth is "
        "the Phasing Player, not Axis"
    )
    # the same guns firing as the non-Phasing Player name the Commonwealth Phasing (12.17)
    defensive = replace(axis_barrage(), phasing="commonwealth")
    assert post_combat(cw_phase, defensive, axis(cw_phase)).ok


def test_a_combat_segment_ends_only_in_a_movement_and_combat_phase(graziani: GameState) -> None:
    (error,) = end_combat_segment(graziani, axis(graziani)).errors
    assert (error.field, error.case) == ("phase", "5.2 III.G")
    assert "it is the C. Organization Phase" in error.message
    fighting = at_phase(graziani, COMBAT_A)
    pinned = run(fighting, post_combat(fighting, axis_barrage(), axis(fighting)))
    ended = run(pinned, end_combat_segment(pinned, axis(pinned)))
    assert ended.units[SCOTS].combat_markers == ()


def test_the_operations_stage_ends_only_from_player_bs_patrol_phase(
    graziani: GameState,
) -> None:
    src = Source(graziani.clock)
    (error,) = end_stage(graziani, src).errors
    assert (error.field, error.case) == ("phase", "5.2")
    assert error.message == (
        "the Operations Stage ends after the L. Patrol Phase (Player B); it is the "
        "C. Organization Phase (advance with `quartermaster phase`, or choose the house rule "
        "end-stage-phase=any-phase)"
    )
    # Player A's Patrol Phase is not the last one either
    assert (
        "it is the L. Patrol Phase (Player A)"
        in end_stage(at_phase(graziani, "patrol/A"), src).errors[0].message
    )
    last = at_last_phase(graziani)
    ended = run(last, end_stage(last, src))
    assert (ended.clock.short, ended.phase) == ("GT 1 OpStage 2", "organization")
    house = replace(graziani, ruling_choices={"end-stage-phase": "any-phase"})
    assert end_stage(house, src).ok


def test_the_preview_describes_the_ending_and_writes_nothing(graziani: GameState) -> None:
    src = Source(graziani.clock)
    lines = stage_end_preview(graziani, src)
    # the end itself (6.16) and the OpStage's water (52.41), whatever the phase
    assert lines[0] == "GT 1 OpStage 1 ended; GT 1 OpStage 2 begins (0 units' CP reset)"
    assert lines[1].startswith("water for GT 1 OpStage 1 (52.41)")
    assert end_stage_refusals(graziani) == [f"{end_stage_errors(graziani)[0].message} (5.2)"]
    last = at_last_phase(graziani)
    assert end_stage_refusals(last) == []
    from ledger.reports.event_log import describe

    assert stage_end_preview(last, src)[:2] == [
        describe(e, last) for e in end_stage(last, src).events[:2]
    ]


def test_the_cli_refuses_with_the_same_words(
    graziani: GameState, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "q.db")
    assert main(["new", "--skip-setup", "g", "--scenario", "graziani", "--db", db]) == 0
    capsys.readouterr()
    assert main(["end-stage", "--db", db, "--game", "g"]) == 1
    said = capsys.readouterr().err
    (error,) = end_stage(graziani, Source(graziani.clock)).errors
    assert str(error) in said and "nothing was written" in said
    assert main(["end-combat-segment", "--db", db, "--game", "g"]) == 1
    (segment,) = end_combat_segment(graziani, Source(graziani.clock)).errors
    assert str(segment) in capsys.readouterr().err
    assert main(["end-stage", "--preview", "--db", db, "--game", "g"]) == 0
    preview = capsys.readouterr().out
    assert "Ending GT 1 OpStage 1 would post:" in preview
    assert f"Not now: {error.message} (5.2)" in preview
    assert len(EventStore(database_url(db)).load("g")) == 1  # nothing written
    assert main(["phase", "L", "--player", "B", "--db", db, "--game", "g"]) == 0
    assert main(["end-stage", "--db", db, "--game", "g"]) == 0
    assert GameSession(EventStore(database_url(db)), "g").state.clock.short == "GT 1 OpStage 2"


def test_only_the_initiative_holder_declares_who_moves_first(graziani: GameState) -> None:
    cw = Source(graziani.clock, "commonwealth", "commander_in_chief")
    (error,) = declare_first_player(graziani, "commonwealth", cw).errors
    assert (error.field, error.case) == ("side", "7.11")
    assert error.message.startswith(
        "Axis holds the Initiative this Game-Turn: only it chooses who moves first, "
        "not Commonwealth"
    )
    held = Source(graziani.clock, "axis", "commander_in_chief")
    declared = run(graziani, declare_first_player(graziani, "commonwealth", held))
    assert (first_player(declared), player_side(declared, "B")) == ("commonwealth", "axis")
    assert players(declared)["player_a"] == "Commonwealth"
    again = declare_first_player(declared, "commonwealth", held).errors
    assert "already declared Player A" in again[0].message
    # after the Organization Phase the choice is made (5.2 III.A)
    late = declare_first_player(at_phase(graziani, "naval-convoy-arrival"), "axis", held)
    assert (late.errors[0].field, late.errors[0].case) == ("phase", "5.2 III.A")
    assert not declare_first_player(graziani, "italy", held).ok  # type: ignore[arg-type]
    # ruling initiative-holder=declared: the table rolled 7.14 itself, either side declares
    rolled = replace(graziani, ruling_choices={"initiative-holder": "declared"})
    assert declare_first_player(rolled, "commonwealth", cw).ok


def test_phasing_side_through_a_whole_operations_stage(graziani: GameState) -> None:
    held = Source(graziani.clock, "axis", "commander_in_chief")
    state = run(graziani, declare_first_player(graziani, "commonwealth", held))
    assert phasing_side(state) is None  # C. Organization: both players
    seen = []
    for phase in PHASES[PHASES.index(next(p for p in PHASES if p.key == "organization")) + 1 :]:
        state = at_phase(state, phase.key)
        seen.append((phase.letter, phase.player, phasing_side(state)))
    assert seen == [
        ("D", None, None),
        ("E", None, None),
        *((letter, "A", "commonwealth") for letter in "FGHJKL"),
        *((letter, "B", "axis") for letter in "FGHJKL"),
    ]
    assert state.phase == LAST
    # the next Operations Stage forgets the declaration (7.11): the holder moves first again
    ending = end_stage(state, Source(state.clock))
    after = run(state, ending)
    assert (after.first_player, first_player(after)) == (None, "axis")
    back = after
    for event in reversed(ending.events):
        back = unapply(back, event)  # type: ignore[arg-type]
    assert back == state and first_player(back) == "commonwealth"
