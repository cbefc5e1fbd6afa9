"""The JSON request models of the Combined Arms calculations (pydantic), one per calculation,
and the rule case quoted when a field is refused (``CASES``).

A unit is a 14.0 preset (``{"preset": "s1-alpha-tank"}``) and/or its figures as 14.0 prints them
(``{"attack_hard": "[4]", "attack_soft": "[10]", "defense": "[4]"}``: brackets kept); a figure
given next to a preset replaces the preset's. Field by field: docs/games/combined-arms.md.
"""

from __future__ import annotations

from typing import Annotated, Final, Literal

from pydantic import AfterValidator, Field
from pydantic_core import PydanticCustomError

from ledger.games.combined_arms.crt import ResultCode
from ledger.games.combined_arms.disruption import LevelName
from ledger.games.combined_arms.terrain import Hexside, HexTerrain, Route, TerrainModeKey
from ledger.games.combined_arms.units import Side, UnitType, parse_printed
from ledger.io.games import Request


def _printed(value: int | str) -> int | str:
    """Accept ``8``, ``"8"`` or ``"[4]"``; refuse anything else with one plain message (the
    registry adds the value found and the case)."""
    try:
        parse_printed(value)
    except ValueError:
        raise PydanticCustomError(
            "printed_strength",
            "expected a whole-number strength of 0 or more, such as 8 or [4] (brackets as 14.0 "
            "prints them)",
        ) from None
    return value


Printed = Annotated[int | str, AfterValidator(_printed)]
"""A strength as 14.0 prints it: ``8`` or ``"8"`` (unbracketed), ``"[4]"`` (bracketed)."""

CASES: Final = {
    "preset": "14.0",
    "type": "3.21",
    "attack_hard": "3.23",
    "attack_soft": "3.23",
    "strength": "3.23",
    "range": "3.23",
    "range_hexes": "3.23",
    "defense": "12.43",
    "movement": "3.23",
    "movement_points": "5.33",
    "disruption": "9.12",
    "level": "9.12",
    "result": "9.1",
    "phases": "9.12",
    "scenario": "14.0",
    "terrain_mode": "13.1",
    "terrain": "13.1",
    "hexside": "13.1",
    "route": "13.1",
    "entry_hexside": "12.12",
    "entry_route": "13.1",
    "exits": "5.32",
    "river_crossing": "13.1",
    "overrunners": "5.31",
    "attackers": "8.13",
    "strikes": "8.92",
    "side": "14.0",
}
"""Field name → the rule case quoted in its errors."""


class UnitIn(Request):
    """A unit: a 14.0 ``preset`` and/or its figures (any figure given replaces the preset's):
    ``attack_hard``/``attack_soft``/``defense`` as printed (``8`` or ``"[4]"``), ``range`` in
    hexes, ``movement`` in Movement Points, ``type`` (3.21) and a ``name`` for the working."""

    preset: str | None = None
    name: str | None = None
    type: UnitType | None = None
    attack_hard: Printed | None = None
    attack_soft: Printed | None = None
    range: int | None = Field(default=None, ge=0)
    defense: Printed | None = None
    movement: int | None = Field(default=None, ge=0)


class AttackerIn(UnitIn):
    """An attacker: a unit, or ``{"air_strike": true}``; ``strength`` is the adjusted Attack
    Strength employed, ``range_hexes`` the distance, ``across_river`` it fires across one."""

    air_strike: bool = False
    strength: Printed | None = None
    across_river: bool = False
    range_hexes: int | None = Field(default=None, ge=1)


class DefenderIn(UnitIn):
    """The defender: a unit and its Disruption level (9.12)."""

    disruption: LevelName = "none"


class OverrunnerIn(UnitIn):
    """An Overrunning unit, its Movement Points left and whether it began adjacent (5.39)."""

    movement_points: int | None = Field(default=None, ge=0)
    adjacent_at_start: bool = False


class HexStepIn(Request):
    """A hex entered: its terrain, the hexside crossed into it and the route (13.1)."""

    terrain: HexTerrain
    hexside: Hexside = "none"
    route: Route = "cross-country"


class PlaceIn(Request):
    """Where the defender stands (13.1): the ``scenario`` (gives the Terrain Mode, 14.0) or the
    ``terrain_mode``, the hex ``terrain``, an ``improved_position``, what the river hexside has
    (``river_crossing``), and the ``rulings`` chosen."""

    scenario: int | None = Field(default=None, ge=1, le=6)
    terrain_mode: TerrainModeKey | None = None
    terrain: HexTerrain = "clear"
    improved_position: bool = False
    river_crossing: Literal["river", "ford", "bridge"] = "river"
    rulings: dict[str, str] = Field(default_factory=dict)


class CombatIn(PlaceIn):
    """``combat``: attackers, defender, place, and whether the attack is concentric (8.7)."""

    attackers: list[AttackerIn] = Field(min_length=1)
    defender: DefenderIn
    concentric: bool = False


class OverrunIn(PlaceIn):
    """``overrun``: one unit, or two in a Wave Overrun, through the defender's hex (5.3x)."""

    overrunners: list[OverrunnerIn] = Field(min_length=1, max_length=2)
    defender: DefenderIn
    entry_hexside: Hexside = "none"
    entry_route: Route = "cross-country"
    exits: list[HexStepIn] = Field(min_length=1, max_length=2)


class AirStrikeIn(PlaceIn):
    """``air-strike``: the defender and the number of Air Strikes (8.9x)."""

    defender: DefenderIn
    strikes: int = Field(default=1, ge=1)


class DisruptionIn(Request):
    """``disruption``: the unit's ``level``, a ``result`` it suffers, its ``movement`` (to cap
    a retreat) and the removal ``phases`` to look ahead (9.12)."""

    level: LevelName = "none"
    result: ResultCode | None = None
    movement: int | None = Field(default=None, ge=0)
    phases: int = Field(default=3, ge=1, le=20)
    rulings: dict[str, str] = Field(default_factory=dict)


class UnitsIn(Request):
    """``units``: the 14.0 presets, filtered by ``side``, ``scenario`` and ``type``."""

    side: Side | None = None
    scenario: int | None = Field(default=None, ge=1, le=6)
    type: UnitType | None = None
