"""The ``htr`` request models (pydantic): one per calculation, each field checked for type and
range before any table is read. ``CASES`` gives every field's rule case for error messages.

Shapes and units are listed field by field in docs/games/htr.md.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any, Final, Literal

from pydantic import BeforeValidator, Field

from ledger.games.highway_to_the_reich.terrain import HexEntry
from ledger.io.games import Request


def _strength(value: Any) -> Any:
    """A JSON number or ``"7/2"`` text as an exact strength (floats through their shortest
    decimal text, so 1.5 is 3/2)."""
    return Fraction(repr(value)) if isinstance(value, float) else value


StrengthIn = Annotated[Fraction, BeforeValidator(_strength), Field(ge=0)]
"""A Combat Strength (8.73): a number ≥ 0 or text such as ``"7/2"``, kept exact."""
Die = Annotated[int, Field(ge=1, le=6)]
Rulings = dict[str, str] | None
HexTerrainIn = Literal["clear", "mixed", "woods", "town", "broken", "forest", "rough", "city"]
HexsideIn = Literal["stream", "dike", "canal", "river", "blocked", "lake", "ferry"]
RouteIn = Literal["road", "trail", "railroad", "raised-road"]
BetweenIn = Literal[
    "clear", "mixed", "woods", "town", "broken", "forest", "rough", "city", "hilltop", "dike",
    "slope",
]  # fmt: skip

CASES: Final = {
    "attack": "8.73",
    "defense": "8.73",
    "close_action_value": "8.73",
    "attacker_disrupted": "8.73",
    "defender_disrupted": "8.73",
    "defender_can_retreat": "8.73",
    "table_file": "8.73",
    "die_roll": "8.73",
    "morale": "11.51",
    "friendly_armor": "11.54",
    "friendly_hq_or_leader": "11.54",
    "adjacent_enemy_armor": "11.54",
    "out_of_supply": "11.54",
    "adjacent_friendly_disrupted": "11.54",
    "band": "14.11",
    "time": "14.11",
    "half": "14.11",
    "night": "14.11",
    "weather": "14.92",
    "flak": "14.92",
    "flight_condition_points": "14.92",
    "mode": "10.15",
    "unit": "10.15",
    "side": "10.15",
    "map": "10.15",
    "path": "10.15",
    "observation": "10.15",
}
"""Request field → the rule case named in its error messages."""


class CloseActionRequest(Request):
    """``close-action`` (8.73): Combat Strengths ``attack``/``defense`` (exact, ≥ 0), the Close
    Action Value 1..9, what is known before the roll, an optional ``die_roll`` 1..6 and an
    optional ``table_file`` (a CSV transcription of 8.73, relative to the request's folder)."""

    attack: StrengthIn
    defense: StrengthIn
    close_action_value: Annotated[int, Field(ge=1, le=9)]
    attacker_disrupted: bool = False
    defender_disrupted: bool = False
    defender_can_retreat: bool = True
    die_roll: Die | None = None
    table_file: str | None = None
    rulings: Rulings = None


class RecoveryRequest(Request):
    """``recovery`` (11.51, 11.54): the printed Morale Rating 1..4, the 11.54 situations that
    hold and an optional ``die_roll`` 1..6."""

    morale: Annotated[int, Field(ge=1, le=4)]
    friendly_armor: bool = False
    friendly_hq_or_leader: bool = False
    adjacent_enemy_armor: bool = False
    out_of_supply: bool = False
    adjacent_friendly_disrupted: bool = False
    die_roll: Die | None = None


class WeatherRequest(Request):
    """``weather`` (14.11): a printed ``band`` or a clock ``time`` ``"HHMM"`` (one of the two),
    the map ``half`` and ``night``."""

    band: Literal["0201-0600", "1201-1400"] | None = None
    time: str | None = None
    half: Literal["north", "south"]
    night: bool = False
    rulings: Rulings = None


class AirLandingRequest(Request):
    """``air-landing`` (14.92): the 14.11 ``weather`` (0, 3, 6 or P) with ``night`` and
    ``flak`` points, or their total ``flight_condition_points`` (not both)."""

    weather: Literal[0, 3, 6, "P"] | None = None
    night: bool = False
    flak: Annotated[int, Field(ge=0)] = 0
    flight_condition_points: Annotated[int, Field(ge=0)] | None = None
    rulings: Rulings = None


class HexIn(Request):
    """One hex (10.15): its terrain, a Hilltop or Slope in it, the hexside crossed into it and
    the route followed into it."""

    terrain: HexTerrainIn
    hilltop: bool = False
    slope: bool = False
    hexside: HexsideIn | None = None
    route: RouteIn | None = None

    def entry(self) -> HexEntry:
        """The domain value."""
        return HexEntry(self.terrain, self.hilltop, self.slope, self.hexside, self.route)


class ObservationIn(Request):
    """A line of sight (10.15): both hexes, the ``distance`` in hexes (≥ 1) and the terrain
    types ``between`` them."""

    observer: HexIn
    target: HexIn
    distance: Annotated[int, Field(ge=1)]
    between: list[BetweenIn] = Field(default_factory=list)


class TerrainRequest(Request):
    """``terrain`` (10.15): who moves (``mode``, ``unit``, ``side``, ``map``), the hexes entered
    in order (``path``, at least one) and, optionally, a line of sight."""

    mode: Literal["dispersed", "concentrated", "travel"]
    unit: Literal[
        "infantry", "heavy-weapons", "hq", "engineer", "armor", "recon", "artillery"
    ]  # fmt: skip
    side: Literal["german", "allied"] = "allied"
    map: Literal["A", "B", "C", "D"] | None = None
    path: Annotated[list[HexIn], Field(min_length=1)]
    observation: ObservationIn | None = None
    rulings: Rulings = None
