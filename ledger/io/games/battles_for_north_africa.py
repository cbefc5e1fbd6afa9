"""Battles for North Africa (ADC2) calculators as JSON in, JSON out (docs/games/bfna.md).

Calculations: ``combat`` (odds, CRT choice, drm stack and, with the player's CRT loaded, the exact
odds of every result code: Combat Phase ¶3-¶14), ``result`` (a result code applied to the units:
Combat Phase ¶7-¶16) and ``supply`` (supply paths on a hex map the player describes: Supply
¶1-¶4). This module validates requests with pydantic, reads the player's CRT CSV with Python's
``csv`` module and the map file with ``tomllib``/``json``, and shows the domain results of
``ledger.games.battles_for_north_africa`` as JSON. Bad input raises ``RequestError`` naming the
field (and, for a file, the file, row and column or the field inside it).

Cases are ``"<section heading> ¶<n>"``: the text has no numbered cases (see the package
``ledger.games.battles_for_north_africa``).
"""

from __future__ import annotations

import csv
import io
import json
import tomllib
from collections.abc import Mapping, Sequence
from fractions import Fraction
from itertools import pairwise
from pathlib import Path
from typing import Annotated, Any, Final, Literal

from pydantic import Field, StrictBool, StrictInt, ValidationError

from ledger.charts.odds import OddsTooLow, parse_ratio
from ledger.combat.forces import to_json
from ledger.errors import LedgerError
from ledger.games.battles_for_north_africa import rulings as R
from ledger.games.battles_for_north_africa.combat import CombatOdds, CombatSetup, work_out_combat
from ledger.games.battles_for_north_africa.crt import (
    TABLES,
    CombatResultsTable,
    TableName,
    build_table,
    check_code,
)
from ledger.games.battles_for_north_africa.hexgrid import (
    Hex,
    HexMap,
    Layout,
    hex_text,
    parse_hex,
    rectangle,
    texts,
)
from ledger.games.battles_for_north_africa.results import apply_result, explanation_table
from ledger.games.battles_for_north_africa.strength import FireSupport, StrengthLine
from ledger.games.battles_for_north_africa.supply import (
    SIDES,
    MapUnit,
    SupplyMap,
    trace_supply,
    zoc_of,
)
from ledger.games.battles_for_north_africa.terrain import hex_terrain, hexside_terrain
from ledger.games.battles_for_north_africa.units import CombatUnit, unit_type
from ledger.io.combat_request import RequestError
from ledger.io.games import (
    Calculation,
    GameCalculators,
    Request,
    chosen_rulings,
    field_path,
    validated,
)

CRT_CASE: Final = "Combat Phase ¶4"
GRID_CASE: Final = "Supply ¶2"
NonNegative = Annotated[StrictInt, Field(ge=0)]
Side = Literal["axis", "allied"]

# --- requests ------------------------------------------------------------------------------


class UnitIn(Request):
    """One unit of a combat (see ``units.CombatUnit``)."""

    name: str = Field(min_length=1)
    type: str
    af: NonNegative = 0
    df: NonNegative = 0
    bf: NonNegative = 0
    fpf: NonNegative = 0
    in_battery: StrictBool = False
    in_supply: StrictBool = True
    disabled: StrictBool = False
    rommel: StrictBool = False
    steps: Annotated[StrictInt, Field(ge=1)] = 2
    hexsides: tuple[str, ...] = ()
    by_road: StrictBool = False


class SupportIn(Request):
    """An in-battery artillery unit giving fire support: BF (offensive) or FPF (defensive)."""

    name: str = Field(min_length=1)
    strength: NonNegative
    type: str = "arty"
    in_supply: StrictBool = True


class CombatRequest(Request):
    """The ``combat`` request (docs/games/bfna.md)."""

    attackers: list[UnitIn] = Field(min_length=1)
    defenders: list[UnitIn] = Field(min_length=1)
    terrain: str = "clear"
    fortification: Literal[0, 1, 2] = 0
    terrain_drm: StrictInt = 0
    offensive_fire: tuple[SupportIn, ...] = ()
    defensive_fire: tuple[SupportIn, ...] = ()
    close_attack: tuple[NonNegative, ...] = ()
    close_defense: tuple[NonNegative, ...] = ()
    stukas: NonNegative = 0
    initiative_failure: StrictBool = False
    table: Literal["mobile", "assault"] | None = None
    crt: str | None = None
    crt_csv: str | None = None
    rulings: dict[str, str] = Field(default_factory=dict)


class ResultRequest(Request):
    """The ``result`` request (docs/games/bfna.md)."""

    code: str
    attackers: list[UnitIn] = Field(min_length=1)
    defenders: list[UnitIn] = Field(min_length=1)
    table: Literal["mobile", "assault"] | None = None
    fortification: Literal[0, 1, 2] = 0
    through_minefields: StrictBool = False
    steps_instead_of_retreat: StrictBool = False
    rulings: dict[str, str] = Field(default_factory=dict)


class SupplyRequest(Request):
    """The ``supply`` request: the map (a file name or the map itself), the side, the units."""

    grid: str | dict[str, Any]
    side: Side
    units: tuple[str, ...] = ()
    rulings: dict[str, str] = Field(default_factory=dict)


class GridUnitIn(Request):
    """A unit in a map file (see ``supply.MapUnit``)."""

    id: str = Field(min_length=1)
    side: Side
    hex: str
    type: str
    mp: NonNegative | None = None
    df: NonNegative = 1
    in_reserve: StrictBool = False
    disabled: StrictBool = False
    supply_source: StrictBool = False
    depleted: StrictBool = False


class GridIn(Request):
    """A map file (docs/games/bfna.md, "The map file")."""

    layout: Literal["odd-q", "even-q", "odd-r", "even-r", "axial"] = "odd-q"
    columns: tuple[StrictInt, StrictInt] | None = None
    rows: tuple[StrictInt, StrictInt] | None = None
    hexes: tuple[str, ...] = ()
    sea: tuple[str, ...] = ()
    roads: tuple[list[str], ...] = ()
    sources: dict[Side, list[str]] = Field(default_factory=dict)
    enemy_controlled: tuple[str, ...] = ()
    units: tuple[GridUnitIn, ...] = ()
    zoc: dict[Side, list[str]] = Field(default_factory=dict)
    closed_hexsides: dict[Side, list[tuple[str, str]]] = Field(default_factory=dict)


FIELD_CASES: Final = {
    "attackers": "Combat Phase ¶4",
    "defenders": "Combat Phase ¶4",
    "type": "Unit Capabilities ¶9",
    "af": "Unit Capabilities ¶7",
    "df": "Unit Capabilities ¶7",
    "bf": "Unit Capabilities ¶12",
    "fpf": "Unit Capabilities ¶12",
    "steps": "Unit Capabilities ¶10",
    "terrain": "intro ¶4",
    "fortification": "Fortifications ¶1",
    "terrain_drm": "Combat Phase ¶6",
    "offensive_fire": "Artillery Units ¶3",
    "defensive_fire": "Artillery Units ¶5",
    "close_attack": "Air Missions ¶4",
    "close_defense": "Air Missions ¶3",
    "stukas": "Air Missions ¶5",
    "initiative_failure": "Retreat before Combat ¶2",
    "table": "Combat Phase ¶5",
    "crt": CRT_CASE,
    "code": "Combat Phase ¶7-¶14",
    "steps_instead_of_retreat": "Retreat ¶4",
    "grid": GRID_CASE,
    "side": "Supply ¶2",
}

# --- the player's CRT CSV ------------------------------------------------------------------


def read_crt_csv(text: str, origin: str, field: str) -> dict[str, CombatResultsTable]:
    """The Mobile and Assault CRTs in CSV ``text`` (docs/games/bfna.md, templates/games/
    bfna-crt.csv): header ``table,roll,<odds column>...``, then one row per table and die roll.

    Blank lines and lines whose first cell starts with ``#`` are comments. A column left empty
    in every row of a table is not printed on that table. Raises ``RequestError`` at ``field``
    naming ``origin``, the row and the column of every problem.
    """
    errors: list[LedgerError] = []

    def bad(line: int, column: str, message: str) -> None:
        where = f"{origin} row {line}" + (f", column {column!r}" if column else "")
        errors.append(LedgerError(field, f"{where}: {message}", CRT_CASE))

    reader = csv.reader(io.StringIO(text), strict=True)
    header: list[str] = []
    cells: dict[str, dict[tuple[str, int], str]] = {t: {} for t in TABLES}
    rows: dict[str, dict[int, int]] = {t: {} for t in TABLES}
    try:
        for row in reader:
            line = reader.line_num
            if not any(c.strip() for c in row) or row[0].strip().startswith("#"):
                continue
            if not header:
                header = [c.strip() for c in row]
                _check_header(header, line, bad)
                if errors:
                    break
                continue
            _read_row([c.strip() for c in row], header, line, cells, rows, bad)
    except csv.Error as exc:
        bad(reader.line_num, "", f"not CSV: {exc}")
    if not header and not errors:
        bad(reader.line_num, "", "no header; expected table,roll,<odds columns> such as 1-1")
    if errors:
        raise RequestError(errors)
    tables = _build_tables(header[2:], cells, rows, origin, bad)
    if errors:
        raise RequestError(errors)
    if not tables:
        raise RequestError(
            [
                LedgerError(
                    field,
                    f"{origin}: no result cells; fill in your game's Mobile and Assault CRTs "
                    "(the template ships empty: the rules text does not print them)",
                    CRT_CASE,
                )
            ]
        )
    return tables


def _check_header(header: list[str], line: int, bad: Any) -> None:
    if [h.casefold() for h in header[:2]] != ["table", "roll"]:
        bad(line, "", f"the header starts table,roll; found {','.join(header[:2])}")
        return
    seen = set()
    for column in header[2:]:
        try:
            parse_ratio(column)
        except ValueError as exc:
            bad(line, column, str(exc))
        if column in seen:
            bad(line, column, "the column repeats")
        seen.add(column)
    if len(header) < 3:
        bad(line, "", "no odds columns after table,roll")


def _read_row(
    row: list[str],
    header: list[str],
    line: int,
    cells: dict[str, dict[tuple[str, int], str]],
    rows: dict[str, dict[int, int]],
    bad: Any,
) -> None:
    if len(row) != len(header):
        bad(line, "", f"expected {len(header)} cells as in the header, found {len(row)}")
        return
    table = row[0].casefold()
    if table not in TABLES:
        bad(line, "table", f"expected mobile or assault, found {row[0]!r}")
        return
    try:
        roll = int(row[1])
    except ValueError:
        bad(line, "roll", f"expected a whole die roll, found {row[1]!r}")
        return
    if roll in rows[table]:
        bad(line, "roll", f"the {table} CRT already has die roll {roll} (row {rows[table][roll]})")
        return
    rows[table][roll] = line
    for column, text in zip(header[2:], row[2:], strict=True):
        if not text:
            continue
        try:
            cells[table][(column, roll)] = check_code(text)
        except ValueError as exc:
            bad(line, column, str(exc))


def _build_tables(
    columns: list[str],
    cells: Mapping[str, Mapping[tuple[str, int], str]],
    rows: Mapping[str, Mapping[int, int]],
    origin: str,
    bad: Any,
) -> dict[str, CombatResultsTable]:
    tables: dict[str, CombatResultsTable] = {}
    for name in TABLES:
        found = cells[name]
        if not found:
            continue
        lines = rows[name]
        printed = [c for c in columns if any((c, r) in found for r in lines)]
        missing = [(c, r) for c in printed for r in sorted(lines) if (c, r) not in found]
        for column, roll in missing:
            bad(lines[roll], column, f"empty, but the {name} CRT prints this column")
        if missing:
            continue
        table_name: TableName = "mobile" if name == "mobile" else "assault"
        try:
            tables[name] = build_table(table_name, printed, dict(found), origin)
        except ValueError as exc:
            bad(min(lines.values()), "", str(exc))
    return tables


def load_crt(
    base: Path, name: str | None, inline: str | None
) -> dict[str, CombatResultsTable] | None:
    """The CRTs of the CSV file ``name`` (relative to ``base``) or the ``inline`` CSV text;
    ``None`` when neither is given. ``RequestError`` when both are, the file cannot be read or
    it is malformed."""
    if name is not None and inline is not None:
        raise RequestError([LedgerError("crt_csv", "give crt or crt_csv, not both", CRT_CASE)])
    if inline is not None:
        return read_crt_csv(inline, "inline CSV", "crt_csv")
    if name is None:
        return None
    text = _read_text(base, name, "crt", CRT_CASE)
    return read_crt_csv(text, name, "crt")


def _read_text(base: Path, name: str, field: str, case: str) -> str:
    try:
        return (base / name).read_text(encoding="utf-8-sig")
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise RequestError(
            [LedgerError(field, f"cannot read {name!r} (in {base}): {reason}", case)]
        ) from exc
    except UnicodeDecodeError as exc:
        raise RequestError(
            [LedgerError(field, f"{name}: not UTF-8 text ({exc.reason})", case)]
        ) from exc


# --- combat --------------------------------------------------------------------------------


def _units(raw: Sequence[UnitIn], field: str) -> tuple[CombatUnit, ...]:
    units, errors = [], []
    for i, u in enumerate(raw):
        where = f"{field}[{i}]"
        try:
            kind = unit_type(u.type)
        except ValueError as exc:
            errors.append(LedgerError(f"{where}.type", str(exc), "Unit Capabilities ¶9"))
            continue
        try:
            units.append(
                CombatUnit(**{**u.model_dump(), "type": kind, "hexsides": tuple(u.hexsides)})
            )
        except ValueError as exc:
            errors.append(LedgerError(where, str(exc), _case_in(str(exc))))
    if errors:
        raise RequestError(errors)
    return tuple(units)


def _support(raw: Sequence[SupportIn], field: str) -> tuple[FireSupport, ...]:
    found, errors = [], []
    for i, s in enumerate(raw):
        try:
            found.append(FireSupport(s.name, s.strength, unit_type(s.type), s.in_supply))
        except ValueError as exc:
            errors.append(LedgerError(f"{field}[{i}]", str(exc), _case_in(str(exc))))
    if errors:
        raise RequestError(errors)
    return tuple(found)


def _case_in(message: str) -> str:
    """The case a domain message ends with, "(Combat Phase ¶5)" → "Combat Phase ¶5"."""
    if message.endswith(")") and "¶" in message:
        return message[message.rindex("(") + 1 : -1]
    return ""


def _domain(field: str, exc: Exception) -> RequestError:
    text = str(exc)
    return RequestError([LedgerError(field, text, _case_in(text))])


def run_combat(data: Any, base: Path) -> dict[str, Any]:
    """The ``combat`` calculation: odds, CRT, drm and, with a CRT loaded, the exact odds of
    every result code. Raises ``RequestError``."""
    req = validated(CombatRequest, data, FIELD_CASES)
    chosen = chosen_rulings(R.RULINGS, req.rulings)
    attackers = _units(req.attackers, "attackers")
    defenders = _units(req.defenders, "defenders")
    try:
        terrain = hex_terrain(req.terrain)
    except ValueError as exc:
        raise _domain("terrain", exc) from exc
    _check_hexsides(req.attackers)
    setup = CombatSetup(
        attackers=attackers,
        defenders=defenders,
        terrain=terrain,
        fortification=req.fortification,
        terrain_drm=req.terrain_drm,
        offensive_fire=_support(req.offensive_fire, "offensive_fire"),
        defensive_fire=_support(req.defensive_fire, "defensive_fire"),
        close_attack=tuple(req.close_attack),
        close_defense=tuple(req.close_defense),
        stukas=req.stukas,
        initiative_failure=req.initiative_failure,
        table=req.table,
    )
    tables = load_crt(base, req.crt, req.crt_csv)
    try:
        worked = work_out_combat(setup, tables, chosen)
    except OddsTooLow as exc:
        raise _domain("attackers", exc) from exc
    except ValueError as exc:
        raise _domain(_field_of(str(exc)), exc) from exc
    return _combat_json(worked, chosen, req.crt or ("inline CSV" if req.crt_csv else ""))


def _check_hexsides(raw: Sequence[UnitIn]) -> None:
    errors = []
    for i, u in enumerate(raw):
        for j, h in enumerate(u.hexsides):
            try:
                hexside_terrain(h)
            except ValueError as exc:
                errors.append(LedgerError(f"attackers[{i}].hexsides[{j}]", str(exc), "intro ¶6"))
    if errors:
        raise RequestError(errors)


def _field_of(message: str) -> str:
    for word, field in (
        ("close attack", "close_attack"),
        ("close defense", "close_defense"),
        ("CRT", "table"),
        ("stuka", "stukas"),
        ("fortification", "fortification"),
    ):
        if word in message:
            return field
    return "attackers"


def _combat_json(worked: CombatOdds, chosen: Mapping[str, str], crt_name: str) -> dict[str, Any]:
    t = worked.totals
    table = worked.choice.table
    column = worked.column
    ratio = f"{_num(t.attack)} to {_num(t.defense)}"
    if t.defense:
        ratio += f" = {_num(t.attack / t.defense)}"
    where = f"column {column.column}" if column else "no column"
    summary = [
        f"{table.capitalize()} CRT, {where} (odds {ratio}), drm {worked.drm:+d}",
    ]
    if worked.results:
        summary.append(
            f"{table.capitalize()} CRT {column.column if column else ''} results: "
            + ", ".join(f"{code} {_num(p)}" for code, p in worked.results.items())
        )
    elif t.defense:
        summary.append("No CRT loaded: load your game's CRT CSV for the odds of each result.")
    figures = [
        *_strength_figures(t.attack_lines, "attack"),
        *_strength_figures(t.defense_lines, "defense"),
    ]
    for name, value, case in (
        ("offensive fire support (BF)", t.offensive_fire, "Artillery Units ¶3"),
        ("close attack support", t.close_attack, "Air Missions ¶4"),
        ("defensive fire support (FPF)", t.defensive_fire, "Artillery Units ¶5"),
        ("close defense support", t.close_defense, "Air Missions ¶3"),
    ):
        if value:
            figures.append(_figure(name, value, case, "added to the side's total"))
    figures.append(_figure("total attack", t.attack, "Combat Phase ¶4", "AF + BF + support"))
    figures.append(_figure("total defense", t.defense, "Combat Phase ¶4", "DF + FPF + support"))
    if column is not None:
        figures.append(_figure("odds column", column.column, "Combat Phase ¶4", column.note))
    figures.append(_figure("CRT", table, "Combat Phase ¶5", "; ".join(worked.choice.reasons)))
    for d in worked.drms:
        figures.append(_figure(f"drm: {d.name}", f"{d.value:+d}", d.case, d.note))
    figures.append(_figure("drm total", f"{worked.drm:+d}", "Combat Phase ¶6", "the terms added"))
    odds: dict[str, Any] = {}
    if worked.results:
        odds["result"] = to_json(worked.results)
        odds["final die roll"] = to_json(worked.final_rolls)
    return {
        "summary": summary,
        "figures": figures,
        "odds": odds,
        "notes": list(worked.notes),
        "attack": to_json(t.attack),
        "defense": to_json(t.defense),
        "column": to_json(column) if column else None,
        "table": to_json(worked.choice),
        "drms": to_json(worked.drms),
        "drm": worked.drm,
        "crt": {"loaded": bool(worked.results), "file": crt_name, "table": worked.crt},
        "rulings": dict(chosen),
    }


def _strength_figures(lines: Sequence[StrengthLine], side: str) -> list[dict[str, Any]]:
    out = []
    for line in lines:
        note = "; ".join(line.steps) or "as printed"
        case = "Combat Phase ¶3-¶4" if line.steps else "Combat Phase ¶4"
        out.append(
            _figure(f"{side}: {line.unit} ({line.factor} {line.printed})", line.value, case, note)
        )
    return out


def _figure(name: str, value: object, case: str, note: str) -> dict[str, Any]:
    shown = _num(value) if isinstance(value, Fraction | int) else value
    return {"name": name, "value": shown, "case": case, "note": note}


def _num(value: Fraction | int) -> str:
    f = Fraction(value)
    return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"


# --- result --------------------------------------------------------------------------------


def run_result(data: Any, base: Path) -> dict[str, Any]:
    """The ``result`` calculation: what a result code does to each listed unit, in the
    reduction order of Combat Phase ¶15. Raises ``RequestError``."""
    req = validated(ResultRequest, data, FIELD_CASES)
    chosen = chosen_rulings(R.RULINGS, req.rulings)
    try:
        check_code(req.code)
    except ValueError as exc:
        raise _domain("code", exc) from exc
    attackers = _units(req.attackers, "attackers")
    defenders = _units(req.defenders, "defenders")
    try:
        applied = apply_result(
            req.code,
            attackers,
            defenders,
            table=req.table or "",
            fortification=req.fortification,
            through_minefields=req.through_minefields,
            steps_instead_of_retreat=req.steps_instead_of_retreat,
            by_af_in_every_group=chosen[R.REDUCTION_AF.id] == "every-group",
            attacker_same_order=chosen[R.OWN_REDUCTIONS.id] == "same-order",
        )
    except ValueError as exc:
        raise _domain("steps_instead_of_retreat", exc) from exc
    m = applied.meaning
    summary = [f"{m.code}: {m.meaning} ({m.case})"]
    figures = []
    for o in applied.outcomes:
        if o.removed:
            fate = "removed"
        elif o.retreat:
            fate = f"retreats {o.retreat}"
        else:
            fate = "stays"
        if o.steps_taken:
            fate = f"{o.steps_taken} step(s), {fate}"
        summary.append(f"{o.side} {o.unit}: {fate}")
        figures.append(
            _figure(f"{o.side}: {o.unit}", fate, m.case, "; ".join(o.effects) or "no effect")
        )
    notes = list(applied.notes)
    for side, steps in applied.unabsorbed.items():
        notes.append(f"{steps} {side} step(s) had no unit left to take them")
    return {
        "summary": summary,
        "figures": figures,
        "odds": {},
        "notes": notes,
        "outcomes": to_json(applied.outcomes),
        "reduction_order": {
            "attacker": list(applied.attacker_order),
            "defender": list(applied.defender_order),
        },
        "advance": applied.advance,
        "explanation": to_json(explanation_table()),
        "rulings": dict(chosen),
    }


# --- supply --------------------------------------------------------------------------------


def load_grid(base: Path, grid: str | dict[str, Any]) -> SupplyMap:
    """The map of a ``supply`` request: a JSON or TOML file named relative to ``base`` (by its
    extension), or the map itself inline. Raises ``RequestError`` naming ``grid`` and the field
    inside the file for a file that cannot be read or parsed, a bad hex, a hex off the map, a
    road between hexes that do not touch, or a unit on a sea hex."""
    if isinstance(grid, str):
        text = _read_text(base, grid, "grid", GRID_CASE)
        origin = grid
        try:
            if grid.endswith(".toml"):
                data: Any = tomllib.loads(text)
            else:
                data = json.loads(text)
        except (tomllib.TOMLDecodeError, json.JSONDecodeError) as exc:
            raise RequestError(
                [LedgerError("grid", f"{origin}: not valid {_kind(grid)}: {exc}", GRID_CASE)]
            ) from exc
    else:
        data, origin = grid, "inline map"
    try:
        raw = GridIn.model_validate(data)
    except ValidationError as exc:
        raise RequestError(
            [
                LedgerError(
                    f"grid.{field_path(tuple(e['loc']))}",
                    f"{origin}: {e['msg']}"
                    + (f"; found {e.get('input')!r}" if e["type"] != "missing" else ""),
                    GRID_CASE,
                )
                for e in exc.errors()
            ]
        ) from exc
    return _GridBuilder(raw, origin).build()


def _kind(name: str) -> str:
    return "TOML" if name.endswith(".toml") else "JSON"


class _GridBuilder:
    """Turns a validated map file into a ``SupplyMap``, collecting every problem."""

    def __init__(self, raw: GridIn, origin: str) -> None:
        self.raw = raw
        self.origin = origin
        self.errors: list[LedgerError] = []
        self.map = HexMap("odd-q", frozenset())

    def bad(self, where: str, message: str, case: str = GRID_CASE) -> None:
        self.errors.append(LedgerError(f"grid.{where}", f"{self.origin}: {message}", case))

    def hex(self, text: str, where: str) -> Hex | None:
        try:
            h = parse_hex(text)
        except ValueError as exc:
            self.bad(where, str(exc))
            return None
        if h not in self.map:
            self.bad(where, f"hex {hex_text(h)} is not on the map")
            return None
        return h

    def hexes(self, items: Sequence[str], where: str) -> list[Hex]:
        found = [self.hex(t, f"{where}[{i}]") for i, t in enumerate(items)]
        return [h for h in found if h is not None]

    def build(self) -> SupplyMap:
        raw = self.raw
        layout: Layout = raw.layout
        cells: set[Hex] = set()
        if (raw.columns is None) != (raw.rows is None):
            self.bad("columns", "give both columns and rows, or neither")
        elif raw.columns is not None and raw.rows is not None:
            try:
                cells |= rectangle(raw.columns, raw.rows)
            except ValueError as exc:
                self.bad("columns", str(exc))
        for i, text in enumerate(raw.hexes):
            try:
                cells.add(parse_hex(text))
            except ValueError as exc:
                self.bad(f"hexes[{i}]", str(exc))
        if not cells and not self.errors:
            self.bad("columns", "the map has no hexes; give columns and rows or hexes")
        self.map = HexMap(layout, frozenset(cells))
        sea = frozenset(self.hexes(raw.sea, "sea"))
        self.map = HexMap(layout, frozenset(cells), sea)
        roads = self._roads()
        sources: dict[str, tuple[Hex, ...]] = {
            side: tuple(self.hexes(hs, f"sources.{side}")) for side, hs in raw.sources.items()
        }
        controlled = frozenset(self.hexes(raw.enemy_controlled, "enemy_controlled"))
        zoc: dict[str, frozenset[Hex]] = {
            side: frozenset(self.hexes(hs, f"zoc.{side}")) for side, hs in raw.zoc.items()
        }
        closed: dict[str, frozenset[frozenset[Hex]]] = {
            side: self._hexsides(pairs, side) for side, pairs in raw.closed_hexsides.items()
        }
        units = self._units(sea)
        if self.errors:
            raise RequestError(self.errors)
        return SupplyMap(self.map, roads, sources, units, controlled, zoc, closed)

    def _roads(self) -> frozenset[frozenset[Hex]]:
        edges: set[frozenset[Hex]] = set()
        for i, chain in enumerate(self.raw.roads):
            where = f"roads[{i}]"
            if len(chain) < 2:
                self.bad(where, "a road runs through 2 hexes or more")
                continue
            hexes = [self.hex(t, f"{where}[{j}]") for j, t in enumerate(chain)]
            for j, (a, b) in enumerate(pairwise(hexes)):
                if a is None or b is None:
                    continue
                if not self.map.adjacent(a, b):
                    self.bad(
                        f"{where}[{j + 1}]",
                        f"road hexes {hex_text(a)} and {hex_text(b)} do not touch (intro ¶7)",
                        "intro ¶7",
                    )
                edges.add(frozenset((a, b)))
        return frozenset(edges)

    def _hexsides(self, pairs: Sequence[tuple[str, str]], side: str) -> frozenset[frozenset[Hex]]:
        found = set()
        for i, (a_text, b_text) in enumerate(pairs):
            where = f"closed_hexsides.{side}[{i}]"
            a, b = self.hex(a_text, where), self.hex(b_text, where)
            if a is None or b is None:
                continue
            if not self.map.adjacent(a, b):
                self.bad(where, f"{hex_text(a)} and {hex_text(b)} share no hexside")
            found.add(frozenset((a, b)))
        return frozenset(found)

    def _units(self, sea: frozenset[Hex]) -> tuple[MapUnit, ...]:
        units = []
        seen: set[str] = set()
        for i, u in enumerate(self.raw.units):
            where = f"units[{i}]"
            if u.id in seen:
                self.bad(f"{where}.id", f"unit id {u.id!r} repeats")
            seen.add(u.id)
            try:
                kind = unit_type(u.type)
            except ValueError as exc:
                self.bad(f"{where}.type", str(exc), "Unit Capabilities ¶9")
                continue
            h = self.hex(u.hex, f"{where}.hex")
            if h is None:
                continue
            if h in sea:
                self.bad(f"{where}.hex", f"{u.id} is on sea hex {hex_text(h)}", "Movement Phase ¶3")
                continue
            if u.disabled and not kind.heavy_armor:
                self.bad(
                    f"{where}.disabled", "only heavy armor can be disabled", "Unit Capabilities ¶11"
                )
            if (u.supply_source or u.depleted) and not kind.hq:
                self.bad(
                    f"{where}.supply_source", "only an HQ can be an emergency source", "Supply ¶4"
                )
            units.append(
                MapUnit(
                    u.id,
                    u.side,
                    h,
                    kind,
                    u.mp,
                    u.df,
                    u.in_reserve,
                    u.disabled,
                    u.supply_source,
                    u.depleted,
                )
            )
        return tuple(units)


def run_supply(data: Any, base: Path) -> dict[str, Any]:
    """The ``supply`` calculation: each unit's supply status with its path and route. Raises
    ``RequestError``."""
    req = validated(SupplyRequest, data, FIELD_CASES)
    chosen = chosen_rulings(R.RULINGS, req.rulings)
    supply_map = load_grid(base, req.grid)
    try:
        found = trace_supply(
            supply_map,
            req.side,
            req.units,
            hq_path_only=chosen[R.HQ_ROUTE.id] == "path-only",
        )
    except ValueError as exc:
        raise _domain("units", exc) from exc
    enemy = SIDES[1 - SIDES.index(req.side)]
    summary, figures = [], []
    for s in found:
        if s.via_hq:
            line = (
                f"{s.unit}: in supply from {s.via_hq} as an emergency source (it flips to "
                f"depleted), path {len(s.path) - 1} hex(es)"
            )
        elif s.in_supply:
            line = f"{s.unit}: in supply, path {len(s.path) - 1} hex(es) to the road route to {s.source}"
        else:
            line = f"{s.unit}: OUT OF SUPPLY"
        summary.append(line)
        figures.append(
            _figure(
                s.unit,
                "in supply" if s.in_supply else "out of supply",
                s.limit_case,
                f"{s.reason}; path limit {s.limit}"
                + (f"; path {' → '.join(texts(s.path))}" if s.path else "")
                + (f"; route {' → '.join(texts(s.route))}" if len(s.route) > 1 else ""),
            )
        )
    if not found:
        summary.append(f"no {req.side} combat units on the map")
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
        "side": req.side,
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
        "enemy_zoc": sorted(texts(zoc_of(supply_map, enemy))),
        "rulings": dict(chosen),
    }


GAME = GameCalculators(
    id="bfna",
    title="Battles for North Africa (ADC2)",
    rules="../shared/rules/003_b805c2b82228d148.txt",
    doc="docs/games/bfna.md",
    calculations=(
        Calculation(
            "combat",
            "odds after supply, terrain, fortification and support; Mobile or Assault CRT; the "
            "drm stack; with your CRT loaded, the exact odds of each result",
            "Combat Phase ¶3-¶6",
            run_combat,
            "combat.json",
        ),
        Calculation(
            "result",
            "what a result code (AR2 ... NE) does to each unit, in the reduction order",
            "Combat Phase ¶7-¶16",
            run_result,
            "result.json",
        ),
        Calculation(
            "supply",
            "supply paths of at most 7 hexes (MP for recce) to a road route, on your hex map",
            "Supply ¶2-¶4",
            run_supply,
            "supply.json",
        ),
    ),
    rulings=R.RULINGS,
)
