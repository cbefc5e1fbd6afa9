"""Plays tests/opstage_script.py through the ``quartermaster`` CLI, in process: the table's
set-up (the game and its three seats) and any step of ``SCRIPT``, signed in with ``--as``.
Used by the CLI half (tests/cli/test_opstage_script.py) and by the browser half for the
reference ledger and for any step no page does yet."""

from __future__ import annotations

import contextlib
import io
import json
import os
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from ledger.cli import main
from ledger.journal import EventStore
from ledger.journal.session import GameSession
from ledger.journal.store import database_url
from ledger.model.events import Event
from tests.opstage_script import GAME, ROLE_OF, SEATS, Step, passphrase

_ENV_LOCK = threading.Lock()


@dataclass(frozen=True)
class Said:
    """What one ``quartermaster`` run printed, and its exit status."""

    status: int
    out: str
    err: str


@contextlib.contextmanager
def _env(**values: str) -> Iterator[None]:
    """``os.environ`` with ``values`` for the length of one CLI run (one at a time)."""
    with _ENV_LOCK:
        saved = {k: os.environ.get(k) for k in values}
        os.environ.update(values)
        try:
            yield
        finally:
            for key, old in saved.items():
                if old is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = old


class CliTable:
    """A table playing through the CLI on the SQLite file ``db`` (request files go to
    ``folder``)."""

    def __init__(self, folder: Path, db: Path) -> None:
        self.folder = folder
        self.db = db

    @property
    def url(self) -> str:
        """The database URL of the table's journal."""
        return database_url(str(self.db))

    def run(self, *argv: str, env: dict[str, str] | None = None) -> Said:
        """Run ``quartermaster ARGV --db DB`` in process; what it printed and its status."""
        out, err = io.StringIO(), io.StringIO()
        with (
            _env(**(env or {})),
            contextlib.redirect_stdout(out),
            contextlib.redirect_stderr(err),
        ):
            status = main([*argv, "--db", str(self.db)])
        return Said(status, out.getvalue(), err.getvalue())

    def set_up(self) -> None:
        """A new Graziani game (60.22) and its three seats; raises ``AssertionError`` when the
        CLI refuses."""
        said = self.run("new", "--skip-setup", GAME, "--scenario", "graziani")
        assert said.status == 0, said.err
        for seat, side, role in SEATS:
            said = self.run(
                "seat", "add", seat, "--side", side, "--role", role,
                env={"QUARTERMASTER_NEW_PASSPHRASE": passphrase(seat)},
            )  # fmt: skip
            assert said.status == 0, said.err

    def play(self, step: Step) -> Said:
        """Run ``step`` as its seat: its request files written to ``folder`` first and named
        by their paths there. Raises ``AssertionError`` naming the step when the CLI refuses
        or does not print ``step.said``."""
        argv = list(step.argv)
        for name, content in step.files.items():
            path = self.folder / name
            path.write_text(json.dumps(content))
            argv = [str(path) if a == name else a for a in argv]
        said = self.run(
            *argv,
            *("--role", ROLE_OF[step.seat]),
            *("--as", step.seat),
            env={"QUARTERMASTER_PASSPHRASE": passphrase(step.seat)},
        )
        assert said.status == 0, f"{step.title}: {said.err}{said.out}"
        assert step.said in said.out, f"{step.title}: {step.said!r} not in {said.out!r}"
        return said


def events_of(url: str) -> list[Event]:
    """Every event of the game's journal at ``url``, in order."""
    store = EventStore(url)
    try:
        return [r.event for r in GameSession(store, GAME).since(1)]
    finally:
        store.engine.dispose()
