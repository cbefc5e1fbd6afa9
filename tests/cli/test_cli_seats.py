"""Seats at the table through the CLI (issue 16): ``--as SEAT`` signs in, every read shows
only the seat's own side (11.36), ``seat add|list|remove`` keep the table, ``undo`` takes back
only the seat's own action (SEAT-UNDO), and ``serve`` refuses the network to a game without
seats.

A Graziani game is played a little by four seats (umpire, Axis Field Commander, Commonwealth
Field and Logistics Commanders); each read command then runs as the Axis and as the
Commonwealth seat, and its output (tables, JSON, workbooks) is checked against the other
side's counter, dump and truck names taken from the whole ledger.
"""

from __future__ import annotations

import contextlib
import io
import json
import sqlite3
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from ledger.cli import main
from ledger.journal import EventStore, database_url
from ledger.journal.session import GameSession
from ledger.model.state import GameState
from tests.conftest import MINI

PASSPHRASES = {
    "umpire": "umpire keeps the rules",
    "axis-fc": "rommel at the wire 1940",
    "cw-fc": "compass begins at dawn",
    "cw-lc": "stores for mersa matruh",
}
SIDE_SEATS = {"axis": "axis-fc", "commonwealth": "cw-fc"}
AXIS_REASON = "AXIS SECRET: the 1st CCNN pushes east"
CW_REASON = "CW SECRET: the RNF guns to the wire"


@dataclass
class Said:
    status: int
    out: str
    err: str

    @property
    def both(self) -> str:
        return self.out + self.err


class Table:
    """Runs ``quartermaster`` in this process against one SQLite database, signed in as a
    seat through ``QUARTERMASTER_PASSPHRASE`` (standard input is no terminal)."""

    def __init__(self, db: Path) -> None:
        self.db = db
        self.said: list[Said] = []

    def run(self, *args: str, seat: str | None = None, ok: bool = True, **env: str) -> Said:
        out, err = io.StringIO(), io.StringIO()
        with pytest.MonkeyPatch.context() as mp:
            mp.setenv("QUARTERMASTER_DB", str(self.db))
            mp.delenv("QUARTERMASTER_GAME", raising=False)
            mp.delenv("QUARTERMASTER_PASSPHRASE", raising=False)
            mp.delenv("QUARTERMASTER_NEW_PASSPHRASE", raising=False)
            mp.setattr(sys, "stdin", io.StringIO(""))
            for key, value in env.items():
                mp.setenv(key, value)
            argv = list(args)
            if seat is not None:
                mp.setenv("QUARTERMASTER_PASSPHRASE", PASSPHRASES[seat])
                argv += ["--as", seat]
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                status = main(argv)
        said = Said(status, out.getvalue(), err.getvalue())
        self.said.append(said)
        assert (status == 0) == ok, f"qm {' '.join(argv)} -> {status}\n{said.both}"
        assert "Traceback" not in said.both
        return said

    def json(self, *args: str, seat: str | None = None) -> Any:
        return json.loads(self.run(*args, "--json", seat=seat).out)

    def state(self) -> GameState:
        """The whole ledger (no seat): what the test compares the seats' output against."""
        store = EventStore(database_url(str(self.db)))
        try:
            return GameSession(store, "g").state
        finally:
            store.engine.dispose()


def _copy(source: Path, target: Path) -> Path:
    """A copy of the SQLite database ``source`` (WAL included) at ``target``."""
    with (
        contextlib.closing(sqlite3.connect(source)) as src,
        contextlib.closing(sqlite3.connect(target)) as dst,
    ):
        src.backup(dst)
    return target


def _seat_the_table(table: Table, scenario: str = "graziani") -> None:
    table.run("new", "--skip-setup", "g", "--scenario", scenario)
    table.run(
        "seat", "add", "umpire", "--side", "umpire", QUARTERMASTER_PASSPHRASE=PASSPHRASES["umpire"]
    )
    for name, side, roles in (
        ("axis-fc", "axis", ["field_commander"]),
        ("cw-fc", "commonwealth", ["field_commander"]),
        ("cw-lc", "commonwealth", ["logistics_commander"]),
    ):
        table.run(
            "seat",
            "add",
            name,
            "--side",
            side,
            *[a for r in roles for a in ("--role", r)],
            seat="umpire",
            QUARTERMASTER_NEW_PASSPHRASE=PASSPHRASES[name],
        )


@pytest.fixture(scope="module")
def seated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A Graziani game "g" with its four seats and nothing played."""
    table = Table(tmp_path_factory.mktemp("seated") / "seated.db")
    _seat_the_table(table)
    return table.db


@pytest.fixture
def table(seated: Path, tmp_path: Path) -> Table:
    """A fresh copy of the seated game."""
    return Table(_copy(seated, tmp_path / "ledger.db"))


@pytest.fixture(scope="module")
def played(seated: Path, tmp_path_factory: pytest.TempPathFactory) -> Table:
    """The seated game after a few entries of each side (reasons the enemy must not read),
    requisitions on both sides, a transfer, and an end of the Operations Stage by the umpire
    that touches both sides."""
    table = Table(_copy(seated, tmp_path_factory.mktemp("played") / "played.db"))
    table.run("spend-cp", "1 RNF", "3", "--reason", CW_REASON, seat="cw-fc")
    table.run("spend-cp", "1 CCNN", "2", "--reason", AXIS_REASON, seat="axis-fc")
    table.run("transfer", "--from", "Mersa Matruh", "--to", "1 Essex", "--ammo", "10", seat="cw-lc")
    table.run("requisition", "1 KRRC", "--water", "6", seat="cw-fc")
    table.run("requisition", "1 CCNN", "--water", "5", "--note", "AXIS NOTE", seat="axis-fc")
    table.run("phase", "L", "--player", "B", seat="umpire")  # 5.2: ends from the last phase
    table.run("end-stage", seat="umpire")
    table.run("spend-cp", "1 Essex", "1", "--reason", CW_REASON, seat="cw-fc")
    table.run("spend-cp", "1 CCNN", "1", "--reason", AXIS_REASON, seat="axis-fc")
    return table


def _names(state: GameState, side: str) -> set[str]:
    """Every id, counter text and name of ``side``'s units, dumps and truck groups."""
    names = {x for u in state.units.values() if u.side == side for x in (u.id, u.counter, u.name)}
    names |= {x for d in state.dumps.values() if d.side == side for x in (d.id, d.name)}
    names |= {t.id for t in state.trucks.values() if t.side == side}
    return names


@pytest.fixture(scope="module")
def secrets(played: Table) -> dict[str, tuple[set[str], set[str]]]:
    """Per side: (its own names, the enemy's names it must never see). An enemy name counts
    when it is no part of an own name (dumps called "Dump 1" on both sides) and long enough
    to mean something (counter texts such as "129" are numbers any report prints)."""
    state = played.state()
    out = {
        side: (_names(state, side), _enemy_names(state, side)) for side in ("axis", "commonwealth")
    }
    assert len(out["axis"][1]) > 200 and len(out["commonwealth"][1]) > 400
    return out


def _enemy_names(state: GameState, side: str) -> set[str]:
    """The names of ``side``'s enemy it must never see, as ``secrets`` counts them."""
    own = _names(state, side)
    enemy = "commonwealth" if side == "axis" else "axis"
    return {
        n
        for n in _names(state, enemy)
        if len(n) >= 5 and not any(n in o for o in own) and not n.replace(" ", "").isdigit()
    }


OWN_UNIT = {"axis": "1st CCNN Div HQ", "commonwealth": "1st RNF MG Bn"}
OWN_HQ = {"axis": "1st CCNN Div HQ", "commonwealth": "7th Armored Div HQ"}
OWN_DUMP = {"axis": "Tobruk", "commonwealth": "Mersa Matruh"}
OWN_HEX = {"axis": "C4218", "commonwealth": "D3714"}

READS: list[tuple[str, list[str], str | None]] = [
    ("units", ["units"], "unit"),
    ("units all json", ["units", "--all", "--json"], "unit"),
    ("units own side", ["units", "--side", "{side}"], "unit"),
    ("toe", ["toe", "{unit}"], None),
    ("dumps", ["dumps", "--json"], "dump"),
    ("trucks", ["trucks", "--all", "--json"], None),
    ("supply", ["supply"], None),
    ("cp", ["cp", "--json"], "unit"),
    ("cohesion", ["cohesion"], "unit"),
    ("warnings", ["warnings", "--json"], None),
    ("requisitions", ["requisitions", "--json"], None),
    ("history", ["history"], "unit"),
    ("history json", ["history", "--json"], "unit"),
    ("history last", ["history", "--last", "4"], None),
    ("formation", ["formation", "{hq}"], "unit"),
    ("morale", ["morale", "{unit}"], None),
    ("forecast", ["forecast", "--side", "{side}", "--json"], None),
    ("surrender", ["surrender", "{hex}", "--side", "{side}"], None),
    ("clock", ["clock"], None),
    ("phase", ["phase"], None),
    ("weather", ["weather"], None),
    ("seat list", ["seat", "list"], None),
]
"""(label, arguments, what own name must show: a unit, a dump, or nothing particular)."""


@pytest.mark.parametrize("side", ["axis", "commonwealth"])
@pytest.mark.parametrize(("label", "args", "own"), READS, ids=[r[0] for r in READS])
def test_every_read_shows_the_seats_own_side_only(
    played: Table,
    secrets: dict[str, tuple[set[str], set[str]]],
    side: str,
    label: str,
    args: list[str],
    own: str | None,
) -> None:
    filled = [
        a.format(side=side, unit=OWN_UNIT[side], hq=OWN_HQ[side], hex=OWN_HEX[side]) for a in args
    ]
    said = played.run(*filled, seat=SIDE_SEATS[side])
    _, enemy = secrets[side]
    leaked = sorted(n for n in enemy if n in said.both)
    assert leaked == []
    other_reason = CW_REASON if side == "axis" else AXIS_REASON
    assert other_reason not in said.both
    if side == "commonwealth":
        assert "AXIS NOTE" not in said.both
    if own == "unit":
        assert OWN_UNIT[side] in said.out or OWN_HQ[side] in said.out
    elif own == "dump":
        assert OWN_DUMP[side] in said.out


@pytest.mark.parametrize("side", ["axis", "commonwealth"])
def test_exports_show_the_seats_own_side_and_refuse_the_other(
    played: Table, secrets: dict[str, tuple[set[str], set[str]]], side: str, tmp_path: Path
) -> None:
    seat = SIDE_SEATS[side]
    _, enemy = secrets[side]
    for sheet in ("field-commander", "toe", "logistics"):
        out = tmp_path / f"{sheet}.xlsx"
        played.run("export", "--sheet", sheet, "--side", side, "-o", str(out), seat=seat)
        book = openpyxl.load_workbook(out)
        text = "\n".join(
            str(c.value)
            for sheet_ in book.worksheets
            for row in sheet_.iter_rows()
            for c in row
            if c.value is not None
        )
        assert sorted(n for n in enemy if n in text) == []
    other = "commonwealth" if side == "axis" else "axis"
    refused = played.run(
        "export", "--side", other, "-o", str(tmp_path / "theirs.xlsx"), seat=seat, ok=False
    )
    assert refused.status == 1
    assert f"--side {other}: {seat} plays" in refused.err
    assert "may not export the other side's sheets" in refused.err
    assert not (tmp_path / "theirs.xlsx").exists()
    for both in ("axis", "commonwealth"):  # the umpire exports either side
        played.run("export", "--side", both, "-o", str(tmp_path / f"u-{both}.xlsx"), seat="umpire")
        assert (tmp_path / f"u-{both}.xlsx").stat().st_size > 0


def test_history_folds_the_enemys_entries_and_json_leaves_them_out(played: Table) -> None:
    state = played.state()
    table = played.run("history", seat="cw-fc").out
    # #1 start, #2 CW spend, #3 Axis spend, #4 CW transfer, #5 CW requisition, #6 Axis
    # requisition, #7 the umpire's advance to the last phase, #8 end of stage and #9 its
    # water (both sides' lines: each seat's own kept), #10 CW spend, #11 Axis spend
    assert "#3 Axis: 1 entry" in table and "#6 Axis: 1 entry" in table
    assert "#11 Axis: 1 entry" in table
    assert "1st RNF MG Bn expends 3 CP" in table and CW_REASON in table
    rows = played.json("history", seat="cw-fc")
    assert [r["seq"] for r in rows] == [1, 2, 4, 5, 7, 8, 9, 10]
    assert {r["seat"] for r in rows[1:]} == {"cw-fc", "cw-lc", "umpire"}
    assert rows[0]["what"].endswith("89 counters")  # the Commonwealth's set-up only
    assert rows[5]["what"].endswith("(1 units' CP reset)")  # the 1st RNF's, not the 1st CCNN's
    axis_table = played.run("history", seat="axis-fc").out
    assert "#4–#5 Commonwealth: 2 entries" in axis_table
    axis = played.json("history", seat="axis-fc")
    assert [r["seq"] for r in axis] == [1, 3, 6, 7, 8, 9, 11]
    assert axis[1]["why"] == AXIS_REASON
    umpire = played.json("history", seat="umpire")
    assert [r["seq"] for r in umpire] == list(range(1, 12))
    assert len(state.units) == 306


def test_a_run_of_enemy_entries_is_one_line(table: Table) -> None:
    for cp in ("1", "1", "1"):
        table.run("spend-cp", "1 CCNN", cp, seat="axis-fc")
    said = table.run("history", seat="cw-lc").out
    assert "#2–#4 Axis: 3 entries" in said
    assert "1st CCNN" not in said


def test_the_solo_table_history_is_unchanged_by_seats(tmp_path: Path) -> None:
    solo = Table(tmp_path / "solo.db")
    solo.run("new", "--skip-setup", "g", "--scenario", str(MINI))
    rows = solo.json("history")
    assert list(rows[0]) == [
        "seq",
        "game_time",
        "side",
        "role",
        "what",
        "why",
        "kind",
        "app_made",
        "undone",
    ]
    assert (
        solo.run("seat", "list").out.strip() == "(no seats: the solo table, which sees both sides)"
    )


def test_naming_an_enemy_counter_is_no_such_unit(played: Table) -> None:
    for args in (["toe", "1 CCNN"], ["spend-cp", "1 CCNN", "1"], ["formation", "1st CCNN Div HQ"]):
        refused = played.run(*args, seat="cw-fc", ok=False)
        assert "UNIT: no unit called '1 CCNN'" in refused.err or "no unit called" in refused.err
        assert "1st CCNN Div HQ" not in refused.out
    refused = played.run(
        "transfer", "--from", "Tobruk", "--to", "1 Essex", "--ammo", "1", seat="cw-lc", ok=False
    )
    assert "--from: no dump or unit or trucks called 'Tobruk'" in refused.err
    refused = played.run("fulfil", "AR1", "--from", "Mersa Matruh", seat="cw-lc", ok=False)
    assert "requisition: no requisition 'AR1'" in refused.err  # the Axis requisition
    for args in (["units", "--side", "axis"], ["plan-convoys", "--side", "axis", "--accept"]):
        assert played.run(*args, seat="cw-lc", ok=False).err.startswith(
            "error: --side axis: cw-lc plays Commonwealth; the other side's ledger is secret"
        )


def test_sign_in_needs_a_seat_and_its_passphrase(played: Table) -> None:
    refused = played.run("units", ok=False)
    assert refused.status == 1
    assert refused.err.splitlines()[0] == (
        "error: --as: game 'g' is played from seats; sign in as one of: axis-fc (Axis Field "
        "Commander), cw-fc (Commonwealth Field Commander), cw-lc (Commonwealth Logistics "
        "Commander), umpire (Umpire) (the passphrase from QUARTERMASTER_PASSPHRASE, else asked)"
    )
    wrong = played.run(
        "units", "--as", "cw-fc", ok=False, QUARTERMASTER_PASSPHRASE=PASSPHRASES["axis-fc"]
    )
    assert wrong.status == 1
    assert wrong.err == (
        "error: --as: seat 'cw-fc' of game 'g': no such seat or a wrong passphrase\n"
        "nothing was written\n"
    )
    assert wrong.out == ""
    unset = played.run("units", "--as", "cw-fc", ok=False)
    assert unset.err.splitlines()[0] == (
        "error: --as cw-fc: no passphrase: set QUARTERMASTER_PASSPHRASE, or run it in a "
        "terminal to be asked"
    )
    as_json = json.loads(
        played.run(
            "units", "--as", "nobody", "--json", ok=False, QUARTERMASTER_PASSPHRASE="whatever12"
        ).out
    )
    assert as_json["written"] is False and "'nobody'" in as_json["refused"][0]["message"]


def test_the_passphrase_may_be_typed_at_a_terminal(
    played: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[str] = []

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    def getpass(prompt: str) -> str:
        asked.append(prompt)
        return PASSPHRASES["axis-fc"]

    monkeypatch.setattr("getpass.getpass", getpass)
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setenv("QUARTERMASTER_DB", str(played.db))
    monkeypatch.delenv("QUARTERMASTER_PASSPHRASE", raising=False)
    monkeypatch.setattr(sys, "stdin", Terminal(""))
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        assert main(["clock", "--as", "axis-fc"]) == 0
    assert asked == ["passphrase of seat 'axis-fc': "]
    assert "September" in out.getvalue()


def test_passphrases_never_show_nor_are_stored(played: Table) -> None:
    played.run("units", "--as", "cw-fc", ok=False, QUARTERMASTER_PASSPHRASE="a wrong guess!")
    said = "".join(s.both for s in played.said)
    stored = b"".join(
        p.read_bytes() for p in played.db.parent.glob(played.db.name + "*") if p.is_file()
    )
    for phrase in (*PASSPHRASES.values(), "a wrong guess!"):
        assert phrase not in said
        assert phrase.encode() not in stored
    assert b"$argon2id$" in stored
    assert "argon2" not in played.run("seat", "list", "--json").out


def test_a_write_records_the_seats_side_and_a_role_it_holds(table: Table) -> None:
    table.run("transfer", "--from", "Mersa Matruh", "--to", "1 Essex", "--ammo", "5", seat="cw-lc")
    refused = table.run("spend-cp", "1 Essex", "1", seat="cw-lc", ok=False)
    assert "cw-lc holds Logistics Commander: cp expended is kept by the Field Commander" in (
        refused.err
    )
    refused = table.run(
        "spend-cp", "1 Essex", "1", "--role", "logistics_commander", seat="cw-fc", ok=False
    )
    assert refused.err.startswith(
        "error: --role logistics_commander: cw-fc holds Field Commander, not Logistics "
        "Commander (4.5)"
    )
    table.run("spend-cp", "1 Essex", "1", seat="cw-fc")
    table.run("spend-cp", "1 CCNN", "1", seat="umpire")  # the umpire: the unit's side
    rows = table.json("history", seat="umpire")
    assert [(r["side"], r["role"], r["seat"]) for r in rows[1:]] == [
        ("commonwealth", "logistics_commander", "cw-lc"),
        ("commonwealth", "field_commander", "cw-fc"),
        ("axis", "field_commander", "umpire"),
    ]


def test_seats_are_added_listed_and_removed_by_the_umpire(table: Table) -> None:
    seats = table.json("seat", "list", seat="umpire")
    assert [(s["seat"], s["side"], s["roles"]) for s in seats] == [
        ("axis-fc", "axis", ["field_commander"]),
        ("cw-fc", "commonwealth", ["field_commander"]),
        ("cw-lc", "commonwealth", ["logistics_commander"]),
        ("umpire", "umpire", []),
    ]
    assert set(seats[0]) == {"seat", "side", "roles", "login", "added"}
    new = {"QUARTERMASTER_NEW_PASSPHRASE": "second field commander"}
    refused = table.run(
        "seat", "add", "axis-fc2", "--side", "axis", "--role", "field_commander", ok=False, **new
    )
    assert "only the umpire may add seats in a game that has one" in refused.err
    refused = table.run(
        "seat",
        "add",
        "axis-fc2",
        "--side",
        "axis",
        "--role",
        "field_commander",
        seat="axis-fc",
        ok=False,
        **new,
    )
    assert "only the umpire may add seats" in refused.err
    added = table.run(
        "seat",
        "add",
        "axis-fc2",
        "--side",
        "axis",
        "--role",
        "field_commander",
        "--role",
        "commander_in_chief",
        "--login",
        "Balbo@Example.org",
        seat="umpire",
        **new,
    )
    assert (
        added.out
        == "added seat axis-fc2 (Axis Commander-in-Chief and Field Commander) to game 'g'\n"
    )
    listed = table.run("seat", "list", seat="umpire").out
    assert "axis-fc2" in listed and "balbo@example.org" in listed
    table.run("units", "--as", "axis-fc2", QUARTERMASTER_PASSPHRASE="second field commander")
    refused = table.run(
        "seat",
        "add",
        "x",
        "--side",
        "umpire",
        "--role",
        "air_marshal",
        seat="umpire",
        ok=False,
        **new,
    )
    assert "the umpire belongs to no side and holds no command role" in refused.err
    refused = table.run("seat", "add", "x", "--side", "axis", seat="umpire", ok=False, **new)
    assert "a side's seat holds at least one command role" in refused.err
    refused = table.run(
        "seat",
        "add",
        "y",
        "--side",
        "axis",
        "--role",
        "air_marshal",
        seat="umpire",
        ok=False,
        QUARTERMASTER_NEW_PASSPHRASE="short",
    )
    assert "passphrase: 5 characters: between 8 and 256" in refused.err
    refused = table.run("seat", "remove", "axis-fc2", seat="cw-fc", ok=False)
    assert "only the umpire may remove seats" in refused.err
    table.run("seat", "remove", "axis-fc2", seat="umpire")
    assert "axis-fc2" not in table.run("seat", "list").out
    refused = table.run("seat", "remove", "axis-fc2", seat="umpire", ok=False)
    assert "no seat 'axis-fc2' in game 'g'" in refused.err


def test_the_first_seats_need_no_sign_in_and_as_on_the_solo_table_says_so(
    tmp_path: Path,
) -> None:
    solo = Table(tmp_path / "solo.db")
    solo.run("new", "--skip-setup", "g", "--scenario", str(MINI))
    refused = solo.run("units", "--as", "umpire", ok=False, QUARTERMASTER_PASSPHRASE="whatever12")
    assert "game 'g' has no seats (the solo table" in refused.err
    no_phrase = solo.run("seat", "add", "umpire", "--side", "umpire", ok=False)
    assert "set QUARTERMASTER_NEW_PASSPHRASE, or run it in a terminal" in no_phrase.err
    solo.run("seat", "add", "umpire", "--side", "umpire", QUARTERMASTER_PASSPHRASE="the umpire")
    assert solo.run("units", ok=False).status == 1
    solo.run("units", "--as", "umpire", QUARTERMASTER_PASSPHRASE="the umpire")


def test_undo_takes_back_only_the_seats_own_action(table: Table) -> None:
    table.run("spend-cp", "1 Essex", "3", seat="cw-fc")  # #2
    table.run("spend-cp", "1 CCNN", "2", seat="axis-fc")  # #3
    undone = table.run("undo", seat="cw-fc")
    assert undone.out == "undo #2: 1st Essex expends 3 CP\n"
    state = table.state()
    assert state.units["cw.70_inf_div.1st_essex"].cp_expended == 0
    assert state.units["it.1ccnn_div.1st_ccnn_div_hq"].cp_expended == 2  # the Axis spend stands
    refused = table.run("undo", seat="cw-fc", ok=False)
    assert "nothing to undo: cw-fc has recorded nothing that is not undone" in refused.err
    assert table.run("undo", seat="axis-fc").out == "undo #3: 1st CCNN Div HQ expends 2 CP\n"


def test_a_writer_that_keeps_losing_is_told_who_got_there_first(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every try of the Commonwealth's spend finds an Axis entry appended since it read."""
    from ledger.cli import app as cli_app
    from ledger.journal import session as journal_session

    original = journal_session.GameSession.execute
    rival: list[int] = []

    def contested(self: GameSession, command: Any) -> Any:
        if self.seat is not None and self.seat.name == "cw-fc":
            rival.append(1)
            table.run("spend-cp", "1 CCNN", "1", seat="axis-fc")
        return original(self, command)

    monkeypatch.setattr(journal_session.GameSession, "execute", contested)
    refused = table.run("spend-cp", "1 Essex", "1", seat="cw-fc", ok=False)
    assert len(rival) == cli_app.WRITE_TRIES
    assert refused.status == 1
    assert "another writer got there first" in refused.err
    assert "got there first: Axis (#2, #3, #4)" in refused.err  # not the enemy's seats
    assert "axis-fc" not in refused.err
    assert table.state().units["cw.70_inf_div.1st_essex"].cp_expended == 0


def _leaked(text: str, state: GameState, side: str, typed: str = "") -> list[str]:
    """The enemy's names (``_enemy_names``) that ``text`` shows ``side``'s seat, leaving out
    what the seat typed itself (``typed``)."""
    return sorted(n for n in _enemy_names(state, side) if n in text and n not in typed)


def test_a_write_prints_only_what_the_seat_may_read(table: Table) -> None:
    """A write printed every event it appended whole (``App.execute``): hot weather's
    evaporation with every Axis dump's draws, the end of a stage with both sides' CP resets
    and shortages, and its undo naming the Axis units. It prints each as the seat reads it,
    what its ``history`` shows (11.36)."""
    table.run("spend-cp", "1 CCNN", "2", seat="axis-fc")
    state = table.state()
    hot = table.json("weather", "hot", seat="cw-fc")
    assert _leaked(json.dumps(hot), state, "commonwealth") == []
    evaporation = hot[1]["event"]
    assert evaporation["cause"] == "hot-evaporation" and evaporation["draws"]
    assert {state.holder_side(d["holder"]) for d in evaporation["draws"]} == {"commonwealth"}
    umpire = table.json("history", "--last", "1", seat="umpire")[0]["what"]
    assert hot[1]["said"] == table.json("history", "--last", "1", seat="cw-fc")[0]["what"]
    assert hot[1]["said"] != umpire  # the umpire's counts both sides' dumps
    table.run("phase", "L", "--player", "B", seat="cw-fc")  # 5.2: ends from the last phase
    ended = table.run("end-stage", seat="cw-fc").out.splitlines()
    assert ended == [r["what"] for r in table.json("history", "--last", "2", seat="cw-fc")]
    assert ended != [r["what"] for r in table.json("history", "--last", "2", seat="umpire")]
    assert "(0 units' CP reset)" in ended[0]  # the 1st CCNN's spend is the Axis's
    undone = table.run("undo", "--json", seat="cw-fc").out
    assert _leaked(undone, state, "commonwealth") == []
    assert "it." not in undone and "ax_" not in undone  # no Axis id
    assert [r["event"]["kind"] for r in json.loads(undone)] == ["event_undone"] * 2


def test_entries_the_seat_may_not_read_print_as_their_side(table: Table) -> None:
    """What a write prints of an entry the seat may not read is its side and a count."""
    from ledger.cli.app import as_read
    from ledger.journal.seats import open_session, sign_in

    table.run("spend-cp", "1 CCNN", "2", "--reason", AXIS_REASON, seat="axis-fc")
    table.run("spend-cp", "1 CCNN", "1", seat="axis-fc")
    store = EventStore(database_url(str(table.db)))
    try:

        def session(seat: str) -> GameSession:
            return open_session(store, "g", sign_in(store, "g", seat, PASSPHRASES[seat]))

        cw = session("cw-fc")
        axis = [r.event for r in cw.since(2)]
        assert as_read(cw, axis) == [("Axis: 2 entries", None)]
        assert [said for said, _ in as_read(session("umpire"), axis)] == [
            "1st CCNN Div HQ expends 2 CP",
            "1st CCNN Div HQ expends 1 CP",
        ]
    finally:
        store.engine.dispose()


def test_capture_finds_no_enemy_holder_outside_the_captors_hex(table: Table) -> None:
    """``capture ENEMY`` looked the enemy up in the whole ledger, by any partial name, and
    checked what it held before where it stood: a seat learnt where Tobruk is and what it
    holds, found enemy HQs by part of their names, which dumps are dummies and the ids of the
    enemy's "Dump 1" (11.36). Only an enemy holder in the captor's hex is found now."""
    state = table.state()
    for enemy in ("Tobruk", "ax_tobruk", "CCNN", "1st CCNN", "Dummy dumps", "Dump 1", "it_tobruk"):
        refused = table.run(
            "capture", enemy, "--to", "1 Essex", "--ammo", "999999", seat="cw-lc", ok=False
        )
        assert refused.err.startswith(
            f"error: ENEMY: no enemy dump, truck group or unit called {enemy!r} in D3714"
        )
        assert _leaked(refused.both, state, "commonwealth", enemy) == []
        for tell in ("C4807", "dummy", "short", "ambiguous", "holds"):
            assert tell not in refused.both


@pytest.fixture(scope="module")
def tobruk_at_matruh(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A seated Graziani game with the Axis dump of Tobruk moved into Mersa Matruh's hex
    (D3714), where the 1st Essex and the Mersa Matruh dump stand."""
    folder = tmp_path_factory.mktemp("captured")
    graziani = Path(__file__).resolve().parents[2] / "scenarios" / "graziani.toml"
    text = graziani.read_text()
    tobruk = 'id = "ax_tobruk"\nside = "axis"\nname = "Tobruk"\nlocation = "C4807"'
    assert tobruk in text
    scenario = folder / "captured.toml"
    scenario.write_text(text.replace(tobruk, tobruk.replace("C4807", "D3714")))
    table = Table(folder / "captured.db")
    _seat_the_table(table, str(scenario))
    return table.db


def test_capture_takes_an_enemy_dump_in_the_captors_hex(
    tobruk_at_matruh: Path, tmp_path: Path
) -> None:
    table = Table(_copy(tobruk_at_matruh, tmp_path / "captured.db"))
    refused = table.run("capture", "Tob", "--to", "Mersa Matruh", seat="cw-lc", ok=False)
    assert "no enemy dump, truck group or unit called 'Tob' in D3714" in refused.err
    table.run("capture", "tobruk", "--to", "Mersa Matruh", "--ammo", "30", seat="cw-lc")
    state = table.state()
    assert state.dumps["ax_tobruk"].supplies.ammo == 170  # 200 held, 30 taken
    assert state.dumps["cw_mersa_matruh"].supplies.ammo == 1010  # a third kept (50.16)
    too_much = table.run(
        "capture", "ax_tobruk", "--to", "Mersa Matruh", "--ammo", "9999", seat="cw-lc", ok=False
    )
    assert "short" in too_much.err  # taking it reveals what it holds (50.16)


def test_capture_refuses_another_hex_before_telling_what_the_enemy_holds(
    table: Table,
) -> None:
    """The umpire still names any holder; the command says the hexes differ and nothing of
    what the enemy holder holds."""
    refused = table.run(
        "capture", "Tobruk", "--to", "1 Essex", "--ammo", "999999", seat="umpire", ok=False
    )
    assert "Tobruk is in C4807, 1st Essex in D3714" in refused.err
    assert "short" not in refused.err


def test_seat_logins_show_only_to_the_umpire(tmp_path: Path) -> None:
    """``seat list`` showed every seat's login e-mail to anyone; now only to the umpire, or
    while the game has no umpire seat (whoever sets the table up)."""
    table = Table(tmp_path / "logins.db")
    table.run("new", "--skip-setup", "g", "--scenario", str(MINI))
    table.run(
        "seat",
        "add",
        "axis-fc",
        "--side",
        "axis",
        "--role",
        "field_commander",
        "--login",
        "rommel@example.org",
        QUARTERMASTER_PASSPHRASE=PASSPHRASES["axis-fc"],
    )
    assert "rommel@example.org" in table.run("seat", "list", seat="axis-fc").out
    table.run(
        "seat",
        "add",
        "umpire",
        "--side",
        "umpire",
        "--login",
        "umpire@example.org",
        seat="axis-fc",
        QUARTERMASTER_NEW_PASSPHRASE=PASSPHRASES["umpire"],
    )
    for seat in ("axis-fc", None):
        listed = table.run("seat", "list", seat=seat).out
        assert "axis-fc" in listed and "@" not in listed and "login" not in listed
        rows = table.json("seat", "list", seat=seat)
        assert [set(r) for r in rows] == [{"seat", "side", "roles", "added"}] * 2
    rows = table.json("seat", "list", seat="umpire")
    assert [r["login"] for r in rows] == ["rommel@example.org", "umpire@example.org"]
    assert "rommel@example.org" in table.run("seat", "list", seat="umpire").out


@pytest.fixture
def launched(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[list[str]]]:
    """The dashboard launches ``serve`` asked for, instead of starting them."""
    calls: list[list[str]] = []

    def launch(argv: list[str]) -> int:
        calls.append(argv)
        return 0

    monkeypatch.setattr("ledger.cli.table._launch", launch)
    monkeypatch.setattr("ledger.cli.table.lan_address", lambda: "192.168.1.20")
    yield calls


def test_serve_refuses_the_network_to_a_game_without_seats(
    tmp_path: Path, launched: list[list[str]]
) -> None:
    solo = Table(tmp_path / "solo.db")
    solo.run("new", "--skip-setup", "g", "--scenario", str(MINI))
    refused = solo.run("serve", "--host", "0.0.0.0", ok=False)
    assert refused.status == 1
    assert "--host 0.0.0.0: served to the network, every game needs seats, and 'g' has none" in (
        refused.err
    )
    assert launched == []
    solo.run("serve")  # this computer only: no seats needed
    assert launched[-1][1:] == [
        "-m",
        "dashboard.launch",
        "--address",
        "127.0.0.1",
        "--port",
        "8501",
    ]
    empty = Table(tmp_path / "empty.db")
    empty.run("new", "--skip-setup", "h", "--scenario", str(MINI))
    assert "'h'" in solo.run("serve", "--host", "0.0.0.0", "--db", str(empty.db), ok=False).err


def test_serve_names_the_address_players_open(table: Table, launched: list[list[str]]) -> None:
    said = table.run("serve", "--host", "0.0.0.0", "--port", "8600")
    assert said.out == "Players open http://192.168.1.20:8600 and sign in to their seats\n"
    assert launched == [
        [sys.executable, "-m", "dashboard.launch", "--address", "0.0.0.0", "--port", "8600"]
    ]
    with pytest.raises(SystemExit):  # a usage error: no such port
        table.run("serve", "--port", "70000")
