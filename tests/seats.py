"""The table the seat tests sit at (issue 16): Graziani with an umpire and three players."""

from __future__ import annotations

from typing import Final

from ledger.journal import EventStore
from ledger.journal.seats import add_seat
from ledger.journal.session import create_game
from ledger.model.scenario import Setup
from ledger.model.seats import Seat

UMPIRE: Final = Seat("umpire", None)
AXIS_FC: Final = Seat("axis-fc", "axis", ("field_commander",))
CW_FC: Final = Seat("cw-fc", "commonwealth", ("field_commander",))
CW_LC: Final = Seat("cw-lc", "commonwealth", ("logistics_commander",))


def seated_game(store: EventStore, setup: Setup, name: str = "g") -> EventStore:
    """Game ``name`` of ``setup`` in ``store`` with the umpire's seat and the three players'
    (Axis Field Commander, Commonwealth Field and Logistics Commanders), each seat's
    passphrase its name followed by " passphrase"."""
    create_game(store, name, setup, setup_step=False)
    add_seat(store, name, UMPIRE, "umpire passphrase")
    for seat in (AXIS_FC, CW_FC, CW_LC):
        add_seat(store, name, seat, f"{seat.name} passphrase", by=UMPIRE)
    return store
