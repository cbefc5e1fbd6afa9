"""The Capability & Cohesion page's forms (issue 17 item 2): Adjust cohesion writes what
``quartermaster adjust-cohesion`` writes, in a second game of the same database, and refuses
what it refuses; the Morale check shows ``quartermaster morale``'s odds and writes nothing."""

from __future__ import annotations

from fractions import Fraction

import pytest
from streamlit.testing.v1 import AppTest

from ledger.journal import EventStore
from ledger.journal.session import GameSession
from tests.dashboard.cli_game import cli, written
from tests.dashboard.pages import app_on
from tests.dashboard.test_app import click, field, texts

SCOTS = "cw.unassigned_inf.2nd_scots_guards"
"""2nd Scots Guards (Graziani): Basic Morale 1, Cohesion Level 0 at the start."""


def on_capability() -> AppTest:
    """The Capability & Cohesion page on game "graziani", Commonwealth."""
    at = app_on("views/capability.py", "commonwealth")
    at.selectbox(key="game").select("graziani").run()
    assert not at.exception, at.exception
    return at


def adjust(at: AppTest, unit: str, cause: str, change: str = "", reason: str = "") -> AppTest:
    field(at.selectbox, "cohesion_unit").select(unit)
    field(at.selectbox, "cohesion_cause").select(cause)
    field(at.text_input, "cohesion_change").input(change)
    field(at.text_input, "cohesion_reason").input(reason)
    return click(at, "Adjust cohesion")


@pytest.mark.parametrize(
    ("cause", "change", "level"),
    [
        ("assault-losses", "", Fraction(-3)),  # 3 DP (6.21, 15.87)
        ("correction", "-1/2", Fraction(-1, 2)),
        ("victorious-assault", "", Fraction(3)),  # +3 RP (6.24.2), from 0: under the +10 cap
    ],
)
def test_adjust_cohesion_writes_what_the_cli_writes(
    two_games: str, cause: str, change: str, level: Fraction
) -> None:
    at = adjust(on_capability(), SCOTS, cause, change, "assault on C4218")
    assert not at.error, texts(at)
    # the form keeps its unit and cause for the next entry (issue 17 item 4)
    assert (
        field(at.selectbox, "cohesion_unit").value,
        field(at.selectbox, "cohesion_cause").value,
    ) == (SCOTS, cause)
    extra = [f"--change={change}"] if change else []
    assert cli(two_games, "adjust-cohesion", "2nd Scots Guards", "--cause", cause, *extra,
               "--reason", "assault on C4218") == 0  # fmt: skip
    form, by_cli = written(two_games, "graziani"), written(two_games, "cli")
    assert form == by_cli and len(form) == 1
    assert GameSession(EventStore(two_games), "graziani").state.units[SCOTS].cohesion == level


def test_a_fixed_cause_with_another_change_is_refused_as_by_the_cli(
    two_games: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli(two_games, "adjust-cohesion", SCOTS, "--cause", "assault-losses",
               "--change=-2") == 1  # fmt: skip
    said = "assault-losses is -3, -2 given"
    assert said in capsys.readouterr().err
    at = adjust(on_capability(), SCOTS, "assault-losses", "-2")
    assert said in at.error[0].value and "6.21" in at.error[0].value
    assert written(two_games, "graziani") == written(two_games, "cli") == []


def test_a_change_the_form_cannot_read_is_refused(two_games: str) -> None:
    at = adjust(on_capability(), SCOTS, "correction", "-1/3")
    assert "Change" in at.error[0].value and "quarter" in at.error[0].value
    assert written(two_games, "graziani") == []


def test_the_morale_check_shows_the_odds_and_a_reading(two_games: str) -> None:
    at = on_capability()
    at.selectbox(key="morale_unit").select(SCOTS)
    at.text_input(key="morale_reading").input("34").run()
    assert not at.exception and not at.error, texts(at)
    assert "Basic Morale **1** · Cohesion Level **0** · 17.4 row **0**" in texts(at)
    assert at.info[0].value == "Reading 34: Adjusted Morale 1 (17.4)."
    odds = at.dataframe[-1].value
    # `quartermaster morale "2nd Scots Guards"`: 2 1/36, 1 17/18, 0 1/36 (two dice, 17.4)
    assert list(odds["Chance"]) == ["1/36", "17/18", "1/36"]
    assert written(two_games, "graziani") == []


def test_a_reading_no_two_dice_make_is_refused_with_the_clis_words(
    two_games: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli(two_games, "morale", SCOTS, "--reading", "17") == 1
    said = "chart 17.4: 17 is not a reading of two dice read large-small"
    assert said in capsys.readouterr().err
    at = on_capability()
    at.selectbox(key="morale_unit").select(SCOTS)
    at.text_input(key="morale_reading").input("17").run()
    assert said in at.error[0].value
