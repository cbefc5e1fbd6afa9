"""Commands: validate a player's request against the state and return events or errors.

Every command returns an ``Outcome``: the events to append (when ``errors`` is empty) or every
error found (and no events). Nothing is written here; ``ledger.journal`` appends the events.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ledger.capability import disorganization_earned
from ledger.errors import LedgerError
from ledger.events import (
    CPExpended,
    Event,
    EventUndone,
    GameStarted,
    OperationsStageEnded,
    Source,
    SuppliesTransferred,
)
from ledger.quantities import COMMODITIES, COMMODITY_NAMES, CP_QUANTUM, Supplies, format_cp
from ledger.state import GameState


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


def spend_cp(state: GameState, unit_id: str, cp: Fraction, source: Source) -> Outcome:
    """A unit expends ``cp`` Capability Points in the current Operations Stage (6.12).

    CP beyond the unit's CPA earn Disorganization Points one for one, which lower its Cohesion
    Level at once (6.21, 6.22). Refused: an unknown unit or one not yet arrived; ``cp`` not
    positive or not in whole quarter points (8.37).
    """
    errors: list[LedgerError] = []
    unit = state.units.get(unit_id)
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
    if cp <= 0:
        errors.append(
            LedgerError("cp", f"expected a positive number of CP, found {format_cp(cp)}", "6.12")
        )
    elif cp % CP_QUANTUM:
        errors.append(LedgerError("cp", f"{cp} is not in whole quarter points", "8.37"))
    cpa = state.cpa(unit) if unit is not None else None
    if unit is not None and cpa is None:
        errors.append(
            LedgerError(
                "unit",
                f"{unit.name} has no CPA in the scenario data, so its DP cannot be computed",
                "6.11",
            )
        )
    if errors or unit is None or cpa is None:
        return _refuse(*errors)
    dp = disorganization_earned(unit.cp_expended, cp, cpa)
    return Outcome(events=(CPExpended(source, unit_id, cp, dp),))


def transfer(
    state: GameState, origin: str, destination: str, supplies: Supplies, source: Source
) -> Outcome:
    """Move supply points between two holders (dumps, units, truck points) of one side.

    Never creates or destroys supplies. Refused, with the amounts: unknown holders, the same
    holder twice, holders of different sides, negative or all-zero amounts, a dummy dump (it
    holds nothing, 60.34), an unlimited source as destination, or taking more than is there.
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
            if wanted > there:
                errors.append(
                    LedgerError(
                        f"--{commodity}",
                        f"{named(origin)} holds {there} {COMMODITY_NAMES[commodity]}, {wanted} asked: "
                        f"{wanted - there} short",
                    )
                )
    if errors:
        return _refuse(*errors)
    return Outcome(events=(SuppliesTransferred(source, origin, destination, supplies),))


def end_stage(state: GameState, source: Source) -> Outcome:
    """End the current Operations Stage: CP expended return to zero (6.16), the clock advances.

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
    return Outcome(
        events=(OperationsStageEnded(source, state.clock, state.clock.next_stage(), cleared),)
    )


def undo(journal: Sequence[tuple[int, Event]], source: Source) -> Outcome:
    """Reverse the latest event not yet reversed, by a new ``EventUndone`` event.

    ``journal`` is the game's events with their sequence numbers, oldest first. Nothing is
    deleted. Refused when only the game's start remains.
    """
    undone = {e.undone_seq for _, e in journal if isinstance(e, EventUndone)}
    for seq, event in reversed(journal):
        if isinstance(event, EventUndone) or seq in undone:
            continue
        if isinstance(event, GameStarted):
            break
        return Outcome(events=(EventUndone(source, seq, event),))
    return _refuse(LedgerError("undo", "nothing to undo: the journal holds only the game's start"))
