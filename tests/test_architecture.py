"""Imports run one way (DESIGN §2): the core never imports databases, files formats or UI."""

from __future__ import annotations

import ast
from pathlib import Path

LEDGER = Path(__file__).resolve().parents[1] / "ledger"
FORBIDDEN_IN_CORE = {"sqlite3", "sqlalchemy", "streamlit", "openpyxl", "pandas"}
OUTER = ("ledger.journal", "ledger.io", "ledger.cli")


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def _core_modules() -> list[Path]:
    return [
        p
        for p in LEDGER.rglob("*.py")
        if not any(part in {"journal", "io", "cli"} for part in p.relative_to(LEDGER).parts)
    ]


def test_core_modules_import_no_database_file_format_or_ui_library() -> None:
    offenders = {
        str(p.relative_to(LEDGER)): sorted(
            n for n in _imports(p) if n.split(".")[0] in FORBIDDEN_IN_CORE
        )
        for p in _core_modules()
    }
    assert {k: v for k, v in offenders.items() if v} == {}
    assert len(offenders) >= 10


def test_core_modules_do_not_import_journal_io_or_cli() -> None:
    offenders = {
        str(p.relative_to(LEDGER)): sorted(n for n in _imports(p) if n.startswith(OUTER))
        for p in _core_modules()
    }
    assert {k: v for k, v in offenders.items() if v} == {}
