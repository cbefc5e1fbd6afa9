"""The drawing cursor of a TOE Log Sheet (4.52) worksheet: where the next row goes, the form's
columns, and cells styled by named style (``ledger.io.toe_template.StyleBook``), merged without
restyling, banded and ruled. Used by ``ledger.io.toe_sheets``; it computes no rule."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from openpyxl.cell.cell import Cell
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.merge import MergedCellRange
from openpyxl.worksheet.worksheet import Worksheet

from ledger.io.sheet_meta import Inputs
from ledger.io.toe_print import write_in_height
from ledger.io.toe_template import FontSpec, StyleBook, ToeTemplate
from ledger.io.xlsx import LINE_HEIGHT, wrapped_line_count, write_text

GREY: Final = "595959"
"""The colour of a detached unit's line and of the rule cases (dark grey, prints legibly)."""


class ToeCursor:
    """A cursor over one worksheet of a TOE template, styling cells by name (``StyleBook``).

    ``ws`` the worksheet, ``template`` its form, ``inputs`` the workbook's input cells
    (``sheet_meta``), ``where`` each unit id's worksheet tab (a detached unit's line says where
    it is), ``styles`` the workbook's named styles. ``row`` is the next row to draw; ``index``
    maps a column key to its 1-based column; ``write_in`` is a blank ruled line's height
    (points) that prints at least 7 mm high."""

    def __init__(
        self,
        ws: Worksheet,
        template: ToeTemplate,
        inputs: Inputs,
        where: Mapping[str, str],
        styles: StyleBook,
    ) -> None:
        self.ws, self.t = ws, template
        self.inputs, self.where, self.styles = inputs, where, styles
        self.columns = template.sheet.columns
        self.index = {c.key: i for i, c in enumerate(self.columns, start=1)}
        self.width = len(self.columns)
        self.row = 1
        self.size = template.sheet.font_size
        self.font: FontSpec = (template.sheet.font, self.size, False, False, None)
        self.bold: FontSpec = (template.sheet.font, self.size, True, False, None)
        self.grey: FontSpec = (template.sheet.font, self.size, False, True, GREY)
        self.write_in = write_in_height([c.width for c in self.columns], self.size)

    def letter(self, key: str) -> str:
        """The column letter of column ``key``."""
        return get_column_letter(self.index[key])

    def font_of(self, size: float, bold: bool = False, italic: bool = False) -> FontSpec:
        """The template's font at ``size`` points, bold or italic."""
        return (self.t.sheet.font, size, bold, italic, None)

    def style(self, row: int, column: int, font: FontSpec, **parts: Any) -> Cell:
        """The cell at (``row``, ``column``) in the named style of ``font`` and ``parts``."""
        cell = self.ws.cell(row=row, column=column)
        assert isinstance(cell, Cell)  # merge() keeps cells as they are
        self.styles.apply(cell, font, **parts)
        return cell

    def merge(self, row: int, first: int, span: int) -> None:
        """Merge ``span`` cells of ``row`` from ``first``, keeping each cell's own style (the
        borders were drawn per cell; openpyxl's ``merge_cells`` would restyle every one)."""
        if span > 1:
            coord = f"{get_column_letter(first)}{row}:{get_column_letter(first + span - 1)}{row}"
            self.ws.merged_cells.add(MergedCellRange(self.ws, coord))

    def band(self, text: str, fill: str = "section") -> None:
        """A full-width heading row."""
        self.style(self.row, 1, self.font_of(self.size + 1, bold=True), fill=fill)
        write_text(self.ws, self.row, 1, text)
        for col in range(2, self.width + 1):
            self.style(self.row, col, self.font, fill=fill)
        self.merge(self.row, 1, self.width)
        self.row += 1

    def text_line(self, text: str, *, italic: bool = False, ruled: bool = False) -> None:
        """A full-width line of wrapped text (a note), its height fitted to the text."""
        rule = "ruled" if ruled else ""
        top = (None, "top", True, 0)
        self.style(self.row, 1, self.font_of(self.size, italic=italic), border=rule, align=top)
        write_text(self.ws, self.row, 1, text)
        if ruled:
            for col in range(2, self.width + 1):
                self.style(self.row, col, self.font, border=rule)
        self.merge(self.row, 1, self.width)
        total = sum(c.width for c in self.columns)
        lines = wrapped_line_count(text, total, self.size) if text else 1
        least = self.write_in if ruled and not text else 2 * self.size
        self.ws.row_dimensions[self.row].height = max(lines * LINE_HEIGHT * self.size, least)
        self.row += 1
