"""Rulings on Capability Points, the clock, Cohesion and Morale (5.1, 6.11-6.27, 8.17, 17).

Part of ``ledger.model.rulings.RULINGS``, in its order; each ruling is documented in
docs/rulings.md.
"""

from __future__ import annotations

from typing import Final

from ledger.charts.ruling import Ruling

CAPABILITY_RULINGS: Final[tuple[Ruling, ...]] = (
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
    Ruling(
        id="17.4-row-minus-4-gap",
        case="17.4",
        question=(
            "Chart 17.4's Cohesion Level -4 row prints -2 for readings 42-55 and -3 for 61-66, "
            "leaving reading 56 without a result. 'minus-2': 56 is the last reading of the -2 "
            "column (the -3 column starts one tens digit lower per row: 61, 51, 41 in rows -4, "
            "-5, -6). 'minus-3': 56 is the first reading of the -3 column."
        ),
        options=("minus-2", "minus-3"),
        default="minus-2",
    ),
    Ruling(
        id="17.4-fractional-cohesion",
        case="17.4, 17.24, 6.27, 8.37",
        question=(
            "Cohesion Levels move in quarter points, but chart 17.4 has rows for whole levels "
            "only. Which row does a level such as -3 1/2 use? 'nearest': the nearest whole "
            "level, as 6.27 rounds an averaged level (halves as ruling 6.27-largest-unit-halves "
            "says). 'toward-zero': drop the fraction (-3 3/4 uses -3, +2 3/4 uses +2). 'worse': "
            "the whole level at or below (any part of a DP counts: -3 1/4 uses -4). 'better': "
            "the whole level at or above (only whole DP count: -3 3/4 uses -3)."
        ),
        options=("nearest", "toward-zero", "worse", "better"),
        default="nearest",
    ),
    Ruling(
        id="6.27-largest-unit-halves",
        case="6.27, 15.63, 11.32",
        question=(
            "6.27 rounds the average of the tied largest units' Cohesion Levels (and, by 15.63, "
            "their Basic Morale) to the nearest whole number without saying where an exact half "
            "goes. 'away-from-zero': -1 1/2 to -2, +1 1/2 to +2 (11.32's half up applied to the "
            "points counted, DP or RP). 'up': towards plus (-1 1/2 to -1). 'down': towards "
            "minus (+1 1/2 to +1)."
        ),
        options=("away-from-zero", "up", "down"),
        default="away-from-zero",
    ),
    Ruling(
        id="17.23-adjusted-morale-limits",
        case="17.23, 17.28",
        question=(
            "The seed rules text (4.5-15.9) does not give the limits of an Adjusted Morale "
            "Rating; the reference chart's notes, citing 17.23, hold it to +3..-3. "
            "'plus-minus-3': Basic Morale plus the 17.4 modifier is held to +3..-3, and "
            "Rommel's +1 (17.28) is added after. 'none': no limit."
        ),
        options=("plus-minus-3", "none"),
        default="plus-minus-3",
    ),
)
"""Capability Points, the clock, Cohesion and Morale (5.1, 6.1-6.2, 8.17, 17)."""
