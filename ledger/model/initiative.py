"""Who is Player "A" and Player "B" this Operations Stage, and whose phase it is (7.1, 5.2 III).

7.11: the Player with the Initiative for the Game-Turn chooses whether he moves first or last in
each Operations Stage; 7.16: the Player who moves first is "Player A", the other "Player B". The
phases F to L of 5.2 III are played by Player A and then by Player B; A to E by both.

The Initiative holder is the scenario's for the first Game-Turn (7.15). Later Game-Turns roll
for it (7.14), which the ledger does not record yet: ruling ``initiative-holder``
(``scenario-holder``, the default: the scenario's side keeps it; ``declared``: the side that
declares holds it). Until the holder declares (``FirstPlayerDeclared``,
``ledger.commands.initiative``) the holder moves first.
"""

from __future__ import annotations

from typing import Final

from ledger.model.phases import ORGANIZATION, Player, phase, phase_index
from ledger.model.seats import side_name
from ledger.model.state import GameState
from ledger.model.units import Side

DEFAULT_HOLDER: Final[Side] = "axis"
"""The Initiative holder when the scenario names none (ruling ``initiative-holder``)."""

DECLARE_BY: Final = ORGANIZATION
"""The last phase in which Player A may be declared: the ledger opens each Operations Stage in
the Organization Phase (C), after A. Initiative Declaration, so A to C are allowed."""


def other_side(side: Side) -> Side:
    """The enemy of ``side``."""
    return "commonwealth" if side == "axis" else "axis"


def initiative_holder(state: GameState) -> Side | None:
    """The side with the Initiative this Game-Turn (7.11, 7.15): the scenario's (the Axis when
    it names none) under ruling ``initiative-holder=scenario-holder``; ``None`` under
    ``declared``, where whichever side declares holds it."""
    if state.ruling("initiative-holder") == "declared":
        return None
    return state.info.initiative or DEFAULT_HOLDER


def first_player(state: GameState) -> Side:
    """The side that is Player "A" in this Operations Stage (7.11, 7.16): as declared this
    Operations Stage by the Initiative holder (``FirstPlayerDeclared``), else the holder itself
    (ruling ``initiative-holder``: the side with the Initiative moves first until it says
    otherwise; the scenario's side, or the Axis when none is named)."""
    if state.first_player is not None:
        return state.first_player
    return initiative_holder(state) or state.info.initiative or DEFAULT_HOLDER


def player_side(state: GameState, player: Player) -> Side:
    """The side playing as Player ``"A"`` or ``"B"`` this Operations Stage (7.16)."""
    first = first_player(state)
    return first if player == "A" else other_side(first)


def phasing_side(state: GameState) -> Side | None:
    """The side whose phase it is now: the side of Player A or B in phases F to L (5.2 III,
    7.16); ``None`` in the phases A to E both players play together."""
    player = phase(state.phase).player
    return None if player is None else player_side(state, player)


def may_declare_now(state: GameState) -> bool:
    """Whether the current phase still allows declaring Player A: phases A to C (5.2 III.A;
    the ledger opens in C)."""
    return phase_index(state.phase) <= phase_index(DECLARE_BY)


def players(state: GameState) -> dict[str, str]:
    """Who is who this Operations Stage, in words (7.11, 7.16): ``game_time``, ``initiative``
    (the holder's side name, or "whichever side declares" under ruling
    ``initiative-holder=declared``), ``player_a``, ``player_b``, ``declared`` ("yes", or why
    not: the holder moves first until it declares) and ``phasing`` (the side whose phase it is,
    or "both players" in phases A to E)."""
    holder = initiative_holder(state)
    phasing = phasing_side(state)
    return {
        "game_time": state.clock.short,
        "initiative": side_name(holder) if holder else "whichever side declares",
        "player_a": side_name(player_side(state, "A")),
        "player_b": side_name(player_side(state, "B")),
        "declared": (
            "yes"
            if state.first_player is not None
            else "no: the side with the Initiative moves first until it declares"
        ),
        "phasing": side_name(phasing) if phasing else "both players",
    }
