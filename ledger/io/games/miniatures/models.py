"""The miniatures requests as pydantic models (docs/games/miniatures.md gives every field with
its type, unit and case). Unknown fields are refused (``Request``); ``CASES`` names the rule
case each field's errors cite."""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, StrictBool, StrictInt

from ledger.io.games import Request

Obstacle = Literal["building", "water-obstacle", "woods-off-road", "woods-along-road"]


def _exact_share(value: Any) -> Any:
    """A JSON decimal as the exact fraction it is written as (0.1 -> 1/10, not the binary
    float); text ("1/4") and whole numbers go on to pydantic unchanged; true/false refused."""
    if isinstance(value, bool):
        raise ValueError("expected a share of the turn such as 1/4, not true or false")
    if isinstance(value, float):
        return str(value)
    return value


TurnShare = Annotated[Fraction, BeforeValidator(_exact_share), Field(ge=0, le=1)]
"""A share of a turn of movement, 0 to 1: ``"1/4"``, ``0.25`` or ``0`` (2.4)."""

Yards = Annotated[int, Field(ge=0)]
"""A distance or move in yards, a whole number 0 or more."""


class CommandTestRequest(Request):
    """``command-test`` (2.1)."""

    declared: Literal["maneuver", "assault", "go-prone"]
    training: str | None = None
    modifiers: dict[str, StrictBool | StrictInt] = Field(default_factory=dict)
    command_chart: str | None = None
    command_chart_csv: str | None = None
    rulings: dict[str, str] | None = None


class Crossing(Request):
    """A dangerous terrain on the route given with its own range (2.3)."""

    terrain: str = Field(min_length=1)
    immobilized_on: str


class DangerousTerrainRequest(Request):
    """``dangerous-terrain`` (2.3)."""

    route: list[str | Crossing] = Field(min_length=1)
    vehicles: int = Field(default=1, ge=1, le=100)
    yards_moved: Yards | None = None
    terrain_chart: str | None = None
    terrain_chart_csv: str | None = None
    rulings: dict[str, str] | None = None


class TowingRequest(Request):
    """``towing`` (2.4)."""

    gun_class: int = Field(ge=1)
    action: Literal["unlimber", "limber"]
    vehicle_moved_before: TurnShare = Fraction(0)
    max_move_yards: Yards | None = None
    moves_after: StrictBool | None = None
    german_88_flak: StrictBool = False
    rulings: dict[str, str] | None = None


class DigInRequest(Request):
    """``dig-in`` (2.5)."""

    base: Literal["infantry", "heavy-weapon", "towed-weapon", "vehicle"]
    works: Literal["hasty", "foxholes"]
    turns_spent: int = Field(default=0, ge=0)
    engineer: StrictBool = False
    prone: StrictBool = False
    frontage_yards: int | None = Field(default=None, gt=0)


class MinefieldRequest(Request):
    """``minefield`` (2.5)."""

    bases: int = Field(ge=1)
    minefields: list[Yards] = Field(min_length=1)
    on_cleared_lane: StrictBool = False
    engineer_clearing: Literal["standing", "prone"] | None = None
    rulings: dict[str, str] | None = None


class TransportRequest(Request):
    """``transport`` (2.4): infantry getting in or out of a vehicle."""

    carrier: Literal["half-track", "other"] = "other"
    stand: Literal["rifle", "mg-or-mortar"] = "rifle"
    infantry_move_yards: Yards | None = None
    vehicle_move_yards: Yards | None = None


class RidersRequest(Request):
    """``riders`` (2.4): infantry riding on a tank's hull."""

    carrier: Literal["large-target-tank", "t-34-family", "half-track", "other"]
    russian_infantry: StrictBool = False
    year: int = Field(ge=1900, le=1960)
    stands: int = Field(default=1, ge=1, le=100)
    stand: Literal["rifle", "mg-or-mortar"] = "rifle"
    entering: list[Obstacle] = Field(default_factory=list)
    infantry_move_yards: Yards | None = None
    vehicle_move_yards: Yards | None = None
    rulings: dict[str, str] | None = None


class CavalryRequest(Request):
    """``cavalry`` (2.2): mounting or dismounting."""

    action: Literal["mount", "dismount"]
    bases: int = Field(ge=1, le=100)
    assault_moved: StrictBool = False
    entering: list[Obstacle] = Field(default_factory=list)
    move_yards: Yards | None = None


CASES = {
    "declared": "2.1",
    "training": "2.1",
    "modifiers": "2.1",
    "command_chart": "2.1",
    "command_chart_csv": "2.1",
    "route": "2.3",
    "vehicles": "2.3",
    "yards_moved": "2.3",
    "terrain_chart": "2.3",
    "terrain_chart_csv": "2.3",
    "gun_class": "2.4",
    "action": "2.4",
    "vehicle_moved_before": "2.4",
    "max_move_yards": "2.4",
    "moves_after": "2.4",
    "german_88_flak": "2.4",
    "base": "2.5",
    "works": "2.5",
    "turns_spent": "2.5",
    "engineer": "2.5",
    "prone": "2.2",
    "frontage_yards": "2.5",
    "bases": "2.5",
    "minefields": "2.5",
    "on_cleared_lane": "2.5",
    "engineer_clearing": "2.5",
    "carrier": "2.4",
    "stand": "2.4",
    "infantry_move_yards": "2.4",
    "vehicle_move_yards": "2.4",
    "russian_infantry": "2.4",
    "year": "2.4",
    "stands": "2.4",
    "entering": "2.4",
    "assault_moved": "2.2",
    "move_yards": "2.2",
}
"""Request field → the rule case its errors cite (``bases`` and ``entering`` serve two
calculations; the cavalry request corrects them, see ``CAVALRY_CASES``)."""

CAVALRY_CASES = {**CASES, "action": "2.2", "bases": "2.2", "entering": "2.2"}
"""``CASES`` for the ``cavalry`` request (2.2)."""
