"""The five Combined Arms calculations, each ``run_<name>(data, base) -> dict``: validate the
request (``models``), build the domain values (``building``), run ``ledger.games.combined_arms``
and shape the result (``results``). Each raises ``RequestError`` for bad input, every error
naming the field, the value found and the rule case.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ledger.charts.figures import Figure, to_json
from ledger.games.combined_arms.air_strike import resolve_air_strike
from ledger.games.combined_arms.combat import resolve_combat
from ledger.games.combined_arms.crt import RESULT_MEANINGS
from ledger.games.combined_arms.disruption import (
    apply_result,
    level_name,
    parse_level,
    removal_odds,
    removal_rolls,
    still_disrupted_after,
)
from ledger.games.combined_arms.overrun import resolve_overrun
from ledger.games.combined_arms.rulings import RULINGS
from ledger.games.combined_arms.terrain import HexStep
from ledger.games.combined_arms.units import presets, scenarios
from ledger.io.games import chosen_rulings, validated
from ledger.io.games.combined_arms.building import (
    attacker,
    battlefield,
    defender,
    overrunner,
    run_domain,
)
from ledger.io.games.combined_arms.models import (
    CASES,
    AirStrikeIn,
    CombatIn,
    DisruptionIn,
    OverrunIn,
    UnitsIn,
)
from ledger.io.games.combined_arms.results import exact, preset_json, reading_json


def run_combat(data: Any, base: Path) -> dict[str, Any]:
    """``combat``: one attack of the Combat Phase (8.13, 9.0). Returns the result JSON with
    ``table``, ``column``, ``attack``, ``defense``, ``results`` (each printed result, its odds,
    meaning and what it does to this defender), ``river`` and the odds ``CRT result`` /
    ``defender after``. Raises ``RequestError``."""
    req = validated(CombatIn, data, CASES)
    rulings = chosen_rulings(RULINGS, req.rulings)
    attackers = [attacker(a, i, rulings) for i, a in enumerate(req.attackers)]
    target = defender(req.defender, rulings)
    place, notes = battlefield(req)
    calc = run_domain(
        "attackers",
        lambda: resolve_combat(attackers, target, place, concentric=req.concentric, chosen=rulings),
    )
    result = reading_json(
        calc.reading, target, calc.figures, [*notes, *calc.notes], rulings, "Attack"
    )
    result["river"] = calc.river
    return result


def run_overrun(data: Any, base: Path) -> dict[str, Any]:
    """``overrun``: an Overrun or Wave Overrun (5.3x): the result JSON of ``combat`` plus
    ``units`` (each unit's Overrun strength and Movement Points) and ``wave``. Raises
    ``RequestError``."""
    req = validated(OverrunIn, data, CASES)
    rulings = chosen_rulings(RULINGS, req.rulings)
    units = [overrunner(o, i, rulings) for i, o in enumerate(req.overrunners)]
    target = defender(req.defender, rulings)
    place, notes = battlefield(req)
    exits = [HexStep(e.terrain, e.hexside, e.route) for e in req.exits]
    calc = run_domain(
        "overrunners",
        lambda: resolve_overrun(
            units,
            target,
            place,
            exits=exits,
            entry_hexside=req.entry_hexside,
            entry_route=req.entry_route,
            chosen=rulings,
        ),
    )
    head = "Wave Overrun" if calc.wave else "Overrun"
    result = reading_json(calc.reading, target, calc.figures, [*notes, *calc.notes], rulings, head)
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
    target = defender(req.defender, rulings)
    place, notes = battlefield(req)
    calc = run_domain(
        "terrain",
        lambda: resolve_air_strike(target, place, strikes=req.strikes, chosen=rulings),
    )
    head = "Air Strike" if req.strikes == 1 else f"{req.strikes} Air Strikes"
    notes.append("Air Strikes need no line of sight and get no river benefit (8.91, 12.13)")
    return reading_json(calc.reading, target, calc.figures, notes, rulings, head)


def run_disruption(data: Any, base: Path) -> dict[str, Any]:
    """``disruption``: what a ``result`` does to a unit at ``level`` (accumulation, 9.12) and
    the exact odds of removing its Disruption in one or more removal phases. Returns
    ``after`` (the new level or ``"eliminated"``), ``accumulation`` (every result's outcome
    from ``level``) and the odds ``removal roll (Dn)``. Raises ``RequestError``."""
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
        summary.append(f"{name}: removed on one roll with chance {exact(p)} (9.12)")
        rolls = removal_rolls(after)
        die = f"die {rolls[0]}" + (f"-{rolls[-1]}" if len(rolls) > 1 else "")
        figures.append(Figure(f"removal chance per roll ({name})", p, "9.12", die))
        figures.append(Figure("expected removal phases", 1 / p, "9.12", "1 / chance"))
        for k in range(1, req.phases + 1):
            figures.append(
                Figure(
                    f"still {name} after {k} removal phase(s)",
                    still_disrupted_after(after, k),
                    "9.12",
                    f"({exact(1 - p)})^{k}",
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
        "units": [preset_json(p) for p in found],
        "scenarios": to_json(list(headers)),
    }
