"""The live table (issue 16 item 8): an open page follows the other seats' writes.

A fragment in the sidebar reruns every ``POLL_SECONDS`` and reads the game's last sequence
number (``EventStore.last_seq``, one indexed query). When it moved past what the page last drew
(``SEEN_KEY``, noted by the page), it reruns the whole app, which draws the new state; forms keep
their widgets (their keys end in the sequence they were drawn at, ``context.run_form``), so what
a player is typing survives. The note of what changed (``update_note``, shown by
``context.show_status``) and the notice of what others wrote while a form was filled in
(``show_changes_since``) read the seat's journal (``journal_for``), never the whole ledger.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, Protocol

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from dashboard.text import journal_text, plain, posted_by
from ledger.journal import EventStore, Recorded, StoreError, UnknownGameError
from ledger.journal.session import GameSession
from ledger.model.seats import side_name
from ledger.model.state import GameState
from ledger.model.view import HiddenEntries, JournalLine


class Game(Protocol):
    """What the notes read of ``dashboard.context.Game`` (not imported: it imports this)."""

    @property
    def session(self) -> GameSession: ...

    @property
    def state(self) -> GameState: ...

    def journal(self, entries: Iterable[Recorded]) -> list[JournalLine]: ...


POLL_SECONDS: Final = 2
"""How often an open page asks whether the journal moved."""
SEEN_KEY: Final = "_quartermaster_seen"
"""Session key of the journal as the page last drew it: ``(game name, sequence number)``."""
LIVE_KEY: Final = "_quartermaster_live"
"""Session key the poll sets before a rerun: ``(game name, sequence number seen before)``."""


def seen(game: str, seq: int) -> None:
    """Note that the page drew game ``game`` as of event ``seq``."""
    st.session_state[SEEN_KEY] = (game, seq)


def moved_from(game: str) -> int | None:
    """The sequence number the page had drawn when the poll found the journal moved (then
    forgotten), or ``None``."""
    kept = st.session_state.pop(LIVE_KEY, None)
    if isinstance(kept, tuple) and len(kept) == 2 and kept[0] == game:
        return int(kept[1])
    return None


@st.fragment(run_every=POLL_SECONDS)
def poll(store: EventStore, game: str) -> None:
    """Rerun the app when game ``game``'s journal moved past what the page drew (in the poll's
    own run; in the app's, only note it for the page's "updated" line)."""
    drawn = st.session_state.get(SEEN_KEY)
    if not (isinstance(drawn, tuple) and len(drawn) == 2 and drawn[0] == game):
        return  # the page has not drawn this game (yet): nothing to compare
    try:
        last = store.last_seq(game)
    except (StoreError, UnknownGameError):
        return  # the page itself says what is wrong on its next run
    if last != drawn[1]:
        st.session_state[LIVE_KEY] = (game, drawn[1])
        if _fragment_run():  # in a full run the page draws the new state itself: a rerun
            st.session_state[SEEN_KEY] = (game, last)  # there would drop the player's click
            st.rerun(scope="app")


def _fragment_run() -> bool:
    """Whether this run is the poll's own (a fragment's timer), not the whole app's."""
    ctx = get_script_run_ctx()
    return bool(ctx is not None and ctx.fragment_ids_this_run)


def update_note(game: Game, before: int) -> str:
    """``"Updated: #12 by cw-lc (Commonwealth Logistics Commander)"``: the newest of the
    events after ``before``, as the seat may read it."""
    lines = game.journal(game.session.since(before + 1))
    if not lines:
        return ""
    last = lines[-1]
    if isinstance(last, HiddenEntries):
        return plain(f"Updated: #{last.last} by {side_name(last.side)}")
    return plain(f"Updated: #{last[0]} by {posted_by(last[1])}")


def show_changes_since(game: Game, seq: int) -> None:
    """Say what other players recorded after event ``seq`` (the one the player's form was
    drawn from), as the seat may read it (``journal_for``: the enemy's entries only as
    "Axis: 1 entry"): the command is now checked against the ledger as it stands."""
    changed = game.session.since(seq + 1)
    lines = [journal_text(line, game.state) for line in game.journal(changed)]
    more = f"\n- … and {len(lines) - 5} more" if len(lines) > 5 else ""
    st.info(
        plain(
            f"While you filled this in, the ledger changed ({len(changed)} event"
            f"{'s' if len(changed) != 1 else ''}); your entry was checked against it:"
        )
        + "\n"
        + "\n".join(f"- {plain(line)}" for line in lines[-5:])
        + more
    )
