"""Subcommands of the set-up step (59.4x, issue 18): ``setup`` says what each side still has
to do; ``setup place``, ``setup spread``, ``setup load`` and ``setup finish`` do it, through
``ledger.commands.setup``.

```
quartermaster setup                                   # what is still open, per side
quartermaster setup place "1st Bn, 1 Arty Rgppmnto" --at C4120
quartermaster setup place "Dummy dumps" --at C3517 C3618
quartermaster setup spread it_c4218_1ccnn --unit "1st CCNN Div HQ" --medium 10
quartermaster setup load "1st CCNN Div HQ" --ammo 40   # the trucks spread to it
quartermaster setup finish --side axis
```
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from ledger.cli.app import (
    App,
    Handler,
    Refused,
    add_source_options,
    add_truck_options,
    print_report,
    trucks_given,
)
from ledger.cli.bounds import SUPPLY_POINTS
from ledger.cli.choices import SIDES

if TYPE_CHECKING:
    from ledger.journal.session import GameSession
    from ledger.model.state import GameState


def add_setup_parsers(sub: Any, common: argparse.ArgumentParser) -> None:
    """``setup [status|place|spread|load|finish]``, added to the subparsers ``sub`` (each with
    the ``common`` options); ``setup`` alone is ``setup status``."""
    setup = sub.add_parser(
        "setup",
        parents=[common],
        help="the set-up step before the first Operations Stage (59.4): what is left, place, "
        "spread and load first-line trucks, finish",
        description="the set-up step (59.4): each side places what the scenario leaves to its "
        "choice, spreads and loads its first-line trucks free of cost (59.42, 59.45), and "
        "finishes; the game starts when both have",
    )
    actions = setup.add_subparsers(dest="setup_action", metavar="ACTION")
    p = actions.add_parser(
        "status", parents=[common], help="what each side still has to place or may see to"
    )
    p.add_argument("--side", choices=SIDES)
    p = actions.add_parser(
        "place",
        parents=[common],
        help="place a counter whose set-up location is the player's choice (59.4)",
    )
    p.add_argument("counter", metavar="COUNTER", help="a unit, dump or truck group")
    p.add_argument(
        "--at",
        nargs="+",
        required=True,
        metavar="HEX",
        help="the hex (C4218); a dummy dump of several counters takes one hex each",
    )
    p.add_argument("--side", choices=SIDES, help=_SIDE_HELP)
    add_source_options(p, "commander_in_chief")
    p = actions.add_parser(
        "spread",
        parents=[common],
        help="share first-line truck points out to a unit of their hex (59.42)",
    )
    p.add_argument("trucks", metavar="TRUCKS", help="the first-line truck group")
    p.add_argument("--unit", required=True, help="the unit of their hex that gets them")
    p.add_argument("--side", choices=SIDES, help=_SIDE_HELP)
    add_truck_options(p, "truck points (default: all of the group)")
    add_source_options(p, "logistics_commander")
    p = actions.add_parser(
        "load",
        parents=[common],
        help="load first-line trucks free of cost, at set-up only (59.45)",
    )
    p.add_argument(
        "trucks",
        metavar="TRUCKS",
        help="the first-line truck group, or the unit they are spread to",
    )
    for commodity in ("ammo", "fuel", "stores", "water"):
        p.add_argument(f"--{commodity}", type=SUPPLY_POINTS, default=0, metavar="N")
    p.add_argument("--side", choices=SIDES, help=_SIDE_HELP)
    add_source_options(p, "logistics_commander")
    p = actions.add_parser(
        "finish",
        parents=[common],
        help="your side has finished its set-up; the game starts when both have (59.4)",
    )
    p.add_argument("--side", choices=SIDES, help="the side finishing (signed in: the seat's)")
    add_source_options(p, "commander_in_chief")


_SIDE_HELP = "whose counter, where both sides have one of that name (signed in: the seat's)"


def _setting_up(session: GameSession, args: argparse.Namespace) -> Any:
    """The side whose counters a name is looked up among: the seat's, else ``--side``, else
    both (``None``)."""
    seat = session.seat
    if seat is not None and seat.side is not None:
        return seat.side
    return getattr(args, "side", None)


def holder_id(
    state: GameState, text: str, field: str, kinds: tuple[str, ...], side: Any = None
) -> str:
    """``ledger.cli.app.holder_id`` for a set-up subcommand, which has ``--side``: an ambiguous
    name asks for it. Raises ``Refused``."""
    from ledger.model.errors import LedgerError
    from ledger.model.lookup import resolve

    found = resolve(state, text, field, kinds, side, side_option=True)
    if isinstance(found, LedgerError):
        raise Refused([found])
    return found


def _run_setup(app: App, session: GameSession, args: argparse.Namespace) -> None:
    action = args.setup_action or "status"
    if action == "status":
        _status(session, args)
    elif action == "place":
        _place(app, session, args)
    elif action == "spread":
        _spread(app, session, args)
    elif action == "load":
        _load(app, session, args)
    else:
        _finish(app, session, args)


def _status(session: GameSession, args: argparse.Namespace) -> None:
    from ledger.model.units import SIDES as ALL_SIDES
    from ledger.reports.setup import setup_checklist, setup_lines

    state = session.view
    seat = session.seat
    sides = [s for s in ALL_SIDES if getattr(args, "side", None) in (None, s)]
    if seat is not None and seat.side is not None:
        sides = [seat.side]
    if args.json:
        rows = []
        for side in sides:
            check = setup_checklist(state, side)
            for group, items in (
                ("to place", check.to_place),
                ("may place", check.may_place),
                ("trucks not spread", check.trucks_unspread),
                ("trucks empty", check.trucks_empty),
            ):
                rows += [
                    {
                        "side": side,
                        "open": check.open,
                        "what": group,
                        "id": i.counter_id,
                        "counter": i.name,
                        "location": i.location,
                        "todo": i.todo,
                        "case": i.case,
                    }
                    for i in items
                ]
            if not rows or rows[-1]["side"] != side:
                rows.append({"side": side, "open": check.open, "what": "nothing left"})
        print_report(rows, True)
        return
    if not state.setup_open:
        print("set-up over: the game has started (59.4)")
        return
    for side in sides:
        for line in setup_lines(state, side):
            print(line)


def _side(session: GameSession, text: str | None) -> Any:
    seat = session.seat
    if seat is not None and seat.side is not None:
        if text not in (None, seat.side):
            raise Refused([f"--side: signed in as a {seat.side} seat, found {text!r}"])
        return seat.side
    if text is None:
        raise Refused(["--side: give the side finishing (axis or commonwealth)"])
    return text


def _place(app: App, session: GameSession, args: argparse.Namespace) -> None:
    from ledger.commands.setup import place

    state = session.view
    counter = holder_id(
        state, args.counter, "COUNTER", ("unit", "dump", "trucks"), _setting_up(session, args)
    )
    side = state.holder_side(counter)
    hexes = tuple(h.strip().upper() for h in args.at)
    app.execute(lambda s: place(s.state, counter, hexes, app.source(s.state, side)))


def _spread(app: App, session: GameSession, args: argparse.Namespace) -> None:
    from ledger.commands.setup import spread_trucks

    state = session.view
    side = _setting_up(session, args)
    group = holder_id(state, args.trucks, "TRUCKS", ("trucks",), side)
    unit = holder_id(state, args.unit, "--unit", ("unit",), side)
    points = trucks_given(args)
    side = state.holder_side(group)
    app.execute(lambda s: spread_trucks(s.state, group, unit, points, app.source(s.state, side)))


def _load(app: App, session: GameSession, args: argparse.Namespace) -> None:
    from ledger.commands.setup import load_trucks
    from ledger.model.quantities import Supplies

    state = session.view
    group = _trucks_of(state, args.trucks, _setting_up(session, args))
    amounts = Supplies(args.ammo, args.fuel, args.stores, args.water)
    side = state.holder_side(group)
    app.execute(lambda s: load_trucks(s.state, group, amounts, app.source(s.state, side)))


def _trucks_of(state: GameState, text: str, side: Any = None) -> str:
    """The truck group ``text`` names (of ``side`` when given): its id or name; or the id of
    a unit (by id or name), which ``load_trucks`` takes for the first-line trucks spread to it
    (59.42). Raises ``Refused`` as ``holder_id`` does."""
    try:
        return holder_id(state, text, "TRUCKS", ("trucks",), side)
    except Refused as not_trucks:
        try:
            unit = holder_id(state, text, "TRUCKS", ("unit",), side)
        except Refused:
            raise not_trucks from None
        return unit  # load_trucks takes a unit for the first-line trucks spread to it (59.42)


def _finish(app: App, session: GameSession, args: argparse.Namespace) -> None:
    from ledger.commands.setup import finish
    from ledger.model.seats import side_name

    side = _side(session, args.side)
    app.execute(lambda s: finish(s.state, side, app.source(s.state, side)))
    state = session.view
    if state.setup_open:
        names = " and ".join(f"the {side_name(s)}" for s in state.setup_open)
        print(f"waiting for {names} to finish (59.4)")
    else:
        print(f"set-up over: the game starts, {state.clock}")


HANDLERS: dict[str, Handler] = {"setup": _run_setup}
