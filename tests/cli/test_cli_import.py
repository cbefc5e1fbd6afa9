"""``quartermaster import FILE.xlsx [--dry-run]`` (issue 19 item 4): an edited log sheet comes
back as the journal entries a player would have typed, all or none."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ledger.journal import EventStore, database_url
from ledger.journal.seats import add_seat
from ledger.journal.session import GameSession
from ledger.model.seats import Seat
from tests.cli.test_cli import Player
from tests.sheet_workbooks import DUMP_SHEET, TOE_SHEET, edited, exported, write

UMPIRE = Seat("umpire", None)
CW_FC = Seat("cw-fc", "commonwealth", ("field_commander",))


@pytest.fixture
def player(tmp_path: Path) -> Player:
    p = Player(tmp_path)
    p.run("new", "--skip-setup", "g", "--scenario", "graziani")
    return p


def session_of(player: Player) -> GameSession:
    return GameSession(EventStore(database_url(player.env["QUARTERMASTER_DB"])), "g")


def workbook(player: Player, name: str = "edited.xlsx", **changes: dict[str, object]) -> str:
    """An Axis workbook of the game as it stands, with ``changes`` (sheet → cells) written."""
    session = session_of(player)
    data = exported(session.state, seq=session.last_seq)
    for sheet, cells in changes.items():
        data = edited(data, write(sheet, **cells))
    (player.cwd / name).write_bytes(data)
    return name


TOE_AND_DUMP = {TOE_SHEET: {"C3": 4}, DUMP_SHEET: {"C3": 1950}}


def test_dry_run_lists_the_entries_and_the_import_posts_them(player: Player) -> None:
    name = workbook(player, **TOE_AND_DUMP)
    before = len(player.json("history"))
    dry = player.run("import", name, "--dry-run").stdout
    assert dry.splitlines() == [
        "would post 2 journal entries (dry run, nothing written):",
        "  129th Infantry Bn TOE -1 infantry (x) (correction, 4.52)",
        "  Tobruk loses 50 Fuel (correction)",
    ]
    assert len(player.json("history")) == before
    posted = player.run("import", name).stdout
    assert "129th Infantry Bn TOE -1 infantry (x) (correction, 4.52)" in posted
    assert "Tobruk loses 50 Fuel (correction)" in posted
    state = session_of(player).state
    unit = state.units["it.1ccnn_div.129th_infantry_bn"]
    assert next(h.points for h in unit.toe if h.system == "it.x") == 4
    assert state.dumps["ax_tobruk"].supplies.fuel == 1950
    assert len(player.json("history")) == before + 2


@pytest.mark.parametrize(
    ("cells", "said"),
    [
        ({"C3": "=C2*5"}, "'1st CCNN Div'!C3: a formula (=C2*5) where a number is"),
        ({"E3": "two"}, "'1st CCNN Div'!E3: text 'two' where a whole number is"),
        ({"A3": "133rd Infantry Bn"}, "'1st CCNN Div'!A3: layout changed"),
        ({"C3": -1}, "'1st CCNN Div'!C3: -1 is negative"),
    ],
)
def test_a_malformed_cell_is_refused_and_nothing_written(
    player: Player, cells: dict[str, object], said: str
) -> None:
    name = workbook(player, **{DUMP_SHEET: {"C3": 1950}, TOE_SHEET: cells})
    before = session_of(player).last_seq
    refused = player.run("import", name, ok=False)
    assert said in refused.stderr + refused.stdout
    assert session_of(player).last_seq == before
    assert session_of(player).state.dumps["ax_tobruk"].supplies.fuel == 2000


def test_a_stale_workbook_is_warned_and_a_changed_figure_refused(player: Player) -> None:
    stale = workbook(player, "stale.xlsx", **TOE_AND_DUMP)
    player.run("consume", "Tobruk", "--fuel", "100", "--cause", "fuel")
    refused = player.run("import", stale, ok=False)
    out = refused.stdout + refused.stderr
    assert "warning: this workbook shows the ledger at entry #" in out
    assert "Tobruk loses 100 Fuel (fuel" in out
    assert (
        "'Supply Dumps'!C3: Tobruk: changed since export: now 1900 (exported 2000, written "
        "1950); export the sheet again" in out
    )
    unit = session_of(player).state.units["it.1ccnn_div.129th_infantry_bn"]
    assert next(h.points for h in unit.toe if h.system == "it.x") == 5  # all or none
    only_toe = workbook(player, "toe.xlsx", **{TOE_SHEET: {"C3": 4}})
    player.run("consume", "Tobruk", "--fuel", "10", "--cause", "fuel")
    done = player.run("import", only_toe).stdout
    assert "warning: this workbook shows the ledger at entry #" in done
    assert "129th Infantry Bn TOE -1 infantry (x) (correction, 4.52)" in done


def test_a_commonwealth_seat_cannot_import_an_axis_workbook(player: Player) -> None:
    store = EventStore(database_url(player.env["QUARTERMASTER_DB"]))
    add_seat(store, "g", UMPIRE, "umpire passphrase")
    add_seat(store, "g", CW_FC, "cw-fc passphrase", by=UMPIRE)
    name = workbook(player, **TOE_AND_DUMP)
    player.env["QUARTERMASTER_PASSPHRASE"] = "cw-fc passphrase"
    refused = player.run("import", name, "--as", "cw-fc", ok=False)
    assert "workbook: an Axis workbook; your seat plays Commonwealth (11.36)" in refused.stderr
    player.env["QUARTERMASTER_PASSPHRASE"] = "umpire passphrase"
    posted = player.run("import", name, "--as", "umpire").stdout
    assert "Tobruk loses 50 Fuel (correction)" in posted
    assert json.loads(player.run("history", "--json", "--as", "umpire").stdout)


def test_exported_sheets_come_back_through_import(player: Player) -> None:
    """``export`` then ``import``: the TOE Log Sheets of the 1st CCNN Div and the Supply Dumps
    sheet as the exporters mark them, edited in their input cells and posted."""
    import io

    from openpyxl import load_workbook

    from ledger.io.sheet_meta import read_meta

    player.run("export", "--sheet", "toe", "--side", "axis", "-o", "toe.xlsx")
    player.run("export", "--sheet", "supply-dumps", "--side", "axis", "-o", "dumps.xlsx")
    for name, kind, holder, field, new in (
        ("toe.xlsx", "toe", "it.1ccnn_div.129th_infantry_bn", "it.x", 4),
        ("dumps.xlsx", "dump", "ax_tobruk", "fuel", 1950),
    ):
        data = (player.cwd / name).read_bytes()
        _, cells = read_meta(load_workbook(io.BytesIO(data)))
        cell = next(c for c in cells if (c.kind, c.holder, c.field) == (kind, holder, field))
        (player.cwd / name).write_bytes(edited(data, write(cell.sheet, **{cell.cell: new})))
        player.run("import", name)
    state = session_of(player).state
    unit = state.units["it.1ccnn_div.129th_infantry_bn"]
    assert next(h.points for h in unit.toe if h.system == "it.x") == 4
    assert state.dumps["ax_tobruk"].supplies.fuel == 1950
