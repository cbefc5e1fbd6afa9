"""The journal as players read it: one line per event in the game's own words (``describe``), the
history table, and a unit's Cohesion Level over time (6.2).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Final

from ledger.commands.convoys import group_name
from ledger.model.apply import apply, cohesion_change
from ledger.model.campaign import ReinforcementsArrived, UnitsWithdrawn, VictoryPlaceHeld
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
from ledger.model.phases import phase
from ledger.model.plots import STEP_NAMES, PlotCommitted, PlotsRevealed
from ledger.model.quantities import Supplies, format_cp
from ledger.model.seats import side_name
from ledger.model.setup_step import CounterPlaced, SetupFinished
from ledger.model.state import GameState
from ledger.model.trucks import TRUCK_TYPES
from ledger.reports.campaign_log import describe_campaign_event
from ledger.reports.plots import describe_line
from ledger.reports.setup import describe_setup_event
from ledger.reports.tables import Row

_TOKEN: Final = re.compile(r"(?<![\w.])[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*(?!\w)")
"""A word that may be an internal id: ``cw.unassigned_inf.1st_rnf_mg_bn``, ``cw_c3721``,
``commonwealth_2nd3rd_6.CR1``, ``it.cv33``."""
_UNSEEN_UNIT: Final = re.compile(r"^(?:cw|it|de|ge)\.[a-z0-9_.]+$")
_UNSEEN_HOLDER: Final = re.compile(r"^(?:cw|it|ax|axis|commonwealth)_[a-z0-9_]+(?:\.\w+)*$")
"""Ids a seat's view does not hold (the enemy's counters, 11.36), by their shape."""


def named(text: str, state: GameState | None) -> str:
    """``text`` with every internal id of ``state`` replaced by what players call it: a unit
    by its printed name, a dump by its name, a truck group by ``group_name`` (its line, place
    and size), a TOE weapon system by its name (11.1); an id of a counter or holder the state
    (a seat's view, 11.36) does not hold reads "an enemy unit" or "enemy trucks or dump".
    Other words stay; without a state the text is returned as it is. Texts recorded at
    posting time (a combat's summary, a reason) name counters by id; players read them
    through this."""
    if state is None:
        return text

    def one(match: re.Match[str]) -> str:
        token = match[0]
        if token in state.units:
            return state.units[token].name
        if token in state.dumps:
            return state.dumps[token].name
        if token in state.trucks:
            return group_name(state, token)
        if token in state.systems:
            return state.systems[token].name
        if _UNSEEN_UNIT.match(token):
            return "an enemy unit"
        if _UNSEEN_HOLDER.match(token):
            return "enemy trucks or dump"
        return token

    return _TOKEN.sub(one, text)


def describe(event: Event, state: GameState | None = None) -> str:
    """One line saying what an event did, in the game's terms: counters by their printed
    names, truck groups by ``group_name``, weapon systems by name, requisitions by their number
    (CR1, AR1), never an internal id (``named``) when ``state`` is given."""
    return named(_describe(event, state), state)


def _describe(event: Event, state: GameState | None = None) -> str:
    """``describe`` before ``named``: one line, ids where the event holds them."""

    def name(unit_or_holder: str) -> str:
        if state is not None:
            for table in (state.units, state.dumps):
                if unit_or_holder in table:
                    return str(table[unit_or_holder].name)
        return unit_or_holder

    if isinstance(event, GameStarted):
        info = event.setup.info
        return f"game started: {info.name} ({info.case}), {len(event.setup.units)} counters"
    if isinstance(event, CPExpended):
        dp = f", {format_cp(event.disorganization)} DP" if event.disorganization else ""
        action = "" if event.action == "other" else f" ({event.action})"
        return f"{name(event.unit_id)} expends {format_cp(event.cp)} CP{action}{dp}"
    if isinstance(event, CohesionAdjusted):
        points = (
            f"{format_cp(event.change)} RP"
            if event.change > 0
            else f"{format_cp(-event.change)} DP"
        )
        return f"{name(event.unit_id)}: {points} ({event.cause}, {event.case})"
    if isinstance(event, SuppliesTransferred):
        return f"{event.supplies.describe()} from {name(event.origin)} to {name(event.destination)}"
    if isinstance(event, OperationsStageEnded):
        return f"{event.ended.short} ended; {event.began.short} begins ({len(event.cp_cleared)} units' CP reset)"
    if isinstance(event, PhaseAdvanced):
        return f"{phase(event.before).label} over; {phase(event.after).label} begins"
    if isinstance(event, FirstPlayerDeclared):
        return (
            f"{side_name(event.first)} moves first in {event.source.game_time.short}: "
            "Player A (7.11, 7.16)"
        )
    if isinstance(event, UnitReorganized):
        return _describe_reorganized(event, name)
    if isinstance(event, TruckPointsMoved):
        moved = ", ".join(
            f"{n} {t}"
            for t, n in zip(TRUCK_TYPES, (event.light, event.medium, event.heavy), strict=True)
            if n
        )
        new = " (new group)" if event.created is not None else ""
        points = "truck point" if event.light + event.medium + event.heavy == 1 else "truck points"
        return f"{moved} {points} from {event.origin} to {event.destination}{new}"
    if isinstance(event, TroopsCarried):
        if not any(event.after):
            return f"{name(event.unit_id)} unloaded from its trucks"
        light, medium, heavy = event.after
        return f"{name(event.unit_id)} rides {light} light, {medium} medium, {heavy} heavy truck points"
    if isinstance(event, WeatherRecorded):
        return (
            f"weather of {event.source.game_time.short}: {event.weather} (was {event.before}; 29.x)"
        )
    if isinstance(event, SuppliesConsumed):
        case = f", {event.case}" if event.case else ""
        return f"{name(event.holder)} loses {event.supplies.describe()} ({event.cause}{case})"
    if isinstance(event, SuppliesArrived):
        case = f", {event.case}" if event.case else ""
        return f"{event.supplies.describe()} arrive at {name(event.holder)} ({event.cause}{case})"
    if isinstance(event, RequisitionFiled):
        by = f", needed by {event.needed_by.short}" if event.needed_by is not None else ""
        return f"requisition {event.requisition_id}: {name(event.unit_id)} asks for {event.wanted.describe()}{by} (4.55)"
    if isinstance(event, RequisitionClosed):
        why = f": {event.reason}" if event.reason else ""
        return f"requisition {event.requisition_id} {event.outcome}{why}"
    if isinstance(event, ConsumptionPosted):
        return _describe_upkeep(event)
    if isinstance(event, TrucksMoved):
        return _describe_trucks_moved(event)
    if isinstance(event, TrucksLoaded):
        box = " in a Tripoli/Tunisia box: no move this OpStage (8.88)" if event.box_after else ""
        cp = f"{format_cp(event.cp)} CP of their own (6.3)" if event.cp else "no CP of their own"
        return f"{event.group_id} loads or unloads: {cp}{box}"
    if isinstance(event, TOEPointsLost):
        return _describe_toe_lost(event, name)
    if isinstance(event, UnitMoved | BreakdownChecked | VehiclesRepaired | BreakdownPointsCleared):
        return _describe_vehicles(event, state, name)
    if isinstance(event, CombatResolved | CombatMarkersCleared):
        return _describe_combat(event, name)
    if isinstance(event, PlotCommitted | PlotsRevealed):
        return _describe_plot(event)
    if isinstance(event, EventUndone):
        return f"undo #{event.undone_seq}: {describe(event.undone, state)}"
    if isinstance(event, CounterPlaced | SetupFinished):
        return describe_setup_event(event, state)
    if isinstance(event, ReinforcementsArrived | UnitsWithdrawn | VictoryPlaceHeld):
        return describe_campaign_event(event, state)
    raise TypeError(type(event).__name__)


def _describe_plot(event: PlotCommitted | PlotsRevealed) -> str:
    """A sealed plot in full (only its own side and the umpire read it, ``view.event_for``),
    or both plots as revealed (5.2 III G 3 b, d)."""
    step = f"{STEP_NAMES[event.step]} plot"
    where = f"Combat Segment {event.segment}"
    if isinstance(event, PlotCommitted):
        lines = "; ".join(describe_line(line) for line in event.lines) or "nothing plotted"
        return f"{side_name(event.side)} {step} committed, sealed ({where}): {lines}"
    shown = " · ".join(
        f"{side_name(p.side)}: "
        + ("; ".join(describe_line(line) for line in p.lines) or "nothing plotted")
        for p in event.plots
    )
    return f"{step}s revealed ({where}): {shown}"


def _describe_combat(
    event: CombatResolved | CombatMarkersCleared, name: Callable[[str], str]
) -> str:
    """A combat's hexes, dice, column and result (11.0), or the markers a segment's end
    cleared (12.44, 15.81)."""
    if isinstance(event, CombatMarkersCleared):
        return f"{', '.join(event.markers)} markers off {len(event.cleared)} unit(s) (12.44, 15.81)"
    *attackers, target = event.hexes or ("?",)
    where = f"{', '.join(attackers)} → {target}" if attackers else target
    dice = ", ".join(f"{label} {value}" for label, value in event.dice)
    rolled = f"; dice {dice}" if dice else ""
    seed = f" (ledger, seed {event.seed})" if event.seed is not None else ""
    column = f"; column {event.column}" if event.column else ""
    markers = "; ".join(f"{name(u)} {m}" for u, m in event.markers)
    parts = [
        f"{event.combat.replace('_', ' ')} {where}{column}{rolled}{seed}",
        *event.summary,
        *([markers] if markers else []),
        *(f"{side} takes {points} Prisoner Points (15.86)" for side, points in event.prisoners),
        *(f"{side} captures {points} {system} (15.86)" for side, system, points in event.captured),
    ]
    return "; ".join(parts)


def _describe_toe_lost(event: TOEPointsLost, name: Callable[[str], str]) -> str:
    parts = ", ".join(
        f"{'-' if points > 0 else '+'}{abs(points)} {system}" for system, points in event.losses
    )
    return f"{name(event.unit_id)} TOE {parts} ({event.cause}, {event.case})"


def _describe_vehicles(
    event: UnitMoved | BreakdownChecked | VehiclesRepaired | BreakdownPointsCleared,
    state: GameState | None,
    name: Callable[[str], str],
) -> str:
    """Moves (8.37), breakdown checks (21.34), repairs and the BP cleared (21.25)."""

    def system(system_id: str) -> str:
        known = state.systems.get(system_id) if state is not None else None
        return known.name if known is not None else system_id

    if isinstance(event, UnitMoved):
        bp = f", +{format_cp(event.breakdown_points)} BP" if event.breakdown_points else ""
        return (
            f"{name(event.unit_id)} moves {event.before} → {event.after} "
            f"({format_cp(event.cp)} CP, {len(event.path)} hexes{bp}; 8.37)"
        )
    if isinstance(event, BreakdownChecked):
        lost = "; ".join(
            f"{system(r.system)} {r.column} {r.reading}: {r.percent} % → {r.points} broken down"
            for r in event.results
        )
        at = format_cp(event.breakdown_points)
        return f"{name(event.unit_id)} checks at {at} BP: {lost or 'nothing due'} (21.34)"
    if isinstance(event, VehiclesRepaired):
        return f"{name(event.unit_id)}: {event.points} {system(event.system)} repaired"
    return f"Breakdown Points back to 0 for {len(event.cleared)} unit(s) (21.25)"


def _describe_reorganized(event: UnitReorganized, name: Callable[[str], str]) -> str:
    unit = name(event.unit_id)
    if event.action == "assign":
        return f"{unit} assigned to {name(event.after.parent or '')} (5.2)"
    if event.action == "detach":
        was = event.before.attached_to or event.before.parent or ""
        return f"{unit} detached from {name(was)} (6.3)"
    to = event.after.attached_to or event.after.parent or ""
    return f"{unit} attached to {name(to)} ({event.action}, 6.3)"


def _describe_trucks_moved(event: TrucksMoved) -> str:
    total = event.expended_before + event.cp
    of = f", {format_cp(total)} of CPA {event.cpa} expended" if event.cpa is not None else ""
    how = "a Reaction, 8.53" if event.reaction else "8.98"
    return (
        f"{event.group_id} moves {event.before} → {event.after} "
        f"({format_cp(event.cp)} CP{of}; {how})"
    )


def _describe_upkeep(event: ConsumptionPosted) -> str:
    total = sum((d.supplies for d in event.draws), Supplies())
    taken = total.describe() if not total.is_zero else "nothing"
    holders = len({d.holder for d in event.draws})
    units_short = sum(1 for s in event.shortages if s.holder_kind == "unit")
    trucks_short = len(event.shortages) - units_short
    short = f"; {units_short} unit(s) short" if units_short else ""
    short += f"; {trucks_short} truck group(s) short" if trucks_short else ""
    what = {
        "water": f"water for {event.period.short}",
        "stores": f"stores for GT {event.period.game_turn}",
        "pasta": f"pasta water for GT {event.period.game_turn}",
        "evaporation": f"evaporation opening GT {event.period.game_turn}",
        "hot-evaporation": f"Hot-weather evaporation of {event.period.short}",
        "truck-water": f"truck points' water for {event.period.short}",
    }.get(event.cause, event.cause)
    return f"{what} ({event.case}): {taken} from {holders} holder(s){short}"


def history(journal: Sequence[tuple[int, Event]], state: GameState | None = None) -> list[Row]:
    """The journal, oldest first: sequence, game time, side/role, what happened, why (both in
    players' words, ``named``)."""
    undone = {e.undone_seq for _, e in journal if isinstance(e, EventUndone)}
    return [
        {
            "seq": seq,
            "game_time": event.source.game_time.short,
            "side": event.source.side or "",
            "role": event.source.role or "",
            "what": describe(event, state),
            "why": named(event.source.reason, state),
            "kind": event.kind,
            "app_made": event.source.app_made,
            "undone": seq in undone,
        }
        for seq, event in journal
    ]


COHESION_KINDS: Final = frozenset({"cp_expended", "cohesion_adjusted", "operations_stage_ended"})
"""The events ``cohesion_history`` needs going back from the current state: the two that
change a Cohesion Level (``ledger.model.apply``: the DP of a CP expenditure, 6.22; an
adjustment, 6.24) and the ends of Operations Stages it reports at."""


def cohesion_history(
    journal: Sequence[tuple[int, Event]],
    unit_ids: Sequence[str],
    now: GameState | None = None,
) -> list[Row]:
    """Each unit's Cohesion Level at the end of every Operations Stage in ``journal``, and now.

    Rows ``{"game_time", "unit" (id), "name", "cohesion"}`` in journal order (undone events
    are reversed as in the ledger; an undone end of OpStage gives no row). With ``now``, the
    state the journal led to, ``journal`` may be only its newest part (the last few Operations
    Stages), and only its events of ``COHESION_KINDS`` (and their undoing): each unit's
    Cohesion is taken back from ``now`` through the changes the events made
    (``ledger.model.apply.cohesion_change``); without, it must be the whole journal and is
    replayed from the start. Raises ``JournalOrderError`` when a journal replayed from the
    start does not begin with the game's start.
    """
    undone = {e.undone_seq for _, e in journal if isinstance(e, EventUndone)}

    def snapshot(state: GameState, label: str) -> list[Row]:
        return [
            {
                "game_time": label,
                "unit": u,
                "name": state.units[u].name,
                "cohesion": state.units[u].cohesion,
            }
            for u in unit_ids
            if u in state.units
        ]

    if now is not None:
        return _cohesion_back(journal, unit_ids, now, undone)
    rows: list[Row] = []
    state: GameState | None = None
    for seq, event in journal:
        if isinstance(event, OperationsStageEnded) and state is not None and seq not in undone:
            rows += snapshot(state, event.ended.short)
        state = apply(state, event)
    if state is not None:
        rows += snapshot(state, state.clock.short)
    return rows


def _cohesion_back(
    journal: Sequence[tuple[int, Event]],
    unit_ids: Sequence[str],
    now: GameState,
    undone: set[int],
) -> list[Row]:
    """``cohesion_history`` going back from ``now``: rows before each end of OpStage (not
    undone) in ``journal``, oldest first, then now."""
    units = [u for u in unit_ids if u in now.units]
    level = {u: now.units[u].cohesion for u in units}

    def rows(label: str) -> list[Row]:
        return [
            {"game_time": label, "unit": u, "name": now.units[u].name, "cohesion": level[u]}
            for u in units
        ]

    current = rows(now.clock.short)
    ended: list[list[Row]] = []
    for seq, event in reversed(journal):
        changed = cohesion_change(event)
        if changed is not None and changed[0] in level:
            level[changed[0]] -= changed[1]
        if isinstance(event, OperationsStageEnded) and seq not in undone:
            ended.append(rows(event.ended.short))
    return [row for stage in reversed(ended) for row in stage] + current
