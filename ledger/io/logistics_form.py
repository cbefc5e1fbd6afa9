"""Drawing one Logistics Commander's form (4.55) on a worksheet: a cursor that writes the header
block, the column headings, boxed lines, totals rows with live formulas, notes and ruled lines,
keeping count of row heights so that the notes block is laid out to fit the printed page.

Used by ``ledger.io.logistics_sheets``; the cells are written as ``ledger.io.xlsx`` writes them
(player text through ``write_text``, figures through ``display_number``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from openpyxl.styles import Alignment, Border, Font, PatternFill
from openpyxl.styles import Side as BorderSide
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.pagebreak import Break
from openpyxl.worksheet.worksheet import Worksheet

from ledger.io.logistics_template import LogisticsTemplate
from ledger.io.xlsx import (
    CELL_BORDER,
    HEADER_FILL,
    LINE_HEIGHT,
    WRITE_IN_MM,
    Column,
    display_number,
    print_height,
    print_scale,
    wrapped_line_count,
    write_text,
)

_BAND_FILL: Final = PatternFill("solid", fgColor="BFBFBF")
_TOTAL_BORDER: Final = Border(top=BorderSide(style="medium"), bottom=BorderSide(style="double"))
_RULED: Final = Border(bottom=BorderSide(style="thin", color="808080"))
_GREY: Final = "595959"
_LABEL_WIDTH: Final = 12  # characters the header block's labels need
_CENTERED_WIDTH: Final = (10, 14)  # text columns centred: wrapped ones, the others
_PAGE_HEIGHT: Final = {"letter": 8.5 * 72, "a4": 595}  # landscape, in points
_MARGINS: Final = 1.2 * 72  # top + bottom (xlsx.apply_print_setup)


class Form:
    """A cursor over one worksheet drawn from a ``LogisticsTemplate``: ``row`` is the next row
    to write; ``title_rows`` the rows to repeat on every page once ``headers`` is drawn;
    ``scale`` the print scale fitting it one page wide (``xlsx.print_scale``); ``write_in`` the
    height of an empty line to write in, printing ``xlsx.WRITE_IN_MM`` high at that scale."""

    def __init__(self, ws: Worksheet, template: LogisticsTemplate) -> None:
        self.ws, self.t = ws, template
        self.columns = template.sheet.columns
        self.index = {c.key: i for i, c in enumerate(self.columns, start=1)}
        self.width = len(self.columns)
        self.size = template.sheet.font_size
        self.row = 1
        self.heights: dict[int, float] = {}
        self.title = (1, 1)
        self.scale = print_scale([c.width for c in self.columns])
        self.write_in = print_height(2 * self.size, WRITE_IN_MM, self.scale)

    @property
    def title_rows(self) -> str:
        return f"{self.title[0]}:{self.title[1]}"

    def font(self, **style: Any) -> Font:
        return Font(self.t.sheet.font, style.pop("size", self.size), **style)

    def letter(self, key: str) -> str:
        return get_column_letter(self.index[key])

    def merge(self, row: int, first: int, span: int) -> None:
        if span > 1:
            self.ws.merge_cells(
                start_row=row, start_column=first, end_row=row, end_column=first + span - 1
            )

    def next_row(self, height: float) -> None:
        """Close the current row at ``height`` points and move to the next."""
        self.ws.row_dimensions[self.row].height = height
        self.heights[self.row] = height
        self.row += 1

    def info(self, items: Sequence[tuple[str, str]]) -> None:
        """The title, then ``label: value`` rows; labels span columns enough to be read whole."""
        title = self.ws.cell(row=self.row, column=1, value=self.t.sheet.title)
        title.font = self.font(size=14, bold=True)
        self.next_row(20)
        span, width = 0, 0.0
        while width < _LABEL_WIDTH and span < self.width - 1:
            width += self.columns[span].width
            span += 1
        for label, value in items:
            cell = self.ws.cell(row=self.row, column=1, value=label)
            cell.font = self.font(size=10, bold=True)
            self.merge(self.row, 1, span)
            write_text(self.ws, self.row, span + 1, value)
            self.ws.cell(row=self.row, column=span + 1).font = self.font(size=10)
            self.next_row(14)
        self.next_row(8)

    def band(self, text: str) -> None:
        """A full-width heading row."""
        write_text(self.ws, self.row, 1, text)
        self.ws.cell(row=self.row, column=1).font = self.font(size=self.size + 1, bold=True)
        for col in range(1, self.width + 1):
            self.ws.cell(row=self.row, column=col).fill = _BAND_FILL
        self.merge(self.row, 1, self.width)
        self.next_row((self.size + 1) * LINE_HEIGHT + 2)

    def text_line(self, text: str, *, italic: bool = False, ruled: bool = False) -> None:
        """A full-width line of wrapped text (or an empty ruled line), fitted to the text."""
        if text:
            write_text(self.ws, self.row, 1, text)
        cell = self.ws.cell(row=self.row, column=1)
        cell.font = self.font(italic=italic)
        cell.alignment = Alignment(wrap_text=True, vertical="top")
        if ruled:
            for col in range(1, self.width + 1):
                self.ws.cell(row=self.row, column=col).border = _RULED
        self.merge(self.row, 1, self.width)
        total = sum(c.width for c in self.columns)
        lines = wrapped_line_count(text, total, self.size) if text else 1
        self.next_row(max(lines * LINE_HEIGHT * self.size, self.write_in if ruled else 0))

    def headers(self) -> None:
        """The group row (when the template has groups), the headings and the rule cases under
        them, in a hidden row (shown with Format ▸ Rows ▸ Show, never printed unless shown) and
        the workbook's description; these rows repeat on every printed page."""
        top = self.row
        if any(c.group for c in self.columns):
            self._groups()
        for index, col in enumerate(self.columns, start=1):
            self.ws.column_dimensions[get_column_letter(index)].width = col.width
            head = self.ws.cell(row=self.row, column=index, value=col.header)
            head.font = self.font(bold=True)
            head.alignment = Alignment(horizontal="center", vertical="center", wrap_text=True)
            head.fill, head.border = HEADER_FILL, CELL_BORDER
            case = self.ws.cell(row=self.row + 1, column=index, value=col.case)
            case.data_type = "s"
            case.font = self.font(italic=True, color=_GREY)
            case.alignment = Alignment(horizontal="center")
        lines = max(wrapped_line_count(c.header, c.width, self.size) for c in self.columns)
        self.next_row(max(2, lines) * LINE_HEIGHT * self.size)
        self.ws.row_dimensions[self.row].hidden = True  # the cases: on screen, not on paper
        self.next_row(0)
        self.title = (top, self.row - 1)
        self.sources([(f"{c.group} {c.header}".strip(), c.case) for c in self.columns])

    def sources(self, lines: Sequence[tuple[str, str]]) -> None:
        """Add this sheet's ``(heading, rule case)`` lines to the workbook's description (a
        document property, File ▸ Properties): the cases stay off the printed page."""
        wb = self.ws.parent
        assert wb is not None
        cases = "; ".join(f"{heading.replace(chr(10), ' ')} {case}" for heading, case in lines)
        known = wb.properties.description
        text = f"{self.ws.title} — rule cases: {cases}."
        wb.properties.description = f"{known}\n{text}" if known else text

    def _groups(self) -> None:
        """The group row: each group's heading over its columns, wrapped onto a second line
        when it is wider than they are ("Capacity, one commodity alone" over four)."""
        start, lines = 1, 1
        for index in range(2, self.width + 2):
            group = self.columns[start - 1].group
            if index <= self.width and self.columns[index - 1].group == group:
                continue
            if group:
                cell = self.ws.cell(row=self.row, column=start, value=group)
                cell.font = self.font(bold=True)
                cell.alignment = Alignment(horizontal="center", vertical="center", wrap_text=True)
                for col in range(start, index):
                    box = self.ws.cell(row=self.row, column=col)
                    box.fill, box.border = HEADER_FILL, CELL_BORDER
                self.merge(self.row, start, index - start)
                room = sum(c.width for c in self.columns[start - 1 : index - 1])
                lines = max(lines, wrapped_line_count(group, room * 0.9, self.size))  # bold
            start = index
        self.next_row(lines * self.size * LINE_HEIGHT + 2)

    def line(self, data: Mapping[str, Any], *, grey: bool = False) -> None:
        """One boxed line of ``data`` (missing or ``None`` values are empty boxes)."""
        font = self.font(italic=grey, color=_GREY if grey else None)
        lines = 1
        for index, col in enumerate(self.columns, start=1):
            value = data.get(col.key)
            cell = self.ws.cell(row=self.row, column=index)
            if isinstance(value, str):
                if value:
                    write_text(self.ws, self.row, index, value)
                if col.wrap:
                    lines = max(lines, wrapped_line_count(value, col.width, self.size))
            elif value is not None:
                cell.value = display_number(value)
            cell.number_format, cell.font, cell.border = col.format, font, CELL_BORDER
            align = self._align(col)
            if isinstance(value, str) and not col.wrap and len(value) > col.width:
                align = None  # from the left, running on over the empty boxes to its right
            cell.alignment = Alignment(wrap_text=col.wrap, vertical="top", horizontal=align)
        self.next_row(lines * LINE_HEIGHT * self.size + 2)

    @staticmethod
    def _align(col: Column) -> str | None:
        """Figures to the right; short text (a hex, a status, a case) centred."""
        if col.format != "@":
            return "right"
        return "center" if col.width <= _CENTERED_WIDTH[0 if col.wrap else 1] else None

    def blank_lines(self, count: int) -> None:
        """Empty boxed lines for the players to write in."""
        for _ in range(count):
            self.line({})
            self.heights[self.row - 1] = self.write_in
            self.ws.row_dimensions[self.row - 1].height = self.write_in

    def totals(
        self,
        label: str,
        first: int,
        last: int,
        *,
        only: Sequence[str] | None = None,
        when: tuple[str, str] | None = None,
    ) -> None:
        """A totals row over lines ``first``..``last``: =SUM of each summed column (of those
        in ``only``), or =SUMIF when ``when`` is ``(key, value)``."""
        summed = [c for c in self.columns if c.total == "sum" and (only is None or c.key in only)]
        span = min(self.index[c.key] for c in summed) - 1 if summed else self.width
        write_text(self.ws, self.row, 1, label)
        self.merge(self.row, 1, max(span, 1))
        for index, col in enumerate(self.columns, start=1):
            cell = self.ws.cell(row=self.row, column=index)
            if col in summed:
                column = f"{self.letter(col.key)}{first}:{self.letter(col.key)}{last}"
                if when is None:
                    cell.value = f"=SUM({column})"
                else:
                    test = f"{self.letter(when[0])}{first}:{self.letter(when[0])}{last}"
                    value = when[1].replace('"', '""')
                    cell.value = f'=SUMIF({test},"{value}",{column})'
            cell.number_format, cell.border = col.format, _TOTAL_BORDER
            cell.font = self.font(bold=True)
            cell.alignment = Alignment(vertical="center")
        self.next_row(self.size * LINE_HEIGHT + 4)

    def listing(
        self, rows: Sequence[Mapping[str, Any]], grey: Callable[[Mapping[str, Any]], bool]
    ) -> None:
        """The ledger's lines, the empty lines for the players and the totals row."""
        first = self.row
        for data in rows:
            self.line(data, grey=grey(data))
        if not rows:
            at = 2 if self.width > 1 else 1
            self.line({})
            write_text(self.ws, self.row - 1, at, self.t.empty)
            self.ws.cell(row=self.row - 1, column=at).font = self.font(italic=True, color=_GREY)
        self.blank_lines(self.t.blank_lines)
        self.totals(self.t.sheet.totals_label, first, self.row - 1, when=self.t.totals_if)

    def notes(self) -> None:
        """The sheet's note, then the template's notes block: its heading, prompt and as many
        of its ruled lines as fit on the page; on a new page when fewer than two fit."""
        if self.t.sheet.note:
            self.text_line(self.t.sheet.note, italic=True)
        if not self.t.note_lines:
            return
        ruled = self.write_in
        fixed = 8 + (self.size + 1) * LINE_HEIGHT + 2
        if self.t.notes_prompt:
            fixed += ruled
        room = self.room_left()
        lines = min(self.t.note_lines, int((room - fixed) // ruled))
        if lines < 2:
            self.ws.row_breaks.append(Break(id=self.row - 1))
            lines = self.t.note_lines
        self.next_row(8)
        self.band(self.t.notes_heading)
        if self.t.notes_prompt:
            self.text_line(self.t.notes_prompt, italic=True, ruled=True)
        for _ in range(lines):
            self.text_line("", ruled=True)

    def room_left(self) -> float:
        """Points of the current printed page below the rows written so far, in the sheet's
        own (unscaled) points: the print set-up shrinks the sheet to one page wide."""
        page = (_PAGE_HEIGHT[self.t.sheet.paper] - _MARGINS) / self.scale
        titles = sum(self.heights.get(r, 15) for r in range(self.title[0], self.title[1] + 1))
        used = 0.0
        for row in range(1, self.row):
            height = self.heights.get(row, 15)
            if used + height > page:
                used = titles
            used += height
        return page - used
