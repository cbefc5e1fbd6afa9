"""The named rulings of the Combined Arms calculators: where the text is garbled, missing or
silent, each names its options and its default (documented in docs/games/combined-arms.md).

A calculation takes the chosen options as a mapping ruling id → option (``chosen``); a request
may pick another option in its ``"rulings"`` object.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from ledger.charts.ruling import Ruling

MIXED_BRACKETS: Final = Ruling(
    "13.2-mixed-brackets",
    "12.42",
    "Several attackers total their strengths (8.13); which CRT when some use a bracketed "
    "Attack Strength and some an unbracketed one?",
    ("hard-if-any", "soft-if-any", "refuse"),
    "hard-if-any",
)
MULTIPLIERS: Final = Ruling(
    "13.1-multipliers",
    "13.1",
    "How several Defense Strength multipliers (hex, river, Improved Position) combine.",
    ("multiply", "largest"),
    "multiply",
)
HALVING: Final = Ruling(
    "9.12-halving-order",
    "9.12",
    "Is a Disrupted defender halved (fractions up) before or after terrain multiplies it?",
    ("halve-first", "halve-last"),
    "halve-first",
)
RIVER_ATTACKERS: Final = Ruling(
    "11.2-river-attackers",
    "12.12",
    "11.2 is missing: does a river double the defense when only some of the attackers "
    "(artillery and Air Strikes aside, 12.13) come across it?",
    ("all-across", "any-across"),
    "all-across",
)
CROSSINGS: Final = Ruling(
    "13.1-bridge-ford-defense",
    "13.1",
    "Does a bridge or ford on the river hexside remove the river's x2 on defense?",
    ("river-doubles", "crossing-negates"),
    "river-doubles",
)
FORD_COST: Final = Ruling(
    "13.1-ford-cost",
    "13.1",
    "Is a ford's +1 MP instead of the river's crossing cost, or on top of it?",
    ("instead-of-river", "plus-river"),
    "instead-of-river",
)
RECON_OVERRUN_COST: Final = Ruling(
    "5.33-recon-overrun-cost",
    "5.33",
    "5.33 and 5.34 do not list armored reconnaissance: what extra MP does its Overrun cost?",
    ("as-armor", "none"),
    "as-armor",
)
OVERRUN_TERRAIN: Final = Ruling(
    "5.35-overrun-terrain",
    "5.35",
    "Which hex decides whether an armored Overrun is 'in Clear terrain'?",
    ("defender-hex", "both-hexes"),
    "defender-hex",
)
ADJACENT_INFANTRY: Final = Ruling(
    "5.39-adjacent-infantry",
    "5.39",
    "Unmounted infantry adjacent to its target at the start may always Overrun it, terrain "
    "cost ignored: which terrain costs are waived?",
    ("all-terrain", "target-hex"),
    "all-terrain",
)
AIR_OPEN_ROUGH: Final = Ruling(
    "8.91-open-rough-1",
    "8.91",
    "May an Air Strike hit a Rough #1 hex in Open mode, where Rough #1 counts as Clear?",
    ("allowed", "refused"),
    "allowed",
)
CONCENTRIC: Final = Ruling(
    "8.7-concentric-attack",
    "8.7",
    "8.7 (Concentric Attacks) is missing: what does a declared concentric attack do?",
    ("no-effect", "refuse"),
    "no-effect",
)
RANGE_ATTENUATION: Final = Ruling(
    "8.8-range-attenuation",
    "9.0",
    "8.8 (range attenuation) is missing: how is a ranged Attack Strength adjusted?",
    ("as-given", "require-strength"),
    "as-given",
)
UNIT_TYPES: Final = Ruling(
    "14.0-unit-types",
    "14.0",
    "The OCR of 14.0 lost each row's unit-type symbol: what type is a preset?",
    ("inferred", "strengths-only"),
    "inferred",
)
RETREAT_BEYOND_MA: Final = Ruling(
    "9.11-retreat-beyond-allowance",
    "9.11",
    "A retreat longer than the Movement Allowance ends with a D1, 'in the Expanded Game only' "
    "(which the text does not define): apply it?",
    ("apply", "ignore"),
    "apply",
)

RULINGS: Final = (
    MIXED_BRACKETS,
    MULTIPLIERS,
    HALVING,
    RIVER_ATTACKERS,
    CROSSINGS,
    FORD_COST,
    RECON_OVERRUN_COST,
    OVERRUN_TERRAIN,
    ADJACENT_INFANTRY,
    AIR_OPEN_ROUGH,
    CONCENTRIC,
    RANGE_ATTENUATION,
    UNIT_TYPES,
    RETREAT_BEYOND_MA,
)
"""Every ruling of the game, in the order the doc page lists them."""

DEFAULTS: Final[Mapping[str, str]] = {r.id: r.default for r in RULINGS}
"""Each ruling's default option by id."""


def option(chosen: Mapping[str, str], ruling: Ruling) -> str:
    """The option ``chosen`` takes for ``ruling`` (its default when ``chosen`` does not say).
    Raises ``ValueError`` naming the ruling's options for an option it does not have."""
    picked = chosen.get(ruling.id, ruling.default)
    if picked not in ruling.options:
        raise ValueError(
            f"ruling {ruling.id}: {picked!r} is not one of {', '.join(ruling.options)} "
            f"({ruling.case})"
        )
    return picked
