"""What an exported log sheet carries for the way back (issue 19): which cells a player may
write in, what each held when exported, and whose workbook it is.

An exporter draws its sheet as before and, for each figure the players may change at the table
(TOE Strength Points of a weapon system, supplies held, CP expended, Cohesion, a dump's contents,
...), calls ``Inputs.mark`` instead of writing the number itself: the cell gets the number, the
input style (a pale fill, unlocked) and a record. ``Inputs.finish`` then writes the records and
the ``SheetStamp`` (game, side, seat, journal sequence, layout) on a very hidden sheet that no
printout shows, and protects every visible sheet without a password, so computed cells (totals,
Raw and Actual points) are locked and the inputs are not. ``read_meta`` reads both back for
``ledger.io.sheet_import``.

A record is a number input (``Inputs.mark``: a whole figure, or for CP expended and Cohesion,
``QUARTER_KINDS``, a figure in quarter points, 8.37) or a text input
(``Inputs.mark_text``: a name, a time or a note written on a Supply Requisition Form, 4.55;
its ``text`` the text it held, ``value`` 0). The text column was added after the first
exports, so a record without it is a number input. A figure that is not whole is recorded as
its exact fraction in text (``"5/4"``) and read back as a ``Fraction``; a whole one as a
number, read back as an ``int`` as before.

Each record also names a *label* cell (the counter's or dump's name on the same row) and the
text it held: a workbook whose rows were moved, inserted or deleted no longer matches, and the
import refuses it by ``Sheet!Cell`` instead of posting a figure against the wrong counter.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Final

from openpyxl import Workbook
from openpyxl.styles import PatternFill, Protection
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

META_SHEET: Final = "Quartermaster"
"""The very hidden sheet holding the stamp and the input records."""
META_VERSION: Final = 1
"""The layout of the meta sheet; an import refuses another."""
INPUT_FILL: Final = PatternFill("solid", fgColor="FFF9E5")
"""Input cells: a pale yellow a pencil writes over and a printer barely greys."""
_UNLOCKED: Final = Protection(locked=False)
_STAMP_FIELDS: Final = ("version", "game", "side", "seat", "seq", "layout")
_HEADER: Final = ("sheet", "cell", "kind", "holder", "field", "value", "label_cell", "label")
_TEXT_HEADER: Final = ("input", "text")
"""Columns after ``_HEADER``: ``"text"`` and the text held, for a text input only."""
TEXT_INPUT: Final = "text"
"""The ``input`` column of a text input's record."""
TEXT_KINDS: Final = frozenset({"requisition", "new_requisition"})
"""The kinds a text input may have (``ledger.commands.requisition_edits.REQUISITION_KINDS``,
the Supply Requisition Form's boxes, 4.55): a text record of another kind would be read as a
figure of 0, so ``read_meta`` refuses it as damaged."""
QUARTER_KINDS: Final = frozenset({"cp", "cohesion"})
"""The kinds whose figure is kept in quarter points (8.37): CP expended (6.14) and the Cohesion
Level (6.2). Their inputs may hold any multiple of 1/4 (``2 1/2``, ``-1 1/4``); every other
number input holds a whole figure."""


@dataclass(frozen=True, slots=True)
class SheetStamp:
    """Whose workbook it is: game name, side (``"axis"``/``"commonwealth"``), the seat that
    exported it (``""`` at a table without seats), the journal sequence number it shows
    (the last event folded) and ``layout``, the sheet kind (``"toe"``, ``"supply-dumps"``...)."""

    game: str
    side: str
    seat: str
    seq: int
    layout: str


@dataclass(frozen=True, slots=True)
class InputCell:
    """One cell a player may change: where (``sheet``, ``cell`` such as ``"C12"``), what it is
    (``kind``: ``"toe"``, ``"supplies"``, ``"cp"``, ``"cohesion"``, ``"dump"``, ...; ``holder``:
    the unit, dump or requisition id; ``field``: the weapon system id or commodity), the
    figure it held when exported (an ``int``; a ``Fraction`` of quarter points for a CP or
    Cohesion figure that is not whole, 8.37), and the label cell of its row with the text it
    held.
    ``text``: for a text input (``Inputs.mark_text``) the text it held (``value`` is then 0);
    ``None`` for a number input."""

    sheet: str
    cell: str
    kind: str
    holder: str
    field: str
    value: int | Fraction
    label_cell: str
    label: str
    text: str | None = None

    @property
    def where(self) -> str:
        """``"Sheet!Cell"`` as a player finds it (``"'1st CCNN Div'!F12"``)."""
        quoted = f"'{self.sheet}'" if not self.sheet.isalnum() else self.sheet
        return f"{quoted}!{self.cell}"


@dataclass
class Inputs:
    """The input cells of one workbook being drawn (``mark``), written out by ``finish``."""

    cells: list[InputCell] = field(default_factory=list)

    def mark(
        self,
        ws: Worksheet,
        row: int,
        column: int,
        value: int | Fraction,
        *,
        kind: str,
        holder: str,
        field: str,
        label_column: int,
    ) -> None:
        """Write ``value`` at (``row``, ``column``) of ``ws`` as an input: unlocked, pale
        yellow, recorded with its label cell (``label_column`` of the same row, already
        written). ``value`` is a whole number, or for a kind of ``QUARTER_KINDS`` a multiple
        of 1/4 (8.37): the cell then holds it as a float (exact in binary; the cell's own
        number format, ``# ?/?``, prints ``2 1/2``) and the record the exact ``Fraction``.
        Raises ``ValueError`` for a fraction of another kind or not in quarters."""
        figure = _figure(value, kind)
        ws.cell(row=row, column=column, value=figure if isinstance(figure, int) else float(figure))
        self._record(ws, row, column, kind, holder, field, figure, label_column, None)

    def mark_text(
        self,
        ws: Worksheet,
        row: int,
        column: int,
        text: str,
        *,
        kind: str,
        holder: str,
        field: str,
        label_column: int,
    ) -> None:
        """Make the cell at (``row``, ``column``) of ``ws``, already drawn and holding ``text``
        (``""``: an empty box), a text input: unlocked, pale yellow, recorded with ``text`` and
        its label cell (``label_column`` of the same row). The import reads what is written
        there as text (a number typed in it too)."""
        self._record(ws, row, column, kind, holder, field, 0, label_column, text)

    def _record(
        self,
        ws: Worksheet,
        row: int,
        column: int,
        kind: str,
        holder: str,
        field: str,
        value: int | Fraction,
        label_column: int,
        text: str | None,
    ) -> None:
        """Unlock the cell, fill it pale yellow and record it with its row's label."""
        cell = ws.cell(row=row, column=column)
        cell.protection = _UNLOCKED
        cell.fill = INPUT_FILL
        label = ws.cell(row=row, column=label_column).value
        self.cells.append(
            InputCell(
                ws.title,
                f"{get_column_letter(column)}{row}",
                kind,
                holder,
                field,
                value,
                f"{get_column_letter(label_column)}{row}",
                "" if label is None else str(label),
                text,
            )
        )

    def finish(self, wb: Workbook, stamp: SheetStamp) -> None:
        """Write the stamp and records on the very hidden ``META_SHEET`` and protect every
        other sheet without a password (computed cells locked, inputs not)."""
        meta = wb.create_sheet(META_SHEET)
        meta.sheet_state = "veryHidden"
        values = (META_VERSION, stamp.game, stamp.side, stamp.seat, stamp.seq, stamp.layout)
        for row, (name, value) in enumerate(zip(_STAMP_FIELDS, values, strict=True), start=1):
            meta.cell(row=row, column=1, value=name)
            meta.cell(row=row, column=2, value=value).data_type = (
                "n" if isinstance(value, int) else "s"
            )
        first = len(_STAMP_FIELDS) + 2
        for column, name in enumerate(_HEADER + _TEXT_HEADER, start=1):
            meta.cell(row=first, column=column, value=name)
        for row, c in enumerate(self.cells, start=first + 1):
            figure = c.value if isinstance(c.value, int) else f"{c.value}"  # "5/4": exact
            for column, value in enumerate(
                (c.sheet, c.cell, c.kind, c.holder, c.field, figure, c.label_cell, c.label),
                start=1,
            ):
                written = meta.cell(row=row, column=column, value=value)
                if not isinstance(value, int):
                    written.data_type = "s"
            if c.text is not None:
                meta.cell(row=row, column=len(_HEADER) + 1, value=TEXT_INPUT).data_type = "s"
                meta.cell(row=row, column=len(_HEADER) + 2, value=c.text).data_type = "s"
        for ws in wb.worksheets:
            if ws.title != META_SHEET:
                ws.protection.sheet = True
                ws.protection.formatColumns = False
                ws.protection.formatRows = False


class MetaError(ValueError):
    """A workbook without Quartermaster's meta sheet, or with one this version cannot read."""


def read_meta(wb: Workbook) -> tuple[SheetStamp, list[InputCell]]:
    """The stamp and input records ``Inputs.finish`` wrote. Raises ``MetaError`` naming what
    is missing: not a Quartermaster export, or an export of another layout version, or a
    damaged record (a text input whose kind is not one of ``TEXT_KINDS``)."""
    if META_SHEET not in wb.sheetnames:
        raise MetaError("this workbook was not exported by Quartermaster (no metadata sheet)")
    meta = wb[META_SHEET]
    stamp = {
        str(meta.cell(row=r, column=1).value): meta.cell(row=r, column=2).value
        for r in range(1, len(_STAMP_FIELDS) + 1)
    }
    if stamp.get("version") != META_VERSION:
        raise MetaError(
            f"metadata version {stamp.get('version')!r}; this ledger reads {META_VERSION}"
        )
    try:
        found = SheetStamp(
            str(stamp["game"]),
            str(stamp["side"]),
            str(stamp["seat"] or ""),
            int(str(stamp["seq"])),
            str(stamp["layout"]),
        )
    except (KeyError, ValueError) as bad:
        raise MetaError(f"the metadata sheet is damaged ({bad})") from None
    cells = []
    for row in meta.iter_rows(min_row=len(_STAMP_FIELDS) + 3, values_only=True):
        if row[0] is None:
            continue
        sheet, cell, kind, holder, field_, value, label_cell, label = row[: len(_HEADER)]
        extra = (*row[len(_HEADER) :], None, None)
        text = None if extra[0] != TEXT_INPUT else "" if extra[1] is None else str(extra[1])
        if text is not None and str(kind) not in TEXT_KINDS:
            raise MetaError(
                f"the metadata sheet ({META_SHEET!r}) is damaged: a text box of kind "
                f"{str(kind)[:40]!r} at {str(sheet)[:40]}!{str(cell)[:20]}; export the sheet again"
            )
        cells.append(
            InputCell(
                str(sheet),
                str(cell),
                str(kind),
                str(holder),
                str(field_),
                _recorded(value, str(kind), f"{str(sheet)[:40]}!{str(cell)[:20]}"),
                str(label_cell),
                "" if label is None else str(label),
                text,
            )
        )
    return found, cells


def _figure(value: int | Fraction, kind: str) -> int | Fraction:
    """``value`` as an input records it: an ``int`` when whole, else the ``Fraction`` of
    quarter points of a ``QUARTER_KINDS`` figure (8.37). Raises ``ValueError`` otherwise."""
    if isinstance(value, bool) or not isinstance(value, int | Fraction):
        raise ValueError(f"an input figure is an int or a Fraction, not {value!r}")
    if isinstance(value, int) or value.denominator == 1:
        return int(value)
    if kind not in QUARTER_KINDS or 4 % value.denominator:
        raise ValueError(f"a {kind!r} input is not in quarter points (8.37): {value}")
    return value


def _recorded(value: object, kind: str, where: str) -> int | Fraction:
    """A record's exported figure: a number as an ``int`` (as every export before quarter
    inputs wrote it), text ``"5/4"`` as a ``Fraction`` (a ``QUARTER_KINDS`` figure, 8.37).
    Raises ``MetaError`` for a fraction that is not a quarter figure of its kind, and
    ``ValueError`` for text that is not a number (read_edits: damaged metadata)."""
    text = str(value)
    if "/" not in text:
        return int(text)
    try:
        figure = Fraction(text[:20])
    except (ValueError, ZeroDivisionError):
        figure = Fraction(1, 3)  # refused below, as any figure not in quarters
    if kind not in QUARTER_KINDS or 4 % figure.denominator:
        raise MetaError(
            f"the metadata sheet ({META_SHEET!r}) is damaged: figure {text[:20]!r} of a "
            f"{kind[:40]!r} box at {where}; export the sheet again"
        )
    return int(figure) if figure.denominator == 1 else figure
