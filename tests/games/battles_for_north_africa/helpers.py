"""Shared builders for the Battles for North Africa tests."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ledger.games.battles_for_north_africa.crt import CombatResultsTable
from ledger.games.battles_for_north_africa.units import CombatUnit, unit_type
from ledger.io.games.battles_for_north_africa import read_crt_csv

HERE = Path(__file__).resolve().parent
FIXTURE = HERE / "fictional-crt.csv"
ROOT = HERE.parents[2]
EXAMPLES = ROOT / "docs" / "examples" / "bfna"


def unit(name: str, kind: str, **values: Any) -> CombatUnit:
    """A combat unit of type ``kind`` with the given values."""
    return CombatUnit(name=name, type=unit_type(kind), **values)


def fictional_tables() -> dict[str, CombatResultsTable]:
    """The invented Mobile and Assault CRTs of fictional-crt.csv (not the game's)."""
    return read_crt_csv(FIXTURE.read_text(), FIXTURE.name, "crt")
