"""`quartermaster calc cna ...` and `quartermaster resolve ...` end to end (ledger/cli/combat.py), from
the example files of docs/examples/combat/ and from standard input."""

from __future__ import annotations

import io
import json
import os
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from ledger.cli import main
from ledger.journal import EventStore, database_url

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "docs" / "examples" / "combat"
ODDS = (
    "distribution",
    "truck_distribution",
    "damage_odds",
    "toe_loss_odds",
    "columns",
    "attacker_loss",
    "defender_loss",
    "status",
    "retreat",
    "attacker_captured",
    "defender_captured",
    "surrender",
)


class Qm:
    """Runs `quartermaster` in-process against a temporary database."""

    def __init__(self, capsys: pytest.CaptureFixture[str]) -> None:
        self.capsys = capsys

    def run(self, *argv: str, status: int = 0) -> str:
        found = main(list(argv))
        said = self.capsys.readouterr()
        assert found == status, said.err + said.out
        return said.out

    def json(self, *argv: str, status: int = 0) -> Any:
        return json.loads(self.run(*argv, "--json", status=status))


@pytest.fixture
def qm(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Qm:
    monkeypatch.setenv("QUARTERMASTER_DB", str(tmp_path / "ledger.db"))
    monkeypatch.delenv("QUARTERMASTER_GAME", raising=False)
    return Qm(capsys)


def odds_sum_to_one(data: dict[str, Any]) -> list[str]:
    """Every odds table in a calculation's JSON, checked to sum to exactly 1."""
    found = []
    for key in ODDS:
        table = data.get(key)
        if isinstance(table, dict) and table:
            assert sum(Fraction(str(p)) for p in table.values()) == 1, key
            found.append(key)
    return found


def calc(qm: Qm, kind: str, name: str, *extra: str, status: int = 0) -> Any:
    return qm.json("calc", "cna", kind, str(EXAMPLES / name), *extra, status=status)


# --- calc cna, inline examples -------------------------------------------------------------------------


def test_calc_barrage_11_35_and_12_33(qm: Qm) -> None:
    data = calc(qm, "barrage", "11.35-barrage.json")
    # 27 + 81 = 108 Raw -> 11 Actual (11.32, 11.34): the 11-12 column
    assert data["combat"] == "barrage" and data["actual_points"] == 11
    assert data["column"] == "11-12"
    assert odds_sum_to_one(data) == ["distribution"]
    assert data["context"]["postable"] is False
    fortified = calc(qm, "barrage", "12.33-barrage.json")
    # 120 Raw = 12 Actual, Level Two Fortification: two columns left, 11-12 -> 7-8
    assert fortified["column"] == "7-8"
    assert [s["columns"] for s in fortified["shifts"]] == [-2]


def test_calc_anti_armor_14_43(qm: Qm) -> None:
    data = calc(qm, "anti-armor", "14.43-anti-armor.json")
    assert data["column"] == "5"
    assert odds_sum_to_one(data) == ["damage_odds", "toe_loss_odds"]
    seven = next(o for o in data["outcomes"] if o["damage"] == 7)
    # 14.43: 7 Damage Points -> one M13 (3) and two M11 (2 x 2)
    assert [(x["system"], x["points"]) for x in seven["losses"]] == [("M13/40", 1), ("M11/39", 2)]
    assert seven["toe_points"] == 3


def test_calc_close_assault_15_51_and_probe(qm: Qm) -> None:
    data = calc(qm, "close-assault", "15.51-close-assault.json")
    # +1 differential, attacker has twice the Raw points: two columns to +3 (15.51)
    assert data["basic_column"] == "+1" and data["column"] == "+3"
    assert "15.51" in {s["case"].split(",")[0] for s in data["shifts"]}
    assert set(odds_sum_to_one(data)) >= {"attacker_loss", "defender_loss", "status", "columns"}
    assert sum(Fraction(str(o["probability"])) for o in data["outcomes"]) == 1
    probe = calc(qm, "probe", "probe.json")
    assert probe["action"] == "probe" and probe["column"] == "0"
    odds_sum_to_one(probe)


def test_calc_from_standard_input_and_readable_text(
    qm: Qm, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = (EXAMPLES / "12.33-barrage.json").read_text()
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    data = qm.json("calc", "cna", "barrage", "-")
    assert data["column"] == "7-8"
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    out = qm.run("calc", "cna", "barrage", "-")
    assert "column: 7-8" in out and "Actual Barrage Points: 12 (11.32, 11.33)" in out
    assert "distribution: no effect: 1/2 (50.0 %)  1: 1/2 (50.0 %)" in out


def test_calc_without_a_combat_key_takes_the_command_s(
    qm: Qm, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = json.loads((EXAMPLES / "probe.json").read_text())
    del data["combat"]
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(data)))
    assert qm.json("calc", "cna", "probe", "-")["action"] == "probe"
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(data | {"combat": "barrage"})))
    refused = qm.json("calc", "cna", "probe", "-", status=2)
    assert refused["refused"][0]["field"] == "combat"


def test_bad_input_exits_2_naming_field_value_and_case(
    qm: Qm, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = json.loads((EXAMPLES / "14.43-anti-armor.json").read_text())
    data["targets"][0]["toe"][0]["points"] = -2
    data["terrain"] = {"terrain": ["swamp"], "hexsides": [{"features": ["cliff"]}]}
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(data)))
    out = qm.json("calc", "cna", "anti-armor", "-", status=2)
    assert out["written"] is False
    errors = {e["field"]: e for e in out["refused"]}
    assert "-2" in errors["targets[0].toe[0].points"]["message"]
    assert errors["targets[0].toe[0].points"]["case"] == "11.31"
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(data | {"targets": []})))
    out = qm.json("calc", "cna", "anti-armor", "-", status=2)
    errors = {e["field"]: e for e in out["refused"]}
    assert "'swamp'" in errors["terrain.terrain[0]"]["message"]
    assert errors["terrain.terrain[0]"]["case"] == "8.37"
    qm.run("calc", "cna", "barrage", str(EXAMPLES / "no-such-file.json"), status=2)
    monkeypatch.setattr("sys.stdin", io.StringIO("{"))
    assert qm.json("calc", "cna", "barrage", "-", status=2)["refused"][0]["field"] == "INPUT"


# --- the combat example, ledger units -----------------------------------------------------------------


def test_calc_combat_example_needs_the_game(qm: Qm) -> None:
    request = str(EXAMPLES / "combat-example-barrage.json")
    assert main(["calc", "cna", "barrage", request, "--json"]) == 2
    said = qm.capsys.readouterr().err
    assert "error: no database at " in said and "`quartermaster new NAME`" in said
    EventStore(database_url(os.environ["QUARTERMASTER_DB"]), create=True)  # a journal, no game
    refused = calc(qm, "barrage", "combat-example-barrage.json", status=1)
    assert "no game yet" in refused["refused"][0]["message"]
    qm.run("new", "--skip-setup", "ex", "--scenario", "rules-examples")
    data = calc(qm, "barrage", "combat-example-barrage.json")
    # 90 Raw = 9 Actual at the Stuarts in Rough: 9-10 shifted to 7-8; the chart pins on 41-66
    assert data["column"] == "7-8" and data["distribution"] == {"no effect": "1/2", "P": "1/2"}
    assert odds_sum_to_one(data) == ["distribution", "truck_distribution"]
    assert data["context"]["hexes"] == ["B", "C", "A"] and data["context"]["postable"]
    armor = calc(qm, "anti-armor", "combat-example-anti-armor.json")
    assert armor["column"] == "2" and armor["damage_odds"]["4"] == "1/6"
    cw = calc(qm, "anti-armor", "combat-example-cw-anti-armor.json")
    # 24 Raw = 2 Actual, non-Phasing, Clear: column 2; 55 reads 5 (ruling
    # combat-example-anti-armor-reading: the chart, not the example's 3)
    assert cw["column"] == "2" and cw["firer_is_phasing"] is False
    assault = calc(qm, "close-assault", "combat-example-close-assault.json")
    assert assault["column"] == "depends on the morale dice"
    assert set(odds_sum_to_one(assault)) >= {"columns", "attacker_loss", "defender_loss"}


# --- resolve -----------------------------------------------------------------------------------------


def postable_examples(tmp_path: Path) -> Path:
    """scenarios/rules-examples.toml with what posting needs and the rules do not give: a CPA
    of 10 for the example-only German classes and 40 Ammunition Points for every unit in
    hexes A, B and C."""
    text = (ROOT / "scenarios" / "rules-examples.toml").read_text()
    text = text.replace('nation = "german"\nunit_type', 'nation = "german"\ncpa = 10\nunit_type')
    text = re.sub(r'^(location = "[ABC]")$', r"\1\nsupplies = { ammo = 40 }", text, flags=re.M)
    path = tmp_path / "postable-examples.toml"
    path.write_text(text)
    return path


def test_resolve_without_confirm_writes_nothing(qm: Qm, tmp_path: Path) -> None:
    qm.run("new", "--skip-setup", "px", "--scenario", str(postable_examples(tmp_path)))
    before = qm.json("history")
    out = qm.json("resolve", str(EXAMPLES / "combat-example-anti-armor.json"), "--dice", "fire=51")
    assert out["written"] is False and out["dice"] == {"fire": 51}
    # 51 read on 45-46 (Phasing), column 2: 4 Damage Points; one Crusader (Armor Protection 4)
    assert out["result"]["damage"] == 4
    assert out["proposal"]["losses"] == [
        {"unit": "cw.ex.crusader_bn", "system": "cw.crusader_ii", "points": 1, "absorbs": 4}
    ]
    assert qm.json("history") == before
    text = qm.run("resolve", str(EXAMPLES / "combat-example-anti-armor.json"), "--dice", "fire=51")
    # the ids of --json (above) read as the counter's and the weapon's names (issue 17 item 5)
    assert "proposed losses (losses): 1 Crusader II tank battalion Crusader Mk.II" in text
    assert "add --confirm" in text


def test_resolve_confirm_posts_and_undo_reverses(qm: Qm, tmp_path: Path) -> None:
    qm.run("new", "--skip-setup", "px", "--scenario", str(postable_examples(tmp_path)))
    # The Axis fires as the Phasing Player: its Movement and Combat Phase (5.2 III.G); the
    # rules examples name no Initiative, so the Axis is Player A (ruling initiative-holder).
    qm.run("phase", "G", "--player", "A")
    example = str(EXAMPLES / "combat-example-barrage.json")
    posted = qm.json("resolve", example, "--dice", "target=45", "--dice", "trucks=11", "--confirm")
    kinds = [e["event"]["kind"] for e in posted]
    assert kinds[0] == "combat_resolved"
    resolved = posted[0]["event"]
    assert resolved["dice"] == [["target", 45], ["trucks", 11]] and resolved["seed"] is None
    assert resolved["markers"] == [["cw.ex.stuart_bn", "pinned"]]
    units = {u["id"]: u for u in qm.json("units", "--side", "commonwealth")}
    assert units["cw.ex.stuart_bn"]["markers"] == "pinned"
    axis = {u["id"]: u for u in qm.json("units", "--side", "axis")}
    # 6 TOE x 4 Ammunition Points (50.2): 40 - 24 = 16
    assert axis["de.ex.kg_105mm_regt"]["ammo"] == 16
    # Ending the Combat Segment takes the Pinned marker off (12.44); undo puts it back.
    qm.run("end-combat-segment")
    units = {u["id"]: u for u in qm.json("units", "--side", "commonwealth")}
    assert units["cw.ex.stuart_bn"]["markers"] == ""
    qm.run("undo")
    units = {u["id"]: u for u in qm.json("units", "--side", "commonwealth")}
    assert units["cw.ex.stuart_bn"]["markers"] == "pinned"
    qm.run("undo")
    units = {u["id"]: u for u in qm.json("units", "--side", "commonwealth")}
    assert units["cw.ex.stuart_bn"]["markers"] == ""
    axis = {u["id"]: u for u in qm.json("units", "--side", "axis")}
    assert axis["de.ex.kg_105mm_regt"]["ammo"] == 40


def test_resolve_roll_with_seed_is_reproducible_and_recorded(qm: Qm, tmp_path: Path) -> None:
    qm.run("new", "--skip-setup", "px", "--scenario", str(postable_examples(tmp_path)))
    example = str(EXAMPLES / "combat-example-close-assault.json")
    first = qm.json("resolve", example, "--roll", "--seed", "1941")
    again = qm.json("resolve", example, "--roll", "--seed", "1941")
    assert first == again and first["seed"] == 1941
    rolled = qm.json("resolve", example, "--roll")
    assert isinstance(rolled["seed"], int)
    qm.run("phase", "G", "--player", "A")  # the Axis assaults in its own phase (5.2 III.G)
    posted = qm.json("resolve", example, "--roll", "--seed", "1941", "--confirm")
    resolved = posted[0]["event"]
    assert resolved["kind"] == "combat_resolved" and resolved["seed"] == 1941
    assert dict(resolved["dice"]) == first["dice"]


def test_resolve_allocation_file_and_refusals(qm: Qm, tmp_path: Path) -> None:
    qm.run("new", "--skip-setup", "px", "--scenario", str(postable_examples(tmp_path)))
    example = str(EXAMPLES / "combat-example-anti-armor.json")
    choice = tmp_path / "allocation.json"
    choice.write_text(
        json.dumps({"losses": [{"unit": "Crusader bn", "system": "Crusader Mk.II", "points": 2}]})
    )
    out = qm.json("resolve", example, "--dice", "fire=51", "--allocation", str(choice))
    assert out["allocation"]["losses"] == [
        {"unit": "cw.ex.crusader_bn", "system": "cw.crusader_ii", "points": 2, "absorbs": 8}
    ]
    choice.write_text(json.dumps({"losses": []}))
    refused = qm.json(
        "resolve", example, "--dice", "fire=51", "--allocation", str(choice), status=1
    )
    assert "0 Damage Points, 4 needed" in refused["refused"][0]["message"]
    assert refused["refused"][0]["case"] == "14.43"
    bad = qm.json("resolve", example, "--dice", "fire=71", status=2)
    assert bad["refused"][0]["case"] == "14.6" and "71" in bad["refused"][0]["message"]
    assert qm.json("resolve", example, status=2)["refused"][0]["field"] == "--dice"
    both = qm.json("resolve", example, "--roll", "--dice", "fire=51", status=2)
    assert both["refused"][0]["field"] == "--dice"


def test_inline_forces_cannot_be_posted(qm: Qm, tmp_path: Path) -> None:
    qm.run("new", "--skip-setup", "px", "--scenario", str(postable_examples(tmp_path)))
    example = str(EXAMPLES / "14.43-anti-armor.json")
    shown = qm.json("resolve", example, "--dice", "fire=35")
    assert shown["postable"] is False and shown["result"]["damage"] == 7
    refused = qm.json("resolve", example, "--dice", "fire=35", "--confirm", status=1)
    assert refused["refused"][0]["field"] == "forces"
    assert "inline forces" in refused["refused"][0]["message"]
