"""The CLI's seats (issue 16): ``Refused`` (every refusal, exit status 1), the passphrase
``--as`` reads, the options a side's seat may not give, what a write prints as the seat may
read it, and who got there first when a write keeps losing the race (11.36).
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ledger.journal.session import GameSession
    from ledger.model.errors import LedgerError
    from ledger.model.events import Event
    from ledger.model.seats import Seat

PASSPHRASE_ENV = "QUARTERMASTER_PASSPHRASE"
"""The environment variable ``--as SEAT`` reads the seat's passphrase from (else it is asked
for on a terminal, without echo)."""


class Refused(Exception):
    """The command cannot be done; ``errors`` are shown and the exit status is 1."""

    status = 1

    def __init__(self, errors: Sequence[LedgerError | str]) -> None:
        from ledger.model.errors import LedgerError

        super().__init__("\n".join(map(str, errors)))
        self.errors = [str(e) for e in errors]
        self.details = [
            {"field": e.field, "message": e.message, "case": e.case}
            if isinstance(e, LedgerError)
            else {"field": "", "message": e, "case": ""}
            for e in errors
        ]


def as_read(session: GameSession, events: Sequence[Event]) -> list[tuple[str, Event | None]]:
    """What a command prints of the ``events`` it just appended: each as the session's seat
    may read it (``ledger.model.view.event_for`` on the whole ledger, 11.36) with the line
    that says what it did, in order; each run of entries the seat may not read is one line,
    "Axis: 2 entries", with ``None`` (left out of ``--json``). The solo table and the umpire
    read every event whole."""
    from ledger.model.seats import side_name
    from ledger.model.view import HiddenEntries, journal_for
    from ledger.reports import event_log

    shown = session.view
    read: list[tuple[str, Event | None]] = []
    for line in journal_for(enumerate(events, 1), session.seat, session.state):
        if isinstance(line, HiddenEntries):
            entries = "1 entry" if line.count == 1 else f"{line.count:,} entries"
            read.append((f"{side_name(line.side)}: {entries}", None))
        else:
            read.append((event_log.describe(line[1], shown), line[1]))
    return read


def read_passphrase(prompt: str, what: str, env: str = PASSPHRASE_ENV) -> str:
    """A passphrase from the environment variable ``env``, else typed at the terminal without
    echo (``prompt``). Raises ``Refused`` naming ``what`` and ``env`` when it is not set and
    standard input is no terminal (a script: nothing to ask)."""
    import sys

    given = os.environ.get(env)
    if given:
        return given
    if sys.stdin is not None and sys.stdin.isatty():
        import getpass

        try:
            return getpass.getpass(prompt)
        except EOFError:
            pass
    raise Refused([f"{what}: no passphrase: set {env}, or run it in a terminal to be asked"])


def check_seat_options(args: argparse.Namespace, seat: Seat) -> None:
    """Refuse a side's ``seat`` options that declare the other side (``--side``: its ledger
    is secret, 11.36) or a role the seat does not hold (``--role``, 4.5)."""
    from ledger.model.seats import role_name, roles_named, side_name

    if seat.side is None:
        return
    errors: list[str] = []
    side = getattr(args, "side", None)
    if side is not None and side != seat.side:
        secret = (
            "it may not export the other side's sheets; the umpire exports both"
            if args.command == "export"
            else "the other side's ledger is secret from it"
        )
        errors.append(f"--side {side}: {seat.name} plays {side_name(seat.side)}; {secret} (11.36)")
    role = getattr(args, "role", None)
    if role is not None and not seat.holds(role):
        errors.append(
            f"--role {role}: {seat.name} holds {roles_named(seat.roles)}, "
            f"not {role_name(role)} (4.5)"
        )
    if errors:
        raise Refused(errors)


def first_there(session: GameSession, read: int) -> str:
    """Who appended to the journal after sequence ``read`` (where the command first read it):
    the seats (else the sides) of the entries since, with their numbers; an entry the seat
    may not read (``ledger.model.view.event_for``) names its side only (11.36)."""
    from ledger.model.seats import side_name
    from ledger.model.view import event_for

    posted: dict[str, list[int]] = {}
    for r in session.since(read + 1):
        source = r.event.source
        side = side_name(source.side) if source.side is not None else "another player"
        readable = event_for(r.event, session.seat, session.state) is not None
        who = (source.seat or side) if readable else side
        posted.setdefault(who, []).append(r.seq)
    said = ", ".join(f"{who} (#{', #'.join(map(str, seqs))})" for who, seqs in posted.items())
    return f"got there first: {said or 'another writer'}"
