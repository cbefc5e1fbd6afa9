"""Subcommands of playing at a table (issue 16): a game's seats (``seat add``, ``seat list``,
``seat remove``: who may sign in, as which side and command roles of 4.5x, with a passphrase
kept only as its argon2id hash) and ``serve`` (the dashboard for the players' own devices).

A game without seats is the solo table, served on this computer only (127.0.0.1). Serving to
the network (``serve --host 0.0.0.0``) is refused while any game in the database has no seats,
since a game without seats shows both sides to whoever opens it (11.36); once a game has an
umpire seat, only the umpire adds or removes seats (SEAT-HOST).
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from ledger.cli.app import PASSPHRASE_ENV, App, Refused, StoreHandler, print_report
from ledger.cli.bounds import bounded_int
from ledger.cli.choices import ROLES, SIDES

if TYPE_CHECKING:
    from ledger.model.seats import Seat

NEW_PASSPHRASE_ENV = "QUARTERMASTER_NEW_PASSPHRASE"
"""The environment variable ``seat add`` reads the new seat's passphrase from (without ``--as``,
``QUARTERMASTER_PASSPHRASE`` too; else it is asked for twice on a terminal)."""

LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1")
"""Addresses that serve this computer only: no seats needed."""

PORT = bounded_int(1, 65535, "a TCP port", "1 to 65535")


def add_table_parsers(sub: Any, common: argparse.ArgumentParser) -> None:
    """``seat add|list|remove`` (a subcommand group, each with the ``common`` options) and
    ``serve``, added to the subparsers ``sub``."""
    seat = sub.add_parser(
        "seat",
        help="a game's seats: who signs in as which side and command roles (4.5)",
        description="a game's seats: who signs in (--as SEAT) as which side and command roles",
    )
    actions = seat.add_subparsers(dest="seat_action", required=True, metavar="ACTION")
    p = actions.add_parser(
        "add",
        parents=[common],
        help="add a seat with a passphrase",
        description=f"add a seat; its passphrase from {NEW_PASSPHRASE_ENV} (without --as, "
        f"{PASSPHRASE_ENV} too), else asked twice on a terminal; kept only as a hash",
    )
    p.add_argument("name", metavar="NAME", help="the seat's name, as players type it")
    p.add_argument("--side", required=True, choices=[*SIDES, "umpire"])
    p.add_argument(
        "--role",
        dest="roles",
        action="append",
        default=[],
        choices=ROLES,
        help="a command role the seat holds (4.5; repeat for several; none for the umpire)",
    )
    p.add_argument("--login", metavar="EMAIL", help="an OpenID Connect login that signs in as it")
    actions.add_parser(
        "list",
        parents=[common],
        help="the game's seats: name, side, roles, added (logins: the umpire's)",
        description="the game's seats (never their passphrases or hashes)",
    )
    p = actions.add_parser(
        "remove",
        parents=[common],
        help="remove a seat (its journal entries keep its name)",
        description="remove a seat; once the game has an umpire, only the umpire may",
    )
    p.add_argument("name", metavar="NAME")
    p = sub.add_parser(
        "serve",
        parents=[common],
        help="start the dashboard for the table; --host 0.0.0.0 serves the network (seats needed)",
        description="start the dashboard; a host other than 127.0.0.1 serves the network and "
        "needs seats in every game",
    )
    p.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: here only)"
    )
    p.add_argument("--port", type=PORT, default=8501, help="port to serve on (8501)")


def _run_seat(app: App, args: argparse.Namespace) -> None:
    {"add": _seat_add, "list": _seat_list, "remove": _seat_remove}[args.seat_action](app, args)


def _seat_add(app: App, args: argparse.Namespace) -> None:
    """``seat add NAME --side S --role R...``: the new seat, added by the seat signed in
    (the umpire, once the game has one: SEAT-HOST)."""
    from ledger.journal.seats import add_seat
    from ledger.journal.session import CommandRefused
    from ledger.model.seats import Seat, seat_label
    from ledger.model.source import ROLES as ROLE_IDS

    by = app.seat()
    game = app.game_name()
    roles = tuple(r for r in ROLE_IDS if r in args.roles)  # as 4.5 lists them, once each
    seat = Seat(args.name, None if args.side == "umpire" else args.side, roles)
    _refuse_before_asking(app, game, seat, by)
    passphrase = _new_passphrase(args.name, signed_in=by is not None)
    try:
        add_seat(app.store, game, seat, passphrase, login=args.login, by=by)
    except CommandRefused as refused:
        raise Refused(list(refused.errors)) from None
    if args.json:
        print_report(_seat_row(seat, args.login, None, as_json=True), True)
    else:
        print(f"added seat {seat_label(seat)} to game {game!r}")


def _refuse_before_asking(app: App, game: str, seat: Seat, by: Seat | None) -> None:
    """What ``add_seat`` would refuse whatever the passphrase (the seat's fields, a name
    taken, not the umpire: SEAT-HOST), said before a passphrase is asked for; ``add_seat``
    checks all again."""
    from ledger.journal.seats import seats_of
    from ledger.model.errors import LedgerError
    from ledger.model.seats import seat_errors

    existing = seats_of(app.store, game)
    errors = seat_errors(seat.name, seat.side, seat.roles)
    if any(r.seat.name == seat.name for r in existing):
        errors.append(LedgerError("seat name", f"{seat.name!r} is taken in game {game!r}"))
    if any(r.seat.umpire for r in existing) and (by is None or not by.umpire):
        errors.append(
            LedgerError(
                "seat",
                "only the umpire may add seats in a game that has one: sign in as the "
                "umpire (--as)",
            )
        )
    if errors:
        raise Refused(errors)


def _new_passphrase(name: str, *, signed_in: bool) -> str:
    """The new seat's passphrase: ``QUARTERMASTER_NEW_PASSPHRASE``, else (nobody signed in,
    whose passphrase it would be) ``QUARTERMASTER_PASSPHRASE``, else typed twice at the
    terminal without echo. Raises ``Refused`` when none can be had or the two differ."""
    import os
    import sys

    for env in (NEW_PASSPHRASE_ENV, *(() if signed_in else (PASSPHRASE_ENV,))):
        given = os.environ.get(env)
        if given:
            return given
    if sys.stdin is not None and sys.stdin.isatty():
        import getpass

        try:
            first = getpass.getpass(f"passphrase for the new seat {name!r}: ")
            again = getpass.getpass("the same passphrase again: ")
        except EOFError:
            pass
        else:
            if first != again:
                raise Refused([f"seat {name!r}: the two passphrases typed differ"])
            return first
    raise Refused(
        [f"seat {name!r}: no passphrase: set {NEW_PASSPHRASE_ENV}, or run it in a terminal"]
    )


def _seat_row(
    seat: Seat, login: str | None, added: str | None, *, as_json: bool, logins: bool = True
) -> dict[str, Any]:
    """One seat as ``seat list`` shows it; its ``login`` only with ``logins``."""
    row: dict[str, Any] = {
        "seat": seat.name,
        "side": seat.side or "umpire",
        "roles": list(seat.roles) if as_json else ", ".join(seat.roles),
    }
    if logins:
        row["login"] = login if as_json else login or ""
    if added is not None:
        row["added"] = added
    return row


def _seat_list(app: App, args: argparse.Namespace) -> None:
    """``seat list``: each seat's name, side, roles and when it was added (never a passphrase
    or its hash); its login e-mail only for the umpire signed in, or while the game has no
    umpire seat (who sets the table up)."""
    from ledger.journal.seats import seats_of

    by = app.seat()  # --as, when given, must hold
    records = seats_of(app.store, app.game_name())
    logins = (by is not None and by.umpire) or not any(r.seat.umpire for r in records)
    print_report(
        [
            _seat_row(
                r.seat,
                r.login,
                r.created_at.isoformat(timespec="seconds"),
                as_json=args.json,
                logins=logins,
            )
            for r in records
        ],
        args.json,
        "(no seats: the solo table, which sees both sides)",
    )


def _seat_remove(app: App, args: argparse.Namespace) -> None:
    """``seat remove NAME``, by the seat signed in (the umpire, once the game has one)."""
    from ledger.journal.seats import remove_seat
    from ledger.journal.session import CommandRefused

    by = app.seat()
    game = app.game_name()
    try:
        remove_seat(app.store, game, args.name, by=by)
    except CommandRefused as refused:
        raise Refused(list(refused.errors)) from None
    if args.json:
        print_report({"removed": args.name, "game": game}, True)
    else:
        print(f"removed seat {args.name!r} from game {game!r} (its journal entries keep its name)")


def is_local(host: str) -> bool:
    """Whether ``host`` serves this computer only (a loopback address or ``localhost``)."""
    import ipaddress

    if host.strip().casefold() in LOCAL_HOSTS:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def lan_address() -> str:
    """This computer's address on its network, as players' devices reach it: the address of
    the interface a packet to the outside would leave by (a UDP socket's connect sends
    nothing), else the host name."""
    import socket

    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1 (RFC 5737): never routed
            address = str(probe.getsockname()[0])
    except OSError:
        address = ""
    if not address or address.startswith(("0.", "127.")):
        return socket.gethostname()
    return address


def serving_errors(app: App, host: str) -> list[str]:
    """Why the database may not be served on ``host`` (empty: it may): served to the network,
    every game must have seats, so that each player signs in and sees only their side (11.36);
    and there must be a game (the dashboard would otherwise create one without seats)."""
    from ledger.journal.seats import has_seats

    games = [name for name, *_ in app.store.games()]
    if not games:
        return [
            f"--host {host}: no game yet to serve; create one (`quartermaster new NAME`) and "
            "its seats (`quartermaster seat add`) first"
        ]
    seatless = [name for name in games if not has_seats(app.store, name)]
    if seatless:
        return [
            f"--host {host}: served to the network, every game needs seats, and "
            f"{', '.join(repr(n) for n in seatless)} has none: anyone could read both sides "
            "(11.36). Add seats (`quartermaster seat add NAME --side ... --game GAME`) or serve "
            "on 127.0.0.1"
        ]
    return []


def _run_serve(app: App, args: argparse.Namespace) -> None:
    """``serve``: start the dashboard (``python -m dashboard.launch``) on ``--host`` and
    ``--port``; to the network only when every game has seats, saying the address players
    open."""
    import sys

    host = args.host.strip()
    if not is_local(host):
        errors = serving_errors(app, host)
        if errors:
            raise Refused(errors)
        shown = lan_address() if host in ("0.0.0.0", "::", "[::]") else host
        print(f"Players open http://{shown}:{args.port} and sign in to their seats", flush=True)
    argv = [sys.executable, "-m", "dashboard.launch", "--address", host, "--port", str(args.port)]
    if args.db:
        argv += ["--db", args.db]
    status = _launch(argv)
    if status not in (0, None):
        raise Refused([f"the dashboard stopped with exit status {status}"])


def _launch(argv: list[str]) -> int:
    """Run the dashboard's launcher ``argv`` until it stops; its exit status."""
    import subprocess

    return subprocess.call(argv)


STORE_HANDLERS: dict[str, StoreHandler] = {"seat": _run_seat, "serve": _run_serve}
"""The subcommands that need the database (or a game's seats) but no session."""
