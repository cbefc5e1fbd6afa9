"""The Rear Area Commander's (4.53) and Air Marshal's (4.54) control sheets.

Worked numbers:
- Vehicle Repair (tests/commands/test_breakdown_log.py): 3rd Royal Tank Regt moves to 35 BP in
  Hot weather and checks with readings 61 and 46 (21.34): 7 Crusader Mk.I and 1 Mark VI Light
  wait for repair; the sheet lists both under the unit, its 35 BP and "checked at 35", and the
  live total of what awaits repair adds up to 8.
- POW (tests/combat/test_posting.py): the Commonwealth's close assault captures 2 infantry
  points (2 Prisoner Points) and 1 PzIII (captured equipment, 15.86d): the Commonwealth's POW
  sheet shows both; the Axis's shows nothing captured.
- The three blank forms carry their 4.53/4.54 headings and ruled lines, and no data.
"""

from __future__ import annotations

import io
from typing import Any

import openpyxl
from openpyxl.worksheet.worksheet import Worksheet

from ledger.commands.breakdown_log import breakdown_check
from ledger.commands.combat import post_combat
from ledger.io.control_sheets import (
    CONTROL_WORKBOOKS,
    air_mission_workbook,
    ground_support_workbook,
    naval_convoy_workbook,
    pow_workbook,
    vehicle_repair_workbook,
)
from ledger.io.logistics_sheets import WORKBOOKS
from ledger.io.sheet_meta import read_meta
from ledger.model.state import GameState
from tests.combat.test_posting import assault, combat_setup, state  # noqa: F401 (fixtures)
from tests.combat.test_posting import run as run_combat
from tests.combat.test_posting import src as combat_src
from tests.commands.test_breakdown_log import at_35_bp
from tests.commands.test_movement import run, src
from tests.io.test_logistics_content import INTERNAL_ID

EMPTY_POW = "(no prisoners or equipment captured)"


def _sheet(data: bytes) -> Worksheet:
    book = openpyxl.load_workbook(io.BytesIO(data))
    (ws,) = [w for w in book.worksheets if w.sheet_state == "visible"]
    return ws


def _values(ws: Worksheet) -> list[list[Any]]:
    return [[c.value for c in row] for row in ws.iter_rows()]


def _texts(ws: Worksheet) -> list[str]:
    return [str(v) for row in _values(ws) for v in row if v is not None]


def test_vehicle_repair_lists_the_units_awaiting_repair_after_a_breakdown_check() -> None:
    armor = at_35_bp()
    armor = run(armor, breakdown_check(armor, "cw.3_rtr", [61, 46], src(armor)))
    ws = _sheet(vehicle_repair_workbook(armor, "commonwealth", "club"))
    assert ws.title == "Vehicle Repair"
    assert ws["A1"].value == "Vehicle Repair Control Sheet (4.53)"
    rows = _values(ws)
    head = next(i for i, r in enumerate(rows) if r[0] == "Unit")
    assert rows[head][:7] == [
        "Unit",
        "Hex",
        "Weapon system",
        "Awaiting repair",
        "BP this OpStage",
        "Checked at (BP)",
        "Repaired this Game-Turn",
    ]
    crusader, mark_vi = rows[head + 2], rows[head + 3]
    assert crusader[0] == "3rd Royal Tank Regt"
    assert crusader[2:6] == ["Crusader Mk.I", 7, 35, 35]  # 21.34; BP stay (21.26)
    assert crusader[6] is None  # the Repaired box
    assert mark_vi[:6] == [None, None, "Mark VI Light", 1, None, None]
    total = next(r for r in rows if r[0] == "Awaiting repair")
    first, last = head + 3, head + 3 + 2 + 10 - 1  # two lines and ten empty ones
    assert total[3] == f"=SUM(D{first}:D{last})"
    assert "Destroyed tanks and abandoned vehicles" in _texts(ws)


def test_vehicle_repair_with_nothing_broken_down() -> None:
    ws = _sheet(vehicle_repair_workbook(at_35_bp(), "commonwealth", "club"))
    rows = _values(ws)
    line = next(r for r in rows if r[0] == "3rd Royal Tank Regt")
    assert line[2:6] == [None, None, 35, None]  # 35 BP, not checked yet


def test_pow_sheet_after_a_close_assault_capture(state: GameState) -> None:  # noqa: F811
    after = run_combat(state, post_combat(state, assault(state), combat_src(state)))
    ws = _sheet(pow_workbook(after, "commonwealth", "club"))
    assert ws["A1"].value == "POW Control Sheet (4.53)"
    rows = _values(ws)
    prisoners = next(r for r in rows if r[1] == "Prisoner Points (15.86d)")
    assert prisoners[:3] == ["Commonwealth", "Prisoner Points (15.86d)", 2]
    pz = next(r for r in rows if str(r[1]).startswith("Captured: "))
    assert pz[1:3] == [f"Captured: {after.systems['de.pz_iii'].name} (15.86d)", 1]
    headers = next(r for r in rows if r[0] == "Held by")
    assert "POW Camp (hex)" in headers and "Guards' infantry type" in headers
    axis = _sheet(pow_workbook(after, "axis", "club"))
    (empty,) = [c for r in axis.iter_rows() for c in r if c.value == EMPTY_POW]
    assert empty.alignment.horizontal is None  # read from the left, not cut off both sides


def test_blank_forms_have_their_headings_and_ruled_lines(state: GameState) -> None:  # noqa: F811
    naval = _sheet(naval_convoy_workbook(state, "axis", "club"))
    assert naval["A1"].value == "Naval Convoy Log Sheet (4.53)"
    heads = next(r for r in _values(naval) if r[0] == "Convoy / ships")
    assert {"Destination", "Transit (OpStages)", "Units carried"} <= set(heads)
    squadrons = _texts(_sheet(ground_support_workbook(state, "axis", "club")))
    sections = [t for t in squadrons if t.startswith("Squadron ") and ":" in t]
    assert len(sections) == 6  # 4.54: six squadrons, the most an airfield berths
    air = _sheet(air_mission_workbook(state, "axis", "club"))
    assert air["A1"].value == "Air Mission Log Sheet (4.54)"
    rows = _values(air)
    head = next(i for i, r in enumerate(rows) if r[0] == "No.")
    assert {"Squadron", "Target hex", "Mission"} <= set(rows[head])
    note = next(i for i, r in enumerate(rows) if str(r[0]).startswith("One mission a line"))
    body = rows[head + 2 : note]
    assert len(body) == 22 and all(v is None for r in body for v in r)  # ruled, no data


def test_control_sheets_are_workbooks_stamped_and_without_ids(state: GameState) -> None:  # noqa: F811
    after = run_combat(state, post_combat(state, assault(state), combat_src(state)))
    for key, (build, _what) in CONTROL_WORKBOOKS.items():
        assert WORKBOOKS[key][0] is build  # `quartermaster export --sheet KEY`
        data = build(after, "commonwealth", "club", seq=12, seat="Rear desk")
        stamp, cells = read_meta(openpyxl.load_workbook(io.BytesIO(data)))
        assert (stamp.layout, stamp.seq, stamp.seat, cells) == (key, 12, "Rear desk", [])
        ws = _sheet(data)
        assert ws.protection.sheet is True
        assert [t for t in _texts(ws) if INTERNAL_ID.search(t)] == []
