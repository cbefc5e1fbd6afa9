"""`quartermaster new` opens the set-up step (59.4) and `quartermaster setup ...` does it, end to
end as a player types it; `--skip-setup` starts at once."""

from __future__ import annotations

from pathlib import Path

from .test_cli import Player

ARTY = "1st Bn, 1 Arty Rgppmnto"  # "Libya (any hexes, player's choice)"


def test_the_set_up_step_from_the_command_line(tmp_path: Path) -> None:
    p = Player(tmp_path)
    said = p.run("new", "g", "--scenario", "graziani").stdout
    assert "set-up step (59.4)" in said
    status = p.run("setup").stdout
    # 27 Axis counters and 3 truck groups at a choice location; 8 + 2 convoys Commonwealth
    assert "Axis: setting up — 30 counter(s) still to place" in status
    assert "Commonwealth: setting up — 10 counter(s) still to place" in status
    assert "to place: first-line trucks to place within 3 hexes of C0716 (5 TP) — place" in status
    assert "counter(s) the set-up lets you place" not in status  # named, not counted
    assert f"to place: {ARTY} (Libya (any hexes, player's choice))" in status
    refused = p.run("spend-cp", "1st CCNN Div HQ", "1", ok=False).stderr
    assert "the Axis and the Commonwealth are still setting up (59.4, 60.3)" in refused
    assert "nothing was written" in refused
    placed = p.run("setup", "place", ARTY, "--at", "c4120").stdout
    assert f"{ARTY} placed at C4120" in placed
    p.run("setup", "spread", "it_c4218_1ccnn", "--unit", "1st CCNN Div HQ", "--medium", "10")
    over = p.run("setup", "load", "1st CCNN Div HQ", "--ammo", "41", ok=False).stderr
    assert "(54.2)" in over  # 10 medium truck points carry 40 Ammunition
    loaded = p.run("setup", "load", "1st CCNN Div HQ", "--ammo", "40").stdout
    assert "40 Ammunition arrive at first-line trucks of 1st CCNN Div HQ" in loaded
    assert "(set-up, 59.45)" in loaded
    early = p.run("setup", "finish", "--side", "commonwealth", ok=False).stderr
    assert "the Commonwealth has 10 counter(s) still to place" in early
    boxed = p.run("setup", "place", "2nd Bn, 1 Arty Rgppmnto", "--at", "tripoli").stdout
    assert "placed at Tripoli (set up" in boxed  # the box as the dumps there name it (8.81)
    refused = p.run("setup", "place", "Dump 1", "--at", "Tripoli", ok=False).stderr
    assert "give the side (--side) or the id" in refused  # setup place has --side
    refused = p.run(
        "setup", "place", "Dump 1", "--side", "axis", "--at", "Tripoli", ok=False
    ).stderr
    assert "Tripoli is a box (8.81), not a hex of map C" in refused
    no_trucks = p.run("arrive", "--cause", "set-up", "2nd CCNN Div HQ", "--ammo", "1", ok=False)
    assert "2nd CCNN Div HQ has no first-line trucks" in no_trucks.stderr
    assert "it." not in no_trucks.stderr  # names, never ids
    staged = p.run("end-stage", ok=False).stderr
    assert "still setting up (59.4, 60.3)" in staged and "(5.2)" not in staged
    rows = p.json("setup", "status", "--side", "commonwealth")
    assert {r["what"] for r in rows} >= {"to place", "trucks empty"}


def test_skip_setup_starts_the_game_at_once(tmp_path: Path) -> None:
    p = Player(tmp_path)
    p.run("new", "--skip-setup", "g", "--scenario", "graziani")
    assert "set-up over: the game has started" in p.run("setup").stdout
    p.run("spend-cp", "1st CCNN Div HQ", "1")
    late = p.run("arrive", "it_c4218_1ccnn", "--cause", "set-up", "--ammo", "1", ok=False).stderr
    assert (
        "set-up is over: first-line trucks load free of cost at set-up and at no other time" in late
    )
    assert "(59.45)" in late
