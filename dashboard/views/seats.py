"""Seats page (issue 16 item 1): the game's seats, and adding and removing them.

Shown to the umpire's seat, and at a table without seats to set up the first ones (an umpire
first: once there is one, only the umpire keeps the seats, SEAT-HOST). Every change goes through
``ledger.journal.seats`` (``add_seat``, ``remove_seat``), which checks it; passphrases are kept
only as hashes there, and never shown here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import streamlit as st

from dashboard.context import Game, open_game, show_status
from dashboard.tables import Col, show_table
from dashboard.text import error_lines, plain
from ledger.journal import StoreError
from ledger.journal.seats import PASSPHRASE_MIN, add_seat, remove_seat, seats_of
from ledger.journal.session import CommandRefused
from ledger.model.errors import LedgerError
from ledger.model.seats import ROLE_NAMES, UMPIRE, Seat, roles_named, seat_label, side_name
from ledger.model.source import ROLES, Role
from ledger.model.units import SIDES, Side

COLUMNS: Final = (
    Col("name", "Seat"),
    Col("side", "Side"),
    Col("roles", "Command roles (4.5)", width=320),
    Col("login", "Login", "an OpenID Connect e-mail that signs in as the seat (docs/seats.md)"),
    Col("created", "Added"),
)
SIDE_CHOICES: Final = (UMPIRE, *SIDES)
ADDED_KEY: Final = "seats_added"
"""Session key counting the seats added here: the add form's widget keys end in it."""
DONE_KEY: Final = "seats_done"
"""Session key of what to say after the rerun that follows an added seat."""


def _side(choice: str | None) -> Side | None:
    """The side a Side choice names (``None``: the umpire)."""
    return next((s for s in SIDES if s == choice), None)


def _side_label(choice: str) -> str:
    return "Umpire (sees both sides)" if choice == UMPIRE else side_name(_side(choice))


def refusal(errors: list[LedgerError], game: Game) -> None:
    """Show a refusal as the other pages do: every error, and that nothing was written."""
    st.error(
        "Refused — nothing was written:\n\n"
        + "\n".join(f"- {line}" for line in error_lines(errors, game.state))
    )


def seat_table(game: Game) -> None:
    """The seats of the game (never their passphrases)."""
    records = seats_of(game.session.store, game.session.name)
    rows = [
        {
            "name": r.seat.name,
            "side": side_name(r.seat.side),
            "roles": "every role of both sides" if r.seat.umpire else roles_named(r.seat.roles),
            "login": r.login or "",
            "created": f"{r.created_at:%Y-%m-%d %H:%M}",
        }
        for r in records
    ]
    show_table(rows, COLUMNS, empty="No seats: this is the solo table, open to whoever opens it.")


def add_form(game: Game, first: bool) -> None:
    """Name, side (or umpire), roles, passphrase twice and an optional login: ``add_seat``.
    A refused seat keeps what was typed; an added one gives an empty form (its widget keys
    end in a count of the seats added, ``ADDED_KEY``)."""
    st.subheader("Add a seat")
    done = st.session_state.pop(DONE_KEY, None)
    if isinstance(done, list):
        for kind, text in done:
            (st.success if kind == "success" else st.info)(text)
    if first:
        st.caption(
            "The first seat should be the umpire's: once the game has one, only the umpire "
            "adds or removes seats, and every player signs in."
        )
    n = int(st.session_state.get(ADDED_KEY, 0))
    with st.form(f"seat_add_{n}"):
        name_col, side_col = st.columns(2)
        name = name_col.text_input(
            "Seat name", placeholder="e.g. cw-logistics", key=f"seat_name_{n}"
        )
        side = side_col.selectbox(
            "Side", SIDE_CHOICES, format_func=_side_label, key=f"seat_side_{n}", index=None
        )
        roles: list[Role] = st.multiselect(
            "Command roles (4.5; none for the umpire)",
            ROLES,
            format_func=ROLE_NAMES.__getitem__,
            key=f"seat_roles_{n}",
        )
        one, two = st.columns(2)
        phrase = one.text_input(
            "Passphrase",
            type="password",
            key=f"seat_passphrase_{n}",
            help=f"at least {PASSPHRASE_MIN} characters; kept only as a hash",
        )
        again = two.text_input("Passphrase again", type="password", key=f"seat_again_{n}")
        login = st.text_input(
            "Login e-mail (optional)",
            placeholder="signs in through the configured account provider, docs/seats.md",
            key=f"seat_login_{n}",
        )
        pressed = st.form_submit_button("Add seat", type="primary")
    if not pressed:
        return
    errors = [] if side is not None else [LedgerError("side", "choose a side, or the umpire")]
    if phrase != again:
        errors.append(LedgerError("passphrase", "the two passphrases differ"))
    if errors or side is None:
        refusal(errors, game)
        return
    seat = Seat(str(name), _side(side), tuple(roles))
    if not _changed(
        game,
        lambda: add_seat(
            game.session.store,
            game.session.name,
            seat,
            str(phrase),
            login=str(login).strip() or None,
            by=game.seat,
        ),
    ):
        return
    said = plain(f"Seat added: {seat_label(seat)}.")
    if game.seat is None:  # the next run asks for a seat: say it here
        st.success(said)
        st.info("The game now has seats: every player, you too, signs in to a seat.")
        return
    st.session_state[DONE_KEY] = [("success", said)]
    st.session_state[ADDED_KEY] = n + 1
    st.rerun()


def _changed(game: Game, change: Callable[[], object]) -> bool:
    """Make a seat ``change`` (``add_seat``, ``remove_seat``); its refusal or the database's
    failure is shown as the other pages show them. Whether it was made."""
    try:
        change()
    except CommandRefused as refused:
        refusal(list(refused.errors), game)
        return False
    except StoreError as failed:
        st.error(plain(f"Nothing was written: {failed}"))
        return False
    return True


def remove_form(game: Game, names: list[str]) -> None:
    """A seat and a Remove button: ``remove_seat`` (its journal entries keep its name)."""
    st.subheader("Remove a seat")
    if not names:
        st.caption("No seat to remove.")
        return
    with st.form("seat_remove", clear_on_submit=True, border=False):
        name = st.selectbox("Seat", names, key="seat_remove_name")
        pressed = st.form_submit_button("Remove seat")
    if not pressed or name is None:
        return
    if not _changed(
        game, lambda: remove_seat(game.session.store, game.session.name, str(name), by=game.seat)
    ):
        return
    st.success(plain(f"Seat {name!r} removed; its journal entries keep its name."))


def render() -> None:
    """The Seats page."""
    game = open_game()
    st.title("Seats")
    st.caption(
        "Who sits at this table: each seat signs in with its passphrase and sees only its own "
        "side (the umpire: both); its command roles decide what it may record (4.5)."
    )
    if game.seat is not None and not game.seat.umpire:
        st.info("Only the umpire keeps the seats.")
        show_status(game)
        return
    table = st.container()
    add_area = st.container()
    remove_area = st.container()
    with add_area:
        add_form(game, first=not seats_of(game.session.store, game.session.name))
    with remove_area:
        remove_form(game, [r.seat.name for r in seats_of(game.session.store, game.session.name)])
    with table:
        seat_table(game)
    show_status(game)


if __name__ == "__main__":
    render()
