"""Reading an exported log sheet back (issue 19): the figures a player changed in its input
cells, or every reason the workbook cannot be read, each naming its ``Sheet!Cell``.

``read_edits`` opens the bytes of a workbook ``ledger.io.sheet_meta`` marked, compares every
input cell with the number it held when exported and returns the stamp and the cells that
changed (``Edit``). It writes nothing and decides no rule: ``ledger.commands.sheet_edits``
turns the edits into the commands a player would type. ``stale_lines`` lists the journal
entries posted since the export, in players' words, for the warning shown before posting.

Refused together (``SheetRefused``), nothing read further: a file over ``SHEET_MAX_BYTES`` or
unpacking to more than ``SHEET_MAX_UNPACKED``, a file openpyxl cannot open, a workbook without
Quartermaster's metadata (``MetaError``), a sheet missing, a label cell whose text changed (rows
moved, inserted or deleted: "layout changed"), a formula typed into an input cell, text or an
empty cell where a number is, a number that is not whole, a negative number (but for a
Cohesion Level, which goes below 0, 6.2).

CP expended (6.14) and Cohesion (6.2) are kept in quarter points (8.37; ``QUARTER_KINDS``):
their cells take any multiple of 1/4, as a number (``2.25``, what a spreadsheet saves when
``2 1/4`` is typed in a cell formatted ``# ?/?``) or as text as players write it (``"2 1/4"``,
``"2¼"``, ``"-1 1/4"``, ``"2.25"``); anything else there ("2.3") is refused by its cell and
8.37. ``Edit.new`` is then a ``Fraction`` when not whole, an ``int`` as before when whole.

A text input (``InputCell.text`` not ``None``: a Supply Requisition Form's unit, figures,
Needed by, note, Filled from or answer, 4.55) is read as text — a number typed in it as its
digits, an empty cell as ``""`` — and changed when that text, spaces trimmed, differs from the
exported one (``Edit.text``); only a formula (a cell openpyxl reads as one, ``data_type
"f"``) is refused here: text typed beginning with "=" is text. What the text means is for
``ledger.commands.requisition_edits`` to check, cell by cell.
"""

from __future__ import annotations

import io
import math
import re
import zipfile
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from ledger.io.files import INTEGER_MAX
from ledger.io.sheet_meta import QUARTER_KINDS, InputCell, MetaError, SheetStamp, read_meta
from ledger.model.errors import LedgerError
from ledger.model.events import Event
from ledger.model.quantities import format_cp
from ledger.model.seats import SIDE_NAMES, Seat
from ledger.model.state import GameState
from ledger.model.view import HiddenEntries, journal_for
from ledger.reports.event_log import describe

SHEET_MAX_BYTES: Final = 5_242_880
"""The largest workbook read (5 MiB): an export of every TOE Log Sheet of a side is well under
1 MiB. A larger file is refused from its size alone, before openpyxl sees it."""

SHEET_MAX_UNPACKED: Final = 104_857_600
"""The most an .xlsx (a zip archive) may unpack to (100 MiB), checked from the archive's
directory before openpyxl unpacks anything: a small file that inflates a thousandfold is
refused."""

_CELL: Final = re.compile(r"^[A-Z]{1,3}[1-9][0-9]{0,6}$")
"""One cell's reference (``"C12"``): what an input record names, never a range."""

NEGATIVE_KINDS: Final = frozenset({"cohesion"})
"""Input kinds whose figure may be below 0: the Cohesion Level (6.2, −26 and worse exist)."""


@dataclass(frozen=True, slots=True)
class Edit:
    """One input cell whose figure the player changed: the cell as exported and ``new``, the
    whole number now written in it (for CP expended and Cohesion, a ``Fraction`` of quarter
    points when not whole, 8.37); for a text input, ``text`` the text now written in it
    (``new`` is then 0)."""

    cell: InputCell
    new: int | Fraction
    text: str | None = None

    @property
    def where(self) -> str:
        """``Sheet!Cell`` of the edit."""
        return self.cell.where

    @property
    def kind(self) -> str:
        """The cell's kind (``"toe"``, ``"cp"``, ``"cohesion"``, ``"supplies"``, ``"dump"``...)."""
        return self.cell.kind

    @property
    def holder(self) -> str:
        """The unit or dump id the figure belongs to."""
        return self.cell.holder

    @property
    def field(self) -> str:
        """The weapon system id or commodity of the figure (empty for CP and Cohesion)."""
        return self.cell.field

    @property
    def value(self) -> int | Fraction:
        """The figure as exported (a ``Fraction`` only for a CP or Cohesion figure in quarter
        points, 8.37)."""
        return self.cell.value


class SheetRefused(Exception):
    """A workbook that cannot be read back; ``errors`` lists every problem, each naming its
    ``Sheet!Cell`` where it has one."""

    def __init__(self, errors: Iterable[LedgerError]) -> None:
        self.errors = list(errors)
        super().__init__("\n".join(str(e) for e in self.errors))


def read_edits(data: bytes) -> tuple[SheetStamp, list[Edit]]:
    """The stamp of the exported workbook ``data`` (the bytes of an .xlsx) and the input cells
    whose figure differs from the exported one, in the order they were marked. Raises
    ``SheetRefused`` with every problem found (see the module's docstring); nothing else."""
    _check_size(data)
    from openpyxl import load_workbook

    try:
        wb = load_workbook(io.BytesIO(data), data_only=False)
    except Exception as exc:  # openpyxl raises many kinds for a damaged or foreign file
        raise SheetRefused(
            [LedgerError("file", f"not an Excel workbook Quartermaster can open ({exc})")]
        ) from None
    try:
        stamp, cells = read_meta(wb)
    except MetaError as exc:
        raise SheetRefused([LedgerError("file", str(exc))]) from None
    except (ValueError, TypeError) as exc:  # a record's figure that is not a number
        raise SheetRefused(
            [LedgerError("file", f"the metadata sheet is damaged ({str(exc)[:80]})")]
        ) from None
    damaged = [c for c in cells if not (_CELL.match(c.cell) and _CELL.match(c.label_cell))]
    if damaged:
        raise SheetRefused(
            [
                LedgerError(
                    "file",
                    f"the metadata sheet is damaged (cell {damaged[0].cell[:20]!r} of "
                    f"{damaged[0].sheet[:40]!r}); export the sheet again",
                )
            ]
        )
    errors: list[LedgerError] = []
    edits: list[Edit] = []
    missing: set[str] = set()
    for cell in cells:
        if cell.sheet not in wb.sheetnames:
            if cell.sheet not in missing:
                missing.add(cell.sheet)
                errors.append(LedgerError(cell.sheet, "sheet missing from the workbook"))
            continue
        ws = wb[cell.sheet]
        label = ws[cell.label_cell].value
        label_text = "" if label is None else str(label)
        if label_text != cell.label:
            errors.append(
                LedgerError(
                    _where(cell.sheet, cell.label_cell),
                    f"layout changed: exported as {cell.label!r}, now {label_text!r} "
                    "(rows moved, inserted or deleted); export the sheet again",
                )
            )
            continue
        if cell.text is not None:
            box = ws[cell.cell]
            written = _text(cell, box.value, box.data_type == "f")
            if isinstance(written, LedgerError):
                errors.append(written)
            elif written != " ".join(cell.text.split()):
                edits.append(Edit(cell, 0, written))
            continue
        written = ws[cell.cell].value
        found = _quarters(cell, written) if cell.kind in QUARTER_KINDS else _whole(cell, written)
        if isinstance(found, LedgerError):
            errors.append(found)
        elif found != cell.value:
            edits.append(Edit(cell, found))
    if errors:
        raise SheetRefused(errors)
    return stamp, edits


def _where(sheet: str, cell: str) -> str:
    return f"'{sheet}'!{cell}" if not sheet.isalnum() else f"{sheet}!{cell}"


def _check_size(data: bytes) -> None:
    if len(data) > SHEET_MAX_BYTES:
        raise SheetRefused(
            [
                LedgerError(
                    "file",
                    f"{len(data):,} bytes; a log sheet workbook is at most "
                    f"{SHEET_MAX_BYTES:,} bytes",
                )
            ]
        )
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            unpacked = sum(i.file_size for i in archive.infolist())
    except (zipfile.BadZipFile, ValueError, OSError):
        raise SheetRefused(
            [LedgerError("file", "not an Excel workbook (.xlsx): not a zip archive")]
        ) from None
    if unpacked > SHEET_MAX_UNPACKED:
        raise SheetRefused(
            [
                LedgerError(
                    "file",
                    f"unpacks to {unpacked:,} bytes; a log sheet workbook unpacks to at most "
                    f"{SHEET_MAX_UNPACKED:,}",
                )
            ]
        )


TEXT_INPUT_MAX: Final = 400
"""The most characters of a text input read (a note or an answer written at the table)."""


def _text(cell: InputCell, value: object, formula: bool = False) -> str | LedgerError:
    """The text written in the text input ``cell``, spaces trimmed: a number as its digits
    (``4``, ``4.5``), an empty cell as ``""``, text beginning with "=" (typed as text: a
    Note "=as before") as written. ``formula``: the cell holds a formula (openpyxl's
    ``data_type == "f"``), refused, as is text over ``TEXT_INPUT_MAX`` characters (4.55)."""
    if formula:
        shown = str(getattr(value, "text", value))[:40]
        return LedgerError(cell.where, f"a formula ({shown}) where text is; write the text", "4.55")
    if value is None:
        return ""
    if isinstance(value, float) and value == value and value.is_integer():
        value = int(value)
    text = value if isinstance(value, str) else f"{value}"
    text = " ".join(text.split())
    if len(text) > TEXT_INPUT_MAX:
        return LedgerError(
            cell.where, f"{len(text)} characters; write at most {TEXT_INPUT_MAX} here", "4.55"
        )
    return text


def _whole(cell: InputCell, value: object) -> int | LedgerError:
    """The whole number written in ``cell`` or why it is not one."""
    where = cell.where
    if isinstance(value, str) and value.startswith("="):
        return LedgerError(where, f"a formula ({value[:40]}) where a number is; write the number")
    if value is None or (isinstance(value, str) and not value.strip()):
        return LedgerError(where, f"empty; write a whole number (it held {cell.value})")
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        return LedgerError(where, f"{value!r} is not a number")
    if isinstance(value, str):
        text = value.strip()
        try:
            number = float(text) if len(text) <= 20 else None
        except ValueError:
            number = None
        if number is None:
            return LedgerError(where, f"text {text[:40]!r} where a whole number is")
        value = number
    if isinstance(value, float):
        if value != value or not value.is_integer():
            return LedgerError(where, f"{value:g} is not a whole number")
        if abs(value) > INTEGER_MAX:
            return LedgerError(where, f"{value:g} is far beyond any figure of the game")
        value = int(value)
    if abs(value) > INTEGER_MAX:
        return LedgerError(where, f"{value} is far beyond any figure of the game")
    if value < 0 and cell.kind not in NEGATIVE_KINDS:
        return LedgerError(where, f"{value} is negative; a holding is 0 or more")
    return value


_VULGAR: Final = {"¼": " 1/4", "½": " 1/2", "¾": " 3/4"}
_MINUS: Final = ("-", "−", "–")
_MIXED: Final = re.compile(r"^(?:(?P<whole>\d{1,12})\s+)?(?P<num>\d{1,12})/(?P<den>\d{1,12})$")
_DECIMAL: Final = re.compile(r"^(?:\d{1,15}(?:\.\d{0,12})?|\.\d{1,12})$")


def _quarters(cell: InputCell, value: object) -> int | Fraction | LedgerError:
    """The figure in quarter points (8.37) written in the CP or Cohesion ``cell``: a number
    (``2.25``) or text (``"2 1/4"``, ``"2¼"``, ``"-1 1/4"``, ``"2.25"``); an ``int`` when
    whole. Or why it is not one: a formula, nothing, text that is no figure, a figure not a
    multiple of 1/4 ("2.3 is not in quarter points (8.37)"), a negative CP expended."""
    where = cell.where
    if isinstance(value, str) and value.startswith("="):
        return LedgerError(where, f"a formula ({value[:40]}) where a number is; write the number")
    if value is None or (isinstance(value, str) and not value.strip()):
        return LedgerError(
            where, f"empty; write a figure (it held {format_cp(Fraction(cell.value))})"
        )
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        return LedgerError(where, f"{value!r} is not a number")
    if isinstance(value, float) and not math.isfinite(value):
        return LedgerError(where, f"{value!r} is not a number")
    figure: Fraction | None
    if isinstance(value, str):
        text = " ".join(value.split())[:24]
        figure = _quarter_text(text)
        if figure is None:
            return LedgerError(
                where,
                f"text {text!r} where a whole number is, or one in quarter points (2 1/4, 2.25)",
                "8.37",
            )
        shown = text
    else:
        figure, shown = Fraction(value), f"{value:g}"
    if abs(figure) > INTEGER_MAX:
        return LedgerError(where, f"{shown} is far beyond any figure of the game")
    if (figure * 4).denominator != 1:
        return LedgerError(where, f"{shown} is not in quarter points", "8.37")
    if figure < 0 and cell.kind not in NEGATIVE_KINDS:
        return LedgerError(where, f"{shown} is negative; CP expended is 0 or more", "6.14")
    return int(figure) if figure.denominator == 1 else figure


def _quarter_text(text: str) -> Fraction | None:
    """``text`` as players write a figure (``"2 1/4"``, ``"2¼"``, ``"-1 1/4"``, ``"2.25"``,
    ``"+3"``), or ``None`` when it is none (not checked for quarters here)."""
    sign = -1 if text.startswith(_MINUS) else 1
    body = text[1:] if text.startswith((*_MINUS, "+")) else text
    for glyph, written in _VULGAR.items():
        body = body.replace(glyph, written)
    body = " ".join(body.split())
    mixed = _MIXED.match(body)
    if mixed:
        if int(mixed["den"]) == 0:
            return None
        return sign * (int(mixed["whole"] or 0) + Fraction(int(mixed["num"]), int(mixed["den"])))
    return sign * Fraction(body) if _DECIMAL.match(body) else None


def stale_lines(
    entries: Iterable[tuple[int, Event]], seat: Seat | None, state: GameState
) -> list[str]:
    """The journal entries posted after the workbook was exported, one line each in players'
    words (``event_log.describe``; "#12 …"), as ``seat`` may read them (``journal_for``: the
    enemy's runs of entries as a count), for the warning shown before an import. ``entries``:
    ``(seq, event)`` from the stamp's sequence on (``GameSession.since(stamp.seq + 1)``),
    ``state`` the whole ledger."""
    lines = []
    for line in journal_for(entries, seat, state):
        if isinstance(line, HiddenEntries):
            who = SIDE_NAMES[line.side] if line.side is not None else "the other side"
            lines.append(f"#{line.first}–#{line.last} {who}: {line.count} entries")
        else:
            lines.append(f"#{line[0]} {describe(line[1], state)}")
    return lines
