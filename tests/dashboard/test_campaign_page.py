"""The Reinforcements & victory page (issue 18) on The Italian Campaign (60.23) played through
the ledger: the GT 9 OpStage 2 arrivals as the journal posted them (4.43, 20.1), the GT 13
OpStage 3 withdrawal of the 5th Indian Bde HQ group (20.8) previewed and then recorded as
``quartermaster withdraw`` records it in a twin game, and the 60.82 victory table with the form
that records a place's holder (the points those of the scenario's victory table, 60.82)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from ledger.commands.stage_end import end_stage
from ledger.io.scenario import load_scenario, resolve
from ledger.journal import EventStore
from ledger.journal.session import GameSession, create_game
from ledger.journal.store import database_url
from ledger.model.campaign import ReinforcementsArrived, UnitsWithdrawn, VictoryPlaceHeld
from ledger.model.clock import GameTime
from ledger.model.source import Source
from tests.dashboard.cli_game import cli, written
from tests.dashboard.pages import app_on
from tests.dashboard.test_app import click, field
from tests.dashboard.test_app import texts as page_texts
from tests.phases import session_to_last_phase

GAME = "campaign"
FIFTH_BDE_GROUP = (
    "cw.4_indian_div.5th_indian_bde_hq",
    "cw.4_indian_div.1st_royal_fusiliers",
    "cw.4_indian_div.3_1_punjab_regt",
    "cw.4_indian_div.4_6_rajputana_rifles",
)
"""The 5th Indian Bde HQ and its units, withdrawn GT 13 OpStage 3 (60.23; cw-wd-01)."""
AUS_BDE_HQ = "cw.6_aus_div.19th_aus_infantry_bde_hq"


def played_to(session: GameSession, at: GameTime) -> None:
    """End Operations Stages through the ledger (the last phase, then ``end_stage``, which
    posts each stage's reinforcements) until the clock reads ``at``."""
    while session.state.clock < at:
        session_to_last_phase(session)
        session.execute(lambda s: end_stage(s, Source(s.clock, reason="test: next stage")))


def snapshot(source: Path, target: Path) -> None:
    """Copy the SQLite file ``source`` (and its write-ahead log) to ``target``."""
    for suffix in ("", "-wal", "-shm"):
        if Path(f"{source}{suffix}").exists():
            shutil.copy(f"{source}{suffix}", f"{target}{suffix}")


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Path]]:
    """Database files of two Italian Campaign games without the set-up step, "campaign" and
    "cli", both played to GT 9 OpStage 2 (``"gt9"``) and to GT 13 OpStage 3 (``"gt13"``)."""
    folder = tmp_path_factory.mktemp("italian-campaign")
    path = folder / "played.db"
    store = EventStore(database_url(str(path)), create=True)
    setup = load_scenario(resolve("italian-campaign"))
    sessions = [create_game(store, name, setup, setup_step=False) for name in (GAME, "cli")]
    files = {}
    for name, at in (("gt9", GameTime(9, 2)), ("gt13", GameTime(13, 3))):
        for session in sessions:
            played_to(session, at)
        files[name] = folder / f"{name}.db"
        snapshot(path, files[name])
    yield files


def open_at(
    played: dict[str, Path], name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> str:
    """A copy of snapshot ``name`` the dashboard opens; its URL."""
    path = tmp_path / "game.db"
    snapshot(played[name], path)
    monkeypatch.setenv("QUARTERMASTER_DB", str(path))
    return database_url(str(path))


def texts(at: AppTest) -> str:
    """Every text of the page, its headings, notes and expanders' labels."""
    parts = [*at.header, *at.subheader, *at.info, *at.expander]
    labels = [str(getattr(e, "label", "")) for e in parts if hasattr(e, "label")]
    values = [str(e.value) for e in parts if hasattr(e, "value")]
    return "\n".join([page_texts(at), *values, *labels])


def on_campaign(side: str = "commonwealth") -> AppTest:
    """The Reinforcements & victory page of game "campaign", the sidebar on ``side``."""
    at = app_on("views/campaign.py", side)
    at.selectbox(key="game").select(GAME).run()
    assert not at.exception, at.exception
    return at


def table(at: AppTest, heading: str) -> list[dict[str, object]]:
    """The rows of the first table whose columns include ``heading``."""
    for frame in at.dataframe:
        if heading in frame.value.columns:
            return list(frame.value.to_dict("records"))
    raise AssertionError(f"no table with {heading!r}")


def test_the_gt_9_opstage_2_arrivals_show_as_arrived_this_stage(
    played: dict[str, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = open_at(played, "gt9", tmp_path, monkeypatch)
    posted = [
        e
        for e in written(url, GAME)
        if isinstance(e, ReinforcementsArrived) and e.at == GameTime(9, 2)
    ]
    assert len(posted) == 1 and AUS_BDE_HQ in posted[0].units
    at = on_campaign()
    said = texts(at)
    arrived = [r for r in table(at, "Counter") if r["Arrives"] == "GT 9 OpStage 2"]
    assert f"Arrived GT 9 OpStage 2 ({len(posted[0].units) + len(posted[0].trucks)})" in said
    assert {"19th Aus Infantry Bde HQ", "2/4 Aus Infantry Bn", "XXV Corps Artillery Regt"} <= {
        str(r["Counter"]) for r in arrived
    }
    assert {r["Status"] for r in arrived} == {"entered"}
    assert "cw.6_aus_div" not in said


def test_the_withdraw_form_previews_then_removes_exactly_the_5th_indian_bde_group(
    played: dict[str, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = open_at(played, "gt13", tmp_path, monkeypatch)
    before = len(written(url, GAME))
    at = on_campaign()
    rows = {r["Withdrawal"]: r for r in table(at, "Withdrawal")}
    fifth = rows["5th Indian Bde HQ and its units (4th Indian Division)"]
    assert (fifth["Due"], fifth["Status"], fifth["Truck value needed"]) == (
        "GT 13 OpStage 3",
        "due",
        "10",
    )
    field(at.selectbox, "campaign_withdraw_which").select("cw-wd-01")
    click(at, "Preview withdrawal")
    said = texts(at)
    assert "Would be recorded" in said and "5th Indian Bde HQ" in said
    # 20.83: the group stands at D3615, not at Cairo or Alexandria (ruling withdrawal-place)
    warned = "\n".join(str(w.value) for w in at.warning)
    assert (
        "1st Royal Fusiliers (D3615) is not at Cairo or Alexandria: eliminated under 20.83 "
        "unless it gets there — or record the withdrawal as eliminated"
    ) in warned
    assert "Leaves from Cairo or Alexandria (20.83)." in said
    assert len(written(url, GAME)) == before  # a preview writes nothing
    click(at, "Confirm: withdraw")
    assert not at.error, texts(at)
    assert cli(url, "withdraw", "cw-wd-01", "--role", "field_commander") == 0
    form, by_cli = written(url, GAME)[before:], written(url, "cli")[before:]
    assert form == by_cli and len(form) == 1
    [event] = form
    assert isinstance(event, UnitsWithdrawn) and event.units == FIFTH_BDE_GROUP
    state = GameSession(EventStore(url), GAME).state
    gone = {u.id for u in state.units.values() if u.withdrawn}
    assert gone == set(FIFTH_BDE_GROUP)
    after = {r["Withdrawal"]: r["Status"] for r in table(at, "Withdrawal")}
    assert after["5th Indian Bde HQ and its units (4th Indian Division)"] == "recorded"


def test_a_withdrawal_before_it_is_due_is_shown_not_now_and_never_offered_to_confirm(
    played: dict[str, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = open_at(played, "gt13", tmp_path, monkeypatch)
    before = len(written(url, GAME))
    at = on_campaign()
    field(at.selectbox, "campaign_withdraw_which").select("cw-wd-02")
    click(at, "Preview withdrawal")
    warned = "\n".join(str(w.value) for w in at.warning)
    assert "Not now" in warned and "is due GT 14 OpStage 3; it is GT 13 OpStage 3 now" in warned
    assert "20.8" in warned
    assert not [b for b in at.button if b.label == "Confirm: withdraw"]
    assert len(written(url, GAME)) == before


def test_the_victory_form_records_a_holder_and_the_total_is_the_places_points(
    played: dict[str, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = open_at(played, "gt9", tmp_path, monkeypatch)
    before = len(written(url, GAME))
    at = on_campaign()
    field(at.selectbox, "campaign_hold_place").select("tobruk")
    field(at.radio, "campaign_hold_holder").set_value("commonwealth")
    field(at.checkbox, "campaign_hold_line").check()
    click(at, "Record holder")
    assert not at.error, texts(at)
    metrics = {m.label: m.value for m in at.metric}
    # 60.82: Tobruk scores 25 for the Commonwealth holding it with a supply line (50 Axis)
    assert metrics == {"Axis victory points": "0", "Commonwealth victory points": "25"}
    tobruk = next(r for r in table(at, "Place") if r["Place"] == "Tobruk")
    assert (tobruk["Held by"], tobruk["Supply line"], tobruk["Scores"]) == (
        "Commonwealth",
        "yes",
        "Commonwealth 25",
    )
    assert "if the game ended now: Commonwealth victory on points, 25 to 0" in texts(at)
    assert "60.82): not declared" in texts(at)
    assert cli(url, "victory", "--place", "Tobruk", "--holder", "commonwealth",
               "--supply-line", "yes") == 0  # fmt: skip
    form, by_cli = written(url, GAME)[before:], written(url, "cli")[before:]
    assert form == by_cli and len(form) == 1 and isinstance(form[0], VictoryPlaceHeld)
    at.checkbox(key="campaign_italian_supply_cut").check().run()
    assert "Commonwealth strategic victory" in texts(at)
    assert len(written(url, GAME)) == before + 1  # the declaration is not journaled


def test_a_supply_line_for_nobody_is_refused_naming_the_field(
    played: dict[str, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = open_at(played, "gt9", tmp_path, monkeypatch)
    before = len(written(url, GAME))
    at = on_campaign()
    field(at.selectbox, "campaign_hold_place").select("siwa")
    field(at.radio, "campaign_hold_holder").set_value("none")
    field(at.checkbox, "campaign_hold_line").check()
    click(at, "Record holder")
    refusal = at.error[0].value
    assert "Supply line" in refusal and "nobody holds Siwa" in refusal and "60.82" in refusal
    assert len(written(url, GAME)) == before


def test_your_phase_tells_the_rear_area_commander_the_withdrawal_is_due(
    played: dict[str, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    open_at(played, "gt13", tmp_path, monkeypatch)
    at = on_campaign()
    at.selectbox(key="role").select("rear_area_commander").run()
    at.switch_page("views/turn.py").run()
    assert not at.exception, at.exception
    warned = "\n".join(str(w.value) for w in at.warning)
    due = next(line for line in warned.splitlines() if "5th Indian Bde HQ" in line)
    assert "withdraws GT 13 OpStage 3" in due
    # 4.43a: needed; what is empty at Cairo (60) and Alexandria (25), scen-0006
    assert "10 truck value" in due and "85 available" in due
    # 29.6: the Game-Turn's Weather Table row beside the weather form
    weather = "\n".join(str(c.value) for c in at.caption)
    assert "Weather Table: GT 13-20 winter: 11-23 normal, 24-55 hot, 56-66 sandstorm" in weather
    links = {link.proto.label: link.proto.page for link in at.get("page_link")}
    assert links.get("Open Reinforcements & victory") == "campaign", links
