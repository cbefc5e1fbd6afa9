"""Signing in to a game with seats (issue 16 item 2): the seat kept for the browser session.

A game with seats shows nothing of itself until a seat signs in, with its name and passphrase
(``ledger.journal.seats.sign_in``), or, where Streamlit's OpenID Connect sign-in is configured
(``[auth]`` in ``.streamlit/secrets.toml``, docs/seats.md), as the seat whose login is the
e-mail the provider gives (``seat_for_login``), unless the provider says it has not verified
that e-mail (``email_verified``). The seat is kept in ``st.session_state`` under
``SEAT_KEY`` with the game's name, so switching games asks again. Nothing here decides what a
seat sees or may do: the ledger does (``ledger.model.view``, ``ledger.model.seats``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import streamlit as st
from streamlit.errors import StreamlitAPIException

from dashboard.text import plain
from ledger.journal import EventStore, StoreError
from ledger.journal.seats import SeatRecord, SignInRefused, seat_for_login, sign_in
from ledger.model.seats import Seat, seat_label

SEAT_KEY: Final = "seat"
"""Session key of the seat signed in: ``(game name, Seat)``."""


def signed_in(game: str | None) -> Seat | None:
    """The seat signed in to ``game`` in this browser session (``None``: nobody)."""
    kept = st.session_state.get(SEAT_KEY)
    if isinstance(kept, tuple) and len(kept) == 2 and kept[0] == game:
        seat = kept[1]
        return seat if isinstance(seat, Seat) else None
    return None


def sign_out() -> None:
    """Forget the seat signed in (the page then asks for a seat again)."""
    st.session_state.pop(SEAT_KEY, None)


def login_configured() -> bool:
    """Whether Streamlit's OpenID Connect sign-in is configured (``st.user`` then says
    ``is_logged_in``: an ``[auth]`` section in ``secrets.toml``)."""
    return "is_logged_in" in st.user


def logged_in_email() -> str | None:
    """The e-mail the OpenID Connect provider gives for the user logged in, verified or not;
    ``None`` when nobody is logged in or the provider gives none."""
    if not st.user.get("is_logged_in"):
        return None
    email = st.user.get("email")
    return email if isinstance(email, str) and email else None


def email_verified() -> bool:
    """Whether the provider vouches for the logged-in user's e-mail: its ``email_verified``
    claim is missing (many providers verify every e-mail and send none, docs/seats.md) or
    true (``True``, or the text ``"true"`` some providers send); anything else is not."""
    claim = st.user.get("email_verified")
    if claim is None:
        return True
    return claim is True or (isinstance(claim, str) and claim.strip().lower() == "true")


def login_email() -> str | None:
    """The e-mail of the user logged in through OpenID Connect that may map to a seat, or
    ``None``: nobody logged in, no e-mail, or one the provider says it has not verified
    (anyone may claim an address they do not own at a provider that does not check)."""
    email = logged_in_email()
    return email if email is not None and email_verified() else None


def seat_from_login(store: EventStore, game: str) -> Seat | None:
    """Sign in as the seat whose login is the OpenID Connect user's e-mail, if any (kept in
    ``SEAT_KEY``); ``None`` when nobody is logged in or the e-mail maps to no seat."""
    email = login_email()
    if email is None:
        return None
    seat = seat_for_login(store, game, email)
    if seat is not None:
        st.session_state[SEAT_KEY] = (game, seat)
    return seat


def sign_out_button(seat: Seat) -> None:
    """The seat signed in and a Sign out button (which also logs out of OpenID Connect)."""
    st.markdown(f"**Signed in:** {plain(seat_label(seat))}")
    if st.button("Sign out", key="sign_out", icon=":material/logout:"):
        sign_out()
        if logged_in_email() is not None:
            st.logout()
        st.rerun()


def sign_in_page(store: EventStore, game: str, records: Sequence[SeatRecord]) -> None:
    """The sign-in form for ``game`` (seat and passphrase; a provider's Log in button where
    OpenID Connect is configured); signs in and reruns, or says why not."""
    st.title("Sign in")
    st.caption(
        plain(
            f"Game {game!r} is played from seats: each player sees only what the seat may see. "
            "Sign in to your seat to go on."
        )
    )
    if login_configured():
        _login_section()
    names = [r.seat.name for r in records]
    labels = {r.seat.name: seat_label(r.seat) for r in records}
    with st.form("sign_in", clear_on_submit=True):
        name = st.selectbox("Seat", names, format_func=labels.__getitem__, key="sign_in_seat")
        passphrase = st.text_input("Passphrase", type="password", key="sign_in_passphrase")
        pressed = st.form_submit_button("Sign in", type="primary", icon=":material/login:")
    if pressed and name is not None:
        try:
            seat = sign_in(store, game, str(name), str(passphrase or ""))
        except SignInRefused as refused:
            st.error(plain(f"Not signed in: {refused}"))
            return
        except StoreError as failed:
            st.error(plain(str(failed)))
            return
        st.session_state[SEAT_KEY] = (game, seat)
        st.rerun()


def _login_section() -> None:
    """Log in with the configured OpenID Connect provider, or say the account is no seat."""
    email = logged_in_email()
    if email is None:
        if st.button("Log in with your account", key="oidc_login", icon=":material/key:"):
            try:
                st.login()
            except StreamlitAPIException as exc:  # an [auth] section that is incomplete
                st.error(plain(f"The account sign-in is not set up: {exc}"))
        return
    if not email_verified():
        st.warning(
            plain(
                f"Logged in as {email}, whose e-mail the account provider has not verified: "
                "it signs in to no seat. Verify it with the provider, or sign in below."
            )
        )
    else:
        st.info(plain(f"Logged in as {email}, which is no seat of this game: sign in below."))
    if st.button("Log out of the account", key="oidc_logout"):
        st.logout()
