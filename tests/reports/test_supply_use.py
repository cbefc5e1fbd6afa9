"""The General Supply Net Sheet's expected Fuel and Ammunition use (4.55; ledger.reports.supply_use).

Worked by hand from Graziani's Offensive (60.22) and the charts, for the 16th Infantry Bde HQ
at E1829 and its three battalions:

- 16th Infantry Bde HQ: 3 x 3.7-inch howitzer (Gun-class: fuel rate 1, CPA 15, Barrage 7).
  1st Argyll & Sutherland, 2nd Leicesters, 2nd Queens Royal Regt: 6 TOE points each of the
  class m infantry's own points (CPA 10: not motorized, 6.17, so no fuel, 49.12).
- Fuel for a full CPA (49.13, chart 49.19): the HQ's 15 CP are 3 groups of five CP, x rate 1 x
  3 points = 9; the battalions burn none: 9. With 10 medium Truck Points of the 16th Bde's
  first-line trucks (cw_e1829_16bde, 20 medium) attached to the 2nd Leicesters (8.96): their
  CPA for supplies is 30 (54.2), 6 groups x factor 1 x 10 = 60 more: 69.
- Ammunition for one fight (50.14, chart 50.2), ruling ``50.2-supply-net-fight``:
  ``largest``: the howitzers barrage, 4 x 3 = 12; each battalion close-assaults as
  Infantry-class, 1 x 6 = 6, 18 for three: 30. ``close-assault``: the howitzers at the
  Gun-class close-assault rate, 2 x 3 = 6, + 18 = 24.
- The units with no Parent Formation are one line, with the first-line trucks attached to them.
"""

from __future__ import annotations

import io
from dataclasses import replace
from typing import Any

import openpyxl
import pytest

from ledger.commands.first_line_trucks import attach_trucks
from ledger.io.logistics_sheets import supply_net_workbook
from ledger.model.apply import apply, start
from ledger.model.events import GameStarted
from ledger.model.scenario import Setup
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.reports.logistics_log import supply_net
from ledger.reports.supply_use import SUPPLY_NET_FIGHT_RULING, fight_use
from tests.phases import at_phase

BDE = "16th Infantry Bde HQ"
LEICESTERS = "cw.70_inf_div.2nd_leicesters"
TRUCKS = "cw_e1829_16bde"


@pytest.fixture(scope="module")
def graziani(graziani_setup: Setup) -> GameState:
    """Graziani's Offensive at its start."""
    return start(GameStarted(Source(graziani_setup.info.start), graziani_setup))


@pytest.fixture(scope="module")
def with_trucks(graziani: GameState) -> GameState:
    """10 medium Truck Points attached to the 2nd Leicesters in the Organization Phase (8.96),
    as ``quartermaster trucks attach`` posts it."""
    state = at_phase(graziani, "organization")
    source = Source(state.clock, "commonwealth", "field_commander")
    outcome = attach_trucks(state, TRUCKS, LEICESTERS, (0, 10, 0), source)
    assert outcome.ok, outcome.errors
    for event in outcome.events:
        state = apply(state, event)
    return state


def _row(state: GameState, label: str = BDE) -> dict[str, Any]:
    return next(r for r in supply_net(state, "commonwealth").formations if r["label"] == label)


def test_the_brigade_worked_by_hand(graziani: GameState) -> None:
    row = _row(graziani)
    assert row["counters"] == 4
    assert row["fuel_full_cpa"] == 9  # 1 x 15/5 x 3 (49.13)
    assert row["ammo_one_fight"] == 30  # 4 x 3 + 1 x 6 x 3 (50.2)


def test_first_line_trucks_burn_their_full_cpa_too(with_trucks: GameState) -> None:
    row = _row(with_trucks)
    assert row["fuel_full_cpa"] == 9 + 60  # 10 medium TP, CPA 30: 6 groups x 10 (54.2)
    assert row["ammo_one_fight"] == 30  # trucks do not fire


def test_the_close_assault_option_prices_each_point_at_its_assault(graziani: GameState) -> None:
    chosen = replace(
        graziani,
        ruling_choices={**graziani.ruling_choices, SUPPLY_NET_FIGHT_RULING: "close-assault"},
    )
    assert _row(chosen)["ammo_one_fight"] == 2 * 3 + 1 * 6 * 3  # 24
    howitzer = graziani.systems["cw.3_7_inch_howitzer"]
    assert fight_use(howitzer, "largest") == "barrage"
    assert fight_use(howitzer, "close-assault") == "close_assault"
    with pytest.raises(ValueError, match=r"50\.2-supply-net-fight"):
        fight_use(howitzer, "every-kind")


def test_the_side_is_the_sum_of_its_formations(graziani: GameState) -> None:
    """The side's figure is the formation block's total: every unit in play on one line."""
    rows = supply_net(graziani, "commonwealth").formations
    assert sum(r["counters"] for r in rows) == len(graziani.units_in_play("commonwealth"))
    units = {r["label"]: (r["fuel_full_cpa"], r["ammo_one_fight"]) for r in rows}
    assert units["Matruh Garrison HQ"][0] == 0  # foot soldiers and fixed guns burn no fuel


def test_trucks_of_units_with_no_parent_formation_count_on_their_line(graziani: GameState) -> None:
    """4 of the 10 medium Truck Points at C4131 attached to the 2nd Scots Guards, a battalion
    with no Parent Formation: 6 groups of five CP x 4 = 24 more Fuel (54.2), and 4 more Water
    when they move (52.42)."""
    label = "Units with no Parent Formation"
    before = _row(graziani, label)
    state = at_phase(graziani, "organization")
    source = Source(state.clock, "commonwealth", "field_commander")
    outcome = attach_trucks(
        state, "cw_c4131", "cw.unassigned_inf.2nd_scots_guards", (0, 4, 0), source
    )
    assert outcome.ok, outcome.errors
    for event in outcome.events:
        state = apply(state, event)
    after = _row(state, label)
    assert after["fuel_full_cpa"] - before["fuel_full_cpa"] == 24
    assert after["water_moving"] - before["water_moving"] == 4
    assert after["water_still"] == before["water_still"]


def _sheet_rows(data: bytes) -> tuple[list[str], list[list[Any]]]:
    book = openpyxl.load_workbook(io.BytesIO(data))
    (ws,) = [w for w in book.worksheets if w.sheet_state == "visible"]
    rows = [[c.value for c in row] for row in ws.iter_rows()]
    headers = next(r for r in rows if r[0] == "Held by")
    return [str(h) for h in headers], rows


def test_the_exported_sheet_shows_both_columns_and_their_totals(with_trucks: GameState) -> None:
    headers, rows = _sheet_rows(supply_net_workbook(with_trucks, "commonwealth", "club"))
    fuel, ammo = headers.index("Fuel for a full CPA"), headers.index("Ammunition for one fight")
    line = next(r for r in rows if r[0] == BDE)
    assert (line[fuel], line[ammo]) == (69, 30)
    first = next(i for i, r in enumerate(rows) if r[0] == "2nd New Zealand Div HQ") + 1
    total_at = next(i for i, r in enumerate(rows) if r[0] == "Total with units")
    letter = openpyxl.utils.get_column_letter(fuel + 1)
    assert rows[total_at][fuel] == f"=SUM({letter}{first}:{letter}{total_at})"
    note = next(str(r[0]) for r in rows if str(r[0]).startswith("Stores and Water above"))
    assert "the two Use columns are planning figures, not the ledger's charge" in note
    assert "each point at the dearest fire it can deliver" in note
    assert "moves its whole CPA in one move" in note  # parts round up to five CP each (49.13)
    assert "(12.18) uses more" in note  # Forward artillery may fire twice in a segment
