"""The Your phase page (issue 17 items 1, 3): the phase with Player A and B, the step to the
next phase through ``advance_phase``, each role's tasks linked to their forms, what waits on
the seat, the weather and the Initiative while due, and the end of the Operations Stage only
from the last phase, after a confirmation listing what it posts. Streamlit's AppTest on a
Graziani game, at the solo table and signed in as a seat."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from ledger.commands.organization_phase import advance_phase
from ledger.commands.stage_end import end_stage
from ledger.io.scenario import load_scenario, resolve
from ledger.journal import EventStore
from ledger.journal.session import GameSession
from ledger.journal.store import database_url
from ledger.model.source import Source
from tests.dashboard.pages import APP, app_on
from tests.dashboard.test_app import click, field
from tests.seats import AXIS_FC, CW_LC, seated_game

PAGE = "views/turn.py"


def reopen(url: str, name: str = "graziani") -> GameSession:
    return GameSession(EventStore(url), name)


def words(at: AppTest) -> str:
    """Every text of the page: titles, headings, Markdown, captions, alerts, expanders' labels
    and the links to other pages."""
    parts = [
        *at.title,
        *at.subheader,
        *at.markdown,
        *at.caption,
        *at.error,
        *at.success,
        *at.warning,
        *at.info,
    ]
    links = [str(e.proto.label) for e in at.get("page_link")]
    labels = [str(e.label) for e in at.expander]
    return "\n".join([*(str(e.value) for e in parts), *links, *labels])


def advance_to(at: AppTest, key: str) -> AppTest:
    field(at.selectbox, "turn_phase_target").select(key)
    return click(at, "Advance")


def test_the_phase_with_player_a_and_b_and_the_advance_button(graziani_db: str) -> None:
    at = app_on(PAGE, "axis")
    assert [t.value for t in at.title] == ["Your phase"]
    text = words(at)
    assert "C. Organization Phase" in text
    assert "Player A: **Axis** · Player B: **Commonwealth** (7.16)" in text
    assert "Who moves: both players together" in text
    assert "Next: D. Naval Convoy Arrival Phase" in text
    click(at, "Advance")  # the next phase is the first choice
    assert not at.error, words(at)
    assert reopen(graziani_db).state.phase == "naval-convoy-arrival"
    assert "GT 1 OpStage 1 · D. Naval Convoy Arrival Phase" in [s.value for s in at.subheader]
    advance_to(at, "movement-and-combat/A")
    assert reopen(graziani_db).state.phase == "movement-and-combat/A"
    text = words(at)
    assert "Who moves: **Axis** (Player A) — your side" in text
    assert "Move units and spend their CP (5.2 III.G.1, 8.0) → Movement" in text


def test_the_field_commander_s_tasks_and_warnings(graziani_db: str) -> None:
    at = app_on(PAGE, "commonwealth")
    text = words(at)
    assert "Your tasks (Commonwealth Field Commander)" in text
    assert "Attach, detach and assign units (5.2 III.C.1, 6.3) → Organization" in text
    assert "File Supply Requisitions for what your units need (4.55) → Requisitions" in text
    warned = [w.value for w in at.warning]
    assert "Commonwealth: 25 unit(s) short of fuel (49.16)" in warned
    assert not at.success  # nothing pending is shown as good news


def test_the_end_of_the_stage_is_refused_before_the_last_phase(graziani_db: str) -> None:
    at = app_on(PAGE)
    notes = " ".join(i.value for i in at.info)
    # the ledger's words, as quartermaster end-stage refuses, and how far it is
    assert (
        "Not yet: the Operations Stage ends after the L. Patrol Phase (Player B); it is the "
        "C. Organization Phase"
    ) in notes
    assert "(5.2). 14 phase(s) to go." in notes
    assert not [b for b in at.button if b.label.startswith("End GT")]
    assert reopen(graziani_db).state.clock.short == "GT 1 OpStage 1"


def test_the_end_of_the_stage_after_the_confirmation_in_the_last_phase(graziani_db: str) -> None:
    at = app_on(PAGE)
    advance_to(at, "patrol/B")
    assert "GT 1 OpStage 1 · L. Patrol Phase (Player B)" in [s.value for s in at.subheader]
    click(at, "End GT 1 OpStage 1…")
    text = words(at)
    assert "Ending **GT 1 OpStage 1** moves the clock to **GT 1 OpStage 2** and posts:" in text
    assert "GT 1 OpStage 1 ended; GT 1 OpStage 2 begins" in text
    assert "water for GT 1 OpStage 1 (52.41)" in text
    assert reopen(graziani_db).state.clock.short == "GT 1 OpStage 1"  # nothing written yet
    click(at, "Cancel")
    assert not [b for b in at.button if b.label.startswith("Confirm")]
    click(at, "End GT 1 OpStage 1…")
    click(at, "Confirm: end GT 1 OpStage 1")
    assert not at.error, words(at)
    after = reopen(graziani_db)
    assert (after.state.clock.short, after.state.phase) == ("GT 1 OpStage 2", "organization")
    kinds = [r.event.kind for r in after.recent(6)]
    assert "operations_stage_ended" in kinds and "consumption_posted" in kinds
    assert "GT 1 OpStage 2 · C. Organization Phase" in [s.value for s in at.subheader]
    assert not [c for c in at.caption if "is the last phase" in c.value]  # drawn after the end
    assert field(at.selectbox, "turn_phase_target").value == "naval-convoy-arrival"
    # The upkeep left Commonwealth infantry without water: a warning, not good news.
    assert any(
        w.value.startswith("Commonwealth: ") and "without water" in w.value for w in at.warning
    )


def test_the_weather_is_recorded_once_and_the_holder_declares(graziani_db: str) -> None:
    at = app_on(PAGE, "axis")
    field(at.selectbox, "turn_weather_weather").select("hot")
    click(at, "Record weather")
    assert reopen(graziani_db).state.weather == "hot"
    at.run()
    assert not [b for b in at.button if b.label == "Record weather"]  # recorded this OpStage
    field(at.radio, "turn_initiative_first").set_value("commonwealth")
    click(at, "Declare")
    assert reopen(graziani_db).state.first_player == "commonwealth"
    assert "Player A: **Commonwealth** · Player B: **Axis** (7.16)" in words(at)
    at.sidebar.selectbox(key="side").select("commonwealth").run()
    assert not [b for b in at.button if b.label == "Declare"]  # the Axis holds the Initiative


@pytest.fixture
def seated_db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """Graziani ("g") with the umpire and three seats; ``QUARTERMASTER_DB`` points at it."""
    path = tmp_path / "seats.db"
    url = database_url(str(path))
    seated_game(EventStore(url, create=True), load_scenario(resolve("graziani")))
    monkeypatch.setenv("QUARTERMASTER_DB", str(path))
    return url


def signed_in(name: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60).run()
    at.selectbox(key="sign_in_seat").select(name)
    at.text_input(key="sign_in_passphrase").input(f"{name} passphrase")
    click(at, "Sign in")
    assert [t.value for t in at.title] == ["Your phase"]  # the default page after sign-in
    return at


def test_a_seat_sees_its_role_s_tasks_and_no_enemy_data(seated_db: str) -> None:
    at = signed_in(CW_LC.name)
    text = words(at)
    assert "Your tasks (Commonwealth Logistics Commander)" in text
    assert "Fill or reject the open Supply Requisitions (4.55) → Requisitions" in text
    assert "Attach, detach and assign units" not in text  # the Field Commander's
    assert "Axis" not in "\n".join(w.value for w in at.warning)
    at = signed_in(AXIS_FC.name)
    text = words(at)
    assert "Your tasks (Axis Field Commander)" in text
    assert "Axis: 84 unit(s) short of fuel (49.16)" in [w.value for w in at.warning]
    for enemy in ("Commonwealth:", "Essex", "Scots Guards", "Matruh"):
        assert enemy not in text


def test_the_overview_warns_of_units_without_water_after_the_first_stage(
    graziani_db: str,
) -> None:
    session = reopen(graziani_db)
    session.execute(lambda s: advance_phase(s, "patrol/B", Source(s.clock)))
    session.execute(lambda s: end_stage(s, Source(s.clock)))
    at = app_on("views/overview.py")
    warned = [w.value for w in at.warning]
    # 38 Commonwealth units drew no water at the upkeep (52.51, 52.52), 87 Axis units.
    assert "Commonwealth: 38 unit(s) without water (52.51, 52.52)" in warned
    assert "Axis: 87 unit(s) without water (52.51, 52.52)" in warned
    assert not at.success
    assert not [b for b in at.button if "End" in b.label]  # ended from the Your phase page


def test_the_umpire_sees_both_sides_pending_and_the_picked_role_s_tasks(seated_db: str) -> None:
    at = signed_in("umpire")
    warned = [w.value for w in at.warning]
    assert "Axis: 84 unit(s) short of fuel (49.16)" in warned
    assert "Commonwealth: 25 unit(s) short of fuel (49.16)" in warned
    at.sidebar.selectbox(key="side").select("commonwealth").run()
    at.sidebar.selectbox(key="role").select("logistics_commander").run()
    assert "Your tasks (Commonwealth Logistics Commander)" in words(at)
