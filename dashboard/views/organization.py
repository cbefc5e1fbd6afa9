"""Organization page: the phase of the Operations Stage, a formation's tree and trucks, and the
forms that assign, attach and detach units (6.3), move truck points (8.96, 8.97) and load leg
units on trucks (6.17, 8.95)."""

from __future__ import annotations

from typing import Final

import streamlit as st

from dashboard.context import FormKeys, Game, open_game, run_form, show_status
from dashboard.phase_step import advance, phase_form
from dashboard.tables import Col, on_phone, show_table
from dashboard.text import plain, truck_label, unit_label
from ledger.commands import first_line_trucks, reorganize
from ledger.model.seats import SIDE_NAMES
from ledger.model.trucks import TRUCK_TYPES
from ledger.reports import formations
from ledger.rules.organization import current_parent

# Chart 9.4's levels as players name them (15.53). (Comments, not docstrings: Streamlit would
# print a bare string of a page script.)
LEVEL_NAMES: Final = {
    "division": "Division",
    "super_brigade": "3-point brigade",
    "brigade": "Brigade",
    "battalion": "Battalion",
    "company": "Company",
}
TREE_COLUMNS: Final = (
    Col("unit", "Unit", width=260, phone=True),
    Col("with_parent_as", "With parent as", "attached, or assigned (9.21)"),
    Col("stacking_points", "Stacking Points", "9.12: an HQ counts only with combat units"),
    Col("cpa", "CPA", "6.15; a leg unit on trucks takes the truck CPA (6.17)", phone=True),
    Col(
        "size",
        "Counts as",
        "its level after 9.26–9.28 (a shell drops one level)",
        show=lambda v: LEVEL_NAMES.get(str(v), str(v)),
    ),
    Col("shell", "Shell", "9.26, 9.27, 15.55", show=lambda v: "shell" if v else ""),
    Col("riding", "On trucks", "light/medium/heavy truck points carrying it (8.95)"),
    Col("cp_expended", "CP expended", "this Operations Stage", phone=True),
    Col("cohesion", "Cohesion Level", "6.2; trucks not all detached at −5 (8.97)"),
)
REORGANIZE_ACTIONS: Final = {
    "attach": "Attach (6.3: own parent 1 CP, another 2 CP, each)",
    "detach": "Detach (6.3: 1 CP each)",
    "assign": "Assign a non-assigned unit (free)",
}
TRUCK_ACTIONS: Final = {
    "attach-trucks": "Attach truck points to a unit (8.96)",
    "detach-trucks": "Detach truck points into a convoy (8.97)",
    "load-troops": "Load a leg unit on its formation's trucks (6.17, 8.95)",
}


def _points_inputs(keys: FormKeys, label: str) -> None:
    columns = st.columns(3)
    for column, kind in zip(columns, TRUCK_TYPES, strict=True):
        column.number_input(
            f"{label}: {kind}", min_value=0, step=1, value=0, key=keys(kind), format="%d"
        )


def _points(keys: FormKeys) -> tuple[int, int, int]:
    light, medium, heavy = (int(keys.value(kind) or 0) for kind in TRUCK_TYPES)
    return (light, medium, heavy)


def reorganize_form(game: Game, keys: FormKeys) -> None:
    """Attach, detach or assign one unit of the side to (from) a Parent Formation."""
    state = game.state
    units = [u.id for u in state.units_in_play(game.side)]
    hqs = [
        u.id
        for u in state.units_in_play(game.side)
        if state.classes[u.class_id].unit_type == "headquarters"
    ]
    if not units:
        st.caption(f"No {SIDE_NAMES[game.side]} unit is in play.")
        return
    with st.form(keys("form")):
        st.radio(
            "Action",
            list(REORGANIZE_ACTIONS),
            format_func=REORGANIZE_ACTIONS.__getitem__,
            horizontal=True,
            key=keys("action"),
        )
        unit_col, hq_col = st.columns(2)
        unit_col.selectbox(
            "Unit", units, format_func=lambda u: _with_label(game, u), key=keys("unit")
        )
        hq_col.selectbox(
            "Parent Formation (attach, assign)",
            hqs,
            format_func=lambda u: unit_label(state, u),
            key=keys("parent"),
        )
        _points_inputs(keys, "Detach: trucks going along")
        st.text_input("Reason", key=keys("reason"))
        st.form_submit_button("Record", type="primary", key=keys("submit"))


def _with_label(game: Game, unit_id: str) -> str:
    state = game.state
    parent = current_parent(state.units[unit_id])
    where = f" — with {state.units[parent].name}" if parent else " — independent"
    return unit_label(state, unit_id) + where


def reorganize_submit(game: Game, keys: FormKeys) -> None:
    """Send the reorganize form as ``reorganize.attach`` / ``detach`` / ``assign``."""
    action = str(keys.value("action"))
    unit_id = str(keys.value("unit"))
    parent_id = str(keys.value("parent"))
    reason = str(keys.value("reason") or "")
    trucks = _points(keys)
    if action == "detach":
        game.execute(lambda s: reorganize.detach(s, unit_id, game.source(s, reason), trucks))
    elif action == "assign":
        game.execute(lambda s: reorganize.assign(s, unit_id, parent_id, game.source(s, reason)))
    else:
        game.execute(lambda s: reorganize.attach(s, unit_id, parent_id, game.source(s, reason)))


def trucks_form(game: Game, keys: FormKeys) -> None:
    """Attach truck points from a group, detach a formation's into a convoy, load troops."""
    state = game.state
    units = [u.id for u in state.units_in_play(game.side)]
    groups = [
        g.id
        for g in state.trucks.values()
        if g.side == game.side and g.in_play(state.clock) and g.truck_points
    ]
    if not units:
        return
    with st.form(keys("form")):
        st.radio(
            "Action",
            list(TRUCK_ACTIONS),
            format_func=TRUCK_ACTIONS.__getitem__,
            horizontal=True,
            key=keys("action"),
        )
        group_col, unit_col = st.columns(2)
        group_col.selectbox(
            "Truck group (attach)",
            groups,
            format_func=lambda g: truck_label(state.trucks[g], state),
            key=keys("group"),
        )
        unit_col.selectbox(
            "Unit (receives, detaches from, or rides)",
            units,
            format_func=lambda u: _with_label(game, u),
            key=keys("unit"),
        )
        _points_inputs(keys, "Truck points")
        st.caption("Attach with all three at 0 takes the whole group; load with 0 unloads.")
        st.text_input("Reason", key=keys("reason"))
        st.form_submit_button("Record", type="primary", key=keys("submit"))


def trucks_submit(game: Game, keys: FormKeys) -> None:
    """Send the trucks form as ``attach_trucks`` / ``detach_trucks`` / ``carry_troops``."""
    action = str(keys.value("action"))
    unit_id = str(keys.value("unit"))
    group = str(keys.value("group"))
    reason = str(keys.value("reason") or "")
    points = _points(keys)
    if action == "attach-trucks":
        given = points if any(points) else None
        game.execute(
            lambda s: first_line_trucks.attach_trucks(
                s, group, unit_id, given, game.source(s, reason)
            )
        )
    elif action == "detach-trucks":
        game.execute(
            lambda s: first_line_trucks.detach_trucks(s, unit_id, points, game.source(s, reason))
        )
    else:
        game.execute(
            lambda s: first_line_trucks.carry_troops(s, unit_id, points, game.source(s, reason))
        )


def formation_view(game: Game) -> None:
    """Pick a Parent Formation: its tree, and the truck points it controls (8.96)."""
    state = game.state
    hqs = formations.formation_hqs(state, game.side)
    if not hqs:
        st.info(f"No {SIDE_NAMES[game.side]} formation is in play.")
        return
    labels = {r["id"]: f"{r['name']} ({r['counter']}, {r['members']} with it)" for r in hqs}
    hq_id = st.selectbox(
        "Parent Formation", list(labels), format_func=labels.__getitem__, key="org_formation"
    )
    summary, rows = formations.formation_organization(state, hq_id)
    size = LEVEL_NAMES[summary["size"]] + (" — shell" if summary["shell"] else "")
    figures = {
        "Formation CPA (6.15)": summary["formation_cpa"] or "–",
        "Stacking Points (9.12)": summary["stacking_points"],
        "Truck points (8.96)": summary["trucks_text"],
        "Carrying troops (8.95)": summary["carrying_text"],
        "Counts as (9.28)": size,
    }
    if on_phone():  # five big figures one under another would fill the screen
        st.markdown("  \n".join(f"{label}: **{plain(str(v))}**" for label, v in figures.items()))
        st.caption(plain(str(summary["shell_reason"])))
    else:
        for place, (label, value) in zip(st.columns(len(figures)), figures.items(), strict=True):
            why = plain(str(summary["shell_reason"])) if label.startswith("Counts") else None
            place.metric(label, value, help=why)
    if summary["controlled_by"] != hq_id:
        st.caption(
            f"Its trucks belong to {plain(state.units[summary['controlled_by']].name)}, the highest "
            "Parent Formation it is with (8.96)."
        )
    for row in rows:
        row["unit"] = "· " * int(row["depth"]) + f"{row['counter']} — {row['name']}"
    show_table(rows, TREE_COLUMNS)


def render() -> None:
    """The Organization page."""
    game = open_game()
    st.title("Organization")
    formation_area = st.container()
    reorganize_tab, trucks_tab, phase_tab = st.tabs(
        ["Attach, detach, assign", "Trucks", "Phase (5.2)"]
    )
    run_form(game, "phase", phase_tab, advance, phase_form)
    run_form(game, "reorganize", reorganize_tab, reorganize_submit, reorganize_form)
    run_form(game, "trucks", trucks_tab, trucks_submit, trucks_form)
    with formation_area:
        formation_view(game)
    show_status(game)


if __name__ == "__main__":
    render()
