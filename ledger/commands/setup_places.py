"""Where the set-up step puts counters (59.4): which scenario locations leave the hex to the
player, the hexes a placement names, the Tripoli/Tunisia boxes by their printed names (8.81),
and whether the hexes keep to the maps and distances the scenario's words name; and the message
that refuses anything else while a side sets up (``open_message``). Used by
``ledger.commands.setup``, ``ledger.commands.stage_end`` and ``ledger.reports.setup``.
"""

from __future__ import annotations

import re
from typing import Final

from ledger.model.errors import LedgerError
from ledger.model.places import TRIPOLI_TUNISIA_BOXES, is_off_map, is_tripoli_tunisia_box
from ledger.model.seats import side_name
from ledger.model.state import GameState
from ledger.rules.checks import hex_distance_at_least

SETUP_CASE: Final = "59.4"
HEX: Final = re.compile(r"^[A-E]\d{4}$")
"""A hex as the maps number it: map letter and four digits (``C4218``)."""
_CHOICE_WORDS: Final = ("choice", "any ", "anywhere", "within ", "map ")
_OPTIONAL_WORDS: Final = ("and/or",)
_MAPS: Final = re.compile(r"\bmaps? ([A-E])(?:,? (?:or|and) ([A-E]))?\b")
_WITHIN: Final = re.compile(r"within (\d+) hex(?:es)? of ([A-E]\d{4})")


def is_choice_location(location: str) -> bool:
    """Whether a scenario location leaves the hex to the player (59.4): not a hex, not a
    Tripoli/Tunisia box, and worded as a choice ("any hexes, player's choice", "map C or D,
    Egypt", "within 3 hexes of C0716", "any own air facility", "Anywhere, maps")."""
    text = location.strip()
    if not text or HEX.match(text) or is_off_map(text):
        return False
    lowered = text.casefold()
    return any(word in lowered for word in _CHOICE_WORDS)


def is_placeable(location: str) -> bool:
    """Whether a counter at ``location`` may be placed at set-up: a choice location, or one
    naming alternatives ("Cairo and/or Helwan (E1430)"); never a hex or a box (fixed)."""
    lowered = location.casefold()
    return is_choice_location(location) or (
        not HEX.match(location.strip()) and any(w in lowered for w in _OPTIONAL_WORDS)
    )


def hexes_of(location: str) -> tuple[str, ...]:
    """The hexes a placed counter stands in: ``"C1014"`` → one, a dummy dump's ``"C1014,
    C1115"`` → two; none for a location that is not hexes."""
    parts = tuple(p.strip() for p in location.split(","))
    return parts if parts and all(HEX.match(p) for p in parts) else ()


def box_name(text: str) -> str:
    """A Tripoli/Tunisia box as scenario files and the upkeep write it (``"tripoli"``,
    ``"TRIPOLI"`` → ``"Tripoli"``, 8.81); any other text unchanged (stripped)."""
    wanted = text.strip().casefold()
    return next((box for box in TRIPOLI_TUNISIA_BOXES if box.casefold() == wanted), text.strip())


def map_errors(location: str, hexes: tuple[str, ...], field: str) -> list[LedgerError]:
    """The hexes keep to the maps and distance the scenario's words name (``"map C or D"``,
    ``"within 3 hexes of C0716"``, as far as the hex numbers tell); a Tripoli/Tunisia box
    (8.81) is no hex of any map and within no distance of one."""
    errors = []
    maps = _MAPS.search(location)
    allowed = {m for m in maps.groups() if m} if maps else set()
    within = _WITHIN.search(location)
    for h in hexes:
        if is_tripoli_tunisia_box(h):
            if allowed or within:
                where = (
                    "a hex of map " + " or ".join(sorted(allowed))
                    if allowed
                    else f"within {within.group(1)} hexes of {within.group(2)}"  # type: ignore[union-attr]
                )
                errors.append(
                    LedgerError(
                        field,
                        f"{h} is a box (8.81), not {where}: the set-up says {location!r}",
                        SETUP_CASE,
                    )
                )
            continue
        if allowed and h[0] not in allowed:
            errors.append(
                LedgerError(
                    field, f"{h} is on map {h[0]}; the set-up says {location!r}", SETUP_CASE
                )
            )
        if within:
            reach, centre = int(within.group(1)), within.group(2)
            least = hex_distance_at_least(h, centre)
            if least is None or least > reach:
                errors.append(
                    LedgerError(field, f"{h} is not within {reach} hexes of {centre}", SETUP_CASE)
                )
    return errors


def open_message(state: GameState) -> str:
    """``"the game has not started: the Axis and the Commonwealth are still setting up …"``."""
    sides = " and ".join(f"the {side_name(s)}" for s in state.setup_open)
    verb = "is" if len(state.setup_open) == 1 else "are"
    finish = " and ".join(f"`quartermaster setup finish --side {s}`" for s in state.setup_open)
    return (
        f"the game has not started: {sides} {verb} still setting up (59.4, 60.3); place what the "
        f"set-up leaves to your choice, spread and load first-line trucks, then {finish}"
    )
