"""Subcommands of supplies and trucks: the ``dumps`` and ``trucks`` in play, the ``supply`` totals
per side, moving supply points (``transfer``), supplies used, evaporated or lost (``consume``,
49-52), arriving by convoy (``arrive``), captured (``capture``: the usable share, 50.16, 51.16),
water drawn at a town, bir, oasis or major city (``draw-water``, 52.7, 8.48), and convoys moving
in the Truck Convoy Movement Phase (``move-trucks``: 8.18, 8.98, 49.13; Reaction, 8.53).
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
    cp_arg,
    holder_id,
    print_report,
)
from ledger.cli.bounds import DIE, SUPPLY_POINTS
from ledger.cli.choices import ARRIVAL_CAUSES, CONSUMPTION_CAUSES, SIDES

if TYPE_CHECKING:
    from ledger.journal.session import GameSession


def add_holding_parsers(add: Add) -> None:
    """``dumps``, ``trucks``."""
    for name, text in (
        ("dumps", "the supply dumps"),
        ("trucks", "the truck points"),
    ):
        p = add(name, text)
        p.add_argument("--side", choices=SIDES)
        if name != "dumps":
            p.add_argument("--all", action="store_true", help="include those not yet arrived")


def add_supply_parser(add: Add) -> None:
    """``supply``."""
    add("supply", "supply points per side: in dumps, with units, on trucks")


def add_transfer_parser(add: Add) -> None:
    """``transfer``."""
    p = add("transfer", "move supply points between dumps, units and truck points")
    p.add_argument("--from", dest="origin", required=True, metavar="HOLDER")
    p.add_argument("--to", dest="destination", required=True, metavar="HOLDER")
    for commodity in ("ammo", "fuel", "stores", "water"):
        p.add_argument(f"--{commodity}", type=SUPPLY_POINTS, default=0, metavar="N")
    add_source_options(p, "logistics_commander")


def add_stock_parsers(add: Add) -> None:
    """``consume``, ``arrive``, ``capture``, ``draw-water``, ``move-trucks``."""
    for name, text, causes in (
        ("consume", "supplies used, evaporated, demolished or lost (49-52)", CONSUMPTION_CAUSES),
        (
            "arrive",
            "supplies arriving by convoy, from a well, or captured: recorded as given (for "
            "captured, give the usable share; `capture` works it out, 50.16, 51.16)",
            ARRIVAL_CAUSES,
        ),
    ):
        p = add(name, text)
        p.add_argument("holder", metavar="HOLDER", help="dump, unit or truck group")
        p.add_argument("--cause", required=True, choices=list(causes))
        for commodity in ("ammo", "fuel", "stores", "water"):
            p.add_argument(f"--{commodity}", type=SUPPLY_POINTS, default=0, metavar="N")
        add_source_options(p, "logistics_commander")
    p = add("capture", "take the enemy's supplies; the usable share is kept (50.16, 51.16)")
    p.add_argument("enemy", metavar="ENEMY", help="the enemy's dump, unit or truck group")
    p.add_argument("--to", dest="captor", required=True, metavar="HOLDER", help="your holder")
    for commodity in ("ammo", "fuel", "stores", "water"):
        p.add_argument(
            f"--{commodity}", type=SUPPLY_POINTS, default=0, metavar="N", help="default: all"
        )
    add_source_options(p, "logistics_commander")
    p = add("draw-water", "draw water at a town, bir, oasis or major city (52.7, 8.48)")
    p.add_argument("holder", metavar="HOLDER", help="a unit or truck group at the well")
    p.add_argument("--at", required=True, choices=["town", "bir", "oasis", "major-city"])
    p.add_argument("--roll", type=DIE, metavar="1..6", help="the die, for a town or bir")
    p.add_argument("--water", type=SUPPLY_POINTS, metavar="N", help="for an oasis or major city")
    add_source_options(p, "logistics_commander")
    p = add(
        "move-trucks",
        "move a convoy to a hex within its CPA in the Truck Convoy Movement Phase, burning its "
        "fuel (8.18, 8.98, 49.13)",
    )
    p.add_argument("trucks", metavar="GROUP")
    p.add_argument("hex", metavar="HEX")
    p.add_argument("--cp", required=True, metavar="CP", help="CP expended: 12, 7 1/2")
    p.add_argument(
        "--reaction",
        action="store_true",
        help="a Reaction in a Movement and Combat Phase, stacked with a friendly unit (8.53)",
    )
    add_source_options(p, "logistics_commander")


def _run_dumps(app: App, session: GameSession, args: argparse.Namespace) -> None:
    from ledger.reports import tables as reports

    state = session.view
    print_report(reports.dumps(state, args.side), args.json)


def _run_trucks(app: App, session: GameSession, args: argparse.Namespace) -> None:
    from ledger.reports import tables as reports

    state = session.view
    print_report(reports.trucks(state, args.side, include_arriving=args.all), args.json)


def _run_supply(app: App, session: GameSession, args: argparse.Namespace) -> None:
    from ledger.reports import tables as reports

    seat = session.seat
    rows = reports.supply_totals(session.view)
    if seat is not None and seat.side is not None:  # not the other side's zeros (11.36)
        rows = [r for r in rows if r["side"] == seat.side]
    print_report(rows, args.json)


def _run_transfer(app: App, session: GameSession, args: argparse.Namespace) -> None:
    from ledger.commands.transfers import transfer
    from ledger.model.quantities import Supplies

    state = session.view
    origin = holder_id(state, args.origin, "--from", ("dump", "unit", "trucks"))
    destination = holder_id(state, args.destination, "--to", ("dump", "unit", "trucks"))
    amounts = Supplies(args.ammo, args.fuel, args.stores, args.water)
    side = state.holder_side(origin)
    app.execute(
        lambda s: transfer(s.state, origin, destination, amounts, app.source(s.state, side))
    )


def _run_stock_change(app: App, session: GameSession, args: argparse.Namespace) -> None:
    from ledger.commands import logistics
    from ledger.model.quantities import Supplies

    state = session.view
    cmd = args.command
    holder = holder_id(state, args.holder, "HOLDER", ("dump", "unit", "trucks"))
    amounts = Supplies(args.ammo, args.fuel, args.stores, args.water)
    stock_change = logistics.consume if cmd == "consume" else logistics.arrive
    side = state.holder_side(holder)
    app.execute(
        lambda s: stock_change(s.state, holder, amounts, args.cause, app.source(s.state, side))
    )


def _run_capture(app: App, session: GameSession, args: argparse.Namespace) -> None:
    from ledger.commands.capture import capture, enemy_holder
    from ledger.model.errors import LedgerError
    from ledger.model.quantities import Supplies
    from ledger.model.view import sees_all

    state = session.view
    seat = session.seat
    if sees_all(seat):  # the solo table and the umpire: every holder is in view
        enemy = holder_id(state, args.enemy, "ENEMY", ("dump", "unit", "trucks"))
        captor = holder_id(state, args.captor, "--to", ("dump", "unit", "trucks"))
    else:
        assert seat is not None and seat.side is not None
        captor = holder_id(state, args.captor, "--to", ("dump", "unit", "trucks"))
        found = enemy_holder(session.state, args.enemy, captor, seat.side)  # 50.16, 11.36
        if isinstance(found, LedgerError):
            raise Refused([found])
        enemy = found
    asked = Supplies(args.ammo, args.fuel, args.stores, args.water)
    app.execute(
        lambda s: capture(
            s.state,
            enemy,
            captor,
            app.source(s.state, state.holder_side(captor)),
            None if asked.is_zero else asked,
        )
    )


def _run_draw_water(app: App, session: GameSession, args: argparse.Namespace) -> None:
    from ledger.commands import logistics

    state = session.view
    holder = holder_id(state, args.holder, "HOLDER", ("unit", "trucks"))
    side = state.holder_side(holder)
    app.execute(
        lambda s: logistics.draw_water(
            s.state,
            holder,
            args.at,
            app.source(s.state, side),
            roll=args.roll,
            amount=args.water,
        )
    )


def _run_move_trucks(app: App, session: GameSession, args: argparse.Namespace) -> None:
    from ledger.commands import logistics

    state = session.view
    group = holder_id(state, args.trucks, "GROUP", ("trucks",))
    trip_cp = cp_arg(args.cp, "--cp")
    side = state.holder_side(group)
    app.execute(
        lambda s: logistics.move_trucks(
            s.state, group, args.hex, trip_cp, app.source(s.state, side), reaction=args.reaction
        )
    )


HANDLERS: dict[str, Handler] = {
    "dumps": _run_dumps,
    "trucks": _run_trucks,
    "supply": _run_supply,
    "transfer": _run_transfer,
    "consume": _run_stock_change,
    "arrive": _run_stock_change,
    "capture": _run_capture,
    "draw-water": _run_draw_water,
    "move-trucks": _run_move_trucks,
}
