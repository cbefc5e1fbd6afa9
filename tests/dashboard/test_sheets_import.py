"""The Sheets page's "Bring back an edited workbook" (issue 19 item 4): an upload shows the
refusals by ``Sheet!Cell``, or the entries it would post, and Confirm posts them all."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from ledger.io.scenario import load_scenario, resolve
from ledger.journal import EventStore
from ledger.journal.seats import add_seat
from ledger.journal.session import GameSession, create_game
from ledger.journal.store import database_url
from ledger.model.seats import Seat
from tests.dashboard.pages import app_on
from tests.dashboard.test_app import click, texts
from tests.dashboard.test_seats_pages import signed_in
from tests.sheet_workbooks import BN, DUMP_SHEET, TOBRUK, TOE_SHEET, edited, exported, write

GAME = "graziani"
PAGE = "views/sheets.py"
UMPIRE = Seat("umpire", None)
CW_FC = Seat("cw-fc", "commonwealth", ("field_commander",))


def session_of(url: str) -> GameSession:
    return GameSession(EventStore(url), GAME)


def upload(at: AppTest, data: bytes, name: str = "edited.xlsx") -> AppTest:
    [uploader] = at.get("file_uploader")
    uploader.set_value((name, data, "application/octet-stream")).run()  # type: ignore[attr-defined]
    assert not at.exception, at.exception
    return at


def workbook(url: str, **changes: dict[str, object]) -> bytes:
    session = session_of(url)
    data = exported(session.state, game=GAME, seq=session.last_seq)
    for sheet, cells in changes.items():
        data = edited(data, write(sheet, **cells))
    return data


def test_an_edited_workbook_is_shown_then_posted_on_confirm(graziani_db: str) -> None:
    data = workbook(graziani_db, **{TOE_SHEET: {"C3": 4}, DUMP_SHEET: {"C3": 1950}})
    at = upload(app_on(PAGE, "axis"), data)
    shown = texts(at)
    assert "Posting 2 journal entries:" in shown
    assert "129th Infantry Bn TOE -1 infantry (x) (correction, 4.52)" in shown
    assert "Tobruk loses 50 Fuel (correction)" in shown
    before = session_of(graziani_db).last_seq
    assert session_of(graziani_db).state.dumps[TOBRUK].supplies.fuel == 2000  # not yet
    click(at, "Confirm: post 2 journal entries")
    after = session_of(graziani_db)
    assert after.last_seq == before + 2
    assert after.state.dumps[TOBRUK].supplies.fuel == 1950
    assert next(h.points for h in after.state.units[BN].toe if h.system == "it.x") == 4
    assert "Recorded 2 journal entries" in texts(at)
    assert "Posting 2 journal entries:" not in texts(at)  # what was written, not what would be
    assert not [b for b in at.button if b.label.startswith("Confirm")]
    assert "it.1ccnn" not in texts(at) and "ax_tobruk" not in texts(at)


def test_malformed_cells_are_refused_by_place_and_nothing_posted(graziani_db: str) -> None:
    data = workbook(graziani_db, **{TOE_SHEET: {"C3": "=C2*5", "E3": "two"}})
    at = upload(app_on(PAGE, "axis"), data)
    [error] = [e.value for e in at.error]
    assert "This workbook cannot be read back — nothing was written" in error
    assert "'1st CCNN Div'!C3" in error and "a formula" in error
    assert "'1st CCNN Div'!E3" in error and "text 'two' where a whole number is" in error
    assert not [b for b in at.button if b.label.startswith("Confirm")]


def test_a_stale_workbook_is_warned_and_its_changed_figure_refused(graziani_db: str) -> None:
    data = workbook(graziani_db, **{DUMP_SHEET: {"C3": 1950}})
    from ledger.commands.logistics import consume
    from ledger.model.quantities import Supplies
    from ledger.model.source import Source

    session = session_of(graziani_db)
    session.execute(
        lambda s: consume(s, TOBRUK, Supplies(fuel=100), "fuel", Source(s.clock, "axis"))
    )
    at = upload(app_on(PAGE, "axis"), data)
    [warning] = [w.value for w in at.warning]
    assert "This workbook shows the ledger at entry" in warning
    assert "Tobruk loses 100 Fuel" in warning
    [error] = [e.value for e in at.error]
    assert "changed since export: now 1900 (exported 2000, written 1950)" in error


@pytest.fixture
def seated_db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    path = tmp_path / "seats.db"
    url = database_url(str(path))
    store = EventStore(url, create=True)
    create_game(store, GAME, load_scenario(resolve("graziani")), setup_step=False)
    add_seat(store, GAME, UMPIRE, "umpire passphrase")
    add_seat(store, GAME, CW_FC, "cw-fc passphrase", by=UMPIRE)
    monkeypatch.setenv("QUARTERMASTER_DB", str(path))
    return url


def test_a_commonwealth_seat_cannot_import_an_axis_workbook(seated_db: str) -> None:
    data = workbook(seated_db, **{DUMP_SHEET: {"C3": 1950}})
    at = upload(signed_in(CW_FC, PAGE), data)
    [error] = [e.value for e in at.error]
    assert "an Axis workbook; your seat plays Commonwealth" in error
    assert session_of(seated_db).state.dumps[TOBRUK].supplies.fuel == 2000
