"""SPI *Combined Arms* (1974) requests: JSON in (validated with pydantic), the calculators of
``ledger.games.combined_arms`` run, JSON out (docs/games/combined-arms.md).

Calculations: ``combat`` (a Combat Phase attack, 8.x/9.x), ``overrun`` (5.3x), ``air-strike``
(8.9x), ``disruption`` (9.12: accumulation and removal odds) and ``units`` (the 14.0 presets).
A unit is a 14.0 preset (``{"preset": "s1-alpha-tank"}``) or typed figures
(``{"attack_hard": "[4]", "attack_soft": "[10]", "defense": "[4]"}``: brackets as printed);
figures given next to a preset replace the preset's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any, Final, Literal

from pydantic import AfterValidator, Field

from ledger.charts.engine import Chart
from ledger.combat.forces import Figure, to_json
from ledger.errors import LedgerError
from ledger.games.combined_arms.air_strike import resolve_air_strike
from ledger.games.combined_arms.combat import (
    AIR_STRIKE,
    AIR_STRIKE_VALUES,
    Attacker,
    CombatCalculation,
    resolve_combat,
)
from ledger.games.combined_arms.crt import RESULT_MEANINGS
from ledger.games.combined_arms.disruption import (
    apply_result,
    level_name,
    parse_level,
    removal_chart,
    removal_odds,
    still_disrupted_after,
)
from ledger.games.combined_arms.overrun import OverrunCalculation, Overrunner, resolve_overrun
from ledger.games.combined_arms.reading import (
    Battlefield,
    CombatInputError,
    CrtReading,
    Defender,
)
from ledger.games.combined_arms.rulings import RULINGS
from ledger.games.combined_arms.rulings import UNIT_TYPES as UNIT_TYPES_RULING
from ledger.games.combined_arms.terrain import HexStep, terrain_mode
from ledger.games.combined_arms.units import (
    Preset,
    PrintedStrength,
    UnitValues,
    parse_printed,
    preset,
    presets,
    scenario,
    scenarios,
)
from ledger.io.combat_request import RequestError
from ledger.io.games import (
    Calculation,
    GameCalculators,
    Request,
    chosen_rulings,
    domain_error,
    validated,
)


def _printed(value: int | str) -> int | str:
    parse_printed(value)
    return value


Printed = Annotated[int | str, AfterValidator(_printed)]
"""A strength as 14.0 prints it: ``8`` or ``"8"`` (unbracketed), ``"[4]"`` (bracketed)."""
UnitTypeIn = Literal[
    "tank",
    "assault-gun",
    "armored-recon",
    "infantry",
    "apc-infantry",
    "truck-infantry",
    "artillery",
    "anti-tank",
    "apc",
    "truck",
]
LevelIn = Literal["none", "D1", "D2", "D3"]
ResultIn = Literal["-", "1", "2", "3", "D1", "D2", "D3", "DE"]
TerrainIn = Literal["clear", "rough-1", "rough-2"]
HexsideIn = Literal["none", "river", "ford", "bridge"]
RouteIn = Literal["cross-country", "road", "trail"]

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
    "exits": "5.32",
    "river_crossing": "13.1",
    "overrunners": "5.31",
    "attackers": "8.13",
    "strikes": "8.92",
    "side": "14.0",
}
"""Field name → the rule case quoted in its errors."""


class UnitIn(Request):
    """A unit: a 14.0 ``preset`` and/or its figures (any figure given replaces the preset's)."""

    preset: str | None = None
    name: str | None = None
    type: UnitTypeIn | None = None
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

    disruption: LevelIn = "none"


class OverrunnerIn(UnitIn):
    """An Overrunning unit, its Movement Points left and whether it began adjacent (5.39)."""

    movement_points: int | None = Field(default=None, ge=0)
    adjacent_at_start: bool = False


class HexStepIn(Request):
    """A hex entered: its terrain, the hexside crossed into it and the route (13.1)."""

    terrain: TerrainIn
    hexside: HexsideIn = "none"
    route: RouteIn = "cross-country"


class PlaceIn(Request):
    """Where the defender stands (13.1) and the rulings chosen."""

    scenario: int | None = Field(default=None, ge=1, le=6)
    terrain_mode: Literal["closed", "mixed", "urban", "open"] | None = None
    terrain: TerrainIn = "clear"
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
    entry_hexside: HexsideIn = "none"
    entry_route: RouteIn = "cross-country"
    exits: list[HexStepIn] = Field(min_length=1, max_length=2)


class AirStrikeIn(PlaceIn):
    """``air-strike``: the defender and the number of Air Strikes (8.9x)."""

    defender: DefenderIn
    strikes: int = Field(default=1, ge=1)


class DisruptionIn(Request):
    """``disruption``: the unit's ``level``, a ``result`` it suffers, its ``movement`` (to cap
    a retreat) and the removal ``phases`` to look ahead (9.12)."""

    level: LevelIn = "none"
    result: ResultIn | None = None
    movement: int | None = Field(default=None, ge=0)
    phases: int = Field(default=3, ge=1, le=20)
    rulings: dict[str, str] = Field(default_factory=dict)


class UnitsIn(Request):
    """``units``: the 14.0 presets, filtered by ``side``, ``scenario`` and ``type``."""

    side: Literal["alpha", "bravo"] | None = None
    scenario: int | None = Field(default=None, ge=1, le=6)
    type: UnitTypeIn | None = None


# --- building domain values ----------------------------------------------------------------


def _preset(unit: UnitIn, where: str, rulings: Mapping[str, str]) -> Preset | None:
    if unit.preset is None:
        return None
    try:
        found = preset(unit.preset)
    except KeyError as exc:
        raise domain_error(f"{where}.preset", exc) from exc
    if rulings[UNIT_TYPES_RULING.id] == "strengths-only":
        return Preset(found.id, found.scenario, found.side, "", found.values, found.nation)
    return found


def _values(unit: UnitIn, found: Preset | None, where: str, needed: Sequence[str]) -> UnitValues:
    """The unit's figures: the preset's, replaced by any given; ``RequestError`` naming the
    first needed figure neither gives."""
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


def _attacker(a: AttackerIn, i: int, rulings: Mapping[str, str]) -> Attacker:
    where = f"attackers[{i}]"
    if a.air_strike:
        return Attacker(a.name or "Air Strike", AIR_STRIKE_VALUES, AIR_STRIKE)
    found = _preset(a, where, rulings)
    needed = [] if a.strength is not None else ["attack_hard", "attack_soft"]
    if a.range_hexes is not None:
        needed.append("range")
    values = _values(a, found, where, needed)
    return Attacker(
        name=_name(a, found, f"attacker {i + 1}"),
        values=values,
        type=_type(a, found),
        strength=parse_printed(a.strength) if a.strength is not None else None,
        across_river=a.across_river,
        range_hexes=a.range_hexes,
    )


def _defender(d: DefenderIn, rulings: Mapping[str, str]) -> Defender:
    found = _preset(d, "defender", rulings)
    values = _values(d, found, "defender", ["defense"])
    movement = d.movement if d.movement is not None else (found.values.movement if found else None)
    return Defender(
        name=_name(d, found, "defender"),
        defense=values.defense,
        movement=movement,
        disruption=parse_level(d.disruption),
        type=_type(d, found),
    )


def _battlefield(place: PlaceIn) -> tuple[Battlefield, list[str]]:
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
    mode = terrain_mode(mode_key)
    return Battlefield(mode, place.terrain, place.improved_position, place.river_crossing), notes


def _run(field_name: str, work: Any) -> Any:
    """Call ``work()``, turning the domain's errors into a ``RequestError``."""
    try:
        return work()
    except CombatInputError as exc:
        raise domain_error(exc.field, exc) from exc
    except (ValueError, KeyError) as exc:
        raise domain_error(field_name, exc) from exc


# --- results -------------------------------------------------------------------------------


def _exact(p: Fraction) -> str:
    return str(to_json(p))


def _odds_line(odds: Mapping[str, Fraction]) -> str:
    return ", ".join(f"{k} {_exact(p)}" for k, p in odds.items())


def _reading_json(
    reading: CrtReading,
    defender: Defender,
    figures: Sequence[Figure],
    notes: Sequence[str],
    rulings: Mapping[str, str],
    head: str,
) -> dict[str, Any]:
    level = level_name(defender.disruption)
    summary = [
        f"{head}: {reading.title}, column {reading.column.column} "
        f"({reading.attack} to {reading.defense})",
        f"CRT results: {_odds_line(reading.odds)}",
        f"{defender.name} (Disruption {level} now) after the attack: "
        f"{_odds_line(reading.outcomes)}",
    ]
    return {
        "summary": summary,
        "figures": to_json(list(figures)),
        "odds": {
            "CRT result": to_json(reading.odds),
            "defender after": to_json(reading.outcomes),
        },
        "notes": [reading.table_why, *notes],
        "table": {
            "id": reading.table,
            "case": reading.table.split("-", 1)[0],
            "title": reading.title,
            "category": reading.category,
            "why": reading.table_why,
        },
        "column": reading.column.column,
        "attack": reading.attack,
        "defense": reading.defense,
        "ratio": to_json(reading.column.ratio),
        "results": to_json(list(reading.effects)),
        "defender": {"name": defender.name, "disruption": level},
        "rulings": dict(rulings),
    }


def run_combat(data: Any, base: Path) -> dict[str, Any]:
    """``combat``: one attack of the Combat Phase (8.13, 9.0). Returns the result JSON with
    ``table``, ``column``, ``attack``, ``defense``, ``results`` (each printed result, its odds,
    meaning and what it does to this defender) and the odds ``CRT result``/``defender after``.
    Raises ``RequestError``."""
    req = validated(CombatIn, data, CASES)
    rulings = chosen_rulings(RULINGS, req.rulings)
    attackers = [_attacker(a, i, rulings) for i, a in enumerate(req.attackers)]
    defender = _defender(req.defender, rulings)
    battlefield, notes = _run("terrain_mode", lambda: _battlefield(req))
    calc: CombatCalculation = _run(
        "attackers",
        lambda: resolve_combat(
            attackers, defender, battlefield, concentric=req.concentric, chosen=rulings
        ),
    )
    result = _reading_json(
        calc.reading, defender, calc.figures, [*notes, *calc.notes], rulings, "Attack"
    )
    result["river"] = calc.river
    return result


def run_overrun(data: Any, base: Path) -> dict[str, Any]:
    """``overrun``: an Overrun or Wave Overrun (5.3x): the result JSON of ``combat`` plus
    ``units`` (each unit's Overrun strength and Movement Points). Raises ``RequestError``."""
    req = validated(OverrunIn, data, CASES)
    rulings = chosen_rulings(RULINGS, req.rulings)
    units = []
    for i, o in enumerate(req.overrunners):
        where = f"overrunners[{i}]"
        found = _preset(o, where, rulings)
        values = _values(o, found, where, ["attack_hard", "attack_soft"])
        kind = _type(o, found)
        if not kind:
            raise RequestError(
                [LedgerError(f"{where}.type", "give the unit's type: it sets the Overrun", "5.35")]
            )
        units.append(
            Overrunner(
                _name(o, found, f"unit {i + 1}"),
                kind,
                values,
                o.movement_points,
                o.adjacent_at_start,
            )
        )
    defender = _defender(req.defender, rulings)
    battlefield, notes = _run("terrain_mode", lambda: _battlefield(req))
    exits = [HexStep(e.terrain, e.hexside, e.route) for e in req.exits]
    calc: OverrunCalculation = _run(
        "overrunners",
        lambda: resolve_overrun(
            units,
            defender,
            battlefield,
            exits=exits,
            entry_hexside=req.entry_hexside,
            entry_route=req.entry_route,
            chosen=rulings,
        ),
    )
    head = "Wave Overrun" if calc.wave else "Overrun"
    result = _reading_json(
        calc.reading, defender, calc.figures, [*notes, *calc.notes], rulings, head
    )
    for u in calc.units:
        line = f"{u.unit.name}: Overrun strength {u.strength}, {u.mp_needed} MP"
        if u.enough is not None:
            line += f" of {u.unit.movement_points}: " + ("enough" if u.enough else "NOT enough")
        result["summary"].append(line)
    result["units"] = [
        {
            "name": u.unit.name,
            "type": u.unit.type,
            "strength": u.strength,
            "strength_note": u.strength_note,
            "terrain_mp": u.terrain_mp,
            "extra_mp": u.extra_mp,
            "mp_needed": u.mp_needed,
            "movement_points": u.unit.movement_points,
            "enough": u.enough,
        }
        for u in calc.units
    ]
    result["wave"] = calc.wave
    return result


def run_air_strike(data: Any, base: Path) -> dict[str, Any]:
    """``air-strike``: Air Strikes on one defender (8.92): the result JSON of ``combat``.
    Raises ``RequestError``."""
    req = validated(AirStrikeIn, data, CASES)
    rulings = chosen_rulings(RULINGS, req.rulings)
    defender = _defender(req.defender, rulings)
    battlefield, notes = _run("terrain_mode", lambda: _battlefield(req))
    calc: CombatCalculation = _run(
        "terrain",
        lambda: resolve_air_strike(defender, battlefield, strikes=req.strikes, chosen=rulings),
    )
    head = "Air Strike" if req.strikes == 1 else f"{req.strikes} Air Strikes"
    notes.append("Air Strikes need no line of sight and get no river benefit (8.91, 12.13)")
    return _reading_json(calc.reading, defender, calc.figures, notes, rulings, head)


def run_disruption(data: Any, base: Path) -> dict[str, Any]:
    """``disruption``: what a ``result`` does to a unit at ``level`` (accumulation, 9.12) and
    the exact odds of removing its Disruption in one or more removal phases. Returns
    ``after`` (the new level or ``"eliminated"``), ``accumulation`` (every result's outcome
    from ``level``) and the odds ``removal roll``. Raises ``RequestError``."""
    req = validated(DisruptionIn, data, CASES)
    rulings = chosen_rulings(RULINGS, req.rulings)
    level = parse_level(req.level)
    figures: list[Figure] = [Figure("Disruption now", level_name(level), "9.12", "")]
    summary: list[str] = []
    after = level
    eliminated = False
    if req.result is not None:
        outcome = apply_result(req.result, level, req.movement, rulings)
        after, eliminated = outcome.after, outcome.eliminated
        figures.append(Figure(f"result {req.result}", outcome.label, "9.12", outcome.why))
        summary.append(f"{level_name(level)} + result {req.result}: {outcome.label}")
    accumulation = []
    for code, meaning in RESULT_MEANINGS.items():
        outcome = apply_result(code, level, req.movement, rulings)
        accumulation.append(
            {"result": code, "meaning": meaning, "outcome": outcome.label, "why": outcome.why}
        )
    odds: dict[str, Any] = {}
    if eliminated:
        summary.append("the unit is eliminated: nothing to remove (9.12)")
    elif after == 0:
        summary.append("the unit is not Disrupted: nothing to remove (9.12)")
    else:
        removal = removal_odds(after)
        name = level_name(after)
        odds[f"removal roll ({name})"] = to_json(removal)
        p = removal["removed"]
        summary.insert(0, f"{name}: removed on one roll with chance {_exact(p)} (9.12)")
        figures.append(Figure(f"removal chance per roll ({name})", p, "9.12", _cells(name)))
        figures.append(Figure("expected removal phases", 1 / p, "9.12", "1 / chance"))
        for k in range(1, req.phases + 1):
            figures.append(
                Figure(
                    f"still {name} after {k} removal phase(s)",
                    still_disrupted_after(after, k),
                    "9.12",
                    f"({_exact(1 - p)})^{k}",
                )
            )
    return {
        "summary": summary,
        "figures": to_json(figures),
        "odds": odds,
        "notes": [
            "a Disrupted unit keeps no Secondary Zone of Control, may not attack or move and "
            "defends at half strength, fractions up (9.12)",
        ],
        "level": level_name(level),
        "after": "eliminated" if eliminated else level_name(after),
        "accumulation": accumulation,
        "rulings": dict(rulings),
    }


def _cells(level: str) -> str:
    chart: Chart = removal_chart()
    readings = dict(chart.row(level).cells)["removed"]
    return f"die {readings[0]}-{readings[-1]}" if len(readings) > 1 else f"die {readings[0]}"


def run_units(data: Any, base: Path) -> dict[str, Any]:
    """``units``: the 14.0 presets (filtered by ``side``, ``scenario``, ``type``) with every
    scenario's Terrain Mode and Command Control Levels. Raises ``RequestError``."""
    req = validated(UnitsIn, data, CASES)
    found = [p for p in presets(req.side, req.scenario) if req.type is None or p.type == req.type]
    headers = [s for s in scenarios() if req.scenario is None or s.number == req.scenario]
    figures = [
        Figure(
            f"Scenario {s.number}: {s.title}",
            f"{s.terrain_mode.title()} mode",
            "14.0",
            f"Alpha {s.alpha.nation} CCL {s.alpha.ccl}; Bravo {s.bravo.nation} CCL {s.bravo.ccl}",
        )
        for s in headers
    ]
    figures += [
        Figure(p.id, p.values.shown, "14.0", f"{p.type}; {p.nation or 'every force'} ({p.side})")
        for p in found
    ]
    filters = ", ".join(
        f"{k} {v}"
        for k, v in (("side", req.side), ("scenario", req.scenario), ("type", req.type))
        if v is not None
    )
    return {
        "summary": [f"{len(found)} unit presets" + (f" ({filters})" if filters else "")],
        "figures": to_json(figures),
        "odds": {},
        "notes": [
            "figures: Attack Strength Hard, Attack Strength Soft, Range, Defense Strength, "
            "Movement Allowance; brackets as printed (12.42, 12.43)",
            "unit types are inferred from the figures (ruling 14.0-unit-types)",
        ],
        "units": [_preset_json(p) for p in found],
        "scenarios": to_json(list(headers)),
    }


def _preset_json(p: Preset) -> dict[str, Any]:
    v = p.values
    return {
        "id": p.id,
        "scenario": p.scenario,
        "side": p.side,
        "nation": p.nation,
        "type": p.type,
        "attack_hard": v.attack_hard.shown,
        "attack_soft": v.attack_soft.shown,
        "range": v.range,
        "defense": v.defense.shown,
        "movement": v.movement,
        "hard_target": v.hard_target,
        "label": p.label,
        "note": p.note,
    }


GAME: Final = GameCalculators(
    id="combined-arms",
    title="SPI Combined Arms (1974)",
    rules="../shared/rules/001_3fa341c0008ea194.txt",
    doc="docs/games/combined-arms.md",
    calculations=(
        Calculation(
            "combat",
            "a Combat Phase attack: CRT by bracket and terrain, odds column, exact results",
            "9.0",
            run_combat,
            "combat.json",
        ),
        Calculation(
            "overrun",
            "an Overrun or Wave Overrun: strengths, Movement Points, exact results",
            "5.3",
            run_overrun,
            "overrun.json",
        ),
        Calculation(
            "air-strike",
            "Air Strikes (30 Soft / 3 Hard, Soft CRT, Clear hexes): exact results",
            "8.92",
            run_air_strike,
            "air-strike.json",
        ),
        Calculation(
            "disruption",
            "Disruption accumulation and the exact odds of removing it",
            "9.12",
            run_disruption,
            "disruption.json",
        ),
        Calculation(
            "units",
            "the scenario unit values of 14.0 as presets, by side, scenario and type",
            "14.0",
            run_units,
            "units.json",
        ),
    ),
    rulings=RULINGS,
)
