"""Reinforcements & victory page (issue 18): a campaign's schedule as the players follow it.

- Reinforcements (4.43, 20.1): what entered play this Operations Stage (the journal's
  ``ReinforcementsArrived``, read through ``ledger.reports.campaign.arrivals``) and what
  arrives next, by Game-Turn ("arrives GT 9 OpStage 2"), with the whole schedule folded below.
- Withdrawals (4.43a, 20.8): each scheduled withdrawal (``upcoming_withdrawals``) with its
  counters by name, its due Operations Stage, the transport it needs against what the side has,
  and its status; the Withdraw form previews the withdrawal first (``withdraw`` run on the
  state, nothing written), then records it on confirmation, as ``quartermaster withdraw``.
- Victory (60.82): the victory table (``victory_table``), the form that records who holds a
  place and whether the supply line is met (``hold_place``, ``quartermaster victory --place``),
  and the players' declaration that no Italian combat unit has a supply line left (the
  Commonwealth's strategic victory), which only the table reads: it is not journaled, as
  ``quartermaster victory --italian-supply-cut`` writes nothing.

Pages compute no rule: the reports and commands do; a seat sees its own side's counters.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

import streamlit as st

from dashboard.context import FormKeys, Game, open_game, run_form, show_status
from dashboard.tables import Col, show_table
from dashboard.text import error_lines, plain
from dashboard.views.supply_forms import reason, reason_input, relabelled
from ledger.commands.campaign import hold_place
from ledger.commands.withdrawal import withdraw
from ledger.model.quantities import format_cp
from ledger.model.seats import SIDE_NAMES, side_name
from ledger.model.state import GameState
from ledger.model.units import Side
from ledger.reports import event_log
from ledger.reports.campaign import (
    ArrivalRow,
    WithdrawalRow,
    arrivals,
    next_arrivals,
    upcoming_withdrawals,
    victory_rows,
    victory_table,
)

ARRIVAL_COLUMNS: Final = (
    Col("arrives", "Arrives", phone=True),
    Col("side", "Side"),
    Col("name", "Counter", width=260, phone=True),
    Col("where", "Where", phone=True),
    Col("status", "Status"),
)
WITHDRAWAL_COLUMNS: Final = (
    Col("name", "Withdrawal", width=360, phone=True),
    Col("due", "Due", phone=True),
    Col("status", "Status", phone=True),
    Col("needed", "Truck value needed", "4.43a: light TP 1/2, medium 1, heavy 2"),
    Col("available", "Available"),
    Col("short", "Short"),
    Col("place", "Withdraws from"),
)
COUNTER_COLUMNS: Final = (
    Col("name", "Counter", width=220, phone=True),
    Col("toe", "TOE"),
    Col("location", "Hex", phone=True),
    Col("status", "Status", phone=True),
)
VICTORY_COLUMNS: Final = (
    Col("place", "Place", phone=True),
    Col("hexes", "Hexes"),
    Col("axis_points", "Axis points"),
    Col("commonwealth_points", "Commonwealth points"),
    Col("held_by", "Held by", phone=True),
    Col("supply_line", "Supply line"),
    Col("scores", "Scores", phone=True),
)
HOLDERS: Final = {"axis": "Axis", "commonwealth": "Commonwealth", "none": "Nobody"}
"""Who may hold a place, as the form offers it (``none``: nobody; ``--holder``)."""
FIELDS: Final = {
    "withdrawal": "Withdrawal",
    "supplies_to": "Supplies go to",
    "trucks": "Transport",
    "eliminated": "Eliminated instead",
    "side": "Side",
    "place": "Place",
    "holder": "Held by",
    "supply_line": "Supply line",
}
"""The commands' field names in refusals, as these forms label them."""
PREVIEW_KEY: Final = "campaign_withdraw_preview"
"""Session key of the withdrawal previewed: ``(withdrawal id, dump id or None, eliminated)``."""
CUT_KEY: Final = "campaign_italian_supply_cut"
AT_THEIR_HEX: Final = ""
"""The Supplies go to choice "the dump at their hex" (the command's own default)."""


def arrival_rows(rows: list[ArrivalRow]) -> list[dict[str, object]]:
    """Arrivals as table rows, names as printed ("entered" once the journal posted them)."""
    return [
        {
            "arrives": r.at.short,
            "side": side_name(r.side),
            "name": r.name,
            "where": r.location,
            "status": "entered" if r.entered else "to come",
        }
        for r in rows
    ]


def reinforcements_section(state: GameState) -> None:
    """What entered play this Operations Stage, what arrives next, and the whole schedule."""
    st.header("Reinforcements (4.43, 20.1)")
    every = arrivals(state)
    if not every:
        st.caption("No reinforcements are scheduled in this scenario.")
        return
    now = [r for r in every if r.entered and r.at == state.clock]
    st.subheader(f"Arrived {state.clock.short} ({len(now)})")
    show_table(arrival_rows(now), ARRIVAL_COLUMNS, empty="Nothing arrived this Operations Stage.")
    coming = next_arrivals(state)
    if coming:
        turn = coming[0].at.game_turn
        st.subheader(f"Arriving next: Game-Turn {turn} ({len(coming)})")
    else:
        st.subheader("Arriving next")
    show_table(arrival_rows(coming), ARRIVAL_COLUMNS, empty="Nothing more is scheduled to arrive.")
    with st.expander(f"Every scheduled arrival ({len(every)})"):
        show_table(arrival_rows(every), ARRIVAL_COLUMNS)


def withdrawal_rows(rows: list[WithdrawalRow]) -> list[dict[str, object]]:
    """Withdrawals as table rows: due, status, transport needed against what is available."""
    return [
        {
            "name": w.name,
            "due": w.due.short,
            "status": w.status,
            "needed": "none printed" if w.required is None else str(w.required),
            "available": format_cp(w.available),
            "short": w.shortfall,
            "place": w.place,
        }
        for w in rows
    ]


def withdrawals_section(state: GameState) -> None:
    """Every scheduled withdrawal the seat may see, then each one's counters."""
    st.header("Withdrawals (4.43a, 20.8)")
    rows = upcoming_withdrawals(state)
    if not rows:
        st.caption("No scheduled withdrawals.")
        return
    show_table(withdrawal_rows(rows), WITHDRAWAL_COLUMNS)
    for w in rows:
        label = f"{w.name}: {len(w.counters)} counters, due {w.due.short} ({w.status})"
        with st.expander(label, expanded=w.status in ("due", "overdue")):
            counters = [
                {"name": c.name, "toe": c.toe_points, "location": c.location, "status": c.status}
                for c in w.counters
            ]
            show_table(counters, COUNTER_COLUMNS, empty="None of its counters is in the game.")
            st.caption(plain(f"Leaves from {w.place}."))
            if w.taken:
                st.caption(plain(f"Trucks that leave with it (4.43a): {w.taken}."))
            if w.warnings:
                st.warning("\n".join(f"- {plain(x)}" for x in w.warnings))


def dumps_of(state: GameState, side: Side) -> list[str]:
    """The side's Supply Dumps (not dummies or air pools), by name: where the withdrawn
    counters' supplies may go (ruling ``withdrawal-supplies=to-dump``)."""
    found = [
        k for k, d in state.dumps.items() if d.side == side and d.kind in ("dump", "unlimited")
    ]
    return sorted(found, key=lambda k: state.dumps[k].name)


def withdraw_form(game: Game, keys: FormKeys) -> None:
    """The withdrawal, where its supplies go, eliminated or not; Preview, then Confirm."""
    state = game.state
    if not state.schedule.withdrawals:
        return
    st.subheader("Withdraw (20.8)")
    open_rows = [w for w in upcoming_withdrawals(state, game.side) if w.status != "recorded"]
    if not open_rows:
        st.caption(f"No {SIDE_NAMES[game.side]} withdrawal is left to record.")
        return
    names = {w.id: f"{w.name} (due {w.due.short}, {w.status})" for w in open_rows}
    dumps = dumps_of(state, game.side)
    lost = state.ruling("withdrawal-supplies") == "lost"
    with st.form(keys("form")):
        st.selectbox("Withdrawal", list(names), format_func=names.__getitem__, key=keys("which"))
        if lost:
            st.caption("What the counters carry is lost (ruling withdrawal-supplies=lost).")
        else:
            st.selectbox(
                "Supplies go to",
                [AT_THEIR_HEX, *dumps],
                format_func=lambda d: (
                    "the dump at their hex"
                    if d == AT_THEIR_HEX
                    else f"{state.dumps[d].name} ({state.dumps[d].location})"
                ),
                help="What the counters and their first-line trucks carry goes to this dump "
                "(ruling withdrawal-supplies=to-dump).",
                key=keys("dump"),
            )
        st.checkbox(
            "Eliminated instead (20.83: not at Cairo or Alexandria, or below its TOE, at the "
            "deadline)",
            key=keys("eliminated"),
        )
        reason_input(keys, "optional")
        st.form_submit_button("Preview withdrawal", key=keys("review"))
    if keys.value("review"):
        dump = keys.value("dump") or None
        st.session_state[PREVIEW_KEY] = (
            str(keys.value("which")),
            None if dump is None else str(dump),
            bool(keys.value("eliminated")),
        )
    previewed = st.session_state.get(PREVIEW_KEY)
    if isinstance(previewed, tuple) and previewed[0] in names:
        preview(game, keys, previewed)


def preview(game: Game, keys: FormKeys, previewed: tuple[str, str | None, bool]) -> None:
    """What the withdrawal would record (``withdraw`` on the state; nothing written), and the
    button that records it."""
    state = game.state
    which, dump, eliminated = previewed
    outcome = withdraw(
        state,
        which,
        game.source(state, reason(keys)),
        supplies_to=dump,
        eliminated=eliminated,
    )
    row = next((w for w in upcoming_withdrawals(state) if w.id == which), None)
    if row is not None and row.warnings and not eliminated:
        st.warning("\n".join(f"- {plain(x)}" for x in row.warnings))
    if not outcome.ok:
        lines = error_lines(relabelled(outcome, FIELDS).errors, state)
        st.warning("Not now:\n\n" + "\n".join(f"- {line}" for line in lines))
        return
    st.markdown(
        "**Would be recorded** (nothing written yet):\n"
        + "\n".join(f"- {plain(event_log.describe(e, state))}" for e in outcome.events)
    )
    st.button("Confirm: withdraw", type="primary", key=keys("submit"))


def withdraw_submit(game: Game, keys: FormKeys) -> None:
    """Send the withdrawal previewed as ``withdraw`` (``quartermaster withdraw ID``)."""
    previewed = st.session_state.get(PREVIEW_KEY)
    if not isinstance(previewed, tuple):
        return
    which, dump, eliminated = previewed
    why = reason(keys)
    done = game.execute(
        lambda s: relabelled(
            withdraw(s, which, game.source(s, why), supplies_to=dump, eliminated=eliminated),
            FIELDS,
        )
    )
    if done is not None:
        st.session_state.pop(PREVIEW_KEY, None)


def victory_section(game: Game) -> None:
    """The 60.82 victory table, totals, the result and the strategic-victory declaration."""
    state = game.state
    st.header("Victory (60.82)")
    if not state.schedule.victory:
        st.caption(plain(f"{state.info.name} has no victory places."))
        return
    cut = st.checkbox(
        "The players declare: no Italian combat unit has a supply line left on the map "
        "(Commonwealth strategic victory)",
        key=CUT_KEY,
        help="A check made at the end, off the map; only this table reads it (not journaled, as "
        "`quartermaster victory --italian-supply-cut`).",
    )
    table = victory_table(state, italian_supply_cut=cut)
    rows = victory_rows(table)
    axis, commonwealth = st.columns(2)
    axis.metric("Axis victory points", table.totals["axis"])
    commonwealth.metric("Commonwealth victory points", table.totals["commonwealth"])
    st.markdown(f"**Result:** {plain(table.result)} ({table.case})")
    st.caption(plain(table.strategic_line))
    show_table(rows, VICTORY_COLUMNS)
    st.caption(
        "A place scores for its holder only with a supply line: at most one Game-Turn long to "
        "a dump or city linked to Cairo (Commonwealth) or Tripoli (Italian), held by a combat "
        "unit (60.82)."
    )


def hold_form(game: Game, keys: FormKeys) -> None:
    """A victory place, who holds it, and whether the holder has the supply line."""
    state = game.state
    places = {p.id: f"{p.name} ({', '.join(p.hexes)})" for p in state.schedule.victory}
    if not places:
        return
    st.subheader("Record who holds a place (60.82)")
    with st.form(keys("form")):
        st.selectbox("Place", list(places), format_func=places.__getitem__, key=keys("place"))
        st.radio(
            "Held by",
            list(HOLDERS),
            format_func=HOLDERS.__getitem__,
            horizontal=True,
            key=keys("holder"),
        )
        st.checkbox("The holder has the supply line (60.82)", key=keys("line"))
        reason_input(keys, "optional")
        st.form_submit_button("Record holder", type="primary", key=keys("submit"))


def hold_submit(game: Game, keys: FormKeys) -> None:
    """Send the form as ``hold_place``, recorded for the table (no side), as ``quartermaster
    victory --place --holder --supply-line`` records it."""
    place_id = str(keys.value("place") or "")
    chosen = str(keys.value("holder") or "none")
    holder: Side | None = (
        "axis" if chosen == "axis" else "commonwealth" if chosen == "commonwealth" else None
    )
    line = bool(keys.value("line"))
    why = reason(keys)
    game.execute(
        lambda s: relabelled(
            hold_place(s, place_id, holder, line, replace(game.source(s, why), side=None)),
            FIELDS,
        )
    )


def render() -> None:
    """The Reinforcements & victory page."""
    game = open_game()
    st.title("Reinforcements & victory")
    head = st.container()
    reinforcements = st.container()
    withdrawals = st.container()
    withdraw_box = st.container()
    victory = st.container()
    hold_box = st.container()
    with withdraw_box:  # what a form recorded, or why not, shows right above it
        run_form(game, "campaign_withdraw", withdraw_box, withdraw_submit, withdraw_form)
    with hold_box:
        run_form(game, "campaign_hold", hold_box, hold_submit, hold_form)
    state = game.state
    head.caption(plain(f"{state.info.name} ({state.info.case}) · now {state.clock.short}"))
    with reinforcements:
        reinforcements_section(state)
    with withdrawals:
        withdrawals_section(state)
    with victory:
        victory_section(game)
    show_status(game)


if __name__ == "__main__":
    render()
