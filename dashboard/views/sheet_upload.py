"""Sheets page, the way back (issue 19 item 4): "Bring back an edited workbook". The player
uploads a workbook the page (or ``quartermaster export``) wrote and filled in at the table;
the page shows why it cannot be read, or the entries it would post (the same commands as
``quartermaster import``, ``ledger.commands.sheet_edits``), with a warning when the workbook
predates later entries, and a Confirm button that posts them all through ``Game.execute``.
A Supply Requisition Form's entries are listed as players say them (``requisition_words``:
"file requisition CR3 for 1st Essex: …", "fulfil CR1 from Mersa Matruh").
The page decides no rule: reading is ``ledger.io.sheet_import``, the checks the ledger's."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import TYPE_CHECKING, Final, cast

import streamlit as st

from dashboard.context import Game
from dashboard.text import error_lines, plain
from ledger.commands.outcome import Outcome
from ledger.commands.requisition_edits import requisition_words
from ledger.commands.sheet_edits import seat_outcome, stamp_errors
from ledger.io.sheet_import import Edit, SheetRefused, read_edits, stale_lines
from ledger.io.sheet_meta import SheetStamp
from ledger.model.errors import LedgerError

if TYPE_CHECKING:
    from ledger.model.state import GameState
    from ledger.model.units import Side

UPLOAD_KEY: Final = "sheet_upload"
"""Session-state key of the uploader's generation: a new key after a posting empties it."""


def render_import(game: Game) -> None:
    """The uploader, then what the workbook would post (or why not) and the Confirm button."""
    st.subheader("Bring back an edited workbook")
    st.caption(
        "Upload a workbook exported here (TOE Log Sheets, Logistics sheets) after writing the "
        "new figures in its pale input cells — or, on the Supply Requisition Form, a new "
        "requisition on a blank line, or the holder that fills an open one. Each change is "
        "posted as the command a player would type — all of them or none."
    )
    generation = int(st.session_state.get(UPLOAD_KEY, 0))
    upload = st.file_uploader(
        "Edited workbook (.xlsx)", type=["xlsx"], key=f"{UPLOAD_KEY}_{generation}"
    )
    if upload is None:
        return
    try:
        stamp, edits = read_edits(upload.getvalue())
    except SheetRefused as refused:
        _refused("This workbook cannot be read back", refused.errors, game)
        return
    seat_side = game.seat.side if game.seat is not None else None
    errors = stamp_errors(stamp, game.session.name, seat_side)
    if errors:
        _refused("This workbook cannot be imported here", errors, game)
        return
    confirm = f"{UPLOAD_KEY}_confirm_{generation}"
    if st.session_state.get(confirm) and edits:  # Confirm pressed: post, show what was written
        posted = game.execute(lambda state: _outcome(game, state, stamp, edits, upload.name))
        if posted is not None:
            st.session_state[UPLOAD_KEY] = generation + 1  # the next run starts empty
            return
    _warn_if_stale(game, stamp)
    if not edits:
        st.info("No figure was changed in this workbook: nothing to post.")
        return
    outcome = _outcome(game, game.session.state, stamp, edits, upload.name)
    if not outcome.ok:
        _refused("Refused", outcome.errors, game)
        return
    shown = [requisition_words(e, game.state) or game.readable(e) for e in outcome.events]
    count = f"{len(outcome.events)} journal entr{'y' if len(outcome.events) == 1 else 'ies'}"
    st.markdown(
        f"**Posting {count}:**\n"
        + "\n".join(f"- {plain(line)}" for line in shown if line is not None)
    )
    st.button(f"Confirm: post {count}", type="primary", key=confirm)


def _outcome(
    game: Game, state: GameState, stamp: SheetStamp, edits: list[Edit], name: str
) -> Outcome:
    """The ledger's answer to the edits: ``edits_outcome`` recorded for the workbook's side by
    the sidebar's role, given the entries posted since the workbook's stamp (a requisition
    line filed already is refused, 4.55), as the seat may post it (``seat_outcome``)."""
    source = replace(game.source(state, f"log sheet {name}"), side=cast("Side", stamp.side))
    since = [r.event for r in game.session.since(stamp.seq + 1)]
    return seat_outcome(state, edits, source, game.seat, since)


def _warn_if_stale(game: Game, stamp: SheetStamp) -> None:
    """A warning listing the entries posted since the workbook was exported."""
    if stamp.seq >= game.session.last_seq:
        return
    entries = [(r.seq, r.event) for r in game.session.since(stamp.seq + 1)]
    lines = stale_lines(entries, game.seat, game.session.state)
    st.warning(
        f"This workbook shows the ledger at entry #{stamp.seq}; "
        f"{_entries(len(entries))} posted since. A figure "
        "changed since is refused rather than overwritten.\n\n"
        + "\n".join(f"- {plain(line)}" for line in lines[-20:])
        + (f"\n\n({len(lines) - 20} earlier entries not shown)" if len(lines) > 20 else "")
    )


def _refused(title: str, errors: Iterable[LedgerError], game: Game) -> None:
    """Every refusal, each naming its ``Sheet!Cell``, as the seat may read it (11.36)."""
    side = game.seat.side if game.seat is not None else None
    lines = error_lines([e.for_side(side) for e in errors], game.state)
    st.error(f"{title} — nothing was written:\n\n" + "\n".join(f"- {line}" for line in lines))


def _entries(count: int) -> str:
    """``"1 entry was"`` / ``"3 entries were"``."""
    return "1 entry was" if count == 1 else f"{count} entries were"
