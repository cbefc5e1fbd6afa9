"""What every page shares: the event store, the sidebar, the signed-in seat and this rerun's
game session.

The chosen game's name, side and role live in ``st.session_state`` (as the sidebar widgets'
values), and so does the seat signed in to the game (``SEAT_KEY``: the game's name and the
``Seat``, kept for the browser session). A game with seats shows nothing until a seat signs in
(``dashboard.signin``); a game without seats is the solo table, with free side and role
pickers on this computer, and refused on every page when the dashboard is served to the
network (``dashboard.served``). The ``EventStore`` is cached per database URL with
``st.cache_resource``; the ``GameSession`` is opened again on every rerun, so a write from the
CLI or another browser shows up at once, and the sidebar polls the journal's last sequence
number (``dashboard.live``) so an open page follows the table within two seconds.

Pages read the game only through ``Game.state`` (the seat's view, ``ledger.model.view``) and
``Game.journal`` (``journal_for``); commands run on the whole ledger inside the session.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final, NoReturn

import streamlit as st

from dashboard.live import SEEN_KEY, moved_from, poll, seen, show_changes_since, update_note
from dashboard.served import not_served_message, served_on
from dashboard.signin import seat_from_login, sign_in_page, sign_out, sign_out_button, signed_in
from dashboard.tables import on_phone
from dashboard.text import error_lines, plain
from ledger.commands.outcome import Outcome
from ledger.journal import (
    EventStore,
    Recorded,
    StaleSequenceError,
    StoreError,
    UnknownGameError,
    default_database_url,
)
from ledger.journal.seats import SignInRefused, open_session, seats_of
from ledger.journal.session import CommandRefused, GameSession
from ledger.model.events import Event
from ledger.model.initiative import phasing_side
from ledger.model.phases import PHASES, phase_index
from ledger.model.seats import ROLE_NAMES, SIDE_NAMES, Seat, side_name, starting_role
from ledger.model.source import ROLES, Role, Source
from ledger.model.state import GameState
from ledger.model.units import SIDES, Side
from ledger.model.view import JournalLine, event_for, journal_for
from ledger.reports import event_log
from ledger.reports.notices import new_warnings, warning_of

GAME_KEY: Final = "game"
SIDE_KEY: Final = "side"
ROLE_KEY: Final = "role"
NOTE_KEY: Final = "_quartermaster_live_note"
"""Session key of the sidebar's "updated: #N by …" note: ``(game name, text)``."""


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
    """Render the game picker, the seat signed in (and Sign out) and the side and role pickers
    in the sidebar (their values: session_state); start the live poll of a readable game.

    A game with seats offers the side and roles of the seat signed in (the umpire: every side
    and role), and no picker before a seat signs in; a game without seats offers them all."""
    names = [name for name, *_ in store.games()]
    with st.sidebar:
        if not names:
            st.session_state.pop(GAME_KEY, None)
            return
        game: str = st.selectbox("Game", names, key=GAME_KEY)
        try:
            has_seats = bool(seats_of(store, game))
        except (StoreError, UnknownGameError):
            return  # the page says what is wrong
        if not has_seats and served_on():
            st.caption("This game has no seats: it is not played over the network.")
            return
        seat = signed_in(game) or (seat_from_login(store, game) if has_seats else None)
        if has_seats and seat is None:
            st.caption("Sign in to see this game.")
            return
        if seat is not None:
            sign_out_button(seat)
        if not on_phone():  # a phone has them on the page, under the phase bar
            seat_pickers(seat)
        poll(store, game)


def keep_choices(store: EventStore) -> None:
    """Choose the store's first game when none of its games is chosen (so the navigation,
    drawn before the sidebar, knows the game), and keep the game, side and role chosen while
    a page draws no picker for them (another game's page; a phone, whose pickers are on the
    game pages): Streamlit forgets the value of a widget not drawn in a run, unless it is set
    again before any widget is drawn."""
    names = [name for name, *_ in store.games()]
    if names and st.session_state.get(GAME_KEY) not in names:
        st.session_state[GAME_KEY] = names[0]
    for key in (GAME_KEY, SIDE_KEY, ROLE_KEY):
        if key in st.session_state:
            st.session_state[key] = st.session_state[key]


def seat_pickers(seat: Seat | None) -> None:
    """The side picker (at a table without seats, and for the umpire) and the command role
    picker (the roles ``seat`` holds; a role alone is not offered on a phone's page)."""
    if seat is None or seat.umpire:
        _picker(SIDE_KEY, "Side", SIDES, SIDES[0], SIDE_NAMES.__getitem__)
    roles = [r for r in ROLES if seat is None or seat.holds(r)]
    _picker(ROLE_KEY, "Command role (4.5)", roles, starting_role(seat), ROLE_NAMES.__getitem__)


def keeps_seats(store: EventStore) -> bool:
    """Whether the Seats page is offered: the chosen game has no seats yet (to set up the
    first, on this computer only: never when served to the network, ``served_on``), or the
    umpire's seat is signed in to it."""
    game = st.session_state.get(GAME_KEY)
    if not game:
        return False
    seat = signed_in(game)
    if seat is not None:
        return seat.umpire
    if served_on():
        return False  # the first seat is added on the host: `quartermaster seat add`
    try:
        return not seats_of(store, game)
    except (StoreError, UnknownGameError):
        return False


def _picker(
    key: str, label: str, options: Sequence[Any], default: Any, name: Callable[[Any], str]
) -> None:
    """A select box over ``options`` whose value lives in ``st.session_state[key]``: set to
    ``default`` (or the first option) when it is not one of them."""
    if st.session_state.get(key) not in options:
        st.session_state[key] = default if default in options else options[0]
    st.selectbox(label, options, key=key, format_func=name)


@dataclass(frozen=True)
class Game:
    """This rerun's session of the chosen game, and who is at the keyboard (the seat signed
    in, or nobody at a table without seats; the side and role recorded)."""

    session: GameSession
    side: Side
    role: Role

    @property
    def seat(self) -> Seat | None:
        """The seat signed in (``None``: the solo table)."""
        return self.session.seat

    @property
    def state(self) -> GameState:
        """The ledger as the seat may see it (``GameSession.view``, after any command run in
        this rerun): what every page reads. Commands run on the whole ledger, inside
        ``execute``."""
        return self.session.view

    def journal(self, entries: Iterable[Recorded]) -> list[JournalLine]:
        """Journal ``entries`` as the seat may read them (``journal_for``): each event filtered,
        the enemy's runs of entries folded into counts ("Axis: 3 entries")."""
        return journal_for(((r.seq, r.event) for r in entries), self.seat, self.session.state)

    def readable(self, event: Event) -> str | None:
        """What ``event`` did, as the seat may read it (``event_for``); ``None`` when it is
        the enemy's alone."""
        shown = event_for(event, self.seat, self.session.state)
        return None if shown is None else event_log.describe(shown, self.state)

    def source(self, state: GameState, reason: str) -> Source:
        """The ``Source`` of a command: now, the sidebar's side and role, the player's reason."""
        return Source(state.clock, self.side, self.role, reason.strip())

    def execute(self, command: Callable[[GameState], Outcome]) -> tuple[Event, ...] | None:
        """Run ``command`` through the session; show what it did or every error it found.

        Returns the events appended, or ``None`` when the command was refused or another
        writer got there first (``StaleSequenceError``: the session is reloaded and the
        player asked to check and submit again). What was written is shown as one summary
        (``show_recorded``).
        """
        before = self.state
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
        seen(self.session.name, self.session.last_seq)
        show_recorded(self, events, before)
        return events


JOURNAL_PAGE: Final = "views/journal.py"
ENTRY_PARAM: Final = "entry"
"""Query parameter of the Journal page: the entry it opens at (``?entry=12``)."""


def show_recorded(game: Game, events: Sequence[Event], before: GameState) -> None:
    """One summary of a command's journal entries (issue 17 item 4), as the seat reads them:
    a success box with what was recorded (one line per entry, "#12 …"), a warning box with the
    entries that are warnings (``ledger.reports.notices.warning_of``: DP, shortages, attrition,
    breakdowns) and the warnings the command raised (``new_warnings``: over CPA, Cohesion −17
    or −26, out of ammunition), then each entry's number as a link to the Journal page at it."""
    first = game.session.last_seq - len(events) + 1
    done: list[tuple[int, str]] = []
    warned: list[tuple[int, str]] = []
    hidden = 0
    for seq, event in enumerate(events, first):
        shown = event_for(event, game.seat, game.session.state)
        if shown is None:
            hidden += 1
            continue
        text, why = event_log.describe(shown, game.state), warning_of(shown)
        (warned if why else done).append((seq, f"{text} — {why}" if why else text))
    raised = new_warnings(before, game.state, game.side if game.seat is not None else None)
    entries = sorted(done + warned)
    if not entries:
        st.success(f"Recorded: {hidden_count(hidden)}.")
        return
    seqs = f"#{entries[0][0]}" + (f"–#{entries[-1][0]}" if len(entries) > 1 else "")
    count = f"{len(entries)} journal entries" if len(entries) > 1 else "1 journal entry"
    more = f" (and {hidden_count(hidden)})" if hidden else ""

    def listed(lines: list[tuple[int, str]]) -> str:
        return "\n".join(f"- #{seq} {plain(text)}" for seq, text in lines)

    if done:
        st.success(f"**Recorded {count}, {seqs}**{more}:\n{listed(done)}")
    if warned or raised:
        extra = "\n".join(f"- {plain(line)}" for line in raised)
        head = "" if done else f"**Recorded {count}, {seqs}**{more}. "
        st.warning(f"{head}**Warnings:**\n{listed(warned)}\n{extra}".rstrip())
    warning_seqs = {seq for seq, _ in warned}
    with st.container(horizontal=True, gap="small", vertical_alignment="center"):
        st.caption("In the Journal:", width="content")
        for seq, _ in entries:
            icon = ":material/warning:" if seq in warning_seqs else None
            st.page_link(
                JOURNAL_PAGE, label=f"#{seq}", icon=icon, query_params={ENTRY_PARAM: str(seq)}
            )


def hidden_count(count: int) -> str:
    """``"1 entry of the other side's"`` (event_for hides it from this seat)."""
    return f"{count} entr{'y' if count == 1 else 'ies'} of the other side's"


def sides_in(state: GameState) -> tuple[Side, ...]:
    """The sides whose units or dumps ``state`` holds, in ``SIDES`` order: read from a seat's
    view, its own side; from the umpire's or the solo table's, both."""
    present = {u.side for u in state.units.values()} | {d.side for d in state.dumps.values()}
    return tuple(s for s in SIDES if s in present)


def _stop(message: str) -> NoReturn:
    st.info(message)
    st.stop()


def open_game() -> Game:
    """The chosen game's session for the seat signed in, read afresh; stops the page when
    there is no game, and shows the sign-in form instead of the page when the game has seats
    and nobody is signed in (or the seat was removed), and refuses a game without seats when
    the dashboard is served to the network (``dashboard.served``), checked on every run."""
    store = current_store()
    name = st.session_state.get(GAME_KEY)
    if not name:
        _stop(
            f"No game in {plain(store.location)} yet. Create one on the New game page "
            "(or with `quartermaster new NAME --scenario graziani`, then reload this page)."
        )
    try:
        records = seats_of(store, name)
        if not records and served_on():
            sign_out()
            st.error(not_served_message(name))
            st.stop()
        seat = signed_in(name)
        if records and seat is None:
            sign_in_page(store, name, records)
            st.stop()
        session = open_session(store, name, seat)
    except UnknownGameError:
        _stop(
            plain(f"Game {name!r} is no longer in {store.location}; pick another in the sidebar.")
        )
    except SignInRefused as refused:  # the seat was removed meanwhile
        sign_out()
        _stop(plain(f"Signed out: {refused}. Reload the page to sign in again."))
    if seat is not None and seat.side is not None:
        side: Side = seat.side
    else:
        side = st.session_state.get(SIDE_KEY, SIDES[0])
    role: Role = st.session_state.get(ROLE_KEY, starting_role(seat))
    if seat is not None and not seat.holds(role):
        role = next(r for r in ROLES if seat.holds(r))
    if not isinstance(st.session_state.get(SEEN_KEY), tuple):
        seen(name, session.last_seq)
    game = Game(session, side, role)
    phase_bar(game)
    return game


def phase_bar(game: Game) -> None:
    """The top of every game page, on a phone too (issue 17 items 1, 6): the Game-Turn and
    Operations Stage, the calendar, the phase of 5.2 III (with the side that is its Player A
    or B, 7.16), the next phase, and who is at the keyboard; drawn again by ``show_status``
    after the page's command. On a phone, the side and role pickers are here (in an expander
    named by the choice), not only in the folded sidebar."""
    seat = game.seat
    pickers = on_phone() and (seat is None or seat.umpire or len(seat.roles) > 1)
    st.session_state[BAR_KEY] = (st.empty(), not pickers)
    _phase_line(game)
    if pickers:
        with st.expander(f"You: {_who(game)}", icon=":material/person:"):
            seat_pickers(seat)


BAR_KEY: Final = "_quartermaster_phase_bar"
"""Session key of this run's phase bar: ``(placeholder, whether it names the seat)``."""


def _who(game: Game) -> str:
    """``"cw-fc (Commonwealth Field Commander)"``, or the side and role at a solo table."""
    who = f"{side_name(game.side)} {ROLE_NAMES[game.role]}"
    return who if game.seat is None else f"{plain(game.seat.name)} ({who})"


def _phase_line(game: Game) -> None:
    """Write the phase bar's caption into this run's placeholder (``BAR_KEY``)."""
    drawn = st.session_state.get(BAR_KEY)
    if not isinstance(drawn, tuple):
        return
    place, names_seat = drawn
    state = game.state
    at = phase_index(state.phase)
    now = PHASES[at]
    phasing = phasing_side(state)
    player = f"Player {now.player}: {side_name(phasing)}" if now.player and phasing else ""
    phase = f"{now.letter}. {now.name} ({player or 'both players'})"
    following = f"next: {PHASES[at + 1].label}" if at + 1 < len(PHASES) else "the last phase"
    if state.setup_open:  # 59.4: the game starts when every side has finished its set-up
        phase = "Set-up (59.4)"
        setting_up = " and ".join(side_name(s) for s in state.setup_open)
        following = f"{setting_up} setting up; then {now.letter}. {now.name}"
    place.caption(
        f"**{state.clock.short}** · {state.clock.calendar} · **{plain(phase)}** · "
        f"{plain(following)}" + (f"  \nYou: {_who(game)}" if names_seat else "")
    )


def show_status(game: Game) -> None:
    """The clock, who is recording, what another seat changed last, and the database, at the
    foot of the sidebar.

    Pages call it last, so it shows the state after any command of this rerun; it notes the
    journal as drawn for the live poll (``dashboard.live``).
    """
    _phase_line(game)  # after the page's command: the phase it left
    session = game.session
    before = moved_from(session.name)
    if before is not None and before < session.last_seq:
        st.session_state[NOTE_KEY] = (session.name, update_note(game, before))
    seen(session.name, session.last_seq)
    clock = game.state.clock
    seat = f"{plain(game.seat.name)} · " if game.seat is not None else ""
    st.sidebar.caption(
        f"**{clock.short}** · {clock.calendar}  \n"
        f"Recording as: {seat}{side_name(game.side)} {ROLE_NAMES[game.role]}  \n"
        f"Database: {plain(session.store.location)}"
    )
    note = st.session_state.get(NOTE_KEY)
    if isinstance(note, tuple) and note[0] == session.name:
        st.sidebar.caption(note[1], help="Another seat's change, shown without a click.")


def run_form(
    game: Game,
    name: str,
    place: Any,
    submit: Callable[[Game, FormKeys], None],
    draw: Callable[[Game, FormKeys], None],
) -> None:
    """Run form ``name``'s command if it was just submitted, then draw the form in ``place``.

    The command runs first, so every table drawn afterwards shows its result; a submitted form
    is drawn with keys of the journal's new last sequence (after an accepted command empty but
    for its choice of unit and action, ``KEPT_AFTER_COMMAND``), one not submitted keeps its
    keys, and so what the player is typing, while others write.
    """
    drawn_at = f"{name}__drawn_at"  # the journal sequence the player's form was drawn from
    keys = FormKeys(name, int(st.session_state.get(drawn_at, game.session.last_seq)))
    if keys("submit") not in st.session_state:  # not drawn in the last run: start afresh
        keys = FormKeys(name, game.session.last_seq)
    accepted = False
    if keys.submitted:
        if keys.seq != game.session.last_seq:  # others wrote while the player filled it in
            show_changes_since(game, keys.seq)
        st.session_state[ACCEPTED_KEY] = False
        submit(game, keys)
        accepted = bool(st.session_state.get(ACCEPTED_KEY))
    # Not submitted: drawn again at the same keys, so what the player is typing survives a
    # rerun after another seat wrote (the live poll); submitted: anew at the journal's end.
    now = FormKeys(name, game.session.last_seq) if keys.submitted else keys
    if keys.submitted and not accepted and now.seq != keys.seq:
        keys.carry_to(now)  # refused after others wrote: the form keeps what was typed
    elif accepted and now.seq != keys.seq:
        keys.carry_to(now, KEPT_AFTER_COMMAND)  # the next entry is for the same counter, often
    with place:
        draw(game, now)
    st.session_state[drawn_at] = now.seq


BUTTON_FIELDS: Final = frozenset({"submit", "roll", "add", "drop", "review", "cancel"})
"""The field names a form's buttons take (``keys("add")``): a button's value cannot be set
through session state, so ``FormKeys.carry_to`` never copies them; a new button takes one."""

KEPT_AFTER_COMMAND: Final = frozenset({"unit", "action"})
"""Form fields kept after an accepted command (issue 17 item 4): the counter and the 6.3
action, so the player's next entry does not jump back to the first unit of the list."""

ACCEPTED_KEY: Final = "_quartermaster_accepted"
"""Session-state flag ``Game.execute`` sets when a form's command was written."""


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

    def carry_to(self, other: FormKeys, fields: frozenset[str] | None = None) -> None:
        """Copy what the player entered under these keys to ``other``'s (not the buttons,
        ``BUTTON_FIELDS``, whose state Streamlit refuses to be given; only ``fields`` when
        given), so a form drawn anew keeps the player's values."""
        suffix = f"_{self.seq}"
        for key in list(st.session_state.keys()):
            name = str(key)
            if name.startswith(f"{self.form}_") and name.endswith(suffix):
                field = name[len(self.form) + 1 : -len(suffix)]
                if field not in BUTTON_FIELDS and (fields is None or field in fields):
                    st.session_state[other(field)] = st.session_state[key]

    @property
    def submitted(self) -> bool:
        """True in the rerun the form's submit button (key ``submit``) started."""
        return bool(st.session_state.get(self("submit")))
