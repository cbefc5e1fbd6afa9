"""The Sheets page's Logistics Commander's sheets (4.55): a picker, a download and the side's
supply held, through Streamlit's AppTest on a game of the bundled Graziani scenario (60.22)."""

from __future__ import annotations

import io

import openpyxl

from ledger.io.scenario import load_scenario, resolve
from tests.dashboard.pages import app_on

LABEL = "Download the Logistics sheets (.xlsx)"


def test_logistics_download_and_supply_held(graziani_db: str) -> None:
    at = app_on("views/sheets.py", "commonwealth")
    assert LABEL in [d.proto.label for d in at.get("download_button")]
    picker = at.selectbox(key="logistics_sheet_commonwealth")
    assert picker.value == "logistics"
    assert picker.options == [
        "all four, one tab each",
        "Supply Dumps Control Sheet",
        "Trucks and Major End Items Control Sheet",
        "General Supply Net Sheet",
        "Supply Requisition Form",
        "Vehicle Repair Control Sheet",
        "POW Control Sheet",
        "Naval Convoy Log Sheet (blank)",
        "Squadron Ground Support Unit Sheet (blank)",
        "Air Mission Log Sheet (blank)",
    ]
    held = at.dataframe[-1].value
    assert list(held["Held"]) == [
        "In Supply Dumps and air supply pools",
        "With units",
        "On trucks (first line and convoys)",
        "Total",
    ]
    assert list(held["Ammunition"]) == [1950, 0, 0, 1950]  # 60.44: 1000 + 250 + 500 + 200
    assert any("7 dump lines, 16 truck groups in play" in c.value for c in at.caption)
    picker.set_value("trucks").run()
    assert not at.exception, at.exception
    assert LABEL in [d.proto.label for d in at.get("download_button")]


def test_the_download_is_the_workbook() -> None:
    """The button's data is the builder the picker names (the AppTest cannot click it)."""
    from dashboard.views.sheets import LOGISTICS_CHOICES
    from ledger.io.logistics_sheets import WORKBOOKS
    from ledger.model.apply import start
    from ledger.model.events import GameStarted
    from ledger.model.source import Source

    setup = load_scenario(resolve("graziani"))
    state = start(GameStarted(Source(setup.info.start), setup))
    assert set(LOGISTICS_CHOICES) == set(WORKBOOKS)
    data = WORKBOOKS["logistics"][0](state, "axis", "g")
    book = openpyxl.load_workbook(io.BytesIO(data))
    assert [ws.title for ws in book.worksheets if ws.sheet_state == "visible"] == [
        "Supply Dumps",
        "Trucks",
        "Supply Net",
        "Requisitions",
    ]


def test_the_page_stamps_its_workbooks_with_the_entry_shown_and_the_seat() -> None:
    """An export carries the journal entry it shows, so its import can tell what changed
    since (issue 19; ledger.io.sheet_meta)."""
    from dashboard.views.sheets import workbook_builder
    from ledger.io.sheet_meta import read_meta
    from ledger.model.apply import start
    from ledger.model.events import GameStarted
    from ledger.model.source import Source

    setup = load_scenario(resolve("graziani"))
    state = start(GameStarted(Source(setup.info.start), setup))
    build = workbook_builder(state, "axis", "g", {"seq": 7, "seat": "Axis desk"})
    assert build is not None
    stamp, _ = read_meta(openpyxl.load_workbook(io.BytesIO(build())))
    assert (stamp.game, stamp.side, stamp.seq, stamp.seat) == ("g", "axis", 7, "Axis desk")
