"""The Capability & Cohesion page's forms (issue 17 item 2): Adjust cohesion, the RP or DP a
unit gains outside CP (``quartermaster adjust-cohesion``: ``ledger.commands.cp.adjust_cohesion``,
a victorious assault +3 RP 6.24.2, 30 % assault losses 3 DP 6.21, or a correction), and the
Morale check (``quartermaster morale``: ``ledger.reports.tables.morale``, the Adjusted Morale
odds at the unit's Cohesion Level, 17.4 and 17.2x; read-only, as the CLI writes nothing).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Final

import streamlit as st

from dashboard.context import FormKeys, Game, run_form
from dashboard.tables import Col, show_table
from dashboard.text import plain, unit_label
from ledger.commands import cp as cp_commands
from ledger.model.bounds import CP_PER_COMMAND_MAX
from ledger.model.quantities import CPFormatError, format_cp, parse_cp
from ledger.model.seats import SIDE_NAMES
from ledger.reports import tables as reports

COHESION_FORM: Final = "cohesion"
CAUSES: Final = {
    "victorious-assault": "Victorious assault: +3 RP (6.24.2)",
    "assault-losses": "30 % assault losses: 3 DP (6.21, 15.87)",
    "correction": "Correction: the change given (6.2)",
}
"""``adjust-cohesion --cause`` choices (``ledger.commands.cp.COHESION_CAUSES``), as labelled."""
LAST_CAUSE_KEY: Final = f"{COHESION_FORM}__last_cause"
"""The cause last sent: a new form starts at it, as it keeps its unit (issue 17 item 4)."""
READING_MIN, READING_MAX = 11, 66
"""``morale --reading``: two dice read large-small, 11..66 (``ledger.cli.bounds.READING``)."""
ODDS_COLUMNS: Final = (
    Col("adjusted_morale", "Adjusted Morale", "Basic Morale + the 17.4 modifier", align="right"),
    Col("chance", "Chance", "exact odds of two dice (17.4)", align="right"),
    Col("percent", "%", align="right"),
)


def refused(field: str, message: str) -> None:
    """A refusal found before the command runs (a value the form could not read)."""
    st.error(f"Refused — nothing was written:\n\n- **{plain(field)}:** {plain(message)}")


def signed_change(text: str) -> Fraction:
    """A Cohesion change as players write it (``+2``, ``-1/2``, ``−1 1/4``), as the CLI's
    ``--change`` reads it; raises ``ValueError`` saying why it cannot be read."""
    stripped = text.strip()
    sign = -1 if stripped.startswith(("-", "−")) else 1
    try:
        amount = parse_cp(stripped.lstrip("+-−").strip())
    except CPFormatError as exc:
        raise ValueError(str(exc)) from exc
    if amount > CP_PER_COMMAND_MAX:
        raise ValueError(f"{text.strip()!r}: at most {CP_PER_COMMAND_MAX} either way")
    return sign * amount


def adjust_cohesion(game: Game, keys: FormKeys) -> None:
    """Send the submitted form as ``ledger.commands.cp.adjust_cohesion``; show the outcome."""
    unit_id = str(keys.value("unit"))
    cause = str(keys.value("cause") or "")
    reason = str(keys.value("reason") or "")
    text = str(keys.value("change") or "").strip()
    change: Fraction | None = None
    if text:
        try:
            change = signed_change(text)
        except ValueError as exc:
            refused("Change", str(exc))
            return
    st.session_state[LAST_CAUSE_KEY] = cause  # the next form starts at it (issue 17 item 4)
    game.execute(
        lambda s: cp_commands.adjust_cohesion(s, unit_id, cause, game.source(s, reason), change)
    )


def adjust_cohesion_form(game: Game, keys: FormKeys) -> None:
    """The Adjust cohesion form: unit, cause, the change (a correction only), reason."""
    state = game.state
    unit_ids = [u.id for u in state.units_in_play(game.side)]
    if not unit_ids:
        st.caption(f"No {SIDE_NAMES[game.side]} unit is in play.")
        return
    st.session_state.setdefault(
        keys("cause"), st.session_state.get(LAST_CAUSE_KEY, next(iter(CAUSES)))
    )
    with st.form(keys("form")):
        unit_col, cause_col = st.columns([3, 3])
        unit_col.selectbox(
            "Unit", unit_ids, format_func=lambda u: unit_label(state, u), key=keys("unit")
        )
        cause_col.selectbox(
            "Cause", list(CAUSES), format_func=CAUSES.__getitem__, key=keys("cause")
        )
        change_col, reason_col = st.columns([1, 3])
        change_col.text_input(
            "Change (correction)",
            placeholder="+2, -1/2",
            help="RP raise the Cohesion Level, DP lower it; in quarter points (8.37). "
            "Blank for a victorious assault or assault losses: their change is fixed.",
            key=keys("change"),
        )
        reason_col.text_input(
            "Reason", placeholder="e.g. close assault on C4218", key=keys("reason")
        )
        st.form_submit_button("Adjust cohesion", type="primary", key=keys("submit"))


def morale_check(game: Game) -> None:
    """The Morale check: a unit, an optional reading of two dice, and the odds of each
    Adjusted Morale at the unit's Cohesion Level (``reports.morale``); nothing is written."""
    state = game.state
    unit_ids = [u.id for u in state.units_in_play(game.side)]
    if not unit_ids:
        return
    unit_col, reading_col = st.columns([3, 1])
    unit_id = unit_col.selectbox(
        "Unit", unit_ids, format_func=lambda u: unit_label(state, u), key="morale_unit"
    )
    text = reading_col.text_input(
        "Reading (optional)",
        placeholder="11..66",
        help="Two dice read large-small (17.4): the large die the tens.",
        key="morale_reading",
    ).strip()
    reading: int | None = None
    if text:
        if not text.isdigit() or not READING_MIN <= int(text) <= READING_MAX:
            refused(
                "Reading", f"{text!r} is not a reading: 11..66; two dice, the large one the tens"
            )
            return
        reading = int(text)
    try:
        row = reports.morale(state, str(unit_id), reading)
    except ValueError as exc:
        refused("Reading / Unit", str(exc))
        return
    st.markdown(  # one line, so a phone shows it without scrolling past three metrics
        f"Basic Morale **{row['basic_morale']}** · Cohesion Level "
        f"**{format_cp(Fraction(row['cohesion']))}** · 17.4 row **{plain(str(row['chart_row']))}**"
    )
    if reading is not None:
        st.info(plain(f"Reading {reading}: Adjusted Morale {row['adjusted_morale']} (17.4)."))
    odds = row["adjusted_morale_odds"]
    show_table(
        [
            {
                "adjusted_morale": k,
                "chance": str(p),
                "percent": f"{float(p) * 100:.1f}",
            }
            for k, p in odds.items()
        ],
        ODDS_COLUMNS,
    )


def cohesion_forms(game: Game) -> None:
    """The page's two forms, under their headings: Adjust cohesion runs its command first
    (``run_form``), so everything drawn after shows its result."""
    st.subheader("Adjust cohesion")
    st.caption(
        "RP or DP outside CP expenditure: a victorious assault (+3 RP, 6.24.2), 30 % losses "
        "in an assault (3 DP, 6.21), or a correction (`quartermaster adjust-cohesion`)."
    )
    run_form(game, COHESION_FORM, st.container(), adjust_cohesion, adjust_cohesion_form)
    st.subheader("Morale check")
    st.caption(
        "The odds of each Adjusted Morale at the unit's Cohesion Level (17.4, 17.2x; "
        "`quartermaster morale`). Nothing is written: the roll is the table's."
    )
    morale_check(game)
