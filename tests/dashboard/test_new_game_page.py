"""The New game page (issue 17 item 2): a game made from a bundled scenario with its rulings,
as ``quartermaster new`` makes it, in a database with no game yet; the CLI's refusals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from ledger.cli import main
from ledger.journal import EventStore
from ledger.journal.session import GameSession
from ledger.journal.store import database_url
from tests.dashboard.pages import APP

CHOSEN = ("8.17-voluntary-ceiling", "house-rule-allow")
"""A ruling set away from its default ('enforce'): 8.17's ceiling on voluntary CP."""


@pytest.fixture
def empty_db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A database file with no game in it; ``QUARTERMASTER_DB`` points at it."""
    path = tmp_path / "empty.db"
    EventStore(database_url(str(path)), create=True)
    monkeypatch.setenv("QUARTERMASTER_DB", str(path))
    return path


def on_new_game() -> AppTest:
    """The app on the New game page."""
    at = AppTest.from_file(APP, default_timeout=60).run()
    assert not at.exception, at.exception
    at.switch_page("views/new_game.py").run()
    assert not at.exception, at.exception
    return at


def create(
    at: AppTest, name: str, scenario: str = "graziani", ruling: tuple[str, str] | None = None
) -> AppTest:
    """Fill the form's scenario, name (and a ruling's option) and press Create game."""
    at.radio(key="new_game_scenario").set_value(scenario).run()
    at.text_input(key="new_game_name").input(name)
    if ruling is not None:
        at.selectbox(key=f"new_game_ruling_{scenario}_{ruling[0]}").select(ruling[1])
    [button] = [b for b in at.button if b.label == "Create game"]
    button.click().run()
    assert not at.exception, at.exception
    return at


def test_the_page_lists_the_bundled_scenarios_with_case_and_game_turns(empty_db: Path) -> None:
    at = on_new_game()
    options = at.radio(key="new_game_scenario").options
    assert "Graziani's Offensive — 60.22 · GT 1 OpStage 1 – GT 6 OpStage 3 · 306 counters" in [
        o.replace("\\", "") for o in options
    ]


def test_a_graziani_game_with_a_ruling_changed_is_made_and_opens(empty_db: Path) -> None:
    at = on_new_game()
    create(at, "club", ruling=CHOSEN)
    assert not at.error, [e.value for e in at.error]
    said = at.success[0].value
    assert "Created game 'club': Graziani's Offensive (60.22), 306 counters" in said
    assert "8.17-voluntary-ceiling = house-rule-allow" in said
    assert "Seats" in "\n".join(m.value for m in at.markdown)
    session = GameSession(EventStore(database_url(str(empty_db))), "club")
    assert session.state.ruling(CHOSEN[0]) == CHOSEN[1]
    assert session.state.clock.short == "GT 1 OpStage 1"
    assert at.sidebar.selectbox(key="game").value == "club"  # chosen: the other pages open it
    at.switch_page("views/units.py").run()
    assert not at.exception, at.exception
    assert [t.value for t in at.title] == ["Units"]
    assert "GT 1 OpStage 1" in "\n".join(c.value for c in at.caption)


def test_the_game_is_the_one_quartermaster_new_makes(empty_db: Path) -> None:
    at = create(on_new_game(), "form")
    assert not at.error
    assert (
        main(["new", "cli", "--ruling", "=".join(CHOSEN), "--db", str(empty_db)]) == 0
        and main(["new", "cli-default", "--db", str(empty_db)]) == 0
    )
    store = EventStore(database_url(str(empty_db)))
    form, cli = (GameSession(store, n).journal[0].event for n in ("form", "cli-default"))
    assert form == cli  # the same GameStarted: scenario, source, no ruling recorded


def test_a_taken_name_is_refused_with_the_clis_words(
    empty_db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["new", "club", "--db", str(empty_db)]) == 0
    assert main(["new", "club", "--db", str(empty_db)]) == 1
    assert "a game named 'club' already exists" in capsys.readouterr().err
    at = on_new_game()
    create(at, "club")
    assert "Name:** a game named 'club' already exists" in at.error[0].value
    assert [n for n, *_ in EventStore(database_url(str(empty_db))).games()] == ["club"]


def test_a_blank_name_is_refused(empty_db: Path) -> None:
    at = create(on_new_game(), "  ")
    assert "Name:** a game needs a name" in at.error[0].value
    assert EventStore(database_url(str(empty_db))).games() == []


def test_quartermaster_scenarios_lists_the_same_game_turns(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["scenarios", "--json"]) == 0
    rows = {r["id"]: r for r in json.loads(capsys.readouterr().out)}
    assert (rows["graziani"]["case"], rows["graziani"]["game_turns"]) == (
        "60.22",
        "GT 1 OpStage 1 – GT 6 OpStage 3",
    )


def test_a_name_in_markdown_is_shown_as_typed_not_as_a_link(empty_db: Path) -> None:
    at = create(on_new_game(), "[club](http://example.invalid) **x**")
    said = at.success[0].value
    assert "\\[club\\]\\(http://example.invalid) \\*\\*x\\*\\*" in said  # escaped: plain text
    assert [n for n, *_ in EventStore(database_url(str(empty_db))).games()] == [
        "[club](http://example.invalid) **x**"
    ]


def test_the_set_up_step_is_the_forms_default_and_may_be_skipped(empty_db: Path) -> None:
    at = on_new_game()
    assert at.checkbox(key="new_game_setup_step").value is True
    create(at, "setup")
    store = EventStore(database_url(str(empty_db)))
    assert GameSession(store, "setup").state.setup_open == ("axis", "commonwealth")  # 59.4
    at.text_input(key="new_game_name").input("on-the-board")
    at.checkbox(key="new_game_setup_step").uncheck()  # the form sends both with the button
    [button] = [b for b in at.button if b.label == "Create game"]
    button.click().run()
    assert not at.error, [e.value for e in at.error]
    assert GameSession(store, "on-the-board").state.setup_open == ()


def test_options_the_data_cannot_express_are_not_offered(empty_db: Path) -> None:
    """60.23-1st-hampshire=withdraw-gt19 has no data behind it (quartermaster new refuses it):
    the form leaves it out and says so; the Benghazi hex keeps both its options."""
    at = on_new_game()
    at.radio(key="new_game_scenario").set_value("italian-campaign").run()
    keys = {box.key for box in at.selectbox}
    assert "new_game_ruling_italian-campaign_60.23-1st-hampshire" not in keys
    benghazi = at.selectbox(key="new_game_ruling_italian-campaign_60.31-benghazi-hex")
    assert list(benghazi.options) == ["A4827 (default)", "B4827"]
    said = " ".join(c.value for c in at.caption)
    assert "Not offered, as the scenario's data does not hold them:" in said
    assert "60.23-1st-hampshire = withdraw-gt19" in said


def test_the_counters_said_are_the_games_after_its_rulings(empty_db: Path) -> None:
    at = create(
        on_new_game(),
        "no-tanks",
        "italian-campaign",
        ("60.23-italian-tank-battalion-classes", "omit"),
    )
    said = " ".join(s.value for s in at.success)
    assert "407 counters" in said  # 411 less the four unassigned tank battalions
