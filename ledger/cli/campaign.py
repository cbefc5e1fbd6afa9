"""Subcommands of a campaign's schedule: ``arrivals`` (reinforcements entered and to come,
by Game-Turn; 4.43, 20.1), ``withdrawals`` (the scheduled withdrawals ahead, their counters
and transport; 4.43a, 20.8), ``withdraw`` (record one: its counters leave play; ``--preview``
shows it and writes nothing) and ``victory`` (the 60.82 victory table; with ``--place``, record
who holds a place).

Names shown are the counters' printed names; a withdrawal or place is given by its id or its
name.
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
    holder_id,
    print_report,
)

if TYPE_CHECKING:
    from ledger.journal.session import GameSession
    from ledger.model.state import GameState
    from ledger.reports.campaign import WithdrawalRow

HOLDERS = ("axis", "commonwealth", "none")
"""Who may hold a victory place on the command line (``none``: nobody)."""


def add_campaign_parsers(add: Add) -> None:
    """``arrivals``, ``withdrawals``, ``withdraw``, ``victory``."""
    add("arrivals", "reinforcements entered and to come, by Game-Turn (4.43, 20.1)")
    add(
        "withdrawals", "scheduled withdrawals: due, counters, transport needed and available (20.8)"
    )
    p = add("withdraw", "record a scheduled withdrawal: its counters leave play (4.43a, 20.8)")
    p.add_argument("withdrawal", metavar="ID", help="the withdrawal's id or name")
    p.add_argument(
        "--supplies-to",
        metavar="DUMP",
        help="the dump that takes what the counters carry (ruling withdrawal-supplies)",
    )
    p.add_argument(
        "--eliminated",
        action="store_true",
        help="not at Cairo or Alexandria (or below its TOE) at the deadline: eliminated (20.83)",
    )
    p.add_argument("--preview", action="store_true", help="show the withdrawal; write nothing")
    add_source_options(p, "rear_area_commander")
    p = add("victory", "the victory table (60.82); with --place, record who holds a place")
    p.add_argument("--place", metavar="NAME", help="the victory place's id or name")
    p.add_argument("--holder", choices=HOLDERS, help="who holds it (none: nobody)")
    p.add_argument(
        "--supply-line", choices=["yes", "no"], help="the holder has the 60.82 supply line"
    )
    p.add_argument(
        "--italian-supply-cut",
        action="store_true",
        help="declare no Italian combat unit has a supply line left (strategic victory)",
    )
    add_source_options(p, "field_commander")


def _run_arrivals(app: App, session: GameSession, args: argparse.Namespace) -> None:
    """``arrivals``: every scheduled arrival the seat may see, entered or to come."""
    from ledger.model.seats import side_name
    from ledger.reports.campaign import arrivals

    state = session.view
    rows = [
        {
            "game_turn": r.at.game_turn,
            "arrives": r.at.short,
            "side": r.side if args.json else side_name(r.side),
            "name": r.name,
            "where": r.location,
            "status": "entered" if r.entered or r.at <= state.clock else "to come",
            **({"id": r.id} if args.json else {}),
        }
        for r in arrivals(state)
    ]
    if args.json:
        print_report(rows, True)
        return
    print(f"Now: {state.clock.short}")
    print_report([{k: v for k, v in r.items() if k != "game_turn"} for r in rows], False)


def _withdrawal_rows(state: GameState, as_json: bool) -> list[dict[str, Any]]:
    from ledger.reports.campaign import upcoming_withdrawals

    return [_withdrawal_row(w, as_json) for w in upcoming_withdrawals(state)]


def _withdrawal_row(w: WithdrawalRow, as_json: bool) -> dict[str, Any]:
    from ledger.model.quantities import format_cp

    row: dict[str, Any] = {
        "withdrawal": w.name,
        "due": w.due.short,
        "status": w.status,
        "counters": "; ".join(
            f"{c.name} ({c.toe_points} TOE, {c.location or 'no hex'}, {c.status})"
            for c in w.counters
        ),
        "place": w.place,
        "truck_value_needed": "none printed" if w.required is None else w.required,
        "truck_value_available": format_cp(w.available),
        "trucks_taken": w.taken,
        "short": w.shortfall,
        "warnings": list(w.warnings),
    }
    if as_json:
        row["id"] = w.id
        row["counters"] = [
            {"id": c.id, "name": c.name, "toe": c.toe_points, "hex": c.location, "status": c.status}
            for c in w.counters
        ]
    return row


def _run_withdrawals(app: App, session: GameSession, args: argparse.Namespace) -> None:
    """``withdrawals``: each scheduled withdrawal the seat may see, as a block of text (or
    ``--json`` rows with the ids)."""
    state = session.view
    if args.json:
        print_report(_withdrawal_rows(state, True), True)
        return
    rows = _rows(state)
    if not rows:
        print("(no scheduled withdrawals)")
    for w in rows:
        _print_withdrawal(w)


def _print_withdrawal(w: WithdrawalRow) -> None:
    """One withdrawal as players read it: title, due, transport, then its counters."""
    from ledger.model.quantities import format_cp

    print(f"{w.name}: due {w.due.short} ({w.status})")
    print(f"  leaves from: {w.place}")
    needed = "none printed" if w.required is None else f"{w.required} truck value needed"
    short = f", {w.shortfall} short" if w.shortfall else ""
    print(
        f"  transport: {needed}, {format_cp(w.available)} available with its counters and "
        f"empty at Cairo or Alexandria{short} (4.43a)"
    )
    if w.taken:
        print(f"  trucks that leave with it: {w.taken}")
    for c in w.counters:
        print(f"  {c.name}: {c.toe_points} TOE, {c.location or 'no hex'}, {c.status}")
        for warning in c.warnings:
            print(f"    warning: {warning}")
    print()


def _run_withdraw(app: App, session: GameSession, args: argparse.Namespace) -> None:
    """``withdraw ID``: record the withdrawal (or, ``--preview``, show it and write nothing)."""
    from ledger.commands.withdrawal import find_withdrawal, withdraw
    from ledger.model.errors import LedgerError

    state = session.view
    found = find_withdrawal(state, args.withdrawal, "ID")
    if isinstance(found, LedgerError):
        raise Refused([found])
    supplies_to = None if args.supplies_to is None else _dump_id(state, args.supplies_to)

    if args.preview:
        outcome = withdraw(
            state,
            found.id,
            app.source(state, found.side),
            supplies_to=supplies_to,
            eliminated=args.eliminated,
        )
        row = next(_withdrawal_row(w, args.json) for w in _rows(state) if w.id == found.id)
        refused = [str(e) for e in outcome.errors]
        if args.json:
            print_report({**row, "refused": refused}, True)
            return
        _print_withdrawal(next(w for w in _rows(state) if w.id == found.id))
        for line in refused:
            print(f"Not now: {line}")
        if not refused:
            print("Would be recorded (nothing written: --preview).")
        return
    app.execute(
        lambda s: withdraw(
            s.state,
            found.id,
            app.source(s.state, found.side),
            supplies_to=supplies_to,
            eliminated=args.eliminated,
        )
    )


def _rows(state: GameState) -> list[WithdrawalRow]:
    from ledger.reports.campaign import upcoming_withdrawals

    return upcoming_withdrawals(state)


def _dump_id(state: GameState, text: str) -> str:
    """The dump ``--supplies-to`` names (id or name); refused when it names none."""
    return holder_id(state, text, "--supplies-to", ("dump",))


def _run_victory(app: App, session: GameSession, args: argparse.Namespace) -> None:
    """``victory``: the 60.82 table; with ``--place``, ``--holder`` and ``--supply-line``,
    record the place's holder first (refused, naming the option, when one is missing)."""
    from ledger.model.errors import LedgerError

    if args.place is not None:
        from ledger.commands.campaign import find_place

        place = find_place(session.view, args.place, "--place")
        if isinstance(place, LedgerError):
            raise Refused([place])
    options = ("--place", "--holder", "--supply-line")
    given = [getattr(args, o[2:].replace("-", "_")) is not None for o in options]
    if any(given) and not all(given):
        missing = next(o for o, g in zip(options, given, strict=True) if not g)
        raise Refused(
            [
                LedgerError(
                    missing,
                    "a holder is recorded with --place, --holder and --supply-line",
                    "60.82",
                )
            ]
        )
    if all(given):
        from ledger.commands.campaign import hold_place

        holder = None if args.holder == "none" else args.holder
        line = args.supply_line == "yes"
        app.execute(
            lambda s: hold_place(s.state, args.place, holder, line, app.source(s.state, None))
        )
        if args.json:
            return
        print()
    _print_victory(session.view, args)


def _print_victory(state: GameState, args: argparse.Namespace) -> None:
    from ledger.reports.campaign import victory_rows, victory_table

    table = victory_table(state, italian_supply_cut=args.italian_supply_cut)
    rows = victory_rows(table)
    if not args.json:
        for row in rows:
            del row["id"]
    if args.json:
        print_report(
            {
                "places": rows,
                "totals": table.totals,
                "strategic": table.strategic,
                "winner": table.winner,
                "result": table.result,
                "final": table.final,
                "strategic_victory": table.strategic_line,
            },
            True,
        )
        return
    print_report(rows, False, "(no victory places in this scenario)")
    print(
        f"Axis {table.totals['axis']}, Commonwealth {table.totals['commonwealth']}: {table.result}"
    )
    print(table.strategic_line)


HANDLERS: dict[str, Handler] = {
    "arrivals": _run_arrivals,
    "withdrawals": _run_withdrawals,
    "withdraw": _run_withdraw,
    "victory": _run_victory,
}
