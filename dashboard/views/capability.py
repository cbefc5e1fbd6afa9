"""Capability & Cohesion page: a Parent Formation's CP used, left and over, the DP the next CP
would earn, Cohesion Levels with the −17/−26 thresholds, and cohesion over the OpStages; the
Adjust cohesion and Morale check forms (``dashboard.views.cohesion_forms``)."""

from __future__ import annotations

import altair as alt
import pandas as pd
import streamlit as st

from dashboard.context import Game, open_game, show_status
from dashboard.tables import Col, show_table
from dashboard.text import plain
from dashboard.views.cohesion_forms import cohesion_forms
from ledger.model.seats import SIDE_NAMES
from ledger.reports import event_log, formations
from ledger.reports.tables import Row
from ledger.rules.checks import MAY_NOT_MOVE, SURRENDERS_WHEN_ASSAULTED

# How many Operations Stages the cohesion chart may go back (6 at first); the journal is read
# only that far back.
COHESION_STAGES = (3, 6, 12, 24)

COLUMNS = (
    Col("unit", "Unit", width=260),
    Col("stacking_points", "Stacking Points", "9.12: an HQ counts only with combat units"),
    Col("cpa", "CPA", "6.11, 6.13"),
    Col("cp_expended", "CP expended", "this Operations Stage (6.14)"),
    Col("cp_remaining", "CP left", "before Disorganization (6.13)"),
    Col("cp_over", "CP over", "each CP over the CPA is a Disorganization Point (6.21)"),
    Col("voluntary_ceiling", "150 % ceiling", "8.17: non-motorized units, own portion"),
    Col("dp_for_next_cp", "DP of the next CP", "6.21"),
    Col(
        "cohesion",
        "Cohesion Level",
        "6.2; −17 surrenders if assaulted (15.88), −26 may not move (6.26)",
    ),
)


@st.cache_data(max_entries=32, show_spinner=False)
def cohesion_rows(
    _game: Game, journal: tuple[str, str, int, str, str], stages: int, ids: tuple[str, ...]
) -> list[Row]:
    """``event_log.cohesion_history`` of units ``ids`` over the last ``stages`` Operations
    Stages, from the entries the seat may read (``Game.journal``) and its view, kept per
    ``journal`` (database, game, newest sequence number and link, seat): an append-only
    journal read to the same event gives the same rows, so a rerun with nothing new reads no
    journal."""
    recent = _game.session.since_stage_ends(stages, event_log.COHESION_KINDS)
    readable = [line for line in _game.journal(recent) if isinstance(line, tuple)]
    return event_log.cohesion_history(readable, ids, _game.state)


def cohesion_chart(rows: list[dict[str, object]]) -> None:
    """Cohesion Level of each unit at the end of every OpStage, with the −17 and −26 lines."""
    if not rows:
        return
    data = pd.DataFrame(
        [{**r, "cohesion": float(r["cohesion"])} for r in rows]  # type: ignore[arg-type]
    )
    order = list(dict.fromkeys(data["game_time"]))
    lines = (
        alt.Chart(data)
        .mark_line(point=True)
        .encode(
            x=alt.X("game_time:N", sort=order, title="Operations Stage"),
            y=alt.Y("cohesion:Q", title="Cohesion Level"),
            color=alt.Color("name:N", title="Unit"),
            tooltip=["name", "game_time", "cohesion"],
        )
    )
    rules = (
        alt.Chart(pd.DataFrame({"level": [SURRENDERS_WHEN_ASSAULTED, MAY_NOT_MOVE]}))
        .mark_rule(strokeDash=[4, 4], color="#b03030")
        .encode(y="level:Q")
    )
    st.altair_chart(lines + rules, width="stretch")


def render() -> None:
    """The Capability & Cohesion page: the formation's figures, then the Adjust cohesion and
    Morale forms (run first, so the figures above show what they wrote)."""
    game = open_game()
    st.title("Capability & Cohesion")
    figures = st.container()
    cohesion_forms(game)
    with figures:
        formation_figures(game)
    show_status(game)


def formation_figures(game: Game) -> None:
    """A Parent Formation's CP and Cohesion table with its warnings, and the cohesion chart."""
    state = game.state
    hqs = formations.formation_hqs(state, game.side)
    if not hqs:
        st.info(f"No {SIDE_NAMES[game.side]} formation is in play.")
        return
    labels = {r["id"]: f"{r['name']} ({r['counter']}, {r['members']} with it)" for r in hqs}
    hq_id = st.selectbox("Parent Formation", list(labels), format_func=labels.__getitem__)
    summary, rows = formations.formation_capability(state, hq_id)
    cpa, stacking, count = st.columns(3)
    cpa.metric("Formation CPA (6.15)", summary["formation_cpa"] or "–")
    stacking.metric("Stacking Points (9.12)", summary["stacking_points"])
    count.metric("Units", summary["units"])
    for row in rows:
        row["unit"] = "· " * int(row["depth"]) + f"{row['counter']} — {row['name']}"
    worst = [r for r in rows if r["may_not_move"] or r["surrenders_if_assaulted"]]
    if worst:
        st.error(
            plain(", ".join(str(r["name"]) for r in worst))
            + ": Cohesion Level −17 or worse (15.88; −26: 6.26).",
            icon=":material/warning:",
        )
    over = [r for r in rows if r["cp_over"]]
    if over:
        st.warning(f"{len(over)} unit(s) over their CPA (6.21).", icon=":material/speed:")
    show_table(rows, COLUMNS)
    st.subheader("Cohesion over the Operations Stages")
    stages = st.select_slider(
        "Operations Stages shown",
        options=COHESION_STAGES,
        value=COHESION_STAGES[1],
        help="The journal is read back only this far (three Operations Stages a Game-Turn).",
    )
    ids = tuple(str(r["id"]) for r in rows)
    session = game.session
    seat = game.seat.name if game.seat is not None else ""
    journal = (session.store.location, session.name, session.last_seq, session.last_link, seat)
    cohesion_chart(cohesion_rows(game, journal, int(stages), ids))


if __name__ == "__main__":
    render()
