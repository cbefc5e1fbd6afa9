"""CP expended (6.14) and Cohesion (6.2) in quarter points (8.37) written on a log sheet and
brought back (issue 19): the exporters mark them as inputs whatever their quarter value, the
import reads a multiple of 1/4 written as a number or as players write it ("2 1/2"), and the
exact difference is posted.

The 129th Infantry Bn (1st CCNN Div, Graziani's Offensive) starts with 0 CP expended and
Cohesion 0; it spends 1 1/4 CP (a 2 1/2 CP road move halved is one such figure).
"""

from __future__ import annotations

import io
from fractions import Fraction

import pytest
from openpyxl import Workbook, load_workbook

from ledger.commands.cp import adjust_cohesion, spend_cp
from ledger.commands.sheet_edits import edits_outcome
from ledger.io.sheet_import import SheetRefused, read_edits
from ledger.io.sheet_meta import InputCell, MetaError, read_meta
from ledger.io.toe_sheets import toe_log_workbook
from ledger.io.xlsx import field_commander_workbook
from ledger.model.apply import apply, start
from ledger.model.events import GameStarted
from ledger.model.scenario import Setup
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.reports.event_log import describe
from tests.sheet_workbooks import BN, TOE_SHEET, edited, exported, write

DIV = "it.1ccnn_div.1st_ccnn_div_hq"


@pytest.fixture
def state(graziani_setup: Setup) -> GameState:
    return start(GameStarted(Source(graziani_setup.info.start), graziani_setup))


def _src(state: GameState) -> Source:
    return Source(state.clock, "axis", "field_commander")


@pytest.fixture
def spent(state: GameState) -> GameState:
    """The 129th Infantry Bn after spending 1 1/4 CP (6.14)."""
    outcome = spend_cp(state, BN, Fraction(5, 4), _src(state))
    assert outcome.ok, outcome.errors
    (event,) = outcome.events
    return apply(state, event)


@pytest.fixture
def shaken(state: GameState) -> GameState:
    """The 129th Infantry Bn at Cohesion −1 1/4 (6.2)."""
    outcome = adjust_cohesion(state, BN, "correction", _src(state), Fraction(-5, 4))
    assert outcome.ok, outcome.errors
    (event,) = outcome.events
    return apply(state, event)


def _toe(state: GameState) -> bytes:
    return toe_log_workbook(state, "axis", "g", DIV, seq=3)


def _cell(data: bytes, kind: str) -> InputCell:
    _, cells = read_meta(load_workbook(io.BytesIO(data)))
    return next(c for c in cells if c.holder == BN and c.kind == kind)


def _outcome(state: GameState, data: bytes) -> tuple[list[str], list[str], GameState]:
    _, edits = read_edits(data)
    outcome = edits_outcome(state, edits, _src(state))
    after = state
    for event in outcome.events:
        after = apply(after, event)
    return [describe(e, after) for e in outcome.events], [str(e) for e in outcome.errors], after


@pytest.mark.parametrize("sheet", ["toe", "field-commander"])
def test_a_quarter_cp_figure_is_marked_on_both_sheets(spent: GameState, sheet: str) -> None:
    data = _toe(spent) if sheet == "toe" else field_commander_workbook(spent, "axis", "g")
    cp = _cell(data, "cp")
    assert cp.value == Fraction(5, 4)  # recorded exactly, 8.37
    ws = load_workbook(io.BytesIO(data))[cp.sheet]
    held = ws[cp.cell]
    assert held.value == 1.25 and held.number_format == "# ?/?"  # prints "1 1/4"
    assert held.protection.locked is False  # a pencil may write over it
    assert _cell(data, "cohesion").value == 0  # a whole figure stays an int
    assert isinstance(_cell(data, "cohesion").value, int)


@pytest.mark.parametrize("sheet", ["toe", "field-commander"])
def test_writing_2_over_1_1_4_spends_3_4_cp(spent: GameState, sheet: str) -> None:
    data = _toe(spent) if sheet == "toe" else field_commander_workbook(spent, "axis", "g")
    cp = _cell(data, "cp")
    lines, errors, after = _outcome(spent, edited(data, write(cp.sheet, **{cp.cell: 2})))
    assert errors == []
    assert lines == ["129th Infantry Bn expends 3/4 CP"]  # 2 − 1 1/4 (6.14)
    assert after.units[BN].cp_expended == 2


def test_text_written_as_players_write_it_posts_the_exact_difference(spent: GameState) -> None:
    data = _toe(spent)
    cp = _cell(data, "cp")
    lines, errors, after = _outcome(spent, edited(data, write(cp.sheet, **{cp.cell: "2 1/2"})))
    assert errors == []
    assert lines == ["129th Infantry Bn expends 1 1/4 CP"]  # 2 1/2 − 1 1/4
    assert after.units[BN].cp_expended == Fraction(5, 2)
    for written in ("2¼", "2 ¼", "2.25", 2.25, "2 1/4"):
        _, edits = read_edits(edited(data, write(cp.sheet, **{cp.cell: written})))
        assert [(e.value, e.new) for e in edits] == [(Fraction(5, 4), Fraction(9, 4))], written


def test_a_figure_not_in_quarters_is_refused_by_its_cell(spent: GameState) -> None:
    data = _toe(spent)
    cp = _cell(data, "cp")
    for written, said in (
        (2.3, "2.3 is not in quarter points (8.37)"),
        ("2.3", "2.3 is not in quarter points (8.37)"),
        ("2 1/3", "2 1/3 is not in quarter points (8.37)"),
        (
            "two",
            "text 'two' where a whole number is, or one in quarter points (2 1/4, 2.25) (8.37)",
        ),
        ("-1/4", "-1/4 is negative; CP expended is 0 or more (6.14)"),
    ):
        with pytest.raises(SheetRefused) as refused:
            read_edits(edited(data, write(cp.sheet, **{cp.cell: written})))
        assert [str(e) for e in refused.value.errors] == [f"{cp.where}: {said}"]


def test_cp_going_down_by_a_quarter_is_still_refused(spent: GameState) -> None:
    data = _toe(spent)
    cp = _cell(data, "cp")
    _, errors, _ = _outcome(spent, edited(data, write(cp.sheet, **{cp.cell: 1})))
    assert errors == [
        f"{cp.where}: 129th Infantry Bn: CP are not given back (1 1/4 → 1); undo the "
        "expenditure (6.16)"
    ]


@pytest.mark.parametrize("written", [-2, "-2", "−2"])
def test_cohesion_minus_1_1_4_written_as_minus_2_is_a_3_4_correction(
    shaken: GameState, written: object
) -> None:
    data = _toe(shaken)
    cohesion = _cell(data, "cohesion")
    assert cohesion.value == Fraction(-5, 4)
    assert load_workbook(io.BytesIO(data))[cohesion.sheet][cohesion.cell].value == -1.25
    lines, errors, after = _outcome(
        shaken, edited(data, write(cohesion.sheet, **{cohesion.cell: written}))
    )
    assert errors == []
    assert lines == ["129th Infantry Bn: 3/4 DP (correction, 6.2)"]  # −2 − (−1 1/4)
    assert after.units[BN].cohesion == -2


def test_cohesion_written_back_from_the_field_commander_sheet(shaken: GameState) -> None:
    data = field_commander_workbook(shaken, "axis", "g")
    cohesion = _cell(data, "cohesion")
    assert cohesion.value == Fraction(-5, 4)
    written = edited(data, write(cohesion.sheet, **{cohesion.cell: "-1/2"}))
    lines, errors, after = _outcome(shaken, written)
    assert (lines, errors) == (["129th Infantry Bn: 3/4 RP (correction, 6.2)"], [])
    assert after.units[BN].cohesion == Fraction(-1, 2)


def test_an_old_style_workbook_with_whole_inputs_only_still_reads(state: GameState) -> None:
    """A workbook of before quarter inputs: whole figures, and no text-input columns."""

    def drop_text_columns(wb: Workbook) -> None:
        wb["Quartermaster"].delete_cols(9, 2)  # "input", "text": added after the first exports

    data = edited(exported(state), drop_text_columns)
    _, cells = read_meta(load_workbook(io.BytesIO(data)))
    assert [(c.kind, c.value) for c in cells] == [
        ("toe", 5),
        ("cohesion", 0),
        ("cp", 0),
        ("dump", 200),
        ("dump", 2000),
    ]
    assert all(type(c.value) is int for c in cells)
    _, edits = read_edits(edited(data, write(TOE_SHEET, D3=-1, E3="1 1/2", C3=4)))
    assert [(e.kind, e.new) for e in edits] == [
        ("toe", 4),
        ("cohesion", -1),
        ("cp", Fraction(3, 2)),
    ]
    with pytest.raises(SheetRefused) as refused:  # a TOE figure stays a whole number
        read_edits(edited(data, write(TOE_SHEET, C3=4.25)))
    assert [str(e) for e in refused.value.errors] == [
        "'1st CCNN Div'!C3: 4.25 is not a whole number"
    ]


def test_a_quarter_figure_of_a_whole_kind_in_the_metadata_is_damage(spent: GameState) -> None:
    def spoil(wb: Workbook) -> None:
        wb["Quartermaster"]["F9"] = "5/4"  # the first record: a TOE figure

    with pytest.raises(MetaError, match="damaged: figure '5/4' of a 'toe' box"):
        read_meta(load_workbook(io.BytesIO(edited(exported(spent), spoil))))
    with pytest.raises(SheetRefused):
        read_edits(edited(exported(spent), spoil))
