"""Workbooks a player brings back (issue 19): drawn as an exporter draws them, with
``ledger.io.sheet_meta.Inputs`` marking real Graziani counters' and dumps' figures, then edited
with openpyxl as a spreadsheet program would save them."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Final

from openpyxl import Workbook, load_workbook
from openpyxl.worksheet.worksheet import Worksheet

from ledger.io.sheet_meta import Inputs, SheetStamp
from ledger.model.state import GameState

BN: Final = "it.1ccnn_div.129th_infantry_bn"
"""129th Infantry Bn (1st CCNN Div): 5 TOE points of infantry (x) at the start."""
TOBRUK: Final = "ax_tobruk"
"""The Tobruk dump: 200 Ammunition, 2000 Fuel, 500 Stores at the start."""
TOE_SHEET: Final = "1st CCNN Div"
DUMP_SHEET: Final = "Supply Dumps"


def exported(state: GameState, game: str = "g", side: str = "axis", seq: int = 1) -> bytes:
    """An Axis workbook of ``state`` as exported at journal sequence ``seq``: a TOE sheet
    (label column A, the 129th's TOE points in C3, its Cohesion in D3, CP expended in E3) and
    a dump sheet (Tobruk: Ammunition B3, Fuel C3)."""
    wb = Workbook()
    toe = wb.active
    assert toe is not None
    toe.title = TOE_SHEET
    toe.append(["Counter", "Weapon system", "TOE", "Cohesion", "CP expended"])
    toe.append(["1st CCNN Div HQ", "headquarters (g)", 1])
    unit = state.units[BN]
    toe.cell(row=3, column=1, value=unit.name)
    toe.cell(row=3, column=2, value="infantry (x)")
    inputs = Inputs()
    points = next(h.points for h in unit.toe if h.system == "it.x")
    inputs.mark(toe, 3, 3, points, kind="toe", holder=BN, field="it.x", label_column=1)
    inputs.mark(toe, 3, 4, int(unit.cohesion), kind="cohesion", holder=BN, field="", label_column=1)
    inputs.mark(toe, 3, 5, int(unit.cp_expended), kind="cp", holder=BN, field="", label_column=1)
    dumps = wb.create_sheet(DUMP_SHEET)
    dumps.append(["Dump", "Ammunition", "Fuel"])
    dumps.append(["(total)", "=SUM(B3:B9)", "=SUM(C3:C9)"])
    held = state.dumps[TOBRUK]
    dumps.cell(row=3, column=1, value=held.name)
    inputs.mark(
        dumps, 3, 2, held.supplies.ammo, kind="dump", holder=TOBRUK, field="ammo", label_column=1
    )
    inputs.mark(
        dumps, 3, 3, held.supplies.fuel, kind="dump", holder=TOBRUK, field="fuel", label_column=1
    )
    inputs.finish(wb, SheetStamp(game, side, "", seq, "toe"))
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def edited(data: bytes, change: Callable[[Workbook], None]) -> bytes:
    """``data`` opened, changed by ``change`` and saved again."""
    wb = load_workbook(io.BytesIO(data))
    change(wb)
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def write(sheet: str, **cells: object) -> Callable[[Workbook], None]:
    """A change writing ``cells`` (``C3=4``) on ``sheet``."""

    def change(wb: Workbook) -> None:
        ws: Worksheet = wb[sheet]
        for cell, value in cells.items():
            ws[cell] = value

    return change
