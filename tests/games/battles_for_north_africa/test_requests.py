"""The bfna calculators through their JSON requests and ``quartermaster calc bfna``: every
example runs, exact odds sum to 1, bad input names the field, the value and the rule."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from ledger.cli import main
from ledger.io.combat_request import RequestError
from ledger.io.games.battles_for_north_africa import GAME, run_combat, run_result

from .helpers import EXAMPLES, FIXTURE, ROOT

DOC = ROOT / "docs" / "games" / "bfna.md"


def _cli(capsys: pytest.CaptureFixture[str], calc: str, path: Path) -> dict[str, Any]:
    assert main(["calc", "bfna", calc, str(path), "--json"]) == 0
    result: dict[str, Any] = json.loads(capsys.readouterr().out)
    return result


@pytest.mark.parametrize("calc", [c.name for c in GAME.calculations])
def test_each_calculation_example_through_the_cli(
    calc: str, capsys: pytest.CaptureFixture[str]
) -> None:
    example = GAME.calculation(calc).example
    result = _cli(capsys, calc, EXAMPLES / example)
    assert (result["game"], result["calculation"]) == ("bfna", calc)
    assert result["summary"]
    for name, odds in result["odds"].items():
        assert sum(Fraction(str(p)) for p in odds.values()) == 1, name
    assert f"quartermaster calc bfna {calc} docs/examples/bfna/{example}" in DOC.read_text()


def test_every_example_file_runs(capsys: pytest.CaptureFixture[str]) -> None:
    ran = 0
    for path in sorted(EXAMPLES.glob("*.json")):
        calc = path.stem.split("-")[0]
        result = _cli(capsys, calc, path)
        for odds in result["odds"].values():
            assert sum(Fraction(str(p)) for p in odds.values()) == 1, path.name
        ran += 1
    assert ran >= 4


def test_the_fictional_crt_example(capsys: pytest.CaptureFixture[str]) -> None:
    # docs/examples/bfna/combat-fictional-crt.json, worked in test_combat.py: 4-1, drm 0.
    result = _cli(capsys, "combat", EXAMPLES / "combat-fictional-crt.json")
    assert result["column"]["column"] == "4-1" and result["drm"] == 0
    assert result["odds"]["result"]["D2"] == "1/6"
    assert result["odds"]["final die roll"] == {str(r): "1/6" for r in range(1, 7)}
    assert result["crt"] == {"loaded": True, "file": "fictional-crt.csv", "table": "mobile"}


def test_no_crt_says_so_and_gives_no_odds(capsys: pytest.CaptureFixture[str]) -> None:
    result = _cli(capsys, "combat", EXAMPLES / "combat.json")
    assert result["odds"] == {} and result["crt"]["loaded"] is False
    assert result["column"]["column"] == "3-2" and result["drm"] == -4
    assert any("No CRT loaded" in line for line in result["summary"])


def _base() -> dict[str, Any]:
    return {
        "attackers": [{"name": "II/5", "type": "armor", "af": 6}],
        "defenders": [{"name": "7 RTR", "type": "armor", "df": 4}],
    }


def _errors(data: dict[str, Any], run: Any = run_combat, base: Path = EXAMPLES) -> list[str]:
    with pytest.raises(RequestError) as caught:
        run(data, base)
    return [str(e) for e in caught.value.errors]


def test_inline_crt_csv_gives_the_same_odds() -> None:
    # 6 : 4 = 3/2 -> 3-2 on the Mobile CRT, drm 0: fixture rows 1..6 of 3-2 are DR2, DR2, E1,
    # AR2, A1, A2 -> DR2 1/3, the rest 1/6 each.
    result = run_combat({**_base(), "crt_csv": FIXTURE.read_text()}, Path())
    assert result["odds"]["result"] == {
        "DR2": "1/3", "AR2": "1/6", "A1": "1/6", "A2": "1/6", "E1": "1/6"
    }  # fmt: skip
    assert result["crt"]["file"] == "inline CSV"


def test_bad_combat_requests_name_the_field() -> None:
    assert _errors({**_base(), "terrain": "swamp"}) == [
        "terrain: unknown terrain 'swamp'; terrain: clear, rough, woods, hills, mountains, "
        "sand, marsh (intro ¶4)"
    ]
    bad_type = {**_base(), "attackers": [{"name": "x", "type": "tank", "af": 1}]}
    assert _errors(bad_type)[0].startswith("attackers[0].type: unknown unit type 'tank'")
    assert _errors({**_base(), "fortification": 3})[0].startswith("fortification: Input should be")
    assert _errors({**_base(), "crt": "missing.csv"})[0].startswith(
        "crt: cannot read 'missing.csv'"
    )
    assert _errors({**_base(), "rulings": {"bfna-stuka-count": "twice"}}) == [
        "rulings.bfna-stuka-count: 'twice' is not an option; options: once, each (Air Missions ¶5)"
    ]
    assert _errors(
        {**_base(), "table": "assault", "attackers": [{"name": "a", "type": "infantry", "af": 1}]}
    )[0].startswith("table: this combat must use the Mobile CRT")


def test_odds_below_the_table_refused_by_ruling() -> None:
    weak = {
        "attackers": [{"name": "a", "type": "infantry", "af": 1}],
        "defenders": [{"name": "d", "type": "infantry", "df": 3}],
        "crt": str(FIXTURE),
        "rulings": {"bfna-odds-below-table": "refuse"},
    }
    (message,) = _errors(weak)
    assert message.startswith("attackers: odds 1 to 3 = 1/3 are below the table's first column 1-1")


def test_malformed_crt_file_names_file_row_and_column(tmp_path: Path) -> None:
    (tmp_path / "crt.csv").write_text("table,roll,1-1\nmobile,1,ZZ\n")
    (message,) = _errors({**_base(), "crt": "crt.csv"}, base=tmp_path)
    assert message.startswith("crt: crt.csv row 2, column '1-1': 'ZZ' is not a result code")


def test_bad_result_requests() -> None:
    data = {"code": "DX", **_base()}
    assert _errors(data, run_result)[0].startswith("code: 'DX' is not a result code")
    data = {"code": "DR2", "steps_instead_of_retreat": True, **_base()}
    assert _errors(data, run_result)[0].startswith("steps_instead_of_retreat: only defenders")


def test_bad_supply_request_through_the_cli(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "map.json").write_text(
        json.dumps(
            {
                "columns": [1, 3],
                "rows": [1, 3],
                "units": [{"id": "u", "side": "allied", "hex": "9,9", "type": "infantry"}],
            }
        )
    )
    (tmp_path / "r.json").write_text(json.dumps({"grid": "map.json", "side": "allied"}))
    assert main(["calc", "bfna", "supply", str(tmp_path / "r.json")]) == 2
    err = capsys.readouterr().err
    assert "grid.units[0].hex: map.json: hex 9,9 is not on the map" in err
