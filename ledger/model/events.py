"""Journal events: the only way the ledger changes (one frozen dataclass per kind).

Every event has a ``source`` (who, when, why). Events carry every figure their effect needs,
so applying and reversing them never re-derives a rule (the DP a CP expenditure earned is in the
event, not recomputed). ``kind`` tags the event in the journal.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from ledger.model.campaign import ReinforcementsArrived, UnitsWithdrawn, VictoryPlaceHeld
from ledger.model.clock import GameTime, Weather
from ledger.model.holdings import TruckGroup
from ledger.model.phases import FirstPlayerDeclared as FirstPlayerDeclared
from ledger.model.phases import PhaseAdvanced as PhaseAdvanced
from ledger.model.plots import PlotCommitted, PlotsRevealed
from ledger.model.quantities import Supplies
from ledger.model.requisition_events import RequisitionClosed as RequisitionClosed
from ledger.model.requisition_events import RequisitionFiled as RequisitionFiled
from ledger.model.scenario import Setup
from ledger.model.setup_step import CounterPlaced, SetupFinished
from ledger.model.source import Source
from ledger.model.units import Side


@dataclass(frozen=True, slots=True)
class GameStarted:
    """A game begins from a scenario; ``ruling_choices`` are (ruling id, option) overrides.
    ``setup_sides`` are the sides that still have their set-up to do (59.4; ``SetupFinished``
    closes each); empty: the game starts at once (journals written before the set-up step)."""

    source: Source
    setup: Setup
    ruling_choices: tuple[tuple[str, str], ...] = ()
    setup_sides: tuple[Side, ...] = ()
    kind: Literal["game_started"] = "game_started"


@dataclass(frozen=True, slots=True)
class CPExpended:
    """A unit expends ``cp`` Capability Points (6.12) and earns ``disorganization`` DP.

    ``disorganization`` is the part of ``cp`` over the unit's CPA this Operations Stage (6.21);
    it lowers the Cohesion Level one for one at once (6.22). Both in CP (quarter points).
    """

    source: Source
    unit_id: str
    cp: Fraction
    disorganization: Fraction
    action: str = "other"
    kind: Literal["cp_expended"] = "cp_expended"


@dataclass(frozen=True, slots=True)
class SuppliesTransferred:
    """Supply points move from one holder (dump, unit, truck points) to another.

    Nothing is created or destroyed: ``origin`` loses what ``destination`` gains, except that an
    unlimited origin (60.44) is not drawn down.
    """

    source: Source
    origin: str
    destination: str
    supplies: Supplies
    kind: Literal["supplies_transferred"] = "supplies_transferred"


@dataclass(frozen=True, slots=True)
class OperationsStageEnded:
    """The Operations Stage ``ended`` is over and ``began`` starts.

    CP expended go back to zero (6.16); ``cp_cleared`` records each unit's CP expended at the
    end, ``phase_ended`` the phase and ``weather_ended`` the weather it ended in, so the event
    can be reversed exactly; the new Operations Stage opens in its Organization Phase with no
    weather recorded yet (``normal``). The idle units' Reorganization Points
    (6.24.1) follow as app-made ``CohesionAdjusted`` events. ``trucks_cp_cleared`` does for
    the truck groups' own CP (8.98, 6.3) what ``cp_cleared`` does for the units'; journals
    written before it existed leave it empty. ``first_player_ended`` is the side declared
    Player "A" in the ended Operations Stage (7.11; ``None``: none was declared), which the new
    Operations Stage forgets.
    """

    source: Source
    ended: GameTime
    began: GameTime
    cp_cleared: tuple[tuple[str, Fraction], ...] = ()
    phase_ended: str = "organization"
    weather_ended: str = "normal"
    trucks_cp_cleared: tuple[tuple[str, Fraction], ...] = ()
    first_player_ended: Side | None = None
    kind: Literal["operations_stage_ended"] = "operations_stage_ended"


@dataclass(frozen=True, slots=True)
class CohesionAdjusted:
    """A unit's Cohesion Level changes by ``change`` (RP positive, DP negative) for ``cause``.

    Causes: ``idle-opstage`` (5 RP, never above 0, 6.24.1; posted by the ledger at the end of
    an Operations Stage), ``victorious-assault`` (+3 RP, 6.24.2), ``assault-losses`` (3 DP for
    losses of 30 % or more in one Close Assault, 6.21, 15.87), ``retreat-without-assault``
    (3 DP for a unit that retreats three hexes instead of assaulting or holding off, 10.36, or
    whose side allocated nothing to defend, 15.29), ``correction``.
    ``change`` is what was applied after the +10 ceiling (6.23), so reversal is exact.
    """

    source: Source
    unit_id: str
    change: Fraction
    cause: str
    case: str
    kind: Literal["cohesion_adjusted"] = "cohesion_adjusted"


@dataclass(frozen=True, slots=True)
class Affiliation:
    """Where a unit belongs: ``parent`` (assigned), ``attached_to``, ``detached`` from its
    parent, and ``reorganized_at``, the Operations Stage of its last attachment or detachment."""

    parent: str | None
    attached_to: str | None
    detached: bool
    reorganized_at: GameTime | None


@dataclass(frozen=True, slots=True)
class UnitReorganized:
    """A unit is assigned, attached or detached (``action``: ``assign``, ``attach-assigned``,
    ``attach-unassigned``, ``detach``; 5.2 III.C.1, 6.3, 9.21). ``before`` and ``after`` make
    the change exactly reversible; the CP it costs follow as ``CPExpended`` events."""

    source: Source
    unit_id: str
    action: str
    before: Affiliation
    after: Affiliation
    kind: Literal["unit_reorganized"] = "unit_reorganized"


@dataclass(frozen=True, slots=True)
class TruckPointsMoved:
    """``light``/``medium``/``heavy`` truck points pass from group ``origin`` to group
    ``destination`` (attaching or detaching first-line trucks, 8.96, 8.97). ``created`` is the
    destination group when this event makes it (empty, then filled); reversal removes it."""

    source: Source
    origin: str
    destination: str
    light: int
    medium: int
    heavy: int
    created: TruckGroup | None = None
    kind: Literal["truck_points_moved"] = "truck_points_moved"


@dataclass(frozen=True, slots=True)
class TroopsCarried:
    """The truck points carrying a unit change from ``before`` to ``after`` (light, medium,
    heavy truck points; 6.17, 8.92, 8.95): loading or unloading troops."""

    source: Source
    unit_id: str
    before: tuple[int, int, int]
    after: tuple[int, int, int]
    kind: Literal["troops_carried"] = "troops_carried"


@dataclass(frozen=True, slots=True)
class WeatherRecorded:
    """The weather of the current Operations Stage is ``weather`` (it was ``before``), as the
    Player with the Initiative rolled it in the Weather Determination Phase (5.2 III.B, 29.x)."""

    source: Source
    weather: Weather
    before: Weather = "normal"
    kind: Literal["weather_recorded"] = "weather_recorded"


@dataclass(frozen=True, slots=True)
class SuppliesConsumed:
    """``supplies`` leave holder ``holder`` for ``cause`` (consumption, evaporation, destruction,
    capture by the enemy, dump demolition), under rule ``case``. Never more than it holds."""

    source: Source
    holder: str
    supplies: Supplies
    cause: str
    case: str
    kind: Literal["supplies_consumed"] = "supplies_consumed"


@dataclass(frozen=True, slots=True)
class SuppliesArrived:
    """``supplies`` appear at holder ``holder`` for ``cause`` (arrival by convoy or as
    reinforcement, capture from the enemy, the usable share only), under rule ``case``."""

    source: Source
    holder: str
    supplies: Supplies
    cause: str
    case: str
    kind: Literal["supplies_arrived"] = "supplies_arrived"


@dataclass(frozen=True, slots=True)
class TrucksMoved:
    """Truck group ``group_id`` moves from ``before`` to ``after`` (hexes) expending ``cp`` of
    its CPA (8.98, Truck Convoy Movement Phase); the fuel it burns follows as its own event.
    ``cp`` adds to the group's CP expended this OpStage; ``expended_before`` (CP) and ``cpa``
    (its CPA for supplies, 54.2; ``None`` when unknown) are recorded for the reports.
    ``reaction``: moved as a Reaction in the other player's portion (8.53, 8.98)."""

    source: Source
    group_id: str
    before: str
    after: str
    cp: Fraction
    expended_before: Fraction = Fraction(0)
    cpa: int | None = None
    reaction: bool = False
    kind: Literal["trucks_moved"] = "trucks_moved"


@dataclass(frozen=True, slots=True)
class TrucksLoaded:
    """Truck group ``group_id`` loads or unloads supplies (the transfer is the event before
    it, and this one is app-made so that undo takes both back): it expends ``cp`` of its own
    CP (2 outside the Organization Phase, 0 in it, 6.3; 0 when the unit it is attached to
    expends them instead), and ``box_after`` is the OpStage it last loaded or unloaded in a
    Tripoli/Tunisia box (8.88; ``box_before`` the mark it replaces, so reversal is exact)."""

    source: Source
    group_id: str
    cp: Fraction
    box_after: GameTime | None = None
    box_before: GameTime | None = None
    kind: Literal["trucks_loaded"] = "trucks_loaded"


@dataclass(frozen=True, slots=True)
class Draw:
    """``supplies`` taken from holder ``holder`` (a dump, unit or truck group) for ``consumer``
    (a unit id, or ``""`` for evaporation)."""

    holder: str
    consumer: str
    supplies: Supplies


@dataclass(frozen=True, slots=True)
class Shortage:
    """Holder ``unit_id`` needed ``needed`` points of ``commodity`` and received ``received``;
    ``notes`` say what the shortage does to it (51.2x, 52.5x). ``holder_kind`` says what
    ``unit_id`` names: a ``"unit"``, or a truck group (``"trucks"``, their water, 52.42); the
    field keeps its name so that journals written before trucks drank still load."""

    unit_id: str
    commodity: str
    needed: int
    received: int
    notes: tuple[str, ...] = ()
    holder_kind: Literal["unit", "trucks"] = "unit"


@dataclass(frozen=True, slots=True)
class ConsumptionPosted:
    """What the ledger takes at an end of Operations Stage or Game-Turn for ``cause`` (water
    52.4, stores 51.1, pasta 52.6, evaporation 49.3 and 29.34) under rule ``case``, for
    ``period`` (the OpStage or the Game-Turn's first OpStage): every ``Draw`` and every unit left
    ``Shortage``; ``streaks`` are (unit id, before, after) of the unit's run without stores
    (cause ``stores``, 51.22), water (``water``, 52.53) or its Pasta Point (``pasta``, 52.6).
    App-made; players review it and correct it with ``consume``/``arrive`` or undo."""

    source: Source
    cause: str
    case: str
    period: GameTime
    draws: tuple[Draw, ...] = ()
    shortages: tuple[Shortage, ...] = ()
    streaks: tuple[tuple[str, int, int], ...] = ()
    kind: Literal["consumption_posted"] = "consumption_posted"


@dataclass(frozen=True, slots=True)
class TOEPointsLost:
    """Unit ``unit_id`` loses TOE Strength Points: ``losses`` are (weapon system id, points)
    pairs, points positive (a ``correction`` may give negative points back). ``cause``:
    ``stores-attrition`` (51.22, every second consecutive Game-Turn without Stores),
    ``water-attrition`` (52.53, each consecutive Operations Stage without water after the first;
    both app-made, for the players to confirm or correct), ``barrage`` (12.45),
    ``anti-armor`` (14.x), ``close-assault`` (15.83, 15.84), ``captured`` (15.85, 15.86; these
    four app-made after a ``CombatResolved``) or ``correction``; rule ``case``.
    A holding may reach 0 points and stays listed, so reversal is exact."""

    source: Source
    unit_id: str
    losses: tuple[tuple[str, int], ...]
    cause: str
    case: str
    kind: Literal["toe_points_lost"] = "toe_points_lost"


@dataclass(frozen=True, slots=True)
class UnitMoved:
    """Unit ``unit_id`` moves from hex ``before`` to hex ``after`` expending ``cp`` CP (8.1,
    8.37); the CP follow as an app-made ``CPExpended`` and the fuel its vehicles burn as an
    app-made ``SuppliesConsumed`` (49.13). ``path`` is the hexes entered as the players wrote
    them (``ledger.commands.movement.parse_path``), ``breakdown_points`` the exact BP its vehicles gained
    (8.37, 21.23), added to its total for the Operations Stage (21.25)."""

    source: Source
    unit_id: str
    before: str
    after: str
    cp: Fraction
    path: tuple[str, ...] = ()
    breakdown_points: Fraction = Fraction(0)
    kind: Literal["unit_moved"] = "unit_moved"


@dataclass(frozen=True, slots=True)
class BrokenDown:
    """One vehicle type's breakdown result: ``toe_points`` TOE Strength Points of weapon system
    ``system`` read ``column`` of chart 21.38 with ``reading`` (11..66, read in sequence) and
    lose ``percent`` %, that is ``points`` TOE Strength Points broken down (21.34, 21.35)."""

    system: str
    toe_points: int
    column: str
    reading: int
    percent: int
    points: int


@dataclass(frozen=True, slots=True)
class BreakdownChecked:
    """Unit ``unit_id`` checks for Breakdown at ``breakdown_points`` BP (21.24-21.27): each
    result's points leave its TOE for its vehicles awaiting repair (21.34). The BP stay for the
    Operations Stage (21.26); ``checked_before`` is the BP of its previous check this
    Operations Stage (``None``: none), so reversal is exact."""

    source: Source
    unit_id: str
    breakdown_points: Fraction
    results: tuple[BrokenDown, ...]
    checked_before: Fraction | None = None
    kind: Literal["breakdown_checked"] = "breakdown_checked"


@dataclass(frozen=True, slots=True)
class VehiclesRepaired:
    """``points`` TOE Strength Points of weapon system ``system`` awaiting repair in unit
    ``unit_id`` return to its TOE (Repair Phase, 5.2 III.K; ruling ``21.4-repairs-recorded``)."""

    source: Source
    unit_id: str
    system: str
    points: int
    kind: Literal["vehicles_repaired"] = "vehicles_repaired"


@dataclass(frozen=True, slots=True)
class BreakdownPointsCleared:
    """The units' Breakdown Points return to 0 as an Operations Stage ends (21.25): ``cleared``
    holds (unit id, BP, BP it last checked at or ``None``) so reversal is exact. App-made, after
    the ``OperationsStageEnded``."""

    source: Source
    cleared: tuple[tuple[str, Fraction, Fraction | None], ...]
    kind: Literal["breakdown_points_cleared"] = "breakdown_points_cleared"


CombatKind = Literal["barrage", "anti_armor", "close_assault", "probe"]
"""The four combats of 11.0: Barrage (12), Anti-Armor fire (14), Close Assault (15), Probe (15.9)."""


@dataclass(frozen=True, slots=True)
class CombatResolved:
    """A combat resolved at the table or by the ledger (``ledger.combat.posting``).

    ``combat`` is its kind; ``hexes`` the attacking hexes followed by the target hex (last);
    ``dice`` the readings as (label, value) pairs (``("attacker", 34)``, ``("truck", 62)``) and
    ``seed`` the seed when the ledger rolled them (``None``: rolled at the table); ``column``
    the chart column read and ``summary`` the result in words, one line each. Its effect:
    ``markers`` (unit id, marker) are placed (``ledger.model.units.with_markers``; 12.44, 15.81),
    ``prisoners`` (side, Prisoner Points) and ``captured`` (capturing side, weapon system id,
    TOE Strength Points) are added to the capturing side's (15.86d), and each unit's Combat
    Segment CP become ``after`` of ``segment_cp`` (unit id, before, after; 11.24).
    ``markers_before`` holds (unit id, markers) of every unit in ``markers`` so reversal is
    exact. The TOE losses, CP, Ammunition and DP follow as app-made ``TOEPointsLost``,
    ``CPExpended``, ``SuppliesConsumed`` and ``CohesionAdjusted`` events."""

    source: Source
    combat: CombatKind
    hexes: tuple[str, ...]
    dice: tuple[tuple[str, int], ...] = ()
    seed: int | None = None
    column: str = ""
    summary: tuple[str, ...] = ()
    markers: tuple[tuple[str, str], ...] = ()
    markers_before: tuple[tuple[str, tuple[str, ...]], ...] = ()
    prisoners: tuple[tuple[Side, int], ...] = ()
    captured: tuple[tuple[Side, str, int], ...] = ()
    segment_cp: tuple[tuple[str, Fraction, Fraction], ...] = ()
    kind: Literal["combat_resolved"] = "combat_resolved"


@dataclass(frozen=True, slots=True)
class CombatMarkersCleared:
    """Combat markers ``markers`` come off the units as a Combat Segment ends (``pinned``,
    12.44: the ledger ends it when the phase advances or a segment is closed) or as an
    Operations Stage ends (every marker, 15.81). ``cleared`` holds (unit id, markers before)
    and ``segment_cp_cleared`` (unit id, Combat Segment CP before; 11.24) of every unit it
    changes, so reversal is exact. App-made, after the event that ends the segment."""

    source: Source
    cleared: tuple[tuple[str, tuple[str, ...]], ...]
    markers: tuple[str, ...] = ("pinned",)
    segment_cp_cleared: tuple[tuple[str, Fraction], ...] = ()
    kind: Literal["combat_markers_cleared"] = "combat_markers_cleared"


ReversibleEvent = (
    CPExpended
    | SuppliesTransferred
    | OperationsStageEnded
    | CohesionAdjusted
    | PhaseAdvanced
    | FirstPlayerDeclared
    | UnitReorganized
    | TruckPointsMoved
    | TroopsCarried
    | WeatherRecorded
    | SuppliesConsumed
    | SuppliesArrived
    | RequisitionFiled
    | RequisitionClosed
    | ConsumptionPosted
    | TrucksMoved
    | TrucksLoaded
    | TOEPointsLost
    | UnitMoved
    | BreakdownChecked
    | VehiclesRepaired
    | BreakdownPointsCleared
    | CombatResolved
    | CombatMarkersCleared
    | PlotCommitted
    | PlotsRevealed
    | ReinforcementsArrived
    | UnitsWithdrawn
    | VictoryPlaceHeld
    | CounterPlaced
    | SetupFinished
)


@dataclass(frozen=True, slots=True)
class EventUndone:
    """The event at journal sequence ``undone_seq`` (a copy in ``undone``) is reversed."""

    source: Source
    undone_seq: int
    undone: ReversibleEvent
    kind: Literal["event_undone"] = "event_undone"


Event = GameStarted | ReversibleEvent | EventUndone
"""Every kind of journal event."""
