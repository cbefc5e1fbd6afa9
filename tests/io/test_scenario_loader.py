"""A bad scenario file is refused whole, with every error as file:line: message."""

from __future__ import annotations

from pathlib import Path

import pytest

from ledger.io.scenario import ScenarioError, load_scenario, resolve
from tests.conftest import MINI

HIGH = 'basic_morale = "high"'
MATRUH_ID = 'id = "cw_matruh"'
RHA_NAME = 'name = "3rd RHA'


def _variant(tmp_path: Path, old: str, new: str, count: int = 1) -> Path:
    text = MINI.read_text()
    assert old in text
    path = tmp_path / "bad.toml"
    path.write_text(text.replace(old, new, count))
    return path


def _line_of(path: Path, needle: str, nth: int = 1) -> int:
    hits = [i for i, line in enumerate(path.read_text().splitlines(), start=1) if needle in line]
    return hits[nth - 1]


def _errors(path: Path) -> list[str]:
    with pytest.raises(ScenarioError) as refused:
        load_scenario(path)
    return [str(e) for e in refused.value.errors]


def test_mini_scenario_loads() -> None:
    setup = load_scenario(MINI)
    assert [u.id for u in setup.units] == ["cw.1_rnf", "cw.3_rha"]
    assert setup.dumps[0].supplies.stores == 4000


def test_unknown_class_is_reported_at_its_line(tmp_path: Path) -> None:
    path = _variant(tmp_path, 'class = "cw.u"', 'class = "cw.zz9"')
    errors = _errors(path)
    assert errors == [
        f"bad.toml:{_line_of(path, 'cw.zz9')}: unit[0].class: unknown class 'cw.zz9' (4.46)"
    ]


def test_unknown_weapon_negative_supply_duplicate_id_wrong_type_unknown_parent_all_at_once(
    tmp_path: Path,
) -> None:
    text = MINI.read_text()
    text = text.replace(
        'toe = [{ system = "cw.25_pounder_gun", points = 6 }]',
        'toe = [{ system = "cw.death_ray", points = 6 }]',
    )
    text = text.replace("ammo = 1000", "ammo = -5")
    text = text.replace('id = "ax_tobruk"', 'id = "cw_matruh"')
    text = text.replace("basic_morale = 1\ntoe", 'basic_morale = "high"\ntoe', 1)
    text = text.replace(
        'location = "C3721"\nbasic_morale',
        'parent = "cw.nobody"\nlocation = "C3721"\nbasic_morale',
        1,
    )
    path = tmp_path / "bad.toml"
    path.write_text(text)
    errors = _errors(path)
    joined = "\n".join(errors)
    # pydantic reports types and ranges first; cross-references are checked once types are right
    assert f"bad.toml:{_line_of(path, 'ammo = -5')}: dump[0].ammo" in joined
    assert f"bad.toml:{_line_of(path, HIGH)}: unit[0].basic_morale" in joined
    fixed = (
        path.read_text()
        .replace("ammo = -5", "ammo = 5")
        .replace('basic_morale = "high"', "basic_morale = 1")
    )
    path.write_text(fixed)
    errors = _errors(path)
    assert any(
        "unit[1].toe[0].system" in e
        and "cw.death_ray" in e
        and "neither a weapon system nor a unit class" in e
        for e in errors
    )
    assert any(
        "duplicate id 'cw_matruh'" in e and f"bad.toml:{_line_of(path, MATRUH_ID, 2)}" in e
        for e in errors
    )
    assert any("unit[0].parent: unknown parent 'cw.nobody'" in e for e in errors)
    assert len(errors) == 3


def test_toml_syntax_error_names_the_line(tmp_path: Path) -> None:
    path = _variant(tmp_path, 'name = "3rd RHA"', 'name = "3rd RHA')
    errors = _errors(path)
    assert len(errors) == 1 and errors[0].startswith(f"bad.toml:{_line_of(path, RHA_NAME)}:")


def test_unknown_key_is_refused(tmp_path: Path) -> None:
    path = _variant(tmp_path, 'counter = "1 RNF"', 'counter = "1 RNF"\ncolour = "red"')
    errors = _errors(path)
    assert errors == [
        f"bad.toml:{_line_of(path, 'colour')}: unit[0].colour: Extra inputs are not permitted, found 'red'"
    ]


def test_resolve_knows_bundled_ids_and_paths(tmp_path: Path) -> None:
    assert resolve(str(MINI)) == MINI
    with pytest.raises(ScenarioError, match="no bundled scenario or file"):
        resolve("atlantis")
