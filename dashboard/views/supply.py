"""Supply page: the side's Supply Dumps and Truck Points, and the Transfer supplies form."""

from __future__ import annotations

from typing import Final

import streamlit as st

from dashboard.context import SIDE_NAMES, FormKeys, Game, open_game, run_form, show_status
from dashboard.tables import SUPPLY_COLUMNS, Col, show_table
from dashboard.text import LINE_NAMES, holder_labels, holder_name, holders
from ledger import commands, reports
from ledger.quantities import COMMODITIES, COMMODITY_NAMES, Supplies
from ledger.reports import Row
from ledger.state import GameState
from ledger.units import Side

DUMP_KINDS: Final = {
    "dump": "Supply Dump",
    "dummy": "Dummy dump",
    "air_supply_pool": "Air supply pool",
    "unlimited": "Unlimited source",
}
DUMP_COLUMNS: Final = (
    Col("name", "Name"),
    Col("kind", "Kind", show=lambda k: DUMP_KINDS.get(k, k)),
    Col("location", "Location"),
    *SUPPLY_COLUMNS,
    Col("count", "Counters", "how many dump counters the row stands for"),
    Col("case", "Case"),
)
UNIT_COLUMNS: Final = (
    Col("counter", "Counter"),
    Col("name", "Name"),
    Col("location", "Hex"),
    *SUPPLY_COLUMNS,
)
TRUCK_COLUMNS: Final = (
    Col("line", "Line", "first line: attached (8.96); second/third line: convoys (8.18)"),
    Col("location", "Hex"),
    Col("light", "Light"),
    Col("medium", "Medium"),
    Col("heavy", "Heavy"),
    Col("truck_points", "Truck Points", "light, medium and heavy together (54.2)"),
    *(Col(c, COMMODITY_NAMES[c], "supply points loaded on the trucks") for c in COMMODITIES),
    Col("attached_to", "Attached to"),
    Col("purpose", "Purpose"),
)


def default_destination(state: GameState, ids: list[str]) -> int:
    """The first holder after the first that is not an unlimited source (supplies sent there
    would vanish, 60.44); index 1 when there is none."""
    return next(
        (i for i, h in enumerate(ids) if i and not (h in state.dumps and state.dumps[h].unlimited)),
        1,
    )


def truck_rows(state: GameState, side: Side) -> list[Row]:
    """``reports.trucks`` with the line in words and the unit attached to named."""
    return [
        {
            **r,
            "line": LINE_NAMES.get(r["line"], r["line"]),
            "attached_to": holder_name(state, r["attached_to"]) if r["attached_to"] else "",
        }
        for r in reports.trucks(state, side)
    ]


def transfer_form(game: Game, keys: FormKeys) -> None:
    """From, To, the four supply amounts and a reason (values read by ``transfer``)."""
    state = game.state
    ids = holders(state, game.side)
    if len(ids) < 2:
        st.caption(f"{SIDE_NAMES[game.side]} has fewer than two supply holders.")
        return
    labels = holder_labels(state, ids)
    with st.form(keys("form")):
        origin_col, destination_col = st.columns(2)
        origin_col.selectbox("From", ids, format_func=labels.__getitem__, key=keys("from"))
        destination_col.selectbox(
            "To",
            ids,
            index=default_destination(state, ids),
            format_func=labels.__getitem__,
            key=keys("to"),
        )
        for c, column in zip(COMMODITIES, st.columns(len(COMMODITIES)), strict=True):
            column.number_input(COMMODITY_NAMES[c], min_value=0, value=0, step=1, key=keys(c))
        st.text_input("Reason", placeholder="e.g. Truck convoy line 4", key=keys("reason"))
        st.form_submit_button("Transfer supplies", type="primary", key=keys("submit"))


def transfer(game: Game, keys: FormKeys) -> None:
    """Send the submitted transfer form as ``commands.transfer``; show the outcome."""
    origin, destination = keys.value("from"), keys.value("to")
    supplies = Supplies(*(int(keys.value(c) or 0) for c in COMMODITIES))
    reason = str(keys.value("reason") or "")
    game.execute(
        lambda s: commands.transfer(s, origin, destination, supplies, game.source(s, reason))
    )


def render() -> None:
    """The Supply page."""
    game = open_game()
    st.title("Supply")
    st.caption(f"{SIDE_NAMES[game.side]} supply — choose the side in the sidebar.")
    tables = st.container()
    st.subheader("Transfer supplies")
    form = st.container()
    run_form(game, "transfer", form, transfer, transfer_form)
    state = game.state
    dumps_tab, trucks_tab, units_tab = tables.tabs(
        ["Supply Dumps", "Truck Points", "Supplies with units"]
    )
    with dumps_tab:
        show_table(reports.dumps(state, game.side), DUMP_COLUMNS, empty="No Supply Dumps.")
    with trucks_tab:
        st.caption("Ammunition to Water: supply points loaded on the trucks.")
        show_table(truck_rows(state, game.side), TRUCK_COLUMNS, empty="No Truck Points in play.")
    with units_tab:
        units = reports.units(state, game.side)
        show_table(
            units, UNIT_COLUMNS, empty="No units in play.", height=min(38 + 35 * len(units), 420)
        )
    show_status(game)


if __name__ == "__main__":
    render()
