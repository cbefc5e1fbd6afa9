"""The Logistics Commander's sheets (4.55) as Excel workbooks, laid out by
``templates/<form>.toml`` (each extending ``logistics.toml``).

- ``supply_dumps_workbook``: the Supply Dumps Control Sheet;
- ``trucks_workbook``: the Trucks and Major End Items Control Sheet;
- ``supply_net_workbook``: the General Supply Net Sheet;
- ``requisition_workbook``: the Supply Requisition Form;
- ``logistics_workbook``: the four as tabs of one workbook.

Each takes ``(state, side, game_name, *, seq=0, seat="")`` and returns the .xlsx file's bytes,
stamped (``ledger.io.sheet_meta.SheetStamp``: game, side, seat, journal sequence ``seq``, layout
= its ``WORKBOOKS`` key) with each dump's contents marked as inputs (kind ``"dump"``, holder the
dump, field the commodity), the Supply Requisition Form's open requisitions' Filled from and
Answer and its blank lines' boxes marked as text inputs (4.55, ``Inputs.mark_text``; read back by
``ledger.commands.requisition_edits``), and every visible sheet protected without a password. ``WORKBOOKS``
also holds the Rear Area Commander's and Air Marshal's sheets (``ledger.io.control_sheets``).
Rows come from ``ledger.reports.logistics_log``; the sheets compute no rule. Totals are live formulas (=SUM, and
=SUMIF for what open requisitions want). Print set-up, text escaping and number cells are those
of the Field Commander Control Sheet (``ledger.io.xlsx``): landscape, one page wide, headings
repeated on every page, a footer with the game, side and game time.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping, Sequence
from typing import Final

from openpyxl import Workbook
from openpyxl.worksheet.worksheet import Worksheet

from ledger.commands.requisition_edits import (
    NEW_REQUISITION_FIELDS,
    NEW_REQUISITION_KIND,
    REQUISITION_KIND,
)
from ledger.io.control_sheets import CONTROL_WORKBOOKS
from ledger.io.form_page import WorkbookBuilder, draw_form
from ledger.io.logistics_form import Form
from ledger.io.logistics_template import load_logistics_template
from ledger.io.sheet_meta import Inputs, SheetStamp
from ledger.model.quantities import COMMODITIES
from ledger.model.state import GameState
from ledger.model.units import Side
from ledger.reports.logistics_log import (
    arriving_trucks,
    carried_per_point,
    dump_lines,
    requisition_lines,
    supply_net,
    truck_lines,
)
from ledger.reports.supply_use import fight_basis

# --- the four forms --------------------------------------------------------------------------


def _draw_dumps(form: Form, state: GameState, side: Side, inputs: Inputs) -> None:
    """Each dump's contents are inputs (``Inputs.mark``, kind ``dump``, holder the dump): a
    player corrects them at the table and the import posts the difference."""
    rows = dump_lines(state, side)
    first = form.row
    label = form.index["name"]
    for data in rows:
        row = form.row
        form.line(data, grey=bool(data["dummy"]))
        for commodity in COMMODITIES:
            value = data.get(commodity)
            if isinstance(value, int) and not data["unlimited"]:
                inputs.mark(
                    form.ws,
                    row,
                    form.index[commodity],
                    value,
                    kind="dump",
                    holder=str(data["id"]),
                    field=commodity,
                    label_column=label,
                )
    if not rows:
        form.text_line(form.t.empty, italic=True)
    form.blank_lines(form.t.blank_lines)
    form.totals(form.t.sheet.totals_label, first, form.row - 1)
    form.notes()


def _draw_trucks(form: Form, state: GameState, side: Side, inputs: Inputs) -> None:
    form.listing(truck_lines(state, side), lambda r: False)
    form.text_line(f"One Truck Point carries (54.2) — {carried_per_point()}.", italic=True)
    later = arriving_trucks(state, side)
    if later:
        arriving = "; ".join(
            f"{g['name']}, {g['arrival']}: "
            f"{g['light']} light, {g['medium']} medium, {g['heavy']} heavy"
            for g in later
        )
        form.text_line(f"Not in play yet (not counted above): {arriving}.", italic=True)
    form.notes()


def _draw_supply_net(form: Form, state: GameState, side: Side, inputs: Inputs) -> None:
    net = supply_net(state, side)
    texts = form.t.texts
    form.band(f"{texts['held_heading']} ({texts['held_case']})")
    first = form.row
    for data in net.held:
        form.line(data)
    form.totals(
        form.t.sheet.totals_label, first, form.row - 1, only=("ammo", "fuel", "stores", "water")
    )
    if net.unlimited:
        form.text_line(f"{texts['unlimited_label']}: {', '.join(net.unlimited)}.", italic=True)
    form.row += 1
    form.band(f"{texts['formations_heading']} ({texts['formations_case']})")
    first = form.row
    for data in net.formations:
        form.line(data)
    if not net.formations:
        form.line({"label": form.t.empty})
    form.totals(texts["formations_total"], first, form.row - 1)
    form.text_line(texts["not_forecast"].format(fight=fight_basis(state)), italic=True)
    form.row += 1
    form.band(f"{texts['coming_heading']} ({texts['coming_case']})")
    first = form.row
    for data in net.coming:
        form.line(data)
    if not net.coming:
        form.line({"label": texts["coming_empty"]})
    form.blank_lines(form.t.blank_lines)
    form.totals(texts["coming_total"], first, form.row - 1)
    form.notes()


def _draw_requisitions(form: Form, state: GameState, side: Side, inputs: Inputs) -> None:
    """Each open requisition's Filled from and Answer, and every box of the blank lines (unit,
    the four commodities, Needed by, note), are text inputs (``Inputs.mark_text``): the import
    fulfils, rejects or files them (4.55, ``ledger.commands.requisition_edits``). Closed
    requisitions stay as printed."""
    rows = requisition_lines(state, side)
    first = form.row
    label = form.index["id"]
    for data in rows:
        row = form.row
        form.line(data, grey=data["status"] != "open")
        if data["status"] == "open":
            for key in ("filled_from", "answer"):
                inputs.mark_text(
                    form.ws,
                    row,
                    form.index[key],
                    str(data[key]),
                    kind=REQUISITION_KIND,
                    holder=str(data["id"]),
                    field=key,
                    label_column=label,
                )
    if not rows:
        form.line({"unit": form.t.empty}, grey=True)
    blank = form.row
    form.blank_lines(form.t.blank_lines)
    for number, row in enumerate(range(blank, form.row), start=1):
        for key in NEW_REQUISITION_FIELDS:
            inputs.mark_text(
                form.ws,
                row,
                form.index[key],
                "",
                kind=NEW_REQUISITION_KIND,
                holder=f"line {number}",
                field=key,
                label_column=label,
            )
    form.totals(form.t.sheet.totals_label, first, form.row - 1, when=form.t.totals_if)
    form.notes()


_Drawer = Callable[[Form, GameState, Side, Inputs], None]
SHEETS: Final[Mapping[str, tuple[str, _Drawer]]] = {
    "supply-dumps": ("supply-dumps", _draw_dumps),
    "trucks": ("trucks-control", _draw_trucks),
    "supply-net": ("supply-net", _draw_supply_net),
    "requisitions": ("supply-requisition", _draw_requisitions),
}
"""The sheets by the name ``quartermaster export --sheet`` takes, in ``FORMS`` order: template,
drawing function."""


def _sheet(
    wb: Workbook, key: str, state: GameState, side: Side, game_name: str, inputs: Inputs
) -> None:
    template_name, draw = SHEETS[key]
    template = load_logistics_template(template_name)
    ws = wb.create_sheet(template.sheet.tab)
    form = Form(ws, template)
    draw_form(form, state, side, game_name, lambda f: draw(f, state, side, inputs))


def _workbook(
    keys: Sequence[str],
    state: GameState,
    side: Side,
    game_name: str,
    layout: str,
    seq: int,
    seat: str,
) -> bytes:
    wb = Workbook()
    default = wb.active
    assert isinstance(default, Worksheet)
    wb.remove(default)
    inputs = Inputs()
    for key in keys:
        _sheet(wb, key, state, side, game_name, inputs)
    wb.properties.title = f"Logistics Commander's sheets (4.55) — {side.title()}"
    inputs.finish(wb, SheetStamp(game_name, side, seat, seq, layout))
    buffer = io.BytesIO()
    wb.save(buffer)
    return buffer.getvalue()


def supply_dumps_workbook(
    state: GameState, side: Side, game_name: str, *, seq: int = 0, seat: str = ""
) -> bytes:
    """The Supply Dumps Control Sheet (4.55) of ``side`` now, as an .xlsx file's bytes: one
    line per dump (``ledger.reports.logistics_log.dump_lines``; dummy dumps in grey, unlimited sources
    marked, 60.44), empty lines for the players, live =SUM totals."""
    return _workbook(["supply-dumps"], state, side, game_name, "supply-dumps", seq, seat)


def trucks_workbook(
    state: GameState, side: Side, game_name: str, *, seq: int = 0, seat: str = ""
) -> bytes:
    """The Trucks and Major End Items Control Sheet (4.55) of ``side`` now: one line per truck
    group in play (``ledger.reports.logistics_log.truck_lines``: Truck Points by type, cargo, 54.2
    capacity, share filled, free room), live =SUM totals, groups still to arrive in a note."""
    return _workbook(["trucks"], state, side, game_name, "trucks", seq, seat)


def supply_net_workbook(
    state: GameState, side: Side, game_name: str, *, seq: int = 0, seat: str = ""
) -> bytes:
    """The General Supply Net Sheet (4.55) of ``side`` now (``ledger.reports.logistics_log.supply_net``):
    supply in dumps, with units and on trucks with a live total, then per Parent Formation what
    its units hold and use (51.11, 52.41, 52.42), with the Fuel for a full CPA and the
    Ammunition for one fight (``ledger.reports.supply_use``: planning figures, 49.13, 50.2)."""
    return _workbook(["supply-net"], state, side, game_name, "supply-net", seq, seat)


def requisition_workbook(
    state: GameState, side: Side, game_name: str, *, seq: int = 0, seat: str = ""
) -> bytes:
    """The Supply Requisition Form (4.55) of ``side`` now: its requisitions, open first
    (``ledger.reports.logistics_log.requisition_lines``), empty lines for new ones and a live =SUMIF
    of what the open ones want."""
    return _workbook(["requisitions"], state, side, game_name, "requisitions", seq, seat)


def logistics_workbook(
    state: GameState, side: Side, game_name: str, *, seq: int = 0, seat: str = ""
) -> bytes:
    """The four Logistics Commander's sheets (4.55) of ``side`` as tabs of one workbook:
    Supply Dumps, Trucks, Supply Net, Requisitions."""
    return _workbook(list(SHEETS), state, side, game_name, "logistics", seq, seat)


WORKBOOKS: Final[Mapping[str, tuple[WorkbookBuilder, str]]] = {
    "supply-dumps": (supply_dumps_workbook, "Supply Dumps Control Sheet"),
    "trucks": (trucks_workbook, "Trucks and Major End Items Control Sheet"),
    "supply-net": (supply_net_workbook, "General Supply Net Sheet"),
    "requisitions": (requisition_workbook, "Supply Requisition Form"),
    "logistics": (logistics_workbook, "Logistics Commander's sheets"),
    **CONTROL_WORKBOOKS,
}
"""Each workbook by the name ``quartermaster export --sheet`` takes: builder, what it is; the
Rear Area Commander's and Air Marshal's sheets (4.53, 4.54) from ``ledger.io.control_sheets``."""
