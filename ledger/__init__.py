"""Quartermaster: the journaled ledger of *The Campaign for North Africa* (SPI 1979).

Packages by role, lowest first (docs/design.md; import-linter checks the order):
``charts`` (the engine every game shares), ``model`` (values, events, state = fold of events,
``ledger.model.apply.fold``), ``rules`` (CNA rules as pure functions), ``combat``, ``commands``
(validate against the state and return events or error values), ``reports`` and ``planning``
(read models, the convoy planner), ``journal`` (the only database code) and ``io`` (the only
file-format code), ``cli``; ``games`` holds the other games' calculators on ``charts`` alone.
"""

__version__ = "0.1.0"
