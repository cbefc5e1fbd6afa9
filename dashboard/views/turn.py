"""Your phase: the default page of a seat (issue 17 items 1, 3): where the Operations Stage
stands (5.2 III, Player A and B of 7.16), the step to the next phase, what 5.2 III asks of the
seat's role now with a link to each form, what waits on it (``ledger.reports.agenda``), the
Initiative declaration and the weather while they are due, and the end of the Operations Stage
after a confirmation listing what it posts (``ledger.reports.agenda_stage.stage_end``)."""

from __future__ import annotations

from typing import Final

import streamlit as st

from dashboard.context import FormKeys, Game, open_game, run_form, show_status
from dashboard.phase_step import advance, phase_form
from dashboard.text import plain
from dashboard.views.setup import setup_banner
from ledger.commands.initiative import declare_first_player
from ledger.commands.logistics import record_weather
from ledger.commands.stage_end import end_stage
from ledger.model.clock import WEATHERS
from ledger.model.initiative import first_player, initiative_holder
from ledger.model.seats import ROLE_NAMES, SIDE_NAMES, side_name
from ledger.model.source import Role
from ledger.model.units import SIDES, Side
from ledger.reports import agenda
from ledger.reports.agenda_stage import STAGE_LOG_KINDS, StageLog, stage_end, stage_log
from ledger.reports.schedule_tables import weather_row

# The page holding each task's form (ledger.reports.agenda.PAGE_TITLES' keys). (Comments, not
# docstrings: Streamlit would print a bare string of a page script.)
PAGE_PATHS: Final = {
    "phase": "views/turn.py",
    "units": "views/units.py",
    "movement": "views/movement.py",
    "capability": "views/capability.py",
    "organization": "views/organization.py",
    "supply": "views/supply.py",
    "requisitions": "views/requisitions.py",
    "convoys": "views/convoys.py",
    "planner": "views/planner.py",
    "plots": "views/plots.py",
    "combat": "views/combat.py",
}
# Kinds of "Waiting on you" items dealt with on a page of their own (issue 18), not PAGE_PATHS'.
KIND_PAGES: Final = {
    "withdrawal": ("views/campaign.py", "Reinforcements & victory"),
    "victory": ("views/campaign.py", "Reinforcements & victory"),
}
SHOWN_LINES: Final = 30
# A task's link wraps on a phone instead of being cut short at the screen's edge.
WRAP_LINKS: Final = (
    "<style>[data-testid='stPageLink-NavLink'] *{white-space: normal !important;"
    " overflow: visible !important; text-overflow: clip !important}"
    "[data-testid='stPageLink-NavLink']{height: auto !important}</style>"
)
REVIEW_KEY: Final = "turn_end_review"


def seat_side(game: Game) -> Side | None:
    """The side whose pending items are shown: the seat's, or the sidebar's at the solo table;
    ``None`` for the umpire's seat (both sides)."""
    return None if game.seat is not None and game.seat.umpire else game.side


def seat_role(game: Game) -> Role | None:
    """The role whose pending items are shown (``None``: the umpire's seat, every role's)."""
    return None if seat_side(game) is None else game.role


def phase_section(game: Game) -> None:
    """The phase, Player A and B, whose move it is, and the step to the next phase."""
    now = agenda.phase_now(game.state)
    side = seat_side(game)
    st.subheader(plain(f"{now.clock} · {now.label}"))
    if now.phasing is None:
        moving = "both players together"
    else:
        mine = " — your side" if now.phasing == side else ""
        moving = f"**{side_name(now.phasing)}** (Player {now.player}){mine}"
    following = f"Next: {plain(now.next_label)}" if now.next_label else "The last phase."
    st.markdown(
        f"Player A: **{side_name(now.player_a)}** · Player B: **{side_name(now.player_b)}** (7.16)"
        f"  \nWho moves: {moving}  \n{following}"
    )


def just_sent(game: Game, name: str) -> bool:
    """Whether form ``name`` (drawn by ``run_form``) was submitted in this rerun: its submit
    key at the journal sequence it was drawn from (``run_form``'s ``<name>__drawn_at``)."""
    drawn_at = st.session_state.get(f"{name}__drawn_at", game.session.last_seq)
    return FormKeys(name, int(drawn_at)).submitted


def initiative_form(game: Game, keys: FormKeys) -> None:
    """The Initiative holder declares who moves first (7.11), in phases A to C."""
    state = game.state
    if not agenda.may_declare(state, seat_side(game)):
        return
    holder = initiative_holder(state)
    with st.form(keys("form")):
        held = f"{side_name(holder)} holds the Initiative: " if holder else ""
        st.markdown(f"**Initiative (7.11)** — {held}who moves first this Operations Stage?")
        st.radio(
            "Player A",
            list(SIDES),
            index=SIDES.index(first_player(state)),
            format_func=lambda s: f"{SIDE_NAMES[s]} moves first",
            horizontal=True,
            key=keys("first"),
        )
        st.form_submit_button("Declare", key=keys("submit"))


def declare(game: Game, keys: FormKeys) -> None:
    """Send the Initiative form as ``declare_first_player`` (7.11)."""
    first: Side = "commonwealth" if keys.value("first") == "commonwealth" else "axis"
    game.execute(lambda s: declare_first_player(s, first, game.source(s, "")))


def stage_journal(game: Game) -> StageLog:
    """What this Operations Stage's journal adds to the state (``stage_log``), read afresh."""
    records = game.session.since_stage_ends(1, STAGE_LOG_KINDS)
    return stage_log(((r.seq, r.event) for r in records), game.state)


def weather_form(game: Game, keys: FormKeys) -> None:
    """Record the Operations Stage's weather (5.2 III.B, 29.0) until it is recorded."""
    state = game.state
    if stage_journal(game).weather_recorded:
        return
    choices = [w for w in WEATHERS if w != state.weather]
    with st.form(keys("form")):
        st.markdown(
            f"**Weather (29.0)** — not recorded for {state.clock.short}: it is "
            f"{state.weather.title()} until the Initiative holder's roll says otherwise."
        )
        if state.schedule.weather:
            st.caption(plain(f"Weather Table: {weather_row(state)}"))
        pick, reason = st.columns(2)
        pick.selectbox("Weather rolled", choices, format_func=str.title, key=keys("weather"))
        reason.text_input("Reason", key=keys("reason"), placeholder="optional: the roll")
        st.form_submit_button("Record weather", key=keys("submit"))


def weather(game: Game, keys: FormKeys) -> None:
    """Send the weather form as ``record_weather`` (29.0)."""
    chosen = str(keys.value("weather"))
    reason = str(keys.value("reason") or "")
    game.execute(lambda s: record_weather(s, chosen, game.source(s, reason)))


def tasks_section(game: Game) -> None:
    """What 5.2 III asks of the role recorded as now (the seat's; the umpire's and the solo
    table's as picked in the sidebar), each with a link to its form."""
    side, role = game.side, game.role
    st.subheader(f"Your tasks ({side_name(side)} {ROLE_NAMES[role]})")
    found = agenda.tasks(game.state, side, role)
    if not found:
        st.caption(plain(agenda.idle_text(game.state, side, role)))
    for task in found:
        text = plain(f"{task.text} ({task.case})")
        if task.page and task.page != "phase":
            title = agenda.PAGE_TITLES[task.page]
            st.page_link(PAGE_PATHS[task.page], label=f"{text} → {title}", icon=":material/east:")
        else:
            where = "on this page" if task.page == "phase" else "at the table"
            st.markdown(f"- {text} — {where}")


def pending_section(game: Game, log: StageLog) -> None:
    """What waits on the seat, as warnings (what costs the side if left) or notes."""
    side, role = seat_side(game), seat_role(game)
    seat = game.seat.name if game.seat is not None else None
    found = agenda.pending(game.state, side, role, seat, log.combats)
    st.subheader("Waiting on you")
    if not found:
        st.caption("Nothing pending for this seat.")
    for item in found:
        text = plain(f"{item.summary} ({item.case})")
        if item.warning:
            st.warning(text, icon=":material/warning:")
        else:
            st.info(text)
        with st.expander(f"Which ({len(item.lines)})"):
            shown = item.lines[:SHOWN_LINES]
            more = len(item.lines) - len(shown)
            st.markdown(
                "\n".join(f"- {plain(line)}" for line in shown)
                + (f"\n- … and {more} more" if more else "")
            )
            path, title = KIND_PAGES.get(
                item.kind, (PAGE_PATHS[item.page], agenda.PAGE_TITLES[item.page])
            )
            st.page_link(path, label=f"Open {title}", icon=":material/east:")


def end_form(game: Game, keys: FormKeys) -> None:
    """The end of the Operations Stage (5.2): why not yet, or a review listing what it posts,
    then the confirmation sent as ``end_stage``."""
    state = game.state
    preview = stage_end(state, game.source(state, ""))
    if preview.errors:
        # the ledger's words, as quartermaster end-stage refuses; then how far it is
        lines = [f"{e.message} ({e.case})." if e.case else f"{e.message}." for e in preview.errors]
        if any(e.field == "phase" for e in preview.errors):
            lines.append(f"{agenda.phase_now(state).phases_left} phase(s) to go.")
        st.info(plain("Not yet: " + " ".join(lines)))
        return
    if not st.session_state.get(REVIEW_KEY):
        st.button(
            f"End {state.clock.short}…",
            key=keys("review"),
            on_click=lambda: st.session_state.__setitem__(REVIEW_KEY, True),
        )
        return
    nxt = state.clock.next_stage().short
    seated = game.seat is not None and not game.seat.umpire
    yours = " for your side (the enemy's upkeep is posted too)" if seated else ""
    st.markdown(f"Ending **{state.clock.short}** moves the clock to **{nxt}** and posts{yours}:")
    st.markdown("\n".join(f"- {plain(line)}" for line in preview.posts))
    with st.form(keys("form")):
        st.text_input("Reason", key=keys("reason"), placeholder="optional: a log-sheet line")
        st.form_submit_button(
            f"Confirm: end {state.clock.short}", type="primary", key=keys("submit")
        )
    st.button(
        "Cancel",
        key=keys("cancel"),
        on_click=lambda: st.session_state.__setitem__(REVIEW_KEY, False),
    )


def end(game: Game, keys: FormKeys) -> None:
    """Send the confirmation as ``end_stage`` (the CLI's ``end-stage``)."""
    reason = str(keys.value("reason") or "")
    if game.execute(lambda s: end_stage(s, game.source(s, reason))) is not None:
        st.session_state[REVIEW_KEY] = False


def render() -> None:
    """The Your phase page."""
    game = open_game()
    st.title("Your phase")
    st.html(WRAP_LINKS)
    setup_banner(game.state)
    phase_box = st.container()
    step_box = st.container()
    messages = st.container()
    tasks_box = st.container()
    pending_box = st.container()
    initiative_box = st.container()
    weather_box = st.container()
    st.divider()
    st.subheader("End of the Operations Stage")
    end_box = st.container()
    forms = [
        ("turn_phase", step_box, advance, phase_form),
        ("turn_initiative", initiative_box, declare, initiative_form),
        ("turn_weather", weather_box, weather, weather_form),
        ("turn_end", end_box, end, end_form),
    ]
    # The form just sent runs first, so every other form is drawn from the ledger after it.
    forms.sort(key=lambda form: not just_sent(game, form[0]))
    with messages:
        for name, place, submit, draw in forms:
            run_form(game, name, place, submit, draw)
    with phase_box:
        phase_section(game)
    with tasks_box:
        tasks_section(game)
    with pending_box:
        pending_section(game, stage_journal(game))
    show_status(game)


if __name__ == "__main__":
    render()
