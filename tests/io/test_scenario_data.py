"""The scenario data files themselves, read with tomllib only (not through the ledger package).

scenarios/graziani.toml is scenario 60.22 (built by scripts/build_scenarios.py); rules-examples.toml
holds the forces of the worked examples of 11.35 and of the combat example after 15.96.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
FILES = ("graziani.toml", "rules-examples.toml")
RATINGS = frozenset(  # the seven rating keys of the scenario format (11.1)
    {"aa", "barrage", "vulnerability", "anti_armor", "armor_protection"}
    | {"offensive_close_assault", "defensive_close_assault"}
)
RECORD_KINDS = ("weapon", "class", "unit", "dump", "trucks")


def load(name: str) -> dict[str, Any]:
    with open(SCENARIOS / name, "rb") as handle:
        return tomllib.load(handle)


@pytest.fixture(scope="module")
def graziani() -> dict[str, Any]:
    return load("graziani.toml")


@pytest.fixture(scope="module")
def examples() -> dict[str, Any]:
    return load("rules-examples.toml")


def actual(raw: int) -> int:
    """11.32: Actual points are Raw / 10, rounded half up (integers only)."""
    return (raw * 2 + 10) // 20


def raw_points(data: dict[str, Any], units: list[dict[str, Any]], rating: str) -> int:
    """Sum of TOE points x the rating of each holding's system (weapon or the unit's class)."""
    systems = {w["id"]: w for w in data["weapon"]} | {c["id"]: c for c in data["class"]}
    return sum(
        entry["points"] * systems[entry["system"]].get(rating, 0)
        for u in units
        for entry in u["toe"]
    )


# --- both files --------------------------------------------------------------------------------
@pytest.mark.parametrize("name", FILES)
def test_ids_are_unique_across_units_dumps_and_trucks(name: str) -> None:
    data = load(name)
    ids = [r["id"] for kind in ("unit", "dump", "trucks") for r in data.get(kind, [])]
    assert [i for i, n in Counter(ids).items() if n > 1] == []
    for kind in ("weapon", "class", "ruling"):
        kind_ids = [r["id"] for r in data.get(kind, [])]
        assert len(kind_ids) == len(set(kind_ids)), kind


@pytest.mark.parametrize("name", FILES)
def test_parents_attachments_classes_and_toe_systems_resolve(name: str) -> None:
    data = load(name)
    units = {u["id"] for u in data["unit"]}
    weapons = {w["id"] for w in data["weapon"]}
    classes = {c["id"] for c in data["class"]}
    problems = []
    for unit in data["unit"]:
        for key in ("parent", "attached_to"):
            if key in unit and unit[key] not in units:
                problems.append(f"{unit['id']}: {key} {unit[key]}")
        if "class" in unit and unit["class"] not in classes:
            problems.append(f"{unit['id']}: class {unit['class']}")
        for entry in unit["toe"]:
            if entry["system"] not in weapons and entry["system"] != unit.get("class"):
                problems.append(f"{unit['id']}: system {entry['system']}")
            assert isinstance(entry["points"], int) and entry["points"] > 0
            assert set(entry.get("flags", [])) <= {"emplaced"}
    for trucks in data.get("trucks", []):
        if "attached_to" in trucks and trucks["attached_to"] not in units:
            problems.append(f"{trucks['id']}: attached_to {trucks['attached_to']}")
    assert problems == []


@pytest.mark.parametrize("name", FILES)
def test_every_record_has_case_and_source(name: str) -> None:
    data = load(name)
    assert data["scenario"]["case"] and data["scenario"]["source"]
    for kind in RECORD_KINDS:
        for record in data.get(kind, []):
            assert record.get("case"), f"{kind} {record['id']} has no case"
            assert record.get("source"), f"{kind} {record['id']} has no source"
    for ruling in data.get("ruling", []):
        assert ruling["case"] and ruling["question"]
        assert ruling["default"] in ruling["options"]


@pytest.mark.parametrize("name", FILES)
def test_ratings_are_integers_and_marks_are_known(name: str) -> None:
    data = load(name)
    for record in data["weapon"] + data["class"]:
        for rating in RATINGS:
            if rating in record:
                assert type(record[rating]) is int, (record["id"], rating)
        assert set(record["parenthesised"]) <= RATINGS
        assert all(rating in record for rating in record["parenthesised"])
        assert record.get("cpa_mark", "") in ("", "*", "+")


@pytest.mark.parametrize("name", FILES)
def test_missing_list_is_repeated_in_the_header(name: str) -> None:
    text = (SCENARIOS / name).read_text(encoding="utf-8")
    header = " ".join(
        line.lstrip("#").strip(" -") for line in text.splitlines() if line.startswith("#")
    )
    missing = tomllib.loads(text)["scenario"]["missing"]
    assert missing
    for item in missing:
        assert " ".join(item.split()) in " ".join(header.split()), item


# --- scenario 60.22 ----------------------------------------------------------------------------
def test_graziani_clock_and_initiative(graziani: dict[str, Any]) -> None:
    info = graziani["scenario"]
    assert (info["id"], info["case"], info["initiative"]) == ("graziani", "60.22", "axis")
    assert info["start"] == {"game_turn": 1, "op_stage": 1}
    assert info["end"] == {"game_turn": 6, "op_stage": 3}


def test_graziani_has_306_land_counters_285_at_the_start(graziani: dict[str, Any]) -> None:
    units = graziani["unit"]
    # 307 rows in the reference, less the San Giorgio (ruling 60.22-san-giorgio: omitted)
    assert len(units) == 306
    assert sum(1 for u in units if u["arrival"] == "start") == 285
    arriving = [u for u in units if u["arrival"] != "start"]
    assert len(arriving) == 21
    assert all(u["side"] == "commonwealth" and u["case"] == "4.43a" for u in arriving)
    assert all(1 <= u["arrival"]["game_turn"] <= 6 for u in arriving)
    assert Counter(u["side"] for u in units) == {"axis": 217, "commonwealth": 89}


def test_graziani_catalogue_is_exactly_what_the_units_use(graziani: dict[str, Any]) -> None:
    used_weapons = {e["system"] for u in graziani["unit"] for e in u["toe"]} - {
        c["id"] for c in graziani["class"]
    }
    assert {w["id"] for w in graziani["weapon"]} == used_weapons
    used_classes = {u["class"] for u in graziani["unit"] if "class" in u}
    assert {c["id"] for c in graziani["class"]} == used_classes | {"it.ww"}  # 60.31 bonus points


def test_graziani_weapon_and_class_cases(graziani: dict[str, Any]) -> None:
    for weapon in graziani["weapon"]:
        assert weapon["case"] == ("4.48" if weapon["id"].startswith("it.") else "4.47")
    for cls in graziani["class"]:
        assert cls["case"] == ("4.46b" if cls["id"].startswith("it.") else "4.46a")
    aa_i = next(w for w in graziani["weapon"] if w["id"] == "it.aa_light_i")
    assert (aa_i["cpa"], aa_i["cpa_mark"]) == (0, "+")


def test_graziani_dumps_60_34_and_60_44(graziani: dict[str, Any]) -> None:
    dumps = {d["id"]: d for d in graziani["dump"]}

    def stock(dump_id: str) -> tuple[int, int, int, int]:
        d = dumps[dump_id]
        return (d.get("ammo", 0), d.get("fuel", 0), d.get("stores", 0), d.get("water", 0))

    assert dumps["ax_tobruk"]["name"] == "Tobruk" and dumps["ax_tobruk"]["case"] == "60.34"
    assert stock("ax_tobruk") == (200, 2000, 500, 0)
    assert dumps["cw_mersa_matruh"]["name"] == "Mersa Matruh"
    assert dumps["cw_mersa_matruh"]["case"] == "60.44"
    assert stock("cw_mersa_matruh") == (1000, 3000, 4000, 0)
    unlimited = sorted(d["location"] for d in graziani["dump"] if d["kind"] == "unlimited")
    assert unlimited == ["Alexandria", "Cairo"]
    assert next(d for d in graziani["dump"] if d["id"] == "axis_dummy")["count"] == 2


def test_graziani_trucks(graziani: dict[str, Any]) -> None:
    trucks = graziani["trucks"]
    assert len(trucks) == 34
    first = [t for t in trucks if t["line"] == "first" and t["arrival"] == "start"]
    assert len(first) == 25 and not any(
        "attached_to" in t for t in first
    )  # player distributes, 59.42
    assert sum(1 for t in trucks if t["line"] == "second_third") == 7
    late = {t["id"]: t for t in trucks if t["arrival"] != "start"}
    assert late["cw_arrival_gt6_os3"]["arrival"] == {"game_turn": 6, "op_stage": 3}
    assert (late["cw_arrival_gt6_os3"]["light"], late["cw_arrival_gt6_os3"]["medium"]) == (25, 85)


def test_graziani_rulings_show_in_the_data(graziani: dict[str, Any]) -> None:
    rulings = {r["id"]: r for r in graziani["ruling"]}
    assert {
        "60.22-7th-support-group-parent",
        "60.22-tobruk-port-efficiency",
        "60.22-san-giorgio",
    } <= set(rulings)
    assert rulings["60.22-tobruk-port-efficiency"]["options"] == ["7", "2"]
    units = {u["id"]: u for u in graziani["unit"]}
    for short in (
        "1st_krrc",
        "2nd_rifle_brigade",
        "3rd_ryl_horse_arty",
        "4th_ryl_horse_arty",
        "11th_hussars",
    ):
        unit = units[f"cw.7_armd_div.{short}"]
        assert unit["parent"] == "cw.7_armd_div.7th_support_group_hq"
        assert "7th Motor Bde" in unit["notes"]
    assert "it.tobruk_garrison.the_san_giorgio" not in units


def test_graziani_toe_as_printed(graziani: dict[str, Any]) -> None:
    units = {u["id"]: u for u in graziani["unit"]}
    assert units["it.1ccnn_div.129th_infantry_bn"]["toe"] == [{"system": "it.x", "points": 5}]
    assert units["cw.7_armd_div.11th_hussars"]["toe"] == [{"system": "cw.ll", "points": 6}]  # U@6
    cd2 = units["it.tobruk_garrison.2nd_tobruk_cd_arty_group"]["toe"]
    assert cd2 == [
        {"system": "it.100_17_howitzer", "points": 6, "flags": ["emplaced"]},
        {"system": "it.aa_light_i", "points": 6},
    ]


def test_graziani_max_assigned_from_the_oa_sheets(graziani: dict[str, Any]) -> None:
    units = {u["id"]: u for u in graziani["unit"]}
    headquarters = {c["id"] for c in graziani["class"] if c["unit_type"] == "headquarters"}
    assert all("max_assigned" in u for u in units.values() if u["class"] in headquarters)
    # 9.26: brigade-equivalents under a division, battalions under a brigade, whenever they
    # arrive: 2 NZ Div 4th, 5th (GT 35), 6th NZ Bdes; 6 Aus Div 16th, 17th, 19th (GT 9, 'less'
    # in the set-up); the 7th Motor Bde HQ of GT 68 is the 7th Support Group renamed, not a fourth
    # brigade, and its five battalions count for the Support Group (60.22-7th-support-group-parent)
    expected = {
        "cw.7_armd_div.7th_armored_div_hq": 3,
        "cw.7_armd_div.7th_support_group_hq": 5,
        "cw.7_armd_div.4th_armored_bde_hq": 2,
        "cw.7_armd_div.7th_armored_bde_hq": 2,
        "cw.2_nz_div.2nd_new_zealand_div_hq": 3,
        "cw.6_aus_div.6th_australian_div_hq": 3,
        "cw.4_indian_div.4th_indian_div_hq": 3,
        "cw.polish_bde.polish_brigade_hq": 5,  # 3 bns, artillery, cavalry; not the 2 companies
        "cw.selby_force.matruh_garrison_hq": 0,  # only attached units
        "it.62_marmarica_div.62nd_marmarica_div_hq": 2,
        "it.gruppo_maletti.maletti_div_hq": 3,
        "it.gruppo_maletti.5th_libyan_regt_hq": 2,
        "it.libyan_tank_command.libyan_tank_command_hq": 2,
        "it.libyan_tank_command.aresca_1st_regt_hq": 4,
        "it.libyan_tank_command.trivioli_2nd_regt_hq": 5,
        "it.sahara_det.saharan_detachment_hq": 5,
    }
    assert {uid: units[uid]["max_assigned"] for uid in expected} == expected
    # the two Italian class m brigade counters stand for the whole brigade (15.55)
    assert [u["id"] for u in units.values() if u["class"] == "it.m" and "max_assigned" in u] == []


def test_graziani_units_detached_at_the_start(graziani: dict[str, Any]) -> None:
    detached = {u["id"]: u for u in graziani["unit"] if u.get("detached")}
    # set-up 'Det': six 7th Armoured units, the 31st Field Regt of the 4th Indian, and five
    # Italian tank battalions (detached from their regiments, attached to infantry divisions);
    # the 7th Indian Bde HQ arrives at GT 5, so its 'Det' is moot (scen-0003)
    assert len(detached) == 12
    assert all(u["arrival"] == "start" and "parent" in u for u in detached.values())
    assert sum(u["id"].startswith("cw.7_armd_div.") for u in detached.values()) == 6
    assert sum("attached_to" in u for u in detached.values()) == 5
    assert "cw.4_indian_div.7th_indian_bde_hq" not in detached


# --- 11.35 and the combat example --------------------------------------------------------------
def test_11_35_barrage_of_the_90th_leichte(examples: dict[str, Any]) -> None:
    division = [u for u in examples["unit"] if u["id"].startswith("de.90le.")]
    artillery = [u for u in division if u["class"] == "de.ex.artillery"]
    assert {u["id"] for u in artillery} == {
        "de.90le.361_artillery_bn",
        "de.90le.190_artillery_regt",
    }
    assert raw_points(examples, artillery[:1], "barrage") == 27
    assert raw_points(examples, artillery, "barrage") == 108
    assert actual(108) == 11


def test_11_35_close_assault_of_the_seven_battalions(examples: dict[str, Any]) -> None:
    classes = {c["id"]: c for c in examples["class"]}
    division = [u for u in examples["unit"] if u["id"].startswith("de.90le.")]
    battalions = [u for u in division if classes[u["class"]]["unit_type"] == "infantry"]
    assert len(battalions) == 7
    assert all(u["parent"] == u["attached_to"] == "de.90le.div_hq" for u in division[1:])
    assert raw_points(examples, battalions, "offensive_close_assault") == 65
    assert actual(65) == 7
    by_class = {
        c: [u for u in battalions if u["class"] == c] for c in {u["class"] for u in battalions}
    }
    assert raw_points(examples, by_class["de.ex.155_schutzen"], "offensive_close_assault") == 42
    afrika = by_class["de.ex.361_afrika"]
    assert raw_points(examples, afrika, "offensive_close_assault") == 9
    assert raw_points(examples, afrika, "defensive_close_assault") == 18
    assert raw_points(examples, by_class["de.ex.90le_infantry"], "offensive_close_assault") == 14
    assert "11.35-example-split" in {r["id"] for r in examples["ruling"]}


def test_combat_example_forces(examples: dict[str, Any]) -> None:
    def in_hex(*hexes: str) -> list[dict[str, Any]]:
        return [u for u in examples["unit"] if u.get("location") in hexes]

    cw, axis = in_hex("A"), in_hex("B", "C")
    assert len(cw) == 5 and {(u["basic_morale"], u["cohesion"]) for u in cw} == {(1, -3)}
    assert len(axis) == 6 and {(u["basic_morale"], u["cohesion"]) for u in axis} == {(2, -2)}
    assert raw_points(examples, axis, "barrage") == 90  # ten 105mm TOE at Barrage 9
    infantry = [u for u in axis if u["class"] == "de.ex.kg_infantry"]
    assert raw_points(examples, infantry, "offensive_close_assault") == 42
    by_id = {u["id"]: u for u in examples["unit"]}
    assert raw_points(examples, [by_id["cw.ex.25pdr_regt"]], "barrage") == 48
    assert raw_points(examples, [by_id["cw.ex.2pdr_at_regt"]], "anti_armor") == 24
    pziii = next(w for w in examples["weapon"] if w["id"] == "de.ex.pziii_special")
    assert 5 * pziii["anti_armor"] == 30 and pziii["armor_protection"] == 4
