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

The chart data is loaded by ``ledger.rules.consumption_charts``; the ruling options
(``ConsumptionRulings``) and the rates they shape per TOE point, group of five CP or counter are
in ``ledger.rules.consumption_rates``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from math import ceil, floor
from typing import Any, Final, Literal

from ledger.model.clock import OPERATIONS_STAGES_PER_GAME_TURN, Weather
from ledger.model.quantities import Supplies, check_amount_not_negative
from ledger.model.trucks import TRUCK_TYPES, truck_chart
from ledger.model.units import Side, Unit, UnitClass, WeaponSystem
from ledger.rules.consumption_charts import (
    ammunition_consumption_chart,
    evaporation_chart,
    fuel_consumption_chart,
    stores_consumption_chart,
    water_consumption_chart,
)
from ledger.rules.consumption_rates import (
    BATTALION_OR_SMALLER,
    DEFAULT_RULINGS,
    ConsumptionRulings,
    evaporation_percent,
    fuel_capacity,
    fuel_groups,
    fuel_rate,
    hot_multiplier,
    infantry_counters,
    vehicle_points,
)

# Weather (ledger.model.clock): only Hot changes consumption (29.34, 29.35).

AmmoUse = Literal["barrage", "anti_armor", "close_assault", "close_assault_infantry", "anti_air"]
"""A combat function of chart 50.2 (Logistics Game played), charged per TOE point used."""
AbstractedUse = Literal["barrage", "assault", "anti_air"]
"""A line of chart 50.2 for the abstracted Logistics Game, charged per battalion equivalent."""
InfantryKind = Literal["ordinary", "machine_gun", "heavy_weapons"]
"""What an infantry unit's TOE points are for Close Assault ammunition (50.2)."""

WEAPON_KINDS: Final = frozenset(
    {"tank", "sp_gun", "gun", "anti_tank", "anti_air_light", "anti_air_heavy"}
)
"""Kinds of the Tank & Gun Characteristics charts (4.47, 4.48): Armor-class and Gun-class."""


# --- fuel (49.1) ------------------------------------------------------------------------


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
    factor = fuel_consumption_chart()["truck_factor"]
    groups = fuel_groups(cp_moving, rulings)
    total = Fraction(0)
    for truck_type, points in zip(TRUCK_TYPES, truck_points, strict=True):
        check_amount_not_negative(points, f"{truck_type} Truck Points")
        total += int(factor[truck_type]) * groups * points
    return ceil(total)


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
        check_amount_not_negative(points, f"{truck_type} Truck Points")
    return sum(chart[t].fuel_tank * n for t, n in zip(TRUCK_TYPES, truck_points, strict=True))


# --- water (52.4, 52.6, 29.35) --------------------------------------------------------


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
    rates = water_consumption_chart()
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
    check_amount_not_negative(truck_points, "Truck Points")
    water = int(water_consumption_chart()["per_truck_point"]) * truck_points if used_cpa else 0
    return water * hot_multiplier(weather)


def pasta_water(
    unit: Unit, unit_class: UnitClass, rulings: ConsumptionRulings = DEFAULT_RULINGS
) -> int:
    """52.6: the Pasta Point — Water Points an Italian battalion takes on top of its Stores when
    they are issued (once a Game-Turn, in the Stores Expenditure Stage, so never doubled by an
    Operations Stage's heat): 1 per battalion; an Italian infantry regiment counter as
    ``infantry_counters``; 0 for companies, HQs and every other nationality."""
    rates = water_consumption_chart()
    if unit.nationality != rates["pasta_nationality"]:
        return 0
    per = int(rates["pasta_per_battalion"])
    if unit.echelon == "battalion":
        return per
    if unit_class.unit_type == "infantry" and unit.echelon not in BATTALION_OR_SMALLER:
        return per * infantry_counters(unit, unit_class, rulings)
    return 0


# --- stores (51.1) ----------------------------------------------------------------------


def unit_stores(unit: Unit, unit_class: UnitClass, *, half_rations: bool = False) -> int:
    """Stores a unit takes each Game-Turn: 4 per TOE Strength Point (51.11; 2 on half rations,
    51.2), but 1 for an HQ or engineer unit whatever its TOE (51.13). 129th Infantry Bn
    (TOE 5): 20, 10 on half rations; 1st RTR (TOE 7): 28; an HQ: 1."""
    rates = stores_consumption_chart()
    if unit_class.unit_type in rates["flat_unit_types"]:
        return int(rates["flat_per_unit"])
    per_point = rates["half_rations_per_toe_point"] if half_rations else rates["per_toe_point"]
    return int(per_point) * unit.toe_points


def prisoner_stores(prisoner_points: int, rulings: ConsumptionRulings = DEFAULT_RULINGS) -> int:
    """51.12: Stores for ``prisoner_points`` Prisoner Points for one Operations Stage (fed
    before one's own units): 1 per 5 Prisoner Points. Ruling ``51.12-prisoner-part-group``:
    ``"part-group-counts"`` (12 → 3) or ``"whole-groups-only"`` (12 → 2)."""
    check_amount_not_negative(prisoner_points, "Prisoner Points")
    rates = stores_consumption_chart()
    groups = Fraction(prisoner_points, int(rates["prisoner_group"]))
    whole = ceil(groups) if rulings.prisoner_part_group == "part-group-counts" else floor(groups)
    return int(rates["prisoner_stores"]) * whole


def guard_stores(guard_points: int) -> int:
    """51.17: Stores for ``guard_points`` guard points for one Game-Turn: 2 each."""
    check_amount_not_negative(guard_points, "guard points")
    return int(stores_consumption_chart()["per_guard_point"]) * guard_points


# --- ammunition (50.1, 50.2) ----------------------------------------------------------


def ammunition(use: AmmoUse, toe_points: int) -> int:
    """50.14, chart 50.2 (played): Ammunition Points used by ``toe_points`` TOE points in one
    combat function, whatever Actual points they make: barrage 4, anti-armor 3, close assault
    2 (Armor-, Gun-class, machine-gun and heavy-weapons infantry) or 1 (Infantry-class; see
    ``close_assault_use``), AA fire at one target group 2 — a point each. Defending in a Close
    Assault uses the same rate as attacking (50.14). Ten 105mm guns barraging: 40."""
    check_amount_not_negative(toe_points, "TOE points")
    played: dict[str, Any] = ammunition_consumption_chart()["played"]
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
    check_amount_not_negative(battalion_equivalents, "battalion equivalents")
    rates: dict[str, Any] = ammunition_consumption_chart()["abstracted"]
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
    check_amount_not_negative(captured, f"captured {commodity}")
    if commodity == "ammo":
        return ceil(captured * Fraction(ammunition_consumption_chart()["captured"]["usable"]))
    if commodity == "stores":
        half = captured * Fraction(stores_consumption_chart()["captured"]["usable"])
        return ceil(half) if rulings.captured_stores == "up" else floor(half)
    if commodity in ("fuel", "water"):
        return captured
    raise ValueError(f"commodity {commodity!r}: expected ammo, fuel, stores or water")


# --- evaporation (49.3, 29.34, 52.44) -------------------------------------------------


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
    check_amount_not_negative(stock, "stock")
    if in_vehicle_tanks and rulings.fuel_in_tanks == "exempt":
        return 0
    return stock * evaporation_percent(side, game_turn, rulings) // 100


def hot_weather_evaporation(stock: int, *, in_vehicle_tanks: bool = False) -> int:
    """29.34: Fuel or Water Points lost from an on-map ``stock`` in the Weather Determination
    Phase of a Hot Operations Stage: 5 %, rounded down as 49.3 rounds; nothing from the fuel
    in vehicles' tanks (29.34). 94 → 4."""
    check_amount_not_negative(stock, "stock")
    if in_vehicle_tanks:
        return 0
    return stock * int(evaporation_chart()["hot_percent"]) // 100


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
    commodities = evaporation_chart()["commodities"]
    lost = {
        c: game_turn_evaporation(supplies.get(c), side, game_turn, weather, rulings)
        for c in commodities
    }
    return Supplies(**lost)
