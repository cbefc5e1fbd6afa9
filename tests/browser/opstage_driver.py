"""Playwright hands for tests/browser/test_opstage_browser.py: sign a seat in, choose its
command role, open a page, and do a step's ``form`` (tests/opstage_script.py) as a player
would, by the widgets' labels; then wait until the journal holds what the command wrote, or
fail with the refusal the page showed."""

from __future__ import annotations

import re
import time
from pathlib import Path

from playwright.sync_api import Browser, Locator, Page, ViewportSize, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from ledger.journal import EventStore
from ledger.model.seats import Seat, seat_label
from ledger.model.source import Role
from tests.browser.test_browser import IDLE
from tests.opstage_script import (
    GAME,
    ROLE_OF,
    Action,
    Choose,
    Expand,
    Fill,
    Pick,
    PickMany,
    Press,
    See,
    Step,
    Tab,
    Tick,
    passphrase,
)

TIMEOUT_MS = 90_000
"""How long a step waits on the app: the test machine may be busy with other suites."""
expect.set_options(timeout=20_000)


def settle(page: Page) -> None:
    """Wait until Streamlit has finished its rerun (the script idle)."""
    page.wait_for_selector(IDLE, timeout=TIMEOUT_MS)


def tab(browser: Browser, url: str, viewport: ViewportSize) -> Page:
    """A fresh browser context (a device of its own) of ``viewport`` on the app's first page."""
    context = browser.new_context(viewport=viewport)
    context.set_default_timeout(TIMEOUT_MS)
    context.set_default_navigation_timeout(TIMEOUT_MS)
    page = context.new_page()
    page.goto(url)
    settle(page)
    return page


ROLE_NAMES: dict[Role, str] = {
    "commander_in_chief": "Commander-in-Chief",
    "field_commander": "Field Commander",
    "logistics_commander": "Logistics Commander",
    "rear_area_commander": "Rear Area Commander",
    "air_marshal": "Air Marshal",
}
"""The role picker's options (``ledger.model.seats.ROLE_NAMES``)."""
ALERTS = (
    '[data-testid="stAlertContentError"], [data-testid="stAlertContentWarning"], '
    '[data-testid="stAlertContentInfo"], [data-testid="stException"]'
)
ID_PATTERN = re.compile(r"\b(?:it|cw|ge)\.[a-z0-9_]+\.[a-z0-9_]+|\b[a-z]+_2nd3rd_\d+\b")
"""Internal ids a page must never show (``it.1ccnn_div.1st_ccnn_div_hq``,
``commonwealth_2nd3rd_6``)."""


CHANGED = "changed as you pressed"
"""The Movement page's word that a move's fields changed between preview and Record move."""


def last_seq(url: str) -> int:
    """The newest sequence number of the game's journal at ``url``."""
    store = EventStore(url)
    try:
        return store.last_seq(GAME)
    finally:
        store.engine.dispose()


def sign_in(page: Page, seat: Seat, role: Role) -> None:
    """Sign ``seat`` in through the sign-in form and choose ``role`` where the seat holds more
    than one (the sidebar's Command role; a phone shows it under the phase bar)."""
    expect(page.get_by_role("heading", level=1, name="Sign in")).to_be_visible()
    pick(page.get_by_test_id("stForm"), "Seat", seat_label(seat), exact=True)
    page.get_by_label("Passphrase", exact=True).fill(passphrase(seat.name))
    page.get_by_role("button", name="Sign in").click()
    settle(page)
    expect(page.get_by_role("heading", level=1).first).to_be_visible()
    keep_role(page, role)


def keep_role(page: Page, role: Role) -> None:
    """Choose ``role`` in the Command role picker if it shows another (a seat holding more
    than one role: the Commander-in-Chief)."""
    roles = page.get_by_role("combobox", name="Command role (4.5)", exact=True)
    for combo in roles.filter(visible=True).all():
        box = combo.bounding_box()
        if box is not None and box["x"] >= 0:  # not in a sidebar folded away (a phone)
            if combo.input_value() != ROLE_NAMES[role]:
                choose_option(combo, ROLE_NAMES[role], exact=True)
            return


def choose_option(combo: Locator, option: str, *, exact: bool = False) -> None:
    """Choose in the select box ``combo`` the first option showing ``option`` (all of it when
    ``exact``), typing it first: long lists render only the options in view. Tried five
    times: a live rerun (another seat wrote, or a box above changed this box's key) may redraw
    the box under the typing. Each try starts from an idle page and waits for the filtered
    option to show before clicking it; the failure names what the list offered."""
    page = combo.page
    options = page.get_by_role("option")
    chosen = (
        options.filter(has_text=re.compile(rf"^{re.escape(option)}$"))
        if exact
        else options.filter(has_text=option)
    )
    offered: list[str] = []
    for attempt in range(5):
        settle(page)
        try:
            # An open list hides the rest of the page from role queries (aria-hidden): hold on
            # to the box by its id, not by the form around it.
            box = page.locator(f'[id="{combo.get_attribute("id", timeout=15_000)}"]')
            box.click(timeout=15_000)
            box.press_sequentially(option[:24], delay=20, timeout=15_000)
            chosen.first.wait_for(state="visible", timeout=15_000)
            chosen.first.click(timeout=15_000)
            settle(page)
            if option in box.input_value(timeout=15_000):
                return
        except PlaywrightTimeoutError:
            offered = [text.strip() for text in options.all_inner_texts()]
            page.keyboard.press("Escape")
            page.wait_for_timeout(500 * (attempt + 1))
    raise AssertionError(f"could not choose {option!r} in {combo}; the list offered {offered}")


def pick(scope: Locator, label: str, option: str, *, exact: bool = False) -> None:
    """Choose in the select box ``label`` the first option showing ``option`` (all of it when
    ``exact``), typing it first: long lists render only the options in view."""
    choose_option(
        scope.get_by_role("combobox", name=label, exact=True).filter(visible=True).first,
        option,
        exact=exact,
    )


def add_option(scope: Locator, label: str, option: str) -> None:
    """Add the first option showing ``option`` to the multiselect ``label``; tried five
    times, as ``choose_option``."""
    page = scope.page
    for _ in range(5):
        settle(page)
        combo = _visible(scope.get_by_role("combobox", name=label, exact=True))
        box = page.locator(f'[id="{combo.get_attribute("id")}"]')
        try:
            box.click(timeout=15_000)
            box.press_sequentially(option[:24], timeout=15_000)
            wanted = page.get_by_role("option").filter(has_text=option).first
            wanted.wait_for(state="visible", timeout=15_000)
            wanted.click(timeout=15_000)
            page.keyboard.press("Escape")  # a multiselect leaves its list open
            settle(page)
            return
        except PlaywrightTimeoutError:
            page.keyboard.press("Escape")
            settle(page)
            page.wait_for_timeout(1_000)
    raise AssertionError(f"could not add {option!r} to {label!r}")


def _visible(locator: Locator) -> Locator:
    return locator.filter(visible=True).first


def do(page: Page, scope: Locator, action: Action) -> None:
    """Do one ``action`` inside ``scope`` (a form, or the page)."""
    if isinstance(action, Pick):
        pick(scope, action.label, action.option)
    elif isinstance(action, PickMany):
        add_option(scope, action.label, action.option)
    elif isinstance(action, Fill):
        box = _visible(scope.get_by_label(action.label, exact=True))
        box.fill(action.value)
        box.press("Tab")  # outside a form the value is sent on blur: a rerun
        page.wait_for_timeout(400)  # let the rerun start before waiting for its end
        settle(page)
    elif isinstance(action, Choose):  # a radio's option or a segmented control's button
        _visible(scope.get_by_text(action.option, exact=True)).click()
        settle(page)
    elif isinstance(action, Tick):
        _visible(scope.get_by_text(action.label, exact=True)).click()
        settle(page)
    elif isinstance(action, Tab):
        page.get_by_role("tab", name=action.label, exact=True).click()
        settle(page)
    elif isinstance(action, Expand):
        _visible(scope.get_by_text(action.label, exact=True)).click()
        settle(page)
    elif isinstance(action, Press):
        _visible(scope.get_by_role("button", name=action.label, exact=True)).click()
        settle(page)
    elif isinstance(action, See):
        expect(page.get_by_text(action.text, exact=False).first).to_be_visible()


def scope_of(page: Page, step: Step) -> Locator:
    """The form holding the step's submit button (the first ``Press``), else the page's main
    area: a page may have several forms with a Reason box."""
    main = page.get_by_test_id("stMain")
    button = next((a.label for a in step.form if isinstance(a, Press)), None)
    if button is None:
        return main
    forms = page.get_by_test_id("stForm").filter(
        has=page.get_by_role("button", name=button, exact=True)
    )
    return forms.first if forms.filter(visible=True).count() == 1 else main


def go_to(page: Page, title: str) -> None:
    """Open page ``title`` through the sidebar (unfolded first on a phone, folded again after)
    unless it is open; tried three times, as a live rerun (another seat wrote) may swallow a
    click."""
    heading = page.get_by_role("heading", level=1, name=title, exact=True)
    for _ in range(3):
        if heading.is_visible():
            settle(page)
            return
        nav = page.get_by_test_id("stSidebarNav")
        folded = not nav.is_visible()
        if folded:
            page.get_by_test_id("stExpandSidebarButton").click()
        settle(page)
        nav.get_by_role("link", name=title, exact=True).click()
        try:
            expect(heading).to_be_visible(timeout=10_000)
        except AssertionError:
            continue
        if folded:
            page.get_by_test_id("stSidebarCollapseButton").locator("button").click()
            page.wait_for_timeout(800)  # the sidebar slides away
        settle(page)
        return
    expect(heading).to_be_visible()


def play_on_page(page: Page, step: Step, url: str, timeout_s: float = 30) -> str:
    """Open ``step.page`` and do ``step.form``; wait until the journal grew. Returns the text
    of the page's main area afterwards. Raises ``AssertionError`` with the page's refusal when
    nothing was written."""
    if page.get_by_role("heading", level=1, name=step.page, exact=True).is_visible():
        go_to(page, "Journal")  # each step on a page opened afresh: its forms new
    go_to(page, step.page)
    keep_role(page, ROLE_OF[step.seat])
    before = last_seq(url)
    scope: Locator | None = None
    for action in step.form:
        if isinstance(action, (Tab, Expand)):
            do(page, page.get_by_test_id("stMain"), action)
            continue
        if scope is None:  # after any tab is open: its form is the visible one
            scope = scope_of(page, step)
        do(page, scope, action)
    again = next((a for a in reversed(step.form) if isinstance(a, Press)), None)
    deadline = time.monotonic() + timeout_s
    pressed = 1
    while last_seq(url) == before:
        if time.monotonic() > deadline:
            said = " | ".join(page.locator(ALERTS).all_inner_texts())
            raise AssertionError(f"{step.title}: nothing written on {step.page}: {said}")
        if again is not None and pressed < 3 and page.get_by_text(CHANGED).count():
            settle(page)  # the page drew the move again as it now stands: press again
            page.wait_for_timeout(500)
            do(page, scope or page.get_by_test_id("stMain"), again)
            pressed += 1
        time.sleep(0.2)
    settle(page)
    text: str = page.get_by_test_id("stMain").inner_text()
    return text


def overflow(page: Page) -> int:
    """How far the page scrolls sideways: ``scrollWidth`` less the window's width (0: none)."""
    width: int = page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth")
    return width


def shoot(page: Page, folder: Path, name: str) -> Path:
    """A full-page screenshot ``name``.png in ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
