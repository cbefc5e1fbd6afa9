"""The named rulings of Highway to the Reich: where the OCR'd charts are garbled, or a chart
needs a rule the reference text does not contain, the calculators never guess silently. Each
ruling's options and reasons are in docs/games/htr.md; a request picks another option with
``"rulings": {id: option}``.
"""

from __future__ import annotations

from typing import Final

from ledger.charts.ruling import Ruling

DIE_ROLL_WINDOWS: Final = Ruling(
    id="htr-8.73-die-roll-windows",
    case="8.73",
    question="The OCR lost the staggered die-roll layout of the Close Action Results Table: on "
    "which of the fifteen result rows does each Combat Strength Ratio column's die roll 1 sit?",
    options=("top-row-first", "as-ocr-placed"),
    default="top-row-first",
)

ODDS_ROUNDING: Final = Ruling(
    id="htr-8.73-odds-rounding",
    case="8.73",
    question="The charts do not say how a Combat Strength Ratio between two printed columns "
    "is rounded.",
    options=("defender-favour", "nearest"),
    default="defender-favour",
)

ZERO_AGAINST_ZERO: Final = Ruling(
    id="htr-8.73-zero-against-zero",
    case="8.73",
    question="An attack of 0 is read as 1-3 and an attack on 0 as 4-1: which column is 0 "
    "against 0?",
    options=("one-to-three", "four-to-one", "refuse"),
    default="one-to-three",
)

UNPRINTED_TIMES: Final = Ruling(
    id="htr-14.11-unprinted-times",
    case="14.11",
    question="The Weather Conditions Table prints only the 0201-0600 and 1201-1400 bands: how "
    "is weather found for a time outside both?",
    options=("refuse", "last-printed-band"),
    default="refuse",
)

SCATTER_DIRECTIONS: Final = Ruling(
    id="htr-14.92-scatter-directions",
    case="14.92",
    question="The direction die of a scatter is read on the map's scatter diagram, which the "
    "text does not show: which hex direction does each face mean?",
    options=("clockwise-from-north", "clockwise-from-northeast"),
    default="clockwise-from-north",
)

ROUGH_ARMOR: Final = Ruling(
    id="htr-10.15-rough-armor",
    case="10.15",
    question="The Rough row prints armor as prohibited in Dispersed Mode but 4 in Concentrated "
    "Mode, the reverse of Broken and Forest: an OCR column slip or as designed?",
    options=("as-printed", "swapped"),
    default="as-printed",
)

ROAD_OVER_HEXSIDE: Final = Ruling(
    id="htr-10.15-road-over-hexside",
    case="10.15",
    question="Does a unit following a road, trail or railroad across a stream, dike, canal, "
    "river or lake hexside pay that hexside's cost (or meet its P)?",
    options=("route-bridges", "hexside-applies"),
    default="route-bridges",
)

ARTILLERY_COLUMN: Final = Ruling(
    id="htr-10.15-artillery-column",
    case="10.15",
    question="The movement columns name infantry, heavy weapons, HQ, engineers, armor and recon "
    "but not artillery: which column does an artillery-type unit read?",
    options=("infantry-column", "armor-column"),
    default="infantry-column",
)

OBSERVATION_ROW: Final = Ruling(
    id="htr-10.15-observation-row",
    case="10.15",
    question="Is a terrain's Observation Range and Blocked By list read for the observing "
    "unit's hex or for the observed unit's hex?",
    options=("observer-hex", "target-hex"),
    default="observer-hex",
)

RULINGS: Final = (
    DIE_ROLL_WINDOWS,
    ODDS_ROUNDING,
    ZERO_AGAINST_ZERO,
    UNPRINTED_TIMES,
    SCATTER_DIRECTIONS,
    ROUGH_ARMOR,
    ROAD_OVER_HEXSIDE,
    ARTILLERY_COLUMN,
    OBSERVATION_ROW,
)
"""Every ruling of the game, in the order docs/games/htr.md lists them."""
