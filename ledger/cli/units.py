"""Subcommands of units: what is in play (``units``), a unit's TOE (11.1), Capability Points and
Cohesion (``spend-cp`` 6.12, DP over CPA 6.21–6.22; ``actions``, the 6.3 cost summary; ``cp``;
``cohesion`` with the −17 and −26 thresholds; ``adjust-cohesion`` 6.21, 6.24.2; ``warnings``),
``morale`` (17.4, 17.2x), ``correct-toe`` (51.22, 52.53), a Parent Formation's tree
(``formation``: Stacking Points, CPA 6.15, Raw/Actual totals), and the organization commands:
``assign`` (5.2 III.C.1), ``attach``/``detach`` (6.3, 19.x), ``attach-trucks``/``detach-trucks``
(8.96, 8.97) and ``load-troops`` (6.17, 8.95).
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from ledger.cli.app import (
    Add,
    App,
    Handler,
    Refused,
    add_source_options,
    add_truck_options,
    cp_arg,
    holder_id,
    print_report,
    signed_cp_arg,
    table_columns,
    trucks_given,
)
from ledger.cli.bounds import READING, TOE_CHANGE
from ledger.cli.choices import SIDES

if TYPE_CHECKING:
    from ledger.journal.session import GameSession


def add_units_parser(add: Add) -> None:
    """``units``."""
    p = add("units", "the counters in play")
    p.add_argument("--side", choices=SIDES)
    p.add_argument("--all", action="store_true", help="include those not yet arrived")


def add_toe_parser(add: Add) -> None:
    """``toe``."""
    p = add("toe", "a unit's TOE: weapon systems, TOE Strength Points and ratings (11.1)")
    p.add_argument("unit", metavar="UNIT")


def add_capability_parsers(add: Add) -> None:
    """``warnings``, ``spend-cp``, ``actions``, ``morale``, ``formation``, ``cp``, ``cohesion``,
    ``adjust-cohesion``, ``correct-toe``."""
    p = add("warnings", "units over CPA and at Cohesion −17 / −26")
    p.add_argument("--side", choices=SIDES)

    p = add("spend-cp", "a unit expends Capability Points (6.12; DP over CPA, 6.21–6.22)")
    p.add_argument("unit", metavar="UNIT", help="unit id, counter text or name")
    p.add_argument(
        "cp", metavar="CP", nargs="?", help="CP: 5, 1/2, 2 1/2 (optional for a fixed-cost action)"
    )
    p.add_argument("--action", default="other", help="a 6.3 action (see `quartermaster actions`)")
    add_source_options(p, "field_commander")
    add("actions", "the Capability Point Cost Summary (6.3) as named actions")
    p = add("morale", "a unit's Adjusted Morale odds at its Cohesion Level (17.4, 17.2x)")
    p.add_argument("unit", metavar="UNIT")
    p.add_argument(
        "--reading", type=READING, metavar="11..66", help="a rolled reading (large die tens)"
    )
    p = add(
        "formation", "a Parent Formation's tree: Stacking Points, CPA (6.15), Raw/Actual totals"
    )
    p.add_argument("unit", metavar="HQ", help="the formation's HQ: id, counter text or name")
    for name, text in (
        ("cp", "CP per unit: CPA, expended, left, over, 8.17 ceiling, DP of the next CP"),
        ("cohesion", "Cohesion Level per unit, with the −17 and −26 thresholds"),
    ):
        p = add(name, text)
        p.add_argument("--side", choices=SIDES)
    p = add(
        "adjust-cohesion",
        "RP or DP outside CP: victorious assault (+3, 6.24.2), "
        "30 %% assault losses (3 DP, 6.21), or a correction",
    )
    p.add_argument("unit", metavar="UNIT")
    p.add_argument(
        "--cause", required=True, choices=["victorious-assault", "assault-losses", "correction"]
    )
    p.add_argument("--change", metavar="N", help="for a correction: --change=+2, --change=-1/2")
    add_source_options(p, "field_commander")
    p = add(
        "correct-toe",
        "correct a unit's TOE Strength Points, e.g. a proposed 51.22/52.53 loss taken elsewhere",
    )
    p.add_argument("unit", metavar="UNIT")
    p.add_argument("--system", required=True, metavar="SYSTEM", help="weapon system id")
    p.add_argument(
        "--change",
        required=True,
        type=TOE_CHANGE,
        metavar="N",
        help="--change=-1 lost, --change=+1 back",
    )
    add_source_options(p, "field_commander")


def add_organization_parsers(add: Add) -> None:
    """``assign``, ``attach``, ``detach``, ``attach-trucks``, ``detach-trucks``, ``load-troops``."""
    for name, text in (
        ("assign", "assign a non-assigned unit to a Parent Formation (5.2 III.C.1; free)"),
        ("attach", "attach a unit to a Parent Formation (6.3: own 1 CP, other 2 CP each)"),
    ):
        p = add(name, text)
        p.add_argument("unit", metavar="UNIT")
        p.add_argument("parent", metavar="HQ", help="the Parent Formation's HQ")
        add_source_options(p, "field_commander")
    p = add("detach", "detach a unit from its Parent Formation (6.3: 1 CP each; 8.96 trucks)")
    p.add_argument("unit", metavar="UNIT")
    add_truck_options(p, "truck points going with the unit (8.97), default 0")
    add_source_options(p, "field_commander")
    p = add("attach-trucks", "attach truck points of a group to a unit (8.96, 8.97)")
    p.add_argument("trucks", metavar="GROUP", help="truck group id")
    p.add_argument("unit", metavar="UNIT")
    add_truck_options(p, "truck points to attach (default: the whole group)")
    add_source_options(p, "logistics_commander")
    p = add("detach-trucks", "detach truck points of a formation into a convoy group (8.97)")
    p.add_argument("unit", metavar="HQ", help="the formation's highest HQ (or a lone unit)")
    add_truck_options(p, "truck points to detach")
    add_source_options(p, "logistics_commander")
    p = add("load-troops", "carry a leg unit on its formation's truck points (6.17, 8.95)")
    p.add_argument("unit", metavar="UNIT")
    add_truck_options(p, "truck points carrying it (all 0 unloads it)")
    add_source_options(p, "field_commander")


def _run_units(app: App, session: GameSession, args: argparse.Namespace) -> None:
    from ledger.reports import tables as reports

    state = session.view
    rows = reports.units(state, args.side, include_arriving=args.all)
    print_report(table_columns(rows, "units", args.json), args.json)


def _run_toe(app: App, session: GameSession, args: argparse.Namespace) -> None:
    from ledger.reports import tables as reports

    state = session.view
    print_report(reports.toe(state, holder_id(state, args.unit, "UNIT", ("unit",))), args.json)


def _run_warnings(app: App, session: GameSession, args: argparse.Namespace) -> None:
    from ledger.rules.checks import warnings

    state = session.view
    print_report(
        [
            {
                "check": w.check,
                "side": w.side,
                # --json keeps the id machines match on; the table reads the counter's name
                "unit": w.unit_id if args.json else state.holder_name(w.unit_id),
                "message": w.message,
                "case": w.case,
            }
            for w in warnings(state, args.side)
        ],
        args.json,
        "(no warnings)",
    )


def _run_spend_cp(app: App, session: GameSession, args: argparse.Namespace) -> None:
    from ledger.commands.cp import spend_cp

    state = session.view
    cp = cp_arg(args.cp, "CP") if args.cp is not None else None
    app.unit_command(state, lambda s, uid, src: spend_cp(s, uid, cp, src, args.action))


def _run_morale(app: App, session: GameSession, args: argparse.Namespace) -> None:
    from ledger.reports import tables as reports

    state = session.view
    unit_id = holder_id(state, args.unit, "UNIT", ("unit",))
    try:
        row = reports.morale(state, unit_id, args.reading)
    except ValueError as exc:
        raise Refused([f"--reading / UNIT: {exc}"]) from exc
    if args.json:
        print_report(row, True)
    else:
        odds = row.pop("adjusted_morale_odds")
        row.pop("modifier_odds")
        print_report(row, False)
        print()
        print_report(
            [
                {
                    "adjusted_morale": k,
                    "probability": str(p),
                    "percent": f"{float(p) * 100:.1f}",
                }
                for k, p in odds.items()
            ],
            False,
        )


def _run_formation(app: App, session: GameSession, args: argparse.Namespace) -> None:
    from ledger.reports import formations
    from ledger.rules.organization import formation_strengths, formation_tree

    state = session.view
    hq = holder_id(state, args.unit, "HQ", ("unit",))
    summary, rows = formations.formation_organization(state, hq)
    tree = formation_tree(state, hq)
    summary = {**summary, **formation_strengths(state, tree)}
    if args.json:
        print_report({**summary, "tree": rows}, True)
    else:
        for key in ("trucks", "carrying"):
            summary.pop(key)
        print_report(summary, False)
        print()
        print_report(
            [
                {
                    "unit": "· " * int(str(r.pop("depth"))) + str(r["counter"]),
                    **{k: v for k, v in r.items() if k not in ("id", "counter")},
                }
                for r in rows
            ],
            False,
        )


def _run_actions(app: App, session: GameSession, args: argparse.Namespace) -> None:
    from ledger.model.quantities import format_cp
    from ledger.rules.cp_actions import cp_actions

    print_report(
        [
            {
                "action": a.id,
                "cp": "varies" if a.cost is None else format_cp(a.cost),
                "kind": a.kind,
                "portion": a.portion,
                "case": a.case,
                "what": a.label,
            }
            for a in cp_actions().values()
        ],
        args.json,
    )


def _run_capability(app: App, session: GameSession, args: argparse.Namespace) -> None:
    from ledger.reports import tables as reports

    state = session.view
    cmd = args.command
    print_report(table_columns(reports.capability(state, args.side), cmd, args.json), args.json)


def _run_adjust_cohesion(app: App, session: GameSession, args: argparse.Namespace) -> None:
    from ledger.commands.cp import adjust_cohesion

    state = session.view
    change = signed_cp_arg(args.change, "--change") if args.change is not None else None
    app.unit_command(state, lambda s, uid, src: adjust_cohesion(s, uid, args.cause, src, change))


def _run_correct_toe(app: App, session: GameSession, args: argparse.Namespace) -> None:
    from ledger.commands.cp import correct_toe

    state = session.view
    app.unit_command(
        state,
        lambda s, uid, src: correct_toe(s, uid, args.system, args.change, src),
    )


def _run_assign_attach(app: App, session: GameSession, args: argparse.Namespace) -> None:
    from ledger.commands import reorganize

    state = session.view
    cmd = args.command
    parent = holder_id(state, args.parent, "HQ", ("unit",))
    command = reorganize.assign if cmd == "assign" else reorganize.attach
    app.unit_command(state, lambda s, uid, src: command(s, uid, parent, src))


def _run_detach(app: App, session: GameSession, args: argparse.Namespace) -> None:
    from ledger.commands import reorganize

    state = session.view
    trucks = trucks_given(args) or (0, 0, 0)
    app.unit_command(state, lambda s, uid, src: reorganize.detach(s, uid, src, trucks))


def _run_attach_trucks(app: App, session: GameSession, args: argparse.Namespace) -> None:
    from ledger.commands import first_line_trucks

    state = session.view
    group = holder_id(state, args.trucks, "GROUP", ("trucks",))
    points = trucks_given(args)
    app.unit_command(
        state, lambda s, uid, src: first_line_trucks.attach_trucks(s, group, uid, points, src)
    )


def _run_detach_trucks_load_troops(
    app: App, session: GameSession, args: argparse.Namespace
) -> None:
    from ledger.commands import first_line_trucks

    state = session.view
    cmd = args.command
    given = trucks_given(args)
    if given is None:
        raise Refused(["--light/--medium/--heavy: give the truck points"])
    make = (
        first_line_trucks.detach_trucks
        if cmd == "detach-trucks"
        else first_line_trucks.carry_troops
    )
    app.unit_command(state, lambda s, uid, src: make(s, uid, given, src))


HANDLERS: dict[str, Handler] = {
    "units": _run_units,
    "toe": _run_toe,
    "warnings": _run_warnings,
    "spend-cp": _run_spend_cp,
    "morale": _run_morale,
    "formation": _run_formation,
    "actions": _run_actions,
    "cp": _run_capability,
    "cohesion": _run_capability,
    "adjust-cohesion": _run_adjust_cohesion,
    "correct-toe": _run_correct_toe,
    "assign": _run_assign_attach,
    "attach": _run_assign_attach,
    "detach": _run_detach,
    "attach-trucks": _run_attach_trucks,
    "detach-trucks": _run_detach_trucks_load_troops,
    "load-troops": _run_detach_trucks_load_troops,
}
