"""Building a request's forces into the calculation's ``Element``s (``RequestBuilder``).

A ledger unit is looked up in the ``GameState``: its hex, side, TOE points (all unless
``points`` names some, 11.31), ratings, Pinned marker (12.44) and effective level (9.28); an
inline force is built from its TOE list and 11.1 ratings. Only Gun-class units are placed
Forward or Back (12.11). The builder also checks the request's rulings and terrain keys (8.37),
finds the units in the hexes that pay CP (11.25), gathers every problem for one
``RequestError`` and wraps a calculation into the ``PreparedCombat`` posting needs (inline
forces are never posted).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from ledger.combat.forces import CombatClass, Element, combat_class, elements_of
from ledger.combat.prepared_combat import CombatCalculation, PreparedCombat
from ledger.combat.terrain import terrain_keys
from ledger.io.combat_request.errors import RequestError, value_error
from ledger.io.combat_request.models import (
    CombatRequest,
    InlineForce,
    ToeIn,
    UnitForce,
    UnitInHex,
)
from ledger.model.errors import LedgerError
from ledger.model.lookup import resolve as resolve_name
from ledger.model.rulings import RULINGS
from ledger.model.state import GameState
from ledger.model.units import Ratings, Side, Unit
from ledger.rules.unit_size import Level, size_report


@dataclass
class BuiltForce:
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
class RequestBuilder:
    """Builds one request's forces (``BuiltForce``) against ``state`` (``None`` when the request
    has only inline forces) and checks its rulings and terrain keys (8.37). Every problem goes
    to ``errors`` (``LedgerError``s with the request path), raised together as one
    ``RequestError`` by ``raise_errors``; ``notes`` are shown with the result (a Pinned marker
    read from the ledger, 12.44); ``inline`` holds the labels of the inline forces, whose
    combat ``prepared`` marks as not postable."""

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
    def force(self, spec: UnitForce | InlineForce, path: str, side: Side) -> BuiltForce | None:
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

    def _ledger_force(self, spec: UnitForce, path: str, side: Side) -> BuiltForce | None:
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
            named: dict[str, str] = {}
            for key, count in spec.points.items():
                system = self._system_of(unit, key, f"{path}.points.{key}")
                if system is not None and system in named:
                    self._twice(f"weapon system {system!r}", named[system], f"{path}.points.{key}")
                elif system is not None:
                    points[system] = count
                    named[system] = f"{path}.points.{key}"
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
        return BuiltForce(
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

    def _inline_force(self, spec: InlineForce, path: str, side: Side) -> BuiltForce | None:
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
        listed: dict[str, str] = {}
        for j, toe in enumerate(spec.toe):
            if toe.system in listed:
                self._twice(f"weapon system {toe.system!r}", listed[toe.system], f"{path}.toe[{j}]")
            listed.setdefault(toe.system, f"{path}.toe[{j}]")
        elements = [self._inline_element(spec, t, own, klass) for t in spec.toe]
        return BuiltForce(
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
    ) -> list[BuiltForce]:
        built = [self.force(s, f"{name}[{i}]", side) for i, s in enumerate(specs)]
        found = [f for f in built if f is not None]
        listed: dict[tuple[bool, str], str] = {}
        for f in found:
            key = (f.ledger, f.unit)
            if key in listed:
                field = "unit" if f.ledger else "label"
                self._twice(f"unit {f.unit!r}", f"{listed[key]}.{field}", f"{f.path}.{field}")
            listed.setdefault(key, f.path)
        for f in found:
            if isinstance(f.spec, InlineForce) and not f.spec.toe and name != "target":
                self.errors.append(
                    LedgerError(f"{f.path}.toe", "an inline force needs its TOE points", "11.31")
                )
        return found

    # -- units in the hexes (11.25)
    def hex_units(self, side: Side, forces: Sequence[BuiltForce]) -> list[tuple[str, str]] | None:
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

    def _twice(self, what: str, first: str, again: str) -> None:
        """A unit or weapon system listed twice in one request: it would fire (or fight, or be
        fired at) twice and pay twice (11.31: each TOE point counts once)."""
        self.errors.append(
            LedgerError(
                again,
                f"{what} is listed twice, at {first} and at {again}; list it once",
                "11.31",
            )
        )

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
