"""Posting a command's outcome on a test's state, as the journal would."""

from __future__ import annotations

from ledger.commands.outcome import Outcome
from ledger.model.apply import apply
from ledger.model.state import GameState


def post(state: GameState, outcome: Outcome) -> GameState:
    """``state`` with every event of ``outcome`` applied; fails the test when it was refused."""
    assert outcome.ok, outcome.errors
    for event in outcome.events:
        state = apply(state, event)
    return state
