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

from ledger.commands.cp import spend_cp
from ledger.commands.outcome import Outcome
from ledger.commands.stage_end import end_stage
from ledger.commands.transfers import transfer
from ledger.io.xlsx import field_commander_workbook, load_template
from ledger.model.apply import apply
from ledger.model.quantities import Supplies
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.reports.tables import field_commander_sheet
from tests.io.printing import print_pdf
from tests.phases import at_last_phase

HEADERS = [
    "Counter",
    "Unit",
    "Parent Formation",
    "Hex",
    "CP Expended (this OpStage)",
    "CPA",
    "Cohesion Level",
    "Raw Barrage",
    "Actual Barrage",
    "Raw Off. Close Assault",
    "Actual Off. Close Assault",
    "Raw Def. Close Assault",
    "Actual Def. Close Assault",
    "Ammunition",
    "Fuel",
    "Stores",
    "Water",
]
EVIL = '=HYPERLINK("http://example.invalid/","click")'


def _do(state: GameState, outcome: Outcome) -> GameState:
    assert outcome.ok, outcome.errors
    for event in outcome.events:
        state = apply(state, event)
    return state


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
    for row in ws.iter_rows(min_row=head + 2, values_only=True):
        if row[0] == "Totals":
            break
        lines[str(row[1])] = dict(zip(headers, row, strict=True))
    return lines


def _totals(ws: Worksheet) -> tuple[int, dict[str, Any]]:
    head = _header_row(ws)
    headers = [c.value for c in ws[head]]
    for row in ws.iter_rows(min_row=head + 2):
        if row[0].value == "Totals":
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
    state = _do(mini_state, end_stage(mini_state, src))
    state = at_last_phase(state)  # 5.2: the stage ends from its last phase
    state = _do(state, end_stage(state, src))
    src = Source(state.clock, "commonwealth", "field_commander")
    state = _do(state, spend_cp(state, "cw.1_rnf", Fraction(41, 4), src))
    state = _do(state, spend_cp(state, "cw.3_rha", Fraction(5, 2), src))
    state = _do(state, transfer(state, "cw_matruh", "cw.1_rnf", Supplies(ammo=5), src))
    return _do(state, transfer(state, "cw_matruh", "cw.3_rha", Supplies(ammo=4, fuel=10), src))


def test_print_setup_landscape_one_page_wide_titles_and_footer(mini_state: GameState) -> None:
    ws = _sheet(field_commander_workbook(mini_state, "commonwealth", "Tuesday club & co"))
    assert ws.page_setup.orientation == "landscape"
    assert ws.sheet_properties.pageSetUpPr is not None
    assert ws.sheet_properties.pageSetUpPr.fitToPage is True
    assert (ws.page_setup.fitToWidth, ws.page_setup.fitToHeight) == (1, 0)
    head = _header_row(ws)
    assert ws.print_title_rows == f"${head}:${head + 1}"
    footer = ws.oddFooter
    assert footer is not None
    text = " ".join(str(p.text) for p in (footer.left, footer.center, footer.right))
    assert "Tuesday club && co" in text  # "&" is a footer control code, so it is doubled
    assert "GT 1 OpStage 1 (September III 1940)" in text
    assert "Mini test scenario (test)" in text
    assert "&P" in text and "&N" in text
    assert ws.freeze_panes == f"C{head + 2}"
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
    assert rnf["Counter"] == "1 RNF" and rnf["Hex"] == "C3721"
    assert (rnf["CP Expended (this OpStage)"], rnf["CPA"], rnf["Cohesion Level"]) == (0, 8, 0)
    assert (rnf["Raw Barrage"], rnf["Actual Barrage"]) == (0, 0)
    assert (rnf["Raw Off. Close Assault"], rnf["Actual Off. Close Assault"]) == (12, 1)
    assert (rnf["Raw Def. Close Assault"], rnf["Actual Def. Close Assault"]) == (18, 2)
    assert [rnf[c] for c in ("Ammunition", "Fuel", "Stores", "Water")] == [2, 0, 3, 4]


def test_rows_after_play_quarter_points_shown_as_fractions(played: GameState) -> None:
    ws = _sheet(field_commander_workbook(played, "commonwealth", "g"))
    lines = _lines(ws)
    assert list(lines) == ["1st RNF MG Bn", "3rd RHA"]  # no Parent Formation: by counter
    rnf, rha = lines["1st RNF MG Bn"], lines["3rd RHA"]
    assert (rnf["CP Expended (this OpStage)"], rnf["Cohesion Level"]) == (10.25, -2.25)
    assert rnf["Ammunition"] == 7
    assert (rha["CP Expended (this OpStage)"], rha["CPA"], rha["Cohesion Level"]) == (2.5, 15, 0)
    assert isinstance(rha["Cohesion Level"], int) and isinstance(rha["CPA"], int)
    assert (rha["Raw Barrage"], rha["Actual Barrage"]) == (48, 5)
    assert (rha["Raw Off. Close Assault"], rha["Actual Off. Close Assault"]) == (6, 1)
    assert (rha["Raw Def. Close Assault"], rha["Actual Def. Close Assault"]) == (6, 1)
    assert [rha[c] for c in ("Ammunition", "Fuel", "Stores", "Water")] == [4, 10, 0, 0]
    head = _header_row(ws)
    for col in (5, 7):  # CP Expended, Cohesion Level
        assert ws.cell(row=head + 2, column=col).number_format == "# ?/?"


def test_totals_are_live_formulas_actual_from_raw_total_11_34(played: GameState) -> None:
    ws = _sheet(field_commander_workbook(played, "commonwealth", "g"))
    row, totals = _totals(ws)
    first, last = _header_row(ws) + 2, row - 1
    assert totals["Raw Barrage"] == f"=SUM(H{first}:H{last})"
    assert totals["Actual Barrage"] == f"=ROUND(SUM(H{first}:H{last})/10,0)"
    assert totals["Actual Off. Close Assault"] == f"=ROUND(SUM(J{first}:J{last})/10,0)"
    assert totals["Actual Def. Close Assault"] == f"=ROUND(SUM(L{first}:L{last})/10,0)"
    for name in ("Raw Off. Close Assault", "Raw Def. Close Assault", "Ammunition", "Water"):
        assert str(totals[name]).startswith("=SUM(")
    for name in ("Counter", "Unit", "CP Expended (this OpStage)", "CPA", "Cohesion Level"):
        assert not str(totals[name] or "").startswith("=")


def test_side_with_no_counters_still_has_a_sheet(mini_state: GameState) -> None:
    ws = _sheet(field_commander_workbook(mini_state, "axis", "g"))
    row, totals = _totals(ws)
    assert ws.cell(row=row - 1, column=2).value == "(no counters in play)"
    assert totals["Ammunition"] == f"=SUM(N{row - 1}:N{row - 1})"  # never its own row


@pytest.mark.parametrize("name", [EVIL, "+1+1", "-2 Bn", "@SUM(A1)", "=1+1"])
def test_player_text_is_stored_as_text_never_a_formula(mini_state: GameState, name: str) -> None:
    rnf = replace(mini_state.units["cw.1_rnf"], name=name, counter=name)
    state = replace(mini_state, units={**mini_state.units, rnf.id: rnf})
    data = field_commander_workbook(state, "commonwealth", name)
    ws = _sheet(data)
    game = ws.cell(row=5, column=2)
    unit = ws.cell(row=_header_row(ws) + 2, column=2)
    for cell in (game, unit):
        assert (cell.value, cell.data_type, cell.quotePrefix) == (name, "s", True)
    xml = zipfile.ZipFile(io.BytesIO(data)).read("xl/worksheets/sheet1.xml").decode()
    formulas = re.findall(r"<f>(.*?)</f>", xml)
    assert formulas and all(f.startswith(("SUM(", "ROUND(SUM(")) for f in formulas)


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
    report_keys = list(field_commander_sheet(played, "commonwealth")[0])
    assert [c.key for c in template.columns] == report_keys
    assert all(c.case for c in template.columns)
    actual = {c.key: c.raw for c in template.columns if c.total == "actual"}
    assert actual == {f"actual_{r}": f"raw_{r}" for r in ("barrage", *_CLOSE_ASSAULT)}
    summed = {c.key for c in template.columns if c.total == "sum"}
    assert summed == {"ammo", "fuel", "stores", "water"} | {f"raw_{r}" for r in _ALL}


_CLOSE_ASSAULT = ("offensive_close_assault", "defensive_close_assault")
_ALL = ("barrage", *_CLOSE_ASSAULT)


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
    assert "Water" in text  # the last column is on the page: nothing cut off at the side
    (totals,) = [line for line in text.splitlines() if line.split()[:1] == ["Totals"]]
    # Raw Barrage 48 → 5; Raw Off. CA 12+6=18 → 2; Raw Def. CA 18+6=24 → 2 (not 2+1=3: 11.34);
    # Ammunition 7+4, Fuel 0+10, Stores 3+0, Water 2+0 (1 RNF drank 1 in each of the two
    # OpStages ended, 52.41; 3 RHA arrived after them).
    assert totals.split()[1:] == ["48", "5", "18", "2", "24", "2", "11", "10", "3", "2"]


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
        assert "Counter" in page and "Water" in page, f"page {number} lacks the headings"
        assert f"Page {number} of {count}" in page
    assert "Battalion number 120" in pages[-1]
    (totals,) = [line for line in pages[-1].splitlines() if line.split()[:1] == ["Totals"]]
    # 121 counters of 2 Ammunition, 3 Stores, 4 Water; Off. CA Raw 121×12 = 1452 → 145.
    assert totals.split()[1:] == ["0", "0", "1452", "145", "2178", "218", "242", "0", "363", "484"]


def test_control_characters_in_player_text_are_dropped(mini_state: GameState) -> None:
    ws = _sheet(field_commander_workbook(mini_state, "commonwealth", "Tuesday\x07 club\x00"))
    assert ws.cell(row=5, column=2).value == "Tuesday club"
    assert ws.oddFooter is not None and "Tuesday club ·" in str(ws.oddFooter.left.text)
