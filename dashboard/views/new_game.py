"""New game page: a game made from a bundled scenario, with its name and each named ruling's
option, as ``quartermaster new NAME --scenario ID --ruling ID=OPTION`` makes it.

The page works with no game in the database (it never calls ``open_game``). The form's button
runs ``create`` as its callback, before the next run draws the sidebar: the game is made with
the CLI's functions (``load_scenario``, ``resolve``, ``create_game``, so the same refusals:
a blank or taken name, an unknown ruling option) and chosen in the sidebar's game picker, so
the other pages open it at once. A chosen game with seats shows its sign-in form first, as
every page does. Refused on a dashboard served to the network, where games are made on the
host (``dashboard.served``), after the chosen game's own checks (``open_game``).
"""

from __future__ import annotations

from functools import partial
from typing import Final

import streamlit as st

from dashboard.context import GAME_KEY, current_store, keeps_seats, open_game
from dashboard.served import served_on
from dashboard.signin import sign_in_page, signed_in
from dashboard.tables import Col, show_table
from dashboard.text import plain
from ledger.charts.ruling import Ruling
from ledger.io.scenario import ScenarioError, load_scenario, resolve
from ledger.io.scenario_index import game_rulings, scenario_rows, scenario_text
from ledger.journal import DuplicateGameError, StoreError, UnknownGameError
from ledger.journal.seats import seats_of
from ledger.journal.session import CommandRefused, GameSession, create_game
from ledger.model.errors import LedgerError
from ledger.model.scenario import Setup
from ledger.model.scenario_rulings import unexpressed_options

FORM: Final = "new_game"
SCENARIO_KEY: Final = f"{FORM}_scenario"
NAME_KEY: Final = f"{FORM}_name"
SETUP_KEY: Final = f"{FORM}_setup_step"
"""Session key of the form's "Do the set-up step" checkbox (59.4; default on)."""
RESULT_KEY: Final = f"{FORM}_result"
"""Session key of the last submission's outcome: ``("created" | "refused", Markdown)``."""
NAME_MAX: Final = 128
"""The longest game name the journal's games table holds."""
SCENARIO_COLUMNS: Final = (
    Col("name", "Scenario", width=260, phone=True),
    Col("turns", "Game-Turns", phone=True),
    Col("hours", "Hours (booklet estimate)", phone=True),
    Col("counters", "Counters"),
    Col("withdrawn", "To be withdrawn"),
    Col("rulings", "Rulings of its own"),
)
FIELD_NAMES: Final = {"NAME": "Name", "--ruling": "Ruling", "--scenario": "Scenario"}
"""The CLI's argument names, as the form's labels."""


@st.cache_resource(show_spinner=False)
def scenario_setup(scenario_id: str) -> Setup:
    """The validated setup of bundled scenario ``scenario_id`` (read once per server).
    Raises ``ScenarioError`` with every problem of its file."""
    return load_scenario(resolve(scenario_id))


@st.cache_data(show_spinner=False)
def scenario_list() -> list[dict[str, object]]:
    """``ledger.io.scenario_index.scenario_rows``, read once per server."""
    return scenario_rows()


def ruling_key(scenario_id: str, ruling_id: str) -> str:
    """The widget key of a ruling's option in the form (per scenario)."""
    return f"{FORM}_ruling_{scenario_id}_{ruling_id}"


def choices_made(scenario_id: str, rulings: tuple[Ruling, ...]) -> dict[str, str]:
    """The options the player set away from their default, as ``--ruling ID=OPTION`` gives
    them to ``create_game`` (a default left alone is not recorded, as the CLI does not)."""
    chosen = {}
    for ruling in rulings:
        option = st.session_state.get(ruling_key(scenario_id, ruling.id), ruling.default)
        if option != ruling.default:
            chosen[ruling.id] = str(option)
    return chosen


def refusal(errors: list[LedgerError]) -> str:
    """Markdown of a refusal: one line per error, the field as the form names it."""
    lines = []
    for error in errors:
        field = FIELD_NAMES.get(error.field, error.field)
        case = f" ({error.case})" if error.case and error.case not in error.message else ""
        lines.append(f"- **{plain(field)}:** {plain(error.message + case)}")
    return "Refused — nothing was written:\n\n" + "\n".join(lines)


def create() -> None:
    """The Create game button's callback: make the game as ``quartermaster new`` does and
    choose it in the sidebar, or keep the refusal; the outcome is shown by ``render``."""
    scenario_id = str(st.session_state.get(SCENARIO_KEY) or "")
    name = str(st.session_state.get(NAME_KEY) or "")
    try:
        setup = scenario_setup(scenario_id)
    except ScenarioError as exc:
        st.session_state[RESULT_KEY] = ("refused", refusal(list(exc.errors)))
        return
    choices = choices_made(scenario_id, game_rulings(setup))
    try:
        setup_step = bool(st.session_state.get(SETUP_KEY, True))
        session = create_game(current_store(), name, setup, choices, setup_step=setup_step)
    except CommandRefused as refused:
        st.session_state[RESULT_KEY] = ("refused", refusal(list(refused.errors)))
        return
    except DuplicateGameError as taken:
        st.session_state[RESULT_KEY] = ("refused", refusal([LedgerError("NAME", str(taken))]))
        return
    except StoreError as failed:
        st.session_state[RESULT_KEY] = ("refused", plain(f"Nothing was written: {failed}"))
        return
    st.session_state[GAME_KEY] = name  # the sidebar's picker: the other pages open it
    changed = ", ".join(f"{k} = {v}" for k, v in sorted(choices.items())) or "all at their default"
    st.session_state[RESULT_KEY] = (
        "created",
        plain(
            f"Created game {name!r}: {setup.info.name} ({setup.info.case}), "
            f"{len(session.state.units)} counters, {session.state.clock}; rulings: {changed}. "
            "It is now the game chosen in the sidebar."
        ),
    )


def show_result() -> None:
    """The last submission's outcome, and after a game was made what to do next."""
    result = st.session_state.get(RESULT_KEY)
    if not isinstance(result, tuple):
        return
    kind, text = result
    if kind == "refused":
        st.error(text)
        return
    st.success(text)
    st.markdown(
        "**Next:**\n"
        "- **For a table of players:** add a seat for each player on the **Seats** page "
        "(side, command roles and a passphrase). Each player then opens the dashboard and "
        "signs in with the seat's name and passphrase, and sees only the side's ledger.\n"
        "- **Alone at this computer:** pick the side and the command role in the sidebar, "
        "then open **Your phase**."
    )
    links = st.columns(2)
    if keeps_seats(current_store()):
        links[0].page_link("views/seats.py", label="Seats", icon=":material/badge:")
    links[1].page_link("views/turn.py", label="Your phase", icon=":material/play_arrow:")


def scenario_label(row: dict[str, object]) -> str:
    """``"Graziani's Offensive — 60.22 · GT 1 OpStage 1 – GT 6 OpStage 3 · 306 counters"``."""
    return plain(
        f"{row['name']} — {row['case']} · {row['game_turns']} · {row['counters']} counters"
    )


def scenario_table(rows: list[dict[str, object]]) -> list[dict[str, object]]:
    """The bundled scenarios side by side (issue 18): Game-Turns, the booklet's estimate of
    the playing time, counters at the start and arriving, and how many rulings of its own."""
    return [
        {
            "name": f"{r['name']} ({r['case']})",
            "turns": r["turns"],
            "hours": r["hours"] or "—",
            "counters": f"{r['at_start']} + {r['arriving']} arriving",
            "withdrawn": r["withdrawals"],
            "rulings": len(r["rulings"]) if isinstance(r["rulings"], list) else 0,
        }
        for r in rows
        if r["case"]
    ]


def scenario_details(row: dict[str, object]) -> None:
    """The chosen scenario as ``quartermaster scenarios`` lists it: Game-Turns, hours, counters
    and its own rulings with their defaults."""
    head, *rest = scenario_text(row)
    st.markdown(
        f"**{plain(head)}**  \n" + "  \n".join(plain(line.strip()) for line in rest if line.strip())
    )


def option_label(default: str, option: str) -> str:
    """A ruling's option as the form lists it: ``"enforce (default)"``."""
    return f"{option} (default)" if option == default else option


def ruling_fields(
    scenario_id: str,
    rulings: tuple[Ruling, ...],
    unexpressed: dict[str, tuple[str, ...]] | None = None,
) -> None:
    """One select box per ruling with a choice, in the order given, its default marked; the
    rulings with a single option listed below them. The options of ``unexpressed`` (by
    ruling id: those the scenario's data cannot express, which ``create_game`` refuses) are
    not offered; a caption names them."""
    unexpressed = unexpressed or {}
    offered = {
        r.id: tuple(o for o in r.options if o not in unexpressed.get(r.id, ())) for r in rulings
    }
    for ruling in (r for r in rulings if len(offered[r.id]) > 1):
        st.selectbox(
            plain(f"{ruling.id} ({ruling.case})"),
            offered[ruling.id],
            index=offered[ruling.id].index(ruling.default),
            format_func=partial(option_label, ruling.default),
            help=plain(ruling.question),
            key=ruling_key(scenario_id, ruling.id),
        )
    fixed = [r for r in rulings if len(offered[r.id]) <= 1]
    if fixed:
        st.caption(
            plain(
                "With one option only: " + ", ".join(f"{r.id} = {r.default}" for r in fixed) + "."
            )
        )
    if unexpressed:
        named = "; ".join(f"{r} = {', '.join(o)}" for r, o in unexpressed.items())
        st.caption(
            plain(
                f"Not offered, as the scenario's data does not hold them: {named} "
                "(a table that wants one edits a copy of the scenario file)."
            )
        )


def chosen_game() -> str:
    """One line (Markdown) naming the game chosen in the sidebar now and its Game-Turn, so the player
    knows what a new game is chosen over. A chosen game with seats shows its sign-in form
    instead of the page until a seat signs in, as every page does (``open_game``)."""
    store = current_store()
    name = st.session_state.get(GAME_KEY)
    if not name:
        return plain(f"No game in {store.location} yet.")
    try:
        records = seats_of(store, name)
        if records and signed_in(name) is None:
            sign_in_page(store, name, records)
            st.stop()
        clock = GameSession(store, name).state.clock
    except (StoreError, UnknownGameError):
        return ""
    return plain(f"Chosen in the sidebar now: {name!r}, {clock.short} ({clock.calendar}).")


def render() -> None:
    """The New game page."""
    if served_on():  # as every page: the game's sign-in, or its refusal without seats
        open_game()
        st.title("New game")
        st.info(
            "This dashboard is served to the network: games are made on the host, with "
            "`quartermaster new NAME --scenario graziani` (docs/seats.md)."
        )
        return
    chosen = chosen_game()  # first: a chosen game with seats shows its sign-in form instead
    st.title("New game")
    if chosen:
        st.caption(chosen)
    st.caption(
        "A game from a bundled scenario, with its named rulings (docs/rulings.md): "
        "what `quartermaster new NAME --scenario ID --ruling ID=OPTION` makes."
    )
    show_result()
    rows = scenario_list()
    ids = [str(r["id"]) for r in rows]
    if not ids:
        st.info("No bundled scenario was found in this installation.")
        return
    labels = {str(r["id"]): scenario_label(r) for r in rows}
    scenario_id = (
        st.radio("Scenario", ids, format_func=labels.__getitem__, key=SCENARIO_KEY) or ids[0]
    )
    show_table(scenario_table(rows), SCENARIO_COLUMNS)
    scenario_details(next(r for r in rows if str(r["id"]) == scenario_id))
    try:
        setup = scenario_setup(scenario_id)
    except ScenarioError as exc:
        st.error(refusal(list(exc.errors)))
        return
    rulings = game_rulings(setup)
    with st.form(FORM):
        st.text_input(
            "Name",
            max_chars=NAME_MAX,
            placeholder="e.g. graziani-club",
            help="How the sidebar and `quartermaster --game NAME` name the game; one per name.",
            key=NAME_KEY,
        )
        changed = len(choices_made(scenario_id, rulings))
        with st.expander(
            f"Rulings: {len(rulings)} named rulings, {changed} set away from the default",
        ):
            st.caption(
                "Where the printed rules are ambiguous or silent, the ledger takes a named "
                "ruling (the ? beside each one asks its question). Leave the default unless the "
                "table agreed another option."
            )
            ruling_fields(scenario_id, rulings, unexpressed_options(setup))
        st.checkbox(
            "Do the set-up step in the ledger",
            value=True,
            key=SETUP_KEY,
            help="59.4: each side places what the scenario leaves to its choice and loads its "
            "first-line trucks free of cost, then finishes; the game starts when both have. "
            "Untick it when the table set up on the board and tells the ledger nothing more "
            "(`quartermaster new NAME --skip-setup`).",
        )
        st.form_submit_button("Create game", type="primary", on_click=create)


if __name__ == "__main__":
    render()
