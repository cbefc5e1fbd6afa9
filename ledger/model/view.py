"""What a seat may see: the one read model every report, page, command and export goes through.

A side's strengths are its own secret, revealed only on attack (11.36); plots are secret until
revealed (5.2 III G). So a seat of a side sees its own side's whole ledger and, of the enemy,
only what the table shares: the clock, phase and weather, the scenario's information, the
chart data, and combat results (``CombatResolved``, public once resolved). Nothing of the
enemy's units, TOE, supplies, trucks, dumps, cohesion, requisitions, prisoners or journal
reasons. The umpire (and a table without seats, ``seat=None``) sees everything.

``view_for`` filters a ``GameState``; ``event_for`` filters one journal event (entries that
touch both sides, such as the end-of-stage upkeep, keep only the seat's own lines);
``journal_for`` turns a run of events into what the seat's Journal shows, the enemy's
entries as counts ("Axis: 3 entries").
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Final

from ledger.model.campaign import ReinforcementsArrived, UnitsWithdrawn
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
)
from ledger.model.quantities import Supplies
from ledger.model.seats import Seat
from ledger.model.state import GameState
from ledger.model.units import Side, Unit

PUBLIC_KINDS: Final = frozenset(
    {
        "game_started",
        "phase_advanced",
        "weather_recorded",
        "first_player_declared",
        "combat_resolved",
        "plots_revealed",
        "victory_place_held",
    }
)
"""Entries both sides see whole: the game's start (its scenario; the set-up shown is the
seat's own side), the phase and weather (5.2, 29.0), who moves first (7.11, 7.16), combat
results (11.36), revealed plots (5.2 III G) and who holds the victory places (60.82: the map is
physical)."""


def sees_all(seat: Seat | None) -> bool:
    """Whether ``seat`` sees both sides: the umpire, or nobody signed in at a table without
    seats (the solo table)."""
    return seat is None or seat.umpire


def view_for(state: GameState, seat: Seat | None) -> GameState:
    """``state`` as ``seat`` may see it: of its own side everything; of the enemy no unit
    (but those its revealed plots name, ``revealed_on_attack``), dump, truck group,
    requisition, prisoner count or captured equipment (11.36), and no sealed plot (5.2 III G 3
    b, d: the enemy's plots only once revealed); only the places its counters stand, which the
    board shows (``enemy_hexes``). The clock,
    phase, weather, scenario information, chart data and rulings stay whole. ``seat=None`` or
    the umpire: ``state`` itself."""
    if sees_all(seat):
        return state
    assert seat is not None and seat.side is not None
    side = seat.side
    units = {k: u for k, u in state.units.items() if u.side == side}
    return replace(
        state,
        units={**units, **revealed_on_attack(state, side)},
        dumps={k: d for k, d in state.dumps.items() if d.side == side},
        trucks={k: t for k, t in state.trucks.items() if t.side == side},
        requisitions={k: r for k, r in state.requisitions.items() if r.unit_id in units},
        prisoners={k: v for k, v in state.prisoners.items() if k == side},
        captured_equipment=tuple(c for c in state.captured_equipment if c[0] == side),
        plots=tuple(p for p in state.plots if p.revealed or p.side == side),
        enemy_hexes=frozenset(
            u.location for u in state.units_in_play() if u.side != side and u.location
        ),
    )


def revealed_on_attack(state: GameState, side: Side) -> dict[str, Unit]:
    """The enemy's units that ``side`` may read for the combat at hand (11.36: strengths are
    revealed on attack): those named on a revealed plot of the enemy's in the current
    Operations Stage (5.2 III G 3 d), as ``combat_figures`` shows them: what a combat needs,
    nothing more (docs/rulings.md, "What a seat sees")."""
    named = {
        line.unit_id
        for plot in state.plots
        if plot.revealed and plot.side != side and plot.period == state.clock
        for line in plot.lines
    }
    return {
        unit_id: combat_figures(unit)
        for unit_id in sorted(named)
        if (unit := state.units.get(unit_id)) is not None and unit.side != side
    }


def combat_figures(unit: Unit) -> Unit:
    """What a revealed enemy ``unit`` shows the other side (``revealed_on_attack``): its
    counter, class, TOE, morale, hex, Cohesion, CP, combat markers and Ammunition; its
    Fuel, Stores and Water read 0, and its place in its side's organization (parent,
    attachment), truck carriage, runs without supplies, Breakdown Points and notes are
    left out."""
    return replace(
        unit,
        supplies=Supplies(ammo=unit.supplies.ammo),
        parent=None,
        attached_to=None,
        detached=False,
        reorganized_at=None,
        max_assigned=None,
        carried_by=(0, 0, 0),
        without_stores=0,
        without_water=0,
        without_pasta=0,
        breakdown_points=Fraction(0),
        breakdown_checked_at=None,
        awaiting_repair=(),
        repairs=(),
        notes="",
    )


def touched(event: Event, state: GameState) -> frozenset[str]:
    """The ids of the units, dumps and truck groups ``event`` changes or names (its undone
    event's, for an ``EventUndone``); the requisition's unit for a ``RequisitionClosed``."""
    return frozenset(_touched(event, state))


def _touched(event: Event, state: GameState) -> Iterator[str]:
    if isinstance(event, EventUndone):
        yield from _touched(event.undone, state)
    elif isinstance(
        event,
        CPExpended
        | CohesionAdjusted
        | UnitReorganized
        | TroopsCarried
        | TOEPointsLost
        | UnitMoved
        | BreakdownChecked
        | VehiclesRepaired
        | RequisitionFiled,
    ):
        yield event.unit_id
    elif isinstance(event, SuppliesTransferred | TruckPointsMoved):
        yield from (event.origin, event.destination)
    elif isinstance(event, SuppliesConsumed | SuppliesArrived):
        yield event.holder
    elif isinstance(event, RequisitionClosed):
        requisition = state.requisitions.get(event.requisition_id)
        if requisition is not None:
            yield requisition.unit_id
    elif isinstance(event, TrucksMoved | TrucksLoaded):
        yield event.group_id
    elif isinstance(event, ConsumptionPosted):
        for draw in event.draws:
            yield from (draw.holder, draw.consumer)
        yield from (s.unit_id for s in event.shortages)
        yield from (s[0] for s in event.streaks)
    elif isinstance(event, OperationsStageEnded):
        yield from (c[0] for c in (*event.cp_cleared, *event.trucks_cp_cleared))
    elif isinstance(event, BreakdownPointsCleared | CombatMarkersCleared):
        yield from (c[0] for c in event.cleared)
        if isinstance(event, CombatMarkersCleared):
            yield from (c[0] for c in event.segment_cp_cleared)
    elif isinstance(event, CombatResolved):
        yield from (m[0] for m in (*event.markers, *event.markers_before))
        yield from (s[0] for s in event.segment_cp)
    elif isinstance(event, ReinforcementsArrived):
        yield from (*event.units, *event.trucks)
    elif isinstance(event, UnitsWithdrawn):
        yield from (*event.units, *event.trucks)
        yield from (c[0] for c in event.convoy_points)
        if event.to_holder is not None:
            yield event.to_holder


def sides_of(event: Event, state: GameState) -> frozenset[Side]:
    """The sides whose units, dumps or truck groups ``event`` touches; besides, the side that
    recorded it (``source.side``)."""
    sides = {state.holder_side(i) for i in touched(event, state)}
    if isinstance(event, TruckPointsMoved) and event.created is not None:
        sides.add(event.created.side)
    if event.source.side is not None:
        sides.add(event.source.side)
    return frozenset(s for s in sides if s is not None)


def event_for(event: Event, seat: Seat | None, state: GameState) -> Event | None:
    """``event`` as ``seat`` may read it (``state``: the whole ledger when it was posted or
    since, to tell whose ids it names); ``None`` when it is the enemy's alone. Entries of
    ``PUBLIC_KINDS`` stay whole (a ``GameStarted`` keeps only the seat's side's set-up);
    upkeep and end-of-stage entries that name both sides keep the seat's own lines; the
    reason the enemy gave for an entry the seat may read, and the enemy seat that posted it,
    are blanked (its side stays). The umpire and
    ``seat=None`` read every event whole."""
    if sees_all(seat):
        return event
    assert seat is not None and seat.side is not None
    shown = _shown(event, seat.side, state)
    if shown is None or shown.source.side in (None, seat.side):
        return shown
    if not shown.source.reason and shown.source.seat is None:
        return shown
    return replace(shown, source=replace(shown.source, reason="", seat=None))


def _shown(event: Event, side: Side, state: GameState) -> Event | None:
    """``event_for`` for a seat of ``side``, before the enemy's reason is taken out."""
    if isinstance(event, GameStarted):
        setup = event.setup
        own_setup = replace(
            setup,
            units=tuple(u for u in setup.units if u.side == side),
            dumps=tuple(d for d in setup.dumps if d.side == side),
            trucks=tuple(t for t in setup.trucks if t.side == side),
        )
        return replace(event, setup=own_setup)
    if event.kind in PUBLIC_KINDS:
        return event
    if isinstance(event, EventUndone):
        undone = _shown(event.undone, side, state)
        return None if undone is None else replace(event, undone=undone)  # type: ignore[arg-type]
    lines = _own_lines(event, side, state)
    if lines is not None:
        return lines
    sides = sides_of(event, state)
    if not sides and event.source.side is None:
        return event  # names no holder and no side: a table entry (5.2)
    return event if side in sides else None


def _own_lines(event: Event, side: Side, state: GameState) -> ReversibleEvent | None:
    """The seat's own lines of an entry that lists many holders (``None``: not such an
    entry)."""

    def mine(holder: str) -> bool:
        return state.holder_side(holder) == side

    if isinstance(event, OperationsStageEnded):
        return replace(
            event,
            cp_cleared=tuple(c for c in event.cp_cleared if mine(c[0])),
            trucks_cp_cleared=tuple(c for c in event.trucks_cp_cleared if mine(c[0])),
        )
    if isinstance(event, ConsumptionPosted):
        return replace(
            event,
            draws=tuple(d for d in event.draws if mine(d.consumer) or mine(d.holder)),
            shortages=tuple(s for s in event.shortages if mine(s.unit_id)),
            streaks=tuple(s for s in event.streaks if mine(s[0])),
        )
    if isinstance(event, CombatMarkersCleared):
        return replace(
            event,
            cleared=tuple(c for c in event.cleared if mine(c[0])),
            segment_cp_cleared=tuple(c for c in event.segment_cp_cleared if mine(c[0])),
        )
    if isinstance(event, BreakdownPointsCleared):
        return replace(event, cleared=tuple(c for c in event.cleared if mine(c[0])))
    if isinstance(event, ReinforcementsArrived):  # 4.43: each side sees its own arrivals
        units = tuple(u for u in event.units if mine(u))
        trucks = tuple(t for t in event.trucks if mine(t))
        if units or trucks:  # none: the enemy's alone, hidden by its sides
            return replace(event, units=units, trucks=trucks)
    return None


@dataclass(frozen=True, slots=True)
class HiddenEntries:
    """A run of ``count`` consecutive journal entries of ``side`` that the seat may not read,
    from sequence number ``first`` to ``last``: shown as "Axis: 3 entries"."""

    side: Side | None
    first: int
    last: int
    count: int


JournalLine = tuple[int, Event] | HiddenEntries
"""One line of a seat's journal: ``(seq, event as the seat reads it)``, or hidden entries."""


def journal_for(
    entries: Iterable[tuple[int, Event]], seat: Seat | None, state: GameState
) -> list[JournalLine]:
    """The journal ``entries`` (``(seq, event)``, oldest first) as ``seat`` reads them:
    each event filtered by ``event_for`` (``state``: the whole ledger, to tell whose ids an
    event names), and each run of the enemy's entries folded into one ``HiddenEntries``."""
    lines: list[JournalLine] = []
    for seq, event in entries:
        shown = event_for(event, seat, state)
        if shown is not None:
            lines.append((seq, shown))
            continue
        enemy = _enemy_of(seat)
        previous = lines[-1] if lines else None
        if isinstance(previous, HiddenEntries) and previous.last == seq - 1:
            lines[-1] = replace(previous, last=seq, count=previous.count + 1)
        else:
            lines.append(HiddenEntries(enemy, seq, seq, 1))
    return lines


def _enemy_of(seat: Seat | None) -> Side | None:
    if seat is None or seat.side is None:
        return None
    return "commonwealth" if seat.side == "axis" else "axis"


def visible_events(
    entries: Sequence[tuple[int, Event]], seat: Seat | None, state: GameState
) -> list[tuple[int, Event]]:
    """Only the entries ``seat`` may read, each as it reads it (``journal_for`` without the
    hidden runs): what an export or ``history --json`` gives a seat."""
    return [line for line in journal_for(entries, seat, state) if isinstance(line, tuple)]
