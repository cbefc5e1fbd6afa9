"""Issue 19, done when: a Field Commander and a Logistics Commander print their sheets for the
Operations Stage, write on them at the table, and bring the changes back in one step.

A Graziani game (60.22) with a Commonwealth Field Commander and Logistics Commander, each
signed in from a browser context of its own (the Field Commander at 1400×1000, the Logistics
Commander on a 390×844 phone). Each downloads a workbook from the Sheets page, writes on it
as LibreOffice or Excel would save it (openpyxl, in the pale input cells only), uploads it
on the same page, reads what it would post and presses Confirm once. Then the journal holds
exactly those entries:

- the Field Commander's TOE Log Sheets of the Matruh Garrison: 1st Essex lost a TOE Strength
  Point at the table, 6 → 5 (4.52: ``correct-toe``), and expended 2 CP this OpStage, 0 → 2
  (6.14: ``spend-cp`` of 2; within its CPA of 10, no Disorganization, 6.21);
- the Logistics Commander's four sheets: 10 Fuel of the Mersa Matruh dump found spoiled, its
  Fuel written 10 lower (``consume --cause correction``).

Screenshots at both sizes go to ``QUARTERMASTER_SCREENSHOT_DIR`` or /tmp/qm/shots.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Final

import openpyxl
import pytest
from playwright.sync_api import Browser, Page, expect

from ledger.io.scenario import load_scenario, resolve
from ledger.io.sheet_meta import InputCell, read_meta
from ledger.journal import EventStore
from ledger.journal.seats import add_seat
from ledger.journal.session import GameSession, create_game
from ledger.journal.store import database_url
from tests.browser.opstage_driver import choose_option
from tests.browser.test_browser import open_page, settle, streamlit_server
from tests.browser.test_seats_browser import (
    CW_FC,
    CW_LC,
    ESSEX,
    GAME,
    PHONE,
    UMPIRE,
    in_own_browser,
    open_page_on_phone,
    phrase,
    shots,
    sign_in,
    tab,
)

pytestmark = pytest.mark.browser

MATRUH_DUMP: Final = "Mersa Matruh"
SPOILED: Final = 10


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str, Path]]:
    """``(base URL, database URL, a folder)``: a Streamlit server on a Graziani game with an
    umpire and the Commonwealth's Field and Logistics Commanders."""
    folder = tmp_path_factory.mktemp("sheets_browser")
    db = database_url(str(folder / "sheets.db"))
    store = EventStore(db, create=True)
    create_game(store, GAME, load_scenario(resolve("graziani")), setup_step=False)
    add_seat(store, GAME, UMPIRE, phrase(UMPIRE))
    for seat in (CW_FC, CW_LC):
        add_seat(store, GAME, seat, phrase(seat), by=UMPIRE)
    store.engine.dispose()
    with streamlit_server(folder, db) as url:
        yield url, db, folder


def download(page: Page, button: str, to: Path) -> openpyxl.Workbook:
    """Press the download button ``button``; the workbook it gives, saved at ``to``."""
    with page.expect_download() as got:
        page.get_by_role("button", name=button).click()
    got.value.save_as(to)
    return openpyxl.load_workbook(to)


def cell_of(book: openpyxl.Workbook, kind: str, label: str, field: str = "") -> InputCell:
    """The input cell of ``kind`` on the row labelled ``label`` (its field ``field`` if any)."""
    _, cells = read_meta(book)
    found = [c for c in cells if c.kind == kind and c.label == label]
    found = [c for c in found if not field or c.field == field]
    assert len(found) == 1, (kind, label, field, found)
    return found[0]


def bring_back(page: Page, path: Path, entries: int, name: str) -> str:
    """Upload ``path`` on the Sheets page, check it would post ``entries`` entries, screenshot
    it as ``name``, confirm and see them recorded; returns what the page listed."""
    page.locator('input[type="file"]').set_input_files(path)
    listed = page.get_by_text(f"Posting {entries} journal entr")
    expect(listed).to_be_visible()
    settle(page)
    text = page.get_by_test_id("stMain").inner_text()
    listed.scroll_into_view_if_needed()
    page.screenshot(path=str(shots() / name), full_page=True)
    page.get_by_role("button", name=f"Confirm: post {entries} journal entr").click()
    expect(page.get_by_text(f"Recorded {entries} journal entr")).to_be_visible()
    expect(page.get_by_role("button", name="Confirm: post")).to_have_count(0)
    settle(page)
    page.screenshot(path=str(shots() / name.replace(".png", "-posted.png")), full_page=True)
    return text


def test_each_commander_brings_a_written_sheet_back_in_one_step(
    table: tuple[str, str, Path],
) -> None:
    url, db, folder = table
    listed: dict[str, str] = {}

    def steps(browser: Browser) -> None:
        field = tab(browser, url)
        sign_in(field, CW_FC)
        open_page(field, "Sheets")
        choose_option(
            field.get_by_role("combobox", name="TOE Log Sheets of", exact=True),
            "Matruh Garrison HQ",
        )
        toe_path = folder / "toe.xlsx"
        book = download(field, "Download the TOE Log Sheets (.xlsx)", toe_path)
        toe = cell_of(book, "toe", "1 Essex")
        cp = cell_of(book, "cp", "1 Essex")
        assert (toe.value, cp.value) == (6, 0)
        book[toe.sheet][toe.cell] = 5  # a TOE Strength Point lost at the table (4.52)
        book[cp.sheet][cp.cell] = 2  # CP expended, pencilled in (6.14)
        book.save(toe_path)
        listed["field"] = bring_back(field, toe_path, 2, "sheets-import-fc.png")

        logistics = tab(browser, url, PHONE)
        sign_in(logistics, CW_LC)
        open_page_on_phone(logistics, "Sheets")
        log_path = folder / "logistics.xlsx"
        book = download(logistics, "Download the Logistics sheets (.xlsx)", log_path)
        fuel = cell_of(book, "dump", MATRUH_DUMP, "fuel")
        book[fuel.sheet][fuel.cell] = int(fuel.value) - SPOILED
        book.save(log_path)
        listed["logistics"] = bring_back(logistics, log_path, 1, "sheets-import-lc-phone.png")
        width = logistics.evaluate("document.scrollingElement.scrollWidth")
        assert width <= PHONE["width"], f"the phone page scrolls sideways: {width}"

    store = EventStore(db)
    before = GameSession(store, GAME).state
    dump_id = next(d for d in before.dumps if before.dumps[d].name == MATRUH_DUMP)
    fuel_before = before.dumps[dump_id].supplies.fuel
    first_new = GameSession(store, GAME).last_seq + 1
    in_own_browser(steps)

    assert "1st Essex" in listed["field"] and ESSEX not in listed["field"]
    assert MATRUH_DUMP in listed["logistics"]
    after = GameSession(store, GAME)
    essex = after.state.units[ESSEX]
    assert sum(h.points for h in essex.toe) == 5
    assert (essex.cp_expended, essex.cohesion) == (Fraction(2), Fraction(0))  # CPA 10, 6.21
    assert after.state.dumps[dump_id].supplies.fuel == fuel_before - SPOILED
    kinds = [r.event.kind for r in after.since(first_new)]
    assert sorted(kinds) == ["cp_expended", "supplies_consumed", "toe_points_lost"]
    store.engine.dispose()
