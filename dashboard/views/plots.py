"""Plots page: the secret plots of the Combat Segment (5.2 III G 3 b, d; issue 16 item 6).

A side enters its Barrage plot (which guns fire, Forward or Back, at which target in which
hex; 12.1, 12.2) or its Force Assignment plot (which TOE Strength Points go to Anti-Armor fire,
Close Assault or are withheld; 14.26, 15.16) on its own device and commits it: the ledger keeps
it sealed (``ledger.commands.plots``) until the other side commits its plot of the same step,
then reveals both. The page reads only the seat's view (``GameSession.view``): its own plots,
sealed or not, and both sides' once revealed. A revealed plot is handed to the combat
calculators as the JSON request the Combat page and ``quartermaster calc cna`` take
(``ledger.reports.plots``), worked out here with the Combat page's figures.
"""

from __future__ import annotations

import json
from typing import Any, Final

import streamlit as st

from dashboard.context import FormKeys, Game, open_game, run_form, show_status
from dashboard.tables import Col, show_table
from dashboard.text import plain
from dashboard.views.combat_figures import show_calculation
from ledger.commands.plots import commit_plot
from ledger.io.combat_request import RequestError, build_combat, parse_request
from ledger.model.phases import MOVEMENT_AND_COMBAT, is_phase, phase
from ledger.model.plots import PLOT_STEPS, TARGET_CLASSES, LineRole, PlotLine, PlotStep
from ledger.model.seats import side_name
from ledger.model.state import GameState
from ledger.model.units import SIDES, Side
from ledger.reports.plots import (
    PlotRequest,
    anti_armor_requests,
    barrage_requests,
    close_assault_requests,
    current_plots,
    line_rows,
    plot_title,
    segment_plots,
)

LINE_COLUMNS: Final = (
    Col("unit", "Unit", width=220, phone=True),
    Col("system", "Weapon system", width=160),
    Col("points", "TOE points"),
    Col("role", "Does", phone=True),
    Col("hex", "Hex"),
    Col("position", "Position"),
    Col("target", "Target", phone=True),
)
ROWS_MAX: Final = 12
"""Most lines one form offers (the plot may hold more, from the CLI)."""
NONE: Final = ""
FORCE_ROLES: Final = {
    "close_assault": "Close Assault",
    "anti_armor": "Anti-Armor",
    "withheld": "Withheld",
}
CLASS_NAMES: Final = {
    "infantry": "Infantry",
    "armor": "Armor",
    "gun": "Gun",
    "facility": "Facility",
}


def _guns(state: GameState, side: Side, step: PlotStep) -> dict[str, str]:
    """``"unit id|system id"`` -> ``"201st Artillery Regt — 75/27 Gun (6)"`` for the side's
    units in play (TOE systems with a Barrage Rating for the Barrage Step, 11.11)."""
    options = {NONE: "—"}
    for unit in sorted(state.units_in_play(side), key=lambda u: u.name):
        for holding in unit.toe:
            system = state.systems.get(holding.system)
            if holding.points <= 0 or system is None:
                continue
            if step == "barrage" and not system.ratings.barrage:
                continue
            options[f"{unit.id}|{holding.system}"] = (
                f"{unit.name} — {system.name} ({holding.points})"
            )
    return options


def _rows_key(step: PlotStep) -> str:
    return f"plot_rows_{step}"


def plot_form(step: PlotStep) -> Any:
    """The form of a plot of ``step``: as many lines as chosen above it."""

    def draw(game: Game, keys: FormKeys) -> None:
        state = game.session.view
        guns = _guns(state, game.side, step)
        rows = int(st.session_state.get(_rows_key(step), 3))
        with st.form(keys("form")):
            for row in range(rows):
                cols = st.columns([4, 1, 2, 2, 2, 3] if step == "barrage" else [4, 1, 2, 2])
                cols[0].selectbox(
                    f"Unit and weapon system {row + 1}",
                    list(guns),
                    format_func=guns.__getitem__,
                    key=keys(f"gun{row}"),
                )
                cols[1].number_input(
                    f"TOE points {row + 1}", min_value=0, value=0, step=1, key=keys(f"points{row}")
                )
                if step == "barrage":
                    cols[2].selectbox(
                        f"Position {row + 1}",
                        ["forward", "back"],
                        format_func=str.title,
                        key=keys(f"position{row}"),
                    )
                    cols[3].text_input(f"Target hex {row + 1}", key=keys(f"hex{row}"))
                    cols[4].selectbox(
                        f"Target class {row + 1}",
                        list(TARGET_CLASSES),
                        format_func=CLASS_NAMES.__getitem__,
                        key=keys(f"class{row}"),
                    )
                    cols[5].text_input(
                        f"Target {row + 1}",
                        placeholder="e.g. Infantry #2",
                        key=keys(f"target{row}"),
                    )
                else:
                    cols[2].selectbox(
                        f"Does {row + 1}",
                        list(FORCE_ROLES),
                        format_func=FORCE_ROLES.__getitem__,
                        key=keys(f"role{row}"),
                    )
                    cols[3].text_input(f"Hex {row + 1}", key=keys(f"hex{row}"))
            st.checkbox("Nothing to plot this step (an empty plot)", key=keys("empty"))
            st.text_input("Note (your side only)", key=keys("reason"))
            label = "Commit Barrage plot" if step == "barrage" else "Commit Force Assignment plot"
            st.form_submit_button(label, type="primary", key=keys("submit"))

    return draw


def plot_submit(step: PlotStep) -> Any:
    """Send the form as ``commit_plot``."""

    def submit(game: Game, keys: FormKeys) -> None:
        lines: list[PlotLine] = []
        rows = int(st.session_state.get(_rows_key(step), 3))
        for row in range(rows):
            gun = str(keys.value(f"gun{row}") or NONE)
            if gun == NONE:
                continue
            unit_id, system = gun.split("|", 1)
            points = int(keys.value(f"points{row}") or 0)
            hex_ = str(keys.value(f"hex{row}") or "")
            if step == "barrage":
                target = str(keys.value(f"target{row}") or "")
                lines.append(
                    PlotLine(
                        unit_id,
                        system,
                        points,
                        "barrage",
                        hex_,
                        keys.value(f"position{row}") or "forward",
                        target,
                        keys.value(f"class{row}") or "infantry",
                    )
                )
            else:
                role: LineRole = keys.value(f"role{row}") or "close_assault"
                lines.append(PlotLine(unit_id, system, points, role, hex_))
        if not lines and not keys.value("empty"):
            st.error("Choose at least one line, or tick 'Nothing to plot this step'.")
            return
        reason = str(keys.value("reason") or "")
        side = game.side
        game.execute(lambda s: commit_plot(s, side, step, lines, game.source(s, reason)))

    return submit


def show_plots(game: Game) -> None:
    """The plots of this phase the seat may read: its own (sealed or revealed) and the other
    side's once revealed."""
    view = game.session.view
    seat = game.session.seat
    umpire = seat is not None and seat.umpire
    # the view already hides the enemy's sealed plots from a side's seat; at the solo table
    # (no seats) the page shows only the chosen side's, so the players may pass the screen
    plots = [p for p in current_plots(view) if umpire or p.revealed or p.side == game.side]
    if not plots:
        st.caption("No plot of this phase that you may read yet.")
    for plot in plots:
        st.markdown(f"**{plain(plot_title(plot))}**")
        if not plot.revealed:
            st.caption(
                "Sealed: the other side cannot read it. Both plots are revealed when the other "
                "side commits its plot of this step."
            )
        show_table(line_rows(plot), LINE_COLUMNS, empty="Nothing plotted.")


def _phasing(state: GameState) -> Side:
    """Player A is the side with the Initiative (5.2 III A; the scenario's, 7.x) unless
    chosen otherwise; the phase says which player's it is."""
    first: Side = state.info.initiative or "axis"
    other: Side = "commonwealth" if first == "axis" else "axis"
    player = phase(state.phase).player
    return other if player == "B" else first


def show_requests(game: Game) -> None:
    """The revealed plots as combat requests, each worked out on a click."""
    view = game.session.view
    revealed = [p for p in current_plots(view) if p.revealed]
    if not revealed:
        st.caption("Nothing revealed in this phase yet.")
        return
    phasing: Side = st.selectbox(
        "Phasing side (Player A of this phase)",
        SIDES,
        index=SIDES.index(_phasing(view)),
        format_func=side_name,
        key="plots_phasing",
    )
    requests: list[PlotRequest] = []
    done: set[int] = set()
    for plot in revealed:
        if plot.step == "barrage":
            requests += [r for r in barrage_requests(view, plot, phasing) if r.request["guns"]]
        elif plot.segment not in done:
            done.add(plot.segment)
            both = segment_plots(view, plot)
            requests += [r for r in anti_armor_requests(view, both, phasing) if r.request["firing"]]
            requests += [
                r
                for r in close_assault_requests(view, both, phasing)
                if r.request["attackers"] or r.request["defenders"]
            ]
    if not requests:
        st.caption("No revealed line of your side to work out.")
    for number, made in enumerate(requests):
        with st.expander(plain(made.title)):
            if made.missing:
                st.caption(
                    plain(
                        "Not in your ledger (their owner states their points, 15.26): "
                        + ", ".join(made.missing)
                    )
                )
            st.code(json.dumps(made.request, indent=2, ensure_ascii=False), language="json")
            st.caption(
                "The same request for `quartermaster calc cna` (save it as a file) or the "
                "Combat page."
            )
            if st.button("Work it out", key=f"plots_work_{number}"):
                try:
                    prepared = build_combat(parse_request(made.request), view)
                except RequestError as refused:
                    st.error(plain("\n".join(str(e) for e in refused.errors)))
                else:
                    show_calculation(view, prepared)


def render() -> None:
    """The Plots page."""
    game = open_game()
    st.title("Plots")
    state = game.session.view
    st.caption(
        f"{plain(side_name(game.side))} · {state.clock.short} · {phase(state.phase).label}. "
        "Each side plots the Barrage Step and then the Force Assignment Step in secret; "
        "both plots of a step are revealed once both sides have committed (5.2 III G)."
    )
    listing = st.container()
    if is_phase(state.phase, MOVEMENT_AND_COMBAT):
        barrage, force = st.tabs(["Barrage plot (12.1, 12.2)", "Force Assignment plot (14.26)"])
        for tab, step in zip((barrage, force), PLOT_STEPS, strict=True):
            with tab:
                st.number_input(
                    "Lines", min_value=1, max_value=ROWS_MAX, value=3, key=_rows_key(step)
                )
                area = st.container()
            run_form(game, f"plot_{step}", area, plot_submit(step), plot_form(step))
    else:
        st.info(
            "Plots are made in the Combat Segment of the Movement and Combat Phase "
            "(5.2 III G); advance the phase on the Your phase page or with `quartermaster phase`."
        )
    with listing:
        st.subheader("Plots of this phase")
        show_plots(game)
        st.subheader("Revealed: to the combat calculators")
        show_requests(game)
    show_status(game)


if __name__ == "__main__":
    render()
