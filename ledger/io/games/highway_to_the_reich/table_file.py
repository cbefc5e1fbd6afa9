"""A player's own transcription of the Close Action Results Table 8.73 (``"table_file"``): a CSV
in the printed staggered layout, read with the ``csv`` module.

Shape: the header ``TABLE_HEADER`` (``row,1-3,1-2,1-1,2-1,3-1,4-1,cav1,...,cav9``), then one line
per result row in printed order: a free ``row`` label, the die roll (1-6) printed beside the row
in each ratio column (blank where none) and the nine cells ``attacker/defender`` in the Close
Action Value columns 1..9. Every ratio column must show 1-6 once each on six consecutive rows
(8.73). docs/examples/htr/8.73-staggered.csv is the default decoding in this layout.
"""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Final

from ledger.games.highway_to_the_reich.close_action import (
    CLOSE_ACTION_VALUES,
    RATIOS,
    CloseActionTable,
    table_from_rows,
    windows_from_layout,
)
from ledger.io import files
from ledger.io.combat_request import RequestError
from ledger.model.errors import LedgerError

CAV_COLUMNS: Final = tuple(f"cav{v}" for v in CLOSE_ACTION_VALUES)
TABLE_HEADER: Final = ("row", *RATIOS, *CAV_COLUMNS)
"""The columns of a ``table_file``: a free ``row`` label (shown in errors), the six ratio
columns (the die roll printed beside the row, blank where none) and the nine Close Action Value
cells ``cav1``..``cav9``."""


def read_table_file(path: Path, shown: str) -> CloseActionTable:
    """A player's transcription of 8.73 at ``path`` (``shown``: the name the request gave, used
    in messages and as the table's ``decoding``). Raises ``RequestError`` at ``table_file`` for a
    missing or unreadable file, a wrong header, a die roll that is not 1-6, a ratio column whose
    rolls are not 1-6 once each on consecutive rows, a file over 1 MiB or not UTF-8, or a cell that is not a result (8.73)."""
    try:
        text = files.read_text(path, "table_file", files.REQUEST_MAX_BYTES)
    except files.FileUnreadable as exc:
        raise table_error(f"cannot read {shown}: {exc.reason}") from exc
    except files.FileRefused as exc:
        raise table_error(exc.errors[0].message) from exc
    reader = csv.DictReader(text.splitlines())
    if tuple(reader.fieldnames or ()) != TABLE_HEADER:
        raise table_error(
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
                raise table_error(f"{where} column {ratio}: {cell!r} is not a die roll 1-6")
            if cell:
                printed[ratio] = int(cell)
        layout.append(printed)
        rows.append(tuple((line.get(c) or "").strip() for c in CAV_COLUMNS))
    try:
        return table_from_rows(rows, windows_from_layout(layout), shown, shown)
    except ValueError as exc:
        raise table_error(f"{shown}: {exc}") from exc


def table_error(message: str) -> RequestError:
    """A ``RequestError`` at ``table_file`` (8.73)."""
    return RequestError([LedgerError("table_file", message, "8.73")])
