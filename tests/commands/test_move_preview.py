"""A move's CP by the Terrain Effects Chart when none is given (8.37), the chart's prohibited
hexes refused, and ``move_preview``'s figures for a real Graziani unit before it moves."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from ledger.commands import organization_phase
from ledger.commands.movement import move_unit, read_path
from ledger.commands.outcome import Outcome
from ledger.commands.transfers import transfer
from ledger.model.apply import apply, start
from ledger.model.events import CPExpended, GameStarted, SuppliesConsumed, UnitMoved
from ledger.model.quantities import Supplies
from ledger.model.scenario import Setup
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.reports.movement import move_preview, moving_now, preview_lines
from tests.commands.test_movement import EXAMPLE_21_23, RNF, RTR, armor_state

LX = "it.libyan_tank_command.lx_l_tank_bn"  # LX(L) Tank Bn, Bardia (C4321): 9 CV 33, BAR 2R
ESSEX = "cw.70_inf_div.1st_essex"  # 1st Essex, Mersa Matruh (D3714): CPA 10, on foot


def run(state: GameState, outcome: Outcome) -> GameState:
    assert outcome.ok, outcome.errors
    for event in outcome.events:
        state = apply(state, event)
    return state


def src(state: GameState, side: str = "commonwealth") -> Source:
    return Source(state.clock, side, "field_commander")  # type: ignore[arg-type]


@pytest.fixture
def graziani(graziani_setup: Setup) -> GameState:
    """Graziani GT 1 OpStage 1: LX(L) Tank Bn fills its tanks at Bardia (45 Fuel, 49.14), then
    Player A's Movement and Combat Phase."""
    state = start(GameStarted(Source(graziani_setup.info.start), graziani_setup))
    state = run(state, transfer(state, "ax_bardia", LX, Supplies(fuel=45), src(state, "axis")))
    return run(state, organization_phase.advance_phase(state, "movement-and-combat/A", src(state)))


def test_a_move_without_cp_expends_the_paths_cp_by_the_chart() -> None:
    armor = armor_state()
    outcome = move_unit(armor, RTR, "C3720", None, EXAMPLE_21_23, src(armor))
    moved, spent, burnt = outcome.events
    # motorized (CPA 25): ½ + ½ + 4 + (2 + 4) = 11 CP
    assert isinstance(moved, UnitMoved) and moved.cp == 11 and moved.breakdown_points == 15
    assert isinstance(spent, CPExpended) and spent.cp == 11
    # 49.13: 11 CP are three groups of five: 3 x 3 x 20 Crusaders + 1 x 3 x 4 Mark VI = 192
    assert isinstance(burnt, SuppliesConsumed) and burnt.supplies == Supplies(fuel=192)
    # a foot unit (CPA 8) reads the non-motorized column: rough 3 + clear 2 + up escarpment 6
    foot = move_unit(armor, RNF, "C3720", None, "rough,clear+up-escarpment", src(armor))
    assert isinstance(foot.events[0], UnitMoved) and foot.events[0].cp == 11


def test_the_chart_refuses_a_hex_even_when_the_cp_are_given() -> None:
    armor = armor_state()
    refused = move_unit(armor, RNF, "C3720", Fraction(3), "clear,swamp", src(armor))
    assert [e.message for e in refused.errors] == [
        "hex 2 (swamp): 8.37: Swamp is entered only along a road"
    ]
    none = move_unit(armor, RNF, "C3720", None, "", src(armor))
    assert [(e.field, e.message) for e in none.errors] == [
        ("--cp", "give the CP expended, or the hexes entered (8.37)")
    ]


def test_read_path_numbers_each_entry_as_entered() -> None:
    armor = armor_state()
    read = read_path(armor, armor.units[RTR], "road:clear, foo ,clear+up-escarpment,track:rough")
    assert [h.number for h in read] == [1, 2, 3, 4]
    assert [h.cost.cp if h.cost else None for h in read] == [Fraction(1, 2), None, None, 2]
    assert read[1].error is not None and read[1].error.message.startswith("hex 2: 'foo'")
    assert read[2].error is not None and "8.42" in read[2].error.message


def test_a_track_hex_by_the_chart_or_by_8_46() -> None:
    """Ruling 8.46-track-hex-cost: 3 RTR (motorized) along a track into Rough pays 4 ÷ 2 = 2 CP
    by the chart's note 8 (the default), 1 CP by 8.46's "1 CP per hex"."""
    armor = armor_state()
    (halved,) = read_path(armor, armor.units[RTR], "track:rough")
    assert halved.cost is not None and halved.cost.cp == 2
    per_8_46 = replace(armor, ruling_choices={"8.46-track-hex-cost": "one-cp"})
    (one,) = read_path(per_8_46, per_8_46.units[RTR], "track:rough")
    assert one.cost is not None and one.cost.cp == 1


def test_move_preview_of_a_graziani_tank_battalion(graziani: GameState) -> None:
    preview = move_preview(graziani, LX, EXAMPLE_21_23, "C4322")
    assert (preview.unit_name, preview.start, preview.to) == ("LX(L) Tank Bn", "C4321", "C4322")
    assert preview.motorized and preview.path_cp == preview.cp == 11 and not preview.overridden
    assert (preview.cpa, preview.cp_left, preview.ceiling) == (25, 14, None)  # 8.17: motorized
    assert preview.dp == 0 and preview.cohesion_after == 0
    # 49.13: 11 CP = three groups of five x rate 1 x 9 CV 33 = 27 of the 45 in its tanks
    assert (preview.fuel, preview.fuel_held, preview.fuel_short) == (27, 45, False)
    # 21.23: 15 BP; 11-20 with the CV 33's BAR 2R reads 31-40, a check is due (21.27)
    assert (preview.breakdown_points, preview.breakdown_total) == (15, 15)
    assert [(v.name, v.column, v.due) for v in preview.vehicles] == [
        ("CV 33 (L3/35)", "31-40", True)
    ]
    assert preview.check_due
    # 52.42: 1 Water a vehicle point having moved (tanks: no infantry point), none held
    assert (preview.water, preview.water_held) == (9, 0)
    assert preview.errors == ()
    assert "Path by the Terrain Effects Chart (8.37, motorized column): 11 CP" in preview_lines(
        preview
    )
    # recorded as previewed: the same CP, fuel and BP
    after = run(graziani, move_unit(graziani, LX, "C4322", None, EXAMPLE_21_23, src(graziani)))
    unit = after.units[LX]
    assert (unit.cp_expended, unit.supplies.fuel, unit.breakdown_points) == (11, 18, 15)


def test_move_preview_over_the_cpa_and_refused(graziani: GameState) -> None:
    # the board asked 30 CP (an enemy minefield, say): 5 over CPA 25 → 5 DP (6.21, 6.22)
    over = move_preview(graziani, LX, "road:clear", "C4322", Fraction(30))
    assert over.overridden and over.path_cp == Fraction(1, 2) and over.cp == 30
    assert (over.cp_left, over.dp, over.cohesion_after) == (-5, 5, -5)
    # 30 CP = six groups: 54 Fuel, 45 held → refused (49.16), nothing written
    assert over.fuel == 54 and over.fuel_short
    assert [e.case for e in over.errors] == ["49.16"]
    # a foot battalion: 8.17's ceiling is 15 for CPA 10; 3 + 4 + 8 = 15 CP reaches it
    foot = move_preview(graziani, ESSEX, "rough,clear+ridge,clear+up-escarpment", "D3614")
    assert (foot.motorized, foot.cp, foot.ceiling, foot.ceiling_left) == (False, 15, 15, 0)
    assert (foot.dp, foot.fuel, foot.vehicles, foot.water) == (5, 0, (), 1)
    down = move_preview(graziani, LX, "clear+down-escarpment,rough", "C4322")
    assert down.path_cp is None and down.cp is None
    assert [e.message for e in down.errors] == [
        "hex 1: 8.37 (note 9), 8.42: vehicles go down an escarpment on a track"
    ]


def test_moving_now_names_the_phase(graziani: GameState, graziani_setup: Setup) -> None:
    assert moving_now(graziani) is None
    organizing = start(GameStarted(Source(graziani_setup.info.start), graziani_setup))
    assert moving_now(organizing) == (
        "Units move in a Movement and Combat Phase (8.11); it is C. Organization Phase now."
    )


def test_the_8_17_ceiling_is_for_voluntary_moves_only(graziani: GameState) -> None:
    # 8.17: Reaction and Retreat Before Assault are not voluntary, in the other player's portion
    moving = move_preview(graziani, ESSEX, "rough", "D3614")
    retreating = move_preview(graziani, ESSEX, "rough", "D3614", action="retreat-before-assault")
    assert (moving.ceiling, moving.ceiling_left) == (15, 12)
    assert (retreating.ceiling, retreating.ceiling_left) == (None, None)
