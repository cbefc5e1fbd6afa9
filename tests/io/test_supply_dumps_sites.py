"""The Supply Dumps Control Sheet's Site and capacity columns (54.12, 8.48, 8.87, 8.88)."""

from __future__ import annotations

import io

import openpyxl

from ledger.io.logistics_sheets import supply_dumps_workbook
from ledger.io.scenario import bundled_scenarios, load_scenario
from ledger.model.apply import start
from ledger.model.events import GameStarted
from ledger.model.source import Source


def test_site_and_capacity_columns() -> None:
    setup = load_scenario(bundled_scenarios()["graziani"])
    state = start(GameStarted(Source(setup.info.start), setup))
    book = openpyxl.load_workbook(io.BytesIO(supply_dumps_workbook(state, "axis", "g")))
    ws = book.worksheets[0]
    head = next(r for r in range(1, 20) if ws.cell(row=r, column=1).value == "Supply Dump")
    headers = [c.value for c in ws[head]]
    assert headers[4:10] == [
        "Ammunition",
        "Fuel",
        "Stores",
        "Water",
        "Site",
        "Holds up to (A / F / S / W)",
    ]
    lines = {
        ws.cell(row=r, column=1).value: {
            h: ws.cell(row=r, column=i).value for i, h in enumerate(headers, 1)
        }
        for r in range(head + 2, ws.max_row + 1)
    }
    bardia = lines["Bardia"]
    assert (bardia["Site"], bardia["Holds up to (A / F / S / W)"]) == (
        "Village",
        "2,500 / 8,000 / 3,000 / 1,000",
    )
    tripoli = lines["Tripoli"]
    # 8.88: unlimited capacity; 8.87: Water never runs out in the box
    assert (tripoli["Site"], tripoli["Holds up to (A / F / S / W)"], tripoli["Water"]) == (
        "Tripoli/Tunisia box",
        "unlimited",
        "unlimited",
    )
    assert tripoli["Fuel"] == 5000
    assert lines["Dummy dumps"]["Site"] in ("", None)  # not a Supply Dump: no 54.12 capacity
