"""The Units page's forms (issue 17 item 2): Correct TOE writes what ``quartermaster
correct-toe`` writes, in a second game of the same database, and refuses what it refuses, in
players' words; the Surrender check answers as ``quartermaster surrender`` and writes nothing."""

from __future__ import annotations

import json

import pytest
from streamlit.testing.v1 import AppTest

from ledger.journal import EventStore
from ledger.journal.session import GameSession
from tests.dashboard.cli_game import cli, written
from tests.dashboard.pages import app_on
from tests.dashboard.test_app import click, field, texts

SCOTS = "cw.unassigned_inf.2nd_scots_guards"
"""2nd Scots Guards (Graziani, C4131): 6 TOE Strength Points of infantry (p), system ``cw.p``."""


def on_units() -> AppTest:
    """The Units page on game "graziani", Commonwealth."""
    at = app_on("views/units.py", "commonwealth")
    at.selectbox(key="game").select("graziani").run()
    assert not at.exception, at.exception
    return at


def correct(at: AppTest, change: int, reason: str = "") -> AppTest:
    """Correct 2nd Scots Guards' infantry (p) by ``change``."""
    field(at.selectbox, "toe_fix_unit").select(SCOTS).run()
    field(at.selectbox, "toe_fix_system").select("cw.p")
    field(at.number_input, "toe_fix_change").set_value(change)
    field(at.text_input, "toe_fix_reason").input(reason)
    return click(at, "Correct TOE")


def test_correct_toe_writes_what_the_cli_writes(two_games: str) -> None:
    at = correct(on_units(), -2, "51.22 loss taken from 2nd Scots Guards")
    assert not at.error, texts(at)
    assert "2nd Scots Guards" in at.success[0].value
    assert cli(two_games, "correct-toe", "2nd Scots Guards", "--system", "cw.p", "--change=-2",
               "--reason", "51.22 loss taken from 2nd Scots Guards") == 0  # fmt: skip
    form = written(two_games, "graziani")
    assert form == written(two_games, "cli") and len(form) == 1
    [held] = GameSession(EventStore(two_games), "graziani").state.units[SCOTS].toe
    assert held.points == 4  # 6 less the 2 lost (4.52)
    # the form keeps the unit for the next correction (issue 17 item 4)
    assert field(at.selectbox, "toe_fix_unit").value == SCOTS
    assert field(at.selectbox, "toe_fix_system").value == "cw.p"


def test_a_change_of_0_is_refused_with_the_clis_words(
    two_games: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli(two_games, "correct-toe", SCOTS, "--system", "cw.p", "--change=0") == 1
    assert "--change: give a change of TOE points, not 0" in capsys.readouterr().err
    at = correct(on_units(), 0)
    assert "**Change:** give a change of TOE points, not 0" in at.error[0].value
    assert written(two_games, "graziani") == written(two_games, "cli") == []


def test_a_loss_beyond_the_toe_is_refused_naming_the_weapon_system(two_games: str) -> None:
    at = correct(on_units(), -7)
    said = at.error[0].value
    assert "2nd Scots Guards has 6 infantry (p) TOE points; -7 would leave -1" in said
    assert "cw.p" not in said
    assert written(two_games, "graziani") == []


@pytest.mark.parametrize(("where", "surrenders"), [("C3926", True), ("C4131", False)])
def test_the_surrender_check_answers_as_the_cli(
    two_games: str, capsys: pytest.CaptureFixture[str], where: str, surrenders: bool
) -> None:
    assert cli(two_games, "surrender", where, "--side", "commonwealth", "--json") == 0
    by_cli = json.loads(capsys.readouterr().out)
    assert by_cli["surrenders"] is surrenders
    at = on_units()
    at.selectbox(key="surrender_side").select("commonwealth").run()
    at.selectbox(key="surrender_hex").select(where).run()
    assert not at.exception, at.exception
    if surrenders:  # 1st Company, Fr Mtr Marine: out of ammunition, alone in its hex (15.15)
        assert not at.error
        said = at.warning[0].value
        assert "Commonwealth in C3926: 1 unit, every one out of ammunition" in said
        assert "1st Company, Fr Mtr Marine: 0 Ammunition" in said
    else:
        assert not at.error
        assert f"Commonwealth in {where}: {by_cli['units']} units" in texts(at)
    assert written(two_games, "graziani") == []
