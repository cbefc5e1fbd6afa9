"""The layout of the TOE Log Sheets (4.52): ``templates/toe-<variant>.toml``, each extending
``templates/toe-log.toml`` (see its comments), read and checked for ``ledger.io.toe_sheets``."""

from __future__ import annotations

from collections.abc import Mapping
from copy import copy
from dataclasses import dataclass
from typing import Final

from openpyxl import Workbook
from openpyxl.cell.cell import Cell
from openpyxl.styles import Alignment, Border, Font, NamedStyle, PatternFill
from openpyxl.styles import Side as BorderSide
from openpyxl.styles.cell_style import StyleArray

from ledger.io.xlsx import CELL_BORDER, HEADER_FILL, SheetTemplate, load_template, read_template
from ledger.reports.toe_log import SECTIONS, VARIANTS

SECTION_KEYS: Final = (*SECTIONS, "transport", "notes")
"""The sections a form may print: the unit sections, the trucks table and the notes."""


@dataclass(frozen=True, slots=True)
class TransportColumn:
    """A field of the trucks table, drawn ``under`` a unit-grid column over ``span`` columns."""

    key: str
    header: str
    under: str
    span: int = 1
    format: str = "@"
    total: str = ""


@dataclass(frozen=True, slots=True)
class Section:
    """A section of the form: ``key`` (one of ``SECTION_KEYS``), heading, case, and how many
    empty boxed lines to leave for the players."""

    key: str
    heading: str
    case: str
    blank_lines: int = 0


@dataclass(frozen=True, slots=True)
class ToeTemplate:
    """A TOE Log Sheet layout: the unit grid (``sheet``), Actual divisors by Raw column key,
    the trucks table, the sections in print order and the texts of ``[toe]``."""

    sheet: SheetTemplate
    actual: Mapping[str, int]
    transport: tuple[TransportColumn, ...]
    sections: tuple[Section, ...]
    info_width: int
    note_lines: int
    raw_label: str
    actual_label: str
    prompt: str


def load_toe_template(variant: str) -> ToeTemplate:
    """Read and check ``templates/toe-<variant>.toml``.

    Raises ``ValueError`` for an unknown variant, a section or transport field the renderer
    does not know, or an Actual divisor for a column that is not a summed Raw column;
    ``TypeError`` for an unknown field (programming errors in a shipped file).
    """
    if variant not in VARIANTS:
        raise ValueError(f"unknown TOE Log Sheet {variant!r}; expected one of {VARIANTS}")
    name = f"toe-{variant}"
    sheet = load_template(name)
    data = read_template(name)
    toe = data["toe"]
    keys = {c.key for c in sheet.columns}
    summed = {c.key for c in sheet.columns if c.total == "sum"}
    actual = {str(k): int(v) for k, v in toe["actual"].items()}
    if not set(actual) <= summed or any(d < 1 for d in actual.values()):
        raise ValueError(f"template {name}: Actual divisors {actual} need summed Raw columns")
    lines = [k for k in keys if k.startswith("actual_") and f"raw_{k[7:]}" not in actual]
    if lines:  # a line's Actual column divides its Raw column (11.32)
        raise ValueError(f"template {name}: Actual columns {lines} have no Raw divisor")
    transport = tuple(TransportColumn(**spec) for spec in data["transport"])
    sections = tuple(Section(**spec) for spec in data["section"])
    for field in transport:
        if field.under not in keys or field.total not in ("", "sum"):
            raise ValueError(f"template {name}: transport field {field.key} is not drawable")
    unknown = [s.key for s in sections if s.key not in SECTION_KEYS]
    if unknown:
        raise ValueError(f"template {name}: unknown sections {unknown}")
    return ToeTemplate(
        sheet=sheet,
        actual=actual,
        transport=transport,
        sections=sections,
        info_width=int(toe["info_width"]),
        note_lines=int(toe["note_lines"]),
        raw_label=str(toe["raw_label"]),
        actual_label=str(toe["actual_label"]),
        prompt=str(toe.get("prompt", "")),
    )


FontSpec = tuple[str, float, bool, bool, str | None]
"""A font as (name, size, bold, italic, colour or ``None``)."""
AlignSpec = tuple[str | None, str | None, bool, int]
"""An alignment as (horizontal, vertical, wrap text, indent)."""

BORDERS: Final = {
    "": Border(),
    "cell": CELL_BORDER,
    "total": Border(top=BorderSide(style="medium"), bottom=BorderSide(style="thin")),
    "ruled": Border(bottom=BorderSide(style="thin", color="808080")),
}
"""The borders of the TOE sheets by name: none, the thin box of a figure, a totals row, a rule."""
FILLS: Final = {
    "": PatternFill(),
    "header": HEADER_FILL,
    "section": PatternFill("solid", fgColor="BFBFBF"),
}
"""The fills of the TOE sheets by name: none, the headings' light grey, a section band's grey."""
NO_ALIGN: Final[AlignSpec] = (None, None, False, 0)


class StyleBook:
    """The named styles of one workbook (openpyxl ``NamedStyle``), each registered once the
    first time a cell takes it: a cell gets a style by name, not Font, Border and Fill objects
    of its own (drawing a 400-counter side in seconds, issue 19). Named "TOE 1", "TOE 2", ..."""

    def __init__(self, wb: Workbook) -> None:
        self.wb = wb
        self.names: dict[tuple[object, ...], str] = {}
        self.arrays: dict[str, StyleArray] = {}

    def apply(
        self,
        cell: Cell,
        font: FontSpec,
        *,
        border: str = "",
        fill: str = "",
        align: AlignSpec = NO_ALIGN,
        number_format: str = "General",
    ) -> None:
        """Give ``cell`` the style of these parts (``border`` a key of ``BORDERS``, ``fill`` of
        ``FILLS``), replacing its whole style: style a cell before its value and inputs."""
        key = (font, border, fill, align, number_format)
        name = self.names.get(key)
        if name is None:
            name = f"TOE {len(self.names) + 1}"
            face, size, bold, italic, color = font
            horizontal, vertical, wrap, indent = align
            self.wb.add_named_style(
                NamedStyle(
                    name=name,
                    font=Font(face, size, bold=bold, italic=italic, color=color),
                    border=BORDERS[border],
                    fill=FILLS[fill],
                    alignment=Alignment(
                        horizontal=horizontal, vertical=vertical, wrap_text=wrap, indent=indent
                    ),
                    number_format=number_format,
                )
            )
            self.names[key] = name
            cell.style = name
            self.arrays[name] = copy(cell._style)  # type: ignore[attr-defined]
        else:
            # What openpyxl's ``cell.style = name`` does, without its search of the style list
            # by name (linear in the styles: a quarter of a big side's export time).
            cell._style = copy(self.arrays[name])  # type: ignore[attr-defined]
