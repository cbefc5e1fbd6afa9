"""The dashboard through Streamlit's AppTest: every page renders; the forms write the journal.

Each test runs ``dashboard/app.py`` on a fresh SQLite journal holding one game of
tests/fixtures/mini.toml, and checks the ledger by reopening the game's ``GameSession``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction
from pathlib import Path
from typing import TypeVar

import pytest
from streamlit.testing.v1 import AppTest

from ledger.commands.outcome import Outcome
from ledger.commands.stage_end import end_stage
from ledger.io.scenario import ScenarioError, load_scenario, resolve
from ledger.journal import EventStore
from ledger.journal.session import GameSession, create_game
from ledger.journal.store import database_url
from ledger.model.events import Event
from ledger.model.scenario import Setup
from ledger.model.source import Source
from ledger.model.state import GameState
from tests.dashboard.pages import APP, app_on, app_pages
from tests.phases import session_to_last_phase

W = TypeVar("W")
GAME = "mini"
PAGES = {
    "views/turn.py": "Your phase",
    "views/overview.py": "Overview",
    "views/movement.py": "Movement",
    "views/convoys.py": "Convoys",
    "views/new_game.py": "New game",
    "views/units.py": "Units",
    "views/capability.py": "Capability & Cohesion",
    "views/organization.py": "Organization",
    "views/supply.py": "Supply",
    "views/requisitions.py": "Requisitions",
    "views/planner.py": "Convoy planner",
    "views/plots.py": "Plots",
    "views/combat.py": "Combat",
    "views/journal.py": "Journal",
    "views/sheets.py": "Sheets",
    "views/setup.py": "Set-up",
    "views/campaign.py": "Reinforcements & victory",
}
GAME_PAGES = {
    "views/combined_arms.py": "Combined Arms (SPI 1974)",
    "views/highway_to_the_reich.py": "Highway to the Reich (SPI 1976/77)",
    "views/battles_for_north_africa.py": "Battles for North Africa (ADC2)",
    "views/miniatures.py": "WW2 miniatures",
}
"""The other games' pages (issue 6): they need no CNA game, but sit in the same navigation."""
UMPIRE_PAGES = {"views/seats.py": "Seats"}
"""Pages listed only to the umpire's seat and at a table without seats (tests/dashboard/
test_seats_pages.py)."""


def test_the_page_lists_hold_every_page_of_the_navigation() -> None:
    """Every CNA page is in ``PAGES``, so the tests that go over every page (it renders; a
    seat sees no enemy name, test_seats_pages.py) cannot leave one out."""
    assert sorted(app_pages()) == sorted({**PAGES, **GAME_PAGES, **UMPIRE_PAGES})


@pytest.fixture
def db_url(tmp_path: Path, mini_setup: Setup, monkeypatch: pytest.MonkeyPatch) -> str:
    """A journal in a temp file with game "mini"; ``QUARTERMASTER_DB`` points at it."""
    path = tmp_path / "dashboard.db"
    url = database_url(str(path))
    create_game(EventStore(url, create=True), GAME, mini_setup, setup_step=False)
    monkeypatch.setenv("QUARTERMASTER_DB", str(path))
    return url


def reopen(url: str) -> GameSession:
    """The game read afresh from the database."""
    return GameSession(EventStore(url), GAME)


def click(at: AppTest, label: str) -> AppTest:
    """Press the (form submit) button labelled ``label`` and rerun."""
    matches = [b for b in at.button if b.label == label]
    assert matches, f"no button {label!r}: {[b.label for b in at.button]}"
    matches[0].click().run()
    assert not at.exception, at.exception
    return at


def field(widgets: Iterable[W], name: str) -> W:
    """The form widget whose key starts ``name_`` (form keys end in the journal's sequence)."""
    found = [w for w in widgets if str(getattr(w, "key", "") or "").startswith(f"{name}_")]
    assert len(found) == 1, [getattr(w, "key", None) for w in widgets]
    return found[0]


def texts(at: AppTest) -> str:
    """Every Markdown, caption, alert and title text of the page, joined."""
    parts = [*at.title, *at.markdown, *at.caption, *at.error, *at.success, *at.warning]
    return "\n".join(str(e.value) for e in parts)


@pytest.mark.parametrize("page", list(PAGES))
def test_every_page_renders_without_exception(db_url: str, page: str) -> None:
    at = app_on(page)
    assert [t.value for t in at.title] == [PAGES[page]]
    assert at.sidebar.selectbox(key="game").value == GAME
    assert "GT 1 OpStage 1" in texts(at)


@pytest.mark.parametrize("page", list(GAME_PAGES))
def test_every_other_game_page_renders_in_the_app_with_its_example_worked(
    db_url: str, page: str
) -> None:
    at = app_on(page)
    assert [t.value for t in at.title] == [GAME_PAGES[page]]
    assert not at.error, texts(at)
    assert at.markdown, "the page shows its default calculation's summary"


@pytest.mark.parametrize("side", ["axis", "commonwealth"])
def test_every_page_renders_on_the_bundled_graziani_scenario(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, side: str
) -> None:
    try:
        setup = load_scenario(resolve("graziani"))
    except ScenarioError as exc:
        pytest.skip(f"scenarios/graziani.toml is not loadable yet: {exc.errors[0]}")
    path = tmp_path / "graziani.db"
    create_game(
        EventStore(database_url(str(path)), create=True), "graziani", setup, setup_step=False
    )
    monkeypatch.setenv("QUARTERMASTER_DB", str(path))
    for page, title in PAGES.items():
        at = app_on(page, side)
        assert [t.value for t in at.title] == [title]
        assert not at.error, texts(at)
    at = app_on("views/units.py", side)
    in_play = [u for u in setup.units if u.side == side and u.in_play(setup.info.start)]
    assert len(at.dataframe[0].value) == len(in_play)


def test_overview_shows_clock_supply_totals_and_no_warnings(db_url: str) -> None:
    at = app_on("views/overview.py")
    metrics = {m.label: m.value for m in at.metric}
    assert metrics == {"Game-Turn": "1", "Operations Stage": "1", "Calendar": "September III 1940"}
    commonwealth = at.dataframe[1].value
    total = commonwealth[commonwealth["Held in"] == "Total"].iloc[0]
    assert (total["Ammunition"], total["Fuel"], total["Stores"], total["Water"]) == (
        1002,
        3000,
        4003,
        4,
    )
    assert "No warnings" in texts(at)


def test_spend_cp_over_cpa_lowers_cohesion_and_warns(db_url: str) -> None:
    at = app_on("views/units.py")
    field(at.selectbox, "spend_unit").select("cw.1_rnf")
    field(at.text_input, "spend_cp").input("11")
    field(at.text_input, "spend_reason").input("moved C3721 to C3917")
    click(at, "Spend CP")
    assert not at.exception and not at.error, texts(at)
    assert "1st RNF MG Bn expends 11 CP, 3 DP" in texts(at)
    state = reopen(db_url).state
    unit = state.units["cw.1_rnf"]
    assert (unit.cp_expended, unit.cohesion) == (
        Fraction(11),
        Fraction(-3),
    )  # CPA 8: 3 over → 3 DP (6.21, 6.22)
    table = at.dataframe[0].value
    row = table[table["Name"] == "1st RNF MG Bn"].iloc[0]
    assert (row["CPA"], row["CP expended"], row["CP remaining"], row["Cohesion Level"]) == (
        8,
        "11",
        "0",
        "-3",
    )
    at.switch_page("views/overview.py").run()
    assert "1 unit(s) over their CPA (6.21)." in texts(at)
    warned = at.dataframe[2].value
    assert list(warned["Warning"]) == ["1st RNF MG Bn: 11 CP expended, CPA 8 (3 over)"]
    assert list(warned["Case"]) == ["6.21"]


def test_cohesion_minus_17_is_warned_with_its_case(db_url: str) -> None:
    at = app_on("views/units.py")
    field(at.selectbox, "spend_unit").select("cw.1_rnf")
    field(at.text_input, "spend_cp").input("25")  # CPA 8: 17 DP → Cohesion Level −17
    click(at, "Spend CP")
    at.switch_page("views/overview.py").run()
    assert "1 unit(s) at Cohesion Level −17 or worse" in texts(at)
    warned = at.dataframe[2].value
    assert list(warned["Case"]) == ["15.88", "6.21"]
    assert "Cohesion Level -17 — surrenders if close assaulted" in warned["Warning"][0]


def test_spend_cp_in_fractions_shows_them_as_players_write_them(db_url: str) -> None:
    at = app_on("views/units.py")
    field(at.selectbox, "spend_unit").select("cw.1_rnf")
    field(at.text_input, "spend_cp").input("2 1/2")
    click(at, "Spend CP")
    table = at.dataframe[0].value
    row = table[table["Name"] == "1st RNF MG Bn"].iloc[0]
    assert (row["CP expended"], row["CP remaining"]) == ("2 1/2", "5 1/2")


def test_spend_cp_refuses_bad_text_and_writes_nothing(db_url: str) -> None:
    at = app_on("views/units.py")
    field(at.selectbox, "spend_unit").select("cw.1_rnf")
    field(at.text_input, "spend_cp").input("1/3")
    click(at, "Spend CP")
    assert at.error and "quarter points" in at.error[0].value
    assert len(reopen(db_url).journal) == 1


def test_units_page_shows_toe_with_seven_ratings_and_strengths(db_url: str) -> None:
    at = app_on("views/units.py")
    at.selectbox(key="toe_unit").select("cw.1_rnf").run()
    systems = at.dataframe[1].value
    assert list(systems["Weapon system"]) == ["infantry (u)"]
    assert systems.iloc[0]["TOE Strength Points"] == 3
    ratings = at.dataframe[2].value.set_index("Rating")
    assert list(ratings.index) == [
        "Barrage",
        "Vulnerability",
        "Anti-Armor",
        "Armor Protection",
        "Offensive Close Assault",
        "Defensive Close Assault",
        "AA",
    ]
    # 3 TOE Strength Points × 6 = 18 Raw, 1.8 → 2 Actual (11.31, 11.32)
    assert tuple(ratings.loc["Defensive Close Assault"]) == ("6", "18", "2")
    assert tuple(ratings.loc["Vulnerability"]) == ("–", "–", "–")


def test_units_side_filter_and_arrivals(db_url: str) -> None:
    at = app_on("views/units.py")
    assert list(at.dataframe[0].value["Name"]) == ["1st RNF MG Bn"]
    at.toggle[0].set_value(True).run()
    shown = at.dataframe[0].value
    assert list(shown["Name"]) == ["1st RNF MG Bn", "3rd RHA"]
    assert list(shown["In play"]) == ["in play", "arrives GT 1 OpStage 3"]


def transfer(at: AppTest, origin: str, destination: str, fuel: int) -> AppTest:
    """Fill in the Transfer supplies form and submit it."""
    field(at.selectbox, "transfer_from").select(origin)
    field(at.selectbox, "transfer_to").select(destination)
    field(at.number_input, "transfer_fuel").set_value(fuel)
    return click(at, "Transfer supplies")


def test_transfer_moves_fuel_from_the_dump_to_the_unit(db_url: str) -> None:
    at = app_on("views/supply.py")
    transfer(at, "cw_matruh", "cw.1_rnf", 10)
    assert not at.error, texts(at)
    assert "10 Fuel from Mersa Matruh to 1st RNF MG Bn" in texts(at)
    state = reopen(db_url).state
    assert state.dumps["cw_matruh"].supplies.fuel == 2990
    assert state.units["cw.1_rnf"].supplies.fuel == 10
    dumps = at.dataframe[0].value
    assert dumps[dumps["Name"] == "Mersa Matruh"].iloc[0]["Fuel"] == "2990"


def test_transfer_of_more_than_the_dump_holds_is_refused_with_the_amounts(db_url: str) -> None:
    before = len(reopen(db_url).journal)
    at = app_on("views/supply.py")
    transfer(at, "cw_matruh", "cw.1_rnf", 5000)
    assert len(at.error) == 1
    message = at.error[0].value
    assert "Mersa Matruh holds 3000 Fuel, 5000 asked: 2000 short" in message
    assert "nothing was written" in message
    after = reopen(db_url)
    assert len(after.journal) == before
    assert after.state.dumps["cw_matruh"].supplies.fuel == 3000
    assert field(at.number_input, "transfer_fuel").value == 5000  # kept, to correct it


def test_an_accepted_transfer_empties_the_form(db_url: str) -> None:
    at = app_on("views/supply.py")
    transfer(at, "cw_matruh", "cw.1_rnf", 10)
    assert field(at.number_input, "transfer_fuel").value == 0


def test_undo_restores_the_state(db_url: str) -> None:
    start = reopen(db_url).state
    at = app_on("views/supply.py")
    transfer(at, "cw_matruh", "cw.1_rnf", 10)
    assert reopen(db_url).state != start
    at.switch_page("views/journal.py").run()
    assert "#2: 10 Fuel from Mersa Matruh to 1st RNF MG Bn" in texts(at)
    click(at, "Undo last event")
    assert not at.error, texts(at)
    after = reopen(db_url)
    assert after.state == start
    assert [r.event.kind for r in after.journal] == [
        "game_started",
        "supplies_transferred",
        "event_undone",
    ]
    history = at.dataframe[0].value
    assert list(history["#"]) == [3, 2, 1]
    assert list(history["Undone"]) == [False, True, False]


def test_the_stage_ends_on_your_phase_not_the_overview(db_url: str) -> None:
    """Issue 17 item 3: the Overview ended the stage in one click from any phase; the end is
    now on Your phase (a review, then Confirm: tests/dashboard/test_turn_page.py), in the last
    phase only, and the Overview links there."""
    session_to_last_phase(reopen(db_url))
    at = app_on("views/overview.py")
    assert not [b for b in at.button if "End" in b.label]
    assert "Your phase: tasks and the end of the stage" in [
        link.proto.label for link in at.get("page_link")
    ]
    assert reopen(db_url).state.clock.short == "GT 1 OpStage 1"


def test_a_write_from_elsewhere_shows_up_on_the_next_rerun(db_url: str) -> None:
    at = app_on("views/overview.py")
    elsewhere = reopen(db_url)
    session_to_last_phase(elsewhere)
    elsewhere.execute(lambda s: end_stage(s, Source(s.clock)))
    at.run()
    assert {m.label: m.value for m in at.metric}["Operations Stage"] == "2"


def test_a_write_racing_the_form_asks_the_player_to_retry(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    at = app_on("views/supply.py")
    execute = GameSession.execute

    def racing(self: GameSession, command: Callable[[GameState], Outcome]) -> tuple[Event, ...]:
        monkeypatch.setattr(GameSession, "execute", execute)  # only the first time
        elsewhere = reopen(db_url)
        session_to_last_phase(elsewhere)
        elsewhere.execute(lambda s: end_stage(s, Source(s.clock)))
        return execute(self, command)

    monkeypatch.setattr(GameSession, "execute", racing)
    transfer(at, "cw_matruh", "cw.1_rnf", 10)
    assert at.warning and "Another player changed the ledger" in at.warning[0].value
    state = reopen(db_url).state
    assert (state.clock.op_stage, state.dumps["cw_matruh"].supplies.fuel) == (2, 3000)
    transfer(at, "cw_matruh", "cw.1_rnf", 10)
    assert reopen(db_url).state.dumps["cw_matruh"].supplies.fuel == 2990


def test_the_source_records_the_sidebar_side_and_role(db_url: str) -> None:
    at = app_on("views/supply.py")
    at.selectbox(key="role").select("logistics_commander")
    transfer(at, "cw_matruh", "cw.1_rnf", 10)
    event = reopen(db_url).journal[-1].event
    assert (event.source.side, event.source.role) == ("commonwealth", "logistics_commander")


def test_sheets_page_offers_the_workbook_or_says_it_is_missing(db_url: str) -> None:
    at = app_on("views/sheets.py")
    downloads = at.get("download_button")
    assert downloads or any("not installed" in str(i.value) for i in at.info)
    sheet = at.dataframe[0].value
    assert list(sheet["Name"]) == ["1st RNF MG Bn"]


def test_no_game_yet_says_how_to_create_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    EventStore(database_url(str(tmp_path / "empty.db")), create=True)
    monkeypatch.setenv("QUARTERMASTER_DB", str(tmp_path / "empty.db"))
    at = AppTest.from_file(APP, default_timeout=60).run()
    assert not at.exception
    assert "Create one on the New game page" in at.info[0].value
    assert "quartermaster new NAME" in at.info[0].value


def test_no_database_stops_the_page_with_one_line_and_creates_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    missing = tmp_path / "typo" / "q.db"
    monkeypatch.setenv("QUARTERMASTER_DB", str(missing))
    at = AppTest.from_file(APP, default_timeout=60).run()
    assert not at.exception
    shown = at.error[0].value.replace("\\", "")  # plain(): Markdown characters escaped
    assert shown == f"no database at {missing} — create a game with `quartermaster new NAME`"
    assert not missing.parent.exists()


def test_capability_page_shows_the_formation_cpa_and_cohesion_chart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    setup = load_scenario(resolve("graziani"))
    path = tmp_path / "graziani.db"
    session = create_game(
        EventStore(database_url(str(path)), create=True), "graziani", setup, setup_step=False
    )
    krrc = next(u for u in setup.units if u.counter == "1 KRRC")
    from fractions import Fraction

    from ledger.commands.cp import spend_cp
    from ledger.commands.reorganize import attach
    from ledger.commands.stage_end import end_stage
    from ledger.model.source import Source

    spt = "cw.7_armd_div.7th_support_group_hq"
    session.execute(lambda s: attach(s, krrc.id, spt, Source(s.clock)))  # 1 CP (6.3)
    session.execute(lambda s: spend_cp(s, krrc.id, Fraction(11), Source(s.clock), "move"))
    session_to_last_phase(session)
    session.execute(lambda s: end_stage(s, Source(s.clock)))
    monkeypatch.setenv("QUARTERMASTER_DB", str(path))
    at = app_on("views/capability.py", "commonwealth")
    picker = next(s for s in at.selectbox if s.label == "Parent Formation")
    assert any(o.startswith("7th Armored Div HQ (7, 3 with it)") for o in picker.options)
    picker.set_value("cw.7_armd_div.7th_armored_div_hq").run()
    assert not at.exception, at.exception
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Formation CPA (6.15)"] == "10"
    assert metrics["Stacking Points (9.12)"] == "5"
    table = at.dataframe[0].value
    krrc_row = table[table["Unit"].str.endswith("1 KRRC — 1st KRRC")].iloc[0]
    assert krrc_row["Cohesion Level"] == "-2"  # 12 CP at CPA 10: 2 DP (6.21)
    assert len(at.get("vega_lite_chart")) == 1


def submit(at: AppTest, key: str) -> None:
    """Press the submit button whose key starts with ``key`` and rerun."""
    next(b for b in at.button if str(b.key).startswith(key)).click().run()


KRRC = "cw.7_armd_div.1st_krrc"
SUPPORT = "cw.7_armd_div.7th_support_group_hq"


def test_organization_page_attaches_a_unit_and_charges_6_3(graziani_db: str) -> None:
    at = app_on("views/organization.py")
    assert "C. Organization Phase" in texts(at)
    field(at.radio, "reorganize_action").set_value("attach")
    field(at.selectbox, "reorganize_unit").select(KRRC)
    field(at.selectbox, "reorganize_parent").select(SUPPORT)
    submit(at, "reorganize_submit")
    assert not at.exception and not at.error, texts(at)
    assert "1st KRRC attached to 7th Support Group HQ (attach-assigned, 6.3)" in texts(at)
    state = GameSession(EventStore(graziani_db), "graziani").state
    assert state.units[KRRC].cp_expended == 1 and state.units[SUPPORT].cp_expended == 1
    picker = at.selectbox(key="org_formation")
    picker.set_value("cw.7_armd_div.7th_armored_div_hq").run()
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Formation CPA (6.15)"] == "10"  # 1 KRRC is with it again
    tree = at.dataframe[0].value
    assert any(str(u).endswith("1 KRRC — 1st KRRC") for u in tree["Unit"])


def test_organization_page_refuses_attach_after_the_organization_phase(graziani_db: str) -> None:
    at = app_on("views/organization.py")
    field(at.selectbox, "phase_target").set_value("movement-and-combat/A")
    submit(at, "phase_submit")
    assert "G. Movement and Combat Phase (Player A) begins" in texts(at)
    field(at.radio, "reorganize_action").set_value("attach")
    field(at.selectbox, "reorganize_unit").select(KRRC)
    field(at.selectbox, "reorganize_parent").select(SUPPORT)
    submit(at, "reorganize_submit")
    refused = "\n".join(str(e.value) for e in at.error)
    assert "only in the Organization Phase" in refused and "5.2" in refused


def test_organization_page_attaches_trucks_and_loads_troops(graziani_db: str) -> None:
    at = app_on("views/organization.py")
    field(at.radio, "trucks_action").set_value("attach-trucks")
    field(at.selectbox, "trucks_group").select("cw_c3721")
    field(at.selectbox, "trucks_unit").select("cw.unassigned_inf.1st_rnf_mg_bn")
    field(at.number_input, "trucks_medium").set_value(3)
    submit(at, "trucks_submit")
    assert not at.error, texts(at)
    field(at.radio, "trucks_action").set_value("load-troops")
    field(at.selectbox, "trucks_unit").select("cw.unassigned_inf.1st_rnf_mg_bn")
    field(at.number_input, "trucks_medium").set_value(3)
    submit(at, "trucks_submit")
    assert "1st RNF MG Bn rides 0 light, 3 medium, 0 heavy truck points" in texts(at)
    state = GameSession(EventStore(graziani_db), "graziani").state
    assert state.cpa(state.units["cw.unassigned_inf.1st_rnf_mg_bn"]) == 20  # 6.17


def test_requisition_filed_then_fulfilled_from_a_dump(db_url: str) -> None:
    at = app_on("views/requisitions.py")
    assert "No requisition filed yet." in texts(at)
    field(at.selectbox, "requisition_unit").select("cw.1_rnf")
    field(at.number_input, "requisition_fuel").set_value(10)
    field(at.text_input, "requisition_note").input("for the march")
    submit(at, "requisition_submit")
    assert "requisition CR1: 1st RNF MG Bn asks for 10 Fuel (4.55)" in texts(at)
    field(at.selectbox, "answer_origin").select("cw_matruh")
    field(at.radio, "answer_decision").set_value("fulfil")
    submit(at, "answer_submit")
    assert not at.error, texts(at)
    assert "requisition CR1 fulfilled" in texts(at)
    state = reopen(db_url).state
    assert state.holder_supplies("cw.1_rnf").fuel == 10  # type: ignore[union-attr]
    assert state.holder_supplies("cw_matruh").fuel == 2990  # type: ignore[union-attr]
    table = at.dataframe[0].value
    assert list(table["Status"]) == ["fulfilled"]


def test_supply_page_forecasts_who_runs_dry_when(db_url: str) -> None:
    at = app_on("views/supply.py")
    metrics = {m.label: m.value for m in at.metric}
    # the mini Commonwealth: 1 RNF drinks 1 Water an OpStage from its 4 (52.41)
    assert metrics["Use each OpStage"] == "1 Water"
    assert metrics["Water short from"] == "GT 2 OpStage 2"
    assert metrics["Fuel short from"] == "lasts"
    at.selectbox(key="forecast_weather").set_value("hot").run()
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Water short from"] == "GT 1 OpStage 3"  # 2 an OpStage when Hot (29.35)
    assert len(at.get("vega_lite_chart")) == 1


def test_a_broken_journal_is_one_line_on_the_page_not_a_traceback(db_url: str) -> None:
    import sqlite3

    path = db_url.removeprefix("sqlite:///")
    ending = reopen(db_url)
    session_to_last_phase(ending)
    ending.execute(lambda s: end_stage(s, Source(s.clock)))
    with sqlite3.connect(path) as raw:
        raw.execute("DROP TRIGGER events_no_update")
        raw.execute("DROP TABLE snapshots")
        raw.execute("UPDATE events SET payload = payload || ' ' WHERE seq = 2")
    raw.close()
    for page in ("views/overview.py", "views/journal.py", "views/capability.py"):
        at = app_on(page)
        assert not at.exception, page
        assert at.error and "breaks at event 2" in at.error[0].value, page


def test_a_write_the_database_refuses_writes_nothing_and_says_why(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ledger.journal import StoreError

    at = app_on("views/supply.py")

    def refused(*_args: object, **_kwargs: object) -> None:
        raise StoreError("q.db is read-only")

    monkeypatch.setattr(EventStore, "append", refused)
    transfer(at, "cw_matruh", "cw.1_rnf", 10)
    assert not at.exception
    assert at.error and "Nothing was written: q.db is read-only" in at.error[0].value
    assert reopen(db_url).state.dumps["cw_matruh"].supplies.fuel == 3000


def test_a_form_submitted_after_another_player_wrote_is_not_lost(db_url: str) -> None:
    """Issue 16 item 7: the form was drawn, another player wrote, then the player submitted:
    the command is checked against the new state and applied, with a notice of what changed."""
    from ledger.commands.cp import spend_cp

    at = app_on("views/units.py")
    field(at.selectbox, "spend_unit").select("cw.1_rnf")
    field(at.text_input, "spend_cp").input("2")
    reopen(db_url).execute(lambda s: spend_cp(s, "cw.1_rnf", Fraction(3), Source(s.clock)))
    click(at, "Spend CP")
    assert at.info and "While you filled this in, the ledger changed (1 event)" in at.info[0].value
    assert "#2" in at.info[0].value and "1st RNF MG Bn expends 3 CP" in at.info[0].value
    assert "1st RNF MG Bn expends 2 CP" in texts(at)
    assert reopen(db_url).state.units["cw.1_rnf"].cp_expended == Fraction(5)


def test_a_form_refused_after_another_player_wrote_keeps_what_was_typed(db_url: str) -> None:
    from ledger.commands.cp import spend_cp

    at = app_on("views/units.py")
    field(at.selectbox, "spend_unit").select("cw.1_rnf")
    field(at.text_input, "spend_cp").input("1/3")  # not whole quarters: refused (8.37)
    field(at.text_input, "spend_reason").input("my reason")
    reopen(db_url).execute(lambda s: spend_cp(s, "cw.1_rnf", Fraction(3), Source(s.clock)))
    click(at, "Spend CP")
    assert at.error and "quarter points" in at.error[0].value
    assert field(at.text_input, "spend_cp").value == "1/3"
    assert field(at.text_input, "spend_reason").value == "my reason"
    assert len(reopen(db_url).journal) == 2


def test_undo_reverses_only_the_event_it_showed(db_url: str) -> None:
    """Issue 16 item 7: the Undo note showed #2; another player recorded #3; the click does not
    reverse #3 but says the last action changed."""
    from ledger.commands.cp import spend_cp

    at = app_on("views/supply.py")
    transfer(at, "cw_matruh", "cw.1_rnf", 10)
    at.switch_page("views/journal.py").run()
    assert "The last event not yet undone is #2" in texts(at).replace("\\", "")
    reopen(db_url).execute(lambda s: spend_cp(s, "cw.1_rnf", Fraction(1), Source(s.clock)))
    matches = [b for b in at.button if b.label == "Undo last event"]
    matches[0].click().run()
    assert at.error and "the last action is now #3" in at.error[0].value.replace("\\", "")
    assert [r.event.kind for r in reopen(db_url).journal][-1] == "cp_expended"
    click(at, "Undo last event")  # now the note shows #3: that one is reversed
    assert not at.error
    assert reopen(db_url).journal[-1].event.undone_seq == 3  # type: ignore[union-attr]


def test_the_spend_cp_form_names_the_63_action_and_keeps_the_unit(db_url: str) -> None:
    """Issue 17 items 2 and 4: the form sends its 6.3 action, so 8.17 caps a voluntary
    expenditure as `spend-cp --action` does; a fixed cost needs no CP; the unit and action
    stay chosen after a command."""
    at = app_on("views/units.py")
    field(at.selectbox, "spend_unit").select("cw.1_rnf")  # CPA 8, non-motorized
    field(at.selectbox, "spend_action").select("move")
    field(at.text_input, "spend_cp").input("13")  # over 150 % of 8 = 12
    click(at, "Spend CP")
    assert "Refused" in texts(at) and "(8.17)" in texts(at)
    assert reopen(db_url).state.units["cw.1_rnf"].cp_expended == 0
    field(at.selectbox, "spend_action").select("disengage")
    field(at.text_input, "spend_cp").input("")
    click(at, "Spend CP")
    assert not at.exception and "1st RNF MG Bn expends 4 CP (disengage)" in texts(at)
    assert reopen(db_url).state.units["cw.1_rnf"].cp_expended == 4
    assert field(at.selectbox, "spend_unit").value == "cw.1_rnf"  # not back to the first unit
    assert field(at.selectbox, "spend_action").value == "disengage"
    assert field(at.text_input, "spend_cp").value == ""


def test_every_game_page_opens_with_the_phase_bar(db_url: str) -> None:
    """Issue 17 items 1, 6: the clock, the phase of 5.2 III, the next one and who is at the
    keyboard, at the top of the page (not only in the sidebar a phone folds away)."""
    for page in ("views/overview.py", "views/units.py", "views/journal.py"):
        at = app_on(page)
        bar = at.main.caption[0].value
        assert bar.startswith("**GT 1 OpStage 1** · September III 1940 · **C. Organization")
        assert "next: D. " in bar and "Commonwealth Field Commander" in bar, bar
