"""The ledger's own named rulings (docs/rulings.md); scenarios add theirs in their files.

Each ruling names the case, the question the printed rules leave open, the options and the
default. A game may choose another option when it is created.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from ledger.model.scenario import Ruling

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
        id="automatic-upkeep",
        case="49.3, 51.1, 52.4, 29.34",
        question=(
            "Should the ledger take each Operations Stage's water, each Game-Turn's stores and "
            "evaporation, and a Hot Operations Stage's evaporation by itself? 'post': yes, as "
            "app-made events the players review and correct. 'off': the players record "
            "consumption themselves with `consume`."
        ),
        options=("post", "off"),
        default="post",
    ),
    Ruling(
        id="same-hex-transfers",
        case="54.1, 8.98",
        question=(
            "Supply is used where it is. 'enforce': a transfer joins two holders in the same "
            "hex (holders placed by description and unlimited sources are not checked); "
            "moving supplies elsewhere is loading trucks, moving them and unloading. 'off': "
            "house rule, transfers between any hexes (the players track the carrying)."
        ),
        options=("enforce", "off"),
        default="enforce",
    ),
    Ruling(
        id="plan-partial-requisition",
        case="4.55",
        question=(
            "The rules give the Supply Requisition Form but not what happens to one answered "
            "in part. When an accepted convoy plan draws part of a requisition from a dump in "
            "the unit's hex, the requisition is closed as fulfilled and 'refile': everything "
            "not drawn is filed at once as a new requisition for the unit; 'close': only what "
            "the plan's trucks carry is filed again, the rest lapses."
        ),
        options=("refile", "close"),
        default="refile",
    ),
    Ruling(
        id="upkeep-sources",
        case="52.4, 51.1, 54.1",
        question=(
            "Where does a unit's water and stores come from when the ledger takes them? "
            "'same-hex': its own holding, then its side's dumps in its hex, then its side's "
            "truck cargo in its hex (supply is used where it is). 'own-only': its own holding."
        ),
        options=("same-hex", "own-only"),
        default="same-hex",
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
        id="8.18-truck-convoy-phase",
        case="8.18, 8.98, 8.53, 5.2 III.H",
        question=(
            "Second- and third-line trucks (convoys) move voluntarily only in their own Truck "
            "Convoy Movement Phase (5.2 III.H); 8.98 still lets them move in the other player's "
            "portion (Reaction, 8.53a: only stacked with a friendly combat unit). The ledger "
            "does not record which side is Player A. 'enforce': a convoy moves in either "
            "player's Truck Convoy Movement Phase, or as a Reaction in a Movement and Combat "
            "Phase when a unit of its side is in its hex. 'any-phase': house rule, any phase."
        ),
        options=("enforce", "any-phase"),
        default="enforce",
    ),
    Ruling(
        id="8.88-box-loading",
        case="8.88",
        question=(
            "8.88 forbids moving a truck in the Operations Stage in which it loads or unloads "
            "supplies in a Tripoli/Tunisia box. Does a convoy that has moved this OpStage "
            "(into the box) break it by then unloading? 'no-move-that-opstage': yes, loading "
            "or unloading there and moving exclude each other in one OpStage. "
            "'no-move-after': only moving after loading or unloading is refused."
        ),
        options=("no-move-that-opstage", "no-move-after"),
        default="no-move-that-opstage",
    ),
    Ruling(
        id="6.3-truck-loading-cp",
        case="6.3, 8.96, 8.98",
        question=(
            "Loading or unloading supplies on trucks costs 2 CP outside the Organization Phase "
            "(6.3) without saying whose. 'attached-unit': first-line trucks attached to a unit "
            "are part of it (8.96), so that unit expends them; a convoy, or first-line trucks "
            "attached to no unit, expend them from their own CPA. 'trucks': every truck group "
            "expends them from its own CPA."
        ),
        options=("attached-unit", "trucks"),
        default="attached-unit",
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
    Ruling(
        id="8.41-road-wadi-breakdown",
        case="8.41, 8.37",
        question=(
            "Crossing a wadi along a road: the seed text gives the road rate as '2 BP', chart "
            "8.37 gives a road ½ BP a hex and cancels hexside values. 'half': ½ BP, the wadi "
            "cancelled (the '2' read as an OCR-mangled ½). 'two': 2 BP for that hex."
        ),
        options=("half", "two"),
        default="half",
    ),
    Ruling(
        id="8.33-road-down-escarpment",
        case="8.33, 8.37, 8.42",
        question=(
            "Going down an escarpment along a road: 8.37 note 6 cancels hexside values on a "
            "road, 8.33 excepts escarpments from what roads and tracks ignore. "
            "'escarpment-applies': ½ + 6 BP, as down a track. 'road-cancels': ½ BP."
        ),
        options=("escarpment-applies", "road-cancels"),
        default="escarpment-applies",
    ),
    Ruling(
        id="54.2-light-truck-example",
        case="54.2, 8.46, 8.41",
        question=(
            "The 54.2 light-truck note's example (a wadi and a rough hex along a track) prints "
            "18 BP while its own sum, ½ x 8 + ½ x 8 + 1 + 1, is 10. 'halved': the track halves "
            "a light truck's values like any vehicle's (10). 'unhalved': light trucks off a road "
            "take the full values (8 + 8 + 1 + 1 = 18)."
        ),
        options=("halved", "unhalved"),
        default="halved",
    ),
    Ruling(
        id="54.2-light-truck-extra-point",
        case="54.2",
        question=(
            "A light truck not moving along a road adds 1 BP to those of the hex and hexside. "
            "'hex-and-hexside': 1 for the hex and 1 for each hexside feature crossed (the "
            "example's two extra points). 'per-hex': 1 for each hex entered."
        ),
        options=("hex-and-hexside", "per-hex"),
        default="hex-and-hexside",
    ),
    Ruling(
        id="21.14-bar-dash",
        case="21.11, 21.14",
        question=(
            "The 21.14 summary prints a dash as the BAR of armored recce, which 21.11 lists "
            "among the vehicles subject to breakdown. 'no-shift': the dash is no adjustment "
            "(0). 'never-breaks-down': vehicles rated with a dash never check."
        ),
        options=("no-shift", "never-breaks-down"),
        default="no-shift",
    ),
    Ruling(
        id="21.34-thirty-three-percent",
        case="21.34, 21.35, 21.38",
        question=(
            "Chart 21.38 prints 33 %; the 21.34 example takes it as one third (20 points: 6.7, "
            "rounded up to 7). 'one-third': a third. 'thirty-three-hundredths': 33/100 "
            "(differs only for some totals, e.g. 100 points: 34 against 33)."
        ),
        options=("one-third", "thirty-three-hundredths"),
        default="one-third",
    ),
    Ruling(
        id="21.37-sandstorm-share",
        case="21.37, 21.38",
        question=(
            "A Sandstorm shifts the column one right when at least half of the movement was in "
            "Sandstorm map sections: 21.37d counts Capability Points expended, the 21.38 chart "
            "notes count Breakdown Points. 'capability-points' or 'breakdown-points'."
        ),
        options=("capability-points", "breakdown-points"),
        default="capability-points",
    ),
    Ruling(
        id="repairs-recorded",
        case="5.2 III.K, 14.54, 21.0",
        question=(
            "Broken-down vehicles are towed and repaired in the Repair Phase (5.2 III.K; 14.54 "
            "speaks of Repair Facilities and Maintenance), but the repair procedure lies outside "
            "the rules texts the ledger is built from; the ledger records the repairs the "
            "players make. 'repair-phase': a repair is recorded in a Repair Phase only. "
            "'any-phase': in any phase (house rule, or a late correction)."
        ),
        options=("repair-phase", "any-phase"),
        default="repair-phase",
    ),
    Ruling(
        id="49.13-carrying-trucks-fuel",
        case="49.13, 54.2, 6.17, 8.95",
        question=(
            "A unit carried on Truck Points moves with them, and Truck Points burn fuel moving "
            "(49.13, 54.2); the rules do not say from whose fuel. 'unit-pays': a recorded move "
            "burns the carrying Truck Points' fuel from the unit's own, with its TOE's. "
            "'not-counted': only its TOE's; the players record the trucks' fuel with `consume`."
        ),
        options=("unit-pays", "not-counted"),
        default="unit-pays",
    ),
    Ruling(
        id="49.13-fuel-part-group",
        case="49.13, 49.19",
        question=(
            "49.13 charges a vehicle TOE point its fuel rate for each five CP of movement, a "
            "part of five included (its example: rate 4, 12 CP, 12 Fuel Points), while chart "
            "49.19 prints fractional costs for 1-4 CP. 'part-group-counts': a part group counts "
            "whole (12 CP are 3 groups). 'whole-groups-only': only whole groups (12 CP are 2). "
            "'pro-rata': rate x CP / 5 exactly, as the chart's fractional rows, a unit's total "
            "rounded up to whole Fuel Points."
        ),
        options=("part-group-counts", "whole-groups-only", "pro-rata"),
        default="part-group-counts",
    ),
    Ruling(
        id="49.12-class-points-fuel",
        case="49.12, 49.13, 52.42, 6.17",
        question=(
            "The Tank & Gun charts print a fuel rate for each tank and gun; the Unit "
            "Characteristics charts print none for a class's own TOE points (recce, HQ, "
            "engineer, infantry), yet 49.12 counts HQs with unparenthesised TOE as fuel users "
            "and 49.13 gives trucks and recce factor 1. 'motorized-rate-1': a class's own "
            "points burn at rate 1 when the class CPA is above 10 (motorized, 6.17), and are "
            "vehicle points for water (52.42). 'printed-only': only printed rates burn fuel."
        ),
        options=("motorized-rate-1", "printed-only"),
        default="motorized-rate-1",
    ),
    Ruling(
        id="49.3-commonwealth-nine-percent",
        case="49.3",
        question=(
            "Fuel and water evaporate 6 % a Game-Turn; the Commonwealth's rate is 9 % from "
            "September 1940 to August 1941 (GT 1-46). 'replaces': 9 % instead of 6 %. "
            "'adds': 9 % on top of the 6 % (15 %)."
        ),
        options=("replaces", "adds"),
        default="replaces",
    ),
    Ruling(
        id="49.3-fuel-in-vehicle-tanks",
        case="49.3, 29.34",
        question=(
            "29.34 spares the fuel in vehicles' tanks from the Hot-weather loss; the weekly "
            "49.3 loss covers on-map fuel without saying whether tanks are in it. 'exempt': "
            "fuel in tanks loses nothing. 'weekly-loss': it loses the weekly 6 % (9 %), not "
            "the Hot 5 %."
        ),
        options=("exempt", "weekly-loss"),
        default="exempt",
    ),
    Ruling(
        id="51.12-prisoner-part-group",
        case="51.12",
        question=(
            "Prisoners take 1 Stores per 5 Prisoner Points an Operations Stage; what does a "
            "part of five take? 'part-group-counts': a whole point (12 points take 3). "
            "'whole-groups-only': nothing (12 points take 2)."
        ),
        options=("part-group-counts", "whole-groups-only"),
        default="part-group-counts",
    ),
    Ruling(
        id="51.16-captured-stores-halves",
        case="51.16, 50.16, 11.32",
        question=(
            "Half of captured Stores may be used; how does half of an odd number round? 'up': "
            "7 give 4. 'down': 7 give 3."
        ),
        options=("up", "down"),
        default="up",
    ),
    Ruling(
        id="52.41-infantry-regiment-counters",
        case="52.41, 52.6, 9.4",
        question=(
            "52.41 waters each infantry battalion or company and 52.6 gives each Italian "
            "battalion a Pasta Point; an infantry counter above battalion level (the Italian "
            "class m regiments) is neither. 'as-battalion': 1 Water an Operations Stage and 1 "
            "Pasta Point. 'per-stacking-point': as many as its Stacking Points (2, 9.4)."
        ),
        options=("as-battalion", "per-stacking-point"),
        default="as-battalion",
    ),
    Ruling(
        id="51.22-partial-stores",
        case="51.21, 51.22",
        question=(
            "51.21 gives a DP when any TOE point of a unit goes unfed; 51.22 counts the "
            "Game-Turns units are 'without' Stores. Does a part ration count? 'short-counts': "
            "any shortfall is a Game-Turn without Stores. 'none-only': only a unit that got none."
        ),
        options=("short-counts", "none-only"),
        default="short-counts",
    ),
    Ruling(
        id="51.22-attrition-base",
        case="51.22",
        question=(
            "Units without Stores lose 2 % (4 %, 6 %...) of their TOE points, but only "
            "infantry-type points may go. Of what is the percent taken? 'infantry-points': of "
            "the infantry-type points. 'all-points': of all TOE points, taken from the "
            "infantry-type ones (never more than there are)."
        ),
        options=("infantry-points", "all-points"),
        default="infantry-points",
    ),
    Ruling(
        id="51.22-attrition-halves",
        case="51.22, 11.32",
        question=(
            "Stores attrition is rounded to the nearest whole TOE point; where does an exact "
            "half go (25 points x 2 % = 0.5)? 'up': 1. 'down': 0."
        ),
        options=("up", "down"),
        default="up",
    ),
    Ruling(
        id="51.22-attrition-scope",
        case="51.22",
        question=(
            "51.22 speaks of the units in a hex. 'hex': the percent is taken of the hex's "
            "total (units sharing the same run), rounded once, and the owner picks the points "
            "lost. 'unit': each unit's own points, each rounded."
        ),
        options=("hex", "unit"),
        default="hex",
    ),
    Ruling(
        id="51.22-infantry-type-points",
        case="51.22, 51.13",
        question=(
            "Only infantry-type TOE points are lost to Stores attrition, guns and tanks never. "
            "'infantry-and-engineers': the own points of infantry and engineer classes. "
            "'infantry-only': those of infantry classes."
        ),
        options=("infantry-and-engineers", "infantry-only"),
        default="infantry-and-engineers",
    ),
    Ruling(
        id="52.5-partial-water",
        case="52.51, 52.52, 52.53, 29.35",
        question=(
            "52.5 speaks of units 'without water'. Is a unit that got part of its need (1 of "
            "the 2 an infantry battalion needs when Hot) without water? 'short-is-dry': yes. "
            "'some-water-suffices': only a unit that got none is."
        ),
        options=("short-is-dry", "some-water-suffices"),
        default="short-is-dry",
    ),
    Ruling(
        id="52.51-waterless-barrage",
        case="52.51, 52.42, 6.3",
        question=(
            "52.51 forbids vehicles without water to move or Close Assault offensively and "
            "lets them defend at half; Barrage is not named, though it costs CP and 52.42 "
            "waters a vehicle that uses its CPA. 'allowed': they may Barrage. 'forbidden': "
            "they may not."
        ),
        options=("allowed", "forbidden"),
        default="allowed",
    ),
    Ruling(
        id="15.15-out-of-ammunition",
        case="15.15, 15.88, 50.14",
        question=(
            "When is a unit 'out of ammunition' for Close Assault (and, if all in the hex are, "
            "surrenders when assaulted)? 'cannot-pay-one-point': when its ammunition cannot pay "
            "one TOE point's close-assault rate (50.14). 'no-ammunition': only with none at all."
        ),
        options=("cannot-pay-one-point", "no-ammunition"),
        default="cannot-pay-one-point",
    ),
    Ruling(
        id="50.12-no-ammunition-surrender",
        case="50.12, 15.15, 15.88",
        question=(
            "15.15 makes units out of ammunition surrender when assaulted; 50.12 also makes a "
            "unit with no ammunition of any kind surrender when in an Enemy ZOC or fired upon. "
            "'zoc-or-fire': both apply. 'assault-only': 15.15 alone."
        ),
        options=("zoc-or-fire", "assault-only"),
        default="zoc-or-fire",
    ),
    Ruling(
        id="toe-attrition-order",
        case="51.22, 52.53",
        question=(
            "51.22 leaves it to the owner which infantry-type TOE points in a hex are lost; "
            "52.53 does not say which weapon system of an infantry unit loses its point. The "
            "ledger posts a proposal the players confirm or correct. 'largest-first': each point "
            "comes from the holding with the most points at that moment (infantry-type points "
            "before any other for 52.53). 'smallest-first': from the holding with the fewest "
            "points left, so the losses fall on the weakest counter."
        ),
        options=("largest-first", "smallest-first"),
        default="largest-first",
    ),
    Ruling(
        id="toe-attrition-posting",
        case="51.22, 52.53",
        question=(
            "Whether the ledger posts the TOE points lost to Stores and Water attrition by "
            "itself. 'post': an app-made loss per unit follows the upkeep, for the players to "
            "confirm or correct. 'notes-only': the upkeep's shortage notes say what is due and "
            "the players record the losses (`correct-toe`), e.g. where a scenario leaves the "
            "water sources out of the ledger."
        ),
        options=("post", "notes-only"),
        default="post",
    ),
    Ruling(
        id="shortage-restrictions",
        case="49.16, 50.12, 15.15, 52.51, 52.52, 52.6",
        question=(
            "What a shortage forbids (no movement without fuel or, for vehicles, water; no "
            "Barrage or Close Assault without ammunition; no offensive Close Assault without "
            "water; not beyond the CPA without water or pasta). 'enforce': such CP "
            "expenditures are refused. 'upkeep-only': only the water and pasta shortages the "
            "upkeep recorded refuse; fuel and ammunition, which a scenario may not place with "
            "the units, are only shown. 'record-only': all are recorded and only shown."
        ),
        options=("enforce", "upkeep-only", "record-only"),
        default="enforce",
    ),
    Ruling(
        id="54.12-oasis-capacity",
        case="54.12, 8.48, 8.37",
        question=(
            "An oasis is a Supply Dump whose Water and Stores never diminish (8.48), but chart "
            "54.12 prints no oasis row for the Ammunition and Fuel kept there. 'village': the "
            "village row (2500 Ammunition, 8000 Fuel), as the Terrain Effects Chart groups "
            "villages, birs and oases. 'other': the other-terrain row (1500, 5000)."
        ),
        options=("village", "other"),
        default="village",
    ),
    Ruling(
        id="49.14-unit-fuel-capacity",
        case="49.14",
        question=(
            "Fuel a unit holds is fuel in its vehicles' tanks (CPA x 1/5 x fuel rate per TOE "
            "point). 'enforce': a transfer or arrival that would put more Fuel in a unit than "
            "its tanks take is refused (a unit without vehicles holds none; its trucks carry "
            "it). 'allow': house rule, units hold any Fuel."
        ),
        options=("enforce", "allow"),
        default="enforce",
    ),
    Ruling(
        id="3.2-combat-class",
        case="3.2, 12.23",
        question=(
            "Barrage targets are Gun, Armor or Infantry class (12.23), sorted by case 3.2, "
            "which the rules seed does not print. 'unit-type': artillery, anti-tank and "
            "anti-aircraft units are Gun class, tank and recce units Armor class, every other "
            "unit Infantry class, by the unit's Unit Characteristics line."
        ),
        options=("unit-type",),
        default="unit-type",
    ),
    Ruling(
        id="12.45-losses-pin",
        case="12.44, 12.45, 12.6",
        question=(
            "Does a barrage result of 1 or 2 TOE Strength Points lost also pin an Infantry or "
            "Armor target? 12.44 and 12.45 do not say; the key of chart 12.6 as transcribed in "
            "the reference pins them. 'pin': infantry and armor losing points are pinned as "
            "well (guns never are, 12.44). 'no-pin': only a P result pins."
        ),
        options=("pin", "no-pin"),
        default="pin",
    ),
    Ruling(
        id="15.35-fortification-columns",
        case="15.35, 8.37",
        question=(
            "Chart 8.37 shifts a Close Assault 2, 3 and 4 columns for Level 1, 2 and 3 "
            "Fortifications, but 15.35's example counts a Level 2 Fortification as 2 columns. "
            "'chart': the chart's columns. 'example': a Level N Fortification is N columns."
        ),
        options=("chart", "example"),
        default="chart",
    ),
    Ruling(
        id="combat-example-barrage-reading",
        case="12.6",
        question=(
            "The combat example after 15.96 reads chart 12.6 the other way round: armor at "
            "column 7-8 is pinned by 36 or lower (the chart: no effect 11-36, P 41-66), and the "
            "Commonwealth's 61 on infantry 5-6 is no effect (the chart: P at 42-65). Its truck "
            "throw is one die ('6'), where 12.6 reads two, and gives 2 Truck Points, which the "
            "7-8 truck column never gives. 'chart': the chart governs. 'example': each die is "
            "read as 7 minus its face (reading r as 77 - r) on both throws; the odds are the "
            "same, only which throw gives which result changes."
        ),
        options=("chart", "example"),
        default="chart",
    ),
    Ruling(
        id="10.34-holding-off-count",
        case="10.34",
        question=(
            "A Holding Off barrage needs an Actual Barrage Point per enemy non-Gun unit of "
            "battalion size or more in the hex. How does a counter larger than a battalion "
            "count? 'per-unit': every such counter once. 'per-stacking-point': by its Stacking "
            "Points (a brigade 2, a division 5)."
        ),
        options=("per-unit", "per-stacking-point"),
        default="per-unit",
    ),
    Ruling(
        id="15.83e-hex-shares",
        case="15.83e",
        question=(
            "Raw points lost in a Close Assault are shared among the hexes involved in "
            "proportion to each hex's Raw points, but the shares are rarely whole numbers. "
            "'largest-remainder': each hex takes its share rounded down and the points left over "
            "go one each to the hexes with the largest fractions (then the larger Raw, then the "
            "hex listed first), so the shares add up to the loss. 'round-up': each hex rounds "
            "its own share up (the total may exceed the loss)."
        ),
        options=("largest-remainder", "round-up"),
        default="largest-remainder",
    ),
    Ruling(
        id="15.17-parenthesised-quarter",
        case="15.17",
        question=(
            "Points with parenthesised Close Assault ratings sharing a hex with combat units may "
            "absorb at most 25 % of the losses; of which losses is not said. 'hex-share': 25 % "
            "of the Raw points that hex must absorb (15.83e), compared exactly; in a hex holding "
            "only such points there is no limit."
        ),
        options=("hex-share",),
        default="hex-share",
    ),
    Ruling(
        id="15.84-vulnerability-half",
        case="15.84b",
        question=(
            "Forward guns must lose Vulnerability points at least half the Raw points lost; "
            "an odd loss leaves a half point. 'up': the half is rounded up (7 Raw lost: 4 "
            "Vulnerability points). 'down': rounded down, as the defender rounds 15.83c (7: 3). "
            "Either way one Raw point lost costs at least one Vulnerability point."
        ),
        options=("up", "down"),
        default="up",
    ),
    Ruling(
        id="15.86-captured-basis",
        case="15.85, 15.86",
        question=(
            "15.85 and 15.86b take the Captured percentage of the TOE points lost, 15.86c of the "
            "Raw points lost. 'toe': the percentage of the TOE points lost, rounded up, any of "
            "the lost points. 'raw': the percentage of the Raw points those losses absorbed, "
            "rounded up, met by the fewest lost TOE points absorbing at least that many."
        ),
        options=("toe", "raw"),
        default="toe",
    ),
    Ruling(
        id="15.86-captured-class-points",
        case="15.86d",
        question=(
            "Captured infantry-type points become Prisoner Points and captured guns and tanks "
            "equipment; a recce, HQ or engineer class's own points are neither. 'class-points': "
            "every unit class's own TOE points become Prisoner Points, one each; the tanks and "
            "guns of 4.47/4.48 are captured equipment. 'infantry-type': only infantry-type class "
            "points (as 51.22 counts them) become Prisoner Points; all other points are "
            "captured equipment."
        ),
        options=("class-points", "infantry-type"),
        default="class-points",
    ),
    Ruling(
        id="14.35-shift-below-one",
        case="14.35, 14.6",
        question=(
            "A terrain shift can take Anti-Armor fire below the 1 column; 14.35 then sends it "
            "to a '0' column, which chart 14.6 prints only as 0*, the column of 1-4 Raw points. "
            "'zero-star-column': the fire is read on the 0* column. 'no-effect': the fire has "
            "no effect. Under both, fire that starts on the 0* column and is shifted left has "
            "no effect."
        ),
        options=("zero-star-column", "no-effect"),
        default="zero-star-column",
    ),
    Ruling(
        id="14.32-shift-from-16-plus",
        case="14.32, 14.6",
        question=(
            "Chart 14.6's last column serves 16 or more Actual points. Does a terrain shift "
            "count printed columns (20 points one left: the 15 column) or points (20 - 1 = 19: "
            "still 16+)? 'column': printed columns. 'points': subtract the shift from the "
            "Actual points and read that column."
        ),
        options=("column", "points"),
        default="column",
    ),
    Ruling(
        id="combat-example-anti-armor-reading",
        case="14.6",
        question=(
            "In the combat example the Commonwealth's non-Phasing fire (6 TOE 2-pounders at "
            "Anti-Armor 4: 24 Raw, 2 Actual, Axis hex Clear) throws 55 and is given 3 Damage "
            "Points; chart 14.6 prints 5 in column 2 at 55-56 (3 is the column 1 entry). "
            "'chart': the chart governs, 5 Damage Points (2 TOE points of PzIII Special, "
            "Armor Protection 4, not the example's 1)."
        ),
        options=("chart",),
        default="chart",
    ),
    Ruling(
        id="15.79-defender-plus-2-gap",
        case="15.79",
        question=(
            "Chart 15.79's defender +2 column ends its 10 % cell at 33 and starts its 5 % cell "
            "at 41, so readings 34-36 give no loss. '10': they belong to the 10 % cell (its "
            "end is the misprint; the +3 column's 10 % also runs through the 30s). '5': they "
            "belong to the 5 % cell (as in the +1 column). 'reroll': the defender throws again."
        ),
        options=("10", "5", "reroll"),
        default="10",
    ),
    Ruling(
        id="15.4-combined-arms",
        case="15.4",
        question=(
            "15.4 takes one Actual Close Assault point off for every one to three unsupported "
            "tank TOE points (at most 4), but its example gives 4 unsupported tanks rated 7 "
            "(28 Raw, 3 Actual) 2 Actual points, where that rule gives 3 - 2 = 1. 'text': "
            "one point per one to three unsupported points (ceil(n/3)). 'example': one point "
            "per three, rounded half up (n/3 as 11.32 rounds), which gives both of the "
            "example's numbers (2 tanks: 1 - 1 = 0; 4 tanks: 3 - 1 = 2)."
        ),
        options=("text", "example"),
        default="text",
    ),
    Ruling(
        id="15.95-recce-reduction",
        case="15.95",
        question=(
            "A Probe made by Recce-type units only has its losses 'reduced by 10 %'. "
            "'ten-points': 10 percentage points off the chart's loss (25 % becomes 15 %). "
            "'tenth': the Raw points lost are nine tenths of the chart's loss, rounded up."
        ),
        options=("ten-points", "tenth"),
        default="ten-points",
    ),
    Ruling(
        id="15.25-probe-threshold",
        case="15.25, 15.91",
        question=(
            "An assault is a Probe when the units making it used less than 50 % of their "
            "available TOE points; with several units, is that counted over all of them or "
            "unit by unit? 'together': the units' points used (here and in other assaults) "
            "against all their available points. 'each-unit': any one unit under 50 % makes "
            "the assault a Probe."
        ),
        options=("together", "each-unit"),
        default="together",
    ),
    Ruling(
        id="15.81-units-involved",
        case="15.81, 15.87",
        question=(
            "An Engaged or Contact marker (15.81) and the 3 DP of heavy losses (15.87) go to a "
            "side's units involved in the assault; is a unit in the assaulted hex that committed "
            "nothing (Pinned, withheld, retreated into it, a gun Back) involved? 'in-the-hex': "
            "every unit with TOE points in the assault's calculation, committed or not, since "
            "they absorb its losses (15.83b) and share its retreat (15.82). 'committed': only "
            "the units that committed TOE points to it."
        ),
        options=("in-the-hex", "committed"),
        default="in-the-hex",
    ),
)
"""Rulings every game has, whatever its scenario."""


def check_options(choices: Iterable[tuple[str, str]]) -> None:
    """Check (ruling id, option) pairs against the ledger's rulings. Raises ``KeyError`` for an
    unknown ruling id and ``ValueError`` naming the ruling for an option it does not have."""
    known = {r.id: r.options for r in RULINGS}
    for ruling_id, option in choices:
        if option not in known[ruling_id]:
            raise ValueError(
                f"ruling {ruling_id}: unknown option {option!r}; expected one of "
                f"{', '.join(known[ruling_id])}"
            )
