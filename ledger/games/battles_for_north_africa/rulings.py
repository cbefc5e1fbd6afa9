"""The named rulings of the Battles for North Africa calculators (docs/games/bfna.md).

Each is a ``ledger.model.scenario.Ruling``; a request picks another option with
``"rulings": {id: option}``. Cases are ``"<section heading> ¶<n>"`` (see the package docstring).
"""

from __future__ import annotations

from typing import Final

from ledger.charts.ruling import Ruling

HALVINGS: Final = Ruling(
    id="bfna-halvings-compound",
    case="Combat Phase ¶3, Supply ¶1",
    question=(
        "Out of supply, attacking a mountain hex with armor and attacking across an escarpment "
        "each halve a unit's AF; does a unit hit by two of them count a quarter? 'compound': "
        "each halving applies. 'once': a unit's AF is halved at most once."
    ),
    options=("compound", "once"),
    default="compound",
)
MOBILE_HEXSIDES: Final = Ruling(
    id="bfna-mobile-crt-hexsides",
    case="Combat Phase ¶5",
    question=(
        "Which hexsides attacked across forbid the Mobile CRT? 'tec-hexsides': the four hexside "
        "types the TEC prices (escarpment, ridge, river, wadi). 'all-hexsides': active minefield "
        "and anti-tank ditch hexsides as well."
    ),
    options=("tec-hexsides", "all-hexsides"),
    default="tec-hexsides",
)
BELOW_TABLE: Final = Ruling(
    id="bfna-odds-below-table",
    case="Combat Phase ¶4",
    question=(
        "Odds below the CRT's first column: 'lowest': read on the first column (attacks are "
        "compulsory, Combat Phase ¶1). 'refuse': the attack is not allowed."
    ),
    options=("lowest", "refuse"),
    default="lowest",
)
NO_CRT_COLUMNS: Final = Ruling(
    id="bfna-columns-without-crt",
    case="Combat Phase ¶4",
    question=(
        "With no CRT loaded, what columns do the odds round to? 'whole-ratios': 1-10 .. 1-2, "
        "1-1, 3-2, 2-1 .. 10-1. 'ratio-only': no column, only the exact ratio."
    ),
    options=("whole-ratios", "ratio-only"),
    default="whole-ratios",
)
STUKA_COUNT: Final = Ruling(
    id="bfna-stuka-count",
    case="Air Missions ¶5",
    question=(
        "Several stukas on one defending hex: 'once': the stuka drm is -2 however many. "
        "'each': -2 for every stuka."
    ),
    options=("once", "each"),
    default="once",
)
DISABLED_COUNT: Final = Ruling(
    id="bfna-disabled-armor-count",
    case="Heavy Armor Units ¶2",
    question=(
        "Several disabled heavy armor units defend together: 'once': the disabled armor drm is "
        "-1 however many. 'each': -1 for every disabled defender."
    ),
    options=("once", "each"),
    default="once",
)
REDUCTION_AF: Final = Ruling(
    id="bfna-reduction-order-af",
    case="Combat Phase ¶15",
    question=(
        "The reduction order puts artillery, then non-motorized, then non-armored units first; "
        "does 'lowest AF first' order every group or only the artillery? 'every-group': lowest "
        "AF first inside each group. 'artillery-only': only artillery by AF, the rest as listed."
    ),
    options=("every-group", "artillery-only"),
    default="every-group",
)
OWN_REDUCTIONS: Final = Ruling(
    id="bfna-attacker-own-reductions",
    case="Combat Phase ¶15",
    question=(
        "The order binds the attacking player when he reduces his opponent's units; for his "
        "own: 'listed-order': he chooses, the units take steps in the order listed. "
        "'same-order': the same order as for the defender."
    ),
    options=("listed-order", "same-order"),
    default="listed-order",
)
HQ_ROUTE: Final = Ruling(
    id="bfna-hq-emergency-route",
    case="Supply ¶4",
    question=(
        "An HQ used as an emergency supply source: 'road-route-7': the route is the road net "
        "within 7 hexes of the HQ along roads (just the HQ's hex if it is off the roads), and "
        "the unit's path of at most 7 hexes must reach it. 'path-only': the path must reach the "
        "HQ's hex itself."
    ),
    options=("road-route-7", "path-only"),
    default="road-route-7",
)
EMERGENCY_PATH: Final = Ruling(
    id="bfna-emergency-path-recce",
    case="Supply ¶3-¶4",
    question=(
        "Armor car, recon and motorcycle units trace a path as long as their MP (Supply ¶3); a "
        "path to an HQ used as an emergency source may be at most 7 hexes (Supply ¶4). "
        "'own-limit': their MP, capped at 7. 'seven': 7 hexes whatever their MP."
    ),
    options=("own-limit", "seven"),
    default="own-limit",
)
AT_WITH_OTHERS: Final = Ruling(
    id="bfna-at-battery-with-others",
    case="Artillery Units ¶3, AT Units ¶1",
    question=(
        "An in-battery AT unit attacks armored enemies together with other friendly units: "
        "'bf-against-armor': it uses its BF (the AT rule). 'af-with-others': its AF, as other "
        "artillery attacking with friendly units."
    ),
    options=("bf-against-armor", "af-with-others"),
    default="bf-against-armor",
)

RULINGS: Final = (
    HALVINGS,
    MOBILE_HEXSIDES,
    BELOW_TABLE,
    NO_CRT_COLUMNS,
    STUKA_COUNT,
    DISABLED_COUNT,
    REDUCTION_AF,
    OWN_REDUCTIONS,
    HQ_ROUTE,
    EMERGENCY_PATH,
    AT_WITH_OTHERS,
)
"""Every ruling of the game, in the order the doc page lists them."""


def defaults() -> dict[str, str]:
    """Every ruling's default option: ``{ruling id: option}``."""
    return {r.id: r.default for r in RULINGS}
