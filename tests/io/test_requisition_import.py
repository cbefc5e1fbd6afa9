"""The Supply Requisition Form (4.55) written on and brought back (issue 19 items 4 and 6): a
requisition's Needed by on the sheet; a blank line filled in files a requisition, an open one's
Filled from fulfils it, its Answer beginning "reject:" rejects it; a box that cannot be read is refused by its
``Sheet!Cell`` and nothing is posted. Real Graziani values: Mersa Matruh holds 1,000
Ammunition at the start; 1st Essex and 1st Buffs stand there (D3714)."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from openpyxl import Workbook, load_workbook

from ledger.commands import logistics
from ledger.commands.outcome import Outcome
from ledger.commands.requisition_edits import requisition_words
from ledger.commands.sheet_edits import edits_outcome
from ledger.io.logistics_sheets import requisition_workbook
from ledger.io.sheet_import import SheetRefused, read_edits
from ledger.io.sheet_meta import META_SHEET, read_meta
from ledger.model.apply import apply, start
from ledger.model.clock import GameTime
from ledger.model.events import GameStarted
from ledger.model.quantities import Supplies
from ledger.model.scenario import Setup
from ledger.model.seats import Seat, posting_errors
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.reports.logistics_log import requisition_lines
from tests.posting import post

ESSEX = "cw.70_inf_div.1st_essex"
BUFFS = "cw.unassigned_inf.1st_buffs"
MATRUH = "cw_mersa_matruh"
SHEET = "Requisitions"


@pytest.fixture
def state(graziani_setup: Setup) -> GameState:
    """Graziani at GT 1 OpStage 1 with CR1 open (``with_cr1``)."""
    return with_cr1(graziani_setup)


def with_cr1(graziani_setup: Setup) -> GameState:
    """Graziani at GT 1 OpStage 1 with CR1 open: 1st Essex wants 40 Ammunition by GT 2
    OpStage 1."""
    begun = start(GameStarted(Source(graziani_setup.info.start), graziani_setup))
    source = Source(begun.clock, "commonwealth", "field_commander")
    return post(
        begun,
        logistics.file_requisition(
            begun, ESSEX, Supplies(ammo=40), source, "for the attack", GameTime(2, 1)
        ),
    )


def _edited(data: bytes, change: Callable[[Workbook], None]) -> bytes:
    wb = load_workbook(io.BytesIO(data))
    change(wb)
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def _rows(data: bytes) -> dict[str, int]:
    """The row of each line by its No. (``"CR1"``), and ``"blank"``: the first blank line."""
    ws = load_workbook(io.BytesIO(data))[SHEET]
    rows = {str(ws.cell(r, 1).value): r for r in range(10, 40) if ws.cell(r, 1).value}
    open_rows = [r for r in range(10, 40) if ws.cell(r, 11).value == "open"]
    rows["blank"] = max(open_rows) + 1
    return rows


def _outcome(state: GameState, data: bytes) -> Outcome:
    _, edits = read_edits(data)
    return edits_outcome(state, edits, Source(state.clock, "commonwealth"))


def test_needed_by_is_printed_on_the_form(state: GameState) -> None:
    [line] = requisition_lines(state, "commonwealth")
    assert (line["id"], line["needed_by"]) == ("CR1", "GT 2 OpStage 1")
    ws = load_workbook(io.BytesIO(requisition_workbook(state, "commonwealth", "g")))[SHEET]
    row = _rows(requisition_workbook(state, "commonwealth", "g"))["CR1"]
    assert ws.cell(8, 9).value == "Needed by"
    assert ws.cell(row, 9).value == "GT 2 OpStage 1"


def test_open_requisition_and_blank_lines_are_inputs_closed_ones_not(state: GameState) -> None:
    source = Source(state.clock, "commonwealth", "field_commander")
    state = post(state, logistics.file_requisition(state, BUFFS, Supplies(stores=5), source))
    state = post(state, logistics.reject_requisition(state, "CR2", "none to spare", source))
    data = requisition_workbook(state, "commonwealth", "g")
    _, cells = read_meta(load_workbook(io.BytesIO(data)))
    marked = {(c.kind, c.holder, c.field) for c in cells}
    assert ("requisition", "CR1", "filled_from") in marked
    assert ("requisition", "CR1", "answer") in marked
    assert not any(holder == "CR2" for _, holder, _ in marked)  # closed: read-only
    lines = {h for k, h, _ in marked if k == "new_requisition"}
    assert lines == {f"line {n}" for n in range(1, 6)}
    ws = load_workbook(io.BytesIO(data))[SHEET]
    cr2 = _rows(data)["CR2"]
    assert ws.cell(cr2, 12).protection.locked  # Filled from of a rejected one stays locked
    assert not ws.cell(_rows(data)["CR1"], 12).protection.locked


def test_a_new_line_and_a_filled_from_are_posted(state: GameState) -> None:
    data = requisition_workbook(state, "commonwealth", "g")
    rows = _rows(data)

    def write(wb: Workbook) -> None:
        ws = wb[SHEET]
        new = rows["blank"]
        ws.cell(new, 2).value = "1 Buffs"  # the counter, as the CLI takes it
        ws.cell(new, 5).value = 4  # Ammunition
        ws.cell(new, 7).value = 6  # Stores
        ws.cell(new, 9).value = "GT 2 OpStage 1"
        ws.cell(new, 14).value = "before the attack"
        ws.cell(rows["CR1"], 12).value = "Mersa Matruh"

    outcome = _outcome(state, _edited(data, write))
    assert outcome.ok, outcome.errors
    words = [requisition_words(e, state) for e in outcome.events]
    assert words == [
        None,  # the transfer, said by event_log.describe
        "fulfil CR1 from Mersa Matruh (40 Ammunition)",
        "file requisition CR2 for 1st Buffs: 4 Ammunition, 6 Stores, needed by GT 2 OpStage 1 "
        "(before the attack)",
    ]
    roles = [(e.kind, e.source.role) for e in outcome.events]
    assert roles == [
        ("supplies_transferred", "logistics_commander"),
        ("requisition_closed", "logistics_commander"),
        ("requisition_filed", "field_commander"),
    ]
    after = state
    for event in outcome.events:
        after = apply(after, event)
    cr1, cr2 = after.requisitions["CR1"], after.requisitions["CR2"]
    assert (cr1.status, cr1.filled_from, cr1.delivered) == ("fulfilled", MATRUH, Supplies(ammo=40))
    assert after.dumps[MATRUH].supplies.ammo == 1000 - 40
    assert after.units[ESSEX].supplies.ammo == state.units[ESSEX].supplies.ammo + 40
    assert (cr2.unit_id, cr2.status, cr2.wanted) == (BUFFS, "open", Supplies(ammo=4, stores=6))
    assert (cr2.needed_by, cr2.note) == (GameTime(2, 1), "before the attack")
    [open_line] = [r for r in requisition_lines(after, "commonwealth") if r["status"] == "open"]
    assert (open_line["id"], open_line["needed_by"]) == ("CR2", "GT 2 OpStage 1")


def test_an_answer_beginning_with_reject_rejects_with_that_reason(state: GameState) -> None:
    data = requisition_workbook(state, "commonwealth", "g")
    row = _rows(data)["CR1"]
    answer = "Rejected: no ammunition"
    outcome = _outcome(state, _edited(data, lambda wb: _put(wb, row, 15, answer)))
    assert outcome.ok, outcome.errors
    [event] = outcome.events
    assert requisition_words(event, state) == "reject CR1: no ammunition"
    assert event.source.role == "logistics_commander"
    assert apply(state, event).requisitions["CR1"].status == "rejected"


def _put(wb: Workbook, row: int, column: int, value: object) -> None:
    wb[SHEET].cell(row, column).value = value


def test_unreadable_boxes_are_refused_by_their_cell(state: GameState) -> None:
    data = requisition_workbook(state, "commonwealth", "g")
    rows = _rows(data)
    first, second = rows["blank"], rows["blank"] + 1

    def spoil(wb: Workbook) -> None:
        _put(wb, first, 2, "9th Panzer")
        _put(wb, first, 6, "lots")  # text in Fuel
        _put(wb, first, 9, "GT 0 OpStage 9")
        _put(wb, second, 2, "1st Buffs")
        _put(wb, second, 8, -3)  # a negative Water
        _put(wb, second, 5, 2.5)  # not whole
        _put(wb, rows["CR1"], 12, "Tobruk")  # the enemy's dump: not a Commonwealth holder

    outcome = _outcome(state, _edited(data, spoil))
    assert [str(e) for e in outcome.errors] == [
        f"Requisitions!L{rows['CR1']}: no dump or unit or trucks called 'Tobruk' in this game",
        f"Requisitions!B{first}: no unit called '9th Panzer' in this game",
        f"Requisitions!F{first}: Fuel: 'lots' is not a whole number of supply points (4.55)",
        f"Requisitions!I{first}: Needed by: 'GT 0 OpStage 9': Game-Turns start at 1 "
        "(GT 1 = September III 1940) (4.55)",
        f"Requisitions!E{second}: Ammunition: '2.5' is not a whole number of supply points (4.55)",
        f"Requisitions!H{second}: Water: -3 is negative; write 0 or more supply points (4.55)",
    ]
    assert not outcome.events


def test_a_line_without_its_unit_and_a_needed_by_in_the_past(state: GameState) -> None:
    data = requisition_workbook(state, "commonwealth", "g")
    new = _rows(data)["blank"]

    def write(wb: Workbook) -> None:
        _put(wb, new, 5, 10)
        _put(wb, new + 1, 2, "1st Hampshire")
        _put(wb, new + 1, 7, 3)
        _put(wb, new + 1, 9, "1/3")

    now = replace(state, clock=GameTime(2, 1))  # the form printed at GT 1, brought back at GT 2
    outcome = _outcome(now, _edited(data, write))
    assert [str(e) for e in outcome.errors] == [
        f"Requisitions!E{new}: a requisition needs its unit: write the unit's counter or name "
        "in the Unit box of this line (4.55)",
        f"Requisitions!I{new + 1}: GT 1 OpStage 3 is before now (GT 2 OpStage 1): supplies are "
        "requisitioned for now or later (4.55)",
    ]


def test_a_formula_in_a_box_is_refused_when_read(state: GameState) -> None:
    data = requisition_workbook(state, "commonwealth", "g")
    row = _rows(data)["CR1"]
    with pytest.raises(SheetRefused) as refused:
        read_edits(_edited(data, lambda wb: _put(wb, row, 12, "=A1")))
    assert [str(e) for e in refused.value.errors] == [
        f"Requisitions!L{row}: a formula (=A1) where text is; write the text (4.55)"
    ]


def test_needed_by_in_the_past_is_refused_by_the_command(state: GameState) -> None:
    now = replace(state, clock=GameTime(2, 2))
    source = Source(now.clock, "commonwealth", "field_commander")
    outcome = logistics.file_requisition(now, BUFFS, Supplies(ammo=5), source, "", GameTime(2, 1))
    assert [str(e) for e in outcome.errors] == [
        "needed by: GT 2 OpStage 1 is before now (GT 2 OpStage 2): supplies are requisitioned "
        "for now or later (4.55)"
    ]
    same = logistics.file_requisition(now, BUFFS, Supplies(ammo=5), source, "", GameTime(2, 2))
    assert same.ok


def test_a_workbook_of_number_inputs_only_still_reads(state: GameState) -> None:
    """A record without the text columns (exports before the form was read back) is a
    number input."""
    data = requisition_workbook(state, "commonwealth", "g")

    def drop_text_columns(wb: Workbook) -> None:
        meta = wb[META_SHEET]
        meta.delete_cols(9, 2)
        meta.append(["Requisitions", "E10", "supplies", ESSEX, "ammo", 40, "A10", "CR1"])

    spoiled = _edited(data, drop_text_columns)
    _, cells = read_meta(load_workbook(io.BytesIO(spoiled)))
    assert all(c.text is None for c in cells)
    with pytest.raises(SheetRefused):
        read_edits(_edited(spoiled, lambda wb: _put(wb, 10, 5, "forty")))


# --- the command line -------------------------------------------------------------------------


def _qm(tmp_path: Path, *args: str, ok: bool = True) -> str:
    env = {**os.environ, "QUARTERMASTER_DB": str(tmp_path / "qm.db")}
    env.pop("QUARTERMASTER_GAME", None)
    done = subprocess.run(
        [sys.executable, "-m", "ledger.cli", *args],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert (done.returncode == 0) == ok, done.stderr + done.stdout
    return done.stdout + done.stderr


def test_cli_needed_by_on_the_sheet_then_import_dry_run_and_post(tmp_path: Path) -> None:
    _qm(tmp_path, "new", "g", "--scenario", "graziani", "--skip-setup")
    _qm(tmp_path, "requisition", "1 Essex", "--ammo", "40", "--needed-by", "3/2")
    said = _qm(tmp_path, "requisition", "1 Buffs", "--water", "5", "--needed-by", "0/9", ok=False)
    assert "--needed-by: '0/9': Game-Turns start at 1" in said
    sheet = tmp_path / "r.xlsx"
    _qm(tmp_path, "export", "--sheet", "requisitions", "--side", "commonwealth", "-o", str(sheet))
    data = sheet.read_bytes()
    rows = _rows(data)
    assert load_workbook(io.BytesIO(data))[SHEET].cell(rows["CR1"], 9).value == "GT 3 OpStage 2"

    def write(wb: Workbook) -> None:
        _put(wb, rows["blank"], 2, "1st Essex")
        _put(wb, rows["blank"], 5, 4)
        _put(wb, rows["blank"], 7, 6)
        _put(wb, rows["blank"], 9, "2/1")
        _put(wb, rows["CR1"], 12, "Mersa Matruh")

    edited = tmp_path / "edited.xlsx"
    edited.write_bytes(_edited(data, write))
    said = _qm(tmp_path, "import", str(edited), "--dry-run")
    assert "fulfil CR1 from Mersa Matruh (40 Ammunition)" in said
    assert (
        "file requisition CR2 for 1st Essex: 4 Ammunition, 6 Stores, needed by GT 2 OpStage 1"
        in said
    )
    assert "nothing written" in said
    _qm(tmp_path, "import", str(edited))
    listed = json.loads(_qm(tmp_path, "requisitions", "--json"))
    assert [(r["id"], r["status"], r["unit"], r["needed_by"]) for r in listed] == [
        ("CR1", "fulfilled", "1st Essex", "GT 3 OpStage 2"),
        ("CR2", "open", "1st Essex", "GT 2 OpStage 1"),
    ]
    assert "needed by GT 3 OpStage 2 (4.55)" in _qm(tmp_path, "history")  # the journal says it
    dumps = json.loads(_qm(tmp_path, "dumps", "--side", "commonwealth", "--json"))
    assert next(d["ammo"] for d in dumps if d["name"] == "Mersa Matruh") == 1000 - 40

    bad = tmp_path / "bad.xlsx"
    data = (tmp_path / "r.xlsx").read_bytes()
    bad.write_bytes(_edited(data, lambda wb: _put(wb, rows["blank"], 2, "9th Panzer")))
    history = _qm(tmp_path, "history")
    said = _qm(tmp_path, "import", str(bad), ok=False)
    assert f"Requisitions!B{rows['blank']}: no unit called '9th Panzer' in this game" in said
    assert _qm(tmp_path, "history") == history  # nothing written


def test_each_box_is_the_role_of_its_command(state: GameState) -> None:
    """Ruling ``seat-roles`` (4.5): a Field Commander's seat files from the form; fulfilling is
    the Logistics Commander's, so that seat may not post a Filled from."""
    data = requisition_workbook(state, "commonwealth", "g")
    rows = _rows(data)
    fc = Seat("cw-fc", "commonwealth", ("field_commander",))
    lc = Seat("cw-lc", "commonwealth", ("logistics_commander",))

    def new_line(wb: Workbook) -> None:
        _put(wb, rows["blank"], 2, "1st Buffs")
        _put(wb, rows["blank"], 7, 6)

    _, edits = read_edits(_edited(data, new_line))
    filed = edits_outcome(state, edits, Source(state.clock, "commonwealth"), fc.holds)
    assert filed.ok and posting_errors(fc, filed.events) == []
    assert posting_errors(lc, filed.events)  # a Logistics Commander does not file (4.5)
    _, edits = read_edits(_edited(data, lambda wb: _put(wb, rows["CR1"], 12, "Mersa Matruh")))
    fulfil = edits_outcome(state, edits, Source(state.clock, "commonwealth"), lc.holds)
    assert fulfil.ok and posting_errors(lc, fulfil.events) == []
    assert [e.source.role for e in fulfil.events] == ["logistics_commander"] * 2
    assert posting_errors(fc, fulfil.events)


def test_a_requisition_closed_since_the_export_is_refused(state: GameState) -> None:
    data = requisition_workbook(state, "commonwealth", "g")
    row = _rows(data)["CR1"]
    source = Source(state.clock, "commonwealth", "logistics_commander")
    state = post(state, logistics.reject_requisition(state, "CR1", "nothing to send", source))
    outcome = _outcome(state, _edited(data, lambda wb: _put(wb, row, 12, "Mersa Matruh")))
    assert [str(e) for e in outcome.errors] == [
        f"Requisitions!L{row}: CR1 is already rejected (4.55)"
    ]


def test_a_unit_asking_for_nothing_or_too_much_fuel(state: GameState) -> None:
    data = requisition_workbook(state, "commonwealth", "g")
    new = _rows(data)["blank"]

    def write(wb: Workbook) -> None:
        _put(wb, new, 2, "1st Buffs")
        _put(wb, new + 1, 2, "1st Buffs")
        _put(wb, new + 1, 6, 500)  # more Fuel than an infantry battalion's tanks (49.14)

    errors = [str(e) for e in _outcome(state, _edited(data, write)).errors]
    assert errors[0] == (
        f"Requisitions!B{new}: a requisition asks for something: write the supply points wanted "
        "under Ammunition, Fuel, Stores or Water (4.55)"
    )
    assert errors[1].startswith(f"Requisitions!F{new + 1}: 1st Buffs holds 0 Fuel, its tanks take")
    assert len(errors) == 2
