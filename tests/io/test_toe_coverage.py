"""A side's TOE Log Sheets (4.52) carry every counter it has in play and every TOE Strength Point
of them, on Graziani (60.22): the Parent Formations' sheets and an "Independent units" sheet for
corps and army troops, independent battalions and units detached from their formation (9.21).

Read back with openpyxl as a player opens the file: counters are the lines naming a unit type,
TOE points the sum of the TOE column (a detached line shows no strength: its points are where
the unit is).
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import openpyxl
import pytest
from openpyxl.worksheet.worksheet import Worksheet

from ledger.io.scenario import load_scenario
from ledger.io.sheet_meta import META_SHEET, read_meta
from ledger.io.toe_sheets import toe_log_workbook
from ledger.model.apply import start
from ledger.model.events import GameStarted
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.model.units import SIDES

GRAZIANI = Path(__file__).resolve().parents[2] / "scenarios" / "graziani.toml"
RTR = "1 RTR"


@pytest.fixture(scope="module")
def graziani() -> GameState:
    setup = load_scenario(GRAZIANI)
    return start(GameStarted(Source(setup.info.start), setup))


def _lines(ws: Worksheet) -> list[dict[str, object]]:
    """The unit grid's lines as heading → value, from under the headings to the totals."""
    head = next(r for r in range(1, 20) if ws.cell(row=r, column=1).value == "Counter")
    headers = [c.value for c in ws[head]]
    lines = []
    for row in ws.iter_rows(min_row=head + 2, values_only=True):
        if str(row[0] or "").startswith("Formation totals"):
            break
        lines.append(dict(zip(headers, row, strict=True)))
    return lines


def _visible(data: bytes) -> list[Worksheet]:
    book = openpyxl.load_workbook(io.BytesIO(data))
    return [ws for ws in book.worksheets if ws.title != META_SHEET]


@pytest.mark.parametrize("side", SIDES)
def test_the_side_export_carries_every_counter_and_toe_point(
    graziani: GameState, side: str
) -> None:
    data = toe_log_workbook(graziani, side, "g")  # type: ignore[arg-type]
    counters: list[str] = []
    points = 0
    for ws in _visible(data):
        for line in _lines(ws):
            detached = str(line["Weapon system"] or "").startswith("detached")
            if line["Type (class)"] and not detached:
                counters.append(str(line["Counter"]))
            points += int(line["TOE Str. Pts"] or 0)  # type: ignore[call-overload]
    units = graziani.units_in_play(side)  # type: ignore[arg-type]
    assert sorted(counters) == sorted(u.counter for u in units)
    assert points == sum(u.toe_points for u in units)
    assert points == (966 if side == "axis" else 329)


def test_a_detached_unit_is_where_it_is_and_its_parent_says_so(graziani: GameState) -> None:
    sheets = {ws.title: ws for ws in _visible(toe_log_workbook(graziani, "commonwealth", "g"))}
    independent = _lines(sheets["Independent units"])
    assert RTR in [line["Counter"] for line in independent]
    (marker,) = [line for line in _lines(sheets["7th Armored Div"]) if line["Counter"] == RTR]
    assert marker["Weapon system"] == "detached (9.21): see Independent units"
    assert marker["TOE Str. Pts"] is None


def test_the_inputs_are_every_toe_line_stamped_for_the_seat(graziani: GameState) -> None:
    data = toe_log_workbook(graziani, "axis", "g", seq=12, seat="Rommel")  # type: ignore[arg-type]
    book = openpyxl.load_workbook(io.BytesIO(data))
    stamp, cells = read_meta(book)
    assert (stamp.game, stamp.side, stamp.seat, stamp.seq, stamp.layout) == (
        "g",
        "axis",
        "Rommel",
        12,
        "toe",
    )
    toe = [c for c in cells if c.kind == "toe"]
    assert sum(c.value for c in toe) == 966
    holdings = {(u.id, h.system) for u in graziani.units_in_play("axis") for h in u.toe}
    assert {(c.holder, c.field) for c in toe} == holdings
    assert all(re.fullmatch(r"E\d+", c.cell) for c in toe)  # the TOE Str. Pts column
    assert all(c.label for c in toe)  # the counter, or the weapon system on further lines
    first = book[toe[0].sheet][toe[0].cell]  # a named style, then the input's pale fill
    assert first.style.startswith("TOE ") and first.fill.fgColor.rgb.endswith("FFF9E5")
    assert not first.protection.locked and book[toe[0].sheet].protection.sheet
