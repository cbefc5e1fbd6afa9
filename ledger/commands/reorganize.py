"""Organization commands for units: assignment, attachment and detachment (19.x, 6.3).

Each command validates against the state and returns an ``Outcome`` (``ledger.commands.outcome``): the
player's event first, then the app-made events the ledger posts for it (the CP each side of an
attachment expends, 6.3; the truck points that stay with the formation, 8.96), so that ``undo``
reverses the whole action. Rules enforced, each refusable as a house rule where a ruling says so:

- 5.2 III.C.1: assignment and attachment in the Organization Phase; detachment there or in the
  owning player's Movement and Combat Phase (8.97, 19.44) — ruling ``organization-phase-limits``.
- 6.3: attaching an assigned unit costs 1 CP, an unassigned one 2 CP, detaching 1 CP, each for
  the Parent Formation and the unit (ruling ``6.3-parent-formation-cp`` says who in the
  formation expends it); assigning costs none (ruling ``assign-cost``).
- 8.95/8.96/8.97: the first-line trucks of a detached unit stay with the formation's highest
  parent except those it takes along, which must cover the trucks carrying its troops.

Phases and what the organization commands share: ``commands.organization_phase``; attaching and
detaching trucks and loading troops: ``commands.first_line_trucks``.
"""

from __future__ import annotations

from ledger.commands.first_line_trucks import (
    Points,
    draw_truck_points,
    receiving_truck_group,
    total_truck_points,
    truck_points_text,
)
from ledger.commands.organization_phase import (
    app_made_source,
    charge_action_cp,
    in_allowed_phase,
    unit_in_play,
    wrong_phase_error,
)
from ledger.commands.outcome import Outcome, refuse
from ledger.model.errors import LedgerError
from ledger.model.events import Affiliation, Event, UnitReorganized
from ledger.model.phases import MOVEMENT_AND_COMBAT, ORGANIZATION
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.model.units import Unit
from ledger.rules.organization import (
    current_parent,
    formation_tree,
    formation_truck_groups,
    formation_truck_points,
    highest_parent,
    in_tree,
    trucks_carrying_troops,
)


def _is_hq(state: GameState, unit: Unit) -> bool:
    return state.classes[unit.class_id].unit_type == "headquarters"


def _affiliation(unit: Unit) -> Affiliation:
    return Affiliation(unit.parent, unit.attached_to, unit.detached, unit.reorganized_at)


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
        return refuse(*errors)
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
    if not in_allowed_phase(state, ORGANIZATION):
        errors.append(
            wrong_phase_error(state, "phase", "Units are assigned", "Organization Phase", "5.2")
        )
    if errors:
        return refuse(*errors)
    after = Affiliation(parent_id, None, False, unit.reorganized_at)
    events: list[Event] = [UnitReorganized(source, unit_id, "assign", _affiliation(unit), after)]
    if state.ruling("assign-cost") == "as-attach-unassigned":
        charged, problems = charge_action_cp(
            state,
            [unit_id, *_formation_payers(state, parent_id, unit_id)],
            "attach-unassigned",
            app_made_source(source, f"assign {unit.name} to {parent.name}"),
        )
        if problems:
            return refuse(*problems)
        events += charged
    return Outcome(events=tuple(events))


def _link_errors(state: GameState, unit_id: str, parent_id: str) -> list[LedgerError]:
    unit, errors = unit_in_play(state, unit_id, "unit")
    parent, parent_errors = unit_in_play(state, parent_id, "parent")
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
        return refuse(*errors)
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
    if not in_allowed_phase(state, ORGANIZATION):
        errors.append(
            wrong_phase_error(state, "phase", "Units are attached", "Organization Phase", "5.2")
        )
    if errors:
        return refuse(*errors)
    own = unit.parent == parent_id
    action = "attach-assigned" if own else "attach-unassigned"
    after = Affiliation(
        unit.parent, None if own else parent_id, False if own else unit.detached, state.clock
    )
    charged, problems = charge_action_cp(
        state,
        [unit_id, *_formation_payers(state, parent_id, unit_id)],
        action,
        app_made_source(source, f"attach {unit.name} to {parent.name}"),
    )
    if problems:
        return refuse(*problems)
    return Outcome(
        events=(UnitReorganized(source, unit_id, action, _affiliation(unit), after), *charged)
    )


def detach(state: GameState, unit_id: str, source: Source, trucks: Points = (0, 0, 0)) -> Outcome:
    """Detach a unit from the Parent Formation it is with (1 CP each, 6.3), in the Organization
    Phase or the Movement and Combat Phase (8.97, 19.44). The first-line truck points of the
    leaving units stay with the formation's highest parent (8.96) except ``trucks`` (light,
    medium, heavy), which go with the unit (8.97: any portion); they must cover the truck points
    carrying its troops. Refused: a unit with no parent, the CP refused, too few trucks."""
    unit, errors = unit_in_play(state, unit_id, "unit")
    if unit is None or errors:
        return refuse(*errors)
    parent_id = current_parent(unit)
    if parent_id is None:
        return refuse(LedgerError("unit", f"{unit.name} is with no Parent Formation", "9.21"))
    if not in_allowed_phase(state, ORGANIZATION, MOVEMENT_AND_COMBAT):
        errors.append(
            wrong_phase_error(
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
                f"units with {unit.name} ride {truck_points_text(carried)}: take at least those "
                f"along, {truck_points_text(trucks)} given (or unload them first)",
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
                f"{state.units[top].name} has {truck_points_text(available)} free of the troops "
                f"that stay, {truck_points_text(trucks)} asked",
                "8.96",
            )
        )
    if errors:
        return refuse(*errors)
    # Detached from wherever it was, the unit is independent: not back with its own parent.
    after = Affiliation(unit.parent, None, unit.parent is not None, state.clock)
    app = app_made_source(source, f"detach {unit.name} from {state.units[parent_id].name}")
    charged, problems = charge_action_cp(
        state, [unit_id, *_formation_payers(state, parent_id, unit_id)], "detach", app
    )
    if problems:
        return refuse(*problems)
    groups = formation_truck_groups(state, top)
    going = [g for g in groups if g.attached_to in leaving]
    staying = [g for g in groups if g.attached_to not in leaving]
    moves: list[Event] = []
    have = total_truck_points(going)
    # Points over what goes with the unit return to the formation; points short come from it.
    surplus = tuple(max(0, h - t) for h, t in zip(have, trucks, strict=True))
    short = tuple(max(0, t - h) for h, t in zip(have, trucks, strict=True))
    if any(surplus):
        moves += draw_truck_points(
            state, going, receiving_truck_group(state, top, staying), surplus, app
        )
    if any(short):
        moves += draw_truck_points(
            state, staying, receiving_truck_group(state, unit_id, going), short, app
        )
    return Outcome(
        events=(
            UnitReorganized(source, unit_id, "detach", _affiliation(unit), after),
            *charged,
            *moves,
        )
    )
