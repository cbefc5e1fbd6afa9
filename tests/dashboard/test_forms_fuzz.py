"""Fuzzing the dashboard's forms (issue 15): whatever a player types into the Spend CP and
Transfer forms ends in a refusal on the page or a recorded action, never an exception, and a
refusal writes nothing."""

from __future__ import annotations

import contextlib
import sqlite3
import uuid
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from ledger.journal import EventStore, database_url
from ledger.journal.session import GameSession, create_game
from ledger.model.scenario import Setup
from tests.dashboard.pages import app_on
from tests.dashboard.test_app import GAME, field
from tests.journal.files import digest

HOSTILE = st.one_of(
    st.sampled_from(
        ("", " ", "-1", "1/3", "9" * 30, "9" * 5000, "nan", "1e9", "**x** $y$", "\x00", "2 1/2")
    ),
    st.text(max_size=24),
)


def settled(db: Path) -> str:
    """The file's digest once anything in its write-ahead log is in it."""
    with contextlib.closing(sqlite3.connect(db)) as raw:
        raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return digest(db)


def _game(tmp_path: Path, setup: Setup, monkeypatch: pytest.MonkeyPatch) -> Path:
    db = tmp_path / f"{uuid.uuid4().hex}.db"
    create_game(EventStore(database_url(str(db)), create=True), GAME, setup, setup_step=False)
    monkeypatch.setenv("QUARTERMASTER_DB", str(db))
    return db


def _events(db: Path) -> int:
    return len(GameSession(EventStore(database_url(str(db))), GAME).indexed())


@settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(cp=HOSTILE, reason=HOSTILE)
@example(cp="9" * 5000, reason="")
def test_spend_cp_form(
    tmp_path: Path, mini_setup: Setup, monkeypatch: pytest.MonkeyPatch, cp: str, reason: str
) -> None:
    db = _game(tmp_path, mini_setup, monkeypatch)
    at = app_on("views/units.py")
    before = settled(db)
    field(at.selectbox, "spend_unit").select("cw.1_rnf")
    field(at.text_input, "spend_cp").input(cp)
    field(at.text_input, "spend_reason").input(reason)
    next(b for b in at.button if b.label == "Spend CP").click().run()
    assert not at.exception, (cp, at.exception)
    if at.error:  # refused: said on the page, nothing written
        assert settled(db) == before, cp
    else:
        assert _events(db) == 2, cp


@settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(fuel=st.integers(min_value=0, max_value=10**9))
@example(fuel=3001)
def test_transfer_form(
    tmp_path: Path, mini_setup: Setup, monkeypatch: pytest.MonkeyPatch, fuel: int
) -> None:
    db = _game(tmp_path, mini_setup, monkeypatch)
    at = app_on("views/supply.py")
    before = settled(db)
    field(at.selectbox, "transfer_from").select("cw_matruh")
    field(at.selectbox, "transfer_to").select("cw.1_rnf")
    with contextlib.suppress(Exception):  # the widget itself may refuse the number
        field(at.number_input, "transfer_fuel").set_value(fuel)
    next(b for b in at.button if b.label == "Transfer supplies").click().run()
    assert not at.exception, (fuel, at.exception)
    if at.error:
        assert settled(db) == before, fuel


@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(water=st.integers(min_value=0, max_value=10**12), note=HOSTILE)
@example(water=1_000_001, note="**bold** $x$")
def test_file_requisition_form(
    tmp_path: Path,
    mini_setup: Setup,
    monkeypatch: pytest.MonkeyPatch,
    water: int,
    note: str,
) -> None:
    db = _game(tmp_path, mini_setup, monkeypatch)
    at = app_on("views/requisitions.py")
    before = settled(db)
    field(at.selectbox, "requisition_unit").select("cw.1_rnf")
    with contextlib.suppress(Exception):  # the widget itself may refuse the number
        field(at.number_input, "requisition_water").set_value(water)
    field(at.text_input, "requisition_note").input(note)
    next(b for b in at.button if b.label == "File requisition").click().run()
    assert not at.exception, (water, note, at.exception)
    if at.error:
        assert settled(db) == before, (water, note)
    if water > 1_000_000:
        assert at.error and "is not a number of supply points" in at.error[0].value
