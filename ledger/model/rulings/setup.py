"""Rulings on the set-up step (59.4x, 60.3x, 60.4x): what the printed set-up leaves unstated.

Part of ``ledger.model.rulings.RULINGS``, in its order; each ruling is documented in
docs/rulings.md.
"""

from __future__ import annotations

from typing import Final

from ledger.charts.ruling import Ruling

STARTING_WATER: Final = "60.44-starting-water"
"""The id of the ruling on the Water units start with (GAPS S-004)."""

SETUP_RULINGS: Final[tuple[Ruling, ...]] = (
    Ruling(
        id=STARTING_WATER,
        case="59.45, 60.34, 60.44, 52.41 (GAPS S-004)",
        question=(
            "Graziani's Offensive prints no Water for the Commonwealth dumps (S-004) and most "
            "Axis dumps, and no supplies with the units: read as printed, the first End "
            "OpStage leaves about 125 units short of Water before anyone could draw at a well "
            "or the pipeline (52.7). What Water does a unit on the map start with? "
            "'game-turn': when its side finishes the set-up, each of its units in play on the "
            "map (not in a box, where Water never runs short, 8.87) receives free the Water of "
            "three Operations Stages, its vehicles counted as moving (52.41, 52.42, normal "
            "weather), time to organize its wells, pipeline and trucks. 'stage': one Operations "
            "Stage's. 'printed': none."
        ),
        options=("game-turn", "stage", "printed"),
        default="game-turn",
    ),
)
"""The set-up rulings (59.4x, 60.44)."""

STARTING_WATER_STAGES: Final = {"game-turn": 3, "stage": 1, "printed": 0}
"""Operations Stages of Water each option of ``60.44-starting-water`` gives a unit."""
