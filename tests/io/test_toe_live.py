"""The TOE Log Sheet is a live spreadsheet (4.52, 11.31-11.37): a player who writes a new TOE
Strength Point figure in a line's TOE cell sees its Raw points and the formation's totals follow
once LibreOffice recalculates.

Hand-worked from scenarios/graziani.toml: the 2nd New Zealand Division's only Barrage is the
4th NZ Field Artillery Regt (4 NZ Fld), 6 TOE of 3.7" Howitzer, Barrage 7: Raw 42, Actual 4
(11.31, 11.32). Written down to 3 TOE: Raw 21, Actual ROUND(2.1) = 2, on its line and for the
division. Anti-Armor stays 0; its Defensive Close Assault (0) does not move the division's 72 Raw
(7 Actual). Written down to 5 TOE instead: Raw 35, Actual 3.5 rounded half up = 4 (11.32).

A line's Actual is the line fired alone; the division's is its Raw total ÷ 10 (11.34): the
three NZ battalions' Def. Close Aslt lines are 12 Raw, 1 Actual each (3 summed), and with the
cavalry (24, 2) and the MG battalion (12, 1) the division's 72 Raw are 7 Actual, not 6.
"""

from __future__ import annotations

import io
from pathlib import Path

import openpyxl
import pytest

from ledger.io.scenario import load_scenario
from ledger.io.sheet_meta import InputCell, read_meta
from ledger.io.toe_sheets import toe_log_workbook
from ledger.model.apply import start
from ledger.model.events import GameStarted
from ledger.model.source import Source
from ledger.model.state import GameState
from tests.io.printing import convert

GRAZIANI = Path(__file__).resolve().parents[2] / "scenarios" / "graziani.toml"
NZ_DIV = "cw.2_nz_div.2nd_new_zealand_div_hq"
NZ_FIELD = "cw.2_nz_div.4th_nz_field_artillery_regt"


@pytest.fixture(scope="module")
def graziani() -> GameState:
    setup = load_scenario(GRAZIANI)
    return start(GameStarted(Source(setup.info.start), setup))


def _recalculated(soffice: str, book: openpyxl.Workbook, tmp_path: Path) -> openpyxl.Workbook:
    """``book`` saved, opened and recalculated by LibreOffice, read back as values."""
    source = tmp_path / "in" / "toe.xlsx"
    source.parent.mkdir()
    book.save(source)
    out = tmp_path / "out"
    out.mkdir()
    return openpyxl.load_workbook(convert(soffice, source, out, "xlsx"), data_only=True)


def _row_of(ws: openpyxl.worksheet.worksheet.Worksheet, label: str) -> dict[str, object]:
    head = next(r for r in range(1, 20) if ws.cell(row=r, column=1).value == "Counter")
    headers = [c.value for c in ws[head]]
    for row in ws.iter_rows(min_row=head + 2, values_only=True):
        if str(row[0] or "").startswith(label):
            return dict(zip(headers, row, strict=True))
    raise AssertionError(f"no row {label!r}")


def _nz_division(state: GameState) -> tuple[openpyxl.Workbook, InputCell]:
    """The 2nd NZ Division's TOE Log Sheet and the input cell of 4 NZ Fld's TOE points."""
    book = openpyxl.load_workbook(io.BytesIO(toe_log_workbook(state, "commonwealth", "g", NZ_DIV)))
    _, cells = read_meta(book)
    (toe,) = [c for c in cells if c.holder == NZ_FIELD and c.kind == "toe"]
    return book, toe


def test_a_new_toe_figure_recalculates_raw_and_actual(
    soffice: str, graziani: GameState, tmp_path: Path
) -> None:
    book, toe = _nz_division(graziani)
    assert (toe.field, toe.value, toe.label) == ("cw.3_7_inch_howitzer", 6, "4 NZ Fld")
    ws = book[toe.sheet]
    assert ws.protection.sheet and not ws[toe.cell].protection.locked  # written in, not over
    ws[toe.cell] = 3
    values = _recalculated(soffice, book, tmp_path)[toe.sheet]
    line = _row_of(values, "4 NZ Fld")
    assert (line["TOE Str. Pts"], line["Raw Barrage"], line["Raw Anti-Armor"]) == (3, 21, 0)
    assert (line["Actual Barrage"], line["Actual Anti-Armor"]) == (2, 0)  # 11.32
    raw = _row_of(values, "Formation totals: Raw")
    actual = _row_of(values, "Formation totals: Actual")
    assert (raw["Raw Barrage"], actual["Actual Barrage"]) == (21, 2)  # 11.31, 11.32
    assert (raw["Raw Def. Close Aslt"], actual["Actual Def. Close Aslt"]) == (72, 7)
    assert actual["Raw Barrage"] is None  # the Actual total sits under the Actual column


def test_a_line_actual_rounds_half_up_and_the_formation_totals_raw_first(
    soffice: str, graziani: GameState, tmp_path: Path
) -> None:
    book, toe = _nz_division(graziani)
    book[toe.sheet][toe.cell] = 5
    values = _recalculated(soffice, book, tmp_path)[toe.sheet]
    line = _row_of(values, "4 NZ Fld")
    assert (line["Raw Barrage"], line["Actual Barrage"]) == (35, 4)  # 3.5 → 4 (11.32)
    assert _row_of(values, "Formation totals: Actual")["Actual Barrage"] == 4
    battalions = [_row_of(values, f"{n} NZ") for n in (18, 19, 20)]
    assert [(b["Raw Def. Close Aslt"], b["Actual Def. Close Aslt"]) for b in battalions] == [
        (12, 1)
    ] * 3
    cavalry, mg = _row_of(values, "2 NZ Cv"), _row_of(values, "27 NZ")
    assert (cavalry["Actual Def. Close Aslt"], mg["Actual Def. Close Aslt"]) == (2, 1)
    raw = _row_of(values, "Formation totals: Raw")["Raw Def. Close Aslt"]
    actual = _row_of(values, "Formation totals: Actual")["Actual Def. Close Aslt"]
    assert (raw, actual) == (72, 7)  # 11.34: the Raw total divided once, not 3 + 2 + 1
