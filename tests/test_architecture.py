"""The house (docs/design.md): every ledger package sits in a layer that import-linter checks.

The import rules themselves are import-linter contracts in pyproject.toml, run by `make test`
(`lint-imports`). These tests make sure the contracts cannot be dodged: a new package at the
ledger's root must be given a layer, modules stay in packages, and no module grows past the
house's size.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LEDGER = ROOT / "ledger"
MAX_LINES = 500
"""The house's ceiling for one module (docs/design.md: modules around 150-300 lines)."""


def _contracts() -> list[dict[str, object]]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts: list[dict[str, object]] = config["tool"]["importlinter"]["contracts"]
    return contracts


def _layered_packages() -> set[str]:
    layers = next(c for c in _contracts() if c["type"] == "layers")["layers"]
    assert isinstance(layers, list)
    return {name.strip() for layer in layers for name in str(layer).split("|")}


def test_every_ledger_package_is_in_the_layers_contract_or_is_the_other_games() -> None:
    packages = {f"ledger.{p.name}" for p in LEDGER.iterdir() if (p / "__init__.py").is_file()}
    assert {"ledger.model", "ledger.rules", "ledger.commands", "ledger.reports"} <= packages
    assert packages - _layered_packages() == {"ledger.games"}
    games = [c for c in _contracts() if c.get("source_modules") == ["ledger.games"]]
    assert games, "a forbidden contract keeps ledger.games on the chart engine alone"


def test_the_ledger_root_holds_packages_and_no_modules_but_its_init() -> None:
    assert sorted(p.name for p in LEDGER.glob("*.py")) == ["__init__.py"]


def test_no_module_is_over_the_house_size() -> None:
    sizes = {
        str(path.relative_to(ROOT)): len(path.read_text(encoding="utf-8").splitlines())
        for folder in ("ledger", "dashboard")
        for path in (ROOT / folder).rglob("*.py")
    }
    assert len(sizes) > 100
    assert {name: n for name, n in sizes.items() if n > MAX_LINES} == {}
