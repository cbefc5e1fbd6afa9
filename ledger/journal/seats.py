"""A game's seats in the database: who may sign in, as which side and roles, and how.

Each seat is a row of the ``seats`` table (made on the first ``add``, like ``snapshots``; a
database without it has no seats): the game, the seat's name, side and command roles
(``ledger.model.seats.Seat``), an argon2id hash of its passphrase (argon2-cffi; the passphrase
itself is never stored, logged or journaled) and, optionally, the login (an OpenID Connect
e-mail or subject) that signs in as it without a passphrase.

A game with no seat is the solo table: anyone who can open the database reads and writes it
all. Once a game has seats, every reader names a seat and proves it (``sign_in``); and once it
has an umpire seat, only the umpire adds or removes seats (SEAT-HOST, docs/rulings.md: before
that, whoever holds the database file, who can read it all anyway, sets the table up).
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Final

from argon2 import PasswordHasher, profiles
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import Column, DateTime, Integer, MetaData, String, Table, inspect, select
from sqlalchemy.exc import IntegrityError

from ledger.journal.session import CommandRefused, GameSession
from ledger.journal.store import EventStore
from ledger.model.errors import LedgerError
from ledger.model.seats import UMPIRE, Seat, seat_errors, seat_label
from ledger.model.source import ROLES, Role
from ledger.model.units import SIDES, Side

PASSPHRASE_MIN: Final = 8
"""Shortest passphrase a seat takes (characters)."""

PASSPHRASE_MAX: Final = 256
"""Longest passphrase a seat takes (characters): hashing is bounded work."""

LOGIN_MAX: Final = 254
"""Longest login (an e-mail address, RFC 5321)."""

_metadata = MetaData()
seats_table = Table(
    "seats",
    _metadata,
    Column("game_id", Integer, primary_key=True),
    Column("name", String(64), primary_key=True),
    Column("side", String(16), nullable=False),
    Column("roles", String(256), nullable=False),
    Column("passphrase_hash", String(256), nullable=False),
    Column("login", String(LOGIN_MAX), nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

CHEAP_HASHES_ENV: Final = "QUARTERMASTER_TEST_CHEAP_HASHES"
"""Set to 1 by the test suite only: hash new passphrases with argon2's cheapest parameters,
so the suite's hundreds of seats do not each take 64 MiB and a fifth of a second. Never set
it at a table: a hash keeps the parameters it was made with."""


def _hasher() -> PasswordHasher:
    """argon2id with argon2-cffi's recommended parameters (RFC 9106 low-memory: 64 MiB,
    3 passes), or the cheapest under ``CHEAP_HASHES_ENV``."""
    if os.environ.get(CHEAP_HASHES_ENV) == "1":
        return PasswordHasher.from_parameters(profiles.CHEAPEST)
    return PasswordHasher()


class SignInRefused(Exception):
    """A sign-in failed: unknown seat, wrong passphrase, or a seat needed and none given.
    The message names the seat (never the passphrase)."""


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """A seat as ``seat list`` shows it: the ``Seat``, its ``login`` (``None``: passphrase
    only) and when it was added."""

    seat: Seat
    login: str | None
    created_at: datetime


def _has_table(store: EventStore) -> bool:
    with store.translated(), store.engine.connect() as conn:
        return inspect(conn).has_table("seats")


def seats_of(store: EventStore, game: str) -> list[SeatRecord]:
    """Every seat of ``game``, by name (empty: the solo table). Raises ``UnknownGameError``,
    ``StoreError``."""
    if not _has_table(store):
        with store.translated(), store.engine.connect() as conn:
            store.game_id_of(conn, game)  # an unknown game is still refused
        return []
    with store.translated(), store.engine.connect() as conn:
        game_id = store.game_id_of(conn, game)
        rows = conn.execute(
            select(seats_table).where(seats_table.c.game_id == game_id).order_by(seats_table.c.name)
        ).all()
    return [SeatRecord(_seat(r.name, r.side, r.roles), r.login, r.created_at) for r in rows]


def _seat(name: str, side: str, roles: str) -> Seat:
    chosen: tuple[Role, ...] = tuple(r for r in ROLES if r in roles.split(","))
    seat_side: Side | None = next((s for s in SIDES if s == side), None)
    return Seat(name, seat_side, chosen)


def has_seats(store: EventStore, game: str) -> bool:
    """Whether ``game`` is played from seats (then every reader signs in)."""
    return bool(seats_of(store, game))


def add_seat(
    store: EventStore,
    game: str,
    seat: Seat,
    passphrase: str,
    *,
    login: str | None = None,
    by: Seat | None = None,
) -> Seat:
    """Add ``seat`` to ``game`` with ``passphrase`` (kept only as its argon2id hash) and an
    optional ``login`` (OpenID Connect e-mail) that signs in as it. ``by``: the seat signed in
    to do it, which must be the umpire once the game has one (SEAT-HOST). Raises
    ``CommandRefused`` naming each bad field (name, side, roles, passphrase length, a name or
    login taken, not the umpire), ``UnknownGameError``, ``StoreError``; nothing is written
    then."""
    existing = seats_of(store, game)
    errors = _host_errors(existing, by, "add")
    errors += seat_errors(seat.name, seat.side, seat.roles)
    if not PASSPHRASE_MIN <= len(passphrase) <= PASSPHRASE_MAX:
        errors.append(
            LedgerError(
                "passphrase",
                f"{len(passphrase)} characters: between {PASSPHRASE_MIN} and {PASSPHRASE_MAX}",
            )
        )
    if any(r.seat.name == seat.name for r in existing):
        errors.append(LedgerError("seat name", f"{seat.name!r} is taken in game {game!r}"))
    if login is not None:
        login = login.strip().lower()
        if not login or len(login) > LOGIN_MAX or not login.isprintable():
            errors.append(LedgerError("login", f"an e-mail of at most {LOGIN_MAX} characters"))
        elif any(r.login == login for r in existing):
            errors.append(LedgerError("login", f"{login!r} already signs in as another seat"))
    if errors:
        raise CommandRefused(errors)
    hashed = _hasher().hash(passphrase)
    try:
        with store.translated(), store.writing() as conn, conn.begin():
            _metadata.create_all(conn)
            conn.execute(
                seats_table.insert().values(
                    game_id=store.game_id_of(conn, game),
                    name=seat.name,
                    side=seat.side or UMPIRE,
                    roles=",".join(seat.roles),
                    passphrase_hash=hashed,
                    login=login,
                    created_at=datetime.now(UTC),
                )
            )
    except IntegrityError as exc:  # another host added it meanwhile
        raise CommandRefused(
            [LedgerError("seat name", f"{seat.name!r} is taken in game {game!r}")]
        ) from exc
    return seat


def remove_seat(store: EventStore, game: str, name: str, *, by: Seat | None = None) -> None:
    """Remove seat ``name`` from ``game`` (its journal entries keep its name). ``by`` as for
    ``add_seat``; the umpire cannot remove its own seat while other seats remain (the table
    would be left without anyone to keep it). Raises ``CommandRefused``, ``UnknownGameError``,
    ``StoreError``."""
    existing = seats_of(store, game)
    errors = _host_errors(existing, by, "remove")
    found = next((r for r in existing if r.seat.name == name), None)
    if found is None:
        known = ", ".join(r.seat.name for r in existing) or "none"
        errors.append(LedgerError("seat", f"no seat {name!r} in game {game!r} (seats: {known})"))
    elif found.seat.umpire and len(existing) > 1 and sum(r.seat.umpire for r in existing) == 1:
        errors.append(
            LedgerError("seat", f"{name!r} is the only umpire: remove the other seats first")
        )
    if errors:
        raise CommandRefused(errors)
    with store.translated(), store.writing() as conn, conn.begin():
        conn.execute(
            seats_table.delete().where(
                seats_table.c.game_id == store.game_id_of(conn, game),
                seats_table.c.name == name,
            )
        )


def _host_errors(existing: list[SeatRecord], by: Seat | None, what: str) -> list[LedgerError]:
    """SEAT-HOST: once a game has an umpire seat, only the umpire adds or removes seats."""
    if any(r.seat.umpire for r in existing) and (by is None or not by.umpire):
        return [
            LedgerError(
                "seat",
                f"only the umpire may {what} seats in a game that has one: sign in as the "
                "umpire (--as)",
            )
        ]
    return []


SIGN_IN_FAILURES: Final = 5
"""Wrong passphrases a seat takes within ``SIGN_IN_WINDOW`` before it refuses to try more."""
SIGN_IN_WINDOW: Final = 60.0
"""Seconds a seat's wrong passphrases are remembered (and the wait once it refuses)."""
SIGN_IN_AT_ONCE: Final = 4
"""Passphrases checked at the same time in one process (argon2id takes 64 MiB each)."""

_failures: dict[tuple[str, str, str], list[float]] = {}
_failures_lock = threading.Lock()
_checking = threading.BoundedSemaphore(SIGN_IN_AT_ONCE)


def _recent_failures(key: tuple[str, str, str], now: float) -> list[float]:
    with _failures_lock:
        kept = [t for t in _failures.get(key, []) if now - t < SIGN_IN_WINDOW]
        _failures[key] = kept
        return kept


def _note_failure(key: tuple[str, str, str], now: float) -> None:
    with _failures_lock:
        _failures.setdefault(key, []).append(now)


def sign_in(
    store: EventStore,
    game: str,
    name: str,
    passphrase: str,
    clock: Callable[[], float] = time.monotonic,
) -> Seat:
    """The seat ``name`` of ``game`` when ``passphrase`` is its own. Raises ``SignInRefused``
    (no such seat, or a wrong passphrase: one message for both, naming the seat; after
    ``SIGN_IN_FAILURES`` wrong ones within ``SIGN_IN_WINDOW`` seconds, every try until the
    oldest is that old, unchecked), ``UnknownGameError``, ``StoreError``. At most
    ``SIGN_IN_AT_ONCE`` passphrases are checked at once in a process (a served dashboard); the
    count of wrong ones is kept per process. ``clock``: seconds, for the tests."""
    key = (store.url, game, name)
    failed = _recent_failures(key, clock())
    if len(failed) >= SIGN_IN_FAILURES:
        wait = int(SIGN_IN_WINDOW - (clock() - failed[0])) + 1
        raise SignInRefused(
            f"seat {name!r} of game {game!r}: {len(failed)} wrong passphrases in the last "
            f"{int(SIGN_IN_WINDOW)} s; try again in {wait} s"
        )
    if _has_table(store):
        with store.translated(), store.engine.connect() as conn:
            row = conn.execute(
                select(seats_table).where(
                    seats_table.c.game_id == store.game_id_of(conn, game),
                    seats_table.c.name == name,
                )
            ).first()
    else:
        row = None
    if row is not None and len(passphrase) <= PASSPHRASE_MAX:
        try:
            with _checking:
                _hasher().verify(row.passphrase_hash, passphrase)
            with _failures_lock:
                _failures.pop(key, None)
            return _seat(row.name, row.side, row.roles)
        except (VerificationError, InvalidHashError):
            pass
    _note_failure(key, clock())
    raise SignInRefused(f"seat {name!r} of game {game!r}: no such seat or a wrong passphrase")


def seat_for_login(store: EventStore, game: str, login: str) -> Seat | None:
    """The seat of ``game`` that ``login`` (an OpenID Connect e-mail, compared without case)
    signs in as; ``None`` when it maps to none."""
    wanted = login.strip().lower()
    return next((r.seat for r in seats_of(store, game) if r.login == wanted), None)


def seat_required(store: EventStore, game: str) -> str | None:
    """What to tell a reader who gave no seat for ``game`` (``None``: the game has no seats,
    anyone may read it)."""
    existing = seats_of(store, game)
    if not existing:
        return None
    names = ", ".join(seat_label(r.seat) for r in existing)
    return f"game {game!r} is played from seats; sign in as one of: {names}"


def open_session(store: EventStore, game: str, seat: Seat | None) -> GameSession:
    """Game ``game``'s session for ``seat`` (signed in with ``sign_in`` or
    ``seat_for_login``). Raises ``SignInRefused`` when the game has seats and ``seat`` is
    ``None``, or names a seat the game no longer has; ``UnknownGameError``, ``StoreError``."""
    existing = seats_of(store, game)
    if existing and seat is None:
        raise SignInRefused(seat_required(store, game))
    if seat is not None and seat not in (r.seat for r in existing):
        raise SignInRefused(f"game {game!r} has no seat {seat_label(seat)} (any more)")
    return GameSession(store, game, seat)
