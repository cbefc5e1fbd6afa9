"""What every ``quartermaster`` subcommand shares: the parsed command line and its database
(``App``), refusals (``Refused``: exit status 1; ``BadRequest``: 2), the common options (--db,
--game, --json, --as; --reason and --role for a command that writes, 4.5x; --light/--medium/--heavy
truck points, 54.2), reading CP (6.12: ``5``, ``1/2``, ``2 1/2``) and holders (units, dumps,
truck groups), and printing a report as a table or as JSON.

Seats (issue 16): ``--as SEAT`` signs in (the passphrase from ``QUARTERMASTER_PASSPHRASE``, else
asked without echo on a terminal); a game with seats is refused without it. Every report reads
``GameSession.view`` (what the seat may see, 11.36) and every name a player types is looked up
there, so an enemy counter is no such unit; a command runs on the whole ledger, which checks
the seat's roles (SEAT-ROLES) and side.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeAlias

from ledger.cli.bounds import TRUCK_POINTS, shown
from ledger.cli.choices import ROLES
from ledger.cli.seated import PASSPHRASE_ENV as PASSPHRASE_ENV
from ledger.cli.seated import Refused as Refused
from ledger.cli.seated import as_read as as_read
from ledger.cli.seated import check_seat_options, first_there, read_passphrase

if TYPE_CHECKING:
    from fractions import Fraction

    from ledger.commands.outcome import Outcome
    from ledger.journal import EventStore
    from ledger.journal.session import GameSession
    from ledger.model.events import Event
    from ledger.model.seats import Seat
    from ledger.model.source import Role, Source
    from ledger.model.state import GameState
    from ledger.model.units import Side

WRITE_TRIES = 3
"""How often a write command is tried when other writers keep appending first."""


class BadRequest(Refused):
    """The input file or an option is not a valid request (docs/combat.md); exit status 2."""

    status = 2


def common_options() -> argparse.ArgumentParser:
    """The parent parser of every subcommand's options: ``--db`` (an SQLite file path or an
    SQLAlchemy URL), ``--game`` (default: the only game) and ``--json``; no ``-h`` of its own."""
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--db", help="database: an SQLite file path or an SQLAlchemy URL")
    common.add_argument(
        "--game", type=game_name_arg, help="the game to use (default: the only one)"
    )
    common.add_argument("--json", action="store_true", help="print JSON instead of a table")
    common.add_argument(
        "--as",
        dest="as_seat",
        metavar="SEAT",
        help=f"sign in as this seat of the game (passphrase: {PASSPHRASE_ENV}, else asked)",
    )
    common.add_argument(
        "--debug",
        action="store_true",
        default=argparse.SUPPRESS,  # leaves `quartermaster --debug COMMAND`'s value alone
        help="show the Python traceback of an unexpected error",
    )
    return common


def game_name_arg(text: str) -> str:
    """``--game``: any name but an empty or blank one (which would otherwise mean "the only
    game" and pick one silently). Raises ``argparse.ArgumentTypeError``."""
    if not text.strip():
        raise argparse.ArgumentTypeError("a game name cannot be empty")
    return text


Add = Callable[[str, str], argparse.ArgumentParser]
"""``add(NAME, HELP)`` in ``build_parser``: a subcommand's parser with the common options."""


def add_truck_options(p: argparse.ArgumentParser, what: str) -> None:
    """Add ``--light``, ``--medium`` and ``--heavy N`` (whole truck points of each type, 54.2;
    default ``None``: not given) to ``p``, each helped as "<type> ``what``"."""
    for kind in ("light", "medium", "heavy"):
        p.add_argument(f"--{kind}", type=TRUCK_POINTS, metavar="N", help=f"{kind} {what}")


def trucks_given(args: argparse.Namespace) -> tuple[int, int, int] | None:
    """The truck points of ``add_truck_options`` as (light, medium, heavy), a type left out
    counting 0; ``None`` when none of the three was given."""
    given = (args.light, args.medium, args.heavy)
    if all(n is None for n in given):
        return None
    return (args.light or 0, args.medium or 0, args.heavy or 0)


def add_source_options(p: argparse.ArgumentParser, role: Role) -> None:
    """Add the options of a command that writes: ``--reason`` (free text or a log-sheet line,
    default empty) and ``--role`` (who records it, one of the command roles of 4.5x; default
    ``role``), read by ``App.source``."""
    p.add_argument("--reason", default="", help="why (free text or a log-sheet line)")
    p.add_argument(
        "--role",
        choices=ROLES,
        help=f"who records it (default {role}; signed in, a role the seat holds)",
    )
    p.set_defaults(default_role=role)


def _json_default(value: object) -> object:
    from fractions import Fraction

    if isinstance(value, Fraction):
        return str(value)
    raise TypeError(type(value).__name__)


def print_report(
    rows: list[dict[str, Any]] | dict[str, Any], as_json: bool, empty: str = "(none)"
) -> None:
    """Print a report: with ``as_json`` as indented JSON (a ``Fraction`` as its string,
    ``"1/4"``); otherwise a dict as one ``key  value`` line per key, a list of rows as a table
    (one column per key) or ``empty`` when there are none. CP and other ``Fraction`` figures
    show in quarter points (``2 1/2``, 6.12)."""
    if as_json:
        import json

        print(json.dumps(rows, default=_json_default, indent=2, ensure_ascii=False))
        return
    from fractions import Fraction

    from ledger.model.quantities import format_cp

    def _cell(value: object) -> object:
        return format_cp(value) if isinstance(value, Fraction) else value

    if isinstance(rows, dict):
        width = max(len(k) for k in rows)
        for key, value in rows.items():
            print(f"{key:<{width}}  {_cell(value)}")
        return
    if not rows:
        print(empty)
        return
    import pandas as pd

    frame = pd.DataFrame([{k: _cell(v) for k, v in r.items()} for r in rows])
    print(frame.to_string(index=False))


class App:
    """The parsed command line, the database it works on and the seat signed in with ``--as``."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self._store: EventStore | None = None
        self._session: GameSession | None = None
        self._seat: Seat | None = None
        self._signed_in = False

    @property
    def store(self) -> EventStore:
        """The database, opened on first use; only ``new`` may create it (reading commands
        leave a missing path missing) and only ``migrate`` upgrade it. Raises ``StoreError``."""
        if self._store is None:
            from ledger.journal import EventStore, database_url, default_database_url

            url = database_url(self.args.db) if self.args.db else default_database_url()
            self._store = EventStore(
                url, create=self.args.command == "new", upgrade=self.args.command == "migrate"
            )
        return self._store

    def game_name(self) -> str:
        chosen: str | None = self.args.game or os.environ.get("QUARTERMASTER_GAME")
        if chosen:
            return chosen
        names = [g[0] for g in self.store.games()]
        if len(names) == 1:
            return names[0]
        if not names:
            raise Refused(["--game: no game yet; create one with `quartermaster new NAME`"])
        raise Refused(
            [f"--game: {len(names)} games in the database ({', '.join(names)}); name one"]
        )

    def seat(self) -> Seat | None:
        """The seat ``--as`` names, signed in once per command with its passphrase
        (``QUARTERMASTER_PASSPHRASE``, else asked without echo on a terminal); ``None`` without
        ``--as``. Raises ``Refused`` when no passphrase can be had, or the game refuses it (no
        such seat, or a wrong passphrase: one line naming the seat, never the passphrase)."""
        if self._signed_in:
            return self._seat
        name: str | None = getattr(self.args, "as_seat", None)
        if name is not None:
            from ledger.journal.seats import SignInRefused, has_seats, sign_in

            game = self.game_name()
            passphrase = read_passphrase(f"passphrase of seat {name!r}: ", f"--as {name}")
            try:
                self._seat = sign_in(self.store, game, name, passphrase)
            except SignInRefused as exc:
                if not has_seats(self.store, game):
                    raise Refused(
                        [
                            f"--as {name}: game {game!r} has no seats (the solo table: leave "
                            "--as out, or add seats with `quartermaster seat add`)"
                        ]
                    ) from None
                raise Refused([f"--as: {exc}"]) from None
        self._signed_in = True
        return self._seat

    def session(self) -> GameSession:
        """The game's session for the seat signed in (``ledger.journal.seats.open_session``):
        its journal read and folded once per command, then kept up to date by the session's own
        appends. Raises ``Refused`` when the game has seats and no ``--as`` names one (the
        seats listed), when ``--side`` names the other side of a side's seat (11.36) or
        ``--role`` a role the seat does not hold (4.5); ``UnknownGameError``, ``StoreError``."""
        if self._session is None:
            from ledger.journal.seats import SignInRefused, open_session

            seat = self.seat()
            try:
                session = open_session(self.store, self.game_name(), seat)
            except SignInRefused as exc:
                raise Refused(
                    [f"--as: {exc} (the passphrase from {PASSPHRASE_ENV}, else asked)"]
                ) from None
            if seat is not None:
                check_seat_options(self.args, seat)
            self._session = session
        return self._session

    def source(self, state: GameState, side: Side | None) -> Source:
        """Who records the command, now, for ``--reason``: ``side`` as the ``--role`` given
        (default: the command's own). Signed in as a side's seat, the seat's side and a role it
        holds: ``--role`` when given, else the command's own role when the seat holds it, else
        the seat's first role (SEAT-ROLES)."""
        from ledger.model.source import Source

        role = self.args.role or self.args.default_role
        seat = self._seat
        if seat is not None and seat.side is not None:
            side = seat.side
            if self.args.role is None and not seat.holds(role) and seat.roles:
                role = seat.roles[0]
        return Source(state.clock, side, role, self.args.reason)

    def unit_command(self, state: GameState, command: UnitCommand) -> None:
        """Run ``command(state, unit id, source)`` for the unit named by ``UNIT`` (looked up
        in ``state``: give the session's view), recorded for the unit's side."""
        unit_id = holder_id(state, self.args.unit, "UNIT", ("unit",))
        side: Side = state.units[unit_id].side
        self.execute(lambda s: command(s.state, unit_id, self.source(s.state, side)))

    def execute(self, make: Callable[[GameSession], Outcome]) -> tuple[Event, ...]:
        """Run the command ``make`` builds from the session and append its events; when
        another writer appended first, read what it wrote and run the command again on the
        new state (up to ``WRITE_TRIES`` times in all). Raises ``Refused`` with every error,
        and, when the journal kept moving, naming who got there first (the seats, or sides,
        of the entries appended since the command last read it)."""
        from ledger.journal import StaleSequenceError
        from ledger.journal.session import CommandRefused

        session = self.session()
        read = session.last_seq
        for attempt in range(1, WRITE_TRIES + 1):
            try:
                events = session.execute(lambda _state: make(session))
                break
            except CommandRefused as refused:
                raise Refused(list(refused.errors)) from refused
            except StaleSequenceError as stale:
                session.reload()
                if attempt == WRITE_TRIES:
                    raise Refused([f"{stale}; {first_there(session, read)}"]) from stale
        printed = as_read(session, events)
        if self.args.json:
            import json

            from ledger.journal.codec import encode

            print_report(
                [
                    {"said": said, "event": json.loads(encode(e))}
                    for said, e in printed
                    if e is not None
                ],
                True,
            )
            return events
        for said, _ in printed:
            print(said)
        return events


UnitCommand: TypeAlias = "Callable[[GameState, str, Source], Outcome]"
"""A unit command of ``ledger.commands``: (state, unit id, source) to its outcome."""

Handler: TypeAlias = "Callable[[App, GameSession, argparse.Namespace], None]"
"""Carry out a subcommand on the game's session (``run`` opens it first)."""

StoreHandler: TypeAlias = Callable[[App, argparse.Namespace], None]
"""Carry out a subcommand on the database alone (``new``, ``games``, ``scenarios``)."""


def holder_id(
    state: GameState, text: str, field: str, kinds: tuple[str, ...], side: Side | None = None
) -> str:
    """The id of the holder ``text`` names (its id or name) among ``kinds`` (``"unit"``,
    ``"dump"``, ``"trucks"``: units, supply dumps, truck groups), of ``side`` only when given.
    Raises ``Refused`` with one error for option or argument ``field`` when it names none of
    them or is ambiguous."""
    from ledger.model.errors import LedgerError
    from ledger.model.lookup import resolve as resolve_holder

    found = resolve_holder(state, text, field, kinds, side)
    if isinstance(found, LedgerError):
        raise Refused([found])
    return found


def cp_arg(text: str, field: str = "CP") -> Fraction:
    """A CP amount typed on the command line for option or argument ``field`` (``5``, ``1/2``,
    ``2 1/2``, 6.12) as an exact, non-negative ``Fraction`` in whole quarter points (8.37), at
    most ``ledger.model.bounds.CP_PER_COMMAND_MAX`` (100). Raises ``BadRequest`` (exit status 2, a usage error) for text
    longer than ``CP_TEXT_LIMIT`` (16, before converting it) or a value above the bound, and
    ``Refused`` with the parser's message for anything else (not a number, negative, finer than
    1/4 CP)."""
    return _bounded_cp(text, text, field)


def signed_cp_arg(text: str, field: str = "CP") -> Fraction:
    """``cp_arg`` with an optional leading sign (``+``, ``-`` or the minus sign ``−``): a change
    in quarter points such as ``adjust-cohesion --change=-1/2``, as a ``Fraction`` of at most
    ``ledger.model.bounds.CP_PER_COMMAND_MAX`` (100) either way. Raises ``BadRequest`` or ``Refused`` as ``cp_arg``
    does."""
    stripped = text.strip()
    sign = -1 if stripped.startswith(("-", "−")) else 1
    return sign * _bounded_cp(stripped.lstrip("+-−"), text, field)


def _bounded_cp(text: str, typed: str, field: str) -> Fraction:
    """``text`` (``typed`` without its sign) read as ``cp_arg`` says; the refusals quote
    ``typed``."""
    from ledger.model.bounds import CP_OVER_BOUND, CP_PER_COMMAND_MAX
    from ledger.model.quantities import CP_TEXT_LIMIT, CPFormatError, parse_cp

    if len(text) > CP_TEXT_LIMIT:  # parse_cp's own limit, refused here as a usage error
        raise BadRequest(
            [
                f"{field} {shown(typed)}: too long for a CP amount (at most {CP_TEXT_LIMIT} "
                "characters: 5, 1/2, 2 1/2)"
            ]
        )
    try:
        value = parse_cp(text)
    except CPFormatError as exc:
        raise Refused([str(exc)]) from exc
    if value > CP_PER_COMMAND_MAX:
        raise BadRequest([f"{field} {shown(typed)}: {CP_OVER_BOUND}"])
    return value


_TABLE_COLUMNS: dict[str, tuple[str, ...]] = {
    "units": (
        "counter",
        "name",
        "side",
        "location",
        "status",
        "toe_points",
        "cpa",
        "cp_expended",
        "cp_remaining",
        "cohesion",
        "ammo",
        "fuel",
        "stores",
        "water",
        "shortages",
    ),
    "cp": (
        "counter",
        "name",
        "cpa",
        "cp_expended",
        "cp_remaining",
        "cp_over",
        "voluntary_ceiling",
        "dp_for_next_cp",
        "cohesion",
    ),
    "cohesion": ("counter", "name", "cohesion", "surrenders_if_assaulted", "may_not_move"),
}
"""The columns a table shows; ``--json`` gives every key of the report rows."""


def table_columns(rows: list[dict[str, Any]], table: str, as_json: bool) -> list[dict[str, Any]]:
    """The report ``rows`` cut to the columns table ``table`` (``"units"``, ``"cp"`` or
    ``"cohesion"``) shows, in its order; with ``as_json`` the rows unchanged (every key)."""
    if as_json:
        return rows
    return [{k: r[k] for k in _TABLE_COLUMNS[table]} for r in rows]
