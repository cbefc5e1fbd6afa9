"""Players' words only (issue 17 item 5): no internal id in a journal line or in the CLI's text.

A Graziani table (tests/opstage_script.py: requisitions filed and fulfilled, transfers, moves, a
breakdown check, plots, a barrage and a close assault posted with entered dice, the end of the
Combat Segment, convoys loaded, driven and unloaded, the end of the Operations Stage) plays
through ``quartermaster --as SEAT``, then spends CP on a unit named by its counter text, files
two more requisitions and accepts the convoy plan (which splits a convoy into a group named
after its requisition). Every line the CLI printed without ``--json``, every seat's
``history``, ``requisitions`` and ``plan-convoys``, and ``describe`` of every journal entry
must name counters, truck groups, weapon systems and requisitions as players read them.
``--json`` keeps the ids (machines read them).
"""

from __future__ import annotations

import json
import re
from typing import Final

import pytest

from ledger.journal import EventStore
from ledger.journal.session import GameSession
from ledger.reports.event_log import describe
from tests.opstage_play import CliTable, Said
from tests.opstage_script import GAME, SCRIPT, SEATS, Step, passphrase

INTERNAL_ID: Final = re.compile(
    r"\b[a-z]+\.[a-z0-9]*_[a-z0-9_.]*"  # it.1ccnn_div.1st_ccnn_div_hq, cw.18_25_pounder_gun
    r"|\b(?:cw|it|de|ge)\.[a-z0-9_.]+"  # it.cv33, cw.u
    r"|\b(?:commonwealth|axis|cw|it|ax)_[a-z0-9_]+"  # commonwealth_2nd3rd_6, it_c4218_1ccnn
    r"|\.[AC]?R\d+\b"  # commonwealth_2nd3rd_6.R1, ….CR3
)
"""The shapes of the ledger's internal ids."""

AFTER: Final = (
    Step("1st RNF spends CP, named by its counter", "cw-fc",
         ("spend-cp", "1 RNF", "2", "--reason", "patrol"), "1st RNF MG Bn expends 2 CP"),
    Step("a requisition for 1st RNF", "cw-fc",
         ("requisition", "1st RNF MG Bn", "--ammo", "2", "--water", "6", "--reason", "GT 1"),
         "requisition CR3"),
    Step("a requisition for the 8th Field Artillery in Cairo", "cw-fc",
         ("requisition", "8 Fld", "--ammo", "5", "--reason", "GT 1"), "requisition CR4"),
    Step("the Logistics Commander accepts the convoy plan", "cw-lc",
         ("plan-convoys", "--side", "commonwealth", "--accept", "--reason", "GT 1"),
         "(new group)"),
)  # fmt: skip
"""After the script's Operations Stage: CP, requisitions and an accepted convoy plan."""


def _leaks(text: str) -> list[str]:
    return [line for line in text.splitlines() if INTERNAL_ID.search(line)]


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> tuple[CliTable, list[tuple[str, Said]]]:
    """The table after the script and ``AFTER``, with what each step printed."""
    folder = tmp_path_factory.mktemp("no_ids")
    table = CliTable(folder, folder / "cli.db")
    table.set_up()
    said = [(step.title, table.play(step)) for step in (*SCRIPT, *AFTER)]
    return table, said


def _as(table: CliTable, seat: str, *argv: str) -> Said:
    return table.run(*argv, "--as", seat, env={"QUARTERMASTER_PASSPHRASE": passphrase(seat)})


def test_the_pattern_finds_the_ids_of_the_issue() -> None:
    for leaked in (
        "commonwealth_2nd3rd_6",
        "it.1ccnn_div.1st_ccnn_div_hq",
        "convoy commonwealth_2nd3rd_6.R1",
        "it_c4218_1ccnn",
        "TOE -1 it.cv33",
    ):
        assert INTERNAL_ID.search(leaked), leaked
    for said in ("1st RNF MG Bn TOE -1 infantry (u) (water-attrition, 52.53)", "CR1", "C3721"):
        assert not INTERNAL_ID.search(said), said


def test_every_command_prints_players_words(table: tuple[CliTable, list[tuple[str, Said]]]) -> None:
    _, said = table
    leaks = {title: _leaks(s.out + s.err) for title, s in said}
    assert {title: lines for title, lines in leaks.items() if lines} == {}


def test_the_accepted_plan_says_what_it_loads(
    table: tuple[CliTable, list[tuple[str, Said]]],
) -> None:
    _, said = table
    accepted = dict(said)["the Logistics Commander accepts the convoy plan"].out
    # CR4: the 8th Field Artillery stands in Cairo with its unlimited source (60.44)
    assert (
        "8th Field Artillery Regt draws 5 Ammunition from Cairo (unlimited supply), where it "
        "stands (CR4): delivered when the plan is accepted, no trucks." in accepted
    )
    # CR3 rides one truck point of the Cairo or Alexandria convoy: loaded, not delivered
    assert "Delivers to 1st RNF MG Bn (CR3) when it unloads there" in accepted
    assert "requisition CR3 for 1st RNF MG Bn" in accepted  # the new group's name


def test_each_seats_reports_name_no_id(table: tuple[CliTable, list[tuple[str, Said]]]) -> None:
    cli, _ = table
    for seat, side, _role in SEATS:
        for argv in (
            ("history",),
            ("requisitions",),
            ("plan-convoys", "--side", side),
            ("warnings",),
        ):
            shown = _as(cli, seat, *argv)
            assert _leaks(shown.out + shown.err) == [], (seat, argv)


def test_every_journal_line_names_no_id(table: tuple[CliTable, list[tuple[str, Said]]]) -> None:
    cli, _ = table
    store = EventStore(cli.url)
    try:
        session = GameSession(store, GAME)
        state = session.state
        lines = [describe(r.event, state) for r in session.since(1)]
    finally:
        store.engine.dispose()
    assert len(lines) > 60
    assert [line for line in lines if INTERNAL_ID.search(line)] == []


def test_json_keeps_the_ids(table: tuple[CliTable, list[tuple[str, Said]]]) -> None:
    cli, _ = table
    shown = _as(cli, "cw-lc", "trucks", "--json")
    ids = {row["id"] for row in json.loads(shown.out)}
    assert "commonwealth_2nd3rd_6" in ids
    assert any(i.endswith(".CR3") for i in ids)
