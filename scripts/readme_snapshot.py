"""Record everything the README session shows a player, to compare two versions of the code.

Runs the README's ``$ qm`` console block line by line in a fresh SQLite ledger (as
``tests/test_readme.py`` does), then the read commands with ``--json``, the other games' example
calculations with ``--json``, and reads every cell and print setting of the exported workbooks.
Writes one JSON document; two runs of the same behaviour give byte-identical files.

Usage: ``.venv/bin/python scripts/readme_snapshot.py OUT.json`` then ``diff`` two outputs
(used for the before/after check of a refactor that must change no behaviour).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import shlex
import sys
import tempfile
from pathlib import Path
from typing import Any

import openpyxl

ROOT = Path(__file__).resolve().parents[1]

READS = [
    "games",
    "clock",
    "units --side commonwealth",
    "units --side axis",
    "dumps",
    "trucks",
    "cp",
    "cohesion",
    "phase",
    "history",
    "requisitions",
    'formation "7th Armored Div HQ"',
    'toe "1 RNF"',
    "actions",
]

GAME_CALCS = [
    "calc combined-arms combat docs/examples/combined-arms/combat.json",
    "calc htr close-action docs/examples/htr/close-action.json",
    "calc bfna combat docs/examples/bfna/combat-fictional-crt.json",
    "calc bfna supply docs/examples/bfna/supply.json",
    "calc miniatures command-test docs/examples/miniatures/command-test.json",
    "calc cna barrage docs/examples/combat/12.33-barrage.json",
    "calc cna anti-armor docs/examples/combat/14.43-anti-armor.json",
    "calc cna close-assault docs/examples/combat/15.51-close-assault.json",
]


def session_commands() -> list[list[str]]:
    """The README console block's ``$ qm`` lines as argument lists (comments cut)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"```console\n(.*?)```", text, re.S)
    if block is None:
        raise SystemExit("README.md has no console block")
    return [
        shlex.split(line[len("$ qm ") :], comments=True)
        for line in block.group(1).splitlines()
        if line.startswith("$ qm ")
    ]


def _run(argv: list[str], work: Path) -> dict[str, Any]:
    from ledger.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(argv)
    return {
        "argv": argv,
        "status": status,
        "stdout": _normalise(out.getvalue(), work),
        "stderr": _normalise(err.getvalue(), work),
    }


def _normalise(text: str, work: Path) -> str:
    text = text.replace(str(work), "<work>")
    return re.sub(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?([+-]\d\d:\d\d|Z)?", "<time>", text)


def _workbook(path: Path) -> dict[str, Any]:
    book = openpyxl.load_workbook(path)
    sheets: dict[str, Any] = {}
    for sheet in book.worksheets:
        cells = {
            cell.coordinate: repr(cell.value)
            for row in sheet.iter_rows()
            for cell in row
            if cell.value is not None
        }
        setup = sheet.page_setup
        sheets[sheet.title] = {
            "cells": cells,
            "merged": sorted(str(r) for r in sheet.merged_cells.ranges),
            "orientation": setup.orientation,
            "paper": setup.paperSize,
            "fit": [setup.fitToWidth, setup.fitToHeight],
            "print_title_rows": sheet.print_title_rows,
            "print_area": sheet.print_area,
        }
    return sheets


def snapshot() -> dict[str, Any]:
    """Everything the README session prints and exports, keyed by step."""
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        os.environ["QUARTERMASTER_DB"] = str(work / "ledger.db")
        os.environ.pop("QUARTERMASTER_GAME", None)
        os.chdir(work)
        steps = [_run(argv, work) for argv in session_commands()]
        reads = [_run([*shlex.split(r), "--game", "desert", "--json"], work) for r in READS]
        os.chdir(ROOT)
        calcs = [_run([*shlex.split(c), "--json"], work) for c in GAME_CALCS]
        books = {p.name: _workbook(p) for p in sorted(work.glob("*.xlsx"))}
    return {"session": steps, "reads": reads, "calcs": calcs, "workbooks": books}


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    target = Path(sys.argv[1]).resolve()
    target.write_text(json.dumps(snapshot(), indent=1, sort_keys=True), encoding="utf-8")
    print(f"wrote {target}")
