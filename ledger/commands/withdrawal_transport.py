"""Where a withdrawal leaves from (20.83) and the trucks that go with it (4.43a; interpretation
scen-0006 behind ruling ``withdrawal-transport``).

20.83: a withdrawing counter must be at Cairo or Alexandria at its deadline, else it is
eliminated. The ledger reads "at Cairo or Alexandria" off a location as written: a location
that names Cairo or Alexandria first (``"Cairo"``, ``"Alexandria (E3613 and/or E3714)"``,
``"Cairo and/or Helwan (E1430)"``) or one of Alexandria's hexes E3613 and E3714 (the scenario's
own words; the ledger holds no list of Cairo's map hexes, so a counter moved into Cairo by
hex reads as away: the players then record it as they see it).

Transport (scen-0006): the withdrawing units leave with their accompanying trucks (the
first-line trucks attached to them, 8.96), supplemented by eligible *empty* trucks at Cairo
or Alexandria up to the printed minimum; the shortfall is recorded. Eligible empty trucks are
the side's second/third-line truck groups in play, carrying nothing, at Cairo or Alexandria,
and not set aside for air facilities: a group whose ``purpose`` names air facilities (the
scenario's 60.33/60.43 air-facility convoys, ``"air facilities"``) keeps to them. A group at a
place the ledger cannot read (``"Anywhere, maps (as printed; unclear)"``) is not at Cairo or
Alexandria until the players move it there.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction
from typing import Final

from ledger.model.holdings import TruckGroup
from ledger.model.state import GameState
from ledger.model.units import Side

TRUCK_VALUE: Final[dict[str, Fraction]] = {
    "light": Fraction(1, 2),
    "medium": Fraction(1),
    "heavy": Fraction(2),
}
"""Truck value of one truck point of each type (4.43a footnote)."""

ALEXANDRIA_HEXES: Final = frozenset({"E3613", "E3714"})
"""Alexandria's hexes as the scenario writes them (``"Alexandria (E3613 and/or E3714)"``)."""

WITHDRAWAL_PLACE: Final = "Cairo or Alexandria (20.83)"
"""Where a withdrawing counter must be at its deadline."""

Taken = tuple[str, int, int, int]
"""Truck points taken from a convoy: (truck group id, light, medium, heavy)."""


def at_cairo_or_alexandria(location: str) -> bool:
    """True when ``location`` is at Cairo or Alexandria as written (see the module): it names
    Cairo or Alexandria first, or is hex E3613 or E3714. ``"D3615"`` and ``""``: False."""
    text = location.strip()
    first = text.split(" ", 1)[0].casefold() if text else ""
    return first in ("cairo", "alexandria") or text.upper() in ALEXANDRIA_HEXES


def truck_value(group: TruckGroup) -> Fraction:
    """The truck value of a truck group (4.43a footnote): light truck points 1/2 each, medium
    1, heavy 2; an exact ``Fraction`` (7 light points are 3 1/2)."""
    return points_value(group.light, group.medium, group.heavy)


def points_value(light: int, medium: int, heavy: int) -> Fraction:
    """The truck value of ``light``, ``medium`` and ``heavy`` truck points (4.43a)."""
    return light * TRUCK_VALUE["light"] + medium * TRUCK_VALUE["medium"] + heavy * 2


def for_air_facilities(group: TruckGroup) -> bool:
    """True for a convoy the scenario sets aside for air facilities (its ``purpose`` or
    ``notes`` say so: 60.33, 60.43)."""
    text = f"{group.purpose} {group.notes}".casefold()
    return "air facilit" in text


def eligible_convoys(state: GameState, side: Side) -> list[TruckGroup]:
    """The side's empty second/third-line truck groups in play at Cairo or Alexandria, not air
    facility convoys, with truck points (scen-0006), sorted by id."""
    return sorted(
        (
            g
            for g in state.trucks.values()
            if g.side == side
            and g.line == "second_third"
            and g.in_play(state.clock)
            and g.cargo.is_zero
            and g.truck_points
            and at_cairo_or_alexandria(g.location)
            and not for_air_facilities(g)
        ),
        key=lambda g: g.id,
    )


def take_points(groups: Iterable[TruckGroup], needed: Fraction) -> tuple[Taken, ...]:
    """Truck points taken from ``groups`` (in order) to reach truck value ``needed`` (nothing
    for 0 or less): from each group heavy, then medium, then light points while a whole point
    still fits under what is needed; then, while some is still needed, one more point of the
    lightest type left (so the overshoot is under one point's value). Each group taken from
    appears once, with the points of each type taken."""
    need = Fraction(needed)
    left = {g.id: {"light": g.light, "medium": g.medium, "heavy": g.heavy} for g in groups}
    taken: dict[str, dict[str, int]] = {}
    for gid, points in left.items():
        for kind in ("heavy", "medium", "light"):
            n = min(points[kind], math.floor(need / TRUCK_VALUE[kind])) if need > 0 else 0
            if n > 0:
                points[kind] -= n
                taken.setdefault(gid, dict.fromkeys(TRUCK_VALUE, 0))[kind] += n
                need -= n * TRUCK_VALUE[kind]
    for kind in ("light", "medium", "heavy"):
        for gid, points in left.items():
            if need > 0 and points[kind] > 0:
                points[kind] -= 1
                taken.setdefault(gid, dict.fromkeys(TRUCK_VALUE, 0))[kind] += 1
                need -= TRUCK_VALUE[kind]
    return tuple(
        (gid, t["light"], t["medium"], t["heavy"])
        for gid in left
        if (t := taken.get(gid)) is not None
    )


def taken_value(taken: Iterable[Taken]) -> Fraction:
    """The truck value of the points in ``taken`` (4.43a)."""
    return sum(
        (points_value(light, medium, heavy) for _, light, medium, heavy in taken), Fraction(0)
    )


def taken_text(state: GameState, taken: Iterable[Taken]) -> str:
    """``"10 medium truck points of convoy at Cairo (50 TP)"`` for each group, joined by
    ``"; "`` (printed names; empty for none)."""
    parts = []
    for gid, light, medium, heavy in taken:
        kinds = ", ".join(
            f"{n} {kind}"
            for n, kind in ((light, "light"), (medium, "medium"), (heavy, "heavy"))
            if n
        )
        name = state.truck_group_name(gid) if gid in state.trucks else gid
        parts.append(f"{kinds} truck points of {name}")
    return "; ".join(parts)
