"""Subcommand ``import``: bring back an edited log sheet (issue 19). ``quartermaster import
FILE.xlsx`` reads the figures changed in the input cells of an exported workbook and posts
them, each as the command a player would type (``ledger.commands.sheet_edits``), all in one
commit or none; ``--dry-run`` prints what it would post and writes nothing. A workbook exported
before later entries is warned about, the entries listed; a figure changed since is refused.
A Supply Requisition Form's boxes file, fulfil or reject requisitions (4.55), a blank line
filed since the export refused (the entries since are passed to ``edits_outcome``); the dry
run says so in the players' words (``requisition_words``: "file requisition CR3 for 1st Essex: …").
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, cast

from ledger.cli.app import Add, App, Handler, Refused, add_source_options

STALE_SHOWN = 20
"""The newest entries since the export the warning lists (``history`` shows them all)."""

if TYPE_CHECKING:
    from ledger.journal.session import GameSession
    from ledger.model.units import Side


def add_import_parser(add: Add) -> None:
    """``import``."""
    p = add(
        "import",
        "bring back an edited log sheet workbook: post the figures changed in its input cells",
    )
    p.add_argument("file", type=Path, metavar="FILE.xlsx", help="a workbook `export` wrote")
    p.add_argument(
        "--dry-run",
        action="store_true",
        help="print the journal entries it would post and write nothing",
    )
    add_source_options(p, "field_commander")


def _run_import(app: App, session: GameSession, args: argparse.Namespace) -> None:
    from ledger.commands.requisition_edits import requisition_words
    from ledger.commands.sheet_edits import edits_outcome, seat_outcome, stamp_errors
    from ledger.io.sheet_import import SHEET_MAX_BYTES, SheetRefused, read_edits, stale_lines
    from ledger.reports.event_log import describe

    path: Path = args.file
    try:
        if path.stat().st_size > SHEET_MAX_BYTES:
            raise Refused([f"FILE.xlsx: {path} is over {SHEET_MAX_BYTES:,} bytes; not a log sheet"])
        data = path.read_bytes()
    except OSError as exc:
        raise Refused([f"FILE.xlsx: cannot read {path} ({exc.strerror})"]) from None
    try:
        stamp, edits = read_edits(data)
    except SheetRefused as refused:
        raise Refused([str(e) for e in refused.errors]) from None
    seat = app.seat()
    seat_side = seat.side if seat is not None else None
    errors = stamp_errors(stamp, session.name, seat_side)
    if errors:
        raise Refused([str(e) for e in errors])
    if stamp.seq < session.last_seq:
        entries = [(r.seq, r.event) for r in session.since(stamp.seq + 1)]
        lines = stale_lines(entries, seat, session.state)
        print(
            f"warning: this workbook shows the ledger at entry #{stamp.seq}; "
            f"{len(entries)} entr{'y' if len(entries) == 1 else 'ies'} since:"
        )
        if len(lines) > STALE_SHOWN:
            print(f"  ({len(lines) - STALE_SHOWN} earlier lines not shown: `history`)")
        for line in lines[-STALE_SHOWN:]:
            print(f"  {line}")
    if not edits:
        print(f"no figure changed in {path.name}; nothing to post")
        return
    holds = seat.holds if seat is not None else None
    side = cast("Side", stamp.side)  # stamp_errors checked it is a side
    if args.dry_run:
        state = session.state
        since = [r.event for r in session.since(stamp.seq + 1)]
        outcome = seat_outcome(state, edits, app.source(state, side), seat, since)
        if not outcome.ok:
            raise Refused([str(e.for_side(seat_side)) for e in outcome.errors])
        print(f"would post {len(outcome.events)} journal entries (dry run, nothing written):")
        for event in outcome.events:
            print(f"  {requisition_words(event, session.view) or describe(event, session.view)}")
        return
    app.execute(
        lambda s: edits_outcome(
            s.state,
            edits,
            app.source(s.state, side),
            holds,
            [r.event for r in s.since(stamp.seq + 1)],
        )
    )


HANDLERS: dict[str, Handler] = {"import": _run_import}
