"""Supply points moved between two holders of one side (49.14, 54.12, 54.2, 6.3 loading CP)."""

from __future__ import annotations

import re

from ledger.commands.convoys import handling
from ledger.commands.outcome import Outcome, refuse
from ledger.model.errors import LedgerError
from ledger.model.events import SuppliesTransferred
from ledger.model.quantities import (
    COMMODITIES,
    COMMODITY_NAMES,
    Supplies,
    supply_bound_errors,
)
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.model.trucks import filled_share, group_capacity
from ledger.rules.holding_limits import never_runs_out_at, receiving_errors

HEX = re.compile(r"^[A-E]\d{4}$")
"""A map hex as the scenarios write it (``"C3721"``)."""


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
    errors += supply_bound_errors(supplies)
    if supplies.is_zero:
        errors.append(
            LedgerError("amounts", "nothing to move: give --ammo, --fuel, --stores or --water")
        )
    if errors:
        return refuse(*errors)
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
        return refuse(*errors)
    moved = SuppliesTransferred(source, origin, destination, supplies)
    charged = handling(state, origin, destination, source)  # 6.3 loading CP, 8.88
    if not charged.ok:
        return charged
    return Outcome(events=(moved, *charged.events))


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
    carried = after.nonzero()
    if len(carried) == 1:  # one commodity: the points over
        commodity, amount = carried[0]
        limit = capacity.get(commodity)
        name = COMMODITY_NAMES[commodity]
        over = f"{amount - limit} {name} over its capacity of {limit} {name}"
    else:  # a mixed load counted pro rata: the exact share over
        over = f"{share} of its capacity counted pro rata, {share - 1} over"
    return [
        LedgerError(
            "--to",
            f"{state.holder_name(group_id)} ({group.light} light, {group.medium} medium, "
            f"{group.heavy} heavy) would carry {after.describe()}: {over}",
            "54.2",
        )
    ]
