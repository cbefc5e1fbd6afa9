"""The convoy planner (ledger/planning/convoy.py): cases solved by hand, then properties.

Chart 54.2 per truck point: light carries 2 ammo, 50 fuel, 6 stores, 40 water (CPA for supplies
40); medium 4, 120, 15, 100 (CPA 30); heavy 8, 250, 30, 200 (CPA 30).
"""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledger.model.quantities import COMMODITIES, Supplies
from ledger.model.trucks import TRUCK_TYPES, truck_chart
from ledger.planning.convoy import candidate_trips, plan_as_transfers, plan_convoy
from ledger.planning.convoy_values import (
    Carrier,
    ConvoyPlan,
    PlannedTransfer,
    Requisition,
    Stock,
    Trip,
    load_points,
    reaches,
)


def _plan(
    requisitions: list[Requisition],
    stocks: list[Stock],
    carriers: list[Carrier],
    reach: dict[tuple[str, str, str], Fraction | None] | None = None,
) -> ConvoyPlan:
    return plan_convoy(
        requisitions, stocks, carriers, candidate_trips(stocks, requisitions, carriers, reach)
    )


def _two_dumps_two_requisitions(ammo_priority: int) -> ConvoyPlan:
    requisitions = [
        Requisition("r1", "u1", "C1001", Supplies(ammo=12), ammo_priority),
        Requisition("r2", "u2", "C2002", Supplies(fuel=240, stores=30)),
    ]
    stocks = [
        Stock("a", "D3001", Supplies(ammo=10)),
        Stock("b", "D4001", Supplies(fuel=300, stores=30)),
    ]
    return _plan(requisitions, stocks, [Carrier("k", "D3001", medium=5)])


def test_two_dumps_two_requisitions_one_convoy_solved_by_hand() -> None:
    # One convoy of 5 medium truck points, every trip within reach. A medium point carries
    # 4 ammo, or 120 fuel, or 15 stores (54.2), so a point is worth 4, 120 or 15 supply points.
    # Fuel first: r2 wants 240 = 2 points; then stores: r2 wants 30 = 2 points; the last point
    # takes 4 of the 10 ammo at dump a for r1. Mixing does not help: every commodity's value per
    # share of a point is fixed, and fuel and stores are exhausted on whole points.
    # Delivered 4 + 240 + 30 = 274 supply points on 1 + 4 = 5 medium points.
    plan = _two_dumps_two_requisitions(ammo_priority=1)

    assert plan.status == "optimal"
    assert plan.delivered == {"r1": Supplies(ammo=4), "r2": Supplies(fuel=240, stores=30)}
    assert plan.short == {"r1": Supplies(ammo=8), "r2": Supplies()}
    assert plan.score == 274
    assert [(leg.trip.dump_id, leg.trip.requisition_id, leg.medium) for leg in plan.legs] == [
        ("a", "r1", 1),
        ("b", "r2", 4),
    ]
    assert plan_as_transfers(plan) == (
        PlannedTransfer("a", "k", "u1", Supplies(ammo=4)),
        PlannedTransfer("b", "k", "u2", Supplies(fuel=240, stores=30)),
    )


def test_priorities_change_the_answer() -> None:
    # The same case with r1's ammo at priority 40: an ammo point now scores 40, a medium point of
    # ammo 160, more than one of fuel (120). Points on ammo for r1 (dump a holds 10):
    #   3 points: 10 ammo (the third half full) = 400, 2 points fuel 240 = 240 → 640
    #   2 points: 8 ammo = 320, 3 points: 240 fuel + 15 stores = 255      → 575
    #   1 point : 4 ammo = 160, 4 points: 240 fuel + 30 stores = 270      → 430
    #   0 points: 270 (fuel and stores only; one point idle)
    # So 10 ammo and 240 fuel, r2's stores stay short.
    plan = _two_dumps_two_requisitions(ammo_priority=40)

    assert plan.status == "optimal"
    assert plan.delivered == {"r1": Supplies(ammo=10), "r2": Supplies(fuel=240)}
    assert plan.short == {"r1": Supplies(ammo=2), "r2": Supplies(stores=30)}
    assert plan.score == 640
    assert plan.truck_points == 5


def test_capacity_binds_pure_ammo_on_medium_trucks() -> None:
    # 5 medium points × 4 ammo = 20 of the 30 wanted (the same points would carry 600 fuel).
    plan = _plan(
        [Requisition("r", "u", "C1001", Supplies(ammo=30))],
        [Stock("d", "D3001", Supplies(ammo=100))],
        [Carrier("k", "D3001", medium=5)],
    )
    assert plan.delivered["r"] == Supplies(ammo=20)
    assert plan.short["r"] == Supplies(ammo=10)
    assert [leg.medium for leg in plan.legs] == [5]


def test_dump_stock_binds_and_uses_only_the_trucks_it_fills() -> None:
    # The dump holds 150 fuel of the 1000 wanted; 150 / 120 = 1 1/4 medium points → 2 points.
    plan = _plan(
        [Requisition("r", "u", "C1001", Supplies(fuel=1000))],
        [Stock("d", "D3001", Supplies(fuel=150))],
        [Carrier("k", "D3001", medium=5)],
    )
    assert plan.status == "optimal"
    assert plan.delivered["r"] == Supplies(fuel=150)
    assert plan.truck_points == 2


def test_a_leg_beyond_the_slowest_trucks_cpa_is_for_faster_trucks_only() -> None:
    # 5 medium (CPA 30 with supplies) and 2 light (CPA 40). Dump "near" is 20 CP away and holds
    # 4 ammo; dump "far" is 35 CP away: only the light points reach it, 2 × 2 = 4 ammo.
    # Near's 4 ammo go on 1 medium point. 8 ammo on 1 medium + 2 light points.
    requisitions = [Requisition("r", "u", "C1001", Supplies(ammo=30))]
    stocks = [Stock("near", "D3001", Supplies(ammo=4)), Stock("far", "D5001", Supplies(ammo=100))]
    carriers = [Carrier("k", "D3001", light=2, medium=5)]
    plan = _plan(
        requisitions,
        stocks,
        carriers,
        {("near", "r", "k"): Fraction(20), ("far", "r", "k"): Fraction(35)},
    )
    assert plan.status == "optimal"
    assert plan.delivered["r"] == Supplies(ammo=8)
    legs = {leg.trip.dump_id: (leg.light, leg.medium, leg.supplies) for leg in plan.legs}
    assert legs == {"near": (0, 1, Supplies(ammo=4)), "far": (2, 0, Supplies(ammo=4))}


def test_a_leg_out_of_every_trucks_reach_is_excluded() -> None:
    # Far is 45 CP away, beyond even light trucks (40): only near's 4 ammo arrive.
    requisitions = [Requisition("r", "u", "C1001", Supplies(ammo=30))]
    stocks = [Stock("near", "D3001", Supplies(ammo=4)), Stock("far", "D5001", Supplies(ammo=100))]
    carriers = [Carrier("k", "D3001", light=2, medium=5)]
    plan = _plan(
        requisitions,
        stocks,
        carriers,
        {("near", "r", "k"): Fraction(20), ("far", "r", "k"): Fraction(45)},
    )
    assert plan.delivered["r"] == Supplies(ammo=4)
    assert {leg.trip.dump_id for leg in plan.legs} == {"near"}


def test_unknown_cp_is_assumed_within_reach() -> None:
    plan = _plan(
        [Requisition("r", "u", "C1001", Supplies(ammo=8))],
        [Stock("d", "D3001", Supplies(ammo=8))],
        [Carrier("k", "D3001", medium=2)],
        {("d", "r", "k"): None},
    )
    assert plan.delivered["r"] == Supplies(ammo=8)


def test_unlimited_dump_is_never_drawn_down() -> None:
    # Cairo (60.44) holds "nothing" but never runs out: 5 medium points × 100 water = 500.
    plan = _plan(
        [Requisition("r", "u", "C1001", Supplies(water=600))],
        [Stock("cairo", "Cairo", Supplies(), unlimited=True)],
        [Carrier("k", "Cairo", medium=5)],
    )
    assert plan.delivered["r"] == Supplies(water=500)
    assert plan.truck_points == 5


def test_mixed_load_shares_a_point_pro_rata() -> None:
    # One medium point; r wants 2 ammo and 10 stores. 10 stores fill 10/15 = 2/3 of the point,
    # the last third takes 4/3 ammo → 1 ammo (2 would need 2/4 + 2/3 > 1). Any other mix is
    # smaller: 2 ammo leave 1/2 a point, 7 stores: 9 in all. So 11: 1 ammo, 10 stores.
    plan = _plan(
        [Requisition("r", "u", "C1001", Supplies(ammo=2, stores=10))],
        [Stock("d", "D3001", Supplies(ammo=10, stores=100))],
        [Carrier("k", "D3001", medium=1)],
    )
    assert plan.delivered["r"] == Supplies(ammo=1, stores=10)
    assert load_points(Supplies(ammo=1, stores=10), "medium") == Fraction(11, 12)


def test_one_leg_mixes_truck_types() -> None:
    # One light (50 fuel) and one medium (120 fuel) point on one trip: 170 fuel.
    plan = _plan(
        [Requisition("r", "u", "C1001", Supplies(fuel=200))],
        [Stock("d", "D3001", Supplies(fuel=500))],
        [Carrier("k", "D3001", light=1, medium=1)],
    )
    [leg] = plan.legs
    assert leg.supplies == Supplies(fuel=170)
    assert leg.loads == {"light": Supplies(fuel=50), "medium": Supplies(fuel=120)}
    assert (leg.light, leg.medium) == (1, 1)


def test_tie_break_uses_the_fewest_truck_points() -> None:
    # 100 fuel fit on 2 light points or on 1 heavy point: the plan takes the heavy one.
    plan = _plan(
        [Requisition("r", "u", "C1001", Supplies(fuel=100))],
        [Stock("d", "D3001", Supplies(fuel=500))],
        [Carrier("k", "D3001", light=5, heavy=5)],
    )
    assert plan.status == "optimal"
    assert [(leg.light, leg.medium, leg.heavy) for leg in plan.legs] == [(0, 0, 1)]


def test_same_hex_is_a_direct_draw_without_trucks() -> None:
    # Supply is used where it is: a unit in the dump's hex draws from it, no trucks needed.
    requisitions = [Requisition("r", "u", "D3001", Supplies(fuel=700, stores=5))]
    stocks = [Stock("d", "D3001", Supplies(fuel=500, stores=50))]
    trips = candidate_trips(stocks, requisitions, [Carrier("k", "D3001", medium=5)])
    assert trips == (Trip("d", "r", None),)
    plan = plan_convoy(requisitions, stocks, [Carrier("k", "D3001", medium=5)], trips)
    assert plan.delivered["r"] == Supplies(fuel=500, stores=5)
    assert plan.truck_points == 0
    assert plan_as_transfers(plan) == (
        PlannedTransfer("d", None, "u", Supplies(fuel=500, stores=5)),
    )


def test_priority_zero_gets_nothing() -> None:
    plan = _plan(
        [Requisition("r", "u", "C1001", Supplies(fuel=100), priority=0)],
        [Stock("d", "D3001", Supplies(fuel=500))],
        [Carrier("k", "D3001", medium=5)],
    )
    assert plan.legs == ()
    assert plan.status == "optimal"


def test_transfers_merge_legs_of_the_same_holders() -> None:
    # Two requisitions of one unit from one dump on one convoy: one transfer.
    requisitions = [
        Requisition("r1", "u", "C1001", Supplies(fuel=100)),
        Requisition("r2", "u", "C1001", Supplies(water=100)),
    ]
    plan = _plan(
        requisitions,
        [Stock("d", "D3001", Supplies(fuel=500, water=500))],
        [Carrier("k", "D3001", medium=5)],
    )
    assert plan_as_transfers(plan) == (
        PlannedTransfer("d", "k", "u", Supplies(fuel=100, water=100)),
    )


@pytest.mark.parametrize(
    ("trips", "expected"),
    [
        ([Trip("nowhere", "r", "k")], "no stock for dump 'nowhere'"),
        ([Trip("d", "r", "ghost")], "no carrier 'ghost'"),
        ([Trip("d", "r", None)], "a direct draw needs dump and unit in one hex"),
        ([Trip("d", "r", "k", Fraction(-1))], "expected a CP of 0 or more"),
        ([Trip("d", "r", "k"), Trip("d", "r", "k")], "given more than once"),
    ],
)
def test_inconsistent_input_is_refused(trips: list[Trip], expected: str) -> None:
    with pytest.raises(ValueError, match=expected):
        plan_convoy(
            [Requisition("r", "u", "C1001", Supplies(fuel=1))],
            [Stock("d", "D3001", Supplies(fuel=1))],
            [Carrier("k", "D3001", medium=1)],
            trips,
        )


def test_nothing_to_carry_is_an_empty_optimal_plan() -> None:
    plan = _plan(
        [Requisition("r", "u", "C1001", Supplies(ammo=5))],
        [Stock("d", "D3001", Supplies(fuel=500))],
        [Carrier("k", "D3001", medium=5)],
    )
    assert (plan.legs, plan.status, plan.short["r"]) == ((), "optimal", Supplies(ammo=5))


# Properties --------------------------------------------------------------------------------

_AMOUNTS = st.builds(
    Supplies,
    st.integers(0, 40),
    st.integers(0, 600),
    st.integers(0, 60),
    st.integers(0, 300),
)
_CP = st.sampled_from([None, Fraction(0), Fraction(20), Fraction(30), Fraction(35), Fraction(45)])


@st.composite
def _cases(
    draw: st.DrawFn,
) -> tuple[list[Requisition], list[Stock], list[Carrier], list[Trip]]:
    requisitions = [
        Requisition(f"r{i}", f"u{i}", f"C{i}", draw(_AMOUNTS), draw(st.integers(0, 3)))
        for i in range(draw(st.integers(1, 3)))
    ]
    stocks = [
        Stock(
            f"d{i}", draw(st.sampled_from(["C0", "C1", "D9"])), draw(_AMOUNTS), draw(st.booleans())
        )
        for i in range(draw(st.integers(1, 3)))
    ]
    carriers = [
        Carrier(f"k{i}", "X", *(draw(st.integers(0, 4)) for _ in TRUCK_TYPES))
        for i in range(draw(st.integers(1, 2)))
    ]
    trips = []
    for s in stocks:
        for r in requisitions:
            if s.location == r.location:
                trips.append(Trip(s.dump_id, r.id, None))
                continue
            trips += [
                Trip(s.dump_id, r.id, k.group_id, draw(_CP))
                for k in carriers
                if draw(st.booleans())
            ]
    return requisitions, stocks, carriers, trips


def _greedy_load(
    trip: Trip, requisition: Requisition, stock: Stock, carrier: Carrier | None
) -> int:
    """What one trip alone carries, filling each truck type in turn commodity by commodity."""
    left = {
        c: v if stock.unlimited else min(v, stock.supplies.get(c))
        for c, v in requisition.wanted.items()
    }
    if carrier is None:
        return sum(left.values())
    carried = 0
    for t in TRUCK_TYPES:
        if not reaches(t, trip.cp):
            continue
        room = Fraction(carrier.points(t))
        for c in COMMODITIES:
            per_point = truck_chart()[t].capacity[c]
            n = min(left[c], math.floor(room * per_point))
            room -= n / per_point
            left[c] -= n
            carried += n
    return carried


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_cases())
def test_plan_respects_every_limit_and_beats_any_single_leg(
    case: tuple[list[Requisition], list[Stock], list[Carrier], list[Trip]],
) -> None:
    requisitions, stocks, carriers, trips = case
    plan = plan_convoy(requisitions, stocks, carriers, trips)
    assert plan.status == "optimal"
    wanted = {r.id: r for r in requisitions}
    held = {s.dump_id: s for s in stocks}
    by_carrier = {k.group_id: k for k in carriers}
    taken = {s.dump_id: Supplies() for s in stocks}
    used = {k.group_id: [0, 0, 0] for k in carriers}
    for leg in plan.legs:
        taken[leg.trip.dump_id] += leg.supplies
        assert sum(leg.loads.values(), Supplies()) == leg.supplies or leg.trip.carrier_id is None
        points = dict(zip(TRUCK_TYPES, (leg.light, leg.medium, leg.heavy), strict=True))
        if leg.trip.carrier_id is None:
            assert leg.truck_points == 0
            continue
        for t, load in leg.loads.items():
            assert load_points(load, t) <= points[t]  # never beyond 54.2 capacity
            assert reaches(t, leg.trip.cp)  # only types whose CPA covers the trip
        for i, t in enumerate(TRUCK_TYPES):
            used[leg.trip.carrier_id][i] += points[t]
    for r in requisitions:
        delivered = plan.delivered[r.id]
        assert all(0 <= delivered.get(c) <= r.wanted.get(c) for c in COMMODITIES)
        assert plan.short[r.id] == r.wanted - delivered
    for s in stocks:
        if not s.unlimited:
            assert all(taken[s.dump_id].get(c) <= s.supplies.get(c) for c in COMMODITIES)
    for k in carriers:
        assert all(
            u <= a for u, a in zip(used[k.group_id], (k.light, k.medium, k.heavy), strict=True)
        )
    for trip in trips:
        r = wanted[trip.requisition_id]
        alone = _greedy_load(trip, r, held[trip.dump_id], by_carrier.get(trip.carrier_id or ""))
        assert plan.score >= r.priority * alone


def test_no_time_at_all_is_a_failed_empty_plan() -> None:
    requisitions = [Requisition("r", "u", "C1001", Supplies(fuel=100))]
    stocks = [Stock("d", "D3001", Supplies(fuel=500))]
    carriers = [Carrier("k", "D3001", medium=5)]
    trips = candidate_trips(stocks, requisitions, carriers)
    plan = plan_convoy(requisitions, stocks, carriers, trips, time_limit=0)
    assert (plan.status, plan.legs, plan.short["r"]) == ("failed", (), Supplies(fuel=100))
