"""``quartermaster plot`` end to end (issue 16 item 6): two seats commit Barrage plots with
``--as``; the Commonwealth reads nothing of the Axis plot (``plot show``, ``history``) until
both have committed; ``plot show --requests`` hands the revealed lines to ``calc cna``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import get_args

import pytest

from ledger.cli import plots as cli_plots
from ledger.model import plots

SECRET = "infantry #7 ZEBRA"


class Table:
    """Runs `quartermaster` against one database, signed in with a passphrase per call."""

    def __init__(self, tmp_path: Path) -> None:
        self.cwd = tmp_path
        self.env = {**os.environ, "QUARTERMASTER_DB": str(tmp_path / "ledger.db")}
        self.env.pop("QUARTERMASTER_GAME", None)

    def run(
        self, *args: str, passphrase: str = "", new: str = "", ok: bool = True, stdin: str = ""
    ) -> subprocess.CompletedProcess[str]:
        env = {**self.env, "QUARTERMASTER_PASSPHRASE": passphrase}
        if new:
            env["QUARTERMASTER_NEW_PASSPHRASE"] = new
        done = subprocess.run(
            [sys.executable, "-m", "ledger.cli", *args],
            cwd=self.cwd,
            env=env,
            input=stdin,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert (done.returncode == 0) == ok, done.stderr + done.stdout
        return done


@pytest.fixture
def table(tmp_path: Path) -> Table:
    t = Table(tmp_path)
    t.run("new", "--skip-setup", "g", "--scenario", "graziani")
    t.run("seat", "add", "ump", "--side", "umpire", new="umpire-pass")
    for name, side in (("axis-fc", "axis"), ("cw-fc", "commonwealth")):
        t.run(
            "seat", "add", name, "--side", side, "--role", "field_commander", "--as", "ump",
            passphrase="umpire-pass", new=f"{name}-pass",
        )  # fmt: skip
    t.run(  # Graziani's guns start without Ammunition (12.0, 50.14)
        "arrive", "201st Artillery Regt", "--cause", "convoy", "--ammo", "60", "--as", "ump",
        passphrase="umpire-pass",
    )  # fmt: skip
    t.run("phase", "G", "--player", "A", "--as", "ump", passphrase="umpire-pass")
    return t


def test_the_choices_are_the_domains() -> None:
    assert cli_plots.POSITIONS == ("forward", "back")
    assert set(cli_plots.POSITIONS) | {""} == set(get_args(plots.Position))
    assert cli_plots.TARGET_CLASSES == plots.TARGET_CLASSES
    assert tuple(r.replace("-", "_") for r in cli_plots.FORCE_ROLES) == plots.FORCE_ROLES


def test_a_sealed_plot_is_unreadable_by_the_other_seat_until_both_commit(table: Table) -> None:
    axis, cw = "axis-fc-pass", "cw-fc-pass"
    said = table.run(
        "plot", "barrage", "--as", "axis-fc",
        "--fire", "201st Artillery Regt", "6:75/27 Gun", "forward", "C4119", SECRET,
        passphrase=axis,
    ).stdout  # fmt: skip
    assert "Axis Barrage Step plot committed, sealed (Combat Segment 1)" in said
    assert SECRET in said

    for args in (("plot", "show"), ("plot", "show", "--json"), ("history",), ("history", "--json")):
        shown = table.run(*args, "--as", "cw-fc", passphrase=cw).stdout
        assert "ZEBRA" not in shown and "C4119" not in shown and "201st" not in shown, args
    assert SECRET in table.run("plot", "show", "--as", "axis-fc", passphrase=axis).stdout
    assert SECRET in table.run("plot", "show", "--as", "ump", passphrase="umpire-pass").stdout

    refused = table.run(
        "plot", "barrage", "--as", "axis-fc", "--none", passphrase=axis, ok=False
    ).stderr
    assert "has committed its Barrage Step plot of Combat Segment 1" in refused
    assert "nothing was written" in refused

    said = table.run("plot", "barrage", "--as", "cw-fc", "--none", passphrase=cw).stdout
    assert "Barrage Step plots revealed (Combat Segment 1)" in said and SECRET in said
    shown = json.loads(table.run("plot", "show", "--as", "cw-fc", "--json", passphrase=cw).stdout)
    assert [p["revealed"] for p in shown] == [True, True]
    assert shown[0]["lines"][0]["target"] == SECRET

    # the hand-off: the Axis's revealed line is a request `calc cna barrage` works out
    out = table.run(
        "plot", "show", "--as", "axis-fc", "--requests", "--phasing", "axis", passphrase=axis
    ).stdout
    (made,) = json.loads(out)
    assert made["not_in_your_ledger"] == []
    calc = table.run(
        "calc", "cna", "barrage", "-", "--json", "--game", "g", "--as", "axis-fc",
        stdin=json.dumps(made["request"]), passphrase=axis,
    ).stdout  # fmt: skip
    assert json.loads(calc)["column"]


def test_refusals_are_one_line_each_and_write_nothing(table: Table) -> None:
    done = table.run(
        "plot", "force-assignment", "--as", "cw-fc",
        "--assign", "1st Essex", "6", "close-assault", "C4218",
        passphrase="cw-fc-pass", ok=False,
    )  # fmt: skip
    assert "commit a Barrage plot first" in done.stderr and "Traceback" not in done.stderr
    done = table.run(
        "plot", "barrage", "--as", "cw-fc",
        "--fire", "4th Ryl Horse Arty", "six", "forward", "C4022", "gun #1",
        passphrase="cw-fc-pass", ok=False,
    )  # fmt: skip
    assert "--fire 1: 'six': TOE points N or N:SYSTEM" in done.stderr
    done = table.run(
        "plot", "barrage", "--as", "cw-fc",
        "--fire", "4th Ryl Horse Arty", "6", "sideways", "C4022", "tank #1",
        passphrase="cw-fc-pass", ok=False,
    )  # fmt: skip
    assert "'sideways': forward or back (12.11)" in done.stderr
    done = table.run(
        "plot", "barrage", "--as", "cw-fc", "--side", "axis", "--none",
        passphrase="cw-fc-pass", ok=False,
    )  # fmt: skip
    assert "Traceback" not in done.stderr
