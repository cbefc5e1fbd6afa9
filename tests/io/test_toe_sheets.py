"""The TOE Log Sheets workbook (4.52) on the bundled Graziani scenario (60.22): reloaded with
openpyxl, printed by LibreOffice, exported by the CLI.

Hand-worked from scenarios/graziani.toml (the same figures as tests/reports/test_toe_log.py):
- 45th Artillery Regt (63rd Cirene Division): 6 TOE 75/18 Gun-Howitzer (Barrage 6), 3 TOE
  100/17 Howitzer (Barrage 8), 3 TOE Light AA 20mm (AA 1): Raw Barrage 36 and 24, Raw AA 3.
- 63rd Cirene Division: Barrage only from the 45th (36 + 24) and the two regiment HQs' 65/17
  Gun (Barrage 5, 1 TOE each): Raw 70 → Actual 7 (11.32).
- 250th Legion HQ: three it.x battalions, 5 TOE, Close Assault 1/1: Raw 15 → Actual 2 (half up,
  11.32, totalled first, 11.34; the battalions' own Actual points would add to 3).
- 7th Armoured Division with the first-line trucks of D3612 (5 light, 5 medium, 5 heavy)
  attached to the 6th RTR and those of C3520 (5 medium) to the division HQ: 20 Truck Points.
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
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from ledger.cli import main
from ledger.io import xlsx
from ledger.io.scenario import load_scenario
from ledger.io.sheet_meta import META_SHEET
from ledger.io.toe_sheets import toe_log_workbook
from ledger.io.toe_template import load_toe_template
from ledger.model.apply import start
from ledger.model.events import GameStarted
from ledger.model.quantities import Supplies
from ledger.model.scenario import Setup
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.model.units import SIDES
from ledger.reports.toe_log import VARIANTS, sheet_variant, toe_log
from tests.io.printing import print_pdf

GRAZIANI = Path(__file__).resolve().parents[2] / "scenarios" / "graziani.toml"
CIRENE = "it.63_cirene_div.63rd_cirene_div_hq"
ARMOURED = "cw.7_armd_div.7th_armored_div_hq"
LEGION = "it.3ccnn_div.250th_legion_hq"
SELBY = "cw.selby_force.matruh_garrison_hq"
EVIL = '=HYPERLINK("http://example.invalid/","click")'
_FORMULA = re.compile(
    r"^(SUM\(|ROUND\(SUM\(|ROUND\([A-Z]{1,2}\d+\/10,0\)$|[A-Z]{1,2}\d+$|[A-Z]{1,2}\d+\*\d+$)"
)


@pytest.fixture(scope="module")
def graziani_setup() -> Setup:
    return load_scenario(GRAZIANI)


@pytest.fixture
def graziani(graziani_setup: Setup) -> GameState:
    return start(GameStarted(Source(graziani_setup.info.start), graziani_setup))


@pytest.fixture
def with_trucks(graziani: GameState) -> GameState:
    """Graziani with first-line trucks attached in the 7th Armoured Division (8.96)."""
    trucks = dict(graziani.trucks)
    trucks["cw_d3612_7armd"] = replace(
        trucks["cw_d3612_7armd"],
        attached_to="cw.7_armd_div.6th_royal_tank_regt",
        cargo=Supplies(ammo=3, fuel=12),
    )
    trucks["cw_c3520"] = replace(trucks["cw_c3520"], attached_to=ARMOURED)
    return replace(graziani, trucks=trucks)


def _top_formations(setup: Setup, side: str) -> set[str]:
    """Top-level Parent Formations at the start, from the scenario's records (not through
    ledger.rules.organization): units with someone with them and no one above them."""
    units = {u.id: u for u in setup.units if u.side == side and u.arrival is None}

    def parent(uid: str) -> str | None:
        unit = units[uid]
        return unit.attached_to or (None if unit.detached else unit.parent)

    heads = {parent(uid) for uid in units} - {None}
    return {h for h in heads if h in units and parent(h) not in units}


def _book(data: bytes) -> openpyxl.Workbook:
    """The workbook as a player sees it: its metadata sheet (very hidden) left out."""
    book = openpyxl.load_workbook(io.BytesIO(data))
    if META_SHEET in book.sheetnames:
        book.remove(book[META_SHEET])
    return book


def _only(data: bytes) -> Worksheet:
    book = _book(data)
    assert len(book.worksheets) == 1
    return book.worksheets[0]


def _header_row(ws: Worksheet) -> int:
    for row in range(1, 20):
        if ws.cell(row=row, column=1).value == "Counter":
            return row
    raise AssertionError("no header row")


def _grid(ws: Worksheet) -> tuple[list[Any], list[tuple[Any, ...]]]:
    """The unit grid's headings and rows (from under the headings to the totals)."""
    head = _header_row(ws)
    headers = [c.value for c in ws[head]]
    rows = []
    for row in ws.iter_rows(min_row=head + 2, values_only=True):
        if str(row[0] or "").startswith("Formation totals"):
            break
        rows.append(row)
    return headers, rows


def _totals(ws: Worksheet) -> dict[str, dict[str, Any]]:
    head = _header_row(ws)
    headers = [c.value for c in ws[head]]
    found = {}
    for row in ws.iter_rows(min_row=head + 2, values_only=True):
        label = str(row[0] or "")
        if label.startswith("Formation totals: Raw"):
            found["raw"] = dict(zip(headers, row, strict=True))
        elif label.startswith("Formation totals: Actual"):
            found["actual"] = dict(zip(headers, row, strict=True))
    return found


def _info(ws: Worksheet) -> dict[str, Any]:
    """The header block: label → value, over its three blocks."""
    head = _header_row(ws)
    found: dict[str, Any] = {}
    for row in ws.iter_rows(min_row=2, max_row=head - 1):
        cells = [c for c in row if c.value is not None]
        for label, value in zip(cells[::2], cells[1::2], strict=False):
            found[str(label.value)] = value.value
    return found


def test_one_sheet_per_parent_formation(graziani: GameState, graziani_setup: Setup) -> None:
    for side in SIDES:
        tops = sorted(graziani.units[h].name for h in _top_formations(graziani_setup, side))
        book = _book(toe_log_workbook(graziani, side, "club"))
        titles = [ws.cell(row=2, column=2).value for ws in book.worksheets]
        assert titles[-1] == "Independent units"  # counters with no Parent Formation
        assert sorted(str(t).rsplit(" (", 1)[0] for t in titles[:-1]) == tops
        assert len(set(book.sheetnames)) == len(tops) + 1


def test_variant_titles_on_the_sheets(graziani: GameState) -> None:
    expect = {
        CIRENE: "Infantry Division TOE Log Sheet (4.52)",
        ARMOURED: "Allied / Italian Armored Division TOE Log Sheet (4.52)",
        SELBY: "Brigade TOE Log Sheet (4.52)",
    }
    for hq, title in expect.items():
        side = graziani.units[hq].side
        assert _only(toe_log_workbook(graziani, side, "g", hq))["A1"].value == title
    assert sheet_variant(graziani, CIRENE) == "infantry-division"


def test_45th_artillery_lines_and_cirene_totals(graziani: GameState) -> None:
    ws = _only(toe_log_workbook(graziani, "axis", "g", CIRENE))
    headers, rows = _grid(ws)
    lines = [dict(zip(headers, r, strict=True)) for r in rows]
    start = next(i for i, r in enumerate(lines) if r["Unit"] == "45th Artillery Regt")
    art = lines[start : start + 3]
    assert [(r["Weapon system"], r["TOE Str. Pts"]) for r in art] == [
        ("75/18 Gun-Howitzer", 6),
        ("100/17 Howitzer", 3),
        ("Light AA (20mm M/35 Breda)", 3),
    ]
    # Raw = TOE x rating, live on the line's TOE cell (column E, 11.31)
    assert [re.sub(r"\d+\*", "*", str(r["Raw Barrage"])) for r in art] == ["=E*6", "=E*8", "0"]
    assert [re.sub(r"\d+\*", "*", str(r["Raw AA"])) for r in art] == ["0", "0", "=E*1"]
    # each line's Actual is its own Raw ÷ 10 rounded (11.32); no rating, no points (11.33)
    raw = get_column_letter(headers.index("Raw Barrage") + 1)
    rows = [_header_row(ws) + 2 + start + i for i in range(2)]
    assert [r["Actual Barrage"] for r in art] == [*(f"=ROUND({raw}{n}/10,0)" for n in rows), 0]
    assert (art[0]["Counter"], art[0]["CPA"], art[0]["Basic Morale"]) == ("45", 15, -1)
    assert art[1]["Counter"] is None and art[1]["CPA"] is None
    assert art[2]["Off. Close Aslt"] == "(1)"  # as printed (11.1)
    totals = _totals(ws)
    assert str(totals["raw"]["Raw Barrage"]).startswith("=SUM(")
    assert re.fullmatch(r"=ROUND\(SUM\(T.+\)/10,0\)", totals["actual"]["Actual Barrage"])
    assert totals["actual"]["Raw Barrage"] is None  # under the Actual column, not the Raw
    assert re.fullmatch(r"=SUM\(.+\)", totals["actual"]["Raw AA"])  # 11.37: not divided
    assert totals["actual"]["Ammo"] is None
    info = _info(ws)
    time = next(r for r in range(2, 8) if ws.cell(row=r, column=1).value == "Game time")
    assert info["Game time"] == "GT 1 OpStage 1 (September III 1940)"
    assert ws.cell(row=time, column=2).alignment.wrap_text  # on two lines, not clipped
    assert (ws.row_dimensions[time].height or 0) >= 2 * 9
    assert info["Formation CPA (6.15)"] == 8
    assert info["Stacking Points (9.12)"] == 5
    assert str(info["Actual Barrage"]).startswith("=")


def test_trucks_on_the_division_sheet(with_trucks: GameState) -> None:
    ws = _only(toe_log_workbook(with_trucks, "commonwealth", "g", ARMOURED))
    assert _info(ws)["Truck Points attached (8.96)"] == 20
    values = [[c for c in row if c is not None] for row in ws.iter_rows(values_only=True)]
    rtr = next(v for v in values if v and v[0] == "6 RTR (6th Royal Tank Regt)")
    assert rtr == [
        "6 RTR (6th Royal Tank Regt)",
        "D3612",
        "first-line trucks of 6th Royal Tank Regt (15 TP)",  # by its place, not its id
        5,
        5,
        5,
        15,
        3,
        12,
        0,
        0,
    ]
    total = next(v for v in values if v and v[0] == "Formation totals: Truck Points and cargo")
    assert all(str(f).startswith("=SUM(") for f in total[1:]) and len(total) == 9


def test_print_setup_every_sheet(graziani: GameState) -> None:
    book = _book(toe_log_workbook(graziani, "commonwealth", "Tuesday club & co"))
    for ws in book.worksheets:
        assert ws.page_setup.orientation == "landscape"
        assert ws.sheet_properties.pageSetUpPr is not None
        assert ws.sheet_properties.pageSetUpPr.fitToPage is True
        assert (ws.page_setup.fitToWidth, ws.page_setup.fitToHeight) == (1, 0)
        head = _header_row(ws)
        assert ws.print_title_rows == f"${head}:${head + 1}"
        footer = ws.oddFooter
        assert footer is not None
        text = " ".join(str(p.text) for p in (footer.left, footer.center, footer.right))
        formation = str(ws.cell(row=2, column=2).value).rsplit(" (", 1)[0]
        assert f"Tuesday club && co · Commonwealth · {formation}" in text
        assert "GT 1 OpStage 1 (September III 1940)" in text and "&P" in text


def test_player_text_is_text_never_a_formula(graziani: GameState) -> None:
    hq = graziani.units[SELBY]
    bn = next(u for u in graziani.units.values() if u.attached_to == SELBY)
    units = {
        **graziani.units,
        hq.id: replace(hq, name=EVIL),
        bn.id: replace(bn, name="=1+1", counter="-2 Bn"),
    }
    data = toe_log_workbook(replace(graziani, units=units), "commonwealth", "@SUM(A1)", SELBY)
    ws = _only(data)
    assert ws.title == '=HYPERLINK("http---example.inva'  # no ':' or '/' (Excel refuses them)
    cells = [c for row in ws.iter_rows() for c in row if c.value in (EVIL, "=1+1", "-2 Bn")]
    assert {c.value for c in cells} == {EVIL, "=1+1", "-2 Bn"}  # the HQ line has its name
    assert all(c.data_type == "s" and c.quotePrefix for c in cells)
    assert ws.cell(row=2, column=2).value == f"{EVIL} (Selby)"
    game = next(c for row in ws.iter_rows() for c in row if c.value == "@SUM(A1)")
    assert game.data_type == "s" and game.quotePrefix
    xml = zipfile.ZipFile(io.BytesIO(data)).read("xl/worksheets/sheet1.xml").decode()
    formulas = re.findall(r"<f>(.*?)</f>", xml)
    assert formulas and all(_FORMULA.match(f) for f in formulas), formulas


def test_formation_arguments_are_checked(graziani: GameState) -> None:
    with pytest.raises(KeyError):
        toe_log_workbook(graziani, "axis", "g", "no.such.hq")
    with pytest.raises(ValueError, match="is Commonwealth, not Axis"):
        toe_log_workbook(graziani, "axis", "g", ARMOURED)


def test_a_side_without_formations_keeps_its_counters_on_one_sheet(
    mini_state: GameState,
) -> None:
    assert _only(toe_log_workbook(mini_state, "axis", "g"))["A3"].value == (
        "No counters of the Axis in play."
    )
    ws = _only(toe_log_workbook(mini_state, "commonwealth", "g"))  # 1 RNF, with no formation
    assert ws.title == "Independent units"
    _headers, rows = _grid(ws)
    assert [r[0] for r in rows][:2] == ["Counters with no Parent Formation (4.52)", "1 RNF"]


def test_templates_extend_the_shared_layout(graziani: GameState) -> None:
    base = xlsx.load_template("toe-log")
    for variant in VARIANTS:
        template = load_toe_template(variant)
        assert template.sheet.columns == base.columns
        assert template.sheet.title.endswith("TOE Log Sheet (4.52)")
        assert [s.key for s in template.sections][-2:] == ["transport", "notes"]
        # room to write in the units attached at the table (4.52; issue 19: 2 lines were few)
        assert {s.key: s.blank_lines for s in template.sections}["augmentation"] >= 4
    line_keys = set(toe_log(graziani, CIRENE).sections["headquarters"][0])
    computed = {c.key for c in base.columns if c.key.startswith("actual_")}
    assert {c.key for c in base.columns} - computed <= line_keys
    assert {f"raw_{k.removeprefix('actual_')}" for k in computed} <= line_keys  # 11.32
    assert "assets" not in {s.key for s in load_toe_template("brigade").sections}
    with pytest.raises(ValueError, match="unknown TOE Log Sheet"):
        load_toe_template("corps")


def test_extends_merges_tables_and_refuses_cycles(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "a.toml").write_text(
        'extends = "b"\n[sheet]\ntitle = "A"\n[[column]]\nkey = "k"\n', encoding="utf-8"
    )
    (tmp_path / "b.toml").write_text(
        '[sheet]\ntitle = "B"\ntab = "T"\n[[column]]\nkey = "x"\n[[column]]\nkey = "y"\n',
        encoding="utf-8",
    )
    (tmp_path / "c.toml").write_text('extends = "c"\n', encoding="utf-8")
    monkeypatch.setattr(xlsx, "TEMPLATES", tmp_path)
    assert xlsx.read_template("a") == {
        "sheet": {"title": "A", "tab": "T"},
        "column": [{"key": "k"}],
    }
    with pytest.raises(ValueError, match="extends itself"):
        xlsx.read_template("c")


# --- the CLI --------------------------------------------------------------------------------


def test_cli_export_toe_whole_side_and_one_formation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "ledger.db")
    assert main(["new", "--skip-setup", "g", "--scenario", str(GRAZIANI), "--db", db]) == 0
    out = tmp_path / "toe.xlsx"
    args = ["export", "--sheet", "toe", "--side", "commonwealth", "-o", str(out), "--db", db]
    assert main(args) == 0
    assert len(_book(out.read_bytes()).worksheets) == 7  # 6 Parent Formations, independents
    assert "TOE Log Sheets, commonwealth" in capsys.readouterr().out
    assert main([*args, "--formation", "7th Armored Div HQ"]) == 0
    assert _book(out.read_bytes()).sheetnames == ["7th Armored Div"]
    assert main([*args, "--formation", "63rd Cirene Div HQ"]) == 1
    assert "is Axis, not Commonwealth" in capsys.readouterr().err
    fc = tmp_path / "fc.xlsx"
    assert main(["export", "--side", "axis", "-o", str(fc), "--db", db]) == 0  # default sheet
    assert _book(fc.read_bytes()).active.title == "Field Commander"


# --- LibreOffice: the file opens, recalculates and prints (DESIGN 6) ----------------------------


def _print(
    soffice: str, data: bytes, tmp_path: Path
) -> tuple[list[str], list[tuple[float, float]]]:
    """Each page's text and size (points), printed by LibreOffice."""
    return print_pdf(soffice, data, tmp_path, "toe")


def _numbers(line: str) -> list[str]:
    return re.findall(r"-?\d+", line.split(")", 1)[-1])


def test_libreoffice_recalculates_the_totals(
    soffice: str, graziani: GameState, tmp_path: Path
) -> None:
    bn = graziani.units["it.3ccnn_div.81st_infantry_bn"]
    played = replace(
        bn, cp_expended=Fraction(41, 4), cohesion=Fraction(-9, 4), supplies=Supplies(ammo=7)
    )
    state = replace(graziani, units={**graziani.units, bn.id: played})
    pages, sizes = _print(soffice, toe_log_workbook(state, "axis", EVIL, LEGION), tmp_path)
    # 9-point type and 7 mm write-in lines (issue 19): a brigade's sheet and its ruled notes
    # take at most two landscape pages
    assert len(sizes) <= 2 and all(w > h for w, h in sizes)
    text = pages[0]
    (line,) = [x for x in text.splitlines() if x.split()[:3] == ["81", "81st", "Infantry"]]
    assert "10 1/4" in line and "-2 1/4" in line  # quarter points as players write them (8.37)
    (raw,) = [x for x in text.splitlines() if "Formation totals: Raw points" in x]
    (actual,) = [x for x in text.splitlines() if "Formation totals: Actual points" in x]
    # Raw Barrage, Anti-Armor, Off. CA, Def. CA, AA, then Ammo, Fuel, Stores, Water carried.
    assert _numbers(raw) == ["0", "0", "15", "15", "0", "7", "0", "0", "0"]
    assert _numbers(actual) == ["0", "0", "2", "2", "0"]  # 15 → 2 (11.32, 11.34), not 1+1+1
    glance = re.search(r"Actual Off\. Close Aslt\s+(\d+)", text)
    assert glance is not None and glance.group(1) == "2"
    assert EVIL in text and f"Page 1 of {len(sizes)}" in text


def test_libreoffice_prints_every_formation_landscape(
    soffice: str, graziani: GameState, tmp_path: Path
) -> None:
    sheets = len(_book(toe_log_workbook(graziani, "axis", "g")).worksheets)
    pages, sizes = _print(soffice, toe_log_workbook(graziani, "axis", "g"), tmp_path)
    # one to three pages per Parent Formation: printed for pencils (9 pt type, 7 mm lines)
    assert sheets <= len(sizes) <= 3 * sheets
    assert all(width > height for width, height in sizes)
    for number, page in enumerate(pages, start=1):
        assert "Counter" in page and "Water" in page, f"page {number} lacks the headings"
    cirene = "\n".join(p for p in pages if "Axis · 63rd Cirene Div HQ" in p)  # its footer
    (actual,) = [x for x in cirene.splitlines() if "Formation totals: Actual points" in x]
    assert _numbers(actual)[0] == "7"  # Raw Barrage 70 → 7
