"""State = fold(apply, events): how each event changes the ledger, and how it is reversed.

``apply`` and ``unapply`` are exact inverses for every reversible event:
``unapply(apply(s, e), e) == s``. An ``EventUndone`` applies the inverse of the event it names.

Each effect changes a ``ledger.model.draft.Draft`` in place; ``apply`` freezes it after one
event, ``fold`` after the whole journal, so a replay builds each changed unit once rather than
once per event (issue 14).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from fractions import Fraction
from typing import Any

from ledger.model.apply_campaign import reinforcements_arrived, units_withdrawn, victory_place_held
from ledger.model.apply_setup import counter_placed, setup_finished
from ledger.model.campaign import ReinforcementsArrived, UnitsWithdrawn, VictoryPlaceHeld
from ledger.model.draft import Draft
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
    FirstPlayerDeclared,
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
from ledger.model.holdings import Requisition
from ledger.model.phases import ORGANIZATION
from ledger.model.plots import PlotCommitted, PlotsRevealed, committed, plot_key, plot_of
from ledger.model.quantities import Supplies
from ledger.model.rulings import RULINGS
from ledger.model.setup_step import CounterPlaced, SetupFinished
from ledger.model.state import GameState
from ledger.model.units import Repair, Side, TOEHolding, with_markers, with_repair


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
        setup_open=event.setup_sides,
        schedule=setup.schedule,
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
    draft = Draft(state)
    _apply_to(draft, event)
    return draft.freeze()


def unapply(state: GameState, event: ReversibleEvent) -> GameState:
    """The state before ``event``, given the state after it."""
    draft = Draft(state)
    _effect(draft, event, -1)
    return draft.freeze()


def fold(events: Iterable[Event]) -> GameState:
    """Replay a journal from its first event. Raises ``JournalOrderError`` on an empty journal
    and when the first event is not the game's start or a later one is."""
    return fold_onto(None, events)


def fold_onto(state: GameState | None, events: Iterable[Event]) -> GameState:
    """``state`` after every one of ``events`` in order (``None``: they begin with the game's
    start), frozen once at the end. Raises ``JournalOrderError`` as ``apply`` does, and when
    there is no state at all."""
    draft = Draft(state) if state is not None else None
    effects = _EFFECTS
    for event in events:
        effect = effects.get(type(event))  # the common case first: one lookup per event
        if effect is not None and draft is not None:
            effect(draft, event, 1)
        elif draft is None:
            draft = Draft(apply(None, event))
        elif isinstance(event, GameStarted):
            raise JournalOrderError("a game can start only once")
        else:
            _apply_to(draft, event)
    if draft is None:
        raise JournalOrderError("the journal holds no GameStarted event")
    return draft.freeze()


def cohesion_change(event: Event) -> tuple[str, Fraction] | None:
    """``(unit id, change)``: how applying ``event`` changes a unit's Cohesion Level (CP;
    ``None`` when it changes none). Only two events do: the DP a CP expenditure earned lowers
    it (6.22), an adjustment moves it (6.24); undoing either reverses it. The fold applies
    exactly these changes, so a report may go back through a journal's Cohesion alone."""
    if isinstance(event, EventUndone):
        undone = cohesion_change(event.undone)
        return None if undone is None else (undone[0], -undone[1])
    if isinstance(event, CPExpended):
        return event.unit_id, -event.disorganization
    if isinstance(event, CohesionAdjusted):
        return event.unit_id, event.change
    return None


def _apply_to(draft: Draft, event: Event) -> None:
    if isinstance(event, EventUndone):
        _effect(draft, event.undone, -1)
    else:
        _effect(draft, event, 1)  # type: ignore[arg-type]


def _effect(d: Draft, event: ReversibleEvent, sign: int) -> None:
    effect = _EFFECTS.get(type(event))
    if effect is None:
        raise JournalOrderError(f"no effect defined for {type(event).__name__}")
    effect(d, event, sign)


def _cp_expended(d: Draft, event: CPExpended, sign: int) -> None:
    unit = d.units.fields(event.unit_id)
    unit["cp_expended"] += event.cp if sign > 0 else -event.cp
    if event.disorganization:  # mostly none: no exact arithmetic to do (cohesion_change)
        unit["cohesion"] -= event.disorganization if sign > 0 else -event.disorganization


def _cohesion_adjusted(d: Draft, event: CohesionAdjusted, sign: int) -> None:
    unit = d.units.fields(event.unit_id)
    unit["cohesion"] += event.change if sign > 0 else -event.change  # cohesion_change


def _transferred(d: Draft, event: SuppliesTransferred, sign: int) -> None:
    moved = event.supplies if sign > 0 else -event.supplies
    _add_to_holder(d, event.origin, -moved)
    _add_to_holder(d, event.destination, moved)


def _stage_ended(d: Draft, event: OperationsStageEnded, sign: int) -> None:
    for unit_id, cp in event.cp_cleared:
        d.units.fields(unit_id)["cp_expended"] = Fraction(0) if sign > 0 else cp
    if sign > 0:  # 6.16 for truck groups: every group's own CP back to 0
        for group_id in d.trucks:
            if d.trucks.value(group_id, "cp_expended"):
                d.trucks.fields(group_id)["cp_expended"] = Fraction(0)
    else:  # journals older than ``trucks_cp_cleared`` list none
        for group_id, cp in event.trucks_cp_cleared:
            d.trucks.fields(group_id)["cp_expended"] = cp
    d.clock = event.began if sign > 0 else event.ended
    d.phase = ORGANIZATION if sign > 0 else event.phase_ended
    d.weather = "normal" if sign > 0 else event.weather_ended
    # 7.11: Player "A" is chosen anew each Operations Stage.
    _set_first_player(d, None if sign > 0 else event.first_player_ended)


def _first_player_declared(d: Draft, event: FirstPlayerDeclared, sign: int) -> None:
    _set_first_player(d, event.first if sign > 0 else event.before)


def _set_first_player(d: Draft, first: Side | None) -> None:
    """The draft's ``first_player`` (7.11): kept on its base state, which ``Draft.freeze``
    carries over for every field the draft does not hold itself."""
    if d.base.first_player != first:
        d.base = replace(d.base, first_player=first)


def _phase_advanced(d: Draft, event: PhaseAdvanced, sign: int) -> None:
    d.phase = event.after if sign > 0 else event.before


def _weather(d: Draft, event: WeatherRecorded, sign: int) -> None:
    d.weather = event.weather if sign > 0 else event.before


def _reorganized(d: Draft, event: UnitReorganized, sign: int) -> None:
    to = event.after if sign > 0 else event.before
    d.units.fields(event.unit_id).update(
        parent=to.parent,
        attached_to=to.attached_to,
        detached=to.detached,
        reorganized_at=to.reorganized_at,
    )


def _troops_carried(d: Draft, event: TroopsCarried, sign: int) -> None:
    d.units.fields(event.unit_id)["carried_by"] = event.after if sign > 0 else event.before


def _consumed(d: Draft, event: SuppliesConsumed, sign: int) -> None:
    _add_to_holder(d, event.holder, -event.supplies if sign > 0 else event.supplies)


def _arrived(d: Draft, event: SuppliesArrived, sign: int) -> None:
    _add_to_holder(d, event.holder, event.supplies if sign > 0 else -event.supplies)


def _trucks_moved(d: Draft, event: TrucksMoved, sign: int) -> None:
    convoy = d.trucks.fields(event.group_id)
    convoy["location"] = event.after if sign > 0 else event.before
    convoy["cp_expended"] += sign * event.cp


def _trucks_loaded(d: Draft, event: TrucksLoaded, sign: int) -> None:
    group = d.trucks.fields(event.group_id)
    group["cp_expended"] += sign * event.cp
    group["box_loaded_at"] = event.box_after if sign > 0 else event.box_before


def _consumption(d: Draft, event: ConsumptionPosted, sign: int) -> None:
    for draw in event.draws:
        _add_to_holder(d, draw.holder, -draw.supplies if sign > 0 else draw.supplies)
    field = _RUNS.get(event.cause, "without_water")
    for unit_id, before, after in event.streaks:
        d.units.fields(unit_id)[field] = after if sign > 0 else before


_RUNS = {"stores": "without_stores", "pasta": "without_pasta"}
"""The unit field a ``ConsumptionPosted``'s streak keeps, by cause (Water otherwise)."""


def _toe_lost(d: Draft, event: TOEPointsLost, sign: int) -> None:
    unit = d.units.fields(event.unit_id)
    toe = list(unit["toe"])
    for system, points in event.losses:
        at = next(i for i, h in enumerate(toe) if h.system == system)
        toe[at] = replace(toe[at], points=toe[at].points - sign * points)
    unit["toe"] = tuple(toe)


def _requisition_filed(d: Draft, event: RequisitionFiled, sign: int) -> None:
    requisitions = dict(d.requisitions)
    if sign > 0:
        requisitions[event.requisition_id] = Requisition(
            event.requisition_id,
            event.unit_id,
            event.wanted,
            event.source.game_time,
            event.note,
            filed_by=event.source.seat or "",
            needed_by=event.needed_by,
        )
    else:
        del requisitions[event.requisition_id]
    d.requisitions = requisitions


def _requisition_closed(d: Draft, event: RequisitionClosed, sign: int) -> None:
    filed = d.requisitions[event.requisition_id]
    closed = (
        replace(
            filed,
            status=event.outcome,
            reason=event.reason,
            filled_from=event.origin,
            delivered=event.delivered,
            closed_at=event.source.game_time,
        )
        if sign > 0
        else replace(
            filed, status="open", reason="", filled_from="", delivered=Supplies(), closed_at=None
        )
    )
    d.requisitions = {**d.requisitions, filed.id: closed}


def _vehicles(
    d: Draft,
    event: UnitMoved | BreakdownChecked | VehiclesRepaired | BreakdownPointsCleared,
    sign: int,
) -> None:
    """Moves, Breakdown Points (21.25), breakdowns (21.34) and repairs, each exactly reversed."""
    if isinstance(event, BreakdownPointsCleared):
        for unit_id, points, checked in event.cleared:
            d.units.fields(unit_id).update(
                breakdown_points=Fraction(0) if sign > 0 else points,
                breakdown_checked_at=None if sign > 0 else checked,
            )
        return
    unit = d.units.fields(event.unit_id)
    if isinstance(event, UnitMoved):
        unit["location"] = event.after if sign > 0 else event.before
        unit["breakdown_points"] += sign * event.breakdown_points
    elif isinstance(event, BreakdownChecked):
        for result in event.results:
            _toe_to_repair(unit, result.system, sign * result.points)
        unit["breakdown_checked_at"] = event.breakdown_points if sign > 0 else event.checked_before
    else:
        _toe_to_repair(unit, event.system, -sign * event.points)
        record = Repair(d.clock, event.system, event.points, d.phase)
        unit["repairs"] = with_repair(unit["repairs"], record, sign)


def _combat_resolved(d: Draft, event: CombatResolved, sign: int) -> None:
    """Markers placed (12.44, 15.81), Combat Segment CP (11.24), prisoners and captured guns
    and tanks (15.86d); reversed from the markers and CP the event recorded before it."""
    added: dict[str, tuple[str, ...]] = {}
    for unit_id, marker in event.markers:
        added[unit_id] = (*added.get(unit_id, ()), marker)
    for unit_id, before in event.markers_before:
        markers = with_markers(before, added.get(unit_id, ())) if sign > 0 else before
        d.units.fields(unit_id)["combat_markers"] = markers
    for unit_id, cp_before, cp_after in event.segment_cp:
        d.units.fields(unit_id)["combat_cp"] = cp_after if sign > 0 else cp_before
    prisoners = dict(d.prisoners)
    for side, points in event.prisoners:
        prisoners[side] = prisoners.get(side, 0) + sign * points
    equipment = list(d.captured_equipment)
    for side, system, points in event.captured:
        at = next((i for i, e in enumerate(equipment) if e[:2] == (side, system)), None)
        if at is None:
            equipment.append((side, system, sign * points))
        else:
            equipment[at] = (side, system, equipment[at][2] + sign * points)
    d.prisoners = {side: points for side, points in prisoners.items() if points}
    d.captured_equipment = tuple(e for e in equipment if e[2])


def _markers_cleared(d: Draft, event: CombatMarkersCleared, sign: int) -> None:
    """12.44, 15.81: the named markers come off; 11.24: the Combat Segment CP back to 0."""
    for unit_id, before in event.cleared:
        after = tuple(m for m in before if m not in event.markers) if sign > 0 else before
        d.units.fields(unit_id)["combat_markers"] = after
    for unit_id, cp in event.segment_cp_cleared:
        d.units.fields(unit_id)["combat_cp"] = Fraction(0) if sign > 0 else cp


def _plot_committed(d: Draft, event: PlotCommitted, sign: int) -> None:
    """5.2 III G 3 b, d: the side's plot is kept sealed; reversed, the step is open to it
    again."""
    plot = committed(event)
    if sign > 0:
        d.plots = tuple(sorted((*d.plots, plot), key=plot_key))
        return
    at = plot_of(d.plots, plot)
    if at is None:
        raise JournalOrderError(f"no {event.side} {event.step} plot to take back")
    d.plots = d.plots[:at] + d.plots[at + 1 :]


def _plots_revealed(d: Draft, event: PlotsRevealed, sign: int) -> None:
    """Both sides' plots of the step are open (sealed again when reversed); the revealed plots
    of earlier Operations Stages it clears leave the state (and come back when reversed)."""
    plots = list(d.plots)
    for shown in event.plots:
        at = plot_of(d.plots, shown)
        if at is None:
            raise JournalOrderError(f"no {shown.side} {shown.step} plot to reveal")
        plots[at] = replace(plots[at], revealed=sign > 0)
    if sign > 0:
        gone = {plot_key(p) for p in event.cleared}
        plots = [p for p in plots if plot_key(p) not in gone]
    else:
        plots += event.cleared
    d.plots = tuple(sorted(plots, key=plot_key))


def _toe_to_repair(unit: dict[str, Any], system: str, points: int) -> None:
    """``points`` TOE Strength Points of ``system`` leave the TOE (a unit's fields in a draft)
    for awaiting repair (negative: back). A TOE holding stays listed at 0; an empty
    awaiting-repair holding is dropped."""
    toe = list(unit["toe"])
    at = next(i for i, h in enumerate(toe) if h.system == system)
    toe[at] = replace(toe[at], points=toe[at].points - points)
    waiting = list(unit["awaiting_repair"])
    found = next((i for i, h in enumerate(waiting) if h.system == system), None)
    if found is None:
        waiting.append(TOEHolding(system, points))
    else:
        waiting[found] = replace(waiting[found], points=waiting[found].points + points)
    unit["toe"] = tuple(toe)
    unit["awaiting_repair"] = tuple(h for h in waiting if h.points)


def _truck_points_moved(d: Draft, event: TruckPointsMoved, sign: int) -> None:
    if sign > 0 and event.created is not None:
        d.trucks.put(event.created.id, event.created)
    moved = (event.light, event.medium, event.heavy)
    for group_id, direction in ((event.origin, -sign), (event.destination, sign)):
        group = d.trucks.fields(group_id)
        group["light"] += direction * moved[0]
        group["medium"] += direction * moved[1]
        group["heavy"] += direction * moved[2]
    if sign < 0 and event.created is not None:
        d.trucks.remove(event.created.id)


def _add_to_holder(d: Draft, holder_id: str, delta: Supplies) -> None:
    if holder_id in d.units:
        unit = d.units.fields(holder_id)
        unit["supplies"] = unit["supplies"] + delta
    elif holder_id in d.dumps:
        dump = d.dumps.original(holder_id)  # its kind and site never change
        if dump.unlimited:
            return
        kept = held_change(dump, delta)  # an oasis's Water and Stores never diminish (8.48, 8.87)
        fields = d.dumps.fields(holder_id)
        fields["supplies"] = fields["supplies"] + kept
    elif holder_id in d.trucks:
        group = d.trucks.fields(holder_id)
        group["cargo"] = group["cargo"] + delta
    else:
        raise JournalOrderError(f"no supply holder {holder_id!r}")


_EFFECTS: dict[type, Callable[[Draft, Any, int], None]] = {
    CPExpended: _cp_expended,
    SuppliesTransferred: _transferred,
    OperationsStageEnded: _stage_ended,
    CohesionAdjusted: _cohesion_adjusted,
    PhaseAdvanced: _phase_advanced,
    FirstPlayerDeclared: _first_player_declared,
    UnitReorganized: _reorganized,
    TruckPointsMoved: _truck_points_moved,
    TroopsCarried: _troops_carried,
    WeatherRecorded: _weather,
    SuppliesConsumed: _consumed,
    SuppliesArrived: _arrived,
    TrucksMoved: _trucks_moved,
    TrucksLoaded: _trucks_loaded,
    ConsumptionPosted: _consumption,
    TOEPointsLost: _toe_lost,
    RequisitionFiled: _requisition_filed,
    RequisitionClosed: _requisition_closed,
    UnitMoved: _vehicles,
    BreakdownChecked: _vehicles,
    VehiclesRepaired: _vehicles,
    BreakdownPointsCleared: _vehicles,
    CombatResolved: _combat_resolved,
    CombatMarkersCleared: _markers_cleared,
    PlotCommitted: _plot_committed,
    PlotsRevealed: _plots_revealed,
    ReinforcementsArrived: reinforcements_arrived,
    UnitsWithdrawn: units_withdrawn,
    VictoryPlaceHeld: victory_place_held,
    CounterPlaced: counter_placed,
    SetupFinished: setup_finished,
}
"""The effect of each reversible event kind on a draft, with ``sign`` 1 (apply) or -1
(reverse)."""
