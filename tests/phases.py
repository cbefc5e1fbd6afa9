"""Moving a test's game through the phases of 5.2 III as players do, with ``advance_phase``.

The ledger ends an Operations Stage only from its last phase, L. Patrol Phase (Player B)
(ruling ``end-stage-phase``), and posts combat only in the Phasing Player's Movement and Combat
Phase (ruling ``combat-phase``). A test that ends a stage or fights first advances the phase
with these helpers, which post the same ``PhaseAdvanced`` (and its app-made clearing of Pinned
markers) the ``phase`` command posts.
"""

from __future__ import annotations

from typing import Final

from ledger.commands.organization_phase import advance_phase
from ledger.journal.session import GameSession
from ledger.model.apply import apply
from ledger.model.phases import PHASES
from ledger.model.source import Source
from ledger.model.state import GameState

LAST: Final = PHASES[-1].key
"""L. Patrol Phase (Player B): the phase an Operations Stage ends from."""
COMBAT_A: Final = "movement-and-combat/A"
"""G. Movement and Combat Phase (Player A): Player A's combat (the Axis in the test scenarios
unless declared otherwise)."""
COMBAT_B: Final = "movement-and-combat/B"
"""G. Movement and Combat Phase (Player B)."""


def at_phase(state: GameState, key: str) -> GameState:
    """``state`` advanced to phase ``key`` (unchanged when it is already there) by the events
    of ``advance_phase``. Raises ``AssertionError`` when the advance is refused (a phase
    already past)."""
    if state.phase == key:
        return state
    outcome = advance_phase(state, key, Source(state.clock, reason="test: to phase"))
    assert outcome.ok, outcome.errors
    for event in outcome.events:
        state = apply(state, event)
    return state


def at_last_phase(state: GameState) -> GameState:
    """``state`` advanced to L. Patrol Phase (Player B), where ``end_stage`` may be given."""
    return at_phase(state, LAST)


def session_to_phase(session: GameSession, key: str) -> None:
    """Advance ``session``'s game to phase ``key`` through ``advance_phase`` (nothing when it is
    there already); the advance is posted without side, as a table entry (5.2)."""
    if session.state.phase != key:
        session.execute(lambda s: advance_phase(s, key, Source(s.clock, reason="test: to phase")))


def session_to_last_phase(session: GameSession) -> None:
    """Advance ``session``'s game to L. Patrol Phase (Player B), where the stage may end."""
    session_to_phase(session, LAST)
