"""The Sheets page's paper choice (issue 19, print for pencils): US Letter, the game's own
sheets, by default, or A4 (``quartermaster export --paper``), through Streamlit's AppTest."""

from __future__ import annotations

import io

import openpyxl
from openpyxl.worksheet.worksheet import Worksheet

from ledger.io.scenario import load_scenario, resolve
from ledger.io.xlsx import field_commander_workbook, set_paper
from ledger.model.apply import start
from ledger.model.events import GameStarted
from ledger.model.source import Source
from tests.dashboard.pages import app_on


def test_the_page_offers_letter_or_a4(graziani_db: str) -> None:
    at = app_on("views/sheets.py", "commonwealth")
    paper = at.radio(key="sheet_paper")
    assert paper.options == ["US Letter", "A4"] and paper.value == "letter"
    paper.set_value("a4").run()
    assert not at.exception, at.exception
    labels = [d.proto.label for d in at.get("download_button")]
    assert "Download the Field Commander Control Sheet (.xlsx)" in labels


def test_a4_is_set_on_every_printed_sheet() -> None:
    setup = load_scenario(resolve("graziani"))
    state = start(GameStarted(Source(setup.info.start), setup))
    book = openpyxl.load_workbook(
        io.BytesIO(set_paper(field_commander_workbook(state, "axis", "g"), "a4"))
    )
    sizes = {int(ws.page_setup.paperSize) for ws in book.worksheets if ws.sheet_state == "visible"}
    assert sizes == {int(Worksheet.PAPERSIZE_A4)}
