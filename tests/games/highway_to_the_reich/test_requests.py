"""The htr requests end to end: the CLI on every example in docs/examples/htr/, exact odds
summing to 1, bad input naming the field, the optional 8.73 CSV, and the rulings documented."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from ledger.cli import main
from ledger.io.combat_request import RequestError
from ledger.io.games import calculate, game

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "docs" / "examples" / "htr"
DOC = ROOT / "docs" / "games" / "htr.md"


def _cli(capsys: pytest.CaptureFixture[str], calc: str, path: Path) -> dict[str, Any]:
    assert main(["calc", "htr", calc, str(path), "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def _calc_for(path: Path) -> str:
    for calc in game("htr").calculations:
        if path.name.startswith(calc.name):
            return calc.name
    raise AssertionError(path)


def _sums_to_one(result: dict[str, Any]) -> None:
    for name, odds in result["odds"].items():
        assert sum(Fraction(str(p)) for p in odds.values()) == 1, name


def test_every_calculation_has_its_example() -> None:
    for calc in game("htr").calculations:
        assert (EXAMPLES / calc.example).is_file(), calc.example


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.json")), ids=lambda p: p.name)
def test_every_example_runs_through_the_cli(capsys: pytest.CaptureFixture[str], path: Path) -> None:
    result = _cli(capsys, _calc_for(path), path)
    assert result["game"] == "htr"
    assert result["summary"] and isinstance(result["figures"], list)
    _sums_to_one(result)


def test_close_action_example(capsys: pytest.CaptureFixture[str]) -> None:
    """7 vs 3 -> 2-1, CAV 5, die 4 -> row 10, •/D: the defender retreats, attackers move in."""
    result = _cli(capsys, "close-action", EXAMPLES / "close-action.json")
    assert result["column"]["column"] == "2-1"
    assert result["result"]["row"] == 10 and result["result"]["cell"] == "•/D"
    assert result["odds"]["cell"] == {
        "D/•": "1/6", "D/D": "1/6", "•/•": "1/6", "•/D": "1/3", "•/1": "1/6",
    }  # fmt: skip
    assert result["rulings"]["htr-8.73-die-roll-windows"] == "top-row-first"


def test_the_own_table_csv_gives_the_default_decoding(capsys: pytest.CaptureFixture[str]) -> None:
    """The example CSV is the default decoding in the printed layout: 12 vs 4 = 3-1 at CAV 8
    reads rows 9-14 (•/1, •/1, •/2, •/3, •/3, •/3), exactly as the bundled table does."""
    own = _cli(capsys, "close-action", EXAMPLES / "close-action-own-table.json")
    bundled = calculate(
        "htr", "close-action", {"attack": 12, "defense": 4, "close_action_value": 8}
    )
    assert own["windows"] == bundled["windows"]
    assert own["odds"]["cell"] == bundled["odds"]["cell"] == {
        "•/1": "1/3", "•/2": "1/6", "•/3": "1/2",
    }  # fmt: skip
    assert own["decoding"] == "8.73-staggered.csv"


def test_the_other_decoding_by_ruling() -> None:
    """as-ocr-placed: 2-1 reads rows 8-13; at CAV 5: D/D, •/•, •/D, •/D, •/1, •/2."""
    result = calculate(
        "htr",
        "close-action",
        {
            "attack": 7,
            "defense": 3,
            "close_action_value": 5,
            "rulings": {"htr-8.73-die-roll-windows": "as-ocr-placed"},
        },
    )
    assert [r["row"] for r in result["die_rolls"]] == [8, 9, 10, 11, 12, 13]
    assert result["odds"]["cell"]["•/2"] == "1/6"


def _errors(calc: str, data: dict[str, Any], base: Path | None = None) -> list[tuple[str, str]]:
    with pytest.raises(RequestError) as caught:
        calculate("htr", calc, data, base)
    return [(e.field, e.message) for e in caught.value.errors]


def test_bad_input_names_the_field(tmp_path: Path) -> None:
    terrain = _errors(
        "terrain", {"mode": "travel", "unit": "armor", "path": [{"terrain": "swamp"}]}
    )
    assert terrain[0][0] == "path[0].terrain" and "'swamp'" in terrain[0][1]
    no_map = _errors(
        "terrain", {"mode": "dispersed", "unit": "armor", "path": [{"terrain": "mixed"}]}
    )
    assert no_map[0][0] == "map" and "Maps A and B" in no_map[0][1]
    value = _errors("close-action", {"attack": 1, "defense": 3, "close_action_value": 0})
    assert value[0][0] == "close_action_value"
    zero = {"attack": 0, "defense": 0, "close_action_value": 1}
    refused = _errors("close-action", {**zero, "rulings": {"htr-8.73-zero-against-zero": "refuse"}})
    assert refused[0][0] == "attack"
    unknown = _errors("close-action", {**zero, "rulings": {"htr-8.73-zero-against-zero": "maybe"}})
    assert unknown[0][0] == "rulings.htr-8.73-zero-against-zero"
    assert _errors("air-landing", {"weather": "P"})[0] == (
        "weather",
        "found 'P': no air operations are permitted",
    )
    assert _errors("weather", {"time": "0900", "half": "north"})[0][0] == "time"
    assert _errors("recovery", {"morale": 5})[0][0] == "morale"


def test_below_the_table_is_read_on_1_to_3() -> None:
    """1 against 30 is 1/30, below 1-3: read on 1-3 (the 8.73 note), flagged as clamped."""
    result = calculate("htr", "close-action", {"attack": 1, "defense": 30, "close_action_value": 4})
    assert (result["column"]["column"], result["column"]["clamped"]) == ("1-3", "low")


def test_table_file_errors(tmp_path: Path) -> None:
    base = {"attack": 1, "defense": 1, "close_action_value": 1}
    missing = _errors("close-action", {**base, "table_file": "none.csv"}, tmp_path)
    assert missing[0][0] == "table_file" and "cannot read none.csv" in missing[0][1]
    (tmp_path / "header.csv").write_text("a,b\n1,2\n", encoding="utf-8")
    header = _errors("close-action", {**base, "table_file": "header.csv"}, tmp_path)
    assert "the header must be row,1-3" in header[0][1]
    good = (EXAMPLES / "8.73-staggered.csv").read_text(encoding="utf-8").splitlines()
    (tmp_path / "die.csv").write_text("\n".join([good[0], good[1].replace("row 1,1,", "row 1,7,"), *good[2:]]), encoding="utf-8")  # fmt: skip
    die = _errors("close-action", {**base, "table_file": "die.csv"}, tmp_path)
    assert die[0] == ("table_file", "die.csv line 2 (row 1) column 1-3: '7' is not a die roll 1-6")
    (tmp_path / "short.csv").write_text("\n".join(good[:-1]), encoding="utf-8")
    short = _errors("close-action", {**base, "table_file": "short.csv"}, tmp_path)
    assert "ratio 4-1: die rolls [1, 2, 3, 4, 5] instead of 1-6" in short[0][1]
    (tmp_path / "cell.csv").write_text("\n".join([*good[:-1], good[-1].replace("•/3", "X/3")]), encoding="utf-8")  # fmt: skip
    cell = _errors("close-action", {**base, "table_file": "cell.csv"}, tmp_path)
    assert "row 15 value 6" in cell[0][1] and "'X'" in cell[0][1]


def test_every_ruling_is_documented_in_the_required_shape() -> None:
    text = DOC.read_text(encoding="utf-8")
    for ruling in game("htr").rulings:
        assert f"### `{ruling.id}`" in text, ruling.id
        section = text.split(f"### `{ruling.id}`", 1)[1].split("\n### ", 1)[0]
        assert section.lstrip().startswith(f"Case {ruling.case}."), ruling.id
        assert "Options:" in section
        for option in ruling.options:
            assert f"`{option}`" in section, (ruling.id, option)
        assert f"**`{ruling.default}`** (default" in section, ruling.id


def test_a_table_file_and_the_windows_ruling_together_are_refused(tmp_path: Path) -> None:
    """The CSV's die rolls set the windows, so a windows ruling beside it would be ignored
    silently: refused, naming the ruling and both values."""
    request = {
        "attack": 1,
        "defense": 1,
        "close_action_value": 1,
        "table_file": "8.73-staggered.csv",
        "rulings": {"htr-8.73-die-roll-windows": "as-ocr-placed"},
    }
    field, message = _errors("close-action", request, EXAMPLES)[0]
    assert field == "rulings.htr-8.73-die-roll-windows"
    assert "'as-ocr-placed'" in message and "'8.73-staggered.csv'" in message


@pytest.mark.parametrize(("value", "ok"), [(1, True), (9, True), (0, False), (10, False)])
def test_close_action_value_runs_1_to_9(value: int, ok: bool) -> None:
    """8.73 prints Close Action Values 1-9; 9 at 1-1 (rows 5-10) reads D/D, •/•, •/•, •/1,
    •/1, •/2 (lines 14-16, 18, 20, 22, last cells)."""
    request = {"attack": 2, "defense": 2, "close_action_value": value}
    if not ok:
        field, message = _errors("close-action", request)[0]
        assert field == "close_action_value" and f"found {value}" in message
        return
    result = calculate("htr", "close-action", request)
    cells = [line["cell"] for line in result["die_rolls"]]
    if value == 9:
        assert cells == ["D/D", "•/•", "•/•", "•/1", "•/1", "•/2"]
    else:  # Close Action Value 1, rows 5-10: 3/•, 3/•, 2/•, 1/•, 1/•, D/•
        assert cells == ["3/•", "3/•", "2/•", "1/•", "1/•", "D/•"]


def test_recovery_die_roll_is_adjusted_and_clamped() -> None:
    """Morale 1 with Friendly armor and an HQ (+2): a 6 makes 8, read as 6: removed (11.54).
    Morale 4 with the three -1 items: a 1 makes -2: not removed; a 5 makes 2: removed."""
    high = calculate(
        "htr",
        "recovery",
        {"morale": 1, "friendly_armor": True, "friendly_hq_or_leader": True, "die_roll": 6},
    )
    assert high["summary"][1] == "Die roll 6: adjusted 6, Disruption removed"
    low = {
        "morale": 4,
        "adjacent_enemy_armor": True,
        "out_of_supply": True,
        "adjacent_friendly_disrupted": True,
    }
    one = calculate("htr", "recovery", {**low, "die_roll": 1})
    assert one["summary"][1] == "Die roll 1: adjusted -2, Disruption not removed"
    five = calculate("htr", "recovery", {**low, "die_roll": 5})
    assert five["summary"][1] == "Die roll 5: adjusted 2, Disruption removed"
    assert five["odds"]["adjusted roll"] == {str(t): "1/6" for t in range(-2, 4)}


def test_weather_needs_exactly_one_of_band_and_time() -> None:
    both = _errors("weather", {"band": "0201-0600", "time": "0300", "half": "north"})
    neither = _errors("weather", {"half": "north"})
    assert both[0][0] == neither[0][0] == "band"
    # the band's ends (14.11): 0600 and 1201 are in; 0601 and 1401 are in no band
    assert calculate("htr", "weather", {"time": "0600", "half": "north"})["row"] == (
        "0201-0600 north"
    )
    assert calculate("htr", "weather", {"time": "1201", "half": "south"})["row"] == (
        "1201-1400 south"
    )
    for time in ("0601", "1401"):
        field, message = _errors("weather", {"time": time, "half": "north"})[0]
        assert field == "time" and time in message


def test_air_landing_total_cannot_be_given_with_night_or_flak() -> None:
    """flight_condition_points already counts night and flak (14.92): adding them again would
    be ignored silently, so it is refused, naming the field and the values."""
    night = _errors("air-landing", {"flight_condition_points": 5, "night": True})
    assert night[0][0] == "flight_condition_points" and "night=True" in night[0][1]
    flak = _errors("air-landing", {"flight_condition_points": 5, "flak": 3})
    assert flak[0][0] == "flight_condition_points" and "flak=3" in flak[0][1]
    assert _errors("air-landing", {})[0][0] == "weather"
    both = _errors("air-landing", {"weather": 3, "flight_condition_points": 5})
    assert both[0][0] == "weather"
    # night as the only extra: weather 6 + 5 = 11 -> column 11+ (A on 2 and 12 = 1/18)
    night_landing = calculate("htr", "air-landing", {"weather": 6, "night": True})
    assert night_landing["odds"]["result"]["A"] == "1/18"


def test_terrain_missing_map_names_the_hex_and_totals_read_as_mixed_numbers() -> None:
    """Clear then Mixed for Dispersed armor: Mixed is "2(3)" (10.15), so the map is needed
    and the error says which hex; on Map C: 1 + 2 = 3. The terrain example: 1/4 + 1/4 + 3 + 1
    = 4 1/2 of 4 MP."""
    path = [{"terrain": "clear"}, {"terrain": "mixed"}]
    field, message = _errors("terrain", {"mode": "dispersed", "unit": "armor", "path": path})[0]
    assert field == "map" and message.startswith("hex 2 of the path: Mixed costs 2")
    on_c = calculate(
        "htr", "terrain", {"mode": "dispersed", "unit": "armor", "map": "C", "path": path}
    )
    assert on_c["total"] == 3
    example = calculate(
        "htr", "terrain", json.loads((EXAMPLES / "terrain.json").read_text(encoding="utf-8"))
    )
    assert example["total"] == "9/2"
    assert example["summary"][0].startswith("Concentrated armor: 4 hexes cost 4 1/2 of 4 MP")
