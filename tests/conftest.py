"""Shared fixtures: a game state from the small test scenario, and a journal in a temp file."""

from __future__ import annotations

from pathlib import Path

import pytest

from ledger.apply import start
from ledger.events import GameStarted, Source
from ledger.io.scenario import load_scenario
from ledger.journal import EventStore
from ledger.journal.session import GameSession, create_game
from ledger.scenario import Setup
from ledger.state import GameState

FIXTURES = Path(__file__).parent / "fixtures"
MINI = FIXTURES / "mini.toml"


@pytest.fixture(scope="session")
def mini_setup() -> Setup:
    """The validated setup of tests/fixtures/mini.toml."""
    return load_scenario(MINI)


@pytest.fixture
def mini_state(mini_setup: Setup) -> GameState:
    """The state at the start of a game of the mini scenario (GT 1 OpStage 1)."""
    return start(GameStarted(Source(mini_setup.info.start), mini_setup))


@pytest.fixture
def store(tmp_path: Path) -> EventStore:
    """An empty journal in a temporary SQLite file."""
    return EventStore(f"sqlite:///{tmp_path / 'journal.db'}")


@pytest.fixture
def session(store: EventStore, mini_setup: Setup) -> GameSession:
    """A game 'test' of the mini scenario in a temporary journal."""
    return create_game(store, "test", mini_setup)
