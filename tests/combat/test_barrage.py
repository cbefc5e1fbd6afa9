"""Barrage (12.0-12.6, 10.33-10.35): firing groups, columns, exact odds, dice, CP, ammunition,
Holding Off, facilities; worked examples of 11.35, 12.33 and the combat example after 15.96."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction

import pytest

from ledger.combat.barrage import BarrageTarget, calculate_barrage, read_barrage
from ledger.combat.barrage_facility import MissingChartError, barrage_facility
from ledger.combat.firing_groups import BarrageFire, check_barrage_plan, check_firing_group
from ledger.combat.forces import Element, elements_of
from ledger.combat.holding_off import HoldingOffTarget, holding_off
from ledger.io.scenario import bundled_scenarios, load_scenario
from ledger.model.rulings import RULINGS
from ledger.model.scenario import Setup
from ledger.model.units import Ratings


@pytest.fixture(scope="module")
def examples() -> Setup:
    return load_scenario(bundled_scenarios()["rules-examples"])


def guns_of(setup: Setup, *unit_ids: str, forward: bool = True) -> list[Element]:
    classes = {c.id: c for c in setup.classes}
    systems = {w.id: w for w in setup.weapons} | {c.id: c.as_weapon_system() for c in setup.classes}
    units = {u.id: u for u in setup.units}
    return [e for u in unit_ids for e in elements_of(units[u], classes, systems, forward=forward)]


def gun(unit: str, points: int, barrage: int = 9, **kw: object) -> Element:
    fields: dict[str, object] = {"side": "axis", "hex": "B", "combat_class": "gun", "forward": True}
    fields.update(kw)
    return Element(unit, "105mm", points, Ratings(barrage=barrage), **fields)  # type: ignore[arg-type]


# --- worked examples ------------------------------------------------------------------------------


def test_11_35_the_90th_leichte_artillery_fires_11_actual_points(examples: Setup) -> None:
    guns = guns_of(examples, "de.90le.361_artillery_bn", "de.90le.190_artillery_regt")
    calc = calculate_barrage(guns, BarrageTarget("Infantry #1", "infantry", "X", ("clear",)))
    figures = {f.name: f.value for f in calc.figures}
    # 3 x 9 = 27; 3 x 18 + 3 x 9 = 81; 108 Raw -> 10.8 -> 11 Actual (11.32, 11.34).
    assert figures["Raw Barrage Points"] == 108
    assert figures["Actual Barrage Points"] == 11
    assert calc.actual_points == 11
    assert calc.column == "11-12"
    # Infantry 11-12: no effect 11-16 (6), P 21-44 (6+6+4 = 16), 1 at 45-66 (2+6+6 = 14).
    assert calc.distribution == {
        "no effect": Fraction(6, 36),
        "P": Fraction(16, 36),
        "1": Fraction(14, 36),
    }
    # 50.2: 4 Ammunition Points a TOE point: 361st 3 x 4; 190th 3 x 4 twice.
    assert sorted((a.unit, a.points) for a in calc.ammunition) == [
        ("de.90le.190_artillery_regt", 12),
        ("de.90le.190_artillery_regt", 12),
        ("de.90le.361_artillery_bn", 12),
    ]


def test_combat_example_axis_barrage_on_the_stuarts(examples: Setup) -> None:
    guns = guns_of(examples, "de.ex.kg_105mm_regt", "de.ex.c_105mm_bty")
    assert {g.hex for g in guns} == {"B", "C"}  # Forward guns of two hexes combine (12.13)
    cw_in_a = [(u.id, "A") for u in examples.units if u.location == "A"]
    target = BarrageTarget("cw.ex.stuart_bn", "armor", "A", ("rough",), trucks_present=True)
    calc = calculate_barrage(guns, target, target_hex_units=cw_in_a)
    figures = {f.name: f.value for f in calc.figures}
    # 10 TOE of 105mm at Barrage 9 = 90 Raw = 9 Actual: column 9-10, Rough shifts it to 7-8.
    assert figures["Raw Barrage Points"] == 90
    assert figures["Column for the Actual Barrage Points"] == "9-10"
    assert [s.columns for s in calc.shifts] == [-1]
    assert calc.column == "7-8"
    # Armor 7-8: no effect 11-36, P 41-66; trucks 7-8: no effect 11-56 (30), 1 at 61-66 (6).
    assert calc.distribution == {"no effect": Fraction(1, 2), "P": Fraction(1, 2)}
    assert calc.truck_distribution == {"no effect": Fraction(5, 6), "1": Fraction(1, 6)}
    assert calc.joint_distribution is not None
    assert dict(calc.joint_distribution)[("P", "1")] == Fraction(1, 12)
    assert sum(p for _, p in calc.joint_distribution) == 1
    # The chart governs: the example's 25 is no effect on armor 7-8.
    result = read_barrage(calc, 25, truck_reading=61)
    assert (result.result, result.pinned, result.toe_lost) == ("no effect", False, 0)
    assert (result.truck_result, result.truck_points_lost) == ("1", 1)
    # CP: the Phasing guns pay 5 each (11.22), every unit in hex A 3 (11.21, 11.25).
    cp = {c.unit: c.cp for c in calc.cp}
    assert cp["de.ex.kg_105mm_regt"] == cp["de.ex.c_105mm_bty"] == 5
    assert len(cw_in_a) == 5 and all(cp[u] == 3 for u, _ in cw_in_a)
    # 50.2: 10 TOE x 4 = 40 Ammunition Points (24 from hex B, 16 from hex C).
    assert sum(a.points for a in calc.ammunition) == 40


def test_combat_example_reading_under_the_example_option(examples: Setup) -> None:
    guns = guns_of(examples, "de.ex.kg_105mm_regt", "de.ex.c_105mm_bty")
    target = BarrageTarget("cw.ex.stuart_bn", "armor", "A", ("rough",))
    calc = calculate_barrage(guns, target, reading="example")
    # Read as 77 - r: 25 -> 52, P on armor 7-8 (the example's Pinned Stuarts).
    pinned = read_barrage(calc, 25)
    assert (pinned.read_as, pinned.result, pinned.pinned) == (52, "P", True)
    # "36 or lower" pins: 36 -> 41 (P), 41 -> 36 (no effect); the odds are unchanged.
    assert read_barrage(calc, 36).result == "P"
    assert read_barrage(calc, 41).result == "no effect"
    assert calc.distribution == {"no effect": Fraction(1, 2), "P": Fraction(1, 2)}
    assert calc.as_json()["rulings"] == [
        ["combat-example-barrage-reading", "example"],
        ["12.45-losses-pin", "pin"],
    ]


def test_combat_example_commonwealth_barrage_on_infantry(examples: Setup) -> None:
    guns = guns_of(examples, "cw.ex.25pdr_regt", forward=False)  # placed Back
    target = BarrageTarget("de.ex.kg_inf_bn_1", "infantry", "B", ("clear",))
    calc = calculate_barrage(guns, target, phasing=False)
    # 6 TOE of 25-pounders at Barrage 8 = 48 Raw = 4.8 -> 5 Actual: column 5-6.
    assert calc.actual_points == 5
    assert calc.column == "5-6"
    assert calc.shifts == ()
    assert calc.truck_distribution is None and calc.joint_distribution is None
    # Infantry 5-6 prints P at 42-65: the chart makes the example's 61 a Pin, not No Effect.
    assert read_barrage(calc, 61).result == "P"
    # Under the example option 61 is read as 16: no effect, as the example says.
    assert (
        read_barrage(
            replace(calc, rulings=(("combat-example-barrage-reading", "example"),)), 61
        ).result
        == "no effect"
    )
    # Non-Phasing firer pays 3 (11.21a); the Phasing unit barraged pays 3 (11.23).
    assert [(c.unit, c.cp, c.case) for c in calc.cp] == [
        ("cw.ex.25pdr_regt", 3, "11.21a"),
        ("de.ex.kg_inf_bn_1", 3, "11.23"),
    ]
    assert [a.points for a in calc.ammunition] == [24]  # 6 TOE x 4


def test_12_33_twelve_points_at_a_gun_in_a_level_two_fortification() -> None:
    calc = calculate_barrage(
        [gun("a", 6, 10), gun("b", 6, 10)],  # 60 + 60 = 120 Raw = 12 Actual
        BarrageTarget("Gun #1", "gun", "X", ("clear", "fortification_2")),
    )
    assert calc.actual_points == 12
    assert [s.columns for s in calc.shifts] == [-2]
    assert calc.column == "7-8"  # 11-12 two columns left
    # Gun 7-8: no effect 11-36, 1 at 41-66.
    assert calc.distribution == {"no effect": Fraction(1, 2), "1": Fraction(1, 2)}


def test_armor_outside_a_major_city_gets_no_fortification_shift() -> None:
    calc = calculate_barrage(
        [gun("a", 12, 10)], BarrageTarget("T", "armor", "X", ("fortification_2",))
    )
    assert calc.shifts == () and calc.column == "11-12"  # 8.37 note 12


def test_a_shift_past_the_1_2_column_has_no_effect() -> None:
    # 3 TOE x 6 = 18 Raw = 2 Actual (1-2); Mountain is 2 columns left: past 1-2 (12.34).
    calc = calculate_barrage(
        [gun("a", 3, 6)], BarrageTarget("I", "infantry", "X", ("mountain",), trucks_present=True)
    )
    assert calc.column is None
    assert "1-2" in calc.no_effect_reason
    assert calc.distribution == {"no effect": 1}
    assert calc.truck_distribution == {"no effect": 1}
    result = read_barrage(calc, 66, truck_reading=66)
    assert (result.result, result.truck_result, result.truck_points_lost) == ("no effect",) * 2 + (
        0,
    )


def test_under_5_raw_points_there_is_no_column() -> None:
    calc = calculate_barrage([gun("a", 1, 4)], BarrageTarget("I", "infantry"))  # 4 Raw -> 0
    assert calc.actual_points == 0
    assert calc.column is None and "11.33" in [f.case for f in calc.figures]
    assert calc.distribution == {"no effect": 1}


def test_only_the_best_terrain_counts() -> None:
    # Rough (-1) and Mountain (-2) together: only -2 (12.34); 17+ goes to 13-14.
    calc = calculate_barrage(
        [gun("a", 20, 9)], BarrageTarget("I", "infantry", "X", ("rough", "mountain"))
    )
    assert [s.columns for s in calc.shifts] == [-2] and calc.column == "13-14"


def test_artillery_hq_is_never_pinned() -> None:
    target = BarrageTarget("Arty HQ", "infantry", "X", artillery_hq=True)
    calc = calculate_barrage([gun("a", 5, 10)], target)  # 50 Raw = 5 Actual, column 5-6
    # The P readings 42-65 (16) join no effect 11-41 (19): 35/36; 1 at 66.
    assert calc.distribution == {"no effect": Fraction(35, 36), "1": Fraction(1, 36)}
    assert read_barrage(calc, 51).result == "no effect"  # P on the chart
    assert read_barrage(calc, 66).toe_lost == 1


def test_infantry_riding_trucks_loses_its_carrying_trucks() -> None:
    target = BarrageTarget(
        "I", "infantry", "X", trucks_present=True, truck_points_per_toe=Fraction(1, 2)
    )
    calc = calculate_barrage([gun("a", 20, 9)], target)  # 180 Raw = 18 Actual, 17+
    result = read_barrage(calc, 56, truck_reading=62)
    # Infantry 17+: 2 at 56-66; trucks 17+: 2 at 62-66; 2 TOE x 1/2 = 1 carrying Truck Point.
    assert (result.toe_lost, result.truck_points_lost) == (2, 2)
    assert result.carried_truck_points_lost == 1
    with pytest.raises(ValueError, match=r"12\.46"):
        BarrageTarget("T", "armor", truck_points_per_toe=1)


def test_as_json_is_plain_json(examples: Setup) -> None:
    guns = guns_of(examples, "de.ex.kg_105mm_regt")
    calc = calculate_barrage(
        guns, BarrageTarget("S", "armor", "A", ("rough",), trucks_present=True)
    )
    data = json.loads(json.dumps(calc.as_json()))
    # 6 x 9 = 54 Raw = 5 Actual (5.4), 5-6 shifted to 3-4: armor no effect 11-54
    # (4 x 6 + 4 = 28), P 55-66 (2 + 6 = 8).
    assert data["column"] == "3-4"
    assert data["distribution"] == {"no effect": "7/9", "P": "2/9"}
    assert data["charts"] == ["12.6-barrage-armor", "12.6-barrage-truck"]
    read = json.loads(json.dumps(read_barrage(calc, 55, 11).as_json()))
    assert read["result"] == "P" and read["calculation"]["column"] == "3-4"


# --- dice and options -----------------------------------------------------------------------------


@pytest.mark.parametrize("bad", [10, 17, 70, 67, 0, 110, True, "25"])
def test_readings_must_be_two_dice_read_large_small(bad: object) -> None:
    calc = calculate_barrage([gun("a", 5, 10)], BarrageTarget("I", "infantry"))
    with pytest.raises(ValueError, match=r"reading .*12\.42"):
        read_barrage(calc, bad)  # type: ignore[arg-type]


def test_the_truck_throw_is_needed_exactly_when_trucks_are_there() -> None:
    with_trucks = calculate_barrage(
        [gun("a", 5, 10)], BarrageTarget("I", "infantry", trucks_present=True)
    )
    without = calculate_barrage([gun("a", 5, 10)], BarrageTarget("I", "infantry"))
    with pytest.raises(ValueError, match="truck_reading None"):
        read_barrage(with_trucks, 33)
    with pytest.raises(ValueError, match="truck_reading 33"):
        read_barrage(without, 33, 33)
    with pytest.raises(ValueError, match="truck_reading 77"):
        read_barrage(with_trucks, 33, 77)


def test_unknown_options_are_refused() -> None:
    with pytest.raises(ValueError, match=r"combat-example-barrage-reading"):
        calculate_barrage([gun("a", 5)], BarrageTarget("I", "infantry"), reading="mirror")
    with pytest.raises(ValueError, match=r"10\.34-holding-off-count"):
        holding_off(3, [], count="per-counter")
    with pytest.raises(ValueError, match=r"12\.23"):
        BarrageTarget("I", "truck")  # type: ignore[arg-type]


def test_both_rulings_are_in_the_ledger() -> None:
    rulings = {r.id: r for r in RULINGS}
    assert rulings["combat-example-barrage-reading"].options == ("chart", "example")
    assert rulings["combat-example-barrage-reading"].default == "chart"
    assert rulings["10.34-holding-off-count"].default == "per-unit"


# --- who fires with whom (12.13-12.16, 12.32) -----------------------------------------------------


def test_forward_guns_of_several_hexes_combine() -> None:
    check_firing_group([gun("a", 3, hex="B"), gun("b", 3, hex="C")])


def test_a_gun_back_fires_alone() -> None:
    check_firing_group(
        [gun("a", 3, forward=False), replace(gun("a", 2, forward=False), system="75mm")]
    )
    with pytest.raises(ValueError, match=r"a is Back.*12\.16"):
        check_firing_group([gun("a", 3, forward=False), gun("b", 3)])


def test_italian_forward_guns_combine_only_in_their_hex() -> None:
    check_firing_group([gun("it", 3, italian=True, hex="B"), gun("de", 3, hex="B")])
    with pytest.raises(ValueError, match=r"it is Italian.*12\.14"):
        check_firing_group([gun("it", 3, italian=True, hex="B"), gun("de", 3, hex="C")])


def test_guns_without_a_barrage_rating_or_of_two_sides_are_refused() -> None:
    with pytest.raises(ValueError, match=r"x .*12\.0"):
        check_firing_group([gun("x", 3, barrage=0)])
    with pytest.raises(ValueError, match="one side"):
        check_firing_group([gun("a", 3), gun("b", 3, side="commonwealth")])
    with pytest.raises(ValueError, match="at least one gun"):
        calculate_barrage([], BarrageTarget("I", "infantry"))


def test_a_plan_splits_forward_guns_but_not_back_guns() -> None:
    held = {"fwd": 6, "back": 4}
    check_barrage_plan(
        [
            BarrageFire("Infantry #1", (gun("fwd", 4),)),
            BarrageFire("Infantry #2", (gun("fwd", 2), gun("other", 3, hex="C"))),
            BarrageFire("Armor #1", (gun("back", 4, forward=False),)),
        ],
        held,
    )
    with pytest.raises(ValueError, match=r"fwd: fires 7 TOE points.*holds 6 \(12\.15\)"):
        check_barrage_plan(
            [BarrageFire("I1", (gun("fwd", 4),)), BarrageFire("I2", (gun("fwd", 3),))], held
        )
    with pytest.raises(ValueError, match=r"back is Back: fires 3 of its 4.*12\.16"):
        check_barrage_plan([BarrageFire("I1", (gun("back", 3, forward=False),))], held)
    with pytest.raises(ValueError, match=r"back is Back.*barrage 1.*barrage 2.*12\.16"):
        check_barrage_plan(
            [
                BarrageFire("I1", (gun("back", 2, forward=False),)),
                BarrageFire("I2", (gun("back", 2, forward=False),)),
            ]
        )


def test_a_target_is_barraged_once_from_each_hex() -> None:
    check_barrage_plan(
        [BarrageFire("I1", (gun("a", 2, hex="B"),)), BarrageFire("I1", (gun("b", 2, hex="C"),))]
    )
    with pytest.raises(ValueError, match=r"target I1.*hex B.*12\.32"):
        check_barrage_plan([BarrageFire("I1", (gun("a", 2),)), BarrageFire("I1", (gun("b", 2),))])


# --- Holding Off (10.33-10.35) --------------------------------------------------------------------


def division(battalions: int) -> list[HoldingOffTarget]:
    units = [HoldingOffTarget(f"bn{i}", 1, "infantry") for i in range(battalions)]
    return [*units, HoldingOffTarget("arty", 1, "gun"), HoldingOffTarget("coy", 0, "infantry")]


def test_eleven_battalions_need_eleven_actual_points() -> None:
    # 10.34: the guns and the company (under 1 Stacking Point) do not count.
    met = holding_off(11, division(11))
    assert (met.needed, met.met, len(met.counted)) == (11, True, 11)
    assert dict(met.not_counted).keys() == {"arty", "coy"}
    short = holding_off(10, division(11))
    assert (short.needed, short.met) == (11, False)
    assert "10.35" in short.figures[-1].value  # type: ignore[operator]


def test_a_brigade_counter_counts_once_or_by_its_stacking_points() -> None:
    hex_ = [HoldingOffTarget("bde", 2, "infantry"), HoldingOffTarget("tanks", 1, "armor")]
    assert holding_off(2, hex_).needed == 2  # per-unit: 1 + 1
    assert holding_off(2, hex_, count="per-stacking-point").needed == 3  # 2 + 1
    assert holding_off(2, hex_, count="per-stacking-point").met is False


# --- facilities (12.5x) ---------------------------------------------------------------------------


def test_barrage_against_facilities_needs_chart_41_5() -> None:
    with pytest.raises(MissingChartError, match=r"41\.5.*12\.51-12\.54.*12\.54.*78 Raw"):
        barrage_facility("supply_dump", 78)
    with pytest.raises(MissingChartError, match=r"12\.53"):
        barrage_facility("road", 78)
    with pytest.raises(ValueError, match=r"12\.51"):
        barrage_facility("oasis", 10)


def test_12_45_losses_pin_infantry_but_never_guns() -> None:
    # 17+ column (20 TOE x 9 = 180 Raw = 18 Actual) against infantry: reading 66 loses 2 points
    # (infantry 17+: 2 at 56-66); under the default ruling 12.45-losses-pin they are pinned too.
    target = BarrageTarget("inf", "infantry")
    calc = calculate_barrage([gun("g", 20)], target)
    assert calc.column == "17+"
    hit = read_barrage(calc, 66)
    assert (hit.result, hit.toe_lost, hit.pinned) == ("2", 2, True)
    no_pin = calculate_barrage([gun("g", 20)], target, losses_pin="no-pin")
    assert read_barrage(no_pin, 66).pinned is False
    # A gun losing points is never pinned (12.44): gun 17+ reading 66 is 2 lost.
    gun_hit = read_barrage(calculate_barrage([gun("g", 20)], BarrageTarget("art", "gun")), 66)
    assert (gun_hit.toe_lost, gun_hit.pinned) == (2, False)
