"""Forecast: who runs dry when (4.55 General Supply Net played forward)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from ledger.io.scenario import bundled_scenarios, load_scenario
from ledger.model.apply import start
from ledger.model.clock import GameTime
from ledger.model.events import GameStarted
from ledger.model.quantities import Supplies
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.reports.forecast import forecast, forecast_rows, formation_forecast, side_forecast


def test_1st_rnf_runs_short_of_stores_then_water(mini_state: GameState) -> None:
    rnf = mini_state.units["cw.1_rnf"]  # 3 TOE infantry, holding 3 Stores and 4 Water
    result = forecast(mini_state, [rnf], rnf.supplies, opstages=6, cp_per_opstage=Fraction(0))
    # 52.41: 1 Water an OpStage; 51.11: 3 × 4 = 12 Stores when GT 2 opens
    assert result.per_opstage == Supplies(water=1)
    assert result.per_game_turn == Supplies(stores=12)
    assert [left.water for _, left in result.stages] == [3, 2, 1, 0, -1, -2]
    assert result.first_short == {
        "fuel": None,
        "stores": GameTime(2, 1),  # 3 − 12 at the Stores Expenditure Stage of GT 2
        "water": GameTime(2, 2),
    }
    assert forecast_rows(result)[0] == {
        "game_time": "GT 1 OpStage 1",
        "ammo": 2,
        "fuel": 0,
        "stores": 3,
        "water": 3,
    }


def test_hot_weather_halves_how_long_the_water_lasts(mini_state: GameState) -> None:
    rnf = mini_state.units["cw.1_rnf"]
    hot = forecast(
        mini_state, [rnf], rnf.supplies, opstages=3, cp_per_opstage=Fraction(0), weather="hot"
    )
    assert [left.water for _, left in hot.stages] == [2, 0, -2]  # 2 an OpStage (29.35)
    assert hot.first_short["water"] == GameTime(1, 3)


@pytest.fixture(scope="module")
def graziani() -> GameState:
    setup = load_scenario(bundled_scenarios()["graziani"])
    return start(GameStarted(Source(setup.info.start), setup))


def test_a_formation_moving_burns_fuel_for_its_tanks_and_trucks(graziani: GameState) -> None:
    div = "cw.7_armd_div.7th_armored_div_hq"
    idle = formation_forecast(graziani, div, opstages=1, cp_per_opstage=Fraction(0))
    assert idle.per_opstage.fuel == 0  # nothing moves, nothing burns (49.13)
    moving = formation_forecast(graziani, div, opstages=1, cp_per_opstage=Fraction(10))
    assert moving.per_opstage.fuel > 0
    assert moving.per_opstage.water > idle.per_opstage.water  # vehicles drink when moving (52.42)
    # nothing carried at the start: short of water and fuel in the first OpStage
    assert moving.first_short["water"] == GameTime(1, 1)


def test_the_commonwealth_supply_net_lasts_longer_than_its_units_own(graziani: GameState) -> None:
    net = side_forecast(graziani, "commonwealth", opstages=3, cp_per_opstage=Fraction(0))
    # dumps: Mersa Matruh 4000 + Sidi Barrani 100 + Dump 1 500 + ... Stores; no Water anywhere
    assert net.on_hand.stores > 4000
    assert net.first_short["stores"] is None  # GT 1 only: stores are next taken at GT 2
    assert net.first_short["water"] == GameTime(1, 1)  # the CW dumps list no Water (GAPS S-004)
