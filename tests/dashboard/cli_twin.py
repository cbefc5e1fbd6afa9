"""A second Graziani game played with the command line, to compare with the dashboard's: the
forms call the same command functions, so the same entries must reach both journals."""

from __future__ import annotations

from pathlib import Path

import pytest

from ledger.cli import main
from ledger.journal import EventStore
from ledger.journal.session import GameSession
from ledger.journal.store import database_url
from ledger.model.events import Event

GAME = "graziani"
"""The game's name in both databases (``graziani_db`` creates it under this name)."""


class CliTwin:
    """``quartermaster`` run in this process against its own database of a new Graziani game."""

    def __init__(self, path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        self.path = path
        self.capsys = capsys
        self.run("new", "--skip-setup", GAME, "--scenario", "graziani")

    def run(self, *argv: str, status: int = 0) -> str:
        """Run one subcommand (``--db`` added); its output, or its error text when refused."""
        found = main([*argv, "--db", str(self.path)])
        said = self.capsys.readouterr()
        assert found == status, said.err + said.out
        return said.err if status else said.out

    @property
    def session(self) -> GameSession:
        """The CLI's game read afresh."""
        return GameSession(EventStore(database_url(str(self.path))), GAME)


def session_of(url: str) -> GameSession:
    """The dashboard's game read afresh from database ``url``."""
    return GameSession(EventStore(url), GAME)


def entries(session: GameSession, last: int) -> list[Event]:
    """The ``last`` events of the journal, oldest first."""
    return [r.event for r in session.journal][-last:]


def same_entries(dashboard: GameSession, cli: GameSession, last: int) -> None:
    """The last ``last`` entries of both journals are equal (what, who, when, why), and so is
    every holder's stock and every truck group's place and CP."""
    assert entries(dashboard, last) == entries(cli, last)
    assert dashboard.state.trucks == cli.state.trucks
    assert dashboard.state.dumps == cli.state.dumps
    assert dashboard.state.units == cli.state.units
