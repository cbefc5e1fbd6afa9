"""The CLI half of issue 17's end-to-end test: GT 1 OpStage 1 of Graziani's Offensive played
through ``quartermaster --as SEAT`` from tests/opstage_script.py, every step accepted, and the
ledger then holding what a player would check (the figures worked out below from the rules)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ledger.journal import EventStore
from ledger.journal.session import GameSession
from tests.opstage_play import CliTable, events_of
from tests.opstage_script import GAME, SCRIPT, normalized


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> CliTable:
    """A table that set up its game and played the whole script."""
    folder = tmp_path_factory.mktemp("opstage_cli")
    table = CliTable(folder, folder / "cli.db")
    table.set_up()
    for step in SCRIPT:
        table.play(step)
    return table


def test_every_step_is_accepted_and_the_stage_ends(played: CliTable) -> None:
    store = EventStore(played.url)
    state = GameSession(store, GAME).state
    store.engine.dispose()
    assert (state.clock.game_turn, state.clock.op_stage) == (1, 2)
    assert state.phase == "organization"  # the next OpStage opens in C (5.2 III)
    named = {u.name: u for u in state.units.values()}
    tanks = named["IX(L) Tank Bn"]
    # 40 Fuel less 9 for 1 CP: 9 CV33 TOE points at Fuel rate 1 (49.13); 20 Ammunition less
    # 16 fired in the assault (50.2); 9 CV33 - 1 broken down (reading 45 on 31-40, 10 %,
    # 21.34) - 1 lost in the assault (15.83) + 1 repaired (K) = 8
    assert (tanks.location, tanks.supplies.fuel, tanks.supplies.ammo) == ("C3921", 31, 4)
    assert [(t.system, t.points) for t in tanks.toe] == [("it.cv33", 8)]
    assert tanks.awaiting_repair == () and tanks.cp_expended == 0  # 6.16
    # 60 Ammunition less 12 TOE (9 75/27, 3 100/17) x 4 for the barrage (50.2)
    assert named["2nd Libyan Artillery Regt"].supplies.ammo == 12
    guards = named["3rd Coldstream Guards"]
    # the convoy's 4 Ammunition, 6 Stores (CR2); 3 DP of 15.87; the markers off at the end
    assert (guards.supplies.ammo, guards.supplies.stores) == (4, 6)
    assert guards.cohesion == -3 and not guards.combat_markers
    # 130 Fuel less 120 burnt: 60 truck points, 10 CP = 2 x 60 (49.13, 54.2)
    convoy = state.trucks["commonwealth_2nd3rd_6"]
    assert (convoy.location, convoy.cargo.fuel) == ("C3922", 10)
    assert {k: r.status for k, r in state.requisitions.items()} == {
        "CR1": "fulfilled",
        "CR2": "fulfilled",
    }


def test_the_ledger_is_the_same_when_played_again(played: CliTable, tmp_path: Path) -> None:
    again = CliTable(tmp_path, tmp_path / "again.db")
    again.set_up()
    for step in SCRIPT:
        again.play(step)
    assert normalized(events_of(again.url)) == normalized(events_of(played.url))
