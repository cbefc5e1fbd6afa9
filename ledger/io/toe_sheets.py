"""The Field Commander's TOE Log Sheets (4.52) as one Excel workbook: a worksheet per Parent
Formation and one for the counters with none ("Independent units"), laid out by
``templates/toe-<variant>.toml`` (which extend ``toe-log.toml``), styled by named styles.

Rows come from ``ledger.reports.toe_log``, the layout from ``ledger.io.toe_template``; the sheet
computes no rule. A line's Raw points are formulas of its TOE cell (an input, ``sheet_meta``),
its Actual points ROUND(Raw/10,0) (the line fired alone, 11.32); the totals SUM each Raw column and the supplies, ROUND(SUM(Raw)/10,0) for Actual points (11.32,
11.34; AA undivided, 11.37).
Print set-up, text escaping and number cells are those of the Field Commander Control Sheet
(``ledger.io.xlsx``). It prints for pencils (issue 19, ``ledger.io.toe_print``): the rule cases
under the headings sit in a hidden row (and the workbook's description), blank ruled lines print
at least 7 mm high, and the grid's widths keep 9-point type at 8 points or more on paper.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, Final

from openpyxl import Workbook
from openpyxl.styles import Alignment, Font
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from ledger.io.sheet_meta import Inputs, SheetStamp
from ledger.io.toe_cursor import GREY, ToeCursor
from ledger.io.toe_print import add_cases, tab_name
from ledger.io.toe_print import input_kind as toe_input_kind
from ledger.io.toe_template import (
    FontSpec,
    Section,
    StyleBook,
    ToeTemplate,
    load_toe_template,
)
from ledger.io.xlsx import (
    LINE_HEIGHT,
    apply_print_setup,
    display_number,
    wrapped_line_count,
    write_text,
)
from ledger.model.state import GameState
from ledger.model.units import Side
from ledger.reports.tables import clock
from ledger.reports.toe_log import (
    SECTIONS,
    ToeLog,
    independent_log,
    parent_formations,
    toe_log,
)

_HEAD_ALIGN: Final = ("center", "center", True, 0)
_UPRIGHT: Final = 6
"""Columns narrower than this (characters) print their heading turned 90°, so that 9-point
words like "Cohesion" are not broken across lines (issue 19)."""
_UP: Final = Alignment(horizontal="center", vertical="bottom", wrap_text=True, text_rotation=90)


def toe_log_workbook(
    state: GameState,
    side: Side,
    game_name: str,
    formation_id: str | None = None,
    *,
    seq: int = 0,
    seat: str = "",
) -> bytes:
    """The TOE Log Sheets (4.52) of ``side`` now, as an .xlsx file's bytes.

    One worksheet per top-level Parent Formation in play (``ledger.reports.toe_log.parent_formations``)
    and one more, "Independent units", for every counter in play on none of them
    (``independent_log``): a side export carries every counter in play and all its TOE points.
    With ``formation_id``, one sheet for that formation (any HQ in play, its tree only). Each
    sheet uses the form ``sheet_variant`` chooses. A side without counters gets one sheet saying
    so. The TOE Strength Points, CP expended and Cohesion (when whole) and supplies of each line
    are inputs (``ledger.io.sheet_meta``); Raw points are formulas of the line's TOE (11.31) and
    the workbook is stamped with ``game_name``, ``side``, ``seat`` and the journal ``seq`` it
    shows. Raises ``KeyError`` for an unknown ``formation_id`` and ``ValueError`` when it is
    another side's unit, not in play, or a section of the log has no place in the template.
    """
    if formation_id is not None:
        unit = state.units[formation_id]
        if unit.side != side:
            raise ValueError(f"{unit.name} is {unit.side.title()}, not {side.title()}")
        if not unit.in_play(state.clock):
            raise ValueError(f"{unit.name} is not in play at {state.clock.short}")
        formations = [formation_id]
    else:
        formations = parent_formations(state, side)
    logs = [toe_log(state, hq_id) for hq_id in formations]
    if formation_id is None:
        independent = independent_log(state, side, formations)
        logs += [independent] if independent is not None else []
    wb = Workbook()
    first = wb.active
    assert isinstance(first, Worksheet)
    wb.remove(first)
    tabs: set[str] = set()
    names = [tab_name(log.summary["formation"], tabs) for log in logs]
    where = {uid: tab for log, tab in zip(logs, names, strict=True) for uid in log.members}
    inputs, styles = Inputs(), StyleBook(wb)
    templates = {v: load_toe_template(v) for v in {log.variant for log in logs}}  # read once
    for log, tab in zip(logs, names, strict=True):
        template = templates[log.variant]
        ws = wb.create_sheet(tab)
        cursor = ToeCursor(ws, template, inputs, where, styles)
        _write_sheet(cursor, log, _info(state, side, game_name, log))
        apply_print_setup(
            ws,
            title_rows=_title_rows(ws),
            footer_left=f"{game_name} · {side.title()} · {log.summary['formation']}",
            footer_center=str(state.clock),
            paper=template.sheet.paper,
        )
    if not logs:
        ws = wb.create_sheet("TOE Log Sheets")
        ws.cell(row=1, column=1, value="TOE Log Sheets (4.52)").font = Font(size=14, bold=True)
        write_text(ws, 3, 1, f"No counters of the {side.title()} in play.")
    wb.properties.title = f"TOE Log Sheets (4.52) — {side.title()}"
    inputs.finish(wb, SheetStamp(game_name, side, seat, seq, "toe"))
    buffer = io.BytesIO()
    wb.save(buffer)
    return buffer.getvalue()


def _info(
    state: GameState, side: Side, game_name: str, log: ToeLog
) -> list[tuple[str, str | int | None]]:
    now = clock(state)
    summary = log.summary
    return [
        (
            "Formation",
            f"{summary['formation']} ({summary['counter']})"
            if summary["counter"]
            else summary["formation"],
        ),
        ("Side", f"{side.title()} ({summary['nationality']})"),
        ("Scenario", f"{now['scenario']} ({now['scenario_case']})"),
        ("Game time", str(state.clock)),
        ("Game", game_name),
    ]


# --- drawing one sheet -------------------------------------------------------------------------


def _write_sheet(sheet: ToeCursor, log: ToeLog, info: Sequence[tuple[str, Any]]) -> None:
    ws, template = sheet.ws, sheet.t
    title = ws.cell(row=1, column=1, value=template.sheet.title)
    title.font = Font(template.sheet.font, 14, bold=True)
    head = 2 + max(len(info), 5) + 1
    _write_headers(sheet, head)
    sheet.row = head + 2
    ranges: list[tuple[int, int]] = []
    for section in template.sections:
        if section.key in SECTIONS and (log.hq_id or log.sections[section.key]):
            if not log.hq_id:  # the Independent units sheet: one list, no HQ (4.52)
                section = replace(section, heading="Counters with no Parent Formation")
            ranges += _write_units(sheet, section, log.sections[section.key])
    missing = [k for k in SECTIONS if log.sections[k] and k not in _keys(template)]
    if missing:
        raise ValueError(f"{template.sheet.title}: no section for {missing} of {log.hq_id}")
    _write_totals(sheet, ranges)
    _write_info(sheet, info, log, actual_row=sheet.row - 1)
    sheet.text_line(template.sheet.note, italic=True)
    sheet.row += 1
    for section in template.sections:
        if section.key == "transport":
            _write_trucks(sheet, section, log.trucks)
        elif section.key == "notes":
            _write_notes(sheet, section, log.notes, bool(log.hq_id))
    ws.freeze_panes = f"C{head + 2}"
    ws.print_area = f"A1:{get_column_letter(sheet.width)}{sheet.row - 1}"


def _keys(template: ToeTemplate) -> set[str]:
    return {s.key for s in template.sections}


def _title_rows(ws: Worksheet) -> str:
    for row in range(1, 20):
        if ws.cell(row=row, column=1).value == "Counter":
            return f"{row}:{row + 1}"
    raise AssertionError("no header row")


def _write_info(
    sheet: ToeCursor, info: Sequence[tuple[str, Any]], log: ToeLog, actual_row: int
) -> None:
    """Three blocks under the title: who and when; the formation's figures; its Actual points
    (formulas pointing at the Actual totals row, for reading at a glance, 11.36)."""
    summary = log.summary
    figures: list[tuple[str, Any]] = [
        ("Formation CPA (6.15)", summary["formation_cpa"]),
        ("Stacking Points (9.12)", summary["stacking_points"]),
        ("Counters with it", summary["counters"]),
        ("Assigned, detached (9.21)", summary["detached"]),
        ("Truck Points attached (8.96)", summary["truck_points"]),
    ]
    glance = [
        (f"Actual {c.header.removeprefix('Raw ')}", _actual_at(sheet, key))
        for key, c in _actual_cols(sheet)
    ]
    label_font = Font(sheet.t.sheet.font, 9, bold=True)
    value_font = Font(sheet.t.sheet.font, 9)
    room = sum(c.width for c in sheet.columns[1 : 1 + sheet.t.info_width])
    for offset, (label, value) in enumerate(info):
        row = 2 + offset
        top = sheet.ws.cell(row=row, column=1, value=label)
        top.font, top.alignment = label_font, Alignment(vertical="top")
        write_text(sheet.ws, row, 2, str(value))
        cell = sheet.ws.cell(row=row, column=2)
        cell.font, cell.alignment = value_font, Alignment(vertical="top", wrap_text=True)
        lines = wrapped_line_count(str(value), room, 9)
        if lines > 1:  # "GT 1 OpStage 1 (September III 1940)" takes two lines, not clipped
            sheet.ws.row_dimensions[row].height = lines * LINE_HEIGHT * 9
        sheet.merge(row, 2, sheet.t.info_width)
    at = sheet.index["system"]
    for offset, (label, value) in enumerate(figures):
        row = 2 + offset
        top = sheet.ws.cell(row=row, column=at, value=label)
        top.font, top.alignment = label_font, Alignment(vertical="top")
        sheet.merge(row, at, 4)
        cell = sheet.ws.cell(row=row, column=at + 4, value="–" if value is None else value)
        cell.font, cell.alignment = value_font, Alignment(horizontal="left", vertical="top")
        sheet.merge(row, at + 4, 2)
    at = sheet.index["cpa"]
    for offset, (label, key) in enumerate(glance):
        row = 2 + offset
        top = sheet.ws.cell(row=row, column=at, value=label)
        top.font, top.alignment = label_font, Alignment(vertical="top")
        sheet.merge(row, at, 4)
        cell = sheet.ws.cell(row=row, column=at + 4, value=f"={sheet.letter(key)}{actual_row}")
        cell.font, cell.alignment = value_font, Alignment(horizontal="left", vertical="top")


def _actual_cols(sheet: ToeCursor) -> list[tuple[str, Any]]:
    return [(c.key, c) for c in sheet.columns if c.key in sheet.t.actual]


def _actual_at(sheet: ToeCursor, raw_key: str) -> str:
    """The column holding the formation's Actual of Raw column ``raw_key`` on the Actual row:
    its lines' Actual column when the form has one, else the Raw column (AA, 11.37)."""
    actual = f"actual_{raw_key.removeprefix('raw_')}"
    return actual if actual in sheet.index else raw_key


def _write_headers(sheet: ToeCursor, row: int) -> None:
    case_font: FontSpec = (sheet.t.sheet.font, sheet.size - 1, False, True, GREY)
    for index, col in enumerate(sheet.columns, start=1):
        sheet.ws.column_dimensions[get_column_letter(index)].width = col.width
        head = sheet.style(row, index, sheet.bold, border="cell", fill="header", align=_HEAD_ALIGN)
        head.value = col.header
        if col.width < _UPRIGHT:  # a narrow figure's heading reads up the column, unbroken
            head.alignment = _UP
        centered = ("center", None, False, 0)
        sheet.style(row + 1, index, case_font, border="cell", fill="header", align=centered)
        sheet.ws.cell(row=row + 1, column=index, value=col.case).data_type = "s"
    sheet.ws.row_dimensions[row].height = max(4 * LINE_HEIGHT * sheet.size, 7 * sheet.size)
    sheet.ws.row_dimensions[row + 1].hidden = True  # the cases: on screen, not on paper
    wb = sheet.ws.parent
    assert isinstance(wb, Workbook)
    add_cases(wb, sheet.ws.title, [(c.header, c.case) for c in sheet.columns])


def _write_units(
    sheet: ToeCursor, section: Section, lines: Sequence[Mapping[str, Any]]
) -> list[tuple[int, int]]:
    """The section's heading and lines; returns the rows its lines take, for the totals."""
    sheet.band(f"{section.heading} ({section.case})")
    first = sheet.row
    for line in lines:
        _write_line(sheet, line)
    for _ in range(section.blank_lines):
        for col in range(1, sheet.width + 1):
            sheet.style(sheet.row, col, sheet.font, border="cell")
        sheet.ws.row_dimensions[sheet.row].height = sheet.write_in
        sheet.row += 1
    if sheet.row == first:
        sheet.style(sheet.row, sheet.index["name"], sheet.grey)
        write_text(sheet.ws, sheet.row, sheet.index["name"], "(none)")
        sheet.row += 1
    return [(first, sheet.row - 1)]


def _write_line(sheet: ToeCursor, line: Mapping[str, Any]) -> None:
    """One weapon-system line: its inputs marked (TOE points, and on a unit's first line CP
    expended and Cohesion in quarter points, supplies), its Raw points formulas of its TOE
    (11.31) and its Actual points of its Raw, the line fired alone (Raw ÷ 10 rounded half up,
    11.32, 11.33; a formation's Actual divides its Raw total instead, 11.34: ``_write_totals``)."""
    detached = line["with"] == "detached"
    bold = bool(line["is_hq"]) and line["first"] and not detached
    font = sheet.grey if detached else sheet.bold if bold else sheet.font
    row, lines = sheet.row, 1
    label = sheet.index["counter"] if line["counter"] else sheet.index["system"]
    toe = f"{sheet.letter('toe_points')}{row}"
    for index, col in enumerate(sheet.columns, start=1):
        rating = col.key.partition("_")[2]
        value: Any = line[col.key] if not col.key.startswith("actual_") else None
        if col.key.startswith("actual_") and line[f"raw_{rating}"] is not None:
            value = 0  # no rating, no points: as its Raw column shows (11.33)
        if col.key == "system" and detached and line["unit_id"] in sheet.where:
            value = f"{value}: see {sheet.where[line['unit_id']]}"
        indent = int(line["depth"]) if col.key == "name" else 0
        center = "center" if col.format == "@" and col.width <= 6 else None
        align = (center, "top", col.wrap, indent)
        cell = sheet.style(row, index, font, border="cell", align=align, number_format=col.format)
        input_kind = toe_input_kind(col.key, value, detached)
        if input_kind is not None:
            kind, field = input_kind
            sheet.inputs.mark(
                sheet.ws,
                row,
                index,
                value,  # an int, or a Fraction of quarter points (CP, Cohesion, 8.37)
                kind=kind,
                holder=line["unit_id"],
                field=line["system_id"] if kind == "toe" else field,
                label_column=label,
            )
        elif col.key.startswith("raw_") and line["rating_values"].get(rating) is not None:
            cell.value = f"={toe}*{line['rating_values'][rating]}"
        elif col.key.startswith("actual_") and line["rating_values"].get(rating) is not None:
            raw = f"{sheet.letter(f'raw_{rating}')}{row}"  # the line fired alone (11.32, 11.33)
            cell.value = f"=ROUND({raw}/{sheet.t.actual[f'raw_{rating}']},0)"
        elif isinstance(value, str):
            if value:
                write_text(sheet.ws, row, index, value)
        elif value is not None:
            cell.value = display_number(value)
        if col.wrap and isinstance(value, str):
            room = (col.width - 2 * indent) * (0.9 if bold else 1)  # bold type is wider
            lines = max(lines, wrapped_line_count(value, room, sheet.size))
    if lines > 1:
        sheet.ws.row_dimensions[row].height = lines * LINE_HEIGHT * sheet.size
    sheet.row += 1


def _write_totals(sheet: ToeCursor, ranges: Sequence[tuple[int, int]]) -> None:
    """Two rows: Raw totals (SUM, also of supplies) under the Raw columns, and the formation's
    Actual points under the lines' Actual columns (its Raw total ÷ 10 rounded half up, 11.32,
    11.34; AA not divided, under Raw AA, 11.37)."""

    def over(key: str) -> str:
        letter = sheet.letter(key)
        return ",".join(f"{letter}{a}:{letter}{b}" for a, b in ranges)

    for label, actual in ((sheet.t.raw_label, False), (sheet.t.actual_label, True)):
        write_text(sheet.ws, sheet.row, 1, f"{sheet.t.sheet.totals_label}: {label}")
        sheet.merge(sheet.row, 1, sheet.index["system"])
        for index, col in enumerate(sheet.columns, start=1):
            sheet.style(sheet.row, index, sheet.bold, border="total", number_format=col.format)
            if not actual and col.total == "sum":
                sheet.ws.cell(row=sheet.row, column=index, value=f"=SUM({over(col.key)})")
        for key, divisor in sheet.t.actual.items() if actual else ():
            total = f"SUM({over(key)})"  # the Raw points totalled, then divided once (11.34)
            cell = sheet.ws.cell(row=sheet.row, column=sheet.index[_actual_at(sheet, key)])
            cell.value = f"={total}" if divisor == 1 else f"=ROUND({total}/{divisor},0)"
        sheet.row += 1


def _write_trucks(sheet: ToeCursor, section: Section, trucks: Sequence[Mapping[str, Any]]) -> None:
    sheet.band(f"{section.heading} ({section.case})")
    fields = sheet.t.transport
    header, upright = sheet.row, False
    for field in fields:
        at = sheet.index[field.under]
        for col in range(at, at + field.span):
            sheet.style(header, col, sheet.bold, border="cell", fill="header", align=_HEAD_ALIGN)
        cell = sheet.ws.cell(row=header, column=at, value=field.header)
        if sum(c.width for c in sheet.columns[at - 1 : at - 1 + field.span]) < _UPRIGHT:
            cell.alignment, upright = _UP, True  # "Ammo loaded" up a narrow column
        sheet.merge(header, at, field.span)
    height = 2 * LINE_HEIGHT * sheet.size
    sheet.ws.row_dimensions[header].height = max(height, 7 * sheet.size) if upright else height
    sheet.row += 1
    first = sheet.row
    if not trucks:
        sheet.style(sheet.row, 1, sheet.grey)
        write_text(sheet.ws, sheet.row, 1, "(no first-line Truck Points attached)")
        sheet.row += 2
        return
    size = sheet.size
    for truck in trucks:
        lines = 1
        for field in fields:
            at = sheet.index[field.under]
            value = truck[field.key]
            for col in range(at, at + field.span):
                sheet.style(
                    sheet.row,
                    col,
                    sheet.font,
                    border="cell",
                    align=(None, "top", True, 0),
                    number_format=field.format,
                )
            if isinstance(value, str):
                write_text(sheet.ws, sheet.row, at, value)
                width = sum(c.width for c in sheet.columns[at - 1 : at - 1 + field.span])
                lines = max(lines, wrapped_line_count(value, width, size))
            else:
                sheet.ws.cell(row=sheet.row, column=at, value=display_number(value))
            sheet.merge(sheet.row, at, field.span)
        if lines > 1:
            sheet.ws.row_dimensions[sheet.row].height = lines * LINE_HEIGHT * size
        sheet.row += 1
    last = sheet.row - 1
    sheet.style(sheet.row, 1, sheet.bold)
    write_text(sheet.ws, sheet.row, 1, f"{sheet.t.sheet.totals_label}: Truck Points and cargo")
    for field in fields:
        if field.total == "sum":
            at = sheet.index[field.under]
            letter = get_column_letter(at)
            cell = sheet.style(
                sheet.row, at, sheet.bold, border="total", number_format=field.format
            )
            cell.value = f"=SUM({letter}{first}:{letter}{last})"
            sheet.merge(sheet.row, at, field.span)
    sheet.row += 2


def _write_notes(sheet: ToeCursor, section: Section, notes: Sequence[str], prompt: bool) -> None:
    sheet.band(f"{section.heading} ({section.case})")
    if sheet.t.prompt and prompt:  # the Independent units sheet has no limits
        sheet.text_line(sheet.t.prompt, italic=True, ruled=True)
        sheet.text_line("", ruled=True)
    for note in notes:
        sheet.text_line(note, ruled=True)
    for _ in range(sheet.t.note_lines + section.blank_lines):
        sheet.text_line("", ruled=True)
