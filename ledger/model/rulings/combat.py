"""Rulings on combat: combat class (3.2), holding off (10.34), Barrage (12), Anti-Armor (14)
and Close Assault (15).

Part of ``ledger.model.rulings.RULINGS``, in its order; each ruling is documented in
docs/rulings.md.
"""

from __future__ import annotations

from typing import Final

from ledger.charts.ruling import Ruling

COMBAT_RULINGS: Final[tuple[Ruling, ...]] = (
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
"""Combat (3.2, 10-15)."""
