"""Rulings on breakdown: Breakdown Points of movement (8.33, 8.41, 54.2 light trucks), the
Breakdown Table (21.14, 21.34, 21.37) and repairs (5.2 III.K, 14.54, 21.0).

Part of ``ledger.model.rulings.RULINGS``, in its order; each ruling is documented in
docs/rulings.md.
"""

from __future__ import annotations

from typing import Final

from ledger.charts.ruling import Ruling

BREAKDOWN_RULINGS: Final[tuple[Ruling, ...]] = (
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
        id="8.46-track-hex-cost",
        case="8.46, 8.37",
        question=(
            "The CP of a hex entered along a track: 8.46 says 1 CP a hex, chart 8.37 note 8 "
            "halves the terrain's cost (they agree only for Clear and Rock/Gravel, 2 halved). "
            "'halved': the chart. 'one-cp': 1 CP whatever the terrain."
        ),
        options=("halved", "one-cp"),
        default="halved",
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
)
"""Breakdown Points of movement (8.33, 8.41, 54.2), Breakdown and repair (21, 5.2 III.K)."""
