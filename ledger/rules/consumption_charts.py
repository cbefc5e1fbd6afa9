"""The consumption charts as data: the rate files of ``ledger/charts/data/`` (49.19 fuel, 49.3
evaporation, 50.2 ammunition, 51.1 stores, 52.4 water; each file with its case and source),
Chart 49.19 as printed, and the check that an amount is not negative.

Read by ``ledger.rules.consumption`` and ``ledger.rules.consumption_rates`` (``rate_file`` also
by the shortage modules for their charts), which import from here; ``rate_file`` and
``fuel_chart`` stay importable from ``ledger.rules.consumption``.
"""

from __future__ import annotations

import tomllib
from fractions import Fraction
from functools import cache
from importlib import resources
from typing import Any

# --- rate files -------------------------------------------------------------------------


@cache
def rate_file(name: str) -> dict[str, Any]:
    """One rate file of ``ledger/charts/data/`` (``"49.3-evaporation"``) as parsed TOML; each
    has a ``case`` and a ``source``. Raises ``FileNotFoundError`` for an unknown name."""
    folder = resources.files("ledger.charts").joinpath("data")
    data: dict[str, Any] = tomllib.loads(
        folder.joinpath(f"{name}.toml").read_text(encoding="utf-8")
    )
    return data


def _fuel() -> dict[str, Any]:
    return rate_file("49.19-fuel-consumption")


def _water() -> dict[str, Any]:
    return rate_file("52.4-water-consumption")


def _stores() -> dict[str, Any]:
    return rate_file("51.1-stores-consumption")


def _evaporation() -> dict[str, Any]:
    return rate_file("49.3-evaporation")


def _ammo() -> dict[str, Any]:
    return rate_file("50.2-ammunition-consumption")


def fuel_chart() -> dict[int, tuple[Fraction, ...]]:
    """Chart 49.19 as printed: {CP of movement: Fuel Points per vehicle TOE point at fuel rate
    1, 2, ... 7}, exact; rows 1-4 and 5, 10, ... 50 CP. Every cell is rate x CP / 5."""
    return {int(r["cp"]): tuple(Fraction(c) for c in r["fuel"]) for r in _fuel()["row"]}


def _check(amount: Fraction | int, what: str) -> None:
    if amount < 0:
        raise ValueError(f"{what} {amount}: cannot be negative")
