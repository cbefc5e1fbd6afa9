"""The Combat page's result and confirmation: the dice read (the result and how it was read),
the Confirm button with what it records, kept as a pending confirmation between two runs, and
its posting (``ledger.commands.combat.post_combat``), refused with every problem when the
request, the dice or the allocation do not hold or the ledger changed meanwhile.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

import streamlit as st

from dashboard.context import FormKeys, Game
from dashboard.tables import show_table
from dashboard.text import error_lines, plain
from dashboard.views.combat_dice import allocation_inputs, dice_inputs
from dashboard.views.combat_figures import FIGURE_COLUMNS, figure_rows
from dashboard.views.combat_units import named_text
from ledger.combat.assault_odds import CloseAssaultCalculation
from ledger.combat.prepared_combat import PreparedCombat
from ledger.combat.resolve import CombatReading, combat_posting, read_combat
from ledger.commands.combat import post_combat
from ledger.io.combat_request import (
    RequestError,
    build_combat,
    parse_allocation,
    parse_request,
    value_error,
)
from ledger.model.errors import LedgerError
from ledger.model.state import GameState
from ledger.reports.event_log import describe

PENDING_KEY: Final = "combat_pending"


def refused(
    state: GameState, errors: Sequence[LedgerError], title: str = "Refused — nothing was written"
) -> None:
    """Show every problem, field first, under ``title``."""
    st.error(f"{title}:\n\n" + "\n".join(f"- {line}" for line in error_lines(errors, state)))


def posting_for(
    state: GameState, pending: Mapping[str, Any]
) -> tuple[CombatReading, Any] | list[LedgerError]:
    """The reading and ``CombatPosting`` of a pending confirmation (request, dice, seed,
    stands, allocation), or the problems found."""
    try:
        prepared = build_combat(parse_request(pending["request"]), state)
        reading = read_combat(
            prepared, pending["dice"], seed=pending["seed"], defender_stands=pending["stands"]
        )
        allocation = parse_allocation(pending["allocation"], state, reading.proposal)
        return reading, combat_posting(reading, allocation)
    except RequestError as exc:
        return exc.errors
    except ValueError as exc:
        return [value_error("combat", exc)]


def resolve_section(
    game: Game, prepared: PreparedCombat, request: dict[str, object], keys: FormKeys
) -> None:
    """Dice, result, allocation and the Confirm button (kept as a pending confirmation)."""
    state = game.state
    stands = False
    if isinstance(prepared.calculation, CloseAssaultCalculation):
        stands = st.checkbox(
            "The defender stands instead of retreating: 10 % a hex (15.82)", key=keys("stands")
        )
    thrown = dice_inputs(prepared, keys)
    if thrown is None:
        return
    dice, seed = thrown
    try:
        reading = read_combat(prepared, dice, seed=seed, defender_stands=stands)
    except ValueError as exc:
        refused(state, [value_error("dice", exc)], "Check the dice")
        return
    st.markdown("**Result**")
    st.markdown("\n".join(f"- {plain(named_text(state, line))}" for line in reading.summary))
    with st.expander("How the dice were read"):
        show_table(figure_rows(state, reading.result.figures), FIGURE_COLUMNS)
    if prepared.not_postable:
        st.caption(plain(f"Not posted: {prepared.not_postable}."))
        return
    allocation = allocation_inputs(state, reading, keys)
    pending = {
        "game": game.session.name,
        "seq": game.session.last_seq,
        "request": request,
        "dice": dice,
        "seed": seed,
        "stands": stands,
        "allocation": allocation,
    }
    found = posting_for(state, pending)
    ok = not isinstance(found, list)
    if isinstance(found, list):
        refused(state, found)
    else:
        outcome = post_combat(state, found[1], game.source(state, ""))
        if outcome.ok:
            st.markdown("**Confirm records**")
            st.markdown(
                "\n".join(
                    f"- {plain(named_text(state, describe(e, state)))}" for e in outcome.events
                )
            )
        else:
            ok = False
            refused(state, outcome.errors)
    st.session_state[PENDING_KEY] = pending
    reason_col, button_col = st.columns([3, 1], vertical_alignment="bottom")
    reason_col.text_input("Reason", placeholder="e.g. dawn attack on C3920", key=keys("reason"))
    button_col.button(
        "Confirm", type="primary", key=keys("submit"), disabled=not ok, width="stretch"
    )


def confirm(game: Game, keys: FormKeys) -> None:
    """Post the pending confirmation drawn in the previous run (``post_combat``); show the
    events, or every problem and that nothing was written."""
    pending = st.session_state.get(PENDING_KEY)
    if not isinstance(pending, dict) or pending.get("game") != game.session.name:
        st.warning("Nothing to confirm: set the combat up again.")
        return
    if pending["seq"] != game.session.last_seq:
        st.warning(
            "The ledger changed since these dice were entered: check them and confirm again."
        )
        return
    found = posting_for(game.state, pending)
    if isinstance(found, list):
        refused(game.state, found)
        return
    reason = str(keys.value("reason") or "") or f"combat: {found[1].combat.replace('_', ' ')}"
    posting = found[1]
    if game.execute(lambda s: post_combat(s, posting, game.source(s, reason))):
        st.session_state.pop(PENDING_KEY, None)
