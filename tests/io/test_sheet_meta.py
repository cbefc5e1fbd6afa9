"""The metadata an exported log sheet carries for the way back (ledger.io.sheet_meta, issue 19):
input cells unlocked and recorded with their row's label, the stamp on a very hidden sheet, the
visible sheets protected without a password."""

from __future__ import annotations

import io

import pytest
from openpyxl import Workbook, load_workbook

from ledger.io.sheet_meta import META_SHEET, InputCell, Inputs, MetaError, SheetStamp, read_meta


def exported() -> Workbook:
    wb = Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "1st CCNN Div"
    ws.cell(row=3, column=1, value="1 CCNN")
    inputs = Inputs()
    inputs.mark(ws, 3, 4, 6, kind="toe", holder="it.x", field="it.g", label_column=1)
    ws.cell(row=4, column=4, value="=D3*2")
    inputs.finish(wb, SheetStamp("g", "axis", "Axis FC", 42, "toe"))
    data = io.BytesIO()
    wb.save(data)
    return load_workbook(io.BytesIO(data.getvalue()))


def test_the_stamp_and_inputs_come_back_from_the_file() -> None:
    wb = exported()
    stamp, cells = read_meta(wb)
    assert stamp == SheetStamp("g", "axis", "Axis FC", 42, "toe")
    assert cells == [InputCell("1st CCNN Div", "D3", "toe", "it.x", "it.g", 6, "A3", "1 CCNN")]
    assert cells[0].where == "'1st CCNN Div'!D3"


def test_inputs_are_unlocked_and_the_rest_protected_and_the_metadata_never_shown() -> None:
    wb = exported()
    sheet = wb["1st CCNN Div"]
    assert sheet.protection.sheet and not sheet.protection.password
    assert not sheet["D3"].protection.locked and sheet["D4"].protection.locked
    assert wb[META_SHEET].sheet_state == "veryHidden"


def test_a_workbook_without_the_metadata_is_refused() -> None:
    with pytest.raises(MetaError, match="not exported by Quartermaster"):
        read_meta(Workbook())
