"""What a convoy plan does, in the players' words: each leg as one sentence, only what the plan
does — what it loads, where, on which truck points, where it drives and when it delivers.

A direct draw (dump and unit in one place) is delivered when the plan is accepted. A truck leg
only loads when accepted: the convoy drives in the Truck Convoy Movement Phase (8.18) and
delivers when it unloads at the unit (``fulfil``), if it reaches the unit's hex. The ledger knows
no distances, so the sentence gives the CP left for the drive (``drive_cp``: the CPA for
supplies of the slowest truck type used, 54.2, less what the convoy expended this OpStage, the
loading now and the unloading there, 6.3) and leaves the count of the path to the players, with
the Fuel the drive burns (49.13), which the plan does not load. A convoy that loads in a
Tripoli/Tunisia box may not move in that Operations Stage (8.88): its sentence says so.
"""

from __future__ import annotations

from fractions import Fraction

from ledger.commands.convoys import group_name, loading_cp
from ledger.model.places import is_tripoli_tunisia_box
from ledger.model.quantities import format_cp
from ledger.model.state import GameState
from ledger.model.trucks import TRUCK_TYPES, truck_chart
from ledger.planning.convoy_values import PlannedLeg
from ledger.rules.consumption import truck_movement_fuel
from ledger.rules.cp_actions import cp_actions


def unloading_cp() -> Fraction:
    """6.3: CP a convoy expends to unload at the unit outside the Organization Phase (2)."""
    cost = cp_actions()["load-unload"].cost
    assert cost is not None
    return cost


def least_cp(state: GameState, group_id: str) -> Fraction:
    """The CP a truck trip of convoy ``group_id`` costs for certain, before any driving: what
    it expended this Operations Stage (6.16), loading now (0 in the Organization Phase, else 2)
    and unloading at the unit (2), 6.3. A convoy at 0 CP in the Organization Phase: 2."""
    expended = state.trucks[group_id].cp_expended
    return expended + loading_cp(state) + unloading_cp()


def drive_cp(state: GameState, leg: PlannedLeg) -> Fraction | None:
    """CP left for the drive of a truck leg: the CPA for supplies of the slowest truck type it
    uses (54.2: light 40, medium and heavy 30) less ``least_cp``; ``None`` for a direct draw.
    1 heavy point of a fresh convoy in the Organization Phase: 30 − 2 = 28."""
    if leg.trip.carrier_id is None:
        return None
    cpas = [
        cpa
        for t in TRUCK_TYPES
        if getattr(leg, t) and (cpa := truck_chart()[t].cpa_supplies) is not None
    ]
    return Fraction(min(cpas)) - least_cp(state, leg.trip.carrier_id)


def drive_text(state: GameState, leg: PlannedLeg) -> str:
    """The CP left for a truck leg's drive as a table shows it: ``"28"``; ``"none this
    OpStage (8.88)"`` for a convoy loading in a Tripoli/Tunisia box; ``""`` for a direct
    draw."""
    drive = drive_cp(state, leg)
    if drive is None:
        return ""
    group = state.trucks.get(leg.trip.carrier_id or "")
    if group is not None and is_tripoli_tunisia_box(group.location):
        return "none this OpStage (8.88)"
    return format_cp(drive)


def points_text(leg: PlannedLeg) -> str:
    """The truck points a leg takes: ``"1 heavy truck point"``, ``"2 light, 3 medium truck
    points"``."""
    used = [(t, getattr(leg, t)) for t in TRUCK_TYPES if getattr(leg, t)]
    noun = "truck point" if sum(n for _, n in used) == 1 else "truck points"
    return ", ".join(f"{n} {t}" for t, n in used) + f" {noun}"


def leg_sentence(state: GameState, leg: PlannedLeg) -> str:
    """One leg as the players read it (module docstring). A direct draw: ``"2nd Scots Guards
    draws 10 Ammunition, 10 Stores from Sidi Barrani in C4131, where it stands (CR2): delivered
    when the plan is accepted, no trucks."``; a truck leg: ``"Loads 2 Ammunition, 6 Water on 1
    medium truck point of convoy at Cairo (50 TP) at Cairo (unlimited supply) (0 CP now,
    6.3). Drives to C3721 in the Truck Convoy Movement Phase (8.18) with up to 28 CP ...
    Delivers to 1st RNF MG Bn (CR1) when it unloads there at the end of that phase (2 CP), if
    it reaches C3721."``"""
    requisition = leg.trip.requisition_id
    unit = state.units.get(leg.destination_unit)
    unit_name = unit.name if unit is not None else state.holder_name(leg.destination_unit)
    hex_ = unit.location if unit is not None else "its hex"
    dump = state.dumps.get(leg.trip.dump_id)
    dump_name = dump.name if dump is not None else state.holder_name(leg.trip.dump_id)
    place = dump.location if dump is not None else ""
    where = f"{dump_name} in {place}" if place and place not in dump_name else dump_name
    load = leg.supplies.describe()
    carrier = leg.trip.carrier_id
    if carrier is None:
        return (
            f"{unit_name} draws {load} from {where}, where it stands ({requisition}): "
            "delivered when the plan is accepted, no trucks."
        )
    now = loading_cp(state)
    drive = drive_cp(state, leg)
    assert drive is not None
    fuel = truck_movement_fuel((leg.light, leg.medium, leg.heavy), max(drive, Fraction(0)))
    if is_tripoli_tunisia_box(place):
        return (
            f"Loads {load} on {points_text(leg)} of {group_name(state, carrier)} at {where} "
            f"({format_cp(now)} CP now, 6.3). Loaded in a Tripoli/Tunisia box, it may not move "
            f"this Operations Stage (8.88): it drives towards {hex_} in a later Truck Convoy "
            f"Movement Phase (8.18), and delivers to {unit_name} ({requisition}) only when it "
            f"reaches {hex_} and unloads there."
        )
    reach = (
        f"with up to {format_cp(drive)} CP (CPA for supplies less the CP it has expended, "
        f"loads and unloads: 54.2, 6.3); the ledger knows no distances: count the path on "
        f"the map. The drive burns 1 Fuel a truck point for every 5 CP or part (49.13), "
        f"{fuel} for {format_cp(drive)} CP, which this plan does not load"
        if drive > 0
        else "but it has no CP left to drive this Operations Stage (54.2, 6.3)"
    )
    return (
        f"Loads {load} on {points_text(leg)} of {group_name(state, carrier)} at {where} "
        f"({format_cp(now)} CP now, 6.3). Drives to {hex_} in the Truck Convoy "
        f"Movement Phase (8.18) {reach}. Delivers to {unit_name} ({requisition}) when it "
        f"unloads there at the end of that phase (2 CP), if it reaches {hex_}."
    )
