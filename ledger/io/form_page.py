"""One printed form on a worksheet, as every Logistics Commander's (4.55), Rear Area
Commander's (4.53) and Air Marshal's (4.54) sheet draws it: the header block, the column
headings, the form's body, and the print set-up. Shared by ``ledger.io.logistics_sheets`` and
``ledger.io.control_sheets``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from openpyxl.utils import get_column_letter

from ledger.io.logistics_form import Form
from ledger.io.xlsx import apply_print_setup
from ledger.model.state import GameState
from ledger.model.units import Side
from ledger.reports.tables import clock


class WorkbookBuilder(Protocol):
    """A workbook function: ``(state, side, game_name, *, seq=0, seat="")`` → the .xlsx
    file's bytes; ``seq`` (the journal sequence number shown) and ``seat`` (the exporting
    seat's name, ``""`` at a table without seats) go in its ``SheetStamp``."""

    def __call__(
        self, state: GameState, side: Side, game_name: str, *, seq: int = 0, seat: str = ""
    ) -> bytes: ...


def draw_form(
    form: Form,
    state: GameState,
    side: Side,
    game_name: str,
    body: Callable[[Form], None],
) -> None:
    """Draw one form on ``form``'s worksheet: the header block (side, scenario, game time,
    game; the weather when the template asks, 29.x), the headings, ``body``, then the print
    set-up (landscape, one page wide, headings repeated, footer with game, side, tab and game
    time)."""
    ws, template = form.ws, form.t
    now = clock(state)
    info = [
        ("Side", side.title()),
        ("Scenario", f"{now['scenario']} ({now['scenario_case']})"),
        ("Game time", str(state.clock)),
        ("Game", game_name),
    ]
    if template.info_weather:
        info.append(("Weather", f"{str(now['weather']).title()} (29.x)"))
    form.info(info)
    form.headers()
    first = form.row
    body(form)
    ws.freeze_panes = f"A{first}"
    ws.print_area = f"A1:{get_column_letter(form.width)}{form.row - 1}"
    apply_print_setup(
        ws,
        title_rows=form.title_rows,
        footer_left=f"{game_name} · {side.title()} · {template.sheet.tab}",
        footer_center=str(state.clock),
        paper=template.sheet.paper,
    )
