"""Fixtures of the dashboard tests: a Graziani game the dashboard opens."""

from __future__ import annotations

from pathlib import Path

import pytest

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
    )
    monkeypatch.setenv("QUARTERMASTER_DB", str(path))
    return database_url(str(path))
