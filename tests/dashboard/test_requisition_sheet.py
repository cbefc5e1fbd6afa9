"""The Requisitions page's Needed by (4.55) and a Supply Requisition Form brought back on the
Sheets page (issue 19 items 4 and 6), in a Graziani game: 1st Essex at Mersa Matruh (D3714),
whose dump holds 1,000 Ammunition at the start."""

from __future__ import annotations

import io

from openpyxl import load_workbook

from ledger.io.logistics_sheets import requisition_workbook
from ledger.journal import EventStore
from ledger.journal.session import GameSession
from tests.dashboard.pages import app_on
from tests.dashboard.test_app import click, field, submit, texts
from tests.dashboard.test_sheets_import import upload

GAME = "graziani"
ESSEX = "cw.70_inf_div.1st_essex"


def _session(url: str) -> GameSession:
    return GameSession(EventStore(url), GAME)


def test_the_file_form_takes_a_needed_by(graziani_db: str) -> None:
    at = app_on("views/requisitions.py")
    field(at.selectbox, "requisition_unit").select(ESSEX)
    field(at.number_input, "requisition_ammo").set_value(40)
    field(at.text_input, "requisition_needed_by").input("GT 0 OpStage 9")
    submit(at, "requisition_submit")
    assert "**Needed by:** 'GT 0 OpStage 9': Game-Turns start at 1" in texts(at)
    assert not _session(graziani_db).state.requisitions  # nothing written
    field(at.text_input, "requisition_needed_by").input("2/1")
    submit(at, "requisition_submit")
    assert not at.error, texts(at)
    filed = _session(graziani_db).state.requisitions["CR1"]
    assert (filed.unit_id, filed.needed_by.short if filed.needed_by else "") == (
        ESSEX,
        "GT 2 OpStage 1",
    )
    table = at.dataframe[0].value
    assert list(table["Needed by"]) == ["GT 2 OpStage 1"]


def test_a_requisition_form_brought_back_posts_on_confirm(graziani_db: str) -> None:
    at = app_on("views/requisitions.py")
    field(at.selectbox, "requisition_unit").select(ESSEX)
    field(at.number_input, "requisition_ammo").set_value(40)
    submit(at, "requisition_submit")
    session = _session(graziani_db)
    data = requisition_workbook(session.state, "commonwealth", GAME, seq=session.last_seq)
    wb = load_workbook(io.BytesIO(data))
    ws = wb["Requisitions"]
    cr1 = next(r for r in range(10, 30) if ws.cell(r, 1).value == "CR1")
    ws.cell(cr1, 12).value = "Mersa Matruh"
    ws.cell(cr1 + 1, 2).value = "1 Buffs"
    ws.cell(cr1 + 1, 7).value = 6
    ws.cell(cr1 + 1, 9).value = "2/1"
    out = io.BytesIO()
    wb.save(out)
    page = upload(app_on("views/sheets.py"), out.getvalue())
    shown = texts(page)
    assert "Posting 3 journal entries:" in shown
    assert "fulfil CR1 from Mersa Matruh (40 Ammunition)" in shown
    assert "file requisition CR2 for 1st Buffs: 6 Stores, needed by GT 2 OpStage 1" in shown
    click(page, "Confirm: post 3 journal entries")
    after = _session(graziani_db).state
    assert after.requisitions["CR1"].status == "fulfilled"
    assert after.dumps["cw_mersa_matruh"].supplies.ammo == 960
    assert after.requisitions["CR2"].status == "open"
    assert "cw_mersa" not in texts(page) and "cw.unassigned" not in texts(page)


def test_the_same_form_uploaded_again_files_nothing_twice(graziani_db: str) -> None:
    """The second upload of a form whose new line was posted is refused at that line's first
    box (4.55), and Confirm is not offered: the journal is unchanged."""
    session = _session(graziani_db)
    data = requisition_workbook(session.state, "commonwealth", GAME, seq=session.last_seq)
    wb = load_workbook(io.BytesIO(data))
    ws = wb["Requisitions"]
    new = next(r for r in range(9, 60) if not ws.cell(r, 2).protection.locked)
    ws.cell(new, 2).value = "1 Buffs"
    ws.cell(new, 7).value = 6
    out = io.BytesIO()
    wb.save(out)
    page = upload(app_on("views/sheets.py"), out.getvalue())
    click(page, "Confirm: post 1 journal entry")
    posted = _session(graziani_db)
    assert posted.state.requisitions["CR1"].unit_id == "cw.unassigned_inf.1st_buffs"
    again = upload(app_on("views/sheets.py"), out.getvalue())
    [error] = [str(e.value) for e in again.error]
    assert error == (
        "Refused — nothing was written:\n\n"
        f"- **Requisitions!B{new}:** already filed as CR1 since this workbook was exported (4.55); "
        "export the form again"
    )
    assert not [b for b in again.button if str(b.label).startswith("Confirm")]
    assert _session(graziani_db).last_seq == posted.last_seq
