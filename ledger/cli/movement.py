"""Subcommands of moving units and their vehicles: ``move`` (CP 8.37 — the path's by the
Terrain Effects Chart unless ``--cp`` gives the board's —, fuel burnt 49.13, Breakdown Points
21.23; ``--preview`` shows ``ledger.reports.movement.move_preview`` and writes nothing), ``breakdown-check`` (chart 21.38, 21.26-21.35; without ``--roll`` each
vehicle type's column and exact odds, 21.34; Sandstorm 21.37d) and ``repair`` (TOE Strength Points
awaiting repair back to the TOE in the Repair Phase, 5.2).
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from ledger.cli.app import (
    Add,
    App,
    Handler,
    Refused,
    add_source_options,
    as_read,
    cp_arg,
    holder_id,
    print_report,
)
from ledger.cli.bounds import READING, TOE_POINTS
from ledger.cli.choices import MOVE_ACTIONS

if TYPE_CHECKING:
    from fractions import Fraction

    from ledger.commands.outcome import Outcome
    from ledger.journal.session import GameSession
    from ledger.model.state import GameState


def add_vehicle_parsers(add: Add) -> None:
    """``move``, ``breakdown-check``, ``repair``."""
    p = add("move", "record a unit's move: CP (8.37), fuel burnt (49.13), Breakdown Points (21.23)")
    p.add_argument("unit", metavar="UNIT")
    p.add_argument("--to", required=True, metavar="HEX", help="the hex it ends in")
    p.add_argument(
        "--cp",
        metavar="CP",
        help="CP expended: 12, 7 1/2 (default: the path's by the Terrain Effects Chart, 8.37)",
    )
    p.add_argument(
        "--hexes",
        default="",
        metavar="PATH",
        help="the hexes entered, [road:|track:]TERRAIN[+HEXSIDE],...: road:clear,rough,clear+ridge",
    )
    p.add_argument("--action", default="move", choices=MOVE_ACTIONS, help="the 6.3 action")
    p.add_argument(
        "--preview",
        action="store_true",
        help="show the move's CP, fuel, Breakdown Points and water; write nothing",
    )
    add_source_options(p, "field_commander")
    p = add(
        "breakdown-check",
        "a unit's vehicles check for Breakdown on chart 21.38 (21.26-21.35); no --roll: the odds",
    )
    p.add_argument("unit", metavar="UNIT")
    p.add_argument(
        "--roll",
        action="append",
        type=READING,
        default=[],
        metavar="NN",
        help="a reading 11..66 (large die the tens), one per vehicle type due, in the listed order",
    )
    p.add_argument(
        "--sandstorm",
        choices=["yes", "no"],
        help="half the movement was in Sandstorm map sections (21.37d; default: the weather)",
    )
    add_source_options(p, "field_commander")
    p = add("repair", "TOE Strength Points awaiting repair return to the TOE (Repair Phase, 5.2)")
    p.add_argument("unit", metavar="UNIT")
    p.add_argument("--system", required=True, metavar="SYSTEM", help="weapon system id or name")
    p.add_argument("--points", required=True, type=TOE_POINTS, metavar="N")
    add_source_options(p, "field_commander")


def _run_vehicles(app: App, session: GameSession, args: argparse.Namespace) -> None:
    state = session.view
    _vehicles(app, state, args)


def _vehicles(app: App, state: GameState, args: argparse.Namespace) -> None:
    """``move``, ``breakdown-check`` and ``repair``: record the command and show the unit's
    move, Breakdown Points, TOE and points awaiting repair (``breakdown-check`` also each
    vehicle type's column and exact odds, 21.34; without ``--roll`` only those)."""
    from ledger.commands.breakdown_log import breakdown_check, breakdown_rows, repair
    from ledger.commands.movement import move_unit
    from ledger.journal.session import CommandRefused

    unit_id = holder_id(state, args.unit, "UNIT", ("unit",))
    side = state.units[unit_id].side
    odds: list[dict[str, Any]] = []
    storm: bool | None = None
    if args.command == "breakdown-check":
        storm = None if args.sandstorm is None else args.sandstorm == "yes"
        odds = [
            {**r, "odds": {k: str(p) for k, p in r["odds"].items()}}
            for r in breakdown_rows(state, unit_id, sandstorm=storm)
        ]
        if not args.roll:
            if args.json:
                print_report(odds, True)
            else:
                _odds(odds)
            return

    moving = args.command == "move"
    cp = cp_arg(args.cp, "--cp") if moving and args.cp is not None else None
    if moving and args.preview:
        _preview(state, unit_id, args, cp)
        return

    def make(now: GameState) -> Outcome:
        source = app.source(now, side)
        if moving:
            return move_unit(now, unit_id, args.to, cp, args.hexes, source, args.action)
        if args.command == "repair":
            return repair(now, unit_id, args.system, args.points, source)
        return breakdown_check(now, unit_id, args.roll, source, sandstorm=storm)

    session = app.session()
    try:
        events = session.execute(make)
    except CommandRefused as refused:
        raise Refused(list(refused.errors)) from refused
    read = as_read(session, events)  # as the seat may read them (11.36)
    said = [text for text, _ in read]
    unit = session.view.units[unit_id]
    after: dict[str, Any] = {
        "unit": unit.id,
        "location": unit.location,
        "fuel": unit.supplies.fuel,
        "breakdown_points": unit.breakdown_points,
        "checked_at": unit.breakdown_checked_at,
        "toe": {h.system: h.points for h in unit.toe},
        "awaiting_repair": {h.system: h.points for h in unit.awaiting_repair},
    }
    if args.json:
        recorded = [text for text, e in read if e is not None]
        print_report({"recorded": recorded, **after, **({"types": odds} if odds else {})}, True)
        return
    if odds:
        _odds(odds)
        print()
    for text in said:
        print(text)


def _preview(state: GameState, unit_id: str, args: argparse.Namespace, cp: Fraction | None) -> None:
    """``move --preview``: the figures of ``move_preview`` (as text, or ``--json``)."""
    from dataclasses import asdict

    from ledger.commands.movement import hex_text
    from ledger.reports.movement import move_preview, preview_lines

    preview = move_preview(state, unit_id, args.hexes, args.to, cp, args.action)
    if not args.json:
        print("\n".join(preview_lines(preview)))
        return
    data = asdict(preview)
    data["hexes"] = [
        {
            "hex": h.text if h.move is None else hex_text(h.move),
            "cp": None if h.cost is None else h.cost.cp,
            "working": "" if h.cost is None else h.cost.working,
        }
        for h in preview.hexes
    ]
    data["errors"] = [
        {"field": e.field, "message": e.message, "case": e.case} for e in preview.errors
    ]
    data["check_due"] = preview.check_due
    print_report(data, True)


def _odds(rows: list[dict[str, Any]]) -> None:
    """Each vehicle type's 21.38 column and exact odds of TOE Strength Points broken down."""
    from fractions import Fraction

    print_report(
        [
            {
                **{k: r[k] for k in ("name", "toe_points", "bar", "breakdown_points", "column")},
                "due": "yes" if r["due"] else "no",
                "broken_down: odds": "  ".join(
                    f"{k}: {p} ({float(Fraction(p)) * 100:.1f} %)" for k, p in r["odds"].items()
                ),
            }
            for r in rows
        ],
        False,
        "(no vehicles with a BAR)",
    )


HANDLERS: dict[str, Handler] = {
    "move": _run_vehicles,
    "breakdown-check": _run_vehicles,
    "repair": _run_vehicles,
}
