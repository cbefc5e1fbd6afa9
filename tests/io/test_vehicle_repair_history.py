"""The Vehicle Repair Control Sheet (4.53) keeps the repairs recorded this Game-Turn.

Worked from Graziani's Offensive (60.22), with the commands the CLI posts (``transfer``,
``phase``, ``move``, ``breakdown``, ``repair``):

- LX(L) Tank Bn at Bardia (C4321) holds 9 CV 33 (BAR 2R). It draws 45 Fuel from the Bardia dump
  (49.14), then in G. Movement and Combat Phase (Player A) moves to C4322 along
  road, road, rough, clear + ridge: 1/2 + 1/2 + 4 + (2 + 4) = 11 CP (8.37), 15 BP (21.23).
- Its check at 15 BP reads column 31-40 (BAR 2R: two right of 11-20); reading 56 breaks down
  25 % of 9, 2 1/4, rounded up to 3 CV 33 (21.34, 21.35): 6 stay in its TOE.
- In K. Repair Phase (Player A) of GT 1 OpStage 1 the players repair 2 of them (5.2 III.K):
  the sheet's CV 33 line shows 1 awaiting repair, 2 repaired, "OpStage 1, Repair Phase".
- Undoing the repair takes the record off again; the Game-Turn's next OpStages keep it, and the
  next Game-Turn's sheet no longer shows it (the sheet keeps a Game-Turn's repairs).
"""

from __future__ import annotations

import io
from dataclasses import replace
from fractions import Fraction
from typing import Any

import openpyxl
import pytest

from ledger.commands.breakdown_log import breakdown_check, repair
from ledger.commands.movement import move_unit
from ledger.commands.outcome import Outcome
from ledger.commands.transfers import transfer
from ledger.io.control_sheets import vehicle_repair_workbook
from ledger.model.apply import apply, start, unapply
from ledger.model.clock import GameTime
from ledger.model.events import GameStarted, VehiclesRepaired
from ledger.model.quantities import Supplies
from ledger.model.scenario import Setup
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.model.units import Repair
from ledger.model.view import combat_figures
from ledger.reports.control_log import repair_lines
from tests.phases import at_phase

LX = "it.libyan_tank_command.lx_l_tank_bn"
PATH = "road:clear,road:clear,rough,clear+ridge"  # 1/2 + 1/2 + 4 + (2 + 4) = 11 CP


def _src(state: GameState) -> Source:
    return Source(state.clock, "axis", "field_commander")


def _run(state: GameState, outcome: Outcome) -> GameState:
    assert outcome.ok, outcome.errors
    for event in outcome.events:
        state = apply(state, event)
    return state


@pytest.fixture(scope="module")
def repaired(graziani_setup: Setup) -> GameState:
    """LX(L) Tank Bn: 3 CV 33 broken down, then 2 repaired in the Repair Phase (Player A)."""
    state = start(GameStarted(Source(graziani_setup.info.start), graziani_setup))
    state = _run(state, transfer(state, "ax_bardia", LX, Supplies(fuel=45), _src(state)))
    state = at_phase(state, "movement-and-combat/A")
    state = _run(state, move_unit(state, LX, "C4322", None, PATH, _src(state)))
    assert state.units[LX].breakdown_points == 15  # 21.23
    state = _run(state, breakdown_check(state, LX, [56], _src(state)))
    assert [(h.system, h.points) for h in state.units[LX].awaiting_repair] == [("it.cv33", 3)]
    state = at_phase(state, "repair/A")
    return _run(state, repair(state, LX, "it.cv33", 2, _src(state)))


def _line(rows: list[dict[str, Any]]) -> dict[str, Any]:
    (line,) = [r for r in rows if r["unit"] == "LX(L) Tank Bn"]
    return line


def test_the_repair_is_kept_with_its_figures_and_when(repaired: GameState) -> None:
    unit = repaired.units[LX]
    assert unit.repairs == (Repair(GameTime(1, 1), "it.cv33", 2, "repair/A"),)
    line = _line(repair_lines(repaired, "axis"))
    cv33 = repaired.systems["it.cv33"].name
    assert line == {
        "unit": "LX(L) Tank Bn",
        "location": "C4322",
        "system": cv33,
        "awaiting": 1,  # 3 broken down (21.34), 2 repaired (5.2 III.K)
        "bp": 15,  # 21.25: the BP stay for the OpStage
        "checked_at": 15,
        "repaired": 2,
        "repaired_when": "OpStage 1, Repair Phase",
    }


def test_a_unit_fully_repaired_stays_on_the_sheet(repaired: GameState) -> None:
    state = _run(repaired, repair(repaired, LX, "it.cv33", 1, _src(repaired)))
    assert state.units[LX].awaiting_repair == ()
    line = _line(repair_lines(state, "axis"))
    assert (line["awaiting"], line["repaired"]) == (None, 3)
    assert line["repaired_when"] == "OpStage 1, Repair Phase: 2; OpStage 1, Repair Phase: 1"
    # the OpStage's Breakdown Points cleared (21.25), nothing awaiting: still listed this GT
    quiet = replace(
        state,
        units={**state.units, LX: replace(state.units[LX], breakdown_points=Fraction(0))},
        clock=GameTime(1, 3),
    )
    assert _line(repair_lines(quiet, "axis"))["repaired"] == 3
    # the next Game-Turn's sheet starts afresh
    next_turn = replace(quiet, clock=GameTime(2, 1))
    assert [r for r in repair_lines(next_turn, "axis") if r["unit"] == "LX(L) Tank Bn"] == []


def test_undoing_the_repair_takes_its_record_off(repaired: GameState) -> None:
    event = VehiclesRepaired(_src(repaired), LX, "it.cv33", 2)
    before = unapply(repaired, event)
    assert before.units[LX].repairs == ()
    assert [(h.system, h.points) for h in before.units[LX].awaiting_repair] == [("it.cv33", 3)]
    assert _line(repair_lines(before, "axis"))["repaired"] is None


def test_the_enemy_does_not_see_the_repairs(repaired: GameState) -> None:
    assert combat_figures(repaired.units[LX]).repairs == ()


def test_the_exported_sheet_shows_the_repair(repaired: GameState) -> None:
    book = openpyxl.load_workbook(io.BytesIO(vehicle_repair_workbook(repaired, "axis", "g")))
    (ws,) = [w for w in book.worksheets if w.sheet_state == "visible"]
    rows = [[c.value for c in row] for row in ws.iter_rows()]
    head = next(r for r in rows if r[0] == "Unit")
    assert head[:9] == [
        "Unit",
        "Hex",
        "Weapon system",
        "Awaiting repair",
        "BP this OpStage",
        "Checked at (BP)",
        "Repaired this Game-Turn",
        "When repaired",
        "Notes (destroyed, abandoned, recovered)",
    ]
    line = next(r for r in rows if r[0] == "LX(L) Tank Bn")
    assert line[1:8] == [
        "C4322",
        repaired.systems["it.cv33"].name,
        1,
        15,
        15,
        2,
        "OpStage 1, Repair Phase",
    ]
