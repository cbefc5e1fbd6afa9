"""The Terrain Effects Chart (13.1) per Terrain Mode: Defense Strength multipliers, Movement
Point costs, and which Combat Results Table the defender's hex selects (9.0).

Each scenario plays the map in one Terrain Mode (14.0): Closed, Mixed, Urban (optional) or Open.
A hex is Clear, Rough #1 or Rough #2; a hexside may be a river, with or without a ford or a
bridge; a hex may hold an Improved Position. The figures are ``data/13.1-terrain-effects.toml``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, Final, Literal, get_args

from ledger.charts.loader import package_data
from ledger.games.combined_arms import PACKAGE
from ledger.games.combined_arms.rulings import CROSSINGS, FORD_COST, MULTIPLIERS, option

HexTerrain = Literal["clear", "rough-1", "rough-2"]
HEX_TERRAINS: Final[tuple[str, ...]] = get_args(HexTerrain)
TERRAIN_LABELS: Final = {"clear": "Clear", "rough-1": "Rough #1", "rough-2": "Rough #2"}

Hexside = Literal["none", "river", "ford", "bridge"]
"""A hexside crossed: none, a river, a river at a ford, a river at a bridge (13.1)."""
HEXSIDES: Final[tuple[str, ...]] = get_args(Hexside)

Route = Literal["cross-country", "road", "trail"]
ROUTES: Final[tuple[str, ...]] = get_args(Route)

TerrainModeKey = Literal["closed", "mixed", "urban", "open"]
"""A Terrain Mode of 13.1 (each scenario names one, 14.0)."""
TERRAIN_MODES: Final[tuple[str, ...]] = get_args(TerrainModeKey)


@dataclass(frozen=True, slots=True)
class HexEffect:
    """One hex terrain in one mode: ``mp`` to enter, ``defense`` multiplier, the ``crt`` terrain
    it selects (``"clear"``, ``"rough-1"``, ``"rough-2"``) and a chart ``note``."""

    mp: int
    defense: int
    crt: str
    note: str = ""


@dataclass(frozen=True, slots=True)
class TerrainMode:
    """One Terrain Mode column block of 13.1: ``hexes`` by terrain, the river's ``river_mp``
    (extra MP to cross) and ``river_defense`` multiplier, ``trail_mp`` (``None`` where the chart
    says na), ``ford_mp`` (extra MP) and ``road_mp`` (all modes)."""

    key: str
    label: str
    hexes: Mapping[str, HexEffect]
    river_mp: int
    river_defense: int
    trail_mp: int | None
    ford_mp: int
    road_mp: int
    improved_position: int


@dataclass(frozen=True, slots=True)
class Multiplier:
    """One Defense Strength multiplier: ``name``, ``factor``, rule ``case`` and ``note``."""

    name: str
    factor: int
    case: str
    note: str = ""


@cache
def terrain_modes() -> dict[str, TerrainMode]:
    """Every Terrain Mode of 13.1 by key: ``closed``, ``mixed``, ``urban``, ``open``."""
    data = package_data(PACKAGE, "13.1-terrain-effects")
    every = data["all"]
    return {key: _mode(key, raw, every) for key, raw in data["mode"].items()}


def terrain_mode(key: str) -> TerrainMode:
    """The Terrain Mode ``key``; ``KeyError`` naming the modes otherwise (13.1)."""
    try:
        return terrain_modes()[key]
    except KeyError:
        raise KeyError(
            f"unknown Terrain Mode {key!r}; modes: {', '.join(terrain_modes())} (13.1)"
        ) from None


def hex_effect(mode: TerrainMode, terrain: str) -> HexEffect:
    """The effect of hex ``terrain`` in ``mode``; ``KeyError`` naming the terrains (13.1)."""
    try:
        return mode.hexes[terrain]
    except KeyError:
        raise KeyError(
            f"unknown hex terrain {terrain!r}; terrains: {', '.join(HEX_TERRAINS)} (13.1)"
        ) from None


def crt_terrain(mode: TerrainMode, terrain: str) -> tuple[str, str]:
    """Which CRT of a category the defender's hex selects (9.0) and why: (``"clear"`` /
    ``"rough-1"`` / ``"rough-2"``, note). In Open mode Rough #1 counts as Clear (13.1 *)."""
    effect = hex_effect(mode, terrain)
    why = f"defender in {TERRAIN_LABELS[terrain]}, {mode.label} mode"
    if effect.crt != terrain:
        why += f": {effect.note}"
    return effect.crt, why


def defense_multipliers(
    mode: TerrainMode,
    terrain: str,
    *,
    improved_position: bool,
    river: bool,
    crossing: str = "river",
    chosen: Mapping[str, str] | None = None,
) -> tuple[Multiplier, ...]:
    """The Defense Strength multipliers that apply (13.1): the hex (always listed, even x1),
    the river when ``river`` (the attack comes across a river hexside; whether a ``crossing``
    ``"ford"``/``"bridge"`` there removes it is ruling 13.1-bridge-ford-defense) and the
    Improved Position. Raises ``KeyError`` for an unknown terrain."""
    effect = hex_effect(mode, terrain)
    found = [
        Multiplier(
            f"{TERRAIN_LABELS[terrain]} hex",
            effect.defense,
            "13.1",
            f"{mode.label} mode: x{effect.defense}" + (f" ({effect.note})" if effect.note else ""),
        )
    ]
    if river:
        negated = crossing in ("ford", "bridge") and (
            option(chosen or {}, CROSSINGS) == "crossing-negates"
        )
        if negated:
            found.append(
                Multiplier("river hexside", 1, "13.1", f"{crossing}: no x2 ({CROSSINGS.id})")
            )
        else:
            note = f"{mode.label} mode: x{mode.river_defense}"
            if crossing in ("ford", "bridge"):
                note += f"; the {crossing} does not remove it ({CROSSINGS.id})"
            found.append(Multiplier("river hexside", mode.river_defense, "13.1", note))
    if improved_position:
        found.append(
            Multiplier(
                "Improved Position", mode.improved_position, "13.1", "x2 in every Terrain Mode"
            )
        )
    return tuple(found)


def combined_factor(
    multipliers: tuple[Multiplier, ...], chosen: Mapping[str, str] | None = None
) -> tuple[int, str]:
    """The one factor the Defense Strength is multiplied by and how it was found: the product
    of ``multipliers`` or the largest of them (ruling 13.1-multipliers)."""
    factors = [m.factor for m in multipliers]
    if option(chosen or {}, MULTIPLIERS) == "largest":
        return max(factors, default=1), f"largest of x{', x'.join(map(str, factors))}"
    product = 1
    for factor in factors:
        product *= factor
    return product, " x ".join(f"{f}" for f in factors) + f" = x{product}"


@dataclass(frozen=True, slots=True)
class HexStep:
    """One hex entered: its ``terrain``, the ``hexside`` crossed into it and the ``route``
    (along a road or trail, or cross-country)."""

    terrain: str
    hexside: str = "none"
    route: str = "cross-country"


def step_cost(mode: TerrainMode, step: HexStep, chosen: Mapping[str, str] | None = None) -> int:
    """Movement Points to enter ``step`` in ``mode`` (13.1, added up as 5.21 and 12.41 say):
    the hex (or the road/trail rate along one; a trail the chart marks na costs as the hex) plus
    the hexside: a river's extra, a ford's +1 (instead of the river's or on top of it, ruling
    13.1-ford-cost), nothing across a bridge (13.1 note a). Raises ``KeyError``."""
    cost = hex_effect(mode, step.terrain).mp
    if step.route == "road":
        cost = mode.road_mp
    elif step.route == "trail" and mode.trail_mp is not None:
        cost = mode.trail_mp
    elif step.route not in ROUTES:
        raise KeyError(f"unknown route {step.route!r}; routes: {', '.join(ROUTES)} (13.1)")
    if step.hexside == "river":
        cost += mode.river_mp
    elif step.hexside == "ford":
        cost += mode.ford_mp
        if option(chosen or {}, FORD_COST) == "plus-river":
            cost += mode.river_mp
    elif step.hexside not in ("none", "bridge"):
        raise KeyError(f"unknown hexside {step.hexside!r}; hexsides: {', '.join(HEXSIDES)} (13.1)")
    return cost


def _mode(key: str, raw: dict[str, Any], every: dict[str, Any]) -> TerrainMode:
    hexes = {
        terrain: HexEffect(
            int(raw[terrain]["mp"]),
            int(raw[terrain]["defense"]),
            str(raw[terrain]["crt"]),
            str(raw[terrain].get("note", "")),
        )
        for terrain in HEX_TERRAINS
    }
    trail = raw.get("trail")
    return TerrainMode(
        key=key,
        label=str(raw["label"]),
        hexes=hexes,
        river_mp=int(raw["river"]["extra_mp"]),
        river_defense=int(raw["river"]["defense"]),
        trail_mp=None if trail is None else int(trail["mp"]),
        ford_mp=int(raw["ford"]["extra_mp"]),
        road_mp=int(every["road"]["mp"]),
        improved_position=int(every["improved-position"]["defense"]),
    )
