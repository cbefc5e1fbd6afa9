"""What a user can type or do never ends in a traceback (issue 15): a number out of its bound,
a pasted 5,000-digit figure, an empty ``--game``, an unexpected error, Ctrl-C, a reader that
closes the pipe. Each refusal is one ``error:`` line naming the option and the value, exit
status 2, and the database file byte-identical after it."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

import ledger.cli
from ledger.cli import main
from ledger.commands.transfers import transfer
from ledger.journal import EventStore, database_url
from ledger.journal.session import create_game
from ledger.model.bounds import CP_PER_COMMAND_MAX as MAX_CP_PER_COMMAND
from ledger.model.quantities import Supplies
from ledger.model.scenario import Setup
from ledger.model.source import Source
from tests.journal.files import digest

ROOT = Path(__file__).resolve().parents[2]
HUGE = "1" * 5000
"""Python refuses to convert it to an int (the 4,300-digit limit): it crashed ``spend-cp``."""


def settled(db: Path) -> str:
    """The database file's digest once anything in its write-ahead log is in the file."""
    with contextlib.closing(sqlite3.connect(db)) as raw:
        raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return digest(db)


@pytest.fixture
def db(tmp_path: Path, mini_setup: Setup, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A database holding one game, 'g', of the mini scenario; no QUARTERMASTER_* settings."""
    monkeypatch.delenv("QUARTERMASTER_GAME", raising=False)
    monkeypatch.delenv("QUARTERMASTER_DB", raising=False)
    path = tmp_path / "ledger.db"
    store = EventStore(database_url(str(path)), create=True)
    create_game(store, "g", mini_setup, setup_step=False)
    store.engine.dispose()
    return path


def quartermaster(argv: list[str], db: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """Run ``quartermaster ARGV --db DB`` in-process: its exit status (argparse's too) and
    what it wrote to stderr."""
    try:
        status = main([*argv, "--db", str(db)])
    except SystemExit as exc:
        status = exc.code if isinstance(exc.code, int) else 2
    return status, capsys.readouterr().err


def the_error(err: str) -> str:
    """The single ``error:`` line of ``err`` (argparse prints its usage before it)."""
    assert "Traceback" not in err
    lines = [line for line in err.splitlines() if "error:" in line]
    assert len(lines) == 1, err
    return lines[0]


CP_CASES = [
    (["spend-cp", "cw.1_rnf", HUGE], "CP '1111111111111111'… (5,000 characters)", "too long"),
    (["spend-cp", "cw.1_rnf", "1" * 30], "CP '" + "1" * 30 + "'", "too long"),
    (["spend-cp", "cw.1_rnf", "150"], "CP '150'", "more than 100 CP"),
    (["spend-cp", "cw.1_rnf", "100 1/4"], "CP '100 1/4'", "CPA is above 60 (6.1x)"),
    (
        ["adjust-cohesion", "cw.1_rnf", "--cause", "correction", "--change=-101"],
        "--change '-101'",
        "more than 100 CP",
    ),
    (
        ["adjust-cohesion", "cw.1_rnf", "--cause", "correction", f"--change=+{HUGE}"],
        "--change '+111111111111111'… (5,001 characters)",
        "too long",
    ),
    (
        ["move", "cw.1_rnf", "--to", "C3721", "--hexes", "road:clear", "--cp", "1000"],
        "--cp '1000'",
        "more than 100 CP",
    ),
    (["forecast", "--side", "commonwealth", "--cp", HUGE], "--cp '111", "too long"),
]


@pytest.mark.parametrize(("argv", "named", "said"), CP_CASES)
def test_a_cp_argument_out_of_bounds_is_a_usage_error(
    db: Path, capsys: pytest.CaptureFixture[str], argv: list[str], named: str, said: str
) -> None:
    before = settled(db)
    status, err = quartermaster(argv, db, capsys)
    assert status == 2
    line = the_error(err)
    assert named in line and said in line
    assert len(line) < 300  # the 5,000 digits are not echoed back
    assert settled(db) == before


def test_the_cp_bound_itself_is_taken(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert MAX_CP_PER_COMMAND == 100
    status, err = quartermaster(["spend-cp", "cw.1_rnf", "100"], db, capsys)
    assert status == 0, err


INT_CASES = [
    (["transfer", "--from", "cw_matruh", "--to", "cw.1_rnf", "--fuel", HUGE], "--fuel", "5,000"),
    (
        ["transfer", "--from", "cw_matruh", "--to", "cw.1_rnf", "--ammo", "1000001"],
        "--ammo",
        "'1000001' is not a number of supply points: 0..1,000,000",
    ),
    (["consume", "cw_matruh", "--cause", "water", "--water", "-1"], "--water", "'-1'"),
    (["requisition", "cw.1_rnf", "--stores", "9" * 30], "--stores", "'" + "9" * 30 + "'"),
    (["draw-water", "cw.1_rnf", "--at", "town", "--roll", "7"], "--roll", "'7' is not a die"),
    (["morale", "cw.1_rnf", "--reading", "70"], "--reading", "'70' is not a reading: 11..66"),
    (["breakdown-check", "cw.1_rnf", "--roll", "0"], "--roll", "'0' is not a reading"),
    (["history", "--last", "0"], "--last", "'0' is not a number of events: 1..10,000,000"),
    (["history", "--last", HUGE], "--last", "(5,000 characters) is too long"),
    (["history", "--last", "ten"], "--last", "'ten' is not a number of events"),
    (["forecast", "--side", "axis", "--opstages", "334"], "--opstages", "'334'"),
    (["plan-convoys", "--side", "axis", "--time-limit", "nan"], "--time-limit", "'nan'"),
    (["plan-convoys", "--side", "axis", "--time-limit", "1e999"], "--time-limit", "'1e999'"),
    (["repair", "cw.1_rnf", "--system", "x", "--points", "1001"], "--points", "'1001'"),
    (["correct-toe", "cw.1_rnf", "--system", "x", "--change=-1001"], "--change", "'-1001'"),
    (["detach", "cw.1_rnf", "--medium", "10001"], "--medium", "'10001'"),
    (["load-troops", "cw.1_rnf", "--heavy", HUGE], "--heavy", "5,000"),
    (["resolve", "x.json", "--roll", "--seed", str(2**63)], "--seed", str(2**63)),
    (["resolve", "x.json", "--roll", "--seed", "-1"], "--seed", "'-1'"),
]


@pytest.mark.parametrize(("argv", "option", "said"), INT_CASES)
def test_a_whole_number_option_out_of_bounds_is_a_usage_error(
    db: Path, capsys: pytest.CaptureFixture[str], argv: list[str], option: str, said: str
) -> None:
    before = settled(db)
    status, err = quartermaster(argv, db, capsys)
    assert status == 2
    line = the_error(err)
    assert f"argument {option}: " in line and said in line
    assert len(line) < 300
    assert settled(db) == before


def test_a_huge_dice_reading_is_refused_without_converting_it(
    db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    request = str(ROOT / "docs" / "examples" / "combat" / "14.43-anti-armor.json")
    before = settled(db)
    status, err = quartermaster(["resolve", request, "--dice", f"fire={HUGE}"], db, capsys)
    assert status == 2
    line = the_error(err)
    assert "--dice" in line and "(5,005 characters)" in line
    assert settled(db) == before


@pytest.mark.parametrize("name", ["", "   "])
def test_an_empty_game_name_is_refused(
    db: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    before = settled(db)
    for argv in (["units", "--game", name], ["spend-cp", "cw.1_rnf", "1", "--game", name]):
        status, err = quartermaster(argv, db, capsys)
        assert status == 2
        assert "--game: a game name cannot be empty" in the_error(err)
    assert settled(db) == before


def _boom(*_args: object) -> None:
    raise RuntimeError("boom\nsecond line")


def test_an_unexpected_error_is_one_line_and_debug_shows_it(
    db: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(ledger.cli.HANDLERS, "clock", _boom)
    status, err = quartermaster(["clock"], db, capsys)
    assert status == 2
    assert err == "error: RuntimeError: boom (run again with --debug for the details)\n"
    for argv in (["clock", "--debug"], ["--debug", "clock"]):
        with pytest.raises(RuntimeError, match="boom"):
            main([*argv, "--db", str(db)])


def test_an_unexpected_error_with_debug_prints_the_traceback(
    db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, ledger.cli\n"
            "def boom(*a): raise RuntimeError('boom')\n"
            "ledger.cli.HANDLERS['clock'] = boom\n"
            "raise SystemExit(ledger.cli.main(sys.argv[1:]))",
            *("clock", "--db", str(db)),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert (done.returncode, "Traceback" in done.stderr) == (2, False), done.stderr
    assert done.stderr.count("\n") == 1
    debug = subprocess.run(
        [sys.executable, "-c", done.args[2], "clock", "--debug", "--db", str(db)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert debug.returncode == 1
    assert "Traceback" in debug.stderr and "RuntimeError: boom" in debug.stderr


def _interrupt(*_args: object) -> None:
    raise KeyboardInterrupt


def test_ctrl_c_is_one_line_and_status_130(
    db: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(ledger.cli.HANDLERS, "clock", _interrupt)
    status, err = quartermaster(["clock"], db, capsys)
    assert (status, err) == (130, "error: interrupted\n")


def test_a_closed_pipe_ends_the_command_quietly(db: Path, mini_setup: Setup) -> None:
    store = EventStore(database_url(str(db)))
    session = create_game(store, "many", mini_setup, setup_step=False)
    for n in range(600):  # --json history: 150 KB, more than a pipe holds
        there, back = ("cw_matruh", "cw.1_rnf") if n % 2 == 0 else ("cw.1_rnf", "cw_matruh")
        source = Source(session.state.clock, "commonwealth", "logistics_commander")
        session.execute(
            lambda state, a=there, b=back, s=source: transfer(state, a, b, Supplies(fuel=1), s)
        )
    store.engine.dispose()
    env = {k: v for k, v in os.environ.items() if not k.startswith("QUARTERMASTER_")}
    history = [sys.executable, "-m", "ledger.cli", "history", "--json", "--game", "many"]
    with subprocess.Popen(
        [*history, "--db", str(db)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as reader:
        assert reader.stdout is not None and reader.stderr is not None
        assert reader.stdout.readline() == b"[\n"
        reader.stdout.close()  # `| head -1`
        err = reader.stderr.read().decode()
        status = reader.wait(timeout=120)
    assert "Traceback" not in err and err == ""
    assert status == 141  # the pipe did break: 128 + SIGPIPE, quietly


def test_arrive_captured_promises_no_share_it_does_not_apply(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue 15: `arrive --cause captured` records the amounts as given; its help says so and
    points at `capture`, which works the usable share out (50.16, 51.16)."""
    with pytest.raises(SystemExit):
        main(["arrive", "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    assert "recorded as given" in shown and "`capture` works it out" in shown


EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples" / "combat"


@pytest.mark.parametrize(
    ("content", "said"),
    [
        ("é".encode("latin-1") * 10, "is not UTF-8 (byte 0"),
        (b'{"units": [' + b"9" * 5000 + b"]}", "digits"),
        (b"[" * 5000 + b"]" * 5000, "nested deeper than"),
    ],
)
def test_a_request_or_allocation_file_that_is_no_request_is_one_line(
    tmp_path: Path, db: Path, capsys: pytest.CaptureFixture[str], content: bytes, said: str
) -> None:
    """Issue 15: a non-UTF-8 file, a 5,000-digit number or deep nesting in a request or an
    --allocation file ended in a traceback."""
    bad = tmp_path / "bad.json"
    bad.write_bytes(content)
    request = next(iter(sorted(EXAMPLES.glob("*.json"))))
    for argv in (
        ["calc", "cna", "barrage", str(bad)],
        ["resolve", str(request), "--roll", "--seed", "1", "--allocation", str(bad)],
    ):
        status, err = quartermaster(argv, db, capsys)
        assert status == 2, (argv, err)
        assert said in err and "Traceback" not in err, (argv, err)
