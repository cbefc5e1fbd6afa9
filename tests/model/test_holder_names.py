"""Truck groups by what players call them, in every refusal that names a holder (issue 17
item 5): ``GameState.holder_name`` and ``truck_group_name``."""

from __future__ import annotations

from ledger.model.apply import start
from ledger.model.events import GameStarted
from ledger.model.scenario import Setup
from ledger.model.source import Source


def test_truck_groups_are_named_by_place_and_size(graziani_setup: Setup) -> None:
    state = start(GameStarted(Source(graziani_setup.info.start), graziani_setup))
    # 60.31: the Axis first-line trucks at C4218 are 10 light, 25 medium and 10 heavy points
    assert state.holder_name("it_c4218_1ccnn") == "first-line trucks at C4218 (45 TP)"
    convoys = [g for g in state.trucks.values() if g.line != "first"]
    names = {state.holder_name(g.id) for g in convoys}
    assert all(name.startswith("convoy at ") and "TP)" in name for name in names)
    assert not any(g.id in name for g in convoys for name in names)
    assert state.holder_name("no_such_group") == "'no_such_group'"
