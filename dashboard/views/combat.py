"""Combat page: a Barrage, Anti-Armor fire, Close Assault or Probe set up from the ledger's
units, its exact odds, the dice (thrown at the table or rolled by the ledger), the proposed
losses with the owner's allocation, and the posting (``ledger.commands.combat.post_combat``).

The page assembles the same JSON request the CLI takes (``quartermaster calc cna ...``,
docs/combat.md) and hands it to ``ledger.io.combat_request``; the dice, the losses and the
posting go through ``ledger.combat.resolve``. No rule is computed here.

Only plain values live in ``st.session_state``: the widgets' values and, between the rerun
that draws the Confirm button and the one it starts, the request, dice and allocation (JSON)
it confirms. The dice and allocation widgets' keys end in the journal sequence they were drawn
at, so they start afresh once a combat is posted and keep what is typed while another seat
writes (the preview and the confirmation are worked out again on the new ledger).

The page is split over modules: ``combat_units`` (choosing the forces and
the shared helpers), ``combat_inputs`` (terrain, organization, morale, rulings),
``combat_setup`` (the request), ``combat_figures`` (the calculation and its odds),
``combat_dice`` (dice and the allocation), ``combat_confirm`` (result and confirmation) and
``combat_segment`` (End Combat Segment, 12.44, 11.24).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

import streamlit as st

from dashboard.context import FormKeys, open_game, show_status
from dashboard.views.combat_confirm import confirm, refused, resolve_section
from dashboard.views.combat_figures import show_calculation
from dashboard.views.combat_segment import combat_segment_section
from dashboard.views.combat_setup import setup_request
from ledger.io.combat_request import RequestError, build_combat, parse_request

COMBATS: Final = {
    "barrage": "Barrage",
    "anti-armor": "Anti-Armor",
    "close-assault": "Close Assault",
    "probe": "Probe",
}
DICE_FORM: Final = "combat_dice"  # FormKeys of the dice, allocation and Confirm widgets
# The journal sequence the dice widgets were drawn at: kept while another seat writes (the live
# poll reruns the page), so dice being typed are not lost; new once a combat is confirmed.
DRAWN_KEY: Final = "combat_dice__drawn_at"


def missing(request: Mapping[str, Any]) -> str:
    """What the set-up still lacks before it can be worked out ("" when complete)."""
    combat = request["combat"]
    if combat == "barrage":
        if not request["guns"]:
            return "Choose the firing units and their TOE points."
        return "" if request["target"]["unit"] else "Choose the target hex and unit."
    if combat == "anti-armor":
        if not request["firing"]:
            return "Choose the firing units and their TOE points."
        return "" if request["targets"] else "Choose the target hex."
    if not request["attackers"]:
        return "Choose the attacking units and their TOE points."
    return "" if request["defenders"] else "Choose the target hex and its defending units."


# --- the page ---------------------------------------------------------------------------------
def render() -> None:
    """The Combat page."""
    game = open_game()
    st.title("Combat")
    st.caption(
        "Barrage (12), Anti-Armor fire (14), Close Assault and Probe (15): set the combat up "
        "from the ledger's units, read the exact odds, throw or roll the dice, check the "
        "losses. Nothing is written until Confirm; Undo on the Journal page takes it back."
    )
    combat_segment_section(game)
    drawn = st.session_state.get(DRAWN_KEY)
    keys = FormKeys(DICE_FORM, drawn if isinstance(drawn, int) else game.session.last_seq)
    if keys("how") not in st.session_state:  # no dice drawn in the last run: start afresh
        keys = FormKeys(DICE_FORM, game.session.last_seq)
    if keys.submitted:
        confirm(game, keys)
        keys = FormKeys(DICE_FORM, game.session.last_seq)
    st.session_state[DRAWN_KEY] = keys.seq
    combat = str(
        st.segmented_control(
            "Combat",
            list(COMBATS),
            default="barrage",
            format_func=COMBATS.__getitem__,
            key="combat_kind",
        )
        or "barrage"
    )
    request = setup_request(game, combat)
    st.subheader("Odds")
    lacking = missing(request)
    if lacking:
        st.info(lacking)
        show_status(game)
        return
    try:
        prepared = build_combat(parse_request(request), game.state)
    except RequestError as exc:
        refused(game.state, exc.errors)
    else:
        show_calculation(game.state, prepared)
        st.subheader("Dice and losses")
        resolve_section(game, prepared, request, keys)
    with st.expander("The request as JSON (`quartermaster calc cna` takes the same)"):
        st.json(request)
    show_status(game)


if __name__ == "__main__":
    render()
