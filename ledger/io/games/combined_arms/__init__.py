"""SPI *Combined Arms* (1974) requests: JSON in (validated with pydantic), the calculators of
``ledger.games.combined_arms`` run, JSON out (docs/games/combined-arms.md).

Calculations: ``combat`` (a Combat Phase attack, 8.x/9.x), ``overrun`` (5.3x), ``air-strike``
(8.9x), ``disruption`` (9.12: accumulation and removal odds) and ``units`` (the 14.0 presets).

Modules: ``models`` (the request models and the case each field's errors quote), ``building``
(request → domain values: presets, typed figures, battlefield), ``results`` (result JSON),
``calculations`` (the ``run_*`` functions). The registry reads ``GAME`` from here.
"""

from __future__ import annotations

from typing import Final

from ledger.games.combined_arms.rulings import RULINGS
from ledger.io.games import Calculation, GameCalculators
from ledger.io.games.combined_arms.calculations import (
    run_air_strike,
    run_combat,
    run_disruption,
    run_overrun,
    run_units,
)

GAME: Final = GameCalculators(
    id="combined-arms",
    title="SPI Combined Arms (1974)",
    doc="docs/games/combined-arms.md",
    calculations=(
        Calculation(
            "combat",
            "a Combat Phase attack: CRT by bracket and terrain, odds column, exact results",
            "9.0",
            run_combat,
            "combat.json",
        ),
        Calculation(
            "overrun",
            "an Overrun or Wave Overrun: strengths, Movement Points, exact results",
            "5.3",
            run_overrun,
            "overrun.json",
        ),
        Calculation(
            "air-strike",
            "Air Strikes (30 Soft / 3 Hard, Soft CRT, Clear hexes): exact results",
            "8.92",
            run_air_strike,
            "air-strike.json",
        ),
        Calculation(
            "disruption",
            "Disruption accumulation and the exact odds of removing it",
            "9.12",
            run_disruption,
            "disruption.json",
        ),
        Calculation(
            "units",
            "the scenario unit values of 14.0 as presets, by side, scenario and type",
            "14.0",
            run_units,
            "units.json",
        ),
    ),
    rulings=RULINGS,
)

__all__ = ["GAME"]
