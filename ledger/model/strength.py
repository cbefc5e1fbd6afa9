"""Raw and Actual strength points of a rating (11.3).

Raw points = rating × TOE Strength Points, totalled over every contributing TOE point before
dividing (11.34). Actual points = Raw ÷ 10 rounded half up (11.32); under 5 Raw that is 0
(11.33). AA points are not divided (11.37). Vulnerability and Armor Protection are not summed
this way (11.38).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Final

from ledger.model.quantities import round_half_up
from ledger.model.units import Unit, WeaponSystem

SUMMED_RATINGS: Final = (
    "barrage",
    "anti_armor",
    "offensive_close_assault",
    "defensive_close_assault",
    "aa",
)
"""Ratings that become strength points by 11.31 (not Vulnerability or Armor Protection, 11.38)."""


def raw_points(units: Iterable[Unit], rating: str, weapons: Mapping[str, WeaponSystem]) -> int:
    """Raw points of ``rating`` for all TOE of ``units`` together (11.31, 11.34).

    ``weapons`` must hold every TOE system id (classes included, ``UnitClass.as_weapon_system``).
    A system without the rating contributes nothing. Raises ``ValueError`` for a rating that is
    not summed (Vulnerability, Armor Protection: 11.38).
    """
    if rating not in SUMMED_RATINGS:
        raise ValueError(f"rating {rating!r} is not converted to strength points (11.38)")
    total = 0
    for unit in units:
        for holding in unit.toe:
            value = weapons[holding.system].ratings.get(rating)
            if value is not None:
                total += value * holding.points
    return total


def actual_points(raw: int, rating: str = "barrage") -> int:
    """Actual points from Raw points (11.32, 11.33); AA Raw points are already Actual (11.37).

    Examples (11.35): 108 Raw Barrage → 11 Actual; 65 Raw Offensive Close Assault → 7.
    """
    if raw < 0:
        raise ValueError(f"raw points {raw} cannot be negative")
    if rating == "aa":
        return raw
    return round_half_up(Fraction(raw, 10))
