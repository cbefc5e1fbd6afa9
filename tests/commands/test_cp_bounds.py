"""The CP bound of one command (issue 15): refused by the command itself, so the dashboard's
form and the CLI say the same."""

from __future__ import annotations

from fractions import Fraction

from ledger.commands.cp import spend_cp
from ledger.model.bounds import CP_OVER_BOUND
from ledger.model.source import Source
from ledger.model.state import GameState


def test_more_than_100_cp_in_one_command_is_refused(mini_state: GameState) -> None:
    """100 itself is a legal if ruinous figure; 100 1/4 is a typo."""
    over = spend_cp(mini_state, "cw.1_rnf", Fraction(401, 4), Source(mini_state.clock))
    assert not over.ok
    assert [str(e) for e in over.errors] == [f"CP: 100 1/4: {CP_OVER_BOUND}"]
    assert spend_cp(mini_state, "cw.1_rnf", Fraction(100), Source(mini_state.clock)).ok
