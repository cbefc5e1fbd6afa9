"""The step to a later phase of the Operations Stage (5.2 III), shared by the pages that offer
it ("Your phase", Organization): a form sent as ``organization_phase.advance_phase``, the
command behind ``quartermaster phase``. Run it with ``run_form(game, "phase", place, advance,
phase_form)``.
"""

from __future__ import annotations

import streamlit as st

from dashboard.context import FormKeys, Game
from ledger.commands import organization_phase
from ledger.model.phases import PHASES, phase, phase_index


def phase_form(game: Game, keys: FormKeys) -> None:
    """Pick a later phase of 5.2 III (the next one first) and advance to it; in the last phase,
    say that the Operations Stage ends instead (on the "Your phase" page)."""
    now = phase_index(game.state.phase)
    later = [p.key for p in PHASES[now + 1 :]]
    if not later:
        st.caption(
            f"{phase(game.state.phase).label} is the last phase: end the Operations Stage on "
            "the Your phase page."
        )
        return
    with st.form(keys("form")):
        pick, reason = st.columns(2)
        pick.selectbox(
            "Advance to", later, format_func=lambda k: phase(k).label, key=keys("target")
        )
        reason.text_input("Reason", key=keys("reason"), placeholder="optional")
        st.form_submit_button("Advance", type="primary", key=keys("submit"))


def advance(game: Game, keys: FormKeys) -> None:
    """Send the phase form as ``organization_phase.advance_phase`` (5.2 III)."""
    target = keys.value("target")
    reason = str(keys.value("reason") or "")
    chosen = str(target) if target else None
    game.execute(lambda s: organization_phase.advance_phase(s, chosen, game.source(s, reason)))
