"""What a side can plan convoys with: its dumps' stocks and its convoys' free truck points.

A truck group's cargo occupies some of its points (54.2, mixed loads pro rata,
``ledger.planning.convoy_values.load_points``). Which points is not printed anywhere; the planner
assumes the cargo rides on the heaviest points first (heavy, then medium, then light), each type
taking its share of every commodity, and a point that carries anything is not free. That leaves
the light points, the fastest carrying supplies (54.2 CPA 40 against 30), free longest.

Where a convoy loads (the planner's place rule, 54.1, 8.98; no choice of the players): a truck
group loads only at a dump in its own place (``same_place``), and only when that place is one a
counter can stand in: a map hex (``"C4131"``), a Tripoli/Tunisia box (8.81) or a place named
alone (``"Cairo"``, ``"Alexandria"``: the unlimited sources of 60.44 stand there). A location
a scenario gives as a choice or a description — ``"Anywhere, maps (as printed; unclear)"``,
``"any own air facility"``, ``"map C or D, Egypt"``, ``"Alexandria (E3613 and/or E3714)"`` —
is no place: the group (or dump) is not planned from, and ``unplanned_convoys`` says why, until
the players put it somewhere (``move-trucks``). Direct draws likewise need dump and unit in one
such place.

A convoy loaded under an accepted plan (``ledger.planning.accept``) is dedicated to one
requisition: its ``purpose`` reads ``"requisition R3 for <unit>"`` (``purpose_for``). While that
requisition is open the group is not a carrier, and the requisition is planned only for what is
not already on its way (its wanted supply points less the dedicated groups' cargo).
"""

from __future__ import annotations

import math
import re
from collections.abc import Collection
from fractions import Fraction
from typing import Final

from ledger.model.dumps import never_runs_out
from ledger.model.holdings import Dump, DumpKind, TruckGroup
from ledger.model.places import is_tripoli_tunisia_box
from ledger.model.quantities import Supplies
from ledger.model.state import GameState
from ledger.model.trucks import TruckType
from ledger.model.units import Side
from ledger.planning.convoy_values import Carrier, Requisition, Stock, load_points

PLANNED_DUMP_KINDS: Final[tuple[DumpKind, ...]] = ("dump", "unlimited")
"""Dump kinds a convoy loads at: not dummies (they hold nothing, 60.34) nor the air supply
pool (shared among air facilities, 59.52)."""
LOADING_ORDER: Final[tuple[TruckType, ...]] = ("heavy", "medium", "light")
"""The order cargo already on a truck group is assumed to fill its truck types."""
_PURPOSE = re.compile(r"^requisition ([AC]?R\d+)\b")  # AR1, CR1 (R1: journals before)
_MAP_HEX: Final = re.compile(r"^[A-E]\d{4}$")
_NAMED_PLACE: Final = re.compile(r"^[A-Z][A-Za-z'.\- ]*$")
_CHOICE_WORDS: Final = frozenset(
    {"any", "anywhere", "or", "and", "and/or", "map", "maps", "within"}
)
"""Words that make a location a choice or a description, not a place (``is_place``)."""


def is_place(location: str) -> bool:
    """True when a counter can stand at ``location`` and load there (the
    planner's place rule, 54.1): a map hex (``"C4131"``), a Tripoli/Tunisia box (8.81), or a
    place named alone (``"Cairo"``). False for a choice or a description: ``"Anywhere, maps
    (as printed; unclear)"``, ``"any own air facility"``, ``"map C or D, Egypt"``,
    ``"Alexandria (E3613 and/or E3714)"``, ``""``."""
    text = location.strip()
    if _MAP_HEX.match(text) or is_tripoli_tunisia_box(text):
        return True
    words = {w.casefold() for w in text.split()}
    return bool(_NAMED_PLACE.match(text)) and not words & _CHOICE_WORDS


def same_place(here: str, there: str) -> bool:
    """True when two locations are one place a convoy can load at (``is_place``), compared
    without regard to case or surrounding spaces: ``"Cairo"`` and ``"cairo"``; never two
    descriptions, even the same one."""
    return is_place(here) and here.strip().casefold() == there.strip().casefold()


def purpose_for(state: GameState, requisition_id: str) -> str:
    """The ``purpose`` of a truck group loaded for requisition ``requisition_id``:
    ``"requisition R3 for 1st RNF MG Bn"``."""
    unit_id = state.requisitions[requisition_id].unit_id
    return f"requisition {requisition_id} for {state.holder_name(unit_id)}"


def dedicated_to(group: TruckGroup) -> str | None:
    """The requisition id a truck group was loaded for (its ``purpose``), else ``None``."""
    match = _PURPOSE.match(group.purpose)
    return match.group(1) if match else None


def on_its_way(state: GameState, requisition_id: str) -> Supplies:
    """Supply points on the truck groups dedicated to ``requisition_id`` (their cargo)."""
    return sum(
        (g.cargo for g in state.trucks.values() if dedicated_to(g) == requisition_id),
        Supplies(),
    )


def _serving_open_requisition(state: GameState, group: TruckGroup) -> bool:
    served = dedicated_to(group)
    return (
        served is not None
        and served in state.requisitions
        and (state.requisitions[served].status == "open")
    )


def occupied_points(group: TruckGroup) -> dict[TruckType, int]:
    """Truck points of each type that ``group.cargo`` occupies (heavy first, then medium, then
    light; a partly loaded point counts as occupied). Overloaded groups occupy every point."""
    occupied: dict[TruckType, int] = {"light": 0, "medium": 0, "heavy": 0}
    share = Fraction(1)  # of the cargo still to place
    for truck_type in LOADING_ORDER:
        have = getattr(group, truck_type)
        if share == 0 or have == 0:
            continue
        needed = share * load_points(group.cargo, truck_type)
        if needed <= have:
            occupied[truck_type] = math.ceil(needed)
            share = Fraction(0)
        else:
            occupied[truck_type] = have
            share -= share * have / needed
    return occupied


def free_carrier(group: TruckGroup) -> Carrier:
    """The truck points of ``group`` its cargo leaves free, as a ``Carrier``."""
    occupied = occupied_points(group)
    return Carrier(
        group.id,
        group.location,
        group.light - occupied["light"],
        group.medium - occupied["medium"],
        group.heavy - occupied["heavy"],
    )


def convoys_of(state: GameState, side: Side) -> tuple[TruckGroup, ...]:
    """``side``'s second/third-line truck groups (convoys, 8.18) in play now with a free truck
    point, in the state's order; not those dedicated to an open requisition
    (``dedicated_to``)."""
    return tuple(
        g
        for g in state.trucks.values()
        if g.side == side
        and g.line == "second_third"
        and g.in_play(state.clock)
        and not _serving_open_requisition(state, g)
        and sum(free_carrier(g).points(t) for t in LOADING_ORDER) > 0
    )


def carriers_of(state: GameState, side: Side) -> tuple[Carrier, ...]:
    """The free truck points of ``side``'s convoys (``convoys_of``) as ``Carrier``s; those
    ``unplanned_convoys`` names are left out."""
    left_out = set(unplanned_convoys(state, side))
    return tuple(free_carrier(g) for g in convoys_of(state, side) if g.id not in left_out)


def unplanned_convoys(state: GameState, side: Side) -> dict[str, str]:
    """The convoys of ``side`` (``convoys_of``) the planner does not load, by group id, each
    with why, in the players' words: a location that is no place (``is_place``), or no
    ``side`` dump to load at in its place (the planner's place rule, 54.1)."""
    dump_places = {
        d.location.strip().casefold()
        for d in state.dumps.values()
        if d.side == side and d.kind in PLANNED_DUMP_KINDS
    }
    why: dict[str, str] = {}
    for group in convoys_of(state, side):
        if not is_place(group.location):
            why[group.id] = (
                f"{group.location!r} is no hex or place to load at: move it into a hex first (54.1)"
            )
        elif group.location.strip().casefold() not in dump_places:
            why[group.id] = f"no dump of its side in {group.location} to load at (54.1)"
    return why


def stocks_of(
    state: GameState, side: Side, kinds: Collection[DumpKind] = PLANNED_DUMP_KINDS
) -> tuple[Stock, ...]:
    """The stocks of ``side``'s dumps of ``kinds`` (by default not dummies nor the air supply
    pool), in the state's order; an unlimited source (60.44) gives an unlimited stock. A
    commodity that never runs out at a dump (an oasis's Water and Stores, 8.48; Water in a box,
    8.87) is offered as much as all of ``side``'s open requisitions want of it, so it never
    binds the plan."""
    wanted = sum((r.wanted for r in requisitions_of(state, side)), Supplies())

    def offered(dump: Dump) -> Supplies:
        return Supplies(
            **{
                c: max(v, wanted.get(c)) if never_runs_out(dump, c) else v
                for c, v in dump.supplies.items()
            }
        )

    return tuple(
        Stock(d.id, d.location, offered(d), d.unlimited)
        for d in state.dumps.values()
        if d.side == side and d.kind in kinds
    )


def requisitions_of(state: GameState, side: Side) -> tuple[Requisition, ...]:
    """The open Supply Requisitions (4.55) of ``side`` as planner requisitions, in filing
    order, each at its unit's hex, priority 1, wanting what is not already on its way
    (``still_wanted``); those with nothing left to send are left out."""
    planned = (
        Requisition(r.id, r.unit_id, state.units[r.unit_id].location, still_wanted(state, r.id))
        for r in state.requisitions.values()
        if r.status == "open" and state.units[r.unit_id].side == side
    )
    return tuple(r for r in planned if not r.wanted.is_zero)


def still_wanted(state: GameState, requisition_id: str) -> Supplies:
    """What requisition ``requisition_id`` wants less what is on its way (``on_its_way``),
    never below 0 of a commodity, in supply points."""
    wanted = state.requisitions[requisition_id].wanted
    coming = on_its_way(state, requisition_id)
    return Supplies(*(max(0, wanted.get(c) - coming.get(c)) for c, _ in wanted.items()))
