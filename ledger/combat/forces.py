"""What a combat is made of: committed TOE points, figures and column shifts (11.1-11.3).

An ``Element`` is some TOE Strength Points of one weapon system of one unit, as committed to one
combat function (or present in a hex, for losses and CP). A calculation reports its working as
``Figure`` rows and ``ColumnShift`` rows, so the CLI, the dashboard and the JSON output all show
the same intermediates.

Ruling ``3.2-combat-class``: the rules seed does not print case 3.2, which sorts units into the
Gun, Armor and Infantry classes that barrage targets (12.23). The ledger reads the class from
the unit's Unit Characteristics line: artillery, anti-tank and anti-aircraft units are Gun
class; tank and recce units are Armor class; every other unit is Infantry class.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Final, Literal

from ledger.model.strength import actual_points
from ledger.model.units import Ratings, Side, Unit, UnitClass, WeaponSystem

CombatClass = Literal["infantry", "armor", "gun"]
COMBAT_CLASSES: Final[tuple[CombatClass, ...]] = ("infantry", "armor", "gun")
CLASS_RULING: Final = "3.2-combat-class"

GUN_UNIT_TYPES: Final = frozenset({"artillery", "anti_tank", "anti_air"})
ARMOR_UNIT_TYPES: Final = frozenset({"tank", "recce"})
TANK_KINDS: Final = frozenset({"tank"})
"""Weapon-system kinds that are tanks for the combined-arms rule (15.4: not recce or SP guns)."""


def combat_class(unit_type: str) -> CombatClass:
    """The 3.2 class of a unit from its class's ``unit_type`` (ruling ``3.2-combat-class``):
    ``"gun"`` for artillery, anti-tank and anti-aircraft, ``"armor"`` for tank and recce,
    ``"infantry"`` for everything else (infantry, engineer, headquarters, ...)."""
    if unit_type in GUN_UNIT_TYPES:
        return "gun"
    if unit_type in ARMOR_UNIT_TYPES:
        return "armor"
    return "infantry"


@dataclass(frozen=True, slots=True)
class Element:
    """``points`` TOE Strength Points of weapon system ``system`` of unit ``unit``.

    ``unit`` is a ledger unit id, or any label for inline forces; ``ratings`` are the 11.1
    ratings of one point of ``system``; ``hex`` is where the points are. ``kind`` is the weapon
    system's kind (``"tank"``, ``"gun"``, ``"anti_tank"``, ...; a class's own points carry the
    class ``unit_type``), ``unit_type`` the unit's class ``unit_type`` and ``combat_class`` its
    3.2 class. ``self_propelled`` marks a gun with Armor Protection (14.47), ``halftrack`` points
    riding halftracks (14.48). ``forward`` is the gun position for Gun-class units (12.11;
    ``None`` for other units), ``italian`` the nationality rule of 12.14, ``recce`` a Recce-type
    unit (15.95), ``motorized`` a unit riding trucks or with CPA above 10 (12.46, 15.34).
    Raises ``ValueError`` for negative points.
    """

    unit: str
    system: str
    points: int
    ratings: Ratings
    side: Side
    hex: str = ""
    name: str = ""
    kind: str = ""
    unit_type: str = ""
    combat_class: CombatClass = "infantry"
    self_propelled: bool = False
    halftrack: bool = False
    forward: bool | None = None
    italian: bool = False
    recce: bool = False
    motorized: bool = False

    def __post_init__(self) -> None:
        if self.points < 0:
            raise ValueError(f"{self.unit} {self.system}: points {self.points} cannot be negative")

    @property
    def is_tank(self) -> bool:
        """True for tank TOE points (15.4 counts tanks only, not recce or SP guns): a tank
        weapon system outside a Recce unit."""
        return self.kind in TANK_KINDS and not self.recce and self.unit_type != "recce"

    def rating(self, rating: str) -> int:
        """The value of ``rating`` for one point (0 when the chart prints "-")."""
        return self.ratings.get(rating) or 0

    def raw(self, rating: str) -> int:
        """Raw points of ``rating``: rating x TOE points (11.31)."""
        return self.rating(rating) * self.points


def total_raw(elements: Iterable[Element], rating: str) -> int:
    """Raw points of ``rating`` summed over ``elements`` before any division (11.34)."""
    return sum(e.raw(rating) for e in elements)


def actual(raw: int) -> int:
    """Actual points from Raw points: Raw / 10 rounded half up, under 5 Raw is 0 (11.32, 11.33).

    108 Raw Barrage -> 11 Actual (11.35); 45 -> 5 (4.5 rounds up, not Python's round())."""
    return actual_points(raw, "barrage")


@dataclass(frozen=True, slots=True)
class ColumnShift:
    """A column shift on a combat chart: ``columns`` signed, positive towards the attacker (right
    on 15.79, higher points on 12.6 and 14.6), negative towards the defender; ``reason`` names
    the terrain, size or morale that gives it and ``case`` the rule."""

    reason: str
    columns: int
    case: str


def elements_of(
    unit: Unit,
    classes: Mapping[str, UnitClass],
    systems: Mapping[str, WeaponSystem],
    *,
    points: Mapping[str, int] | None = None,
    forward: bool | None = None,
    motorized: bool = False,
) -> list[Element]:
    """The ``Element``s of a ledger unit: every TOE holding, or only ``points`` {system id: TOE
    points} when given. Gun-class units get ``forward`` (default Forward when not given).

    Raises ``KeyError`` naming the system for a ``points`` entry the unit does not hold and
    ``ValueError`` when more points are asked than it holds."""
    unit_class = classes[unit.class_id]
    held: dict[str, int] = {}
    for holding in unit.toe:
        held[holding.system] = held.get(holding.system, 0) + holding.points
    wanted = dict(held) if points is None else dict(points)
    klass = combat_class(unit_class.unit_type)
    found: list[Element] = []
    for system_id, count in wanted.items():
        if system_id not in held:
            raise KeyError(f"{unit.name} has no TOE points of {system_id!r}")
        if count > held[system_id]:
            raise ValueError(
                f"{unit.name}: {count} TOE points of {system_id} asked, {held[system_id]} held"
            )
        system = systems[system_id]
        sp = system.kind == "gun" and system.ratings.armor_protection is not None
        found.append(
            Element(
                unit=unit.id,
                system=system_id,
                points=count,
                ratings=system.ratings,
                side=unit.side,
                hex=unit.location,
                name=f"{unit.name} {system.name}",
                kind=system.kind,
                unit_type=unit_class.unit_type,
                combat_class=klass,
                self_propelled=sp,
                forward=(True if forward is None else forward) if klass == "gun" else None,
                italian=unit.nationality.lower() in ("italian", "it"),
                recce=unit_class.unit_type == "recce",
                motorized=motorized or sum(unit.carried_by) > 0,
            )
        )
    return found


@dataclass(frozen=True, slots=True)
class Loss:
    """``points`` TOE Strength Points of weapon system ``system`` of unit ``unit`` lost (or
    captured) in a combat; ``absorbs`` is what they absorb (Damage Points 14.42, Raw points
    15.83d or Vulnerability points 15.84b, whichever the allocation is for)."""

    unit: str
    system: str
    points: int
    absorbs: int = 0


def one_row_each(losses: Iterable[Loss]) -> tuple[Loss, ...]:
    """``losses`` with one row per (unit, weapon system), points and what they absorb summed,
    in first-seen order: a defender's Forward guns can lose points to the Raw loss (15.83d)
    and again to their Vulnerability (15.84b), which an owner's allocation gives in one row
    (``parse_allocation`` refuses a pair listed twice, 14.43, 15.83)."""
    merged: dict[tuple[str, str], Loss] = {}
    for loss in losses:
        key = (loss.unit, loss.system)
        seen = merged.get(key)
        merged[key] = (
            loss
            if seen is None
            else Loss(
                loss.unit, loss.system, seen.points + loss.points, seen.absorbs + loss.absorbs
            )
        )
    return tuple(merged.values())
