"""The Units page's forms (issue 17 item 2): Correct TOE (``quartermaster correct-toe``:
``ledger.commands.cp.correct_toe``, a unit's TOE Strength Points of one weapon system, e.g. a
proposed 51.22/52.53 loss the owner takes from another unit of the hex, 4.52) and the
Surrender check (``quartermaster surrender``: ``ledger.reports.tables.hex_surrender``, would a
side's units in a hex surrender if close assaulted, 15.15; read-only).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

import streamlit as st

from dashboard.context import FormKeys, Game, run_form, sides_in
from dashboard.text import plain, unit_label
from ledger.commands import cp as cp_commands
from ledger.commands.outcome import Outcome
from ledger.model.seats import SIDE_NAMES
from ledger.model.state import GameState
from ledger.reports import tables as reports

TOE_FORM: Final = "toe_fix"
LAST_SYSTEM_KEY: Final = f"{TOE_FORM}__last_system"
"""The weapon system last corrected: a new form starts at it while the unit holds it."""
TOE_CHANGE_MAX: Final = 1000
"""``correct-toe --change``: -1,000..1,000 (``ledger.cli.bounds.TOE_CHANGE``)."""
FIELDS: Final = {"--system": "Weapon system", "--change": "Change"}
"""``correct-toe``'s option names in its refusals, as the form labels them."""


def in_players_words(outcome: Outcome, state: GameState, system: str) -> Outcome:
    """``outcome`` with its refusals' fields named as the form names them and the weapon
    system's id replaced by its printed name (players' words only)."""
    if outcome.ok or system not in state.systems:
        return outcome
    name = state.systems[system].name
    return Outcome(
        errors=tuple(
            replace(
                e,
                field=FIELDS.get(e.field, e.field),
                message=e.message.replace(f"'{system}'", name).replace(system, name),
            )
            for e in outcome.errors
        )
    )


def correct_toe(game: Game, keys: FormKeys) -> None:
    """Send the submitted form as ``ledger.commands.cp.correct_toe``; show the outcome."""
    unit_id = str(keys.value("unit"))
    system = str(keys.value("system") or "")
    change = int(keys.value("change") or 0)
    reason = str(keys.value("reason") or "")
    st.session_state[LAST_SYSTEM_KEY] = system
    game.execute(
        lambda s: in_players_words(
            cp_commands.correct_toe(s, unit_id, system, change, game.source(s, reason)),
            s,
            system,
        )
    )


def correct_toe_form(game: Game, keys: FormKeys) -> None:
    """The Correct TOE form: the unit (outside the form, so its weapon systems follow it),
    the weapon system, the change in TOE Strength Points, the reason."""
    state = game.state
    unit_ids = [u.id for u in state.units_in_play(game.side) if u.toe]
    if not unit_ids:
        st.caption(f"No {SIDE_NAMES[game.side]} unit with a TOE is in play.")
        return
    if keys.value("unit") not in unit_ids:
        st.session_state[keys("unit")] = unit_ids[0]
    unit_id = st.selectbox(
        "Unit", unit_ids, format_func=lambda u: unit_label(state, u), key=keys("unit")
    )
    held = {h.system: h.points for h in state.units[str(unit_id)].toe}
    last = st.session_state.get(LAST_SYSTEM_KEY)
    if last in held and keys.value("system") is None:
        st.session_state[keys("system")] = last  # the weapon system last corrected
    with st.form(keys("form")):
        system_col, change_col = st.columns([3, 1])
        system_col.selectbox(
            "Weapon system",
            list(held),
            format_func=lambda s: f"{state.systems[s].name} ({held[s]} TOE Strength Points)",
            key=keys("system"),
        )
        st.session_state.setdefault(keys("change"), -1)  # a loss, the usual correction
        change_col.number_input(
            "Change",
            min_value=-TOE_CHANGE_MAX,
            max_value=TOE_CHANGE_MAX,
            step=1,
            help="TOE Strength Points: −1 lost, +1 given back.",
            key=keys("change"),
        )
        st.text_input(
            "Reason", placeholder="e.g. 51.22 loss taken from 1st RNF", key=keys("reason")
        )
        st.form_submit_button("Correct TOE", type="primary", key=keys("submit"))


def surrender_check(game: Game) -> None:
    """The Surrender check: a side and a hex where it has units; whether all of them would
    surrender if close assaulted (15.15: every unit there out of ammunition). Writes nothing."""
    state = game.state
    sides = sides_in(state) or (game.side,)
    if st.session_state.get("surrender_side") not in sides:
        st.session_state["surrender_side"] = game.side if game.side in sides else sides[0]
    side_col, hex_col = st.columns([1, 1])
    side = side_col.selectbox(
        "Side", sides, format_func=SIDE_NAMES.__getitem__, key="surrender_side"
    )
    hexes = sorted({u.location for u in state.units_in_play(side) if u.location})
    if not hexes:
        st.caption(f"No {SIDE_NAMES[side]} unit is on the map.")
        return
    where = hex_col.selectbox("Hex", hexes, key="surrender_hex")
    row = reports.hex_surrender(state, str(where), side)
    units = int(row["units"])
    out = str(row["out_of_ammunition"])
    said = f"{SIDE_NAMES[side]} in {where}: {units} unit{'s' if units != 1 else ''}"
    if row["surrenders"]:  # a warning, not an error: the check itself went well
        st.warning(
            plain(
                f"{said}, every one out of ammunition: all surrender if close assaulted "
                f"(15.15). {out}."
            ),
            icon=":material/flag:",
        )
    elif out:
        st.info(
            plain(
                f"{said}; out of ammunition: {out}. Not all of them, so they do not "
                "surrender if close assaulted (15.15)."
            )
        )
    else:
        st.success(
            plain(f"{said}, none out of ammunition: no surrender if close assaulted (15.15).")
        )


def unit_forms(game: Game) -> None:
    """The page's two forms under their headings; Correct TOE runs its command first
    (``run_form``), so everything drawn after shows its result."""
    st.subheader("Correct TOE")
    st.caption(
        "A unit's TOE Strength Points of one weapon system (4.52), e.g. a proposed 51.22 or "
        "52.53 loss the owner takes from another unit of the hex (`quartermaster correct-toe`)."
    )
    run_form(game, TOE_FORM, st.container(), correct_toe, correct_toe_form)
    st.subheader("Surrender check")
    st.caption(
        "Would a side's units in a hex surrender if close assaulted: all of them out of "
        "ammunition (15.15; `quartermaster surrender`). Nothing is written."
    )
    surrender_check(game)
