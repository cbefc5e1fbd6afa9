"""How the set-up events (``ledger.model.setup_step``) change a state being folded: each
handler takes the draft, the event and ``sign`` (1 apply, -1 reverse)."""

from __future__ import annotations

from ledger.model.draft import Draft
from ledger.model.setup_step import CounterPlaced, SetupFinished


def counter_placed(d: Draft, event: CounterPlaced, sign: int) -> None:
    """The counter goes to ``event.location`` (reversed: back to ``event.before``)."""
    raise NotImplementedError("issue 18: set-up")


def setup_finished(d: Draft, event: SetupFinished, sign: int) -> None:
    """``event.side`` leaves ``setup_open``; reversed, it is back in it."""
    raise NotImplementedError("issue 18: set-up")
