"""The dashboard in a real browser: Playwright driving Debian's Chromium (/usr/bin/chromium).

A session-scoped server runs ``streamlit run dashboard/app.py`` on a free loopback port over a
temp journal holding two games of tests/fixtures/mini.toml ("mini" for reading, "mini-transfer"
for the write test). Every step waits for Streamlit to finish its rerun. Without Chromium the
tests are skipped, unless ``QUARTERMASTER_REQUIRE_BROWSER=1`` (then they fail).
Screenshots go to ``QUARTERMASTER_SCREENSHOT_DIR`` when set, else a temp folder.
"""

from __future__ import annotations

import os
import socket
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Final

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect, sync_playwright

from dashboard.launch import streamlit_command
from ledger.io.scenario import load_scenario
from ledger.journal import EventStore
from ledger.journal.session import GameSession, create_game
from ledger.journal.store import database_url

pytestmark = pytest.mark.browser

CHROMIUM: Final = Path("/usr/bin/chromium")
CHROMIUM_ARGS: Final = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
MINI: Final = Path(__file__).resolve().parents[1] / "fixtures" / "mini.toml"
VIEWPORT: Final[ViewportSize] = {"width": 1400, "height": 1000}
TIMEOUT_MS: Final = 30_000
IDLE: Final = '[data-testid="stApp"][data-test-script-state="notRunning"]'

if not CHROMIUM.exists():
    if os.environ.get("QUARTERMASTER_REQUIRE_BROWSER") == "1":
        pytest.fail(f"{CHROMIUM} is missing and QUARTERMASTER_REQUIRE_BROWSER=1", pytrace=False)
    pytest.skip(f"{CHROMIUM} is not installed", allow_module_level=True)


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _wait_healthy(url: str, server: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            pytest.fail(f"streamlit exited with {server.returncode}:\n{log.read_text()}")
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as answer:
                if answer.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    pytest.fail(f"streamlit did not answer {url}/_stcore/health in 60 s:\n{log.read_text()}")


@contextmanager
def streamlit_server(folder: Path, db: str) -> Iterator[str]:
    """Run the dashboard on a free port against database ``db`` (log in ``folder``), yield its
    base URL once it answers its health check, and stop it afterwards."""
    port = _free_port()
    log = folder / "streamlit.log"
    with log.open("wb") as out:
        server = subprocess.Popen(
            [*streamlit_command(port, "127.0.0.1"), "--server.fileWatcherType", "none"],
            env={**os.environ, "QUARTERMASTER_DB": db},
            stdout=out,
            stderr=subprocess.STDOUT,
            cwd=Path(__file__).resolve().parents[2],
        )
    try:
        url = f"http://127.0.0.1:{port}"
        _wait_healthy(url, server, log)
        yield url
    finally:
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(timeout=15)


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """``(base URL, database URL)`` of a Streamlit server on a temp journal; stopped at the end."""
    folder = tmp_path_factory.mktemp("browser")
    db = database_url(str(folder / "browser.db"))
    store = EventStore(db, create=True)
    setup = load_scenario(MINI)
    for name in ("mini", "mini-transfer"):
        create_game(store, name, setup, setup_step=False)
    store.engine.dispose()
    with streamlit_server(folder, db) as url:
        yield url, db


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Debian's Chromium, headless, through Playwright (never ``playwright install``)."""
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Browser, server: tuple[str, str]) -> Iterator[Page]:
    """A fresh browser tab (a new Streamlit session) 1400×1000 on the app's first page."""
    context = browser.new_context(viewport=VIEWPORT)
    context.set_default_timeout(TIMEOUT_MS)
    tab = context.new_page()
    tab.goto(server[0])
    settle(tab)
    yield tab
    context.close()


@pytest.fixture(scope="session")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where screenshots are written."""
    configured = os.environ.get("QUARTERMASTER_SCREENSHOT_DIR")
    if configured:
        Path(configured).mkdir(parents=True, exist_ok=True)
        return Path(configured)
    return tmp_path_factory.mktemp("screenshots")


def settle(page: Page) -> None:
    """Wait until Streamlit has finished the rerun: script idle, no "Running…" indicator."""
    page.wait_for_selector(IDLE, timeout=TIMEOUT_MS)
    page.wait_for_selector('[data-testid="stStatusWidget"]', state="hidden", timeout=TIMEOUT_MS)
    expect(page.locator('[data-stale="true"]')).to_have_count(0, timeout=TIMEOUT_MS)


def choose(page: Page, label: str, option: str, *, sidebar: bool = False) -> None:
    """Pick ``option`` in the select box labelled ``label`` (the sidebar's when ``sidebar``).

    The box is scrolled to the middle of its pane first: the sidebar's side and role pickers
    sit under the navigation, at the window's bottom edge, where a click focuses the box but
    its list of options does not open."""
    scope = page.get_by_test_id("stSidebar") if sidebar else page
    combo = scope.get_by_role("combobox", name=label, exact=True)
    combo.evaluate("box => box.scrollIntoView({block: 'center'})")
    combo.click()
    page.get_by_role("option", name=option, exact=True).click()
    expect(combo).to_have_value(option)
    settle(page)


def open_page(page: Page, title: str) -> None:
    """Follow the sidebar navigation to the page ``title`` and wait for its heading."""
    page.get_by_test_id("stSidebarNav").get_by_role("link", name=title).click()
    expect(page.get_by_role("heading", level=1, name=title)).to_be_visible()
    settle(page)


def table(page: Page, index: int = 0) -> list[dict[str, str]]:
    """Table number ``index`` (an st.dataframe grid) as rows of heading → cell text."""
    grid = page.get_by_test_id("stDataFrame").nth(index)
    expect(grid.get_by_role("gridcell", include_hidden=True).first).to_be_attached()
    headings = [
        t.strip() for t in grid.get_by_role("columnheader", include_hidden=True).all_inner_texts()
    ]
    rows = []
    for row in grid.get_by_role("row", include_hidden=True).all():
        texts = [
            t.strip() for t in row.get_by_role("gridcell", include_hidden=True).all_inner_texts()
        ]
        if texts:
            rows.append(dict(zip(headings[-len(texts) :], texts, strict=True)))
    return rows


def row(page: Page, index: int, name: str, **expected: str) -> dict[str, str]:
    """The row called ``name`` of table ``index``, once it shows ``expected`` (or after 10 s).

    The grid's cells can lag a moment behind the rerun, so the table is read until it matches.
    """
    deadline = time.monotonic() + 10
    while True:
        found = next(r for r in table(page, index) if r.get("Name", r.get("Held in")) == name)
        if all(found.get(k) == v for k, v in expected.items()) or time.monotonic() > deadline:
            return found
        page.wait_for_timeout(100)


PAGES: Final = (
    ("Overview", "September III 1940"),
    ("Units", "Spend CP"),
    ("Organization", "Attach, detach, assign"),
    ("Supply", "Transfer supplies"),
    ("Requisitions", "File a Supply Requisition (4.55)"),
    ("Journal", "Undo"),
    ("Sheets", "Field Commander Control Sheet (4.52) — Commonwealth"),
)


def check_values(page: Page, title: str) -> None:
    """A characteristic value of each page's first table."""
    if title == "Overview":
        total = row(page, 1, "Total", Fuel="3000")  # the Commonwealth's
        assert total["Fuel"] == "3000"
    elif title == "Units":
        unit = row(page, 0, "1st RNF MG Bn")
        assert (unit["CPA"], unit["CP expended"], unit["Cohesion Level"]) == ("8", "0", "0")
    elif title == "Supply":
        dump = row(page, 0, "Mersa Matruh")
        assert (dump["Ammunition"], dump["Fuel"], dump["Stores"]) == ("1000", "3000", "4000")
    elif title == "Journal":
        assert table(page, 0)[-1]["What happened"].startswith("game started: Mini test scenario")
    elif title == "Sheets":
        assert [r["Name"] for r in table(page, 0)] == ["1st RNF MG Bn"]
        with page.expect_download() as download:
            page.get_by_role("button", name="Download the Field Commander").click()
        assert download.value.suggested_filename == "mini-field-commander-commonwealth-gt1-1.xlsx"
        assert Path(download.value.path()).read_bytes()[:2] == b"PK"  # a zip: .xlsx


def test_every_page_through_the_navigation(page: Page, shots: Path) -> None:
    choose(page, "Side", "Commonwealth", sidebar=True)
    for title, text in PAGES:
        open_page(page, title)
        expect(page.get_by_text(text, exact=True).first).to_be_visible()
        check_values(page, title)
        page.screenshot(path=str(shots / f"{title.lower()}.png"), full_page=True)


def test_transfer_fuel_through_the_supply_form(page: Page, server: tuple[str, str]) -> None:
    choose(page, "Game", "mini-transfer", sidebar=True)
    choose(page, "Side", "Commonwealth", sidebar=True)
    open_page(page, "Supply")
    transfer = page.get_by_role("button", name="Transfer supplies")
    form = page.get_by_test_id("stForm").filter(has=transfer)  # the page has other forms
    choose(page, "From", "Supply Dump: Mersa Matruh (C3721)")
    choose(page, "To", "Unit: 1st RNF MG Bn (1 RNF, C3721)")
    fuel = form.get_by_label("Fuel", exact=True)
    fuel.fill("10")
    fuel.press("Tab")
    form.get_by_label("Reason").fill("browser test")
    form.get_by_role("button", name="Transfer supplies").click()
    expect(page.get_by_text("10 Fuel from Mersa Matruh to 1st RNF MG Bn")).to_be_visible()
    settle(page)
    dump = row(page, 0, "Mersa Matruh", Fuel="2990")
    assert (dump["Fuel"], dump["Ammunition"]) == ("2990", "1000")
    page.get_by_role("tab", name="Supplies with units").click()
    unit = row(page, 2, "1st RNF MG Bn", Fuel="10")
    assert (unit["Ammunition"], unit["Fuel"], unit["Stores"], unit["Water"]) == (
        "2",
        "10",
        "3",
        "4",
    )
    session = GameSession(EventStore(server[1]), "mini-transfer")
    assert session.state.dumps["cw_matruh"].supplies.fuel == 2990
    assert session.state.units["cw.1_rnf"].supplies.fuel == 10
    assert session.journal[-1].event.source.reason == "browser test"


GAME_PAGES: Final = (
    ("Combined Arms", "Attack: 13.21 Hard, Clear, column 1-1 (4 to 4)"),
    ("Highway to the Reich", "7 against 3: column 2-1, Close Action Value 5 (8.73)"),
    ("Battles for North Africa", "Mobile CRT, column 1-1 (odds 9 to 9 = 1), drm +0"),
    ("Miniatures", "no Command Chart is loaded"),
)
"""Each other game's page and a line of its default calculation, worked in its page test."""


def test_the_other_games_pages_through_the_navigation(page: Page, shots: Path) -> None:
    for title, text in GAME_PAGES:
        open_page(page, title)
        expect(page.get_by_text(text).first).to_be_visible()
        page.screenshot(path=str(shots / f"game-{title.lower().replace(' ', '-')}.png"))
    # Highway to the Reich: 12 against 3 is exactly 4-1 (8.73), read in Close Action Value 5.
    open_page(page, "Highway to the Reich")
    strength = page.get_by_label("Attack strength")
    strength.fill("12")
    strength.press("Tab")
    expect(
        page.get_by_text("12 against 3: column 4-1, Close Action Value 5 (8.73)", exact=True)
    ).to_be_visible()
