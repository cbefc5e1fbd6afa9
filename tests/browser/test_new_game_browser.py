"""The New game page in a real browser (Playwright driving /usr/bin/chromium) on a phone
(390×844): in a database with no game, a Graziani game is made with a ruling changed, the
page says what to do next, nothing scrolls sideways, and Your phase then opens the game."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from playwright.sync_api import Page, ViewportSize, expect, sync_playwright

from ledger.journal import EventStore
from ledger.journal.session import GameSession
from ledger.journal.store import database_url
from tests.browser.opstage_driver import choose_option
from tests.browser.test_browser import (
    CHROMIUM,
    CHROMIUM_ARGS,
    TIMEOUT_MS,
    settle,
    streamlit_server,
)

pytestmark = pytest.mark.browser

PHONE: ViewportSize = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def empty_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """``(base URL, database URL)`` of a dashboard on a database with no game."""
    folder = tmp_path_factory.mktemp("new-game")
    db = database_url(str(folder / "empty.db"))
    EventStore(db, create=True).engine.dispose()
    with streamlit_server(folder, db) as url:
        yield url, db


def no_sideways_scroll(page: Page) -> None:
    """The page does not scroll sideways at a phone's width (issue 17 item 6)."""
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= PHONE["width"], width


def test_a_phone_makes_a_graziani_game_and_opens_it(
    empty_server: tuple[str, str], tmp_path: Path
) -> None:
    url, db = empty_server
    on_phone_tab(f"{url}/new_game", lambda page: make_game(page, db, tmp_path))


def on_phone_tab(url: str, steps: Callable[[Page], None]) -> None:
    """Run ``steps`` on a fresh 390×844 tab at ``url``, in a Chromium of its own started in a
    thread of its own, as tests/browser/test_combat_browser.py does: Playwright's sync API
    cannot start twice in one thread, and test_browser.py's session-wide browser may still be
    running in this one."""

    def run() -> None:
        with sync_playwright() as playwright:
            chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            try:
                context = chromium.new_context(viewport=PHONE)
                context.set_default_timeout(TIMEOUT_MS)
                page = context.new_page()
                page.goto(url)
                settle(page)
                steps(page)
            finally:
                chromium.close()

    with ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(run).result()


def make_game(page: Page, db: str, shots: Path) -> None:
    """Make the Graziani game 'club' with 8.17 as a house rule, then open Your phase."""
    expect(page.get_by_text("Graziani's Offensive — 60.22")).to_be_visible()
    no_sideways_scroll(page)
    page.get_by_role("textbox", name="Name").fill("club")
    page.get_by_text("Rulings:").click()
    choose_option(page.get_by_role("combobox", name="8.17-voluntary-ceiling (8.17)"), "house")
    page.get_by_role("button", name="Create game").click()
    settle(page)
    expect(page.get_by_text("Created game 'club': Graziani's Offensive (60.22)")).to_be_visible()
    expect(page.get_by_text("For a table of players:")).to_be_visible()
    no_sideways_scroll(page)
    page.screenshot(path=str(shots / "new-game-phone.png"))
    assert GameSession(EventStore(db), "club").state.ruling("8.17-voluntary-ceiling") == (
        "house-rule-allow"
    )
    page.get_by_role("link", name="Your phase").last.click()
    settle(page)
    expect(page.get_by_text("GT 1 OpStage 1").first).to_be_visible()
    no_sideways_scroll(page)
