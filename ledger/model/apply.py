"""State = fold(apply, events): how each event changes the ledger, and how it is reversed.

``apply`` and ``unapply`` are exact inverses for every reversible event:
``unapply(apply(s, e), e) == s``. An ``EventUndone`` applies the inverse of the event it names.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from fractions import Fraction

from ledger.model.dumps import held_change
from ledger.model.events import (
    BreakdownChecked,
    BreakdownPointsCleared,
    CohesionAdjusted,
    CombatMarkersCleared,
    CombatResolved,
    ConsumptionPosted,
    CPExpended,
    Event,
    EventUndone,
    GameStarted,
    OperationsStageEnded,
    PhaseAdvanced,
    RequisitionClosed,
    RequisitionFiled,
    ReversibleEvent,
    SuppliesArrived,
    SuppliesConsumed,
    SuppliesTransferred,
    TOEPointsLost,
    TroopsCarried,
    TruckPointsMoved,
    TrucksLoaded,
    TrucksMoved,
    UnitMoved,
    UnitReorganized,
    VehiclesRepaired,
    WeatherRecorded,
)
from ledger.model.holdings import Requisition, TruckGroup
from ledger.model.phases import ORGANIZATION
from ledger.model.quantities import Supplies
from ledger.model.rulings import RULINGS
from ledger.model.state import GameState
from ledger.model.units import TOEHolding, Unit, with_markers


class JournalOrderError(Exception):
    """The journal's events do not form a game (a programming or storage error, not user data)."""


def start(event: GameStarted) -> GameState:
    """The state at the start of a game: the scenario's setup at its first OpStage."""
    setup = event.setup
    systems = {w.id: w for w in setup.weapons}
    systems.update({c.id: c.as_weapon_system() for c in setup.classes})
    rulings = {r.id: r for r in RULINGS}
    rulings.update({r.id: r for r in setup.rulings})
    return GameState(
        info=setup.info,
        clock=setup.info.start,
        classes={c.id: c for c in setup.classes},
        systems=systems,
        units={u.id: u for u in setup.units},
        dumps={d.id: d for d in setup.dumps},
        trucks={t.id: t for t in setup.trucks},
        rulings=rulings,
        ruling_choices=dict(event.ruling_choices),
    )


def apply(state: GameState | None, event: Event) -> GameState:
    """The state after ``event``. ``state`` is ``None`` only before ``GameStarted``.

    Raises ``JournalOrderError`` when the event cannot follow (a second ``GameStarted``, an
    event before the game started).
    """
    if isinstance(event, GameStarted):
        if state is not None:
            raise JournalOrderError("a game can start only once")
        return start(event)
    if state is None:
        raise JournalOrderError(f"{event.kind} before the game started")
    if isinstance(event, EventUndone):
        return _effect(state, event.undone, sign=-1)
    return _effect(state, event, sign=1)


def unapply(state: GameState, event: ReversibleEvent) -> GameState:
    """The state before ``event``, given the state after it."""
    return _effect(state, event, sign=-1)


def fold(events: Iterable[Event]) -> GameState:
    """Replay a journal from its first event. Raises ``JournalOrderError`` on an empty journal."""
    state: GameState | None = None
    for event in events:
        state = apply(state, event)
    if state is None:
        raise JournalOrderError("the journal holds no GameStarted event")
    return state


def _effect(state: GameState, event: ReversibleEvent, *, sign: int) -> GameState:
    if isinstance(event, CPExpended):
        unit = state.units[event.unit_id]
        changed = replace(
            unit,
            cp_expended=unit.cp_expended + sign * event.cp,
            cohesion=unit.cohesion - sign * event.disorganization,
        )
        return replace(state, units={**state.units, unit.id: changed})
    if isinstance(event, SuppliesTransferred):
        moved = event.supplies if sign > 0 else -event.supplies
        state = _add_to_holder(state, event.origin, -moved)
        return _add_to_holder(state, event.destination, moved)
    if isinstance(event, OperationsStageEnded):
        units = dict(state.units)
        for unit_id, cp in event.cp_cleared:
            units[unit_id] = replace(units[unit_id], cp_expended=Fraction(0) if sign > 0 else cp)
        return replace(
            state,
            units=units,
            trucks=_clear_truck_cp(state, event, sign),
            clock=event.began if sign > 0 else event.ended,
            phase=ORGANIZATION if sign > 0 else event.phase_ended,
            weather="normal" if sign > 0 else event.weather_ended,
        )
    if isinstance(event, CohesionAdjusted):
        unit = state.units[event.unit_id]
        changed = replace(unit, cohesion=unit.cohesion + sign * event.change)
        return replace(state, units={**state.units, unit.id: changed})
    if isinstance(event, PhaseAdvanced):
        return replace(state, phase=event.after if sign > 0 else event.before)
    if isinstance(event, UnitReorganized):
        unit = state.units[event.unit_id]
        to = event.after if sign > 0 else event.before
        changed = replace(
            unit,
            parent=to.parent,
            attached_to=to.attached_to,
            detached=to.detached,
            reorganized_at=to.reorganized_at,
        )
        return replace(state, units={**state.units, unit.id: changed})
    if isinstance(event, TruckPointsMoved):
        return _move_truck_points(state, event, sign)
    if isinstance(event, TroopsCarried):
        unit = state.units[event.unit_id]
        carried = event.after if sign > 0 else event.before
        return replace(state, units={**state.units, unit.id: replace(unit, carried_by=carried)})
    if isinstance(event, WeatherRecorded):
        return replace(state, weather=event.weather if sign > 0 else event.before)
    if isinstance(event, SuppliesConsumed):
        return _add_to_holder(state, event.holder, -event.supplies if sign > 0 else event.supplies)
    if isinstance(event, SuppliesArrived):
        return _add_to_holder(state, event.holder, event.supplies if sign > 0 else -event.supplies)
    if isinstance(event, TrucksMoved):
        convoy = state.trucks[event.group_id]
        there = replace(
            convoy,
            location=event.after if sign > 0 else event.before,
            cp_expended=convoy.cp_expended + sign * event.cp,
        )
        return replace(state, trucks={**state.trucks, convoy.id: there})
    if isinstance(event, TrucksLoaded):
        group = state.trucks[event.group_id]
        loaded = replace(
            group,
            cp_expended=group.cp_expended + sign * event.cp,
            box_loaded_at=event.box_after if sign > 0 else event.box_before,
        )
        return replace(state, trucks={**state.trucks, group.id: loaded})
    if isinstance(event, ConsumptionPosted):
        for draw in event.draws:
            state = _add_to_holder(
                state, draw.holder, -draw.supplies if sign > 0 else draw.supplies
            )
        if event.streaks:
            units = dict(state.units)
            for unit_id, before, after in event.streaks:
                run = after if sign > 0 else before
                units[unit_id] = _with_run(units[unit_id], event.cause, run)
            state = replace(state, units=units)
        return state
    if isinstance(event, TOEPointsLost):
        return _lose_toe(state, event, sign)
    if isinstance(event, RequisitionFiled):
        requisitions = dict(state.requisitions)
        if sign > 0:
            requisitions[event.requisition_id] = Requisition(
                event.requisition_id,
                event.unit_id,
                event.wanted,
                event.source.game_time,
                event.note,
            )
        else:
            del requisitions[event.requisition_id]
        return replace(state, requisitions=requisitions)
    if isinstance(event, RequisitionClosed):
        filed = state.requisitions[event.requisition_id]
        closed = (
            replace(filed, status=event.outcome, reason=event.reason)
            if sign > 0
            else replace(filed, status="open", reason="")
        )
        return replace(state, requisitions={**state.requisitions, filed.id: closed})
    if isinstance(event, UnitMoved | BreakdownChecked | VehiclesRepaired | BreakdownPointsCleared):
        return _vehicles(state, event, sign)
    if isinstance(event, CombatResolved):
        return _combat_resolved(state, event, sign)
    if isinstance(event, CombatMarkersCleared):
        return _markers_cleared(state, event, sign)
    raise JournalOrderError(f"no effect defined for {type(event).__name__}")


def _vehicles(
    state: GameState,
    event: UnitMoved | BreakdownChecked | VehiclesRepaired | BreakdownPointsCleared,
    sign: int,
) -> GameState:
    """Moves, Breakdown Points (21.25), breakdowns (21.34) and repairs, each exactly reversed."""
    units = dict(state.units)
    if isinstance(event, BreakdownPointsCleared):
        for unit_id, points, checked in event.cleared:
            units[unit_id] = replace(
                units[unit_id],
                breakdown_points=Fraction(0) if sign > 0 else points,
                breakdown_checked_at=None if sign > 0 else checked,
            )
        return replace(state, units=units)
    unit = units[event.unit_id]
    if isinstance(event, UnitMoved):
        unit = replace(
            unit,
            location=event.after if sign > 0 else event.before,
            breakdown_points=unit.breakdown_points + sign * event.breakdown_points,
        )
    elif isinstance(event, BreakdownChecked):
        for result in event.results:
            unit = _toe_to_repair(unit, result.system, sign * result.points)
        checked = event.breakdown_points if sign > 0 else event.checked_before
        unit = replace(unit, breakdown_checked_at=checked)
    else:
        unit = _toe_to_repair(unit, event.system, -sign * event.points)
    units[unit.id] = unit
    return replace(state, units=units)


def _combat_resolved(state: GameState, event: CombatResolved, sign: int) -> GameState:
    """Markers placed (12.44, 15.81), Combat Segment CP (11.24), prisoners and captured guns
    and tanks (15.86d); reversed from the markers and CP the event recorded before it."""
    units = dict(state.units)
    added: dict[str, tuple[str, ...]] = {}
    for unit_id, marker in event.markers:
        added[unit_id] = (*added.get(unit_id, ()), marker)
    for unit_id, before in event.markers_before:
        markers = with_markers(before, added.get(unit_id, ())) if sign > 0 else before
        units[unit_id] = replace(units[unit_id], combat_markers=markers)
    for unit_id, cp_before, cp_after in event.segment_cp:
        units[unit_id] = replace(units[unit_id], combat_cp=cp_after if sign > 0 else cp_before)
    prisoners = dict(state.prisoners)
    for side, points in event.prisoners:
        prisoners[side] = prisoners.get(side, 0) + sign * points
    equipment = list(state.captured_equipment)
    for side, system, points in event.captured:
        at = next((i for i, e in enumerate(equipment) if e[:2] == (side, system)), None)
        if at is None:
            equipment.append((side, system, sign * points))
        else:
            equipment[at] = (side, system, equipment[at][2] + sign * points)
    return replace(
        state,
        units=units,
        prisoners={side: points for side, points in prisoners.items() if points},
        captured_equipment=tuple(e for e in equipment if e[2]),
    )


def _markers_cleared(state: GameState, event: CombatMarkersCleared, sign: int) -> GameState:
    """12.44, 15.81: the named markers come off; 11.24: the Combat Segment CP back to 0."""
    units = dict(state.units)
    for unit_id, before in event.cleared:
        after = tuple(m for m in before if m not in event.markers) if sign > 0 else before
        units[unit_id] = replace(units[unit_id], combat_markers=after)
    for unit_id, cp in event.segment_cp_cleared:
        units[unit_id] = replace(units[unit_id], combat_cp=Fraction(0) if sign > 0 else cp)
    return replace(state, units=units)


def _toe_to_repair(unit: Unit, system: str, points: int) -> Unit:
    """``points`` TOE Strength Points of ``system`` leave the TOE for awaiting repair (negative:
    back). A TOE holding stays listed at 0; an empty awaiting-repair holding is dropped."""
    toe = list(unit.toe)
    at = next(i for i, h in enumerate(toe) if h.system == system)
    toe[at] = replace(toe[at], points=toe[at].points - points)
    waiting = list(unit.awaiting_repair)
    found = next((i for i, h in enumerate(waiting) if h.system == system), None)
    if found is None:
        waiting.append(TOEHolding(system, points))
    else:
        waiting[found] = replace(waiting[found], points=waiting[found].points + points)
    waiting = [h for h in waiting if h.points]
    return replace(unit, toe=tuple(toe), awaiting_repair=tuple(waiting))


def _with_run(unit: Unit, cause: str, run: int) -> Unit:
    """The unit with the run a ``ConsumptionPosted``'s streak keeps for its ``cause``."""
    if cause == "stores":
        return replace(unit, without_stores=run)
    if cause == "pasta":
        return replace(unit, without_pasta=run)
    return replace(unit, without_water=run)


def _lose_toe(state: GameState, event: TOEPointsLost, sign: int) -> GameState:
    unit = state.units[event.unit_id]
    toe = list(unit.toe)
    for system, points in event.losses:
        at = next(i for i, h in enumerate(toe) if h.system == system)
        toe[at] = replace(toe[at], points=toe[at].points - sign * points)
    return replace(state, units={**state.units, unit.id: replace(unit, toe=tuple(toe))})


def _clear_truck_cp(
    state: GameState, event: OperationsStageEnded, sign: int
) -> dict[str, TruckGroup]:
    """6.16 for truck groups: every group's own CP back to 0 (journals older than
    ``trucks_cp_cleared`` list none), or the recorded CP restored on reversal."""
    if sign > 0:
        return {
            k: replace(t, cp_expended=Fraction(0)) if t.cp_expended else t
            for k, t in state.trucks.items()
        }
    trucks = dict(state.trucks)
    for group_id, cp in event.trucks_cp_cleared:
        trucks[group_id] = replace(trucks[group_id], cp_expended=cp)
    return trucks


def _move_truck_points(state: GameState, event: TruckPointsMoved, sign: int) -> GameState:
    trucks = dict(state.trucks)
    if sign > 0 and event.created is not None:
        trucks[event.created.id] = event.created
    moved = (event.light, event.medium, event.heavy)
    for group_id, direction in ((event.origin, -sign), (event.destination, sign)):
        group = trucks[group_id]
        trucks[group_id] = replace(
            group,
            light=group.light + direction * moved[0],
            medium=group.medium + direction * moved[1],
            heavy=group.heavy + direction * moved[2],
        )
    if sign < 0 and event.created is not None:
        del trucks[event.created.id]
    return replace(state, trucks=trucks)


def _add_to_holder(state: GameState, holder_id: str, delta: Supplies) -> GameState:
    if holder_id in state.units:
        unit = state.units[holder_id]
        return replace(
            state, units={**state.units, holder_id: replace(unit, supplies=unit.supplies + delta)}
        )
    if holder_id in state.dumps:
        dump = state.dumps[holder_id]
        if dump.unlimited:
            return state
        kept = held_change(dump, delta)  # an oasis's Water and Stores never diminish (8.48, 8.87)
        return replace(
            state, dumps={**state.dumps, holder_id: replace(dump, supplies=dump.supplies + kept)}
        )
    if holder_id in state.trucks:
        group = state.trucks[holder_id]
        return replace(
            state, trucks={**state.trucks, holder_id: replace(group, cargo=group.cargo + delta)}
        )
    raise JournalOrderError(f"no supply holder {holder_id!r}")
