"""Rulings on shortages: Stores (51.21, 51.22), Water (52.5), Ammunition (15.15, 50.12),
posting TOE attrition (51.22, 52.53) and the restrictions shown (49.16, 52.51, 52.6).

Part of ``ledger.model.rulings.RULINGS``, in its order; each ruling is documented in
docs/rulings.md.
"""

from __future__ import annotations

from typing import Final

from ledger.charts.ruling import Ruling

SHORTAGE_RULINGS: Final[tuple[Ruling, ...]] = (
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
)
"""Shortages and what they do (49.16, 50.12, 51.22, 52.5, 52.6, 15.15)."""
