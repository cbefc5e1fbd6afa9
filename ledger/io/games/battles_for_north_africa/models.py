"""The bfna requests as pydantic models (docs/games/bfna.md, field by field).

Besides shapes and ranges, the models run the domain's own look-ups as validators, so an unknown
unit type, terrain, hexside or result code, or a unit whose marks contradict its type, is
reported together with every other problem of the request: a unit type must be one of
``units.unit_types`` (Unit Capabilities ¶9), terrain one of ``terrain.hex_types`` (intro ¶4), a
hexside one of ``terrain.hexside_types`` (intro ¶6), a code one ``crt.check_code`` accepts
(Combat Phase ¶7-¶14). ``to_unit``/``to_support`` build the domain values.
"""

from __future__ import annotations

from typing import Annotated, Any, Final, Literal, Self

from pydantic import (
    AfterValidator,
    Field,
    StrictBool,
    StrictInt,
    ValidationInfo,
    field_validator,
    model_validator,
)

from ledger.games.battles_for_north_africa.crt import check_code
from ledger.games.battles_for_north_africa.results import steps_instead_problem
from ledger.games.battles_for_north_africa.strength import FireSupport
from ledger.games.battles_for_north_africa.terrain import hex_terrain, hexside_terrain
from ledger.games.battles_for_north_africa.units import CombatUnit, unit_type
from ledger.io.games import Request

CRT_CASE: Final = "Combat Phase ¶4"
GRID_CASE: Final = "Supply ¶2"
NonNegative = Annotated[StrictInt, Field(ge=0)]
Side = Literal["axis", "allied"]
TableChoice = Literal["mobile", "assault"]
UnitTypeId = Annotated[str, AfterValidator(lambda t: unit_type(t).id)]
"""A unit type id, checked against ``data/unit-types.toml`` (Unit Capabilities ¶9)."""
Terrain = Annotated[str, AfterValidator(lambda t: hex_terrain(t).id)]
"""A defender's hex type (intro ¶4); ``sea`` is refused (Movement Phase ¶3)."""
Hexside = Annotated[str, AfterValidator(lambda h: hexside_terrain(h).id)]
"""A hexside feature attacked across (intro ¶6, Fortifications ¶2)."""
Code = Annotated[str, AfterValidator(check_code)]
"""A result code, upper-cased (Combat Phase ¶7-¶14)."""


class UnitIn(Request):
    """One unit of a combat (see ``units.CombatUnit``); its marks must fit its type."""

    name: str = Field(min_length=1)
    type: UnitTypeId
    af: NonNegative = 0
    df: NonNegative = 0
    bf: NonNegative = 0
    fpf: NonNegative = 0
    in_battery: StrictBool = False
    in_supply: StrictBool = True
    disabled: StrictBool = False
    rommel: StrictBool = False
    steps: Annotated[StrictInt, Field(ge=1)] = 2
    hexsides: tuple[Hexside, ...] = ()
    by_road: StrictBool = False

    def to_unit(self) -> CombatUnit:
        """The domain unit; ``ValueError`` (with its case) when its marks contradict its type."""
        values: dict[str, Any] = self.model_dump()
        return CombatUnit(**{**values, "type": unit_type(self.type), "hexsides": self.hexsides})

    @model_validator(mode="after")
    def _fits_its_type(self) -> Self:
        self.to_unit()
        return self


class SupportIn(Request):
    """An in-battery artillery unit giving fire support: BF (offensive) or FPF (defensive)."""

    name: str = Field(min_length=1)
    strength: NonNegative
    type: UnitTypeId = "arty"
    in_supply: StrictBool = True

    def to_support(self) -> FireSupport:
        """The domain value; ``ValueError`` for a type that gives no fire support (AT Units
        ¶1)."""
        return FireSupport(self.name, self.strength, unit_type(self.type), self.in_supply)

    @model_validator(mode="after")
    def _may_support(self) -> Self:
        self.to_support()
        return self


class CombatRequest(Request):
    """The ``combat`` request (docs/games/bfna.md)."""

    attackers: list[UnitIn] = Field(min_length=1)
    defenders: list[UnitIn] = Field(min_length=1)
    terrain: Terrain = "clear"
    fortification: Literal[0, 1, 2] = 0
    terrain_drm: StrictInt = 0
    offensive_fire: tuple[SupportIn, ...] = ()
    defensive_fire: tuple[SupportIn, ...] = ()
    close_attack: tuple[NonNegative, ...] = ()
    close_defense: tuple[NonNegative, ...] = ()
    stukas: NonNegative = 0
    initiative_failure: StrictBool = False
    table: TableChoice | None = None
    crt: str | None = None
    crt_csv: str | None = None
    rulings: dict[str, str] = Field(default_factory=dict)

    @field_validator("crt_csv")
    @classmethod
    def _one_crt(cls, value: str | None, info: ValidationInfo) -> str | None:
        if value is not None and info.data.get("crt") is not None:
            raise ValueError("give crt (a file) or crt_csv (its text), not both")
        return value


class ResultRequest(Request):
    """The ``result`` request (docs/games/bfna.md)."""

    code: Code
    attackers: list[UnitIn] = Field(min_length=1)
    defenders: list[UnitIn] = Field(min_length=1)
    table: TableChoice | None = None
    fortification: Literal[0, 1, 2] = 0
    through_minefields: StrictBool = False
    steps_instead_of_retreat: StrictBool = False
    rulings: dict[str, str] = Field(default_factory=dict)

    @field_validator("steps_instead_of_retreat")
    @classmethod
    def _may_stay(cls, value: bool, info: ValidationInfo) -> bool:
        if value:
            problem = steps_instead_problem(
                info.data.get("fortification", 0), info.data.get("through_minefields", False)
            )
            if problem:
                raise ValueError(problem)
        return value


class SupplyRequest(Request):
    """The ``supply`` request: the map (a file name or the map itself), the side, the units."""

    grid: str | dict[str, Any]
    side: Side
    units: tuple[str, ...] = ()
    rulings: dict[str, str] = Field(default_factory=dict)


class GridUnitIn(Request):
    """A unit in a map file (see ``supply.MapUnit``)."""

    id: str = Field(min_length=1)
    side: Side
    hex: str
    type: str
    mp: NonNegative | None = None
    df: NonNegative = 1
    in_reserve: StrictBool = False
    disabled: StrictBool = False
    supply_source: StrictBool = False
    depleted: StrictBool = False


class GridIn(Request):
    """A map file (docs/games/bfna.md, "The map file")."""

    layout: Literal["odd-q", "even-q", "odd-r", "even-r", "axial"] = "odd-q"
    columns: tuple[StrictInt, StrictInt] | None = None
    rows: tuple[StrictInt, StrictInt] | None = None
    hexes: tuple[str, ...] = ()
    sea: tuple[str, ...] = ()
    roads: tuple[list[str], ...] = ()
    sources: dict[Side, list[str]] = Field(default_factory=dict)
    enemy_controlled: tuple[str, ...] = ()
    units: tuple[GridUnitIn, ...] = ()
    zoc: dict[Side, list[str]] = Field(default_factory=dict)
    closed_hexsides: dict[Side, list[tuple[str, str]]] = Field(default_factory=dict)


FIELD_CASES: Final = {
    "attackers": "Combat Phase ¶4",
    "defenders": "Combat Phase ¶4",
    "type": "Unit Capabilities ¶9",
    "af": "Unit Capabilities ¶7",
    "df": "Unit Capabilities ¶7",
    "bf": "Unit Capabilities ¶12",
    "fpf": "Unit Capabilities ¶12",
    "steps": "Unit Capabilities ¶10",
    "hexsides": "intro ¶6",
    "terrain": "intro ¶4",
    "fortification": "Fortifications ¶1",
    "terrain_drm": "Combat Phase ¶6",
    "offensive_fire": "Artillery Units ¶3",
    "defensive_fire": "Artillery Units ¶5",
    "close_attack": "Air Missions ¶4",
    "close_defense": "Air Missions ¶3",
    "stukas": "Air Missions ¶5",
    "initiative_failure": "Retreat before Combat ¶2",
    "table": "Combat Phase ¶5",
    "crt": CRT_CASE,
    "crt_csv": CRT_CASE,
    "code": "Combat Phase ¶7-¶14",
    "steps_instead_of_retreat": "Retreat ¶4",
    "through_minefields": "Retreat ¶4",
    "grid": GRID_CASE,
    "side": "Supply ¶2",
}
"""Field name → the case quoted with a pydantic error on it (the nearest named field wins)."""
