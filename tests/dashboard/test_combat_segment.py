"""The Combat page's End Combat Segment form (issue 17 item 2): it shows what ending would
clear, writes what ``quartermaster end-combat-segment`` writes (Pinned markers off, 12.44;
combat CP back to 0, 11.24), in a second game of the same database, and refuses what it
refuses, with the same words."""

from __future__ import annotations

from dataclasses import replace

import pytest
from streamlit.testing.v1 import AppTest

from ledger.cli import main
from ledger.combat.posting import CombatPosting, UnitMarker
from ledger.commands.combat import post_combat
from ledger.journal import EventStore
from ledger.journal.session import GameSession
from ledger.model.events import Event
from ledger.model.source import Source
from tests.dashboard.pages import app_on
from tests.dashboard.test_app import click, field, texts

SCOTS = "cw.unassigned_inf.2nd_scots_guards"
"""2nd Scots Guards (Graziani, C4131), Pinned by an Axis barrage from C4218 in the test."""


def pinned_in_movement_and_combat(url: str, game: str) -> None:
    """Axis's (Player A's, the Initiative holder, 7.16) Movement and Combat Phase, with
    2nd Scots Guards Pinned by a barrage (12.44)."""
    assert main(["phase", "G", "--player", "A", "--db", url, "--game", game]) == 0
    session = GameSession(EventStore(url), game)
    posting = CombatPosting(
        combat="barrage",
        attacker="axis",
        hexes=("C4218", "C4131"),
        markers=(UnitMarker(SCOTS, "pinned", "12.44"),),
    )
    session.execute(lambda s: post_combat(s, posting, Source(s.clock, "axis", "field_commander")))
    assert session.state.units[SCOTS].combat_markers == ("pinned",)


def written(url: str, game: str, after: int) -> list[Event]:
    """The events after event ``after``, their sources without the side (the CLI records
    none for this command; the form the sidebar's)."""
    events = [r.event for r in GameSession(EventStore(url), game).journal[after:]]
    return [replace(e, source=replace(e.source, side=None)) for e in events]


def on_combat() -> AppTest:
    """The Combat page on game "graziani", for the Axis (the Phasing Player)."""
    at = app_on("views/combat.py", "axis")
    at.selectbox(key="game").select("graziani").run()
    assert not at.exception, at.exception
    return at


def test_end_combat_segment_shows_what_it_clears_and_writes_what_the_cli_writes(
    two_games: str,
) -> None:
    for game in ("graziani", "cli"):
        pinned_in_movement_and_combat(two_games, game)
    at = on_combat()
    assert "Ending the segment now posts:" in texts(at)
    assert "2nd Scots Guards" in texts(at)
    field(at.text_input, "end_segment_reason").input("segment 1 over")
    click(at, "End Combat Segment")
    assert not at.error, texts(at)
    assert main(["end-combat-segment", "--reason", "segment 1 over", "--db", two_games,
                 "--game", "cli"]) == 0  # fmt: skip
    form, by_cli = written(two_games, "graziani", 3), written(two_games, "cli", 3)
    assert form == by_cli and len(form) == 1
    state = GameSession(EventStore(two_games), "graziani").state
    assert state.units[SCOTS].combat_markers == ()  # the Pinned marker is off (12.44)


def test_nothing_to_end_is_refused_with_the_clis_words(
    two_games: str, capsys: pytest.CaptureFixture[str]
) -> None:
    for game in ("graziani", "cli"):
        assert main(["phase", "G", "--player", "A", "--db", two_games, "--game", game]) == 0
    assert main(["end-combat-segment", "--db", two_games, "--game", "cli"]) == 1
    said = "no unit is Pinned or has combat CP in this segment"
    assert said in capsys.readouterr().err
    at = on_combat()
    assert said in texts(at)  # said before the button is pressed
    click(at, "End Combat Segment")
    assert said in at.error[0].value
    assert written(two_games, "graziani", 2) == []
