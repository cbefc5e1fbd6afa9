"""Shared fixtures: a game state from the small test scenario, and a journal in a temp file."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from ledger.io.scenario import load_scenario, resolve
from ledger.journal import EventStore
from ledger.journal.session import GameSession, create_game
from ledger.model.apply import start
from ledger.model.events import GameStarted
from ledger.model.scenario import Setup
from ledger.model.source import Source
from ledger.model.state import GameState

FIXTURES = Path(__file__).parent / "fixtures"
MINI = FIXTURES / "mini.toml"
# Copies of the ../shared files tests check data against (tests/fixtures/reference/README.md)
REFERENCE = FIXTURES / "reference"

# Seats' passphrases hashed with argon2's cheapest parameters in the suite and every process it
# starts (ledger.journal.seats.CHEAP_HASHES_ENV); test_seats checks the real parameters.
os.environ["QUARTERMASTER_TEST_CHEAP_HASHES"] = "1"


@pytest.fixture(scope="session")
def mini_setup() -> Setup:
    """The validated setup of tests/fixtures/mini.toml."""
    return load_scenario(MINI)


@pytest.fixture(scope="session")
def graziani_setup() -> Setup:
    """The validated setup of the bundled Graziani's Offensive (60.22)."""
    return load_scenario(resolve("graziani"))


@pytest.fixture
def mini_state(mini_setup: Setup) -> GameState:
    """The state at the start of a game of the mini scenario (GT 1 OpStage 1)."""
    return start(GameStarted(Source(mini_setup.info.start), mini_setup))


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """The URL of an empty database on each backend of the store contract.

    SQLite always; PostgreSQL when ``QUARTERMASTER_TEST_PG_URL`` names a server (``.ci/run``
    starts one), each test in a fresh database. Without a server the PostgreSQL run is skipped,
    unless ``QUARTERMASTER_REQUIRE_PG=1`` makes that a failure.
    """
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'journal.db'}"
        return
    admin_url = os.environ.get("QUARTERMASTER_TEST_PG_URL")
    if not admin_url:
        if os.environ.get("QUARTERMASTER_REQUIRE_PG") == "1":
            pytest.fail("QUARTERMASTER_TEST_PG_URL is not set but QUARTERMASTER_REQUIRE_PG=1")
        pytest.skip("no PostgreSQL server (set QUARTERMASTER_TEST_PG_URL)")
    name = f"qm_test_{uuid.uuid4().hex[:12]}"
    admin = create_engine(admin_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    url = make_url(admin_url).set(database=name)
    try:
        yield url.render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


@pytest.fixture
def store(store_url: str) -> Iterator[EventStore]:
    """An empty journal on each backend (see ``store_url``)."""
    journal = EventStore(store_url, create=True)
    yield journal
    journal.engine.dispose()


@pytest.fixture
def session(store: EventStore, mini_setup: Setup) -> GameSession:
    """A game 'test' of the mini scenario in a temporary journal."""
    return create_game(store, "test", mini_setup, setup_step=False)
