"""Issue 18's "done when", from the command line: a group starts *The Italian Campaign*
(60.23), does its set-up (59.4), and plays through the GT 9 OpStage 2 Axis arrivals (4.43b) and
the GT 13 OpStage 3 withdrawal of the 5th Indian Brigade group (4.43a, 20.8), the ledger doing
the bookkeeping. In one process (``ledger.cli.main``), as the stage ends are many."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from ledger.cli import main

XXV_ARTY = "XXV Corps Artillery Regt"  # arrives at Tripoli GT 9.2 (arrivals.csv, 4.43b)
FIFTH_INDIAN = (  # withdrawals.csv cw-wd-01, GT 13.3
    "5th Indian Bde HQ",
    "1st Royal Fusiliers",
    "3/1 Punjab Regt",
    "4/6 Rajputana Rifles",
)
LIBYA, EGYPT = "C4218", "D3714"


class Table:
    """The players' terminal: ``quartermaster`` run in this process on one database."""

    def __init__(self, db: Path, capsys: pytest.CaptureFixture[str]) -> None:
        self.db, self.capsys = str(db), capsys

    def run(self, *args: str, ok: bool = True) -> str:
        self.capsys.readouterr()
        status = main([*args, "--db", self.db])
        out, err = self.capsys.readouterr()
        assert (status == 0) == ok, f"{args}: {err}{out}"
        return out if ok else err

    def json(self, *args: str) -> Any:
        return json.loads(self.run(*args, "--json"))

    def next_stage(self) -> str:
        """Step to L. Patrol Phase (Player B) and end the Operations Stage (5.2)."""
        self.run("phase", "L", "--player", "B")
        return self.run("end-stage")


def choice_hex(location: str) -> str:
    """A hex the set-up's words allow (the map named, else Libya or Egypt as said)."""
    within = re.search(r"within \d+ hex(?:es)? of ([A-E]\d{4})", location)
    if within:
        return within.group(1)
    first = EGYPT if "Egypt" in location else LIBYA
    sheet = re.search(r"\bmaps? ([A-E])\b", location)
    return f"{sheet.group(1)}3020" if sheet and sheet.group(1) != first[0] else first


def set_up(table: Table, side: str) -> None:
    """Place every counter the set-up leaves to ``side``'s choice, then finish (59.4)."""
    for row in table.json("setup", "status", "--side", side):
        if row["what"] != "to place":
            continue
        count = (
            int(re.search(r"(\d+) hexes", row["todo"]).group(1)) if "hexes" in row["todo"] else 1
        )
        first = choice_hex(row["location"])
        hexes = [f"{first[:3]}{int(first[3:]) + i:02d}" for i in range(count)]
        table.run("setup", "place", row["counter"], "--side", side, "--at", *hexes)
    table.run("setup", "finish", "--side", side)


def test_the_italian_campaign_from_set_up_to_the_first_withdrawal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    table = Table(tmp_path / "ledger.db", capsys)
    created = table.run("new", "ic", "--scenario", "italian-campaign")
    assert "The Italian Campaign (60.23)" in created and "set-up step (59.4)" in created
    refused = table.run("spend-cp", "1st CCNN Div HQ", "1", ok=False)
    assert "still setting up (59.4, 60.3)" in refused

    set_up(table, "axis")
    set_up(table, "commonwealth")
    assert "the game has started" in table.run("setup")
    table.run("spend-cp", "1st CCNN Div HQ", "1")  # the game has begun

    def unit(name: str) -> dict[str, Any] | None:
        return next((u for u in table.json("units", "--all") if u["name"] == name), None)

    while (table.json("clock")["game_turn"], table.json("clock")["op_stage"]) < (9, 1):
        table.next_stage()
    before = unit(XXV_ARTY)
    assert before is not None and not before["in_play"] and before["arrival"] == "GT 9 OpStage 2"
    table.next_stage()  # to GT 9 OpStage 2: the Axis arrivals of 4.43b
    clock = table.json("clock")
    assert (clock["game_turn"], clock["op_stage"]) == (9, 2)
    arrivals = table.run("arrivals")
    arty = next(line for line in arrivals.splitlines() if XXV_ARTY in line)
    assert "GT 9 OpStage 2" in arty and "Tripoli" in arty
    arrived = unit(XXV_ARTY)
    assert arrived is not None and arrived["in_play"]
    assert arrived["toe_points"] == 12  # 105/28 gun x9, 20 mm AA x3
    assert arrived["location"] == "Tripoli"
    history = table.json("history", "--last", "2000")
    entered = [e for e in history if e["kind"] == "reinforcements_arrived"]
    assert entered and entered[-1]["game_time"] == "GT 9 OpStage 2" and entered[-1]["app_made"]
    assert XXV_ARTY in entered[-1]["what"]

    while (table.json("clock")["game_turn"], table.json("clock")["op_stage"]) < (13, 3):
        table.next_stage()
    fusiliers = unit("1st Royal Fusiliers")
    assert fusiliers is not None
    table.run("phase", "L", "--player", "B")
    held = table.run("end-stage", ok=False)
    assert "5th Indian Bde HQ" in held and "quartermaster withdraw" in held and "20.8" in held
    ahead = table.run("withdrawals")
    assert all(name in ahead for name in FIFTH_INDIAN)
    # 20.8x: what they carry goes to a dump where they stand or leave from (not Mersa Matruh)
    done = table.run("withdraw", "cw-wd-01", "--supplies-to", "Alexandria (unlimited supply)")
    assert "withdrawn (20.8)" in done
    names = {u["name"] for u in table.json("units") if u["in_play"]}
    assert not names & set(FIFTH_INDIAN)  # exactly its counters left play...
    assert "2nd Camerons" in names  # ...the 11th Indian Bde's go at GT 15.2
    assert "GT 14 OpStage 1" in table.run("end-stage")
