"""The JSON requests of ``quartermaster calc combined-arms ...``: the shipped examples through the
CLI, bad input named by field, and the doc page's rulings."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from ledger.cli import main
from ledger.games.combined_arms.rulings import RULINGS
from ledger.io.combat_request import RequestError
from ledger.io.games import calculate
from ledger.io.games.combined_arms import GAME

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "docs" / "examples" / "combined-arms"
DOC = ROOT / "docs" / "games" / "combined-arms.md"


def run(calc: str, data: dict[str, Any]) -> dict[str, Any]:
    return calculate("combined-arms", calc, data)


def errors(calc: str, data: dict[str, Any]) -> list[tuple[str, str, str]]:
    with pytest.raises(RequestError) as exc:
        run(calc, data)
    return [(e.field, e.message, e.case) for e in exc.value.errors]


@pytest.mark.parametrize("calc", GAME.calculations, ids=lambda c: c.name)
def test_each_example_runs_through_the_cli(calc: Any, capsys: pytest.CaptureFixture[str]) -> None:
    path = EXAMPLES / calc.example
    assert main(["calc", "combined-arms", calc.name, str(path), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["summary"]
    for name, odds in result["odds"].items():
        assert sum(Fraction(str(p)) for p in odds.values()) == 1, name
    assert f"calc combined-arms {calc.name} docs/examples/combined-arms/{calc.example}" in (
        DOC.read_text()
    )


def test_every_example_file_runs() -> None:
    names = {c.example: c.name for c in GAME.calculations}
    files = sorted(EXAMPLES.glob("*.json"))
    assert {f.name for f in files} >= set(names)
    for path in files:
        result = run(names.get(path.name, path.stem), json.loads(path.read_text()))
        assert result["summary"], path.name


def test_the_combat_example_as_worked_in_the_docs() -> None:
    # Scenario 1: tank [10] + infantry 8 = 18 against infantry 6, D1 (3), Rough #1 x2, IP x2 =
    # 12: 1-1, mixed brackets -> Hard 13.22: 2, 1, dot at 1/3 each; retreats become D2.
    result = run("combat", json.loads((EXAMPLES / "combat.json").read_text()))
    assert (result["table"]["id"], result["column"], result["attack"], result["defense"]) == (
        "13.22-hard-rough-1",
        "1-1",
        18,
        12,
    )
    assert result["odds"]["defender after"] == {"no effect (stays D1)": "1/3", "D2": "2/3"}
    assert result["ratio"] == "3/2"
    by_result = {r["result"]: r for r in result["results"]}
    assert by_result["2"]["outcome"] == "D2"
    assert by_result["2"]["probability"] == "1/3"


def test_typed_strengths_and_a_preset_with_a_changed_figure() -> None:
    data = {
        "terrain_mode": "closed",
        "attackers": [{"attack_hard": "[6]", "attack_soft": "[10]"}, {"preset": "s1-alpha-tank"}],
        "defender": {"preset": "s1-bravo-tank", "defense": "[4]"},
    }
    # Hard Target [4] in Closed Clear (x1): [6] + [4] = 10 to 4 = 2.5, 2-1 on 13.21.
    result = run("combat", data)
    assert (result["column"], result["table"]["case"]) == ("2-1", "13.21")


def test_air_strike_and_disruption_and_units() -> None:
    strike = run(
        "air-strike", {"terrain_mode": "open", "defender": {"preset": "s3-bravo-infantry"}}
    )
    assert strike["column"] == "3-1"  # 30 to 8 = 3.75
    dis = run("disruption", {"level": "D2", "result": "2"})
    assert (dis["after"], dis["odds"]["removal roll (D3)"]) == (
        "D3",
        {"removed": "1/6", "stays": "5/6"},
    )
    gone = run("disruption", {"level": "D3", "result": "D1"})
    assert (gone["after"], gone["odds"]) == ("eliminated", {})
    units = run("units", {"side": "alpha", "scenario": 5, "type": "artillery"})
    assert [u["id"] for u in units["units"]] == ["s5-alpha-artillery-27", "s5-alpha-artillery-13"]


@pytest.mark.parametrize(
    ("data", "field", "case"),
    [
        ({"terrain": "swamp"}, "terrain", "13.1"),
        ({"terrain_mode": "desert"}, "terrain_mode", "13.1"),
        ({"attackers": [{"preset": "s1-alpha-tiger"}]}, "attackers[0].preset", "14.0"),
        (
            {"attackers": [{"attack_hard": "[4", "attack_soft": 1}]},
            "attackers[0].attack_hard",
            "3.23",
        ),
        ({"attackers": [{"attack_soft": 8}]}, "attackers[0].attack_hard", "14.0"),
        ({"defender": {"name": "x"}}, "defender.defense", "14.0"),
        ({"defender": {"preset": "s1-bravo-tank"}}, "attackers", "9.0"),  # 4 to 5: below 1-1
        (
            {"defender": {"preset": "s1-bravo-infantry", "disruption": "D4"}},
            "defender.disruption",
            "9.12",
        ),
        (
            {"attackers": [{"preset": "s1-alpha-tank", "range_hexes": 9}]},
            "attackers[0].range",
            "3.23",
        ),
        ({"rulings": {"no-such-ruling": "x"}}, "rulings.no-such-ruling", ""),
        ({"rulings": {"13.1-multipliers": "add"}}, "rulings.13.1-multipliers", "13.1"),
        ({"surprise": True}, "surprise", ""),
    ],
)
def test_bad_combat_input_names_the_field(data: dict[str, Any], field: str, case: str) -> None:
    base: dict[str, Any] = {
        "scenario": 1,
        "attackers": [{"preset": "s1-alpha-tank"}],
        "defender": {"preset": "s1-bravo-infantry"},
    }
    base.update(data)
    found = errors("combat", base)
    assert (field, case) in [(f, c) for f, _, c in found], found


def test_without_scenario_or_mode_the_terrain_mode_is_asked_for() -> None:
    found = errors(
        "combat",
        {"attackers": [{"preset": "s1-alpha-tank"}], "defender": {"preset": "s1-bravo-infantry"}},
    )
    assert found == [("terrain_mode", "give the Terrain Mode or the scenario", "13.1")]


def test_bad_overrun_and_air_strike_input() -> None:
    overrun = {
        "scenario": 1,
        "overrunners": [{"preset": "s1-alpha-artillery"}],
        "defender": {"preset": "s1-bravo-infantry"},
        "exits": [{"terrain": "clear"}],
    }
    assert errors("overrun", overrun)[0][:1] == ("overrunners[0].type",)
    typeless = dict(overrun, overrunners=[{"attack_hard": "[4]", "attack_soft": "[10]"}])
    assert errors("overrun", typeless)[0][0] == "overrunners[0].type"
    strike = {"scenario": 1, "terrain": "rough-2", "defender": {"preset": "s1-bravo-infantry"}}
    field, message, case = errors("air-strike", strike)[0]
    assert (field, case) == ("terrain", "8.91") and "Rough #2" in message


def test_strengths_only_presets_need_a_type_to_overrun() -> None:
    request = {
        "scenario": 1,
        "overrunners": [{"preset": "s1-alpha-tank"}],
        "defender": {"preset": "s1-bravo-infantry"},
        "exits": [{"terrain": "clear"}],
        "rulings": {"14.0-unit-types": "strengths-only"},
    }
    assert errors("overrun", request)[0][0] == "overrunners[0].type"
    request["overrunners"] = [{"preset": "s1-alpha-tank", "type": "assault-gun"}]
    # Assault gun against a Soft Target in Clear: Soft [10] tripled = 30 (5.35), as a tank.
    assert run("overrun", request)["units"][0]["strength"] == 30


def test_the_cli_refuses_bad_input_naming_the_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"terrain_mode": "mixed", "terrain": "swamp", "attackers": []}))
    assert main(["calc", "combined-arms", "combat", str(path)]) == 2
    err = capsys.readouterr().err
    assert "error: terrain:" in err
    assert "error: attackers:" in err
    assert "error: defender:" in err


def test_every_ruling_is_documented_in_the_required_shape() -> None:
    text = DOC.read_text()
    assert GAME.rulings == RULINGS
    for ruling in RULINGS:
        pattern = (
            rf"### `{re.escape(ruling.id)}`\nCase {re.escape(ruling.case)}\. .+ Options: (.+)\.\n"
            rf"\*\*`{re.escape(ruling.default)}`\*\* \(default\): .+"
        )
        found = re.search(pattern, text)
        assert found, ruling.id
        for option in ruling.options:
            assert f"`{option}` (" in found.group(1), (ruling.id, option)


@pytest.mark.parametrize("bad", ["[4", "-3", -3, "four"])
def test_a_malformed_strength_gets_one_clear_message(bad: object) -> None:
    request = {
        "scenario": 1,
        "attackers": [{"preset": "s1-alpha-tank", "strength": bad}],
        "defender": {"preset": "s1-bravo-infantry"},
    }
    [(field, message, case)] = errors("combat", request)
    assert (field, case) == ("attackers[0].strength", "3.23")
    assert "Value error" not in message
    assert message.count("found") == 1, message
    assert "such as 8 or [4]" in message


def test_the_disruption_summary_reads_in_order() -> None:
    # D1 hit by a retreat: no retreat, one more D1 (9.12): D2, removed on 1-2 (1/3).
    result = run("disruption", {"level": "D1", "result": "2"})
    assert result["summary"] == [
        "D1 + result 2: D2",
        "D2: removed on one roll with chance 1/3 (9.12)",
    ]


def test_truck_infantry_is_refused_as_an_attacker() -> None:
    request = {
        "scenario": 1,
        "attackers": [{"preset": "s1-alpha-infantry", "type": "truck-infantry"}],
        "defender": {"preset": "s1-bravo-infantry"},
    }
    assert [(f, c) for f, _, c in errors("combat", request)] == [("attackers[0].type", "7.13")]


def test_a_river_note_says_why_the_defense_doubled() -> None:
    # Infantry 8 across the river with artillery 10 behind, at infantry 6 in Mixed Clear:
    # 6 x2 = 12 (12.13 leaves the river in play when artillery does not attack alone); 18 to 12.
    result = run(
        "combat",
        {
            "scenario": 1,
            "attackers": [
                {"preset": "s1-alpha-infantry", "across_river": True},
                {"preset": "s1-alpha-artillery", "range_hexes": 5},
            ],
            "defender": {"preset": "s1-bravo-infantry"},
        },
    )
    assert (result["river"], result["defense"], result["column"]) == (True, 12, "1-1")
    assert any("8.8" in n and "5 hexes" in n for n in result["notes"])


@pytest.mark.parametrize(
    ("data", "field", "value", "case"),
    [
        ({"terrain": "swamp"}, "terrain", "'swamp'", "13.1"),
        (
            {"attackers": [{"preset": "s1-alpha-tiger"}]},
            "attackers[0].preset",
            "s1-alpha-tiger",
            "14.0",
        ),
        (
            {"attackers": [{"preset": "s1-alpha-tank", "range_hexes": 9}]},
            "attackers[0].range",
            "9 away",
            "3.23",
        ),
        ({"defender": {"preset": "s1-bravo-tank"}}, "attackers", "4 to 5", "9.0"),
        ({"defender": {"defense": 0}}, "defender.defense", "0", "9.0"),
        ({"attackers": [{"preset": "truck"}]}, "attackers[0]", "Attack Strength of 0", "3.23"),
    ],
)
def test_errors_name_the_field_the_value_and_the_rule(
    data: dict[str, Any], field: str, value: str, case: str
) -> None:
    base: dict[str, Any] = {
        "scenario": 1,
        "attackers": [{"preset": "s1-alpha-tank"}],
        "defender": {"preset": "s1-bravo-infantry"},
    }
    base.update(data)
    [(found_field, message, found_case)] = errors("combat", base)
    assert (found_field, found_case) == (field, case)
    assert value in message, message
