"""SPI *Highway to the Reich* (1976/77) requests: JSON in (validated with pydantic), the
calculators of ``ledger.games.highway_to_the_reich`` run, JSON out (docs/games/htr.md).

Calculations: ``close-action`` (8.73), ``recovery`` (11.51, 11.54), ``weather`` (14.11),
``air-landing`` (14.92) and ``terrain`` (10.15). Modules:

- ``models``: the pydantic request models and each field's rule case;
- ``table_file``: a player's own 8.73 as CSV in the printed staggered layout;
- ``shaping``: figures, odds and chances as result JSON;
- ``calculations``: the five ``run_*`` functions.

``GAME`` is what the registry (``ledger.io.games``) imports.
"""

from __future__ import annotations

from typing import Final

from ledger.games.highway_to_the_reich.rulings import RULINGS
from ledger.io.games import Calculation, GameCalculators
from ledger.io.games.highway_to_the_reich.calculations import (
    run_air_landing,
    run_close_action,
    run_recovery,
    run_terrain,
    run_weather,
)

GAME: Final = GameCalculators(
    id="htr",
    title="SPI Highway to the Reich (1976/77)",
    doc="docs/games/htr.md",
    calculations=(
        Calculation(
            "close-action",
            "Close Action Results Table: column, every die roll and both sides' odds",
            "8.73",
            run_close_action,
            "close-action.json",
        ),
        Calculation(
            "recovery",
            "Disruption Recovery with the 11.54 adjustments: exact odds",
            "11.51",
            run_recovery,
            "recovery.json",
        ),
        Calculation(
            "weather",
            "Weather Conditions: exact odds of each value and of no air operations",
            "14.11",
            run_weather,
            "weather.json",
        ),
        Calculation(
            "air-landing",
            "Air Landing: exact odds of landing, scatter hex and distance, losses and abort",
            "14.92",
            run_air_landing,
            "air-landing.json",
        ),
        Calculation(
            "terrain",
            "Terrain Effects: movement cost by mode, stacking and observation",
            "10.15",
            run_terrain,
            "terrain.json",
        ),
    ),
    rulings=RULINGS,
)

__all__ = ["GAME"]
