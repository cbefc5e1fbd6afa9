"""Every page of the navigation on a phone (390×844, a phone's User-Agent) and on a laptop
(1400×1000), in a real browser (issue 17 item 6, "Tests"): Playwright driving Debian's Chromium.

The game is Graziani's Offensive (60.22) after the whole of GT 1 OpStage 1 of
tests/opstage_script.py, played through the CLI (moves, breakdowns, a barrage and a close
assault, convoys, requisitions filled, the upkeep), so that the pages show the names a played
game holds: convoys, dumps, truck groups, weapon systems. It is opened by the umpire's seat and
by the Commonwealth Field Commander's. On every page, at both sizes:

- at 390 px the page does not scroll sideways: ``document.scrollingElement.scrollWidth`` and
  the width of Streamlit's scrolling main section (``stMain``) stay within the 390 px;
- no text of the page, nor any table cell, reads like an internal id (``INTERNAL_ID``);
- a screenshot of the whole page goes to ``QUARTERMASTER_SCREENSHOT_DIR`` (else a temp folder),
  named ``<seat>-<page>-<phone|wide>.png``.

Every failure of every page is gathered and reported together. Skipped without Chromium, like
tests/browser/test_browser.py, unless ``QUARTERMASTER_REQUIRE_BROWSER=1``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import suppress
from pathlib import Path
from typing import Final

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect, sync_playwright

from tests.browser.test_browser import (
    CHROMIUM,
    CHROMIUM_ARGS,
    TIMEOUT_MS,
    VIEWPORT,
    settle,
    streamlit_server,
)
from tests.opstage_play import CliTable
from tests.opstage_script import SCRIPT, passphrase

pytestmark = pytest.mark.browser

PHONE: Final[ViewportSize] = {"width": 390, "height": 844}
PHONE_AGENT: Final = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 "
    "(KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1"
)
UMPIRE: Final = "umpire"
SEATS: Final = (UMPIRE, "cw-fc")
"""The umpire (every side and role) and one player's seat (tests/opstage_script.py's)."""

INTERNAL_ID: Final = re.compile(
    r"\b(?:it|cw|ge|ax)\.[a-z0-9]+(?:[._][a-z0-9]+)*"  # it.1ccnn_div.1st_ccnn_div_hq, it.cv33
    r"|\b(?:it|cw|ge|ax|axis|commonwealth)_[a-z0-9]+(?:_[a-z0-9]+)*\b"  # cw_mersa_matruh
    r"|\b[a-z0-9]+(?:_[a-z0-9]+)+\.R\d+\b"  # a truck group's requisition: …_6.R1
)
"""What an internal id looks like: a unit's or weapon system's dotted id with its side's
prefix (``it.1ccnn_div.1st_ccnn_div_hq``), a side-prefixed dump, truck group or convoy id
(``cw_mersa_matruh``, ``it_c4218_1ccnn``, ``commonwealth_2nd3rd_6``), and a convoy's load for a
requisition (``commonwealth_2nd3rd_6.R1``). Players' words never look so: names are
capitalised words ("1st CCNN Div HQ"), hexes "C4218", requisitions "CR1", cases "8.37"."""


def test_the_id_pattern_catches_ids_and_not_players_words() -> None:
    ids = [
        "it.1ccnn_div.1st_ccnn_div_hq",
        "commonwealth_2nd3rd_6",
        "commonwealth_2nd3rd_6.R1",
        "it_c4218_1ccnn",
        "cw_mersa_matruh",
        "axis_dummy",
        "it.cv33",
        "cw.7_armd_div.1st_krrc",
    ]
    for found in ids:
        assert INTERNAL_ID.search(f"moves {found} to C4218"), found
    words = [
        "1st CCNN Div HQ expends 25 CP, 5 DP (6.21, 6.22)",
        "Commonwealth Field Commander: requisition CR1 fulfilled at Mersa Matruh",
        "convoy at C3922 (60 TP) loses 120 Fuel (fuel, 49.13). It was hot.",
        "Axis: 3 entries · GT 1 OpStage 1 · C. Organization Phase (both players)",
        "docs/games/bfna.md, templates/games/bfna-crt.csv, quartermaster calc bfna combat",
        "it. Cw. ax. axis, commonwealth it_ cw_",
    ]
    for text in words:
        assert not INTERNAL_ID.search(text), text


def shots() -> Path:
    """Where the screenshots go."""
    folder = Path(os.environ.get("QUARTERMASTER_SCREENSHOT_DIR") or "/tmp/qm/shots/phone")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of a dashboard on a Graziani game played to the end of GT 1 OpStage 1
    (every step of the script the ledger accepts, in order), with an umpire's seat."""
    folder = tmp_path_factory.mktemp("phone_layout")
    played = CliTable(folder, folder / "played.db")
    played.set_up()
    for step in SCRIPT:
        try:
            played.play(step)
        except AssertionError:
            break  # a step not accepted (yet): the pages show the game as far as it went
    said = played.run(
        "seat", "add", UMPIRE, "--side", "umpire",
        env={
            "QUARTERMASTER_NEW_PASSPHRASE": passphrase(UMPIRE),
            "QUARTERMASTER_PASSPHRASE": passphrase(UMPIRE),
        },
    )  # fmt: skip
    assert said.status == 0, said.err
    with streamlit_server(folder, played.url) as url:
        yield url


def sign_in(page: Page, seat: str) -> None:
    """Sign in as ``seat`` through the sign-in form."""
    expect(page.get_by_role("heading", level=1, name="Sign in")).to_be_visible()
    combo = page.get_by_test_id("stForm").get_by_role("combobox", name="Seat", exact=True)
    combo.click()
    page.get_by_role("option").filter(has_text=re.compile(rf"^{re.escape(seat)}\b")).click()
    settle(page)
    page.get_by_label("Passphrase", exact=True).fill(passphrase(seat))
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("heading", level=1, name="Sign in")).to_have_count(0)
    settle(page)


def nav_titles(page: Page) -> list[str]:
    """Every page title of the sidebar's navigation, in order (folded away or not)."""
    texts: list[str] = page.eval_on_selector_all(
        "[data-testid=stSidebarNav] a",
        "links => links.map(a => { const icon = a.querySelector('[data-testid=stIconMaterial]');"
        " const text = a.textContent || ''; return icon ? text.replace(icon.textContent, '') : text; })",
    )
    return [t.strip() for t in texts if t.strip()]


def sidebar_open(page: Page) -> bool:
    """Whether the sidebar is in view (folded away, it sits left of the window)."""
    box = page.get_by_test_id("stSidebar").bounding_box()
    return box is not None and box["x"] + box["width"] > 10


def go_to(page: Page, title: str) -> None:
    """Open page ``title`` through the sidebar navigation's link (a click event, so a folded
    sidebar need not slide in first), fold the sidebar on a phone, and wait for the rerun."""
    page.get_by_test_id("stSidebarNav").get_by_role("link", name=title, exact=True).dispatch_event(
        "click"
    )
    settle(page)
    page.wait_for_timeout(300)
    if page.viewport_size == PHONE and sidebar_open(page):
        page.get_by_test_id("stSidebarCollapseButton").locator("button").click()
        page.wait_for_timeout(600)  # the sidebar slides away
    settle(page)


def page_text(page: Page) -> str:
    """The page's text and every table cell the grids expose."""
    texts = []
    for grid in page.get_by_test_id("stDataFrame").all():
        cells = grid.get_by_role("gridcell", include_hidden=True)
        with suppress(AssertionError):  # the cells come a moment after the rerun; or none
            expect(cells.first).to_be_attached(timeout=3_000)
        texts += cells.all_inner_texts()
    return page.inner_text("body") + "\n" + "\n".join(texts)


def widths(page: Page) -> tuple[int, int, int]:
    """``(document scroll width, main section scroll width, main section client width)``."""
    found: list[int] = page.evaluate(
        "() => { const main = document.querySelector('[data-testid=stMain]');"
        " return [document.scrollingElement.scrollWidth,"
        " main ? main.scrollWidth : 0, main ? main.clientWidth : 0]; }"
    )
    return found[0], found[1], found[2]


def screenshot(page: Page, path: Path) -> None:
    """The whole page: the window stretched to the main section's height for the shot."""
    size = page.viewport_size or VIEWPORT
    height: int = page.evaluate(
        "(document.querySelector('[data-testid=stMain]') || document.body).scrollHeight"
    )
    page.set_viewport_size({"width": size["width"], "height": max(size["height"], height)})
    page.wait_for_timeout(300)
    page.screenshot(path=str(path))
    page.set_viewport_size(size)


def slug(text: str) -> str:
    """``"Capability & Cohesion"`` → ``"capability-cohesion"``."""
    return re.sub(r"\W+", "-", text.lower()).strip("-")


OTHER_GAMES: Final = frozenset(
    {"Combined Arms", "Highway to the Reich", "Battles for North Africa", "Miniatures"}
)
"""The other games' pages: their own controls only, no CNA game, side or role picker."""
NO_GAME_OPEN: Final = OTHER_GAMES | {"New game"}
"""Pages that open no CNA game, and so have no phase bar."""


def frame_problems(page: Page, seat: str, title: str, size: str) -> list[str]:
    """What the page's frame lacks: on a game page, the phase bar naming the seat at the top
    (``You: <seat> (…)``) and, on a phone, the umpire's side and role pickers there too; on
    another game's page, no CNA picker in the sidebar."""
    main = page.get_by_test_id("stMain").inner_text()
    sidebar = page.get_by_test_id("stSidebar").inner_text()
    if title in OTHER_GAMES:
        if "Command role" in sidebar or "Game\n" in sidebar:
            return [f"{seat} {title} ({size}): the CNA pickers in the sidebar"]
        return []
    if title in NO_GAME_OPEN:
        return []
    if f"You: {seat} (" not in main[:400]:
        return [f"{seat} {title} ({size}): no phase bar naming the seat at the top"]
    if size == "phone" and seat == UMPIRE:
        page.get_by_text(f"You: {seat} (").first.click()  # the expander under the phase bar
        roles = page.get_by_test_id("stMain").get_by_role("combobox", name="Command role (4.5)")
        if not roles.count():
            return [f"{seat} {title} (phone): no side and role pickers on the page"]
        page.get_by_text(f"You: {seat} (").first.click()
    return []


def every_page(browser: Browser, url: str, seat: str, phone: bool) -> list[str]:
    """Open every page of the navigation as ``seat``; the problems found, one line each."""
    context = (
        browser.new_context(viewport=PHONE, user_agent=PHONE_AGENT, is_mobile=True, has_touch=True)
        if phone
        else browser.new_context(viewport=VIEWPORT)
    )
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    page.goto(url)
    settle(page)
    sign_in(page, seat)
    size = "phone" if phone else "wide"
    problems = []
    try:
        for title in nav_titles(page):
            go_to(page, title)
            wide, main, room = widths(page)
            if phone and (wide > PHONE["width"] or main > room):
                problems.append(f"{seat} {title} at 390 px: scrolls sideways ({wide}, {main})")
            problems += frame_problems(page, seat, title, size)
            leaked = sorted({m[0] for m in INTERNAL_ID.finditer(page_text(page))})
            if leaked:
                problems.append(f"{seat} {title} ({size}): internal ids {leaked[:5]}")
            screenshot(page, shots() / f"{seat}-{slug(title)}-{size}.png")
    finally:
        context.close()
    return problems


def in_own_browser(steps: Callable[[Browser], list[str]]) -> list[str]:
    """Run ``steps`` with a Chromium of its own, in a thread of its own (Playwright's sync API
    cannot start twice in one thread, and test_browser.py's browser may still be running)."""

    def run() -> list[str]:
        with sync_playwright() as playwright:
            chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            try:
                return steps(chromium)
            finally:
                chromium.close()

    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(run).result()


@pytest.mark.parametrize("seat", SEATS)
def test_every_page_fits_a_phone_and_names_no_internal_id(table: str, seat: str) -> None:
    problems = in_own_browser(
        lambda browser: (
            every_page(browser, table, seat, phone=True)
            + every_page(browser, table, seat, phone=False)
        )
    )
    assert not problems, "\n".join(problems)
