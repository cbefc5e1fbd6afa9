"""`quartermaster move` without `--cp` (the path's CP by the Terrain Effects Chart, 8.37) and
`move --preview` (the move assistant's figures, nothing written), on Graziani."""

from __future__ import annotations

from pathlib import Path

import pytest

from .test_cli import Player

PATH_21_23 = "road:clear,road:clear,rough,clear+ridge"  # motorized: ½ + ½ + 4 + (2 + 4) = 11 CP


@pytest.fixture
def bardia(tmp_path: Path) -> Player:
    """Graziani; LX(L) Tank Bn fills its tanks at Bardia (45 Fuel), then Player A moves."""
    p = Player(tmp_path)
    p.run("new", "--skip-setup", "g", "--scenario", "graziani")
    p.run("transfer", "--from", "Bardia", "--to", "LX(L) Tank Bn", "--fuel", "45")
    p.run("phase", "G", "--player", "A")
    return p


def test_preview_shows_the_figures_and_writes_nothing(bardia: Player) -> None:
    before = bardia.run("history").stdout
    out = bardia.run(
        "move", "LX(L) Tank Bn", "--to", "C4322", "--hexes", PATH_21_23, "--preview"
    ).stdout
    assert "  hex 4: 6 CP (Clear 2 + Ridge 4)" in out
    assert "Path by the Terrain Effects Chart (8.37, motorized column): 11 CP" in out
    assert "CPA 25: 0 expended before, 14 left after (6.14)" in out
    assert "Fuel burnt: 27 of 45 carried (49.13)" in out
    assert "Breakdown Points: +15 → 15 (21.23, 21.25); check due: CV 33 (L3/35)" in out
    assert "Water for the Operations Stage, having moved: 9; holds 0" in out
    assert "Would be refused" not in out
    data = bardia.json("move", "LX(L) Tank Bn", "--to", "C4322", "--hexes", PATH_21_23, "--preview")
    assert (data["cp"], data["fuel"], data["check_due"], data["errors"]) == ("11", 27, True, [])
    assert data["hexes"][0] == {"hex": "road:clear", "cp": "1/2", "working": "Road 1/2 (note 6)"}
    assert bardia.run("history").stdout == before


def test_move_without_cp_expends_the_paths_cp(bardia: Player) -> None:
    moved = bardia.json("move", "LX(L) Tank Bn", "--to", "C4322", "--hexes", PATH_21_23)
    assert (moved["location"], moved["fuel"], moved["breakdown_points"]) == ("C4322", 18, "15")
    assert moved["recorded"][0].startswith("LX(L) Tank Bn moves C4321 → C4322 (11 CP, 4 hexes")
    rows = {r["name"]: r for r in bardia.json("cp")}
    assert rows["LX(L) Tank Bn"]["cp_expended"] == "11"
    refused = bardia.run(
        "move", "LX(L) Tank Bn", "--to", "C4323", "--hexes", "clear+down-escarpment", ok=False
    )
    assert "vehicles go down an escarpment on a track" in refused.stderr
    assert "nothing was written" in refused.stderr
    refused = bardia.run("move", "1st Essex", "--to", "D3614", ok=False)
    assert "give the CP expended, or the hexes entered (8.37)" in refused.stderr
