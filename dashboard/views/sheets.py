"""Sheets page: the Field Commander Control Sheet (4.52) filled in, to preview and download."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import streamlit as st

from dashboard.context import SIDE_NAMES, open_game, show_status
from dashboard.tables import SUPPLY_COLUMNS, Col, show_table
from ledger import reports
from ledger.reports import Row
from ledger.state import GameState
from ledger.units import RATING_NAMES, Side

PAIRED: Final = {
    "barrage": "Barrage",
    "offensive_close_assault": "Off. Close Assault",
    "defensive_close_assault": "Def. Close Assault",
}
SHEET_COLUMNS: Final = (
    Col("counter", "Counter"),
    Col("name", "Name"),
    Col("parent", "Parent Formation"),
    Col("location", "Hex"),
    Col("cp_expended", "CP expended"),
    Col("cpa", "CPA"),
    Col("cohesion", "Cohesion Level"),
    *(
        Col(
            r,
            f"{short} R/A",
            f"{RATING_NAMES[r]}: Raw / Actual points (11.31, 11.32)",
            align="right",
        )
        for r, short in PAIRED.items()
    ),
    *SUPPLY_COLUMNS,
)


def sheet_rows(state: GameState, side: Side) -> list[Row]:
    """``reports.field_commander_sheet`` with each rating's Raw and Actual points in one cell."""
    return [
        {**r, **{p: f"{r[f'raw_{p}']} / {r[f'actual_{p}']}" for p in PAIRED}}
        for r in reports.field_commander_sheet(state, side)
    ]


def workbook_builder(state: GameState, side: Side, game_name: str) -> Callable[[], bytes] | None:
    """A function building the workbook's bytes, or ``None`` while ``ledger.io.xlsx`` is absent."""
    try:
        from ledger.io.xlsx import field_commander_workbook
    except ImportError:
        return None
    return lambda: field_commander_workbook(state, side, game_name)


def render() -> None:
    """The Sheets page."""
    game = open_game()
    state, side = game.state, game.side
    st.title("Sheets")
    st.subheader(f"Field Commander Control Sheet (4.52) — {SIDE_NAMES[side]}")
    st.caption(
        f"One line per {SIDE_NAMES[side]} counter in play at {state.clock.short} "
        f"({state.clock.calendar}); choose the side in the sidebar."
    )
    build = workbook_builder(state, side, game.session.name)
    if build is None:
        st.info("The Excel sheet writer (ledger.io.xlsx) is not installed yet.")
    else:
        st.download_button(
            "Download the Field Commander Control Sheet (.xlsx)",
            data=build,
            file_name=f"{game.session.name}-field-commander-{side}-"
            f"gt{state.clock.game_turn}-{state.clock.op_stage}.xlsx",
            mime="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            icon=":material/download:",
            on_click="ignore",
            type="primary",
        )
    rows = sheet_rows(state, side)
    show_table(
        rows, SHEET_COLUMNS, empty="No counters in play.", height=min(38 + 35 * len(rows), 560)
    )
    show_status(game)


if __name__ == "__main__":
    render()
