"""The set-up step's journal events (59.4, 60.3): before the scenario's first Operations
Stage each side places the counters the set-up leaves to its choice, spreads and loads its
first-line trucks free of cost (59.42, 59.45; a ``SuppliesArrived`` of cause ``set-up``), and
says it has finished. The game starts when every side has finished (``GameState.setup_open``
is empty).

Posted by ``ledger.commands.setup`` and folded by ``ledger.model.apply_setup``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ledger.model.source import Source
from ledger.model.units import Side


@dataclass(frozen=True, slots=True)
class CounterPlaced:
    """At set-up, ``counter_id`` (a unit or a dump, a dummy one included) is placed at
    ``location`` (a hex or box); ``before`` is where the scenario left it, for reversal."""

    source: Source
    counter_id: str
    location: str
    before: str
    kind: Literal["counter_placed"] = "counter_placed"


@dataclass(frozen=True, slots=True)
class SetupFinished:
    """``side`` has finished its set-up; once every side has, the game starts."""

    source: Source
    side: Side
    kind: Literal["setup_finished"] = "setup_finished"
