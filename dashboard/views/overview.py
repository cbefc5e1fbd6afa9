"""Overview page: the clock, supply points per side, and the warnings: shortages, units over
their CPA or at a low Cohesion Level (ending the Operations Stage is on the Your phase page)."""

from __future__ import annotations

import streamlit as st

from dashboard.context import open_game, show_status, sides_in
from dashboard.tables import SUPPLY_COLUMNS, Col, show_table
from dashboard.text import plain
from dashboard.views.setup import setup_banner
from ledger.model.seats import SIDE_NAMES
from ledger.model.state import GameState
from ledger.reports import tables as reports
from ledger.reports.agenda import shortages
from ledger.rules.checks import warnings

HELD_IN = {
    "dumps": "Supply Dumps",
    "units": "With units",
    "trucks": "On Truck Points",
    "total": "Total",
}


def clock(state: GameState) -> None:
    """The Game-Turn, Operations Stage and calendar, and the scenario's span."""
    row = reports.clock(state)
    turn, stage, calendar = st.columns(3)
    turn.metric("Game-Turn", row["game_turn"])
    stage.metric("Operations Stage", row["op_stage"])
    calendar.metric("Calendar", row["calendar"])
    initiative = row["initiative_first_turn"]
    st.caption(
        plain(
            f"Scenario {row['scenario_case']} {row['scenario']}: {row['scenario_start']} "
            f"to {row['scenario_end']}."
            + (f" Initiative on the first Game-Turn: {initiative.title()}." if initiative else "")
        )
    )


def supply(state: GameState) -> None:
    """Supply points of each side the view holds (a seat's: its own) in dumps, with units, on
    trucks and in all."""
    st.subheader("Supply points")
    rows = reports.supply_totals(state)
    sides = sides_in(state)
    if not sides:
        st.caption("No supply holders.")
        return
    for side, column in zip(sides, st.columns(len(sides)), strict=True):
        side_rows = [{**r, "held_in": HELD_IN[r["held_in"]]} for r in rows if r["side"] == side]
        with column:
            st.markdown(f"**{SIDE_NAMES[side]}**")
            show_table(side_rows, (Col("held_in", "Held in"), *SUPPLY_COLUMNS))
            unlimited = side_rows[-1].get("unlimited_sources", 0)
            if unlimited:
                st.caption(f"Not counted: {unlimited} unlimited source(s) (60.44).")


WARNING_COLUMNS = (
    Col("side", "Side", show=lambda s: SIDE_NAMES.get(s, s), width=120),
    Col("message", "Warning", width=820),
    Col("case", "Case", width=70),
)


def warning_list(state: GameState) -> None:
    """Units over their CPA, at Cohesion Level −17 or −26, or in a hex out of ammunition (15.15),
    worst first, with the rule cases."""
    st.subheader("Warnings")
    found = warnings(state)
    short = [item for side in sides_in(state) for item in shortages(state, side)]
    for item in short:  # 52.5, 49.16, 50.12, 51.22, 52.6: what the side lacks now
        st.warning(plain(f"{item.summary} ({item.case})"), icon=":material/warning:")
        with st.expander(f"Which ({len(item.lines)})"):
            st.markdown("\n".join(f"- {plain(line)}" for line in item.lines))
    if not found:
        if not short:
            st.success(
                "No warnings: no unit is short of supplies, over its CPA or at Cohesion "
                "Level −17 or worse."
            )
        return
    cohesion = sum(1 for w in found if w.check in ("cohesion-17", "cohesion-26"))
    over = sum(1 for w in found if w.check == "over-cpa")
    no_ammunition = sum(1 for w in found if w.check == "out-of-ammunition")
    if cohesion:
        st.error(
            f"{cohesion} unit(s) at Cohesion Level −17 or worse (15.88, 6.26).",
            icon=":material/warning:",
        )
    if no_ammunition:
        st.warning(
            f"{no_ammunition} hex(es) where every unit of a side is out of ammunition: all "
            "surrender if close assaulted (15.15).",
            icon=":material/inventory_2:",
        )
    if over:
        st.warning(f"{over} unit(s) over their CPA (6.21).", icon=":material/speed:")
    rows = [{"side": w.side, "message": w.message, "case": w.case} for w in found]
    show_table(rows, WARNING_COLUMNS, height=min(38 + 35 * len(rows), 420))


def render() -> None:
    """The Overview page."""
    game = open_game()
    st.title("Overview")
    setup_banner(game.state)
    clock(game.state)
    st.page_link(
        "views/turn.py",
        label="Your phase: tasks and the end of the stage",
        icon=":material/play_arrow:",
    )
    supply(game.state)
    warning_list(game.state)
    show_status(game)


if __name__ == "__main__":
    render()
