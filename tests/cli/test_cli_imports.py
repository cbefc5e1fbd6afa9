"""What `quartermaster` imports: the parsers (``--help``, a usage error) nothing of the domain,
the journal or the heavy libraries; a subcommand only what it uses (ledger/cli/__init__.py).

Each case runs in a fresh interpreter, as a player's command does, and reads ``sys.modules``
after ``main`` returns. No timing here: the bench measures the time.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any, Final

import pytest

from tests.conftest import MINI

ROOT = Path(__file__).resolve().parents[2]

DRIVER = """
import json, sys
from ledger.cli import main
try:
    status = main(sys.argv[2:])
except SystemExit as exc:
    status = exc.code
with open(sys.argv[1], "w", encoding="utf-8") as out:
    json.dump({"status": status, "modules": sorted(sys.modules)}, out)
"""
"""Run ``main`` on the arguments after the output path; write its status and loaded modules."""

HEAVY = (
    "sqlalchemy",
    "pydantic",
    "openpyxl",
    "pandas",
    "ledger.journal",
    "ledger.journal.store",
    "ledger.model.events",
    "ledger.io.scenario",
)
"""What building the parsers must not import."""

PARSER_MODULES: Final = {"ledger", "ledger.games", "ledger.model", "ledger.model.bounds"}
"""The ledger modules the parsers may load: the packages' docstrings, and the game's bounds
(constants only), which the CLI shares with the files and the commands."""


def _loaded(tmp_path: Path, *args: str) -> tuple[int, set[str]]:
    """Run ``quartermaster ARGS`` in a fresh interpreter: its exit status and every module
    loaded by the end."""
    out = tmp_path / "modules.json"
    done = subprocess.run(
        [sys.executable, "-c", DRIVER, str(out), *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    return result["status"], set(result["modules"])


def _ledger(modules: set[str]) -> set[str]:
    return {m for m in modules if m == "ledger" or m.startswith("ledger.")}


@pytest.mark.parametrize(
    "args",
    [
        ["--help"],
        ["games", "--help"],
        ["units", "--help"],
        ["new", "--help"],
        ["export", "--help"],
        ["calc", "--help"],
        ["calc", "cna", "--help"],
        ["calc", "htr", "--help"],
        ["resolve", "--help"],
        ["units", "--no-such-option"],
        [],
    ],
)
def test_the_parsers_import_argparse_and_the_cli_alone(tmp_path: Path, args: list[str]) -> None:
    status, modules = _loaded(tmp_path, *args)
    assert status == (0 if "--help" in args else 2)
    assert [m for m in HEAVY if m in modules] == []
    assert {m for m in _ledger(modules) if not m.startswith("ledger.cli")} == PARSER_MODULES


def test_building_the_parser_imports_no_domain() -> None:
    code = (
        "import sys\n"
        "from ledger.cli import build_parser\n"
        "build_parser()\n"
        "print('\\n'.join(sorted(sys.modules)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    modules = set(done.stdout.split())
    assert [m for m in HEAVY if m in modules] == []
    assert "dataclasses" not in modules
    assert {m for m in _ledger(modules) if not m.startswith("ledger.cli")} == PARSER_MODULES


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database holding one game of the mini scenario."""
    path = tmp_path_factory.mktemp("imports") / "ledger.db"
    new = ["new", "--skip-setup", "mini", "--scenario", str(MINI), "--db", str(path)]
    done = subprocess.run(
        [sys.executable, "-m", "ledger.cli", *new],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return path


def test_games_opens_the_database_and_nothing_of_the_game(database: Path, tmp_path: Path) -> None:
    status, modules = _loaded(tmp_path, "games", "--json", "--db", str(database))
    assert status == 0
    assert "ledger.journal.store" in modules
    unused = ("ledger.combat", "ledger.commands", "ledger.io", "ledger.planning", "ledger.reports")
    assert [m for m in unused if m in modules] == []
    assert [m for m in ("pandas", "openpyxl") if m in modules] == []


def test_units_reads_the_journal_and_its_report_alone(database: Path, tmp_path: Path) -> None:
    status, modules = _loaded(tmp_path, "units", "--json", "--db", str(database))
    assert status == 0
    assert {"ledger.journal.session", "ledger.reports.tables"} <= modules
    unused = (
        "ledger.io",
        "ledger.io.scenario",
        "ledger.io.xlsx",
        "ledger.planning",
        "ledger.combat",
        "ledger.commands.combat",
        "ledger.reports.forecast",
        "openpyxl",
        "pandas",
    )
    assert [m for m in unused if m in modules] == []


def test_a_journal_error_is_caught_without_the_journal_loaded_first(tmp_path: Path) -> None:
    status, modules = _loaded(tmp_path, "games", "--db", str(tmp_path / "missing.db"))
    assert status == 2
    assert "ledger.journal.errors" in modules


def test_the_parsers_choices_are_the_domains() -> None:
    from ledger.cli import choices
    from ledger.commands.logistics import ARRIVAL_CAUSES, CONSUMPTION_CAUSES
    from ledger.commands.movement import MOVE_ACTIONS
    from ledger.model.clock import WEATHERS
    from ledger.model.source import ROLES
    from ledger.model.units import SIDES

    copies = (SIDES, ROLES, WEATHERS, tuple(CONSUMPTION_CAUSES), tuple(ARRIVAL_CAUSES))
    assert copies == (
        choices.SIDES,
        choices.ROLES,
        choices.WEATHERS,
        choices.CONSUMPTION_CAUSES,
        choices.ARRIVAL_CAUSES,
    )
    assert MOVE_ACTIONS == choices.MOVE_ACTIONS
