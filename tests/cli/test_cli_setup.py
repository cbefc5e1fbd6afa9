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
    assert "Axis: setting up — 27 counter(s) still to place" in status
    assert "Commonwealth: setting up — 8 counter(s) still to place" in status
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
    assert "the Commonwealth has 8 counter(s) still to place" in early
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
