"""Organization commands for first-line trucks and the troops they carry.

Each command validates against the state and returns an ``Outcome`` (``ledger.commands.outcome``):
the player's event first, then the app-made events the ledger posts for it (the CP of loading
troops outside the Organization Phase, 6.3), so that ``undo`` reverses the whole action. Rules
enforced, each refusable as a house rule where a ruling says so:

- 8.96/8.97: trucks are attached and detached in the Organization Phase (or when the unit was
  attached or detached this Operations Stage) — ruling ``organization-phase-limits``; no unit at
  Cohesion −5 or worse loses all its trucks; first-line trucks belong to the highest Parent
  Formation, and the truck points of a formation are not divided among its units.
- 6.17, 8.92, 8.95, 54.2: troops loaded on the formation's trucks take the truck CPA when fully
  carried; trucks carrying troops are not free for anything else; light trucks carry no guns;
  loading costs 0 CP in the Organization Phase, 2 CP otherwise (6.3).

The truck-point moves here (``draw_truck_points``, ``receiving_truck_group``) also carry out the
8.96/8.97 share of a unit's detachment (``commands.reorganize.detach``).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from ledger.commands.organization_phase import (
    app_made_source,
    charge_action_cp,
    in_allowed_phase,
    unit_in_play,
    wrong_phase_error,
)
from ledger.commands.outcome import Outcome, refuse
from ledger.model.errors import LedgerError
from ledger.model.events import Event, TroopsCarried, TruckPointsMoved
from ledger.model.holdings import TruckGroup
from ledger.model.phases import ORGANIZATION, is_phase
from ledger.model.quantities import format_cp
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.model.trucks import (
    NON_MOTORIZED_CPA,
    TRUCK_TYPES,
    capacity_for,
    cargo_of,
    truck_chart,
    truck_cpa,
)
from ledger.rules.organization import (
    formation_truck_groups,
    formation_truck_points,
    highest_parent,
    in_tree,
    trucks_carrying_troops,
)

NO_COMPLETE_TRUCK_DETACH_COHESION = -5
"""8.97: a unit at this Cohesion Level or worse may not have all its trucks detached."""
Points = tuple[int, int, int]


def total_truck_points(groups: list[TruckGroup]) -> Points:
    """The truck points of ``groups`` together: (light, medium, heavy), whole (54.2)."""
    return (
        sum(g.light for g in groups),
        sum(g.medium for g in groups),
        sum(g.heavy for g in groups),
    )


def truck_points_text(points: tuple[int, ...]) -> str:
    """Truck points (light, medium, heavy) for a message: ``"2 light, 0 medium, 1 heavy truck
    points"``."""
    return ", ".join(f"{n} {t}" for t, n in zip(TRUCK_TYPES, points, strict=True)) + " truck points"


def not_in_play_error(state: GameState, group: TruckGroup, field: str) -> LedgerError | None:
    """Why truck group ``group`` may not be used now (for ``field``): trucks that arrive later
    with reinforcements (``"first-line trucks at Cairo (41 TP) arrive GT 20 OpStage 3; it is GT
    1 OpStage 1 now"``, 8.86) or went with a withdrawn unit (20.8); ``None`` while in play."""
    if group.in_play(state.clock):
        return None
    name = state.truck_group_name(group.id)
    if group.withdrawn or group.arrival is None:
        return LedgerError(field, f"{name} left the game with a withdrawn unit", "20.8")
    return LedgerError(
        field,
        f"{name} arrive {group.arrival.short}; it is {state.clock.short} now: trucks come into "
        "play when they arrive",
        "8.86",
    )


def receiving_truck_group(
    state: GameState, unit_id: str, candidates: list[TruckGroup]
) -> TruckGroup | tuple[str, TruckGroup]:
    """The group attached to ``unit_id`` to receive truck points, or a new one (id, group)."""
    for group in candidates:
        if group.attached_to == unit_id:
            return group
    for group in state.trucks.values():
        if group.attached_to == unit_id:
            return group
    unit = state.units[unit_id]
    new_id = _new_group_id(state, f"{unit_id}.first_line")
    return (
        new_id,
        TruckGroup(
            id=new_id,
            side=unit.side,
            line="first",
            location=unit.location,
            attached_to=unit_id,
            case="8.96",
            source="attached in play",
        ),
    )


def _new_group_id(state: GameState, base: str) -> str:
    if base not in state.trucks:
        return base
    n = 2
    while f"{base}.{n}" in state.trucks:
        n += 1
    return f"{base}.{n}"


def draw_truck_points(
    state: GameState,
    sources: list[TruckGroup],
    destination: TruckGroup | tuple[str, TruckGroup],
    amount: tuple[int, ...],
    source: Source,
) -> list[Event]:
    """TruckPointsMoved events taking ``amount`` (light, medium, heavy) from ``sources`` in
    order into ``destination`` (created by the first event when new)."""
    created: TruckGroup | None = None
    if isinstance(destination, tuple):
        dest_id, created = destination
    else:
        dest_id = destination.id
    left = list(amount)
    events: list[Event] = []
    for group in sources:
        if group.id == dest_id:
            continue
        take = [
            min(left[0], group.light),
            min(left[1], group.medium),
            min(left[2], group.heavy),
        ]
        if any(take):
            events.append(
                TruckPointsMoved(
                    source, group.id, dest_id, take[0], take[1], take[2], created=created
                )
            )
            created = None
            left = [a - b for a, b in zip(left, take, strict=True)]
    return events


def attach_trucks(
    state: GameState, origin: str, unit_id: str, points: Points | None, source: Source
) -> Outcome:
    """Attach truck points from group ``origin`` (a convoy, or another unit's first-line
    trucks) to a unit as first-line trucks (8.96), all of them when ``points`` is ``None``.
    In the Organization Phase, or when the unit was attached or detached this Operations Stage
    (8.97). Refused: unknown groups or units, trucks not in play (arriving later, 8.86),
    different sides, more points than the group has, leaving a unit at Cohesion −5 or worse without trucks (8.97)."""
    unit, errors = unit_in_play(state, unit_id, "unit")
    group = state.trucks.get(origin)
    if group is None:
        errors.append(LedgerError("trucks", f"no truck group {origin!r} in this game"))
    if unit is None or group is None or errors:
        return refuse(*errors)
    late = not_in_play_error(state, group, "trucks")  # 8.86: not before they arrive
    if late is not None:
        return refuse(late)
    wanted = points if points is not None else (group.light, group.medium, group.heavy)
    errors += _truck_amount_errors(state, group, wanted)
    if group.side != unit.side:
        errors.append(LedgerError("unit", f"{origin} is {group.side}'s, {unit.name} {unit.side}'s"))
    if group.attached_to is not None and in_tree(
        state, group.attached_to, highest_parent(state, unit_id)
    ):
        errors.append(
            LedgerError(
                "trucks",
                f"{origin} already belongs to {state.units[highest_parent(state, unit_id)].name} "
                "(8.96: trucks of a formation are not divided among its units)",
                "8.96",
            )
        )
    if not in_allowed_phase(state, ORGANIZATION) and unit.reorganized_at != state.clock:
        errors.append(
            wrong_phase_error(
                state,
                "phase",
                "Trucks are attached (unless the unit was attached or detached this OpStage)",
                "Organization Phase",
                "8.97",
            )
        )
    if group.attached_to is not None:
        errors += _truck_removal_errors(state, group.attached_to, wanted)
    if errors:
        return refuse(*errors)
    destination = receiving_truck_group(state, unit_id, [])
    return Outcome(events=tuple(draw_truck_points(state, [group], destination, wanted, source)))


def detach_trucks(state: GameState, unit_id: str, points: Points, source: Source) -> Outcome:
    """Detach first-line truck points from the formation headed by ``unit_id`` (8.96: the
    trucks of the whole formation) into a new convoy group at its location, in the
    Organization Phase (8.97). Refused: a unit that is not the head of its formation, more
    points than are free of troops, taking all trucks from a unit at Cohesion −5 or worse."""
    unit, errors = unit_in_play(state, unit_id, "unit")
    if unit is None or errors:
        return refuse(*errors)
    top = highest_parent(state, unit_id)
    if top != unit_id:
        errors.append(
            LedgerError(
                "unit",
                f"{unit.name} is with {state.units[top].name}, whose trucks they are (8.96)",
                "8.96",
            )
        )
    if not any(points) or any(n < 0 for n in points):
        errors.append(LedgerError("trucks", "give the light, medium and heavy truck points (≥ 0)"))
    if not in_allowed_phase(state, ORGANIZATION):
        errors.append(
            wrong_phase_error(state, "phase", "Trucks are detached", "Organization Phase", "8.97")
        )
    if errors:
        return refuse(*errors)
    errors += _truck_removal_errors(state, unit_id, points)
    if errors:
        return refuse(*errors)
    new_id = _new_group_id(state, f"{unit_id}.convoy")
    convoy = TruckGroup(
        id=new_id,
        side=unit.side,
        line="second_third",
        location=unit.location,
        case="8.97",
        source=f"detached from {unit.name}",
    )
    groups = formation_truck_groups(state, top)
    return Outcome(events=tuple(draw_truck_points(state, groups, (new_id, convoy), points, source)))


def _truck_amount_errors(state: GameState, group: TruckGroup, wanted: Points) -> list[LedgerError]:
    errors = []
    for t, n, have in zip(
        TRUCK_TYPES, wanted, (group.light, group.medium, group.heavy), strict=True
    ):
        if n < 0 or n > have:
            errors.append(
                LedgerError(
                    f"--{t}",
                    f"{state.truck_group_name(group.id)} has {have} {t} truck points, {n} asked",
                    "54.2",
                )
            )
    if not any(wanted):
        errors.append(
            LedgerError(
                "trucks", f"{state.truck_group_name(group.id)} has no truck points to attach"
            )
        )
    return errors


def _truck_removal_errors(state: GameState, holder_id: str, taken: Points) -> list[LedgerError]:
    """8.97 and 8.95 checks for taking ``taken`` truck points from the formation of a unit."""
    top = highest_parent(state, holder_id)
    have = formation_truck_points(state, top)
    busy = trucks_carrying_troops(state, top)
    errors = []
    for t, h, b, n in zip(TRUCK_TYPES, have, busy, taken, strict=True):
        if n > h - b:
            errors.append(
                LedgerError(
                    f"--{t}",
                    f"{state.units[top].name} has {h} {t} truck points, {b} carrying troops: "
                    f"{h - b} free, {n} asked",
                    "8.95",
                )
            )
    head = state.units[top]
    if (
        not errors
        and sum(have) - sum(taken) == 0
        and head.cohesion <= NO_COMPLETE_TRUCK_DETACH_COHESION
    ):
        errors.append(
            LedgerError(
                "trucks",
                f"{head.name} is at Cohesion Level {format_cp(head.cohesion)}: at −5 or worse its "
                "trucks may not all be detached",
                "8.97",
            )
        )
    return errors


def carry_troops(state: GameState, unit_id: str, points: Points, source: Source) -> Outcome:
    """Load a non-motorized unit (CPA 10 or less, 6.17) on ``points`` (light, medium, heavy)
    of its formation's truck points, replacing what carried it; ``(0, 0, 0)`` unloads it. Fully
    carried, it moves at the truck CPA (6.17, 8.92). Loading or unloading costs 0 CP in the
    Organization Phase, 2 CP otherwise (6.3). Refused: a motorized unit, truck types that may
    not carry its cargo (54.2: light trucks carry no guns), more points than the formation has
    free (8.95), more than needed to carry it."""
    unit, errors = unit_in_play(state, unit_id, "unit")
    if unit is None or errors:
        return refuse(*errors)
    if any(n < 0 for n in points):
        return refuse(LedgerError("trucks", "truck points are 0 or more"))
    if points == unit.carried_by:
        return refuse(
            LedgerError("trucks", f"{unit.name} already rides {truck_points_text(points)}")
        )
    own = state.cpa(replace(unit, carried_by=(0, 0, 0)), for_movement=True)
    cargo = cargo_of(state.classes[unit.class_id])
    if own is not None and own > NON_MOTORIZED_CPA:
        errors.append(
            LedgerError(
                "unit", f"{unit.name} is motorized (CPA {own}); trucks carry leg units", "6.17"
            )
        )
    if any(points) and truck_cpa(cargo, points) is None:
        errors.append(
            LedgerError(
                "--light",
                f"{unit.name}'s points ride as {cargo}: light truck points may not carry them",
                "54.2",
            )
        )
    top = highest_parent(state, unit_id)
    have = formation_truck_points(state, top)
    busy = trucks_carrying_troops(state, top)
    for t, h, b, mine, n in zip(TRUCK_TYPES, have, busy, unit.carried_by, points, strict=True):
        free = h - b + mine
        if n > free:
            errors.append(
                LedgerError(
                    f"--{t}",
                    f"{state.units[top].name} has {free} {t} truck points free for "
                    f"{unit.name}, {n} asked",
                    "8.95",
                )
            )
    capacity = capacity_for(cargo, points)
    needed = unit.toe_points
    for t, n in zip(TRUCK_TYPES, points, strict=True):
        per = truck_chart()[t].capacity.get("infantry" if cargo == "infantry" else "artillery")
        if n and per and capacity - per >= needed:
            errors.append(
                LedgerError(
                    f"--{t}",
                    f"{truck_points_text(points)} carry {_fraction(capacity)} TOE points; "
                    f"{unit.name} has {needed}: one {t} point fewer would do",
                    "8.95",
                )
            )
            break
    if errors:
        return refuse(*errors)
    charged: list[Event] = []
    if not is_phase(state.phase, ORGANIZATION):  # 6.3: free in the Organization Phase
        charged, problems = charge_action_cp(
            state, [unit_id], "load-unload", app_made_source(source, f"load/unload {unit.name}")
        )
        if problems:
            return refuse(*problems)
    return Outcome(
        events=(TroopsCarried(source, unit_id, unit.carried_by, points), *charged),
    )


def _fraction(value: Fraction) -> str:
    return str(value) if value.denominator == 1 else f"{float(value):g}"
