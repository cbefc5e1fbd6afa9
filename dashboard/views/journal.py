"""Journal page: every event, newest first, and Undo (which appends a reversing event)."""

from __future__ import annotations

from typing import Final

import streamlit as st

from dashboard.context import Game, open_game, show_status, who
from dashboard.tables import Col, show_table
from dashboard.text import plain
from ledger.commands.undo import undo
from ledger.model.events import EventUndone
from ledger.reports import event_log

# Journal events the page shows at first (and the step to show more).
SHOWN: Final = 200

HISTORY_COLUMNS: Final = (
    Col("seq", "#"),
    Col("game_time", "Game time"),
    Col("who", "Recorded by", "side and command role; 'the ledger' for events it posted itself"),
    Col("what", "What happened"),
    Col("why", "Why", width=280),
    Col("undone", "Undone", "reversed by a later undo event"),
)


PREVIEWED: Final = "undo_previewed"
"""Session key of the event the Undo note last showed: Undo reverses that one or nothing."""


def undo_note(game: Game) -> str | None:
    """What Undo would reverse now (``ledger.commands.undo.undo`` run as a preview), or ``None``;
    remembers the event shown (``PREVIEWED``)."""
    preview = undo(game.session.undo_window(), game.source(game.state, ""))
    if not preview.ok:
        st.session_state.pop(PREVIEWED, None)
        return None
    target = preview.events[0]
    assert isinstance(target, EventUndone)
    st.session_state[PREVIEWED] = target.undone_seq
    return plain(
        f"The last event not yet undone is #{target.undone_seq}: "
        f"{event_log.describe(target.undone, game.state)}. Undo appends an event reversing it; "
        "nothing is deleted."
    )


def undo_form(game: Game) -> None:
    """Name the event Undo would reverse, and a button appending ``undo``'s event."""
    st.subheader("Undo")
    shown = st.session_state.get(PREVIEWED)  # what the player saw before clicking
    note = st.container()
    if undo_note(game) is not None:
        with st.form("undo", clear_on_submit=True, border=False):
            reason = st.text_input("Reason", placeholder="optional", key="undo_reason")
            if st.form_submit_button("Undo last event", type="primary"):
                game.execute(
                    lambda s: undo(game.session.undo_window(), game.source(s, reason), shown)
                )
    note.caption(undo_note(game) or "Nothing to undo: the journal holds only the game's start.")


def render() -> None:
    """The Journal page."""
    game = open_game()
    st.title("Journal")
    table = st.container()
    undo_area = st.container()
    with undo_area:
        undo_form(game)
    with table:
        total = game.session.last_seq
        shown = st.number_input(
            "Newest events shown",
            min_value=1,
            value=SHOWN,
            step=SHOWN,
            help="The journal is read only as far back as shown.",
            key="journal_shown",
        )
        recent = [(r.seq, r.event) for r in game.session.recent(int(shown))]
        rows = [
            {**r, "who": who(r["side"], r["role"], r["app_made"])}
            for r in event_log.history(recent, game.state)
        ]
        count = f"{total:,} event{'s' if total != 1 else ''}"
        st.caption(
            f"{count} in all; the newest {len(rows)}, newest first. "
            "Nothing is ever deleted from the journal."
        )
        show_table(list(reversed(rows)), HISTORY_COLUMNS, height=min(38 + 35 * len(rows), 560))
    show_status(game)


if __name__ == "__main__":
    render()
