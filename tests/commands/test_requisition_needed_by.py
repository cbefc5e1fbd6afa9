"""Needed by on a Supply Requisition (4.55): the one parser of a Game-Turn and Operations Stage
as players write it, and journals written before the field was kept."""

from __future__ import annotations

import pytest

from ledger.journal.codec import decode, encode
from ledger.model.clock import GameTime
from ledger.model.events import RequisitionFiled
from ledger.model.quantities import Supplies
from ledger.model.requisition_events import parse_needed_by
from ledger.model.source import Source


@pytest.mark.parametrize(
    "text",
    [
        "3/2",
        " 3 / 2 ",
        "3 2",
        "GT 3 OpStage 2",
        "gt3 opstage2",
        "GT 3 OS 2",
        "GT3 Op Stage 2",
        "3,2",
    ],
)
def test_a_time_as_players_write_it(text: str) -> None:
    assert parse_needed_by(text) == GameTime(3, 2)


def test_blank_is_no_time() -> None:
    assert parse_needed_by("") is None
    assert parse_needed_by("   ") is None


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("GT 0 OpStage 9", "'GT 0 OpStage 9': Game-Turns start at 1"),
        ("4/4", "'4/4': each Game-Turn has Operations Stages 1 to 3 (5.1)"),
        ("next week", "'next week' is not a Game-Turn and Operations Stage; write it as 3/2"),
        ("3/2/1", "'3/2/1' is not a Game-Turn and Operations Stage"),
        ("9" * 60, "is not a Game-Turn and Operations Stage"),
    ],
)
def test_anything_else_is_refused_naming_it(text: str, message: str) -> None:
    with pytest.raises(ValueError) as bad:
        parse_needed_by(text)
    assert message in str(bad.value)


def test_the_journal_keeps_needed_by_and_reads_entries_written_before_it() -> None:
    filed = RequisitionFiled(
        Source(GameTime(1, 1), "commonwealth"), "CR1", "cw.x", Supplies(ammo=40), "", GameTime(2, 1)
    )
    assert decode(encode(filed)) == filed
    old = encode(filed).replace(',"needed_by":{"game_turn":2,"op_stage":1}', "")
    assert "needed_by" not in old
    assert decode(old, "requisition_filed") == RequisitionFiled(
        filed.source, "CR1", "cw.x", Supplies(ammo=40)
    )
