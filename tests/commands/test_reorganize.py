"""Organization: phases (5.2), assign/attach/detach (6.3), trucks (8.95–8.97), troops (6.17)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from ledger.commands import first_line_trucks, organization_phase, reorganize
from ledger.commands.outcome import Outcome
from ledger.commands.undo import undo
from ledger.io.scenario import bundled_scenarios, load_scenario
from ledger.journal.codec import decode, encode
from ledger.model.apply import apply, start, unapply
from ledger.model.events import CPExpended, Event, GameStarted, UnitReorganized
from ledger.model.phases import find_phase
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.rules.organization import (
    current_parent,
    formation_cpa,
    formation_tree,
    formation_truck_points,
    highest_parent,
)
from tests.phases import at_last_phase

DIV = "cw.7_armd_div.7th_armored_div_hq"
ARMD_BDE = "cw.7_armd_div.7th_armored_bde_hq"
SUPPORT = "cw.7_armd_div.7th_support_group_hq"
HUSSARS = "cw.7_armd_div.8th_hussars"
KRRC = "cw.7_armd_div.1st_krrc"
RIFLES = "cw.7_armd_div.2nd_rifle_brigade"
RNF = "cw.unassigned_inf.1st_rnf_mg_bn"
DIV_TRUCKS = "cw_d3612_7armd"  # 5 light, 5 medium, 5 heavy at D3612 (60.22)


@pytest.fixture(scope="module")
def opening() -> GameState:
    """Graziani at GT 1 with the 7th Armoured Division whole: the six units the set-up
    detaches (KRRC, Rifle Brigade, 11th Hussars, 3 and 4 RHA, 1 RTR) are back with it."""
    setup = load_scenario(bundled_scenarios()["graziani"])
    state = start(GameStarted(Source(setup.info.start), setup))
    whole = {
        uid: replace(u, detached=False)
        for uid, u in state.units.items()
        if uid.startswith("cw.7_armd_div.") and u.detached
    }
    assert len(whole) == 6
    return replace(state, units={**state.units, **whole})


def src(state: GameState) -> Source:
    return Source(state.clock, "commonwealth", "field_commander")


def run(state: GameState, outcome: Outcome) -> GameState:
    assert outcome.ok, outcome.errors
    for event in outcome.events:
        state = apply(state, event)
    return state


def messages(outcome: Outcome) -> str:
    assert not outcome.ok
    return " | ".join(f"{e.field}: {e.message} ({e.case})" for e in outcome.errors)


def in_formation(state: GameState, unit_id: str, hq: str) -> bool:
    return any(u.id == unit_id for u in formation_tree(state, hq).walk())


def at_phase(state: GameState, text: str, player: str | None = None) -> GameState:
    found = find_phase(text, player)
    assert found is not None
    return run(state, organization_phase.advance_phase(state, found.key, src(state)))


def test_detach_costs_1_cp_to_the_unit_and_the_parent_hq(opening: GameState) -> None:
    state = run(opening, reorganize.detach(opening, HUSSARS, src(opening)))
    assert state.units[HUSSARS].cp_expended == 1
    assert state.units[ARMD_BDE].cp_expended == 1
    assert current_parent(state.units[HUSSARS]) is None
    assert state.units[HUSSARS].detached
    assert not in_formation(state, HUSSARS, DIV)


def test_reattaching_to_its_own_parent_costs_1_cp_each(opening: GameState) -> None:
    state = run(opening, reorganize.detach(opening, HUSSARS, src(opening)))
    state = run(state, reorganize.attach(state, HUSSARS, ARMD_BDE, src(state)))
    assert state.units[HUSSARS].cp_expended == 2  # 1 detach + 1 attach-assigned
    assert state.units[ARMD_BDE].cp_expended == 2
    assert in_formation(state, HUSSARS, ARMD_BDE)
    assert not state.units[HUSSARS].detached


def test_attaching_to_another_formation_costs_2_cp_each(opening: GameState) -> None:
    state = run(opening, reorganize.detach(opening, HUSSARS, src(opening)))
    outcome = reorganize.attach(state, HUSSARS, SUPPORT, src(state))
    cps = {e.unit_id: e.cp for e in outcome.events if isinstance(e, CPExpended)}
    assert cps == {HUSSARS: 2, SUPPORT: 2}
    state = run(state, outcome)
    assert in_formation(state, HUSSARS, SUPPORT)
    assert state.units[HUSSARS].parent == ARMD_BDE  # still assigned there


def test_attaching_a_unit_still_with_a_parent_is_refused(opening: GameState) -> None:
    text = messages(reorganize.attach(opening, HUSSARS, SUPPORT, src(opening)))
    assert "7th Armored Bde HQ" in text and "detach it first" in text


def test_the_ruling_formation_charges_every_unit_with_the_parent(opening: GameState) -> None:
    state = replace(opening, ruling_choices={"6.3-parent-formation-cp": "formation"})
    outcome = reorganize.detach(state, HUSSARS, src(state))
    payers = {e.unit_id for e in outcome.events if isinstance(e, CPExpended)}
    # 7th Armoured Brigade: its HQ, 1 RTR and the 8th Hussars; the Hussars pay once.
    assert payers == {HUSSARS, ARMD_BDE, "cw.7_armd_div.1st_royal_tank_regt"}


def test_attach_outside_the_organization_phase_is_refused_with_5_2(opening: GameState) -> None:
    state = run(opening, reorganize.detach(opening, HUSSARS, src(opening)))
    state = at_phase(state, "movement and combat", "A")
    text = messages(reorganize.attach(state, HUSSARS, ARMD_BDE, src(state)))
    assert "Organization Phase" in text and "(5.2)" in text
    house = replace(state, ruling_choices={"organization-phase-limits": "any-phase"})
    assert reorganize.attach(house, HUSSARS, ARMD_BDE, src(house)).ok


def test_detach_is_allowed_in_the_movement_and_combat_phase_not_in_truck_convoy(
    opening: GameState,
) -> None:
    state = at_phase(opening, "G", "A")
    assert reorganize.detach(state, HUSSARS, src(state)).ok
    later = at_phase(state, "truck convoy", "A")
    assert "8.97" in messages(reorganize.detach(later, HUSSARS, src(later)))


def test_assign_a_non_assigned_unit_is_free_and_only_once(opening: GameState) -> None:
    outcome = reorganize.assign(opening, RNF, SUPPORT, src(opening))
    assert [type(e) for e in outcome.events] == [UnitReorganized]
    state = run(opening, outcome)
    assert state.units[RNF].parent == SUPPORT
    assert in_formation(state, RNF, DIV)
    assert "already assigned" in messages(reorganize.assign(state, RNF, DIV, src(state)))


def test_a_unit_joins_only_an_hq_and_never_in_a_circle(opening: GameState) -> None:
    assert "not an HQ" in messages(reorganize.assign(opening, RNF, KRRC, src(opening)))
    state = run(opening, reorganize.detach(opening, SUPPORT, src(opening)))
    assert "circle" in messages(reorganize.attach(state, SUPPORT, SUPPORT, src(state)))


def test_undo_reverses_the_attachment_with_its_cp(opening: GameState) -> None:
    state = run(opening, reorganize.detach(opening, HUSSARS, src(opening)))
    outcome = reorganize.attach(state, HUSSARS, SUPPORT, src(state))
    journal: list[tuple[int, Event]] = [(i + 2, e) for i, e in enumerate(outcome.events)]
    after = run(state, outcome)
    back = undo(journal, src(after))
    assert len(back.events) == 3
    assert run(after, back) == state


def test_8_96_trucks_of_a_battalion_belong_to_the_highest_parent(opening: GameState) -> None:
    state = run(
        opening, first_line_trucks.attach_trucks(opening, DIV_TRUCKS, KRRC, None, src(opening))
    )
    assert highest_parent(state, KRRC) == DIV
    assert formation_truck_points(state, DIV) == (5, 5, 5)
    assert formation_truck_points(state, SUPPORT) == (5, 5, 5)  # the sub-tree holds them too
    # Lending them again within the division is refused: they are the division's already.
    group = next(g for g in state.trucks.values() if g.attached_to == KRRC)
    assert "8.96" in messages(
        first_line_trucks.attach_trucks(state, group.id, RIFLES, None, src(state))
    )


def test_6_17_the_1st_rnf_on_medium_trucks_moves_at_20(opening: GameState) -> None:
    assert opening.cpa(opening.units[RNF]) == 8
    state = run(
        opening, first_line_trucks.attach_trucks(opening, "cw_c3721", RNF, (0, 3, 0), src(opening))
    )
    state = run(state, first_line_trucks.carry_troops(state, RNF, (0, 3, 0), src(state)))
    assert state.units[RNF].cp_expended == 0  # loading in the Organization Phase is free (6.3)
    assert state.cpa(state.units[RNF]) == 20
    unloaded = run(state, first_line_trucks.carry_troops(state, RNF, (0, 0, 0), src(state)))
    assert unloaded.cpa(unloaded.units[RNF]) == 8


def test_8_95_loading_needs_enough_trucks_and_costs_2_cp_outside_organization(
    opening: GameState,
) -> None:
    state = run(
        opening, first_line_trucks.attach_trucks(opening, DIV_TRUCKS, DIV, None, src(opening))
    )
    # 1 KRRC: 6 infantry points. 5 medium + 1 heavy carry 7: one medium fewer would do.
    assert "fewer" in messages(first_line_trucks.carry_troops(state, KRRC, (0, 5, 1), src(state)))
    assert "5 medium truck points free for 1st KRRC, 6 asked" in messages(
        first_line_trucks.carry_troops(state, KRRC, (0, 6, 0), src(state))
    )
    moving = at_phase(state, "G", "A")
    loaded = run(moving, first_line_trucks.carry_troops(moving, KRRC, (0, 4, 1), src(moving)))
    assert loaded.units[KRRC].cp_expended == 2
    assert loaded.cpa(loaded.units[KRRC]) == 20
    # 6.15: the division still waits for the 2nd Rifle Brigade (10) ...
    assert formation_cpa(loaded, formation_tree(loaded, DIV)) == 10
    loaded = run(loaded, first_line_trucks.carry_troops(loaded, RIFLES, (0, 0, 3), src(loaded)))
    # ... and, with both carried, for the 15s (8th Hussars' Cruisers, the RHA's guns).
    assert formation_cpa(loaded, formation_tree(loaded, DIV)) == 15
    # 5 heavy: 1 under the KRRC, 3 under the Rifle Brigade; 1 left.
    assert "1 heavy truck points free for 1st RNF, 2 asked" not in messages(
        first_line_trucks.carry_troops(loaded, RNF, (0, 0, 2), src(loaded))
    )


def test_8_95_example_4_light_2_medium_1_heavy_carry_6_points(opening: GameState) -> None:
    state = run(
        opening, first_line_trucks.attach_trucks(opening, DIV_TRUCKS, DIV, None, src(opening))
    )
    state = run(state, first_line_trucks.carry_troops(state, KRRC, (4, 2, 1), src(state)))
    assert state.cpa(state.units[KRRC]) == 20  # the slowest of light 25 and medium/heavy 20


def test_light_trucks_may_not_carry_guns(opening: GameState) -> None:
    gun = "cw.unassigned_arty.7th_medium_artillery_regt"
    assert opening.cpa(opening.units[gun], for_movement=True) is not None
    text = messages(first_line_trucks.carry_troops(opening, gun, (12, 0, 0), src(opening)))
    assert "54.2" in text


def test_8_97_no_complete_truck_detachment_at_cohesion_minus_5(opening: GameState) -> None:
    state = run(
        opening, first_line_trucks.attach_trucks(opening, DIV_TRUCKS, DIV, None, src(opening))
    )
    shaken = replace(
        state, units={**state.units, DIV: replace(state.units[DIV], cohesion=Fraction(-5))}
    )
    assert "8.97" in messages(first_line_trucks.detach_trucks(shaken, DIV, (5, 5, 5), src(shaken)))
    partial = run(shaken, first_line_trucks.detach_trucks(shaken, DIV, (5, 5, 4), src(shaken)))
    assert formation_truck_points(partial, DIV) == (0, 0, 1)
    convoy = partial.trucks[f"{DIV}.convoy"]
    assert (convoy.light, convoy.medium, convoy.heavy, convoy.line) == (5, 5, 4, "second_third")
    steady = run(state, first_line_trucks.detach_trucks(state, DIV, (5, 5, 5), src(state)))
    assert formation_truck_points(steady, DIV) == (0, 0, 0)


def test_detach_takes_the_trucks_its_troops_ride_and_leaves_the_rest(opening: GameState) -> None:
    state = run(
        opening, first_line_trucks.attach_trucks(opening, DIV_TRUCKS, DIV, None, src(opening))
    )
    state = run(state, first_line_trucks.carry_troops(state, KRRC, (0, 4, 1), src(state)))
    assert "8.95" in messages(reorganize.detach(state, SUPPORT, src(state)))
    state = run(state, reorganize.detach(state, SUPPORT, src(state), trucks=(0, 4, 1)))
    assert formation_truck_points(state, SUPPORT) == (0, 4, 1)
    assert formation_truck_points(state, DIV) == (5, 1, 4)
    assert state.cpa(state.units[KRRC]) == 20


def test_detach_returns_a_leaving_units_own_trucks_to_the_formation(opening: GameState) -> None:
    state = run(
        opening, first_line_trucks.attach_trucks(opening, DIV_TRUCKS, HUSSARS, None, src(opening))
    )
    state = run(state, reorganize.detach(state, HUSSARS, src(state)))
    assert formation_truck_points(state, HUSSARS) == (0, 0, 0)
    assert formation_truck_points(state, DIV) == (5, 5, 5)


def test_trucks_attach_outside_organization_only_to_a_unit_reorganized_this_stage(
    opening: GameState,
) -> None:
    state = at_phase(opening, "G", "A")
    assert "8.97" in messages(
        first_line_trucks.attach_trucks(state, DIV_TRUCKS, KRRC, None, src(state))
    )
    state = run(state, reorganize.detach(state, HUSSARS, src(state)))
    assert first_line_trucks.attach_trucks(state, DIV_TRUCKS, HUSSARS, (1, 0, 0), src(state)).ok


def test_phases_go_forward_only_and_end_stage_reopens_in_organization(
    opening: GameState,
) -> None:
    from ledger.commands.stage_end import end_stage

    state = at_phase(opening, "patrol", "B")
    assert "last phase" in messages(organization_phase.advance_phase(state, None, src(state)))
    assert "forward" in messages(
        organization_phase.advance_phase(state, "organization", src(state))
    )
    state = at_last_phase(state)  # 5.2: the stage ends from its last phase
    outcome = end_stage(state, src(state))
    after = run(state, outcome)
    assert after.phase == "organization"
    back = after
    for event in reversed(outcome.events):  # the end of stage, its RP and the water taken
        back = unapply(back, event)  # type: ignore[arg-type]
    assert back.phase == "patrol/B" and back == state


def test_organization_events_survive_the_journal_codec(opening: GameState) -> None:
    state = run(
        opening, first_line_trucks.attach_trucks(opening, DIV_TRUCKS, KRRC, None, src(opening))
    )
    outcomes = [
        reorganize.detach(state, SUPPORT, src(state), trucks=(5, 5, 5)),
        first_line_trucks.carry_troops(state, KRRC, (0, 4, 1), src(state)),
        organization_phase.advance_phase(state, None, src(state)),
    ]
    for outcome in outcomes:
        assert outcome.ok, outcome.errors
        for event in outcome.events:
            assert decode(encode(event)) == event
            assert unapply(apply(state, event), event) == state  # type: ignore[arg-type]


def test_detach_may_not_take_trucks_carrying_the_troops_that_stay(opening: GameState) -> None:
    state = run(
        opening, first_line_trucks.attach_trucks(opening, DIV_TRUCKS, DIV, None, src(opening))
    )
    state = run(state, first_line_trucks.carry_troops(state, KRRC, (0, 4, 1), src(state)))
    # 5 medium: 4 carry 1 KRRC, who stays; 1 is free to go with the 8th Hussars.
    text = messages(reorganize.detach(state, HUSSARS, src(state), trucks=(0, 2, 0)))
    assert "5 light, 1 medium, 4 heavy truck points free" in text
    state = run(state, reorganize.detach(state, HUSSARS, src(state), trucks=(0, 1, 0)))
    assert formation_truck_points(state, HUSSARS) == (0, 1, 0)
    assert formation_truck_points(state, DIV) == (5, 4, 5)
