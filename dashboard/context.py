"""What every page shares: the event store, the sidebar choices and this rerun's game session.

Only the chosen game's name, side and role live in ``st.session_state`` (as the sidebar
widgets' values). The ``EventStore`` is cached per database URL with ``st.cache_resource``;
the ``GameSession`` is opened again on every rerun, so a write from the CLI or another
browser shows up at once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final, NoReturn

import streamlit as st

from dashboard.text import error_lines, plain
from ledger.commands.outcome import Outcome
from ledger.journal import (
    EventStore,
    StaleSequenceError,
    StoreError,
    UnknownGameError,
    default_database_url,
)
from ledger.journal.session import CommandRefused, GameSession
from ledger.model.events import Event
from ledger.model.source import ROLES, Role, Source
from ledger.model.state import GameState
from ledger.model.units import SIDES, Side
from ledger.reports import event_log

SIDE_NAMES: Final[dict[Side, str]] = {"axis": "Axis", "commonwealth": "Commonwealth"}
ROLE_NAMES: Final[dict[Role, str]] = {
    "commander_in_chief": "Commander-in-Chief",
    "field_commander": "Field Commander",
    "logistics_commander": "Logistics Commander",
    "rear_area_commander": "Rear Area Commander",
    "air_marshal": "Air Marshal",
}
"""The command roles of 4.5x as the rules name them."""

GAME_KEY: Final = "game"
SIDE_KEY: Final = "side"
ROLE_KEY: Final = "role"


@st.cache_resource(show_spinner=False)
def event_store(url: str) -> EventStore:
    """The ``EventStore`` of database ``url``, one per URL for the whole server process."""
    return EventStore(url)


def current_store() -> EventStore:
    """The store of the default database (``QUARTERMASTER_DB`` or the per-user SQLite file);
    a database that cannot be used stops the page with its one-line reason."""
    try:
        return event_store(default_database_url())
    except StoreError as exc:
        st.error(plain(str(exc)))
        st.stop()


def sidebar(store: EventStore) -> None:
    """Render the game, side and role pickers in the sidebar (their values: session_state)."""
    names = [name for name, *_ in store.games()]
    with st.sidebar:
        if names:
            st.selectbox("Game", names, key=GAME_KEY)
        else:
            st.session_state.pop(GAME_KEY, None)
        st.selectbox("Side", SIDES, key=SIDE_KEY, format_func=SIDE_NAMES.__getitem__)
        st.selectbox(
            "Command role (4.5)",
            ROLES,
            index=ROLES.index("field_commander"),
            key=ROLE_KEY,
            format_func=ROLE_NAMES.__getitem__,
        )


@dataclass(frozen=True)
class Game:
    """This rerun's session of the chosen game, and who is at the keyboard (side, role)."""

    session: GameSession
    side: Side
    role: Role

    @property
    def state(self) -> GameState:
        """The ledger's current state (after any command run in this rerun)."""
        return self.session.state

    def source(self, state: GameState, reason: str) -> Source:
        """The ``Source`` of a command: now, the sidebar's side and role, the player's reason."""
        return Source(state.clock, self.side, self.role, reason.strip())

    def execute(self, command: Callable[[GameState], Outcome]) -> tuple[Event, ...] | None:
        """Run ``command`` through the session; show what it did or every error it found.

        Returns the events appended, or ``None`` when the command was refused or another
        writer got there first (``StaleSequenceError``: the session is reloaded and the
        player asked to check and submit again).
        """
        try:
            events = self.session.execute(command)
        except CommandRefused as refused:
            st.error(
                "Refused — nothing was written:\n\n"
                + "\n".join(f"- {line}" for line in error_lines(refused.errors, self.state))
            )
            return None
        except StoreError as failed:  # the database refused the write: nothing was written
            st.error(plain(f"Nothing was written: {failed}"))
            return None
        except StaleSequenceError as stale:
            self.session.reload()
            st.warning(
                "Another player changed the ledger while you were filling this in "
                f"({plain(str(stale))}). The page now shows the new state: check it and "
                "submit again."
            )
            return None
        st.session_state[ACCEPTED_KEY] = True
        for event in events:
            st.success(plain(event_log.describe(event, self.state)))
        return events


def _stop(message: str) -> NoReturn:
    st.info(message)
    st.stop()


def open_game() -> Game:
    """The chosen game's session, read afresh; stops the page when there is no game."""
    store = current_store()
    name = st.session_state.get(GAME_KEY)
    if not name:
        _stop(
            f"No game in {plain(store.location)} yet. Create one with "
            "`quartermaster new NAME --scenario graziani`, then reload this page."
        )
    try:
        session = GameSession(store, name)
    except UnknownGameError:
        _stop(
            plain(f"Game {name!r} is no longer in {store.location}; pick another in the sidebar.")
        )
    side: Side = st.session_state.get(SIDE_KEY, SIDES[0])
    role: Role = st.session_state.get(ROLE_KEY, "field_commander")
    return Game(session, side, role)


def show_status(game: Game) -> None:
    """The clock, who is recording, and the database, at the foot of the sidebar.

    Pages call it last, so it shows the state after any command of this rerun.
    """
    clock = game.state.clock
    st.sidebar.caption(
        f"**{clock.short}** · {clock.calendar}  \n"
        f"Recording as: {SIDE_NAMES[game.side]} {ROLE_NAMES[game.role]}  \n"
        f"Database: {plain(game.session.store.location)}"
    )


def run_form(
    game: Game,
    name: str,
    place: Any,
    submit: Callable[[Game, FormKeys], None],
    draw: Callable[[Game, FormKeys], None],
) -> None:
    """Run form ``name``'s command if it was just submitted, then draw the form in ``place``.

    The command runs first, so every table drawn afterwards shows its result; the form is
    drawn with keys of the journal's new last sequence (empty after an accepted command).
    """
    drawn_at = f"{name}__drawn_at"  # the journal sequence the player's form was drawn from
    keys = FormKeys(name, int(st.session_state.get(drawn_at, game.session.last_seq)))
    accepted = False
    if keys.submitted:
        if keys.seq != game.session.last_seq:  # others wrote while the player filled it in
            show_changes_since(game, keys.seq)
        st.session_state[ACCEPTED_KEY] = False
        submit(game, keys)
        accepted = bool(st.session_state.get(ACCEPTED_KEY))
    now = FormKeys(name, game.session.last_seq)
    if keys.submitted and not accepted and now.seq != keys.seq:
        keys.carry_to(now)  # refused after others wrote: the form keeps what was typed
    with place:
        draw(game, now)
    st.session_state[drawn_at] = now.seq


ACCEPTED_KEY: Final = "_quartermaster_accepted"
"""Session-state flag ``Game.execute`` sets when a form's command was written."""


def show_changes_since(game: Game, seq: int) -> None:
    """Say what other players recorded after event ``seq`` (the one the player's form was
    drawn from): the command is now checked against the ledger as it stands."""
    changed = game.session.since(seq + 1)
    lines = [
        f"- #{r.seq} ({_posted_by(r.event)}): {event_log.describe(r.event, game.state)}"
        for r in changed[-5:]
    ]
    more = f"\n- … and {len(changed) - 5} more" if len(changed) > 5 else ""
    st.info(
        plain(
            f"While you filled this in, the ledger changed ({len(changed)} event"
            f"{'s' if len(changed) != 1 else ''}); your entry was checked against it:"
        )
        + "\n"
        + "\n".join(plain(line) for line in lines)
        + more
    )


def _posted_by(event: Event) -> str:
    source = event.source
    return who(source.side or "", source.role or "", source.app_made, "a player")


def who(side: str, role: str, app_made: bool, nobody: str = "—") -> str:
    """``"Commonwealth Logistics Commander"`` from an event's side and role, "the ledger" for
    events it posted itself, ``nobody`` when neither is recorded."""
    if app_made:
        return "the ledger"
    named = (SIDE_NAMES.get(side, side), ROLE_NAMES.get(role, role))  # type: ignore[call-overload]
    return " ".join(part for part in named if part) or nobody


@dataclass(frozen=True)
class FormKeys:
    """Widget keys of a form that starts afresh after every change to the journal.

    The keys end in the journal's last sequence number, so a form whose command was accepted
    comes back empty, while a refused one keeps what the player typed to correct it. The
    submitted values are read from the previous run's widget state before the form is drawn,
    so the command runs before any table on the page is rendered.
    """

    form: str
    seq: int

    def __call__(self, field: str) -> str:
        """The key of widget ``field``."""
        return f"{self.form}_{field}_{self.seq}"

    def value(self, field: str) -> Any:
        """What the player entered in widget ``field`` (``None`` before the form existed)."""
        return st.session_state.get(self(field))

    def carry_to(self, other: FormKeys) -> None:
        """Copy what the player entered under these keys to ``other``'s (not the submit
        button), so a form drawn anew after others wrote keeps the player's values."""
        suffix = f"_{self.seq}"
        for key in list(st.session_state.keys()):
            name = str(key)
            if name.startswith(f"{self.form}_") and name.endswith(suffix):
                field = name[len(self.form) + 1 : -len(suffix)]
                if field != "submit":
                    st.session_state[other(field)] = st.session_state[key]

    @property
    def submitted(self) -> bool:
        """True in the rerun the form's submit button (key ``submit``) started."""
        return bool(st.session_state.get(self("submit")))
