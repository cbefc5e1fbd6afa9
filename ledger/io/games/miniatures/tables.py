"""The player's CSV tables for the miniatures calculators: the Command Chart (2.1) and the
dangerous terrain ranges (2.3), which the rules text does not print.

Read with Python's ``csv``. Every problem is a ``LedgerError`` at the request field that gave
the table (``command_chart`` for a file, ``command_chart_csv`` inline, ...), its message naming
the file ("inline CSV" for text), the row (the file's line number) and, where there is one, the
column. Formats: docs/games/miniatures.md; empty templates in ``templates/games/``.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ledger.games.miniatures import name_key
from ledger.games.miniatures.command import CommandChart, CommandChartRow
from ledger.games.miniatures.terrain import DangerousTerrain, parse_range
from ledger.io import files
from ledger.io.combat_request import RequestError
from ledger.io.games import domain_error
from ledger.model.errors import LedgerError

COMMAND_COLUMNS = ("training", "maneuver", "assault")
"""The header of a Command Chart CSV (templates/games/miniatures-command-chart.csv), 2.1."""
TERRAIN_COLUMNS = ("terrain", "immobilized_on")
"""The header of a dangerous terrain CSV (templates/games/miniatures-dangerous-terrain.csv),
2.3."""


@dataclass(frozen=True, slots=True)
class CsvTable:
    """A CSV the player supplied: ``origin`` (file name or "inline CSV"), ``field`` of the
    request that gave it, and its data rows as ``(line number, {column: text})``."""

    origin: str
    field: str
    rows: tuple[tuple[int, dict[str, str]], ...]

    def error(self, line: int, column: str, message: str, case: str) -> LedgerError:
        """A problem at ``line``/``column`` of this table, naming the file."""
        return LedgerError(
            self.field, f"{self.origin} row {line}, column {column!r}: {message}", case
        )


def _header_problem(header: list[str], columns: Sequence[str]) -> str | None:
    """What is wrong with ``header`` (already folded to lower case), or ``None``."""
    missing = [c for c in columns if c not in header]
    unknown = [c for c in dict.fromkeys(header) if c not in columns]
    twice = [c for c in dict.fromkeys(header) if header.count(c) > 1]
    parts = []
    if missing:
        parts.append(f"missing column {', '.join(map(repr, missing))}")
    if unknown:
        parts.append(f"unknown column {', '.join(map(repr, unknown))}")
    if twice:
        parts.append(f"column {', '.join(map(repr, twice))} twice")
    if not parts:
        return None
    return f"{'; '.join(parts)}: the header must be {','.join(columns)} (any order)"


def read_csv_table(
    text: str, origin: str, field: str, columns: Sequence[str], case: str
) -> CsvTable:
    """The rows of CSV ``text`` with exactly the header ``columns`` (any order, any case).

    Blank lines and lines whose first cell starts with ``#`` are skipped (comments). Raises
    ``RequestError`` at ``field`` naming ``origin`` and the row (and column) for a missing,
    unknown or repeated header column, a row with the wrong number of cells, text the CSV reader
    refuses, or no header at all.
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
                problem = _header_problem(header, columns)
                if problem:
                    message = f"{origin} row {reader.line_num}: {problem}"
                    raise RequestError([LedgerError(field, message, case)])
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
            LedgerError(field, f"{origin}: empty; expected the header {','.join(columns)}", case)
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
    """The CSV named ``name`` (relative to ``base``, the request file's folder) or given
    ``inline``; ``None`` when neither. ``fields`` are the request's (file, inline) field names.
    Raises ``RequestError`` when both are given, the file cannot be read or is not UTF-8, or it
    is malformed (``read_csv_table``)."""
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
        text = files.read_text(path, fields[0], files.REQUEST_MAX_BYTES)
    except files.FileUnreadable as exc:
        raise RequestError(
            [LedgerError(fields[0], f"cannot read {name!r} (in {base}): {exc.reason}", case)]
        ) from exc
    except files.FileRefused as exc:
        raise RequestError([LedgerError(fields[0], e.message, case) for e in exc.errors]) from exc
    return read_csv_table(text, name, fields[0], columns, case)


def _repeated(
    table: CsvTable, column: str, line: int, name: str, seen: dict[str, int], case: str
) -> LedgerError | None:
    """An error when ``name`` (compared by ``name_key``) already appeared at another row."""
    first = seen.setdefault(name_key(name), line)
    if first == line:
        return None
    return table.error(line, column, f"{name!r} repeats row {first}; give it one row", case)


def command_chart_from(table: CsvTable) -> CommandChart:
    """The Command Chart in ``table`` (2.1): every value a whole number, each training once.
    Raises ``RequestError`` listing every bad cell (file, row, column): an empty or repeated
    training, a value that is not a whole number, or a table without rows."""
    errors: list[LedgerError] = []
    rows = []
    seen: dict[str, int] = {}
    for line, cells in table.rows:
        training = cells["training"]
        if not training:
            errors.append(table.error(line, "training", "empty; name the training value", "2.1"))
            continue
        repeat = _repeated(table, "training", line, training, seen, "2.1")
        if repeat:
            errors.append(repeat)
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
            rows.append(CommandChartRow(training, values["maneuver"], values["assault"]))
    if not table.rows:
        errors.append(
            LedgerError(
                table.field,
                f"{table.origin} has no training rows: add one per training value of your chart "
                "(training,maneuver,assault)",
                "2.1",
            )
        )
    if errors:
        raise RequestError(errors)
    try:
        return CommandChart(tuple(rows), table.origin)
    except ValueError as exc:
        raise domain_error(table.field, exc) from exc


def terrains_from(table: CsvTable) -> list[DangerousTerrain]:
    """The dangerous terrain ranges in ``table`` (2.3), each terrain once. Raises
    ``RequestError`` listing every bad cell (file, row, column): an empty or repeated terrain, a
    range that is not two-dice sums, or a table without rows."""
    errors: list[LedgerError] = []
    found = []
    seen: dict[str, int] = {}
    for line, cells in table.rows:
        terrain = cells["terrain"]
        if not terrain:
            errors.append(table.error(line, "terrain", "empty; name the terrain type", "2.3"))
            continue
        repeat = _repeated(table, "terrain", line, terrain, seen, "2.3")
        if repeat:
            errors.append(repeat)
            continue
        try:
            found.append(DangerousTerrain(terrain, parse_range(cells["immobilized_on"])))
        except ValueError as exc:
            errors.append(table.error(line, "immobilized_on", str(exc), "2.3"))
    if not table.rows:
        errors.append(
            LedgerError(
                table.field,
                f"{table.origin} has no terrain rows: add one per dangerous terrain type of "
                "your chart (terrain,immobilized_on)",
                "2.3",
            )
        )
    if errors:
        raise RequestError(errors)
    return found
