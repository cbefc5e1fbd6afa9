"""Places off the hex grid that the rules give special standing (8.8).

The Tripoli/Tunisia region west of map A is a set of boxes (8.81): four large boxes
(Tripolitania, Tripoli, Gabes, Tunis) and the In Transit boxes between them. A holder whose
``location`` names one of them is in that box. The boxes are Supply Dumps of unlimited capacity
(8.88), with unlimited Water and no stacking limit in them and in the In Transit boxes (8.87).
"""

from __future__ import annotations

from typing import Final

TRIPOLI_TUNISIA_BOXES: Final[tuple[str, ...]] = ("Tripolitania", "Tripoli", "Gabes", "Tunis")
_BOXES: Final = frozenset(box.casefold() for box in TRIPOLI_TUNISIA_BOXES)
"""The four large boxes of 8.81, as a scenario's ``location`` writes them."""

IN_TRANSIT_PREFIX: Final = "In Transit"
"""How a scenario or a player names an In Transit box (8.81): ``"In Transit 2"``."""


def is_tripoli_tunisia_box(location: str) -> bool:
    """True when ``location`` is one of the four large Tripoli/Tunisia boxes (8.81, 8.88);
    compared without regard to case or surrounding spaces."""
    return location.strip().casefold() in _BOXES


def is_in_transit_box(location: str) -> bool:
    """True when ``location`` is an In Transit box between the Tripoli/Tunisia boxes (8.81)."""
    return location.strip().casefold().startswith(IN_TRANSIT_PREFIX.casefold())


def is_off_map(location: str) -> bool:
    """True in a Tripoli/Tunisia box or an In Transit box: off the game map (8.81)."""
    return is_tripoli_tunisia_box(location) or is_in_transit_box(location)


def has_unlimited_water(location: str) -> bool:
    """8.87: Water never runs short in a Tripoli/Tunisia box or an In Transit box."""
    return is_off_map(location)
