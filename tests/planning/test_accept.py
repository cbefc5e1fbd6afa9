"""Accepting a convoy plan (ledger/planning/accept.py) on the mini fixture, worked by hand.

mini.toml: Mersa Matruh (cw_matruh, C3721) holds 1000 ammo, 3000 fuel, 4000 stores; 1st RNF
(cw.1_rnf) stands there with 2 ammo, 0 fuel, 3 stores, 4 water. Chart 54.2 per medium truck
point: 4 ammo, 120 fuel, 15 stores, 100 water; per light point 2, 50, 6, 40.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction

from ledger.commands.logistics import file_requisition, fulfil_requisition, move_trucks
from ledger.commands.outcome import Outcome
from ledger.commands.transfers import transfer
from ledger.commands.undo import undo
from ledger.model.apply import apply
from ledger.model.events import Event
from ledger.model.holdings import TruckGroup
from ledger.model.quantities import Supplies
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.model.trucks import TruckType
from ledger.planning.accept import accept_plan, unready_legs
from ledger.planning.available import (
    carriers_of,
    dedicated_to,
    requisitions_of,
    unplanned_convoys,
)
from ledger.planning.convoy_values import ConvoyPlan, PlannedLeg, Trip
from ledger.planning.proposal import plan_for_side

RNF, MATRUH = "cw.1_rnf", "cw_matruh"


def _source(state: GameState) -> Source:
    return Source(state.clock, "commonwealth", "logistics_commander", "convoy plan")


def _record(state: GameState, outcome: Outcome) -> GameState:
    assert outcome.ok, outcome.errors
    for event in outcome.events:
        state = apply(state, event)
    return state


def _game(
    mini_state: GameState, *, rnf_at: str = "C3721", convoy_at: str = "C3721", **points: int
) -> GameState:
    """The mini game with 1st RNF at ``rnf_at`` and a convoy ``cw_convoy`` of ``points``;
    without Cairo (an unlimited source, 60.44, is not tied to a hex), so that every load comes
    from Mersa Matruh."""
    rnf = replace(mini_state.units[RNF], location=rnf_at)
    convoy = TruckGroup("cw_convoy", "commonwealth", "second_third", convoy_at, **points)  # type: ignore[arg-type]
    return replace(
        mini_state,
        units={**mini_state.units, RNF: rnf},
        trucks={**mini_state.trucks, "cw_convoy": convoy},
        dumps={k: d for k, d in mini_state.dumps.items() if k != "cw_cairo"},
    )


def _file(state: GameState, wanted: Supplies) -> GameState:
    return _record(state, file_requisition(state, RNF, wanted, _source(state)))


def _leg(
    requisition: str,
    supplies: Supplies,
    carrier: str | None = None,
    loads: Mapping[TruckType, Supplies] | None = None,
    **points: int,
) -> PlannedLeg:
    return PlannedLeg(Trip(MATRUH, requisition, carrier), RNF, supplies, loads or {}, **points)


def _plan(*legs: PlannedLeg) -> ConvoyPlan:
    delivered = {leg.trip.requisition_id: leg.supplies for leg in legs}
    return ConvoyPlan(legs, delivered, {}, 0, "optimal", "by hand")


def test_a_truck_leg_splits_its_points_off_and_loads_them(mini_state: GameState) -> None:
    # 1st RNF at C3920 wants 6 ammo and 15 stores; a convoy of 5 medium points stands at
    # Mersa Matruh. On medium points: 6/4 + 15/15 = 2 1/2, so 3 points, the fewest (a medium
    # point carries more of everything than a light one) and the planner's only answer.
    state = _file(_game(mini_state, rnf_at="C3920", medium=5), Supplies(ammo=6, stores=15))
    plan = plan_for_side(state, "commonwealth", time_limit=5)
    assert plan is not None and plan.status == "optimal"
    assert [(leg.trip.carrier_id, leg.medium, leg.supplies) for leg in plan.legs] == [
        ("cw_convoy", 3, Supplies(ammo=6, stores=15))
    ]
    outcome = accept_plan(state, plan, _source(state))
    assert [e.kind for e in outcome.events] == ["truck_points_moved", "supplies_transferred"]
    after = _record(state, outcome)
    group = after.trucks["cw_convoy.CR1"]
    assert (group.medium, group.cargo, group.location) == (3, Supplies(6, 0, 15), "C3721")
    assert group.purpose == "requisition CR1 for 1st RNF MG Bn" and dedicated_to(group) == "CR1"
    assert after.trucks["cw_convoy"].medium == 5 - 3
    # Mersa Matruh: 1000 - 6 = 994 ammo, 4000 - 15 = 3985 stores
    assert after.dumps[MATRUH].supplies == Supplies(ammo=994, fuel=3000, stores=3985)
    # CR1 stays open, nothing more to plan for it; the loaded group is nobody's carrier
    assert after.requisitions["CR1"].status == "open"
    assert requisitions_of(after, "commonwealth") == ()
    assert [c.group_id for c in carriers_of(after, "commonwealth")] == ["cw_convoy"]
    # the delivery: the half point left takes the trip's fuel (5 of its 60, 54.2); 5 CP burn
    # 1 fuel a point per five CP, 3 (49.13); then fulfil CR1 with what it asked
    # (moved now, in the Organization Phase, under the house rule for convoy movement)
    fuelled = _record(
        after, transfer(after, MATRUH, "cw_convoy.CR1", Supplies(fuel=5), _source(after))
    )
    fuelled = replace(fuelled, ruling_choices={"8.18-truck-convoy-phase": "any-phase"})
    trip = move_trucks(fuelled, "cw_convoy.CR1", "C3920", Fraction(5), _source(fuelled))
    moved = _record(fuelled, trip)
    assert moved.trucks["cw_convoy.CR1"].cargo == Supplies(ammo=6, fuel=2, stores=15)
    done = _record(moved, fulfil_requisition(moved, "CR1", "cw_convoy.CR1", _source(moved)))
    assert done.units[RNF].supplies == Supplies(ammo=2 + 6, stores=3 + 15, water=4)
    assert done.requisitions["CR1"].status == "fulfilled"
    # free again, but in C3920 with no dump to load at: not planned from until it drives back
    assert [c.group_id for c in carriers_of(done, "commonwealth")] == ["cw_convoy"]
    assert unplanned_convoys(done, "commonwealth") == {
        "cw_convoy.CR1": "no dump of its side in C3920 to load at (54.1)"
    }


def test_a_leg_on_two_truck_types_makes_one_group_per_type(mini_state: GameState) -> None:
    # 2 ammo on 1 light point (2/2 = 1), 120 fuel on 1 medium point (120/120 = 1). As one
    # group of 1 light + 1 medium the pooled 54.2 check would read 2/6 + 120/170 > 1.
    state = _file(_game(mini_state, rnf_at="C3920", light=2, medium=1), Supplies(2, 120))
    leg = _leg(
        "CR1",
        Supplies(ammo=2, fuel=120),
        "cw_convoy",
        {"light": Supplies(ammo=2), "medium": Supplies(fuel=120)},
        light=1,
        medium=1,
    )
    after = _record(state, accept_plan(state, _plan(leg), _source(state)))
    light, medium = after.trucks["cw_convoy.CR1.light"], after.trucks["cw_convoy.CR1.medium"]
    assert (light.light, light.cargo) == (1, Supplies(ammo=2))
    assert (medium.medium, medium.cargo) == (1, Supplies(fuel=120))
    assert (after.trucks["cw_convoy"].light, after.trucks["cw_convoy"].medium) == (1, 0)


def test_a_direct_draw_in_full_fulfils_the_requisition(mini_state: GameState) -> None:
    state = _file(mini_state, Supplies(ammo=10, stores=5))
    plan = plan_for_side(state, "commonwealth", time_limit=5)
    assert plan is not None
    after = _record(state, accept_plan(state, plan, _source(state)))
    assert after.requisitions["CR1"].status == "fulfilled"
    # 1st RNF: 2 + 10 ammo, 3 + 5 stores; Mersa Matruh 1000 - 10, 4000 - 5
    assert after.units[RNF].supplies == Supplies(ammo=12, stores=8, water=4)
    assert after.dumps[MATRUH].supplies == Supplies(ammo=990, fuel=3000, stores=3995)


def test_a_partial_direct_draw_refiles_the_rest(mini_state: GameState) -> None:
    # 1500 ammo wanted, Mersa Matruh holds 1000 and no convoy can bring more from Cairo:
    # all 1000 drawn, CR1 fulfilled by them, the other 500 filed again as CR2 (ruling
    # plan-partial-requisition, refile).
    state = _file(mini_state, Supplies(ammo=1500))
    plan = plan_for_side(state, "commonwealth", time_limit=5)
    assert plan is not None and plan.short["CR1"] == Supplies(ammo=500)
    after = _record(state, accept_plan(state, plan, _source(state)))
    assert after.units[RNF].supplies.ammo == 2 + 1000
    assert after.dumps[MATRUH].supplies.ammo == 0
    assert after.requisitions["CR1"].status == "fulfilled"
    rest = after.requisitions["CR2"]
    assert (rest.wanted, rest.status, rest.note) == (
        Supplies(ammo=500),
        "open",
        "rest of CR1 (convoy plan)",
    )


def test_under_close_the_shortfall_lapses_but_the_trucks_part_is_refiled(
    mini_state: GameState,
) -> None:
    # CR1: 1st RNF wants 20 ammo; the plan draws 6 at Mersa Matruh and puts 8 on 2 medium
    # points: 20 - 6 - 8 = 6 lapse; CR2 is filed for the 8 the trucks carry.
    game = _game(mini_state, medium=5)
    state = replace(game, ruling_choices={"plan-partial-requisition": "close"})
    state = _file(state, Supplies(ammo=20))
    direct = _leg("CR1", Supplies(ammo=6))
    trucked = _leg("CR1", Supplies(ammo=8), "cw_convoy", {"medium": Supplies(ammo=8)}, medium=2)
    after = _record(state, accept_plan(state, _plan(direct, trucked), _source(state)))
    assert after.requisitions["CR1"].status == "fulfilled"
    assert after.requisitions["CR2"].wanted == Supplies(ammo=8)
    assert dedicated_to(after.trucks["cw_convoy.CR2"]) == "CR2"
    assert after.units[RNF].supplies.ammo == 2 + 6
    assert after.dumps[MATRUH].supplies.ammo == 1000 - 6 - 8


def test_a_convoy_away_from_its_dump_refuses_the_whole_plan(mini_state: GameState) -> None:
    state = _game(mini_state, rnf_at="C3920", convoy_at="C3810", medium=5)
    state = _file(state, Supplies(ammo=4))
    plan = _plan(_leg("CR1", Supplies(ammo=4), "cw_convoy", {"medium": Supplies(ammo=4)}, medium=1))
    refused = accept_plan(state, plan, _source(state))
    assert not refused.ok and refused.events == ()
    assert [e.field for e in refused.errors] == ["leg 1"]
    message = refused.errors[0].message
    assert "convoy at C3810 (5 TP) is in C3810, not in Mersa Matruh's hex C3721" in message
    assert [e.field for e in unready_legs(state, plan)] == ["leg 1"]


def test_ready_only_records_the_rest(mini_state: GameState) -> None:
    # 1st RNF in Mersa Matruh's hex: CR2's 5 stores are a direct draw; CR1's convoy is away.
    state = _game(mini_state, convoy_at="C3810", medium=5)
    state = _file(state, Supplies(ammo=4))
    state = _file(state, Supplies(stores=5))
    plan = _plan(
        _leg("CR1", Supplies(ammo=4), "cw_convoy", {"medium": Supplies(ammo=4)}, medium=1),
        _leg("CR2", Supplies(stores=5)),
    )
    after = _record(state, accept_plan(state, plan, _source(state), ready_only=True))
    assert after.requisitions["CR2"].status == "fulfilled"
    assert after.requisitions["CR1"].status == "open"
    assert after.trucks["cw_convoy"].medium == 5


def test_refusals_name_each_problem_and_write_nothing(mini_state: GameState) -> None:
    state = _file(_game(mini_state, rnf_at="C3920", medium=2), Supplies(ammo=1200))
    plan = _plan(
        _leg("CR1", Supplies(ammo=12), "cw_convoy", {"medium": Supplies(ammo=12)}, medium=3),
        _leg("CR9", Supplies(ammo=1)),
    )
    refused = accept_plan(state, plan, _source(state))
    messages = [str(e) for e in refused.errors]
    assert refused.events == ()
    assert any("no requisition 'CR9'" in m for m in messages)
    # 3 medium asked of a convoy with 2
    assert any("2 free medium truck points, the plan takes 3: 1 short" in m for m in messages)


def test_a_stock_short_is_refused_by_transfer(mini_state: GameState) -> None:
    state = _file(mini_state, Supplies(ammo=1200))
    refused = accept_plan(state, _plan(_leg("CR1", Supplies(ammo=1200))), _source(state))
    assert [e.field for e in refused.errors] == ["leg 1"]
    assert "200 short" in refused.errors[0].message


def test_undo_takes_the_whole_acceptance_back(mini_state: GameState) -> None:
    state = _file(_game(mini_state, rnf_at="C3920", medium=5), Supplies(ammo=6, stores=15))
    plan = plan_for_side(state, "commonwealth", time_limit=5)
    assert plan is not None
    accepted = accept_plan(state, plan, _source(state)).events
    assert not accepted[0].source.app_made
    assert all(e.source.app_made for e in accepted[1:])
    journal: list[tuple[int, Event]] = list(enumerate(accepted, start=10))
    reversed_ = undo(journal, _source(state)).events
    assert len(reversed_) == len(accepted)
    after = _record(_record(state, Outcome(events=accepted)), Outcome(events=reversed_))
    assert after == state
