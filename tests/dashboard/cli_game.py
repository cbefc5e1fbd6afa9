"""The CLI's twin game "cli" beside the dashboard's (fixture ``two_games``): run a command on
it, read what it wrote."""

from __future__ import annotations

from ledger.cli import main
from ledger.journal import EventStore
from ledger.journal.session import GameSession
from ledger.model.events import Event


def written(url: str, game: str) -> list[Event]:
    """The events of ``game`` in database ``url`` after the game's start."""
    return [r.event for r in GameSession(EventStore(url), game).journal[1:]]


def cli(url: str, *argv: str) -> int:
    """``quartermaster`` on game "cli" of database ``url`` (an SQLite URL); its exit status."""
    return main([*argv, "--db", url, "--game", "cli"])
