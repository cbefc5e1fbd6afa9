"""Subcommands of supply planning: who runs dry when (``forecast``: a formation's or a side's
supply played forward over Operations Stages), the Supply Requisitions (4.55: ``requisitions``,
``requisition``, ``fulfil``, ``reject``) and the convoy plan that delivers the most of them within
the 54.2 truck capacities (``plan-convoys``; ``--accept`` records it as transfers).
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
from ledger.cli.bounds import OPSTAGES, SUPPLY_POINTS, TIME_LIMIT
from ledger.cli.choices import SIDES, WEATHERS

if TYPE_CHECKING:
    from ledger.journal.session import GameSession
    from ledger.model.state import GameState


def add_planning_parsers(add: Add) -> None:
    """``forecast``, ``plan-convoys``, ``requisitions``, ``requisition``, ``fulfil``, ``reject``."""
    p = add("forecast", "who runs dry when: a formation's or a side's supply played forward")
    p.add_argument("unit", metavar="HQ", nargs="?", help="a Parent Formation (else --side)")
    p.add_argument("--side", choices=SIDES, help="the whole side's General Supply Net (4.55)")
    p.add_argument("--opstages", type=OPSTAGES, default=6, metavar="N")
    p.add_argument("--cp", default="0", metavar="CP", help="CP moved each OpStage (default 0)")
    p.add_argument("--weather", choices=WEATHERS, default="normal")
    p = add(
        "plan-convoys",
        "propose the loading that delivers the most of the open requisitions (54.2 capacities)",
    )
    p.add_argument("--side", required=True, choices=SIDES)
    p.add_argument("--time-limit", type=TIME_LIMIT, default=10.0, metavar="SECONDS")
    p.add_argument(
        "--exclude-requisition", action="append", default=[], metavar="R", help="plan without R"
    )
    p.add_argument(
        "--exclude-convoy",
        action="append",
        default=[],
        metavar="GROUP",
        help="plan without it: its id or its name as the plan shows it ('convoy at Cairo (50 TP)')",
    )
    p.add_argument("--accept", action="store_true", help="record the plan shown (transfers)")
    p.add_argument(
        "--ready-only",
        action="store_true",
        help="with --accept: record the legs whose convoy stands at its dump, leave the rest",
    )
    add_source_options(p, "logistics_commander")
    p = add("requisitions", "the Supply Requisitions (4.55)")
    p.add_argument("--side", choices=SIDES)
    p.add_argument("--open", action="store_true", help="only the open ones")
    p = add("requisition", "file a Supply Requisition for a unit (4.55)")
    p.add_argument("unit", metavar="UNIT")
    for commodity in ("ammo", "fuel", "stores", "water"):
        p.add_argument(f"--{commodity}", type=SUPPLY_POINTS, default=0, metavar="N")
    p.add_argument("--note", default="")
    p.add_argument(
        "--needed-by",
        default="",
        metavar="GT/OPSTAGE",
        help="the Game-Turn and Operations Stage the supplies are needed by: 3/2 or 'GT 3 OpStage 2'",
    )
    add_source_options(p, "field_commander")
    p = add("fulfil", "fulfil a requisition by a transfer from a dump, unit or trucks (4.55)")
    p.add_argument("requisition", metavar="R")
    p.add_argument("--from", dest="origin", required=True, metavar="HOLDER")
    add_source_options(p, "logistics_commander")
    p = add("reject", "reject a requisition, saying why (--reason, 4.55)")
    p.add_argument("requisition", metavar="R")
    add_source_options(p, "logistics_commander")


def _run_forecast(app: App, session: GameSession, args: argparse.Namespace) -> None:
    from fractions import Fraction

    from ledger.reports.forecast import forecast_rows, formation_forecast, side_forecast

    state = session.view
    planned_cp = cp_arg(args.cp, "--cp") if args.cp != "0" else Fraction(0)
    plan = {"opstages": args.opstages, "cp_per_opstage": planned_cp, "weather": args.weather}
    if args.unit is not None:
        hq = holder_id(state, args.unit, "HQ", ("unit",))
        result = formation_forecast(state, hq, **plan)
    elif args.side is not None:
        result = side_forecast(state, args.side, **plan)
    else:
        raise Refused(["HQ / --side: name a Parent Formation or a side"])
    summary = {
        "on_hand": result.on_hand.describe(),
        "per_opstage": result.per_opstage.describe(),
        "per_game_turn": result.per_game_turn.describe(),
        **{f"{c}_short_from": (t.short if t else "lasts") for c, t in result.first_short.items()},
    }
    if args.json:
        print_report({**summary, "stages": forecast_rows(result)}, True)
    else:
        print_report(summary, False)
        print()
        print_report(forecast_rows(result), False)


def _run_plan_convoys(app: App, session: GameSession, args: argparse.Namespace) -> None:
    state = session.view
    _plan_convoys(app, state, args)


def _run_requisitions(app: App, session: GameSession, args: argparse.Namespace) -> None:
    from ledger.reports import tables as reports

    state = session.view
    rows = reports.requisitions(state, args.side, open_only=args.open)
    if not args.json:  # players read the unit's name; the id is for machines (--json)
        rows = [{k: v for k, v in row.items() if k != "unit_id"} for row in rows]
    print_report(rows, args.json, "(none)")


def _run_requisition(app: App, session: GameSession, args: argparse.Namespace) -> None:
    from ledger.commands import logistics
    from ledger.model.quantities import Supplies
    from ledger.model.requisition_events import parse_needed_by

    state = session.view
    wanted = Supplies(args.ammo, args.fuel, args.stores, args.water)
    try:
        needed_by = parse_needed_by(args.needed_by)
    except ValueError as bad:
        raise Refused([f"--needed-by: {bad} (4.55)"]) from None
    app.unit_command(
        state,
        lambda s, uid, src: logistics.file_requisition(s, uid, wanted, src, args.note, needed_by),
    )


def _run_fulfil_reject(app: App, session: GameSession, args: argparse.Namespace) -> None:
    from ledger.commands import logistics
    from ledger.model.errors import LedgerError

    state = session.view
    cmd = args.command
    req = state.requisitions.get(args.requisition)
    if req is None and args.requisition in session.state.requisitions:  # the other side's
        raise Refused([LedgerError("requisition", f"no requisition {args.requisition!r}", "4.55")])
    side = state.units[req.unit_id].side if req is not None else None
    if cmd == "fulfil":
        origin = holder_id(state, args.origin, "--from", ("dump", "unit", "trucks"))
        app.execute(
            lambda s: logistics.fulfil_requisition(
                s.state, args.requisition, origin, app.source(s.state, side)
            )
        )
    else:
        app.execute(
            lambda s: logistics.reject_requisition(
                s.state, args.requisition, args.reason, app.source(s.state, side)
            )
        )


def _plan_convoys(app: App, state: GameState, args: argparse.Namespace) -> None:
    """``plan-convoys``: show the side's convoy plan; with ``--accept`` record it."""
    import json

    from ledger.journal.codec import encode
    from ledger.journal.session import CommandRefused
    from ledger.planning.accept import accept_plan, unready_legs
    from ledger.planning.convoy import plan_as_transfers
    from ledger.planning.proposal import (
        exclusion_errors,
        leg_rows,
        plan_for_side,
        plan_summary,
        requisition_rows,
        unplanned_rows,
    )

    left_requisitions = args.exclude_requisition
    convoys_out = [_convoy_id(state, text) for text in args.exclude_convoy]
    errors = exclusion_errors(state, args.side, left_requisitions, convoys_out)
    if errors:
        raise Refused(errors)
    plan = plan_for_side(
        state,
        args.side,
        exclude_requisitions=left_requisitions,
        exclude_convoys=convoys_out,
        time_limit=args.time_limit,
    )
    if plan is None:
        raise Refused(["--side: no open requisition to plan for (`requisition UNIT ...`)"])
    transfers = [
        {
            "load_at": state.holder_name(t.origin),
            "on_trucks": t.carrier or "(same hex, no trucks)",
            "for": state.holder_name(t.destination),
            **{c: t.supplies.get(c) for c in ("ammo", "fuel", "stores", "water")},
        }
        for t in plan_as_transfers(plan)
    ]
    legs = leg_rows(state, plan)
    left_out = unplanned_rows(state, args.side)
    report: dict[str, Any] = {
        **plan_summary(plan),
        "transfers": transfers,
        "legs": legs,
        "requisitions": requisition_rows(state, plan),
        "not_planned": left_out,
    }
    if not args.json:
        print_report(plan_summary(plan), False)
        print()
        for leg in legs:
            print(f"{leg['leg']}. {leg['says']}")
        if not legs:
            print("(nothing can be delivered)")
        for row in left_out:
            print(f"not planned: {row['name']}: {row['why']}")
    if not args.accept:
        if args.json:
            print_report(report, True)
        return
    session = app.session()
    ready_only = bool(args.ready_only)
    skipped = [str(e) for e in unready_legs(session.view, plan)] if ready_only else []
    try:
        events = session.execute(
            lambda now: accept_plan(now, plan, app.source(now, args.side), ready_only=ready_only)
        )
    except CommandRefused as refused:
        raise Refused(list(refused.errors)) from refused
    read = as_read(session, events)  # as the seat may read them (11.36)
    if args.json:
        recorded = [
            {"said": text, "event": json.loads(encode(e))} for text, e in read if e is not None
        ]
        print_report({**report, "recorded": recorded, "left_out": skipped}, True)
        return
    print()
    for text, _ in read:
        print(text)
    for text in skipped:
        print(f"left out: {text}")


def _convoy_id(state: GameState, text: str) -> str:
    """The truck group ``text`` names: its id, or its name as the planner shows it
    (``ledger.commands.convoys.group_name``, case-insensitive); else ``text`` itself, which
    ``exclusion_errors`` then refuses."""
    from ledger.commands.convoys import group_name

    if text in state.trucks:
        return text
    wanted = text.strip().casefold()
    named = [g for g in state.trucks if group_name(state, g).casefold() == wanted]
    return named[0] if len(named) == 1 else text


HANDLERS: dict[str, Handler] = {
    "forecast": _run_forecast,
    "plan-convoys": _run_plan_convoys,
    "requisitions": _run_requisitions,
    "requisition": _run_requisition,
    "fulfil": _run_fulfil_reject,
    "reject": _run_fulfil_reject,
}
