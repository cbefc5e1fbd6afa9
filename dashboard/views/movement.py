"""Movement page (issue 17 item 2): the move assistant, the Breakdown check and the Repair form.

The move assistant takes a unit, the hexes it enters (typed in the path language of
``quartermaster move --hexes``, or built a hex at a time) and the hex it ends in, and shows what
``ledger.reports.movement.move_preview`` works out before anything is written: the CP by the
Terrain Effects Chart (8.37), CP left and the 8.17 ceiling, Disorganization Points (6.21), Fuel
(49.13), Breakdown Points (21.23) and Water (52.4). "Record move" sends the same
``move_unit`` as the CLI; CP the player enters replace the chart's (the board knows what the
ledger does not). The Breakdown check sends ``breakdown_check`` with one reading a type due, the
Repair form ``repair``. The commands refuse outside their phase; the page says so first.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Final

import streamlit as st

from dashboard.context import FormKeys, Game, open_game, run_form, show_status
from dashboard.tables import Col, show_table
from dashboard.text import plain, unit_label
from ledger.commands.breakdown_log import breakdown_check, breakdown_rows, repair
from ledger.commands.movement import MOVE_ACTIONS, hex_text, move_unit
from ledger.model.quantities import CPFormatError, format_cp, parse_cp
from ledger.model.seats import SIDE_NAMES
from ledger.reports.movement import (
    MovePreview,
    awaiting_repair_units,
    checking_now,
    move_preview,
    moving_now,
    repairing_now,
    vehicle_units,
)
from ledger.rules.breakdown import HexMove
from ledger.rules.cp_actions import cp_actions
from ledger.rules.movement_cost import hexside_keys, label, terrain_keys

ROUTES: Final = {"off-road": "Across country", "road": "Road (note 6)", "track": "Track (note 8)"}
PATH_HELP: Final = (
    "One entry a hex, comma-separated: [road:|track:]TERRAIN[+HEXSIDE…], e.g. "
    "road:clear, rough, clear+ridge, track:rough+wadi. Terrain: "
    + ", ".join(terrain_keys())
    + ". Hexsides: "
    + ", ".join(hexside_keys())
    + "."
)
SANDSTORM: Final = {"weather": "As the weather says", "yes": "Yes", "no": "No"}
ODDS_COLUMNS: Final = (
    Col("name", "Vehicle type", phone=True),
    Col(
        "column",
        "Column",
        "21.38 column read: BP with the BAR, Hot and Sandstorm (21.32)",
        phone=True,
    ),
    Col(
        "due",
        "Due",
        "a check is due: more than 3 BP (21.27), a column further right (21.26)",
        phone=True,
    ),
    Col("toe_points", "TOE Strength Points"),
    Col("bar", "BAR", "Breakdown Adjustment Rating (21.12)"),
    Col("odds", "Points broken down: odds", "21.34, 21.35", width=320),
)


def _add_hex(keys: FormKeys) -> None:
    """Append the hex built in the selectboxes to the path (a button's callback)."""
    sides = tuple(keys.value("sides") or ())
    move = HexMove(str(keys.value("terrain")), sides, keys.value("route") or "off-road")
    path = str(keys.value("path") or "").strip().rstrip(",")
    st.session_state[keys("path")] = f"{path}, {hex_text(move)}" if path else hex_text(move)


def _drop_hex(keys: FormKeys) -> None:
    """Remove the last hex of the path (a button's callback)."""
    entries = [e.strip() for e in str(keys.value("path") or "").split(",") if e.strip()]
    st.session_state[keys("path")] = ", ".join(entries[:-1])


def _entered(keys: FormKeys) -> tuple[str, str, str, str, str]:
    """What the move form holds: unit, path, hex, CP text, action."""
    return (
        str(keys.value("unit") or ""),
        str(keys.value("path") or ""),
        str(keys.value("to") or ""),
        str(keys.value("cp") or "").strip(),
        str(keys.value("action") or "move"),
    )


def move_form(game: Game, keys: FormKeys) -> None:
    """The move assistant: unit, path (typed or built), hex, action, CP instead; the preview;
    Record move."""
    state = game.state
    unit_ids = [u.id for u in state.units_in_play(game.side)]
    if not unit_ids:
        st.caption(f"No {SIDE_NAMES[game.side]} unit is in play.")
        return
    st.selectbox("Unit", unit_ids, format_func=lambda u: unit_label(state, u), key=keys("unit"))
    st.text_input(
        "Hexes entered, in order",
        placeholder="road:clear, rough, clear+ridge",
        help=PATH_HELP,
        key=keys("path"),
    )
    with st.expander("Add a hex to the path"):
        st.radio(
            "Entered",
            list(ROUTES),
            format_func=ROUTES.__getitem__,
            horizontal=True,
            key=keys("route"),
        )
        st.selectbox("Terrain", terrain_keys(), format_func=label, key=keys("terrain"))
        st.multiselect(
            "Hexside crossed",
            hexside_keys(),
            format_func=label,
            key=keys("sides"),
            help="The feature of the hexside crossed to enter the hex (8.35): up or down is "
            "the way the unit goes.",
        )
        add, drop = st.columns(2)
        add.button("Add hex", on_click=_add_hex, args=(keys,), key=keys("add"))
        drop.button("Remove last hex", on_click=_drop_hex, args=(keys,), key=keys("drop"))
    to_col, action_col = st.columns(2)
    to_col.text_input("Ends in hex", placeholder="C3720", key=keys("to"))
    actions = cp_actions()
    action_col.selectbox(
        "For (6.3)", MOVE_ACTIONS, format_func=lambda a: actions[a].label, key=keys("action")
    )
    cp_col, reason_col = st.columns([1, 2])
    cp_col.text_input(
        "CP instead",
        placeholder="blank: the chart's",
        help="Leave blank for the CP of the path by the Terrain Effects Chart (8.37). Enter "
        "the CP the board asks when it knows more than the ledger: an enemy Zone of Control "
        "(8.15, 8.24, 10.x), a minefield, engineers (26.2).",
        key=keys("cp"),
    )
    reason_col.text_input("Reason", placeholder="e.g. enemy minefield in C3720", key=keys("reason"))
    unit_id, path, to, cp_text, action = _entered(keys)
    cp: Fraction | None = None
    if cp_text:
        try:
            cp = parse_cp(cp_text)
        except CPFormatError as exc:
            st.error(f"**CP instead:** {plain(str(exc))}")
            return
    st.session_state[keys("shown")] = _entered(keys)
    if path.strip() or cp is not None:
        show_preview(move_preview(state, unit_id, path, to, cp, action))
    else:
        st.caption("Enter the hexes it enters to see the move's CP, Fuel, Breakdown and Water.")
    st.button("Record move", type="primary", key=keys("submit"))


def show_preview(p: MovePreview) -> None:
    """The figures of a move before it is recorded, as lines a phone shows without scrolling."""
    hexes = []
    for entry in p.hexes:
        cost = entry.cost
        shown = f"{entry.number}. {plain(entry.text)}"
        if cost is None:
            hexes.append(f"{shown} — **refused** (below)")
        else:
            hexes.append(f"{shown} — **{format_cp(cost.cp)} CP** ({plain(cost.working)})")
    if hexes:
        st.markdown("\n".join(hexes))
    column = "motorized" if p.motorized else "non-motorized"
    lines = []
    if p.path_cp is not None:
        lines.append(f"**Path:** {format_cp(p.path_cp)} CP by the chart ({column} column, 8.37)")
    if p.overridden and p.cp is not None:
        lines.append(f"**CP entered instead:** {format_cp(p.cp)}")
    if p.cpa is not None and p.cp_left is not None:
        left = f"{format_cp(p.cp_left)} left" if p.cp_left >= 0 else f"{format_cp(-p.cp_left)} over"
        lines.append(
            f"**CPA {p.cpa}:** {format_cp(p.cp_expended)} expended before, {left} after (6.14)"
        )
    if p.ceiling is not None and p.ceiling_left is not None:
        lines.append(
            f"**8.17 ceiling:** {format_cp(p.ceiling)} CP in its own portion, "
            f"{format_cp(p.ceiling_left)} left after"
        )
    lines.append(
        f"**Disorganization:** {format_cp(p.dp)} DP (6.21), Cohesion Level "
        f"{format_cp(p.cohesion_after)} after (6.22)"
    )
    lines.append(f"**Fuel:** burns {p.fuel}, carries {p.fuel_held} (49.13)")
    if p.vehicles:
        due = ", ".join(f"{v.name} ({v.column})" for v in p.vehicles if v.due)
        lines.append(
            f"**Breakdown Points:** +{format_cp(p.breakdown_points)}, "
            f"{format_cp(p.breakdown_total)} this OpStage (21.23, 21.25); "
            + (f"a check will be due: {plain(due)}" if due else "no check due (21.27)")
        )
    lines.append(
        f"**Water** for the Operations Stage, having moved: {p.water}, holds {p.water_held} (52.4)"
    )
    st.markdown("\n".join(f"- {line}" for line in lines))
    for warning in p.warnings:
        st.warning(plain(warning))
    if p.dp > 0:
        st.warning(f"Over the CPA: {format_cp(p.dp)} Disorganization Points (6.21).")
    if p.water > p.water_held:
        st.warning(
            f"It holds {p.water_held} Water of the {p.water} it needs this Operations Stage "
            "(52.4): it draws the rest from a dump at the upkeep, or goes short (52.5)."
        )
    if p.errors:
        st.error(
            "Would be refused:\n\n"
            + "\n".join(
                f"- {plain(e.message)}"
                + (f" ({e.case})" if e.case and e.case not in e.message else "")
                for e in p.errors
            )
        )


def record_move(game: Game, keys: FormKeys) -> None:
    """Send the move as ``ledger.commands.movement.move_unit``, if it is what was previewed."""
    unit_id, path, to, cp_text, action = _entered(keys)
    if tuple(st.session_state.get(keys("shown")) or ()) != (unit_id, path, to, cp_text, action):
        st.info("The move changed as you pressed Record move: check its figures, then record it.")
        return
    reason = str(keys.value("reason") or "").strip()
    cp: Fraction | None = None
    if cp_text:
        try:
            cp = parse_cp(cp_text)
        except CPFormatError as exc:
            st.error(f"Refused — nothing was written:\n\n- **CP instead:** {plain(str(exc))}")
            return
        if not reason:
            st.error(
                "Refused — nothing was written:\n\n- **Reason:** say why the CP differ from the "
                "chart's (an enemy Zone of Control, a minefield, engineers)"
            )
            return
    game.execute(lambda s: move_unit(s, unit_id, to, cp, path, game.source(s, reason), action))


def _odds_text(odds: dict[int, Fraction]) -> str:
    return "  ".join(f"{k}: {p} ({float(p) * 100:.1f} %)" for k, p in odds.items())


def check_form(game: Game, keys: FormKeys) -> None:
    """Breakdown check: a unit with vehicles (those due first), each type's 21.38 column and
    exact odds, one reading 11–66 a type due."""
    state = game.state
    due = vehicle_units(state, game.side)
    unit_ids = list(due)
    if not unit_ids:
        st.caption("No unit of this side has vehicles.")
        return
    st.selectbox(
        "Unit",
        unit_ids,
        format_func=lambda u: unit_label(state, u) + (" — check due" if due[u] else ""),
        key=keys("unit"),
    )
    st.radio(
        "Sandstorm (21.37d)",
        list(SANDSTORM),
        format_func=SANDSTORM.__getitem__,
        horizontal=True,
        key=keys("sandstorm"),
        help="At least half its movement was in map sections with a Sandstorm.",
    )
    unit_id = str(keys.value("unit") or unit_ids[0])
    rows = breakdown_rows(state, unit_id, sandstorm=_sandstorm(keys))
    unit = state.units[unit_id]
    st.caption(
        f"{format_cp(unit.breakdown_points)} Breakdown Points this Operations Stage (21.25)"
        + (
            f"; checked at {format_cp(unit.breakdown_checked_at)}"
            if unit.breakdown_checked_at is not None
            else ""
        )
    )
    show_table(
        [
            {
                **r,
                "column": r["column"] or "none: 3 BP or fewer",
                "due": "yes" if r["due"] else "no",
                "odds": _odds_text(r["odds"]),
            }
            for r in rows
        ],
        ODDS_COLUMNS,
    )
    to_roll = [r for r in rows if r["due"]]
    if not to_roll:
        st.caption("No check is due (21.26, 21.27).")
        return
    for number, row in enumerate(to_roll):
        st.number_input(
            f"{plain(row['name'])}: reading (11–66, the large die the tens)",
            min_value=11,
            max_value=66,
            step=1,
            value=None,
            key=keys(f"roll{number}"),
        )
        st.caption(f"Points broken down, odds (21.34): {_odds_text(row['odds'])}")
    st.button("Record check", type="primary", key=keys("submit"))


def _sandstorm(keys: FormKeys) -> bool | None:
    chosen = keys.value("sandstorm") or "weather"
    return None if chosen == "weather" else chosen == "yes"


def record_check(game: Game, keys: FormKeys) -> None:
    """Send the readings as ``ledger.commands.breakdown_log.breakdown_check``."""
    unit_id = str(keys.value("unit"))
    due = [r for r in breakdown_rows(game.state, unit_id, sandstorm=_sandstorm(keys)) if r["due"]]
    readings: list[int] = []
    for number, row in enumerate(due):
        value: Any = keys.value(f"roll{number}")
        if value is None:
            st.error(
                "Refused — nothing was written:\n\n"
                f"- **{plain(row['name'])}:** enter its reading, 11–66 (21.34)"
            )
            return
        readings.append(int(value))
    game.execute(
        lambda s: breakdown_check(
            s, unit_id, readings, game.source(s, ""), sandstorm=_sandstorm(keys)
        )
    )


def repair_form(game: Game, keys: FormKeys) -> None:
    """Repair: a unit with points awaiting repair, the weapon system (by name), the points."""
    state = game.state
    unit_ids = awaiting_repair_units(state, game.side)
    if not unit_ids:
        st.caption("Nothing of this side awaits repair (21.34).")
        return
    st.selectbox("Unit", unit_ids, format_func=lambda u: unit_label(state, u), key=keys("unit"))
    unit = state.units[str(keys.value("unit") or unit_ids[0])]
    waiting = {h.system: h.points for h in unit.awaiting_repair}
    system_col, points_col = st.columns([2, 1])
    system_col.selectbox(
        "Weapon system",
        list(waiting),
        format_func=lambda s: f"{state.systems[s].name} ({waiting[s]} awaiting)",
        key=keys("system"),
    )
    points_col.number_input("Points", min_value=1, step=1, value=1, key=keys("points"))
    st.button("Record repair", type="primary", key=keys("submit"))


def record_repair(game: Game, keys: FormKeys) -> None:
    """Send the repair as ``ledger.commands.breakdown_log.repair``."""
    unit_id = str(keys.value("unit"))
    system = str(keys.value("system"))
    points = int(keys.value("points") or 0)
    game.execute(lambda s: repair(s, unit_id, system, points, game.source(s, "")))


def _phase_notice(reason: str | None) -> None:
    if reason is not None:
        st.warning(plain(reason))


def render() -> None:
    """The Movement page."""
    game = open_game()
    st.title("Movement")
    move_tab, check_tab, repair_tab = st.tabs(["Move", "Breakdown check", "Repair"])
    # In each tab: why its command is refused now, what a command just did, then the form.
    with move_tab:
        _phase_notice(moving_now(game.state))
        run_form(game, "move", move_tab, record_move, move_form)
    with check_tab:
        _phase_notice(checking_now(game.state))
        run_form(game, "check", check_tab, record_check, check_form)
    with repair_tab:
        _phase_notice(repairing_now(game.state))
        run_form(game, "repair", repair_tab, record_repair, repair_form)
    show_status(game)


if __name__ == "__main__":
    render()
