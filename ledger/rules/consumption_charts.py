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


def fuel_consumption_chart() -> dict[str, Any]:
    """Rate file ``49.19-fuel-consumption`` as parsed TOML: CP per group (5, 49.13), the
    divisor of a tank's CPA for its capacity (49.14), the rate of unrated motorized points
    (49.12), the fuel factor of each truck type (54.2) and the rows of Chart 49.19 (Fuel Points
    per vehicle TOE point by rate, as decimal text)."""
    return rate_file("49.19-fuel-consumption")


def water_consumption_chart() -> dict[str, Any]:
    """Rate file ``52.4-water-consumption`` as parsed TOML: Water Points per infantry counter
    (52.41), vehicle point and truck point (52.42), the Hot multiplier (29.35) and the Pasta
    Point (52.6: per battalion, nationality)."""
    return rate_file("52.4-water-consumption")


def stores_consumption_chart() -> dict[str, Any]:
    """Rate file ``51.1-stores-consumption`` as parsed TOML: Stores per TOE Strength Point
    (51.11; half rations, 51.2), the flat rate and unit types of 51.13, prisoners (51.12) and
    guards (51.17), and the usable share of captured Stores (51.16)."""
    return rate_file("51.1-stores-consumption")


def evaporation_chart() -> dict[str, Any]:
    """Rate file ``49.3-evaporation`` as parsed TOML: the commodities that evaporate, the base,
    Hot (29.34) and Commonwealth percents, and the Commonwealth period (49.3)."""
    return rate_file("49.3-evaporation")


def ammunition_consumption_chart() -> dict[str, Any]:
    """Rate file ``50.2-ammunition-consumption`` as parsed TOML: Ammunition Points per TOE point
    used (``played``) and per battalion equivalent (``abstracted``) by combat function (50.2),
    and the usable share of captured Ammunition (50.16)."""
    return rate_file("50.2-ammunition-consumption")


def fuel_chart() -> dict[int, tuple[Fraction, ...]]:
    """Chart 49.19 as printed: {CP of movement: Fuel Points per vehicle TOE point at fuel rate
    1, 2, ... 7}, exact; rows 1-4 and 5, 10, ... 50 CP. Every cell is rate x CP / 5."""
    return {
        int(r["cp"]): tuple(Fraction(c) for c in r["fuel"]) for r in fuel_consumption_chart()["row"]
    }
