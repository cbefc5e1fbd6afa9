"""Battles for North Africa (ADC2) calculators as JSON in, JSON out (docs/games/bfna.md).

Calculations: ``combat`` (odds, CRT choice, drm stack and, with the player's CRT loaded, the
exact odds of every result code: Combat Phase ¶3-¶14), ``result`` (a result code applied to the
units: Combat Phase ¶7-¶16) and ``supply`` (supply paths on a hex map the player describes:
Supply ¶1-¶4). The domain is ``ledger.games.battles_for_north_africa``; here:

- ``models``: the requests as pydantic models (domain look-ups run as validators);
- ``problems``: gathering every problem of a request so they are reported together;
- ``crt_csv``: the player's CRT CSV (Python's ``csv``); ``grid``: the map file
  (``tomllib``/``json``);
- ``combat``, ``result``, ``supply``: each calculation and its result JSON; ``shaping``: the
  figures' number formats.

Bad input raises ``RequestError`` naming the field (and, for a file, the file, row and column or
the field inside it), the value and the case. Cases are ``"<section heading> ¶<n>"``: the text
has no numbered cases (see the package ``ledger.games.battles_for_north_africa``).
"""

from __future__ import annotations

from ledger.games.battles_for_north_africa import rulings as R
from ledger.io.games import Calculation, GameCalculators
from ledger.io.games.battles_for_north_africa.combat import run_combat
from ledger.io.games.battles_for_north_africa.crt_csv import load_crt, read_crt_csv
from ledger.io.games.battles_for_north_africa.grid import load_grid
from ledger.io.games.battles_for_north_africa.result import run_result
from ledger.io.games.battles_for_north_africa.supply import run_supply

__all__ = [
    "GAME",
    "load_crt",
    "load_grid",
    "read_crt_csv",
    "run_combat",
    "run_result",
    "run_supply",
]

GAME = GameCalculators(
    id="bfna",
    title="Battles for North Africa (ADC2)",
    doc="docs/games/bfna.md",
    calculations=(
        Calculation(
            "combat",
            "odds after supply, terrain, fortification and support; Mobile or Assault CRT; the "
            "drm stack; with your CRT loaded, the exact odds of each result",
            "Combat Phase ¶3-¶6",
            run_combat,
            "combat.json",
        ),
        Calculation(
            "result",
            "what a result code (AR2 ... NE) does to each unit, in the reduction order",
            "Combat Phase ¶7-¶16",
            run_result,
            "result.json",
        ),
        Calculation(
            "supply",
            "supply paths of at most 7 hexes (MP for recce) to a road route, on your hex map",
            "Supply ¶2-¶4",
            run_supply,
            "supply.json",
        ),
    ),
    rulings=R.RULINGS,
)
