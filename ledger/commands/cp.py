"""Commands: validate a player's request against the state and return events or errors.

Every command returns an ``Outcome``: the events to append (when ``errors`` is empty) or every
error found (and no events). Nothing is written here; ``ledger.journal`` appends the events.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ledger.commands import toe_attrition, upkeep
from ledger.model.capability import disorganization_earned
from ledger.model.errors import LedgerError
from ledger.model.events import (
    BreakdownPointsCleared,
    CohesionAdjusted,
    CombatMarkersCleared,
    CPExpended,
    Event,
    EventUndone,
    GameStarted,
    OperationsStageEnded,
    Source,
    SuppliesTransferred,
)
from ledger.model.quantities import COMMODITIES, COMMODITY_NAMES, CP_QUANTUM, Supplies, format_cp
from ledger.model.state import GameState
from ledger.model.trucks import filled_share, group_capacity
from ledger.model.units import COMBAT_MARKERS, STAGE_MARKERS, Unit
from ledger.rules import shortage_status
from ledger.rules.cp_actions import CPAction, cp_actions
from ledger.rules.holding_limits import never_runs_out_at, receiving_errors


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a command: events to append, or the errors that refused it (never both)."""

    events: tuple[Event, ...] = ()
    errors: tuple[LedgerError, ...] = ()

    @property
    def ok(self) -> bool:
        """True when the command was accepted."""
        return not self.errors


def _refuse(*errors: LedgerError) -> Outcome:
    return Outcome(errors=tuple(errors))


IDLE_REORGANIZATION = Fraction(5)
"""6.24.1: RP earned for an Operations Stage in which the unit expended no CP."""
COHESION_CEILING = Fraction(10)
"""6.23: no Cohesion Level above +10."""
VOLUNTARY_CEILING = Fraction(3, 2)
"""8.17: a non-motorized unit may not voluntarily expend over 150 % of its CPA."""
NON_MOTORIZED_CPA = 10
"""8.17: non-motorized units are those with a CPA of 10 or less."""
MAY_NOT_MOVE_COHESION = -26
"""6.26: at this Cohesion Level or worse a unit may not move, attack or defend."""
COHESION_CAUSES: dict[str, tuple[Fraction | None, str]] = {
    "victorious-assault": (Fraction(3), "6.24"),
    "assault-losses": (Fraction(-3), "6.21, 15.87"),
    "correction": (None, "6.2"),
}
"""Causes of ``adjust_cohesion``: the fixed change (None: the players give it) and the case."""


def spend_cp(
    state: GameState,
    unit_id: str,
    cp: Fraction | None,
    source: Source,
    action: str = "other",
) -> Outcome:
    """A unit expends Capability Points for a 6.3 ``action`` in the current Operations Stage.

    ``cp`` may be omitted for an action with a fixed cost (``disengage`` costs 4). CP beyond the
    unit's CPA earn Disorganization Points one for one, lowering the Cohesion Level at once
    (6.21, 6.22). Refused: an unknown unit or action, a unit not yet arrived, CP not in whole
    quarter points (8.37) or not matching a fixed cost; moving, attacking or defending at
    Cohesion −26 or worse (6.26); a non-motorized unit going over 150 % of its CPA voluntarily in
    its own portion (8.17) — the last two unless the game's rulings allow them as house rules.
    """
    errors: list[LedgerError] = []
    unit = state.units.get(unit_id)
    chosen = cp_actions().get(action)
    if chosen is None:
        errors.append(
            LedgerError("action", f"no 6.3 action {action!r}; see `quartermaster actions`", "6.3")
        )
    if unit is None:
        errors.append(LedgerError("unit", f"no unit {unit_id!r} in this game"))
    elif not unit.in_play(state.clock):
        assert unit.arrival is not None
        errors.append(
            LedgerError(
                "unit",
                f"{unit.name} arrives {unit.arrival.short}; it is {state.clock.short} now",
                "8.86",
            )
        )
    if chosen is not None:
        cp, problem = _action_cp(chosen, cp)
        if problem:
            errors.append(problem)
    cpa = state.cpa(unit) if unit is not None else None
    if unit is not None and cpa is None:
        errors.append(
            LedgerError(
                "unit",
                f"{unit.name} has no CPA in the scenario data, so its DP cannot be computed",
                "6.11",
            )
        )
    if errors or unit is None or cpa is None or cp is None or chosen is None:
        return _refuse(*errors)
    errors += _cp_restrictions(state, unit, chosen, cp, cpa)
    if errors:
        return _refuse(*errors)
    dp = disorganization_earned(unit.cp_expended, cp, cpa)
    return Outcome(events=(CPExpended(source, unit_id, cp, dp, chosen.id),))


def _action_cp(action: CPAction, cp: Fraction | None) -> tuple[Fraction | None, LedgerError | None]:
    if cp is None:
        if action.cost is None:
            return None, LedgerError(
                "cp", f"{action.label}: give the CP expended (the cost varies)", action.case
            )
        return action.cost, None
    if action.cost is not None and cp != action.cost:
        return None, LedgerError(
            "cp",
            f"{action.label} costs {format_cp(action.cost)} CP, {format_cp(cp)} given",
            action.case,
        )
    if cp < 0 or (cp == 0 and action.cost != 0):
        return None, LedgerError(
            "cp", f"expected a positive number of CP, found {format_cp(cp)}", "6.12"
        )
    if cp % CP_QUANTUM:
        return None, LedgerError("cp", f"{cp} is not in whole quarter points", "8.37")
    return cp, None


def _cp_restrictions(
    state: GameState, unit: Unit, action: CPAction, cp: Fraction, cpa: int
) -> list[LedgerError]:
    errors: list[LedgerError] = []
    if (
        action.kind in ("movement", "attack", "defend")
        and unit.cohesion <= MAY_NOT_MOVE_COHESION
        and state.ruling("6.26-cohesion-minus-26") == "enforce"
    ):
        errors.append(
            LedgerError(
                "action",
                f"{unit.name} is at Cohesion Level {format_cp(unit.cohesion)}: at −26 or worse it may "
                f"not move, attack or defend ({action.label})",
                "6.26",
            )
        )
    errors += shortage_status.cp_restrictions(state, unit, action, cp, cpa)
    ceiling = cpa * VOLUNTARY_CEILING
    total = unit.cp_expended + cp
    if (
        action.portion == "own"
        and cpa <= NON_MOTORIZED_CPA
        and total > ceiling
        and state.ruling("8.17-voluntary-ceiling") == "enforce"
    ):
        errors.append(
            LedgerError(
                "cp",
                f"{unit.name} (non-motorized, CPA {cpa}) may expend at most {format_cp(ceiling)} CP "
                f"voluntarily in its own portion; {format_cp(unit.cp_expended)} + {format_cp(cp)} = "
                f"{format_cp(total)}, {format_cp(total - ceiling)} over",
                "8.17",
            )
        )
    return errors


def adjust_cohesion(
    state: GameState, unit_id: str, cause: str, source: Source, change: Fraction | None = None
) -> Outcome:
    """Change a unit's Cohesion Level for ``cause`` (see ``COHESION_CAUSES``).

    ``victorious-assault`` +3 RP (6.24.2), ``assault-losses`` 3 DP (6.21, 15.87); ``correction``
    takes ``change`` (quarter points, not 0). RP never raise the level above +10 (6.23): the
    event records the change actually applied. Refused: unknown unit or cause, a missing or
    extra ``change``, a change that would do nothing.
    """
    unit = state.units.get(unit_id)
    if unit is None:
        return _refuse(LedgerError("unit", f"no unit {unit_id!r} in this game"))
    if cause not in COHESION_CAUSES:
        return _refuse(
            LedgerError("cause", f"expected one of {', '.join(COHESION_CAUSES)}, found {cause!r}")
        )
    fixed, case = COHESION_CAUSES[cause]
    if fixed is not None and change is not None and change != fixed:
        return _refuse(
            LedgerError("change", f"{cause} is {format_cp(fixed)}, {format_cp(change)} given", case)
        )
    amount = fixed if fixed is not None else change
    if amount is None or amount == 0 or amount % CP_QUANTUM:
        return _refuse(LedgerError("change", "give a change in whole quarter points, not 0", case))
    if amount > 0:
        amount = min(amount, COHESION_CEILING - unit.cohesion)
        if amount <= 0:
            return _refuse(
                LedgerError(
                    "change",
                    f"{unit.name} is at Cohesion Level {format_cp(unit.cohesion)}: never above +10",
                    "6.23",
                )
            )
    return Outcome(events=(CohesionAdjusted(source, unit_id, amount, cause, case),))


def correct_toe(
    state: GameState, unit_id: str, system: str, change: int, source: Source
) -> Outcome:
    """Correct a unit's TOE by ``change`` TOE Strength Points of weapon system ``system``
    (negative: lost, positive: given back), e.g. when the owner takes a 51.22 loss the ledger
    proposed from another unit of the hex. Refused: unknown unit or system, 0, a holding
    below 0 (``toe_attrition.toe_correction``)."""
    event = toe_attrition.toe_correction(state, unit_id, system, change, source)
    if isinstance(event, LedgerError):
        return _refuse(event)
    return Outcome(events=(event,))


def transfer(
    state: GameState, origin: str, destination: str, supplies: Supplies, source: Source
) -> Outcome:
    """Move supply points between two holders (dumps, units, truck points) of one side.

    Never creates or destroys supplies. Refused, with the amounts: unknown holders, the same
    holder twice, holders of different sides, negative or all-zero amounts, a dummy dump (it
    holds nothing, 60.34), an unlimited source as destination, taking more than is there,
    holders in different hexes (ruling ``same-hex-transfers``), loading trucks beyond their
    54.2 capacity, a dump beyond its 54.12 capacity or sent what never runs out there (8.48,
    8.87), a unit's Fuel beyond its tanks (49.14): ``ledger.rules.holding_limits``. An oasis's Water
    and Stores and a box's Water are drawn without limit. Loading or unloading truck points costs 0 CP in the Organization Phase and
    2 CP otherwise (6.3), and marks a group in a Tripoli/Tunisia box (8.88): the app-made
    events of ``ledger.commands.convoys.handling`` follow the transfer, refused as it refuses.
    """
    errors: list[LedgerError] = []
    for name, holder in (("--from", origin), ("--to", destination)):
        if state.holder_kind(holder) is None:
            errors.append(
                LedgerError(name, f"no dump, unit or truck group {holder!r} in this game")
            )
        elif holder in state.dumps and state.dumps[holder].kind == "dummy":
            errors.append(
                LedgerError(
                    name,
                    f"{state.holder_name(holder)} is a dummy dump and holds no supplies",
                    "60.34",
                )
            )
    if origin == destination:
        errors.append(LedgerError("--to", f"origin and destination are both {origin!r}"))
    negative = [c for c, v in supplies.items() if v < 0]
    for commodity in negative:
        errors.append(
            LedgerError(
                f"--{commodity}",
                f"expected 0 or more supply points, found {supplies.get(commodity)}",
            )
        )
    if supplies.is_zero:
        errors.append(
            LedgerError("amounts", "nothing to move: give --ammo, --fuel, --stores or --water")
        )
    if errors:
        return _refuse(*errors)
    named = state.holder_name
    origin_side, destination_side = state.holder_side(origin), state.holder_side(destination)
    if origin_side != destination_side:
        errors.append(
            LedgerError(
                "--to",
                f"{named(origin)} is {origin_side}'s but {named(destination)} is {destination_side}'s",
            )
        )
    if destination in state.dumps and state.dumps[destination].unlimited:
        errors.append(
            LedgerError(
                "--to",
                f"{named(destination)} is an unlimited source (60.44); supplies sent there would vanish",
            )
        )
    if not (origin in state.dumps and state.dumps[origin].unlimited):
        held = state.holder_supplies(origin)
        assert held is not None
        for commodity in COMMODITIES:
            wanted, there = supplies.get(commodity), held.get(commodity)
            if wanted > there and not never_runs_out_at(state, origin, commodity):  # 8.48, 8.87
                errors.append(
                    LedgerError(
                        f"--{commodity}",
                        f"{named(origin)} holds {there} {COMMODITY_NAMES[commodity]}, {wanted} asked: "
                        f"{wanted - there} short",
                    )
                )
    errors += same_hex_errors(state, origin, destination)
    if destination in state.trucks:
        errors += _capacity_errors(state, destination, supplies)
    errors += receiving_errors(state, destination, supplies)  # 54.12, 8.48, 8.87, 49.14
    if errors:
        return _refuse(*errors)
    moved = SuppliesTransferred(source, origin, destination, supplies)
    from ledger.commands.convoys import handling  # convoys builds on spend_cp, defined here

    charged = handling(state, origin, destination, source)  # 6.3 loading CP, 8.88
    if not charged.ok:
        return charged
    return Outcome(events=(moved, *charged.events))


HEX = re.compile(r"^[A-E]\d{4}$")
"""A map hex as the scenarios write it (``"C3721"``)."""


def same_hex_errors(state: GameState, origin: str, destination: str) -> list[LedgerError]:
    """Supply is used where it is: a transfer joins two holders in one hex (ruling
    ``same-hex-transfers``); moving it elsewhere is loading trucks, moving them, unloading.
    Holders placed by description, and unlimited sources, are not checked. Returns one
    ``LedgerError`` on field ``--to`` (case 54.1) when the hexes differ, else an empty list."""
    if state.ruling("same-hex-transfers") != "enforce":
        return []
    here, there = _hex_of(state, origin), _hex_of(state, destination)
    if here is None or there is None or here == there:
        return []
    return [
        LedgerError(
            "--to",
            f"{state.holder_name(origin)} is in {here}, {state.holder_name(destination)} in "
            f"{there}: load trucks, move them (`move-trucks`) and unload there",
            "54.1",
        )
    ]


def _hex_of(state: GameState, holder: str) -> str | None:
    if holder in state.dumps and state.dumps[holder].unlimited:
        return None
    location = (
        state.units[holder].location
        if holder in state.units
        else state.dumps[holder].location
        if holder in state.dumps
        else state.trucks[holder].location
        if holder in state.trucks
        else ""
    )
    return location if HEX.match(location) else None


def _capacity_errors(state: GameState, group_id: str, supplies: Supplies) -> list[LedgerError]:
    """54.2: a truck group's cargo stays within its capacity, a mixed load counted pro rata."""
    group = state.trucks[group_id]
    capacity = group_capacity(group.light, group.medium, group.heavy)
    after = group.cargo + supplies
    share = filled_share(after, capacity)
    if share <= 1:
        return []
    return [
        LedgerError(
            "--to",
            f"{state.holder_name(group_id)} ({group.light} light, {group.medium} medium, "
            f"{group.heavy} heavy) would carry {after.describe()}: {float(share):.0%} of its "
            "capacity",
            "54.2",
        )
    ]


def end_stage(state: GameState, source: Source) -> Outcome:
    """End the current Operations Stage: CP expended return to zero (6.16), the truck groups'
    own CP too, the clock advances, and each idle unit's RP (6.24.1) follow as app-made
    ``CohesionAdjusted`` events, the Breakdown Points return to 0 (21.25) and the combat
    markers come off (12.44, 15.81; ``combat_markers_cleared``); then, under ruling ``automatic-upkeep``, the OpStage's water
    (52.4, the trucks' 52.42 included) and, at a new Game-Turn, the weekly evaporation (49.3),
    stores (51.1) and pasta (52.6) as app-made ``ConsumptionPosted``.

    Refused after the scenario's last Operations Stage.
    """
    if state.clock >= state.info.end:
        return _refuse(
            LedgerError(
                "clock",
                f"{state.clock.short} is the last Operations Stage of {state.info.name} "
                f"(ends {state.info.end.short})",
                state.info.case,
            )
        )
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
        ),
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
    return Outcome(events=tuple(events))


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


def undo(journal: Sequence[tuple[int, Event]], source: Source) -> Outcome:
    """Reverse the latest player action not yet reversed, by new ``EventUndone`` events.

    A player action is the newest live event that the players recorded, together with the
    app-made events the ledger posted after it (the idle RP after an end of Operations Stage).
    ``journal`` is the game's events with their sequence numbers, oldest first. Nothing is
    deleted. Refused when only the game's start remains.
    """
    undone = {e.undone_seq for _, e in journal if isinstance(e, EventUndone)}
    batch: list[EventUndone] = []
    for seq, event in reversed(journal):
        if isinstance(event, EventUndone) or seq in undone:
            continue
        if isinstance(event, GameStarted):
            break
        batch.append(EventUndone(source, seq, event))
        if not event.source.app_made:
            break
    if not batch:
        return _refuse(
            LedgerError("undo", "nothing to undo: the journal holds only the game's start")
        )
    return Outcome(events=tuple(batch))
