"""Convoys page: the Logistics Commander's Truck Convoy Movement Phase (5.2 III.H).

The side's truck groups named as players say them (``ledger.commands.convoys.group_name``:
a convoy by its place, size and requisition; first-line trucks by their unit), where each is,
its truck points by type, its cargo and the CP it used of its CPA (8.18, 54.2); a Move convoy
form (``quartermaster move-trucks``: ``ledger.commands.logistics.move_trucks``) and a Load or
unload form (``quartermaster transfer``: its loading CP are ``ledger.commands.convoys.handling``'s),
so a convoy the Convoy planner loaded can be driven to its unit and unloaded there; and a
Deliver form (``quartermaster fulfil R --from GROUP``) that unloads it and closes the requisition.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Final

import streamlit as st

from dashboard.context import FormKeys, Game, open_game, run_form, show_status
from dashboard.tables import Col, show_table
from dashboard.text import holder_labels, holders, plain
from dashboard.views.supply_forms import (
    amount_inputs,
    amounts,
    reason,
    reason_input,
    refused,
    relabelled,
    send_transfer,
)
from ledger.commands import logistics
from ledger.commands.convoys import convoy_phase_refusal, group_name, loading_cp
from ledger.model.quantities import COMMODITIES, COMMODITY_NAMES, CPFormatError, format_cp, parse_cp
from ledger.model.seats import SIDE_NAMES
from ledger.model.state import GameState
from ledger.planning.available import dedicated_to
from ledger.reports import tables as reports
from ledger.reports.tables import Row

LINES: Final = {"first": "First line (8.96)", "second_third": "Convoy (8.18)"}
GROUP_COLUMNS: Final = (
    Col("name", "Trucks", phone=True),
    Col("location", "Hex", phone=True),
    Col("cp", "CP used", "CP expended this OpStage of the CPA (8.18, 8.98, 54.2)", phone=True),
    Col("light", "Light"),
    Col("medium", "Medium"),
    Col("heavy", "Heavy"),
    *(Col(c, COMMODITY_NAMES[c], "supply points loaded on the trucks") for c in COMMODITIES),
)
DIRECTIONS: Final = {"load": "Load onto the convoy", "unload": "Unload from the convoy"}


def capitalized(text: str) -> str:
    """``text`` with its first letter in capitals, for a table cell or a list."""
    return text[:1].upper() + text[1:]


def group_rows(game: Game) -> list[Row]:
    """``reports.trucks`` of the side, convoys first, each group by its name, with
    ``"12 of 30"`` CP used."""
    state = game.state
    rows = sorted(reports.trucks(state, game.side), key=lambda r: r["line"] == "first")
    return [
        {
            **r,
            "name": capitalized(group_name(state, r["id"])),
            "line": LINES.get(r["line"], r["line"]),
            "cp": f"{format_cp(r['cp_expended'])} of {r['cpa']}"
            if r["cpa"] is not None
            else format_cp(r["cp_expended"]),
        }
        for r in rows
    ]


def convoy_ids(game: Game) -> list[str]:
    """The side's convoys (second/third-line truck groups, 8.18) in play."""
    state = game.state
    return [
        t.id
        for t in state.trucks.values()
        if t.side == game.side and t.line == "second_third" and t.in_play(state.clock)
    ]


def convoy_labels(state: GameState, ids: list[str]) -> dict[str, str]:
    """Each convoy's name (``group_name``); names that repeat get " (2)", " (3)"…"""
    labels: dict[str, str] = {}
    seen: dict[str, int] = {}
    for group_id in ids:
        label = capitalized(group_name(state, group_id))
        seen[label] = seen.get(label, 0) + 1
        labels[group_id] = label if seen[label] == 1 else f"{label} ({seen[label]})"
    return labels


def move_form(game: Game, keys: FormKeys) -> None:
    """Move convoy: the convoy, the hex it ends in, the CP it expends, Reaction, a reason
    (the arguments of ``quartermaster move-trucks``)."""
    state = game.state
    ids = convoy_ids(game)
    if not ids:
        st.caption(f"{SIDE_NAMES[game.side]} has no convoy in play.")
        return
    labels = convoy_labels(state, ids)
    with st.form(keys("form")):
        st.selectbox("Convoy", ids, format_func=labels.__getitem__, key=keys("unit"))
        hex_col, cp_col = st.columns(2)
        hex_col.text_input("To hex", placeholder="e.g. C3920", key=keys("hex"))
        cp_col.text_input(
            "CP expended",
            placeholder="e.g. 12 or 7 1/2",
            key=keys("cp"),
            help="The CP of the road and terrain crossed (8.98); with those already used, "
            "within the convoy's CPA (54.2). Fuel: 1 a truck point per five CP or part (49.13).",
        )
        st.checkbox(
            "Reaction (a Movement and Combat Phase, stacked with a friendly unit, 8.53)",
            key=keys("reaction"),
        )
        reason_input(keys, "e.g. to 1st RNF MG Bn for requisition CR1")
        st.form_submit_button("Move convoy", type="primary", key=keys("submit"))


def move(game: Game, keys: FormKeys) -> None:
    """Send the Move convoy form as ``logistics.move_trucks``, as ``quartermaster move-trucks``
    does (the CP read by ``parse_cp``, the CLI's reader); show the outcome."""
    group, to, why = str(keys.value("unit")), str(keys.value("hex") or ""), reason(keys)
    reaction = bool(keys.value("reaction"))
    text = str(keys.value("cp") or "")
    try:
        cp: Fraction = parse_cp(text)
    except CPFormatError as exc:
        refused("CP expended", str(exc))
        return
    game.execute(
        lambda s: relabelled(
            logistics.move_trucks(s, group, to, cp, game.source(s, why), reaction=reaction),
            {"trucks": "Convoy"},
        )
    )


def load_form(game: Game, keys: FormKeys) -> None:
    """Load or unload: the convoy, which way, the dump, unit or truck points on the other end,
    the supply points and a reason (a ``quartermaster transfer``)."""
    state = game.state
    ids = convoy_ids(game)
    if not ids:
        st.caption(f"{SIDE_NAMES[game.side]} has no convoy in play.")
        return
    labels = convoy_labels(state, ids)
    others = [h for h in holders(state, game.side) if h not in ids]
    other_labels = holder_labels(state, others)
    with st.form(keys("form")):
        st.selectbox("Convoy", ids, format_func=labels.__getitem__, key=keys("unit"))
        st.radio(
            "Way",
            list(DIRECTIONS),
            format_func=DIRECTIONS.__getitem__,
            key=keys("way"),
            horizontal=True,
        )
        st.selectbox(
            "Dump, unit or trucks",
            others,
            format_func=other_labels.__getitem__,
            key=keys("other"),
            help="In the convoy's hex (ruling same-hex-transfers).",
        )
        amount_inputs(keys)
        reason_input(keys, "e.g. requisition CR1")
        st.form_submit_button("Load or unload", type="primary", key=keys("submit"))


def load(game: Game, keys: FormKeys) -> None:
    """Send the Load or unload form as the transfer it is: onto the convoy from the dump or
    unit, or from the convoy to it."""
    convoy, other = str(keys.value("unit")), str(keys.value("other"))
    origin, destination = (other, convoy) if keys.value("way") != "unload" else (convoy, other)
    send_transfer(game, origin, destination, amounts(keys), reason(keys))


def deliveries(game: Game) -> dict[str, str]:
    """The side's convoys the Convoy planner loaded for a requisition still open (their
    ``purpose``, ``ledger.planning.available.dedicated_to``): convoy id → requisition."""
    state = game.state
    found = {}
    for group_id in convoy_ids(game):
        requisition = dedicated_to(state.trucks[group_id])
        filed = state.requisitions.get(requisition or "")
        if requisition and filed is not None and filed.status == "open":
            found[group_id] = requisition
    return found


def deliver_form(game: Game, keys: FormKeys) -> None:
    """Deliver: a convoy loaded for a requisition, which fulfils it with all that was asked
    (``quartermaster fulfil R --from GROUP``: the unloading and the requisition closed)."""
    loaded = deliveries(game)
    if not loaded:
        st.caption(
            "No convoy carries an open requisition's supplies: the Convoy planner loads them."
        )
        return
    labels = convoy_labels(game.state, list(loaded))
    with st.form(keys("form")):
        st.selectbox(
            "Convoy",
            list(loaded),
            format_func=labels.__getitem__,
            key=keys("unit"),
            help="In the unit's hex (ruling same-hex-transfers): move it there first.",
        )
        reason_input(keys, "e.g. delivered at C3721")
        st.form_submit_button("Fulfil its requisition", type="primary", key=keys("submit"))


def deliver(game: Game, keys: FormKeys) -> None:
    """Send the Deliver form as ``logistics.fulfil_requisition`` from the convoy."""
    group, why = str(keys.value("unit")), reason(keys)
    requisition = deliveries(game).get(group, "")
    game.execute(
        lambda s: relabelled(
            logistics.fulfil_requisition(s, requisition, group, game.source(s, why))
        )
    )


def phase_notes(game: Game) -> None:
    """What the forms do in the current phase: the convoy phase refusal of ``move_trucks``
    (8.18), the CP a load or unload costs now (6.3)."""
    state = game.state
    not_now = convoy_phase_refusal(state)
    if not_now is not None:
        st.info(plain(f"Move convoy does nothing now: {not_now}."), icon=":material/schedule:")
    else:
        st.caption("Convoys move now (8.18).")
    st.caption(
        plain(
            f"Loading or unloading now costs a convoy {format_cp(loading_cp(state))} CP of its "
            "CPA (6.3: none in the Organization Phase)."
        )
    )


def render() -> None:
    """The Convoys page."""
    game = open_game()
    st.title("Convoys")
    st.caption(
        f"{SIDE_NAMES[game.side]} truck points: the Logistics Commander's Truck Convoy "
        "Movement Phase (5.2 III.H)."
    )
    notes = st.container()
    table = st.container()
    # Each form's outcome shows under it; the notes and the table above are drawn afterwards,
    # so they show the ledger after the command.
    st.subheader("Move convoy")
    run_form(game, "move_convoy", st.container(), move, move_form)
    st.subheader("Load or unload")
    run_form(game, "load_convoy", st.container(), load, load_form)
    st.subheader("Deliver a requisition")
    run_form(game, "deliver_convoy", st.container(), deliver, deliver_form)
    with notes:
        phase_notes(game)
    with table:
        show_table(group_rows(game), GROUP_COLUMNS, empty="No truck points in play.")
        st.caption("First-line trucks move with their unit (8.98); convoys move here.")
    show_status(game)


if __name__ == "__main__":
    render()
