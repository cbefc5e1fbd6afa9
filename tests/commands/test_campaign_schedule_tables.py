"""The Italian Campaign's Weather Table rows (29.6) and Initiative Ratings (7.2) shown for the
current Game-Turn: the row's bands in words, the weather a dice reading gives, and each side's
rating from the first situation that holds (the Rommel counter on a map hex, German combat
units)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ledger.io.scenario import load_scenario, resolve
from ledger.model.apply import start
from ledger.model.clock import GameTime
from ledger.model.errors import LedgerError
from ledger.model.events import GameStarted
from ledger.model.scenario import Setup
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.reports.schedule_tables import initiative_ratings, weather_for_dice, weather_row

ROMMEL = "ge.rommel.rommel"


@pytest.fixture(scope="module")
def italian() -> Setup:
    return load_scenario(resolve("italian-campaign"))


def _state(setup: Setup, turn: int = 1) -> GameState:
    state = start(GameStarted(Source(setup.info.start), setup))
    return replace(state, clock=GameTime(turn, 1))


def test_the_weather_row_of_the_game_turn(italian: Setup) -> None:
    assert weather_row(_state(italian)) == (
        "GT 1-12 fall: 11-42 normal, 43-55 hot, 56-64 sandstorm, 65-66 rainstorm (29.6)"
    )
    winter = _state(italian, 13)
    assert weather_row(winter) == "GT 13-20 winter: 11-23 normal, 24-55 hot, 56-66 sandstorm (29.6)"
    assert weather_for_dice(winter, 34) == "hot"  # 24-55 hot in winter
    assert weather_for_dice(_state(italian), 34) == "normal"  # 11-42 normal in the fall
    assert weather_for_dice(_state(italian), 66) == "rainstorm"
    bad = weather_for_dice(winter, 70)
    assert isinstance(bad, LedgerError) and bad.case == "29.6" and "70" in bad.message


def test_initiative_ratings_from_the_first_situation_that_holds(italian: Setup) -> None:
    # GT 1: no German unit on the maps (Rommel arrives at Tripoli at GT 20): Axis 1.
    axis, commonwealth = initiative_ratings(_state(italian))
    assert (axis.side, axis.rating) == ("axis", 1)
    assert axis.situation == "no German combat unit and no Rommel counter on the game maps"
    assert [holds for _, _, holds in axis.situations] == [False, False, True]
    assert (commonwealth.rating, commonwealth.situation) == (3, "Game-Turns 1-42")
    # The Rommel counter in play on a map hex: 6, the first situation in file order.
    units = tuple(
        replace(u, location="B4827", arrival=None) if u.id == ROMMEL else u for u in italian.units
    )
    with_rommel = _state(replace(italian, units=units))
    assert initiative_ratings(with_rommel)[0].rating == 6
    # In the Tripoli box he is not on the game maps.
    boxed = tuple(
        replace(u, location="Tripoli", arrival=None) if u.id == ROMMEL else u for u in units
    )
    assert initiative_ratings(_state(replace(italian, units=boxed)))[0].rating == 1
