"""Anti-Armor fire (14.1-14.5) and the Anti-Armor Combat Results Table (chart 14.6)."""

from __future__ import annotations

import csv
import json
from dataclasses import replace
from fractions import Fraction

import pytest

from ledger.charts.dice import D66
from ledger.charts.engine import coverage_problems
from ledger.combat.anti_armor import calculate_anti_armor, read_anti_armor, reassignable_to_assault
from ledger.combat.anti_armor_column import NO_EFFECT, anti_armor_chart, row_read
from ledger.combat.anti_armor_losses import ArmorTarget, absorbers, check_allocation, propose_losses
from ledger.combat.forces import Element, Loss, elements_of
from ledger.combat.terrain import Hexside
from ledger.io.scenario import bundled_scenarios, load_scenario
from ledger.model.rulings import RULINGS
from ledger.model.units import Ratings
from tests.conftest import REFERENCE

CSV = REFERENCE / "cna/charts/14.6-anti-armor-results.csv"


def guns(points: int, rating: int = 1, unit: str = "fire", hex_: str = "F") -> Element:
    """``points`` TOE points with Anti-Armor ``rating``: Raw = points x rating (11.31)."""
    return Element(unit, "at", points, Ratings(anti_armor=rating), "commonwealth", hex=hex_)


def tanks(
    unit: str,
    points: int,
    armor: int,
    *,
    withheld: bool = False,
    pinned: bool = False,
    back: bool = False,
    halftrack: bool = False,
) -> ArmorTarget:
    """``points`` TOE points of ``unit`` with Armor Protection ``armor`` in target hex T."""
    return ArmorTarget(
        unit,
        unit,
        points,
        armor,
        hex="T",
        withheld=withheld,
        pinned=pinned,
        back=back,
        halftrack=halftrack,
    )


def points_lost(losses: tuple[Loss, ...]) -> dict[str, int]:
    return {loss.unit: loss.points for loss in losses}


# --- chart 14.6 --------------------------------------------------------------------------------


def test_every_column_covers_the_36_readings_exactly_once() -> None:
    chart = anti_armor_chart()
    assert chart.keys == ("0*", *(str(n) for n in range(1, 16)), "16+")
    assert chart.gaps == ()
    assert coverage_problems(chart, subtract_declared_gaps=False) == []


def test_cells_match_the_reference_csv() -> None:
    lines = [line for line in CSV.read_text().splitlines() if not line.startswith("#")]
    head, *rows = list(csv.reader(lines))
    chart = anti_armor_chart()
    checked = 0
    for row in rows:
        low, high = (int(r) for r in row[0].split("-"))
        for column, cell in zip(head[1:], row[1:], strict=True):
            for reading in (low, high):
                assert chart.lookup(column, reading) == (cell or "0"), (column, reading)
                checked += 1
    assert checked == 17 * 36


def test_columns_are_chosen_by_actual_points() -> None:
    chart = anti_armor_chart()
    assert [chart.row_for(n).key for n in (1, 9, 15, 16, 40)] == ["1", "9", "15", "16+", "16+"]
    with pytest.raises(KeyError):
        chart.row_for(0)  # 0* is chosen by its note only (1-4 Raw points)


def test_the_phasing_reading_moves_up_one_printed_row() -> None:
    assert row_read(51, phasing=True) == (45, 46)
    assert row_read(51, phasing=False) == (51, 52)
    assert row_read(12, phasing=True) == (11, 12)  # 11-12 stays
    assert row_read(14, phasing=True) == (11, 12)
    assert row_read(21, phasing=True) == (15, 16)
    assert row_read(66, phasing=True) == (63, 64)


@pytest.mark.parametrize("reading", [0, 10, 17, 20, 47, 67, 70, 7])
def test_readings_two_dice_cannot_show_are_refused(reading: int) -> None:
    calc = calculate_anti_armor([guns(20)], [tanks("t", 3, 2)], firer_is_phasing=False)
    with pytest.raises(ValueError, match=rf"reading {reading}.*14\.6"):
        read_anti_armor(calc, reading)


# --- columns and shifts ------------------------------------------------------------------------


@pytest.mark.parametrize("phasing", [True, False])
@pytest.mark.parametrize("raw", [3, 10, 20, 45, 90, 150, 160, 300])
def test_every_distribution_sums_to_exactly_one(raw: int, phasing: bool) -> None:
    calc = calculate_anti_armor(
        [guns(raw)], [tanks("t", 4, 3), tanks("u", 5, 2)], firer_is_phasing=phasing
    )
    assert sum(calc.damage_odds.values()) == 1
    assert sum(calc.toe_loss_odds.values()) == 1
    assert sum(o.probability for o in calc.outcomes) == 1


def test_phasing_odds_column_2() -> None:
    # Column 2 prints a dash for 11-14 and 6 for 63-66. Read as thrown: no damage on 11, 12,
    # 13, 14 (4/36), 6 on 63..66 (4/36). Phasing: 11..16 read rows 11-12 and 13-14 (6/36 no
    # damage); only 65, 66 reach row 63-64 (2/36).
    fire = [guns(20)]
    plain = calculate_anti_armor(fire, [], firer_is_phasing=False)
    moved = calculate_anti_armor(fire, [], firer_is_phasing=True)
    assert plain.column == moved.column == "2"
    assert plain.damage_odds["0"] == Fraction(4, 36)
    assert plain.damage_odds["6"] == Fraction(4, 36)
    assert moved.damage_odds["0"] == Fraction(6, 36)
    assert moved.damage_odds["6"] == Fraction(2, 36)


def test_zero_star_only_for_one_to_four_raw_points() -> None:
    assert calculate_anti_armor([guns(4)], [], firer_is_phasing=False).column == "0*"  # 0 Actual
    assert calculate_anti_armor([guns(5)], [], firer_is_phasing=False).column == "1"  # 0.5 -> 1
    none = calculate_anti_armor([guns(0)], [tanks("t", 2, 2)], firer_is_phasing=False)
    assert none.column == NO_EFFECT and "11.31" in none.no_effect
    assert none.damage_odds == {"0": 1} and none.ammunition == () and none.cp == ()


def test_14_32_nine_actual_points_into_rough_read_the_8_column() -> None:
    calc = calculate_anti_armor([guns(90)], [], firer_is_phasing=True, terrain=["rough"])
    assert [s.columns for s in calc.shifts] == [-1]
    assert calc.column == "8"


def test_14_33_best_hex_terrain_plus_the_hexside() -> None:
    # Mountain (-2) beats Rough (-1), not added; an up slope adds -1: 9 -> 6.
    calc = calculate_anti_armor(
        [guns(90)],
        [],
        firer_is_phasing=True,
        terrain=["rough", "mountain"],
        hexsides=[Hexside(("up_slope",))],
    )
    assert sum(s.columns for s in calc.shifts) == -3
    assert calc.column == "6"


def test_14_34_prohibited_fire_is_not_made() -> None:
    calc = calculate_anti_armor(
        [guns(90)], [tanks("t", 3, 3)], firer_is_phasing=False, hexsides=[Hexside(("ridge",))]
    )
    assert calc.column == NO_EFFECT and "14.34" in calc.no_effect
    assert calc.damage_odds == {"0": 1}
    assert calc.ammunition == () and calc.cp == ()
    assert read_anti_armor(calc, 66).damage == 0
    road = calculate_anti_armor(
        [guns(90)],
        [],
        firer_is_phasing=False,
        hexsides=[Hexside(("ridge",), crossed_by="road")],
    )
    assert road.column == "7"  # 9 - 2 across the ridge


def test_14_35_shift_below_one_reads_zero_star_or_has_no_effect() -> None:
    # 1 Actual point (10 Raw) into Rough: one column left of 1.
    fire, target = [guns(10)], [tanks("t", 3, 1)]
    calc = calculate_anti_armor(fire, target, firer_is_phasing=False, terrain=["rough"])
    assert calc.column == "0*"
    assert read_anti_armor(calc, 65).damage == 2  # 0* at 65-66 prints 2
    off = calculate_anti_armor(
        fire, target, firer_is_phasing=False, terrain=["rough"], shift_below_one="no-effect"
    )
    assert off.column == NO_EFFECT and "14.35" in off.no_effect
    assert off.damage_odds == {"0": 1}
    assert ("14.35-shift-below-one", "no-effect") in off.rulings
    # 2 Actual into Mountain (-2) is below one too.
    assert (
        calculate_anti_armor([guns(20)], [], firer_is_phasing=False, terrain=["mountain"]).column
        == "0*"
    )


def test_shifting_the_zero_star_column_leaves_no_fire() -> None:
    calc = calculate_anti_armor(
        [guns(3)], [tanks("t", 1, 1)], firer_is_phasing=False, terrain=["rough"]
    )
    assert calc.column == NO_EFFECT and "0*" in calc.no_effect
    assert calc.damage_odds == {"0": 1}


def test_14_32_shift_from_16_plus_by_columns_or_points() -> None:
    fire = [guns(200)]  # 20 Actual
    calc = calculate_anti_armor(fire, [], firer_is_phasing=True, terrain=["rough"])
    assert calc.column == "15"
    points = calculate_anti_armor(
        fire, [], firer_is_phasing=True, terrain=["rough"], shift_from_16="points"
    )
    assert points.column == "16+"  # 20 - 1 = 19
    sixteen = [guns(160)]
    for option in ("column", "points"):
        shifted = calculate_anti_armor(
            sixteen, [], firer_is_phasing=True, terrain=["rough"], shift_from_16=option
        )
        assert shifted.column == "15"


def test_unknown_options_are_refused() -> None:
    with pytest.raises(ValueError, match=r"shift_below_one 'zero'.*14\.35"):
        calculate_anti_armor([guns(10)], [], firer_is_phasing=True, shift_below_one="zero")
    with pytest.raises(ValueError, match=r"shift_from_16 'x'.*14\.32"):
        calculate_anti_armor([guns(10)], [], firer_is_phasing=True, shift_from_16="x")


def test_the_rulings_are_registered_with_their_defaults() -> None:
    found = {r.id: r for r in RULINGS}
    assert found["14.35-shift-below-one"].default == "zero-star-column"
    assert found["14.32-shift-from-16-plus"].default == "column"
    assert found["combat-example-anti-armor-reading"].options == ("chart",)


# --- damage and losses -------------------------------------------------------------------------


def test_14_43_example_seven_damage_costs_one_m13_and_two_m11() -> None:
    # 5 Actual (50 Raw), non-Phasing, Clear; 35 reads column 5 row 35-36: 7 Damage Points.
    # Fewest points absorbing 7: two are at most 3 + 3 = 6, three can be 3 + 2 + 2 = 7 exactly
    # (3 + 3 + 2 = 8 and 3 + 3 + 3 = 9 waste 1 and 2).
    m11, m13 = tanks("M11", 6, 2), tanks("M13", 3, 3)
    calc = calculate_anti_armor([guns(50)], [m11, m13], firer_is_phasing=False)
    result = read_anti_armor(calc, 35)
    assert (result.column, result.row, result.damage) == ("5", (35, 36), 7)
    assert points_lost(result.losses) == {"M13": 1, "M11": 2}
    assert sum(loss.absorbs for loss in result.losses) == 7
    assert result.toe_points == 3


def test_check_allocation_accepts_any_allocation_that_covers_the_damage() -> None:
    m11, m13 = tanks("M11", 6, 2), tanks("M13", 3, 3)
    # Three M13 absorb 9 >= 7: the owner may take it.
    ok = check_allocation([m11, m13], 7, [Loss("M13", "M13", 3)])
    assert ok == (Loss("M13", "M13", 3, 9),)
    # Three M11 absorb 6: one short.
    with pytest.raises(ValueError, match=r"absorbs 6 .*7 needed: 1 short \(14\.43\)"):
        check_allocation([m11, m13], 7, [Loss("M11", "M11", 3)])
    with pytest.raises(ValueError, match=r"loses 4 TOE points, 3 can be affected"):
        check_allocation([m11, m13], 7, [Loss("M13", "M13", 4)])
    with pytest.raises(ValueError, match=r"Stuart.*14\.44"):
        check_allocation([m11, m13], 7, [Loss("Stuart", "Stuart", 3)])


def test_14_45_damage_beyond_all_armor_is_ignored() -> None:
    # Two M11 absorb 4; 10 Damage Points destroy both and the other 6 are lost.
    m11 = tanks("M11", 2, 2)
    assert propose_losses([m11], 10) == (Loss("M11", "M11", 2, 4),)
    assert check_allocation([m11], 10, [Loss("M11", "M11", 2)]) == (Loss("M11", "M11", 2, 4),)
    with pytest.raises(ValueError, match="2 short"):
        check_allocation([m11], 10, [Loss("M11", "M11", 1)])


def test_withheld_pinned_and_back_points_are_not_affected() -> None:
    # 14.21/14.44 withheld, pinned (the combat example's Stuarts), 14.13 guns Back.
    held = [
        tanks("W", 5, 3, withheld=True),
        tanks("P", 5, 3, pinned=True),
        tanks("B", 5, 3, back=True),
        tanks("T", 5, 2),
    ]
    assert [a.unit for a in absorbers(held)] == ["T"]
    assert points_lost(propose_losses(held, 3)) == {"T": 2}  # 2 + 2 >= 3


def test_14_47_self_propelled_guns_absorb_armor_plus_vulnerability() -> None:
    # Armor Protection 1 + Vulnerability 2 (a gun firing anti-armor, 14.14) = 3 a point;
    # 7 Damage Points: 3 points (9), since 2 absorb 6.
    sp = Element(
        "sp",
        "sp_gun",
        4,
        Ratings(armor_protection=1, vulnerability=5),
        "axis",
        kind="gun",
        self_propelled=True,
        forward=True,
    )
    target = ArmorTarget.from_element(sp, vulnerability=2)
    assert absorbers([target])[0].per_point == 3
    assert propose_losses([target], 7) == (Loss("sp", "sp_gun", 3, 9),)
    assert absorbers([ArmorTarget.from_element(sp)])[0].per_point == 6  # rated Vulnerability 5
    assert ArmorTarget.from_element(replace(sp, forward=False)).affected is False  # 14.13


def test_14_48_halftracks_alone_double_their_armor_and_lose_trucks() -> None:
    # Halftrack infantry Armor Protection 1 doubled to 2: 3 Damage Points cost 2 points.
    ht = tanks("ht", 4, 1, halftrack=True)
    assert absorbers([ht])[0].per_point == 2
    calc = calculate_anti_armor([guns(20)], [ht], firer_is_phasing=False)
    result = read_anti_armor(calc, 35)  # column 2 row 35-36: 3 Damage Points
    assert result.damage == 3
    assert result.toe_points == 2 and result.halftrack_points == 2
    assert any(f.case == "14.48" for f in result.figures)
    # With a tank in the hex as well the halftracks keep Armor Protection 1.
    assert [a.per_point for a in absorbers([ht, tanks("t", 1, 3)])] == [1, 3]


def test_14_23_reassignable_only_when_no_armor_in_the_hex() -> None:
    assert reassignable_to_assault(5) == 2 and reassignable_to_assault(3) == 1
    calc = calculate_anti_armor([guns(50)], [], firer_is_phasing=True)
    assert calc.reassignable == 2
    assert any(f.case == "14.23" for f in calc.figures)
    armored = calculate_anti_armor(
        [guns(50)], [tanks("t", 2, 2, withheld=True)], firer_is_phasing=True
    )
    assert armored.reassignable == 0


def test_cp_and_ammunition() -> None:
    # Non-Phasing fire: the firers pay 3 CP (11.21), the Phasing targets 5 (11.22); 3
    # Ammunition Points a TOE point fired (50.2): 10 x 3 = 30.
    calc = calculate_anti_armor([guns(10, rating=5)], [tanks("t", 2, 2)], firer_is_phasing=False)
    assert {c.unit: c.cp for c in calc.cp} == {"t": 5, "fire": 3}
    assert [a.points for a in calc.ammunition] == [30]
    other = calculate_anti_armor(
        [guns(10, rating=5)],
        [tanks("t", 2, 2)],
        firer_is_phasing=True,
        target_side_units=[("t", "T"), ("inf", "T")],
    )
    assert {c.unit: c.cp for c in other.cp} == {"fire": 5, "t": 3, "inf": 3}  # 11.25


def test_as_json_is_plain_data() -> None:
    calc = calculate_anti_armor([guns(30)], [tanks("t", 3, 2)], firer_is_phasing=True)
    data = json.loads(json.dumps(calc.as_json()))
    assert data["column"] == "3"
    assert sum(Fraction(v) for v in data["damage_odds"].values()) == 1
    result = json.loads(json.dumps(read_anti_armor(calc, 44).as_json()))
    assert result["row"] == [41, 42]  # 44 is on row 43-44, moved up one


# --- the combat example after 15.96 ------------------------------------------------------------


def example() -> tuple[dict, dict, dict]:
    setup = load_scenario(bundled_scenarios()["rules-examples"])
    units = {u.id: u for u in setup.units}
    classes = {c.id: c for c in setup.classes}
    systems = {w.id: w for w in setup.weapons}
    return units, classes, systems


def test_combat_example_axis_fire_into_hex_a() -> None:
    # 5 TOE PzIII Special x Anti-Armor 6 = 30 Raw = 3 Actual; Rough: one column left, column 2;
    # Phasing, 51 is read on row 45-46: 4 Damage Points (the example's 4).
    units, classes, systems = example()
    pz = elements_of(units["de.ex.pziii_bn"], classes, systems, points={"de.ex.pziii_special": 5})
    crusaders = [
        ArmorTarget.from_element(e)
        for e in elements_of(units["cw.ex.crusader_bn"], classes, systems)
    ]
    stuarts = [
        ArmorTarget.from_element(e, pinned=True)
        for e in elements_of(units["cw.ex.stuart_bn"], classes, systems)
    ]
    calc = calculate_anti_armor(pz, crusaders + stuarts, firer_is_phasing=True, terrain=["rough"])
    assert [f.value for f in calc.figures[:2]] == [30, 3]
    assert calc.column == "2"
    result = read_anti_armor(calc, 51)
    assert (result.row, result.damage) == ((45, 46), 4)
    # Ruling example-of-combat-crusader-armor: 'chart' (the file's Armor Protection 4) -> one
    # Crusader absorbs 4; 'example' (3) -> two (3 + 3 >= 4). Stuarts are pinned: never lost.
    rulings = load_scenario(bundled_scenarios()["rules-examples"]).rulings
    ruling = next(r for r in rulings if r.id == "example-of-combat-crusader-armor")
    assert ruling.default == "chart" and crusaders[0].armor_protection == 4
    assert points_lost(result.losses) == {"cw.ex.crusader_bn": 1}
    as_printed = [replace(t, armor_protection=3) for t in crusaders] + stuarts
    assert points_lost(propose_losses(as_printed, 4)) == {"cw.ex.crusader_bn": 2}
    assert [a.points for a in calc.ammunition] == [15]  # 5 TOE x 3 (50.2)


def test_combat_example_commonwealth_fire_reads_the_chart() -> None:
    # 6 TOE 2-pounders x Anti-Armor 4 = 24 Raw = 2 Actual; the Axis hex is Clear; non-Phasing,
    # 55 is read on row 55-56: column 2 prints 5 (the example says 3; ruling
    # combat-example-anti-armor-reading, 'chart'). PzIII Specials absorb 4 a point: 2 TOE points.
    units, classes, systems = example()
    pdr = elements_of(units["cw.ex.2pdr_at_regt"], classes, systems)
    pz = [
        ArmorTarget.from_element(e) for e in elements_of(units["de.ex.pziii_bn"], classes, systems)
    ]
    calc = calculate_anti_armor(pdr, pz, firer_is_phasing=False, terrain=["clear"])
    assert [f.value for f in calc.figures[:2]] == [24, 2]
    result = read_anti_armor(calc, 55)
    assert (result.column, result.row, result.damage) == ("2", (55, 56), 5)
    assert points_lost(result.losses) == {"de.ex.pziii_bn": 2}
    assert points_lost(propose_losses(pz, 3)) == {"de.ex.pziii_bn": 1}  # the example's 3
    assert anti_armor_chart().lookup("1", 55) == "3"  # what column 1 prints there


def test_odds_cover_all_36_readings_for_the_example() -> None:
    units, classes, systems = example()
    pdr = elements_of(units["cw.ex.2pdr_at_regt"], classes, systems)
    calc = calculate_anti_armor(pdr, [], firer_is_phasing=False)
    by_reading = {r: read_anti_armor(calc, r).damage for r in D66.readings}
    for damage, p in calc.damage_odds.items():
        assert p == Fraction(sum(1 for d in by_reading.values() if d == int(damage)), 36)


def test_proposals_are_minimal_against_brute_force() -> None:
    # Every way of losing points from three groups (absorbing 4, 3 and 2 a point): the proposal
    # uses the fewest points that cover the damage, then wastes the least absorption.
    pool = [tanks("a", 3, 4), tanks("b", 4, 3), tanks("c", 5, 2)]
    choices = [
        (x + y + z, 4 * x + 3 * y + 2 * z) for x in range(4) for y in range(5) for z in range(6)
    ]
    for damage in range(1, 35):  # 34 = 3 x 4 + 4 x 3 + 5 x 2, everything
        losses = propose_losses(pool, damage)
        count = sum(loss.points for loss in losses)
        covered = sum(loss.absorbs for loss in losses)
        fewest = min(n for n, total in choices if total >= damage)
        least = min(total for n, total in choices if n == fewest and total >= damage)
        assert (count, covered) == (fewest, least), damage
        assert check_allocation(pool, damage, losses) == losses
