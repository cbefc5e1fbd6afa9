"""Seats at one table in a real browser (issue 16): Playwright driving Debian's Chromium.

A Graziani game (60.22) with an umpire and three seats: Axis Field Commander, Commonwealth
Field Commander and Commonwealth Logistics Commander, each signed in from a browser context of
its own (a second Commonwealth Field Commander's device joins for the race and the live
table). Checked: the sign-in page; on every CNA page of each seat, no enemy unit name or
reason (against the other side's names in the whole ledger) and the seat's own names where
expected; two simultaneous Spend CP submits on 1st Essex both end in a visible outcome and the
journal holds exactly what the notices said; another seat's change shows within ~3 s without a
click, and what a player is half-way typing survives it. Screenshots at 1400×1000 and 390×844
go to ``QUARTERMASTER_SCREENSHOT_DIR`` or /tmp/qm/shots. Skipped without Chromium, like
tests/browser/test_browser.py, unless ``QUARTERMASTER_REQUIRE_BROWSER=1``.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import suppress
from fractions import Fraction
from pathlib import Path
from typing import Final

import pytest
from playwright.sync_api import Browser, Locator, Page, ViewportSize, expect, sync_playwright

from ledger.commands.cp import spend_cp
from ledger.io.scenario import load_scenario, resolve
from ledger.journal import EventStore
from ledger.journal.seats import add_seat, open_session
from ledger.journal.session import GameSession, create_game
from ledger.journal.store import database_url
from ledger.model.events import CPExpended
from ledger.model.seats import Seat, seat_label
from ledger.model.source import Source
from ledger.reports.event_log import describe
from tests.browser.test_browser import (
    CHROMIUM,
    CHROMIUM_ARGS,
    TIMEOUT_MS,
    VIEWPORT,
    open_page,
    settle,
    streamlit_server,
)

pytestmark = pytest.mark.browser

GAME: Final = "graziani"
UMPIRE: Final = Seat("umpire", None)
AXIS_FC: Final = Seat("axis-fc", "axis", ("field_commander",))
CW_FC: Final = Seat("cw-fc", "commonwealth", ("field_commander",))
CW_LC: Final = Seat("cw-lc", "commonwealth", ("logistics_commander",))
ESSEX: Final = "cw.70_inf_div.1st_essex"
CCNN_HQ: Final = "it.1ccnn_div.1st_ccnn_div_hq"
AXIS_SECRET: Final = "AXIS SECRET dawn move"
CW_SECRET: Final = "CW SECRET night march"
PHONE: Final[ViewportSize] = {"width": 390, "height": 844}
OTHER_GAMES: Final = frozenset(
    {"Combined Arms", "Highway to the Reich", "Battles for North Africa", "Miniatures", "Seats"}
)
"""Navigation links that are not CNA pages of the game."""
OWN_NAMES: Final = {
    "Units": {"commonwealth": "1st Essex", "axis": "1st CCNN Div HQ"},
    "Supply": {"commonwealth": "Mersa Matruh", "axis": "Tobruk"},
    "Journal": {"commonwealth": CW_SECRET, "axis": AXIS_SECRET},
}
"""A name of the seat's own side each of these pages shows."""


def phrase(seat: Seat) -> str:
    """The test passphrase of ``seat``."""
    return f"{seat.name} passphrase"


def shots() -> Path:
    """Where the screenshots go."""
    folder = Path(os.environ.get("QUARTERMASTER_SCREENSHOT_DIR") or "/tmp/qm/shots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """``(base URL, database URL)`` of a Streamlit server on a Graziani game with an umpire
    and three seats; each side has posted one entry with a reason the other must not read."""
    folder = tmp_path_factory.mktemp("seats_browser")
    db = database_url(str(folder / "seats.db"))
    store = EventStore(db, create=True)
    create_game(store, GAME, load_scenario(resolve("graziani")), setup_step=False)
    add_seat(store, GAME, UMPIRE, phrase(UMPIRE))
    for seat in (AXIS_FC, CW_FC, CW_LC):
        add_seat(store, GAME, seat, phrase(seat), by=UMPIRE)
    for seat, unit, reason in ((AXIS_FC, CCNN_HQ, AXIS_SECRET), (CW_FC, ESSEX, CW_SECRET)):
        session = open_session(store, GAME, seat)
        side = seat.side
        session.execute(
            lambda s, u=unit, r=reason, d=side: spend_cp(
                s, u, Fraction(1), Source(s.clock, d, "field_commander", r)
            )
        )
    store.engine.dispose()
    with streamlit_server(folder, db) as url:
        yield url, db


def in_own_browser(steps: Callable[[Browser], None]) -> None:
    """Run ``steps`` with a Chromium of its own, in a thread of its own (Playwright's sync API
    cannot start twice in one thread, and test_browser.py's browser may still be running)."""

    def run() -> None:
        with sync_playwright() as playwright:
            chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            try:
                steps(chromium)
            finally:
                chromium.close()

    with ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(run).result()


def tab(browser: Browser, url: str, viewport: ViewportSize = VIEWPORT) -> Page:
    """A fresh browser context (a device of its own) on the app's first page."""
    context = browser.new_context(viewport=viewport)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    page.goto(url)
    settle(page)
    return page


def sign_in(page: Page, seat: Seat) -> None:
    """Sign in as ``seat`` through the sign-in form; wait for Your phase, the page a seat lands
    on (issue 17 item 1)."""
    expect(page.get_by_role("heading", level=1, name="Sign in")).to_be_visible()
    pick(page.get_by_test_id("stForm"), "Seat", seat_label(seat))
    page.get_by_label("Passphrase", exact=True).fill(phrase(seat))
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("heading", level=1, name="Your phase")).to_be_visible()
    settle(page)


def pick(scope: Locator, label: str, option: str) -> None:
    """Pick ``option`` in the select box ``label`` inside ``scope``, typing its start first
    (long lists render only the options in view)."""
    combo = scope.get_by_role("combobox", name=label, exact=True)
    combo.click()
    combo.press_sequentially(option[:7])
    scope.page.get_by_role("option", name=option, exact=True).click()
    expect(combo).to_have_value(option)
    settle(scope.page)


def text_of(page: Page) -> str:
    """The page's text and every table cell the grids expose."""
    grids = page.get_by_test_id("stDataFrame")
    texts = []
    for grid in grids.all():
        cells = grid.get_by_role("gridcell", include_hidden=True)
        with suppress(AssertionError):  # the cells come a moment after the rerun; or none
            expect(cells.first).to_be_attached(timeout=5_000)
        texts += cells.all_inner_texts()
    return page.inner_text("body") + "\n" + "\n".join(texts)


def cna_pages(page: Page) -> list[str]:
    """The titles of the CNA pages in the sidebar navigation."""
    links = page.get_by_test_id("stSidebarNav").get_by_role("link").all_inner_texts()
    titles = [t.strip().splitlines()[-1].strip() for t in links if t.strip()]  # after the icon
    return [t for t in titles if t not in OTHER_GAMES]


def names_of(side: str) -> set[str]:
    """The names of ``side``'s units in the whole ledger, less any the other side shares."""
    units = load_scenario(resolve("graziani")).units
    other = {u.name for u in units if u.side != side}
    return {u.name for u in units if u.side == side} - other


def test_each_seat_signs_in_and_sees_no_enemy_name_on_any_page(table: tuple[str, str]) -> None:
    def steps(browser: Browser) -> None:
        phone = tab(browser, table[0], PHONE)
        phone.screenshot(path=str(shots() / "sign-in-phone.png"), full_page=True)
        wide = tab(browser, table[0])
        wide.screenshot(path=str(shots() / "sign-in.png"))
        pick(wide.get_by_test_id("stForm"), "Seat", seat_label(CW_FC))
        wide.get_by_label("Passphrase", exact=True).fill("not the passphrase")
        wide.get_by_role("button", name="Sign in").click()
        expect(wide.get_by_text("no such seat or a wrong passphrase")).to_be_visible()
        sign_in(phone, CW_LC)
        assert "Commonwealth" in text_of(phone)  # waits for the tables' cells
        phone.screenshot(path=str(shots() / "your-phase-phone-cw-lc.png"), full_page=True)
        open_page_on_phone(phone, "Units")
        phone.screenshot(path=str(shots() / "units-phone-cw-lc.png"))
        umpire = tab(browser, table[0])
        sign_in(umpire, UMPIRE)
        open_page(umpire, "Seats")
        grid = umpire.get_by_test_id("stDataFrame")
        for seat in (AXIS_FC, CW_FC, CW_LC):  # the table's cells come a moment after the rerun
            cell = grid.get_by_role("gridcell", name=seat.name, exact=True, include_hidden=True)
            expect(cell.first).to_be_attached()
        seats = text_of(umpire)
        assert all(s.name in seats for s in (AXIS_FC, CW_FC, CW_LC)) and "argon2" not in seats
        umpire.screenshot(path=str(shots() / "seats-umpire.png"), full_page=True)
        umpire.context.close()
        for seat in (AXIS_FC, CW_FC, CW_LC):
            assert seat.side is not None
            page = tab(browser, table[0])
            sign_in(page, seat)
            enemy = "commonwealth" if seat.side == "axis" else "axis"
            secret = CW_SECRET if seat.side == "axis" else AXIS_SECRET
            forbidden = names_of(enemy)
            titles = cna_pages(page)
            assert {"Your phase", "Overview", "Units", "Journal", "Sheets", "Combat"} <= set(titles)
            for title in titles:
                open_page(page, title)
                own = OWN_NAMES.get(title, {}).get(seat.side)
                shown = text_of(page)
                waited = time.monotonic()  # a busy server fills a grid's cells late
                while own is not None and own not in shown and time.monotonic() - waited < 20:
                    page.wait_for_timeout(500)
                    shown = text_of(page)
                leaked = sorted(n for n in forbidden if n in shown)
                assert not leaked, f"{seat.name} on {title}: {leaked[:5]}"
                assert secret not in shown, f"{seat.name} on {title}"
                if own is not None:
                    assert own in shown, f"{seat.name} on {title}: no {own!r}"
                if title in ("Units", "Journal"):
                    page.screenshot(path=str(shots() / f"{title.lower()}-{seat.name}.png"))
            page.context.close()

    in_own_browser(steps)


def open_page_on_phone(page: Page, title: str) -> None:
    """Open page ``title`` through the sidebar, which a phone shows folded away."""
    nav = page.get_by_test_id("stSidebarNav")
    if not nav.is_visible():
        page.get_by_test_id("stExpandSidebarButton").click()
    open_page(page, title)
    close = page.get_by_test_id("stSidebarCollapseButton")
    if close.is_visible():
        close.locator("button").click()
        expect(page.get_by_test_id("stSidebar")).to_have_attribute("data-collapsed", "true")
        page.wait_for_timeout(800)  # the sidebar slides away
    settle(page)


def fill_spend(page: Page, cp: str, reason: str) -> Locator:
    """Fill the Units page's Spend CP form for 1st Essex (not submitted); returns the form."""
    # The page has other forms too; text, not roles: an open drop-down hides the roles
    form = page.get_by_test_id("stForm").filter(has_text="Spend CP")
    pick(form, "Unit", ESSEX_LABEL)
    form.get_by_label("Capability Points", exact=True).fill(cp)
    form.get_by_label("Reason", exact=True).fill(reason)
    return form


ESSEX_LABEL: Final = "1 Essex — 1st Essex (D3714)"
OUTCOME: Final = (
    '[data-testid="stAlertContentSuccess"], [data-testid="stAlertContentError"], '
    '[data-testid="stAlertContentWarning"]'
)


def outcome(page: Page, cp: str) -> str:
    """The success, refusal or warning the submit of ``cp`` CP showed (not an earlier one
    still on the page), read as soon as it appears (within ``TIMEOUT_MS``: three devices rerun
    on one server at once; a lost click shows nothing at all)."""
    said = re.compile(rf"expends {re.escape(cp)} CP|Refused|Another player changed")
    expect(page.locator(OUTCOME).filter(has_text=said).first).to_be_visible(timeout=TIMEOUT_MS)
    return " | ".join(page.locator(OUTCOME).filter(has_text=said).all_inner_texts())


def spends_of_essex(db: str, after: int) -> list[str]:
    """The CP spent on 1st Essex after event ``after``, as the notices list them: number and
    description (``"#12 1st Essex expends 2 CP"``)."""
    session = GameSession(EventStore(db), GAME)
    return [
        f"#{r.seq} {describe(r.event, session.state)}"
        for r in session.since(after + 1)
        if isinstance(r.event, CPExpended) and r.event.unit_id == ESSEX
    ]


ENTRY: Final = re.compile(r"^#\d+ 1st Essex expends .*$", re.MULTILINE)
"""A line of a "Recorded …" summary box naming a CP expenditure of 1st Essex."""


def test_simultaneous_submits_on_one_unit_both_end_in_a_visible_outcome(
    table: tuple[str, str],
) -> None:
    url, db = table
    said: dict[str, str] = {}

    def steps(browser: Browser) -> None:
        pages = {}
        for name, seat in (("fc", CW_FC), ("lc", CW_LC), ("fc2", CW_FC)):
            pages[name] = tab(browser, url)
            sign_in(pages[name], seat)
            open_page(pages[name], "Units")
        before = GameSession(EventStore(db), GAME).last_seq
        # The Field Commander and the Logistics Commander, at once
        fill_spend(pages["fc"], "2", "race one")
        lc_form = fill_spend(pages["lc"], "1 1/2", "race one, logistics")
        pages["fc"].get_by_role("button", name="Spend CP").click()
        pages["lc"].get_by_role("button", name="Spend CP").click()
        said["fc"], said["lc"] = outcome(pages["fc"], "2"), outcome(pages["lc"], "1 1/2")
        settle(pages["lc"])
        expect(lc_form.get_by_label("Capability Points", exact=True)).to_have_value("1 1/2")
        # The same seat on two devices, at once
        settle(pages["fc"])
        fill_spend(pages["fc"], "3", "race two")
        fc2_form = fill_spend(pages["fc2"], "1", "race two, second device")
        pages["fc"].get_by_role("button", name="Spend CP").click()
        pages["fc2"].get_by_role("button", name="Spend CP").click()
        said["fc again"], said["fc2"] = outcome(pages["fc"], "3"), outcome(pages["fc2"], "1")
        settle(pages["fc2"])
        if "Another player changed the ledger" in said["fc2"]:  # refused: the values kept
            expect(fc2_form.get_by_label("Capability Points", exact=True)).to_have_value("1")
        spent = spends_of_essex(db, before)
        (shots() / "race.txt").write_text(f"{said}\njournal: {spent}\n")
        notices = [line.strip() for text in said.values() for line in ENTRY.findall(text)]
        assert sorted(spent) == sorted(notices), (said, spent)
        assert "Refused" in said["lc"] and "kept by the Field Commander" in said["lc"]
        assert "Recorded 1 journal entry" in said["fc"], said["fc"]
        assert "1st Essex expends 2 CP" in said["fc"]
        assert any("1st Essex expends 2 CP" in s for s in spent), spent
        assert len(spent) in (2, 3), said  # race two: both applied, or one asked again

    in_own_browser(steps)


def test_another_seats_change_shows_without_a_click_and_typing_survives(
    table: tuple[str, str],
) -> None:
    url, db = table

    def steps(browser: Browser) -> None:
        axis = tab(browser, url)
        sign_in(axis, AXIS_FC)
        open_page(axis, "Journal")
        lc = tab(browser, url)
        sign_in(lc, CW_LC)
        open_page(lc, "Journal")
        typing = tab(browser, url)
        sign_in(typing, CW_FC)
        open_page(typing, "Units")
        form = fill_spend(typing, "1 1/2", "typed while others write")
        writer = tab(browser, url)
        sign_in(writer, CW_FC)
        open_page(writer, "Units")
        fill_spend(writer, "1", "live table")
        writer.get_by_role("button", name="Spend CP").click()
        expect(writer.get_by_text("1st Essex expends 1 CP").first).to_be_visible()
        seq = GameSession(EventStore(db), GAME).last_seq
        started = time.monotonic()
        expect(lc.get_by_text(f"Updated: #{seq} by cw-fc")).to_be_visible(timeout=3_500)
        expect(lc.get_by_text("live table").first).to_be_attached(timeout=3_500)  # a grid cell
        expect(axis.get_by_text(f"Updated: #{seq} by Commonwealth")).to_be_visible(timeout=3_500)
        assert time.monotonic() - started < 4.0
        assert "live table" not in text_of(axis)
        expect(typing.get_by_text(f"Updated: #{seq} by cw-fc")).to_be_visible(timeout=3_500)
        cp = form.get_by_label("Capability Points", exact=True)
        expect(cp).to_have_value("1 1/2")
        expect(form.get_by_label("Reason", exact=True)).to_have_value("typed while others write")
        lc.screenshot(path=str(shots() / "journal-live-cw-lc.png"))
        typing.get_by_role("button", name="Spend CP").click()
        notice = typing.get_by_text("While you filled this in, the ledger changed")
        expect(notice).to_be_visible()
        expect(typing.get_by_text("1st Essex expends 1 1/2 CP").first).to_be_visible()
        typing.screenshot(path=str(shots() / "units-notice-cw-fc.png"))

    in_own_browser(steps)
