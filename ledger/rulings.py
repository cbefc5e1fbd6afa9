"""The ledger's own named rulings (docs/rulings.md); scenarios add theirs in their files.

Each ruling names the case, the question the printed rules leave open, the options and the
default. A game may choose another option when it is created.
"""

from __future__ import annotations

from typing import Final

from ledger.scenario import Ruling

RULINGS: Final[tuple[Ruling, ...]] = (
    Ruling(
        id="unit-cpa-lowest-system",
        case="6.11, 6.15, 4.46",
        question=(
            "A tank or gun unit's class CPA and its weapon systems' CPAs can differ; which is "
            "the unit's CPA? 'lowest': the lowest of the class CPA and the CPAs of the tanks and "
            "guns in its TOE, as a Parent Formation takes its lowest unit's (6.15), unless the "
            "class CPA is fixed (*). 'class': the class CPA alone."
        ),
        options=("lowest", "class"),
        default="lowest",
    ),
    Ruling(
        id="clock-four-turns-a-month",
        case="5.1, 6.14",
        question=(
            "The rules name GT 1 September III 1940 and make a Game-Turn about a week, but give "
            "no calendar. 'four': four Game-Turns a month, I to IV (GT 68 falls in February "
            "1942, as the OA sheets' redesignations require)."
        ),
        options=("four",),
        default="four",
    ),
)
"""Rulings every game has, whatever its scenario."""
