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
    Ruling(
        id="8.17-voluntary-ceiling",
        case="8.17",
        question=(
            "A non-motorized unit (CPA 10 or less) may not voluntarily expend more than 150 % of "
            "its CPA in its own portion. 'enforce': such an expenditure is refused. "
            "'house-rule-allow': it is recorded (the DP still follow, 6.21). The ceiling is "
            "checked against all CP the unit expended this Operations Stage; until trucks "
            "carrying units are recorded (6.17), every unit with CPA 10 or less counts as "
            "non-motorized."
        ),
        options=("enforce", "house-rule-allow"),
        default="enforce",
    ),
    Ruling(
        id="6.26-cohesion-minus-26",
        case="6.26, 8.17",
        question=(
            "At Cohesion Level -26 or worse a unit may not move, attack or defend. 'enforce': "
            "such CP expenditures are refused. 'house-rule-allow': they are recorded."
        ),
        options=("enforce", "house-rule-allow"),
        default="enforce",
    ),
    Ruling(
        id="6.24-idle-rp-in-training",
        case="6.24, 18.3",
        question=(
            "6.24.1 gives 5 RP for an Operations Stage without CP expended, and excepts units "
            "undergoing or conducting Training. 'none': a unit in Training earns no idle RP. "
            "'earn': it earns them like any idle unit."
        ),
        options=("none", "earn"),
        default="none",
    ),
)
"""Rulings every game has, whatever its scenario."""
