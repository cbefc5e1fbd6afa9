"""The player's Mobile and Assault CRTs from a CSV file (docs/games/bfna.md, "The CRT file";
templates/games/bfna-crt.csv), read with Python's ``csv`` module.

The rules text prints no CRT numbers, so the player supplies them. Every problem is reported
at once, naming the file, the row (the file's line) and the column.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Mapping
from pathlib import Path

from ledger.charts.odds import parse_ratio
from ledger.games.battles_for_north_africa.crt import (
    TABLES,
    CombatResultsTable,
    TableName,
    build_table,
    check_code,
)
from ledger.io.combat_request import RequestError
from ledger.io.games.battles_for_north_africa.models import CRT_CASE
from ledger.io.games.battles_for_north_africa.problems import read_text
from ledger.model.errors import LedgerError

Bad = Callable[[int, str, str], None]
"""Records a problem: (file line, column as written or "", message)."""


class _Sheet:
    """What has been read so far: the ``header`` as written, its odds ``keys`` as ratios
    ("3:2" and " 3-2" both become "3-2"), and per table the cells and the line of each roll."""

    def __init__(self) -> None:
        self.header: list[str] = []
        self.keys: list[str] = []
        self.cells: dict[str, dict[tuple[str, int], str]] = {t: {} for t in TABLES}
        self.rows: dict[str, dict[int, int]] = {t: {} for t in TABLES}


def read_crt_csv(text: str, origin: str, field: str) -> dict[str, CombatResultsTable]:
    """The Mobile and Assault CRTs in CSV ``text``: {"mobile": ..., "assault": ...}, either
    missing when the file gives it no cells.

    Format: header ``table,roll,<odds column>...`` (columns such as ``1-2``, ``3-2``, rising),
    then one row per table (``mobile``/``assault``) and die roll, each cell one result code.
    Blank lines and lines whose first cell starts with ``#`` are comments. A column left empty
    in every row of a table is one that table does not print. Raises ``RequestError`` at
    ``field`` naming ``origin``, the row and the column of every problem (Combat Phase ¶4).
    """
    errors: list[LedgerError] = []

    def bad(line: int, column: str, message: str) -> None:
        where = f"{origin} row {line}" + (f", column {column!r}" if column else "")
        errors.append(LedgerError(field, f"{where}: {message}", CRT_CASE))

    sheet = _Sheet()
    reader = csv.reader(io.StringIO(text), strict=True)
    try:
        for row in reader:
            line = reader.line_num
            if not any(c.strip() for c in row) or row[0].strip().startswith("#"):
                continue
            if not sheet.header:
                _read_header(sheet, [c.strip() for c in row], line, bad)
                if errors:
                    break
                continue
            _read_row(sheet, [c.strip() for c in row], line, bad)
    except csv.Error as exc:
        bad(reader.line_num, "", f"not CSV: {exc}")
    if not sheet.header and not errors:
        bad(reader.line_num, "", "no header; expected table,roll,<odds columns> such as 1-1")
    if errors:
        raise RequestError(errors)
    tables = _build_tables(sheet, origin, bad)
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


def _read_header(sheet: _Sheet, header: list[str], line: int, bad: Bad) -> None:
    if [h.casefold() for h in header[:2]] != ["table", "roll"]:
        bad(line, "", f"the header starts table,roll; found {','.join(header[:2])}")
        return
    if len(header) < 3:
        bad(line, "", "no odds columns after table,roll")
    keys: list[str] = []
    for column in header[2:]:
        try:
            key = parse_ratio(column).key
        except ValueError as exc:
            bad(line, column, str(exc))
            key = column
        if key in keys:
            bad(line, column, f"the column {key} repeats")
        keys.append(key)
    sheet.header, sheet.keys = header, keys


def _read_row(sheet: _Sheet, row: list[str], line: int, bad: Bad) -> None:
    if len(row) != len(sheet.header):
        bad(line, "", f"expected {len(sheet.header)} cells as in the header, found {len(row)}")
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
    rows = sheet.rows[table]
    if roll in rows:
        bad(line, "roll", f"the {table} CRT already has die roll {roll} (row {rows[roll]})")
        return
    rows[roll] = line
    for written, key, text in zip(sheet.header[2:], sheet.keys, row[2:], strict=True):
        if not text:
            continue
        try:
            sheet.cells[table][(key, roll)] = check_code(text)
        except ValueError as exc:
            bad(line, written, str(exc))


def _build_tables(sheet: _Sheet, origin: str, bad: Bad) -> dict[str, CombatResultsTable]:
    tables: dict[str, CombatResultsTable] = {}
    written = dict(zip(sheet.keys, sheet.header[2:], strict=True))
    for name in TABLES:
        found: Mapping[tuple[str, int], str] = sheet.cells[name]
        if not found:
            continue
        lines = sheet.rows[name]
        printed = [c for c in sheet.keys if any((c, r) in found for r in lines)]
        missing = [(c, r) for c in printed for r in sorted(lines) if (c, r) not in found]
        for column, roll in missing:
            bad(lines[roll], written[column], f"empty, but the {name} CRT prints this column")
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
    """The CRTs of the CSV file ``name`` (relative to ``base``, the request's folder) or of the
    ``inline`` CSV text (field ``crt_csv``, as the dashboard sends an upload); ``None`` when
    neither is given (``crt`` wins when both are: the request model refuses that). Raises
    ``RequestError`` when the file cannot be read or is malformed (``read_crt_csv``)."""
    if name is not None:
        return read_crt_csv(read_text(base, name, "crt", CRT_CASE), name, "crt")
    if inline is not None:
        return read_crt_csv(inline, "inline CSV", "crt_csv")
    return None
