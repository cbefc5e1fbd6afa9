"""Issue 17's end-to-end test: Graziani GT 1 OpStage 1 played from the dashboard by three
seats, in a real browser (Playwright driving Debian's Chromium), from tests/opstage_script.py;
then the journal is checked against the one the CLI writes from the same script.

Each seat (the Axis Commander-in-Chief, the Commonwealth Field and Logistics Commanders)
signs in on a browser context of its own at 1400×1000 and does its steps on the pages by the
widgets' labels: requisitions filed and filled, transfers, phases advanced, the weather, moves
with their fuel and Breakdown Points, a breakdown check and a repair with dice read at the table,
the end of the Operations Stage after its confirmation. A step no page does yet is played
through the CLI on the same journal, and listed (``CLI_ONLY`` in the report printed).

After each step a second context of the seat, at 390×844, opens the same page: screenshotted
to ``QUARTERMASTER_SCREENSHOT_DIR`` (else /tmp/qm-h/shots) and checked for sideways scrolling
(``document.scrollingElement.scrollWidth`` ≤ 390) and internal ids in its text.

The ledgers compared: every event of both journals, in order, as the journal stores it
(``tests.opstage_script.normalized``: only seats' passphrase hashes are left out — argon2 salts
each anew). Skipped without Chromium, unless ``QUARTERMASTER_REQUIRE_BROWSER=1``.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final

import pytest
from playwright.sync_api import Browser, Page

from ledger.model.seats import Seat
from tests.browser.opstage_driver import (
    ID_PATTERN,
    go_to,
    overflow,
    play_on_page,
    shoot,
    sign_in,
    tab,
)
from tests.browser.test_browser import VIEWPORT, streamlit_server
from tests.browser.test_seats_browser import PHONE, in_own_browser
from tests.opstage_play import CliTable, events_of
from tests.opstage_script import ROLE_OF, SCRIPT, SEATS, normalized

pytestmark = pytest.mark.browser

SHOTS: Final = Path(os.environ.get("QUARTERMASTER_SCREENSHOT_DIR") or "/tmp/qm-h/shots")


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    """The journal the CLI writes playing the script, normalized."""
    folder = tmp_path_factory.mktemp("opstage_cli")
    table = CliTable(folder, folder / "cli.db")
    table.set_up()
    for step in SCRIPT:
        table.play(step)
    return normalized(events_of(table.url))


@pytest.fixture(scope="module")
def dashboard(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, CliTable]]:
    """``(base URL, table)``: the dashboard on a fresh game with the same three seats."""
    folder = tmp_path_factory.mktemp("opstage_dashboard")
    table = CliTable(folder, folder / "dashboard.db")
    table.set_up()
    with streamlit_server(folder, table.url) as url:
        yield url, table


def seat_of(name: str) -> Seat:
    """The ``Seat`` of the script's seat ``name``."""
    side, role = next((s, r) for n, s, r in SEATS if n == name)
    return Seat(name, side, (role,))


def first_difference(found: list[dict[str, Any]], wanted: list[dict[str, Any]]) -> str:
    """Where two normalized journals part: the index and both events."""
    for i, (a, b) in enumerate(zip(found, wanted, strict=False)):
        if a != b:
            return f"event #{i + 1}:\n dashboard {a}\n cli       {b}"
    return f"lengths: dashboard {len(found)}, cli {len(wanted)}"


@pytest.mark.timeout(1200)  # 42 steps on a shared machine: 3 to 7 minutes
def test_an_operations_stage_played_from_the_dashboard_writes_the_cli_ledger(
    reference: list[dict[str, Any]], dashboard: tuple[str, CliTable]
) -> None:
    url, table = dashboard
    cli_only: list[str] = []
    problems: list[str] = []
    timings: list[str] = []

    def steps(browser: Browser) -> None:
        desk: dict[str, Page] = {}
        phone: dict[str, Page] = {}
        for name, _, _ in SEATS:
            desk[name] = tab(browser, url, VIEWPORT)
            sign_in(desk[name], seat_of(name), ROLE_OF[name])
            phone[name] = tab(browser, url, PHONE)
            sign_in(phone[name], seat_of(name), ROLE_OF[name])
        for number, step in enumerate(SCRIPT, start=1):
            if not step.form:
                table.play(step)
                cli_only.append(f"{number}. {step.title} ({step.page})")
                continue
            started = time.monotonic()
            shown = play_on_page(desk[step.seat], step, table.url)
            played = time.monotonic()
            leaked = ID_PATTERN.findall(shown)
            if leaked:
                problems.append(f"{step.title}: ids on {step.page}: {sorted(set(leaked))}")
            small = phone[step.seat]
            go_to(small, step.page)
            name = f"{number:02d}-{step.seat}-{step.page.replace(' ', '-').lower()}"
            shoot(small, SHOTS, name)
            timings.append(
                f"{number}. {step.title}: {played - started:.1f} s, "
                f"phone {time.monotonic() - played:.1f} s"
            )
            print(timings[-1], flush=True)
            wide = overflow(small)
            if wide > 0:
                problems.append(f"{step.title}: {step.page} at 390×844 scrolls {wide} px sideways")

    in_own_browser(steps)
    (SHOTS / "cli-only.txt").write_text("\n".join(cli_only) + "\n")
    (SHOTS / "timings.txt").write_text("\n".join(timings) + "\n")
    found = normalized(events_of(table.url))
    assert found == reference, first_difference(found, reference)
    assert not problems, "\n".join(problems)
    print("steps played through the CLI, no page does them yet:", *cli_only, sep="\n  ")
