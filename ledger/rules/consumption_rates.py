"""The consumption rulings and the rates they shape, per TOE point, group of five CP or counter:
fuel rate, groups of five CP and fuel burnt or held (49.12-49.14), the Hot multiplier (29.35),
vehicle points and infantry counters for water (52.41, 52.42, 52.6), and the Commonwealth period
and evaporation percent of a Game-Turn (49.3).

``ConsumptionRulings`` holds the options in force (documented in docs/rulings.md). The amounts a
unit, truck or stock consumes or loses are ``ledger.rules.consumption``'s, which imports
everything here back, so each name keeps that path too.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from math import ceil, floor
from typing import Final

from ledger.model.clock import WEATHERS, GameTime, Weather
from ledger.model.quantities import check_amount_not_negative
from ledger.model.rulings import check_options
from ledger.model.trucks import NON_MOTORIZED_CPA
from ledger.model.units import Side, Unit, UnitClass, WeaponSystem
from ledger.rules.consumption_charts import (
    evaporation_chart,
    fuel_consumption_chart,
    water_consumption_chart,
)

FUEL_GROUP_RULING: Final = "49.13-fuel-part-group"
CLASS_FUEL_RULING: Final = "49.12-class-points-fuel"
COMMONWEALTH_RULING: Final = "49.3-commonwealth-nine-percent"
TANK_FUEL_RULING: Final = "49.3-fuel-in-vehicle-tanks"
PRISONER_RULING: Final = "51.12-prisoner-part-group"
CAPTURED_STORES_RULING: Final = "51.16-captured-stores-halves"
REGIMENT_RULING: Final = "52.41-infantry-regiment-counters"

BATTALION_OR_SMALLER: Final = frozenset({"battalion", "company"})
"""The echelons at or below battalion level: an infantry counter of any other echelon (an
Italian regiment) is counted by ``infantry_counters`` under ruling
``52.41-infantry-regiment-counters`` (52.41, 52.6)."""
_MONTHS: Final = (
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class ConsumptionRulings:
    """The options in force for the consumption rulings (each field is one ruling; defaults
    shown). Raises ``ValueError`` naming the ruling for an option it does not have."""

    fuel_part_group: str = "part-group-counts"
    class_points_fuel: str = "motorized-rate-1"
    commonwealth_rate: str = "replaces"
    fuel_in_tanks: str = "exempt"
    prisoner_part_group: str = "part-group-counts"
    captured_stores: str = "up"
    regiments: str = "as-battalion"

    def __post_init__(self) -> None:
        check_options(self._choices())

    def _choices(self) -> tuple[tuple[str, str], ...]:
        return (
            (FUEL_GROUP_RULING, self.fuel_part_group),
            (CLASS_FUEL_RULING, self.class_points_fuel),
            (COMMONWEALTH_RULING, self.commonwealth_rate),
            (TANK_FUEL_RULING, self.fuel_in_tanks),
            (PRISONER_RULING, self.prisoner_part_group),
            (CAPTURED_STORES_RULING, self.captured_stores),
            (REGIMENT_RULING, self.regiments),
        )

    @classmethod
    def from_choices(cls, option: Callable[[str], str]) -> ConsumptionRulings:
        """The rulings of a game, from its option lookup (e.g. ``GameState.ruling``)."""
        return cls(
            fuel_part_group=option(FUEL_GROUP_RULING),
            class_points_fuel=option(CLASS_FUEL_RULING),
            commonwealth_rate=option(COMMONWEALTH_RULING),
            fuel_in_tanks=option(TANK_FUEL_RULING),
            prisoner_part_group=option(PRISONER_RULING),
            captured_stores=option(CAPTURED_STORES_RULING),
            regiments=option(REGIMENT_RULING),
        )


DEFAULT_RULINGS: Final = ConsumptionRulings()


# --- fuel (49.1) ------------------------------------------------------------------------


def fuel_rate(system: WeaponSystem, rulings: ConsumptionRulings = DEFAULT_RULINGS) -> int:
    """The fuel rate of one TOE point of ``system`` (Fuel Points per five CP of movement,
    49.13): as printed on the Tank & Gun Characteristics charts (4.47, 4.48; 0 for the sited
    'I' AA guns). A unit class's own points (``UnitClass.as_weapon_system``) have no printed
    rate; ruling ``49.12-class-points-fuel``: ``"motorized-rate-1"`` gives those of a class
    with a CPA above 10 (motorized, 6.17) rate 1, the factor 49.13 gives trucks and recce;
    ``"printed-only"`` gives them 0 (foot units burn none, 49.12)."""
    if system.fuel_rate is not None:
        return system.fuel_rate
    motorized = system.cpa is not None and system.cpa > NON_MOTORIZED_CPA
    if rulings.class_points_fuel == "motorized-rate-1" and motorized:
        return int(fuel_consumption_chart()["unrated_motorized_rate"])
    return 0


def fuel_groups(
    cp_moving: Fraction | int, rulings: ConsumptionRulings = DEFAULT_RULINGS
) -> Fraction:
    """49.13: the groups of five CP charged for ``cp_moving`` CP of movement (CP of combat
    burn no fuel). Ruling ``49.13-fuel-part-group``: ``"part-group-counts"`` rounds up (12 CP
    → 3, 12 1/2 → 3), ``"whole-groups-only"`` rounds down (12 → 2), ``"pro-rata"`` keeps the
    exact fifth (12 → 12/5, chart 49.19's fractional rows)."""
    check_amount_not_negative(cp_moving, "CP of movement")
    exact = Fraction(cp_moving) / int(fuel_consumption_chart()["cp_per_group"])
    if rulings.fuel_part_group == "part-group-counts":
        return Fraction(ceil(exact))
    if rulings.fuel_part_group == "whole-groups-only":
        return Fraction(floor(exact))
    return exact


def movement_fuel(
    rate: int,
    cp_moving: Fraction | int,
    toe_points: int,
    rulings: ConsumptionRulings = DEFAULT_RULINGS,
) -> int:
    """49.13: Fuel Points burnt by ``toe_points`` TOE points (or Truck Points) of fuel rate
    ``rate`` moving ``cp_moving`` CP: rate x groups of five CP (``fuel_groups``) x points.
    Whole Fuel Points; under ``"pro-rata"`` the exact amount is rounded up once (a part point
    is still drawn). Example (49.13): rate 4, 12 CP, 1 TOE point → 12."""
    check_amount_not_negative(toe_points, "TOE points")
    return ceil(rate * fuel_groups(cp_moving, rulings) * toe_points)


def fuel_capacity(
    system: WeaponSystem, rulings: ConsumptionRulings = DEFAULT_RULINGS
) -> Fraction | None:
    """49.14: Fuel Points one TOE point of ``system`` holds in its own tanks: CPA x 1/5 x fuel
    rate (``fuel_rate``), exact (whole for every printed CPA, all multiples of five). A9
    Cruiser: 25 x 1/5 x 2 = 10. ``None`` when the CPA is not known and the rate is not 0."""
    rate = fuel_rate(system, rulings)
    if rate == 0:
        return Fraction(0)
    if system.cpa is None:
        return None
    return Fraction(system.cpa * rate, int(fuel_consumption_chart()["tank_cpa_divisor"]))


# --- water (52.4, 52.6, 29.35) --------------------------------------------------------


def hot_multiplier(weather: Weather) -> int:
    """29.35: water requirements are doubled (x 2) in Hot weather, else x 1. Raises
    ``ValueError`` for a weather that is not one of ``WEATHERS``."""
    if weather not in WEATHERS:
        raise ValueError(f"weather {weather!r}: expected one of {', '.join(WEATHERS)}")
    return int(water_consumption_chart()["hot_multiplier"]) if weather == "hot" else 1


def vehicle_points(
    unit: Unit,
    unit_class: UnitClass,
    systems: Mapping[str, WeaponSystem],
    rulings: ConsumptionRulings = DEFAULT_RULINGS,
) -> int:
    """52.42: the unit's vehicle TOE points — those that burn fuel (``fuel_rate`` above 0:
    tanks, guns, and recce or other motorized class points under ruling
    ``49.12-class-points-fuel``), except an infantry class's own points, which 52.41 waters."""
    infantry = unit_class.unit_type == "infantry"
    return sum(
        h.points
        for h in unit.toe
        if not (infantry and h.system == unit_class.id)
        and fuel_rate(systems[h.system], rulings) > 0
    )


def infantry_counters(
    unit: Unit, unit_class: UnitClass, rulings: ConsumptionRulings = DEFAULT_RULINGS
) -> int:
    """How many infantry battalions a counter counts as for 52.41 and 52.6: 1, except an
    infantry-class counter above battalion level (an Italian class m regiment), which ruling
    ``52.41-infantry-regiment-counters`` counts as 1 (``"as-battalion"``) or as its Stacking
    Points (``"per-stacking-point"``, 2 for a brigade, 9.4)."""
    larger = unit_class.unit_type == "infantry" and unit.echelon not in BATTALION_OR_SMALLER
    if larger and rulings.regiments == "per-stacking-point":
        return max(1, unit.stacking_points or 1)
    return 1


# --- evaporation (49.3, 29.34, 52.44) -------------------------------------------------


def commonwealth_period(game_turn: int) -> bool:
    """49.3: whether a Game-Turn falls in September 1940-August 1941, when the Commonwealth's
    fuel and water evaporate at 9 % (by ``GameTime.calendar``, ruling
    ``clock-four-turns-a-month``: GT 1-46)."""
    name, _, year = GameTime(game_turn, 1).calendar.split()
    month = (int(year), _MONTHS.index(name) + 1)
    rates = evaporation_chart()
    start, end = rates["commonwealth_from"], rates["commonwealth_to"]
    return (start["year"], start["month"]) <= month <= (end["year"], end["month"])


def evaporation_percent(
    side: Side, game_turn: int, rulings: ConsumptionRulings = DEFAULT_RULINGS
) -> int:
    """49.3: the per-Game-Turn loss of fuel and water in percent: 6; for the Commonwealth in
    ``commonwealth_period`` 9 (ruling ``49.3-commonwealth-nine-percent`` ``"replaces"``) or
    6 + 9 = 15 (``"adds"``)."""
    rates = evaporation_chart()
    base = int(rates["base_percent"])
    if side != "commonwealth" or not commonwealth_period(game_turn):
        return base
    extra = int(rates["commonwealth_percent"])
    return extra if rulings.commonwealth_rate == "replaces" else base + extra
