"""Sheets page: the Field Commander Control Sheet and the TOE Log Sheets (4.52), and the
Logistics Commander's sheets (4.55), filled in, to preview and download."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import Final, TypedDict

import streamlit as st

from dashboard.context import Game, open_game, show_status
from dashboard.tables import SUPPLY_COLUMNS, Col, show_table
from dashboard.text import plain
from dashboard.views.sheet_upload import render_import
from ledger.io.logistics_sheets import WORKBOOKS
from ledger.io.toe_sheets import toe_log_workbook
from ledger.io.xlsx import set_paper
from ledger.model.seats import SIDE_NAMES
from ledger.model.state import GameState
from ledger.model.units import RATING_NAMES, Side
from ledger.reports import tables as reports
from ledger.reports.logistics_log import dump_lines, requisition_lines, supply_net, truck_lines
from ledger.reports.tables import Row
from ledger.reports.toe_log import parent_formations, toe_log


class Stamp(TypedDict):
    """The keyword arguments every workbook builder takes for its stamp (``sheet_meta``)."""

    seq: int
    seat: str


PAIRED: Final = {
    "barrage": "Barrage",
    "offensive_close_assault": "Off. Close Assault",
    "defensive_close_assault": "Def. Close Assault",
}
SHEET_COLUMNS: Final = (
    Col("counter", "Counter"),
    Col("name", "Name", phone=True),
    Col("parent", "Parent Formation"),
    Col("location", "Hex", phone=True),
    Col("cp_expended", "CP expended", phone=True),
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


def stamp_of(game: Game) -> Stamp:
    """What an export stamps for the way back (``ledger.io.sheet_meta``): the journal entry
    the page shows and the seat signed in (``""`` at a table without seats)."""
    return {"seq": game.session.last_seq, "seat": game.seat.name if game.seat else ""}


def workbook_builder(
    state: GameState, side: Side, game_name: str, stamp: Stamp
) -> Callable[[], bytes] | None:
    """A function building the workbook's bytes, or ``None`` while ``ledger.io.xlsx`` is absent."""
    try:
        from ledger.io.xlsx import field_commander_workbook
    except ImportError:
        return None
    return lambda: field_commander_workbook(state, side, game_name, **stamp)


_FILE_UNSAFE: Final = re.compile(r"[^\w.-]+")
# The TOE picker's choice for the whole side (one worksheet per Parent Formation). (Comments, not
# docstrings: Streamlit would print a bare string of a page script.)
EVERY_FORMATION: Final = ""
TOE_COLUMNS: Final = (
    Col("formation", "Parent Formation", width=220),
    Col("title", "Sheet"),
    Col("counters", "Counters", "with the formation now, HQ included (9.21)"),
    Col("detached", "Detached", "assigned but not with it now (9.21)"),
    Col("formation_cpa", "CPA", "the lowest CPA of its units (6.15)"),
    Col("stacking_points", "Stacking Points", "9.12"),
    Col("truck_points", "Truck Points", "first-line, attached to its units (8.96)"),
    *(
        Col(f"actual_{r}", f"Actual {RATING_NAMES[r]}", "11.32, 11.34; AA 11.37")
        for r in (
            "barrage",
            "anti_armor",
            "offensive_close_assault",
            "defensive_close_assault",
            "aa",
        )
    ),
)


def toe_rows(state: GameState, side: Side) -> list[Row]:
    """One row per Parent Formation of ``side``: its id, sheet, figures and Actual points."""
    rows = []
    for hq_id in parent_formations(state, side):
        log = toe_log(state, hq_id)
        rows.append({"id": hq_id, **log.summary, **log.strengths})
    return rows


# The paper choice (``quartermaster export --paper``): US Letter, the game's own sheets, or A4.
PAPERS: Final = {"letter": "US Letter", "a4": "A4"}


def on_paper(build: Callable[[], bytes]) -> Callable[[], bytes]:
    """``build``, its workbook set to print on the paper chosen on the page (``set_paper``)."""
    paper = str(st.session_state.get("sheet_paper", "letter"))
    if paper == "letter":
        return build
    return lambda: set_paper(build(), paper)


def render_toe(state: GameState, side: Side, game_name: str, stamp: Stamp) -> None:
    """The TOE Log Sheets: a picker (whole side or one formation), the download, the summary."""
    st.subheader(f"TOE Log Sheets (4.52) — {SIDE_NAMES[side]}")
    rows = toe_rows(state, side)
    names = {r["id"]: f"{r['formation']} ({r['counter']}) — {r['title']}" for r in rows}
    choice = st.selectbox(
        "TOE Log Sheets of",
        [EVERY_FORMATION, *names],
        format_func=lambda v: names.get(
            v, f"the whole side: {len(rows)} Parent Formations, then Independent units"
        ),
        key=f"toe_formation_{side}",
    )
    part = state.units[choice].counter if choice else "all"
    st.download_button(
        "Download the TOE Log Sheets (.xlsx)",
        data=on_paper(lambda: toe_log_workbook(state, side, game_name, choice or None, **stamp)),
        file_name=_FILE_UNSAFE.sub(
            "_", f"{game_name}-toe-{side}-{part}-gt{state.clock.game_turn}-{state.clock.op_stage}"
        )
        + ".xlsx",
        mime="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        icon=":material/download:",
        on_click="ignore",
        key="toe_download",
    )
    shown = [r for r in rows if not choice or r["id"] == choice]
    show_table(shown, TOE_COLUMNS, empty=f"No {SIDE_NAMES[side]} Parent Formations in play.")


# The Logistics download's choices (``ledger.io.logistics_sheets.WORKBOOKS`` keys).
LOGISTICS_CHOICES: Final = ("logistics", *(k for k in WORKBOOKS if k != "logistics"))
HELD_COLUMNS: Final = (
    Col("label", "Held", width=260, phone=True),
    *(replace(c, phone=True) for c in SUPPLY_COLUMNS),
)


def render_logistics(state: GameState, side: Side, game_name: str, stamp: Stamp) -> None:
    """The Logistics Commander's sheets: a picker (all four or one), the download, and the
    side's supply held as the General Supply Net Sheet gives it."""
    st.subheader(f"Logistics sheets (4.55) — {SIDE_NAMES[side]}")
    dumps, trucks = dump_lines(state, side), truck_lines(state, side)
    open_ones = [r for r in requisition_lines(state, side) if r["status"] == "open"]
    st.caption(
        f"{len(dumps)} dump lines, {len(trucks)} truck groups in play, "
        f"{len(open_ones)} open requisitions at {state.clock.short}."
    )
    choice = st.selectbox(
        "Logistics sheets",
        LOGISTICS_CHOICES,
        format_func=lambda k: "all four, one tab each" if k == "logistics" else WORKBOOKS[k][1],
        key=f"logistics_sheet_{side}",
    )
    build = WORKBOOKS[choice][0]
    st.download_button(
        "Download the Logistics sheets (.xlsx)",
        data=on_paper(lambda: build(state, side, game_name, **stamp)),
        file_name=_FILE_UNSAFE.sub(
            "_",
            f"{game_name}-{choice}-{side}-gt{state.clock.game_turn}-{state.clock.op_stage}",
        )
        + ".xlsx",
        mime="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        icon=":material/download:",
        on_click="ignore",
        key="logistics_download",
    )
    net = supply_net(state, side)
    total = {"label": "Total", **dict(net.total.items())}
    show_table([*net.held, total], HELD_COLUMNS)
    if net.unlimited:
        st.caption(plain(f"Unlimited sources, not counted (60.44): {', '.join(net.unlimited)}."))


def render() -> None:
    """The Sheets page."""
    game = open_game()
    state, side = game.state, game.side
    st.title("Sheets")
    st.radio(
        "Paper the sheets print on",
        PAPERS,
        format_func=PAPERS.get,
        horizontal=True,
        key="sheet_paper",
    )
    st.subheader(f"Field Commander Control Sheet (4.52) — {SIDE_NAMES[side]}")
    st.caption(
        f"One line per {SIDE_NAMES[side]} counter in play at {state.clock.short} "
        f"({state.clock.calendar})."
    )
    stamp = stamp_of(game)
    build = workbook_builder(state, side, game.session.name, stamp)
    if build is None:
        st.info("The Excel sheet writer (ledger.io.xlsx) is not installed yet.")
    else:
        st.download_button(
            "Download the Field Commander Control Sheet (.xlsx)",
            data=on_paper(build),
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
    render_toe(state, side, game.session.name, stamp)
    render_logistics(state, side, game.session.name, stamp)
    render_import(game)
    show_status(game)


if __name__ == "__main__":
    render()
