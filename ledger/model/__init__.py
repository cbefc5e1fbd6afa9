"""The nouns of the ledger and the fold: the bottom layer, importing only ``ledger.charts``.

Quantities (supply points, quarter-CP, 11.32 rounding), the clock and phases (5.2), places,
units and their TOE, holdings (dumps, truck groups), strength (11.3), scenario set-up, the
rulings registry, events, the game state and ``apply``/``fold`` (state = fold of events).
"""
