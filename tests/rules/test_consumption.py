"""Consumption and evaporation rates (49-52, 29.3): each rate against its rule, worked by hand.

The figures in the comments are worked from the reference numbers (rates-crossref.csv, the
49.19 and 50.2 chart CSVs, the 60.22 OA sheets and weapon charts), not read off the code.
"""

from fractions import Fraction
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ledger.io.scenario import bundled_scenarios, load_scenario
from ledger.model.apply import start
from ledger.model.clock import WEATHERS, GameTime, Weather
from ledger.model.events import GameStarted
from ledger.model.quantities import Supplies
from ledger.model.rulings import RULINGS
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.model.units import Unit, UnitClass
from ledger.rules.consumption import (
    abstracted_ammunition,
    ammunition,
    close_assault_use,
    game_turn_evaporation,
    guard_stores,
    hot_weather_evaporation,
    pasta_water,
    prisoner_stores,
    supplies_evaporation,
    truck_fuel_capacity,
    truck_movement_fuel,
    truck_water,
    unit_fuel_capacity,
    unit_movement_fuel,
    unit_stores,
    unit_water,
    usable_captured,
    weekly_evaporation,
)
from ledger.rules.consumption_charts import fuel_chart, rate_file
from ledger.rules.consumption_rates import (
    CAPTURED_STORES_RULING,
    CLASS_FUEL_RULING,
    COMMONWEALTH_RULING,
    DEFAULT_RULINGS,
    FUEL_GROUP_RULING,
    PRISONER_RULING,
    REGIMENT_RULING,
    TANK_FUEL_RULING,
    ConsumptionRulings,
    commonwealth_period,
    evaporation_percent,
    fuel_capacity,
    fuel_groups,
    fuel_rate,
    movement_fuel,
)

OPTIONS = {r.id: r.options for r in RULINGS}
ALL_RULINGS = st.builds(
    ConsumptionRulings,
    fuel_part_group=st.sampled_from(OPTIONS[FUEL_GROUP_RULING]),
    class_points_fuel=st.sampled_from(OPTIONS[CLASS_FUEL_RULING]),
    commonwealth_rate=st.sampled_from(OPTIONS[COMMONWEALTH_RULING]),
    fuel_in_tanks=st.sampled_from(OPTIONS[TANK_FUEL_RULING]),
    prisoner_part_group=st.sampled_from(OPTIONS[PRISONER_RULING]),
    captured_stores=st.sampled_from(OPTIONS[CAPTURED_STORES_RULING]),
    regiments=st.sampled_from(OPTIONS[REGIMENT_RULING]),
)
WHOLE_GROUPS = ConsumptionRulings(fuel_part_group="whole-groups-only")
PRO_RATA = ConsumptionRulings(fuel_part_group="pro-rata")
PRINTED_ONLY = ConsumptionRulings(class_points_fuel="printed-only")

# Graziani's Offensive (60.22) counters used below, with their OA-sheet TOE.
BN_129 = "it.1ccnn_div.129th_infantry_bn"  # Italian infantry, class x, TOE 5, CPA 10
RTR_1 = "cw.7_armd_div.1st_royal_tank_regt"  # 7 A9 Cruisers: CPA 25, fuel rate 2
LXIII = "it.libyan_tank_command.lxiii_l_tank_bn"  # 9 CV 33: CPA 25, fuel rate 1
HUSSARS_11 = "cw.7_armd_div.11th_hussars"  # recce class ll, CPA 45, 6 own points
FIELD_8 = "cw.unassigned_arty.8th_field_artillery_regt"  # 6 25-pounders: CPA 15, rate 1
BUFFS = "cw.unassigned_inf.1st_buffs"  # British infantry, class p, TOE 6
RNF_MG = "cw.unassigned_inf.1st_rnf_mg_bn"  # machine-gun battalion, class u, TOE 3
CCNN_HQ = "it.1ccnn_div.1st_ccnn_div_hq"  # HQ class g, 1 own point, CPA 20
LEGION_219 = "it.1ccnn_div.219th_legion_hq"  # HQ class g holding one 65/17 gun
ENGINEERS_201 = "it.1ccnn_div.201st_engineer_bn"  # engineer class bbb
CAMELS_1 = "it.gruppo_maletti.1_sahariano_camel_bn"  # recce class zz, CPA 10, TOE 5
SUPPORT_GROUP = "cw.7_armd_div.7th_support_group_hq"  # class a HQ, no TOE in the file
REGT_54 = "it.derna_garrison.54th_territorial_inf_regt"  # class m regiment, 2 Stacking Points
BERSAGLIERI = "it.1ccnn_div.201st_bersaglieri_mitrg_coy"  # Italian company


@cache
def _graziani() -> GameState:
    setup = load_scenario(bundled_scenarios()["graziani"])
    return start(GameStarted(Source(setup.info.start), setup))


@pytest.fixture(scope="module")
def graziani() -> GameState:
    return _graziani()


def unit(state: GameState, unit_id: str) -> tuple[Unit, UnitClass]:
    found = state.units[unit_id]
    return found, state.classes[found.class_id]


def water(
    state: GameState,
    unit_id: str,
    *,
    used_cpa: bool,
    weather: Weather = "normal",
    rulings: ConsumptionRulings = DEFAULT_RULINGS,
) -> int:
    u, c = unit(state, unit_id)
    return unit_water(u, c, state.systems, used_cpa=used_cpa, weather=weather, rulings=rulings)


# --- water (52.41-52.43, 29.35, 52.6) ---------------------------------------------------


def test_52_41_an_infantry_battalion_drinks_one_whatever_its_toe_doubled_when_hot(
    graziani: GameState,
) -> None:
    # 129th Infantry Bn, TOE 5: 1 Water Point an OpStage (not 5), moving or not; Hot: 2 x 1.
    assert water(graziani, BN_129, used_cpa=True) == 1
    assert water(graziani, BN_129, used_cpa=False) == 1
    assert water(graziani, BN_129, used_cpa=True, weather="hot") == 2
    assert water(graziani, BN_129, used_cpa=True, weather="sandstorm") == 1
    assert water(graziani, BN_129, used_cpa=True, weather="rainstorm") == 1
    # 1st Buffs, TOE 6: also 1.
    assert water(graziani, BUFFS, used_cpa=True) == 1


def test_52_42_vehicles_drink_a_point_each_only_when_they_use_cpa(graziani: GameState) -> None:
    # 1st RTR, 7 A9 Cruisers: moved → 7 x 1 = 7; Hot → 14; stood still → 0.
    assert water(graziani, RTR_1, used_cpa=True) == 7
    assert water(graziani, RTR_1, used_cpa=True, weather="hot") == 14
    assert water(graziani, RTR_1, used_cpa=False, weather="hot") == 0
    # 8th Field Artillery Regt, 6 25-pounders (artillery is a vehicle, 52.42): 6.
    assert water(graziani, FIELD_8, used_cpa=True) == 6
    # 219th Legion HQ, one 65/17 gun: 1 when it moves, 0 when not.
    assert water(graziani, LEGION_219, used_cpa=True) == 1
    assert water(graziani, LEGION_219, used_cpa=False) == 0


def test_recce_class_points_are_vehicles_under_the_default_class_fuel_ruling(
    graziani: GameState,
) -> None:
    # 11th Hussars, 6 recce points of class ll (CPA 45): moved → 6 (52.42 names recce).
    assert water(graziani, HUSSARS_11, used_cpa=True) == 6
    # printed-only: no printed fuel rate, no vehicles, so it drinks as infantry (52.52): 1.
    assert water(graziani, HUSSARS_11, used_cpa=True, rulings=PRINTED_ONLY) == 1


def test_units_moving_without_vehicles_drink_as_infantry(graziani: GameState) -> None:
    # 1st Sahariano camel battalion (class zz, CPA 10, TOE 5): no fuel, so 1; Hot 2.
    assert water(graziani, CAMELS_1, used_cpa=True) == 1
    assert water(graziani, CAMELS_1, used_cpa=False, weather="hot") == 2
    # 7th Support Group HQ (class a, no TOE points in the scenario file): 1.
    assert water(graziani, SUPPORT_GROUP, used_cpa=False) == 1


def test_52_42_truck_points_drink_when_they_move() -> None:
    # 10 medium Truck Points driving this OpStage: 10; Hot: 20; parked: 0.
    assert truck_water(10, used_cpa=True) == 10
    assert truck_water(10, used_cpa=True, weather="hot") == 20
    assert truck_water(10, used_cpa=False, weather="hot") == 0


def test_52_6_the_pasta_point(graziani: GameState) -> None:
    # Each Italian battalion: 1 Water a Game-Turn with its Stores, whatever its type.
    assert pasta_water(*unit(graziani, BN_129)) == 1
    assert pasta_water(*unit(graziani, LXIII)) == 1
    assert pasta_water(*unit(graziani, CAMELS_1)) == 1
    # Not for British battalions, Italian companies or Italian HQs.
    assert pasta_water(*unit(graziani, BUFFS)) == 0
    assert pasta_water(*unit(graziani, BERSAGLIERI)) == 0
    assert pasta_water(*unit(graziani, CCNN_HQ)) == 0


def test_52_41_regiment_counters_ruling(graziani: GameState) -> None:
    # 54th Territorial Inf. Regt: one counter, 2 Stacking Points (a brigade, 9.4).
    per_sp = ConsumptionRulings(regiments="per-stacking-point")
    assert water(graziani, REGT_54, used_cpa=True) == 1
    assert water(graziani, REGT_54, used_cpa=True, rulings=per_sp) == 2
    assert water(graziani, REGT_54, used_cpa=True, weather="hot", rulings=per_sp) == 4
    assert pasta_water(*unit(graziani, REGT_54)) == 1
    assert pasta_water(*unit(graziani, REGT_54), per_sp) == 2
    # Battalions are not touched by the ruling.
    assert water(graziani, BN_129, used_cpa=True, rulings=per_sp) == 1


def test_an_unknown_weather_is_refused(graziani: GameState) -> None:
    with pytest.raises(ValueError, match="weather 'foggy'"):
        water(graziani, BN_129, used_cpa=True, weather="foggy")  # type: ignore[arg-type]


# --- stores (51.11-51.17) ---------------------------------------------------------------


def test_51_11_four_stores_per_toe_point_a_game_turn(graziani: GameState) -> None:
    # 129th Infantry Bn: 4 x 5 = 20; on half rations 2 x 5 = 10. 1st RTR: 4 x 7 = 28.
    assert unit_stores(*unit(graziani, BN_129)) == 20
    assert unit_stores(*unit(graziani, BN_129), half_rations=True) == 10
    assert unit_stores(*unit(graziani, RTR_1)) == 28
    # 8th Field Artillery Regt, 6 guns: 24.
    assert unit_stores(*unit(graziani, FIELD_8)) == 24


def test_51_13_hq_and_engineers_take_one_whatever_their_toe(graziani: GameState) -> None:
    assert unit_stores(*unit(graziani, CCNN_HQ)) == 1
    assert unit_stores(*unit(graziani, LEGION_219)) == 1  # an HQ holding a gun
    assert unit_stores(*unit(graziani, ENGINEERS_201)) == 1
    assert unit_stores(*unit(graziani, SUPPORT_GROUP)) == 1


def test_51_12_prisoners_and_51_17_guards() -> None:
    # 12 Prisoner Points: 12 / 5 = 2 2/5 groups → 3 Stores an OpStage (part group counts),
    # 2 (whole groups only). 10 points: 2 either way.
    whole = ConsumptionRulings(prisoner_part_group="whole-groups-only")
    assert prisoner_stores(12) == 3
    assert prisoner_stores(12, whole) == 2
    assert prisoner_stores(10) == prisoner_stores(10, whole) == 2
    assert prisoner_stores(0) == 0
    # 3 guard points: 2 x 3 = 6 Stores a Game-Turn.
    assert guard_stores(3) == 6


# --- fuel (49.13, 49.14, 49.19, 54.2) ---------------------------------------------------


def test_49_13_example_rate_4_twelve_cp() -> None:
    # 12 CP = 5 + 5 + 2: three groups, 4 x 3 = 12 Fuel Points per TOE point.
    assert movement_fuel(4, 12, 1) == 12
    assert fuel_groups(12) == 3
    assert fuel_groups(12, WHOLE_GROUPS) == 2
    assert fuel_groups(12, PRO_RATA) == Fraction(12, 5)


def test_a_tank_battalion_moving_twelve_cp(graziani: GameState) -> None:
    # 1st RTR: 7 A9 Cruisers at rate 2.
    u = graziani.units[RTR_1]
    # part group counts: 2 x 3 groups x 7 = 42.
    assert unit_movement_fuel(u, graziani.systems, 12) == 42
    # whole groups only: 2 x 2 x 7 = 28.
    assert unit_movement_fuel(u, graziani.systems, 12, WHOLE_GROUPS) == 28
    # pro-rata: 2 x 12/5 x 7 = 168/5 = 33.6, rounded up to 34.
    assert unit_movement_fuel(u, graziani.systems, 12, PRO_RATA) == 34
    # 12 1/2 CP (half-CP road hexes) is still three groups: 42.
    assert unit_movement_fuel(u, graziani.systems, Fraction(25, 2)) == 42
    # Combat CP burn nothing: 0 CP of movement, 0 fuel.
    assert unit_movement_fuel(u, graziani.systems, 0) == 0


def test_a_short_move_under_each_option(graziani: GameState) -> None:
    # LXIII(L) Tank Bn, 9 CV 33 at rate 1, moving 3 CP: one part group → 9; none → 0;
    # pro-rata 9 x 3/5 = 27/5 = 5.4 → 6 (chart 49.19 row 3, rate 1: 0.6 a point).
    u = graziani.units[LXIII]
    assert unit_movement_fuel(u, graziani.systems, 3) == 9
    assert unit_movement_fuel(u, graziani.systems, 3, WHOLE_GROUPS) == 0
    assert unit_movement_fuel(u, graziani.systems, 3, PRO_RATA) == 6


def test_49_12_who_burns_fuel(graziani: GameState) -> None:
    systems = graziani.systems
    # Guns burn (49.12): 8th Field Artillery Regt, 6 x rate 1 x 2 groups (8 CP) = 12.
    assert unit_movement_fuel(graziani.units[FIELD_8], systems, 8) == 12
    # Foot infantry (class x, CPA 10) burns nothing.
    assert unit_movement_fuel(graziani.units[BN_129], systems, 8) == 0
    # 11th Hussars (recce class, CPA 45): rate 1 x 3 groups (12 CP) x 6 = 18; printed-only 0.
    assert unit_movement_fuel(graziani.units[HUSSARS_11], systems, 12) == 18
    assert unit_movement_fuel(graziani.units[HUSSARS_11], systems, 12, PRINTED_ONLY) == 0
    # The printed rates of the weapon charts: A9 2, CV 33 1, 25-pounder 1, sited 'I' AA 0.
    assert fuel_rate(systems["cw.a9_cruiser"]) == 2
    assert fuel_rate(systems["it.cv33"]) == 1
    assert fuel_rate(systems["cw.25_pounder_gun"]) == 1
    assert fuel_rate(systems["it.aa_heavy_i"]) == 0


def test_54_2_truck_fuel() -> None:
    # Factor 1 for every type: 10 medium moving 12 CP → 1 x 3 x 10 = 30.
    assert truck_movement_fuel((0, 10, 0), 12) == 30
    # 4 light, 2 medium, 1 heavy moving 5 CP → 7.
    assert truck_movement_fuel((4, 2, 1), 5) == 7
    # Tanks: 8 a light, 6 a medium or heavy point → 10 medium 60; one of each 20.
    assert truck_fuel_capacity((0, 10, 0)) == 60
    assert truck_fuel_capacity((1, 1, 1)) == 20


def test_49_14_fuel_a_vehicle_holds(graziani: GameState) -> None:
    systems = graziani.systems
    # A9 Cruiser: CPA 25 x 1/5 x rate 2 = 10 a point; 1st RTR 7 x 10 = 70.
    assert fuel_capacity(systems["cw.a9_cruiser"]) == 10
    assert unit_fuel_capacity(graziani.units[RTR_1], systems) == 70
    # CV 33: 25 x 1/5 x 1 = 5; LXIII(L) 9 x 5 = 45. 25-pounder: 15 / 5 x 1 = 3; 6 guns 18.
    assert unit_fuel_capacity(graziani.units[LXIII], systems) == 45
    assert unit_fuel_capacity(graziani.units[FIELD_8], systems) == 18
    # 11th Hussars: 45 x 1/5 x 1 = 9 a point, 54; none under printed-only; foot infantry none.
    assert unit_fuel_capacity(graziani.units[HUSSARS_11], systems) == 54
    assert unit_fuel_capacity(graziani.units[HUSSARS_11], systems, PRINTED_ONLY) == 0
    assert unit_fuel_capacity(graziani.units[BN_129], systems) == 0


def test_49_19_every_printed_cell_is_rate_times_cp_over_five() -> None:
    chart = fuel_chart()
    assert sorted(chart) == [1, 2, 3, 4, *range(5, 55, 5)]
    for cp, row in chart.items():
        assert len(row) == 7
        for rate, cell in enumerate(row, start=1):
            assert cell == Fraction(rate * cp, 5), (cp, rate)
            # pro-rata reads the chart exactly for one TOE point
            assert rate * fuel_groups(cp, PRO_RATA) == cell
    assert chart[3][0] == Fraction(3, 5)  # printed 0.6
    assert chart[50][6] == 70


# --- ammunition (50.2, 50.14) -----------------------------------------------------------


def test_50_14_example_and_the_combat_example() -> None:
    # 50.14: four 150mm guns barraging: 4 TOE x 4 = 16, whatever Actual points they make.
    assert ammunition("barrage", 4) == 16
    # The combat example at the end of the seed rules: ten 105mm guns barrage, 10 x 4 = 40;
    # six 25-pounders, 6 x 4 = 24; 5 PzIII Specials fire Anti-Armor, 5 x 3 = 15; six
    # 2-pounders, 6 x 3 = 18.
    assert ammunition("barrage", 10) == 40
    assert ammunition("barrage", 6) == 24
    assert ammunition("anti_armor", 5) == 15
    assert ammunition("anti_armor", 6) == 18
    # AA fire by 3 TOE points at one target group: 3 x 2 = 6.
    assert ammunition("anti_air", 3) == 6


def test_50_2_close_assault_by_class(graziani: GameState) -> None:
    systems = graziani.systems
    # 1st RTR's 7 A9 Cruisers assaulting (Armor-class): 7 x 2 = 14; defending the same.
    assert close_assault_use(systems["cw.a9_cruiser"]) == "close_assault"
    assert ammunition("close_assault", 7) == 14
    # 1st Buffs, 6 infantry points defending (Infantry-class): 6 x 1 = 6.
    assert close_assault_use(systems["cw.p"]) == "close_assault_infantry"
    assert ammunition(close_assault_use(systems["cw.p"]), 6) == 6
    # 1st RNF MG Bn, 3 machine-gun infantry points: 3 x 2 = 6.
    assert ammunition(close_assault_use(systems["cw.u"], "machine_gun"), 3) == 6
    # Recce with an Armor Protection rating (11th Hussars, class ll): 6 x 2 = 12.
    assert ammunition(close_assault_use(systems["cw.ll"]), 6) == 12
    # Guns in Close Assault (Gun-class): 2 a point.
    assert close_assault_use(systems["cw.25_pounder_gun"]) == "close_assault"


def test_50_2_abstracted_rates() -> None:
    # Per battalion equivalent: barrage 4 Phasing / 2 not; assault 1; AA 1.
    assert abstracted_ammunition("barrage", 2, phasing=True) == 8
    assert abstracted_ammunition("barrage", 2, phasing=False) == 4
    assert abstracted_ammunition("assault", 3, phasing=True) == 3
    assert abstracted_ammunition("assault", 3, phasing=False) == 3
    assert abstracted_ammunition("anti_air", 2, phasing=False) == 2


def test_ammunition_refuses_unknown_uses() -> None:
    with pytest.raises(ValueError, match="ammunition use 'strafe'"):
        ammunition("strafe", 1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="TOE points -1"):
        ammunition("barrage", -1)


# --- evaporation (49.3, 29.34, 52.44) ---------------------------------------------------

ONE_HOT: tuple[Weather, ...] = ("normal", "hot", "normal")


def test_49_3_axis_dump_over_a_game_turn_with_one_hot_opstage() -> None:
    # 100 Fuel: Stores Expenditure Stage 6 % → 6 (94 left); the Hot OpStage 5 % of 94 =
    # 4.7 → 4 (90 left). Lost 10.
    assert weekly_evaporation(100, "axis", 10) == 6
    assert hot_weather_evaporation(94) == 4
    assert game_turn_evaporation(100, "axis", 10, ONE_HOT) == 10
    # No Hot OpStage: 6 only.
    assert game_turn_evaporation(100, "axis", 10, ("normal", "sandstorm", "rainstorm")) == 6


def test_49_3_commonwealth_dump_in_gt_10() -> None:
    # GT 10 is November IV 1940, inside September 1940 - August 1941: 9 % → 9 (91 left);
    # Hot: 5 % of 91 = 4.55 → 4 (87 left). Lost 13.
    assert GameTime(10, 1).calendar == "November IV 1940"
    assert evaporation_percent("commonwealth", 10) == 9
    assert game_turn_evaporation(100, "commonwealth", 10, ONE_HOT) == 13
    # 'adds': 6 + 9 = 15 % → 15 (85 left); 5 % of 85 = 4.25 → 4. Lost 19.
    adds = ConsumptionRulings(commonwealth_rate="adds")
    assert evaporation_percent("commonwealth", 10, adds) == 15
    assert game_turn_evaporation(100, "commonwealth", 10, ONE_HOT, adds) == 19
    # The Axis never pays the Commonwealth rate.
    assert evaporation_percent("axis", 10, adds) == 6


def test_49_3_the_commonwealth_period_ends_with_august_1941() -> None:
    # Four Game-Turns a month from September III 1940: GT 46 = August IV 1941 (9 %),
    # GT 47 = September I 1941 (6 %).
    assert GameTime(46, 1).calendar == "August IV 1941"
    assert GameTime(47, 1).calendar == "September I 1941"
    assert commonwealth_period(1) and commonwealth_period(46)
    assert not commonwealth_period(47)
    assert weekly_evaporation(100, "commonwealth", 46) == 9
    assert weekly_evaporation(100, "commonwealth", 47) == 6


def test_49_3_rounds_down() -> None:
    # 6 % of 10 = 0.6 → 0; of 17 = 1.02 → 1; of 33 = 1.98 → 1. 5 % of 19 = 0.95 → 0.
    assert weekly_evaporation(10, "axis", 1) == 0
    assert weekly_evaporation(17, "axis", 1) == 1
    assert weekly_evaporation(33, "axis", 1) == 1
    assert hot_weather_evaporation(19) == 0
    # Three Hot OpStages on 100 Axis fuel: 100 → 94 → 90 (4.7) → 86 (4.5) → 82 (4.3): 18.
    assert game_turn_evaporation(100, "axis", 5, ("hot", "hot", "hot")) == 18


def test_fuel_in_vehicle_tanks() -> None:
    # 29.34: no Hot loss from the tanks; the weekly loss as ruled.
    weekly = ConsumptionRulings(fuel_in_tanks="weekly-loss")
    assert game_turn_evaporation(50, "axis", 3, ONE_HOT, in_vehicle_tanks=True) == 0
    # weekly-loss: 6 % of 50 = 3, and no Hot 5 %.
    assert game_turn_evaporation(50, "axis", 3, ONE_HOT, weekly, in_vehicle_tanks=True) == 3


def test_52_44_water_evaporates_ammunition_and_stores_do_not() -> None:
    # Axis dump, GT 10, one Hot OpStage. Fuel 100: 10 (above). Water 40: 6 % = 2.4 → 2
    # (38 left), Hot 5 % of 38 = 1.9 → 1. Lost 3.
    dump = Supplies(ammo=40, fuel=100, stores=30, water=40)
    assert supplies_evaporation(dump, "axis", 10, ONE_HOT) == Supplies(fuel=10, water=3)


def test_a_game_turn_has_three_weathers_at_most() -> None:
    with pytest.raises(ValueError, match="3 Operations Stages"):
        game_turn_evaporation(100, "axis", 1, ("hot",) * 4)


# --- captured supplies (50.16, 51.16) ---------------------------------------------------


def test_captured_supplies() -> None:
    # Ammunition: a third rounded up: 10 → 3 1/3 → 4; 9 → 3; 1 → 1.
    assert usable_captured("ammo", 10) == 4
    assert usable_captured("ammo", 9) == 3
    assert usable_captured("ammo", 1) == 1
    # Stores: a half: 8 → 4; 7 → 3 1/2 → 4 (up) or 3 (down).
    assert usable_captured("stores", 8) == 4
    assert usable_captured("stores", 7) == 4
    assert usable_captured("stores", 7, ConsumptionRulings(captured_stores="down")) == 3
    # Fuel and water: no share in the reference, usable whole.
    assert usable_captured("fuel", 10) == 10
    assert usable_captured("water", 10) == 10
    with pytest.raises(ValueError, match="commodity 'guns'"):
        usable_captured("guns", 1)


# --- rulings and data -------------------------------------------------------------------


def test_the_rulings_are_the_ledgers_and_default_as_documented(graziani: GameState) -> None:
    defaults = {r.id: r.default for r in RULINGS}
    assert ConsumptionRulings.from_choices(defaults.__getitem__) == DEFAULT_RULINGS
    assert ConsumptionRulings.from_choices(graziani.ruling) == DEFAULT_RULINGS
    assert defaults[FUEL_GROUP_RULING] == "part-group-counts"
    assert defaults[COMMONWEALTH_RULING] == "replaces"
    with pytest.raises(ValueError, match=FUEL_GROUP_RULING):
        ConsumptionRulings(fuel_part_group="round-down")


def test_every_rate_file_names_its_case_and_source() -> None:
    for name, case in (
        ("49.19-fuel-consumption", "49.19"),
        ("49.3-evaporation", "49.3"),
        ("50.2-ammunition-consumption", "50.2"),
        ("51.1-stores-consumption", "51.1"),
        ("52.4-water-consumption", "52.4"),
    ):
        data = rate_file(name)
        assert data["case"] == case
        assert "reference" in data["source"]


# --- properties -------------------------------------------------------------------------


@given(
    stock=st.integers(0, 1_000_000),
    side=st.sampled_from(("axis", "commonwealth")),
    game_turn=st.integers(1, 120),
    weather=st.lists(st.sampled_from(WEATHERS), max_size=3),
    rulings=ALL_RULINGS,
    in_tanks=st.booleans(),
)
def test_evaporation_is_never_negative_nor_more_than_the_stock(
    stock: int,
    side: str,
    game_turn: int,
    weather: list[str],
    rulings: ConsumptionRulings,
    in_tanks: bool,
) -> None:
    lost = game_turn_evaporation(
        stock,
        side,  # type: ignore[arg-type]
        game_turn,
        weather,  # type: ignore[arg-type]
        rulings,
        in_vehicle_tanks=in_tanks,
    )
    assert 0 <= lost <= stock


QUARTER_CP = st.integers(0, 400).map(lambda q: Fraction(q, 4))


@given(
    cp=st.tuples(QUARTER_CP, QUARTER_CP).map(sorted),
    rate=st.integers(0, 7),
    toe=st.integers(0, 20),
    rulings=ALL_RULINGS,
)
def test_fuel_is_monotone_in_cp(
    cp: list[Fraction], rate: int, toe: int, rulings: ConsumptionRulings
) -> None:
    low, high = cp
    assert movement_fuel(rate, low, toe, rulings) <= movement_fuel(rate, high, toe, rulings)
    # whole groups ≤ pro-rata ≤ part groups, for the same move
    whole = movement_fuel(rate, high, toe, WHOLE_GROUPS)
    assert whole <= movement_fuel(rate, high, toe, PRO_RATA) <= movement_fuel(rate, high, toe)


@given(
    unit_id=st.sampled_from(sorted(_graziani().units)),
    used=st.booleans(),
    rulings=ALL_RULINGS,
)
def test_hot_weather_doubles_every_units_water(
    unit_id: str, used: bool, rulings: ConsumptionRulings
) -> None:
    state = _graziani()
    normal = water(state, unit_id, used_cpa=used, rulings=rulings)
    assert water(state, unit_id, used_cpa=used, weather="hot", rulings=rulings) == 2 * normal
    assert normal >= 0
