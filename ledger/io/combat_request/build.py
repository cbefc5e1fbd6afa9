"""Building each kind of calculation from a validated request: a barrage (12.0-12.4; the
12.46 trucks of the target's hex read from the ledger), Anti-Armor fire (14.1-14.4; Pinned or
withheld units may not fire, 14.11) and a Close Assault or Probe (15.0; organizational levels
15.52, morale 15.6, available TOE points 15.25).

``build_combat`` returns the ``PreparedCombat`` (the calculation and what posting it needs),
``build_calculation`` its calculation; ``uses_ledger`` tells whether a request needs a
``GameState``.
"""

from __future__ import annotations

from fractions import Fraction

from ledger.combat.anti_armor import calculate_anti_armor
from ledger.combat.anti_armor_column import SHIFT_BELOW_ONE_RULING, SHIFT_FROM_16_RULING
from ledger.combat.anti_armor_losses import ArmorTarget
from ledger.combat.assault_setup import AssaultRulings, SideMorale
from ledger.combat.barrage import LOSSES_PIN_RULING, BarrageTarget, calculate_barrage
from ledger.combat.barrage_table import READING_RULING
from ledger.combat.close_assault import calculate_close_assault
from ledger.combat.forces import CombatClass
from ledger.combat.prepared_combat import INVOLVED_RULING, CombatCalculation, PreparedCombat
from ledger.combat.terrain import Hexside
from ledger.io.combat_request.forces import BuiltForce, RequestBuilder
from ledger.io.combat_request.models import (
    AntiArmorRequest,
    BarrageRequest,
    CloseAssaultRequest,
    CombatRequest,
    InlineForce,
    InlineTarget,
    UnitForce,
    UnitTarget,
)
from ledger.model.errors import LedgerError
from ledger.model.lookup import resolve as resolve_name
from ledger.model.state import GameState
from ledger.model.units import SIDES, Side, Unit
from ledger.rules.unit_size import Level


def _other(side: Side) -> Side:
    return SIDES[1 - SIDES.index(side)]


def _firing_side(request: BarrageRequest | AntiArmorRequest, b: RequestBuilder) -> Side:
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


def _hexsides(request: CombatRequest, b: RequestBuilder) -> list[Hexside]:
    found = []
    for i, side in enumerate(request.terrain.hexsides):
        try:
            found.append(Hexside(tuple(side.features), side.crossed_by))
        except ValueError as exc:
            b.fail(f"terrain.hexsides[{i}]", exc)
    return found


def _build_barrage(request: BarrageRequest, b: RequestBuilder) -> PreparedCombat:
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
    b: RequestBuilder, unit: Unit, where: str, klass: CombatClass
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


def _build_anti_armor(request: AntiArmorRequest, b: RequestBuilder) -> PreparedCombat:
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


def _build_close_assault(request: CloseAssaultRequest, b: RequestBuilder) -> PreparedCombat:
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
    request: CloseAssaultRequest,
    b: RequestBuilder,
    attackers: list[BuiltForce],
    defenders: list[BuiltForce],
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
    request: CloseAssaultRequest, b: RequestBuilder
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
    b: RequestBuilder, attackers: list[BuiltForce]
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
    b = RequestBuilder(request, state)
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
