"""Fuzzing the CLI (issue 15): any argument a player can type ends in a clean refusal or a
success, never a traceback, and a refusal leaves the database byte-identical."""

from __future__ import annotations

import contextlib
import io
import shutil
import sqlite3
import uuid
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from ledger.cli import main
from ledger.journal import EventStore, database_url
from ledger.journal.session import create_game
from ledger.model.scenario import Setup
from tests.journal.files import digest

UNITS = ("cw.1_rnf", "1 RNF", "cw.3_rha", "ax_tobruk", "")
HOLDERS = ("cw_matruh", "cw_cairo", "cw_c3721", "cw.1_rnf", "ax_tobruk")
NASTY = (
    "",
    " ",
    "-1",
    "0",
    "1/3",
    "2 1/2",
    "1e9",
    "nan",
    "inf",
    "9" * 30,
    "9" * 5000,
    "-" + "9" * 25,
    "\x00",
    "**bold** $x$",
    "'; DROP TABLE events; --",
    "ü" * 50,
)
token = st.one_of(
    st.sampled_from(NASTY),
    st.integers(min_value=-(10**20), max_value=10**20).map(str),
    st.text(max_size=20),
)
unit = st.one_of(st.sampled_from(UNITS), token)
holder = st.one_of(st.sampled_from(HOLDERS), token)
argvs = st.one_of(
    st.tuples(st.just("spend-cp"), unit, token),
    st.tuples(st.just("transfer"), st.just("--from"), holder, st.just("--to"), holder,
              st.sampled_from(("--ammo", "--fuel", "--stores", "--water")), token),
    st.tuples(st.just("consume"), holder, st.sampled_from(("--fuel", "--water")), token,
              st.just("--cause"), st.one_of(st.sampled_from(("water", "fuel")), token)),
    st.tuples(st.just("arrive"), holder, st.just("--ammo"), token, st.just("--cause"),
              st.one_of(st.sampled_from(("convoy", "captured")), token)),
    st.tuples(st.just("move"), unit, st.just("--to"), token, st.just("--cp"), token),
    st.tuples(st.just("adjust-cohesion"), unit, st.one_of(st.just("correction"), token),
              st.just("--change"), token),
    st.tuples(st.just("history"), st.just("--last"), token),
    st.tuples(st.just("phase"), token),
    st.tuples(st.just("weather"), token),
    st.tuples(st.just("toe"), unit),
    st.tuples(st.just("units"), st.just("--side"), token),
    st.tuples(st.just("requisition"), unit, st.just("--water"), token),
).map(list)  # fmt: skip


def settled(db: Path) -> str:
    """The database file's digest once anything in its write-ahead log is in the file."""
    with contextlib.closing(sqlite3.connect(db)) as raw:
        raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return digest(db)


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory, mini_setup: Setup) -> Path:
    path = tmp_path_factory.mktemp("fuzz") / "template.db"
    create_game(EventStore(database_url(str(path)), create=True), "g", mini_setup, setup_step=False)
    return path


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(argv=argvs)
@example(argv=["spend-cp", "cw.1_rnf", "9" * 5000])  # issue 15: crashed
@example(argv=["spend-cp", "cw.1_rnf", "9" * 30])  # issue 15: posted an absurd DP
@example(argv=["transfer", "--from", "cw_matruh", "--to", "cw.1_rnf", "--fuel", "9" * 5000])
@example(argv=["history", "--last", "9" * 5000])
def test_any_argument_is_refused_cleanly_or_done(
    template: Path, tmp_path: Path, argv: list[str]
) -> None:
    db = tmp_path / f"{uuid.uuid4().hex}.db"  # a file of its own: earlier runs' engines stay open
    shutil.copyfile(template, db)
    before = settled(db)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main([*argv, "--db", str(db), "--game", "g"])
        except SystemExit as exit_:  # argparse's usage errors
            status = exit_.code if isinstance(exit_.code, int) else 2
    assert status in (0, 1, 2), (argv, err.getvalue())
    assert "Traceback" not in err.getvalue()
    if status != 0:
        assert err.getvalue().strip(), argv  # a refusal says why
        assert settled(db) == before, argv  # and writes nothing
