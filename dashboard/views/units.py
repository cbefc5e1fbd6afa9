"""Units page: the counters with CPA, CP expended and Cohesion Level; Spend CP; a unit's TOE;
Correct TOE and the Surrender check (``dashboard.views.unit_forms``)."""

from __future__ import annotations

from fractions import Fraction
from typing import Final

import streamlit as st

from dashboard.context import FormKeys, Game, open_game, run_form, show_status, sides_in
from dashboard.tables import Col, show_table
from dashboard.text import holder_name, plain, unit_label
from dashboard.views.unit_forms import unit_forms
from ledger.commands import cp as cp_commands
from ledger.model.quantities import CPFormatError, format_cp, parse_cp
from ledger.model.seats import SIDE_NAMES
from ledger.model.state import GameState
from ledger.model.strength import SUMMED_RATINGS
from ledger.model.units import RATING_NAMES, RATINGS, SIDES, Side
from ledger.reports import tables as reports
from ledger.reports.tables import Row
from ledger.rules.cp_actions import CPAction, cp_actions

UNIT_COLUMNS: Final = (
    Col("counter", "Counter"),
    Col("name", "Name", width=230),
    Col("side", "Side", show=lambda s: SIDE_NAMES.get(s, s)),
    Col("location", "Hex"),
    Col("with", "With", "the Parent Formation it is with now: attached, or assigned (9.21)"),
    Col("toe_points", "TOE Strength Points", "all weapon systems together"),
    Col("cpa", "CPA", "Capability Point Allowance (6.1)"),
    Col("cp_expended", "CP expended", "this Operations Stage (6.12)"),
    Col("cp_remaining", "CP remaining", "CPA less CP expended (6.2)"),
    Col("cohesion", "Cohesion Level", "6.2; Disorganization Points lower it (6.22)"),
    Col("breakdown_points", "Breakdown Points", "its vehicles gained moving this OpStage (21.25)"),
    Col("awaiting_repair", "Awaiting repair", "TOE Strength Points broken down (21.34)"),
    Col(
        "shortages",
        "Shortages",
        "what it is short of now: water (52.51, 52.52), fuel (49.16), ammunition (15.15, 50.14), "
        "pasta (52.6), stores (51.22)",
        width=260,
    ),
    Col("status", "In play"),
)
SYSTEM_COLUMNS: Final = (
    Col("name", "Weapon system"),
    Col("kind", "Kind"),
    Col("toe_points", "TOE Strength Points"),
    Col("cpa", "CPA", "* fixed, + moves only on trucks", align="right"),
    Col("fuel_rate", "Fuel rate", "Fuel per five CP per TOE Strength Point (49.13)"),
    Col("breakdown", "Breakdown", "Breakdown Adjustment Rating (21.x)"),
    Col("flags", "Notes"),
)
ALL_SIDES: Final = "all"


def unit_rows(state: GameState, side: Side | None, include_arriving: bool) -> list[Row]:
    """``reports.units`` with the Parent Formation it is with named rather than given by id."""
    rows = reports.units(state, side, include_arriving=include_arriving)
    return [{**r, "with": holder_name(state, r["with"]) if r["with"] else ""} for r in rows]


def unit_table(state: GameState, side: Side | None, include_arriving: bool) -> list[Row]:
    """Render the units table; returns its rows."""
    rows = unit_rows(state, side, include_arriving)
    columns = [c for c in UNIT_COLUMNS if include_arriving or c.key != "status"]
    if side is not None:
        columns = [c for c in columns if c.key != "side"]
    show_table(rows, columns, empty="No units.", height=min(38 + 35 * len(rows), 560))
    return rows


def rating_rows(state: GameState, unit_id: str) -> tuple[list[Row], list[Col]]:
    """The 11.1 ratings as the charts print them, one row per rating, one column per weapon
    system, then the unit's Raw and Actual points of the ratings 11.31 sums (11.32)."""
    systems = reports.toe(state, unit_id)
    strengths = reports.unit_strengths(state, [state.units[unit_id]])
    columns = [Col("rating", "Rating")]
    columns += [
        Col(f"system_{i}", f"{s['name']} ×{s['toe_points']}", "rating as printed", align="right")
        for i, s in enumerate(systems)
    ]
    columns += [
        Col("raw", "Raw points", "rating × TOE Strength Points, summed (11.31)"),
        Col("actual", "Actual points", "Raw ÷ 10, rounded half up (11.32)"),
    ]
    rows: list[Row] = []
    for rating in RATINGS:
        summed = rating in SUMMED_RATINGS
        rows.append(
            {
                "rating": RATING_NAMES[rating],
                **{f"system_{i}": s[rating] for i, s in enumerate(systems)},
                "raw": strengths[f"raw_{rating}"] if summed else "–",
                "actual": strengths[f"actual_{rating}"] if summed else "–",
            }
        )
    return rows, columns


def toe_view(state: GameState, rows: list[Row]) -> None:
    """Pick a unit; show its TOE per weapon system, the 11.1 ratings and its strengths."""
    st.subheader("TOE")
    if not rows:
        return
    unit_id = st.selectbox(
        "Unit", [r["id"] for r in rows], format_func=lambda u: unit_label(state, u), key="toe_unit"
    )
    if unit_id is None:
        return
    systems = reports.toe(state, unit_id)
    if not systems:
        st.caption("This unit has no TOE.")
        return
    show_table(systems, SYSTEM_COLUMNS)
    waiting = state.units[unit_id].awaiting_repair
    if waiting:
        listed = ", ".join(f"{state.systems[h.system].name} ×{h.points}" for h in waiting)
        st.caption(plain(f"Awaiting repair (21.34; out of the TOE until repaired): {listed}."))
    ratings, columns = rating_rows(state, unit_id)
    show_table(ratings, columns)
    st.caption("– : not rated, or not summed into strength points (11.38); (n): as printed.")


def spend_cp_form(game: Game, keys: FormKeys) -> None:
    """The Spend CP form: unit, the 6.3 action it spends for, CP as players write them (blank
    for a fixed-cost action), reason (read by ``spend_cp``)."""
    state = game.state
    unit_ids = [u.id for u in state.units_in_play(game.side)]
    if not unit_ids:
        st.caption(f"No {SIDE_NAMES[game.side]} unit is in play.")
        return
    actions = cp_actions()
    st.session_state.setdefault(keys("action"), DEFAULT_ACTION)  # kept after a command
    with st.form(keys("form")):
        unit_col, action_col = st.columns([3, 4])
        unit_col.selectbox(
            "Unit", unit_ids, format_func=lambda u: unit_label(state, u), key=keys("unit")
        )
        action_col.selectbox(
            "For (6.3)",
            list(actions),
            format_func=lambda a: plain(action_label(actions[a])),
            key=keys("action"),
            help="The 6.3 action: a fixed cost needs no CP; a voluntary expenditure in the "
            "player's own portion stops at 150 % of the CPA (8.17).",
        )
        cp_col, reason_col = st.columns([1, 3])
        cp_col.text_input(
            "Capability Points", placeholder="2 1/2 (blank: the fixed cost)", key=keys("cp")
        )
        reason_col.text_input("Reason", placeholder="e.g. moved C3721 to C3917", key=keys("reason"))
        st.form_submit_button("Spend CP", type="primary", key=keys("submit"))


DEFAULT_ACTION: Final = "other"
"""The 6.3 action the Spend CP form starts at (as ``quartermaster spend-cp`` without --action)."""


def action_label(action: CPAction) -> str:
    """A 6.3 action as the form lists it: its label, fixed cost and case."""
    cost = f", {format_cp(action.cost)} CP" if action.cost is not None else ""
    return f"{action.label}{cost} ({action.case})"


def spend_cp(game: Game, keys: FormKeys) -> None:
    """Send the submitted Spend CP form as ``ledger.commands.cp.spend_cp``; show the outcome."""
    unit_id = str(keys.value("unit"))
    reason = str(keys.value("reason") or "")
    action = str(keys.value("action") or DEFAULT_ACTION)
    text = str(keys.value("cp") or "").strip()
    cp: Fraction | None = None
    if text or cp_actions()[action].cost is None:
        try:
            cp = parse_cp(text)
        except CPFormatError as exc:
            st.error(
                f"Refused — nothing was written:\n\n- **Capability Points:** {plain(str(exc))}"
            )
            return
    game.execute(lambda s: cp_commands.spend_cp(s, unit_id, cp, game.source(s, reason), action))


def render() -> None:
    """The Units page."""
    game = open_game()
    st.title("Units")
    filters = st.columns(2, vertical_alignment="bottom")
    sides = sides_in(game.state)  # a seat's view holds only its own side
    choices = (ALL_SIDES, *sides) if len(sides) > 1 else sides or (game.side,)
    shown: str = filters[0].segmented_control(
        "Side",
        choices,
        default=game.side,
        format_func=lambda s: "Both" if s == ALL_SIDES else SIDE_NAMES[s],
        key=f"units_side_{game.side}",
    ) or str(game.side)
    include_arriving = filters[1].toggle("Include units not yet arrived")
    table = st.container()
    st.subheader("Spend CP")
    form = st.container()
    run_form(game, "spend", form, spend_cp, spend_cp_form)
    toe_area = st.container()
    unit_forms(game)  # Correct TOE and the Surrender check, below the TOE they correct
    side: Side | None = None if shown == ALL_SIDES else next(s for s in SIDES if s == shown)
    with table:
        rows = unit_table(game.state, side, include_arriving)
    with toe_area:
        toe_view(game.state, rows)
    show_status(game)


if __name__ == "__main__":
    render()
