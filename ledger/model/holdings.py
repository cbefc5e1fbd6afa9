"""Places supplies are kept apart from units: Supply Dumps and truck points (54.x).

A dump holds supply points at a location; an ``unlimited`` holder (Cairo and Alexandria for the
Commonwealth, 60.44) never runs out. Truck points are counted by type (light, medium, heavy;
54.2) and carry cargo in supply points.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Final, Literal

from ledger.model.clock import GameTime
from ledger.model.quantities import Supplies
from ledger.model.units import Side

DumpKind = Literal["dump", "dummy", "air_supply_pool", "unlimited"]
DUMP_KINDS: Final[tuple[DumpKind, ...]] = ("dump", "dummy", "air_supply_pool", "unlimited")
DumpSite = Literal["major-city", "village", "other", "oasis", "box"]
"""The terrain a Supply Dump stands on, for its capacity (54.12; ``ledger.model.dumps``): a Major
City, a village, other terrain, an oasis (8.48) or a Tripoli/Tunisia box (8.88)."""
DUMP_SITES: Final[tuple[DumpSite, ...]] = ("major-city", "village", "other", "oasis", "box")
TruckLine = Literal["first", "second_third"]
TRUCK_TYPES: Final = ("light", "medium", "heavy")


@dataclass(frozen=True, slots=True)
class Dump:
    """A Supply Dump (or dummy dump, air supply pool, unlimited source) and what it holds.

    ``supplies`` in supply points; ``count`` is how many counters a scenario row stands for
    (dummy dumps come in numbers). For ``kind == "unlimited"`` the stock is not drawn down.
    ``site`` is the terrain that sets its capacity (54.12) and what never runs out there (an
    oasis's Water and Stores, 8.48; a box's Water, 8.87); see ``ledger.model.dumps``.
    """

    id: str
    side: Side
    name: str
    location: str
    kind: DumpKind = "dump"
    supplies: Supplies = field(default_factory=Supplies)
    count: int = 1
    notes: str = ""
    case: str = ""
    source: str = ""
    site: DumpSite = "other"

    @property
    def unlimited(self) -> bool:
        """True for a source that never runs out (60.44)."""
        return self.kind == "unlimited"


@dataclass(frozen=True, slots=True)
class TruckGroup:
    """Truck points of one side at one place: first line (attached, 8.96) or convoy (8.18).

    ``light``, ``medium`` and ``heavy`` are truck points (54.2); ``cargo`` the supply points
    loaded on them. ``arrival`` is ``None`` at the start, else the OpStage they enter play.
    ``cp_expended`` is the CP the group itself expended this Operations Stage (a convoy's
    movement, 8.98, and its loading and unloading, 6.3), back to 0 at its end (6.16);
    ``box_loaded_at`` the OpStage it last loaded or unloaded in a Tripoli/Tunisia box (8.88:
    it may not move in that OpStage). ``entered`` and ``withdrawn``: as ``Unit``'s.
    """

    id: str
    side: Side
    line: TruckLine
    location: str
    light: int = 0
    medium: int = 0
    heavy: int = 0
    cargo: Supplies = field(default_factory=Supplies)
    attached_to: str | None = None
    arrival: GameTime | None = None
    purpose: str = ""
    notes: str = ""
    case: str = ""
    source: str = ""
    cp_expended: Fraction = Fraction(0)
    box_loaded_at: GameTime | None = None
    entered: bool = False
    withdrawn: bool = False

    @property
    def truck_points(self) -> int:
        """Light, medium and heavy truck points together."""
        return self.light + self.medium + self.heavy

    def in_play(self, now: GameTime | None = None) -> bool:
        """True while the trucks are in play: there at the start, ``entered`` by a
        ``ReinforcementsArrived`` (4.43) or, with ``now``, arrived by the clock (see
        ``Unit.in_play``), and not ``withdrawn`` with the unit they are attached to (20.8)."""
        if self.withdrawn:
            return False
        return self.arrival is None or self.entered or (now is not None and self.arrival <= now)


RequisitionStatus = Literal["open", "fulfilled", "rejected"]


@dataclass(frozen=True, slots=True)
class Requisition:
    """A Supply Requisition (4.55): ``wanted`` supply points for unit ``unit_id``, filed at
    ``filed_at`` by seat ``filed_by`` (the Field Commander's seat that asked; empty at a table
    without seats); ``status`` open until the Logistics Commander fulfils or rejects it
    (``reason`` says why); once fulfilled, ``filled_from`` the holder it was filled from,
    ``delivered`` what was sent and ``closed_at`` when (4.55). ``needed_by``: the Game-Turn and
    Operations Stage by which the Field Commander needs the supplies (4.55; ``None``: not said)."""

    id: str
    unit_id: str
    wanted: Supplies
    filed_at: GameTime
    note: str = ""
    status: RequisitionStatus = "open"
    reason: str = ""
    filed_by: str = ""
    filled_from: str = ""
    delivered: Supplies = field(default_factory=Supplies)
    closed_at: GameTime | None = None
    needed_by: GameTime | None = None
