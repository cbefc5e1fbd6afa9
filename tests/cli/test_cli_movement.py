"""`quartermaster move`, `breakdown-check` and `repair` end to end, as a player runs them."""

from __future__ import annotations

from pathlib import Path

import pytest

from .test_cli import Player

ARMOR = Path(__file__).resolve().parents[1] / "fixtures" / "armor.toml"


@pytest.fixture
def tanks(tmp_path: Path) -> Player:
    p = Player(tmp_path)
    p.run("new", "--skip-setup", "armor", "--scenario", str(ARMOR))
    p.run("weather", "hot")
    p.run("transfer", "--from", "Mersa Matruh", "--to", "3 RTR", "--fuel", "300")
    return p


def test_move_check_and_repair_from_the_command_line(tanks: Player) -> None:
    refused = tanks.run("move", "3 RTR", "--to", "C3720", "--cp", "8", "--hexes", "clear", ok=False)
    assert "Movement and Combat Phase" in refused.stderr and "nothing was written" in refused.stderr
    tanks.run("phase", "G", "--player", "A")
    path = "road:clear,road:clear,rough,clear+ridge"  # 21.23: 15 BP
    moved = tanks.json("move", "3 RTR", "--to", "C3720", "--cp", "8", "--hexes", path)
    # 49.13: 8 CP = two groups: 3 x 2 x 20 Crusaders + 1 x 2 x 4 Mark VI = 128 of 300 Fuel
    assert (moved["location"], moved["breakdown_points"], moved["fuel"]) == ("C3720", "15", 172)
    assert moved["recorded"][0].startswith("3rd Royal Tank Regt moves C3721 → C3720 (8 CP")
    out = tanks.run(
        "move",
        "3 RTR",
        "--to",
        "C3619",
        "--cp",
        "8",
        "--hexes",
        "track:rough+wadi,gravel,clear,delta",
    ).stdout
    assert "+20 BP" in out
    # 35 BP, Hot: Crusaders read 51-60, Mark VI 41-50; without --roll only the odds
    odds = tanks.json("breakdown-check", "3 RTR")
    assert [(t["name"], t["column"], t["due"]) for t in odds] == [
        ("Crusader Mk.I", "51-60", True),
        ("Mark VI Light", "41-50", True),
    ]
    assert odds[0]["odds"] == {
        "0": "1/9",
        "2": "4/9",
        "5": "2/9",
        "7": "5/36",
        "10": "1/18",
        "15": "1/36",
    }
    table = tanks.run("breakdown-check", "3 RTR").stdout
    assert "7: 5/36 (13.9 %)" in table
    checked = tanks.json("breakdown-check", "3 RTR", "--roll", "61", "--roll", "46")
    # 21.34: 61 on 51-60 → 33 % of 20 → 7; 46 on 41-50 → 10 % of 4 → 1
    assert checked["toe"] == {"cw.crusader_i": 13, "cw.mk_vi_light": 3}
    assert checked["awaiting_repair"] == {"cw.crusader_i": 7, "cw.mk_vi_light": 1}
    assert checked["types"][0]["column"] == "51-60"
    again = tanks.run("breakdown-check", "3 RTR", "--roll", "11", "--roll", "11", ok=False)
    assert "(21.26)" in again.stderr
    rows = {u["counter"]: u for u in tanks.json("units")}
    assert (rows["3 RTR"]["breakdown_points"], rows["3 RTR"]["awaiting_repair"]) == ("35", 8)
    tanks.run("phase", "K", "--player", "A")
    repaired = tanks.json("repair", "3 RTR", "--system", "Crusader Mk.I", "--points", "4")
    assert repaired["awaiting_repair"] == {"cw.crusader_i": 3, "cw.mk_vi_light": 1}
    assert repaired["recorded"] == ["3rd Royal Tank Regt: 4 Crusader Mk.I repaired"]
    tanks.run("undo")
    assert tanks.json("toe", "3 RTR")[0]["toe_points"] == 13
    history = tanks.run("history").stdout
    assert "checks at 35 BP" in history and "undo #" in history
