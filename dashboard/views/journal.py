"""Journal page: the events the seat may read, newest first (the enemy's only counted, "Axis: 3
entries", through ``journal_for``), and Undo of the seat's own last action (which appends a
reversing event). Opened at ``?entry=12`` (the links of a command's summary,
``context.show_recorded``), it shows that entry first, as the seat may read it."""

from __future__ import annotations

from typing import Final

import streamlit as st

from dashboard.context import ENTRY_PARAM, JOURNAL_PAGE, Game, open_game, show_status
from dashboard.tables import Col, on_phone, show_table
from dashboard.text import hidden_text, plain, posted_by
from ledger.commands.outcome import Outcome
from ledger.commands.undo import undo
from ledger.model.events import EventUndone
from ledger.model.seats import side_name
from ledger.model.view import HiddenEntries, JournalLine
from ledger.reports import event_log
from ledger.reports.tables import Row

# Journal events the page shows at first (and the step to show more).
SHOWN: Final = 200

HISTORY_COLUMNS: Final = (
    Col("seq", "#", phone=True),
    Col("game_time", "Game time"),
    Col(
        "who",
        "Recorded by",
        "seat, side and command role; 'the ledger' for events it posted itself",
        width=240,
    ),
    Col("what", "What happened", phone=True),
    Col("why", "Why", width=280),
    Col("undone", "Undone", "reversed by a later undo event"),
)


PREVIEWED: Final = "undo_previewed"
"""Session key of the event the Undo note last showed: Undo reverses that one or nothing."""


def _undo(game: Game, reason: str, expected: int | None = None) -> Outcome:
    """``undo`` of the seat's own last action (the umpire's and the solo table's: the
    table's), checked against the whole ledger."""
    session = game.session
    return undo(
        session.undo_window(),
        game.source(session.state, reason),
        expected,
        seat=game.seat,
        state=session.state,
    )


def undo_note(game: Game) -> str | None:
    """What Undo would reverse now (``ledger.commands.undo.undo`` for the seat, run as a
    preview), or ``None``; remembers the event shown (``PREVIEWED``)."""
    preview = _undo(game, "")
    if not preview.ok:
        st.session_state.pop(PREVIEWED, None)
        return None
    target = preview.events[-1]
    assert isinstance(target, EventUndone)
    st.session_state[PREVIEWED] = target.undone_seq
    mine = game.seat is not None and not game.seat.umpire
    whose = "Your seat's last action" if mine else "The last event"
    return plain(
        f"{whose} not yet undone is #{target.undone_seq}: "
        f"{game.readable(target.undone) or target.undone.kind.replace('_', ' ')}. "
        "Undo appends an event reversing it; nothing is deleted."
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
                game.execute(lambda s: _undo(game, reason, shown))
    nothing = "Nothing to undo: the journal holds only the game's start."
    if game.seat is not None and not game.seat.umpire:
        nothing = "Nothing to undo: your seat has recorded nothing that is not undone."
    note.caption(undo_note(game) or nothing)


def journal_rows(game: Game, lines: list[JournalLine]) -> list[Row]:
    """The table's rows, oldest first: the events the seat reads (``event_log.history``,
    named from the seat's view) and each run of hidden entries as one counted line."""
    visible = [line for line in lines if not isinstance(line, HiddenEntries)]
    described = iter(event_log.history(visible, game.state))
    rows: list[Row] = []
    for line in lines:
        if isinstance(line, HiddenEntries):
            rows.append(
                {
                    "seq": line.last,
                    "game_time": "",
                    "who": side_name(line.side),
                    "what": hidden_text(line),
                    "why": "",
                    "undone": False,
                }
            )
        else:
            rows.append({**next(described), "who": posted_by(line[1])})
    return rows


def linked_entry(game: Game) -> None:
    """The entry the page was opened at (``?entry=12``): its number, game time, who recorded
    it, what it did and why, as the seat may read it; a number the journal does not hold is
    said so."""
    raw = st.query_params.get(ENTRY_PARAM)
    if raw is None:
        return
    last = game.session.last_seq
    if not raw.isdigit() or not 1 <= int(raw) <= last:
        st.warning(plain(f"Entry {raw!r}: the journal holds entries #1 to #{last}."))
        return
    seq = int(raw)
    [line] = game.journal(game.session.since(seq)[:1])
    [row] = journal_rows(game, [line])
    with st.container(border=True):
        undone = " · undone by a later entry" if row["undone"] else ""
        st.markdown(
            f"**#{seq}** · {plain(str(row['game_time']))} · {plain(str(row['who']))}{undone}"
            f"  \n{plain(str(row['what']))}"
        )
        if row["why"]:
            st.caption(f"Why: {plain(str(row['why']))}")
        st.page_link(JOURNAL_PAGE, label="The whole journal", icon=":material/history:")


def render() -> None:
    """The Journal page."""
    game = open_game()
    st.title("Journal")
    linked_entry(game)
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
        lines = game.journal(game.session.recent(int(shown)))
        rows = journal_rows(game, lines)
        count = f"{total:,} event{'s' if total != 1 else ''}"
        hidden = any(isinstance(line, HiddenEntries) for line in lines)
        st.caption(
            f"{count} in all; the newest {min(int(shown), total):,}, newest first"
            + (" (the other side's entries only counted)" if hidden else "")
            + ". "
            "Nothing is ever deleted from the journal."
        )
        if on_phone():
            entry_cards(list(reversed(rows)))
        else:
            show_table(list(reversed(rows)), HISTORY_COLUMNS, height=min(38 + 35 * len(rows), 560))
    show_status(game)


def entry_cards(rows: list[Row]) -> None:
    """The journal on a phone: each entry as a few wrapped lines (number, game time and who;
    what happened; why) in a box that scrolls by itself, instead of a table too wide to read."""
    lines = []
    for row in rows:
        undone = " · undone" if row["undone"] else ""
        why = f"  \n*{plain(str(row['why']))}*" if row["why"] else ""
        head = [f"**#{row['seq']}**", *(plain(str(row[k])) for k in ("game_time", "who") if row[k])]
        lines.append(f"{' · '.join(head)}{undone}  \n{plain(str(row['what']))}{why}")
    with st.container(height=560):
        st.markdown("\n\n---\n\n".join(lines))


if __name__ == "__main__":
    render()
