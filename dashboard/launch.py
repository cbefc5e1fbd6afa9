"""``python -m dashboard.launch --port 8501`` (what ``make run`` does): open the ledger, serve it.

Opens the database (``--db``, else ``QUARTERMASTER_DB``, else the per-user SQLite file); when it
holds no game yet, creates the game "graziani" from the bundled scenario 60.22 (or says why it
could not). Prints the database and the URL, then replaces itself with
``streamlit run dashboard/app.py``, passing the database URL in ``QUARTERMASTER_DB`` and, when
``--address`` is not loopback, that address in ``QUARTERMASTER_SERVED_ON`` (``dashboard.served``:
the dashboard then refuses every game without seats).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Final

from dashboard.served import SERVED_ON_ENV, is_loopback
from ledger.io.scenario import ScenarioError, bundled_scenarios, load_scenario
from ledger.journal import EventStore, StoreError, database_url, default_database_url
from ledger.journal.session import CommandRefused, create_game

APP: Final = Path(__file__).resolve().parent / "app.py"
DEFAULT_GAME: Final = "graziani"
DEFAULT_SCENARIO: Final = "graziani"


def build_parser() -> argparse.ArgumentParser:
    """The launcher's options: ``--port``, ``--address``, ``--db``."""
    parser = argparse.ArgumentParser(
        prog="python -m dashboard.launch",
        description="Start the Quartermaster dashboard (Streamlit) on the ledger's database.",
    )
    parser.add_argument("--port", type=int, default=8501, help="port to serve on (8501)")
    parser.add_argument(
        "--address",
        default=LOCAL_ONLY,
        help="address to listen on (default 127.0.0.1: this computer only; a table served to "
        "the network needs seats: `quartermaster serve --host 0.0.0.0` checks that every game "
        "has them, docs/seats.md)",
    )
    parser.add_argument(
        "--db",
        help="database: an SQLite file path or an SQLAlchemy URL (default QUARTERMASTER_DB "
        "or the per-user data directory)",
    )
    return parser


def ensure_game(store: EventStore, scenario: str = DEFAULT_SCENARIO) -> list[str]:
    """Create game "graziani" from the bundled ``scenario`` when the store holds no game.

    Returns the lines to tell the player: what was created, or why nothing was (the bundled
    scenario is missing or refused); empty when a game already exists.
    """
    if store.games():
        return []
    path = bundled_scenarios().get(scenario)
    if path is None:
        return [
            f"No game yet, and the bundled scenario {scenario!r} (scenarios/{scenario}.toml) is "
            "missing: starting without a game.",
            "Create one with `quartermaster new NAME --scenario FILE.toml`.",
        ]
    try:
        setup = load_scenario(path)
        session = create_game(store, DEFAULT_GAME, setup)
    except (ScenarioError, CommandRefused) as refused:
        shown = [f"  {e}" for e in refused.errors[:10]]
        more = len(refused.errors) - len(shown)
        return [
            f"No game yet, and the bundled scenario {scenario!r} was refused "
            f"({len(refused.errors)} problem(s)); starting without a game:",
            *shown,
            *([f"  … and {more} more"] if more > 0 else []),
        ]
    return [
        f"Created game {DEFAULT_GAME!r}: {setup.info.name} ({setup.info.case}), "
        f"{len(setup.units)} counters, {session.state.clock}."
    ]


LOCAL_ONLY: Final = "127.0.0.1"
"""Where ``make run`` listens: this computer only. A game without seats is the solo table that
anyone who opens it reads and writes whole, so it is not served to the network unless asked
(``quartermaster serve`` refuses that for a game without seats, docs/seats.md)."""


def streamlit_command(port: int, address: str | None = LOCAL_ONLY) -> list[str]:
    """The argv that serves ``dashboard/app.py`` with this Python's Streamlit."""
    argv = [
        sys.executable,
        "-m",
        "streamlit",
        "run",
        str(APP),
        "--server.port",
        str(port),
        "--server.headless",
        "true",
        "--browser.gatherUsageStats",
        "false",
        "--client.toolbarMode",
        "minimal",
        # no "magic": a bare string in a page script is not printed as Markdown
        "--runner.magicEnabled",
        "false",
    ]
    if address:
        argv += ["--server.address", address]
    return argv


def main(
    argv: Sequence[str] | None = None,
    execute: Callable[[str, list[str], dict[str, str]], object] = os.execve,
) -> int:
    """Prepare the database and start Streamlit through ``execute`` (``os.execve``).

    Returns 1 (with a message) when the database cannot be opened.
    """
    args = build_parser().parse_args(argv)
    url = database_url(args.db) if args.db else default_database_url()
    try:
        store = EventStore(url, create=True)
    except StoreError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    for line in ensure_game(store):
        print(line)
    print(f"Quartermaster database: {store.location}")
    local = (None, "0.0.0.0", LOCAL_ONLY)
    host = "localhost" if args.address in local else args.address
    print(f"Quartermaster dashboard: http://{host}:{args.port}", flush=True)
    store.engine.dispose()
    env = {**os.environ, "QUARTERMASTER_DB": url}
    env.pop(SERVED_ON_ENV, None)
    if not is_loopback(args.address):  # the network: every page refuses a game without seats
        env[SERVED_ON_ENV] = args.address or "0.0.0.0"
    command = streamlit_command(args.port, args.address)
    execute(command[0], command, env)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
