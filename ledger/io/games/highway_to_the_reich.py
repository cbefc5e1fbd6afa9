"""SPI *Highway to the Reich* (1976/77) requests: JSON in (validated with pydantic), the
calculators of ``ledger.games.highway_to_the_reich`` run, JSON out (docs/games/htr.md).

Calculations: ``close-action`` (8.73), ``recovery`` (11.51, 11.54), ``weather`` (14.11),
``air-landing`` (14.92) and ``terrain`` (10.15). A close action may read a player's own
transcription of 8.73 (``"table_file"``: a CSV in the printed staggered layout, read here with
the ``csv`` module) instead of the bundled table.
"""

from __future__ import annotations

import csv
from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any, Final, Literal

from pydantic import BeforeValidator, Field

from ledger.combat.forces import to_json
from ledger.errors import LedgerError
from ledger.games.highway_to_the_reich.air_landing import (
    ABORT,
    air_landing,
    flight_condition_points,
)
from ledger.games.highway_to_the_reich.close_action import (
    CLOSE_ACTION_VALUES,
    RATIOS,
    CloseActionTable,
    Situation,
    close_action,
    decoded_table,
    strength_ratio_column,
    table_from_rows,
    windows_from_layout,
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
    HexEntry,
    MoveContext,
    observation,
    path_cost,
    terrain_chart,
)
from ledger.games.highway_to_the_reich.weather import band_for_time, weather
from ledger.io.combat_request import RequestError
from ledger.io.games import (
    Calculation,
    GameCalculators,
    Request,
    chosen_rulings,
    domain_error,
    validated,
)


def _strength(value: Any) -> Any:
    """A JSON number or ``"7/2"`` text as an exact strength (floats through their shortest
    decimal text, so 1.5 is 3/2)."""
    return Fraction(repr(value)) if isinstance(value, float) else value


StrengthIn = Annotated[Fraction, BeforeValidator(_strength), Field(ge=0)]
Die = Annotated[int, Field(ge=1, le=6)]
Rulings = dict[str, str] | None
HexTerrainIn = Literal["clear", "mixed", "woods", "town", "broken", "forest", "rough", "city"]
HexsideIn = Literal["stream", "dike", "canal", "river", "blocked", "lake", "ferry"]
RouteIn = Literal["road", "trail", "railroad", "raised-road"]
BetweenIn = Literal[
    "clear", "mixed", "woods", "town", "broken", "forest", "rough", "city", "hilltop", "dike",
    "slope",
]  # fmt: skip

CASES: Final = {
    "attack": "8.73",
    "defense": "8.73",
    "close_action_value": "8.73",
    "attacker_disrupted": "8.73",
    "defender_disrupted": "8.73",
    "defender_can_retreat": "8.73",
    "table_file": "8.73",
    "die_roll": "8.73",
    "morale": "11.51",
    "friendly_armor": "11.54",
    "friendly_hq_or_leader": "11.54",
    "adjacent_enemy_armor": "11.54",
    "out_of_supply": "11.54",
    "adjacent_friendly_disrupted": "11.54",
    "band": "14.11",
    "time": "14.11",
    "half": "14.11",
    "night": "14.11",
    "weather": "14.92",
    "flak": "14.92",
    "flight_condition_points": "14.92",
    "mode": "10.15",
    "unit": "10.15",
    "side": "10.15",
    "map": "10.15",
    "path": "10.15",
    "observation": "10.15",
}


class CloseActionRequest(Request):
    """``close-action``: strengths, the Close Action Value and what is known before the roll."""

    attack: StrengthIn
    defense: StrengthIn
    close_action_value: Annotated[int, Field(ge=1, le=9)]
    attacker_disrupted: bool = False
    defender_disrupted: bool = False
    defender_can_retreat: bool = True
    die_roll: Die | None = None
    table_file: str | None = None
    rulings: Rulings = None


class RecoveryRequest(Request):
    """``recovery``: the printed Morale Rating and the 11.54 situations that hold."""

    morale: Annotated[int, Field(ge=1, le=4)]
    friendly_armor: bool = False
    friendly_hq_or_leader: bool = False
    adjacent_enemy_armor: bool = False
    out_of_supply: bool = False
    adjacent_friendly_disrupted: bool = False
    die_roll: Die | None = None


class WeatherRequest(Request):
    """``weather``: a printed ``band`` or a clock ``time``, the map ``half`` and ``night``."""

    band: Literal["0201-0600", "1201-1400"] | None = None
    time: str | None = None
    half: Literal["north", "south"]
    night: bool = False
    rulings: Rulings = None


class AirLandingRequest(Request):
    """``air-landing``: the 14.11 weather (0, 3, 6 or P), night and flak, or the total."""

    weather: Literal[0, 3, 6, "P"] | None = None
    night: bool = False
    flak: Annotated[int, Field(ge=0)] = 0
    flight_condition_points: Annotated[int, Field(ge=0)] | None = None
    rulings: Rulings = None


class HexIn(Request):
    """One hex: its terrain, a Hilltop or Slope in it, the hexside crossed, the route followed."""

    terrain: HexTerrainIn
    hilltop: bool = False
    slope: bool = False
    hexside: HexsideIn | None = None
    route: RouteIn | None = None

    def entry(self) -> HexEntry:
        """The domain value."""
        return HexEntry(self.terrain, self.hilltop, self.slope, self.hexside, self.route)


class ObservationIn(Request):
    """A line of sight: both hexes, the distance and the numbered terrain types between."""

    observer: HexIn
    target: HexIn
    distance: Annotated[int, Field(ge=1)]
    between: list[BetweenIn] = Field(default_factory=list)


class TerrainRequest(Request):
    """``terrain``: who moves, the hexes entered in order and, optionally, a line of sight."""

    mode: Literal["dispersed", "concentrated", "travel"]
    unit: Literal[
        "infantry", "heavy-weapons", "hq", "engineer", "armor", "recon", "artillery"
    ]  # fmt: skip
    side: Literal["german", "allied"] = "allied"
    map: Literal["A", "B", "C", "D"] | None = None
    path: Annotated[list[HexIn], Field(min_length=1)]
    observation: ObservationIn | None = None
    rulings: Rulings = None


def _figure(name: str, value: object, case: str, note: str = "") -> dict[str, Any]:
    shown = to_json(value)
    return {"name": name, "value": shown, "case": case, "note": note}


def _odds(table: Mapping[Any, Fraction]) -> dict[str, Any]:
    return {str(k): to_json(v) for k, v in table.items()}


def _rulings_used(chosen: Mapping[str, str], ids: tuple[str, ...]) -> dict[str, str]:
    return {i: chosen[i] for i in ids}


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
    if req.table_file:
        table = read_table_file(base / req.table_file, req.table_file)
    else:
        table = decoded_table(chosen[DIE_ROLL_WINDOWS.id])
    situation = Situation(req.attacker_disrupted, req.defender_disrupted, req.defender_can_retreat)
    action = close_action(column, req.close_action_value, table, situation)
    first = table.first_rows[column.column]
    summary = [
        f"{_n(column.attack)} against {_n(column.defense)}: column {column.column}, "
        f"Close Action Value {req.close_action_value} (8.73)",
        f"Defender disrupted or worse: {_chance(1 - action.defender_odds.get('no effect', 0))}; "
        f"attacker disrupted or worse: {_chance(1 - action.attacker_odds.get('no effect', 0))}",
    ]
    result = None
    if req.die_roll is not None:
        result = action.lines[req.die_roll - 1]
        summary.append(
            f"Die roll {result.die}: row {result.row}, {result.cell} — attacker "
            f"{result.attacker}; defender {result.defender}; {result.advance}"
        )
    figures = [
        _figure("Attack strength", column.attack, "8.73"),
        _figure("Defense strength", column.defense, "8.73"),
        _figure("Combat Strength Ratio column", column.column, "8.73", column.note),
        _figure("Close Action Value", req.close_action_value, "8.73", "the result column"),
        _figure(
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
            "cell": _odds(action.cell_odds),
            "attacker": _odds(action.attacker_odds),
            "defender": _odds(action.defender_odds),
            "advance": _odds(action.advance_odds),
        },
        "notes": notes,
        "column": to_json(column),
        "decoding": table.decoding,
        "windows": dict(table.first_rows),
        "die_rolls": to_json(action.lines),
        "result": to_json(result),
        "rulings": _rulings_used(
            chosen,
            (ODDS_ROUNDING.id, ZERO_AGAINST_ZERO.id)
            + (() if req.table_file else (DIE_ROLL_WINDOWS.id,)),
        ),
    }


CAV_COLUMNS: Final = tuple(f"cav{v}" for v in CLOSE_ACTION_VALUES)
TABLE_HEADER: Final = ("row", *RATIOS, *CAV_COLUMNS)
"""The columns of a ``table_file``: a free ``row`` label (shown in errors), the six ratio columns (the die roll printed beside the row,
blank where none) and the nine Close Action Value cells ``cav1``..``cav9``."""


def read_table_file(path: Path, shown: str) -> CloseActionTable:
    """A player's transcription of 8.73 in the printed staggered layout (CSV with the columns
    of ``TABLE_HEADER``, one line per result row). Raises ``RequestError`` at ``table_file``
    for a missing or unreadable file, a wrong header, a die roll that is not 1-6 or windows and
    cells that do not make a table (8.73)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise _table_error(f"cannot read {shown}: {exc.strerror}") from exc
    reader = csv.DictReader(text.splitlines())
    if tuple(reader.fieldnames or ()) != TABLE_HEADER:
        raise _table_error(
            f"{shown}: the header must be {','.join(TABLE_HEADER)}; found "
            f"{','.join(reader.fieldnames or ()) or 'nothing'}"
        )
    layout: list[dict[str, int]] = []
    rows: list[tuple[str, ...]] = []
    for line in reader:
        where = f"{shown} line {reader.line_num} ({(line.get('row') or '').strip()})"
        printed: dict[str, int] = {}
        for ratio in RATIOS:
            cell = (line.get(ratio) or "").strip()
            if cell and (not cell.isdigit() or not 1 <= int(cell) <= 6):
                raise _table_error(f"{where} column {ratio}: {cell!r} is not a die roll 1-6")
            if cell:
                printed[ratio] = int(cell)
        layout.append(printed)
        rows.append(tuple((line.get(c) or "").strip() for c in CAV_COLUMNS))
    try:
        return table_from_rows(rows, windows_from_layout(layout), shown, shown)
    except ValueError as exc:
        raise _table_error(f"{shown}: {exc}") from exc


def _table_error(message: str) -> RequestError:
    return RequestError([LedgerError("table_file", message, "8.73")])


# --- disruption recovery (11.51, 11.54) -------------------------------------------------------


def run_recovery(data: Any, base: Path) -> dict[str, Any]:
    """``recovery``: the exact odds of removing Disruption (11.51 with 11.54)."""
    req = validated(RecoveryRequest, data, CASES)
    table = recovery_table()
    held = [a.key for a in table.adjustments if getattr(req, a.key)]
    recovery = disruption_recovery(req.morale, held, table)
    summary = [
        f"Morale Rating {req.morale}, adjustment {recovery.modifier:+d}: Disruption removed "
        f"{_chance(recovery.chance)} (11.51)"
    ]
    if req.die_roll is not None:
        total = min(req.die_roll + recovery.modifier, table.highest)
        cell = table.lookup(total, req.morale)
        removed = "removed" if cell == "R" else "not removed"
        summary.append(f"Die roll {req.die_roll}: adjusted {total}, Disruption {removed}")
    figures = [_figure("Morale Rating (printed)", req.morale, "11.51")]
    figures += [
        _figure(f"11.54 item {a.item}", f"{a.value:+d}", "11.54", a.label) for a in recovery.applied
    ]
    figures.append(
        _figure(
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
            "adjusted roll": _odds(recovery.totals),
            "recovery": _odds(
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
            f"{_chance(found.no_air_operations)} (14.11)"
        ],
        "figures": [
            _figure("Time band", band, "14.11", note),
            _figure("Map half", req.half, "14.11"),
            _figure("Night points added", 5 if req.night else 0, "14.11"),
        ],
        "odds": {"Weather Condition points": _odds(found.condition_odds)},
        "notes": ["P: no air operations; the night addition does not change it (14.11)."],
        "row": found.row,
        "printed_odds": _odds(found.printed_odds),
        "rulings": _rulings_used(chosen, (UNPRINTED_TIMES.id,)),
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
    if req.flight_condition_points is not None:
        points = req.flight_condition_points
        how = "given"
    else:
        assert isinstance(req.weather, int)
        points = flight_condition_points(req.weather, req.night, req.flak)
        how = f"weather {req.weather} + night {5 if req.night else 0} + flak {req.flak}"
    landing = air_landing(points, chosen[SCATTER_DIRECTIONS.id])
    lands = landing.distance_odds.get("0", Fraction(0))
    return {
        "summary": [
            f"{points} Flight Condition points: column {landing.row} (14.92)",
            f"Lands in the drop hex {_chance(lands)}; scatters "
            f"{_chance(1 - lands - landing.result_odds.get(ABORT, Fraction(0)))}; aborts "
            f"{_chance(landing.result_odds.get(ABORT, Fraction(0)))}",
        ],
        "figures": [
            _figure("Flight Condition points", points, "14.92", how),
            _figure("Column", landing.row, "14.92"),
            _figure("Each unit loses 1 strength point (L1)", landing.loss_chance, "14.92"),
        ],
        "odds": {
            "result": _odds(landing.result_odds),
            "distance (hexes)": _odds(landing.distance_odds),
            "landing hex": _odds(landing.spot_odds),
            "abort": _odds(landing.abort_odds),
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
        "rulings": _rulings_used(chosen, (SCATTER_DIRECTIONS.id,)),
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
    except ValueError as exc:
        raise domain_error("map" if "give the map" in str(exc) else "path", exc) from exc
    figures = []
    for i, step in enumerate(cost.steps, start=1):
        value = "P" if step.cost is None else step.cost
        figures.append(
            _figure(f"Hex {i}: {step.entry.terrain}", value, "10.15", "; ".join(step.working))
        )
    total = "prohibited" if cost.total is None else f"{_n(cost.total)} of {cost.movement_allowance}"
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
        figures.append(_figure("Observation Range", seen.range, "10.15", f"row {seen.row}"))
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
        "rulings": _rulings_used(
            chosen,
            (ROUGH_ARMOR.id, ROAD_OVER_HEXSIDE.id, ARTILLERY_COLUMN.id, OBSERVATION_ROW.id),
        ),
    }


def _n(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else str(value)


def _chance(value: Fraction | int) -> str:
    chance = Fraction(value)
    return f"{_n(chance)} ({float(chance) * 100:.1f} %)"


GAME: Final = GameCalculators(
    id="htr",
    title="SPI Highway to the Reich (1976/77)",
    rules="../shared/rules/004_948575d8d0b81562.txt",
    doc="docs/games/htr.md",
    calculations=(
        Calculation(
            "close-action",
            "Close Action Results Table: column, every die roll and both sides' odds",
            "8.73",
            run_close_action,
            "close-action.json",
        ),
        Calculation(
            "recovery",
            "Disruption Recovery with the 11.54 adjustments: exact odds",
            "11.51",
            run_recovery,
            "recovery.json",
        ),
        Calculation(
            "weather",
            "Weather Conditions: exact odds of each value and of no air operations",
            "14.11",
            run_weather,
            "weather.json",
        ),
        Calculation(
            "air-landing",
            "Air Landing: exact odds of landing, scatter hex and distance, losses and abort",
            "14.92",
            run_air_landing,
            "air-landing.json",
        ),
        Calculation(
            "terrain",
            "Terrain Effects: movement cost by mode, stacking and observation",
            "10.15",
            run_terrain,
            "terrain.json",
        ),
    ),
    rulings=RULINGS,
)
