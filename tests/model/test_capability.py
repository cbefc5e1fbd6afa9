"""Worked examples of 6.14, 6.21 and 6.22 through the commands that the CLI and dashboard use."""

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from ledger.commands.cp import spend_cp
from ledger.model.apply import apply
from ledger.model.capability import cp_remaining, disorganization_earned
from ledger.model.events import CPExpended
from ledger.model.source import Source
from ledger.model.state import GameState

RNF = "cw.1_rnf"  # 1st RNF: a non-motorized machinegun battalion, CPA 8 (6.14)


def _spend(state: GameState, cp: Fraction) -> GameState:
    outcome = spend_cp(state, RNF, cp, Source(state.clock, "commonwealth", "field_commander"))
    assert outcome.ok, outcome.errors
    for event in outcome.events:
        state = apply(state, event)
    return state


def test_6_14_retreat_of_six_cp_leaves_two(mini_state: GameState) -> None:
    unit = mini_state.units[RNF]
    assert mini_state.cpa(unit) == 8
    state = _spend(mini_state, Fraction(6))
    after = state.units[RNF]
    assert cp_remaining(after.cp_expended, state.cpa(after)) == 2
    assert after.cohesion == 0


def test_6_22_five_and_five_cp_at_cpa_8_from_minus_2_gives_minus_4(mini_state: GameState) -> None:
    from dataclasses import replace

    state = replace(
        mini_state,
        units={**mini_state.units, RNF: replace(mini_state.units[RNF], cohesion=Fraction(-2))},
    )
    state = _spend(state, Fraction(5))
    assert state.units[RNF].cohesion == -2
    state = _spend(state, Fraction(5))
    assert state.units[RNF].cohesion == -4
    assert state.units[RNF].cp_expended == 10


def test_6_21_cpa_15_using_18_earns_three_dp() -> None:
    assert disorganization_earned(Fraction(0), Fraction(18), 15) == 3
    assert disorganization_earned(Fraction(15), Fraction(3), 15) == 3
    assert disorganization_earned(Fraction(17), Fraction(1, 2), 15) == Fraction(1, 2)


def test_quarter_point_road_moves_earn_quarter_dp(mini_state: GameState) -> None:
    state = _spend(mini_state, Fraction(31, 4))  # 7 3/4 of CPA 8
    state = _spend(state, Fraction(1, 2))
    assert state.units[RNF].cohesion == Fraction(-1, 4)


@given(
    st.lists(st.integers(min_value=1, max_value=40), min_size=1, max_size=12),
    st.integers(min_value=0, max_value=45),
)
def test_dp_equal_cp_over_cpa_whatever_the_steps(quarters: list[int], cpa: int) -> None:
    expended = Fraction(0)
    total_dp = Fraction(0)
    for q in quarters:
        cp = Fraction(q, 4)
        total_dp += disorganization_earned(expended, cp, cpa)
        expended += cp
    assert total_dp == max(Fraction(0), expended - cpa)


def test_spend_cp_refuses_unknown_unit_non_positive_cp_and_unarrived(mini_state: GameState) -> None:
    src = Source(mini_state.clock)
    refused = spend_cp(mini_state, "nobody", Fraction(0), src)
    assert not refused.ok and not refused.events
    assert {e.field for e in refused.errors} == {"unit", "cp"}
    later = spend_cp(mini_state, "cw.3_rha", Fraction(1), src)
    assert not later.ok
    assert "GT 1 OpStage 3" in later.errors[0].message


def test_event_records_dp_so_replay_never_recomputes(mini_state: GameState) -> None:
    outcome = spend_cp(mini_state, RNF, Fraction(10), Source(mini_state.clock))
    event = outcome.events[0]
    assert isinstance(event, CPExpended)
    assert event.disorganization == 2
