"""The Initiative Declaration (5.2 III.A, 7.11): the side with the Initiative chooses whether it
moves first (Player "A") or last (Player "B") in this Operations Stage.

``declare_first_player`` posts a ``FirstPlayerDeclared``; ``ledger.model.initiative`` reads it
(``first_player``, ``player_side``, ``phasing_side``). ``combat_phase_errors`` holds combat to the
Phasing Player's Movement and Combat Phase (5.2 III.G, ruling ``combat-phase``), for
``ledger.commands.combat``.
"""

from __future__ import annotations

from ledger.commands.outcome import Outcome, refuse
from ledger.model.errors import LedgerError
from ledger.model.events import FirstPlayerDeclared
from ledger.model.initiative import DECLARE_BY, initiative_holder, may_declare_now, phasing_side
from ledger.model.phases import MOVEMENT_AND_COMBAT, is_phase, phase
from ledger.model.seats import side_name
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.model.units import Side

SIDES: tuple[Side, ...] = ("axis", "commonwealth")


def declare_first_player(state: GameState, first: Side, source: Source) -> Outcome:
    """Declare ``first`` (``"axis"`` or ``"commonwealth"``) Player "A" of this Operations Stage
    (7.11, 7.16); the other side is Player "B".

    Refused: an unknown side (field ``first``); a declaring side (``source.side``) that does
    not hold the Initiative (7.11; ruling ``initiative-holder``: the scenario's side keeps it,
    7.15 — a source with no side, the solo table or the umpire, declares for the holder); a
    phase after C. Organization (5.2 III.A: the declaration opens the Operations Stage; the
    ledger opens in C); the same side already declared this Operations Stage.
    """
    if first not in SIDES:
        return refuse(LedgerError("first", f"no side {first!r}: axis or commonwealth", "7.11"))
    errors: list[LedgerError] = []
    holder = initiative_holder(state)
    if holder is not None and source.side is not None and source.side != holder:
        errors.append(
            LedgerError(
                "side",
                f"{side_name(holder)} holds the Initiative this Game-Turn: only it chooses "
                f"who moves first, not {side_name(source.side)} (ruling initiative-holder="
                f"{state.ruling('initiative-holder')})",
                "7.11",
            )
        )
    if not may_declare_now(state):
        errors.append(
            LedgerError(
                "phase",
                f"who moves first is declared in phases A to {phase(DECLARE_BY).letter} "
                f"({phase(DECLARE_BY).name}); it is "
                f"the {phase(state.phase).label} (undo back, or declare next Operations Stage)",
                "5.2 III.A",
            )
        )
    if state.first_player == first:
        errors.append(
            LedgerError(
                "first",
                f"{side_name(first)} is already declared Player A of {state.clock.short}",
                "7.16",
            )
        )
    if errors:
        return refuse(*errors)
    return Outcome(events=(FirstPlayerDeclared(source, first, state.first_player),))


def combat_phase_errors(state: GameState, what: str, phasing: Side | None) -> list[LedgerError]:
    """Why ``what`` ("A Barrage") with Phasing side ``phasing`` may not be posted now (empty:
    it may), under ruling ``combat-phase`` (default ``movement-and-combat``): every combat,
    the non-Phasing Player's fire included, is resolved in the Combat Segment of the Phasing
    Player's Movement and Combat Phase (5.2 III.G.3, 11.0, 12.17, 13.2, 14.0, 15.0). Errors:
    field ``phase`` outside a Movement and Combat Phase; field ``phasing`` when ``phasing`` is
    not the side of the phase's player (Player A or B, 7.16; ``None`` skips that check). Each
    names the phase it is, the case and how to move on."""
    if state.ruling("combat-phase") == "any-phase":
        return []
    now = phase(state.phase)
    if not is_phase(state.phase, MOVEMENT_AND_COMBAT):
        return [
            LedgerError(
                "phase",
                f"{what} only in a Movement and Combat Phase; it is the {now.label} "
                "(advance with `quartermaster phase`, or choose the house rule "
                "combat-phase=any-phase)",
                "5.2 III.G",
            )
        ]
    player = phasing_side(state)
    if phasing is not None and player is not None and phasing != player:
        return [
            LedgerError(
                "phasing",
                f"it is the {now.label}, {side_name(player)}'s: {side_name(player)} is the "
                f"Phasing Player, not {side_name(phasing)} ({side_name(phasing)}'s combat "
                "comes in its own Movement and Combat Phase; its defensive fire now names "
                f"{side_name(player)} as the Phasing side)",
                "5.2 III.G, 7.16",
            )
        ]
    return []
