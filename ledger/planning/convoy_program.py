"""The convoy planner's integer program, built column by column: the formulation is in
``ledger.planning.convoy``'s docstring, the solving (most delivered, then fewest truck points)
in ``ledger.planning.lexicographic``.

Coefficients are whole numbers (capacity rows are scaled by the least common multiple of the
capacities, 54.2), so the solver's floats round back to exact integers.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np
from scipy.sparse import coo_array, csr_array  # type: ignore[import-untyped]

from ledger.model.quantities import COMMODITIES, Supplies
from ledger.model.trucks import TRUCK_TYPES, TruckType, truck_chart
from ledger.planning.convoy_values import (
    Carrier,
    PlannedLeg,
    PlanStatus,
    Requisition,
    Stock,
    Trip,
    load_points,
    reaches,
)
from ledger.planning.lexicographic import Group, Lexicographic, Solution, solve


@dataclass(slots=True)
class _Leg:
    """The columns of one trip: ``x[(commodity, type or None)]`` and ``y[type]``."""

    trip: Trip
    destination_unit: str
    x: dict[tuple[str, TruckType | None], int] = field(default_factory=dict)
    y: dict[TruckType, int] = field(default_factory=dict)

    @property
    def columns(self) -> list[int]:
        """Every column of the leg."""
        return [*self.x.values(), *self.y.values()]


@dataclass(slots=True)
class ConvoyProgram:
    """Columns (upper bound, cost), rows (``Σ coefficient · column ≤ upper``) and the legs."""

    upper: list[float] = field(default_factory=list)
    gain: list[float] = field(default_factory=list)
    truck: list[float] = field(default_factory=list)
    entries: list[tuple[int, int, float]] = field(default_factory=list)
    row_upper: list[float] = field(default_factory=list)
    legs: list[_Leg] = field(default_factory=list)
    truck_limit: int = 0

    @classmethod
    def build(
        cls,
        requisitions: Sequence[Requisition],
        stocks: Sequence[Stock],
        carriers: Sequence[Carrier],
        trips: Sequence[Trip],
    ) -> ConvoyProgram:
        """The program for validated input (``ledger.planning.convoy.plan_convoy``)."""
        program = cls(truck_limit=sum(c.light + c.medium + c.heavy for c in carriers))
        requisition = {r.id: r for r in requisitions}
        stock = {s.dump_id: s for s in stocks}
        carrier = {c.group_id: c for c in carriers}
        for trip in trips:
            wanted = requisition[trip.requisition_id]
            if wanted.priority > 0:
                by = carrier[trip.carrier_id] if trip.carrier_id is not None else None
                program._add_leg(trip, wanted, stock[trip.dump_id], by)
        for s in stocks:
            if not s.unlimited:
                for c in COMMODITIES:
                    program._row(program._columns(c, dump=s.dump_id), s.supplies.get(c))
        for r in requisitions:
            for c in COMMODITIES:
                program._row(program._columns(c, requisition=r.id), r.wanted.get(c))
        for k in carriers:
            for t in TRUCK_TYPES:
                used = [
                    (leg.y[t], 1.0)
                    for leg in program.legs
                    if leg.trip.carrier_id == k.group_id and t in leg.y
                ]
                program._row(used, k.points(t))
        return program

    def _column(self, upper: int, gain: int = 0, truck: bool = False) -> int:
        self.upper.append(float(upper))
        self.gain.append(float(gain))
        self.truck.append(1.0 if truck else 0.0)
        return len(self.upper) - 1

    def _row(self, terms: Iterable[tuple[int, float]], upper: int) -> None:
        terms = list(terms)
        if terms:
            row = len(self.row_upper)
            self.entries += [(row, col, value) for col, value in terms]
            self.row_upper.append(float(upper))

    def _columns(
        self, commodity: str, *, dump: str | None = None, requisition: str | None = None
    ) -> list[tuple[int, float]]:
        return [
            (col, 1.0)
            for leg in self.legs
            if dump in (None, leg.trip.dump_id) and requisition in (None, leg.trip.requisition_id)
            for (c, _), col in leg.x.items()
            if c == commodity
        ]

    def _add_leg(
        self,
        trip: Trip,
        requisition: Requisition,
        stock: Stock,
        carrier: Carrier | None,
    ) -> None:
        available = {
            c: wanted if stock.unlimited else min(wanted, stock.supplies.get(c))
            for c, wanted in requisition.wanted.items()
        }
        leg = _Leg(trip, requisition.destination_unit)
        gain = requisition.priority
        if carrier is None:
            for c, amount in available.items():
                if amount > 0:
                    leg.x[(c, None)] = self._column(amount, gain)
        else:
            for t in TRUCK_TYPES:
                self._add_trucks(leg, t, carrier.points(t), available, gain)
        self.legs.append(leg)

    def _add_trucks(
        self,
        leg: _Leg,
        truck_type: TruckType,
        points: int,
        available: dict[str, int],
        gain: int,
    ) -> None:
        """Columns ``y[l,t]``, ``x[l,c,t]`` and the capacity row of one truck type on a leg."""
        if points <= 0 or not reaches(truck_type, leg.trip.cp):
            return
        capacity = truck_chart()[truck_type].capacity
        carried = {
            c: min(amount, math.floor(points * capacity.get(c, Fraction(0))))
            for c, amount in available.items()
        }
        carried = {c: n for c, n in carried.items() if n > 0}
        if not carried:
            return
        scale = math.lcm(*(capacity[c].numerator for c in carried))
        leg.y[truck_type] = self._column(points, truck=True)
        for c, most in carried.items():
            leg.x[(c, truck_type)] = self._column(most, gain)
        terms = [(leg.x[(c, truck_type)], float(scale / capacity[c])) for c in carried]
        self._row([*terms, (leg.y[truck_type], -float(scale))], 0)

    def solve(self, time_limit: float) -> tuple[Solution | None, PlanStatus, str]:
        """Integer values of every column, the status and a message naming the bounds."""
        if not self.upper:
            return np.zeros(0, dtype=np.int64), "optimal", "nothing to plan: no leg can carry"
        rows, cols, values = zip(*self.entries, strict=True) if self.entries else ((), (), ())
        shape = (len(self.row_upper), len(self.upper))
        outcome = solve(
            Lexicographic(
                csr_array(coo_array((values, (rows, cols)), shape=shape)),
                np.array(self.row_upper),
                np.array(self.upper),
                np.array(self.gain),
                np.array(self.truck),
                self.truck_limit,
                [
                    Group(np.array([*leg.x.values()], dtype=np.intp), np.array(leg.columns))
                    for leg in self.legs
                    if leg.x
                ],
                self._trim,
            ),
            time_limit,
        )
        if outcome.solution is None:
            return None, "failed", "no plan found in the time allowed"
        delivered = f"{outcome.first} priority-weighted supply points" + (
            " (proven the most)"
            if outcome.first_proven
            else f" (perhaps up to {outcome.first_bound})"
            if outcome.first_bound is not None
            else " (not proven the most)"
        )
        trucks = f"{outcome.second} truck points" + (
            " (proven the fewest)"
            if outcome.second_proven
            else f" (perhaps as few as {outcome.second_bound})"
            if outcome.second_bound is not None
            else " (not proven the fewest)"
        )
        status: PlanStatus = (
            "time_limit"
            if not outcome.first_proven
            else "optimal"
            if outcome.second_proven
            else "most_delivered"
        )
        return outcome.solution, status, f"{delivered}; {trucks}"

    def _trim(self, solution: Solution) -> Solution:
        """The same loads with each leg's truck points of a type cut to what the load fills."""
        trimmed = solution.copy()
        for leg in self.legs:
            for t, col in leg.y.items():
                load = Supplies(**{c: int(solution[x]) for (c, u), x in leg.x.items() if u == t})
                trimmed[col] = math.ceil(load_points(load, t))
        return trimmed

    def planned_legs(self, solution: Solution) -> tuple[PlannedLeg, ...]:
        """The legs that carry something in ``solution``, in the order of the trips."""
        planned = []
        for leg in self.legs:
            loads: dict[TruckType | None, dict[str, int]] = {}
            for (c, t), col in leg.x.items():
                if solution[col] > 0:
                    loads.setdefault(t, {})[c] = int(solution[col])
            if not loads:
                continue
            points = {t: int(solution[col]) for t, col in leg.y.items()}
            typed = {t: Supplies(**load) for t, load in loads.items() if t is not None}
            planned.append(
                PlannedLeg(
                    leg.trip,
                    leg.destination_unit,
                    sum((Supplies(**load) for load in loads.values()), Supplies()),
                    typed,
                    points.get("light", 0),
                    points.get("medium", 0),
                    points.get("heavy", 0),
                )
            )
        return tuple(planned)
