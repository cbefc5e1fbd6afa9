"""Capability Point Allowance and the Disorganization Points that CP over it earn (6.1, 6.2).

Ruling ``unit-cpa-lowest-system`` (docs/rulings.md): a unit's CPA is its class's printed CPA,
lowered to the lowest CPA of the tanks and guns in its TOE (option ``class``: the class CPA
alone); a class CPA marked ``*`` is fixed whatever the TOE. Guns with CPA 0 count as 10 except
for movement (6.11).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Final

from ledger.model.units import Unit, UnitClass, WeaponSystem

ZERO_CPA_GUN_ALLOWANCE: Final = 10
"""6.11: a gun unit printed with CPA 0 has CPA 10 for every purpose except movement."""


def unit_cpa(
    unit: Unit,
    classes: Mapping[str, UnitClass],
    weapons: Mapping[str, WeaponSystem],
    *,
    for_movement: bool = False,
    lowest_system: bool = True,
) -> int | None:
    """The unit's Capability Point Allowance in CP (6.11, 6.13); ``None`` when not known.

    ``classes``/``weapons`` map ids to the catalogue. ``for_movement`` keeps a printed 0 as 0
    (6.11); otherwise CPA 0 counts as 10. ``lowest_system`` applies ruling
    ``unit-cpa-lowest-system``. The CPA is unknown (``None``) when neither the class nor any
    weapon system of the TOE has a printed CPA in the scenario data. Raises ``KeyError`` for a
    class or weapon id not in the catalogue (a scenario file is validated before this happens).
    """
    unit_class = classes[unit.class_id]
    cpa = unit_class.cpa
    if unit_class.cpa_mark == "*" or not lowest_system:
        candidates = [cpa] if cpa is not None else []
    else:
        system_cpas = [
            c
            for h in unit.toe
            if h.points > 0 and h.system in weapons and h.system != unit.class_id
            for c in [weapons[h.system].cpa]
            if c is not None
        ]
        candidates = [*([cpa] if cpa else []), *system_cpas] or ([cpa] if cpa is not None else [])
    if not candidates:
        return None
    lowest = min(candidates)
    if lowest == 0 and not for_movement:
        return ZERO_CPA_GUN_ALLOWANCE
    return lowest


def disorganization_earned(cp_expended: Fraction, cp: Fraction, cpa: int) -> Fraction:
    """DP earned by expending ``cp`` more CP after ``cp_expended`` this Operations Stage.

    One DP per CP over the CPA (6.21), counting only the part of this expenditure that lies
    beyond the CPA. Example (6.22): CPA 8, 5 CP expended, 5 more → 2 DP.
    """
    over_before = max(Fraction(0), cp_expended - cpa)
    over_after = max(Fraction(0), cp_expended + cp - cpa)
    return over_after - over_before


def cp_remaining(cp_expended: Fraction, cpa: int) -> Fraction:
    """CP left before the unit exceeds its CPA (never negative). Example (6.14): 8 − 6 → 2."""
    return max(Fraction(0), cpa - cp_expended)
