"""Organization commands: phases, assignment, attachment, detachment, trucks and troop loading.

Each command validates against the state and returns an ``Outcome`` (``ledger.commands.outcome``): the
player's event first, then the app-made events the ledger posts for it (the CP each side of an
attachment expends, 6.3; the truck points that stay with the formation, 8.96), so that ``undo``
reverses the whole action. Rules enforced, each refusable as a house rule where a ruling says so:

- 5.2 III.C.1: assignment and attachment in the Organization Phase; detachment there or in the
  owning player's Movement and Combat Phase (8.97, 19.44) — ruling ``organization-phase-limits``.
- 6.3: attaching an assigned unit costs 1 CP, an unassigned one 2 CP, detaching 1 CP, each for
  the Parent Formation and the unit (ruling ``6.3-parent-formation-cp`` says who in the
  formation expends it); assigning costs none (ruling ``assign-cost``).
- 8.96/8.97: trucks are attached and detached in the Organization Phase (or when the unit was
  attached or detached this Operations Stage); no unit at Cohesion −5 or worse loses all its
  trucks; first-line trucks belong to the highest Parent Formation.
- 6.17, 8.92, 8.95, 54.2: troops loaded on the formation's trucks take the truck CPA when fully
  carried; loading costs 0 CP in the Organization Phase, 2 CP otherwise (6.3).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from ledger.commands.cp import spend_cp
from ledger.commands.outcome import Outcome
from ledger.commands.stage_end import combat_markers_cleared
from ledger.model.errors import LedgerError
from ledger.model.events import (
    Affiliation,
    Event,
    PhaseAdvanced,
    Source,
    TroopsCarried,
    TruckPointsMoved,
    UnitReorganized,
)
from ledger.model.holdings import TruckGroup
from ledger.model.phases import (
    MOVEMENT_AND_COMBAT,
    ORGANIZATION,
    PHASES,
    is_phase,
    phase,
    phase_index,
)
from ledger.model.quantities import format_cp
from ledger.model.state import GameState
from ledger.model.trucks import (
    NON_MOTORIZED_CPA,
    TRUCK_TYPES,
    capacity_for,
    cargo_of,
    truck_chart,
    truck_cpa,
)
from ledger.model.units import PINNED_MARKERS, Unit
from ledger.rules.organization import (
    current_parent,
    formation_tree,
    formation_truck_groups,
    formation_truck_points,
    highest_parent,
    in_tree,
    trucks_carrying_troops,
)

NO_COMPLETE_TRUCK_DETACH_COHESION = -5
"""8.97: a unit at this Cohesion Level or worse may not have all its trucks detached."""
Points = tuple[int, int, int]


def _refuse(*errors: LedgerError) -> Outcome:
    return Outcome(errors=tuple(errors))


def advance_phase(state: GameState, target: str | None, source: Source) -> Outcome:
    """Move the Operations Stage on to the next phase, or forward to phase key ``target``
    (5.2 III). Refused: an unknown phase, a phase not after the current one (undo goes back),
    or going past the last phase (end the Operations Stage instead, 5.2). Pinned markers and
    the Combat Segment CP (12.44, 11.24) are cleared by an app-made ``CombatMarkersCleared``
    (``commands.combat_markers_cleared``)."""
    now = phase_index(state.phase)
    if target is None:
        if now + 1 >= len(PHASES):
            return _refuse(
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
            return _refuse(LedgerError("phase", f"no phase {target!r} in 5.2 III", "5.2"))
        if phase_index(target) <= now:
            return _refuse(
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


def _phase_allows(state: GameState, *bases: str) -> bool:
    if state.ruling("organization-phase-limits") == "any-phase":
        return True
    return any(is_phase(state.phase, base) for base in bases)


def _phase_error(state: GameState, field: str, what: str, allowed: str, case: str) -> LedgerError:
    return LedgerError(
        field,
        f"{what} only in the {allowed}; it is the {phase(state.phase).label} "
        "(advance with `quartermaster phase`, or choose the house rule "
        "organization-phase-limits=any-phase)",
        case,
    )


def _unit(state: GameState, unit_id: str, field: str) -> tuple[Unit | None, list[LedgerError]]:
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


def _is_hq(state: GameState, unit: Unit) -> bool:
    return state.classes[unit.class_id].unit_type == "headquarters"


def _affiliation(unit: Unit) -> Affiliation:
    return Affiliation(unit.parent, unit.attached_to, unit.detached, unit.reorganized_at)


def _app_source(source: Source, reason: str) -> Source:
    return replace(source, reason=reason, app_made=True)


def _charge(
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


def _formation_payers(state: GameState, hq_id: str, moving: str) -> list[str]:
    """Who expends the Parent Formation's share of a 6.3 attach/detach cost (ruling
    ``6.3-parent-formation-cp``): its HQ counter, or every unit with it but the moving one."""
    if state.ruling("6.3-parent-formation-cp") == "hq":
        return [hq_id]
    tree = formation_tree(state, hq_id)
    leaving = {u.id for u in formation_tree(state, moving).walk()}
    return [u.id for u in tree.walk() if u.id not in leaving]


def assign(state: GameState, unit_id: str, parent_id: str, source: Source) -> Outcome:
    """Assign a non-assigned unit (a reinforcement, a replacement) to a Parent Formation's HQ
    (5.2 III.C.1, 9.21). Free under the default of ruling ``assign-cost``. Refused: unknown or
    not arrived units, different sides, a parent that is not an HQ, a unit already assigned,
    a cycle, or outside the Organization Phase (ruling ``organization-phase-limits``)."""
    errors = _link_errors(state, unit_id, parent_id)
    if errors:
        return _refuse(*errors)
    unit, parent = state.units[unit_id], state.units[parent_id]
    if unit.parent is not None:
        errors.append(
            LedgerError(
                "unit",
                f"{unit.name} is already assigned to {state.units[unit.parent].name}; only "
                "non-assigned units are assigned",
                "5.2",
            )
        )
    if not _phase_allows(state, ORGANIZATION):
        errors.append(
            _phase_error(state, "phase", "Units are assigned", "Organization Phase", "5.2")
        )
    if errors:
        return _refuse(*errors)
    after = Affiliation(parent_id, None, False, unit.reorganized_at)
    events: list[Event] = [UnitReorganized(source, unit_id, "assign", _affiliation(unit), after)]
    if state.ruling("assign-cost") == "as-attach-unassigned":
        charged, problems = _charge(
            state,
            [unit_id, *_formation_payers(state, parent_id, unit_id)],
            "attach-unassigned",
            _app_source(source, f"assign {unit.name} to {parent.name}"),
        )
        if problems:
            return _refuse(*problems)
        events += charged
    return Outcome(events=tuple(events))


def _link_errors(state: GameState, unit_id: str, parent_id: str) -> list[LedgerError]:
    unit, errors = _unit(state, unit_id, "unit")
    parent, parent_errors = _unit(state, parent_id, "parent")
    errors += parent_errors
    if errors or unit is None or parent is None:
        return errors
    if unit.side != parent.side:
        errors.append(
            LedgerError("parent", f"{parent.name} is {parent.side}'s, {unit.name} {unit.side}'s")
        )
    if not _is_hq(state, parent):
        errors.append(
            LedgerError(
                "parent", f"{parent.name} is not an HQ: units join Parent Formations", "9.21"
            )
        )
    if unit_id == parent_id or in_tree(state, parent_id, unit_id):
        errors.append(
            LedgerError("parent", f"{parent.name} is {unit.name} or with it: that is a circle")
        )
    return errors


def attach(state: GameState, unit_id: str, parent_id: str, source: Source) -> Outcome:
    """Attach an independent unit to a Parent Formation (its own, 1 CP each; another, 2 CP
    each: 6.3) in the Organization Phase (5.2 III.C.1). Its trucks come under the new highest
    parent (8.96). Refused: as for ``assign``; a unit still with a parent (detach it first);
    the CP refused for the unit or the formation (6.26, 8.17, no CPA)."""
    errors = _link_errors(state, unit_id, parent_id)
    if errors:
        return _refuse(*errors)
    unit, parent = state.units[unit_id], state.units[parent_id]
    now_with = current_parent(unit)
    if now_with is not None:
        errors.append(
            LedgerError(
                "unit",
                f"{unit.name} is with {state.units[now_with].name}: detach it first (6.3)",
                "6.3",
            )
        )
    if not _phase_allows(state, ORGANIZATION):
        errors.append(
            _phase_error(state, "phase", "Units are attached", "Organization Phase", "5.2")
        )
    if errors:
        return _refuse(*errors)
    own = unit.parent == parent_id
    action = "attach-assigned" if own else "attach-unassigned"
    after = Affiliation(
        unit.parent, None if own else parent_id, False if own else unit.detached, state.clock
    )
    charged, problems = _charge(
        state,
        [unit_id, *_formation_payers(state, parent_id, unit_id)],
        action,
        _app_source(source, f"attach {unit.name} to {parent.name}"),
    )
    if problems:
        return _refuse(*problems)
    return Outcome(
        events=(UnitReorganized(source, unit_id, action, _affiliation(unit), after), *charged)
    )


def detach(state: GameState, unit_id: str, source: Source, trucks: Points = (0, 0, 0)) -> Outcome:
    """Detach a unit from the Parent Formation it is with (1 CP each, 6.3), in the Organization
    Phase or the Movement and Combat Phase (8.97, 19.44). The first-line truck points of the
    leaving units stay with the formation's highest parent (8.96) except ``trucks`` (light,
    medium, heavy), which go with the unit (8.97: any portion); they must cover the truck points
    carrying its troops. Refused: a unit with no parent, the CP refused, too few trucks."""
    unit, errors = _unit(state, unit_id, "unit")
    if unit is None or errors:
        return _refuse(*errors)
    parent_id = current_parent(unit)
    if parent_id is None:
        return _refuse(LedgerError("unit", f"{unit.name} is with no Parent Formation", "9.21"))
    if not _phase_allows(state, ORGANIZATION, MOVEMENT_AND_COMBAT):
        errors.append(
            _phase_error(
                state,
                "phase",
                "Units are detached",
                "Organization Phase or the Movement and Combat Phase",
                "8.97",
            )
        )
    top = highest_parent(state, unit_id)
    leaving = {u.id for u in formation_tree(state, unit_id).walk()}
    carried = trucks_carrying_troops(state, unit_id)
    if any(t < c for t, c in zip(trucks, carried, strict=True)):
        errors.append(
            LedgerError(
                "trucks",
                f"units with {unit.name} ride {_points_text(carried)}: take at least those "
                f"along, {_points_text(trucks)} given (or unload them first)",
                "8.95",
            )
        )
    # Trucks carrying the units that stay are not free to go along (8.95).
    staying_riders = tuple(
        a - c for a, c in zip(trucks_carrying_troops(state, top), carried, strict=True)
    )
    available = tuple(
        a - r for a, r in zip(formation_truck_points(state, top), staying_riders, strict=True)
    )
    if any(t > a for t, a in zip(trucks, available, strict=True)):
        errors.append(
            LedgerError(
                "trucks",
                f"{state.units[top].name} has {_points_text(available)} free of the troops "
                f"that stay, {_points_text(trucks)} asked",
                "8.96",
            )
        )
    if errors:
        return _refuse(*errors)
    # Detached from wherever it was, the unit is independent: not back with its own parent.
    after = Affiliation(unit.parent, None, unit.parent is not None, state.clock)
    app = _app_source(source, f"detach {unit.name} from {state.units[parent_id].name}")
    charged, problems = _charge(
        state, [unit_id, *_formation_payers(state, parent_id, unit_id)], "detach", app
    )
    if problems:
        return _refuse(*problems)
    groups = formation_truck_groups(state, top)
    going = [g for g in groups if g.attached_to in leaving]
    staying = [g for g in groups if g.attached_to not in leaving]
    moves: list[Event] = []
    have = _sum_groups(going)
    # Points over what goes with the unit return to the formation; points short come from it.
    surplus = tuple(max(0, h - t) for h, t in zip(have, trucks, strict=True))
    short = tuple(max(0, t - h) for h, t in zip(have, trucks, strict=True))
    if any(surplus):
        moves += _draw(state, going, _group_for(state, top, staying), surplus, app)
    if any(short):
        moves += _draw(state, staying, _group_for(state, unit_id, going), short, app)
    return Outcome(
        events=(
            UnitReorganized(source, unit_id, "detach", _affiliation(unit), after),
            *charged,
            *moves,
        )
    )


def _sum_groups(groups: list[TruckGroup]) -> Points:
    return (
        sum(g.light for g in groups),
        sum(g.medium for g in groups),
        sum(g.heavy for g in groups),
    )


def _points_text(points: tuple[int, ...]) -> str:
    return ", ".join(f"{n} {t}" for t, n in zip(TRUCK_TYPES, points, strict=True)) + " truck points"


def _group_for(
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


def _draw(
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
    (8.97). Refused: unknown groups or units, different sides, more points than the group has,
    leaving a unit at Cohesion −5 or worse without trucks (8.97)."""
    unit, errors = _unit(state, unit_id, "unit")
    group = state.trucks.get(origin)
    if group is None:
        errors.append(LedgerError("trucks", f"no truck group {origin!r} in this game"))
    if unit is None or group is None or errors:
        return _refuse(*errors)
    wanted = points if points is not None else (group.light, group.medium, group.heavy)
    errors += _truck_amount_errors(group, wanted)
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
    if not _phase_allows(state, ORGANIZATION) and unit.reorganized_at != state.clock:
        errors.append(
            _phase_error(
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
        return _refuse(*errors)
    destination = _group_for(state, unit_id, [])
    return Outcome(events=tuple(_draw(state, [group], destination, wanted, source)))


def detach_trucks(state: GameState, unit_id: str, points: Points, source: Source) -> Outcome:
    """Detach first-line truck points from the formation headed by ``unit_id`` (8.96: the
    trucks of the whole formation) into a new convoy group at its location, in the
    Organization Phase (8.97). Refused: a unit that is not the head of its formation, more
    points than are free of troops, taking all trucks from a unit at Cohesion −5 or worse."""
    unit, errors = _unit(state, unit_id, "unit")
    if unit is None or errors:
        return _refuse(*errors)
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
    if not _phase_allows(state, ORGANIZATION):
        errors.append(
            _phase_error(state, "phase", "Trucks are detached", "Organization Phase", "8.97")
        )
    if errors:
        return _refuse(*errors)
    errors += _truck_removal_errors(state, unit_id, points)
    if errors:
        return _refuse(*errors)
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
    return Outcome(events=tuple(_draw(state, groups, (new_id, convoy), points, source)))


def _truck_amount_errors(group: TruckGroup, wanted: Points) -> list[LedgerError]:
    errors = []
    for t, n, have in zip(
        TRUCK_TYPES, wanted, (group.light, group.medium, group.heavy), strict=True
    ):
        if n < 0 or n > have:
            errors.append(
                LedgerError(f"--{t}", f"{group.id} has {have} {t} truck points, {n} asked", "54.2")
            )
    if not any(wanted):
        errors.append(LedgerError("trucks", f"{group.id} has no truck points to attach"))
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
    unit, errors = _unit(state, unit_id, "unit")
    if unit is None or errors:
        return _refuse(*errors)
    if any(n < 0 for n in points):
        return _refuse(LedgerError("trucks", "truck points are 0 or more"))
    if points == unit.carried_by:
        return _refuse(LedgerError("trucks", f"{unit.name} already rides {_points_text(points)}"))
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
                    f"{_points_text(points)} carry {_fraction(capacity)} TOE points; "
                    f"{unit.name} has {needed}: one {t} point fewer would do",
                    "8.95",
                )
            )
            break
    if errors:
        return _refuse(*errors)
    charged: list[Event] = []
    if not is_phase(state.phase, ORGANIZATION):  # 6.3: free in the Organization Phase
        charged, problems = _charge(
            state, [unit_id], "load-unload", _app_source(source, f"load/unload {unit.name}")
        )
        if problems:
            return _refuse(*problems)
    return Outcome(
        events=(TroopsCarried(source, unit_id, unit.carried_by, points), *charged),
    )


def _fraction(value: Fraction) -> str:
    return str(value) if value.denominator == 1 else f"{float(value):g}"
