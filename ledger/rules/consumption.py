"""What CNA logistics consumes and loses: water, stores, fuel, ammunition, evaporation (49-52).

Pure functions over units, unit classes and weapon systems; nothing here makes events or
changes state. The rates are chart data in ``ledger/charts/data/`` (49.19 fuel, 49.3
evaporation, 50.2 ammunition, 51.1 stores, 52.4 water), each file with its case and source.

Amounts are whole supply points (Ammunition, Fuel, Stores, Water) unless a docstring says
``Fraction``; TOE Strength Points and Truck Points are whole; CP are exact (``Fraction`` in
quarter points, or ``int``). Where a rule rounds, the function says how: 49.3 rounds
evaporation down; 49.13 counts a part group of five CP (ruling ``49.13-fuel-part-group``);
50.16 rounds captured ammunition up. Negative amounts are programming errors (``ValueError``).

Rulings (options in ``ConsumptionRulings``, documented in docs/rulings.md):
``49.13-fuel-part-group``, ``49.12-class-points-fuel``, ``49.3-commonwealth-nine-percent``,
``49.3-fuel-in-vehicle-tanks``, ``51.12-prisoner-part-group``,
``51.16-captured-stores-halves``, ``52.41-infantry-regiment-counters``.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from importlib import resources
from math import ceil, floor
from typing import Any, Final, Literal

from ledger.model.clock import OPERATIONS_STAGES_PER_GAME_TURN, WEATHERS, GameTime, Weather
from ledger.model.quantities import Supplies
from ledger.model.rulings import check_options
from ledger.model.trucks import NON_MOTORIZED_CPA, TRUCK_TYPES, truck_chart
from ledger.model.units import Side, Unit, UnitClass, WeaponSystem

# Weather (ledger.model.clock): only Hot changes consumption (29.34, 29.35).

AmmoUse = Literal["barrage", "anti_armor", "close_assault", "close_assault_infantry", "anti_air"]
"""A combat function of chart 50.2 (Logistics Game played), charged per TOE point used."""
AbstractedUse = Literal["barrage", "assault", "anti_air"]
"""A line of chart 50.2 for the abstracted Logistics Game, charged per battalion equivalent."""
InfantryKind = Literal["ordinary", "machine_gun", "heavy_weapons"]
"""What an infantry unit's TOE points are for Close Assault ammunition (50.2)."""

FUEL_GROUP_RULING: Final = "49.13-fuel-part-group"
CLASS_FUEL_RULING: Final = "49.12-class-points-fuel"
COMMONWEALTH_RULING: Final = "49.3-commonwealth-nine-percent"
TANK_FUEL_RULING: Final = "49.3-fuel-in-vehicle-tanks"
PRISONER_RULING: Final = "51.12-prisoner-part-group"
CAPTURED_STORES_RULING: Final = "51.16-captured-stores-halves"
REGIMENT_RULING: Final = "52.41-infantry-regiment-counters"

WEAPON_KINDS: Final = frozenset(
    {"tank", "sp_gun", "gun", "anti_tank", "anti_air_light", "anti_air_heavy"}
)
"""Kinds of the Tank & Gun Characteristics charts (4.47, 4.48): Armor-class and Gun-class."""
_SMALL_ECHELONS: Final = frozenset({"battalion", "company"})
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


# --- rate files -------------------------------------------------------------------------


@cache
def rate_file(name: str) -> dict[str, Any]:
    """One rate file of ``ledger/charts/data/`` (``"49.3-evaporation"``) as parsed TOML; each
    has a ``case`` and a ``source``. Raises ``FileNotFoundError`` for an unknown name."""
    folder = resources.files("ledger.charts").joinpath("data")
    data: dict[str, Any] = tomllib.loads(
        folder.joinpath(f"{name}.toml").read_text(encoding="utf-8")
    )
    return data


def _fuel() -> dict[str, Any]:
    return rate_file("49.19-fuel-consumption")


def _water() -> dict[str, Any]:
    return rate_file("52.4-water-consumption")


def _stores() -> dict[str, Any]:
    return rate_file("51.1-stores-consumption")


def _evaporation() -> dict[str, Any]:
    return rate_file("49.3-evaporation")


def _ammo() -> dict[str, Any]:
    return rate_file("50.2-ammunition-consumption")


def fuel_chart() -> dict[int, tuple[Fraction, ...]]:
    """Chart 49.19 as printed: {CP of movement: Fuel Points per vehicle TOE point at fuel rate
    1, 2, ... 7}, exact; rows 1-4 and 5, 10, ... 50 CP. Every cell is rate x CP / 5."""
    return {int(r["cp"]): tuple(Fraction(c) for c in r["fuel"]) for r in _fuel()["row"]}


def _check(amount: Fraction | int, what: str) -> None:
    if amount < 0:
        raise ValueError(f"{what} {amount}: cannot be negative")


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
        return int(_fuel()["unrated_motorized_rate"])
    return 0


def fuel_groups(
    cp_moving: Fraction | int, rulings: ConsumptionRulings = DEFAULT_RULINGS
) -> Fraction:
    """49.13: the groups of five CP charged for ``cp_moving`` CP of movement (CP of combat
    burn no fuel). Ruling ``49.13-fuel-part-group``: ``"part-group-counts"`` rounds up (12 CP
    → 3, 12 1/2 → 3), ``"whole-groups-only"`` rounds down (12 → 2), ``"pro-rata"`` keeps the
    exact fifth (12 → 12/5, chart 49.19's fractional rows)."""
    _check(cp_moving, "CP of movement")
    exact = Fraction(cp_moving) / int(_fuel()["cp_per_group"])
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
    _check(toe_points, "TOE points")
    return ceil(rate * fuel_groups(cp_moving, rulings) * toe_points)


def unit_movement_fuel(
    unit: Unit,
    systems: Mapping[str, WeaponSystem],
    cp_moving: Fraction | int,
    rulings: ConsumptionRulings = DEFAULT_RULINGS,
) -> int:
    """49.13: Fuel Points a unit's TOE burns moving ``cp_moving`` CP, each holding at its own
    rate (``fuel_rate``), summed exactly and rounded up once (matters only under
    ``"pro-rata"``). Truck Points carrying the unit burn theirs apart
    (``truck_movement_fuel``). ``systems`` maps every TOE system id to its weapon system."""
    groups = fuel_groups(cp_moving, rulings)
    total = sum(
        (fuel_rate(systems[h.system], rulings) * groups * h.points for h in unit.toe), Fraction(0)
    )
    return ceil(total)


def truck_movement_fuel(
    truck_points: tuple[int, int, int],
    cp_moving: Fraction | int,
    rulings: ConsumptionRulings = DEFAULT_RULINGS,
) -> int:
    """49.13, 54.2: Fuel Points burnt by (light, medium, heavy) Truck Points moving
    ``cp_moving`` CP: each type's consumption factor (1 for all three) x groups of five CP x
    Truck Points, rounded up once. Example: 10 medium moving 12 CP → 30."""
    factor = _fuel()["truck_factor"]
    groups = fuel_groups(cp_moving, rulings)
    total = Fraction(0)
    for truck_type, points in zip(TRUCK_TYPES, truck_points, strict=True):
        _check(points, f"{truck_type} Truck Points")
        total += int(factor[truck_type]) * groups * points
    return ceil(total)


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
    return Fraction(system.cpa * rate, int(_fuel()["tank_cpa_divisor"]))


def unit_fuel_capacity(
    unit: Unit,
    systems: Mapping[str, WeaponSystem],
    rulings: ConsumptionRulings = DEFAULT_RULINGS,
) -> Fraction | None:
    """49.14: Fuel Points a unit's TOE holds in its tanks (``fuel_capacity`` x points, summed;
    ``None`` when any holding's is unknown). 1st RTR, 7 A9 Cruisers: 70."""
    total = Fraction(0)
    for holding in unit.toe:
        per_point = fuel_capacity(systems[holding.system], rulings)
        if per_point is None:
            return None
        total += per_point * holding.points
    return total


def truck_fuel_capacity(truck_points: tuple[int, int, int]) -> int:
    """54.2: Fuel Points the tanks of (light, medium, heavy) Truck Points hold: 8 a light, 6 a
    medium or heavy point (= 49.14 with their supplies CPA 40/30 and factor 1)."""
    chart = truck_chart()
    for truck_type, points in zip(TRUCK_TYPES, truck_points, strict=True):
        _check(points, f"{truck_type} Truck Points")
    return sum(chart[t].fuel_tank * n for t, n in zip(TRUCK_TYPES, truck_points, strict=True))


# --- water (52.4, 52.6, 29.35) --------------------------------------------------------


def hot_multiplier(weather: Weather) -> int:
    """29.35: water requirements are doubled (x 2) in Hot weather, else x 1. Raises
    ``ValueError`` for a weather that is not one of ``WEATHERS``."""
    if weather not in WEATHERS:
        raise ValueError(f"weather {weather!r}: expected one of {', '.join(WEATHERS)}")
    return int(_water()["hot_multiplier"]) if weather == "hot" else 1


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
    larger = unit_class.unit_type == "infantry" and unit.echelon not in _SMALL_ECHELONS
    if larger and rulings.regiments == "per-stacking-point":
        return max(1, unit.stacking_points or 1)
    return 1


def unit_water(
    unit: Unit,
    unit_class: UnitClass,
    systems: Mapping[str, WeaponSystem],
    *,
    used_cpa: bool,
    weather: Weather = "normal",
    rulings: ConsumptionRulings = DEFAULT_RULINGS,
) -> int:
    """Water Points one unit needs for an Operations Stage (52.41-52.43, 29.35), whole.

    An infantry battalion or company needs 1 whatever its TOE (52.41), and so does any counter
    with no vehicle points (52.52 counts every unit moving without vehicles as infantry; an
    infantry regiment counter: ``infantry_counters``). Each vehicle point (``vehicle_points``)
    needs 1 more when the unit expends any of its CPA this Operations Stage (``used_cpa``,
    52.42). All of it doubles when the weather is Hot (29.35). 129th Infantry Bn (TOE 5): 1,
    2 when Hot; 1st RTR (7 A9 Cruisers), having moved: 7, 14 when Hot; not moved: 0.
    """
    rates = _water()
    vehicles = vehicle_points(unit, unit_class, systems, rulings)
    water = 0
    if unit_class.unit_type == "infantry" or vehicles == 0:
        water += int(rates["per_infantry_counter"]) * infantry_counters(unit, unit_class, rulings)
    if used_cpa:
        water += int(rates["per_vehicle_point"]) * vehicles
    return water * hot_multiplier(weather)


def truck_water(truck_points: int, *, used_cpa: bool, weather: Weather = "normal") -> int:
    """52.42, 29.35: Water Points ``truck_points`` Truck Points (any type) need for an
    Operations Stage: 1 each when they expend any CPA, else 0; doubled when Hot."""
    _check(truck_points, "Truck Points")
    water = int(_water()["per_truck_point"]) * truck_points if used_cpa else 0
    return water * hot_multiplier(weather)


def pasta_water(
    unit: Unit, unit_class: UnitClass, rulings: ConsumptionRulings = DEFAULT_RULINGS
) -> int:
    """52.6: the Pasta Point — Water Points an Italian battalion takes on top of its Stores when
    they are issued (once a Game-Turn, in the Stores Expenditure Stage, so never doubled by an
    Operations Stage's heat): 1 per battalion; an Italian infantry regiment counter as
    ``infantry_counters``; 0 for companies, HQs and every other nationality."""
    rates = _water()
    if unit.nationality != rates["pasta_nationality"]:
        return 0
    per = int(rates["pasta_per_battalion"])
    if unit.echelon == "battalion":
        return per
    if unit_class.unit_type == "infantry" and unit.echelon not in _SMALL_ECHELONS:
        return per * infantry_counters(unit, unit_class, rulings)
    return 0


# --- stores (51.1) ----------------------------------------------------------------------


def unit_stores(unit: Unit, unit_class: UnitClass, *, half_rations: bool = False) -> int:
    """Stores a unit takes each Game-Turn: 4 per TOE Strength Point (51.11; 2 on half rations,
    51.2), but 1 for an HQ or engineer unit whatever its TOE (51.13). 129th Infantry Bn
    (TOE 5): 20, 10 on half rations; 1st RTR (TOE 7): 28; an HQ: 1."""
    rates = _stores()
    if unit_class.unit_type in rates["flat_unit_types"]:
        return int(rates["flat_per_unit"])
    per_point = rates["half_rations_per_toe_point"] if half_rations else rates["per_toe_point"]
    return int(per_point) * unit.toe_points


def prisoner_stores(prisoner_points: int, rulings: ConsumptionRulings = DEFAULT_RULINGS) -> int:
    """51.12: Stores for ``prisoner_points`` Prisoner Points for one Operations Stage (fed
    before one's own units): 1 per 5 Prisoner Points. Ruling ``51.12-prisoner-part-group``:
    ``"part-group-counts"`` (12 → 3) or ``"whole-groups-only"`` (12 → 2)."""
    _check(prisoner_points, "Prisoner Points")
    rates = _stores()
    groups = Fraction(prisoner_points, int(rates["prisoner_group"]))
    whole = ceil(groups) if rulings.prisoner_part_group == "part-group-counts" else floor(groups)
    return int(rates["prisoner_stores"]) * whole


def guard_stores(guard_points: int) -> int:
    """51.17: Stores for ``guard_points`` guard points for one Game-Turn: 2 each."""
    _check(guard_points, "guard points")
    return int(_stores()["per_guard_point"]) * guard_points


# --- ammunition (50.1, 50.2) ----------------------------------------------------------


def ammunition(use: AmmoUse, toe_points: int) -> int:
    """50.14, chart 50.2 (played): Ammunition Points used by ``toe_points`` TOE points in one
    combat function, whatever Actual points they make: barrage 4, anti-armor 3, close assault
    2 (Armor-, Gun-class, machine-gun and heavy-weapons infantry) or 1 (Infantry-class; see
    ``close_assault_use``), AA fire at one target group 2 — a point each. Defending in a Close
    Assault uses the same rate as attacking (50.14). Ten 105mm guns barraging: 40."""
    _check(toe_points, "TOE points")
    played: dict[str, Any] = _ammo()["played"]
    if use not in played:
        raise ValueError(f"ammunition use {use!r}: expected one of {', '.join(played)}")
    return int(played[use]) * toe_points


def close_assault_use(system: WeaponSystem, infantry_kind: InfantryKind = "ordinary") -> AmmoUse:
    """Which 50.2 close-assault line a TOE point uses: ``"close_assault"`` (2 a point) for a
    tank or gun (4.47, 4.48), for machine-gun or heavy-weapons infantry (``infantry_kind``;
    the scenario's OA sheets tell) and for class points with an Armor Protection rating
    (recce and armored cars, 11.14); else ``"close_assault_infantry"`` (1 a point)."""
    if system.kind in WEAPON_KINDS or infantry_kind != "ordinary":
        return "close_assault"
    if system.ratings.armor_protection is not None:
        return "close_assault"
    return "close_assault_infantry"


def abstracted_ammunition(use: AbstractedUse, battalion_equivalents: int, *, phasing: bool) -> int:
    """Chart 50.2 (abstracted Logistics Game): Ammunition Points for ``battalion_equivalents``
    in one combat: barrage 4 when Phasing, 2 when not; assault 1 either way; AA by gun-class
    units at one target group 1."""
    _check(battalion_equivalents, "battalion equivalents")
    rates: dict[str, Any] = _ammo()["abstracted"]
    if use == "anti_air":
        key = "anti_air"
    elif use in ("barrage", "assault"):
        key = f"{use}_{'phasing' if phasing else 'non_phasing'}"
    else:
        raise ValueError(f"abstracted use {use!r}: expected barrage, assault or anti_air")
    return int(rates[key]) * battalion_equivalents


# --- captured supplies (50.16, 51.16) -------------------------------------------------


def usable_captured(
    commodity: str, captured: int, rulings: ConsumptionRulings = DEFAULT_RULINGS
) -> int:
    """Supply points of ``commodity`` the captor may use out of ``captured`` taken (the rest
    are lost): Ammunition one third rounded up (50.16; a recaptured dump alike), Stores one
    half (51.16; ruling ``51.16-captured-stores-halves``: an odd half ``"up"`` or
    ``"down"``), Fuel and Water whole (the reference gives no share for them)."""
    _check(captured, f"captured {commodity}")
    if commodity == "ammo":
        return ceil(captured * Fraction(_ammo()["captured"]["usable"]))
    if commodity == "stores":
        half = captured * Fraction(_stores()["captured"]["usable"])
        return ceil(half) if rulings.captured_stores == "up" else floor(half)
    if commodity in ("fuel", "water"):
        return captured
    raise ValueError(f"commodity {commodity!r}: expected ammo, fuel, stores or water")


# --- evaporation (49.3, 29.34, 52.44) -------------------------------------------------


def commonwealth_period(game_turn: int) -> bool:
    """49.3: whether a Game-Turn falls in September 1940-August 1941, when the Commonwealth's
    fuel and water evaporate at 9 % (by ``GameTime.calendar``, ruling
    ``clock-four-turns-a-month``: GT 1-46)."""
    name, _, year = GameTime(game_turn, 1).calendar.split()
    month = (int(year), _MONTHS.index(name) + 1)
    rates = _evaporation()
    start, end = rates["commonwealth_from"], rates["commonwealth_to"]
    return (start["year"], start["month"]) <= month <= (end["year"], end["month"])


def evaporation_percent(
    side: Side, game_turn: int, rulings: ConsumptionRulings = DEFAULT_RULINGS
) -> int:
    """49.3: the per-Game-Turn loss of fuel and water in percent: 6; for the Commonwealth in
    ``commonwealth_period`` 9 (ruling ``49.3-commonwealth-nine-percent`` ``"replaces"``) or
    6 + 9 = 15 (``"adds"``)."""
    rates = _evaporation()
    base = int(rates["base_percent"])
    if side != "commonwealth" or not commonwealth_period(game_turn):
        return base
    extra = int(rates["commonwealth_percent"])
    return extra if rulings.commonwealth_rate == "replaces" else base + extra


def weekly_evaporation(
    stock: int,
    side: Side,
    game_turn: int,
    rulings: ConsumptionRulings = DEFAULT_RULINGS,
    *,
    in_vehicle_tanks: bool = False,
) -> int:
    """49.3, 52.44: Fuel or Water Points lost from an on-map ``stock`` in the Stores
    Expenditure Stage that opens Game-Turn ``game_turn`` (48 IV): ``evaporation_percent`` of
    it, rounded down. Fuel in a vehicle's own tanks loses nothing unless ruling
    ``49.3-fuel-in-vehicle-tanks`` is ``"weekly-loss"``. Wells, oases, pipelines and convoys
    at sea are not stocks. Axis 100 → 6; Commonwealth in GT 10 100 → 9."""
    _check(stock, "stock")
    if in_vehicle_tanks and rulings.fuel_in_tanks == "exempt":
        return 0
    return stock * evaporation_percent(side, game_turn, rulings) // 100


def hot_weather_evaporation(stock: int, *, in_vehicle_tanks: bool = False) -> int:
    """29.34: Fuel or Water Points lost from an on-map ``stock`` in the Weather Determination
    Phase of a Hot Operations Stage: 5 %, rounded down as 49.3 rounds; nothing from the fuel
    in vehicles' tanks (29.34). 94 → 4."""
    _check(stock, "stock")
    if in_vehicle_tanks:
        return 0
    return stock * int(_evaporation()["hot_percent"]) // 100


def game_turn_evaporation(
    stock: int,
    side: Side,
    game_turn: int,
    weather: Sequence[Weather],
    rulings: ConsumptionRulings = DEFAULT_RULINGS,
    *,
    in_vehicle_tanks: bool = False,
) -> int:
    """Fuel or Water Points a ``stock`` left alone loses over Game-Turn ``game_turn`` whose
    Operations Stages had ``weather`` (up to three, in order): the weekly loss first (48 IV,
    ``weekly_evaporation``), then 5 % of what remains in each Hot Operations Stage
    (``hot_weather_evaporation``), each rounded down. Never negative, never more than
    ``stock``. Axis 100 with one Hot OpStage: 6 + 4 = 10; Commonwealth, GT 10: 9 + 4 = 13."""
    if len(weather) > OPERATIONS_STAGES_PER_GAME_TURN:
        raise ValueError(f"{len(weather)} weathers: a Game-Turn has 3 Operations Stages (5.1)")
    left = stock - weekly_evaporation(
        stock, side, game_turn, rulings, in_vehicle_tanks=in_vehicle_tanks
    )
    for stage_weather in weather:
        if hot_multiplier(stage_weather) > 1:
            left -= hot_weather_evaporation(left, in_vehicle_tanks=in_vehicle_tanks)
    return stock - left


def supplies_evaporation(
    supplies: Supplies,
    side: Side,
    game_turn: int,
    weather: Sequence[Weather],
    rulings: ConsumptionRulings = DEFAULT_RULINGS,
) -> Supplies:
    """``game_turn_evaporation`` of the Fuel and Water of a dump's (or truck's) ``supplies``,
    as the ``Supplies`` lost; Ammunition and Stores do not evaporate (49.3, 52.44)."""
    commodities = _evaporation()["commodities"]
    lost = {
        c: game_turn_evaporation(supplies.get(c), side, game_turn, weather, rulings)
        for c in commodities
    }
    return Supplies(**lost)
