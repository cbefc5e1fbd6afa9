"""Issue 16, done when: three players play a Graziani Operations Stage from their own seats,
each seeing only what the seat may see. The Axis player holds every Axis role
(Commander-in-Chief); the Commonwealth splits its Field and Logistics Commanders. No umpire:
the host sets the seats up. Every step goes through ``quartermaster --as SEAT``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ledger.io.scenario import load_scenario, resolve
from tests.cli.test_cli_plots import Table

PASSES = {"axis": "axis-pass", "cw-fc": "cw-fc-pass", "cw-lc": "cw-lc-pass"}
SIDE_OF = {"axis": "axis", "cw-fc": "commonwealth", "cw-lc": "commonwealth"}
REVEALED = {"axis": {"1st Essex"}, "commonwealth": {"201st Artillery Regt"}}
"""The enemy counters each side's revealed plots name (public once revealed, 5.2 III G)."""


@pytest.fixture(scope="module")
def names() -> dict[str, set[str]]:
    """Each side's counter names (the printed set-up, 60.22)."""
    units = load_scenario(resolve("graziani")).units
    return {s: {u.name for u in units if u.side == s} for s in ("axis", "commonwealth")}


def as_seat(table: Table, seat: str, *args: str, ok: bool = True) -> str:
    return table.run(*args, "--as", seat, passphrase=PASSES[seat], ok=ok).stdout


def enemy_names_in(text: str, seat: str, names: dict[str, set[str]]) -> set[str]:
    enemy = "commonwealth" if SIDE_OF[seat] == "axis" else "axis"
    own = names[SIDE_OF[seat]]
    # a name both sides print (none in Graziani today) would prove nothing either way
    return {n for n in names[enemy] - own if n in text}


def test_three_seats_play_an_operations_stage(tmp_path: Path, names: dict[str, set[str]]) -> None:
    table = Table(tmp_path)
    table.run("new", "--skip-setup", "g", "--scenario", "graziani")
    for seat, side, role in (
        ("axis", "axis", "commander_in_chief"),
        ("cw-fc", "commonwealth", "field_commander"),
        ("cw-lc", "commonwealth", "logistics_commander"),
    ):
        table.run("seat", "add", seat, "--side", side, "--role", role, new=PASSES[seat])
    refused = table.run("units", ok=False).stderr
    assert "played from seats; sign in as one of" in refused

    # Organization Phase: a requisition goes from the Field to the Logistics Commander
    as_seat(table, "cw-fc", "requisition", "1st Essex", "--ammo", "2")
    (asked,) = json.loads(as_seat(table, "cw-lc", "requisitions", "--json"))
    assert (asked["unit"], asked["ammo"], asked["filed_by"], asked["status"]) == (
        "1st Essex",
        2,
        "cw-fc",
        "open",
    )
    assert json.loads(as_seat(table, "axis", "requisitions", "--json")) == []
    said = table.run("fulfil", "CR1", "--from", "Mersa Matruh", "--as", "cw-fc", ok=False,
                     passphrase=PASSES["cw-fc"]).stderr  # fmt: skip
    assert "is kept by the Logistics Commander (4.5)" in said
    assert "requisition CR1 fulfilled" in as_seat(
        table, "cw-lc", "fulfil", "CR1", "--from", "Mersa Matruh"
    )
    as_seat(table, "axis", "arrive", "201st Artillery Regt", "--cause", "convoy", "--ammo", "60")
    # The Commonwealth assaults in its own Movement and Combat Phase (5.2 III.G): Player B's,
    # since the Axis holds the Initiative in Graziani and moves first (7.11, 60.6).
    as_seat(table, "axis", "phase", "G", "--player", "B")

    # Combat Segment 1: sealed plots, revealed together (5.2 III G 3 b, d)
    as_seat(table, "axis", "plot", "barrage", "--fire", "201st Artillery Regt",
            "6:75/27 Gun", "forward", "C4119", "infantry #1 OASIS")  # fmt: skip
    assert "OASIS" not in as_seat(table, "cw-fc", "plot", "show")
    assert "revealed" in as_seat(table, "cw-fc", "plot", "barrage", "--none")
    as_seat(table, "cw-fc", "plot", "force-assignment", "--assign", "1st Essex", "6",
            "close-assault", "C4218")  # fmt: skip
    as_seat(table, "axis", "plot", "force-assignment", "--assign", "201st Artillery Regt",
            "6:75/27 Gun", "close-assault", "C4218")  # fmt: skip

    # the Commonwealth works the assault out and posts it from its own seat: the Axis
    # defenders its revealed plot names are in its view (11.36)
    requests = json.loads(
        as_seat(table, "cw-fc", "plot", "show", "--requests", "--phasing", "commonwealth")
    )
    (assault,) = [r for r in requests if r["request"]["combat"] == "close-assault"]
    assert assault["not_in_your_ledger"] == []
    (tmp_path / "assault.json").write_text(json.dumps(assault["request"]))
    posted = as_seat(table, "cw-fc", "resolve", "assault.json", "--roll", "--seed", "3",
                     "--confirm")  # fmt: skip
    assert "column +2" in posted and "1st Essex TOE -1" in posted
    axis_history = as_seat(table, "axis", "history", "--last", "20")
    assert "close assault D3714 → C4218; column +2" in axis_history  # results are public
    assert "201st Artillery Regt loses 12 Ammunition" in axis_history
    assert "Commonwealth: " in axis_history  # the Commonwealth's own entries, counted
    assert "1st Essex TOE" not in axis_history and "Mersa Matruh" not in axis_history

    as_seat(table, "cw-fc", "phase", "L", "--player", "B")  # 5.2: ends from the last phase
    as_seat(table, "cw-fc", "end-stage")
    for seat in PASSES:
        clock = json.loads(as_seat(table, seat, "clock", "--json"))
        assert (clock["game_turn"], clock["op_stage"]) == (1, 2)
        for report in (("units", "--json"), ("history",), ("supply",), ("requisitions",)):
            shown = as_seat(table, seat, *report)
            # the journal keeps the revealed plots, which name the enemy's plotted counter
            public = REVEALED[SIDE_OF[seat]] if report == ("history",) else set()
            assert enemy_names_in(shown, seat, names) == public, (seat, report)
        own = json.loads(as_seat(table, seat, "units", "--json"))
        assert {u["side"] for u in own} == {SIDE_OF[seat]}
