"""The Combat page in a real browser (Playwright driving /usr/bin/chromium) on a Graziani game.

A barrage is set up through the page's widgets, read with dice typed in, confirmed, and the
journal checked; the page is photographed to ``/tmp/combat_page.png`` (and to
``QUARTERMASTER_SCREENSHOT_DIR`` when set) before Confirm, with every section shown. Skipped
without Chromium, like tests/browser/test_browser.py, whose helpers it uses.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Final

import pytest
from playwright.sync_api import Page, ViewportSize, expect, sync_playwright

from ledger.io.scenario import load_scenario, resolve
from ledger.journal import EventStore
from ledger.journal.session import GameSession, create_game
from ledger.journal.store import database_url
from tests.browser.opstage_driver import add_option
from tests.browser.opstage_driver import pick as driver_pick
from tests.browser.test_browser import (
    CHROMIUM,
    CHROMIUM_ARGS,
    TIMEOUT_MS,
    choose,
    open_page,
    settle,
    streamlit_server,
)
from tests.phases import COMBAT_B

pytestmark = pytest.mark.browser

SCREENSHOT: Final = Path("/tmp/combat_page.png")
TALL: Final[ViewportSize] = {"width": 1400, "height": 3400}
"""Streamlit scrolls inside its main block, so a tall window shows the whole page at once."""


@pytest.fixture(scope="module")
def graziani_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """``(base URL, database URL)`` of a Streamlit server on a Graziani game (60.22)."""
    folder = tmp_path_factory.mktemp("combat_browser")
    db = database_url(str(folder / "graziani.db"))
    store = EventStore(db, create=True)
    create_game(store, "graziani", load_scenario(resolve("graziani")), setup_step=False)
    store.engine.dispose()
    with streamlit_server(folder, db) as url:
        yield url, db


def in_own_browser(server: tuple[str, str], steps: Callable[[Page], None]) -> None:
    """Run ``steps`` on a fresh tall tab of the app, in a Chromium of its own started in a
    thread of its own: Playwright's sync API cannot start twice in one thread, and
    test_browser.py's session-wide browser may still be running in this one."""

    def run() -> None:
        with sync_playwright() as playwright:
            chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            try:
                context = chromium.new_context(viewport=TALL)
                context.set_default_timeout(TIMEOUT_MS)
                tab = context.new_page()
                tab.goto(server[0])
                settle(tab)
                steps(tab)
            finally:
                chromium.close()

    with ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(run).result()


def pick(page: Page, label: str, option: str, *, many: bool = False) -> None:
    """Pick exactly ``option`` in the select box ``label`` (add it to the multiselect when
    ``many``), by the end-to-end driver's helpers: typed first, clicked by its whole text,
    tried three times (a prefix such as "II/3L" also matches "VII/3L")."""
    if many:
        add_option(page.locator("body"), label, option)
    else:
        driver_pick(page.locator("body"), label, option, exact=True)
        expect(page.get_by_role("combobox", name=label, exact=True)).to_have_value(option)


def reading(page: Page, label: str, value: str) -> None:
    """Type a dice reading into the number box ``label``."""
    box = page.get_by_label(label, exact=True)
    box.fill(value)
    box.press("Tab")
    settle(page)


def test_barrage_through_the_combat_page(graziani_server: tuple[str, str]) -> None:
    in_own_browser(graziani_server, barrage_steps)
    state = GameSession(EventStore(graziani_server[1]), "graziani").state
    assert state.phase == COMBAT_B  # advanced on Your phase, before the barrage
    assert state.units["it.2_libyan_div.ii_libyan_bn"].combat_markers == ("pinned",)
    assert state.dumps["cw_sidi_barrani"].supplies.ammo == 250 - 24  # 6 TOE x 4 (50.2)


def barrage_steps(page: Page) -> None:
    """The Commonwealth (Player B, 7.16) advances to its Movement and Combat Phase on Your
    phase, where its combat is fought (5.2 III.G); then the 31st Field's barrage at II Libyan
    Bn, photographed, then confirmed."""
    choose(page, "Side", "Commonwealth", sidebar=True)
    pick(page, "Advance to", "G. Movement and Combat Phase (Player B)")
    page.get_by_role("button", name="Advance", exact=True).click()
    settle(page)
    expect(page.get_by_text("G. Movement and Combat Phase (Player B)").first).to_be_visible()
    open_page(page, "Combat")
    pick(page, "Hexes", "C4131", many=True)
    pick(page, "Units", "31 Fld — 31st Field Artillery Regt (C4131)", many=True)
    pick(page, "Target hex", "C3920")
    pick(page, "Target unit (12.22)", "II/3L — II Libyan Bn (C3920)")
    # 6 x 18-pounder at Barrage 7: 42 Raw, 4 Actual, column 3-4 of 12.6 (11.31, 11.32)
    metrics = page.get_by_test_id("stMetric")
    expect(metrics.filter(has_text="Column of 12.6")).to_contain_text("3-4")
    expect(metrics.filter(has_text="Actual Barrage Points")).to_contain_text("4")
    reading(page, "Target reading (12.42)", "45")  # Pinned: 45-66 on 3-4
    reading(page, "Truck reading (12.46)", "11")  # no effect: 11-64
    expect(
        page.get_by_text("at II Libyan Bn: reading 45 gives P", exact=False).first
    ).to_be_visible()
    expect(page.get_by_text("Sidi Barrani loses 24 Ammunition", exact=False)).to_be_visible()
    page.screenshot(path=str(SCREENSHOT))
    shots = os.environ.get("QUARTERMASTER_SCREENSHOT_DIR")
    if shots:
        Path(shots).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(shots) / "combat.png"))
    confirm = page.get_by_role("button", name="Confirm")
    row = page.get_by_test_id("stHorizontalBlock").filter(has=confirm).last  # not End Segment's
    row.get_by_label("Reason", exact=True).fill("browser barrage")
    confirm.click()
    summary = page.get_by_test_id("stAlert").filter(has_text="Recorded")  # the one summary box
    expect(summary).to_contain_text("II Libyan Bn pinned")
    expect(summary).to_contain_text("Sidi Barrani loses 24 Ammunition")
    settle(page)
