"""The Combat page's End Combat Segment form (issue 17 item 2): ``quartermaster
end-combat-segment`` (``ledger.commands.combat.end_combat_segment``): Pinned markers come off
(12.44) and every unit's Combat Segment CP return to 0 (11.24), in a Movement and Combat Phase.

Before the button, what ending would clear: the same command run on the seat's view without
writing, its event described as the journal will describe it, or why it would be refused.
"""

from __future__ import annotations

from typing import Final

import streamlit as st

from dashboard.context import FormKeys, Game, run_form
from dashboard.text import holder_name, plain
from ledger.commands.combat import end_combat_segment
from ledger.model.events import CombatMarkersCleared
from ledger.model.quantities import format_cp
from ledger.model.state import GameState
from ledger.reports import event_log

SEGMENT_FORM: Final = "end_segment"


def cleared_lines(event: CombatMarkersCleared, state: GameState) -> list[str]:
    """The units an end of segment changes, by name: ``"Pinned marker off (12.44): 2nd Scots
    Guards"``, ``"combat CP back to 0 (11.24): 1st RNF MG Bn (2 CP)"``."""
    lines = []
    pinned = [holder_name(state, unit) for unit, _ in event.cleared if unit in state.units]
    if pinned:
        lines.append(f"Pinned marker off (12.44): {', '.join(pinned)}")
    charged = [
        f"{holder_name(state, unit)} ({format_cp(cp)} CP)"
        for unit, cp in event.segment_cp_cleared
        if unit in state.units
    ]
    if charged:
        lines.append(f"combat CP back to 0 (11.24): {', '.join(charged)}")
    return lines


def end_segment(game: Game, keys: FormKeys) -> None:
    """Send the submitted form as ``end_combat_segment``; show the outcome."""
    reason = str(keys.value("reason") or "")
    game.execute(lambda s: end_combat_segment(s, game.source(s, reason)))


def end_segment_form(game: Game, keys: FormKeys) -> None:
    """What ending the segment would clear now, then the reason and the button."""
    state = game.state
    preview = end_combat_segment(state, game.source(state, ""))
    if preview.ok:
        lines = [event_log.describe(e, state) for e in preview.events]
        for event in preview.events:
            if isinstance(event, CombatMarkersCleared):
                lines += cleared_lines(event, state)
        st.markdown("Ending the segment now posts:\n" + "\n".join(f"- {plain(x)}" for x in lines))
    else:
        said = [
            e.message + (f" ({e.case})" if e.case and e.case not in e.message else "")
            for e in preview.errors
        ]
        st.caption(plain("Not now: " + "; ".join(said)))
    with st.form(keys("form")):
        st.text_input("Reason", placeholder="e.g. Combat Segment 1 over", key=keys("reason"))
        st.form_submit_button("End Combat Segment", key=keys("submit"))


def combat_segment_section(game: Game) -> None:
    """The End Combat Segment form in an expander (its command runs first, ``run_form``)."""
    submitted = any(
        str(key).startswith(f"{SEGMENT_FORM}_submit_") and bool(value)
        for key, value in st.session_state.items()
    )  # open after a press, so its outcome shows
    with st.expander("End the Combat Segment (12.44, 11.24)", expanded=submitted):
        st.caption(
            "Pinned markers come off and every unit's combat CP for the segment return to 0, "
            "so the next segment charges them afresh (`quartermaster end-combat-segment`). "
            "Advancing the phase or ending the Operations Stage does it too."
        )
        run_form(game, SEGMENT_FORM, st.container(), end_segment, end_segment_form)
