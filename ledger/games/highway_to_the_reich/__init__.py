"""SPI *Highway to the Reich* (1976/77): exact-odds calculators on the shared chart engine.

The reference text (``../shared/rules/004_948575d8d0b81562.txt``) holds only the game's charts,
not its rules, so wherever a chart needs a rule the text lacks, a named ruling decides
(``rulings``). Modules:

- ``close_action``: the Close Action Results Table 8.73 (its staggered die-roll windows decoded),
  the Combat Strength Ratio column and what a result does to each side.
- ``recovery``: the Disruption Recovery Table 11.51 with the 11.54 adjustments.
- ``weather``: the Weather Conditions Table 14.11.
- ``air_landing``: the Air Landing Table 14.92 with its scatter and abort rolls.
- ``terrain``: the Terrain Effects Chart 10.15 (movement by mode, stacking, observation).
- ``rulings``: the named rulings.

Every chart and table is a data file in ``data/``. Probabilities are exact ``Fraction``s.
"""

from fractions import Fraction
from typing import Final

PACKAGE: Final = "ledger.games.highway_to_the_reich"
"""The package holding the game's data files (``ledger.charts.loader.package_chart``)."""


def plain(value: Fraction) -> str:
    """An exact number as a player writes it in a message: ``"7"``, or ``"7/3"``."""
    return str(value.numerator) if value.denominator == 1 else str(value)
