"""The quartermaster command end to end, as a player runs it, in a temporary directory."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import MINI


class Player:
    """Runs `quartermaster` in a subprocess against one database file."""

    def __init__(self, tmp_path: Path) -> None:
        self.cwd = tmp_path
        self.env = {**os.environ, "QUARTERMASTER_DB": str(tmp_path / "ledger.db")}
        self.env.pop("QUARTERMASTER_GAME", None)

    def run(self, *args: str, ok: bool = True) -> subprocess.CompletedProcess[str]:
        done = subprocess.run(
            [sys.executable, "-m", "ledger.cli", *args],
            cwd=self.cwd,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert (done.returncode == 0) == ok, done.stderr + done.stdout
        return done

    def json(self, *args: str) -> Any:
        return json.loads(self.run(*args, "--json").stdout)


@pytest.fixture
def player(tmp_path: Path) -> Player:
    p = Player(tmp_path)
    p.run("new", "--skip-setup", "mini", "--scenario", str(MINI))
    return p


def test_new_games_and_clock(player: Player) -> None:
    assert [g["game"] for g in player.json("games")] == ["mini"]
    clock = player.json("clock")
    assert (clock["game_turn"], clock["op_stage"], clock["calendar"]) == (
        1,
        1,
        "September III 1940",
    )
    assert "September III 1940" in player.run("clock").stdout


def test_bundled_graziani_game(player: Player) -> None:
    created = player.run("new", "--skip-setup", "g", "--scenario", "graziani").stdout
    assert "Graziani's Offensive (60.22), 306 counters" in created
    units = player.json("units", "--game", "g", "--side", "commonwealth")
    rnf = next(u for u in units if u["counter"] == "1 RNF")
    assert rnf["cpa"] == 8 and rnf["toe_points"] == 3
    dumps = {d["id"]: d for d in player.json("dumps", "--game", "g")}
    assert (dumps["cw_mersa_matruh"]["ammo"], dumps["cw_mersa_matruh"]["fuel"]) == (1000, 3000)
    assert dumps["cw_unlimited_cairo"]["fuel"] == "unlimited"
    trucks = player.json("trucks", "--game", "g", "--side", "axis")
    assert (
        sum(t["medium"] for t in trucks)
        == 25 + 45 + 15 + 15 + 5 + 40 + 30 + 30 + 25 + 20 + 5 + 5 + 140 + 100 + 50
    )
    # two games now: --game is required
    refused = player.run("units", ok=False)
    assert "2 games in the database" in refused.stderr


def test_spend_cp_transfer_end_stage_history_undo(player: Player) -> None:
    out = player.run("spend-cp", "1 RNF", "6", "--reason", "Retreat Before Assault, 3 hexes").stdout
    assert "expends 6 CP" in out
    out = player.run("spend-cp", "cw.1_rnf", "2 1/2").stdout
    assert "expends 2 1/2 CP, 1/2 DP" in out
    rnf = player.json("units")[0]
    assert (rnf["cp_expended"], rnf["cohesion"], rnf["cp_remaining"]) == ("17/2", "-1/2", "0")
    assert player.json("warnings")[0]["check"] == "over-cpa"

    player.run(
        "transfer", "--from", "Mersa Matruh", "--to", "1 RNF", "--fuel", "10", "--stores", "3"
    )
    refused = player.run(
        "transfer", "--from", "cw_matruh", "--to", "1 RNF", "--ammo", "1001", ok=False
    )
    assert "holds 1000 Ammunition, 1001 asked: 1 short" in refused.stderr
    assert "nothing was written" in refused.stderr
    dump = player.json("dumps")[0]
    assert (dump["fuel"], dump["stores"]) == (2990, 3997)

    player.run("phase", "L", "--player", "B")  # 5.2: the stage ends from its last phase
    player.run("end-stage")
    assert player.json("clock")["op_stage"] == 2
    assert player.json("units")[0]["cp_expended"] == "0"

    history = player.json("history")
    assert [h["kind"] for h in history] == [
        "game_started",
        "cp_expended",
        "cp_expended",
        "supplies_transferred",
        "phase_advanced",
        "operations_stage_ended",
        "consumption_posted",  # 1 RNF's Water for the OpStage (52.41)
    ]
    assert history[-1]["what"] == "water for GT 1 OpStage 1 (52.41): 1 Water from 1 holder(s)"
    assert history[1]["why"] == "Retreat Before Assault, 3 hexes"
    assert history[1]["role"] == "field_commander" and history[3]["role"] == "logistics_commander"

    first = player.run("undo").stdout  # the end of stage with the water the ledger took
    assert "undo #7" in first and "undo #6" in first
    assert "undo #5" in player.run("undo").stdout  # back to the Organization Phase
    assert "undo #4" in player.run("undo").stdout
    assert player.json("clock")["op_stage"] == 1
    assert player.json("dumps")[0]["fuel"] == 3000
    assert player.json("units")[0]["cp_expended"] == "17/2"
    assert len(player.json("history")) == 11  # 7 events and 4 reversals: nothing deleted


def test_bad_input_is_refused_with_field_and_nothing_written(
    player: Player, tmp_path: Path
) -> None:
    assert "1/3" in player.run("spend-cp", "1 RNF", "1/3", ok=False).stderr
    assert "no unit called 'Ghost'" in player.run("spend-cp", "Ghost", "1", ok=False).stderr
    bad = tmp_path / "bad.toml"
    bad.write_text(MINI.read_text().replace("ammo = 1000", "ammo = -1"))
    refused = player.run("new", "--skip-setup", "bad", "--scenario", str(bad), ok=False)
    assert "bad.toml:" in refused.stderr and "dump[0].ammo" in refused.stderr
    assert [g["game"] for g in player.json("games")] == ["mini"]
    assert len(player.json("history")) == 1


def test_db_option_takes_a_path_or_url(tmp_path: Path) -> None:
    p = Player(tmp_path)
    other = tmp_path / "other.db"
    p.run("new", "--skip-setup", "x", "--scenario", str(MINI), "--db", str(other))
    assert [g["game"] for g in p.json("games", "--db", f"sqlite:///{other}")] == ["x"]
    missing = p.run("games", ok=False)
    assert missing.returncode == 2
    assert missing.stderr == (
        f"error: no database at {tmp_path / 'ledger.db'} — create a game with "
        "`quartermaster new NAME`\n"
    )
    assert not (tmp_path / "ledger.db").exists()


def test_cp_actions_ceiling_cohesion_and_idle_rp(player: Player) -> None:
    assert (
        "costs 4 CP, 3 given"
        in player.run("spend-cp", "1 RNF", "3", "--action", "disengage", ok=False).stderr
    )
    assert (
        "expends 4 CP (disengage)"
        in player.run("spend-cp", "1 RNF", "--action", "disengage").stdout
    )
    player.run("spend-cp", "1 RNF", "8", "--action", "move")
    refused = player.run("spend-cp", "1 RNF", "1/2", "--action", "move", ok=False)
    assert "at most 12 CP" in refused.stderr and "(8.17)" in refused.stderr
    (row,) = player.json("cp")
    assert (row["cp_expended"], row["voluntary_ceiling"], row["cohesion"]) == ("12", "12", "-4")
    actions = {a["action"]: a for a in player.json("actions")}
    assert actions["disengage"]["cp"] == "4" and actions["move"]["cp"] == "varies"
    player.run("phase", "L", "--player", "B")  # 5.2: the stage ends from its last phase
    player.run("end-stage")  # RNF expended CP: no RP
    player.run("phase", "L", "--player", "B")
    player.run("end-stage")  # idle: +4 RP back to 0 (6.24.1), posted by the ledger
    assert player.json("cohesion")[0]["cohesion"] == "0"
    last = [h for h in player.json("history") if h["kind"] == "cohesion_adjusted"][-1]
    assert (last["app_made"], last["what"]) == (True, "1st RNF MG Bn: 4 RP (idle-opstage, 6.24)")
    player.run("adjust-cohesion", "1 RNF", "--cause", "correction", "--change=-1/2")
    assert player.json("cohesion")[0]["cohesion"] == "-1/2"
    player.run("undo")
    player.run("undo")  # the second end of stage and its RP go together
    assert player.json("cohesion")[0]["cohesion"] == "-4"


def test_formation_tree_and_6_15_cpa(player: Player) -> None:
    player.run("new", "--skip-setup", "g", "--scenario", "graziani")
    report = player.json("formation", "7th Armored Div HQ", "--game", "g")
    # 60.22 sets six 7th Armoured units up detached: the 8th Hussars' 15 is the lowest CPA.
    assert (report["formation_cpa"], report["stacking_points"], report["units"]) == (15, 5, 7)
    assert [r["counter"] for r in report["tree"] if r["depth"] == 1] == ["4", "7", "7 Spt"]
    attached = player.run("attach", "1 KRRC", "7 Spt", "--game", "g").stdout
    assert "1st KRRC attached to 7th Support Group HQ (attach-assigned, 6.3)" in attached
    assert "1st KRRC expends 1 CP (attach-assigned)" in attached
    report = player.json("formation", "7th Armored Div HQ", "--game", "g")
    assert (report["formation_cpa"], report["units"]) == (10, 8)  # 6.15: 1 KRRC's 10
    assert "· · 1 KRRC" in player.run("formation", "7th Armored Div HQ", "--game", "g").stdout


def test_organization_phase_and_trucks_from_the_command_line(player: Player) -> None:
    player.run("new", "--skip-setup", "g", "--scenario", "graziani")
    player.run("phase", "G", "--player", "A", "--game", "g")
    assert "G. Movement and Combat Phase (Player A)" in player.json("clock", "--game", "g")["phase"]
    refused = player.run("attach", "1 KRRC", "7 Spt", "--game", "g", ok=False).stderr
    assert "only in the Organization Phase" in refused and "(5.2)" in refused
    player.run("undo", "--game", "g")
    player.run("attach-trucks", "cw_d3612_7armd", "1 RNF", "--medium", "3", "--game", "g")
    player.run("load-troops", "1 RNF", "--medium", "3", "--game", "g")
    rnf = next(u for u in player.json("cp", "--game", "g") if u["counter"] == "1 RNF")
    assert rnf["cpa"] == 20  # 6.17
    assert "only go forward" in player.run("phase", "organization", "--game", "g", ok=False).stderr


def test_morale_odds_at_the_units_cohesion(player: Player) -> None:
    player.run("adjust-cohesion", "1 RNF", "--cause", "correction", "--change=-4")
    # 17.22's example: Basic Morale +1 at Cohesion -4 rolling 42 gives -2, so -1
    report = player.json("morale", "1 RNF", "--reading", "42")
    assert (report["chart_row"], report["adjusted_morale"]) == ("-4", -1)
    # row -4: 11-33 no change (15/36), 34-41 -1 (4/36), 42-55 and the gap 56 -2 (11/36,
    # ruling 17.4-row-minus-4-gap), 61-66 -3 (6/36); from Basic Morale +1
    assert report["adjusted_morale_odds"] == {"1": "5/12", "0": "1/9", "-1": "11/36", "-2": "1/6"}
    assert "not a reading" in player.run("morale", "1 RNF", "--reading", "70", ok=False).stderr


def test_forecast_of_the_commonwealth_supply_net(player: Player) -> None:
    report = player.json("forecast", "--side", "commonwealth", "--opstages", "6")
    # Mersa Matruh 1000/3000/4000/0 and 1 RNF's 2/0/3/4 (mini.toml); 1 RNF drinks 1 Water an
    # OpStage (52.41): 4 lasts to GT 2 OpStage 1, short from GT 2 OpStage 2
    assert report["on_hand"] == "1002 Ammunition, 3000 Fuel, 4003 Stores, 4 Water"
    assert (report["per_opstage"], report["per_game_turn"]) == ("1 Water", "12 Stores")
    assert report["water_short_from"] == "GT 2 OpStage 2"
    assert report["stores_short_from"] == "lasts"
    assert [s["water"] for s in report["stages"]] == [3, 2, 1, 0, -1, -2]


def test_plan_convoys_for_the_open_requisitions(player: Player) -> None:
    player.run("requisition", "1 RNF", "--fuel", "10", "--stores", "5")
    report = player.json("plan-convoys", "--side", "commonwealth", "--time-limit", "5")
    # 1 RNF stands with Mersa Matruh (C3721): a direct draw, no truck points needed
    assert (report["status"], report["truck_points"]) == ("optimal", 0)
    assert report["transfers"] == [
        {
            "load_at": "Mersa Matruh",
            "on_trucks": "(same hex, no trucks)",
            "for": "1st RNF MG Bn",
            "ammo": 0,
            "fuel": 10,
            "stores": 5,
            "water": 0,
        }
    ]
    assert "no open requisition" in player.run("plan-convoys", "--side", "axis", ok=False).stderr


def test_capture_keeps_the_usable_share(tmp_path: Path) -> None:
    # Tobruk's dump moved into the Commonwealth hex C3721 for this game
    scenario = tmp_path / "captured.toml"
    scenario.write_text(MINI.read_text().replace('location = "C4807"', 'location = "C3721"'))
    player = Player(tmp_path)
    player.run("new", "--skip-setup", "captured", "--scenario", str(scenario))
    player.run("capture", "Tobruk", "--to", "cw_c3721", "--ammo", "30", "--stores", "7")
    # 50.16: 30 Ammunition -> 10 usable; 51.16: 7 Stores -> 4 (an odd half rounded up)
    dumps = {d["id"]: d for d in player.json("dumps")}
    assert (dumps["ax_tobruk"]["ammo"], dumps["ax_tobruk"]["stores"]) == (170, 493)
    history = player.run("history", "--last", "2").stdout
    assert "captured" in history
    refused = player.run("capture", "Mersa Matruh", "--to", "cw_c3721", ok=False).stderr
    assert "both commonwealth's" in refused


def test_help_lists_every_command_readably(player: Player) -> None:
    listing = player.run("--help").stdout
    # a stray '%' in a help text makes argparse print its internals instead
    assert "option_strings" not in listing
    assert "30 % assault losses" in " ".join(listing.split())
    assert "capture" in listing


def test_write_commands_and_refusals_answer_in_json(player: Player) -> None:
    recorded = player.json("spend-cp", "1 RNF", "9")
    # 1 RNF (CPA 8) spends 9 CP: 1 over its CPA, 1 DP (6.21)
    assert [r["event"]["kind"] for r in recorded] == ["cp_expended"]
    assert recorded[0]["event"]["cp"] == "9" and recorded[0]["event"]["disorganization"] == "1"
    assert "1st RNF" in recorded[0]["said"]
    args = ("transfer", "--from", "Mersa Matruh", "--to", "1 RNF", "--ammo", "5000", "--json")
    answer = json.loads(player.run(*args, ok=False).stdout)
    # Mersa Matruh holds 1000 Ammunition (mini.toml): 4000 short, and nothing written
    assert answer["written"] is False
    assert answer["refused"][0]["field"] == "--ammo"
    assert "4000 short" in answer["refused"][0]["message"]


def test_plan_convoys_accept_draws_directly_and_refiles_the_rest(player: Player) -> None:
    player.run("requisition", "1 RNF", "--ammo", "1500")
    shown = player.run("plan-convoys", "--side", "commonwealth", "--accept").stdout
    # Mersa Matruh, in 1 RNF's hex, holds 1000 ammo: all drawn, CR1 closed, 500 refiled as CR2
    assert "requisition CR1 fulfilled" in shown and "CR2" in shown
    wanted = {r["id"]: (r["status"], r["ammo"]) for r in player.json("requisitions")}
    assert wanted == {"CR1": ("fulfilled", 1500), "CR2": ("open", 500)}
    dumps = {d["id"]: d for d in player.json("dumps")}
    assert dumps["cw_matruh"]["ammo"] == 0
    history = player.json("history", "--last", "3")
    assert len(history) == 3
    player.run("undo")  # the whole acceptance at once
    wanted = {r["id"]: (r["status"], r["ammo"]) for r in player.json("requisitions")}
    assert wanted == {"CR1": ("open", 1500)}


MINI_CAIRO = """[[dump]]
id = "cw_cairo"
side = "commonwealth"
name = "Cairo"
kind = "unlimited"
location = "Cairo"
case = "60.44"
source = "tests"
"""
CONVOY = """
[[trucks]]
id = "cw_convoy"
side = "commonwealth"
line = "second_third"
location = "C3721"
medium = 5
case = "60.41"
source = "tests"
"""


def test_plan_convoys_accept_loads_a_convoy_for_the_requisition(tmp_path: Path) -> None:
    # 1 RNF two hexes from Mersa Matruh (C3721), a convoy of 5 medium points at the dump, no
    # Cairo: 6 ammo + 15 stores fill 6/4 + 15/15 = 2 1/2, so 3 medium points (54.2).
    text = MINI.read_text().replace('location = "C3721"', 'location = "C3920"', 1)
    assert MINI_CAIRO in text
    scenario = tmp_path / "convoy.toml"
    scenario.write_text(text.replace(MINI_CAIRO, "") + CONVOY)
    player = Player(tmp_path)
    player.run("new", "--skip-setup", "convoy", "--scenario", str(scenario))
    player.run("requisition", "1 RNF", "--ammo", "6", "--stores", "15")
    without = ("plan-convoys", "--side", "commonwealth", "--exclude-convoy", "cw_convoy")
    assert player.json(*without)["legs"] == []
    refused = json.loads(player.run(*without, "--accept", "--json", ok=False).stdout)
    assert refused["written"] is False and "nothing to record" in refused["refused"][0]["message"]
    unknown = player.run(
        "plan-convoys", "--side", "commonwealth", "--exclude-requisition", "CR7", ok=False
    )
    assert "no requisition 'CR7'" in unknown.stderr
    report = player.json("plan-convoys", "--side", "commonwealth", "--accept")
    legs = [(leg["convoy"], leg["medium"], leg["ammo"], leg["stores"]) for leg in report["legs"]]
    assert legs == [("cw_convoy", 3, 6, 15)]
    assert report["requisitions"][0]["stores_short"] == 0
    assert [r["event"]["kind"] for r in report["recorded"]] == [
        "truck_points_moved",
        "supplies_transferred",
    ]
    trucks = {t["id"]: t for t in player.json("trucks")}
    loaded = trucks["cw_convoy.CR1"]
    assert (loaded["medium"], loaded["ammo"], loaded["stores"]) == (3, 6, 15)
    assert loaded["purpose"] == "requisition CR1 for 1st RNF MG Bn"
    assert trucks["cw_convoy"]["medium"] == 2
    # CR1 is on its way: nothing left to plan
    again = player.run("plan-convoys", "--side", "commonwealth", ok=False).stderr
    assert "no open requisition" in again


def test_thirst_costs_toe_then_bans_and_correct_toe(player: Player) -> None:
    # 1 RNF drinks its 4 Water away; Mersa Matruh and the trucks in C3721 hold none
    player.run("consume", "1 RNF", "--cause", "water", "--water", "4")
    player.run("phase", "L", "--player", "B")  # 5.2: the stage ends from its last phase
    player.run("end-stage")  # 1st OpStage without water: nothing lost (52.53)
    player.run("phase", "L", "--player", "B")
    out = player.run("end-stage").stdout  # the 2nd in a row: 1 TOE point
    assert "1st RNF MG Bn TOE -1 infantry (u) (water-attrition, 52.53" in out
    assert player.json("history")[-1]["kind"] == "toe_points_lost"
    rnf = player.json("units")[0]
    assert (rnf["toe_points"], rnf["shortages"]) == (2, "no water 2 OpStage(s) (52.52)")
    assert "no water 2 OpStage(s)" in player.run("units").stdout
    # 52.52: thirsty infantry may not go beyond its CPA (8) voluntarily; 8.17 alone allows 12
    refused = player.run("spend-cp", "1 RNF", "9", "--action", "move", ok=False).stderr
    assert "52.52" in refused and "1st RNF MG Bn is without water" in refused
    player.run("spend-cp", "1 RNF", "8", "--action", "move")
    # the players give the point back (say, the owner takes it elsewhere)
    out = player.run("correct-toe", "1 RNF", "--system", "cw.u", "--change=+1").stdout
    assert "1st RNF MG Bn TOE +1 infantry (u) (correction, 4.52)" in out
    assert player.json("units")[0]["toe_points"] == 3
    bad = player.run("correct-toe", "1 RNF", "--system", "cw.u", "--change=-4", ok=False).stderr
    assert "1st RNF MG Bn has 3 infantry (u) TOE points; -4 would leave -1" in bad
    # 15.15: Mersa Matruh's 1000 Ammunition is in the hex: neither 1 RNF nor 3 RHA (arrived
    # in GT 1 OpStage 3) surrenders
    row = player.json("surrender", "C3721", "--side", "commonwealth")
    assert (row["surrenders"], row["units"], row["case"]) == (False, 2, "15.15")
    assert "surrenders" in player.run("surrender", "C3721", "--side", "commonwealth").stdout
