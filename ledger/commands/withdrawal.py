"""Scheduled withdrawals (4.43a, 20.8, 20.83): the transport they need, which are still to
record, and ``withdraw``, which takes a withdrawal's counters out of play.

A withdrawal is *recorded* once its counters are withdrawn and none is in play any more
(``recorded``): the ledger keeps no list of withdrawals done, the counters' ``withdrawn`` flag
is the record, so undoing a ``UnitsWithdrawn`` puts the withdrawal back on the agenda by itself.

Rulings: ``withdrawal-transport`` (a shortage of trucks recorded or refused),
``withdrawal-supplies`` (what the counters carried goes to a dump or is lost) and
``withdrawal-due`` (``ledger.commands.stage_end`` refuses to end an Operations Stage with a
withdrawal due and not recorded).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from ledger.commands.outcome import Outcome, refuse
from ledger.commands.withdrawal_transport import (
    WITHDRAWAL_PLACE,
    Taken,
    at_cairo_or_alexandria,
    eligible_convoys,
    take_points,
    taken_value,
    truck_value,
)
from ledger.model.campaign import UnitsWithdrawn, Withdrawal
from ledger.model.errors import LedgerError
from ledger.model.quantities import Supplies
from ledger.model.seats import side_name
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.model.trucks import add_points
from ledger.rules.organization import (
    current_parent,
    formation_tree,
    formation_truck_points,
    highest_parent,
)


@dataclass(frozen=True, slots=True)
class Transport:
    """The transport of a withdrawal at the time (4.43a; interpretation scen-0006, ruling
    ``withdrawal-transport``): ``required`` truck value printed (``None``: none printed),
    ``attached`` that of the first-line trucks attached to its counters (they leave with
    them, all of them), ``convoys`` that of the side's eligible empty second/third-line trucks
    at Cairo or Alexandria (``withdrawal_transport.eligible_convoys``), ``available`` the two
    together, ``taken`` the convoy truck points that would go with it to make up the printed
    minimum ((group id, light, medium, heavy)) and ``shortfall`` the whole truck value points
    still missing (0: none; rounded up)."""

    required: int | None
    convoys: Fraction
    attached: Fraction
    available: Fraction
    shortfall: int
    taken: tuple[Taken, ...] = ()


def find_withdrawal(
    state: GameState, text: str, field: str = "withdrawal"
) -> Withdrawal | LedgerError:
    """The scheduled withdrawal ``text`` names: by its id or its name, or by the printed name
    or id of its first counter (``"5th Indian Bde HQ"``), case not mattering; an error for
    ``field`` naming the scenario's withdrawals when it names none (20.8)."""
    wanted = text.strip().casefold()
    for w in state.schedule.withdrawals:
        if text == w.id or wanted in (w.id.casefold(), w.name.casefold()):
            return w
    for w in state.schedule.withdrawals:
        first = state.units.get(w.units[0]) if w.units else None
        if first is not None and wanted in (first.id.casefold(), first.name.casefold()):
            return w
    known = "; ".join(w.name for w in state.schedule.withdrawals)
    return LedgerError(
        field,
        f"no scheduled withdrawal {text!r} in {state.info.name}"
        + (f"; the schedule has: {known}" if known else "; its schedule has none"),
        "20.8",
    )


def remaining(state: GameState, withdrawal: Withdrawal) -> list[str]:
    """The ids of the withdrawal's counters still in play (the ledger's units only: a counter
    the game does not hold is left out)."""
    return [u for u in withdrawal.units if u in state.units and state.units[u].in_play(state.clock)]


def recorded(state: GameState, withdrawal: Withdrawal) -> bool:
    """Whether the withdrawal is recorded: its counters are withdrawn, none is in play (a
    withdrawal whose counters have not arrived yet is not)."""
    withdrawn = any(state.units[u].withdrawn for u in withdrawal.units if u in state.units)
    return withdrawn and not remaining(state, withdrawal)


def pending(state: GameState) -> list[Withdrawal]:
    """The withdrawals due at the current Operations Stage or before with counters still in
    play (20.8), in schedule order."""
    return [w for w in state.schedule.withdrawals if w.due <= state.clock and remaining(state, w)]


def attached_trucks(state: GameState, unit_ids: Iterable[str]) -> list[str]:
    """The first-line truck groups in play attached to ``unit_ids`` (8.96), sorted by id."""
    units = set(unit_ids)
    return sorted(
        g.id
        for g in state.trucks.values()
        if g.line == "first" and g.attached_to in units and g.in_play(state.clock)
    )


def transport(state: GameState, withdrawal: Withdrawal) -> Transport:
    """The withdrawal's ``Transport`` now (4.43a, scen-0006): its counters' attached
    first-line trucks, then eligible empty convoy truck points at Cairo or Alexandria taken to
    make up the printed minimum (``take_points``), and what is still short."""
    attached = sum(
        (
            truck_value(state.trucks[g])
            for g in attached_trucks(state, remaining(state, withdrawal))
        ),
        Fraction(0),
    )
    groups = eligible_convoys(state, withdrawal.side)
    convoys = sum((truck_value(g) for g in groups), Fraction(0))
    required = withdrawal.truck_value_points
    taken = () if required is None else take_points(groups, required - attached)
    short = 0 if required is None else max(0, math.ceil(required - attached - taken_value(taken)))
    return Transport(required, convoys, attached, attached + convoys, short, taken)


def away_counters(state: GameState, withdrawal: Withdrawal) -> list[str]:
    """The ids of the withdrawal's counters in play not at Cairo or Alexandria (20.83:
    eliminated at the deadline unless they get there), in schedule order."""
    return [
        u
        for u in remaining(state, withdrawal)
        if not at_cairo_or_alexandria(state.units[u].location)
    ]


def place_warning(state: GameState, unit_id: str) -> str:
    """The 20.83 warning for a counter away from Cairo and Alexandria, in players' words."""
    return (
        f"{state.units[unit_id].name} ({state.units[unit_id].location or 'no hex'}) is not at "
        "Cairo or Alexandria: eliminated under 20.83 unless it gets there — or record the withdrawal as eliminated"
    )


def withdraw(
    state: GameState,
    withdrawal_id: str,
    source: Source,
    *,
    supplies_to: str | None = None,
    eliminated: bool = False,
) -> Outcome:
    """Carry out scheduled withdrawal ``withdrawal_id`` (its id or name; 20.8): its counters
    still in play, and the first-line trucks attached to them, leave play in one
    ``UnitsWithdrawn``.

    Refused (nothing posted) for an unknown withdrawal (naming the scenario's), before its due
    Operations Stage (20.8), once recorded, for a seat of the other side, and under ruling
    ``withdrawal-transport=refuse`` while the side's trucks give less truck value than
    printed (4.43a). What the counters and trucks carry goes, under ruling
    ``withdrawal-supplies=to-dump`` (default), to the side's dump ``supplies_to`` (its id or
    name; default: the side's only dump at the counters' hex, refused when there is none or
    more than one), or is lost under ``lost``. ``eliminated`` (20.83: not at Cairo or
    Alexandria, or below its TOE, at the deadline): the counters are eliminated instead, what
    they carry is lost and no transport is asked.
    """
    found = find_withdrawal(state, withdrawal_id)
    if isinstance(found, LedgerError):
        return refuse(found)
    w = found
    errors: list[LedgerError] = []
    if state.clock < w.due:
        errors.append(
            LedgerError(
                "withdrawal",
                f"{w.name} is due {w.due.short}; it is {state.clock.short} now",
                "20.8",
            )
        )
    leaving = remaining(state, w)
    if not leaving:
        done = recorded(state, w)
        said = "is already recorded" if done else "has no counter in play"
        errors.append(LedgerError("withdrawal", f"{w.name} {said}", "20.8"))
    if source.side is not None and source.side != w.side:
        errors.append(
            LedgerError(
                "side",
                f"{w.name} is a {side_name(w.side)} withdrawal; recorded for "
                f"{side_name(source.side)}",
                "20.8",
            )
        )
    if errors:
        return refuse(*errors)
    trucks = attached_trucks(state, leaving)
    errors += _left_behind(state, w, leaving, trucks)
    carried = [(u, state.units[u].supplies) for u in leaving] + [
        (g, state.trucks[g].cargo) for g in trucks
    ]
    returned = tuple((h, s) for h, s in carried if not s.is_zero)
    short = 0
    taken: tuple[Taken, ...] = ()
    if not eliminated:
        if state.ruling("withdrawal-place") == "refuse":
            errors += [
                LedgerError("eliminated", place_warning(state, u), "20.83")
                for u in away_counters(state, w)
            ]
        moved = transport(state, w)
        short, taken = moved.shortfall, moved.taken
        if short and state.ruling("withdrawal-transport") == "refuse":
            errors.append(
                LedgerError(
                    "trucks",
                    f"{w.name} needs {moved.required} truck value; "
                    f"{side_name(w.side)} has {_fraction_text(moved.available)} with it and "
                    f"empty at {WITHDRAWAL_PLACE} "
                    f"({short} short; ruling withdrawal-transport=refuse)",
                    "4.43a",
                )
            )
    to_holder, dump_errors = _dump(state, w, leaving, supplies_to, bool(returned), eliminated)
    errors += dump_errors
    if errors:
        return refuse(*errors)
    return Outcome(
        events=(
            UnitsWithdrawn(
                source,
                w.id,
                tuple(leaving),
                returned,
                to_holder,
                short,
                tuple(trucks),
                eliminated,
                taken,
            ),
        )
    )


def _left_behind(
    state: GameState, w: Withdrawal, leaving: list[str], trucks: list[str]
) -> list[LedgerError]:
    """Why the withdrawal would strand units that stay (8.95, 9.21): units riding truck
    points of their formation that leave with it (the formation keeps fewer points than its
    staying riders ride), and units with a leaving HQ (attached to it, or assigned and not
    detached) that are not themselves in the withdrawal."""
    gone = set(leaving)
    errors = []
    for top in sorted({highest_parent(state, u) for u in leaving}):
        members = list(formation_tree(state, top).walk())
        riders = [u for u in members if u.id not in gone and any(u.carried_by)]
        if not riders:
            continue
        ids = {u.id for u in members}
        going = [state.trucks[g] for g in trucks if state.trucks[g].attached_to in ids]
        kept = tuple(
            a - b
            for a, b in zip(
                formation_truck_points(state, top),
                add_points(*((g.light, g.medium, g.heavy) for g in going)),
                strict=True,
            )
        )
        ridden = add_points(*(u.carried_by for u in riders))
        if any(r > k for r, k in zip(ridden, kept, strict=True)):
            names = ", ".join(
                f"{u.name} ({'/'.join(str(n) for n in u.carried_by)})" for u in riders
            )
            errors.append(
                LedgerError(
                    "withdrawal",
                    f"{names} ride{'s' if len(riders) == 1 else ''} truck points of "
                    f"{state.units[top].name}'s formation that leave with {w.name} "
                    f"({'/'.join(str(n) for n in kept)} light/medium/heavy would stay): unload "
                    "them first (load-troops with all points 0)",
                    "8.95",
                )
            )
    hanging = [u for u in state.units_in_play() if u.id not in gone and current_parent(u) in gone]
    if hanging:
        names = ", ".join(
            f"{u.name} (with {state.units[current_parent(u) or ''].name})" for u in hanging
        )
        errors.append(
            LedgerError(
                "withdrawal",
                f"{names}: not in {w.name} but with a leaving HQ: detach "
                f"{'it' if len(hanging) == 1 else 'them'} first (detach)",
                "9.21",
            )
        )
    return errors


def _dump(
    state: GameState,
    w: Withdrawal,
    leaving: list[str],
    supplies_to: str | None,
    carrying: bool,
    eliminated: bool,
) -> tuple[str | None, list[LedgerError]]:
    """The dump the withdrawn counters' supplies go to (``None``: lost), or the errors."""
    lost = eliminated or state.ruling("withdrawal-supplies") == "lost"
    if lost:
        if supplies_to is not None:
            why = "they are eliminated (20.83)" if eliminated else "ruling withdrawal-supplies=lost"
            return None, [
                LedgerError("supplies_to", f"{supplies_to!r}: the supplies are lost: {why}", "20.8")
            ]
        return None, []
    own = {
        k: d
        for k, d in state.dumps.items()
        if d.side == w.side and d.kind in ("dump", "unlimited")  # not a dummy or an air pool
    }
    if supplies_to is not None:
        wanted = supplies_to.strip().casefold()
        hits = [
            k
            for k, d in own.items()
            if supplies_to == k or wanted in (k.casefold(), d.name.casefold())
        ]
        if len(hits) != 1:
            return None, [
                LedgerError(
                    "supplies_to",
                    f"{supplies_to!r} is not a {side_name(w.side)} supply dump in this game",
                    "20.8",
                )
            ]
        dump = own[hits[0]]
        hexes = {state.units[u].location for u in leaving}
        if dump.location not in hexes and not at_cairo_or_alexandria(dump.location):
            return None, [
                LedgerError(
                    "supplies_to",
                    f"{dump.name} ({dump.location}) is neither at the counters' hex "
                    f"({', '.join(sorted(hexes))}) nor at {WITHDRAWAL_PLACE}: what they carry "
                    "goes back to a dump where they stand or where they leave from",
                    "20.8",
                )
            ]
        return hits[0], []
    if not carrying:
        return None, []
    hexes = {state.units[u].location for u in leaving}
    there = sorted(k for k, d in own.items() if d.location in hexes)
    if len(hexes) == 1 and len(there) == 1:
        return there[0], []
    named = ", ".join(own[k].name for k in there) or "none"
    return None, [
        LedgerError(
            "supplies_to",
            f"name the {side_name(w.side)} dump that takes what {w.name} carries with "
            f"--supplies-to (a dump at its counters' hex or at Cairo or Alexandria; at its "
            f"counters' hex: {named}; ruling withdrawal-supplies=to-dump)",
            "20.8",
        )
    ]


def _fraction_text(value: Fraction) -> str:
    """``7/2`` as ``"3 1/2"``, whole numbers as themselves."""
    whole, part = divmod(value, 1)
    if not part:
        return str(int(whole))
    return f"{int(whole)} {part}" if whole else str(part)


def unrecorded_errors(state: GameState) -> list[LedgerError]:
    """Why the Operations Stage may not end for the withdrawals (ruling ``withdrawal-due``,
    default ``refuse-end``; empty under ``remind``): one error per withdrawal due now or
    before and not recorded, naming it and the command that records it (20.8)."""
    if state.ruling("withdrawal-due") != "refuse-end":
        return []
    return [
        LedgerError(
            "withdrawal",
            f"{w.name} is due {w.due.short} and not recorded: "
            f'`quartermaster withdraw "{w.name}"` (or choose the house rule '
            "withdrawal-due=remind)",
            "20.8",
        )
        for w in pending(state)
    ]


def supplies_total(carried: Iterable[tuple[str, Supplies]]) -> Supplies:
    """The supplies of ``(holder, supplies)`` pairs together."""
    return sum((s for _, s in carried), Supplies())
