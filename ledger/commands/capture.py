"""Capturing the enemy's supplies (50.16, 51.16).

A captured holder's supplies leave the enemy's ledger and only the usable share reaches the
captor: one third of the Ammunition rounded up (50.16), half of the Stores (51.16, ruling
``51.16-captured-stores-halves``), Fuel and Water whole. The rest is lost. Both sides of the
capture are one atomic action: the players' ``SuppliesConsumed`` (cause ``captured-by-enemy``) at
the enemy holder and the ledger's app-made ``SuppliesArrived`` (cause ``captured``) at the
captor's holder, so the journal shows what was taken, what was kept, and ``undo`` takes back
both.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ledger.commands.logistics import arrive, consume
from ledger.commands.outcome import Outcome
from ledger.commands.transfers import HEX, same_hex_errors
from ledger.model.errors import LedgerError
from ledger.model.lookup import resolve
from ledger.model.quantities import COMMODITIES, Supplies
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.model.units import Side
from ledger.rules.consumption import usable_captured
from ledger.rules.consumption_rates import ConsumptionRulings

HOLDER_KINDS = ("dump", "unit", "trucks")


@dataclass(frozen=True, slots=True)
class CaptureShare:
    """What a capture takes from the enemy (``taken``) and what the captor may use
    (``usable``), in supply points per commodity (50.16, 51.16)."""

    taken: Supplies
    usable: Supplies

    @property
    def lost(self) -> Supplies:
        """Supply points destroyed in the capture: taken but not usable."""
        return self.taken - self.usable


def capture_share(taken: Supplies, rulings: ConsumptionRulings) -> CaptureShare:
    """The usable share of ``taken`` captured supply points, commodity by commodity.

    Ammunition 30 -> 10, 31 -> 11 (a third, rounded up, 50.16); Stores 25 -> 12 or 13 by ruling
    ``51.16-captured-stores-halves``; Fuel and Water whole. Raises ``ValueError`` for negative
    amounts."""
    usable = Supplies(
        **{c: usable_captured(c, taken.get(c), rulings) for c in COMMODITIES},
    )
    return CaptureShare(taken, usable)


def capture(
    state: GameState,
    enemy_holder: str,
    captor_holder: str,
    source: Source,
    supplies: Supplies | None = None,
) -> Outcome:
    """The captor's ``captor_holder`` (a unit, dump or truck group) takes ``supplies`` (all the
    enemy holder holds when ``None``) from ``enemy_holder`` and keeps the usable share (50.16,
    51.16).

    Refused: unknown holders; both holders on one side, or in different hexes (ruling
    ``same-hex-transfers``: the captor takes the supplies where they are), said before anything
    of what the enemy holder is or holds (11.36); then an unlimited source or a dummy dump
    (nothing to take, 60.44, 60.34), nothing held at all, and, with everything found, more than
    the enemy holds and whatever ``arrive`` refuses at the captor (its capacity)."""
    errors: list[LedgerError] = []
    for field, holder in (("ENEMY", enemy_holder), ("--to", captor_holder)):
        if state.holder_kind(holder) is None:
            errors.append(LedgerError(field, f"no dump, unit or truck group {holder!r}"))
    if errors:
        return Outcome(errors=tuple(errors))
    named = state.holder_name
    if state.holder_side(enemy_holder) == state.holder_side(captor_holder):
        errors.append(
            LedgerError(
                "--to",
                f"{named(enemy_holder)} and {named(captor_holder)} are both "
                f"{state.holder_side(captor_holder)}'s: a capture takes the enemy's supplies",
                "50.16",
            )
        )
    # Before anything that tells what the enemy holder is or holds: a capture takes supplies
    # where they are, so a holder in another hex reveals nothing (11.36).
    away = same_hex_errors(state, enemy_holder, captor_holder)
    if away:
        return Outcome(errors=(*errors, *away))
    dump = state.dumps.get(enemy_holder)
    if dump is not None and dump.kind in ("unlimited", "dummy"):
        errors.append(
            LedgerError(
                "ENEMY",
                f"{named(enemy_holder)} is a {dump.kind} holder: there is nothing to capture",
                "60.44" if dump.kind == "unlimited" else "60.34",
            )
        )
    if errors:
        return Outcome(errors=tuple(errors))
    held = state.holder_supplies(enemy_holder)
    assert held is not None
    taken = held if supplies is None else supplies
    if taken.is_zero:
        return Outcome(
            errors=(LedgerError("ENEMY", f"{named(enemy_holder)} holds no supplies", "50.16"),)
        )
    share = capture_share(taken, state.rulings_of(ConsumptionRulings.from_choices))
    lost = consume(state, enemy_holder, taken, "captured-by-enemy", source)
    errors += lost.errors
    kept = replace(
        source, app_made=True, reason=f"usable share of what was captured at {named(enemy_holder)}"
    )
    gained = (
        arrive(state, captor_holder, share.usable, "captured", kept)
        if not share.usable.is_zero
        else Outcome()
    )
    errors += gained.errors
    if errors:
        return Outcome(errors=tuple(errors))
    return Outcome(events=(*lost.events, *gained.events))


def enemy_holder(state: GameState, text: str, captor: str, side: Side | None) -> str | LedgerError:
    """The id of the enemy holder ``text`` names for a capture by ``captor``, or the error
    (field ``ENEMY``), as ``quartermaster capture`` reads its ENEMY argument.

    ``side`` ``None`` (the solo table, the umpire: every holder in view): any dump, unit or
    truck group by its id or name (``ledger.model.lookup.resolve``). A side's seat: looked up
    in the whole ledger ``state``, but only among the enemy's dumps, units and truck groups in
    ``captor``'s hex (their counters stand there on the map, 50.16), by its id or, in any case,
    a dump's name or a unit's counter text or name exactly; a holder anywhere else, or a text
    naming part of one, is no such holder, so the refusal tells nothing of the enemy (11.36)."""
    if side is None:
        return resolve(state, text, "ENEMY", HOLDER_KINDS)
    here = _location(state, captor)
    wanted = text.strip().casefold()
    holders: list[tuple[str, str, str, tuple[str, ...]]] = [
        *((u.id, u.side, u.location, (u.counter, u.name)) for u in state.units.values()),
        *((d.id, d.side, d.location, (d.name,)) for d in state.dumps.values()),
        *((t.id, t.side, t.location, ()) for t in state.trucks.values()),
    ]
    hits = [
        holder
        for holder, holder_side, location, names in holders
        if holder_side != side
        and HEX.match(here)
        and location == here
        and (holder == text.strip() or any(n.casefold() == wanted for n in names if n))
    ]
    if len(hits) == 1:
        return hits[0]
    if hits:
        said = f"{text!r} names {len(hits)} enemy holders in {here}: give its id"
    else:
        said = f"no enemy dump, truck group or unit called {text!r} in {here}"
    return LedgerError("ENEMY", said, "50.16")


def _location(state: GameState, holder: str) -> str:
    """Where the unit, dump or truck group ``holder`` stands: a hex, or the scenario's
    description of its place; empty for no such holder."""
    if holder in state.units:
        return state.units[holder].location
    if holder in state.dumps:
        return state.dumps[holder].location
    if holder in state.trucks:
        return state.trucks[holder].location
    return ""


def capture_named(
    state: GameState,
    enemy_text: str,
    captor_holder: str,
    side: Side | None,
    source: Source,
    supplies: Supplies | None = None,
) -> Outcome:
    """``capture`` of the enemy holder ``enemy_text`` names (``enemy_holder``: for a side's
    seat, ``side``, only the enemy's holders in the captor's hex) by ``captor_holder``; the
    refusal of an unknown name says nothing of the enemy elsewhere (11.36)."""
    enemy = enemy_holder(state, enemy_text, captor_holder, side)
    if isinstance(enemy, LedgerError):
        return Outcome(errors=(enemy,))
    return capture(state, enemy, captor_holder, source, supplies)
