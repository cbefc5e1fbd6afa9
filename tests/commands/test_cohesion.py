"""Cohesion and CP restrictions: 6.21, 6.23, 6.24, 6.26, 8.17, the 6.3 actions."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from ledger.commands.cp import adjust_cohesion, spend_cp
from ledger.commands.stage_end import end_stage
from ledger.model.apply import apply
from ledger.model.events import CohesionAdjusted, ConsumptionPosted, Event, OperationsStageEnded
from ledger.model.source import Source
from ledger.model.state import GameState
from tests.phases import at_last_phase, session_to_last_phase

RNF = "cw.1_rnf"  # CPA 8, non-motorized (8.17)


def _with(state: GameState, **changes: object) -> GameState:
    return replace(state, units={**state.units, RNF: replace(state.units[RNF], **changes)})


def _do(state: GameState, outcome_events: tuple) -> GameState:  # type: ignore[type-arg]
    for event in outcome_events:
        state = apply(state, event)
    return state


def _spend(state: GameState, cp: Fraction | None, action: str = "other"):  # type: ignore[no-untyped-def]
    return spend_cp(state, RNF, cp, Source(state.clock), action)


@pytest.mark.parametrize(("before", "after"), [(-3, 0), (-7, -2), (-1, 0), (0, 0), (4, 4)])
def test_6_24_idle_opstage_earns_5_rp_never_above_0(
    mini_state: GameState, before: int, after: int
) -> None:
    state = _with(mini_state, cohesion=Fraction(before))
    state = at_last_phase(state)  # 5.2: the stage ends from its last phase
    outcome = end_stage(state, Source(state.clock, app_made=True))
    state = _do(state, outcome.events)
    assert state.units[RNF].cohesion == after


def _no_upkeep(events: tuple[Event, ...]) -> list[Event]:
    """The events of an end of OpStage without the water and stores the ledger takes."""
    return [e for e in events if not isinstance(e, ConsumptionPosted)]


def test_6_24_no_rp_after_expending_cp_or_in_training(mini_state: GameState) -> None:
    state = _with(mini_state, cohesion=Fraction(-3))
    state = _do(state, _spend(state, Fraction(1, 4)).events)
    state = at_last_phase(state)  # 5.2: the stage ends from its last phase
    events = _no_upkeep(end_stage(state, Source(state.clock)).events)
    assert len(events) == 1 and isinstance(events[0], OperationsStageEnded)
    training = _with(mini_state, cohesion=Fraction(-3), in_training=True)
    training = at_last_phase(training)  # 5.2: the stage ends from its last phase
    assert len(_no_upkeep(end_stage(training, Source(training.clock)).events)) == 1
    earning = replace(training, ruling_choices={"6.24-idle-rp-in-training": "earn"})
    earning = at_last_phase(earning)  # 5.2: the stage ends from its last phase
    _, rp = _no_upkeep(end_stage(earning, Source(earning.clock)).events)
    assert isinstance(rp, CohesionAdjusted)
    assert (rp.unit_id, rp.change, rp.cause, rp.source.app_made) == (RNF, 3, "idle-opstage", True)


def test_6_23_rp_never_raise_cohesion_above_10(mini_state: GameState) -> None:
    state = _with(mini_state, cohesion=Fraction(9))
    outcome = adjust_cohesion(state, RNF, "victorious-assault", Source(state.clock))
    assert outcome.events[0].change == 1  # type: ignore[union-attr]
    state = _do(state, outcome.events)
    assert state.units[RNF].cohesion == 10
    refused = adjust_cohesion(state, RNF, "victorious-assault", Source(state.clock))
    assert not refused.ok and "6.23" in refused.errors[0].case


def test_6_21_thirty_percent_losses_earn_3_dp(mini_state: GameState) -> None:
    state = _do(
        mini_state,
        adjust_cohesion(mini_state, RNF, "assault-losses", Source(mini_state.clock)).events,
    )
    assert state.units[RNF].cohesion == -3


def test_correction_needs_an_amount(mini_state: GameState) -> None:
    assert not adjust_cohesion(mini_state, RNF, "correction", Source(mini_state.clock)).ok
    fixed = adjust_cohesion(
        mini_state, RNF, "correction", Source(mini_state.clock), Fraction(-1, 2)
    )
    assert _do(mini_state, fixed.events).units[RNF].cohesion == Fraction(-1, 2)
    assert not adjust_cohesion(
        mini_state, RNF, "victorious-assault", Source(mini_state.clock), Fraction(2)
    ).ok


def test_8_17_a_cpa_8_unit_may_not_go_past_12_in_its_own_portion(mini_state: GameState) -> None:
    state = _do(mini_state, _spend(mini_state, Fraction(12), "move").events)
    assert state.units[RNF].cohesion == -4  # 4 over CPA 8 (6.21)
    refused = _spend(state, Fraction(1, 4), "move")
    assert not refused.ok
    assert refused.errors[0].case == "8.17" and "at most 12 CP" in refused.errors[0].message
    # Retreat Before Assault is in the other player's portion: not limited (8.17)
    assert _spend(state, Fraction(2), "retreat-before-assault").ok
    house = replace(state, ruling_choices={"8.17-voluntary-ceiling": "house-rule-allow"})
    assert _spend(house, Fraction(1), "move").ok


def test_8_17_does_not_limit_motorized_units(mini_state: GameState) -> None:
    # the 3rd RHA (CPA 15) arrives at GT 1 OpStage 3
    state = replace(mini_state, clock=mini_state.info.start.next_stage().next_stage())
    assert spend_cp(state, "cw.3_rha", Fraction(30), Source(state.clock), "move").ok


def test_6_26_at_minus_26_no_move_attack_or_defence(mini_state: GameState) -> None:
    state = _with(mini_state, cohesion=Fraction(-26))
    for action, cp in (("move", Fraction(1)), ("barrage-or-assault", None), ("defend", None)):
        refused = _spend(state, cp, action)
        assert not refused.ok and refused.errors[0].case == "6.26", action
    assert _spend(state, None, "draw-water").ok  # refuelling and the like remain (6.26)
    house = replace(state, ruling_choices={"6.26-cohesion-minus-26": "house-rule-allow"})
    assert _spend(house, Fraction(1), "move").ok


def test_6_3_fixed_costs_come_from_the_chart(mini_state: GameState) -> None:
    event = _spend(mini_state, None, "disengage").events[0]
    assert event.cp == 4 and event.action == "disengage"  # type: ignore[union-attr]
    assert _spend(mini_state, None, "break-contact").events[0].cp == 2  # type: ignore[union-attr]
    assert _spend(mini_state, None, "barrage-or-assault").events[0].cp == 5  # type: ignore[union-attr]
    wrong = _spend(mini_state, Fraction(3), "disengage")
    assert not wrong.ok and "costs 4 CP, 3 given" in wrong.errors[0].message
    assert not _spend(mini_state, None, "move").ok  # terrain cost varies: CP must be given
    assert not _spend(mini_state, Fraction(1), "warp-drive").ok
    assert _spend(mini_state, None, "patrol").events[0].cp == 0  # type: ignore[union-attr]


def test_undo_of_an_end_of_stage_takes_back_the_idle_rp_with_it(session) -> None:  # type: ignore[no-untyped-def]
    from ledger.commands.undo import undo

    session.execute(lambda s: adjust_cohesion(s, RNF, "assault-losses", Source(s.clock)))
    session_to_last_phase(session)
    before = session.state
    session.execute(lambda s: end_stage(s, Source(s.clock)))
    assert session.state.units[RNF].cohesion == 0
    assert [r.event.kind for r in session.journal[-3:]] == [
        "operations_stage_ended",
        "cohesion_adjusted",
        "consumption_posted",  # 1 RNF's Water (52.41)
    ]
    events = session.execute(lambda s: undo(session.indexed(), Source(s.clock)))
    assert [e.undone_seq for e in events] == [6, 5, 4]  # type: ignore[union-attr]
    assert session.state == before
