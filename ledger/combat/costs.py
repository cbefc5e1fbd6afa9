"""What a combat costs: Capability Points per unit (11.21-11.27, 15.96) and Ammunition Points
per TOE point used (50.14, chart 50.2 played).

CP are charged to every unit in a hex taking part, whether or not it fought (11.25). In one
combat a Phasing unit pays 5 CP for a barrage, anti-armor fire or a Close Assault (11.22), 2 for
a Probe (11.23) and 3 when it is barraged (11.23); a non-Phasing unit pays 3 (11.21), 2 against a
Probe (11.21b), 1 against a full Close Assault whose final Assault Differential is -4 or worse
(11.27) and nothing against a Probe whose final differential is worse than -3 (15.96). The caps
of 5 and 3 CP for a whole Combat Segment (11.24) apply when the charges of several combats are
combined (``segment_cp``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Final, Literal

from ledger.combat.forces import Element
from ledger.model.units import WeaponSystem
from ledger.rules.consumption import ammunition, close_assault_use

Action = Literal["barrage", "anti_armor", "close_assault", "probe"]
PHASING_CAP: Final = Fraction(5)
NON_PHASING_CAP: Final = Fraction(3)


@dataclass(frozen=True, slots=True)
class CPCharge:
    """``cp`` Capability Points unit ``unit`` in hex ``hex`` expends for a combat (11.2x)."""

    unit: str
    hex: str
    cp: Fraction
    case: str
    reason: str


@dataclass(frozen=True, slots=True)
class AmmoCharge:
    """``points`` Ammunition Points unit ``unit`` uses firing TOE points of ``system`` (50.2)."""

    unit: str
    system: str
    points: int
    case: str
    reason: str


def combat_cp(
    phasing: Iterable[tuple[str, str]],
    non_phasing: Iterable[tuple[str, str]],
    *,
    action: Action,
    final_differential: int | None = None,
) -> list[CPCharge]:
    """The CP each unit pays for one combat: ``phasing`` and ``non_phasing`` are (unit id, hex)
    of every unit in the hexes involved (11.25). For a barrage the Phasing side is the side
    firing; pass the barraged side as ``non_phasing`` (a barraged Phasing unit pays 3, 11.23: so
    give ``action="barrage"`` with the roles as fought). ``final_differential`` is the Adjusted
    Assault Differential for ``close_assault`` (11.27) and ``probe`` (15.96). A unit listed
    twice is charged once. Raises ``ValueError`` when a close assault or probe has no
    differential."""
    if action in ("close_assault", "probe") and final_differential is None:
        raise ValueError(f"{action}: the final Assault Differential is needed (11.27, 15.96)")
    charges: list[CPCharge] = []
    seen: set[str] = set()
    attack = Fraction(2) if action == "probe" else PHASING_CAP
    attack_case = "11.23" if action == "probe" else "11.22"
    for unit, hex_ in phasing:
        if unit not in seen:
            seen.add(unit)
            charges.append(CPCharge(unit, hex_, attack, attack_case, f"attacks ({action})"))
    defend, case, why = NON_PHASING_CAP, "11.21", "undergoes the attack"
    if action == "probe":
        defend, case = Fraction(2), "11.21b"
        if final_differential is not None and final_differential < -3:
            defend, case, why = Fraction(0), "15.96", "probe's final differential worse than -3"
    elif action == "close_assault" and final_differential is not None and final_differential <= -4:
        defend, case, why = Fraction(1), "11.27", "final Assault Differential -4 or worse"
    for unit, hex_ in non_phasing:
        if unit not in seen:
            seen.add(unit)
            charges.append(CPCharge(unit, hex_, defend, case, why))
    return charges


def barraged_phasing_cp(units: Iterable[tuple[str, str]]) -> list[CPCharge]:
    """11.23: Phasing units barraged by the non-Phasing side pay 3 CP each."""
    return [CPCharge(u, h, Fraction(3), "11.23", "barraged by the enemy") for u, h in units]


def segment_cp(charges: Iterable[CPCharge], phasing_units: Iterable[str]) -> dict[str, Fraction]:
    """A unit's CP for a whole Combat Segment: the largest charge of its combats, never above 5
    for a Phasing unit or 3 for a non-Phasing one (11.22, 11.24). {unit id: CP}."""
    phasing = set(phasing_units)
    total: dict[str, Fraction] = {}
    for charge in charges:
        cap = PHASING_CAP if charge.unit in phasing else NON_PHASING_CAP
        total[charge.unit] = min(cap, max(total.get(charge.unit, Fraction(0)), charge.cp))
    return total


def ammunition_for(
    elements: Iterable[Element], use: Literal["barrage", "anti_armor", "close_assault"]
) -> list[AmmoCharge]:
    """50.14, chart 50.2 (played): Ammunition Points for each element's TOE points used in one
    combat function: barrage 4 a point, anti-armor 3, close assault 2 for tanks, guns and
    points with Armor Protection, 1 for infantry (``ledger.rules.consumption.close_assault_use``).
    Ten 105mm guns barraging use 40."""
    charges: list[AmmoCharge] = []
    for e in elements:
        if e.points == 0:
            continue
        line: Literal[
            "barrage", "anti_armor", "close_assault", "close_assault_infantry", "anti_air"
        ] = use
        if use == "close_assault":
            system = WeaponSystem(
                id=e.system, name=e.name, kind=e.kind, cpa=None, ratings=e.ratings
            )
            line = close_assault_use(system)
        points = ammunition(line, e.points)
        charges.append(
            AmmoCharge(e.unit, e.system, points, "50.2", f"{e.points} TOE points, {use}")
        )
    return charges
