"""The end of an Operations Stage: CP back to 0 (6.16), the clock on, idle RP (6.24.1), Breakdown
Points to 0 (21.25), combat markers off (12.44, 15.81) and the automatic upkeep (49.3, 51.1,
52.4, 52.6).

It ends only from the last phase, L. Patrol Phase (Player B) of 5.2 III, under ruling
``end-stage-phase`` (``end_stage_errors``); ``stage_end_events`` are what ending posts, which
``ledger.reports.stage_end`` describes as a preview without writing.
"""

from __future__ import annotations

from fractions import Fraction

from ledger.commands import toe_attrition, upkeep
from ledger.commands.campaign import arrivals_event
from ledger.commands.outcome import Outcome, refuse
from ledger.commands.setup_places import SETUP_CASE, open_message
from ledger.commands.withdrawal import unrecorded_errors
from ledger.model.errors import LedgerError
from ledger.model.events import (
    BreakdownPointsCleared,
    CohesionAdjusted,
    CombatMarkersCleared,
    Event,
    OperationsStageEnded,
)
from ledger.model.phases import PHASES, phase
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.model.units import COMBAT_MARKERS, STAGE_MARKERS
from ledger.rules import shortage_status

LAST_PHASE = PHASES[-1]
"""L. Patrol Phase (Player B): the last phase of an Operations Stage (5.2 III)."""

IDLE_REORGANIZATION = Fraction(5)
"""6.24.1: RP earned for an Operations Stage in which the unit expended no CP."""


def end_stage(state: GameState, source: Source) -> Outcome:
    """End the current Operations Stage: CP expended return to zero (6.16), the truck groups'
    own CP too, the clock advances, and each idle unit's RP (6.24.1) follow as app-made
    ``CohesionAdjusted`` events, the reinforcements of the new Operations Stage enter play
    (4.43, 20.1; an app-made ``ReinforcementsArrived``), the Breakdown Points return to 0 (21.25) and the combat
    markers come off (12.44, 15.81; ``combat_markers_cleared``); then, under ruling ``automatic-upkeep``, the OpStage's water
    (52.4, the trucks' 52.42 included) and, at a new Game-Turn, the weekly evaporation (49.3),
    stores (51.1) and pasta (52.6) as app-made ``ConsumptionPosted``.

    Refused after the scenario's last Operations Stage, and, under ruling ``end-stage-phase``
    (default ``last-phase``), in any phase but the last, L. Patrol Phase (Player B) (5.2):
    ``end_stage_errors``. ``stage_end_events`` are the events it posts, without these checks.
    """
    errors = end_stage_errors(state)
    if errors:
        return refuse(*errors)
    return Outcome(events=tuple(stage_end_events(state, source)))


def end_stage_errors(state: GameState) -> list[LedgerError]:
    """Why the Operations Stage may not end now (empty: it may): the scenario's last
    Operations Stage is over (its case), or, under ruling ``end-stage-phase=last-phase``, the
    current phase is not L. Patrol Phase (Player B), the last of 5.2 III (case 5.2; the error
    names the phase it is and how to move on), and, under ruling ``withdrawal-due=refuse-end``,
    a scheduled withdrawal due now or before is not recorded (20.8; the error names it and
    ``quartermaster withdraw``). While a side is still setting up (``state.setup_open``) the
    set-up's message alone (59.4): no Operations Stage has begun to end."""
    if state.setup_open:
        return [LedgerError("set-up", open_message(state), SETUP_CASE)]
    errors: list[LedgerError] = []
    if state.clock >= state.info.end:
        errors.append(
            LedgerError(
                "clock",
                f"{state.clock.short} is the last Operations Stage of {state.info.name} "
                f"(ends {state.info.end.short})",
                state.info.case,
            )
        )
    errors += unrecorded_errors(state)  # 20.8, ruling withdrawal-due
    if state.ruling("end-stage-phase") == "last-phase" and state.phase != LAST_PHASE.key:
        errors.append(
            LedgerError(
                "phase",
                f"the Operations Stage ends after the {LAST_PHASE.label}; it is the "
                f"{phase(state.phase).label} (advance with `quartermaster phase`, or choose "
                "the house rule end-stage-phase=any-phase)",
                "5.2",
            )
        )
    return errors


def stage_end_events(state: GameState, source: Source) -> list[Event]:
    """The events ``end_stage`` posts for ``source`` (see there), whatever the phase and the
    scenario's end: what the ending would post, for a preview (``ledger.reports.stage_end``)."""
    cleared = tuple(
        (unit_id, unit.cp_expended) for unit_id, unit in state.units.items() if unit.cp_expended
    )
    posted = Source(state.clock.next_stage(), reason="idle Operations Stage", app_made=True)
    events: list[Event] = [
        OperationsStageEnded(
            source,
            state.clock,
            state.clock.next_stage(),
            cleared,
            state.phase,
            state.weather,
            trucks_cp_cleared=tuple(
                (group_id, group.cp_expended)
                for group_id, group in state.trucks.items()
                if group.cp_expended
            ),
            first_player_ended=state.first_player,
        ),
        *_arrivals(state),
        *(
            CohesionAdjusted(posted, unit_id, rp, "idle-opstage", "6.24")
            for unit_id, rp in idle_reorganization(state)
        ),
    ]
    events += _breakdown_cleared(state)
    ended = Source(state.clock.next_stage(), reason="combat markers off (15.81)", app_made=True)
    markers = combat_markers_cleared(state, STAGE_MARKERS, ended)
    if markers is not None:
        events.append(markers)
    if state.ruling("automatic-upkeep") == "post":
        events += _upkeep(state, events)
    return events


def _arrivals(state: GameState) -> list[Event]:
    """4.43, 20.1: the app-made ``ReinforcementsArrived`` of the Operations Stage that begins
    (none when nothing is scheduled for it), posted right after the end of stage, so the new
    Game-Turn's stores upkeep feeds the units that arrived."""
    arrived = arrivals_event(state, state.clock.next_stage())
    return [] if arrived is None else [arrived]


def combat_markers_cleared(
    state: GameState, markers: frozenset[str], source: Source
) -> CombatMarkersCleared | None:
    """The app-made event taking ``markers`` off every unit that has one and every unit's
    Combat Segment CP back to 0 (11.24): ``{"pinned"}`` as a Combat Segment ends (12.44),
    every marker as the Operations Stage ends (15.81). ``None`` when nothing changes."""
    marked = tuple(
        (u.id, u.combat_markers)
        for u in state.units.values()
        if any(m in markers for m in u.combat_markers)
    )
    charged = tuple((u.id, u.combat_cp) for u in state.units.values() if u.combat_cp)
    if not marked and not charged:
        return None
    shown = tuple(m for m in COMBAT_MARKERS if m in markers)
    return CombatMarkersCleared(source, marked, shown, charged)


def _breakdown_cleared(state: GameState) -> list[Event]:
    """21.25: Breakdown Points count for one Operations Stage; an app-made
    ``BreakdownPointsCleared`` takes every unit's back to 0 (none when no unit has any)."""
    worn = tuple(
        (u.id, u.breakdown_points, u.breakdown_checked_at)
        for u in state.units.values()
        if u.breakdown_points or u.breakdown_checked_at is not None
    )
    if not worn:
        return []
    posted = Source(state.clock.next_stage(), reason="Breakdown Points to 0 (21.25)", app_made=True)
    return [BreakdownPointsCleared(posted, worn)]


def _upkeep(state: GameState, ending: list[Event]) -> list[Event]:
    """The app-made consumption of an end of Operations Stage: the ended OpStage's water, and
    when a Game-Turn begins, its weekly evaporation, stores and pasta (``ledger.commands.upkeep``)."""
    from ledger.model.apply import apply

    posted: list[Event] = []
    for_water = Source(state.clock, reason=f"water for {state.clock.short}", app_made=True)
    # 52.42: the trucks that used their CPA drink first, from their own cargo first.
    trucks_water = upkeep.truck_water_upkeep(state, for_water)
    if trucks_water is not None:
        posted.append(trucks_water)
    drinking = state if trucks_water is None else apply(state, trucks_water)
    water = upkeep.water_upkeep(drinking, for_water)
    # 52.42: a unit that needed no water was not without it; 52.53: thirst costs TOE points.
    water = shortage_status.end_needless_water_runs(state, water, for_water)
    if water is not None:
        posted.append(water)
        posted += toe_attrition.water_attrition_events(state, water, for_water)
    after = state
    for event in (*ending, *posted):
        after = apply(after, event)
    if after.clock.game_turn == state.clock.game_turn:
        return posted
    turn = f"Stores Expenditure Stage of GT {after.clock.game_turn}"
    evaporated = upkeep.evaporation_upkeep(
        after, Source(after.clock, reason=turn, app_made=True), hot=False
    )
    if evaporated is not None:
        posted.append(evaporated)
        after = apply(after, evaporated)
    posted += upkeep.stores_upkeep(after, Source(after.clock, reason=turn, app_made=True))
    return posted


def idle_reorganization(state: GameState) -> tuple[tuple[str, Fraction], ...]:
    """RP each unit in play earns for expending no CP this Operations Stage (6.24.1).

    5 RP, but never above Cohesion 0; units in Training earn none under the default of ruling
    ``6.24-idle-rp-in-training``. Returns ``((unit id, RP), ...)`` for the units that gain.
    """
    training_earns = state.ruling("6.24-idle-rp-in-training") == "earn"
    earned = []
    for unit in state.units_in_play():
        if unit.cp_expended or unit.cohesion >= 0 or (unit.in_training and not training_earns):
            continue
        earned.append((unit.id, min(IDLE_REORGANIZATION, -unit.cohesion)))
    return tuple(earned)
