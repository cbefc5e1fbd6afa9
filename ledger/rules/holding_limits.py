"""What a holder may take in: a Supply Dump's capacity (54.12) and the commodities that never
run out there (8.48, 8.87), a unit's Fuel in its vehicles' tanks (49.14).

``receiving_errors`` is called by ``ledger.commands.transfers.transfer`` (requisitions fulfilled
included) and ``ledger.commands.logistics.arrive`` for the destination; it returns every problem (an
empty list when the holder may take it all). Truck points are held to 54.2 by the callers.

Fuel a unit holds is fuel in its vehicles' tanks: CPA x 1/5 x fuel rate per TOE point
(``ledger.rules.consumption.unit_fuel_capacity``). Under ruling ``49.14-unit-fuel-capacity``
(``enforce``) no more may go in; a unit whose tank capacity the scenario data cannot give is
not checked. Fuel for a unit without vehicles rides its trucks (their cargo).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Final

from ledger.model.dumps import (
    OASIS_RULING,
    capacity,
    never_runs_out,
    never_runs_out_case,
    site_label,
    site_of,
)
from ledger.model.errors import LedgerError
from ledger.model.quantities import COMMODITY_NAMES, Supplies, format_cp
from ledger.model.state import GameState
from ledger.rules.consumption import truck_fuel_capacity, unit_fuel_capacity
from ledger.rules.consumption_rates import ConsumptionRulings

TANK_RULING: Final = "49.14-unit-fuel-capacity"
"""Whether a unit's Fuel is held to its vehicles' tanks: ``enforce`` or ``allow``."""


def receiving_errors(
    state: GameState, holder: str, supplies: Supplies, field: str = "--"
) -> list[LedgerError]:
    """Why ``holder`` may not take ``supplies`` (supply points, each 0 or more): a Supply Dump
    over its 54.12 capacity or sent what never runs out there (``dump_errors``), a unit's Fuel
    over its tanks (``tank_errors``). ``field`` prefixes the commodity in each error's field
    (``"--"``: ``--stores``). Unknown holders and truck points: no errors here."""
    if holder in state.dumps:
        return dump_errors(state, holder, supplies, field)
    if holder in state.units:
        return tank_errors(state, holder, supplies, field)
    return []


def never_runs_out_at(state: GameState, holder: str, commodity: str) -> bool:
    """True when ``holder`` is a dump that ``commodity`` never runs out at (an unlimited
    source, 60.44; an oasis's Water and Stores, 8.48; Water in a box, 8.87): drawing it takes
    nothing, so no amount is too much."""
    return holder in state.dumps and never_runs_out(state.dumps[holder], commodity)


def oasis_terrain(state: GameState) -> str:
    """The 54.12 row an oasis dump's Ammunition and Fuel are held to in this game."""
    return state.ruling(OASIS_RULING)


def dump_errors(
    state: GameState, dump_id: str, supplies: Supplies, field: str = "--"
) -> list[LedgerError]:
    """54.12, 8.48, 8.87: a Supply Dump (``kind == "dump"``) takes no commodity beyond its
    capacity, and no commodity that never runs out there (it would vanish). A village dump
    holding 2,900 Stores refuses 200 more: 3,100, 100 over 3,000. Other kinds: no errors."""
    dump = state.dumps[dump_id]
    if dump.kind != "dump":
        return []
    terrain = oasis_terrain(state)
    limits = capacity(dump, terrain)
    where = f"{dump.name} ({site_label(site_of(dump), terrain)})"
    errors: list[LedgerError] = []
    for commodity, amount in supplies.nonzero():
        name = COMMODITY_NAMES[commodity]
        if never_runs_out(dump, commodity):
            errors.append(
                LedgerError(
                    f"{field}{commodity}",
                    f"{where} never runs out of {name}: {amount} {name} sent there would vanish",
                    never_runs_out_case(dump),
                )
            )
            continue
        limit, held = limits[commodity], dump.supplies.get(commodity)
        if limit is not None and held + amount > limit:
            errors.append(
                LedgerError(
                    f"{field}{commodity}",
                    f"{where} holds {held} {name} and may hold {limit} (54.12); {amount} more "
                    f"make {held + amount}: {held + amount - limit} over",
                    "54.12",
                )
            )
    return errors


def tank_errors(
    state: GameState, unit_id: str, supplies: Supplies, field: str = "--"
) -> list[LedgerError]:
    """49.14: a unit's Fuel never exceeds what its vehicles' tanks take (ruling
    ``49.14-unit-fuel-capacity``, ``enforce``), the tanks of the truck points carrying it
    included (54.2: 8 a light, 6 a medium or heavy point; they burn the unit's Fuel, ruling
    ``49.13-carrying-trucks-fuel``). 3rd RHA, six 25-pounders (CPA 15, rate 1: 15 x 1/5 x 1 =
    3 a point, 18 in all) holding 10 refuses 10 more: 2 over."""
    if supplies.fuel <= 0 or state.ruling(TANK_RULING) != "enforce":
        return []
    unit = state.units[unit_id]
    tanks = unit_fuel_capacity(
        unit, state.systems, state.rulings_of(ConsumptionRulings.from_choices)
    )
    if tanks is not None:
        tanks += truck_fuel_capacity(unit.carried_by)
    held = unit.supplies.fuel
    if tanks is None or held + supplies.fuel <= tanks:
        return []
    over = Fraction(held + supplies.fuel) - tanks
    hint = "; it has no vehicle tanks: load its trucks instead" if tanks == 0 else ""
    return [
        LedgerError(
            f"{field}fuel",
            f"{unit.name} holds {held} Fuel, its tanks take {format_cp(tanks)} (49.14), "
            f"{supplies.fuel} asked: {format_cp(over)} over{hint}",
            "49.14",
        )
    ]
