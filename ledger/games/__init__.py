"""Calculators for the other games in the reference texts, on CNA's chart engine.

One package per game, each pure domain code with its charts as data files in its ``data/``
folder (``ledger.charts.loader.package_chart``):

- ``combined_arms``: SPI *Combined Arms* (1974).
- ``highway_to_the_reich``: SPI *Highway to the Reich* (1976/77).
- ``battles_for_north_africa``: *Battles for North Africa* (ADC2).
- ``miniatures``: the WW2 miniatures ruleset.

Their JSON requests are read in ``ledger.io.games`` (pydantic, outside the core); the CLI is
``quartermaster calc <game> <calculation> INPUT.json`` and each game has a dashboard page.
"""

from typing import Final

GAME_TITLES: Final = {
    "combined-arms": "SPI Combined Arms (1974)",
    "htr": "SPI Highway to the Reich (1976/77)",
    "bfna": "Battles for North Africa (ADC2)",
    "miniatures": "the WW2 miniatures rules",
}
"""Game id (as the CLI takes it) → title, for help texts that should import no game."""
