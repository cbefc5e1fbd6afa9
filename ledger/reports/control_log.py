"""The Rear Area Commander's control sheets (4.53) as plain rows for ``ledger.io.control_sheets``.

- Vehicle Repair Control Sheet: per unit of a side in play, its TOE Strength Points awaiting
  repair (21.34, ``Unit.awaiting_repair``) by weapon system, with the Breakdown Points its
  vehicles gained this Operations Stage (21.25) and the BP it last checked at (21.26);
- POW Control Sheet: the Prisoner Points a side holds (15.86d) and the guns and tanks it
  captured (15.86d), by the weapon systems' printed names.

Rows are dicts of ``int``, ``str``, ``Fraction`` or ``None`` (an empty box); every name is the
one printed on the counter or chart, never an id (the ``id``/``holder`` keys are for marking
cells only and are not drawn).
"""

from __future__ import annotations

from typing import Any

from ledger.model.seats import SIDE_NAMES
from ledger.model.state import GameState
from ledger.model.units import Side
from ledger.reports.toe_log import natural_key

Row = dict[str, Any]


def _system_name(state: GameState, system: str) -> str:
    known = state.systems.get(system)
    return known.name if known is not None else system.rsplit(".", 1)[-1].replace("_", " ")


def repair_lines(state: GameState, side: Side) -> list[Row]:
    """Vehicle Repair Control Sheet lines of ``side`` (4.53): for each unit in play with
    points awaiting repair or Breakdown Points this OpStage, by name (number-aware), one line
    per weapon system awaiting repair (or one line without a system).

    Keys: ``unit`` (its name, on its first line only), ``location``, ``system`` (printed
    name), ``awaiting`` (TOE Strength Points broken down, 21.34), ``bp`` (Breakdown Points
    this OpStage, 21.25; first line only), ``checked_at`` (the BP it last checked at, 21.26;
    ``None`` when not checked), ``repaired`` (``None``: a box for the Repair Phase, 5.2
    III.K)."""
    units = sorted(
        (u for u in state.units_in_play(side) if u.awaiting_repair or u.breakdown_points),
        key=lambda u: natural_key(u.name),
    )
    rows: list[Row] = []
    for unit in units:
        holdings = unit.awaiting_repair or (None,)
        for index, holding in enumerate(holdings):
            first = index == 0
            rows.append(
                {
                    "unit": unit.name if first else "",
                    "location": unit.location if first else "",
                    "system": _system_name(state, holding.system) if holding else "",
                    "awaiting": holding.points if holding else None,
                    "bp": unit.breakdown_points if first else None,
                    "checked_at": unit.breakdown_checked_at if first else None,
                    "repaired": None,
                }
            )
    return rows


def pow_lines(state: GameState, side: Side) -> list[Row]:
    """POW Control Sheet lines of ``side`` (4.53): the Prisoner Points it holds (15.86d: one
    for each infantry-type TOE Strength Point it captured), then the guns and tanks it
    captured (15.86d), by printed name. Keys: ``held_by`` (the side's name), ``what``,
    ``points``; the camp, CP and guard boxes are left to the players."""
    rows: list[Row] = []
    points = state.prisoners.get(side, 0)
    if points:
        rows.append(
            {"held_by": SIDE_NAMES[side], "what": "Prisoner Points (15.86d)", "points": points}
        )
    captured = sorted(
        (_system_name(state, system), n) for by, system, n in state.captured_equipment if by == side
    )
    for name, n in captured:
        rows.append(
            {"held_by": SIDE_NAMES[side], "what": f"Captured: {name} (15.86d)", "points": n}
        )
    return rows
