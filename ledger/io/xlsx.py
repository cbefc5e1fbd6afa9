"""Excel workbooks of the log sheets, laid out by the templates in ``templates/`` (openpyxl).

Builders return the workbook as ``bytes`` (an .xlsx file). Every sheet goes through one print
set-up (``apply_print_setup``: landscape, one page wide, title rows on every page, a footer with
the game, scenario, game time and page number). Player text (unit names, the game name) is
written with ``write_text`` so it is always stored as text and can never become a formula.
Figures come from ``ledger.reports.tables``; the only arithmetic here is the totals row, which is left to
live spreadsheet formulas.
"""

from __future__ import annotations

import io
import re
import textwrap
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any, Final, Literal

from openpyxl import Workbook, load_workbook
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.styles import Alignment, Border, Font, NamedStyle, PatternFill
from openpyxl.styles import Side as BorderSide
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.header_footer import HeaderFooterItem
from openpyxl.worksheet.properties import PageSetupProperties
from openpyxl.worksheet.worksheet import Worksheet

from ledger.io.sheet_meta import QUARTER_KINDS, Inputs, SheetStamp
from ledger.model.quantities import COMMODITIES
from ledger.model.state import GameState
from ledger.model.units import Side
from ledger.reports.tables import clock, field_commander_sheet

TEMPLATES: Final = Path(__file__).resolve().parents[2] / "templates"
"""The folder of the sheet layouts (one TOML file per SPI form)."""

FORMULA_PREFIXES: Final = ("=", "+", "-", "@")
"""Leading characters that make a spreadsheet read typed text as a formula."""

_PAPER: Final = {"letter": Worksheet.PAPERSIZE_LETTER, "a4": Worksheet.PAPERSIZE_A4}
_THIN: Final = BorderSide(style="thin", color="808080")
CELL_BORDER: Final = Border(left=_THIN, right=_THIN, top=_THIN, bottom=_THIN)
"""The thin grey box drawn round every heading, case and figure cell of a log sheet."""
HEADER_FILL: Final = PatternFill("solid", fgColor="D9D9D9")
"""The light grey fill of the column headings and their rule-case row."""
LINE_HEIGHT: Final = 1.3
"""Row height per line of text, in multiples of the font size (points)."""
MM: Final = 72 / 25.4
"""Points in a millimetre."""
WRITE_IN_MM: Final = 7.0
"""Printed height of a line to write in with a pencil, millimetres (at least 6: issue 19)."""
_PRINTABLE: Final = {"letter": 11 * 72 - 0.8 * 72, "a4": 842 - 0.8 * 72}
"""Printable width of a landscape page in points, less apply_print_setup's side margins."""
FOOTER_SIZE: Final = 10
"""Footer type, points: LibreOffice shrinks the footer with the sheet, so not less."""
SOURCES_TAB: Final = "Sources"
"""The hidden tab listing each column's rule case: kept off the printed page."""
TALLY_KEY: Final = "cp_tally"
"""The Field Commander column that draws a box per CP of the CPA (6.14)."""


@dataclass(frozen=True, slots=True)
class Column:
    """One column of a sheet template: report key, heading, width (characters), number format.

    ``total`` is ``""`` (none), ``"sum"`` or ``"actual"`` (Raw column ``raw`` totalled, then
    divided by ``divisor`` and rounded half up: 11.32, 11.34). ``case`` is the cited rule case.
    ``wrap`` lets long text run onto more lines instead of being cut off. ``group`` (optional)
    heads a run of neighbouring columns that share it (sheets that draw a group row).
    """

    key: str
    header: str
    width: float
    format: str
    case: str
    total: Literal["", "sum", "actual"] = ""
    raw: str = ""
    divisor: int = 10
    wrap: bool = False
    group: str = ""


@dataclass(frozen=True, slots=True)
class SheetTemplate:
    """A sheet layout read from ``templates/<name>.toml`` (see the file's comments).

    ``blank_lines``: empty boxed lines for the players (sheets that draw them); ``row_mm``: the
    least printed height of a line, millimetres on paper (0: as the text needs)."""

    title: str
    tab: str
    case: str
    paper: str
    font: str
    font_size: float
    sort: tuple[str, ...]
    totals_label: str
    note: str
    columns: tuple[Column, ...]
    blank_lines: int = 0
    row_mm: float = 0.0


def load_template(name: str) -> SheetTemplate:
    """Read and check ``templates/<name>.toml`` (``extends`` merged in: ``read_template``).

    Raises ``ValueError`` for a layout the renderer cannot draw (unknown total kind or paper, an
    Actual total without its Raw column, duplicate keys) and ``TypeError`` for an unknown column
    field: programming errors in a shipped file, not player data. ``FileNotFoundError`` for an
    unknown name.
    """
    data = read_template(name)
    sheet = data["sheet"]
    columns = tuple(Column(**spec) for spec in data["column"])
    keys = [c.key for c in columns]
    if len(set(keys)) != len(keys):
        raise ValueError(f"template {name}: duplicate column keys in {keys}")
    for col in columns:
        if col.total not in ("", "sum", "actual"):
            raise ValueError(f"template {name}: column {col.key}: unknown total {col.total!r}")
        if col.total == "actual" and col.raw not in keys:
            raise ValueError(f"template {name}: column {col.key}: no Raw column {col.raw!r}")
    if sheet["paper"] not in _PAPER:
        raise ValueError(
            f"template {name}: paper {sheet['paper']!r}, expected one of {list(_PAPER)}"
        )
    return SheetTemplate(
        title=sheet["title"],
        tab=sheet["tab"],
        case=sheet["case"],
        paper=sheet["paper"],
        font=sheet["font"],
        font_size=sheet["font_size"],
        sort=tuple(sheet["sort"]),
        totals_label=sheet["totals_label"],
        note=sheet.get("note", ""),
        columns=columns,
        blank_lines=int(sheet.get("blank_lines", 0)),
        row_mm=float(sheet.get("row_mm", 0)),
    )


def read_template(name: str, _seen: tuple[str, ...] = ()) -> dict[str, Any]:
    """The data of ``templates/<name>.toml``, with the layout it ``extends`` merged in.

    A file may start with ``extends = "<base>"``: its tables then update the base's key by key
    (``[sheet]`` keys given here win) and its arrays of tables (``[[column]]`` …) replace the
    base's when given. Raises ``FileNotFoundError`` for an unknown name and ``ValueError`` for a
    cycle of ``extends``.
    """
    if name in _seen:
        raise ValueError(f"template {name}: extends itself ({' → '.join((*_seen, name))})")
    data = tomllib.loads((TEMPLATES / f"{name}.toml").read_text(encoding="utf-8"))
    base_name = data.pop("extends", None)
    if base_name is None:
        return data
    merged = read_template(str(base_name), (*_seen, name))
    for key, value in data.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = {**merged[key], **value}
        else:
            merged[key] = value
    return merged


def write_text(ws: Worksheet, row: int, column: int, text: str) -> None:
    """Write player text into a cell so that it is stored as text, never as a formula.

    The cell's type is forced to string; text starting with ``= + - @`` also gets Excel's
    quote prefix (shown as a leading apostrophe when edited), so re-entering it stays text.
    Control characters a workbook cannot hold are dropped.
    """
    cell = ws.cell(row=row, column=column)
    cell.value = ILLEGAL_CHARACTERS_RE.sub("", text)
    cell.data_type = "s"
    if text.startswith(FORMULA_PREFIXES):
        cell.quotePrefix = True


def apply_print_setup(
    ws: Worksheet, *, title_rows: str, footer_left: str, footer_center: str, paper: str
) -> None:
    """The one print set-up of every log sheet.

    Landscape, scaled to one page wide and as many tall as needed, ``title_rows`` (e.g. ``"1:7"``)
    repeated on every page, a footer of ``footer_left`` (game and scenario), ``footer_center``
    (game time) and "Page n of m". ``paper`` is ``"letter"`` or ``"a4"``.
    """
    ws.page_setup.orientation = Worksheet.ORIENTATION_LANDSCAPE
    ws.page_setup.paperSize = _PAPER[paper]
    ws.sheet_properties.pageSetUpPr = PageSetupProperties(fitToPage=True)
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.print_title_rows = title_rows
    ws.print_options.horizontalCentered = True
    ws.page_margins.left = ws.page_margins.right = 0.4
    ws.page_margins.top = 0.5
    ws.page_margins.bottom = 0.7
    ws.page_margins.header = 0.3
    ws.page_margins.footer = 0.3
    footer = HeaderFooterItem()
    for part, text in (
        (footer.left, _footer_text(footer_left)),
        (footer.center, _footer_text(footer_center)),
        (footer.right, "Page &P of &N"),
    ):
        part.text = text
        part.size = FOOTER_SIZE
    ws.oddFooter = footer


def print_scale(widths: Sequence[float]) -> float:
    """About the scale LibreOffice or Excel prints a sheet of column ``widths`` (characters) at
    when fitting it to one landscape page wide, on the narrower of the papers (so that a change
    of paper never shrinks it further): 1 when it fits, else printable width ÷ sheet width.
    LibreOffice lays a column of width ``w`` out about ``6.4w + 4.5`` points wide (measured from
    its PDFs: tests/io/test_print_legibility.py), wider than Excel's ``(7w + 5)`` pixels."""
    wide = sum(w * 6.4 + 4.5 for w in widths)
    return min(1.0, min(_PRINTABLE.values()) / wide) if wide else 1.0


def print_height(points: float, mm: float, scale: float) -> float:
    """A row height (points, in the sheet) of at least ``points`` that prints at least ``mm``
    millimetres high at ``scale``."""
    return round(max(points, mm * MM / scale + 0.5), 1)


def write_sources(wb: Workbook, lines: Sequence[tuple[str, str]], note: str = "") -> None:
    """A hidden ``Sources`` tab: each ``(heading, rule case)`` of the sheets, then ``note``.

    The cases are for the players who want them, not for the printed page: unhide the tab
    (Format ▸ Sheet ▸ Show) to read or print it."""
    ws = wb.create_sheet(SOURCES_TAB)
    ws.sheet_state = "hidden"
    ws.column_dimensions["A"].width = 40
    ws.column_dimensions["B"].width = 24
    for row, (heading, case) in enumerate((("Column", "Rule case"), *lines), start=1):
        write_text(ws, row, 1, heading.replace("\n", " "))
        write_text(ws, row, 2, case)
        if row == 1:
            ws.cell(row=1, column=1).font = ws.cell(row=1, column=2).font = Font(bold=True)
    if note:
        write_text(ws, len(lines) + 3, 1, note)


def set_paper(data: bytes, paper: str) -> bytes:
    """The workbook ``data`` with every sheet set to print on ``paper`` (``"letter"`` or
    ``"a4"``). Raises ``ValueError`` for another paper."""
    if paper not in _PAPER:
        raise ValueError(f"paper {paper!r}: expected one of {sorted(_PAPER)}")
    wb = load_workbook(io.BytesIO(data))
    for ws in wb.worksheets:
        ws.page_setup.paperSize = _PAPER[paper]
    buffer = io.BytesIO()
    wb.save(buffer)
    return buffer.getvalue()


def field_commander_workbook(
    state: GameState, side: Side, game_name: str, *, seq: int = 0, seat: str = ""
) -> bytes:
    """The Field Commander Control Sheet (4.52) of ``side`` now, as an .xlsx file's bytes.

    Rows: ``ledger.reports.tables.field_commander_sheet`` (one per counter in play), sorted by Parent
    Formation then counter, under a header block (title, side, scenario and its case, game time,
    ``game_name``), then the template's empty lines and a totals row (live =SUM of supplies;
    no side-wide Actual totals). Each line has a CP tally (a box per CP of its CPA, those spent
    filled, 6.14). CP and Cohesion show as quarter-point fractions; supplies in supply points.
    CP expended and Cohesion (when whole) and supplies are input cells (``sheet_meta.Inputs``)
    and the workbook is stamped with ``game_name``, ``side``, ``seat`` and journal ``seq``.
    Rule cases go on the hidden Sources tab. Raises ``ValueError`` if the template names a
    column the report does not give.
    """
    template = load_template("field-commander")
    rows = _sorted_rows(field_commander_sheet(state, side), template.sort)
    wb = Workbook()
    ws = wb.active
    assert isinstance(ws, Worksheet)
    ws.title = template.tab
    now = clock(state)
    scenario = f"{now['scenario']} ({now['scenario_case']})"
    info = (
        ("Side", side.title()),
        ("Scenario", scenario),
        ("Game time", str(state.clock)),
        ("Game", game_name),
    )
    _write_info(ws, template, info)
    header_row = len(info) + 2
    _write_headers(ws, template, header_row)
    first = header_row + 1
    inputs = Inputs()
    scale = print_scale([c.width for c in template.columns])
    last = _write_body(ws, template, rows, first, inputs, scale)
    _write_totals(ws, template, first, last)
    ws.freeze_panes = f"C{first}"
    ws.print_area = f"A1:{get_column_letter(len(template.columns))}{last + 2}"
    apply_print_setup(
        ws,
        title_rows=f"{header_row}:{header_row}",
        footer_left=f"{game_name} · {scenario} · {side.title()}",
        footer_center=str(state.clock),
        paper=template.paper,
    )
    write_sources(wb, [(c.header, c.case) for c in template.columns], template.note)
    wb.properties.title = f"{template.title} — {side.title()}"
    game = ILLEGAL_CHARACTERS_RE.sub("", game_name)  # a workbook cannot hold control characters
    inputs.finish(wb, SheetStamp(game, side, seat, seq, "field-commander"))
    buffer = io.BytesIO()
    wb.save(buffer)
    return buffer.getvalue()


def _write_info(ws: Worksheet, template: SheetTemplate, info: Sequence[tuple[str, str]]) -> None:
    """The sheet's title in row 1, then one ``label: value`` row per item of ``info``."""
    ws.cell(row=1, column=1, value=template.title).font = Font(template.font, 14, bold=True)
    for row, (label, value) in enumerate(info, start=2):
        ws.cell(row=row, column=1, value=label).font = Font(template.font, 10, bold=True)
        write_text(ws, row, 2, value)
        ws.cell(row=row, column=2).font = Font(template.font, 11)
        ws.merge_cells(start_row=row, start_column=2, end_row=row, end_column=4)


def _write_headers(ws: Worksheet, template: SheetTemplate, row: int) -> None:
    """The column headings (``\\n`` in a heading breaks the line); widths set."""
    lines = 2
    for index, col in enumerate(template.columns, start=1):
        ws.column_dimensions[get_column_letter(index)].width = col.width
        text = col.header.replace("\\n", "\n")
        head = ws.cell(row=row, column=index, value=text)
        head.font = Font(template.font, template.font_size, bold=True)
        head.alignment = Alignment(horizontal="center", vertical="center", wrap_text=True)
        head.fill = HEADER_FILL
        head.border = CELL_BORDER
        count = sum(
            wrapped_line_count(part, col.width, template.font_size) for part in text.split("\n")
        )
        lines = max(lines, count)
    ws.row_dimensions[row].height = lines * LINE_HEIGHT * template.font_size + 2


_INPUTS: Final = {
    "cp_expended": "cp",
    "cohesion": "cohesion",
    **{c: "supplies" for c in COMMODITIES},
}
"""Field Commander figures the players correct in pencil, by column key: their input kind."""
_MARKED: Final = {k: (1, 2, 4) if k in QUARTER_KINDS else (1,) for k in set(_INPUTS.values())}
"""The denominators an input of each kind holds: CP and Cohesion in quarter points (8.37)."""


def cp_tally(cpa: object, spent: object) -> str:
    """A box per CP of ``cpa`` in groups of five, the whole CP ``spent`` filled (6.14):
    ``cp_tally(8, Fraction(5, 2))`` is ``"■■□□□ □□□"``; ``""`` without a CPA."""
    if not isinstance(cpa, int | Fraction) or isinstance(cpa, bool):
        return ""
    filled = min(int(cpa), int(spent)) if isinstance(spent, int | Fraction) else 0
    boxes = "■" * filled + "□" * (int(cpa) - filled)
    return " ".join(boxes[i : i + 5] for i in range(0, len(boxes), 5))


def _write_body(
    ws: Worksheet,
    template: SheetTemplate,
    rows: Sequence[Mapping[str, Any]],
    first: int,
    inputs: Inputs,
    scale: float,
) -> int:
    """Write the counter lines from row ``first``, then the template's empty lines; return the
    last row written. CP and Cohesion (quarter points, 8.37) and supplies are ``inputs``.
    Each column's cell style is a named style registered once (issue 19: no style objects
    made per cell)."""
    names = [f"fc {c.key}" for c in template.columns]
    for name, col in zip(names, template.columns, strict=True):
        align = Alignment(wrap_text=col.wrap, vertical="center")
        style = NamedStyle(name, Font(template.font, template.font_size), border=CELL_BORDER)
        style.alignment, style.number_format = align, col.format
        ws.parent.add_named_style(style)  # type: ignore[union-attr]
    label = next(i for i, c in enumerate(template.columns, start=1) if c.key == "name")
    least = template.row_mm or WRITE_IN_MM
    if not rows:
        write_text(ws, first, 2, "(no counters in play)")
    for r, data in enumerate(rows, start=first):
        lines = 1
        for index, col in enumerate(template.columns, start=1):
            value = (
                cp_tally(data.get("cpa"), data.get("cp_expended"))
                if col.key == TALLY_KEY
                else data.get(col.key, KeyError)
            )
            if value is KeyError:
                raise ValueError(f"report row has no {col.key!r}; it has {sorted(data)}")
            ws.cell(row=r, column=index).style = names[index - 1]
            kind = _INPUTS.get(col.key)
            if isinstance(value, str):
                write_text(ws, r, index, value)
            elif value is None:
                pass
            elif kind and (isinstance(value, int) or value.denominator in _MARKED[kind]):
                inputs.mark(
                    ws,
                    r,
                    index,
                    value,
                    kind=kind,
                    holder=str(data["id"]),
                    field=col.key,
                    label_column=label,
                )
            else:
                ws.cell(row=r, column=index, value=display_number(value))
            if col.wrap and isinstance(value, str):
                lines = max(lines, wrapped_line_count(value, col.width, template.font_size))
        ws.row_dimensions[r].height = print_height(
            lines * LINE_HEIGHT * template.font_size + 2, least, scale
        )
    after = first + max(len(rows), 1)
    for r in range(after, after + template.blank_lines):
        for index in range(1, len(template.columns) + 1):
            ws.cell(row=r, column=index).border = CELL_BORDER
        ws.row_dimensions[r].height = print_height(0, least, scale)
    return after + template.blank_lines - 1


def wrapped_line_count(text: str, width: float, font_size: float) -> int:
    """About how many lines ``text`` takes in a wrapped column ``width`` characters wide.

    Column widths count characters of the 11-point default font; smaller type fits more. Excel
    does not fit row heights to wrapped text when it opens a file, so the height is set here.
    """
    per_line = max(1, int(width * 12 / font_size))
    return max(1, len(textwrap.wrap(text, per_line)))


def _write_totals(ws: Worksheet, template: SheetTemplate, first: int, last: int) -> None:
    row = last + 1
    letters = {c.key: get_column_letter(i) for i, c in enumerate(template.columns, start=1)}
    label = ws.cell(row=row, column=1, value=template.totals_label)
    label.font = Font(template.font, template.font_size, bold=True)
    for index, col in enumerate(template.columns, start=1):
        cell = ws.cell(row=row, column=index)
        if col.total == "sum":
            letter = letters[col.key]
            cell.value = f"=SUM({letter}{first}:{letter}{last})"
        cell.number_format = col.format
        cell.font = Font(template.font, template.font_size, bold=True)
        cell.border = Border(top=BorderSide(style="medium"), bottom=BorderSide(style="double"))
    if template.note:
        note = ws.cell(row=row + 1, column=1, value=template.note)
        note.font = Font(template.font, template.font_size, italic=True)


def display_number(value: object) -> int | float:
    """A cell value for a figure: ints as they are, a ``Fraction`` as int when whole, else float.

    The float is for display only (the cell's fraction format shows it as quarters, 8.37); the
    ledger keeps the exact ``Fraction``. Raises ``TypeError`` for anything else (a ``bool``
    too).
    """
    if isinstance(value, bool) or not isinstance(value, int | Fraction):
        raise TypeError(f"expected an int or Fraction figure, found {value!r}")
    if isinstance(value, Fraction):
        return value.numerator if value.denominator == 1 else float(value)
    return value


def _footer_text(text: str, limit: int = 100) -> str:
    """Footer section text of at most ``limit`` characters (Excel allows 255 for the footer).

    ``&`` starts a footer code, so it is doubled; control characters are dropped.
    """
    text = ILLEGAL_CHARACTERS_RE.sub("", text)
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return text.replace("&", "&&")


_DIGITS: Final = re.compile(r"(\d+)")


def _natural(text: str) -> tuple[tuple[int, int | str], ...]:
    """Sort key comparing digit runs as numbers ("2 RHA" before "11 Hus")."""
    return tuple(
        (0, int(part)) if part.isdigit() else (1, part.casefold())
        for part in _DIGITS.split(text)
        if part
    )


def _sorted_rows(rows: list[dict[str, Any]], keys: Sequence[str]) -> list[dict[str, Any]]:
    """Rows ordered by ``keys`` (text compared number-aware); blank Parent Formations last."""
    return sorted(rows, key=lambda r: tuple((str(r[k]) == "", _natural(str(r[k]))) for k in keys))
