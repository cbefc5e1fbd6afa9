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


def test_request_crt_and_ruling_problems_come_together(tmp_path: Path) -> None:
    """An unknown unit type (Unit Capabilities ¶9), a unit whose marks contradict its type,
    a fortification out of range, an unknown hexside, an unknown ruling and a bad CRT cell are
    all reported in one answer."""
    (tmp_path / "crt.csv").write_text("table,roll,1-1\nmobile,1,ZZ\n")
    data = {
        "attackers": [
            {"name": "x", "type": "tank", "af": 1},
            {"name": "y", "type": "armor", "af": 6, "disabled": True, "hexsides": ["cliff"]},
        ],
        "defenders": [{"name": "HQ", "type": "hq", "df": 2}],
        "fortification": 5,
        "crt": "crt.csv",
        "rulings": {"bfna-no-such": "x"},
    }
    errors = _errors(data, base=tmp_path)
    fields = [e.split(":", 1)[0] for e in errors]
    assert fields == [
        "attackers[0].type",
        "attackers[1].hexsides[0]",
        "defenders[0]",
        "fortification",
        "rulings.bfna-no-such",
        "crt",
    ]
    assert errors[0].startswith("attackers[0].type: unknown unit type 'tank'; types: infantry")
    assert errors[1].startswith("attackers[1].hexsides[0]: unknown hexside 'cliff'")
    # An HQ's counter is 0-0-MP (Unit Capabilities ¶14): a DF of 2 is refused.
    assert errors[2] == (
        "defenders[0]: HQ: an HQ's counter shows 0-0-MP, so its af, df, bf and fpf are 0 "
        "(Unit Capabilities ¶14)"
    )
    assert errors[5].startswith("crt: crt.csv row 2, column '1-1': 'ZZ' is not a result code")


def test_setup_problems_come_together_once_the_request_is_valid() -> None:
    data = {
        "attackers": [
            {"name": "Tiger", "type": "heavy-armor", "af": 9, "disabled": True},
            {"name": "II/5", "type": "armor", "af": 6, "hexsides": ["river"]},
        ],
        "defenders": [{"name": "d", "type": "infantry", "df": 3}],
        "terrain": "woods",
        "close_attack": [4],
        "stukas": 1,
    }
    assert _errors(data) == [
        "attackers[0]: Tiger: a disabled unit may not attack (Heavy Armor Units ¶2)",
        "attackers[1]: II/5 (Armor) may not attack across a river hexside except along a road "
        "(Combat Phase ¶2, Movement Phase ¶3)",
        "close_attack: no close attack support against units in woods (Air Missions ¶4)",
        "stukas: stukas only give close attack support, and there is none against units in "
        "woods (Air Missions ¶4-¶5)",
    ]


def test_crt_and_crt_csv_together_and_a_missing_table() -> None:
    both = {**_base(), "crt": "fictional-crt.csv", "crt_csv": "table,roll,1-1\n"}
    assert _errors(both) == [
        "crt_csv: give crt (a file) or crt_csv (its text), not both (Combat Phase ¶4)"
    ]
    only_assault = "table,roll,1-1\n" + "".join(f"assault,{r},NE\n" for r in range(1, 7))
    (message,) = _errors({**_base(), "crt_csv": only_assault})
    assert message.startswith("crt_csv: the loaded CRT has no mobile table, only assault")


def test_result_problems_come_together() -> None:
    data = {
        "code": "DX",
        "attackers": [{"name": "a", "type": "tank"}],
        "defenders": [{"name": "d", "type": "infantry", "rommel": True}],
        "fortification": 2,
        "steps_instead_of_retreat": True,
    }
    errors = _errors(data, run_result)
    assert [e.split(":", 1)[0] for e in errors] == [
        "code",
        "attackers[0].type",
        "defenders[0]",
        "steps_instead_of_retreat",
    ]
    assert errors[2].endswith(
        "Rommel's HQ is a mech infantry company, not Infantry (Rommel's HQ ¶1)"
    )
    assert errors[3] == (
        "steps_instead_of_retreat: only defenders in a fortification 1 hex, or attacked only "
        "across minefield hexsides, may take steps instead of retreating; fortification is 2 "
        "(Retreat ¶4)"
    )


def test_plain_cli_output_reads_as_a_player_expects(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["calc", "bfna", "combat", str(EXAMPLES / "combat-fictional-crt.json")]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Mobile CRT, column 4-1 (odds 29 to 6 = 29/6 (4.83)), drm +0"
    assert out[1].startswith("Armor attacks at 3-2 or better: you may ask for the Assault CRT")
    assert main(["calc", "bfna", "result", str(EXAMPLES / "result.json")]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "defender 4 RHA: 1 step(s), removed" in out
    assert "The defending hex is empty: the attackers may advance 2 hex(es)." in out
    assert main(["calc", "bfna", "supply", str(EXAMPLES / "supply.json")]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[2] == (
        "11 Hussars: OUT OF SUPPLY: no open path of 2 hexes or fewer reaches a supply route "
        "(Supply ¶2)"
    )
