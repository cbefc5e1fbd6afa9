"""``dangerous-terrain`` (2.3) as JSON: the exact chance a vehicle, or any of a group, is
immobilized on a turn's route through dangerous terrain (docs/games/miniatures.md)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

from ledger.charts.figures import Figure
from ledger.games.miniatures import name_key
from ledger.games.miniatures.rulings import REPEAT_TERRAIN, RULINGS, SHORT_MOVE
from ledger.games.miniatures.terrain import (
    DangerousCrossing,
    DangerousTerrain,
    dangerous_crossing,
    parse_range,
    terrain_chart,
)
from ledger.io.combat_request import RequestError
from ledger.io.games import chosen_rulings, validated
from ledger.io.games.miniatures.models import CASES, Crossing, DangerousTerrainRequest
from ledger.io.games.miniatures.shaping import chance, fraction, in_domain, result
from ledger.io.games.miniatures.tables import TERRAIN_COLUMNS, load_csv, terrains_from
from ledger.model.errors import LedgerError


def _route_terrains(
    req: DangerousTerrainRequest, loaded: list[DangerousTerrain]
) -> tuple[dict[str, DangerousTerrain], list[str]]:
    """The terrain ranges by ``name_key`` (the CSV's, then the route's own, which win over a CSV
    row of the same name) and the route as names. Raises ``RequestError`` for a bad inline
    range or one terrain given two different ranges in the route."""
    terrains = {name_key(t.terrain): t for t in loaded}
    inline: dict[str, int] = {}
    errors = []
    route = []
    for i, step in enumerate(req.route):
        if not isinstance(step, Crossing):
            route.append(step)
            continue
        field = f"route[{i}].immobilized_on"
        if not step.terrain.strip():
            errors.append(LedgerError(f"route[{i}].terrain", "empty; name the terrain", "2.3"))
            continue
        try:
            found = DangerousTerrain(step.terrain.strip(), parse_range(step.immobilized_on))
        except ValueError as exc:
            errors.append(LedgerError(field, str(exc), "2.3"))
            continue
        key = name_key(found.terrain)
        first = inline.setdefault(key, i)
        if first != i and terrains[key].immobilized_on != found.immobilized_on:
            errors.append(
                LedgerError(
                    field,
                    f"{found.terrain!r} is given {found.shown} here but "
                    f"{terrains[key].shown} at route[{first}]; one range per terrain type",
                    "2.3",
                )
            )
            continue
        terrains[key] = found
        route.append(found.terrain)
    if errors:
        raise RequestError(errors)
    return terrains, route


def run_dangerous_terrain(data: Any, base: Path) -> dict[str, Any]:
    """``dangerous-terrain`` (2.3): ``data`` is the request JSON, ``base`` the folder a
    ``terrain_chart`` file name is relative to. Returns the result JSON with odds ``one
    vehicle``, ``one roll in <terrain>`` and (several vehicles) ``vehicles immobilized of N``,
    and ``crossing`` (the worked ``DangerousCrossing``). Raises ``RequestError`` naming the
    field (and for a CSV the file, row and column)."""
    req = validated(DangerousTerrainRequest, data, CASES)
    rulings = chosen_rulings(RULINGS, req.rulings)
    table = load_csv(
        base,
        req.terrain_chart,
        req.terrain_chart_csv,
        ("terrain_chart", "terrain_chart_csv"),
        TERRAIN_COLUMNS,
        "2.3",
    )
    terrains, route = _route_terrains(req, terrains_from(table) if table else [])
    source = table.origin if table else "the request"
    if not terrains:
        raise RequestError(
            [
                LedgerError(
                    "terrain_chart",
                    "no dangerous terrain ranges: the text does not print them; load a CSV "
                    "(terrain_chart) or give each route entry its immobilized_on range",
                    "2.3",
                )
            ]
        )
    chart = in_domain("terrain_chart", lambda: terrain_chart(list(terrains.values()), source))
    crossing = in_domain(
        "route",
        lambda: dangerous_crossing(
            chart,
            route,
            vehicles=req.vehicles,
            yards_moved=req.yards_moved,
            short_move=rulings[SHORT_MOVE.id],
            repeat=rulings[REPEAT_TERRAIN.id],
        ),
    )
    odds: dict[str, dict[str, Fraction]] = {"one vehicle": crossing.vehicle_odds}
    for key in dict.fromkeys(s.terrain for s in crossing.steps):
        odds[f"one roll in {key}"] = chart.distribution(key)
    if req.vehicles > 1:
        odds[f"vehicles immobilized of {req.vehicles}"] = crossing.group_odds
    return result(
        _summary(crossing),
        _figures(crossing),
        odds,
        _notes(crossing, req.yards_moved),
        rulings,
        crossing=crossing,
        chart_source=source,
    )


def _summary(crossing: DangerousCrossing) -> list[str]:
    steps = len(crossing.steps)
    lines = [
        f"One vehicle is immobilized with chance {chance(crossing.immobilized_chance)} "
        f"crossing {steps} dangerous terrain {'entry' if steps == 1 else 'entries'} "
        f"({crossing.rolls} roll{'' if crossing.rolls == 1 else 's'} at most) (2.3)."
    ]
    if crossing.vehicles > 1:
        lines.append(
            f"Of {crossing.vehicles} vehicles, at least one is immobilized with chance "
            f"{chance(crossing.at_least_one)}."
        )
    return lines


def _figures(crossing: DangerousCrossing) -> list[Figure]:
    figures = []
    for part in crossing.steps:
        if part.rolled:
            note = f"I {part.immobilized_on} on 2d6; reached still mobile {fraction(part.reaches)}"
        elif crossing.moved:
            note = "no roll: already rolled for this type this turn"
        else:
            note = "no roll: under 100 yards moved"
        figures.append(Figure(f"{part.terrain}: immobilized", part.immobilized_here, "2.3", note))
    figures.append(Figure("Rolls at most", crossing.rolls, "2.3", "one per dangerous type reached"))
    if crossing.vehicles > 1:
        figures.append(
            Figure("At least one immobilized", crossing.at_least_one, "2.3", "each rolls alone")
        )
    return figures


def _notes(crossing: DangerousCrossing, yards_moved: int | None) -> list[str]:
    notes = []
    if not crossing.moved:
        notes.append(
            f"Moved {yards_moved} yards, under 100: not a move, no roll "
            "(ruling miniatures-short-move-roll)."
        )
    notes.append("An immobilized vehicle stops, so it never rolls for the terrain after it.")
    return notes
