"""Fixtures of the dashboard tests: a Graziani game the dashboard opens."""

from __future__ import annotations

from pathlib import Path

import pytest

from dashboard.served import SERVED_ON_ENV
from ledger.io.scenario import load_scenario, resolve
from ledger.journal import EventStore
from ledger.journal.session import create_game
from ledger.journal.store import database_url


@pytest.fixture
def graziani_db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A Graziani game (60.22) in a temporary database the dashboard opens; its URL."""
    path = tmp_path / "graziani.db"
    create_game(
        EventStore(database_url(str(path)), create=True),
        "graziani",
        load_scenario(resolve("graziani")),
        setup_step=False,
    )
    monkeypatch.setenv("QUARTERMASTER_DB", str(path))
    return database_url(str(path))


@pytest.fixture(autouse=True)
def on_this_computer(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every dashboard test starts on this computer only (no ``QUARTERMASTER_SERVED_ON`` from
    the shell that runs the tests); the tests of a table served to the network set it."""
    monkeypatch.delenv(SERVED_ON_ENV, raising=False)


@pytest.fixture
def two_games(graziani_db: str) -> str:
    """The dashboard's game "graziani" and the CLI's "cli", both fresh Graziani games in one
    database (the forms and the CLI must write the same entries); its URL."""
    create_game(
        EventStore(graziani_db), "cli", load_scenario(resolve("graziani")), setup_step=False
    )
    return graziani_db
