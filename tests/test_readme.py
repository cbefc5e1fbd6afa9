"""The README's short session, command by command, as a newcomer types it: every line works."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from ledger.cli import main

README = Path(__file__).resolve().parents[1] / "README.md"


def session_commands() -> list[list[str]]:
    """The ``$ qm ...`` lines of the README's console block, as argument lists (comments cut)."""
    block = re.search(r"```console\n(.*?)```", README.read_text(), re.S)
    assert block is not None, "README has no console block"
    lines = [
        line[len("$ qm ") :] for line in block.group(1).splitlines() if line.startswith("$ qm ")
    ]
    return [shlex.split(line, comments=True) for line in lines]


def test_the_readme_session_runs_line_by_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("QUARTERMASTER_DB", str(tmp_path / "ledger.db"))
    monkeypatch.delenv("QUARTERMASTER_GAME", raising=False)
    monkeypatch.chdir(tmp_path)
    commands = session_commands()
    assert len(commands) > 30
    for argv in commands:
        status = main(argv)
        said = capsys.readouterr()
        assert status == 0, f"qm {shlex.join(argv)}\n{said.err}{said.out}"
