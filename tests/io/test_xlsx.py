"""The Field Commander Control Sheet workbook (4.52): reloaded with openpyxl, printed by LibreOffice.

Expected figures are worked by hand from tests/fixtures/mini.toml:
- 1 RNF (1st RNF MG Bn), class cw.u: CPA 8, TOE 3; Offensive Close Assault 4 → Raw 12, Actual 1;
  Defensive Close Assault 6 → Raw 18, Actual 2 (11.31, 11.32); no Barrage; carries
  2 Ammunition, 0 Fuel, 3 Stores, 4 Water.
- 3 RHA (3rd RHA), class cw.x (CPA 20) with 6 TOE of 25-pounder Guns (CPA 15): CPA 15 (ruling
  unit-cpa-lowest-system); Barrage 8 → Raw 48, Actual 5; Close Assault 1/1 → Raw 6, Actual 1.
  It arrives GT 1 OpStage 3, so it is absent before.
"""

from __future__ import annotations

import io
import re
import zipfile
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from openpyxl.worksheet.worksheet import Worksheet

from ledger.cli import main
from ledger.commands.cp import spend_cp
from ledger.commands.stage_end import end_stage
from ledger.commands.transfers import transfer
from ledger.io.sheet_meta import read_meta
from ledger.io.xlsx import SOURCES_TAB, cp_tally, field_commander_workbook, load_template
from ledger.model.quantities import Supplies
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.reports.tables import field_commander_sheet
from tests.io.printing import print_pdf
from tests.phases import at_last_phase
from tests.posting import post

HEADERS = [
    "Counter",
    "Unit",
    "Parent Formation",
    "Hex",
    "TOE",
    "CPA",
    "CP\nspent",
    "CP tally: tick a box per CP spent",
    "CP\nleft",
    "DP",
    "Cohe-\nsion",
    "Bar-\nrage",
    "Anti-\nArmor",
    "Off.\nCA",
    "Def.\nCA",
    "AA",
    "Ammo",
    "Fuel",
    "Stores",
    "Water",
    "Short of",
]
EVIL = '=HYPERLINK("http://example.invalid/","click")'


def _sheet(data: bytes) -> Worksheet:
    ws = openpyxl.load_workbook(io.BytesIO(data)).active
    assert isinstance(ws, Worksheet)
    return ws


def _header_row(ws: Worksheet) -> int:
    for row in range(1, 20):
        if ws.cell(row=row, column=1).value == "Counter":
            return row
    raise AssertionError("no header row")


def _lines(ws: Worksheet) -> dict[str, dict[str, Any]]:
    """Counter lines by Unit name, each as {header: cell value}."""
    head = _header_row(ws)
    headers = [c.value for c in ws[head]]
    lines = {}
    for row in ws.iter_rows(min_row=head + 1, values_only=True):
        if row[0] == "Side totals":
            break
        if row[1] is not None:
            lines[str(row[1])] = dict(zip(headers, row, strict=True))
    return lines


def _totals(ws: Worksheet) -> tuple[int, dict[str, Any]]:
    head = _header_row(ws)
    headers = [c.value for c in ws[head]]
    for row in ws.iter_rows(min_row=head + 1):
        if row[0].value == "Side totals":
            return row[0].row, {h: c.value for h, c in zip(headers, row, strict=True)}
    raise AssertionError("no totals row")


@pytest.fixture
def played(mini_state: GameState) -> GameState:
    """GT 1 OpStage 3 of the mini game: 3 RHA has arrived; 1 RNF has gone 2 1/4 CP over its CPA.

    1 RNF: 10 1/4 CP expended (CPA 8: 2 1/4 DP, Cohesion −2 1/4, 6.21–6.22), +5 Ammunition
    (2 → 7), 1 Water drunk in each of the two OpStages ended (4 → 2, 52.41). 3 RHA: +4
    Ammunition, +10 Fuel, 2 1/2 CP expended.
    """
    src = Source(mini_state.clock, "commonwealth", "commander_in_chief")
    mini_state = at_last_phase(mini_state)  # 5.2: the stage ends from its last phase
    state = post(mini_state, end_stage(mini_state, src))
    state = at_last_phase(state)  # 5.2: the stage ends from its last phase
    state = post(state, end_stage(state, src))
    src = Source(state.clock, "commonwealth", "field_commander")
    state = post(state, spend_cp(state, "cw.1_rnf", Fraction(41, 4), src))
    state = post(state, spend_cp(state, "cw.3_rha", Fraction(5, 2), src))
    state = post(state, transfer(state, "cw_matruh", "cw.1_rnf", Supplies(ammo=5), src))
    return post(state, transfer(state, "cw_matruh", "cw.3_rha", Supplies(ammo=4, fuel=10), src))


def test_print_setup_landscape_one_page_wide_titles_and_footer(mini_state: GameState) -> None:
    ws = _sheet(field_commander_workbook(mini_state, "commonwealth", "Tuesday club & co"))
    assert ws.page_setup.orientation == "landscape"
    assert ws.sheet_properties.pageSetUpPr is not None
    assert ws.sheet_properties.pageSetUpPr.fitToPage is True
    assert (ws.page_setup.fitToWidth, ws.page_setup.fitToHeight) == (1, 0)
    head = _header_row(ws)
    assert ws.print_title_rows == f"${head}:${head}"  # no rule-case row: on the Sources tab
    footer = ws.oddFooter
    assert footer is not None
    text = " ".join(str(p.text) for p in (footer.left, footer.center, footer.right))
    assert "Tuesday club && co" in text  # "&" is a footer control code, so it is doubled
    assert "GT 1 OpStage 1 (September III 1940)" in text
    assert "Mini test scenario (test)" in text
    assert "&P" in text and "&N" in text
    assert ws.freeze_panes == f"C{head + 1}"
    assert all(c.font.bold for c in ws[head])


def test_header_block_title_side_scenario_time_game(mini_state: GameState) -> None:
    ws = _sheet(field_commander_workbook(mini_state, "commonwealth", "Tuesday club"))
    block = {ws.cell(row=r, column=1).value: ws.cell(row=r, column=2).value for r in range(2, 6)}
    assert ws["A1"].value == "Field Commander Control Sheet (4.52)"
    assert block == {
        "Side": "Commonwealth",
        "Scenario": "Mini test scenario (test)",
        "Game time": "GT 1 OpStage 1 (September III 1940)",
        "Game": "Tuesday club",
    }
    assert [c.value for c in ws[_header_row(ws)]] == HEADERS


def test_rows_at_the_start_3rd_rha_not_yet_arrived(mini_state: GameState) -> None:
    lines = _lines(_sheet(field_commander_workbook(mini_state, "commonwealth", "g")))
    assert list(lines) == ["1st RNF MG Bn"]
    rnf = lines["1st RNF MG Bn"]
    assert rnf["Counter"] == "1 RNF" and rnf["Hex"] == "C3721" and rnf["TOE"] == 3
    assert (rnf["CP\nspent"], rnf["CPA"], rnf["CP\nleft"], rnf["DP"]) == (0, 8, 8, 0)
    assert rnf["Cohe-\nsion"] == 0
    assert rnf["CP tally: tick a box per CP spent"] == "□□□□□ □□□"  # 6.14: a box per CP
    # Actual points per counter: Raw Off. CA 12 → 1, Raw Def. CA 18 → 2 (11.32)
    assert [rnf[c] for c in ("Bar-\nrage", "Anti-\nArmor", "Off.\nCA", "Def.\nCA")] == [0, 0, 1, 2]
    assert [rnf[c] for c in ("Ammo", "Fuel", "Stores", "Water")] == [2, 0, 3, 4]
    assert rnf["Short of"] is None


def test_rows_after_play_quarter_points_shown_as_fractions(played: GameState) -> None:
    ws = _sheet(field_commander_workbook(played, "commonwealth", "g"))
    lines = _lines(ws)
    assert list(lines) == ["1st RNF MG Bn", "3rd RHA"]  # no Parent Formation: by counter
    rnf, rha = lines["1st RNF MG Bn"], lines["3rd RHA"]
    # 1 RNF: 10 1/4 CP against a CPA of 8: none left, 2 1/4 DP (6.21), Cohesion −2 1/4
    assert (rnf["CP\nspent"], rnf["CP\nleft"], rnf["DP"]) == (10.25, 0, 2.25)
    assert rnf["Cohe-\nsion"] == -2.25
    assert rnf["CP tally: tick a box per CP spent"] == "■■■■■ ■■■"
    assert rnf["Ammo"] == 7
    assert (rha["CP\nspent"], rha["CPA"], rha["CP\nleft"], rha["Cohe-\nsion"]) == (2.5, 15, 12.5, 0)
    assert rha["CP tally: tick a box per CP spent"] == "■■□□□ □□□□□ □□□□□"
    assert isinstance(rha["Cohe-\nsion"], int) and isinstance(rha["CPA"], int)
    # Raw Barrage 48 → 5, Raw Off. and Def. CA 6 → 1 (11.32)
    assert [rha[c] for c in ("Bar-\nrage", "Off.\nCA", "Def.\nCA")] == [5, 1, 1]
    assert [rha[c] for c in ("Ammo", "Fuel", "Stores", "Water")] == [4, 10, 0, 0]
    head = _header_row(ws)
    for col in (7, 9, 10, 11):  # CP spent, CP left, DP, Cohesion
        assert ws.cell(row=head + 1, column=col).number_format == "# ?/?"


def test_totals_are_live_sums_of_supplies_and_no_side_wide_actual_points(
    played: GameState,
) -> None:
    ws = _sheet(field_commander_workbook(played, "commonwealth", "g"))
    row, totals = _totals(ws)
    first, last = _header_row(ws) + 1, row - 1
    assert totals["Ammo"] == f"=SUM(Q{first}:Q{last})"
    assert totals["Water"] == f"=SUM(T{first}:T{last})"
    # Actual points mean something per hex or formation (11.32, 11.34), not for a whole side
    summed = {h for h, v in totals.items() if str(v or "").startswith("=")}
    assert summed == {"Ammo", "Fuel", "Stores", "Water"}


def test_empty_lines_to_write_in_are_boxed_and_inside_the_totals(played: GameState) -> None:
    ws = _sheet(field_commander_workbook(played, "commonwealth", "g"))
    row, _ = _totals(ws)
    blank = [
        r
        for r in range(_header_row(ws) + 1, row)
        if all(ws.cell(row=r, column=c).value is None for c in range(1, 22))
    ]
    assert blank == list(range(row - 8, row))  # the template's 8 lines, just above the totals
    assert all(ws.cell(row=r, column=2).border.bottom.style == "thin" for r in blank)


def test_cp_cohesion_and_supplies_are_inputs_stamped_for_the_way_back(played: GameState) -> None:
    data = field_commander_workbook(played, "commonwealth", "g", seq=7, seat="cw-field")
    book = openpyxl.load_workbook(io.BytesIO(data))
    stamp, cells = read_meta(book)
    assert (stamp.game, stamp.side, stamp.seat, stamp.seq) == ("g", "commonwealth", "cw-field", 7)
    assert stamp.layout == "field-commander"
    rha = {c.field: (c.kind, c.value, c.label) for c in cells if c.holder == "cw.3_rha"}
    # 3 RHA: 2 1/2 CP is an input in quarter points, recorded exactly (8.37)
    assert rha == {
        "cp_expended": ("cp", Fraction(5, 2), "3rd RHA"),
        "cohesion": ("cohesion", 0, "3rd RHA"),
        "ammo": ("supplies", 4, "3rd RHA"),
        "fuel": ("supplies", 10, "3rd RHA"),
        "stores": ("supplies", 0, "3rd RHA"),
        "water": ("supplies", 0, "3rd RHA"),
    }
    assert book[SOURCES_TAB].sheet_state == "hidden"
    sources = {r[0]: r[1] for r in book[SOURCES_TAB].iter_rows(values_only=True) if r[0]}
    assert sources["CP tally: tick a box per CP spent"] == "6.14" and sources["DP"] == "6.21"


@pytest.mark.parametrize(
    ("cpa", "spent", "boxes"),
    [(8, Fraction(5, 2), "■■□□□ □□□"), (3, Fraction(9), "■■■"), (None, 0, "")],
)
def test_cp_tally_fills_a_box_per_whole_cp_spent_6_14(
    cpa: int | None, spent: Fraction, boxes: str
) -> None:
    assert cp_tally(cpa, spent) == boxes


def test_side_with_no_counters_still_has_a_sheet(mini_state: GameState) -> None:
    ws = _sheet(field_commander_workbook(mini_state, "axis", "g"))
    row, totals = _totals(ws)
    assert ws.cell(row=row - 9, column=2).value == "(no counters in play)"
    assert totals["Ammo"] == f"=SUM(Q{row - 9}:Q{row - 1})"  # never its own row


@pytest.mark.parametrize("name", [EVIL, "+1+1", "-2 Bn", "@SUM(A1)", "=1+1"])
def test_player_text_is_stored_as_text_never_a_formula(mini_state: GameState, name: str) -> None:
    rnf = replace(mini_state.units["cw.1_rnf"], name=name, counter=name)
    state = replace(mini_state, units={**mini_state.units, rnf.id: rnf})
    data = field_commander_workbook(state, "commonwealth", name)
    ws = _sheet(data)
    game = ws.cell(row=5, column=2)
    unit = ws.cell(row=_header_row(ws) + 1, column=2)
    for cell in (game, unit):
        assert (cell.value, cell.data_type, cell.quotePrefix) == (name, "s", True)
    xml = zipfile.ZipFile(io.BytesIO(data)).read("xl/worksheets/sheet1.xml").decode()
    formulas = re.findall(r"<f>(.*?)</f>", xml)
    assert formulas and all(f.startswith("SUM(") for f in formulas)


def test_sorted_by_parent_formation_then_counter(mini_state: GameState) -> None:
    base = mini_state.units["cw.1_rnf"]
    made = {
        "hq": replace(base, id="hq", counter="7 Armd", name="7th Armoured Div HQ"),
        "a": replace(base, id="a", counter="11 Hus", name="11th Hussars", parent="hq"),
        "b": replace(base, id="b", counter="2 RTR", name="2nd RTR", parent="hq"),
        "c": replace(base, id="c", counter="1 KRRC", name="1st KRRC", parent="b"),
    }
    state = replace(mini_state, units={**mini_state.units, **made})
    lines = _lines(_sheet(field_commander_workbook(state, "commonwealth", "g")))
    assert [(v["Parent Formation"], v["Counter"]) for v in lines.values()] == [
        ("2nd RTR", "1 KRRC"),
        ("7th Armoured Div HQ", "2 RTR"),
        ("7th Armoured Div HQ", "11 Hus"),
        (None, "1 RNF"),
        (None, "7 Armd"),
    ]


def test_template_columns_match_the_report(played: GameState) -> None:
    template = load_template("field-commander")
    assert [c.header for c in template.columns] == HEADERS
    row = field_commander_sheet(played, "commonwealth")[0]
    assert {c.key for c in template.columns} - set(row) == {"cp_tally"}  # drawn from CPA
    assert all(c.case for c in template.columns)
    assert {c.key for c in template.columns if c.total} == {"ammo", "fuel", "stores", "water"}


# --- LibreOffice: the file opens, recalculates and prints one page wide (DESIGN 6) -------------


def _print(soffice: str, data: bytes, tmp_path: Path) -> tuple[list[str], dict[str, str]]:
    """Each page's text, and the page count and first page size as pdfinfo names them."""
    pages, sizes = print_pdf(soffice, data, tmp_path)
    width, height = sizes[0]
    return pages, {"Pages": str(len(sizes)), "Page size": f"{width} x {height} pts"}


def _landscape(info: dict[str, str]) -> bool:
    width, height = map(float, re.findall(r"[\d.]+", info["Page size"])[:2])
    return width > height


def test_libreoffice_prints_one_landscape_page_with_recalculated_totals(
    soffice: str, played: GameState, tmp_path: Path
) -> None:
    pages, info = _print(soffice, field_commander_workbook(played, "commonwealth", EVIL), tmp_path)
    assert info["Pages"] == "1" and _landscape(info)
    text = pages[0]
    assert "1st RNF MG Bn" in text and "3rd RHA" in text
    assert EVIL in text  # printed as the text it is, not a link
    assert "GT 1 OpStage 3 (September III 1940)" in text and "Page 1 of 1" in text
    assert "Short of" in text  # the last column is on the page: nothing cut off at the side
    (totals,) = [line for line in text.splitlines() if line.split()[:2] == ["Side", "totals"]]
    # Ammunition 7+4, Fuel 0+10, Stores 3+0, Water 2+0 (1 RNF drank 1 in each of the two
    # OpStages ended, 52.41; 3 RHA arrived after them).
    assert totals.split()[2:] == ["11", "10", "3", "2"]


def test_libreoffice_repeats_the_column_headings_on_every_page(
    soffice: str, mini_state: GameState, tmp_path: Path
) -> None:
    base = mini_state.units["cw.1_rnf"]
    many = {
        f"u{i}": replace(base, id=f"u{i}", counter=f"{i} Bn", name=f"Battalion number {i}")
        for i in range(1, 121)
    }
    state = replace(mini_state, units={**mini_state.units, **many})
    pages, info = _print(soffice, field_commander_workbook(state, "commonwealth", "big"), tmp_path)
    count = int(info["Pages"])
    assert count >= 2 and _landscape(info)
    for number, page in enumerate(pages, start=1):
        assert "Counter" in page and "Short of" in page, f"page {number} lacks the headings"
        assert f"Page {number} of {count}" in page
    assert "Battalion number 120" in "".join(pages[-2:])
    (totals,) = [line for line in pages[-1].splitlines() if line.split()[:2] == ["Side", "totals"]]
    # 121 counters of 2 Ammunition, 3 Stores, 4 Water.
    assert totals.split()[2:] == ["242", "0", "363", "484"]


def test_control_characters_in_player_text_are_dropped(mini_state: GameState) -> None:
    ws = _sheet(field_commander_workbook(mini_state, "commonwealth", "Tuesday\x07 club\x00"))
    assert ws.cell(row=5, column=2).value == "Tuesday club"
    assert ws.oddFooter is not None and "Tuesday club ·" in str(ws.oddFooter.left.text)


def test_cli_export_prints_on_a4_when_asked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "g.db")
    assert main(["new", "g", "--scenario", "graziani", "--db", db]) == 0
    out = tmp_path / "fc.xlsx"
    args = ["export", "--side", "axis", "-o", str(out), "--db", db]
    assert main([*args, "--paper", "a4"]) == 0
    assert capsys.readouterr().out.rstrip().endswith(", A4")
    book = openpyxl.load_workbook(out)
    visible = [ws for ws in book.worksheets if ws.sheet_state == "visible"]
    assert [int(ws.page_setup.paperSize) for ws in visible] == [int(Worksheet.PAPERSIZE_A4)]
    a4_stamp, a4_inputs = read_meta(book)  # the round trip keeps the stamp and the inputs
    assert a4_stamp.layout == "field-commander" and a4_inputs
    assert visible[0].protection.sheet
    assert main(args) == 0  # the default: US Letter, the game's own sheets
    book = openpyxl.load_workbook(out)
    assert int(book["Field Commander"].page_setup.paperSize) == int(Worksheet.PAPERSIZE_LETTER)
    stamp, _ = read_meta(book)
    assert (stamp.game, stamp.side, stamp.layout) == ("g", "axis", "field-commander")


def test_cli_export_offers_every_workbook_the_ledger_builds() -> None:
    from ledger.cli.sheets import SHEETS
    from ledger.io.logistics_sheets import WORKBOOKS

    assert set(SHEETS) == set(WORKBOOKS)
