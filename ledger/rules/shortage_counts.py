"""The shortage rulings and what a shortage counts: ``ShortageRulings`` (the options in force,
documented in docs/rulings.md); whether a Game-Turn goes without Stores and the run of them, the
infantry-type points Stores attrition takes and how many (51.22); who goes short of water as
infantry and the run of Operations Stages without water (52.52, 52.53); the Fuel a unit burns per
group of five CP and the CP its fuel pays for (49.13, 49.16); the TOE points its Ammunition pays
for (50.14).

``ledger.rules.shortage`` turns these into each commodity's ``ShortageEffect`` and imports them
back, so each name keeps that path too.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import floor
from typing import Final

from ledger.model.quantities import check_amount_not_negative
from ledger.model.rulings import check_options
from ledger.model.units import Unit, UnitClass, WeaponSystem
from ledger.rules.consumption import AmmoUse, ammunition
from ledger.rules.consumption_charts import rate_file
from ledger.rules.consumption_rates import DEFAULT_RULINGS as CONSUMPTION_DEFAULTS
from ledger.rules.consumption_rates import ConsumptionRulings, fuel_rate, vehicle_points
from ledger.rules.shortage_effects import stores_shortage_chart

PARTIAL_STORES_RULING: Final = "51.22-partial-stores"
ATTRITION_BASE_RULING: Final = "51.22-attrition-base"
ATTRITION_HALVES_RULING: Final = "51.22-attrition-halves"
ATTRITION_SCOPE_RULING: Final = "51.22-attrition-scope"
INFANTRY_TYPE_RULING: Final = "51.22-infantry-type-points"
PARTIAL_WATER_RULING: Final = "52.5-partial-water"
WATERLESS_BARRAGE_RULING: Final = "52.51-waterless-barrage"
OUT_OF_AMMUNITION_RULING: Final = "15.15-out-of-ammunition"
NO_AMMUNITION_RULING: Final = "50.12-no-ammunition-surrender"


@dataclass(frozen=True, slots=True)
class ShortageRulings:
    """The options in force for the shortage rulings (each field is one ruling; defaults
    shown). Raises ``ValueError`` naming the ruling for an option it does not have."""

    partial_stores: str = "short-counts"
    attrition_base: str = "infantry-points"
    attrition_halves: str = "up"
    attrition_scope: str = "hex"
    infantry_type: str = "infantry-and-engineers"
    partial_water: str = "short-is-dry"
    waterless_barrage: str = "allowed"
    out_of_ammunition: str = "cannot-pay-one-point"
    no_ammunition: str = "zoc-or-fire"

    def __post_init__(self) -> None:
        check_options(self._choices())

    def _choices(self) -> tuple[tuple[str, str], ...]:
        return (
            (PARTIAL_STORES_RULING, self.partial_stores),
            (ATTRITION_BASE_RULING, self.attrition_base),
            (ATTRITION_HALVES_RULING, self.attrition_halves),
            (ATTRITION_SCOPE_RULING, self.attrition_scope),
            (INFANTRY_TYPE_RULING, self.infantry_type),
            (PARTIAL_WATER_RULING, self.partial_water),
            (WATERLESS_BARRAGE_RULING, self.waterless_barrage),
            (OUT_OF_AMMUNITION_RULING, self.out_of_ammunition),
            (NO_AMMUNITION_RULING, self.no_ammunition),
        )

    @classmethod
    def from_choices(cls, option: Callable[[str], str]) -> ShortageRulings:
        """The rulings of a game, from its option lookup (e.g. ``GameState.ruling``)."""
        return cls(*(option(ruling_id) for ruling_id, _ in cls()._choices()))


DEFAULT_RULINGS: Final = ShortageRulings()


# --- stores (51.21-51.23) ----------------------------------------------------------------


def infantry_type_points(
    unit: Unit, unit_class: UnitClass, rulings: ShortageRulings = DEFAULT_RULINGS
) -> int:
    """51.22: the unit's infantry-type TOE Strength Points, the only ones Stores attrition
    takes: the class's own points of an infantry unit (guns and tanks in its TOE are not).
    Ruling ``51.22-infantry-type-points``: ``"infantry-and-engineers"`` counts an engineer
    unit's own points too, ``"infantry-only"`` does not."""
    rates = stores_shortage_chart()["attrition"]
    types = list(rates["infantry_unit_types"])
    if rulings.infantry_type == "infantry-and-engineers":
        types += rates["engineer_unit_types"]
    if unit_class.unit_type not in types:
        return 0
    return sum(h.points for h in unit.toe if h.system == unit_class.id)


def without_stores(needed: int, received: int, rulings: ShortageRulings = DEFAULT_RULINGS) -> bool:
    """51.22: whether this Game-Turn counts as one without Stores. Ruling
    ``51.22-partial-stores``: ``"short-counts"``, whenever less than ``needed`` arrived (as
    51.21 treats any unfed TOE point); ``"none-only"``, only when nothing arrived."""
    check_amount_not_negative(needed, "Stores needed")
    check_amount_not_negative(received, "Stores received")
    if rulings.partial_stores == "none-only":
        return needed > 0 and received == 0
    return received < needed


def consecutive_without_stores(
    needed: int, received: int, before: int, rulings: ShortageRulings = DEFAULT_RULINGS
) -> int:
    """The run of consecutive Game-Turns without Stores after this one: ``before`` + 1, or 0
    once the unit is fed (51.22's count restarts)."""
    check_amount_not_negative(before, "consecutive Game-Turns")
    return before + 1 if without_stores(needed, received, rulings) else 0


def stores_attrition_percent(consecutive: int) -> int:
    """51.22: the percent of TOE points lost at the end of the ``consecutive``-th Game-Turn
    in a row without Stores: 2 at the 2nd, 4 at the 4th, 6 at the 6th...; 0 in odd ones."""
    check_amount_not_negative(consecutive, "consecutive Game-Turns")
    rates = stores_shortage_chart()["attrition"]
    interval = int(rates["attrition_interval"])
    if consecutive == 0 or consecutive % interval:
        return 0
    return int(rates["percent_step"]) * consecutive // interval


def _nearest(value: Fraction, rulings: ShortageRulings) -> int:
    """51.22: to the nearest whole point; an exact half as ruling ``51.22-attrition-halves``
    (``"up"`` or ``"down"``) says."""
    whole = floor(value)
    rest = value - whole
    if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and rulings.attrition_halves == "up"):
        return whole + 1
    return whole


def stores_attrition(
    infantry_points: int,
    consecutive: int,
    rulings: ShortageRulings = DEFAULT_RULINGS,
    *,
    toe_points: int | None = None,
) -> int:
    """51.22: infantry-type TOE points lost by units ``consecutive`` Game-Turns in a row
    without Stores: ``stores_attrition_percent`` of their points, to the nearest whole, never
    more than ``infantry_points``. Ruling ``51.22-attrition-base``: the percent is of the
    infantry-type points (``"infantry-points"``) or of all ``toe_points`` (``"all-points"``,
    taken from the infantry). A 6-point battalion after 2 Game-Turns: 0.12 → 0; after 10:
    0.6 → 1; 30 points after 2: 0.6 → 1."""
    check_amount_not_negative(infantry_points, "infantry-type points")
    total = infantry_points if toe_points is None else toe_points
    if total < infantry_points:
        raise ValueError(f"TOE points {total}: fewer than the infantry-type {infantry_points}")
    base = total if rulings.attrition_base == "all-points" else infantry_points
    lost = _nearest(Fraction(base * stores_attrition_percent(consecutive), 100), rulings)
    return min(lost, infantry_points)


def hex_stores_attrition(
    units: Sequence[tuple[int, int]],
    consecutive: int,
    rulings: ShortageRulings = DEFAULT_RULINGS,
) -> int:
    """51.22 for the units of one side in a hex sharing a run of ``consecutive`` Game-Turns
    without Stores, given as (infantry-type points, TOE points) each: the infantry-type points
    they lose together. Ruling ``51.22-attrition-scope``: ``"hex"`` rounds once over the
    hex's total (the owner picks the points lost); ``"unit"`` rounds each unit's own. Five
    6-point battalions after 2 Game-Turns: 30 x 2 % = 0.6 → 1 (``"unit"``: 5 x 0 = 0)."""
    if rulings.attrition_scope == "unit":
        return sum(stores_attrition(i, consecutive, rulings, toe_points=t) for i, t in units)
    infantry = sum(i for i, _ in units)
    toe = sum(t for _, t in units)
    return stores_attrition(infantry, consecutive, rulings, toe_points=toe)


# --- water (52.51-52.53, 52.6) ---------------------------------------------------------


def moves_as_infantry(
    unit: Unit,
    unit_class: UnitClass,
    systems: Mapping[str, WeaponSystem],
    rulings: ConsumptionRulings = CONSUMPTION_DEFAULTS,
) -> bool:
    """52.52: whether the unit goes short of water as infantry (an infantry class, or any unit
    moving without vehicles: no vehicle points, ``consumption.vehicle_points``) rather than as
    vehicles (52.51) — the same split that prices its water (52.41, 52.42)."""
    infantry = unit_class.unit_type == "infantry"
    return infantry or vehicle_points(unit, unit_class, systems, rulings) == 0


def without_water(needed: int, received: int, rulings: ShortageRulings = DEFAULT_RULINGS) -> bool:
    """Whether the unit is without water this Operations Stage. Ruling ``52.5-partial-water``:
    ``"short-is-dry"``, whenever less than ``needed`` is there (a Hot OpStage's double need
    included); ``"some-water-suffices"``, only when none is. Nothing needed is never dry."""
    check_amount_not_negative(needed, "Water needed")
    check_amount_not_negative(received, "Water received")
    if rulings.partial_water == "some-water-suffices":
        return needed > 0 and received == 0
    return received < needed


def consecutive_without_water(
    needed: int, received: int, before: int, rulings: ShortageRulings = DEFAULT_RULINGS
) -> int:
    """The run of consecutive Operations Stages without water after this one (52.53)."""
    check_amount_not_negative(before, "consecutive Operations Stages")
    return before + 1 if without_water(needed, received, rulings) else 0


# --- fuel (49.13-49.16) ------------------------------------------------------------------


def fuel_per_group(
    unit: Unit,
    systems: Mapping[str, WeaponSystem],
    rulings: ConsumptionRulings = CONSUMPTION_DEFAULTS,
) -> int:
    """49.13: Fuel Points the unit's TOE burns per group of five CP of movement: each
    holding's ``consumption.fuel_rate`` x points, summed. 1st RTR (7 A9, rate 2): 14."""
    return sum(fuel_rate(systems[h.system], rulings) * h.points for h in unit.toe)


def cp_fuel_allows(
    per_group: int, available: int, rulings: ConsumptionRulings = CONSUMPTION_DEFAULTS
) -> Fraction | None:
    """49.16: the most CP of movement (whole quarter points) ``available`` Fuel Points pay
    for a unit burning ``per_group`` per five CP; ``None`` when it burns none. Under ruling
    ``49.13-fuel-part-group``: ``"part-group-counts"`` 5 x whole groups paid (14 a group,
    30 Fuel: 10 CP); ``"whole-groups-only"`` just short of the next group (14 3/4);
    ``"pro-rata"`` 5 x 30 / 14 to the quarter below (10 1/2)."""
    check_amount_not_negative(per_group, "Fuel per group")
    check_amount_not_negative(available, "Fuel available")
    if per_group == 0:
        return None
    cp_per_group = int(rate_file("49.1-fuel-shortage")["movement"]["cp_per_group"])
    groups = available // per_group
    if rulings.fuel_part_group == "part-group-counts":
        return Fraction(cp_per_group * groups)
    if rulings.fuel_part_group == "whole-groups-only":
        return Fraction(cp_per_group * (groups + 1)) - Fraction(1, 4)
    return Fraction(floor(Fraction(cp_per_group * available * 4, per_group)), 4)


# --- ammunition (50.12, 50.14, 15.15) ----------------------------------------------------


def ammunition_points_paid(use: AmmoUse, available: int) -> int:
    """50.14: how many TOE points ``available`` Ammunition Points let fire (or assault) in
    combat function ``use`` (chart 50.2): 13 Ammunition, barrage (4 a point) → 3."""
    check_amount_not_negative(available, "Ammunition available")
    return available // ammunition(use, 1)
