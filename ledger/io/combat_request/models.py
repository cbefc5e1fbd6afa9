"""The JSON models of a combat request (pydantic, docs/combat.md), one per combat and told
apart by ``combat``: ``BarrageRequest`` (12.0-12.4), ``AntiArmorRequest`` (14.1-14.4) and
``CloseAssaultRequest`` (a Close Assault or Probe, 15.0).

Their parts: a force is a ledger unit (``UnitForce``) or described inline (``InlineForce``, its
TOE points, 11.31, each with the 11.1 ratings of ``RatingsIn``); a barrage target may add the
12.46 trucks and the 12.44 artillery HQ; the target hex's terrain and the hexsides crossed
(8.37, 14.34); the units in the hexes (11.25); each side's morale (15.61) and organizational
levels (15.52). ``parse_request`` and ``parse_request_text`` validate decoded JSON or JSON text
into a request, every problem in one ``RequestError``.

Figures are held to the game's bounds (``ledger.model.bounds``): TOE points 0..1,000 per weapon
system (``ToePoints``), a Cohesion Level -26..+10 (6.23, 6.26); the text itself to the reader's
(``ledger.io.files``: 1 MiB, integers of at most 18 digits, 32 levels of nesting).
"""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path
from typing import IO, Annotated, Any, Final, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Discriminator,
    Field,
    StrictInt,
    StringConstraints,
    Tag,
    TypeAdapter,
    ValidationError,
)

from ledger.combat.forces import CombatClass
from ledger.io.combat_request.errors import RequestError, pydantic_errors
from ledger.io.files import REQUEST_MAX_BYTES, FileRefused, dotted, read_text, tree_problems
from ledger.io.files import parse_json as parse_json_text
from ledger.model.bounds import COHESION_MAX, COHESION_MIN, TOE_POINTS_MAX
from ledger.model.errors import LedgerError
from ledger.model.units import Side
from ledger.rules.unit_size import Level

# --- the JSON models ----------------------------------------------------------------------------


class RequestModel(BaseModel):
    """The base of every JSON model of a combat request and of a loss allocation: a field it
    does not define is an error (``extra="forbid"``: a ``RequestError`` when parsed) and a
    parsed model is frozen."""

    model_config = ConfigDict(extra="forbid", frozen=True)


Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1)]
"""A unit, label or weapon system named in a request: blanks stripped, never empty."""
Count = Annotated[int, Field(ge=0, strict=True)]
"""A whole number, zero or more (a rating, a vulnerability); no float or string is taken."""
ToePoints = Annotated[
    int,
    Field(
        ge=0,
        le=TOE_POINTS_MAX,
        strict=True,
        description="TOE Strength Points of one weapon system: 0 to 1,000 (4.47, 11.31; "
        "counters hold tens; ledger.model.bounds.TOE_POINTS_MAX)",
    ),
]
CohesionIn = Annotated[
    Fraction,
    Field(
        ge=COHESION_MIN,
        le=COHESION_MAX,
        description="A Cohesion Level: -26 (6.26: such a unit may not attack or defend) to +10 "
        "(6.23)",
    ),
]
RatingName = Literal[
    "barrage",
    "vulnerability",
    "anti_armor",
    "armor_protection",
    "offensive_close_assault",
    "defensive_close_assault",
    "aa",
]


class RatingsIn(RequestModel):
    """The 11.1 ratings of one TOE Strength Point (left out: the chart prints "-")."""

    barrage: Count | None = None
    vulnerability: Count | None = None
    anti_armor: Count | None = None
    armor_protection: Count | None = None
    offensive_close_assault: Count | None = None
    defensive_close_assault: Count | None = None
    aa: Count | None = None
    parenthesised: list[RatingName] = []


class ToeIn(RequestModel):
    """TOE Strength Points of one weapon system of an inline force."""

    system: Name
    points: ToePoints
    name: str = ""
    kind: str = ""
    ratings: RatingsIn = RatingsIn()
    self_propelled: bool | None = None
    halftrack: bool = False


class _Flags(RequestModel):
    hex: str | None = None
    position: Literal["forward", "back"] | None = None
    pinned: bool = False
    withheld: bool = False
    retreated: bool = False
    out_of_ammunition: bool = False
    halftrack: bool = False
    motorized: bool | None = None
    vulnerability: Count | None = None
    level: Level | None = None
    available_toe: Count | None = None
    committed_elsewhere: Count | None = None


class UnitForce(_Flags):
    """A ledger unit, named by id, counter text or name; ``points`` {system: TOE points}."""

    unit: Name
    points: dict[str, ToePoints] | None = None


class InlineForce(_Flags):
    """A force described in the request itself (no ledger needed, never posted)."""

    label: Name
    side: Side | None = None
    unit_type: str = "infantry"
    combat_class: CombatClass | None = None
    toe: list[ToeIn] = []
    italian: bool = False
    recce: bool | None = None


class _TargetExtras(RequestModel):
    trucks_present: bool | None = None
    truck_points_per_toe: Annotated[Fraction, Field(ge=0)] | None = None
    artillery_hq: bool = False


class UnitTarget(UnitForce, _TargetExtras):
    """A barrage target that is a ledger unit (12.23)."""


class InlineTarget(InlineForce, _TargetExtras):
    """A barrage target described inline, or fired at blind ("Infantry #2", 12.24)."""


def _tag(value: Any) -> str | None:
    if isinstance(value, dict):
        return "unit" if "unit" in value else "inline" if "label" in value else None
    if isinstance(value, UnitForce):
        return "unit"
    return "inline" if isinstance(value, InlineForce) else None


_NO_TAG = 'a force names a ledger unit ("unit": ...) or is described inline ("label": ...)'
Force = Annotated[
    Annotated[UnitForce, Tag("unit")] | Annotated[InlineForce, Tag("inline")],
    Discriminator(_tag, custom_error_type="force", custom_error_message=_NO_TAG),
]
Target = Annotated[
    Annotated[UnitTarget, Tag("unit")] | Annotated[InlineTarget, Tag("inline")],
    Discriminator(_tag, custom_error_type="force", custom_error_message=_NO_TAG),
]


class HexsideIn(RequestModel):
    """A hexside the attack crosses (8.37 keys) and the road or track crossing it (14.34)."""

    features: list[str] = Field(min_length=1)
    crossed_by: Literal["", "road", "track"] = ""


def _terrain_list(value: Any) -> Any:
    return {"terrain": value} if isinstance(value, list) else value


class TerrainIn(RequestModel):
    """The target hex's terrain keys and the hexsides crossed (8.37)."""

    terrain: list[str] = []
    hexsides: list[HexsideIn] = []


class UnitInHex(RequestModel):
    """A unit in a hex involved, which pays CP (11.25): a ledger unit or an inline label."""

    unit: Name
    hex: str | None = None


def _unit_in_hex(value: Any) -> Any:
    return {"unit": value} if isinstance(value, str) else value


class MoraleIn(RequestModel):
    """One side's morale (15.61): ``adjusted`` Adjusted Morale, or ``basic`` and ``cohesion``
    (the 17.4 dice then enter the odds), or ``unit``: a ledger unit whose Basic Morale and
    Cohesion Level are used (15.63: the largest unit's)."""

    adjusted: StrictInt | None = None
    basic: StrictInt | None = None
    cohesion: CohesionIn | None = None
    unit: str | None = None
    with_rommel: bool = False


class MoraleSides(RequestModel):
    attacker: MoraleIn
    defender: MoraleIn


class LevelSides(RequestModel):
    attacker: list[Level] = Field(min_length=1)
    defender: list[Level] = Field(min_length=1)


class _Request(RequestModel):
    phasing: Side
    terrain: Annotated[TerrainIn, BeforeValidator(_terrain_list)] = TerrainIn()
    units_in_hexes: dict[Side, list[Annotated[UnitInHex, BeforeValidator(_unit_in_hex)]]] | None = (
        None
    )
    rulings: dict[str, str] = {}
    note: str = ""


class BarrageRequest(_Request):
    """A barrage of ``guns`` at one ``target`` (12.0-12.4)."""

    combat: Literal["barrage"]
    firing_side: Side | None = None
    guns: list[Force] = Field(min_length=1)
    target: Target


class AntiArmorRequest(_Request):
    """One side's Anti-Armor fire (``firing``) into a hex at ``targets`` (14.1-14.4)."""

    combat: Literal["anti-armor"]
    firing_side: Side | None = None
    firing: list[Force] = Field(min_length=1)
    targets: list[Force] = []


class CloseAssaultRequest(_Request):
    """A Close Assault or Probe of ``attackers`` (Phasing) on ``defenders`` (15.0)."""

    combat: Literal["close-assault", "probe"]
    attackers: list[Force] = []
    defenders: list[Force] = []
    levels: LevelSides | None = None
    morale: MoraleSides | None = None


CombatRequest = BarrageRequest | AntiArmorRequest | CloseAssaultRequest
_REQUEST: Final = TypeAdapter[CombatRequest](
    Annotated[CombatRequest, Field(discriminator="combat")]
)


# --- parsing ------------------------------------------------------------------------------------


def parse_request(data: object) -> CombatRequest:
    """``data`` (decoded JSON) as a request; ``RequestError`` listing every problem. Data
    nested deeper than 32 levels or holding an integer past ±10^15 is refused before it is
    validated (``ledger.io.files.tree_problems``)."""
    odd = [LedgerError(dotted(loc) or "request", m) for loc, m in tree_problems(data)]
    if odd:
        raise RequestError(odd)
    try:
        return _REQUEST.validate_python(data)
    except ValidationError as exc:
        raise RequestError(pydantic_errors(exc)) from exc


def parse_json(text: str, what: str = "INPUT", name: str = "") -> Any:
    """JSON text of a request or an allocation as data: at most ``REQUEST_MAX_BYTES``, integer
    literals of at most 18 digits, nested at most 32 levels (``ledger.io.files``).
    ``RequestError`` at ``what`` otherwise."""
    try:
        if len(text) > REQUEST_MAX_BYTES or len(text.encode("utf-8")) > REQUEST_MAX_BYTES:
            raise FileRefused(
                [LedgerError(what, f"over {REQUEST_MAX_BYTES:,} bytes; nothing of it was parsed")]
            )
        return parse_json_text(text, what, name)
    except FileRefused as exc:
        raise RequestError(exc.errors) from exc


def read_request(path: str, what: str = "INPUT") -> str:
    """The text of request (or allocation) file ``path``, ``-`` for standard input: at most
    ``REQUEST_MAX_BYTES`` (a file's size checked before it is read), strict UTF-8.
    ``RequestError`` at ``what`` ("INPUT is not UTF-8 (byte 3)", "cannot read ...") otherwise."""
    source: Path | IO[str] = sys.stdin if path == "-" else Path(path)
    try:
        return read_text(source, what, REQUEST_MAX_BYTES)
    except FileRefused as exc:
        raise RequestError(exc.errors) from exc


def parse_request_text(text: str, *, combat: str | None = None) -> CombatRequest:
    """JSON text as a request. ``combat`` (from the command line) fills in a missing
    ``"combat"`` and must agree with a given one. ``RequestError`` for bad JSON or input."""
    data = parse_json(text)
    if combat is not None and isinstance(data, dict):
        given = data.setdefault("combat", combat)
        if given != combat:
            raise RequestError(
                [LedgerError("combat", f"the file asks for {given!r}, the command for {combat!r}")]
            )
    return parse_request(data)
