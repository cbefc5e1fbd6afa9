"""The Logistics Commander's sheets (4.55) on the bundled Graziani scenario (60.22): reloaded with
openpyxl, printed by LibreOffice, exported by the CLI.

Hand-worked from scenarios/graziani.toml:
- Commonwealth dumps (60.44): Mersa Matruh D3714 1000 Ammunition, 3000 Fuel, 4000 Stores (no
  water printed: 0), Sidi Barrani 250/500/100, Dump 1 500/750/500, the air supply pool
  200/250/50, one dummy dump (holds nothing), Cairo and Alexandria unlimited: 7 lines, totals
  1000+250+500+200 = 1950 Ammunition, 3000+500+750+250 = 4500 Fuel, 4000+100+500+50 = 4650
  Stores, 0 Water (the unlimited sources are not counted).
- Truck group cw_c3721: 5 light + 5 medium (54.2 per point: light 2/50/6/40, medium
  4/120/15/100): capacity Ammunition 5×2 + 5×4 = 30, Fuel 5×50 + 5×120 = 850, Stores
  5×6 + 5×15 = 105, Water 5×40 + 5×100 = 700. Loaded with 250 Fuel it is 250/850 = 5/17 full;
  the 12/17 left hold 21 Ammunition (21.2), 600 Fuel, 74 Stores (74.1), 494 Water (494.1).
- Commonwealth Truck Points in play: 60 light, 255 medium, 57 heavy: Fuel capacity
  60×50 + 255×120 + 57×250 = 47,850.
- Matruh Garrison (Selby Force): HQ + five infantry battalions of 6 TOE: Stores per Game-Turn
  1 (HQ, 51.13) + 5 × 6 × 4 (51.11) = 121; Water per OpStage 6 (1 per counter without
  vehicles, 52.41); with the 25 Truck Points of cw_matruh attached and moving, 6 + 25 = 31.
"""

from __future__ import annotations

import io
import re
import zipfile
from dataclasses import replace
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from openpyxl.worksheet.worksheet import Worksheet

from ledger.cli import main
from ledger.commands import logistics
from ledger.io.logistics_sheets import (
    WORKBOOKS,
    logistics_workbook,
    requisition_workbook,
    supply_dumps_workbook,
    supply_net_workbook,
    trucks_workbook,
)
from ledger.io.logistics_template import FORMS, load_logistics_template
from ledger.io.scenario import load_scenario
from ledger.model.apply import start
from ledger.model.events import GameStarted
from ledger.model.quantities import Supplies
from ledger.model.scenario import Setup
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.model.units import SIDES, Side
from tests.io.printing import print_pdf
from tests.posting import post

GRAZIANI = Path(__file__).resolve().parents[2] / "scenarios" / "graziani.toml"
RTR = "cw.7_armd_div.6th_royal_tank_regt"
SELBY = "cw.selby_force.matruh_garrison_hq"
EVIL = '=HYPERLINK("http://example.invalid/","click")'
TABS = ["Supply Dumps", "Trucks", "Supply Net", "Requisitions"]
_OUR_FORMULAS = re.compile(r'^(SUM|SUMIF)\([A-Z]+\d+:[A-Z]+\d+(,"open",[A-Z]+\d+:[A-Z]+\d+)?\)$')


@pytest.fixture(scope="module")
def graziani_setup() -> Setup:
    return load_scenario(GRAZIANI)


@pytest.fixture
def graziani(graziani_setup: Setup) -> GameState:
    return start(GameStarted(Source(graziani_setup.info.start), graziani_setup))


@pytest.fixture
def played(graziani: GameState) -> GameState:
    """Graziani with 250 Fuel on cw_c3721 and two requisitions: CR1 open (6th RTR: 20
    Ammunition, 70 Fuel, all its tanks take (49.14), a note starting with "="), CR2 rejected (Selby: 30 Water)."""
    trucks = dict(graziani.trucks)
    trucks["cw_c3721"] = replace(trucks["cw_c3721"], cargo=Supplies(fuel=250))
    state = replace(graziani, trucks=trucks)
    source = Source(state.clock, side="commonwealth", role="field_commander")
    wanted = Supplies(ammo=20, fuel=70)
    state = post(state, logistics.file_requisition(state, RTR, wanted, source, note=EVIL))
    state = post(state, logistics.file_requisition(state, SELBY, Supplies(water=30), source))
    return post(state, logistics.reject_requisition(state, "CR2", "no water to spare", source))


def _book(data: bytes) -> openpyxl.Workbook:
    """The workbook as players see it: the very hidden metadata sheet (``sheet_meta``,
    checked in tests/io/test_logistics_content.py) left out."""
    book = openpyxl.load_workbook(io.BytesIO(data))
    if "Quartermaster" in book.sheetnames:
        book.remove(book["Quartermaster"])
    return book


def _only(data: bytes) -> Worksheet:
    book = _book(data)
    assert len(book.worksheets) == 1
    return book.worksheets[0]


def _table(ws: Worksheet, first_header: str) -> tuple[list[str], list[dict[str, Any]], int]:
    """Headings, the lines under them (up to the first totals row) and that row's number."""
    head = next(r for r in range(1, 20) if ws.cell(row=r, column=1).value == first_header)
    headers = [str(c.value) for c in ws[head]]
    lines = []
    for row in range(head + 2, ws.max_row + 1):
        label = str(ws.cell(row=row, column=1).value or "")
        if label.startswith(("Totals", "Total", "Open requisitions")):
            return headers, lines, row
        lines.append({h: ws.cell(row=row, column=i).value for i, h in enumerate(headers, 1)})
    raise AssertionError("no totals row")


def _named(lines: list[dict[str, Any]], key: str) -> dict[str, dict[str, Any]]:
    return {str(line[key]): line for line in lines if line[key]}


# --- Supply Dumps Control Sheet ------------------------------------------------------------


def test_commonwealth_dumps_and_mersa_matruh(graziani: GameState) -> None:
    ws = _only(supply_dumps_workbook(graziani, "commonwealth", "club"))
    assert ws.title == "Supply Dumps"
    assert ws["A1"].value == "Supply Dumps Control Sheet (4.55)"
    headers, lines, totals = _table(ws, "Supply Dump")
    dumps = _named(lines, "Supply Dump")
    assert len(dumps) == 7
    matruh = dumps["Mersa Matruh"]
    assert (matruh["Hex"], matruh["Kind"], matruh["Counters"]) == ("D3714", "Supply Dump", 1)
    assert [matruh[c] for c in ("Ammunition", "Fuel", "Stores", "Water")] == [1000, 3000, 4000, 0]
    assert list(dumps)[:3] == ["Dump 1", "Mersa Matruh", "Sidi Barrani"]  # Supply Dumps first
    dummy = dumps["Dummy dump"]
    assert dummy["Kind"] == "Dummy (holds nothing)" and dummy["Ammunition"] is None
    row = next(r for r in range(1, ws.max_row) if ws.cell(row=r, column=1).value == "Dummy dump")
    assert ws.cell(row=row, column=1).font.i  # dummies print in grey italics
    for source in ("Cairo (unlimited supply)", "Alexandria (unlimited supply)"):
        assert dumps[source]["Kind"] == "Unlimited source"
        assert {dumps[source][c] for c in ("Ammunition", "Fuel", "Stores", "Water")} == {
            "unlimited"
        }
    assert len(lines) == 7 + 3  # three empty lines for dumps written in by hand
    formulas = {h: ws.cell(row=totals, column=i).value for i, h in enumerate(headers, 1)}
    first = totals - len(lines)
    assert formulas["Ammunition"] == f"=SUM(E{first}:E{totals - 1})"
    assert str(formulas["Counters"]).startswith("=SUM(")
    assert formulas["Notes"] is None


def test_axis_dumps(graziani: GameState) -> None:
    _, lines, _ = _table(_only(supply_dumps_workbook(graziani, "axis", "g")), "Supply Dump")
    dumps = _named(lines, "Supply Dump")
    assert dumps["Dummy dumps"]["Counters"] == 2
    assert dumps["Tobruk"]["Fuel"] == 2000


# --- Trucks and Major End Items Control Sheet ------------------------------------------------


def test_truck_capacity_worked_from_54_2(played: GameState) -> None:
    ws = _only(trucks_workbook(played, "commonwealth", "club"))
    _, lines, _ = _table(ws, "Truck group")
    groups = _named(lines, "Truck group")
    assert len(groups) == 16  # 12 first-line groups and 4 convoys in play
    lines_order = [g["Line"] for g in groups.values()]
    assert lines_order == ["1st line"] * 12 + ["2nd/3rd line"] * 4
    assert "first-line trucks at Cairo (25 TP)" not in groups  # arrives GT 5: in the note
    notes = [str(c.value) for row in ws.iter_rows() for c in row if c.value]
    assert any("first-line trucks at Cairo (25 TP), GT 5 OpStage 1" in n for n in notes)
    row = next(r for r in ws.iter_rows() if r[0].value == "first-line trucks at C3721 (10 TP)")
    values = [c.value for c in row]
    assert values[1:4] == ["1st line", "C3721", None]  # not attached to a unit yet
    assert values[4:7] == [0, 30, None]  # no CP expended, CPA 30 (medium, 54.2), no destination
    values = values[3:]
    assert values[4:8] == [5, 5, 0, 10]  # light, medium, heavy, all (54.2)
    assert values[8:12] == [0, 250, 0, 0]  # on board
    assert values[12:16] == [30, 850, 105, 700]  # capacity, one commodity alone
    assert values[16] == pytest.approx(5 / 17)  # filled: 250 of 850 Fuel
    assert values[17:21] == [21, 600, 74, 494]  # free room, rounded down
    assert row[-5].number_format == "0%"
    group = next(c for r in ws.iter_rows() for c in r if c.value == "Capacity, one commodity alone")
    assert group.alignment.wrap_text  # wider than its four columns: two lines, not cut off
    assert (ws.row_dimensions[group.row].height or 0) >= 2 * 9


def test_attached_trucks_name_their_formation(graziani: GameState) -> None:
    trucks = dict(graziani.trucks)
    trucks["cw_d3612_7armd"] = replace(trucks["cw_d3612_7armd"], attached_to=RTR)
    state = replace(graziani, trucks=trucks)
    _, lines, _ = _table(_only(trucks_workbook(state, "commonwealth", "g")), "Truck group")
    group = _named(lines, "Truck group")["first-line trucks of 6th Royal Tank Regt (15 TP)"]
    attached = group["Attached to (Parent Formation)"]
    assert attached == "6th Royal Tank Regt, with 7th Armored Div HQ"  # 8.96


# --- General Supply Net Sheet -----------------------------------------------------------------


def test_supply_net_side_block_and_formations(graziani: GameState) -> None:
    units = dict(graziani.units)
    units[RTR] = replace(units[RTR], supplies=Supplies(ammo=7, water=3))
    trucks = dict(graziani.trucks)
    trucks["cw_matruh"] = replace(trucks["cw_matruh"], attached_to=SELBY)
    state = replace(graziani, units=units, trucks=trucks)
    ws = _only(supply_net_workbook(state, "commonwealth", "club"))
    assert ws.title == "Supply Net"
    _, held, total_row = _table(ws, "Held by")
    held = held[1:]  # under the side's band
    assert [h["Held by"] for h in held] == [
        "In Supply Dumps and air supply pools",
        "With units",
        "On trucks (first line and convoys)",
    ]
    assert [held[0][c] for c in ("Ammunition", "Fuel", "Stores", "Water")] == [1950, 4500, 4650, 0]
    assert [held[1][c] for c in ("Ammunition", "Water")] == [7, 3]
    assert ws.cell(row=total_row, column=4).value == f"=SUM(D{total_row - 3}:D{total_row - 1})"
    assert ws.cell(row=total_row, column=3).value is None  # counters not totalled here
    values = [[c.value for c in row] for row in ws.iter_rows()]
    selby = next(v for v in values if v[0] == "Matruh Garrison HQ")
    assert selby[1:3] == ["D3714", 6]
    assert selby[-3:] == [121, 6, 31]  # 51.11/51.13; 52.41; 52.42 with 25 Truck Points
    armoured = next(v for v in values if v[0] == "7th Armored Div HQ")
    assert armoured[3:7] == [7, 0, 0, 3]
    alone = next(v for v in values if v[0] == "Units with no Parent Formation")
    counted = [v[2] for v in values if v[2] is not None and isinstance(v[2], int)]
    assert sum(counted) == len(state.units_in_play("commonwealth")) and alone[2] > 0
    assert any("Cairo (unlimited supply)" in str(v[0]) for v in values)
    assert any(v[0] == "Weather" and v[1] == "Normal (29.x)" for v in values)


# --- Supply Requisition Form ----------------------------------------------------------------


def test_requisitions_open_first_with_sumif(played: GameState) -> None:
    ws = _only(requisition_workbook(played, "commonwealth", "club"))
    headers, lines, totals = _table(ws, "No.")
    filed = [line for line in lines if line["No."]]
    assert [(r["No."], r["Unit"], r["Status"]) for r in filed] == [
        ("CR1", "6th Royal Tank Regt", "open"),
        ("CR2", "Matruh Garrison HQ", "rejected"),
    ]
    r1, r2 = filed
    assert [r1[c] for c in ("Hex", "Ammunition", "Fuel", "Stores", "Water")] == [
        "D3612",
        20,
        70,
        0,
        0,
    ]
    assert (r1["Filed"], r1["Note"], r1["Answer"]) == ("GT 1 OpStage 1", EVIL, None)
    assert r2["Answer"] == "rejected: no water to spare"
    assert len(lines) == 2 + 5  # empty lines for requisitions written by hand
    first, last = totals - len(lines), totals - 1
    ammo = ws.cell(row=totals, column=headers.index("Ammunition") + 1).value
    assert ammo == f'=SUMIF(K{first}:K{last},"open",E{first}:E{last})'  # Status, Ammunition
    axis = _only(requisition_workbook(played, "axis", "g"))
    assert "(no requisitions filed)" in [c.value for row in axis.iter_rows() for c in row]


# --- every sheet: player text, print set-up, the workbook -----------------------------------


def test_player_text_is_text_never_a_formula(played: GameState) -> None:
    dumps = dict(played.dumps)
    dumps["cw_dump_1"] = replace(dumps["cw_dump_1"], name="=1+1", notes="-2 dumps")
    data = logistics_workbook(replace(played, dumps=dumps), "commonwealth", "@SUM(A1)")
    book = _book(data)
    cells = [
        c
        for ws in book.worksheets
        for row in ws.iter_rows()
        for c in row
        if c.value in (EVIL, "=1+1", "-2 dumps", "@SUM(A1)")
    ]
    assert {c.value for c in cells} == {EVIL, "=1+1", "-2 dumps", "@SUM(A1)"}
    assert all(c.data_type == "s" and c.quotePrefix for c in cells)
    archive = zipfile.ZipFile(io.BytesIO(data))
    for name in archive.namelist():
        if name in {f"xl/worksheets/sheet{i}.xml" for i in range(1, len(TABS) + 1)}:
            formulas = re.findall(r"<f>(.*?)</f>", archive.read(name).decode())
            formulas = [f.replace("&quot;", '"') for f in formulas]
            assert formulas and all(_OUR_FORMULAS.match(f) for f in formulas), formulas


def test_workbook_tabs_and_print_setup(played: GameState) -> None:
    book = _book(logistics_workbook(played, "commonwealth", "Tuesday club & co"))
    assert book.sheetnames == TABS
    for ws in book.worksheets:
        assert ws.page_setup.orientation == "landscape"
        assert ws.sheet_properties.pageSetUpPr is not None
        assert ws.sheet_properties.pageSetUpPr.fitToPage is True
        assert (ws.page_setup.fitToWidth, ws.page_setup.fitToHeight) == (1, 0)
        assert ws.print_title_rows is not None
        first = int(str(ws.print_title_rows).split(":")[0].strip("$"))
        assert ws.cell(row=first, column=1).value is not None or ws.title != "Supply Dumps"
        footer = ws.oddFooter
        text = " ".join(str(p.text) for p in (footer.left, footer.center, footer.right))
        assert f"Tuesday club && co · Commonwealth · {ws.title}" in text
        assert "GT 1 OpStage 1 (September III 1940)" in text and "&P" in text


def test_templates_extend_the_shared_layout() -> None:
    for form in FORMS:
        template = load_logistics_template(form)
        assert template.sheet.title.endswith("(4.55)") and template.sheet.case == "4.55"
        assert template.sheet.font == "Calibri"
    assert load_logistics_template("supply-requisition").totals_if == ("status", "open")
    assert load_logistics_template("supply-net").texts["formations_total"] == "Total with units"
    with pytest.raises(ValueError, match="unknown Logistics Commander's sheet"):
        load_logistics_template("field-commander")


def test_cli_export_logistics_sheets(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "ledger.db")
    assert main(["new", "--skip-setup", "g", "--scenario", str(GRAZIANI), "--db", db]) == 0
    for sheet in WORKBOOKS:
        out = tmp_path / f"{sheet}.xlsx"
        args = ["export", "--sheet", sheet, "--side", "axis", "-o", str(out), "--db", db]
        assert main(args) == 0
        assert f"({WORKBOOKS[sheet][1]}, axis, GT 1 OpStage 1)" in capsys.readouterr().out
    assert _book((tmp_path / "logistics.xlsx").read_bytes()).sheetnames == TABS
    assert _book((tmp_path / "trucks.xlsx").read_bytes()).sheetnames == ["Trucks"]
    args = ["export", "--sheet", "trucks", "--side", "axis", "-o", str(out), "--db", db]
    assert main([*args, "--formation", "x"]) == 1
    assert "only with --sheet toe" in capsys.readouterr().err


# --- LibreOffice: the file opens, recalculates and prints (DESIGN 6) -------------------------


def _print(
    soffice: str, data: bytes, tmp_path: Path
) -> tuple[list[str], list[tuple[float, float]]]:
    """Each page's text and size (points), printed by LibreOffice."""
    return print_pdf(soffice, data, tmp_path, "logistics")


def _figures(text: str, label: str) -> list[int]:
    """The numbers on the one printed line starting with ``label``, after it."""
    (line,) = [x for x in text.splitlines() if x.strip().startswith(label)]
    rest = line.split(label, 1)[1]
    return [int(n.replace(",", "")) for n in re.findall(r"\d[\d,]*", rest)]


def test_libreoffice_recalculates_the_totals(
    soffice: str, played: GameState, tmp_path: Path
) -> None:
    pages, sizes = _print(soffice, logistics_workbook(played, "commonwealth", "club"), tmp_path)
    assert all(width > height for width, height in sizes)  # every page landscape
    text = "\f".join(pages)
    dumps = _figures(text, "Totals (unlimited sources not counted)")
    assert dumps == [7, 1950, 4500, 4650, 0]
    held = _figures(text, "Total held")
    assert held == [1950, 4500 + 250, 4650, 0]  # dumps + the 250 Fuel aboard cw_c3721
    # Truck Points L/M/H/All, on board, capacity (Fuel 47,850), free (cw_c3721 has 250 aboard).
    trucks = next(x for x in text.splitlines() if x.strip().startswith("Totals") and "372" in x)
    numbers = [int(n.replace(",", "")) for n in re.findall(r"\d[\d,]*", trucks)]
    assert numbers[:8] == [60, 255, 57, 372, 0, 250, 0, 0]
    assert numbers[8:12] == [1596, 47850, 5895, 39300]
    assert numbers[12:] == [1596 - 9, 47850 - 250, 5895 - 31, 39300 - 206]
    assert _figures(text, "Open requisitions: total wanted") == [20, 70, 0, 0]  # CR2 not
    assert "=HYPERLINK(" in text  # printed as text (wrapped in its box)


@pytest.mark.parametrize("side", SIDES)
def test_libreoffice_prints_each_sheet_one_page_wide(
    soffice: str, graziani: GameState, side: Side, tmp_path: Path
) -> None:
    pages, sizes = _print(soffice, logistics_workbook(graziani, side, "g"), tmp_path)
    assert 4 <= len(sizes) <= 6
    assert all(width > height for width, height in sizes)
    titles = [
        "Supply Dumps Control Sheet (4.55)",
        "Trucks and Major End Items Control Sheet (4.55)",
        "General Supply Net Sheet (4.55)",
        "Supply Requisition Form (4.55)",
    ]
    assert [t for t in titles if any(t in p for p in pages)] == titles
    for number, page in enumerate(pages, start=1):
        assert "Water" in page, f"page {number} lacks the headings"
