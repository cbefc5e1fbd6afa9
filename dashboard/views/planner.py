"""Convoy planner page: the loading that answers the most of the side's open requisitions
(``ledger.planning``), each leg said in one sentence (what it draws or loads, where, where the
convoy drives and when it delivers), the figures leg by leg and requisition by requisition, the
convoys it cannot plan from and why, and recorded when the Logistics Commander accepts it
(``accept_plan``, one undoable action).

The proposal is kept in ``st.session_state`` between the "Plan convoys" and "Accept" clicks,
with the journal sequence it was planned at: a plan, not the ledger (the state is read afresh on
every rerun, and acceptance checks the plan against it).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Final

import streamlit as st

from dashboard.context import Game, open_game, show_status
from dashboard.tables import Col, show_table
from dashboard.text import plain
from ledger.commands.convoys import group_name
from ledger.model.quantities import COMMODITIES, COMMODITY_NAMES
from ledger.model.seats import SIDE_NAMES
from ledger.model.units import Side
from ledger.planning.accept import accept_plan, unready_legs
from ledger.planning.convoy_values import DEFAULT_TIME_LIMIT, ConvoyPlan
from ledger.planning.proposal import (
    leg_rows,
    plan_for_side,
    plan_summary,
    requisition_rows,
    unplanned_rows,
)

PROPOSAL_KEY: Final = "planner_proposal"
PLAN_KEY: Final = "planner_plan"
ACCEPT_KEY: Final = "planner_accept"
STATUS: Final = {
    "optimal": "Optimal: the most delivered, on the fewest truck points (both proven)",
    "most_delivered": "The most delivered (proven); the truck points may not be the fewest",
    "time_limit": "Best found in the time allowed (not proven)",
    "failed": "No plan found",
}
LEG_COLUMNS: Final = (
    Col("leg", "Leg"),
    Col("requisition", "Requisition"),
    Col("for", "For", width=200),
    Col("load_at", "Load at"),
    Col("place", "In"),
    Col("convoy_name", "Convoy", "empty: a direct draw where the unit stands, no trucks"),
    Col("light", "Light"),
    Col("medium", "Medium"),
    Col("heavy", "Heavy"),
    *(Col(c, COMMODITY_NAMES[c], "supply points") for c in COMMODITIES),
    Col("drives_to", "Drives to", "in the Truck Convoy Movement Phase (8.18)"),
    Col(
        "cp_to_drive", "CP to drive", "CPA for supplies (54.2) less CP expended, loading, unloading"
    ),
)
REQUISITION_COLUMNS: Final = (
    Col("requisition", "Requisition"),
    Col("for", "For", width=200),
    *(
        Col(f"{c}_{what}", f"{COMMODITY_NAMES[c]} {what}", "supply points")
        for c in COMMODITIES
        for what in ("wanted", "planned", "short")
    ),
)


@dataclass(frozen=True)
class Proposal:
    """A plan made for ``side`` of game ``game`` at journal sequence ``seq``. Kept in
    ``st.session_state`` as a dict: the page module is run afresh on every rerun, so its
    classes are new each time."""

    game: str
    side: Side
    seq: int
    plan: ConvoyPlan


def _proposal(game: Game) -> Proposal | None:
    kept = st.session_state.get(PROPOSAL_KEY)
    if not isinstance(kept, dict):
        return None
    proposal = Proposal(**kept)
    if (proposal.game, proposal.side) != (game.session.name, game.side):
        return None
    return proposal


def _as_dict(proposal: Proposal) -> dict[str, object]:
    """The proposal's fields as a dict (the plan itself kept as it is)."""
    return {f.name: getattr(proposal, f.name) for f in fields(proposal)}


def _accept(game: Game, proposal: Proposal) -> None:
    """Record the kept plan (``accept_plan``); forget it once written."""
    ready_only = bool(st.session_state.get("planner_ready_only"))
    reason = str(st.session_state.get("planner_reason") or "convoy plan")
    events = game.execute(
        lambda s: accept_plan(s, proposal.plan, game.source(s, reason), ready_only=ready_only)
    )
    if events:
        st.session_state.pop(PROPOSAL_KEY, None)


def _controls(game: Game) -> None:
    """Time limit and what to leave out, then the Plan button (the plan is made at once)."""
    state = game.state
    open_ids = [
        r.id
        for r in state.requisitions.values()
        if r.status == "open" and state.units[r.unit_id].side == game.side
    ]
    convoys = {
        g.id: group_name(state, g.id)
        for g in state.trucks.values()
        if g.side == game.side and g.line == "second_third" and g.in_play(state.clock)
    }
    limit_col, req_col, convoy_col = st.columns([1, 2, 2])
    limit = limit_col.number_input(
        "Time limit (s)", 1.0, 120.0, DEFAULT_TIME_LIMIT, 1.0, key="planner_time_limit"
    )
    left_out = req_col.multiselect(
        "Leave out requisitions",
        open_ids,
        format_func=lambda r: f"{r}: {state.holder_name(state.requisitions[r].unit_id)}",
        key="planner_without_r",
    )
    convoys_out = convoy_col.multiselect(
        "Leave out convoys",
        list(convoys),
        format_func=lambda g: convoys.get(g, g),
        key="planner_without_c",
    )
    if st.button("Plan convoys", type="primary", key=PLAN_KEY):
        with st.spinner("Planning…"):
            plan = plan_for_side(
                state,
                game.side,
                exclude_requisitions=left_out,
                exclude_convoys=convoys_out,
                time_limit=float(limit),
            )
        if plan is None:
            st.session_state.pop(PROPOSAL_KEY, None)
            st.info(f"No open {SIDE_NAMES[game.side]} requisition to plan for.")
        else:
            st.session_state[PROPOSAL_KEY] = _as_dict(
                Proposal(game.session.name, game.side, game.session.last_seq, plan)
            )


def _show(game: Game, proposal: Proposal) -> None:
    """The plan: status and proof, legs, delivered against wanted, then Accept."""
    state, plan = game.state, proposal.plan
    if proposal.seq != game.session.last_seq:
        st.warning("The ledger changed since this plan was made: plan again before accepting.")
    summary = plan_summary(plan)
    st.markdown(
        f"**Drawn at once** (delivered on Accept): {plain(summary['drawn'])}  \n"
        f"**Loaded on trucks** (delivered only if the convoys reach the units, 8.18): "
        f"{plain(summary['loaded'])}  \n"
        f"**Truck points**: {plan.truck_points}"
    )
    st.caption(f"{STATUS[plan.status]} in {plan.seconds:.2f} s. {plain(plan.message)}")
    st.subheader("What the plan does")
    rows = leg_rows(state, plan)
    if rows:
        st.markdown("\n".join(f"{row['leg']}. {plain(row['says'])}" for row in rows))
    show_table(rows, LEG_COLUMNS, empty="Nothing can be delivered.")
    _not_planned(game)
    st.subheader("Planned against wanted")
    show_table(requisition_rows(state, plan), REQUISITION_COLUMNS)
    unready = unready_legs(state, plan)
    if unready:
        st.warning(
            "Convoys not at their dumps yet:\n\n" + "\n".join(f"- {plain(str(e))}" for e in unready)
        )
        st.checkbox("Record only the legs that are ready", key="planner_ready_only")
    st.text_input("Reason", placeholder="e.g. Supply Requisitions of GT 1", key="planner_reason")
    st.button(
        "Accept plan",
        type="primary",
        key=ACCEPT_KEY,
        disabled=not plan.legs,
        help="record the transfers and split the convoys (one action; Undo takes it back)",
    )


def _not_planned(game: Game) -> None:
    """The convoys the planner cannot load and why (``unplanned_rows``), as a warning."""
    left_out = unplanned_rows(game.state, game.side)
    if left_out:
        st.warning(
            "Convoys not planned from:\n\n"
            + "\n".join(f"- {plain(row['name'])}: {plain(row['why'])}" for row in left_out)
        )


def render() -> None:
    """The Convoy planner page."""
    game = open_game()
    st.title("Convoy planner")
    st.caption(
        f"{SIDE_NAMES[game.side]} open requisitions against dump stocks and the free points "
        "of convoys standing at a dump (54.1, 54.2 capacities, CPA for supplies). A unit at a "
        "dump draws at once; a convoy loads now and delivers only when it reaches the unit."
    )
    kept = _proposal(game)
    if kept is not None and st.session_state.get(ACCEPT_KEY):
        _accept(game, kept)
    _controls(game)
    kept = _proposal(game)
    if kept is None:
        st.caption("Press Plan convoys to see a proposal.")
    else:
        _show(game, kept)
    show_status(game)


if __name__ == "__main__":
    render()
