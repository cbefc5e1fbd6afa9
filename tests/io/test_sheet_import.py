"""An edited log sheet read back (issue 19 item 4): ``read_edits`` finds the changed input
cells or refuses the workbook by ``Sheet!Cell``; ``edits_outcome`` turns the edits into the
commands a player would type, all or none."""

from __future__ import annotations

import io
from fractions import Fraction

import pytest
from openpyxl import Workbook

from ledger.commands.sheet_edits import edits_outcome, stamp_errors
from ledger.io.sheet_import import SHEET_MAX_BYTES, SheetRefused, read_edits
from ledger.model.apply import apply, start
from ledger.model.events import GameStarted
from ledger.model.scenario import Setup
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.reports.event_log import describe
from tests.sheet_workbooks import BN, DUMP_SHEET, TOBRUK, TOE_SHEET, edited, exported, write


@pytest.fixture
def state(graziani_setup: Setup) -> GameState:
    return start(GameStarted(Source(graziani_setup.info.start), graziani_setup))


def refusals(data: bytes) -> list[str]:
    with pytest.raises(SheetRefused) as refused:
        read_edits(data)
    return [str(e) for e in refused.value.errors]


def test_an_untouched_workbook_has_no_edits(state: GameState) -> None:
    stamp, edits = read_edits(exported(state))
    assert (stamp.game, stamp.side, stamp.seq) == ("g", "axis", 1)
    assert edits == []


def test_changed_cells_come_back_with_their_place(state: GameState) -> None:
    data = edited(exported(state), write(TOE_SHEET, C3=4))
    data = edited(data, write(DUMP_SHEET, C3=1950.0))  # a spreadsheet may save 1950 as 1950.0
    _, edits = read_edits(data)
    assert [(e.where, e.kind, e.value, e.new) for e in edits] == [
        ("'1st CCNN Div'!C3", "toe", 5, 4),
        ("'Supply Dumps'!C3", "dump", 2000, 1950),
    ]


def test_each_malformed_cell_is_refused_by_its_place(state: GameState) -> None:
    def spoil(wb: Workbook) -> None:
        wb[TOE_SHEET]["C3"] = "=C2*5"  # a formula typed over the TOE points
        wb[TOE_SHEET]["E3"] = "two"  # text in a number cell
        wb[DUMP_SHEET]["B3"] = -5  # a negative holding
        wb[DUMP_SHEET]["C3"] = 12.5  # not whole

    errors = refusals(edited(exported(state), spoil))
    assert errors == [
        "'1st CCNN Div'!C3: a formula (=C2*5) where a number is; write the number",
        "'1st CCNN Div'!E3: text 'two' where a whole number is, or one in quarter points "
        "(2 1/4, 2.25) (8.37)",  # E3: CP expended, kept in quarter points
        "'Supply Dumps'!B3: -5 is negative; a holding is 0 or more",
        "'Supply Dumps'!C3: 12.5 is not a whole number",
    ]


def test_a_moved_row_is_a_changed_layout(state: GameState) -> None:
    def insert(wb: Workbook) -> None:
        wb[DUMP_SHEET].insert_rows(3)

    errors = refusals(edited(exported(state), insert))
    assert (
        errors
        == [
            "'Supply Dumps'!A3: layout changed: exported as 'Tobruk', now '' (rows moved, "
            "inserted or deleted); export the sheet again"
        ]
        * 2
    )


def test_a_negative_cohesion_is_a_figure_not_an_error(state: GameState) -> None:
    _, edits = read_edits(edited(exported(state), write(TOE_SHEET, D3=-3)))
    assert [(e.kind, e.new) for e in edits] == [("cohesion", -3)]


def test_foreign_files_and_a_missing_sheet_are_refused(state: GameState) -> None:
    assert refusals(b"hello") == ["file: not an Excel workbook (.xlsx): not a zip archive"]
    assert refusals(b"x" * (SHEET_MAX_BYTES + 1)) == [
        f"file: {SHEET_MAX_BYTES + 1:,} bytes; a log sheet workbook is at most "
        f"{SHEET_MAX_BYTES:,} bytes"
    ]
    blank = edited(exported(state), lambda wb: wb.remove(wb["Quartermaster"]))
    assert refusals(blank) == [
        "file: this workbook was not exported by Quartermaster (no metadata sheet)"
    ]
    gone = edited(exported(state), lambda wb: wb.remove(wb[DUMP_SHEET]))
    assert refusals(gone) == ["Supply Dumps: sheet missing from the workbook"]


def outcome_of(state: GameState, data: bytes) -> tuple[list[str], list[str], GameState]:
    _, edits = read_edits(data)
    outcome = edits_outcome(state, edits, Source(state.clock, "axis", "field_commander"))
    after = state
    for event in outcome.events:
        after = apply(after, event)
    return [describe(e, after) for e in outcome.events], [str(e) for e in outcome.errors], after


def test_edits_become_the_commands_a_player_would_type(state: GameState) -> None:
    data = edited(exported(state), write(TOE_SHEET, C3=4, D3=-2, E3=3))
    data = edited(data, write(DUMP_SHEET, B3=230, C3=1950))
    lines, errors, after = outcome_of(state, data)
    assert errors == []
    assert len(lines) == 5
    unit = after.units[BN]
    assert next(h.points for h in unit.toe if h.system == "it.x") == 4  # 5 − 1 (4.52)
    assert unit.cohesion == Fraction(-2)  # 0 − 2 (6.2 correction)
    assert unit.cp_expended == Fraction(3)  # 3 CP spent (6.1)
    tobruk = after.dumps[TOBRUK].supplies
    assert (tobruk.ammo, tobruk.fuel) == (230, 1950)  # +30 arrived, −50 consumed (corrections)


def test_a_refused_edit_refuses_them_all(state: GameState) -> None:
    data = edited(exported(state), write(TOE_SHEET, C3=4, E3=2))
    after_cp = apply(
        state,
        edits_outcome(
            state,
            read_edits(edited(exported(state), write(TOE_SHEET, E3=2)))[1],
            Source(state.clock, "axis", "field_commander"),
        ).events[0],
    )
    # Exported at 0 CP, now 2: the sheet's 0 → 1 would overwrite the 2 already spent.
    data = edited(exported(state), write(TOE_SHEET, C3=4, E3=1))
    lines, errors, _ = outcome_of(after_cp, data)
    assert lines == []
    assert errors == [
        "'1st CCNN Div'!E3: 129th Infantry Bn: changed since export: now 2 (exported 0, "
        "written 1); export the sheet again"
    ]


def test_cp_are_not_given_back(state: GameState) -> None:
    spent = apply(
        state,
        edits_outcome(
            state,
            read_edits(edited(exported(state), write(TOE_SHEET, E3=2)))[1],
            Source(state.clock, "axis", "field_commander"),
        ).events[0],
    )
    data = edited(exported(spent), write(TOE_SHEET, E3=1))
    assert outcome_of(spent, data)[1] == [
        "'1st CCNN Div'!E3: 129th Infantry Bn: CP are not given back (2 → 1); undo the "
        "expenditure (6.16)"
    ]


def test_the_commands_own_rules_refuse_by_cell(state: GameState) -> None:
    data = edited(exported(state), write(TOE_SHEET, C3=0))  # fine: all 5 points lost
    assert outcome_of(state, data)[1] == []
    data = edited(exported(state), write(DUMP_SHEET, C3=10**9))
    assert outcome_of(state, data)[1] == [
        "'Supply Dumps'!C3: '999998000' is not a number of supply points: 0..1,000,000; the "
        "largest dump holds thousands"
    ]


def test_another_game_or_the_other_sides_workbook_is_refused(state: GameState) -> None:
    stamp, _ = read_edits(exported(state, game="other", side="axis"))
    assert [str(e) for e in stamp_errors(stamp, "g", "commonwealth")] == [
        "workbook: exported from game 'other', not 'g'",
        "workbook: an Axis workbook; your seat plays Commonwealth (11.36)",
    ]
    assert stamp_errors(stamp, "other", None) == []


def test_a_real_toe_log_export_comes_back(state: GameState) -> None:
    """End to end on ``toe_log_workbook``: the 129th Infantry Bn's TOE cell and its line's
    Cohesion, as the exporter marked them, edited and posted."""
    from openpyxl import load_workbook

    from ledger.io.sheet_meta import read_meta
    from ledger.io.toe_sheets import toe_log_workbook

    data = toe_log_workbook(state, "axis", "g", "it.1ccnn_div.1st_ccnn_div_hq", seq=7)
    _, cells = read_meta(load_workbook(io.BytesIO(data)))
    toe = next(c for c in cells if c.holder == BN and c.kind == "toe" and c.field == "it.x")
    cohesion = next(c for c in cells if c.holder == BN and c.kind == "cohesion")
    assert (toe.value, cohesion.value) == (5, 0)
    assert toe.sheet == cohesion.sheet
    stamp, edits = read_edits(edited(data, write(toe.sheet, **{toe.cell: 3, cohesion.cell: -1})))
    assert (stamp.game, stamp.side, stamp.seq, stamp.layout) == ("g", "axis", 7, "toe")
    assert [(e.where, e.new) for e in edits] == [(toe.where, 3), (cohesion.where, -1)]
    lines, errors, after = outcome_of(state, edited(data, write(toe.sheet, **{toe.cell: 3})))
    assert errors == []
    assert lines == ["129th Infantry Bn TOE -2 infantry (x) (correction, 4.52)"]
    assert next(h.points for h in after.units[BN].toe if h.system == "it.x") == 3


def test_damaged_metadata_is_one_refusal_not_a_crash(state: GameState) -> None:
    """The hidden sheet can be edited too: a range where a cell is, or text where a figure
    is, is refused as damaged before any cell is read."""

    def widen(wb: Workbook) -> None:
        wb["Quartermaster"]["B9"] = "A1:Z99999"  # the first record's cell

    def spoil(wb: Workbook) -> None:
        wb["Quartermaster"]["F9"] = "five"  # the first record's exported figure

    assert refusals(edited(exported(state), widen)) == [
        "file: the metadata sheet is damaged (cell 'A1:Z99999' of '1st CCNN Div'); export the "
        "sheet again"
    ]
    [error] = refusals(edited(exported(state), spoil))
    assert error.startswith("file: the metadata sheet is damaged (")
