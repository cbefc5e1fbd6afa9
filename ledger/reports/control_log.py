"""The Rear Area Commander's control sheets (4.53) as plain rows for ``ledger.io.control_sheets``.

- Vehicle Repair Control Sheet: per unit of a side in play, its TOE Strength Points awaiting
  repair (21.34, ``Unit.awaiting_repair``) by weapon system, with the Breakdown Points its
  vehicles gained this Operations Stage (21.25), the BP it last checked at (21.26) and the
  points repaired this Game-Turn with when (5.2 III.K, ``Unit.repairs``);
- POW Control Sheet: the Prisoner Points a side holds (15.86d) and the guns and tanks it
  captured (15.86d), by the weapon systems' printed names.

Rows are dicts of ``int``, ``str``, ``Fraction`` or ``None`` (an empty box); every name is the
one printed on the counter or chart, never an id (the ``id``/``holder`` keys are for marking
cells only and are not drawn).
"""

from __future__ import annotations

from typing import Any, Final

from ledger.model.phases import PHASES, phase
from ledger.model.seats import SIDE_NAMES
from ledger.model.state import GameState
from ledger.model.units import Repair, Side, Unit
from ledger.reports.player_text import id_words
from ledger.reports.toe_log import natural_key

Row = dict[str, Any]

PHASE_KEYS: Final = frozenset(p.key for p in PHASES)


def _system_name(state: GameState, system: str) -> str:
    known = state.systems.get(system)
    return known.name if known is not None else id_words(system)


def repairs_this_game_turn(state: GameState, unit: Unit) -> list[Repair]:
    """The repairs recorded for ``unit`` in the current Game-Turn (``Unit.repairs``; 5.2 III.K),
    oldest first. The Vehicle Repair Control Sheet keeps a Game-Turn's repairs: a Repair Phase
    comes in each player's turn of each of the three Operations Stages, and a player filling
    the form keeps the week's work on one sheet, so a unit repaired in Operations Stage 1
    still shows it until the next Game-Turn begins."""
    return [r for r in unit.repairs if r.at.game_turn == state.clock.game_turn]


def _when(repair: Repair) -> str:
    """``"OpStage 2, Repair Phase"``: the Operations Stage of a repair and its phase (5.2 III.K;
    the sheet is one side's, so the phase's player letter would say nothing more)."""
    if repair.phase not in PHASE_KEYS:
        return f"OpStage {repair.at.op_stage}"
    return f"OpStage {repair.at.op_stage}, {phase(repair.phase).name}"


def repair_lines(state: GameState, side: Side) -> list[Row]:
    """Vehicle Repair Control Sheet lines of ``side`` (4.53): for each unit in play with
    points awaiting repair, Breakdown Points this OpStage or repairs recorded this Game-Turn
    (``repairs_this_game_turn``), by name (number-aware), one line per weapon system awaiting
    repair or repaired (awaiting first, then repaired only; one line without a system when
    neither).

    Keys: ``unit`` (its name, on its first line only), ``location``, ``system`` (printed
    name), ``awaiting`` (TOE Strength Points broken down, 21.34; ``None`` when none),
    ``bp`` (Breakdown Points this OpStage, 21.25; first line only), ``checked_at`` (the BP it
    last checked at, 21.26; ``None`` when not checked), ``repaired`` (TOE Strength Points of
    the system repaired this Game-Turn, 5.2 III.K; ``None``: an empty box for the Repair
    Phase), ``repaired_when`` (``"OpStage 1, Repair Phase"``, each repair's Operations Stage and
    phase, ``"; "``-joined with its points when there were several: ``"OpStage 1, Repair Phase: 2;
    OpStage 2, Repair Phase: 1"``; ``""`` when none)."""
    units = sorted(
        (
            u
            for u in state.units_in_play(side)
            if u.awaiting_repair or u.breakdown_points or repairs_this_game_turn(state, u)
        ),
        key=lambda u: natural_key(u.name),
    )
    rows: list[Row] = []
    for unit in units:
        done = repairs_this_game_turn(state, unit)
        waiting = {h.system: h.points for h in unit.awaiting_repair}
        systems = list(waiting)
        systems += [s for s in dict.fromkeys(r.system for r in done) if s not in waiting]
        for index, system in enumerate(systems or [None]):
            first = index == 0
            mine = [r for r in done if r.system == system]
            when = [_when(r) for r in mine]
            if len(mine) > 1:
                when = [f"{w}: {r.points}" for w, r in zip(when, mine, strict=True)]
            rows.append(
                {
                    "unit": unit.name if first else "",
                    "location": unit.location if first else "",
                    "system": _system_name(state, system) if system else "",
                    "awaiting": waiting.get(system) if system else None,
                    "bp": unit.breakdown_points if first else None,
                    "checked_at": unit.breakdown_checked_at if first else None,
                    "repaired": sum(r.points for r in mine) if mine else None,
                    "repaired_when": "; ".join(when),
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
