"""The miniatures requests (ledger.io.games.miniatures): CSV tables, errors naming the field,
file, row and column, and results with exact odds.

Worked values as in the domain tests: fictional Regulars Assault 4 with one HQ hit and one
earlier assault move need 6 on the die (1/6); marsh "2-4" is 1/6 per roll.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from ledger.io.combat_request import RequestError
from ledger.io.games.miniatures import GAME

HERE = Path(__file__).resolve().parent

COMMAND_CSV = (HERE / "fictional-command-chart.csv").read_text()


def run(calculation: str, data: dict[str, Any], base: Path = HERE) -> dict[str, Any]:
    return GAME.calculation(calculation).run(data, base)


def errors(calculation: str, data: dict[str, Any], base: Path = HERE) -> list[tuple[str, str, str]]:
    with pytest.raises(RequestError) as caught:
        run(calculation, data, base)
    return [(e.field, e.message, e.case) for e in caught.value.errors]


def sums_to_one(result: dict[str, Any]) -> None:
    for name, odds in result["odds"].items():
        assert sum(Fraction(str(p)) for p in odds.values()) == 1, name


def test_command_test_from_the_fixture_file() -> None:
    result = run(
        "command-test",
        {
            "declared": "assault",
            "training": "Fictional Regulars",
            "modifiers": {"command_hits": 1, "consecutive_assault_moves": 1},
            "command_chart": "fictional-command-chart.csv",
        },
    )
    assert result["odds"]["command test"] == {"pass": "1/6", "fail": "5/6"}
    assert result["test"]["needed_roll"] == 6
    assert "6+ on the die" in result["summary"][0]
    figures = {f["name"]: f["value"] for f in result["figures"]}
    assert figures["Chart value"] == 4 and figures["Modifier in all"] == "-2"
    sums_to_one(result)


def test_command_test_inline_chart_and_no_chart() -> None:
    inline = run(
        "command-test",
        {"declared": "maneuver", "training": "Fictional Elite", "command_chart_csv": COMMAND_CSV},
    )
    assert inline["test"]["pass_chance"] == "5/6"
    none = run("command-test", {"declared": "maneuver", "modifiers": {"demoralized": True}})
    assert "no Command Chart is loaded" in none["summary"][0]
    assert none["odds"] == {"modified roll": {str(t): "1/6" for t in range(-3, 3)}}


def test_the_shipped_template_is_empty_and_refused_as_a_chart(tmp_path: Path) -> None:
    template = Path(__file__).resolve().parents[3] / "templates/games/miniatures-command-chart.csv"
    assert template.read_text().strip() == "training,maneuver,assault"
    found = errors(
        "command-test",
        {"declared": "maneuver", "training": "x", "command_chart_csv": template.read_text()},
    )
    assert found == [
        ("command_chart_csv", "command chart inline CSV has no training rows (2.1)", "2.1")
    ]


@pytest.mark.parametrize(
    ("text", "field_message"),
    [
        (
            "training,maneuver,assault\nA,3,x\n",
            "inline CSV row 2, column 'assault': expected a whole number, found 'x'",
        ),
        ("training,maneuver,assault\n# c\nA,3\n", "inline CSV row 3: expected 3 cells"),
        (
            "training,maneuver\nA,3\n",
            "inline CSV row 1: the header must name the columns training, maneuver, assault",
        ),
        ("training,maneuver,assault\n,3,4\n", "inline CSV row 2, column 'training': empty"),
        ("training,maneuver,assault\nA,1,2\na,1,2\n", "training 'a' appears twice in inline CSV"),
        ("", "inline CSV: empty; expected the header"),
        ('training,maneuver,assault\n"A,1,2\n', "inline CSV row 2: not CSV"),
    ],
)
def test_malformed_command_chart_names_row_and_column(text: str, field_message: str) -> None:
    found = errors(
        "command-test", {"declared": "maneuver", "training": "A", "command_chart_csv": text}
    )
    assert found[0][0] == "command_chart_csv"
    assert field_message in found[0][1]
    assert found[0][2] == "2.1"


def test_malformed_file_names_the_file(tmp_path: Path) -> None:
    (tmp_path / "mine.csv").write_text("training,maneuver,assault\nA,three,4\nB,2,\n")
    found = errors(
        "command-test",
        {"declared": "assault", "training": "A", "command_chart": "mine.csv"},
        tmp_path,
    )
    assert [(f, m) for f, m, _ in found] == [
        (
            "command_chart",
            "mine.csv row 2, column 'maneuver': expected a whole number, found 'three'",
        ),
        ("command_chart", "mine.csv row 3, column 'assault': expected a whole number, found ''"),
    ]


def test_missing_chart_file_and_both_charts() -> None:
    found = errors("command-test", {"declared": "assault", "command_chart": "nope.csv"})
    assert found[0][0] == "command_chart" and "cannot read 'nope.csv'" in found[0][1]
    found = errors(
        "command-test",
        {"declared": "assault", "command_chart": "a.csv", "command_chart_csv": "x"},
    )
    assert found[0][:2] == (
        "command_chart_csv",
        "give command_chart or command_chart_csv, not both",
    )


def test_unknown_modifier_training_and_fields() -> None:
    found = errors("command-test", {"declared": "assault", "modifiers": {"smoke": True}})
    assert found[0][0] == "modifiers.smoke" and "over_the_top" in found[0][1]
    found = errors(
        "command-test",
        {"declared": "maneuver", "training": "Militia", "command_chart_csv": COMMAND_CSV},
    )
    assert found[0][0] == "training" and "Fictional Recruits" in found[0][1]
    found = errors("command-test", {"declared": "charge"})
    assert found[0][0] == "declared" and "'charge'" in found[0][1] and found[0][2] == "2.1"
    found = errors("command-test", {"declared": "assault", "modifiers": {"command_hits": "2"}})
    assert found[0][0].startswith("modifiers.command_hits")
    found = errors("command-test", {"declared": "assault", "rulings": {"nope": "x"}})
    assert found[0][0] == "rulings.nope"


def test_dangerous_terrain_from_the_fixture_file() -> None:
    """Rubble "I 2, 11-12" (4/36 = 1/9) then marsh (1/6): 1/9 + 8/9 x 1/6 = 7/27."""
    result = run(
        "dangerous-terrain",
        {
            "route": ["Fictional rubble", "Fictional marsh"],
            "terrain_chart": "fictional-dangerous-terrain.csv",
            "vehicles": 2,
        },
    )
    assert result["odds"]["one vehicle"] == {
        "immobilized in Fictional rubble": "1/9",
        "immobilized in Fictional marsh": "4/27",
        "gets through": "20/27",
    }
    assert result["odds"]["vehicles immobilized of 2"] == {
        "0": "400/729",
        "1": "280/729",
        "2": "49/729",
    }
    sums_to_one(result)


def test_dangerous_terrain_errors() -> None:
    found = errors("dangerous-terrain", {"route": ["Fictional marsh"]})
    assert found[0][0] == "terrain_chart" and "does not print them" in found[0][1]
    found = errors(
        "dangerous-terrain",
        {"route": ["Lava"], "terrain_chart": "fictional-dangerous-terrain.csv"},
    )
    assert found[0][0] == "route" and "'Lava'" in found[0][1]
    found = errors("dangerous-terrain", {"route": [{"terrain": "Bog", "immobilized_on": "13"}]})
    assert found[0][0] == "route[0].immobilized_on" and found[0][2] == "2.3"
    found = errors(
        "dangerous-terrain",
        {"route": ["Bog"], "terrain_chart_csv": "terrain,immobilized_on\nBog,2-15\n"},
    )
    assert found[0][:2] == (
        "terrain_chart_csv",
        "inline CSV row 2, column 'immobilized_on': 15 is not a reading of two dice added "
        "(2d6-sum); a range of two-dice sums 2 to 12 such as 2-3 (2.3)",
    )
    found = errors("dangerous-terrain", {"route": [], "vehicles": 0})
    assert {f for f, _, _ in found} == {"route", "vehicles"}


def test_towing_unlimber_and_limber() -> None:
    result = run("towing", {"gun_class": 5, "action": "unlimber", "vehicle_moved_before": "1/2"})
    assert [t["fire"] for t in result["deployment"]["turns"]] == ["no", "moved", "full"]
    assert result["odds"] == {}
    limber = run(
        "towing",
        {"gun_class": 6, "action": "limber", "vehicle_moved_before": 0.25, "max_move_yards": 400},
    )
    assert limber["limbering"]["towing_yards"] == 75
    found = errors("towing", {"gun_class": 7, "action": "unlimber", "vehicle_moved_before": "3/4"})
    assert found[0][0] == "vehicle_moved_before" and found[0][2] == "2.4"
    found = errors("towing", {"gun_class": 0, "action": "unlimber"})
    assert found[0][0] == "gun_class" and found[0][2] == "2.4"
    found = errors("towing", {"gun_class": 5, "action": "unlimber", "vehicle_moved_before": "2"})
    assert found[0][0] == "vehicle_moved_before"


def test_dig_in_and_minefield() -> None:
    dug = run("dig-in", {"base": "vehicle", "works": "hasty", "frontage_yards": 100})
    assert dug["dig_in"]["trench_line_yards"] == 200
    found = errors("dig-in", {"base": "vehicle", "works": "hasty"})
    assert found[0][0] == "frontage_yards"
    found = errors("dig-in", {"base": "tank", "works": "hasty"})
    assert found[0][0] == "base" and found[0][2] == "2.5"
    mines = run("minefield", {"bases": 4, "minefields": [80, 120, 150]})
    assert mines["passage"]["rolls"] == 8
    found = errors("minefield", {"bases": 1, "minefields": [10, -1]})
    assert found[0][0] == "minefields" and "minefields[1]" in found[0][1]
