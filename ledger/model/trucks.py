"""Truck points: the Truck Characteristics Chart (54.2) and what trucks do for units.

First-line truck points are attached to a unit bearing a historical designation and belong to
the highest Parent Formation that unit is with (8.96). A non-motorized unit (CPA 10 or less,
6.17) carried by enough truck points takes the truck CPA for its cargo (6.17, 8.92, 8.95): the
1st RNF on medium trucks moves at 20, not 8.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from importlib import resources
from math import floor
from typing import Final, Literal

from ledger.model.quantities import COMMODITIES, Supplies
from ledger.model.units import Unit, UnitClass

TruckType = Literal["light", "medium", "heavy"]
TRUCK_TYPES: Final[tuple[TruckType, ...]] = ("light", "medium", "heavy")
Cargo = Literal["infantry", "guns"]

NON_MOTORIZED_CPA: Final = 10
"""6.17: units with a basic CPA of 10 or less may be carried by trucks."""
GUN_UNIT_TYPES: Final = frozenset({"artillery", "anti_tank", "anti_air"})
"""Unit types whose TOE points ride trucks as guns (54.2 artillery column, 6.17 AA 0+)."""


@dataclass(frozen=True, slots=True)
class TruckCharacteristics:
    """One row of chart 54.2, per truck point: CPA by cargo (``None`` = may not carry it) and
    capacity (TOE Strength Points of infantry/artillery/AA, supply points of each commodity)."""

    type: TruckType
    cpa_infantry: int | None
    cpa_guns: int | None
    cpa_supplies: int | None
    capacity: Mapping[str, Fraction]
    fuel_tank: int
    breakdown_shift_left: int


@cache
def truck_chart() -> dict[TruckType, TruckCharacteristics]:
    """Chart 54.2 by truck type, read from ``charts/data/54.2-truck-characteristics.toml``."""
    text = (
        resources.files("ledger.charts")
        .joinpath("data")
        .joinpath("54.2-truck-characteristics.toml")
        .read_text(encoding="utf-8")
    )
    chart: dict[TruckType, TruckCharacteristics] = {}
    for row in tomllib.loads(text)["truck"]:
        capacity = {
            key.removeprefix("capacity_"): Fraction(value)
            for key, value in row.items()
            if key.startswith("capacity_")
        }
        chart[row["type"]] = TruckCharacteristics(
            row["type"],
            row.get("cpa_infantry"),
            row.get("cpa_guns"),
            row.get("cpa_supplies"),
            capacity,
            row["fuel_tank"],
            row["breakdown_shift_left"],
        )
    return chart


def cargo_of(unit_class: UnitClass) -> Cargo:
    """What a unit's TOE points are as truck cargo: ``guns`` for artillery, anti-tank and AA
    classes (54.2 artillery column; 6.17: one medium or heavy point per AA TOE point), else
    ``infantry``."""
    return "guns" if unit_class.unit_type in GUN_UNIT_TYPES else "infantry"


def capacity_for(cargo: Cargo, carried_by: tuple[int, int, int]) -> Fraction:
    """TOE Strength Points that ``carried_by`` (light, medium, heavy truck points) can carry
    of ``cargo`` (54.2: a light point carries ½ infantry point and no guns)."""
    column = "infantry" if cargo == "infantry" else "artillery"
    chart = truck_chart()
    return sum(
        (
            chart[t].capacity.get(column, Fraction(0)) * n
            for t, n in zip(TRUCK_TYPES, carried_by, strict=True)
        ),
        Fraction(0),
    )


def truck_cpa(cargo: Cargo, carried_by: tuple[int, int, int]) -> int | None:
    """The CPA of the slowest truck type among ``carried_by`` for ``cargo`` (6.17, 54.2);
    ``None`` when no trucks, or a type that may not carry the cargo, are among them."""
    chart = truck_chart()
    cpas = []
    for t, n in zip(TRUCK_TYPES, carried_by, strict=True):
        if n:
            cpa = chart[t].cpa_infantry if cargo == "infantry" else chart[t].cpa_guns
            if cpa is None:
                return None
            cpas.append(cpa)
    return min(cpas) if cpas else None


def carried_cpa(unit: Unit, unit_class: UnitClass) -> int | None:
    """The truck CPA a unit moves at when ``unit.carried_by`` carries all its TOE points
    (6.17, 8.92: the unit becomes motorized); ``None`` when it is not fully carried."""
    if not any(unit.carried_by):
        return None
    cargo = cargo_of(unit_class)
    if capacity_for(cargo, unit.carried_by) < unit.toe_points:
        return None
    return truck_cpa(cargo, unit.carried_by)


def points_needed(cargo: Cargo, toe_points: int, truck_type: TruckType) -> int | None:
    """Truck points of one type needed to carry ``toe_points`` of ``cargo`` (rounded up);
    ``None`` when that type may not carry it. Example (6.17): 1st RNF, 6 infantry points →
    6 medium, 3 heavy or 12 light."""
    column = "infantry" if cargo == "infantry" else "artillery"
    per_point = truck_chart()[truck_type].capacity.get(column)
    if not per_point:
        return None
    needed = Fraction(toe_points) / per_point
    return int(needed) + (1 if needed.denominator != 1 else 0)


def add_points(*groups: Iterable[int]) -> tuple[int, int, int]:
    """Light, medium and heavy truck points summed over several triples."""
    total = [0, 0, 0]
    for group in groups:
        for i, n in enumerate(group):
            total[i] += n
    return (total[0], total[1], total[2])


def group_capacity(light: int, medium: int, heavy: int) -> Supplies:
    """54.2: the supply points of each commodity ``light``, ``medium`` and ``heavy`` Truck
    Points carry when they carry nothing else: Σ points × capacity per point of each type.
    5 light + 5 medium: Fuel 5 × 50 + 5 × 120 = 850, Ammunition 5 × 2 + 5 × 4 = 30."""
    chart = truck_chart()
    amounts = []
    for commodity in COMMODITIES:
        total = sum(
            (
                chart[t].capacity[commodity] * n
                for t, n in zip(TRUCK_TYPES, (light, medium, heavy), strict=True)
            ),
            Fraction(0),
        )
        amounts.append(floor(total))
    return Supplies(*amounts)


def filled_share(cargo: Supplies, capacity: Supplies) -> Fraction:
    """The share of a group's capacity its ``cargo`` fills, a mixed load counted pro rata
    (54.2; as the convoy planner counts it): Σ cargo ÷ capacity over the commodities. 1 is
    full; a group with no capacity is full when it carries anything."""
    share = Fraction(0)
    for commodity, amount in cargo.nonzero():
        room = capacity.get(commodity)
        if room <= 0:
            return Fraction(1) if amount > 0 else share
        share += Fraction(amount, room)
    return share
