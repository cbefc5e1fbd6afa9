"""Named checks over the state: the warnings a table should see (returned, never raised).

- ``over-cpa``: a unit has expended more CP than its CPA this Operations Stage (6.21).
- ``cohesion-17``: Cohesion Level −17 or worse: the unit surrenders if close assaulted (15.88).
- ``cohesion-26``: Cohesion Level −26 or worse: it may not move, attack or defend, and surrenders
  when an enemy combat unit moves adjacent (6.26).
- ``out-of-ammunition``: every unit of a side in a hex is out of ammunition: all surrender if
  close assaulted (15.15; ``surrenders_when_assaulted``); one warning per hex and side.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ledger.model.quantities import format_cp
from ledger.model.state import GameState
from ledger.model.units import Side
from ledger.rules.shortage_status import hex_surrenders

SURRENDERS_WHEN_ASSAULTED: Final = -17
"""15.88: at this Cohesion Level or worse a unit surrenders when close assaulted."""
MAY_NOT_MOVE: Final = -26
"""6.26: at this Cohesion Level or worse a unit may not move, attack or defend."""


@dataclass(frozen=True, slots=True)
class Warning:
    """One warning: the ``check`` that raised it, the unit, the message and the rule case."""

    check: str
    unit_id: str
    side: Side
    message: str
    case: str


def warnings(state: GameState, side: Side | None = None) -> list[Warning]:
    """Every warning for the units in play (of ``side``, or both), worst first."""
    found: list[Warning] = []
    for unit in state.units_in_play(side):
        cpa = state.cpa(unit)
        if unit.cohesion <= MAY_NOT_MOVE:
            found.append(
                Warning(
                    "cohesion-26",
                    unit.id,
                    unit.side,
                    f"{unit.name}: Cohesion Level {format_cp(unit.cohesion)} — may not move, "
                    "attack or defend; surrenders if an enemy combat unit moves adjacent",
                    "6.26",
                )
            )
        elif unit.cohesion <= SURRENDERS_WHEN_ASSAULTED:
            found.append(
                Warning(
                    "cohesion-17",
                    unit.id,
                    unit.side,
                    f"{unit.name}: Cohesion Level {format_cp(unit.cohesion)} — surrenders if close assaulted",
                    "15.88",
                )
            )
        if cpa is not None and unit.cp_expended > cpa:
            found.append(
                Warning(
                    "over-cpa",
                    unit.id,
                    unit.side,
                    f"{unit.name}: {format_cp(unit.cp_expended)} CP expended, CPA {cpa} "
                    f"({format_cp(unit.cp_expended - cpa)} over)",
                    "6.21",
                )
            )
    found += _ammunition_surrenders(state, side)
    order = {"cohesion-26": 0, "cohesion-17": 1, "out-of-ammunition": 2, "over-cpa": 3}
    return sorted(found, key=lambda w: (order[w.check], w.unit_id))


def surrenders_when_assaulted(state: GameState, location: str, side: Side) -> bool:
    """15.15: whether ``side``'s units in ``location`` would all surrender if Close Assaulted
    because every one of them is out of ammunition (ruling ``15.15-out-of-ammunition``); the
    ammunition each can draw is its own, its side's dumps and first-line trucks in the hex.
    ``False`` for a hex without its units. (Cohesion −17, 15.88, is ``cohesion-17``.)"""
    return hex_surrenders(state, location, side)


def _ammunition_surrenders(state: GameState, side: Side | None) -> list[Warning]:
    """One warning per hex and side whose units are all out of ammunition (15.15), naming the
    first of them (by id) and how many there are."""
    by_hex: dict[tuple[str, Side], list[str]] = {}
    for unit in state.units_in_play(side):
        by_hex.setdefault((unit.location, unit.side), []).append(unit.id)
    found: list[Warning] = []
    for (location, unit_side), unit_ids in by_hex.items():
        if not surrenders_when_assaulted(state, location, unit_side):
            continue
        first = state.units[min(unit_ids)]
        others = f" and {len(unit_ids) - 1} more" if len(unit_ids) > 1 else ""
        found.append(
            Warning(
                "out-of-ammunition",
                first.id,
                unit_side,
                f"{location}: {first.name}{others}, every unit of its side there, out of "
                "ammunition — all surrender if close assaulted",
                "15.15",
            )
        )
    return found
