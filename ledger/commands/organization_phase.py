"""The phases of the Operations Stage as the organization commands meet them, and what those
commands share.

- 5.2 III: ``advance_phase`` moves the Operations Stage on to the next phase or forward to a
  named one; phases only go forward (``undo`` goes back) and the last phase ends with the
  Operations Stage (``commands.stage_end``). Leaving a phase ends its Combat Segment: Pinned
  markers and the Combat Segment CP are cleared by an app-made event (12.44, 11.24).
- 5.2 III.C.1, 8.97, 19.44: the phase an organization command is allowed in, refusable as a
  house rule by ruling ``organization-phase-limits`` (``in_allowed_phase``,
  ``wrong_phase_error``).
- 6.3: the fixed CP cost of an organization action, expended by each payer as app-made
  ``CPExpended`` events (``charge_action_cp``, with ``app_made_source``); the unit named must be
  in this game and arrived (8.86, ``unit_in_play``).

Used by ``commands.reorganize`` (assign, attach, detach: 19.x, 6.3) and
``commands.first_line_trucks`` (trucks and carried troops: 8.96, 8.97, 54.2).
"""

from __future__ import annotations

from dataclasses import replace

from ledger.commands.cp import spend_cp
from ledger.commands.outcome import Outcome, refuse
from ledger.commands.stage_end import combat_markers_cleared
from ledger.model.errors import LedgerError
from ledger.model.events import Event, PhaseAdvanced
from ledger.model.phases import PHASES, is_phase, phase, phase_index
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.model.units import PINNED_MARKERS, Unit


def advance_phase(state: GameState, target: str | None, source: Source) -> Outcome:
    """Move the Operations Stage on to the next phase, or forward to phase key ``target``
    (5.2 III). Refused: an unknown phase, a phase not after the current one (undo goes back),
    or going past the last phase (end the Operations Stage instead, 5.2). Pinned markers and
    the Combat Segment CP (12.44, 11.24) are cleared by an app-made ``CombatMarkersCleared``
    (``commands.combat_markers_cleared``)."""
    now = phase_index(state.phase)
    if target is None:
        if now + 1 >= len(PHASES):
            return refuse(
                LedgerError(
                    "phase",
                    f"{phase(state.phase).label} is the last phase: end the Operations Stage",
                    "5.2",
                )
            )
        after = PHASES[now + 1].key
    else:
        known = {p.key for p in PHASES}
        if target not in known:
            return refuse(LedgerError("phase", f"no phase {target!r} in 5.2 III", "5.2"))
        if phase_index(target) <= now:
            return refuse(
                LedgerError(
                    "phase",
                    f"{phase(target).label} is not after {phase(state.phase).label}; phases only "
                    "go forward (undo to go back)",
                    "5.2",
                )
            )
        after = target
    # 12.44: a Combat Segment never outlasts its phase; Pinned markers come off with it.
    ended = replace(source, reason="Pinned markers off: the Combat Segment ended", app_made=True)
    pinned = combat_markers_cleared(state, PINNED_MARKERS, ended)
    return Outcome(
        events=(PhaseAdvanced(source, state.phase, after), *([pinned] if pinned else []))
    )


def in_allowed_phase(state: GameState, *bases: str) -> bool:
    """Whether an organization command may be given now: the current phase is one of the phase
    keys ``bases`` (5.2 III.C.1: the Organization Phase; 8.97, 19.44: detachment also in the
    Movement and Combat Phase), or the house rule ``organization-phase-limits=any-phase``
    allows any phase."""
    if state.ruling("organization-phase-limits") == "any-phase":
        return True
    return any(is_phase(state.phase, base) for base in bases)


def wrong_phase_error(
    state: GameState, field: str, what: str, allowed: str, case: str
) -> LedgerError:
    """The error refusing ``what`` (e.g. "Trucks are detached") outside the ``allowed`` phase:
    it names the current phase, how to move on (``quartermaster phase``) and the house rule
    ``organization-phase-limits=any-phase``, for ``field`` and rule ``case`` (5.2, 8.97)."""
    return LedgerError(
        field,
        f"{what} only in the {allowed}; it is the {phase(state.phase).label} "
        "(advance with `quartermaster phase`, or choose the house rule "
        "organization-phase-limits=any-phase)",
        case,
    )


def unit_in_play(
    state: GameState, unit_id: str, field: str
) -> tuple[Unit | None, list[LedgerError]]:
    """The unit ``unit_id`` and the errors (for ``field``) that keep it from an organization
    command: ``(None, [error])`` when no such unit is in this game, ``(unit, [error])`` when it
    has not arrived yet (8.86), ``(unit, [])`` when it is in play."""
    unit = state.units.get(unit_id)
    if unit is None:
        return None, [LedgerError(field, f"no unit {unit_id!r} in this game")]
    if not unit.in_play(state.clock):
        assert unit.arrival is not None
        return unit, [
            LedgerError(
                field,
                f"{unit.name} arrives {unit.arrival.short}; it is {state.clock.short} now",
                "8.86",
            )
        ]
    return unit, []


def app_made_source(source: Source, reason: str) -> Source:
    """``source`` (the player's command: game time, side, role) for an event the ledger posts
    for it, such as the 6.3 CP of an attachment: marked app-made, with ``reason``."""
    return replace(source, reason=reason, app_made=True)


def charge_action_cp(
    state: GameState, payers: list[str], action: str, source: Source
) -> tuple[list[Event], list[LedgerError]]:
    """CPExpended events for each payer of a 6.3 ``action`` (its fixed cost), or the errors."""
    events: list[Event] = []
    errors: list[LedgerError] = []
    for payer in payers:
        outcome = spend_cp(state, payer, None, source, action)
        if outcome.errors:
            name = state.units[payer].name
            errors += [LedgerError(e.field, f"{name}: {e.message}", e.case) for e in outcome.errors]
        events += outcome.events
    return events, errors
