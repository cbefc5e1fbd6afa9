"""The set-up step (59.4x, 60.3x, 60.4x): what each side does before the first Operations
Stage, as journaled commands. Each returns an ``Outcome`` (``ledger.commands.outcome``).

- ``place``: a unit, dump (a dummy one included, 60.34, 60.44) or truck group whose scenario
  location is the player's choice ("any hexes, player's choice", "map C or D, Egypt", "within
  3 hexes of C0716") goes to a hex (``CounterPlaced``); a dummy dump of ``count`` counters
  takes that many hexes. A counter already at a hex is refused (``undo`` a wrong placement).
- ``spread_trucks``: first-line truck points are shared out among the units of their hex
  (59.42), as the 8.96 attachment does (``TruckPointsMoved``).
- ``load_trucks``: first-line trucks are loaded with any supplies free of cost, on top of the
  dump amounts (59.45): a ``SuppliesArrived`` of cause ``set-up``, within the trucks' 54.2
  capacity; at set-up and at no other time.
- ``finish``: the side's ``SetupFinished``, refused while a counter it must place is not
  placed (``unplaced``); first-line trucks left empty are no refusal (the player may keep
  them so). The Water of ruling ``60.44-starting-water`` comes with it (GAPS S-004).

``setup_errors`` is the guard ``GameSession.commit`` runs on every write: while any side's
set-up is open the game has not started (59.4) and only set-up events (and ``undo``) pass;
once it is over, no set-up event does.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from ledger.commands.first_line_trucks import (
    draw_truck_points,
    not_in_play_error,
    receiving_truck_group,
    truck_points_text,
)
from ledger.commands.outcome import Outcome, refuse
from ledger.commands.setup_places import (
    HEX,
    SETUP_CASE,
    box_name,
    is_choice_location,
    is_placeable,
    map_errors,
    open_message,
)
from ledger.model.errors import LedgerError
from ledger.model.events import Event, EventUndone, SuppliesArrived, TruckPointsMoved
from ledger.model.places import (
    TRIPOLI_TUNISIA_BOXES,
    has_unlimited_water,
    is_tripoli_tunisia_box,
)
from ledger.model.quantities import Supplies, supply_bound_errors
from ledger.model.rulings.setup import STARTING_WATER, STARTING_WATER_STAGES
from ledger.model.seats import side_name
from ledger.model.setup_step import CounterPlaced, SetupFinished
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.model.trucks import filled_share, group_capacity
from ledger.model.units import SIDES, Side
from ledger.rules.consumption import unit_water
from ledger.rules.consumption_rates import ConsumptionRulings

SETUP_CAUSE: Final = "set-up"
"""The ``SuppliesArrived`` cause of supplies given free at set-up (59.45, 60.44 water)."""
LOAD_CASE: Final = "59.45"


def setup_side_of(state: GameState, event: Event) -> Side | None:
    """The side a set-up event belongs to (the counter's, the trucks', the side finishing);
    ``None`` for an event that is not one of the set-up's."""
    if isinstance(event, SetupFinished):
        return event.side
    if isinstance(event, CounterPlaced):
        return state.holder_side(event.counter_id)
    if isinstance(event, SuppliesArrived) and event.cause == SETUP_CAUSE:
        return state.holder_side(event.holder)
    if isinstance(event, TruckPointsMoved):
        return _spread_side(state, event)
    return None


def _spread_side(state: GameState, event: TruckPointsMoved) -> Side | None:
    """The side of a truck-point move that is the set-up's spread (59.42): from first-line
    trucks in play to first-line trucks of a unit of their hex; ``None`` for any other move
    (a convoy's points attached as first-line trucks is no set-up event: they would load free,
    59.45 being first-line trucks' only)."""
    origin = state.trucks.get(event.origin)
    destination = event.created or state.trucks.get(event.destination)
    if origin is None or destination is None or not origin.in_play(state.clock):
        return None
    if origin.line != "first" or destination.line != "first":
        return None
    unit = state.units.get(destination.attached_to or "")
    if unit is None or unit.location != origin.location:
        return None
    return origin.side


_TRUCKS_AT_SETUP: Final = (
    "at set-up truck points move only as first-line trucks shared out among the units of "
    "their hex (`quartermaster setup spread`, 59.42); convoys become first-line trucks once the "
    "game has started (8.96)"
)


def setup_errors(state: GameState, events: tuple[Event, ...] | list[Event]) -> list[LedgerError]:
    """The guard on every write (59.4): while ``state.setup_open`` is not empty only the
    set-up's events of a side still setting up pass (and ``undo``); after it, no set-up event
    does ("set-up is over"; first-line trucks load free at set-up and at no other time, 59.45).
    Empty: the events may be written."""
    errors: list[LedgerError] = []
    for event in events:
        if isinstance(event, EventUndone):
            continue
        side = setup_side_of(state, event)
        is_setup = isinstance(event, (CounterPlaced, SetupFinished)) or (
            isinstance(event, SuppliesArrived) and event.cause == SETUP_CAUSE
        )
        if state.setup_open:
            if side is None and isinstance(event, TruckPointsMoved):
                return [LedgerError("trucks", _TRUCKS_AT_SETUP, "59.42")]
            if side is None and not is_setup:
                return [LedgerError("set-up", open_message(state), SETUP_CASE)]
            if side is not None and side not in state.setup_open:
                return [
                    LedgerError(
                        "--side",
                        f"the {side_name(side)}'s set-up is over (finished); waiting for "
                        + " and ".join(f"the {side_name(s)}" for s in state.setup_open),
                        SETUP_CASE,
                    )
                ]
        elif is_setup:
            loaded = isinstance(event, SuppliesArrived)
            return [
                LedgerError(
                    "set-up",
                    "set-up is over: "
                    + (
                        "first-line trucks load free of cost at set-up and at no other time"
                        if loaded
                        else "counters are placed and set-ups finished before the first "
                        "Operations Stage"
                    ),
                    LOAD_CASE if loaded else SETUP_CASE,
                )
            ]
    return errors


def _side_open(state: GameState, side: Side | None, field: str = "--side") -> list[LedgerError]:
    if side is None:
        return [LedgerError(field, "no such counter in this game")]
    if side in state.setup_open:
        return []
    if not state.setup_open:
        return [LedgerError("set-up", "set-up is over: the game has started", SETUP_CASE)]
    return [LedgerError(field, f"the {side_name(side)}'s set-up is over (finished)", SETUP_CASE)]


def place(state: GameState, counter_id: str, hexes: tuple[str, ...], source: Source) -> Outcome:
    """Place a unit, dump or truck group whose scenario location is the player's choice
    (59.4) at ``hexes``: one hex (or Tripoli/Tunisia box, where the set-up allows Libya), or,
    for a dummy dump of ``count`` counters, ``count`` hexes (60.34, 60.44). Refused: an unknown
    counter, a side whose set-up is over, a counter at a fixed hex or already placed (undo a
    wrong placement), a hex that is not one (``C4218``), hexes off the maps the set-up names."""
    kind = state.holder_kind(counter_id)
    if kind is None:
        return refuse(LedgerError("counter", f"no unit, dump or truck group {counter_id!r}"))
    name = state.holder_name(counter_id)
    hexes = tuple(box_name(h) for h in hexes)
    errors = _side_open(state, state.holder_side(counter_id))
    before = (
        state.units[counter_id].location
        if kind == "unit"
        else state.dumps[counter_id].location
        if kind == "dump"
        else state.trucks[counter_id].location
    )
    if not is_placeable(before):
        errors.append(
            LedgerError(
                "counter",
                f"{name} is set up at {before}, not at the player's choice"
                + ("; undo its placement to place it again" if HEX.match(before) else ""),
                SETUP_CASE,
            )
        )
    dump = state.dumps.get(counter_id)
    wanted = dump.count if dump is not None and dump.kind == "dummy" else 1
    if len(hexes) != wanted:
        errors.append(
            LedgerError(
                "--at",
                f"{name} is {wanted} counter{'s' if wanted > 1 else ''}: give {wanted} "
                f"hex{'es' if wanted > 1 else ''}, found {len(hexes)}",
                SETUP_CASE,
            )
        )
    for h in hexes:
        if not HEX.match(h) and not (wanted == 1 and is_tripoli_tunisia_box(h)):
            errors.append(
                LedgerError(
                    "--at",
                    f"expected a hex such as C4218 (or a box: {', '.join(TRIPOLI_TUNISIA_BOXES)}),"
                    f" found {h!r}",
                    SETUP_CASE,
                )
            )
    if len(set(hexes)) != len(hexes):
        errors.append(LedgerError("--at", "each dummy dump counter goes to its own hex", "60.34"))
    if not errors:
        errors += map_errors(before, hexes, "--at")
    if errors:
        return refuse(*errors)
    return Outcome(events=(CounterPlaced(source, counter_id, ", ".join(hexes), before),))


def spread_trucks(
    state: GameState,
    group_id: str,
    unit_id: str,
    points: tuple[int, int, int] | None,
    source: Source,
) -> Outcome:
    """Share first-line truck points of group ``group_id`` out to unit ``unit_id`` of their
    hex (59.42; as attached trucks, 8.96), all of them when ``points`` is ``None``. Refused:
    unknown group or unit, not first-line trucks, another side's or another hex's unit, more
    points than the group has, leaving the group's cargo beyond what its remaining trucks
    carry (54.2: spread first, then load)."""
    group, unit = state.trucks.get(group_id), state.units.get(unit_id)
    errors: list[LedgerError] = []
    if group is None:
        errors.append(LedgerError("trucks", f"no truck group {group_id!r} in this game"))
    if unit is None:
        errors.append(LedgerError("--unit", f"no unit {unit_id!r} in this game"))
    if group is None or unit is None:
        return refuse(*errors)
    errors += _side_open(state, group.side)
    late = not_in_play_error(state, group, "trucks")  # 8.86: not before they arrive
    if late is not None:
        return refuse(*errors, late)
    wanted = points if points is not None else (group.light, group.medium, group.heavy)
    if group.line != "first":
        errors.append(
            LedgerError("trucks", f"{state.truck_group_name(group_id)} is a convoy", "59.42")
        )
    if unit.side != group.side or unit.location != group.location or not unit.in_play(state.clock):
        errors.append(
            LedgerError(
                "--unit",
                f"{unit.name} is not a unit of the trucks' side in {group.location}",
                "59.42",
            )
        )
    have = (group.light, group.medium, group.heavy)
    if not any(wanted) or any(n < 0 or n > h for n, h in zip(wanted, have, strict=True)):
        errors.append(
            LedgerError(
                "--light",
                f"{state.truck_group_name(group_id)} has {truck_points_text(have)}; "
                f"{truck_points_text(wanted)} asked",
                "54.2",
            )
        )
    elif group.cargo.nonzero():
        left = [h - n for h, n in zip(have, wanted, strict=True)]
        if _over_capacity(group.cargo, left[0], left[1], left[2]):
            errors.append(
                LedgerError(
                    "trucks",
                    f"{state.truck_group_name(group_id)} carries {group.cargo.describe()}; "
                    "the trucks left would not carry it: spread the trucks before loading them",
                    "54.2",
                )
            )
    if errors:
        return refuse(*errors)
    if group.attached_to == unit_id:
        return refuse(LedgerError("--unit", f"{unit.name} already has these trucks", "59.42"))
    destination = receiving_truck_group(state, unit_id, [])
    return Outcome(events=tuple(draw_truck_points(state, [group], destination, wanted, source)))


def _over_capacity(cargo: Supplies, light: int, medium: int, heavy: int) -> bool:
    """54.2: whether ``cargo`` is beyond what the truck points carry, a mixed load counted pro
    rata (as ``ledger.model.trucks.filled_share`` counts it)."""
    return filled_share(cargo, group_capacity(light, medium, heavy)) > 1


def load_trucks(state: GameState, group_id: str, supplies: Supplies, source: Source) -> Outcome:
    """Load first-line trucks free of cost at set-up, on top of the dump amounts (59.45): a
    ``SuppliesArrived`` of cause ``set-up`` into group ``group_id`` (the trucks of a hex, or
    those spread to a unit; a unit's id stands for the first-line trucks spread to it).
    Refused: no such group, trucks not in play yet (arriving with reinforcements, 8.86), a
    convoy (second/third line: only the scenario's first-line trucks, 59.45), amounts
    below 0 or none, the group's cargo beyond its 54.2 capacity (a mixed load counted pro rata:
    10 medium points carry 40 Ammunition or 1,200 Fuel), and at any time but the set-up."""
    if group_id in state.units:
        spread = first_line_trucks_of(state, group_id)
        if spread is None:
            return refuse(
                LedgerError(
                    "trucks",
                    f"{state.units[group_id].name} has no first-line trucks: spread some to it "
                    "first (`quartermaster setup spread`, 59.42)",
                    LOAD_CASE,
                )
            )
        group_id = spread
    group = state.trucks.get(group_id)
    if group is None:
        if state.holder_kind(group_id) is None:
            return refuse(LedgerError("trucks", f"no truck group {group_id!r} in this game"))
        return refuse(
            LedgerError(
                "trucks",
                f"{state.holder_name(group_id)} is not a truck group: supplies given free at "
                "set-up go on first-line trucks",
                LOAD_CASE,
            )
        )
    if not state.setup_open:
        return refuse(
            LedgerError(
                "set-up",
                "set-up is over: first-line trucks load free of cost at set-up and at no "
                "other time",
                LOAD_CASE,
            )
        )
    errors = _side_open(state, group.side)
    errors += [
        LedgerError(f"--{c}", f"expected 0 or more supply points, found {v}")
        for c, v in supplies.items()
        if v < 0
    ]
    errors += supply_bound_errors(supplies)
    if supplies.is_zero:
        errors.append(LedgerError("amounts", "give --ammo, --fuel, --stores or --water"))
    name = state.truck_group_name(group_id)
    late = not_in_play_error(state, group, "trucks")  # 8.86: not before they arrive
    if late is not None:
        errors.append(late)
    elif group.line != "first":
        errors.append(
            LedgerError("trucks", f"{name}: only first-line trucks load free at set-up", LOAD_CASE)
        )
    if not errors:
        after = group.cargo + supplies
        capacity = group_capacity(group.light, group.medium, group.heavy)
        if _over_capacity(after, group.light, group.medium, group.heavy):
            errors.append(
                LedgerError(
                    "amounts",
                    f"{name} ({group.light} light, {group.medium} medium, {group.heavy} heavy) "
                    f"would carry {after.describe()}: beyond its capacity "
                    f"({capacity.describe()}, a mixed load counted pro rata)",
                    "54.2",
                )
            )
    if errors:
        return refuse(*errors)
    why = replace(source, reason=source.reason or "loaded free of cost at set-up")
    return Outcome(events=(SuppliesArrived(why, group_id, supplies, SETUP_CAUSE, LOAD_CASE),))


def first_line_trucks_of(state: GameState, unit_id: str) -> str | None:
    """The id of the first-line truck group attached to unit ``unit_id`` (spread to it at
    set-up, 59.42, or attached, 8.96); ``None`` when it has none."""
    return next(
        (g.id for g in state.trucks.values() if g.attached_to == unit_id and g.line == "first"),
        None,
    )


def unplaced(state: GameState, side: Side) -> list[tuple[str, str]]:
    """What ``side`` must still place before it may finish (59.4): ``(counter id, its
    scenario location)`` for each unit in play, each dump (dummy ones included, 60.34, 60.44)
    and each truck group in play (first-line trucks, convoys) whose location is the player's
    choice ("within 3 hexes of C0716", "Libya (any hexes, player's choice)", "any own air
    facility"); air supply pools are left out."""
    found = [
        (u.id, u.location) for u in state.units_in_play(side) if is_choice_location(u.location)
    ]
    found += [
        (d.id, d.location)
        for d in state.dumps.values()
        if d.side == side and d.kind in ("dump", "dummy") and is_choice_location(d.location)
    ]
    found += [
        (t.id, t.location)
        for t in state.trucks.values()
        if t.side == side and t.in_play(state.clock) and is_choice_location(t.location)
    ]
    return sorted(found)


def starting_water(state: GameState, side: Side, source: Source) -> list[Event]:
    """Ruling ``60.44-starting-water`` (GAPS S-004): the Water each unit of ``side`` in play
    on the map receives free when the side finishes its set-up, as app-made ``SuppliesArrived``
    of cause ``set-up``: its need for one Operations Stage with its vehicles moving (52.41,
    52.42, normal weather) times 3 ("game-turn", the default), 1 ("stage") or 0 ("printed").
    A unit in a box (Water never runs short there, 8.87) or where its side has an unlimited
    source (Cairo, Alexandria: supplies never run out there, 60.44) gets none. 129th Infantry
    Bn: 3."""
    stages = STARTING_WATER_STAGES[state.ruling(STARTING_WATER)]
    if not stages:
        return []
    rulings = state.rulings_of(ConsumptionRulings.from_choices)
    made = replace(
        source,
        app_made=True,
        reason=f"starting Water, ruling {STARTING_WATER} (the dump tables print none, 60.44)",
    )
    unlimited = {d.location for d in state.dumps.values() if d.side == side and d.unlimited}
    events: list[Event] = []
    for unit in sorted(state.units_in_play(side), key=lambda u: u.id):
        if has_unlimited_water(unit.location) or not unit.location or unit.location in unlimited:
            continue
        need = unit_water(
            unit, state.classes[unit.class_id], state.systems, used_cpa=True, rulings=rulings
        )
        if need > 0:
            events.append(
                SuppliesArrived(made, unit.id, Supplies(water=need * stages), SETUP_CAUSE, "60.44")
            )
    return events


def _named_at(name: str, where: str) -> str:
    return name if where in name else f"{name} ({where})"


def finish(state: GameState, side: Side, source: Source) -> Outcome:
    """``side`` has finished its set-up (59.4): its ``SetupFinished``, then the starting
    Water of ruling ``60.44-starting-water`` (app-made: ``undo`` takes them back together). Refused: an unknown side, a side whose set-up
    is over, and while a counter it must place is not placed (each one named). First-line
    trucks not spread or loaded are no refusal: the player may keep them so (59.42, 59.45)."""
    if side not in SIDES:
        return refuse(LedgerError("--side", f"expected one of {', '.join(SIDES)}, found {side!r}"))
    errors = _side_open(state, side)
    if errors:
        return refuse(*errors)
    left = unplaced(state, side)
    if left:
        names = "; ".join(_named_at(state.holder_name(i), where) for i, where in left[:8])
        more = f" and {len(left) - 8} more" if len(left) > 8 else ""
        return refuse(
            LedgerError(
                "--side",
                f"the {side_name(side)} has {len(left)} counter(s) still to place: "
                f"{names}{more} (`quartermaster setup place`)",
                SETUP_CASE,
            )
        )
    return Outcome(events=(SetupFinished(source, side), *starting_water(state, side, source)))
