"""The enemy holder a capture names (50.16, 11.36): the CLI's ``capture`` and the dashboard's
Capture form both look it up with ``ledger.commands.capture.enemy_holder``."""

from __future__ import annotations

from dataclasses import replace

from ledger.commands.capture import capture_named, enemy_holder
from ledger.model.apply import start
from ledger.model.errors import LedgerError
from ledger.model.events import GameStarted, SuppliesArrived, SuppliesConsumed
from ledger.model.quantities import Supplies
from ledger.model.scenario import Setup
from ledger.model.source import Source
from ledger.model.state import GameState

GUARDS = "cw.unassigned_inf.2nd_scots_guards"


def guards_at_tobruk(setup: Setup) -> GameState:
    """Graziani with 2nd Scots Guards standing in Tobruk's hex, C4807, by the Axis dump."""
    state = start(GameStarted(Source(setup.info.start), setup))
    guards = replace(state.units[GUARDS], location="C4807")
    return replace(state, units={**state.units, GUARDS: guards})


def test_a_seat_names_only_an_enemy_holder_in_the_captors_hex(graziani_setup: Setup) -> None:
    state = guards_at_tobruk(graziani_setup)
    assert enemy_holder(state, "Tobruk", GUARDS, "commonwealth") == "ax_tobruk"
    assert enemy_holder(state, "tobruk", GUARDS, "commonwealth") == "ax_tobruk"
    elsewhere = enemy_holder(state, "Bardia", GUARDS, "commonwealth")
    assert elsewhere == LedgerError(
        "ENEMY", "no enemy dump, truck group or unit called 'Bardia' in C4807", "50.16"
    )
    # the solo table and the umpire see every holder: any name in the game
    assert enemy_holder(state, "Bardia", GUARDS, None) == "ax_bardia"


def test_capture_named_keeps_the_usable_share(graziani_setup: Setup) -> None:
    state = guards_at_tobruk(graziani_setup)
    source = Source(state.clock, "commonwealth", "logistics_commander")
    taken = Supplies(ammo=31, stores=25)
    outcome = capture_named(state, "Tobruk", GUARDS, "commonwealth", source, taken)
    lost, kept = outcome.events
    assert isinstance(lost, SuppliesConsumed) and lost.holder == "ax_tobruk"
    assert lost.supplies == taken
    # 50.16: a third of 31 Ammunition rounded up = 11; 51.16: half of 25 Stores (ruling)
    assert isinstance(kept, SuppliesArrived) and kept.holder == GUARDS
    assert kept.supplies.ammo == 11 and kept.supplies.stores in (12, 13)
    refused = capture_named(state, "Bardia", GUARDS, "commonwealth", source, taken)
    assert [e.field for e in refused.errors] == ["ENEMY"]
