"""Supply page: the side's Supply Dumps and Truck Points, and the Transfer supplies form."""

from __future__ import annotations

from fractions import Fraction
from typing import Final

import altair as alt
import pandas as pd
import streamlit as st

from dashboard.context import Game, open_game, run_form, show_status
from dashboard.tables import SUPPLY_COLUMNS, Col, show_table
from dashboard.text import LINE_NAMES, holder_name
from dashboard.views.supply_forms import (
    capture,
    capture_form,
    draw_water,
    stock_form,
    transfer,
    transfer_form,
    water_form,
)
from ledger.model.clock import WEATHERS
from ledger.model.quantities import COMMODITIES, COMMODITY_NAMES
from ledger.model.seats import SIDE_NAMES
from ledger.model.state import GameState
from ledger.model.units import Side
from ledger.reports import formations
from ledger.reports import tables as reports
from ledger.reports.forecast import (
    FORECAST_COMMODITIES,
    forecast_rows,
    formation_forecast,
    side_forecast,
)
from ledger.reports.tables import Row

DUMP_KINDS: Final = {
    "dump": "Supply Dump",
    "dummy": "Dummy dump",
    "air_supply_pool": "Air supply pool",
    "unlimited": "Unlimited source",
}
DUMP_SITES: Final = {
    "major-city": "Major City",
    "village": "Village",
    "other": "Other terrain",
    "oasis": "Oasis (8.48)",
    "box": "Tripoli/Tunisia box",
}
DUMP_COLUMNS: Final = (
    Col("name", "Name"),
    Col("kind", "Kind", show=lambda k: DUMP_KINDS.get(k, k)),
    Col("location", "Location"),
    Col(
        "site",
        "Site",
        "the terrain of its hex, which sets its capacity (54.12)",
        show=lambda s: DUMP_SITES.get(s, s),
    ),
    *SUPPLY_COLUMNS,
    Col("capacity", "Holds up to", "54.12: Ammunition / Fuel / Stores / Water"),
    Col("room", "Room", "what more it may take before its capacity (54.12)"),
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
    Col("cp_expended", "CP expended", "CP the trucks expended this OpStage: moving and loading"),
    Col("cpa", "CPA", "for supplies, the slowest type's (54.2)"),
    Col("purpose", "Purpose"),
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


WHOLE_SIDE: Final = "__side__"


def forecast_view(game: Game) -> None:
    """Who runs dry when: a formation or the whole side played forward (``ledger.reports.forecast``),
    the stock of each commodity over the coming OpStages as a chart, the first short OpStage."""
    state = game.state
    hqs = [r for r in formations.formation_hqs(state, game.side) if r["top"]]
    choices = [WHOLE_SIDE, *(r["id"] for r in hqs)]
    names = {WHOLE_SIDE: f"The whole {SIDE_NAMES[game.side]} supply net (4.55)"}
    names.update({r["id"]: f"{r['name']} ({r['counter']})" for r in hqs})
    pick, stages, cp_col, weather_col = st.columns([3, 1, 1, 1])
    chosen = pick.selectbox(
        "Forecast for", choices, format_func=names.__getitem__, key=f"forecast_for_{game.side}"
    )
    count = int(stages.number_input("OpStages", 1, 36, 6, key="forecast_stages"))
    cp = int(cp_col.number_input("CP moved a OpStage", 0, 60, 0, key="forecast_cp"))
    weather = weather_col.selectbox("Weather", WEATHERS, key="forecast_weather")
    result = (
        side_forecast(
            state, game.side, opstages=count, cp_per_opstage=Fraction(cp), weather=weather
        )
        if chosen == WHOLE_SIDE
        else formation_forecast(
            state, str(chosen), opstages=count, cp_per_opstage=Fraction(cp), weather=weather
        )
    )
    use = st.columns(2)
    use[0].metric("Use each OpStage", result.per_opstage.describe() or "nothing")
    use[1].metric("Stores each Game-Turn", result.per_game_turn.describe() or "nothing")
    short = st.columns(len(result.first_short))
    for column, (commodity, when) in zip(short, result.first_short.items(), strict=True):
        column.metric(f"{COMMODITY_NAMES[commodity]} short from", when.short if when else "lasts")
    rows = forecast_rows(result)
    data = pd.DataFrame(
        [
            {"OpStage": r["game_time"], "Commodity": COMMODITY_NAMES[c], "Left": r[c]}
            for r in rows
            for c in FORECAST_COMMODITIES
        ]
    )
    order = [str(r["game_time"]) for r in rows]
    lines = (
        alt.Chart(data)
        .mark_line(point=True)
        .encode(
            x=alt.X("OpStage:N", sort=order, title="After the Operations Stage"),
            y=alt.Y("Left:Q", title="Supply points left"),
            color=alt.Color("Commodity:N"),
            tooltip=["OpStage", "Commodity", "Left"],
        )
    )
    zero = alt.Chart(pd.DataFrame({"y": [0]})).mark_rule(color="#b03030").encode(y="y:Q")
    st.altair_chart(lines + zero, width="stretch")


def in_and_out(game: Game) -> None:
    """Supplies in and out (49–52): water drawn at a well, supplies consumed, arriving and
    captured, one tab each, every form the command of its CLI subcommand."""
    st.subheader("Supplies in and out")
    water_tab, consume_tab, arrive_tab, capture_tab = st.tabs(
        ["Draw water", "Consume", "Arrive", "Capture"]
    )
    consume_draw, consume_submit = stock_form("consume")
    arrive_draw, arrive_submit = stock_form("arrive")
    for name, tab, submit, draw in (  # each outcome shows in its own tab, under its form
        ("water", water_tab, draw_water, water_form),
        ("consume", consume_tab, consume_submit, consume_draw),
        ("arrive", arrive_tab, arrive_submit, arrive_draw),
        ("capture", capture_tab, capture, capture_form),
    ):
        with tab:
            run_form(game, name, st.container(), submit, draw)


def render() -> None:
    """The Supply page."""
    game = open_game()
    st.title("Supply")
    st.caption(f"{SIDE_NAMES[game.side]} supply.")
    tables = st.container()
    st.subheader("Transfer supplies")
    form = st.container()
    run_form(game, "transfer", form, transfer, transfer_form)
    in_and_out(game)
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
    st.subheader("Forecast: who runs dry when")
    forecast_view(game)
    show_status(game)


if __name__ == "__main__":
    render()
