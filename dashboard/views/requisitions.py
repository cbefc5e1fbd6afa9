"""Requisitions page: the Supply Requisitions of the side (4.55), open ones first; a Field
Commander files one for a unit (what it wants, optionally the Game-Turn and OpStage it is needed
by: ``parse_needed_by``), the Logistics Commander fulfils it by a transfer or rejects it with a
reason."""

from __future__ import annotations

from typing import Final

import streamlit as st

from dashboard.context import FormKeys, Game, open_game, run_form, show_status
from dashboard.tables import SUPPLY_COLUMNS, Col, show_table
from dashboard.text import holder_labels, holders, unit_label
from ledger.commands import logistics
from ledger.commands.outcome import refuse
from ledger.model.errors import LedgerError
from ledger.model.holdings import Requisition
from ledger.model.quantities import COMMODITIES, COMMODITY_NAMES, Supplies
from ledger.model.requisition_events import parse_needed_by
from ledger.model.seats import SIDE_NAMES
from ledger.reports import tables as reports
from ledger.reports.logistics_log import requisition_lines

COLUMNS: Final = (
    Col("id", "No.", phone=True),
    Col("unit", "Unit", width=220, phone=True),
    Col("location", "Hex"),
    *SUPPLY_COLUMNS,
    Col("needed_by", "Needed by", phone=True),
    Col("filed", "Filed"),
    Col("filed_by", "Asked by"),
    Col("status", "Status", phone=True),
    Col("note", "Note"),
    Col("reason", "Answer"),
)
DECISIONS: Final = {"fulfil": "Fulfil by a transfer", "reject": "Reject"}


def file_form(game: Game, keys: FormKeys) -> None:
    """Unit, the four amounts, when they are needed by (optional) and a note."""
    state = game.state
    units = [u.id for u in state.units_in_play(game.side)]
    if not units:
        st.caption(f"No {SIDE_NAMES[game.side]} unit is in play.")
        return
    with st.form(keys("form")):
        st.selectbox("Unit", units, format_func=lambda u: unit_label(state, u), key=keys("unit"))
        for c, column in zip(COMMODITIES, st.columns(len(COMMODITIES)), strict=True):
            column.number_input(COMMODITY_NAMES[c], min_value=0, value=0, step=1, key=keys(c))
        needed_col, note_col = st.columns([1, 2])
        needed_col.text_input(
            "Needed by (optional)",
            placeholder="GT/OpStage, e.g. 3/2",
            help="The Game-Turn and Operations Stage the supplies are needed by (4.55): "
            "3/2 or GT 3 OpStage 2. Leave it empty when it is not said.",
            key=keys("needed_by"),
        )
        note_col.text_input("Note", placeholder="e.g. water for two OpStages", key=keys("note"))
        st.form_submit_button("File requisition", type="primary", key=keys("submit"))


def file_submit(game: Game, keys: FormKeys) -> None:
    """Send the form as ``logistics.file_requisition``."""
    unit_id = str(keys.value("unit"))
    wanted = Supplies(*(int(keys.value(c) or 0) for c in COMMODITIES))
    note = str(keys.value("note") or "")
    try:
        needed_by = parse_needed_by(str(keys.value("needed_by") or ""))
    except ValueError as bad:
        error = LedgerError("Needed by", str(bad), "4.55")
        game.execute(lambda s: refuse(error))
        return
    game.execute(
        lambda s: logistics.file_requisition(
            s, unit_id, wanted, game.source(s, ""), note, needed_by
        )
    )


def answer_form(game: Game, keys: FormKeys) -> None:
    """An open requisition, fulfil (from a holder) or reject, and the reason."""
    state = game.state
    open_ids = [r["id"] for r in reports.requisitions(state, game.side, open_only=True)]
    if not open_ids:
        st.caption("No open requisition.")
        return
    ids = holders(state, game.side)
    labels = holder_labels(state, ids)
    with st.form(keys("form")):
        req_col, origin_col = st.columns(2)
        req_col.selectbox(
            "Requisition",
            open_ids,
            format_func=lambda r: (
                f"{r} — {state.units[state.requisitions[r].unit_id].name}: "
                f"{state.requisitions[r].wanted.describe()}{_needed(state.requisitions[r])}"
            ),
            key=keys("requisition"),
        )
        origin_col.selectbox(
            "From (fulfil)", ids, format_func=labels.__getitem__, key=keys("origin")
        )
        st.radio(
            "Decision",
            list(DECISIONS),
            format_func=DECISIONS.__getitem__,
            horizontal=True,
            key=keys("decision"),
        )
        st.text_input("Reason", key=keys("reason"))
        st.form_submit_button("Answer", type="primary", key=keys("submit"))


def _needed(filed: Requisition) -> str:
    """``", needed by GT 2 OpStage 1"``, or nothing when not said."""
    return f", needed by {filed.needed_by.short}" if filed.needed_by is not None else ""


def answer_submit(game: Game, keys: FormKeys) -> None:
    """Send the form as ``fulfil_requisition`` or ``reject_requisition``."""
    req = str(keys.value("requisition"))
    reason = str(keys.value("reason") or "")
    if keys.value("decision") == "reject":
        game.execute(lambda s: logistics.reject_requisition(s, req, reason, game.source(s, reason)))
    else:
        origin = str(keys.value("origin"))
        game.execute(lambda s: logistics.fulfil_requisition(s, req, origin, game.source(s, reason)))


def render() -> None:
    """The Requisitions page."""
    game = open_game()
    st.title("Requisitions")
    table = st.container()
    st.subheader("File a Supply Requisition (4.55)")
    file_area = st.container()
    st.subheader("Answer a requisition")
    answer_area = st.container()
    run_form(game, "requisition", file_area, file_submit, file_form)
    run_form(game, "answer", answer_area, answer_submit, answer_form)
    with table:
        rows = requisition_lines(game.state, game.side)
        show_table(rows, COLUMNS, empty="No requisition filed yet.")
    show_status(game)


if __name__ == "__main__":
    render()
