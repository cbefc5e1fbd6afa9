"""The convoy planner: which dump loads what on which truck points for which requisition (54.x).

Pure: it reads values and returns a ``ConvoyPlan``; it makes no events and changes no state. The
Logistics Commander accepts the plan (``plan_as_transfers`` gives the transfers to record) or
edits it.

The model
---------
The map stays physical and the ledger knows no distances, so the players say what reaches what:

* ``Stock``: what one Supply Dump can give, in supply points (an unlimited source never runs
  out, 60.44);
* ``Requisition``: what a unit wants delivered to its hex, with a whole-number ``priority``
  (a supply point for a priority-3 requisition counts three times one for priority 1);
* ``Carrier``: a convoy's free truck points (second/third line, 8.18) of each type (54.2);
* ``Trip``: one candidate leg: the carrier loads at the dump and drives to the requisition's
  hex. ``cp`` is the CP the trucks spend on the whole trip (from where they stand, through the
  dump, to the unit) as the players count it on the map, in CP (``Fraction``); ``None`` when
  nobody counted, and the trip is then assumed within reach. ``candidate_trips`` builds every
  leg from a ``reach`` mapping ``(dump, requisition, carrier) → CP or None``.
* A trip with ``carrier_id=None`` is a direct draw: dump and unit share a hex, supply is used
  where it is, and no trucks are needed.

Each truck point makes at most one trip in a plan (no second load in the same plan).

The integer linear program (HiGHS through ``scipy.optimize``); every variable is an integer ≥ 0:

* ``x[l,c,t]`` supply points of commodity ``c`` on leg ``l`` carried by truck points of type
  ``t`` (a direct draw has one ``x[l,c]`` and no trucks);
* ``y[l,t]`` truck points of type ``t`` assigned to leg ``l``.

Constraints:

* dump: ``Σ x[l,c,t]`` over the legs from dump ``d`` ≤ what ``d`` holds of ``c`` (none for
  an unlimited dump);
* requisition: ``Σ x[l,c,t]`` over the legs to ``r`` ≤ what ``r`` wants of ``c``;
* carrier: ``Σ y[l,t]`` over the legs of carrier ``k`` ≤ its free points of type ``t``;
* capacity (54.2): ``Σ_c x[l,c,t] / capacity_c(t) ≤ y[l,t]``. A truck point of type ``t``
  alone carries ``capacity_c(t)`` supply points of ``c``, so ``a`` points of ``c`` fill
  ``a / capacity_c(t)`` of it and a mixed load fills the sum of those shares: a point is full
  at 1, and ``y`` points at ``y``. The chart is a weight limit in disguise (54.5: a medium
  point takes 4 ammo = 16 t, 120 fuel = 15 t, 15 stores = 15 t, 100 water = 16 2/3 t), and the
  pro-rata share is that limit in the chart's own numbers. Rows are multiplied by the least
  common multiple of the type's capacities so every coefficient is a whole number;
* reach (54.2 ``cpa_supplies``): a convoy moves at its slowest truck type, so "CP ≤ the
  slowest assigned type's CPA" is "CP ≤ the CPA of every assigned type": ``y[l,t] = 0`` (the
  variable is not made) for each type whose ``cpa_supplies`` is below the leg's CP.

The cargo is split by truck type because a convoy mixing light and medium points shares its
load between them, each supply point riding on one type.

Objective, in order (lexicographic): first maximise ``Σ priority(r) · x[l,c,t]``, the
priority-weighted supply points delivered; then, among the loadings that deliver that much,
minimise ``Σ y[l,t]``, the truck points used. Both are whole numbers, so each round is an integer
program of its own (``ledger.planning.lexicographic``: the linear relaxation bounds each round,
the integer program is solved on the legs the relaxation uses, then on all of them in the time
left). The plan says whether each round is proven optimal, and otherwise how far it may be off.
Small cases are solved and proven in milliseconds; a Graziani-sized one (17 dumps, 20
requisitions, 10 convoys: 3,400 trips) proves the delivery in about 2 s when the trucks suffice,
and stops at ``time_limit`` (10 s by default) with the best plan found when they bind.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction

from ledger.model.quantities import Supplies
from ledger.planning.convoy_program import ConvoyProgram
from ledger.planning.convoy_values import (
    DEFAULT_TIME_LIMIT,
    Carrier,
    ConvoyPlan,
    PlannedTransfer,
    Requisition,
    Stock,
    Trip,
)


def candidate_trips(
    stocks: Iterable[Stock],
    requisitions: Iterable[Requisition],
    carriers: Iterable[Carrier],
    reach: Mapping[tuple[str, str, str], Fraction | None] | None = None,
) -> tuple[Trip, ...]:
    """Every leg: a direct draw where a dump and a requisition share a hex, otherwise one trip
    per carrier with the CP ``reach[(dump_id, requisition_id, group_id)]`` (missing or
    ``None``: unknown, assumed within reach). Drop a trip from the result to forbid it."""
    reach = reach or {}
    requisition_list, carrier_list = list(requisitions), list(carriers)
    trips: list[Trip] = []
    for stock in stocks:
        for requisition in requisition_list:
            if stock.location == requisition.location:
                trips.append(Trip(stock.dump_id, requisition.id, None))
                continue
            for carrier in carrier_list:
                cp = reach.get((stock.dump_id, requisition.id, carrier.group_id))
                trips.append(Trip(stock.dump_id, requisition.id, carrier.group_id, cp))
    return tuple(trips)


def plan_as_transfers(plan: ConvoyPlan) -> tuple[PlannedTransfer, ...]:
    """The plan as transfers (origin dump, carrier group, destination unit, supplies), legs
    with the same three holders merged, in the order of the plan's legs."""
    merged: dict[tuple[str, str | None, str], Supplies] = {}
    for leg in plan.legs:
        key = (leg.trip.dump_id, leg.trip.carrier_id, leg.destination_unit)
        merged[key] = merged.get(key, Supplies()) + leg.supplies
    return tuple(PlannedTransfer(o, c, d, s) for (o, c, d), s in merged.items())


def plan_convoy(
    requisitions: Sequence[Requisition],
    stocks: Sequence[Stock],
    carriers: Sequence[Carrier],
    trips: Sequence[Trip],
    *,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> ConvoyPlan:
    """The loading that delivers the most priority-weighted supply points, then uses the fewest
    truck points (the linear program of this module's docstring).

    Raises ``ValueError`` for inconsistent input: duplicate ids, negative amounts or priorities,
    a trip naming an unknown dump, requisition or carrier, the same trip twice, a negative CP,
    or a direct draw between different hexes.
    """
    _validate(requisitions, stocks, carriers, trips)
    program = ConvoyProgram.build(requisitions, stocks, carriers, trips)
    began = time.perf_counter()
    solution, status, message = program.solve(time_limit)
    seconds = time.perf_counter() - began
    legs = program.planned_legs(solution) if solution is not None else ()
    delivered = {r.id: Supplies() for r in requisitions}
    for leg in legs:
        delivered[leg.trip.requisition_id] += leg.supplies
    short = {r.id: r.wanted - delivered[r.id] for r in requisitions}
    score = sum(r.priority * sum(v for _, v in delivered[r.id].items()) for r in requisitions)
    return ConvoyPlan(legs, delivered, short, score, status, message, seconds)


def _validate(
    requisitions: Sequence[Requisition],
    stocks: Sequence[Stock],
    carriers: Sequence[Carrier],
    trips: Sequence[Trip],
) -> None:
    problems = _duplicates("requisition", [r.id for r in requisitions])
    problems += _duplicates("dump", [s.dump_id for s in stocks])
    problems += _duplicates("carrier", [c.group_id for c in carriers])
    problems += _duplicates("trip", [(t.dump_id, t.requisition_id, t.carrier_id) for t in trips])
    for r in requisitions:
        problems += _negative(f"requisition {r.id!r}", r.wanted)
        if r.priority < 0:
            problems.append(
                f"requisition {r.id!r}: expected a priority of 0 or more, found {r.priority}"
            )
    for s in stocks:
        problems += [] if s.unlimited else _negative(f"dump {s.dump_id!r}", s.supplies)
    for c in carriers:
        if min(c.light, c.medium, c.heavy) < 0:
            problems.append(f"carrier {c.group_id!r}: negative truck points")
    requisition_at = {r.id: r.location for r in requisitions}
    stock_at = {s.dump_id: s.location for s in stocks}
    carrier_ids = {c.group_id for c in carriers}
    for trip in trips:
        problems += _trip_problems(trip, requisition_at, stock_at, carrier_ids)
    if problems:
        raise ValueError("convoy plan input: " + "; ".join(problems))


def _duplicates(kind: str, ids: Sequence[object]) -> list[str]:
    seen: set[object] = set()
    twice: dict[object, None] = {}
    for i in ids:
        if i in seen:
            twice[i] = None
        seen.add(i)
    return [f"{kind} {i!r} given more than once" for i in twice]


def _negative(who: str, supplies: Supplies) -> list[str]:
    return [f"{who}: expected 0 or more {c}, found {v}" for c, v in supplies.items() if v < 0]


def _trip_problems(
    trip: Trip,
    requisition_at: Mapping[str, str],
    stock_at: Mapping[str, str],
    carrier_ids: set[str],
) -> list[str]:
    where = f"trip {trip.dump_id} → {trip.requisition_id} by {trip.carrier_id or 'direct draw'}"
    problems = []
    if trip.dump_id not in stock_at:
        problems.append(f"{where}: no stock for dump {trip.dump_id!r}")
    if trip.requisition_id not in requisition_at:
        problems.append(f"{where}: no requisition {trip.requisition_id!r}")
    if trip.carrier_id is not None and trip.carrier_id not in carrier_ids:
        problems.append(f"{where}: no carrier {trip.carrier_id!r}")
    if trip.cp is not None and trip.cp < 0:
        problems.append(f"{where}: expected a CP of 0 or more, found {trip.cp}")
    if trip.carrier_id is None and not problems:
        here, there = stock_at[trip.dump_id], requisition_at[trip.requisition_id]
        if here != there:
            problems.append(
                f"{where}: a direct draw needs dump and unit in one hex, found {here!r} and {there!r}"
            )
    return problems
