"""Subcommands of the secret plots (5.2 III G 3 b, d; issue 16 item 6): ``plot barrage`` and
``plot force-assignment`` commit a side's sealed plot of the current Combat Segment (the other
side reads nothing of it until both have committed; the second commit reveals both), and
``plot show`` lists the plots the seat may read (its own, sealed or not, and both sides' once
revealed), with ``--requests`` the revealed plots as JSON combat requests for ``calc cna``.

```
quartermaster plot barrage --as axis-fc \\
    --fire "201st Artillery Regt" 6 forward C4119 "infantry #1" \\
    --fire "201st Artillery Regt" 3:"100/17 Howitzer" forward C4119 "gun #1"
quartermaster plot force-assignment --as cw-fc \\
    --assign "1st Essex" 6 close-assault C4218 --assign "2nd Scots Guards" 6 withheld -
quartermaster plot show --as axis-fc --requests --phasing axis
```
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any, Final

from ledger.cli.app import App, Handler, Refused, add_source_options, print_report
from ledger.cli.choices import SIDES

if TYPE_CHECKING:
    from ledger.journal.session import GameSession
    from ledger.model.plots import PlotLine

POSITIONS: Final = ("forward", "back")
"""12.11, as ``ledger.model.plots.Position`` spells them (checked by a test)."""
TARGET_CLASSES: Final = ("infantry", "armor", "gun", "facility")
"""12.23, 12.5: the first word of a barrage target (``ledger.model.plots.TARGET_CLASSES``)."""
FORCE_ROLES: Final = ("anti-armor", "close-assault", "withheld")
"""The Force Assignment roles as typed (``ledger.model.plots.FORCE_ROLES``, ``_`` for ``-``)."""


def add_plot_parsers(sub: Any, common: argparse.ArgumentParser) -> None:
    """``plot barrage|force-assignment|show``, added to the subparsers ``sub`` (each with the
    ``common`` options)."""
    plot = sub.add_parser(
        "plot",
        help="secret plots of the Barrage and Force Assignment Steps (5.2 III G)",
        description="a side's sealed plot of the Combat Segment, revealed when both sides have "
        "committed theirs (5.2 III G 3 b, d)",
    )
    actions = plot.add_subparsers(dest="plot_action", required=True, metavar="ACTION")
    p = actions.add_parser(
        "barrage",
        parents=[common],
        help="commit your side's sealed Barrage plot (12.1, 12.2)",
        description="commit your side's sealed Barrage plot of the current Combat Segment; it "
        "is revealed, with the other side's, once both have committed",
    )
    p.add_argument("--side", choices=SIDES, help="the plotting side (signed in: the seat's)")
    p.add_argument(
        "--fire",
        nargs=5,
        action="append",
        default=[],
        metavar=("UNIT", "POINTS", "POSITION", "HEX", "TARGET"),
        help="a gun unit fires: its TOE points (N, or N:SYSTEM for one weapon system), forward "
        "or back (12.11), the target hex and the target as you call it, its class first "
        "('infantry #2', 'gun #1', 'armor 7th Hussars', 'facility Sidi Barrani dump'; 12.23, "
        "12.24, 12.5); repeat for each line",
    )
    p.add_argument("--none", action="store_true", help="commit an empty plot: no gun fires")
    add_source_options(p, "field_commander")
    p = actions.add_parser(
        "force-assignment",
        parents=[common],
        help="commit your side's sealed Force Assignment plot (14.26, 15.16)",
        description="commit your side's sealed Force Assignment plot of the current Combat "
        "Segment; it is revealed, with the other side's, once both have committed",
    )
    p.add_argument("--side", choices=SIDES, help="the plotting side (signed in: the seat's)")
    p.add_argument(
        "--assign",
        nargs=4,
        action="append",
        default=[],
        metavar=("UNIT", "POINTS", "ROLE", "HEX"),
        help="TOE points of a unit (N, or N:SYSTEM) to anti-armor, close-assault or withheld, "
        "at HEX (the hex fired into or assaulted; '-' for withheld points); repeat",
    )
    p.add_argument("--none", action="store_true", help="commit an empty plot: nothing assigned")
    add_source_options(p, "field_commander")
    p = actions.add_parser(
        "show",
        parents=[common],
        help="the plots you may read: yours, and both sides' once revealed",
        description="the plots of the current phase you may read: your own (sealed or "
        "revealed) and the other side's once revealed; --all for every phase",
    )
    p.add_argument("--all", action="store_true", help="every plot kept, not only this phase's")
    p.add_argument(
        "--requests",
        action="store_true",
        help="the revealed plots as JSON combat requests (docs/combat.md) for `calc cna`",
    )
    p.add_argument(
        "--phasing",
        choices=SIDES,
        help="the Phasing side, for --requests (Player A of the phase, 5.2 III G)",
    )


def _points(text: str, field: str) -> tuple[int, str]:
    """``"6"`` or ``"3:100/17 Howitzer"``: TOE points and the system (``""``: the unit's
    one fit system)."""
    count, _, system = text.partition(":")
    try:
        points = int(count)
    except ValueError:
        raise Refused([f"{field}: {text!r}: TOE points N or N:SYSTEM"]) from None
    if not 1 <= points <= 1_000:
        raise Refused([f"{field}: {points}: 1 to 1,000 TOE points (4.47)"])
    return points, system.strip()


def _barrage_lines(given: list[list[str]]) -> list[PlotLine]:
    from ledger.model.plots import PlotLine

    lines = []
    for number, (unit, points_text, position, hex_, target) in enumerate(given, 1):
        field = f"--fire {number}"
        points, system = _points(points_text, field)
        if position.casefold() not in POSITIONS:
            raise Refused([f"{field}: {position!r}: forward or back (12.11)"])
        kind = target.split(maxsplit=1)[0].casefold() if target.strip() else ""
        if kind not in TARGET_CLASSES:
            raise Refused(
                [f"{field}: {target!r}: begin the target with {', '.join(TARGET_CLASSES)} (12.23)"]
            )
        lines.append(
            PlotLine(
                unit,
                system,
                points,
                "barrage",
                hex_,
                position.casefold(),  # type: ignore[arg-type]
                target.strip(),
                kind,  # type: ignore[arg-type]
            )
        )
    return lines


def _force_lines(given: list[list[str]]) -> list[PlotLine]:
    from ledger.model.plots import PlotLine

    lines = []
    for number, (unit, points_text, role, hex_) in enumerate(given, 1):
        field = f"--assign {number}"
        points, system = _points(points_text, field)
        if role.casefold() not in FORCE_ROLES:
            raise Refused([f"{field}: {role!r}: one of {', '.join(FORCE_ROLES)} (5.2 III G)"])
        plotted = role.casefold().replace("-", "_")
        lines.append(
            PlotLine(unit, system, points, plotted, "" if hex_ == "-" else hex_)  # type: ignore[arg-type]
        )
    return lines


def _run_plot(app: App, session: GameSession, args: argparse.Namespace) -> None:
    if args.plot_action == "show":
        _show(session, args)
        return
    from ledger.commands.plots import commit_plot

    barrage = args.plot_action == "barrage"
    given = args.fire if barrage else args.assign
    if not given and not args.none:
        option = "--fire" if barrage else "--assign"
        raise Refused([f"{option}: give the plot's lines, or --none to commit an empty plot"])
    if given and args.none:
        raise Refused(["--none: an empty plot has no lines"])
    lines = _barrage_lines(given) if barrage else _force_lines(given)
    seat = session.seat
    side = seat.side if seat is not None and seat.side is not None else args.side
    if side is None:
        raise Refused(["--side: which side plots (axis or commonwealth)"])
    step = "barrage" if barrage else "force_assignment"
    app.execute(lambda s: commit_plot(s.state, side, step, lines, app.source(s.state, side)))


def _show(session: GameSession, args: argparse.Namespace) -> None:
    from ledger.reports.plots import (
        anti_armor_requests,
        barrage_requests,
        close_assault_requests,
        current_plots,
        line_rows,
        plot_title,
        segment_plots,
    )

    view = session.view
    plots = list(view.plots) if args.all else current_plots(view)
    if args.requests:
        if args.phasing is None:
            raise Refused(["--phasing: the Phasing side (Player A of this phase) for --requests"])
        out: list[dict[str, Any]] = []
        done: set[tuple[int, str]] = set()
        for plot in (p for p in plots if p.revealed):
            if plot.step == "barrage":
                made = barrage_requests(view, plot, args.phasing)
            elif (plot.segment, plot.step) not in done:
                done.add((plot.segment, plot.step))
                both = segment_plots(view, plot)
                made = anti_armor_requests(view, both, args.phasing)
                made += close_assault_requests(view, both, args.phasing)
            else:
                made = []
            out += [
                {"title": r.title, "request": r.request, "not_in_your_ledger": list(r.missing)}
                for r in made
            ]
        print_report(out, True)
        return
    if args.json:
        print_report(
            [{"plot": plot_title(p), "revealed": p.revealed, "lines": line_rows(p)} for p in plots],
            True,
        )
        return
    if not plots:
        print("(no plot you may read in this phase)")
    for p in plots:
        print(plot_title(p))
        print_report(line_rows(p), False, empty="  nothing plotted")
        print()


HANDLERS: dict[str, Handler] = {"plot": _run_plot}
