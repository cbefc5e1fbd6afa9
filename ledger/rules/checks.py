"""Named checks over the state: the warnings a table should see (returned, never raised).

- ``over-cpa``: a unit has expended more CP than its CPA this Operations Stage (6.21).
- ``cohesion-17``: Cohesion Level −17 or worse: the unit surrenders if close assaulted (15.88).
- ``cohesion-26``: Cohesion Level −26 or worse: it may not move, attack or defend, and surrenders
  when an enemy combat unit moves adjacent (6.26).
- ``out-of-ammunition``: every unit of a side in a hex is out of ammunition: all surrender if
  close assaulted (15.15; ``surrenders_when_assaulted``); one warning per hex and side, and
  only where the rule can bite (``within_reach``): never during the set-up step (59.4: no one
  assaults before the first Operations Stage, and the players are still loading their trucks),
  and only for a hex with an enemy unit in play within ``WARNING_REACH`` hexes (a Close
  Assault comes from an adjacent hex, 15.1; the reach leaves time to supply the hex first).
"""

from __future__ import annotations

import re
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
WARNING_REACH: Final = 4
"""Hexes from an enemy unit within which a hex out of ammunition is warned of (15.15): the
ledger's choice (docs/rulings.md, "The 15.15 warning"), not a rule — near enough that the enemy
could be adjacent and assault within the Operations Stage's moves."""
MAP_HEX: Final = re.compile(r"^[A-E]\d{4}$")
"""A hex as the maps number it: map letter, two digits of row (rising northwards), two of
column (rising eastwards, from 01 at the map's west edge): ``C4218``."""
MAPS: Final = "ABCDE"
"""The map sheets from west to east."""


def hex_distance_at_least(a: str, b: str) -> int | None:
    """A lower bound of the hexes between map hexes ``a`` and ``b`` on one map sheet: the
    larger of their row and column differences (a hex grid is never shorter). ``None`` for
    hexes on different sheets (the ledger does not hold the maps' edges). C4218 to C4120: 2."""
    if a[0] != b[0]:
        return None
    return max(abs(int(a[1:3]) - int(b[1:3])), abs(int(a[3:5]) - int(b[3:5])))


def within_reach(a: str, b: str, reach: int = WARNING_REACH) -> bool:
    """Whether map hexes ``a`` and ``b`` may be within ``reach`` hexes of each other: on one
    sheet, by ``hex_distance_at_least``; on neighbouring sheets, when the hex on the eastern one
    is within ``reach`` columns of its west edge (the western sheet's width is not known, so it
    is not checked: a warning too many rather than one missed). Sheets further apart: no."""
    least = hex_distance_at_least(a, b)
    if least is not None:
        return least <= reach
    west, east = sorted((a, b), key=lambda h: MAPS.index(h[0]))
    if MAPS.index(east[0]) - MAPS.index(west[0]) != 1:
        return False
    return int(east[3:5]) <= reach


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


def enemy_within_reach(state: GameState, location: str, side: Side) -> bool:
    """Whether a unit in play of ``side``'s enemy stands within ``WARNING_REACH`` hexes of map
    hex ``location`` (``within_reach``); ``False`` for a place that is not a map hex. A seat's
    view holds no enemy unit (11.36), only the places they stand (``GameState.enemy_hexes``),
    which serve instead. A state with no enemy unit at all (a one-sided scenario) cannot tell:
    ``True``, the warning shown rather than missed."""
    if not MAP_HEX.match(location):
        return False
    if state.enemy_hexes is not None:
        enemies = list(state.enemy_hexes)
    else:
        enemies = [u.location for u in state.units_in_play() if u.side != side]
    if not enemies:
        return True
    return any(MAP_HEX.match(e) and within_reach(location, e) for e in enemies)


def _ammunition_surrenders(state: GameState, side: Side | None) -> list[Warning]:
    """One warning per hex and side whose units are all out of ammunition (15.15), naming the
    first of them (by id) and how many there are; none during the set-up step (59.4), and only
    for hexes with an enemy unit within reach (``enemy_within_reach``)."""
    if state.setup_open:
        return []
    by_hex: dict[tuple[str, Side], list[str]] = {}
    for unit in state.units_in_play(side):
        by_hex.setdefault((unit.location, unit.side), []).append(unit.id)
    found: list[Warning] = []
    for (location, unit_side), unit_ids in by_hex.items():
        if not enemy_within_reach(state, location, unit_side):
            continue
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
