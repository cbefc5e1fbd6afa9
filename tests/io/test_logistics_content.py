"""What the Logistics Commander's sheets (4.55) tell a player, in players' words (issue 19 item 5).

Hand-worked from scenarios/graziani.toml (60.22) and chart 54.2:
- The Commonwealth first-line trucks at Mersa Matruh, D3714 (5 light, 15 medium, 5 heavy: 25
  Truck Points) load 40 Ammunition and 300 Fuel from the Mersa Matruh dump by a transfer: the
  Trucks sheet names them "first-line trucks at D3714 (25 TP)", shows 40 and 300 on board, no
  CP expended and CPA 30 (the slowest type for supplies: medium 30, 54.2). One Truck Point
  carries 2/50/6/40 (light), 4/120/15/100 (medium), 8/250/30/200 (heavy) of one commodity.
- CR1 takes 20 more Ammunition from the dump: it then holds 1000 - 40 - 20 = 940 Ammunition and
  3000 - 300 = 2700 Fuel: those figures are
  the sheet's inputs, recorded in its metadata with the dump's name as their label.
- The first-line trucks at Cairo (25 TP) arrive GT 5 OpStage 1 (4.43): the Supply Net sheet's
  "coming in" block lists them.
- Requisition CR1 (20 Ammunition for Matruh Garrison HQ, D3714) filed by seat "Tobruk desk"
  and fulfilled from the Mersa Matruh dump: the form shows who asked, that it is fulfilled, and the boxes
  the Logistics Commander writes in (Needed by, Filled from, Delivered).
"""

from __future__ import annotations

import io
import re
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any, Final

import openpyxl
import pytest

from ledger.commands import logistics
from ledger.io.logistics_sheets import (
    WORKBOOKS,
    logistics_workbook,
    requisition_workbook,
    supply_dumps_workbook,
    supply_net_workbook,
    trucks_workbook,
)
from ledger.io.scenario import load_scenario
from ledger.io.sheet_meta import read_meta
from ledger.model.apply import start
from ledger.model.events import GameStarted
from ledger.model.quantities import Supplies
from ledger.model.scenario import Setup
from ledger.model.source import Source
from ledger.model.state import GameState
from tests.posting import post

GRAZIANI = Path(__file__).resolve().parents[2] / "scenarios" / "graziani.toml"
SELBY = "cw.selby_force.matruh_garrison_hq"
MATRUH_TRUCKS = "first-line trucks at D3714 (25 TP)"

INTERNAL_ID: Final = re.compile(
    r"\b[a-z]+\.[a-z0-9]*_[a-z0-9_.]*"  # it.1ccnn_div.1st_ccnn_div_hq
    r"|\b(?:cw|it|de|ge)\.[a-z0-9_.]+"  # it.cv33, cw.u
    r"|\b(?:commonwealth|axis|cw|it|ax)_[a-z0-9_]+"  # commonwealth_2nd3rd_6, cw_matruh
    r"|\.[AC]?R\d+\b"
)
"""The shapes of the ledger's internal ids (as tests/reports/test_no_ids.py)."""


@pytest.fixture(scope="module")
def setup() -> Setup:
    return load_scenario(GRAZIANI)


@pytest.fixture
def played(setup: Setup) -> GameState:
    """Graziani after a transfer onto the Matruh trucks and CR1 filed by a seat and fulfilled."""
    state = start(GameStarted(Source(setup.info.start), setup))
    lc = Source(state.clock, side="commonwealth", role="logistics_commander")
    loaded = Supplies(ammo=40, fuel=300)
    state = post(state, logistics.transfer(state, "cw_mersa_matruh", "cw_matruh", loaded, lc))
    fc = Source(state.clock, side="commonwealth", role="field_commander", seat="Tobruk desk")
    state = post(state, logistics.file_requisition(state, SELBY, Supplies(ammo=20), fc))
    return post(state, logistics.fulfil_requisition(state, "CR1", "cw_mersa_matruh", lc))


def _visible(data: bytes) -> list[Any]:
    book = openpyxl.load_workbook(io.BytesIO(data))
    return [ws for ws in book.worksheets if ws.sheet_state == "visible"]


def _rows(data: bytes) -> list[list[Any]]:
    return [[c.value for c in row] for ws in _visible(data) for row in ws.iter_rows()]


def _texts(data: bytes) -> list[str]:
    return [str(v) for row in _rows(data) for v in row if v is not None]


def _line(data: bytes, first: str) -> dict[str, Any]:
    """The line whose first cell is ``first``, by the headings above it."""
    ws = _visible(data)[0]
    head = next(r for r in range(1, 20) if ws.cell(row=r, column=1).value in ("Truck group", "No."))
    headers = [str(c.value) for c in ws[head]]
    row = next(r for r in ws.iter_rows() if r[0].value == first)
    values: dict[str, Any] = {}
    for header, cell in zip(headers, row, strict=True):
        values.setdefault(header, cell.value)
    return values


def test_trucks_by_name_with_cargo_cp_and_what_each_type_carries(played: GameState) -> None:
    data = trucks_workbook(played, "commonwealth", "club")
    line = _line(data, MATRUH_TRUCKS)
    assert (line["Hex"], line["Light"], line["Medium"], line["Heavy"]) == ("D3714", 5, 15, 5)
    assert (line["CP"], line["CPA"], line["Bound for"]) == (0, 30, None)  # 54.2: medium's 30
    row = next(r for r in _rows(data) if r[0] == MATRUH_TRUCKS)
    assert row[11:15] == [40, 300, 0, 0]  # on board, after the transfer
    texts = _texts(data)
    assert any(
        "Light: 2 Ammunition, 50 Fuel, 6 Stores or 40 Water; Medium: 4 Ammunition, 120 Fuel, "
        "15 Stores or 100 Water; Heavy: 8 Ammunition, 250 Fuel, 30 Stores or 200 Water" in t
        for t in texts
    )
    assert any("first-line trucks at Cairo (25 TP), GT 5 OpStage 1" in t for t in texts)


def test_a_convoy_loaded_for_a_requisition_is_bound_for_its_unit(played: GameState) -> None:
    trucks = dict(played.trucks)
    convoy = "commonwealth_2nd3rd_4"
    trucks[convoy] = replace(
        trucks[convoy], purpose="requisition CR1 for Matruh Garrison HQ", cp_expended=Fraction(12)
    )
    data = trucks_workbook(replace(played, trucks=trucks), "commonwealth", "club")
    name = "convoy at Cairo (50 TP, requisition CR1 for Matruh Garrison HQ)"
    line = _line(data, name)
    assert line["Bound for"] == "D3714: Matruh Garrison HQ (requisition CR1)"
    assert line["CP"] == 12


def test_supply_net_lists_what_is_coming_in_and_says_what_its_use_columns_are(
    played: GameState,
) -> None:
    texts = _texts(supply_net_workbook(played, "commonwealth", "club"))
    coming = next(t for t in texts if t.startswith("Coming in"))
    assert "(4.43, 20.1)" in coming
    assert "GT 5 OpStage 1: first-line trucks at Cairo (25 TP)" in texts
    # Fuel and Ammunition follow the CP moved and the fire delivered: planning figures
    assert any("the two Use columns are planning figures" in t for t in texts)
    assert "Total coming in" in texts


def test_requisition_says_who_asked_where_it_was_filled_from_and_what_was_sent(
    played: GameState,
) -> None:
    data = requisition_workbook(played, "commonwealth", "club")
    line = _line(data, "CR1")
    assert (line["Unit"], line["Asked by (seat)"], line["Status"]) == (
        "Matruh Garrison HQ",
        "Tobruk desk",
        "fulfilled",
    )
    assert line["Ammunition"] == 20
    assert line["Filled from"] == "Mersa Matruh"  # fulfil --from Mersa Matruh (4.55)
    assert line["Delivered (A / F / S / W)"] == "20 / 0 / 0 / 0"
    assert line["Needed by"] is None  # a box the Field Commander writes in


def test_dump_contents_are_marked_inputs_with_the_stamp(played: GameState) -> None:
    data = supply_dumps_workbook(played, "commonwealth", "club", seq=7, seat="Cairo desk")
    stamp, cells = read_meta(openpyxl.load_workbook(io.BytesIO(data)))
    assert (stamp.game, stamp.side, stamp.seat, stamp.seq, stamp.layout) == (
        "club",
        "commonwealth",
        "Cairo desk",
        7,
        "supply-dumps",
    )
    matruh = {c.field: c for c in cells if c.holder == "cw_mersa_matruh"}
    assert {f: c.value for f, c in matruh.items()} == {
        "ammo": 940,
        "fuel": 2700,
        "stores": 4000,
        "water": 0,
    }
    assert {c.label for c in matruh.values()} == {"Mersa Matruh"}
    ws = openpyxl.load_workbook(io.BytesIO(data))["Supply Dumps"]
    assert ws[matruh["ammo"].cell].value == 940
    assert ws[matruh["ammo"].cell].protection.locked is False
    assert ws.protection.sheet is True
    kinds = {c.kind for c in cells}
    assert kinds == {"dump"}
    # unlimited sources and the dummy dump hold nothing a player could change
    assert not {c.holder for c in cells} & {"cw_unlimited_cairo", "commonwealth_dummy"}


def test_every_workbook_takes_seq_and_seat(played: GameState) -> None:
    for key, (build, _) in WORKBOOKS.items():
        stamp, _cells = read_meta(
            openpyxl.load_workbook(io.BytesIO(build(played, "commonwealth", "g", seq=3, seat="s")))
        )
        assert (stamp.layout, stamp.seq, stamp.seat) == (key, 3, "s")


def test_no_internal_id_on_any_logistics_sheet(played: GameState) -> None:
    for side in ("commonwealth", "axis"):
        texts = _texts(logistics_workbook(played, side, "club"))
        leaks = [t for t in texts if INTERNAL_ID.search(t)]
        assert leaks == []
