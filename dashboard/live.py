"""The live table (issue 16 item 8): an open page follows the other seats' writes.

A fragment in the sidebar reruns every ``POLL_SECONDS`` and reads the game's last sequence
number (``EventStore.last_seq``, one indexed query). When it moved past what the page last drew
(``SEEN_KEY``, noted by the page), it reruns the whole app, which draws the new state; forms keep
their widgets (their keys end in the sequence they were drawn at, ``context.run_form``), so what
a player is typing survives. The note of what changed is written by ``context.show_status``
through the seat's journal (``journal_for``), never here.
"""

from __future__ import annotations

from typing import Final

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from ledger.journal import EventStore, StoreError, UnknownGameError

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
