"""The five ``htr`` calculations: each validates its request (``models``), runs the domain
calculators of ``ledger.games.highway_to_the_reich`` and shapes the result (``shaping``) with
``summary``, ``figures``, ``odds`` (exact, each summing to 1) and ``notes`` plus its own keys
(docs/games/htr.md). Each ``run_*`` takes the parsed JSON and the folder file names are read
from, and raises ``RequestError`` naming the field, the value found and the rule.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

from ledger.charts.figures import to_json
from ledger.games.highway_to_the_reich import plain
from ledger.games.highway_to_the_reich.air_landing import (
    ABORT,
    air_landing,
    flight_condition_points,
)
from ledger.games.highway_to_the_reich.close_action import (
    Situation,
    close_action,
    decoded_table,
    strength_ratio_column,
)
from ledger.games.highway_to_the_reich.recovery import disruption_recovery, recovery_table
from ledger.games.highway_to_the_reich.rulings import (
    ARTILLERY_COLUMN,
    DIE_ROLL_WINDOWS,
    OBSERVATION_ROW,
    ODDS_ROUNDING,
    ROAD_OVER_HEXSIDE,
    ROUGH_ARMOR,
    RULINGS,
    SCATTER_DIRECTIONS,
    UNPRINTED_TIMES,
    ZERO_AGAINST_ZERO,
)
from ledger.games.highway_to_the_reich.terrain import (
    MapNeeded,
    MoveContext,
    observation,
    path_cost,
    terrain_chart,
)
from ledger.games.highway_to_the_reich.weather import NIGHT_POINTS, band_for_time, weather
from ledger.io.combat_request import RequestError
from ledger.io.games import chosen_rulings, domain_error, validated
from ledger.io.games.highway_to_the_reich.models import (
    CASES,
    AirLandingRequest,
    CloseActionRequest,
    RecoveryRequest,
    TerrainRequest,
    WeatherRequest,
)
from ledger.io.games.highway_to_the_reich.shaping import (
    chance,
    figure,
    mixed,
    odds,
    rulings_used,
)
from ledger.io.games.highway_to_the_reich.table_file import read_table_file
from ledger.model.errors import LedgerError

# --- close action (8.73) ----------------------------------------------------------------------


def run_close_action(data: Any, base: Path) -> dict[str, Any]:
    """``close-action``: the 8.73 column, every die roll's row and cell, and the exact odds of
    each cell, each side's outcome and the advance. Raises ``RequestError``."""
    req = validated(CloseActionRequest, data, CASES)
    chosen = chosen_rulings(RULINGS, req.rulings)
    try:
        column = strength_ratio_column(
            req.attack,
            req.defense,
            rounding=chosen[ODDS_ROUNDING.id],
            zero_against_zero=chosen[ZERO_AGAINST_ZERO.id],
        )
    except ValueError as exc:
        raise domain_error("attack", exc) from exc
    windows = (req.rulings or {}).get(DIE_ROLL_WINDOWS.id)
    if req.table_file and windows is not None:
        raise RequestError(
            [
                LedgerError(
                    f"rulings.{DIE_ROLL_WINDOWS.id}",
                    f"found {windows!r} with table_file {req.table_file!r}: the file's die rolls "
                    "set the windows; drop one of the two",
                    "8.73",
                )
            ]
        )
    if req.table_file:
        table = read_table_file(base / req.table_file, req.table_file)
    else:
        table = decoded_table(chosen[DIE_ROLL_WINDOWS.id])
    situation = Situation(req.attacker_disrupted, req.defender_disrupted, req.defender_can_retreat)
    action = close_action(column, req.close_action_value, table, situation)
    first = table.first_rows[column.column]
    summary = [
        f"{plain(column.attack)} against {plain(column.defense)}: column {column.column}, "
        f"Close Action Value {req.close_action_value} (8.73)",
        f"Defender disrupted or worse: {chance(1 - action.defender_odds.get('no effect', 0))}; "
        f"attacker disrupted or worse: {chance(1 - action.attacker_odds.get('no effect', 0))}",
    ]
    result = None
    if req.die_roll is not None:
        result = action.lines[req.die_roll - 1]
        summary.append(
            f"Die roll {result.die}: row {result.row}, {result.cell} — attacker "
            f"{result.attacker}; defender {result.defender}; {result.advance}"
        )
    figures = [
        figure("Attack strength", column.attack, "8.73"),
        figure("Defense strength", column.defense, "8.73"),
        figure("Combat Strength Ratio column", column.column, "8.73", column.note),
        figure("Close Action Value", req.close_action_value, "8.73", "the result column"),
        figure(
            "Die-roll window",
            f"rows {first}-{first + 5}",
            "8.73",
            f"die 1 reads row {first}, die 6 row {first + 5} ({table.decoding})",
        ),
    ]
    notes = [
        "Cells read attacker/defender: • no effect, D disrupted, a number = that many losses "
        "and disrupted; the opposing player distributes losses (8.73).",
        "A disrupted attacker stays in place; undisrupted attackers must occupy a hex the "
        "defender leaves (8.73).",
    ]
    if req.attacker_disrupted:
        notes.append(
            "The charts do not say whether a disrupted stack may attack; the second-disruption "
            "rule is applied to it as to any disrupted unit (8.73)."
        )
    return {
        "summary": summary,
        "figures": figures,
        "odds": {
            "cell": odds(action.cell_odds),
            "attacker": odds(action.attacker_odds),
            "defender": odds(action.defender_odds),
            "advance": odds(action.advance_odds),
        },
        "notes": notes,
        "column": to_json(column),
        "decoding": table.decoding,
        "windows": dict(table.first_rows),
        "die_rolls": to_json(action.lines),
        "result": to_json(result),
        "rulings": rulings_used(
            chosen,
            (ODDS_ROUNDING.id, ZERO_AGAINST_ZERO.id)
            + (() if req.table_file else (DIE_ROLL_WINDOWS.id,)),
        ),
    }


# --- disruption recovery (11.51, 11.54) -------------------------------------------------------


def run_recovery(data: Any, base: Path) -> dict[str, Any]:
    """``recovery``: the exact odds of removing Disruption (11.51 with 11.54)."""
    req = validated(RecoveryRequest, data, CASES)
    table = recovery_table()
    held = [a.key for a in table.adjustments if getattr(req, a.key)]
    recovery = disruption_recovery(req.morale, held, table)
    summary = [
        f"Morale Rating {req.morale}, adjustment {recovery.modifier:+d}: Disruption removed "
        f"{chance(recovery.chance)} (11.51)"
    ]
    if req.die_roll is not None:
        total = min(req.die_roll + recovery.modifier, table.highest)
        cell = table.lookup(total, req.morale)
        removed = "removed" if cell == "R" else "not removed"
        summary.append(f"Die roll {req.die_roll}: adjusted {total}, Disruption {removed}")
    figures = [figure("Morale Rating (printed)", req.morale, "11.51")]
    figures += [
        figure(f"11.54 item {a.item}", f"{a.value:+d}", "11.54", a.label) for a in recovery.applied
    ]
    figures.append(
        figure(
            "Adjustment to the roll",
            f"{recovery.modifier:+d}",
            "11.54",
            "adjusted rolls over 6 read 6",
        )
    )
    return {
        "summary": summary,
        "figures": figures,
        "odds": {
            "adjusted roll": odds(recovery.totals),
            "recovery": odds(
                {
                    ("removed" if k == "R" else "not removed"): v
                    for k, v in recovery.result_odds.items()
                }
            ),
        },
        "notes": [
            "For a stack only the top unit's printed Morale Rating counts; success clears the "
            "whole stack (11.51).",
            "An overstacked stack that recovers has until the end of its next Movement Phase "
            "to fix the overstacking (11.51).",
        ],
        "chance": to_json(recovery.chance),
        "modifier": recovery.modifier,
    }


# --- weather (14.11) --------------------------------------------------------------------------


def run_weather(data: Any, base: Path) -> dict[str, Any]:
    """``weather``: the exact odds of each Weather Condition value or no air operations."""
    req = validated(WeatherRequest, data, CASES)
    chosen = chosen_rulings(RULINGS, req.rulings)
    if (req.band is None) == (req.time is None):
        raise RequestError(
            [LedgerError("band", "give either the printed band or the time, not both", "14.11")]
        )
    note = "the printed band asked for"
    band: str | None = req.band
    if req.time is not None:
        try:
            band, note = band_for_time(req.time, chosen[UNPRINTED_TIMES.id])
        except ValueError as exc:
            raise domain_error("time", exc) from exc
    assert band is not None
    found = weather(band, req.half, req.night)
    night = "night (+5 points)" if req.night else "day"
    return {
        "summary": [
            f"Weather {band}, {req.half.title()} half, {night}: no air operations "
            f"{chance(found.no_air_operations)} (14.11)"
        ],
        "figures": [
            figure("Time band", band, "14.11", note),
            figure("Map half", req.half, "14.11"),
            figure("Night points added", NIGHT_POINTS if req.night else 0, "14.11"),
        ],
        "odds": {"Weather Condition points": odds(found.condition_odds)},
        "notes": ["P: no air operations; the night addition does not change it (14.11)."],
        "row": found.row,
        "printed_odds": odds(found.printed_odds),
        "rulings": rulings_used(chosen, (UNPRINTED_TIMES.id,)),
    }


# --- air landing (14.92) ----------------------------------------------------------------------


def run_air_landing(data: Any, base: Path) -> dict[str, Any]:
    """``air-landing``: the exact odds of each 14.92 result, landing distance and hex, and of
    the abort's outcome."""
    req = validated(AirLandingRequest, data, CASES)
    chosen = chosen_rulings(RULINGS, req.rulings)
    if (req.weather is None) == (req.flight_condition_points is None):
        raise RequestError(
            [
                LedgerError(
                    "weather",
                    "give either the weather (with night and flak) or flight_condition_points",
                    "14.92",
                )
            ]
        )
    if req.weather == "P":
        raise RequestError(
            [LedgerError("weather", "found 'P': no air operations are permitted", "14.11")]
        )
    if req.flight_condition_points is not None and (req.night or req.flak):
        raise RequestError(
            [
                LedgerError(
                    "flight_condition_points",
                    f"found {req.flight_condition_points} with night={req.night}, flak={req.flak}: "
                    "the total already counts the night points and flak; give weather, night and "
                    "flak instead",
                    "14.92",
                )
            ]
        )
    if req.flight_condition_points is not None:
        points = req.flight_condition_points
        how = "given"
    else:
        assert isinstance(req.weather, int)
        points = flight_condition_points(req.weather, req.night, req.flak)
        how = f"weather {req.weather} + night {NIGHT_POINTS if req.night else 0} + flak {req.flak}"
    landing = air_landing(points, chosen[SCATTER_DIRECTIONS.id])
    lands = landing.distance_odds.get("0", Fraction(0))
    return {
        "summary": [
            f"{points} Flight Condition points: column {landing.row} (14.92)",
            f"Lands in the drop hex {chance(lands)}; scatters "
            f"{chance(1 - lands - landing.result_odds.get(ABORT, Fraction(0)))}; aborts "
            f"{chance(landing.result_odds.get(ABORT, Fraction(0)))}",
        ],
        "figures": [
            figure("Flight Condition points", points, "14.92", how),
            figure("Column", landing.row, "14.92"),
            figure("Each unit loses 1 strength point (L1)", landing.loss_chance, "14.92"),
        ],
        "odds": {
            "result": odds(landing.result_odds),
            "distance (hexes)": odds(landing.distance_odds),
            "landing hex": odds(landing.spot_odds),
            "abort": odds(landing.abort_odds),
        },
        "notes": [
            "S1: one die for the direction, one for the distance; S2: two dice added for the "
            "distance (14.92). Directions per ruling htr-14.92-scatter-directions.",
            "A: two dice, 2-4 eliminates the units, 5+ returns the serial to the formation "
            "display (14.92).",
        ],
        "spots": [
            {
                "face": s.face,
                "direction": s.direction,
                "distance": s.distance,
                "offset": list(s.offset),
                "chance": to_json(p),
            }
            for s, p in landing.spots
        ],
        "rulings": rulings_used(chosen, (SCATTER_DIRECTIONS.id,)),
    }


# --- terrain (10.15) --------------------------------------------------------------------------


def run_terrain(data: Any, base: Path) -> dict[str, Any]:
    """``terrain``: the Movement Point cost of each hex of a path by mode, stacking limits and,
    optionally, a line of sight (10.15)."""
    req = validated(TerrainRequest, data, CASES)
    chosen = chosen_rulings(RULINGS, req.rulings)
    chart = terrain_chart(chosen[ROUGH_ARMOR.id])
    who = MoveContext(
        req.mode,
        req.unit,
        req.side,
        req.map,
        chosen[ROAD_OVER_HEXSIDE.id],
        chosen[ARTILLERY_COLUMN.id],
    )
    try:
        cost = path_cost([h.entry() for h in req.path], who, chart)
    except MapNeeded as exc:
        raise domain_error("map", exc) from exc
    except ValueError as exc:
        raise domain_error("path", exc) from exc
    figures = []
    for i, step in enumerate(cost.steps, start=1):
        value = "P" if step.cost is None else step.cost
        figures.append(
            figure(f"Hex {i}: {step.entry.terrain}", value, "10.15", "; ".join(step.working))
        )
    total = (
        "prohibited" if cost.total is None else f"{mixed(cost.total)} of {cost.movement_allowance}"
    )
    hexes = "hexes" if len(cost.steps) > 1 else "hex"
    verdict = (
        "within the Movement Allowance" if cost.fits else "does not fit the Movement Allowance"
    )
    summary = [
        f"{req.mode.title()} {req.unit}: {len(cost.steps)} {hexes} cost {total} MP, {verdict} (10.15)"
    ]
    seen = None
    if req.observation is not None:
        obs = req.observation
        try:
            seen = observation(
                obs.observer.entry(),
                obs.target.entry(),
                obs.distance,
                obs.between,
                chart,
                chosen[OBSERVATION_ROW.id],
            )
        except ValueError as exc:
            raise domain_error("observation", exc) from exc
        summary.append(f"Observation: {'seen' if seen.sees else 'not seen'} — {seen.reason}")
        figures.append(figure("Observation Range", seen.range, "10.15", f"row {seen.row}"))
    return {
        "summary": summary,
        "figures": figures,
        "odds": {},
        "notes": ["Every unit has a Movement Allowance of 4 (10.15)."],
        "steps": [
            {
                "terrain": s.entry.terrain,
                "cost": to_json(s.cost),
                "prohibited": s.prohibited,
                "reason": s.reason,
                "stacking_limit": s.stacking,
                "working": list(s.working),
            }
            for s in cost.steps
        ],
        "total": to_json(cost.total),
        "movement_allowance": cost.movement_allowance,
        "fits": cost.fits,
        "observation": to_json(seen),
        "rulings": rulings_used(
            chosen,
            (ROUGH_ARMOR.id, ROAD_OVER_HEXSIDE.id, ARTILLERY_COLUMN.id, OBSERVATION_ROW.id),
        ),
    }
