"""Subcommand ``export``: write a log sheet as an Excel workbook — the Field Commander Control
Sheet, the TOE Log Sheets (4.52; of one Parent Formation with ``--formation``), or a Logistics
Commander's sheets (supply dumps, trucks, supply net, requisitions, or all four as tabs: 4.55).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from ledger.cli.app import Add, App, Handler, Refused, holder_id
from ledger.cli.choices import SIDES

if TYPE_CHECKING:
    from ledger.journal.session import GameSession


def add_export_parser(add: Add) -> None:
    """``export``."""
    p = add("export", "write a log sheet as an Excel workbook")
    p.add_argument(
        "--sheet",
        default="field-commander",
        choices=[
            "field-commander",
            "toe",
            "supply-dumps",
            "trucks",
            "supply-net",
            "requisitions",
            "logistics",
        ],
        help="field-commander (default): the Control Sheet; toe: the TOE Log Sheets (4.52); "
        "supply-dumps, trucks, supply-net, requisitions: a Logistics Commander's sheet, "
        "logistics: all four as tabs (4.55)",
    )
    p.add_argument("--side", required=True, choices=SIDES)
    p.add_argument(
        "--formation",
        metavar="NAME",
        help="with --sheet toe: only this Parent Formation (its HQ's id, counter or name)",
    )
    p.add_argument("-o", "--output", required=True, type=Path, metavar="FILE.xlsx")


def _run_export(app: App, session: GameSession, args: argparse.Namespace) -> None:
    state = session.view
    if args.sheet == "toe":
        from ledger.io.toe_sheets import toe_log_workbook

        hq = None
        what = "TOE Log Sheets"
        if args.formation is not None:
            hq = holder_id(state, args.formation, "--formation", ("unit",))
            what += f" of {state.units[hq].name}"
        try:
            data = toe_log_workbook(state, args.side, session.name, hq)
        except ValueError as exc:
            raise Refused([f"--formation: {exc}"]) from exc
    elif args.formation is not None:
        raise Refused(["--formation: only with --sheet toe"])
    elif args.sheet != "field-commander":
        from ledger.io.logistics_sheets import WORKBOOKS

        build, what = WORKBOOKS[args.sheet]
        data = build(state, args.side, session.name)
    else:
        from ledger.io.xlsx import field_commander_workbook

        data = field_commander_workbook(state, args.side, session.name)
        what = "Field Commander Control Sheet"
    args.output.write_bytes(data)
    print(f"wrote {args.output} ({what}, {args.side}, {state.clock.short})")


HANDLERS: dict[str, Handler] = {"export": _run_export}
