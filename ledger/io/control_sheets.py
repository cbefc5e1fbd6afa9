"""The Rear Area Commander's (4.53) and Air Marshal's (4.54) control sheets as Excel workbooks,
laid out by ``templates/<form>.toml`` (each extending ``logistics.toml``) and drawn with the
Logistics Commander's form cursor (``ledger.io.logistics_form``):

- ``vehicle_repair_workbook``: the Vehicle Repair Control Sheet (4.53), filled from the ledger
  (``ledger.reports.control_log.repair_lines``: TOE awaiting repair, 21.34; Breakdown Points
  this OpStage, 21.25; the points repaired this Game-Turn and when, 5.2 III.K), with empty
  lines and a notes block for destroyed and abandoned vehicles;
- ``pow_workbook``: the POW Control Sheet (4.53): Prisoner Points and captured guns and tanks
  (15.86d), with boxes for camps, CP and guards;
- ``naval_convoy_workbook``, ``ground_support_workbook``, ``air_mission_workbook``: the Naval
  Convoy Log Sheet (4.53), Squadron Ground Support Unit Sheet and Air Mission Log Sheet (4.54)
  as ruled blank forms: the ledger keeps no naval or air records yet.

Each takes ``(state, side, game_name, *, seq=0, seat="")`` and returns the .xlsx file's bytes,
stamped (``ledger.io.sheet_meta``) with the game, side, seat, journal sequence and layout (its
``CONTROL_WORKBOOKS`` key); the visible sheets are protected without a password.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping
from typing import Final

from openpyxl import Workbook
from openpyxl.worksheet.worksheet import Worksheet

from ledger.io.form_page import WorkbookBuilder, draw_form
from ledger.io.logistics_form import Form
from ledger.io.logistics_template import LogisticsTemplate, load_logistics_template
from ledger.io.sheet_meta import Inputs, SheetStamp
from ledger.model.state import GameState
from ledger.model.units import Side
from ledger.reports.control_log import pow_lines, repair_lines

CONTROL_FORMS: Final = (
    "vehicle-repair",
    "pow-control",
    "naval-convoy-log",
    "ground-support",
    "air-mission-log",
)
"""The control sheets' templates, by name."""


def load_control_template(name: str) -> LogisticsTemplate:
    """Read ``templates/<name>.toml`` (one of ``CONTROL_FORMS``): its grid and ``[logistics]``
    settings as ``ledger.io.logistics_template`` reads them, and its ``[control]`` table as
    ``texts``. Raises ``ValueError`` for an unknown form or a negative line count."""
    return load_logistics_template(name, CONTROL_FORMS, "control", "control sheet")


def _lines_and_blanks(form: Form, rows: list[dict[str, object]], *, totals: bool) -> None:
    """The ledger's lines (or the template's ``empty`` line), the empty lines, and a totals
    row over both when ``totals``."""
    first = form.row
    for data in rows:
        form.line(data)
    if not rows and form.t.empty:
        form.line({form.columns[0].key: form.t.empty})
    form.blank_lines(form.t.blank_lines)
    if totals:
        form.totals(form.t.sheet.totals_label, first, form.row - 1)
    form.notes()


def _draw_repair(form: Form, state: GameState, side: Side) -> None:
    _lines_and_blanks(form, repair_lines(state, side), totals=True)


def _draw_pow(form: Form, state: GameState, side: Side) -> None:
    _lines_and_blanks(form, pow_lines(state, side), totals=False)


def _draw_blank(form: Form, state: GameState, side: Side) -> None:
    _lines_and_blanks(form, [], totals=False)


def _draw_squadrons(form: Form, state: GameState, side: Side) -> None:
    """Six squadron sections (4.54: the most an airfield berths), each a heading and ruled
    lines, one a plane."""
    texts = form.t.texts
    for n in range(1, int(texts["sections"]) + 1):
        form.band(texts["section_heading"].format(n=n))
        form.blank_lines(int(texts["section_lines"]))
    form.notes()


_Drawer = Callable[[Form, GameState, Side], None]
SHEETS: Final[Mapping[str, tuple[str, _Drawer]]] = {
    "vehicle-repair": ("vehicle-repair", _draw_repair),
    "pow": ("pow-control", _draw_pow),
    "naval-convoys": ("naval-convoy-log", _draw_blank),
    "ground-support": ("ground-support", _draw_squadrons),
    "air-missions": ("air-mission-log", _draw_blank),
}
"""Each control sheet by the name ``quartermaster export --sheet`` takes: template, drawing."""


def _workbook(key: str, state: GameState, side: Side, game_name: str, seq: int, seat: str) -> bytes:
    template_name, draw = SHEETS[key]
    template = load_control_template(template_name)
    wb = Workbook()
    ws = wb.active
    assert isinstance(ws, Worksheet)
    ws.title = template.sheet.tab
    form = Form(ws, template)
    draw_form(form, state, side, game_name, lambda f: draw(f, state, side))
    wb.properties.title = f"{template.sheet.title} — {side.title()}"
    Inputs().finish(wb, SheetStamp(game_name, side, seat, seq, key))
    buffer = io.BytesIO()
    wb.save(buffer)
    return buffer.getvalue()


def vehicle_repair_workbook(
    state: GameState, side: Side, game_name: str, *, seq: int = 0, seat: str = ""
) -> bytes:
    """The Vehicle Repair Control Sheet (4.53) of ``side`` now: each unit's TOE Strength
    Points awaiting repair (21.34), Breakdown Points this OpStage (21.25) and the points
    repaired this Game-Turn with the Operations Stage and phase of each repair (5.2 III.K), a
    live =SUM of what awaits repair, empty lines, a block for destroyed and abandoned
    vehicles."""
    return _workbook("vehicle-repair", state, side, game_name, seq, seat)


def pow_workbook(
    state: GameState, side: Side, game_name: str, *, seq: int = 0, seat: str = ""
) -> bytes:
    """The POW Control Sheet (4.53) of ``side`` now: its Prisoner Points and captured guns and
    tanks (15.86d), with boxes for POW Camps, CP expended and Guards."""
    return _workbook("pow", state, side, game_name, seq, seat)


def naval_convoy_workbook(
    state: GameState, side: Side, game_name: str, *, seq: int = 0, seat: str = ""
) -> bytes:
    """The Naval Convoy Log Sheet (4.53), blank: ships, ports, transit and cargo to fill in."""
    return _workbook("naval-convoys", state, side, game_name, seq, seat)


def ground_support_workbook(
    state: GameState, side: Side, game_name: str, *, seq: int = 0, seat: str = ""
) -> bytes:
    """The Squadron Ground Support Unit Sheet (4.54), blank: six squadron sections."""
    return _workbook("ground-support", state, side, game_name, seq, seat)


def air_mission_workbook(
    state: GameState, side: Side, game_name: str, *, seq: int = 0, seat: str = ""
) -> bytes:
    """The Air Mission Log Sheet (4.54), blank: one mission a line, by hex and squadron."""
    return _workbook("air-missions", state, side, game_name, seq, seat)


CONTROL_WORKBOOKS: Final[Mapping[str, tuple[WorkbookBuilder, str]]] = {
    "vehicle-repair": (vehicle_repair_workbook, "Vehicle Repair Control Sheet"),
    "pow": (pow_workbook, "POW Control Sheet"),
    "naval-convoys": (naval_convoy_workbook, "Naval Convoy Log Sheet (blank)"),
    "ground-support": (ground_support_workbook, "Squadron Ground Support Unit Sheet (blank)"),
    "air-missions": (air_mission_workbook, "Air Mission Log Sheet (blank)"),
}
"""Each control sheet workbook by its ``--sheet`` name: builder, what it is."""
