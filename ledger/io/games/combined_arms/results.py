"""Shaping the Combined Arms results as JSON: exact odds as text ``"7/36"``, a CRT reading
(table, column, exact odds of each printed result and of each outcome for the defender) and
the 14.0 presets.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from ledger.charts.figures import Figure, to_json
from ledger.games.combined_arms.disruption import level_name
from ledger.games.combined_arms.reading import CrtReading, Defender
from ledger.games.combined_arms.units import Preset


def exact(p: Fraction) -> str:
    """``p`` as text: ``"1/3"``, or ``"1"`` for a whole number."""
    return str(to_json(p))


def odds_line(odds: Mapping[str, Fraction]) -> str:
    """``{"-": 1/3, "1": 2/3}`` as ``"- 1/3, 1 2/3"``."""
    return ", ".join(f"{k} {exact(p)}" for k, p in odds.items())


def reading_json(
    reading: CrtReading,
    defender: Defender,
    figures: Sequence[Figure],
    notes: Sequence[str],
    rulings: Mapping[str, str],
    head: str,
) -> dict[str, Any]:
    """The result JSON of a CRT ``reading`` (combat, Overrun, Air Strike): ``summary`` headed
    ``head``, ``figures``, ``odds`` (``CRT result`` and ``defender after``, each summing to
    1), ``notes`` (the table's why first), ``table``, ``column``, ``attack``, ``defense``,
    ``ratio``, ``results`` (per printed result: probability, meaning, outcome, why),
    ``defender`` and ``rulings``."""
    level = level_name(defender.disruption)
    summary = [
        f"{head}: {reading.title}, column {reading.column.column} "
        f"({reading.attack} to {reading.defense})",
        f"CRT results: {odds_line(reading.odds)}",
        f"{defender.name} (Disruption {level} now) after the attack: {odds_line(reading.outcomes)}",
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


def preset_json(p: Preset) -> dict[str, Any]:
    """One 14.0 preset: its id, scenario, side, nation, type, the five figures as printed,
    ``hard_target``, ``label`` and ``note``."""
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
