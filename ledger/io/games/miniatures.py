"""The WW2 miniatures rules' calculators as JSON in, JSON out (docs/games/miniatures.md).

Calculations: ``command-test`` (2.1), ``dangerous-terrain`` (2.3), ``towing`` (2.4),
``dig-in`` and ``minefield`` (2.5). This module validates the requests (pydantic), reads the
player's CSV tables (the Command Chart and the dangerous terrain ranges, which the text does
not print) with Python's ``csv`` module, and shows the domain results of
``ledger.games.miniatures`` as JSON. Bad input raises ``RequestError`` naming the field (and, for
a CSV, the file, row and column).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import Field, StrictBool, StrictInt

from ledger.combat.forces import Figure, to_json
from ledger.errors import LedgerError
from ledger.games.miniatures.command import (
    CommandChart,
    CommandChartRow,
    command_test,
    modifier_problems,
)
from ledger.games.miniatures.defenses import dig_in, minefield_passage
from ledger.games.miniatures.rulings import (
    CONSECUTIVE_ASSAULT,
    FIRE_BEFORE_LIMBERING,
    MINEFIELD_EDGE,
    MOVED_TIME,
    REPEAT_TERRAIN,
    RULINGS,
    SHORT_MOVE,
    TOWING_MOVE,
)
from ledger.games.miniatures.terrain import (
    DangerousTerrain,
    dangerous_crossing,
    parse_range,
    terrain_chart,
)
from ledger.games.miniatures.towing import Deployment, Limbering, deployment, limbering
from ledger.io.combat_request import RequestError
from ledger.io.games import (
    Calculation,
    GameCalculators,
    Request,
    chosen_rulings,
    domain_error,
    validated,
)

T = TypeVar("T")

# --- the player's CSV tables ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CsvTable:
    """A CSV the player supplied: ``origin`` (file name or "inline"), ``field`` of the request
    that gave it, and its data rows as ``(line number, {column: text})``."""

    origin: str
    field: str
    rows: tuple[tuple[int, dict[str, str]], ...]

    def error(self, line: int, column: str, message: str, case: str) -> LedgerError:
        """A problem at ``line``/``column`` of this table, naming the file."""
        return LedgerError(
            self.field, f"{self.origin} row {line}, column {column!r}: {message}", case
        )


def read_csv_table(
    text: str, origin: str, field: str, columns: Sequence[str], case: str
) -> CsvTable:
    """The rows of CSV ``text`` with exactly the header ``columns`` (any order, any case).

    Blank lines and lines whose first cell starts with ``#`` are skipped (comments). Raises
    ``RequestError`` at ``field`` naming ``origin``, the row and the column for a missing or
    unknown header, a row with the wrong number of cells, or text the CSV reader refuses.
    """
    reader = csv.reader(io.StringIO(text), strict=True)
    header: list[str] | None = None
    rows: list[tuple[int, dict[str, str]]] = []
    errors: list[LedgerError] = []
    try:
        for cells in reader:
            if not any(c.strip() for c in cells) or cells[0].strip().startswith("#"):
                continue
            if header is None:
                header = [c.strip().casefold() for c in cells]
                missing = [c for c in columns if c not in header]
                unknown = [c for c in header if c not in columns]
                if missing or unknown or len(set(header)) != len(header):
                    raise RequestError(
                        [
                            LedgerError(
                                field,
                                f"{origin} row {reader.line_num}: the header must name the "
                                f"columns {', '.join(columns)}; found {', '.join(header)}",
                                case,
                            )
                        ]
                    )
                continue
            if len(cells) != len(header):
                errors.append(
                    LedgerError(
                        field,
                        f"{origin} row {reader.line_num}: expected {len(header)} cells "
                        f"({', '.join(header)}), found {len(cells)}",
                        case,
                    )
                )
                continue
            rows.append(
                (reader.line_num, dict(zip(header, (c.strip() for c in cells), strict=True)))
            )
    except csv.Error as exc:
        errors.append(LedgerError(field, f"{origin} row {reader.line_num}: not CSV: {exc}", case))
    if header is None and not errors:
        errors.append(
            LedgerError(field, f"{origin}: empty; expected the header {', '.join(columns)}", case)
        )
    if errors:
        raise RequestError(errors)
    return CsvTable(origin, field, tuple(rows))


def load_csv(
    base: Path,
    name: str | None,
    inline: str | None,
    fields: tuple[str, str],
    columns: Sequence[str],
    case: str,
) -> CsvTable | None:
    """The CSV named ``name`` (relative to ``base``) or given ``inline``; ``None`` when neither.
    Raises ``RequestError`` when both are given, the file cannot be read, or it is malformed."""
    if name is not None and inline is not None:
        raise RequestError(
            [LedgerError(fields[1], f"give {fields[0]} or {fields[1]}, not both", case)]
        )
    if inline is not None:
        return read_csv_table(inline, "inline CSV", fields[1], columns, case)
    if name is None:
        return None
    path = base / name
    try:
        text = path.read_text(encoding="utf-8-sig")
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise RequestError(
            [LedgerError(fields[0], f"cannot read {name!r} (in {base}): {reason}", case)]
        ) from exc
    except UnicodeDecodeError as exc:
        raise RequestError(
            [LedgerError(fields[0], f"{name}: not UTF-8 text ({exc.reason})", case)]
        ) from exc
    return read_csv_table(text, name, fields[0], columns, case)


COMMAND_COLUMNS = ("training", "maneuver", "assault")
"""The header of a Command Chart CSV (templates/games/miniatures-command-chart.csv)."""
TERRAIN_COLUMNS = ("terrain", "immobilized_on")
"""The header of a dangerous terrain CSV (templates/games/miniatures-dangerous-terrain.csv)."""


def command_chart_from(table: CsvTable) -> CommandChart:
    """The Command Chart in ``table`` (2.1): every value a whole number. Raises
    ``RequestError`` listing every bad cell (file, row, column) or a repeated training."""
    errors: list[LedgerError] = []
    rows = []
    for line, cells in table.rows:
        if not cells["training"]:
            errors.append(table.error(line, "training", "empty; name the training value", "2.1"))
            continue
        values = {}
        for column in ("maneuver", "assault"):
            try:
                values[column] = int(cells[column])
            except ValueError:
                errors.append(
                    table.error(
                        line, column, f"expected a whole number, found {cells[column]!r}", "2.1"
                    )
                )
        if len(values) == 2:
            rows.append(CommandChartRow(cells["training"], values["maneuver"], values["assault"]))
    if errors:
        raise RequestError(errors)
    try:
        return CommandChart(tuple(rows), table.origin)
    except ValueError as exc:
        raise domain_error(table.field, exc) from exc


def terrains_from(table: CsvTable) -> list[DangerousTerrain]:
    """The dangerous terrain ranges in ``table`` (2.3). Raises ``RequestError`` listing every
    bad cell (file, row, column)."""
    errors: list[LedgerError] = []
    found = []
    for line, cells in table.rows:
        if not cells["terrain"]:
            errors.append(table.error(line, "terrain", "empty; name the terrain type", "2.3"))
            continue
        try:
            found.append(DangerousTerrain(cells["terrain"], parse_range(cells["immobilized_on"])))
        except ValueError as exc:
            errors.append(table.error(line, "immobilized_on", str(exc), "2.3"))
    if errors:
        raise RequestError(errors)
    return found


# --- requests ------------------------------------------------------------------------------


class CommandTestRequest(Request):
    """``command-test``: see docs/games/miniatures.md."""

    declared: Literal["maneuver", "assault", "go-prone"]
    training: str | None = None
    modifiers: dict[str, StrictBool | StrictInt] = Field(default_factory=dict)
    command_chart: str | None = None
    command_chart_csv: str | None = None
    rulings: dict[str, str] | None = None


class Crossing(Request):
    """A dangerous terrain on the route given with its own range."""

    terrain: str = Field(min_length=1)
    immobilized_on: str


class DangerousTerrainRequest(Request):
    """``dangerous-terrain``: see docs/games/miniatures.md."""

    route: list[str | Crossing] = Field(min_length=1)
    vehicles: int = Field(default=1, ge=1, le=100)
    yards_moved: int | None = Field(default=None, ge=0)
    terrain_chart: str | None = None
    terrain_chart_csv: str | None = None
    rulings: dict[str, str] | None = None


class TowingRequest(Request):
    """``towing``: see docs/games/miniatures.md."""

    gun_class: int = Field(ge=1)
    action: Literal["unlimber", "limber"]
    vehicle_moved_before: Fraction = Field(default=Fraction(0), ge=0, le=1)
    max_move_yards: int | None = Field(default=None, ge=0)
    moves_after: bool = True
    german_88_flak: bool = False
    rulings: dict[str, str] | None = None


class DigInRequest(Request):
    """``dig-in``: see docs/games/miniatures.md."""

    base: Literal["infantry", "heavy-weapon", "towed-weapon", "vehicle"]
    works: Literal["hasty", "foxholes"]
    turns_spent: int = Field(default=0, ge=0)
    engineer: bool = False
    prone: bool = False
    frontage_yards: int | None = Field(default=None, gt=0)


class MinefieldRequest(Request):
    """``minefield``: see docs/games/miniatures.md."""

    bases: int = Field(ge=1)
    minefields: list[int] = Field(min_length=1)
    on_cleared_lane: bool = False
    engineer_clearing: Literal["standing", "prone"] | None = None
    rulings: dict[str, str] | None = None


CASES = {
    "declared": "2.1",
    "training": "2.1",
    "modifiers": "2.1",
    "command_chart": "2.1",
    "command_chart_csv": "2.1",
    "route": "2.3",
    "vehicles": "2.3",
    "yards_moved": "2.3",
    "terrain_chart": "2.3",
    "terrain_chart_csv": "2.3",
    "gun_class": "2.4",
    "action": "2.4",
    "vehicle_moved_before": "2.4",
    "max_move_yards": "2.4",
    "german_88_flak": "2.4",
    "base": "2.5",
    "works": "2.5",
    "turns_spent": "2.5",
    "prone": "2.2",
    "frontage_yards": "2.5",
    "bases": "2.5",
    "minefields": "2.5",
    "engineer_clearing": "2.5",
}
"""Request field → the rule case its errors cite."""


def _domain(field_name: str, work: Callable[[], T]) -> T:
    try:
        return work()
    except (ValueError, KeyError) as exc:
        raise domain_error(field_name, exc) from exc


def _result(
    summary: list[str],
    figures: list[Figure],
    odds: dict[str, dict[str, Fraction]],
    notes: list[str],
    rulings: dict[str, str],
    **own: object,
) -> dict[str, Any]:
    data = {
        "summary": summary,
        "figures": figures,
        "odds": odds,
        "notes": notes,
        "rulings": rulings,
        **own,
    }
    shown = to_json(data)
    assert isinstance(shown, dict)
    return shown


def _share(value: Fraction) -> str:
    if value == 0:
        return "none"
    return str(value.numerator) if value.denominator == 1 else f"{value}"


# --- command-test (2.1) --------------------------------------------------------------------


def run_command_test(data: Any, base: Path) -> dict[str, Any]:
    """``command-test`` (2.1): the modifiers, the chart value, the roll needed and the exact
    chance of passing. Raises ``RequestError``."""
    req = validated(CommandTestRequest, data, CASES)
    rulings = chosen_rulings(RULINGS, req.rulings)
    problems = modifier_problems(req.modifiers)
    if problems:
        raise RequestError([LedgerError(f"modifiers.{p.name}", p.message, "2.1") for p in problems])
    table = load_csv(
        base,
        req.command_chart,
        req.command_chart_csv,
        ("command_chart", "command_chart_csv"),
        COMMAND_COLUMNS,
        "2.1",
    )
    chart = command_chart_from(table) if table is not None else None
    test = _domain(
        "training",
        lambda: command_test(
            req.declared, req.modifiers, chart, req.training, rulings[CONSECUTIVE_ASSAULT.id]
        ),
    )
    if test.declared == "go-prone":
        return _result(
            ["Going prone needs no command test (2.1)."],
            [Figure("Declared", "go prone", "2.1", "no die is rolled")],
            {},
            [],
            rulings,
            test=test,
        )
    column = test.declared.capitalize()
    figures = [Figure("Declared column", column, "2.1", "declared before the roll")]
    figures += [
        Figure(m.name, m.points, m.case, f"{m.times} x; {m.note}" if m.times > 1 else m.note)
        for m in test.modifiers
    ]
    figures.append(Figure("Modifier in all", f"{test.modifier:+d}", "2.1", "added to the die"))
    notes = []
    skipped = rulings[CONSECUTIVE_ASSAULT.id] == "assault-only"
    if test.declared == "maneuver" and req.modifiers.get("consecutive_assault_moves") and skipped:
        notes.append(
            "Consecutive assault moves are left out of a Maneuver test "
            "(ruling miniatures-consecutive-assault-column: assault-only)."
        )
    odds: dict[str, dict[str, Fraction]] = {
        "modified roll": {str(t): p for t, p in test.modified_roll_odds.items()}
    }
    if test.chart_value is None:
        summary = [
            f"{column} test: die {test.modifier:+d}; no Command Chart is loaded, so the value to "
            "reach is unknown (2.1)."
        ]
        notes.append(
            "The text does not print the Command Chart: load yours as CSV (command_chart or "
            "command_chart_csv; template templates/games/miniatures-command-chart.csv)."
        )
        return _result(summary, figures, odds, notes, rulings, test=test)
    figures.append(
        Figure(
            "Chart value",
            test.chart_value,
            "2.1",
            f"training {test.training}, {column} column of {chart.source if chart else ''}",
        )
    )
    chance = test.pass_chance or Fraction(0)
    if test.needed_roll is None:
        needed = "no roll passes"
    elif test.needed_roll <= 1:
        needed = "every roll passes"
    else:
        needed = f"{test.needed_roll}+ on the die"
    figures.append(
        Figure(
            "Die roll needed",
            needed,
            "2.1",
            f"chart value {test.chart_value} less the modifier {test.modifier:+d}",
        )
    )
    figures.append(Figure("Chance to pass", chance, "2.1", "exact, one six-sided die"))
    odds["command test"] = {k: p for k, p in (("pass", chance), ("fail", 1 - chance)) if p}
    summary = [
        f"{column} test for {test.training}: {needed} (need {test.chart_value}, modifier "
        f"{test.modifier:+d}); chance to pass {_fraction(chance)} (2.1)."
    ]
    return _result(summary, figures, odds, notes, rulings, test=test)


def _fraction(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else str(value)


# --- dangerous-terrain (2.3) ---------------------------------------------------------------


def run_dangerous_terrain(data: Any, base: Path) -> dict[str, Any]:
    """``dangerous-terrain`` (2.3): exact immobilization odds over a route, for one vehicle and
    a group. Raises ``RequestError``."""
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
    terrains = {t.terrain.casefold(): t for t in (terrains_from(table) if table else [])}
    errors = []
    route = []
    for i, step in enumerate(req.route):
        if isinstance(step, Crossing):
            try:
                found = DangerousTerrain(step.terrain, parse_range(step.immobilized_on))
            except ValueError as exc:
                errors.append(LedgerError(f"route[{i}].immobilized_on", str(exc), "2.3"))
                continue
            terrains[found.terrain.casefold()] = found
            route.append(found.terrain)
        else:
            route.append(step)
    if errors:
        raise RequestError(errors)
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
    chart = _domain("terrain_chart", lambda: terrain_chart(list(terrains.values()), source))
    crossing = _domain(
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
    figures = []
    for part in crossing.steps:
        if part.rolled:
            note = f"I {part.immobilized_on} on 2d6; reached still mobile {_fraction(part.reaches)}"
        else:
            note = "no roll (" + (
                "already rolled for this type this turn)" if crossing.moved else "under 100 yards)"
            )
        figures.append(Figure(f"{part.terrain}: immobilized", part.immobilized_here, "2.3", note))
    figures.append(Figure("Rolls at most", crossing.rolls, "2.3", "one per dangerous type reached"))
    odds: dict[str, dict[str, Fraction]] = {"one vehicle": crossing.vehicle_odds}
    for key in dict.fromkeys(s.terrain for s in crossing.steps):
        odds[f"one roll in {key}"] = chart.distribution(key)
    summary = [
        f"One vehicle is immobilized with chance {_fraction(crossing.immobilized_chance)} over "
        f"{len(crossing.steps)} dangerous terrain crossing(s) (2.3)."
    ]
    if req.vehicles > 1:
        odds[f"vehicles immobilized of {req.vehicles}"] = crossing.group_odds
        summary.append(
            f"Of {req.vehicles} vehicles, at least one is immobilized with chance "
            f"{_fraction(crossing.at_least_one)}."
        )
        figures.append(
            Figure("At least one immobilized", crossing.at_least_one, "2.3", "each rolls alone")
        )
    notes = []
    if not crossing.moved:
        notes.append(
            f"Moved {req.yards_moved} yards, under 100: not a move, no roll "
            "(ruling miniatures-short-move-roll)."
        )
    notes.append("An immobilized vehicle stops, so it never rolls for the terrain after it.")
    return _result(summary, figures, odds, notes, rulings, crossing=crossing, chart_source=source)


# --- towing (2.4) --------------------------------------------------------------------------


def run_towing(data: Any, base: Path) -> dict[str, Any]:
    """``towing`` (2.4): limber/unlimber and set-up times by gun class, turn-by-turn fire
    verdicts and the towing vehicle's move. Raises ``RequestError``."""
    req = validated(TowingRequest, data, CASES)
    rulings = chosen_rulings(RULINGS, req.rulings)
    if req.action == "unlimber":
        plan = _domain(
            "vehicle_moved_before",
            lambda: deployment(req.gun_class, req.vehicle_moved_before, rulings[MOVED_TIME.id]),
        )
        return _unlimber_result(plan, req, rulings)
    limber = _domain(
        "vehicle_moved_before",
        lambda: limbering(
            req.gun_class,
            req.vehicle_moved_before,
            max_move_yards=req.max_move_yards,
            moves_after=req.moves_after,
            german_88_flak=req.german_88_flak,
            towing_move=rulings[TOWING_MOVE.id],
            fire_before=rulings[FIRE_BEFORE_LIMBERING.id],
        ),
    )
    return _limber_result(limber, rulings)


FIRE_WORDS = {
    "no": "may not fire",
    "moved": "fires with the Moved modifier",
    "full": "fires at full effect",
}


def _size_figures(gun_class: int, size: Any) -> list[Figure]:
    return [
        Figure("Gun class", gun_class, "2.4", f"{size.label} ({size.classes})"),
        Figure("Limber cost", _share(size.limber), "2.4", "turns of the vehicle's movement"),
        Figure("Unlimber cost", _share(size.unlimber), "2.4", "turns of the vehicle's movement"),
        Figure("Set-up time", _share(size.set_up), "2.4", "turns, by the crew"),
    ]


def _unlimber_result(
    plan: Deployment, req: TowingRequest, rulings: dict[str, str]
) -> dict[str, Any]:
    figures = _size_figures(plan.gun_class, plan.size)
    figures.append(
        Figure("Towed before stopping", _share(plan.towed_before), "2.4", "share of turn 1")
    )
    for t in plan.turns:
        parts = [
            f"{label} {_share(v)}"
            for label, v in (
                ("towed", t.towed),
                ("unlimbering", t.unlimbering),
                ("setting up", t.setting_up),
                ("ready", t.ready),
            )
            if v
        ]
        figures.append(
            Figure(f"Turn {t.turn}", FIRE_WORDS[t.fire], "2.4", f"{', '.join(parts)}; {t.reason}")
        )
    first = plan.turns[plan.first_fire - 1]
    summary = [
        f"Gun class {plan.gun_class} ({plan.size.label}): first fires in turn {plan.first_fire}"
        f"{' with the Moved modifier' if first.fire == 'moved' else ' at full effect'}; "
        f"full effect from turn {plan.full_effect} (2.4)."
    ]
    notes = [
        f"Moved-modifier time counted by ruling miniatures-moved-modifier-time: {rulings[MOVED_TIME.id]}."
    ]
    if req.german_88_flak:
        notes.append(
            "The German 88 flak may also fire limbered while stationary, with the Moved modifier (2.4)."
        )
    return _result(summary, figures, {}, notes, rulings, deployment=plan)


def _limber_result(limber: Limbering, rulings: dict[str, str]) -> dict[str, Any]:
    figures = _size_figures(limber.gun_class, limber.size)
    figures.append(Figure("Turn used before limbering", _share(limber.before), "2.4", ""))
    figures.append(Figure("Turn left after limbering", _share(limber.left), "2.4", ""))
    figures.append(
        Figure(
            "Towing rate",
            str(limber.towing_rate),
            "2.4",
            f"of the maximum move; terrain penalties x{limber.terrain_factor}",
        )
    )
    if limber.towing_yards is not None:
        figures.append(
            Figure(
                "Towing move left (yards)",
                limber.towing_yards,
                "2.4",
                f"ruling miniatures-towing-move-left: {rulings[TOWING_MOVE.id]}",
            )
        )
    figures.append(
        Figure(
            "Fire this turn", FIRE_WORDS[limber.fire_this_turn], "2.4", limber.fire_this_turn_reason
        )
    )
    figures.append(
        Figure(
            "Fire while limbered",
            FIRE_WORDS[limber.fire_while_limbered],
            "2.4",
            limber.fire_while_limbered_reason,
        )
    )
    yards = (
        ""
        if limber.towing_yards is None
        else f"; may tow {_fraction(limber.towing_yards)} yards more this turn"
    )
    summary = [
        f"Limbering a class {limber.gun_class} ({limber.size.label}) gun costs the vehicle "
        f"{_share(limber.cost)} of a turn{yards}; the gun {FIRE_WORDS[limber.fire_while_limbered]} while limbered (2.4)."
    ]
    return _result(summary, figures, {}, [], rulings, limbering=limber)


# --- dig-in and minefield (2.5) ------------------------------------------------------------


def run_dig_in(data: Any, base: Path) -> dict[str, Any]:
    """``dig-in`` (2.5): who may dig, how many turns, trench line for vehicles. Raises
    ``RequestError``."""
    req = validated(DigInRequest, data, CASES)
    work = _domain(
        "frontage_yards" if req.base == "vehicle" else "turns_spent",
        lambda: dig_in(
            req.base,
            req.works,
            turns_spent=req.turns_spent,
            engineer=req.engineer,
            prone=req.prone,
            frontage_yards=req.frontage_yards,
        ),
    )
    if work.trench_line_yards is not None:
        summary = [
            f"A vehicle with {req.frontage_yards} yards of frontage uses "
            f"{work.trench_line_yards} yards of Setup Sheet trench line (2.5)."
        ]
        figures = [Figure("Trench line (yards)", work.trench_line_yards, "2.5", work.reason)]
    elif not work.allowed:
        summary = [f"Cannot dig: {work.reason}."]
        figures = [Figure("Allowed", "no", "2.5", work.reason)]
    else:
        summary = [
            f"{work.works_label}: {work.turns} turns; {work.turns_left} left after "
            f"{work.turns_spent} (2.5)."
        ]
        figures = [
            Figure("Allowed", "yes", "2.5", work.reason),
            Figure("Turns needed", work.turns, "2.5", work.works_label),
            Figure("Turns left", work.turns_left, "2.5", f"after {work.turns_spent} spent"),
            Figure("Counts as moved", "yes", "2.5", "while digging"),
        ]
    return _result(summary, figures, {}, [], {}, dig_in=work)


def run_minefield(data: Any, base: Path) -> dict[str, Any]:
    """``minefield`` (2.5): which minefields a path enters and how many Area Weapons Chart rolls
    the bases make. Raises ``RequestError``."""
    req = validated(MinefieldRequest, data, CASES)
    rulings = chosen_rulings(RULINGS, req.rulings)
    passage = _domain(
        "minefields",
        lambda: minefield_passage(
            req.bases,
            req.minefields,
            on_cleared_lane=req.on_cleared_lane,
            clearing_stance=req.engineer_clearing,
            edge=rulings[MINEFIELD_EDGE.id],
        ),
    )
    figures = [
        Figure(
            f"Minefield {i + 1}",
            "entered" if inside else "missed",
            "2.5",
            f"closest {yards} yards; radius {passage.radius_yards}",
        )
        for i, (yards, inside) in enumerate(zip(passage.approaches, passage.entered, strict=True))
    ]
    figures.append(
        Figure("Rolls per base", passage.rolls_per_base, "2.5", "Area Weapons Chart, no modifiers")
    )
    figures.append(Figure("Rolls in all", passage.rolls, "2.5", f"{passage.bases} base(s)"))
    if passage.clearing_rate:
        figures.append(
            Figure(
                "Engineer clearing rate",
                passage.clearing_rate,
                "2.5",
                f"{passage.clearing_stance} engineers",
            )
        )
    lane = " (on a cleared lane: no rolls)" if passage.on_cleared_lane else ""
    summary = [
        f"{passage.rolls} Area Weapons Chart roll(s), no modifiers, for {passage.bases} base(s) "
        f"through {sum(passage.entered)} minefield(s){lane} (2.5)."
    ]
    notes = ["The Area Weapons Chart is not in the text: roll it at the table."]
    return _result(summary, figures, {}, notes, rulings, passage=passage)


GAME = GameCalculators(
    id="miniatures",
    title="the WW2 miniatures rules",
    rules="../shared/rules/002_1132c6af1cb7af1a.txt",
    doc="docs/games/miniatures.md",
    calculations=(
        Calculation(
            "command-test",
            "1d6 plus modifiers against the Command Chart value: the roll needed and the odds",
            "2.1",
            run_command_test,
            "command-test.json",
        ),
        Calculation(
            "dangerous-terrain",
            "2d6 immobilization odds over a route of dangerous terrain, one vehicle or a group",
            "2.3",
            run_dangerous_terrain,
            "dangerous-terrain.json",
        ),
        Calculation(
            "towing",
            "limber, unlimber and set-up times by gun class, and when the gun may fire",
            "2.4",
            run_towing,
            "towing.json",
        ),
        Calculation(
            "dig-in",
            "who may dig in, the turns a hasty dig-in or foxholes take, trench line for vehicles",
            "2.5",
            run_dig_in,
            "dig-in.json",
        ),
        Calculation(
            "minefield",
            "minefields entered and Area Weapons Chart rolls, cleared lanes, engineer speed",
            "2.5",
            run_minefield,
            "minefield.json",
        ),
    ),
    rulings=RULINGS,
)
"""The miniatures calculators (registered in ``ledger.io.games``)."""
