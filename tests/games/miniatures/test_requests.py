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
        (
            "command_chart_csv",
            "inline CSV has no training rows: add one per training value of your chart "
            "(training,maneuver,assault)",
            "2.1",
        )
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
            "inline CSV row 1: missing column 'assault': the header must be "
            "training,maneuver,assault (any order)",
        ),
        (
            "# a comment\nTraining,Maneuvre,Assault,Notes\nA,3,4,x\n",
            "inline CSV row 2: missing column 'maneuver'; unknown column 'maneuvre', 'notes'",
        ),
        (
            "training,maneuver,assault,assault\nA,3,4,4\n",
            "inline CSV row 1: column 'assault' twice",
        ),
        ("training,maneuver,assault\n,3,4\n", "inline CSV row 2, column 'training': empty"),
        (
            "training,maneuver,assault\nA,1,2\n\n a ,1,2\n",
            "inline CSV row 4, column 'training': 'a' repeats row 2; give it one row",
        ),
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
    assert found[0][0] == "minefields[1]" and "found -1" in found[0][1] and found[0][2] == "2.5"


ROOT = Path(__file__).resolve().parents[3]


def test_a_repeated_terrain_row_is_refused_not_overwritten() -> None:
    """Before the review the second 'marsh' row silently replaced the first (2-6 = 15/36 was
    used); now the file's row and column are named."""
    found = errors(
        "dangerous-terrain",
        {
            "route": ["Marsh"],
            "terrain_chart_csv": "terrain,immobilized_on\nMarsh,2-3\nmarsh ,2-6\n",
        },
    )
    assert found == [
        (
            "terrain_chart_csv",
            "inline CSV row 3, column 'terrain': 'marsh' repeats row 2; give it one row",
            "2.3",
        )
    ]


def test_one_terrain_given_two_ranges_in_the_route_is_refused() -> None:
    """'Marsh' 2 then ' marsh' 2-6: one terrain type has one range (2.3); the second entry is
    named. The same range twice is fine: once-per-type, one roll of 1/36."""
    found = errors(
        "dangerous-terrain",
        {
            "route": [
                {"terrain": "Marsh", "immobilized_on": "2"},
                {"terrain": " marsh", "immobilized_on": "2-6"},
            ]
        },
    )
    assert found == [
        (
            "route[1].immobilized_on",
            "'marsh' is given 2-6 here but 2 at route[0]; one range per terrain type",
            "2.3",
        )
    ]
    same = run(
        "dangerous-terrain",
        {"route": [{"terrain": "Marsh", "immobilized_on": "2"}, "MARSH"]},
    )
    assert same["crossing"]["immobilized_chance"] == "1/36"
    blank = errors("dangerous-terrain", {"route": [{"terrain": " ", "immobilized_on": "2"}]})
    assert blank[0][0] == "route[0].terrain"


def test_an_inline_route_range_wins_over_the_csv_row() -> None:
    """The fixture's marsh is 2-4 (1/6); the route gives 12 (1/36) and that is used."""
    result = run(
        "dangerous-terrain",
        {
            "route": [{"terrain": "fictional marsh", "immobilized_on": "12"}],
            "terrain_chart": "fictional-dangerous-terrain.csv",
        },
    )
    assert result["crossing"]["immobilized_chance"] == "1/36"


def test_the_shipped_terrain_template_is_empty_and_refused_by_name() -> None:
    template = ROOT / "templates/games/miniatures-dangerous-terrain.csv"
    assert template.read_text().strip() == "terrain,immobilized_on"
    found = errors(
        "dangerous-terrain",
        {"route": ["Marsh"], "terrain_chart": "miniatures-dangerous-terrain.csv"},
        template.parent,
    )
    assert found == [
        (
            "terrain_chart",
            "miniatures-dangerous-terrain.csv has no terrain rows: add one per dangerous "
            "terrain type of your chart (terrain,immobilized_on)",
            "2.3",
        )
    ]


def test_dangerous_terrain_summary_gives_the_percentage() -> None:
    """Marsh 2-4 then stream 12, 3 vehicles: 41/216 each; at least one 1 - (175/216)^3 =
    4718321/10077696, about 46.8 %."""
    result = run(
        "dangerous-terrain",
        {
            "route": [
                {"terrain": "Marsh", "immobilized_on": "2-4"},
                {"terrain": "Stream", "immobilized_on": "12"},
            ],
            "vehicles": 3,
        },
    )
    assert result["summary"] == [
        "One vehicle is immobilized with chance 41/216 (19.0 %) crossing 2 dangerous terrain "
        "entries (2 rolls at most) (2.3).",
        "Of 3 vehicles, at least one is immobilized with chance 4718321/10077696 (46.8 %).",
    ]


def test_a_decimal_share_of_the_turn_is_read_exactly() -> None:
    """0.1 is 1/10 of the turn, not the binary float 3602879701896397/36028797018963968.
    Class 5 towed 1/10: turn 1 full (1/10 + 1/4 + 13/20), turn 2 sets up the last 1/10: under
    half, full effect."""
    result = run("towing", {"gun_class": 5, "action": "unlimber", "vehicle_moved_before": 0.1})
    assert result["deployment"]["towed_before"] == "1/10"
    assert [t["setting_up"] for t in result["deployment"]["turns"]] == ["13/20", "1/10"]
    assert result["summary"] == [
        "Gun class 5 (Medium): first fires in turn 2, at full effect (2.4)."
    ]
    found = errors("towing", {"gun_class": 5, "action": "unlimber", "vehicle_moved_before": True})
    assert found[0][0] == "vehicle_moved_before" and found[0][2] == "2.4"


def test_true_false_fields_are_strict() -> None:
    found = errors("towing", {"gun_class": 5, "action": "limber", "moves_after": "yes"})
    assert found == [("moves_after", "Input should be a valid boolean; found 'yes'", "2.4")]
    found = errors("dig-in", {"base": "infantry", "works": "hasty", "prone": 1})
    assert found[0][0] == "prone" and found[0][2] == "2.2"


def test_limber_only_fields_with_unlimber_are_noted() -> None:
    result = run("towing", {"gun_class": 5, "action": "unlimber", "max_move_yards": 400})
    assert "max_move_yards only count when limbering; not used here." in result["notes"]


def test_a_small_gun_fires_at_once_and_says_why() -> None:
    """Class 2, vehicle stationary: no unlimber or set-up time (2.4): turn 1 full effect."""
    result = run("towing", {"gun_class": 2, "action": "unlimber"})
    assert result["summary"] == [
        "Gun class 2 (Small): first fires in turn 1, at full effect (2.4)."
    ]
    turn = next(f for f in result["figures"] if f["name"] == "Turn 1")
    assert turn["note"] == "ready 1; none of the turn counts as setting up"


def test_limber_summary_gives_both_fire_verdicts() -> None:
    result = run(
        "towing", {"gun_class": 8, "action": "limber", "german_88_flak": True, "moves_after": False}
    )
    assert result["summary"] == [
        "Limbering a class 8 (Large) gun costs the vehicle 1 of a turn; the gun fires with the "
        "Moved modifier this turn or while limbered (2.4)."
    ]
    drawn = run(
        "towing",
        {"gun_class": 5, "action": "limber", "vehicle_moved_before": "1/4", "max_move_yards": 400},
    )
    # 2.4: cost 1/2; 1/4 of the turn left at 3/4 x 400 = 75 yards; ruling fire-with-moved lets
    # it fire before limbering, never once limbered
    assert drawn["summary"] == [
        "Limbering a class 5 (Medium) gun costs the vehicle 1/2 of a turn; may tow 75 yards more "
        "this turn; the gun may not fire this turn or while limbered (2.4)."
    ]
    moved = run(
        "towing",
        {
            "gun_class": 5,
            "action": "limber",
            "vehicle_moved_before": "1/4",
            "rulings": {"miniatures-fire-before-limbering": "fire-with-moved"},
        },
    )
    assert moved["summary"] == [
        "Limbering a class 5 (Medium) gun costs the vehicle 1/2 of a turn; this turn the gun "
        "fires with the Moved modifier, and while limbered it may not fire (2.4)."
    ]


def test_training_without_a_chart_is_noted() -> None:
    result = run("command-test", {"declared": "assault", "training": "Fictional Elite"})
    assert "Training 'Fictional Elite' is looked up only once a chart is loaded." in result["notes"]
    assert result["summary"] == [
        "Assault test: the die is modified by +0; no Command Chart is loaded, so the value to "
        "reach is unknown (2.1)."
    ]


def test_transport_riders_and_cavalry_requests() -> None:
    """Worked as in test_transport: 150 / 400 yards left; 3 T-34 riders need 3 tanks; 4
    cavalry bases dismount as 3 troopers and 4 horse bases, 450 of 600 yards left."""
    passengers = run(
        "transport",
        {"carrier": "half-track", "infantry_move_yards": 300, "vehicle_move_yards": 800},
    )
    assert passengers["passengers"]["infantry_yards_left"] == 150
    assert passengers["passengers"]["vehicle_yards_left"] == 400
    assert passengers["odds"] == {}
    riders = run(
        "riders", {"carrier": "t-34-family", "russian_infantry": True, "year": 1942, "stands": 3}
    )
    assert riders["riders"]["vehicles_needed"] == 3
    assert riders["summary"][0].startswith("Russian infantry may ride: 3 stand(s) on 3 vehicle(s)")
    strict = run(
        "riders",
        {
            "carrier": "t-34-family",
            "year": 1944,
            "rulings": {"miniatures-rider-fire": "half-tracks-only"},
        },
    )
    assert strict["riders"]["fire"]["fire"] == "no"
    refused = run("riders", {"carrier": "other", "year": 1943})
    assert refused["summary"][0].startswith("Non-Russian infantry may not ride: riders need a tank")
    cavalry = run("cavalry", {"action": "dismount", "bases": 4, "move_yards": 600})
    assert (cavalry["cavalry"]["trooper_bases"], cavalry["cavalry"]["yards_left"]) == (3, 450)


def test_transport_riders_and_cavalry_errors_name_field_and_case() -> None:
    found = errors("riders", {"carrier": "tank", "year": 42})
    assert {(f, c) for f, _, c in found} == {("carrier", "2.4"), ("year", "2.4")}
    assert any("found 42" in m for _, m, _ in found)
    found = errors("riders", {"carrier": "t-34-family", "year": 1943, "entering": ["swamp"]})
    assert found[0][0] == "entering[0]" and found[0][2] == "2.4"
    found = errors("cavalry", {"action": "dismount", "bases": 1})
    assert found == [
        ("bases", "1 base(s) dismounting leaves none on foot after 1 holds the horses (2.2)", "2.2")
    ]
    found = errors("cavalry", {"action": "gallop", "bases": 0})
    assert {(f, c) for f, _, c in found} == {("action", "2.2"), ("bases", "2.2")}
    found = errors("transport", {"vehicle_move_yards": -5, "carrier": "tank"})
    assert {(f, c) for f, _, c in found} == {("vehicle_move_yards", "2.4"), ("carrier", "2.4")}


@pytest.mark.parametrize(
    "model",
    [
        "CommandTestRequest",
        "DangerousTerrainRequest",
        "TowingRequest",
        "TransportRequest",
        "RidersRequest",
        "CavalryRequest",
        "DigInRequest",
        "MinefieldRequest",
    ],
)
def test_every_request_field_cites_a_case(model: str) -> None:
    from ledger.io.games.miniatures import models

    fields = set(getattr(models, model).model_fields) - {"rulings"}
    assert fields <= set(models.CASES), fields - set(models.CASES)


def test_domain_errors_read_under_the_request_field() -> None:
    """The message follows the request's field name without repeating another name for it
    (before the review: 'vehicle_moved_before: towed_before: after towing ...')."""
    found = errors("towing", {"gun_class": 7, "action": "unlimber", "vehicle_moved_before": "3/4"})
    assert found == [
        (
            "vehicle_moved_before",
            "the vehicle towed the gun for 3/4 of the turn, leaving 1/4, but unlimbering a Large "
            "gun costs 1/2 (2.4)",
            "2.4",
        )
    ]
    found = errors("towing", {"gun_class": 5, "action": "limber", "vehicle_moved_before": "3/4"})
    assert found[0][1] == (
        "the vehicle used 3/4 of the turn, leaving 1/4, but limbering a Medium gun costs 1/2 (2.4)"
    )
    found = errors("dig-in", {"base": "vehicle", "works": "hasty"})
    assert found == [
        ("frontage_yards", "a vehicle is dug in by its frontage in yards, found None (2.5)", "2.5")
    ]
