"""How the set-up events (``ledger.model.setup_step``) change a state being folded: each
handler takes the draft, the event and ``sign`` (1 apply, -1 reverse).

A ``CounterPlaced`` names a unit, a dump (a dummy one included) or a truck group: whichever
of the state's maps holds the id. ``SetupFinished`` takes the side out of
``GameState.setup_open`` (the draft's ``base``: the field is not one of its tables).
"""

from __future__ import annotations

import dataclasses

from ledger.model.draft import Draft
from ledger.model.setup_step import CounterPlaced, SetupFinished
from ledger.model.units import SIDES


def counter_placed(d: Draft, event: CounterPlaced, sign: int) -> None:
    """The counter goes to ``event.location`` (reversed: back to ``event.before``). Raises
    ``KeyError`` for a counter the state does not hold."""
    where = event.location if sign > 0 else event.before
    for table in (d.units, d.dumps, d.trucks):
        if event.counter_id in table:
            table.fields(event.counter_id)["location"] = where
            return
    raise KeyError(f"no counter {event.counter_id!r} to place")


def setup_finished(d: Draft, event: SetupFinished, sign: int) -> None:
    """``event.side`` leaves ``setup_open``; reversed, it is back in it (in ``SIDES`` order)."""
    open_now = set(d.base.setup_open)
    if sign > 0:
        open_now.discard(event.side)
    else:
        open_now.add(event.side)
    d.base = dataclasses.replace(d.base, setup_open=tuple(s for s in SIDES if s in open_now))
