"""SPI *Combined Arms* (1974): exact-odds calculators on the shared chart engine.

The rules text is ``../shared/rules/001_3fa341c0008ea194.txt`` (sections 8.4-8.85, 10 and 11 are
missing from it; 9.13-9.46 are one paragraph repeated by the OCR). Modules:

- ``units``: the scenario unit values of 14.0 (printed strengths with their brackets) as presets.
- ``terrain``: the Terrain Effects Chart 13.1 per Terrain Mode (defense multipliers, Movement
  Point costs, which CRT the defender's hex selects).
- ``crt``: the six Combat Results Tables 13.21-13.33, the Hard/Soft choice (12.42) and the odds
  column (8.3, 9.0).
- ``disruption``: what a result does to the defender, Disruption accumulation and removal (9.1x).
- ``combat``: a Combat Phase attack (8.x, 9.x); ``overrun``: Overruns (5.3x);
  ``air_strike``: Air Strikes (8.9x).
- ``rulings``: the named rulings where the text is garbled, missing or silent.

Every chart and table is a data file in ``data/``. Probabilities are exact ``Fraction``s.
"""

from typing import Final

PACKAGE: Final = "ledger.games.combined_arms"
"""The package holding the game's data files (``ledger.charts.loader.package_chart``)."""
