"""The convoy planner's values: its inputs (requisitions, stocks, carriers, trips) and the plan
it returns; ``ledger.planning.convoy`` describes the model.

Truck points carry supply points by chart 54.2: ``load_points`` says how many points of one type
a (mixed) load fills, ``reaches`` whether a type can make a trip of so many CP.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Final, Literal, NamedTuple

from ledger.model.quantities import Supplies
from ledger.model.trucks import TruckType, truck_chart

PlanStatus = Literal["optimal", "most_delivered", "time_limit", "failed"]
DEFAULT_TIME_LIMIT: Final = 10.0
"""Seconds the solver may search, both rounds together, before it returns the best plan found."""


@dataclass(frozen=True, slots=True)
class Requisition:
    """Supply points ``wanted`` by ``destination_unit`` in hex ``location``; ``priority`` ≥ 0
    weighs each supply point delivered (1 by default)."""

    id: str
    destination_unit: str
    location: str
    wanted: Supplies
    priority: int = 1


@dataclass(frozen=True, slots=True)
class Stock:
    """What dump ``dump_id`` in hex ``location`` can give, in supply points; an ``unlimited``
    source (60.44) is never drawn down and its ``supplies`` are not read."""

    dump_id: str
    location: str
    supplies: Supplies
    unlimited: bool = False


@dataclass(frozen=True, slots=True)
class Carrier:
    """Free truck points of convoy ``group_id`` (54.2: light, medium, heavy)."""

    group_id: str
    location: str
    light: int = 0
    medium: int = 0
    heavy: int = 0

    def points(self, truck_type: TruckType) -> int:
        """The free truck points of one type."""
        value: int = getattr(self, truck_type)
        return value


@dataclass(frozen=True, slots=True)
class Trip:
    """A candidate leg: ``carrier_id`` loads at ``dump_id`` and delivers to ``requisition_id``.

    ``cp``: the CP the trip costs the trucks (the players' count), ``None`` when unknown
    (assumed within reach). ``carrier_id=None``: a direct draw in the same hex, no trucks.
    """

    dump_id: str
    requisition_id: str
    carrier_id: str | None
    cp: Fraction | None = None


@dataclass(frozen=True, slots=True)
class PlannedLeg:
    """One leg of the plan: ``supplies`` moved on ``trip`` for ``destination_unit``.

    ``loads`` gives what the points of each truck type carry (the types used only);
    ``light``, ``medium``, ``heavy`` the truck points assigned (all 0 for a direct draw).
    """

    trip: Trip
    destination_unit: str
    supplies: Supplies
    loads: Mapping[TruckType, Supplies]
    light: int = 0
    medium: int = 0
    heavy: int = 0

    @property
    def truck_points(self) -> int:
        """Truck points of all types on this leg."""
        return self.light + self.medium + self.heavy


@dataclass(frozen=True, slots=True)
class ConvoyPlan:
    """The proposed loading.

    ``delivered`` and ``short`` (wanted − delivered) map every requisition id to supply points;
    ``score`` is ``Σ priority × supply points delivered``. ``status``:

    * ``"optimal"``: no plan delivers a higher score, and none with that score uses fewer truck
      points (both proven);
    * ``"most_delivered"``: the score is proven the highest; the truck points are the fewest
      found in the time allowed (``message`` gives the lower bound);
    * ``"time_limit"``: the best score found in the time allowed (``message``: the upper bound);
    * ``"failed"``: no plan at all (``legs`` empty).

    ``seconds`` is the solver's wall time.
    """

    legs: tuple[PlannedLeg, ...]
    delivered: Mapping[str, Supplies]
    short: Mapping[str, Supplies]
    score: int
    status: PlanStatus
    message: str
    seconds: float = 0.0

    @property
    def truck_points(self) -> int:
        """Truck points the plan uses, all types."""
        return sum(leg.truck_points for leg in self.legs)

    @property
    def total_delivered(self) -> Supplies:
        """Supply points delivered over all requisitions."""
        return sum(self.delivered.values(), Supplies())


class PlannedTransfer(NamedTuple):
    """One transfer to record: ``supplies`` from dump ``origin`` on truck points ``carrier``
    (``None``: a direct draw in the same hex) to unit ``destination``."""

    origin: str
    carrier: str | None
    destination: str
    supplies: Supplies


def load_points(load: Supplies, truck_type: TruckType) -> Fraction:
    """Truck points of ``truck_type`` that ``load`` fills (54.2, mixed loads pro rata).

    Raises ``ValueError`` when the type has no capacity for a commodity in the load."""
    capacity = truck_chart()[truck_type].capacity
    total = Fraction(0)
    for commodity, amount in load.nonzero():
        per_point = capacity.get(commodity, Fraction(0))
        if per_point <= 0:
            raise ValueError(f"{truck_type} truck points cannot carry {commodity} (54.2)")
        total += Fraction(amount) / per_point
    return total


def reaches(truck_type: TruckType, cp: Fraction | None) -> bool:
    """True when truck points of ``truck_type`` in convoy carrying supplies can make a trip of
    ``cp`` CP (54.2 ``cpa_supplies``); an unknown ``cp`` is assumed within reach."""
    cpa = truck_chart()[truck_type].cpa_supplies
    return cpa is not None and (cp is None or cp <= cpa)
