"""Turning a validated Combined Arms request into the domain's values: units (presets and typed
figures, 14.0), attackers, the defender, Overrunning units and the battlefield (13.1), and the
domain's errors into ``RequestError``s naming the request's field.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TypeVar

from ledger.games.combined_arms.combat import AIR_STRIKE, AIR_STRIKE_VALUES, Attacker
from ledger.games.combined_arms.disruption import parse_level
from ledger.games.combined_arms.overrun import Overrunner
from ledger.games.combined_arms.reading import Battlefield, CombatInputError, Defender
from ledger.games.combined_arms.rulings import UNIT_TYPES as UNIT_TYPES_RULING
from ledger.games.combined_arms.terrain import terrain_mode
from ledger.games.combined_arms.units import (
    Preset,
    PrintedStrength,
    UnitValues,
    parse_printed,
    preset,
    scenario,
)
from ledger.io.combat_request import RequestError
from ledger.io.games import domain_error
from ledger.io.games.combined_arms.models import (
    AttackerIn,
    DefenderIn,
    OverrunnerIn,
    PlaceIn,
    UnitIn,
)
from ledger.model.errors import LedgerError

T = TypeVar("T")


def run_domain(field_name: str, work: Callable[[], T]) -> T:
    """``work()``, with the domain's errors as a ``RequestError``: a ``CombatInputError`` at
    the field it names, any other ``ValueError``/``KeyError`` at ``field_name``."""
    try:
        return work()
    except CombatInputError as exc:
        raise domain_error(exc.field, exc) from exc
    except (ValueError, KeyError) as exc:
        raise domain_error(field_name, exc) from exc


def unit_preset(unit: UnitIn, where: str, rulings: Mapping[str, str]) -> Preset | None:
    """The 14.0 preset ``unit`` names (``None`` when it names none), without its inferred type
    under ruling 14.0-unit-types ``strengths-only``. ``RequestError`` at ``<where>.preset`` for
    an unknown id, listing the neighbouring ids."""
    if unit.preset is None:
        return None
    try:
        found = preset(unit.preset)
    except KeyError as exc:
        raise domain_error(f"{where}.preset", exc) from exc
    if rulings[UNIT_TYPES_RULING.id] == "strengths-only":
        return Preset(found.id, found.scenario, found.side, "", found.values, found.nation)
    return found


def unit_values(
    unit: UnitIn, found: Preset | None, where: str, needed: Sequence[str]
) -> UnitValues:
    """The unit's five figures: the preset's, each replaced by the one given. A figure neither
    gives is 0 unless it is ``needed``: ``RequestError`` naming each such ``<where>.<figure>``
    (14.0)."""
    base = found.values if found else None
    missing = [f"{where}.{name}" for name in needed if getattr(unit, name) is None and base is None]
    if missing:
        raise RequestError(
            [LedgerError(m, "give this figure or a preset (14.0)", "14.0") for m in missing]
        )
    zero = PrintedStrength(0)

    def strength(name: str, default: PrintedStrength) -> PrintedStrength:
        given = getattr(unit, name)
        return parse_printed(given) if given is not None else default

    return UnitValues(
        attack_hard=strength("attack_hard", base.attack_hard if base else zero),
        attack_soft=strength("attack_soft", base.attack_soft if base else zero),
        range=unit.range if unit.range is not None else (base.range if base else 0),
        defense=strength("defense", base.defense if base else zero),
        movement=unit.movement if unit.movement is not None else (base.movement if base else 0),
    )


def _name(unit: UnitIn, found: Preset | None, fallback: str) -> str:
    return unit.name or (found.id if found else fallback)


def _type(unit: UnitIn, found: Preset | None) -> str:
    return unit.type or (found.type if found else "")


def attacker(a: AttackerIn, i: int, rulings: Mapping[str, str]) -> Attacker:
    """``attackers[i]`` as an ``Attacker``: an Air Strike (8.92), or a unit whose Hard and Soft
    Attack Strengths are needed unless an adjusted ``strength`` is given, and its Range
    Allowance when ``range_hexes`` is. Raises ``RequestError``."""
    where = f"attackers[{i}]"
    if a.air_strike:
        return Attacker(a.name or "Air Strike", AIR_STRIKE_VALUES, AIR_STRIKE)
    found = unit_preset(a, where, rulings)
    needed = [] if a.strength is not None else ["attack_hard", "attack_soft"]
    if a.range_hexes is not None:
        needed.append("range")
    values = unit_values(a, found, where, needed)
    return Attacker(
        name=_name(a, found, f"attacker {i + 1}"),
        values=values,
        type=_type(a, found),
        strength=parse_printed(a.strength) if a.strength is not None else None,
        across_river=a.across_river,
        range_hexes=a.range_hexes,
    )


def defender(d: DefenderIn, rulings: Mapping[str, str]) -> Defender:
    """The request's defender: its Defense Strength (needed), Movement Allowance (to cap a
    retreat, 9.11; none when neither typed nor preset) and Disruption level (9.12). Raises
    ``RequestError``."""
    found = unit_preset(d, "defender", rulings)
    values = unit_values(d, found, "defender", ["defense"])
    movement = d.movement if d.movement is not None else (found.values.movement if found else None)
    return Defender(
        name=_name(d, found, "defender"),
        defense=values.defense,
        movement=movement,
        disruption=parse_level(d.disruption),
        type=_type(d, found),
    )


def overrunner(o: OverrunnerIn, i: int, rulings: Mapping[str, str]) -> Overrunner:
    """``overrunners[i]`` as an ``Overrunner``; its type is needed, since it sets the Overrun
    strength (5.35). Raises ``RequestError``."""
    where = f"overrunners[{i}]"
    found = unit_preset(o, where, rulings)
    values = unit_values(o, found, where, ["attack_hard", "attack_soft"])
    kind = _type(o, found)
    if not kind:
        raise RequestError(
            [LedgerError(f"{where}.type", "give the unit's type: it sets the Overrun", "5.35")]
        )
    return Overrunner(
        _name(o, found, f"unit {i + 1}"), kind, values, o.movement_points, o.adjacent_at_start
    )


def battlefield(place: PlaceIn) -> tuple[Battlefield, list[str]]:
    """Where the defender stands, and a note when the scenario gave the Terrain Mode (14.0).
    ``RequestError`` at ``terrain_mode`` when neither it nor the scenario is given (13.1)."""
    notes = []
    mode_key: str | None = place.terrain_mode
    if place.scenario is not None:
        header = scenario(place.scenario)
        if mode_key is None:
            mode_key = header.terrain_mode
            notes.append(
                f"Scenario {header.number} ({header.title}) is played in "
                f"{header.terrain_mode.title()} mode (14.0)"
            )
    if mode_key is None:
        raise RequestError(
            [LedgerError("terrain_mode", "give the Terrain Mode or the scenario", "13.1")]
        )
    mode = run_domain("terrain_mode", lambda: terrain_mode(str(mode_key)))
    place_ = Battlefield(mode, place.terrain, place.improved_position, place.river_crossing)
    return place_, notes
