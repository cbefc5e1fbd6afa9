"""The miniatures calculators through ``quartermaster calc miniatures ...`` and on every example
in docs/examples/miniatures/, and the doc page's rulings in the house shape.

"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from ledger.cli import main
from ledger.io.games import calculate
from ledger.io.games.miniatures import GAME

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "docs" / "examples" / "miniatures"
DOC = ROOT / "docs" / "games" / "miniatures.md"
CALCULATIONS = [c.name for c in GAME.calculations]


def _calculation_of(path: Path) -> str:
    """The calculation an example file is for: the longest calculation name it starts with."""
    return max((c for c in CALCULATIONS if path.stem.startswith(c)), key=len)


@pytest.mark.parametrize("calc", GAME.calculations, ids=lambda c: c.name)
def test_each_registered_example_runs_through_the_cli(
    calc: object, capsys: pytest.CaptureFixture[str]
) -> None:
    name, example = calc.name, calc.example  # type: ignore[attr-defined]
    assert main(["calc", "miniatures", name, str(EXAMPLES / example), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert (result["game"], result["calculation"]) == ("miniatures", name)
    assert result["summary"] and "figures" in result and "notes" in result
    for odds_name, odds in result["odds"].items():
        assert sum(Fraction(str(p)) for p in odds.values()) == 1, odds_name
    assert f"calc miniatures {name} docs/examples/miniatures/{example}" in DOC.read_text()
    assert main(["calc", "miniatures", name, str(EXAMPLES / example)]) == 0
    assert result["summary"][0] in capsys.readouterr().out


def test_the_command_test_example_reads_as_worked_by_hand() -> None:
    """Example Trained, Assault 4, one HQ hit and one earlier assault move: -2, needs 6: 1/6."""
    data = json.loads((EXAMPLES / "command-test.json").read_text())
    result = GAME.calculation("command-test").run(data, EXAMPLES)
    assert result["odds"]["command test"] == {"pass": "1/6", "fail": "5/6"}


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.json")), ids=lambda p: p.name)
def test_every_example_file_runs(path: Path) -> None:
    result = calculate("miniatures", _calculation_of(path), json.loads(path.read_text()), EXAMPLES)
    assert result["summary"]
    for odds_name, odds in result["odds"].items():
        assert sum(Fraction(str(p)) for p in odds.values()) == 1, odds_name
    assert path.name in DOC.read_text(), "the doc page names every example"


def test_bad_input_exits_2_naming_the_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    request = tmp_path / "r.json"
    request.write_text(json.dumps({"declared": "assault", "modifiers": {"smoke": True}}))
    assert main(["calc", "miniatures", "command-test", str(request)]) == 2
    err = capsys.readouterr().err
    assert "error: modifiers.smoke: no such modifier; 2.1 lists over_the_top" in err


def test_every_ruling_is_documented_in_the_house_shape() -> None:
    text = DOC.read_text()
    assert GAME.rulings
    for ruling in GAME.rulings:
        head = f"### `{ruling.id}`\nCase {ruling.case}. "
        assert head in text, ruling.id
        section = text.split(head, 1)[1].split("\n#", 1)[0]
        options = section.split("Options: ", 1)[1]
        for option in ruling.options:
            assert f"`{option}` (" in options, (ruling.id, option)
        assert f"\n**`{ruling.default}`** (default): " in section, ruling.id


@pytest.mark.parametrize(
    ("calc", "example", "summary"),
    [
        (
            "command-test",
            "command-test-chart-file.json",
            "Maneuver test for Example Green: 5+ on the die (need 4, modifier -1); chance to pass "
            "1/3 (33.3 %) (2.1).",
        ),
        (
            "dangerous-terrain",
            "dangerous-terrain-chart-file.json",
            # boulders 2-3 (3/36 = 1/12), then marsh 2-4 (1/6): 1/12 + 11/12 x 1/6 = 17/72
            "One vehicle is immobilized with chance 17/72 (23.6 %) crossing 2 dangerous terrain "
            "entries (2 rolls at most) (2.3).",
        ),
    ],
)
def test_file_examples_run_from_any_folder(
    calc: str,
    example: str,
    summary: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The CSV named in the request is read beside the request file, not in the current
    folder (the doc used to say to cd into the examples folder first)."""
    monkeypatch.chdir(tmp_path)
    assert main(["calc", "miniatures", calc, str(EXAMPLES / example), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["summary"] == [summary]
    assert "cd docs/examples" not in DOC.read_text()
