"""Subcommand ``export``: write a log sheet as an Excel workbook — the Field Commander Control
Sheet, the TOE Log Sheets (4.52; of one Parent Formation with ``--formation``), or a Logistics
Commander's sheets (supply dumps, trucks, supply net, requisitions, or all four as tabs: 4.55)
and the other forms ``ledger.io.logistics_sheets.WORKBOOKS`` lists. ``--paper`` prints it on US
Letter (the default: the game's own sheets) or A4.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Final

from ledger.cli.app import Add, App, Handler, Refused, holder_id
from ledger.cli.choices import SIDES

if TYPE_CHECKING:
    from ledger.journal.session import GameSession


SHEETS: Final = {
    "supply-dumps": "the Supply Dumps Control Sheet (4.55)",
    "trucks": "the Trucks and Major End Items Control Sheet (4.55)",
    "supply-net": "the General Supply Net Sheet (4.55)",
    "requisitions": "the Supply Requisition Form (4.55)",
    "logistics": "the Logistics Commander's four sheets as tabs (4.55)",
    "vehicle-repair": "the Vehicle Repair Control Sheet",
    "pow": "the POW Control Sheet",
    "naval-convoys": "the Naval Convoy Log Sheet (blank)",
    "ground-support": "the Squadron Ground Support Unit Sheet (blank)",
    "air-missions": "the Air Mission Log Sheet (blank)",
}
"""The ``--sheet`` choices ``ledger.io.logistics_sheets.WORKBOOKS`` builds, named here so that
the parser imports nothing heavy (tests/io/test_xlsx.py checks the two agree)."""


def add_export_parser(add: Add) -> None:
    """``export``."""
    p = add("export", "write a log sheet as an Excel workbook")
    p.add_argument(
        "--sheet",
        default="field-commander",
        choices=["field-commander", "toe", *SHEETS],
        help="field-commander (default): the Control Sheet; toe: the TOE Log Sheets (4.52); "
        + "; ".join(f"{key}: {what}" for key, what in SHEETS.items()),
    )
    p.add_argument(
        "--paper",
        default="letter",
        choices=["letter", "a4"],
        help="the paper it prints on: letter (default, the game's own sheets) or a4",
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
    seat = session.seat.name if session.seat is not None else ""
    if args.sheet == "toe":
        from ledger.io.toe_sheets import toe_log_workbook

        hq = None
        what = "TOE Log Sheets"
        if args.formation is not None:
            hq = holder_id(state, args.formation, "--formation", ("unit",))
            what += f" of {state.units[hq].name}"
        try:
            data = toe_log_workbook(
                state, args.side, session.name, hq, seq=session.last_seq, seat=seat
            )
        except ValueError as exc:
            raise Refused([f"--formation: {exc}"]) from exc
    elif args.formation is not None:
        raise Refused(["--formation: only with --sheet toe"])
    elif args.sheet != "field-commander":
        from ledger.io.logistics_sheets import WORKBOOKS

        build, what = WORKBOOKS[args.sheet]
        data = build(state, args.side, session.name, seq=session.last_seq, seat=seat)
    else:
        from ledger.io.xlsx import field_commander_workbook

        data = field_commander_workbook(
            state, args.side, session.name, seq=session.last_seq, seat=seat
        )
        what = "Field Commander Control Sheet"
    if args.paper != "letter":
        from ledger.io.xlsx import set_paper

        data = set_paper(data, args.paper)
    args.output.write_bytes(data)
    paper = "" if args.paper == "letter" else f", {args.paper.upper()}"
    print(f"wrote {args.output} ({what}, {args.side}, {state.clock.short}){paper}")


HANDLERS: dict[str, Handler] = {"export": _run_export}
