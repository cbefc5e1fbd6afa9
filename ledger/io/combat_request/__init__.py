"""One CNA combat request as JSON (docs/combat.md): validated with pydantic, built into a
calculation of ``ledger.combat`` (barrage 12.x, anti-armor 14.x, close assault and probe 15.x).

A request names its ``combat`` ("barrage", "anti-armor", "close-assault", "probe") and the
``phasing`` side, and lists forces. A force is either a ledger unit, ``{"unit": "<id, counter
text or name>", "points": {"<system id or name>": TOE points}}`` (all its TOE points when
``points`` is left out; its hex, side, ratings and Pinned marker come from the ledger), or
inline, ``{"label": ..., "side": ..., "hex": ..., "unit_type": ..., "toe": [{"system": ...,
"points": ..., "kind": ..., "ratings": {...}}]}``. Ledger units need a ``GameState``; inline
forces need none, but a combat with inline forces cannot be posted.

Every problem is reported as a ``LedgerError`` (field path, message with the value found, rule
case) inside one ``RequestError``: pydantic's errors and the calculation modules'
``ValueError``s alike.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Annotated, Any, Final, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Discriminator,
    Field,
    Tag,
    TypeAdapter,
    ValidationError,
)

from ledger.combat.anti_armor import (
    SHIFT_BELOW_ONE_RULING,
    SHIFT_FROM_16_RULING,
    ArmorTarget,
    calculate_anti_armor,
)
from ledger.combat.barrage import (
    LOSSES_PIN_RULING,
    READING_RULING,
    BarrageTarget,
    calculate_barrage,
)
from ledger.combat.close_assault import AssaultRulings, SideMorale, calculate_close_assault
from ledger.combat.forces import CombatClass, Element, Loss, combat_class, elements_of
from ledger.combat.resolve import (
    INVOLVED_RULING,
    Allocation,
    CombatCalculation,
    PreparedCombat,
)
from ledger.combat.terrain import Hexside, terrain_keys
from ledger.model.errors import LedgerError
from ledger.model.lookup import resolve as resolve_name
from ledger.model.rulings import RULINGS
from ledger.model.state import GameState
from ledger.model.units import SIDES, Ratings, Side, Unit
from ledger.rules.unit_size import Level, size_report

COMBATS: Final = ("barrage", "anti-armor", "close-assault", "probe")
FIELD_CASES: Final[dict[str, str]] = {
    "combat": "11.0",
    "phasing": "7.16",
    "firing_side": "12.0, 14.1",
    "guns": "12.1",
    "target": "12.23",
    "firing": "14.11",
    "targets": "14.12",
    "attackers": "15.21",
    "defenders": "15.12",
    "points": "11.31",
    "toe": "11.31",
    "ratings": "11.1",
    "terrain": "8.37",
    "hexsides": "8.37",
    "features": "8.37",
    "crossed_by": "14.34",
    "position": "12.11",
    "pinned": "12.44",
    "withheld": "14.21, 15.16",
    "retreated": "15.12",
    "level": "15.52",
    "levels": "15.52",
    "morale": "15.61",
    "adjusted": "17.2",
    "basic": "17.2",
    "cohesion": "6.2",
    "available_toe": "15.25",
    "committed_elsewhere": "15.25",
    "units_in_hexes": "11.25",
    "trucks_present": "12.46",
    "truck_points_per_toe": "12.46",
    "artillery_hq": "12.44",
    "vulnerability": "14.47",
}
"""The rule case a request field serves, for error messages."""


class RequestError(Exception):
    """A combat request that cannot be worked out: ``errors`` (every problem found), each a
    ``LedgerError`` naming the field path, the value found and the rule case."""

    def __init__(self, errors: Sequence[LedgerError]) -> None:
        super().__init__("\n".join(map(str, errors)))
        self.errors = list(errors)


# --- the JSON models ----------------------------------------------------------------------------


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


Count = Annotated[int, Field(ge=0, strict=True)]
RatingName = Literal[
    "barrage",
    "vulnerability",
    "anti_armor",
    "armor_protection",
    "offensive_close_assault",
    "defensive_close_assault",
    "aa",
]


class RatingsIn(_Model):
    """The 11.1 ratings of one TOE Strength Point (left out: the chart prints "-")."""

    barrage: Count | None = None
    vulnerability: Count | None = None
    anti_armor: Count | None = None
    armor_protection: Count | None = None
    offensive_close_assault: Count | None = None
    defensive_close_assault: Count | None = None
    aa: Count | None = None
    parenthesised: list[RatingName] = []


class ToeIn(_Model):
    """TOE Strength Points of one weapon system of an inline force."""

    system: str = Field(min_length=1)
    points: Count
    name: str = ""
    kind: str = ""
    ratings: RatingsIn = RatingsIn()
    self_propelled: bool | None = None
    halftrack: bool = False


class _Flags(_Model):
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

    unit: str = Field(min_length=1)
    points: dict[str, Count] | None = None


class InlineForce(_Flags):
    """A force described in the request itself (no ledger needed, never posted)."""

    label: str = Field(min_length=1)
    side: Side | None = None
    unit_type: str = "infantry"
    combat_class: CombatClass | None = None
    toe: list[ToeIn] = []
    italian: bool = False
    recce: bool | None = None


class _TargetExtras(_Model):
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


class HexsideIn(_Model):
    """A hexside the attack crosses (8.37 keys) and the road or track crossing it (14.34)."""

    features: list[str] = Field(min_length=1)
    crossed_by: Literal["", "road", "track"] = ""


def _terrain_list(value: Any) -> Any:
    return {"terrain": value} if isinstance(value, list) else value


class TerrainIn(_Model):
    """The target hex's terrain keys and the hexsides crossed (8.37)."""

    terrain: list[str] = []
    hexsides: list[HexsideIn] = []


class UnitInHex(_Model):
    """A unit in a hex involved, which pays CP (11.25): a ledger unit or an inline label."""

    unit: str = Field(min_length=1)
    hex: str | None = None


def _unit_in_hex(value: Any) -> Any:
    return {"unit": value} if isinstance(value, str) else value


class MoraleIn(_Model):
    """One side's morale (15.61): ``adjusted`` Adjusted Morale, or ``basic`` and ``cohesion``
    (the 17.4 dice then enter the odds), or ``unit``: a ledger unit whose Basic Morale and
    Cohesion Level are used (15.63: the largest unit's)."""

    adjusted: int | None = None
    basic: int | None = None
    cohesion: Fraction | None = None
    unit: str | None = None
    with_rommel: bool = False


class MoraleSides(_Model):
    attacker: MoraleIn
    defender: MoraleIn


class LevelSides(_Model):
    attacker: list[Level] = Field(min_length=1)
    defender: list[Level] = Field(min_length=1)


class _Request(_Model):
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


class LossIn(_Model):
    """TOE Strength Points of one weapon system of one unit lost or captured."""

    unit: str = Field(min_length=1)
    system: str = Field(min_length=1)
    points: Count


class AllocationIn(_Model):
    """The owner's choice of losses; a list left out keeps the proposal's."""

    losses: list[LossIn] | None = None
    attacker_losses: list[LossIn] | None = None
    defender_losses: list[LossIn] | None = None
    attacker_captured: list[LossIn] | None = None
    defender_captured: list[LossIn] | None = None
    defender_stands: bool = False


# --- parsing ------------------------------------------------------------------------------------


def _field_loc(loc: Sequence[int | str]) -> tuple[int | str, ...]:
    """pydantic's ``loc`` without the union tags: the combat first, then "unit" / "inline"
    after a list index or ``target``."""
    found: list[int | str] = []
    for i, part in enumerate(loc):
        if i == 0 and part in COMBATS:
            continue
        after = loc[i - 1] if i else None
        if part in ("unit", "inline") and (isinstance(after, int) or after == "target"):
            continue
        found.append(part)
    return tuple(found)


def _path(loc: Sequence[int | str]) -> str:
    text = ""
    for part in loc:
        text += f"[{part}]" if isinstance(part, int) else f".{part}" if text else part
    return text


def _case_of(loc: Sequence[int | str]) -> str:
    for part in reversed(loc):
        if isinstance(part, str) and part in FIELD_CASES:
            return FIELD_CASES[part]
    return ""


def _shown(value: object) -> str:
    text = repr(value) if isinstance(value, str) else json.dumps(value, default=str)
    return text if len(text) <= 80 else text[:77] + "..."


def pydantic_errors(exc: ValidationError) -> list[LedgerError]:
    """pydantic's errors as ``LedgerError``s: the field path (``guns[0].toe[1].points``), the
    message with the value found, and the case the field serves."""
    found = []
    for err in exc.errors():
        loc = _field_loc(err["loc"])
        if not loc and err["type"] == "union_tag_invalid":
            loc = ("combat",)
        message = err["msg"]
        if err["type"] != "missing":
            message += f"; found {_shown(err.get('input'))}"
        found.append(LedgerError(_path(loc) or "request", message, _case_of(loc)))
    return found


def parse_request(data: object) -> CombatRequest:
    """``data`` (decoded JSON) as a request; ``RequestError`` listing every problem."""
    try:
        return _REQUEST.validate_python(data)
    except ValidationError as exc:
        raise RequestError(pydantic_errors(exc)) from exc


def parse_request_text(text: str, *, combat: str | None = None) -> CombatRequest:
    """JSON text as a request. ``combat`` (from the command line) fills in a missing
    ``"combat"`` and must agree with a given one. ``RequestError`` for bad JSON or input."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RequestError([LedgerError("INPUT", f"not JSON: {exc}")]) from exc
    if combat is not None and isinstance(data, dict):
        given = data.setdefault("combat", combat)
        if given != combat:
            raise RequestError(
                [LedgerError("combat", f"the file asks for {given!r}, the command for {combat!r}")]
            )
    return parse_request(data)


# --- building the calculation ---------------------------------------------------------------------


_CASE: Final = re.compile(r"\(([0-9]+\.[0-9][0-9.a-z, -]*)\)")


def value_error(field_path: str, exc: Exception) -> LedgerError:
    """A calculation module's ``ValueError`` (or ``KeyError``) as a ``LedgerError`` at
    ``field_path``, its case taken from the message's closing parentheses ("(12.42)")."""
    text = str(exc).strip("'\"")
    cases = _CASE.findall(text)
    return LedgerError(field_path, text, cases[-1] if cases else "")


@dataclass
class _Force:
    """One force of a request, built: its elements and what the request said of it."""

    path: str
    elements: list[Element]
    side: Side
    unit: str
    hex: str
    ledger: bool
    spec: UnitForce | InlineForce
    pinned: bool = False
    level: Level | None = None
    available: int | None = None
    klass: CombatClass = "infantry"


@dataclass
class _Builder:
    request: CombatRequest
    state: GameState | None
    errors: list[LedgerError] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    inline: list[str] = field(default_factory=list)

    # -- rulings
    def check_rulings(self) -> None:
        known = {r.id: r.options for r in RULINGS}
        if self.state is not None:
            known |= {k: r.options for k, r in self.state.rulings.items()}
        for ruling_id, option in self.request.rulings.items():
            path = f"rulings.{ruling_id}"
            if ruling_id not in known:
                self.errors.append(
                    LedgerError(path, f"no ruling {ruling_id!r} (see docs/rulings.md)")
                )
            elif option not in known[ruling_id]:
                self.errors.append(
                    LedgerError(
                        path,
                        f"expected one of {', '.join(known[ruling_id])}, found {option!r}",
                    )
                )

    def option(self, ruling_id: str) -> str:
        """The option in force: the request's, else the game's, else the default."""
        if ruling_id in self.request.rulings:
            return self.request.rulings[ruling_id]
        if self.state is not None and ruling_id in self.state.rulings:
            return self.state.ruling(ruling_id)
        return next(r.default for r in RULINGS if r.id == ruling_id)

    def check_terrain(self) -> None:
        known = terrain_keys()
        for i, key in enumerate(self.request.terrain.terrain):
            if key not in known:
                self.errors.append(
                    LedgerError(
                        f"terrain.terrain[{i}]",
                        f"expected a key of the Terrain Effects Chart ({', '.join(known)}), "
                        f"found {key!r}",
                        "8.37",
                    )
                )

    # -- forces
    def force(self, spec: UnitForce | InlineForce, path: str, side: Side) -> _Force | None:
        if isinstance(spec, UnitForce):
            return self._ledger_force(spec, path, side)
        return self._inline_force(spec, path, side)

    def unit_id(self, text: str, path: str) -> str | None:
        if self.state is None:
            self.errors.append(
                LedgerError(
                    path,
                    f"{text!r} names a ledger unit: give --db/--game, or describe the force "
                    'inline ("label", "side", "toe")',
                )
            )
            return None
        found = resolve_name(self.state, text, path, ("unit",))
        if isinstance(found, LedgerError):
            self.errors.append(found)
            return None
        return found

    def _system_of(self, unit: Unit, key: str, path: str) -> str | None:
        assert self.state is not None
        held = [h.system for h in unit.toe]
        if key in held:
            return key
        wanted = key.strip().casefold()
        for system in held:
            named = self.state.systems.get(system)
            names = {system.rsplit(".", 1)[-1].casefold()}
            if named is not None:
                names.add(named.name.casefold())
            if wanted in names:
                return system
        self.errors.append(
            LedgerError(
                path,
                f"{unit.name} holds no weapon system called {key!r}; it holds "
                f"{', '.join(held) or 'none'}",
                "4.52",
            )
        )
        return None

    def _ledger_force(self, spec: UnitForce, path: str, side: Side) -> _Force | None:
        unit_id = self.unit_id(spec.unit, f"{path}.unit")
        if unit_id is None:
            return None
        assert self.state is not None
        state = self.state
        unit = state.units[unit_id]
        if not unit.in_play(state.clock):
            assert unit.arrival is not None
            self.errors.append(
                LedgerError(f"{path}.unit", f"{unit.name} arrives {unit.arrival.short}", "8.86")
            )
            return None
        if unit.side != side:
            self.errors.append(
                LedgerError(f"{path}.unit", f"{unit.name} is {unit.side}'s, expected {side}'s")
            )
            return None
        points: dict[str, int] | None = None
        if spec.points is not None:
            points = {}
            for key, count in spec.points.items():
                system = self._system_of(unit, key, f"{path}.points.{key}")
                if system is not None:
                    points[system] = points.get(system, 0) + count
        klass = combat_class(state.classes[unit.class_id].unit_type)
        if not self._position_ok(spec, klass, path):
            return None
        forward = None if spec.position is None else spec.position == "forward"
        try:
            elements = elements_of(
                unit,
                state.classes,
                state.systems,
                points=points,
                forward=forward,
                motorized=bool(spec.motorized),
            )
        except (KeyError, ValueError) as exc:
            found = value_error(f"{path}.points", exc)
            self.errors.append(replace(found, case=found.case or "4.52"))
            return None
        where = spec.hex or unit.location
        elements = [
            replace(e, hex=where, halftrack=e.halftrack or spec.halftrack) for e in elements
        ]
        pinned = spec.pinned or "pinned" in unit.combat_markers
        if pinned and not spec.pinned:
            self.notes.append(f"{unit.name} carries a Pinned marker (12.44)")
        return _Force(
            path,
            elements,
            unit.side,
            unit.id,
            where,
            True,
            spec,
            pinned=pinned,
            level=spec.level or self._ledger_level(unit),
            available=(
                spec.available_toe
                if spec.available_toe is not None
                else sum(h.points for h in unit.toe)
            ),
            klass=klass,
        )

    def _ledger_level(self, unit: Unit) -> Level | None:
        assert self.state is not None
        try:
            return size_report(self.state, unit.id).effective
        except (KeyError, ValueError):
            return None

    def _position_ok(self, spec: UnitForce | InlineForce, klass: CombatClass, path: str) -> bool:
        if spec.position is not None and klass != "gun":
            self.errors.append(
                LedgerError(
                    f"{path}.position",
                    f"only Gun-class units are placed Forward or Back; this one is {klass} class",
                    "12.11",
                )
            )
            return False
        return True

    def _inline_force(self, spec: InlineForce, path: str, side: Side) -> _Force | None:
        if spec.side is not None and spec.side != side:
            self.errors.append(
                LedgerError(f"{path}.side", f"expected {side} here, found {spec.side!r}")
            )
            return None
        own = side
        klass = spec.combat_class or combat_class(spec.unit_type)
        if not self._position_ok(spec, klass, path):
            return None
        self.inline.append(spec.label)
        elements = [self._inline_element(spec, t, own, klass) for t in spec.toe]
        return _Force(
            path,
            elements,
            own,
            spec.label,
            spec.hex or "",
            False,
            spec,
            pinned=spec.pinned,
            level=spec.level,
            available=spec.available_toe,
            klass=klass,
        )

    @staticmethod
    def _inline_element(spec: InlineForce, toe: ToeIn, side: Side, klass: CombatClass) -> Element:
        values = toe.ratings.model_dump(exclude={"parenthesised"})
        ratings = Ratings(**values, parenthesised=frozenset(toe.ratings.parenthesised))
        kind = toe.kind or spec.unit_type
        sp = toe.self_propelled
        if sp is None:
            sp = kind == "gun" and ratings.armor_protection is not None
        return Element(
            unit=spec.label,
            system=toe.system,
            points=toe.points,
            ratings=ratings,
            side=side,
            hex=spec.hex or "",
            name=toe.name or f"{spec.label} {toe.system}",
            kind=kind,
            unit_type=spec.unit_type,
            combat_class=klass,
            self_propelled=sp,
            halftrack=toe.halftrack or spec.halftrack,
            forward=(spec.position != "back") if klass == "gun" else None,
            italian=spec.italian,
            recce=spec.recce if spec.recce is not None else spec.unit_type == "recce",
            motorized=bool(spec.motorized),
        )

    def forces(
        self, specs: Sequence[UnitForce | InlineForce], name: str, side: Side
    ) -> list[_Force]:
        built = [self.force(s, f"{name}[{i}]", side) for i, s in enumerate(specs)]
        found = [f for f in built if f is not None]
        for f in found:
            if isinstance(f.spec, InlineForce) and not f.spec.toe and name != "target":
                self.errors.append(
                    LedgerError(f"{f.path}.toe", "an inline force needs its TOE points", "11.31")
                )
        return found

    # -- units in the hexes (11.25)
    def hex_units(self, side: Side, forces: Sequence[_Force]) -> list[tuple[str, str]] | None:
        """(unit, hex) of every unit of ``side`` in the hexes of ``forces``: the request's
        list, else (ledger units only) every unit of the side in those hexes."""
        given = (self.request.units_in_hexes or {}).get(side)
        if given is not None:
            return self._given_units(side, given)
        if not all(f.ledger for f in forces) or self.state is None:
            return None
        found = [(f.unit, f.hex) for f in forces]
        hexes = {f.hex for f in forces if f.hex}
        for unit in self.state.units_in_play(side):
            if unit.location in hexes and (unit.id, unit.location) not in found:
                found.append((unit.id, unit.location))
        return list(dict.fromkeys(found))

    def _given_units(self, side: Side, given: Sequence[UnitInHex]) -> list[tuple[str, str]]:
        found = []
        for i, entry in enumerate(given):
            path = f"units_in_hexes.{side}[{i}]"
            if self.state is None:
                found.append((entry.unit, entry.hex or ""))
                self.inline.append(entry.unit)
                continue
            unit_id = self.unit_id(entry.unit, f"{path}.unit")
            if unit_id is not None:
                found.append((unit_id, entry.hex or self.state.units[unit_id].location))
        return found

    def fail(self, path: str, exc: Exception) -> None:
        self.errors.append(value_error(path, exc))

    def raise_errors(self) -> None:
        if self.errors:
            raise RequestError(self.errors)

    def prepared(
        self,
        calculation: CombatCalculation,
        attacker: Side,
        hexes: Iterable[str],
        target_toe: tuple[tuple[str, int], ...] = (),
        rulings: tuple[tuple[str, str], ...] = (),
    ) -> PreparedCombat:
        why = ""
        if self.inline:
            why = f"inline forces ({', '.join(dict.fromkeys(self.inline))}) are not in the ledger"
        return PreparedCombat(
            calculation=calculation,
            phasing=self.request.phasing,
            attacker=attacker,
            hexes=tuple(dict.fromkeys(h for h in hexes if h)),
            not_postable=why,
            notes=tuple(dict.fromkeys(self.notes)),
            target_toe=target_toe,
            rulings=rulings,
        )


def _other(side: Side) -> Side:
    return SIDES[1 - SIDES.index(side)]


def _firing_side(request: BarrageRequest | AntiArmorRequest, b: _Builder) -> Side:
    if request.firing_side is not None:
        return request.firing_side
    specs = request.guns if isinstance(request, BarrageRequest) else request.firing
    for spec in specs:
        if isinstance(spec, InlineForce) and spec.side is not None:
            return spec.side
        if isinstance(spec, UnitForce) and b.state is not None:
            found = resolve_name(b.state, spec.unit, "unit", ("unit",))
            if isinstance(found, str):
                side: Side = b.state.units[found].side
                return side
    return request.phasing


def _hexsides(request: CombatRequest, b: _Builder) -> list[Hexside]:
    found = []
    for i, side in enumerate(request.terrain.hexsides):
        try:
            found.append(Hexside(tuple(side.features), side.crossed_by))
        except ValueError as exc:
            b.fail(f"terrain.hexsides[{i}]", exc)
    return found


def _build_barrage(request: BarrageRequest, b: _Builder) -> PreparedCombat:
    firing = _firing_side(request, b)
    guns = b.forces(request.guns, "guns", firing)
    target_force = b.force(request.target, "target", _other(firing))
    b.raise_errors()
    assert target_force is not None
    spec = request.target
    assert isinstance(spec, UnitTarget | InlineTarget)
    toe: tuple[tuple[str, int], ...]
    if target_force.ledger:
        assert b.state is not None
        unit = b.state.units[target_force.unit]
        toe = tuple((h.system, h.points) for h in unit.toe)
        trucks, per_toe = _ledger_trucks(b, unit, target_force.hex, target_force.klass)
    else:
        assert isinstance(spec, InlineTarget)
        toe = tuple((t.system, t.points) for t in spec.toe)
        trucks, per_toe = False, Fraction(0)
    if spec.trucks_present is not None:
        trucks = spec.trucks_present
    if spec.truck_points_per_toe is not None:
        per_toe = spec.truck_points_per_toe
    try:
        target = BarrageTarget(
            unit=target_force.unit,
            combat_class=target_force.klass,
            hex=target_force.hex,
            terrain=tuple(request.terrain.terrain),
            trucks_present=trucks,
            truck_points_per_toe=per_toe,
            artillery_hq=spec.artillery_hq,
        )
    except ValueError as exc:
        b.fail("target", exc)
        b.raise_errors()
        raise
    elements = [e for f in guns for e in f.elements]
    try:
        calc = calculate_barrage(
            elements,
            target,
            phasing=firing == request.phasing,
            firer_hex_units=b.hex_units(firing, guns),
            target_hex_units=b.hex_units(_other(firing), [target_force]),
            reading=b.option(READING_RULING),
            losses_pin=b.option(LOSSES_PIN_RULING),
        )
    except ValueError as exc:
        b.fail("guns", exc)
        b.raise_errors()
        raise
    hexes = [e.hex for e in elements] + [target.hex]
    return b.prepared(calc, firing, hexes, toe)


def _ledger_trucks(
    b: _Builder, unit: Unit, where: str, klass: CombatClass
) -> tuple[bool, Fraction]:
    """12.46 from the ledger: trucks of the target's side in its hex (a truck group there, or
    a unit riding trucks), and the Truck Points carrying each infantry TOE point of the
    target when it rides trucks."""
    assert b.state is not None
    state = b.state
    groups = any(
        g.side == unit.side and g.location == where and g.in_play(state.clock)
        for g in state.trucks.values()
    )
    riding = any(
        sum(u.carried_by) > 0 for u in state.units_in_play(unit.side) if u.location == where
    )
    per_toe = Fraction(0)
    points = sum(h.points for h in unit.toe)
    carried: int = sum(unit.carried_by)
    if klass == "infantry" and carried and points:
        per_toe = Fraction(carried, points)
        b.notes.append(f"{unit.name} rides {carried} Truck Points: {per_toe} per TOE point (12.46)")
    if groups or riding:
        b.notes.append(f"trucks are in hex {where}: a second barrage throw (12.46)")
    return groups or riding, per_toe


def _build_anti_armor(request: AntiArmorRequest, b: _Builder) -> PreparedCombat:
    firing_side = _firing_side(request, b)
    firing = b.forces(request.firing, "firing", firing_side)
    targets = b.forces(request.targets, "targets", _other(firing_side))
    hexsides = _hexsides(request, b)
    for f in firing:
        if f.pinned or f.spec.withheld:
            why = "Pinned (12.44)" if f.pinned else "withheld (14.21)"
            b.errors.append(LedgerError(f.path, f"{f.unit} is {why}: it may not fire", "14.11"))
    b.raise_errors()
    armor = [
        ArmorTarget.from_element(
            e, withheld=f.spec.withheld, pinned=f.pinned, vulnerability=f.spec.vulnerability
        )
        for f in targets
        for e in f.elements
    ]
    try:
        calc = calculate_anti_armor(
            [e for f in firing for e in f.elements],
            armor,
            firer_is_phasing=firing_side == request.phasing,
            terrain=request.terrain.terrain,
            hexsides=hexsides,
            firing_side_units=b.hex_units(firing_side, firing),
            target_side_units=b.hex_units(_other(firing_side), targets),
            shift_below_one=b.option(SHIFT_BELOW_ONE_RULING),
            shift_from_16=b.option(SHIFT_FROM_16_RULING),
        )
    except ValueError as exc:
        b.fail("firing", exc)
        b.raise_errors()
        raise
    hexes = [f.hex for f in firing] + [f.hex for f in targets]
    return b.prepared(calc, firing_side, hexes)


def _build_close_assault(request: CloseAssaultRequest, b: _Builder) -> PreparedCombat:
    attacking, defending = request.phasing, _other(request.phasing)
    attackers = b.forces(request.attackers, "attackers", attacking)
    defenders = b.forces(request.defenders, "defenders", defending)
    hexsides = _hexsides(request, b)
    for f in attackers:
        for flag, case in (("pinned", "12.44"), ("withheld", "15.16"), ("retreated", "10.36")):
            if getattr(f.spec, flag) or (flag == "pinned" and f.pinned):
                b.errors.append(
                    LedgerError(f"{f.path}.{flag}", f"{f.unit} may not Close Assault", case)
                )
    levels = _levels(request, b, attackers, defenders)
    morale = _morale(request, b)
    available, elsewhere = _available(b, attackers)
    b.raise_errors()
    fighting, not_fighting, guns_back = [], [], []
    for f in defenders:
        spec = f.spec
        if f.pinned or spec.withheld or spec.retreated or spec.out_of_ammunition:
            not_fighting += f.elements
        elif f.klass == "gun" and spec.position == "back":
            guns_back += f.elements
        else:
            fighting += [
                e for e in f.elements if not (e.combat_class == "gun" and e.forward is False)
            ]
            guns_back += [e for e in f.elements if e.combat_class == "gun" and e.forward is False]
    try:
        rulings = AssaultRulings.from_choices(b.option)
        calc = calculate_close_assault(
            [e for f in attackers for e in f.elements],
            fighting,
            not_fighting=not_fighting,
            guns_back=guns_back,
            terrain=request.terrain.terrain,
            hexsides=hexsides,
            attacker_levels=levels[0],
            defender_levels=levels[1],
            attacker_morale=morale[0],
            defender_morale=morale[1],
            probe=request.combat == "probe",
            available_toe=available,
            committed_elsewhere=elsewhere,
            phasing_units=b.hex_units(attacking, attackers),
            non_phasing_units=b.hex_units(defending, defenders),
            rulings=rulings,
        )
    except ValueError as exc:
        b.fail("attackers", exc)
        b.raise_errors()
        raise
    hexes = [f.hex for f in attackers] + [f.hex for f in defenders]
    return b.prepared(
        calc, attacking, hexes, rulings=((INVOLVED_RULING, b.option(INVOLVED_RULING)),)
    )


def _levels(
    request: CloseAssaultRequest, b: _Builder, attackers: list[_Force], defenders: list[_Force]
) -> tuple[tuple[Level, ...], tuple[Level, ...]]:
    """15.52: the request's levels, else each force's (given, or its effective level in the
    ledger, 9.28); none (no 15.53 shift, noted) when a force's level is not known."""
    if request.levels is not None:
        return tuple(request.levels.attacker), tuple(request.levels.defender)
    ours = [f.level for f in attackers]
    theirs = [f.level for f in defenders]
    if ours and theirs and all(ours) and all(theirs):
        return tuple(x for x in ours if x), tuple(x for x in theirs if x)
    b.notes.append("organizational levels not known for every force: no 15.53 shift")
    return (), ()


def _morale(
    request: CloseAssaultRequest, b: _Builder
) -> tuple[SideMorale | None, SideMorale | None]:
    if request.morale is None:
        b.notes.append("morale not given: no 15.6 column shift")
        return None, None
    found: list[SideMorale | None] = []
    for who, given in (
        ("attacker", request.morale.attacker),
        ("defender", request.morale.defender),
    ):
        path = f"morale.{who}"
        basic, cohesion = given.basic, given.cohesion
        if given.unit is not None:
            unit_id = b.unit_id(given.unit, f"{path}.unit")
            if unit_id is None:
                found.append(None)
                continue
            assert b.state is not None
            unit = b.state.units[unit_id]
            if unit.basic_morale is None:
                b.errors.append(LedgerError(f"{path}.unit", f"{unit.name} has no Basic Morale"))
                found.append(None)
                continue
            basic, cohesion = unit.basic_morale, unit.cohesion
        try:
            found.append(SideMorale(given.adjusted, basic, cohesion, given.with_rommel))
        except ValueError as exc:
            b.fail(path, exc)
            found.append(None)
    return found[0], found[1]


def _available(
    b: _Builder, attackers: list[_Force]
) -> tuple[dict[str, int] | None, dict[str, int] | None]:
    """15.25: each attacking unit's available TOE points (given, or held in the ledger) and
    the points it commits to other assaults; ``None`` (noted) when one is not known."""
    available: dict[str, int] = {}
    elsewhere: dict[str, int] = {}
    for f in attackers:
        if f.available is None:
            b.notes.append(
                "available TOE points not given for every attacking unit: no 15.25 Probe test"
            )
            return None, None
        available[f.unit] = f.available
        if f.spec.committed_elsewhere:
            elsewhere[f.unit] = elsewhere.get(f.unit, 0) + f.spec.committed_elsewhere
    return (available or None), (elsewhere or None)


def uses_ledger(request: CombatRequest) -> bool:
    """True when ``request`` names a ledger unit anywhere (a force, a morale unit or, in a
    game, the units in the hexes), so ``build_combat`` needs a ``GameState``."""
    if isinstance(request, BarrageRequest):
        forces: list[UnitForce | InlineForce] = [*request.guns, request.target]
    elif isinstance(request, AntiArmorRequest):
        forces = [*request.firing, *request.targets]
    else:
        forces = [*request.attackers, *request.defenders]
        morale = request.morale
        if morale is not None and (morale.attacker.unit or morale.defender.unit):
            return True
    return any(isinstance(f, UnitForce) for f in forces)


def build_combat(request: CombatRequest, state: GameState | None) -> PreparedCombat:
    """The calculation of ``request`` with what posting it needs (``PreparedCombat``).
    Ledger units are looked up in ``state`` (``None``: inline forces only). Raises
    ``RequestError`` listing every problem."""
    b = _Builder(request, state)
    b.check_rulings()
    b.check_terrain()
    b.raise_errors()
    if isinstance(request, BarrageRequest):
        return _build_barrage(request, b)
    if isinstance(request, AntiArmorRequest):
        return _build_anti_armor(request, b)
    return _build_close_assault(request, b)


def build_calculation(request: CombatRequest, state: GameState | None) -> CombatCalculation:
    """The calculation module's result for ``request`` (``build_combat(...).calculation``)."""
    return build_combat(request, state).calculation


# --- the owner's allocation -----------------------------------------------------------------------

_ALLOCATION: Final = TypeAdapter(AllocationIn)


def parse_allocation(data: object, state: GameState | None, proposal: Allocation) -> Allocation:
    """The owner's allocation (decoded JSON) over ``proposal``: each list given replaces the
    proposal's; units and systems may be named as in a request. ``RequestError`` for bad
    input (the rules are checked later by ``resolve.check_allocation``)."""
    try:
        given = _ALLOCATION.validate_python(data)
    except ValidationError as exc:
        raise RequestError(pydantic_errors(exc)) from exc
    b = _Builder(BarrageRequest.model_construct(), state)

    def rows(
        name: str, given_rows: list[LossIn] | None, kept: tuple[Loss, ...]
    ) -> tuple[Loss, ...]:
        if given_rows is None:
            return kept
        return tuple(_loss(b, name, i, x) for i, x in enumerate(given_rows))

    chosen = Allocation(
        losses=rows("losses", given.losses, proposal.losses),
        attacker_losses=rows("attacker_losses", given.attacker_losses, proposal.attacker_losses),
        defender_losses=rows("defender_losses", given.defender_losses, proposal.defender_losses),
        attacker_captured=rows(
            "attacker_captured", given.attacker_captured, proposal.attacker_captured
        ),
        defender_captured=rows(
            "defender_captured", given.defender_captured, proposal.defender_captured
        ),
        defender_stands=given.defender_stands,
    )
    b.raise_errors()
    return chosen


def _loss(b: _Builder, name: str, index: int, row: LossIn) -> Loss:
    path = f"{name}[{index}]"
    if b.state is None:
        return Loss(row.unit, row.system, row.points)
    unit_id = b.unit_id(row.unit, f"{path}.unit")
    if unit_id is None:
        return Loss(row.unit, row.system, row.points)
    system = b._system_of(b.state.units[unit_id], row.system, f"{path}.system")
    return Loss(unit_id, system or row.system, row.points)
