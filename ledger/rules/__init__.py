"""CNA rules as pure functions over ``ledger.model``: one module per rule area.

Consumption (49-52), shortages (49.1x-52.5x), breakdown (21), morale (17), cohesion groups (6.2),
unit size and shells (9.2, 9.26), organization trees (19), holding limits (49.14), what a
shortage forbids (15.15) and the state checks. Nothing here makes events or reads files.
"""
