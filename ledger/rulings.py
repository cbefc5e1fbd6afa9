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
    Ruling(
        id="organization-phase-limits",
        case="5.2, 8.97, 19.44",
        question=(
            "The sequence of play puts assignment, attachment and detachment in the "
            "Organization Phase; 8.97 lets a Parent Formation detach units in the Movement and "
            "Combat Phase and limits truck attachment to the Organization Phase. 'enforce': "
            "assign and attach only in the Organization Phase, detach there or in the Movement "
            "and Combat Phase, trucks only in the Organization Phase unless the unit was "
            "attached or detached this Operations Stage. 'any-phase': house rule, any phase."
        ),
        options=("enforce", "any-phase"),
        default="enforce",
    ),
    Ruling(
        id="6.3-parent-formation-cp",
        case="6.3, 6.15",
        question=(
            "6.3 charges an attachment or detachment to both the Parent Formation and the unit "
            "without saying which counters of the formation expend the CP. 'hq': the Parent "
            "Formation's HQ counter. 'formation': every unit with the Parent Formation (not "
            "the unit joining or leaving)."
        ),
        options=("hq", "formation"),
        default="hq",
    ),
    Ruling(
        id="assign-cost",
        case="6.3, 5.2",
        question=(
            "6.3 prices attaching and detaching but lists no cost for assigning a non-assigned "
            "unit (a reinforcement) to a Parent Formation. 'free': no CP. "
            "'as-attach-unassigned': 2 CP each for the formation and the unit."
        ),
        options=("free", "as-attach-unassigned"),
        default="free",
    ),
    Ruling(
        id="9.26-may-be-assigned",
        case="9.26, 19.1",
        question=(
            "9.26 counts against the units that may be assigned to a division or brigade (its "
            "OA sheet). When the scenario gives no max_assigned for the HQ: 'scenario-units': "
            "the units of the scenario file, in play or not, whose parent is the HQ and whose "
            "printed level is the next lower one. 'not-judged': such an HQ is never a shell."
        ),
        options=("scenario-units", "not-judged"),
        default="scenario-units",
    ),
    Ruling(
        id="9.26-no-subordinates",
        case="9.26, 15.55",
        question=(
            "A counter of division or brigade size to which nothing may be assigned (a "
            "regiment printed as one counter, such as the Italian class m brigades of 15.55) "
            "has no units to count. 'toe-like-battalion': it is a shell below 50 % of its "
            "class maximum TOE (25 % for artillery), like a battalion. 'never-shell': never."
        ),
        options=("toe-like-battalion", "never-shell"),
        default="toe-like-battalion",
    ),
    Ruling(
        id="15.53-brigade-sizes",
        case="15.52, 15.53, 9.4",
        question=(
            "The 15.53 table prints no line for a 3-point brigade against a 2-point brigade. "
            "'same-size': no adjustment ('Any Brigade' is one size on the table). "
            "'one-column': 1 column to the 3-point brigade (the step between the division's "
            "lines against the two brigade sizes)."
        ),
        options=("same-size", "one-column"),
        default="same-size",
    ),
)
"""Rulings every game has, whatever its scenario."""
