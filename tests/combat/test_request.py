"""The combat request JSON (ledger/io/combat_request/): parsing, errors named by field, value
and case, building each calculation from inline forces and from ledger units; the worked
examples of 11.35, 12.33, 14.43, 15.51 and the combat example after 15.96."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest

from ledger.combat.anti_armor import AntiArmorCalculation
from ledger.combat.assault_odds import CloseAssaultCalculation
from ledger.combat.barrage import BarrageCalculation
from ledger.io.combat_request import (
    RequestError,
    build_calculation,
    build_combat,
    parse_request,
    parse_request_text,
    uses_ledger,
)
from ledger.model.state import GameState
from tests.combat.requests import example, prepared, rules_examples_state


@pytest.fixture(scope="module")
def state() -> GameState:
    return rules_examples_state()


built = prepared


def figures(calc: Any) -> dict[str, Any]:
    return {f.name: f.value for f in calc.figures}


def refused(data: object, state: GameState | None = None) -> list[tuple[str, str, str]]:
    with pytest.raises(RequestError) as caught:
        build_combat(parse_request(data), state)
    return [(e.field, e.message, e.case) for e in caught.value.errors]


# --- worked examples, inline ---------------------------------------------------------------------


def test_11_35_inline_barrage_is_11_actual_on_the_11_12_column() -> None:
    prepared = built(example("11.35-barrage.json"))
    calc = prepared.calculation
    assert isinstance(calc, BarrageCalculation)
    # 3 x 9 + (3 x 18 + 3 x 9) = 27 + 81 = 108 Raw -> 10.8 -> 11 Actual (11.32, 11.34)
    assert figures(calc)["Raw Barrage Points"] == 108
    assert calc.actual_points == 11 and calc.column == "11-12"
    assert sum(calc.distribution.values()) == 1
    assert prepared.not_postable.startswith("inline forces")
    assert prepared.hexes == ("B", "A")


def test_12_33_level_two_fortification_moves_12_points_to_the_7_8_column() -> None:
    calc = build_calculation(parse_request(example("12.33-barrage.json")), None)
    assert isinstance(calc, BarrageCalculation)
    # 2 x (6 x 10) = 120 Raw -> 12 Actual: the 11-12 column, two left for Level 2 -> 7-8
    assert calc.actual_points == 12 and calc.column == "7-8"
    assert [s.columns for s in calc.shifts] == [-2]
    assert calc.target.combat_class == "gun"  # an artillery unit is Gun class (3.2)


def test_14_43_inline_fire_is_5_actual_non_phasing() -> None:
    prepared = built(example("14.43-anti-armor.json"))
    calc = prepared.calculation
    assert isinstance(calc, AntiArmorCalculation)
    # 6 x 5 + 5 x 4 = 50 Raw -> 5 Actual, column 5; the Commonwealth fires, the Axis is Phasing
    assert calc.column == "5" and not calc.firer_is_phasing
    assert prepared.attacker == "commonwealth" and prepared.phasing == "axis"
    assert sum(calc.damage_odds.values()) == 1
    # 6 M11 x 2 + 3 M13 x 3 = 21 Damage Points can be absorbed
    assert figures(calc)["Damage Points the hex can absorb"] == 21


def test_15_51_twice_the_raw_points_moves_plus_1_to_plus_3() -> None:
    prepared = built(example("15.51-close-assault.json"))
    calc = prepared.calculation
    assert isinstance(calc, CloseAssaultCalculation)
    # 6 x 4 = 24 Raw (2 Actual) against 6 x 2 = 12 Raw (1 Actual): +1, and 24 >= 2 x 12: +2
    assert calc.basic_column == "+1" and calc.column == "+3"
    assert sum(calc.columns.values()) == 1
    assert sum(p for _, p in calc.outcomes) == 1
    assert any("15.25" in n for n in prepared.notes)  # no available TOE given: noted


def test_probe_example_is_a_probe_below_half_the_available_points() -> None:
    prepared = built(example("probe.json"))
    calc = prepared.calculation
    assert isinstance(calc, CloseAssaultCalculation)
    # 4 of 10 available TOE points used: under 50 % (15.25, 15.91)
    assert calc.action == "probe" and prepared.combat == "probe"
    # 4 x 3 = 12 Raw -> 1 Actual; 6 x 3 = 18 -> 2: -1, Final Adjusted Morale +1 -> column 0
    assert calc.basic_column == "-1" and calc.column == "0"
    assert calc.status == {"none": 1}  # no Engaged, no Contact in a Probe (15.93)
    # a Probe costs both sides 2 CP (11.21b, 11.23)
    assert {c.unit: c.cp for c in calc.cp} == {"Recce squadron": 2, "Defending battalion": 2}


# --- the combat example, from the ledger ------------------------------------------------------------


def test_combat_example_barrage_from_ledger_units(state: GameState) -> None:
    prepared = built(example("combat-example-barrage.json"), state)
    calc = prepared.calculation
    assert isinstance(calc, BarrageCalculation)
    # 6 + 4 = 10 TOE x Barrage 9 = 90 Raw = 9 Actual; Stuarts (armor) in Rough: 9-10 -> 7-8
    assert calc.actual_points == 9 and calc.column == "7-8"
    assert calc.target.unit == "cw.ex.stuart_bn" and calc.target.combat_class == "armor"
    assert calc.truck_distribution is not None and sum(calc.truck_distribution.values()) == 1
    assert prepared.hexes == ("B", "C", "A") and not prepared.not_postable
    assert prepared.target_toe == (("cw.stuart_m3", 8),)
    cp = {c.unit: c.cp for c in calc.cp}
    # 11.25: every unit in B and C pays 5, every unit in A pays 3
    assert cp["de.ex.pziii_bn"] == 5 and cp["de.ex.c_inf_bn"] == 5 and cp["cw.ex.25pdr_regt"] == 3
    assert len(cp) == 11
    # 50.2: 4 Ammunition Points a TOE point fired
    assert {a.unit: a.points for a in calc.ammunition} == {
        "de.ex.kg_105mm_regt": 24,
        "de.ex.c_105mm_bty": 16,
    }


def test_combat_example_anti_armor_uses_points_by_system_and_pinned_stuarts(
    state: GameState,
) -> None:
    data = example("combat-example-anti-armor.json")
    data["firing"] = [
        {"unit": "PzIII Special tank battalion", "points": {"PzIII Special (combat example)": 5}}
    ]
    calc = built(data, state).calculation
    assert isinstance(calc, AntiArmorCalculation)
    # 5 x 6 = 30 Raw = 3 Actual, Rough one column left: column 2
    assert calc.column == "2" and calc.firer_is_phasing
    assert [(e.unit, e.points) for e in calc.firing] == [("de.ex.pziii_bn", 5)]
    # Crusaders 7 x 4 absorb 28; the pinned Stuarts none; 2-pounders and infantry no armor
    assert [(a.unit, a.points, a.per_point) for a in calc.absorbing] == [
        ("cw.ex.crusader_bn", 7, 4)
    ]


def test_a_pinned_marker_in_the_ledger_pins_the_target(state: GameState) -> None:
    stuart = replace(state.units["cw.ex.stuart_bn"], combat_markers=("pinned",))
    marked = replace(state, units={**state.units, stuart.id: stuart})
    data = example("combat-example-anti-armor.json")
    data["targets"] = [{"unit": "Stuart bn"}]
    prepared = built(data, marked)
    assert isinstance(prepared.calculation, AntiArmorCalculation)
    assert prepared.calculation.absorbing == ()
    assert any("Pinned" in n for n in prepared.notes)


def test_combat_example_close_assault_from_ledger_units(state: GameState) -> None:
    prepared = built(example("combat-example-close-assault.json"), state)
    calc = prepared.calculation
    assert isinstance(calc, CloseAssaultCalculation)
    found = figures(calc)
    # three battalions 7 x 2 = 42 Raw; infantry 5 x 2 + Crusaders 6 x 4 = 34 Raw
    assert found["attacker Raw Offensive Close Assault points"] == 42
    assert found["defender Raw Defensive Close Assault points"] == 34
    # morale from the units: Axis +2 at -2, Commonwealth +1 at -3, still to be rolled
    assert calc.column == "depends on the morale dice"
    assert sum(calc.columns.values()) == 1
    assert prepared.hexes == ("B", "C", "A")
    assert uses_ledger(parse_request(example("combat-example-close-assault.json")))


def test_rulings_override_the_games_option() -> None:
    data = example("11.35-barrage.json") | {
        "rulings": {"combat-example-barrage-reading": "example"}
    }
    calc = built(data).calculation
    assert isinstance(calc, BarrageCalculation)
    assert calc.reading_option == "example"


def test_the_command_fills_in_and_checks_the_combat() -> None:
    data = example("11.35-barrage.json")
    del data["combat"]
    request = parse_request_text(json.dumps(data), combat="barrage")
    assert request.combat == "barrage"
    with pytest.raises(RequestError) as caught:
        parse_request_text(json.dumps(example("probe.json")), combat="barrage")
    assert caught.value.errors[0].field == "combat"
    assert not uses_ledger(request)


# --- errors: field, value, case --------------------------------------------------------------------


def test_pydantic_errors_name_the_field_path_the_value_and_the_case() -> None:
    data = example("11.35-barrage.json")
    data["guns"][1]["toe"][0]["points"] = -3
    errors = refused(data)
    assert errors[0][0] == "guns[1].toe[0].points"
    assert "-3" in errors[0][1] and errors[0][2] == "11.31"


def test_unknown_combat_and_a_force_without_unit_or_label() -> None:
    assert refused({"combat": "ambush", "phasing": "axis"})[0][0] == "combat"
    data = example("11.35-barrage.json")
    data["guns"].append({"points": 3})
    field, message, _ = refused(data)[0]
    assert field == "guns[2]" and '"label"' in message


def test_unknown_terrain_names_the_key_and_8_37() -> None:
    data = example("11.35-barrage.json") | {"terrain": {"terrain": ["swamp"]}}
    field, message, case = refused(data)[0]
    assert field == "terrain.terrain[0]" and "'swamp'" in message and case == "8.37"


def test_ledger_units_need_a_game_and_must_exist(state: GameState) -> None:
    data = example("combat-example-barrage.json")
    field, message, _ = refused(data)[0]
    assert field == "guns[0].unit" and "--db/--game" in message
    data["guns"][0]["unit"] = "Ariete"
    assert refused(data, state)[0][:2] == (
        "guns[0].unit",
        "no unit called 'Ariete' in this game",
    )


def test_a_system_the_unit_does_not_hold(state: GameState) -> None:
    data = example("combat-example-anti-armor.json")
    data["firing"][0]["points"] = {"Tiger": 2}
    field, message, case = refused(data, state)[0]
    assert field == "firing[0].points.Tiger" and "'Tiger'" in message and case == "4.52"


def test_more_points_than_held_are_refused(state: GameState) -> None:
    data = example("combat-example-anti-armor.json")
    data["firing"][0]["points"] = {"de.ex.pziii_special": 9}
    field, message, _ = refused(data, state)[0]
    assert field == "firing[0].points" and "9" in message and "8 held" in message


def test_side_mismatch_position_and_pinned_attackers(state: GameState) -> None:
    data = example("combat-example-close-assault.json")
    data["attackers"].append({"unit": "Mot inf bn"})
    data["defenders"][0]["position"] = "back"
    data["attackers"][0]["pinned"] = True
    errors = refused(data, state)
    fields = {e[0]: e for e in errors}
    assert "commonwealth's, expected axis's" in fields["attackers[3].unit"][1]
    assert fields["defenders[0].position"][2] == "12.11"
    assert fields["attackers[0].pinned"][2] == "12.44"


def test_rulings_unknown_id_and_option() -> None:
    data = example("11.35-barrage.json") | {
        "rulings": {"no-such-ruling": "x", "14.35-shift-below-one": "zero"}
    }
    errors = {e[0]: e[1] for e in refused(data)}
    assert "no ruling 'no-such-ruling'" in errors["rulings.no-such-ruling"]
    assert "zero-star-column" in errors["rulings.14.35-shift-below-one"]
    assert "'zero'" in errors["rulings.14.35-shift-below-one"]


def test_inline_force_needs_a_toe_and_the_other_side_as_target() -> None:
    data = example("14.43-anti-armor.json")
    data["firing"][0]["toe"] = []
    data["targets"][0]["side"] = "commonwealth"
    errors = {e[0]: e for e in refused(data)}
    assert errors["firing[0].toe"][2] == "11.31"
    assert errors["targets[0].side"][1] == "expected axis here, found 'commonwealth'"


def test_bad_json_text() -> None:
    with pytest.raises(RequestError) as caught:
        parse_request_text("{not json")
    assert caught.value.errors[0].field == "INPUT"


def test_fractions_in_the_request_are_exact() -> None:
    data = example("11.35-barrage.json")
    data["target"]["truck_points_per_toe"] = "1/2"
    data["target"]["trucks_present"] = True
    calc = built(data).calculation
    assert isinstance(calc, BarrageCalculation)
    assert calc.target.truck_points_per_toe == Fraction(1, 2)
