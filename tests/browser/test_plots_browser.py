"""Secret plots in real browsers (issue 16 item 6): two Chromium contexts signed in to a
Graziani game as the Axis and the Commonwealth Field Commanders commit Barrage plots on the
Plots page; the Commonwealth's pages show nothing of the Axis plot until both have committed,
then both show both. Skipped without Chromium, like tests/browser/test_browser.py, whose
helpers it uses (``QUARTERMASTER_REQUIRE_BROWSER=1`` makes that a failure)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Final

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect, sync_playwright

from ledger.commands.logistics import arrive
from ledger.commands.organization_phase import advance_phase
from ledger.io.scenario import load_scenario, resolve
from ledger.journal import EventStore
from ledger.journal.seats import add_seat
from ledger.journal.session import GameSession, create_game
from ledger.journal.store import database_url
from ledger.model.quantities import Supplies
from ledger.model.seats import Seat
from ledger.model.source import Source
from tests.browser.test_browser import (
    CHROMIUM,
    CHROMIUM_ARGS,
    TIMEOUT_MS,
    VIEWPORT,
    open_page,
    settle,
    streamlit_server,
)
from tests.browser.test_seats_browser import text_of

pytestmark = pytest.mark.browser

UMPIRE: Final = Seat("umpire", None)
AXIS_FC: Final = Seat("axis-fc", "axis", ("field_commander",))
CW_FC: Final = Seat("cw-fc", "commonwealth", ("field_commander",))
PASSPHRASES: Final = {
    "umpire": "umpire passphrase",
    "axis-fc": "axis passphrase",
    "cw-fc": "commonwealth passphrase",
}
SECRET: Final = "Infantry #7 ZEBRA"
"""The Axis plot's target label: nothing of it may reach the Commonwealth before the reveal."""
AXIS_HEX: Final = "C4119"
AXIS_GUNS: Final = "201st Artillery Regt"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A Streamlit server over Graziani with three seats, in Player A's Movement and Combat
    Phase; its base URL."""
    folder = tmp_path_factory.mktemp("plots")
    db = database_url(str(folder / "plots.db"))
    store = EventStore(db, create=True)
    create_game(store, "graziani", load_scenario(resolve("graziani")), setup_step=False)
    add_seat(store, "graziani", UMPIRE, PASSPHRASES["umpire"])
    for seat in (AXIS_FC, CW_FC):
        add_seat(store, "graziani", seat, PASSPHRASES[seat.name], by=UMPIRE)
    umpire = GameSession(store, "graziani", UMPIRE)
    for guns in ("it.1ccnn_div.201st_artillery_regt", "cw.7_armd_div.4th_ryl_horse_arty"):
        umpire.execute(  # Graziani's guns start without Ammunition (12.0, 50.14)
            lambda s, guns=guns: arrive(s, guns, Supplies(ammo=60), "convoy", Source(s.clock))
        )
    umpire.execute(lambda s: advance_phase(s, "movement-and-combat/A", Source(s.clock)))
    store.engine.dispose()
    with streamlit_server(folder, db) as url:
        yield url


def in_own_chromium(steps: Callable[[Browser], None]) -> None:
    """Run ``steps`` with a Chromium of its own, started in a thread of its own: Playwright's
    sync API cannot start twice in one thread, and test_browser.py's session-wide browser may
    still be running in this one (as tests/browser/test_combat_browser.py does)."""

    def run() -> None:
        with sync_playwright() as playwright:
            chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            try:
                steps(chromium)
            finally:
                chromium.close()

    with ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(run).result()


def _signed_in(browser: Browser, url: str, seat: Seat) -> tuple[BrowserContext, Page]:
    """A browser context of its own, signed in as ``seat`` through the sign-in form."""
    context = browser.new_context(viewport=VIEWPORT)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    page.goto(url)
    settle(page)
    label = f"{seat.name} (" + ("Umpire" if seat.side is None else "")
    _pick(page, "Seat", label)
    page.get_by_label("Passphrase").fill(PASSPHRASES[seat.name])
    page.get_by_role("button", name="Sign in").click()
    settle(page)
    expect(page.get_by_role("button", name="Sign out")).to_be_visible()
    return context, page


def _pick(page: Page, label: str, text: str) -> None:
    """Choose the option of select box ``label`` that begins with ``text`` (typed to filter a
    long list)."""
    combo = page.get_by_role("combobox", name=label, exact=True).first
    combo.click()
    combo.press_sequentially(text)
    page.get_by_role("option").filter(has_text=text).first.click()
    settle(page)


def _commit_barrage(page: Page, gun: str, points: str, hex_: str, target: str) -> None:
    form = page.get_by_test_id("stForm").first
    _pick(page, "Unit and weapon system 1", gun)
    points_box = form.get_by_label("TOE points 1", exact=True)
    points_box.fill(points)
    points_box.press("Tab")
    form.get_by_label("Target hex 1", exact=True).fill(hex_)
    target_box = form.get_by_label("Target 1", exact=True)
    target_box.fill(target)
    target_box.press("Tab")
    form.get_by_role("button", name="Commit Barrage plot").click()
    settle(page)


def test_a_sealed_barrage_plot_is_unreadable_by_the_other_side_until_both_commit(
    server: str, tmp_path: Path
) -> None:
    in_own_chromium(lambda browser: _two_seats_plot(browser, server, tmp_path))


def _two_seats_plot(browser: Browser, server: str, tmp_path: Path) -> None:
    axis_context, axis = _signed_in(browser, server, AXIS_FC)
    cw_context, cw = _signed_in(browser, server, CW_FC)
    try:
        open_page(axis, "Plots")
        _commit_barrage(axis, AXIS_GUNS, "6", AXIS_HEX, SECRET)
        expect(axis.get_by_text("Axis Barrage Step plot committed, sealed").first).to_be_visible()
        assert SECRET in text_of(axis)

        for title in ("Plots", "Journal", "Overview"):
            open_page(cw, title)
            shown = text_of(cw)
            for secret in (SECRET, "ZEBRA", AXIS_HEX, AXIS_GUNS, "75/27"):
                assert secret not in shown, (title, secret)
        open_page(cw, "Plots")
        assert "Axis Barrage Step plot" not in text_of(cw)
        cw.screenshot(path=str(tmp_path / "plots-cw-sealed.png"), full_page=True)

        _commit_barrage(cw, "4th Ryl Horse Arty", "6", "C4022", "Gun #1")
        expect(cw.get_by_text("Barrage Step plots revealed").first).to_be_visible()
        open_page(cw, "Plots")
        expect(cw.get_by_text("Axis Barrage Step plot, Combat Segment 1").first).to_be_visible()
        assert SECRET in text_of(cw)

        open_page(axis, "Plots")
        expect(
            axis.get_by_text("Commonwealth Barrage Step plot, Combat Segment 1").first
        ).to_be_visible()
        assert "revealed" in text_of(axis)
    finally:
        axis_context.close()
        cw_context.close()
