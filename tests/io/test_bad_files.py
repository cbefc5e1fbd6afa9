"""Scenario files and JSON requests that are not what they claim are refused cleanly (issue 15):
every problem a ``LedgerError`` with its place, the value, what was expected and the rule case;
no ``UnicodeDecodeError``, ``RecursionError`` or slow parse, and nothing written."""

from __future__ import annotations

import gc
import io
import json
import re
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ledger.io.files
from ledger.cli import main
from ledger.io.combat_request import (
    RequestError,
    build_combat,
    parse_allocation,
    parse_request,
    parse_request_text,
    read_request,
)
from ledger.io.files import (
    REQUEST_MAX_BYTES,
    SCENARIO_MAX_BYTES,
    FileRefused,
    read_text,
)
from ledger.io.games import parse_json as parse_game_json
from ledger.io.scenario import ScenarioError, bundled_scenarios, load_scenario
from ledger.model import bounds
from ledger.model.scenario import Setup
from tests.conftest import MINI
from tests.journal.files import digest as file_digest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "docs" / "examples"
GRAZIANI = bundled_scenarios()["graziani"]


def digest(db: Path) -> str:
    """The database file's SHA-256 once every connection of the process is closed (a store's
    connection checkpoints its write-ahead log into the file when it is collected)."""
    gc.collect()
    return file_digest(db)


def _file(tmp_path: Path, data: str | bytes, name: str = "bad.toml") -> Path:
    path = tmp_path / name
    path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    return path


def _refused(path: Path) -> list[str]:
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path)
    return [str(e) for e in caught.value.errors]


def _mini(tmp_path: Path, old: str, new: str) -> Path:
    text = MINI.read_text(encoding="utf-8")
    assert old in text
    return _file(tmp_path, text.replace(old, new, 1))


def _line_of(path: Path, needle: str) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, start=1) if needle in line)


# --- scenario files: bytes ------------------------------------------------------------------


def test_the_size_limit_is_about_ten_times_the_bundled_campaign_scenario() -> None:
    size = GRAZIANI.stat().st_size
    assert 8 * size <= SCENARIO_MAX_BYTES <= 12 * size
    assert load_scenario(GRAZIANI).info.id


def test_a_latin_1_file_is_refused_at_its_first_bad_byte(tmp_path: Path) -> None:
    text = MINI.read_text(encoding="utf-8").replace(
        'name = "3rd RHA', 'name = "3rd RHA Bérézina', 1
    )
    data = text.encode("latin-1")
    path = _file(tmp_path, data)
    at = data.index("é".encode("latin-1"))
    assert _refused(path) == [
        f"bad.toml: file: bad.toml is not UTF-8 (byte {at}: invalid continuation byte)"
    ]


def test_a_utf_16_file_is_refused_with_a_hint(tmp_path: Path) -> None:
    path = _file(tmp_path, MINI.read_text(encoding="utf-8").encode("utf-16"))
    [error] = _refused(path)
    assert "bad.toml is not UTF-8 (byte 0" in error
    assert "UTF-16 byte order mark" in error


def test_a_binary_file_is_refused(tmp_path: Path) -> None:
    [error] = _refused(_file(tmp_path, bytes(range(256)) * 64))
    assert "is not UTF-8 (byte 128" in error


def test_a_utf_8_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    path = _file(tmp_path, b"\xef\xbb\xbf" + MINI.read_bytes())
    assert isinstance(load_scenario(path), Setup)


def test_a_5_mb_junk_file_is_refused_by_its_size_without_being_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _file(tmp_path, b"[[unit]]\nid = 1\n" * (5_000_000 // 16))

    def never(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the file was parsed")

    monkeypatch.setattr(ledger.io.files.tomllib, "loads", never)
    monkeypatch.setattr(Path, "read_bytes", never)
    started = time.perf_counter()
    [error] = _refused(path)
    assert time.perf_counter() - started < 1
    assert "bad.toml is 5,000,000 bytes; at most 2,621,440 bytes are read" in error


def test_a_table_of_junk_records_is_refused_before_validation(tmp_path: Path) -> None:
    path = _file(tmp_path, "[[unit]]\nid = 1\n" * 6_000)
    started = time.perf_counter()
    [error] = _refused(path)
    assert "unit[5000]: 6,000 records; at most 5,000 are read" in error
    assert time.perf_counter() - started < 5


# --- scenario files: shapes and figures ----------------------------------------------------


@pytest.mark.parametrize("depth", [40, 100_000])
def test_deep_nesting_is_refused(tmp_path: Path, depth: int) -> None:
    path = _file(tmp_path, MINI.read_text() + f"\nextra = {'[' * depth}{']' * depth}\n")
    errors = _refused(path)
    assert any("nested deeper than 32 levels" in e for e in errors)


def test_a_26_digit_ammunition_figure_is_refused_on_its_line(tmp_path: Path) -> None:
    path = _mini(tmp_path, "ammo = 2,", "ammo = 12345678901234567890123456,")
    [error] = _refused(path)
    line = _line_of(path, "12345678901234567890123456")
    assert error.startswith(f"bad.toml:{line}: unit[0].supplies.ammo: expected a whole number")
    assert "26-digit integer" in error and "(54.12)" in error


def test_a_5000_digit_figure_is_refused_not_converted(tmp_path: Path) -> None:
    path = _mini(tmp_path, "ammo = 2,", f"ammo = {'9' * 5000},")
    [error] = _refused(path)
    assert f"bad.toml:{_line_of(path, '9' * 50)}: toml: a 5000-digit integer" in error


@pytest.mark.parametrize(
    ("old", "new", "field", "expected"),
    [
        ("basic_morale = 1\ntoe", "basic_morale = 1\ncohesion = -1000000\ntoe", "cohesion", "-26"),
        ("basic_morale = 1\ntoe", "basic_morale = 1\ncohesion = 11\ntoe", "cohesion", "10"),
        ("points = 3 }", "points = 9223372036854775807 }", "toe[0].points", "10^15"),
        ("points = 3 }", "points = 1001 }", "toe[0].points", "1000"),
        ("ammo = 2,", "ammo = 1000001,", "supplies.ammo", "1000000"),
        ("ammo = 2,", "ammo = 2.0,", "supplies.ammo", "integer"),
    ],
)
def test_absurd_unit_figures_are_refused(
    tmp_path: Path, old: str, new: str, field: str, expected: str
) -> None:
    [error] = _refused(_mini(tmp_path, old, new))
    assert f": unit[0].{field}: " in error and expected in error


def test_game_turn_9_2e18_and_op_stage_4_are_refused(tmp_path: Path) -> None:
    path = _mini(
        tmp_path, "game_turn = 1, op_stage = 3", "game_turn = 9200000000000000000, op_stage = 3"
    )
    [error] = _refused(path)
    assert "unit[1].arrival.game_turn: expected a whole number within ±10^15" in error
    path = _mini(tmp_path, "game_turn = 1, op_stage = 3", "game_turn = 112, op_stage = 4")
    errors = _refused(path)
    assert any("arrival.game_turn: Input should be less than or equal to 111" in e for e in errors)
    assert any("arrival.op_stage: Input should be less than or equal to 3" in e for e in errors)
    assert len(errors) == 2 and all(e.endswith("(5.1)") for e in errors)


@pytest.mark.parametrize("blank", ['""', '"   "'])
def test_an_empty_unit_id_or_name_is_refused(tmp_path: Path, blank: str) -> None:
    path = _mini(tmp_path, 'id = "cw.1_rnf"', f"id = {blank}")
    [error] = _refused(path)
    assert error.startswith(
        f"bad.toml:{_line_of(path, f'id = {blank}')}: unit[0].id: String should"
    )
    [error] = _refused(_mini(tmp_path, 'name = "3rd RHA"', f"name = {blank}"))
    assert ": unit[1].name: String should have at least 1 character" in error


def test_duplicate_unit_and_dump_ids_are_refused(tmp_path: Path) -> None:
    errors = _refused(_mini(tmp_path, 'id = "cw.3_rha"', 'id = "cw.1_rnf"'))
    assert any("unit[1].id: duplicate id 'cw.1_rnf' (already a unit)" in e for e in errors)
    text = MINI.read_text()
    dump = re.search(r'\[\[dump\]\]\nid = "([^"]+)"', text)
    assert dump is not None
    errors = _refused(_file(tmp_path, text.replace(f'id = "{dump[1]}"', 'id = "cw.1_rnf"', 1)))
    assert any("dump[0].id: duplicate id 'cw.1_rnf' (already a unit)" in e for e in errors)


def test_every_problem_of_a_file_is_listed_at_once(tmp_path: Path) -> None:
    text = (
        MINI.read_text()
        .replace("ammo = 2,", "ammo = -1,", 1)
        .replace('id = "cw.1_rnf"', 'id = ""', 1)
    )
    errors = _refused(_file(tmp_path, text))
    assert len(errors) == 2


def test_a_refused_scenario_writes_no_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "ledger.db"
    monkeypatch.setenv("QUARTERMASTER_DB", str(db))
    monkeypatch.delenv("QUARTERMASTER_GAME", raising=False)
    assert main(["new", "--skip-setup", "first", "--scenario", str(MINI)]) == 0
    before = digest(db)
    bad = _file(tmp_path, MINI.read_text().encode("utf-16"))
    assert main(["new", "--skip-setup", "second", "--scenario", str(bad)]) == 1
    assert "is not UTF-8 (byte 0" in capsys.readouterr().err
    cohesion = _mini(
        tmp_path, "basic_morale = 1\ntoe", "basic_morale = 1\ncohesion = -1000000\ntoe"
    )
    assert main(["new", "--skip-setup", "third", "--scenario", str(cohesion)]) == 1
    assert digest(db) == before


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["flip", "delete", "duplicate"]),
            st.floats(0, 1, exclude_max=True),
            st.integers(1, 64),
            st.integers(1, 255),
        ),
        min_size=1,
        max_size=4,
    )
)
def test_mutated_scenario_files_load_or_are_refused_never_crash(
    edits: list[tuple[str, float, int, int]],
) -> None:
    data = bytearray(_GRAZIANI_BYTES)
    for kind, where, length, mask in edits:
        at = int(where * len(data))
        if kind == "flip":
            data[at] ^= mask
        elif kind == "delete":
            del data[at : at + length]
        else:
            data[at:at] = data[at : at + length]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "mutated.toml"
        path.write_bytes(bytes(data))
        try:
            assert isinstance(load_scenario(path), Setup)
        except ScenarioError as exc:
            assert exc.errors and all(e.message for e in exc.errors)


_GRAZIANI_BYTES = GRAZIANI.read_bytes()


# --- the shared reader --------------------------------------------------------------------


def test_read_text_refuses_a_large_stream_and_non_utf_8_stdin() -> None:
    big = io.BytesIO(b" " * (REQUEST_MAX_BYTES + 1))
    with pytest.raises(FileRefused, match="over 1,048,576"):
        read_text(big, "INPUT", REQUEST_MAX_BYTES)
    with pytest.raises(FileRefused, match=r"<stdin> is not UTF-8 \(byte 3"):
        read_text(io.BytesIO(b'{"a\xff": 1}'), "INPUT", REQUEST_MAX_BYTES)
    assert read_text(io.StringIO('{"a": 1}'), "INPUT", REQUEST_MAX_BYTES) == '{"a": 1}'


def test_read_text_names_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(FileRefused, match="cannot read"):
        read_text(tmp_path / "nowhere.json", "INPUT", REQUEST_MAX_BYTES)


# --- requests --------------------------------------------------------------------------------


def test_read_request_refuses_non_utf_8_files_and_stdin(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _file(tmp_path, b'{"combat": "barrage", "note": "caf\xe9"}', "latin.json")
    with pytest.raises(RequestError) as caught:
        read_request(str(path))
    assert [str(e) for e in caught.value.errors] == [
        "latin.json: INPUT: latin.json is not UTF-8 (byte 34: invalid continuation byte)"
    ]
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"\xff\xfe{}")))
    with pytest.raises(RequestError, match=r"<stdin> is not UTF-8 \(byte 0"):
        read_request("-")
    big = _file(tmp_path, b" " * (REQUEST_MAX_BYTES + 1), "big.json")
    with pytest.raises(RequestError, match=r"big\.json is 1,048,577 bytes"):
        read_request(str(big), "--allocation")
    good = EXAMPLES / "combat" / "11.35-barrage.json"
    assert read_request(str(good)) == good.read_text(encoding="utf-8")


def _inline_barrage(**gun: Any) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((EXAMPLES / "combat" / "11.35-barrage.json").read_text())
    data["guns"][0].update(gun)
    return data


def _request_errors(data: Any) -> list[str]:
    with pytest.raises(RequestError) as caught:
        build_combat(parse_request(data), None)
    return [str(e) for e in caught.value.errors]


def test_a_5000_digit_integer_in_a_request_is_refused_before_conversion() -> None:
    text = json.dumps(_inline_barrage()).replace('"points": 3', '"points": ' + "7" * 5000, 1)
    with pytest.raises(RequestError) as caught:
        parse_request_text(text)
    [error] = caught.value.errors
    assert error.field == "INPUT" and "a 5000-digit integer" in error.message
    assert "at most 18 digits" in error.message
    with pytest.raises(RequestError, match="5000-digit"):
        parse_game_json('{"scenario": ' + "1" * 5000 + "}")


@pytest.mark.parametrize("depth", [40, 100_000])
def test_deeply_nested_requests_are_refused(depth: int) -> None:
    text = '{"combat": "barrage", "note": ' + "[" * depth + "]" * depth + "}"
    with pytest.raises(RequestError, match="nested deeper than 32 levels"):
        parse_request_text(text)
    with pytest.raises(RequestError, match="nested deeper than 32 levels"):
        parse_game_json(text)


def test_an_oversized_request_text_is_refused() -> None:
    with pytest.raises(RequestError, match="over 1,048,576 bytes"):
        parse_request_text(" " * (REQUEST_MAX_BYTES + 1))


def test_nan_and_an_int64_figure_are_refused_in_a_request() -> None:
    with pytest.raises(RequestError, match="NaN"):
        parse_request_text('{"combat": "barrage", "x": NaN}')
    errors = _request_errors(_inline_barrage(toe=[{"system": "g", "points": 2**63 - 1}]))
    assert errors == [
        "guns[0].toe[0].points: expected a whole number within ±10^15, found a 19-digit "
        "integer (9223372036854775807)"
    ]


def test_request_figures_are_held_to_the_game() -> None:
    data = _inline_barrage()
    data["guns"][0]["toe"][0]["points"] = 1001
    [error] = _request_errors(data)
    assert error.startswith("guns[0].toe[0].points: Input should be less than or equal to 1000")
    assert error.endswith("(11.31)")
    data["guns"][0]["toe"][0]["points"] = 3.0
    assert "valid integer" in _request_errors(data)[0]
    assault = json.loads((EXAMPLES / "combat" / "15.51-close-assault.json").read_text())
    assault["morale"] = {
        "attacker": {"basic": 1, "cohesion": -1000000},
        "defender": {"basic": 1, "cohesion": 11},
    }
    errors = _request_errors(assault)
    assert any(
        "morale.attacker.cohesion: Input should be greater than or equal to -26" in e
        for e in errors
    )
    assert any(
        "morale.defender.cohesion: Input should be less than or equal to 10" in e for e in errors
    )


def test_blank_names_and_float_morale_are_refused_in_a_request() -> None:
    errors = _request_errors(_inline_barrage(label="   "))
    assert [e.split(":")[0] for e in errors] == ["guns[0].label"]
    assert "at least 1 character" in errors[0]
    assault = json.loads((EXAMPLES / "combat" / "15.51-close-assault.json").read_text())
    assault["morale"] = {"attacker": {"basic": 1.0, "cohesion": 0}, "defender": {"adjusted": 1}}
    [error] = _request_errors(assault)
    assert error.startswith("morale.attacker.basic: Input should be a valid integer")


def test_the_same_inline_force_or_weapon_twice_is_refused_with_both_places() -> None:
    data = _inline_barrage()
    data["guns"].append(dict(data["guns"][0]))
    errors = _request_errors(data)
    label = data["guns"][0]["label"]
    assert errors == [
        f"guns[{len(data['guns']) - 1}].label: unit {label!r} is listed twice, at "
        f"guns[0].label and at guns[{len(data['guns']) - 1}].label; list it once (11.31)"
    ]
    data = _inline_barrage()
    toe = data["guns"][0]["toe"]
    toe.append(dict(toe[0]))
    [error] = _request_errors(data)
    system = toe[0]["system"]
    assert (
        f"weapon system {system!r} is listed twice, at guns[0].toe[0] and at guns[0].toe[" in error
    )


# --- a duplicate gun of the ledger: refused, nothing posted ------------------------------------


def _postable_examples(tmp_path: Path) -> Path:
    """scenarios/rules-examples.toml with a CPA for the example's German classes and 40
    Ammunition Points for the units of hexes A, B and C (as tests/combat/test_cli_combat.py)."""
    text = (ROOT / "scenarios" / "rules-examples.toml").read_text()
    text = text.replace('nation = "german"\nunit_type', 'nation = "german"\ncpa = 10\nunit_type')
    text = re.sub(r'^(location = "[ABC]")$', r"\1\nsupplies = { ammo = 40 }", text, flags=re.M)
    return _file(tmp_path, text, "postable-examples.toml")


def test_a_gun_listed_twice_in_a_barrage_is_refused_and_nothing_posted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "ledger.db"
    monkeypatch.setenv("QUARTERMASTER_DB", str(db))
    monkeypatch.delenv("QUARTERMASTER_GAME", raising=False)
    assert main(["new", "--skip-setup", "px", "--scenario", str(_postable_examples(tmp_path))]) == 0
    request = json.loads((EXAMPLES / "combat" / "combat-example-barrage.json").read_text())
    request["guns"].append({"unit": "de.ex.kg_105mm_regt", "position": "forward"})
    path = _file(tmp_path, json.dumps(request), "twice.json")
    capsys.readouterr()
    before = digest(db)
    argv = ["resolve", str(path), "--dice", "target=45", "--dice", "trucks=11", "--confirm"]
    assert main([*argv, "--json"]) == 2
    refused = json.loads(capsys.readouterr().out)["refused"]
    assert [(r["field"], r["case"]) for r in refused] == [("guns[2].unit", "11.31")]
    assert (
        "'de.ex.kg_105mm_regt' is listed twice, at guns[0].unit and at guns[2].unit"
        in (refused[0]["message"])
    )
    assert digest(db) == before
    calc = ["calc", "cna", "barrage", str(path), "--json"]
    assert main(calc) == 2


def test_a_weapon_named_twice_in_a_units_points_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("QUARTERMASTER_DB", str(tmp_path / "ledger.db"))
    monkeypatch.delenv("QUARTERMASTER_GAME", raising=False)
    assert main(["new", "--skip-setup", "px", "--scenario", str(_postable_examples(tmp_path))]) == 0
    capsys.readouterr()
    system = "de.ex.105mm_gun"  # its TOE in scenarios/rules-examples.toml
    request = json.loads((EXAMPLES / "combat" / "combat-example-barrage.json").read_text())
    request["guns"][0]["points"] = {system: 1, system.rsplit(".", 1)[-1]: 2}
    path = _file(tmp_path, json.dumps(request), "points.json")
    assert main(["calc", "cna", "barrage", str(path), "--json"]) == 2
    [refused] = json.loads(capsys.readouterr().out)["refused"]
    assert (
        f"weapon system {system!r} is listed twice, at guns[0].points.{system} and at"
        in (refused["message"])
    )


def test_a_loss_listed_twice_in_an_allocation_is_refused() -> None:
    from ledger.combat.resolve import Allocation

    rows = [{"unit": "u", "system": "s", "points": 1}, {"unit": "u", "system": "s", "points": 2}]
    with pytest.raises(RequestError) as caught:
        parse_allocation({"losses": rows}, None, Allocation())
    [error] = caught.value.errors
    assert error.field == "losses[1]" and "at losses[0] and at losses[1]" in error.message
    with pytest.raises(RequestError, match="within ±10"):
        parse_allocation(
            {"losses": [{"unit": "u", "system": "s", "points": 10**16}]}, None, Allocation()
        )


def test_the_bounds_are_the_games() -> None:
    assert (bounds.COHESION_MIN, bounds.COHESION_MAX) == (-26, 10)
    assert (bounds.GAME_TURN_MIN, bounds.GAME_TURN_MAX) == (1, 111)
    assert (bounds.OP_STAGE_MIN, bounds.OP_STAGE_MAX) == (1, 3)
    assert bounds.SUPPLY_POINTS_MAX == 1_000_000 and bounds.TOE_POINTS_MAX == 1_000


@pytest.mark.parametrize(
    ("name", "content", "said"),
    [
        ("map.toml", "é".encode("latin-1"), "map.toml is not UTF-8 (byte 0"),
        ("map.json", b'{"units": [' + b"9" * 5000 + b"]}", "digits"),
        ("map.json", b"[" * 100 + b"]" * 100, "nested deeper than 32"),
        ("map.toml", b"x = 1\n" + b"y = 99999999999999999999\n", "10^15"),
    ],
)
def test_an_uploaded_map_that_is_no_map_is_refused(name: str, content: bytes, said: str) -> None:
    """The dashboard reads an uploaded file (a stream with a name) through ``read_data``: a
    page shows the refusal instead of a traceback (issue 15)."""
    import io

    from ledger.io.files import FileRefused, read_data

    upload = io.BytesIO(content)
    upload.name = name  # type: ignore[attr-defined]
    with pytest.raises(FileRefused) as refused:
        read_data(upload, "map file")
    assert said in " ".join(str(e) for e in refused.value.errors)
    good = io.BytesIO(b'[[units]]\nid = "a"\n')
    good.name = "ok.toml"  # type: ignore[attr-defined]
    assert read_data(good, "map file") == {"units": [{"id": "a"}]}
