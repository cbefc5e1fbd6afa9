"""The named rulings of the miniatures calculators: where the text is silent or unclear.

Each is documented in docs/games/miniatures.md with its options and default; a request picks
another option with ``"rulings": {id: option}``.
"""

from __future__ import annotations

from typing import Final

from ledger.charts.ruling import Ruling

CONSECUTIVE_ASSAULT: Final = Ruling(
    "miniatures-consecutive-assault-column",
    "2.1",
    "Does the consecutive assault move modifier also apply to a Maneuver test?",
    ("assault-only", "both-columns"),
    "assault-only",
)
SHORT_MOVE: Final = Ruling(
    "miniatures-short-move-roll",
    "2.3",
    "Does a vehicle moving under 100 yards in dangerous terrain roll for immobilization?",
    ("no-roll-under-100-yards", "roll-any-move"),
    "no-roll-under-100-yards",
)
REPEAT_TERRAIN: Final = Ruling(
    "miniatures-repeat-terrain-type",
    "2.3",
    "Does a second patch of the same dangerous terrain type in one turn need a second roll?",
    ("once-per-type", "each-patch"),
    "once-per-type",
)
MOVED_TIME: Final = Ruling(
    "miniatures-moved-modifier-time",
    "2.4",
    "Which time in a turn counts towards the half turn that brings the Moved modifier?",
    ("unlimber-and-set-up", "set-up-only", "all-limbered-time"),
    "unlimber-and-set-up",
)
TOWING_MOVE: Final = Ruling(
    "miniatures-towing-move-left",
    "2.4",
    "How far may a vehicle tow after paying its limber cost in the same turn?",
    ("share-of-towing-rate", "towing-rate-less-cost"),
    "share-of-towing-rate",
)
FIRE_BEFORE_LIMBERING: Final = Ruling(
    "miniatures-fire-before-limbering",
    "2.4",
    "May a gun fire in the turn it limbers, before the limbering starts?",
    ("no-fire", "fire-with-moved"),
    "no-fire",
)
RIDER_FIRE: Final = Ruling(
    "miniatures-rider-fire",
    "2.4",
    "Does the half-track limit on firing from a vehicle bind riders on a tank's hull too?",
    ("riders-and-half-track-passengers", "half-tracks-only"),
    "riders-and-half-track-passengers",
)
MINEFIELD_EDGE: Final = Ruling(
    "miniatures-minefield-edge",
    "2.5",
    "Does a path passing exactly 120 yards from a minefield marker enter the minefield?",
    ("edge-is-inside", "edge-is-outside"),
    "edge-is-inside",
)

RULINGS: Final = (
    CONSECUTIVE_ASSAULT,
    SHORT_MOVE,
    REPEAT_TERRAIN,
    MOVED_TIME,
    TOWING_MOVE,
    FIRE_BEFORE_LIMBERING,
    RIDER_FIRE,
    MINEFIELD_EDGE,
)
"""Every ruling of the game, in the order the doc page lists them."""
