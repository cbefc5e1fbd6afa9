"""The Supply Requisition Form (4.55) brought back, guarded against what a player does at the
table (issue 19): the same form brought back twice files nothing twice; an Answer of "OK"
rejects nothing; a figure of ten digits, a formula and a Note typed beginning with "=" are read
as the player meant; a damaged metadata sheet is refused; a name two dumps share is listed back
by names and hexes, never ids. Real Graziani values: Mersa Matruh (D3714) holds 1,000
Ammunition, Sidi Barrani (C4131) 250; 1st Essex and 1st Buffs stand at D3714."""

from __future__ import annotations

import io
import json
from dataclasses import replace
from pathlib import Path

import pytest
from openpyxl import Workbook, load_workbook

from ledger.commands.outcome import Outcome
from ledger.commands.requisition_edits import REQUISITION_KINDS, requisition_words
from ledger.commands.sheet_edits import edits_outcome
from ledger.io.logistics_sheets import requisition_workbook
from ledger.io.sheet_import import SheetRefused, read_edits
from ledger.io.sheet_meta import META_SHEET, TEXT_KINDS
from ledger.model.apply import apply
from ledger.model.events import Event
from ledger.model.scenario import Setup
from ledger.model.source import Source
from ledger.model.state import GameState
from tests.io.test_requisition_import import (  # the form's helpers
    MATRUH,
    SHEET,
    _edited,
    _put,
    _qm,
    _rows,
    with_cr1,
)
from tests.posting import post

BARRANI = "cw_sidi_barrani"


@pytest.fixture
def state(graziani_setup: Setup) -> GameState:
    """Graziani at GT 1 OpStage 1 with CR1 open (``with_cr1``)."""
    return with_cr1(graziani_setup)


def _outcome(state: GameState, data: bytes, since: tuple[Event, ...] = ()) -> Outcome:
    _, edits = read_edits(data)
    return edits_outcome(state, edits, Source(state.clock, "commonwealth"), None, since)


def _errors(state: GameState, data: bytes) -> list[str]:
    return [str(e) for e in _outcome(state, data).errors]


# --- 1. the same form brought back twice ------------------------------------------------------


def test_a_new_line_brought_back_again_is_not_filed_twice(state: GameState) -> None:
    data = requisition_workbook(state, "commonwealth", "g")
    new = _rows(data)["blank"]

    def write(wb: Workbook) -> None:
        _put(wb, new, 2, "1 Buffs")
        _put(wb, new, 7, 6)  # Stores
        _put(wb, new, 9, "2/1")
        _put(wb, new, 14, "before the attack")

    edited = _edited(data, write)
    first = _outcome(state, edited)
    assert [requisition_words(e, state) for e in first.events] == [
        "file requisition CR2 for 1st Buffs: 6 Stores, needed by GT 2 OpStage 1 (before the attack)"
    ]
    after = post(state, first)
    again = _outcome(after, edited, first.events)  # the entries posted since the export
    assert [str(e) for e in again.errors] == [
        f"Requisitions!B{new}: already filed as CR2 since this workbook was exported (4.55); "
        "export the form again"
    ]
    assert not again.events
    # A line asking for something else is a new requisition, as a fresh export's would be.
    other = _edited(data, lambda wb: (write(wb), _put(wb, new, 7, 7)))
    assert [e.requisition_id for e in _outcome(after, other, first.events).events] == [  # type: ignore[attr-defined]
        "CR3"
    ]


def test_cli_importing_the_same_form_twice_files_once(tmp_path: Path) -> None:
    _qm(tmp_path, "new", "g", "--scenario", "graziani", "--skip-setup")
    sheet = tmp_path / "r.xlsx"
    _qm(tmp_path, "export", "--sheet", "requisitions", "--side", "commonwealth", "-o", str(sheet))
    data = sheet.read_bytes()
    ws = load_workbook(io.BytesIO(data))[SHEET]
    new = next(r for r in range(9, 60) if not ws.cell(r, 2).protection.locked)  # a blank line

    def write(wb: Workbook) -> None:
        _put(wb, new, 2, "1st Essex")
        _put(wb, new, 5, 4)

    edited = tmp_path / "edited.xlsx"
    edited.write_bytes(_edited(data, write))
    _qm(tmp_path, "import", str(edited))
    history = _qm(tmp_path, "history")
    said = _qm(tmp_path, "import", str(edited), ok=False)
    assert (
        f"Requisitions!B{new}: already filed as CR1 since this workbook was exported (4.55); "
        "export the form again"
    ) in said
    said = _qm(tmp_path, "import", str(edited), "--dry-run", ok=False)
    assert "already filed as CR1" in said
    assert _qm(tmp_path, "history") == history  # the journal unchanged
    listed = json.loads(_qm(tmp_path, "requisitions", "--json"))
    assert [(r["id"], r["unit"]) for r in listed] == [("CR1", "1st Essex")]


# --- 2. an Answer alone -----------------------------------------------------------------------


@pytest.mark.parametrize("answer", ["OK", "sent", "rejection pending"])
def test_an_answer_that_does_not_begin_with_reject_rejects_nothing(
    state: GameState, answer: str
) -> None:
    data = requisition_workbook(state, "commonwealth", "g")
    row = _rows(data)["CR1"]
    outcome = _outcome(state, _edited(data, lambda wb: _put(wb, row, 15, answer)))
    assert [str(e) for e in outcome.errors] == [
        f"Requisitions!O{row}: CR1: write the dump, unit or truck group in Filled from to fulfil "
        "it, or begin the Answer with 'reject:' and the reason to reject it (4.55)"
    ]


@pytest.mark.parametrize(
    ("answer", "reason"),
    [("reject: no trucks", "no trucks"), ("REJECTED - none to spare", "none to spare")],
)
def test_an_answer_beginning_with_reject_rejects(
    state: GameState, answer: str, reason: str
) -> None:
    data = requisition_workbook(state, "commonwealth", "g")
    row = _rows(data)["CR1"]
    [event] = _outcome(state, _edited(data, lambda wb: _put(wb, row, 15, answer))).events
    assert requisition_words(event, state) == f"reject CR1: {reason}"
    assert apply(state, event).requisitions["CR1"].status == "rejected"


def test_reject_without_a_reason_asks_for_one(state: GameState) -> None:
    data = requisition_workbook(state, "commonwealth", "g")
    row = _rows(data)["CR1"]
    assert _errors(state, _edited(data, lambda wb: _put(wb, row, 15, "Reject:"))) == [
        f"Requisitions!O{row}: CR1: say why it is rejected: write the reason after 'reject:' "
        "in the Answer (4.55)"
    ]


def test_an_answer_with_filled_from_is_the_fulfilments_reason(state: GameState) -> None:
    data = requisition_workbook(state, "commonwealth", "g")
    row = _rows(data)["CR1"]

    def write(wb: Workbook) -> None:
        _put(wb, row, 12, "Mersa Matruh")
        _put(wb, row, 15, "OK")

    transfer, closed = _outcome(state, _edited(data, write)).events
    assert requisition_words(closed, state) == "fulfil CR1 from Mersa Matruh (40 Ammunition)"
    assert transfer.source.reason == "OK"


# --- 3. what a box holds ----------------------------------------------------------------------


def test_a_ten_digit_figure_is_far_beyond_the_game(state: GameState) -> None:
    data = requisition_workbook(state, "commonwealth", "g")
    new = _rows(data)["blank"]

    def write(wb: Workbook) -> None:
        _put(wb, new, 2, "1st Buffs")
        _put(wb, new, 5, 1_234_567_890)
        _put(wb, new, 7, "-9999999999")

    assert _errors(state, _edited(data, write)) == [
        f"Requisitions!E{new}: Ammunition: 1234567890 is far beyond any figure of the game (4.55)",
        f"Requisitions!G{new}: Stores: -9999999999 is far beyond any figure of the game (4.55)",
    ]


def test_a_note_typed_beginning_with_equals_is_text_a_formula_is_refused(
    state: GameState,
) -> None:
    data = requisition_workbook(state, "commonwealth", "g")
    new = _rows(data)["blank"]

    def write(wb: Workbook) -> None:
        _put(wb, new, 2, "1st Buffs")
        _put(wb, new, 8, 5)  # Water
        wb[SHEET].cell(new, 14).value = "=as before"
        wb[SHEET].cell(new, 14).data_type = "s"  # typed as text ('=as before), not a formula

    [filed] = _outcome(state, _edited(data, write)).events
    assert filed.note == "=as before"  # type: ignore[attr-defined]
    with pytest.raises(SheetRefused) as refused:
        read_edits(_edited(data, lambda wb: _put(wb, new, 14, "=SUM(E1:E2)")))
    assert [str(e) for e in refused.value.errors] == [
        f"Requisitions!N{new}: a formula (=SUM(E1:E2)) where text is; write the text (4.55)"
    ]


def test_an_overlong_note_names_the_rule(state: GameState) -> None:
    data = requisition_workbook(state, "commonwealth", "g")
    new = _rows(data)["blank"]
    with pytest.raises(SheetRefused) as refused:
        read_edits(_edited(data, lambda wb: _put(wb, new, 14, "x" * 401)))
    assert [str(e) for e in refused.value.errors] == [
        f"Requisitions!N{new}: 401 characters; write at most 400 here (4.55)"
    ]


# --- 4. damaged metadata ----------------------------------------------------------------------


def test_a_text_record_of_a_figure_kind_is_damaged_metadata(state: GameState) -> None:
    data = requisition_workbook(state, "commonwealth", "g")
    row = _rows(data)["CR1"]

    def damage(wb: Workbook) -> None:
        meta = wb[META_SHEET]
        record = next(r for r in range(1, meta.max_row + 1) if meta.cell(r, 9).value == "text")
        meta.cell(record, 3).value = "toe"  # a text box read as a TOE figure would post 0
        _put(wb, row, 12, "Mersa Matruh")

    with pytest.raises(SheetRefused) as refused:
        read_edits(_edited(data, damage))
    [error] = refused.value.errors
    assert "the metadata sheet ('Quartermaster') is damaged: a text box of kind 'toe'" in str(error)
    assert str(error).endswith("; export the sheet again")
    assert TEXT_KINDS == REQUISITION_KINDS  # the io layer's copy agrees with the commands'


# --- 5. a name two holders share --------------------------------------------------------------


@pytest.fixture
def two_matruhs(state: GameState) -> GameState:
    """Sidi Barrani (C4131) renamed "Mersa Matruh", like the dump at D3714."""
    dumps = {**state.dumps, BARRANI: replace(state.dumps[BARRANI], name="Mersa Matruh")}
    return replace(state, dumps=dumps)


def test_a_shared_name_is_listed_by_names_and_hexes(two_matruhs: GameState) -> None:
    data = requisition_workbook(two_matruhs, "commonwealth", "g")
    row = _rows(data)["CR1"]
    errors = _errors(two_matruhs, _edited(data, lambda wb: _put(wb, row, 12, "Mersa Matruh")))
    assert errors == [
        f"Requisitions!L{row}: 'Mersa Matruh' is ambiguous: 2 match (Mersa Matruh (D3714); "
        "Mersa Matruh (C4131)); write the counter name or the hex instead, or the name with "
        "its hex as listed (4.55)"
    ]
    assert "cw_" not in errors[0]


def test_the_name_with_its_hex_fills_from_that_dump(two_matruhs: GameState) -> None:
    data = requisition_workbook(two_matruhs, "commonwealth", "g")
    row = _rows(data)["CR1"]
    written = "Mersa Matruh (D3714)"
    outcome = _outcome(two_matruhs, _edited(data, lambda wb: _put(wb, row, 12, written)))
    after = post(two_matruhs, outcome)
    assert after.requisitions["CR1"].filled_from == MATRUH
    assert after.dumps[MATRUH].supplies.ammo == 1000 - 40
    assert after.dumps[BARRANI].supplies.ammo == 250


def test_the_other_name_with_its_hex_names_the_other_dump(two_matruhs: GameState) -> None:
    """ "Mersa Matruh (C4131)" is the renamed Sidi Barrani dump: the fulfilment is then the
    command's to refuse, the dump being far from 1st Essex (54.1)."""
    data = requisition_workbook(two_matruhs, "commonwealth", "g")
    row = _rows(data)["CR1"]
    written = "Mersa Matruh (C4131)"
    assert _errors(two_matruhs, _edited(data, lambda wb: _put(wb, row, 12, written))) == [
        f"Requisitions!L{row}: Mersa Matruh is in C4131, 1st Essex in D3714: load trucks, move "
        "them (`move-trucks`) and unload there (54.1)"
    ]


def test_a_hex_many_holders_share_is_listed_by_name(two_matruhs: GameState) -> None:
    data = requisition_workbook(two_matruhs, "commonwealth", "g")
    new = _rows(data)["blank"]

    def write(wb: Workbook) -> None:
        _put(wb, new, 2, "D3714")  # six battalions and a HQ stand there
        _put(wb, new, 5, 4)

    [error] = _errors(two_matruhs, _edited(data, write))
    assert error.startswith(f"Requisitions!B{new}: 'D3714' is ambiguous: 6 match (")
    assert "1st Essex (D3714)" in error and "1st Buffs (D3714)" in error
    assert error.endswith(
        "; write the counter name instead, or the name with its hex as listed (4.55)"
    )
    assert "cw." not in error
