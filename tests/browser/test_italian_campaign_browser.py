"""The Italian Campaign (60.23) from the dashboard in a real browser (Playwright driving
/usr/bin/chromium, issue 18): the New game page makes the game with its set-up step, the
dashboard opens on the Set-up page, a counter is placed through its form and the Axis finishes
its set-up there (the rest placed through the ledger, as the table would), and once both sides
have finished the Reinforcements & victory page shows the 60.82 victory table and the 4th
Indian Division's withdrawals; at 390 px nothing scrolls sideways. Screenshots go to
``QUARTERMASTER_SCREENSHOT_DIR`` when it is set. Skipped without Chromium, as
tests/browser/test_browser.py is."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from ledger.commands.setup import finish
from ledger.journal import EventStore
from ledger.journal.session import GameSession
from ledger.journal.store import database_url
from ledger.model.setup_step import CounterPlaced
from ledger.model.source import Source
from tests.browser.test_browser import VIEWPORT, open_page, settle, streamlit_server
from tests.browser.test_new_game_browser import PHONE, on_phone_tab
from tests.dashboard.test_setup_page import place_everything

pytestmark = pytest.mark.browser

GAME = "ic"


@pytest.fixture(scope="module")
def empty_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """``(base URL, database URL)`` of a dashboard on a database with no game."""
    folder = tmp_path_factory.mktemp("italian-campaign")
    db = database_url(str(folder / "empty.db"))
    EventStore(db, create=True).engine.dispose()
    with streamlit_server(folder, db) as url:
        yield url, db


def shots(tmp_path: Path) -> Path:
    """Where the screenshots go: ``QUARTERMASTER_SCREENSHOT_DIR``, else the test's folder."""
    folder = Path(os.environ.get("QUARTERMASTER_SCREENSHOT_DIR") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def fits(page: Page) -> None:
    """At a phone's width the page does not scroll sideways (issue 17 item 6)."""
    if page.viewport_size == PHONE:
        width = page.evaluate("document.scrollingElement.scrollWidth")
        assert width <= PHONE["width"], width


def shoot(page: Page, path: Path) -> None:
    """The whole page (the window stretched to the main section's height for the shot)."""
    size = page.viewport_size or VIEWPORT
    height: int = page.evaluate("document.querySelector('[data-testid=stMain]').scrollHeight")
    page.set_viewport_size({"width": size["width"], "height": max(size["height"], height)})
    page.wait_for_timeout(300)
    page.screenshot(path=str(path))
    page.set_viewport_size(size)


def play(page: Page, url: str, db: str, folder: Path) -> None:
    """Make the game, set up through the Set-up page, then read Reinforcements & victory."""
    page.get_by_text("The Italian Campaign — 60.23").click()
    settle(page)
    expect(page.get_by_text("90-150 hours (booklet estimate)").first).to_be_visible()
    page.get_by_role("textbox", name="Name").fill(GAME)
    page.get_by_role("button", name="Create game").click()
    settle(page)
    expect(page.get_by_text(f"Created game '{GAME}': The Italian Campaign (60.23)")).to_be_visible()
    fits(page)
    page.goto(url)  # the root: the game is in set-up, so the dashboard opens on Set-up
    settle(page)
    expect(page.get_by_role("heading", level=1, name="Set-up")).to_be_visible()
    expect(page.get_by_text("Axis: still to place (30)")).to_be_visible()
    page.get_by_role("textbox", name="Hex").fill("C3517")
    page.get_by_role("button", name="Place", exact=True).click()
    settle(page)
    expect(page.get_by_text("Dump 1 placed at C3517").first).to_be_visible()
    fits(page)
    shoot(page, folder / "italian-campaign-setup-phone.png")
    placed = [r.event for r in GameSession(EventStore(db), GAME).journal]
    assert [e.location for e in placed if isinstance(e, CounterPlaced)] == ["C3517"]
    place_everything(db, "axis", GAME)  # the other 29, as the table would
    place_everything(db, "commonwealth", GAME)
    page.reload()
    settle(page)
    page.get_by_role("button", name="Finish the Axis set-up").click()
    settle(page)
    expect(
        page.get_by_text("The Axis set-up is finished; waiting for the Commonwealth")
    ).to_be_visible()
    session = GameSession(EventStore(db), GAME)
    session.execute(lambda s: finish(s, "commonwealth", Source(s.clock, "commonwealth")))
    page.reload()  # the root again: the game has started, so it is Your phase now
    settle(page)
    expect(page.get_by_role("heading", level=1, name="Your phase")).to_be_visible()
    expect(page.get_by_text("Set-up not finished")).to_have_count(0)
    page.goto(f"{url}/campaign")
    settle(page)
    expect(page.get_by_role("heading", level=1, name="Reinforcements & victory")).to_be_visible()
    expect(page.get_by_text("Axis victory points")).to_be_visible()
    expect(page.get_by_text("draw: 0 points each").first).to_be_visible()
    withdrawals = page.get_by_test_id("stDataFrame").filter(has_text="Withdrawal")
    expect(withdrawals.first.get_by_role("gridcell", include_hidden=True).first).to_be_attached()
    expect(
        page.get_by_text("5th Indian Bde HQ and its units (4th Indian Division): 4 counters")
    ).to_be_visible()
    fits(page)
    shoot(page, folder / "italian-campaign-campaign-phone.png")
    page.set_viewport_size(VIEWPORT)
    settle(page)
    shoot(page, folder / "italian-campaign-campaign-wide.png")
    open_page(page, "Set-up")
    expect(page.get_by_text("Set-up is over: the game has started")).to_be_visible()
    shoot(page, folder / "italian-campaign-setup-wide.png")


def test_the_italian_campaign_is_set_up_and_its_schedule_read_on_a_phone(
    empty_server: tuple[str, str], tmp_path: Path
) -> None:
    url, db = empty_server
    folder = shots(tmp_path)
    on_phone_tab(f"{url}/new_game", lambda page: play(page, url, db, folder))
