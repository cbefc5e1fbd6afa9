"""The ``supply`` calculation: each unit's supply status on the player's hex map, with its
path and road route (Supply ¶1-¶4)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ledger.games.battles_for_north_africa import rulings as R
from ledger.games.battles_for_north_africa.hexgrid import texts
from ledger.games.battles_for_north_africa.supply import (
    SupplyMap,
    UnitSupply,
    enemy_of,
    trace_supply,
    unit_id_problems,
    zoc_of,
)
from ledger.io.games.battles_for_north_africa.grid import load_grid
from ledger.io.games.battles_for_north_africa.models import FIELD_CASES, SupplyRequest
from ledger.io.games.battles_for_north_africa.problems import Problems
from ledger.io.games.battles_for_north_africa.shaping import figure


def run_supply(data: Any, base: Path) -> dict[str, Any]:
    """The ``supply`` calculation on request ``data`` (docs/games/bfna.md), the map file named
    relative to ``base``. Returns the result JSON (summary, figures, odds ``{}``, notes, side,
    units, enemy_zoc, rulings). Raises ``RequestError`` with every problem of the request, its
    rulings and the map at once, then every unit id that is not one of the side's combat units
    on the map (at ``units[i]``)."""
    problems = Problems()
    req = problems.validate(SupplyRequest, data, FIELD_CASES)
    chosen = problems.rulings(R.RULINGS, data)
    grid = data.get("grid") if isinstance(data, dict) else None
    supply_map = (
        problems.attempt(lambda: load_grid(base, grid)) if isinstance(grid, str | dict) else None
    )
    problems.check()
    assert req is not None and supply_map is not None  # problems.check() raised otherwise
    for i, message in unit_id_problems(supply_map, req.side, req.units):
        problems.add(f"units[{i}]", message)
    problems.check()
    found = trace_supply(
        supply_map,
        req.side,
        req.units,
        hq_path_only=chosen[R.HQ_ROUTE.id] == "path-only",
        emergency_seven=chosen[R.EMERGENCY_PATH.id] == "seven",
    )
    return supply_json(found, supply_map, req.side, chosen)


def _summary_line(s: UnitSupply) -> str:
    hexes = len(s.path) - 1
    if s.via_hq:
        return (
            f"{s.unit}: in supply from {s.via_hq} as an emergency source (it flips to "
            f"depleted), path {hexes} hex(es)"
        )
    if s.in_supply:
        return f"{s.unit}: in supply, path {hexes} hex(es) to the road route to {s.source}"
    return f"{s.unit}: OUT OF SUPPLY: {s.reason}"


def supply_json(
    found: tuple[UnitSupply, ...], supply_map: SupplyMap, side: str, chosen: dict[str, str]
) -> dict[str, Any]:
    """The units' supply status as the ``supply`` result JSON (docs/games/bfna.md, "Result");
    ``enemy_zoc`` lists the hexes in the ZOC of the other side's units."""
    summary = [_summary_line(s) for s in found] or [f"no {side} combat units on the map"]
    figures = [
        figure(
            s.unit,
            "in supply" if s.in_supply else "out of supply",
            s.limit_case,
            f"{s.reason}; path limit {s.limit}"
            + (f"; path {' → '.join(texts(s.path))}" if s.path else "")
            + (f"; route {' → '.join(texts(s.route))}" if len(s.route) > 1 else ""),
        )
        for s in found
    ]
    notes = [
        "half rations and ZOC bans are outside this calculator",
        "out of supply: AF halved, armored DF halved, MP halved (motorized) or -1, "
        "in-battery BF and FPF 0 (Supply ¶1)",
    ]
    return {
        "summary": summary,
        "figures": figures,
        "odds": {},
        "notes": notes,
        "side": side,
        "units": [
            {
                "unit": s.unit,
                "in_supply": s.in_supply,
                "limit": s.limit,
                "case": s.limit_case,
                "path": texts(s.path),
                "path_hexes": max(len(s.path) - 1, 0),
                "route": texts(s.route),
                "source": s.source,
                "via_hq": s.via_hq,
                "reason": s.reason,
            }
            for s in found
        ],
        "enemy_zoc": sorted(texts(zoc_of(supply_map, enemy_of(side)))),
        "rulings": dict(chosen),
    }
