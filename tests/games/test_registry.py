"""Every game's calculators through the registry and the CLI, on the shipped examples.

Each calculation names a runnable example in docs/examples/<game>/; the example must run
through ``quartermaster calc <game> <calculation> FILE --json``, every exact distribution in its
``odds`` must sum to exactly 1, and the game's doc page must show the command.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from ledger.cli import main
from ledger.games import GAME_TITLES
from ledger.io.combat_request import RequestError
from ledger.io.games import GAME_MODULES, calculate, games

ROOT = Path(__file__).resolve().parents[2]
CALCULATIONS = [(g.id, c.name, c.example) for g in games().values() for c in g.calculations]


def test_every_game_of_the_reference_texts_is_registered() -> None:
    assert list(games()) == ["combined-arms", "htr", "bfna", "miniatures"]
    assert set(GAME_TITLES) == set(GAME_MODULES)
    for game in games().values():
        assert (ROOT / game.doc).is_file(), game.doc
        assert game.calculations, game.id


@pytest.mark.parametrize(("game_id", "name", "example"), CALCULATIONS)
def test_each_example_runs_through_the_cli_with_exact_odds(
    game_id: str, name: str, example: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = ROOT / "docs" / "examples" / game_id / example
    assert main(["calc", game_id, name, str(path), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert (result["game"], result["calculation"]) == (game_id, name)
    assert result["summary"], "a result starts with what a player reads first"
    for odds_name, odds in result["odds"].items():
        assert sum(Fraction(str(p)) for p in odds.values()) == 1, odds_name
        assert all(Fraction(str(p)) > 0 for p in odds.values()), odds_name
    doc = (ROOT / "docs" / "games" / f"{game_id}.md").read_text()
    assert f"calc {game_id} {name} docs/examples/{game_id}/{example}" in doc


@pytest.mark.parametrize(("game_id", "name", "example"), CALCULATIONS)
def test_each_example_prints_its_summary_without_json(
    game_id: str, name: str, example: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = ROOT / "docs" / "examples" / game_id / example
    assert main(["calc", game_id, name, str(path)]) == 0
    shown = capsys.readouterr().out
    result = calculate(game_id, name, json.loads(path.read_text()), path.parent)
    assert result["summary"][0] in shown


def test_an_unknown_game_or_calculation_is_refused_by_name(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    request = tmp_path / "r.json"
    request.write_text("{}")
    assert main(["calc", "combined-arms", "teleport", str(request)]) == 2
    err = capsys.readouterr().err
    assert "CALCULATION: SPI Combined Arms" in err or "has no 'teleport'" in err
    assert "nothing was written" in err
    with pytest.raises(RequestError, match="no game 'chess'"):
        calculate("chess", "combat", {})


def test_a_request_that_is_not_json_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    request = tmp_path / "r.json"
    request.write_text("{not json")
    game_id, name, _ = CALCULATIONS[0]
    assert main(["calc", game_id, name, str(request)]) == 2
    assert "INPUT: not JSON" in capsys.readouterr().err


def test_the_readme_and_the_index_name_every_calculation_and_run_their_commands(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    index = (ROOT / "docs" / "games" / "README.md").read_text()
    for game_id, name, _ in CALCULATIONS:
        assert f"`{name}`" in index.split(f"| `{game_id}` |", 1)[1].split("\n", 1)[0]
    lines = [
        line.split("#", 1)[0].split()[2:]
        for line in (ROOT / "README.md").read_text().splitlines()
        if line.startswith("$ qm calc ") and " cna " not in line
    ]
    assert {argv[1] for argv in lines} == set(GAME_MODULES)
    monkeypatch.chdir(ROOT)
    for argv in lines:
        assert main([*argv, "--json"]) == 0, argv
        assert json.loads(capsys.readouterr().out)["summary"]
