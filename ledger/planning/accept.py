"""Accepting a convoy plan: the Logistics Commander records a ``ConvoyPlan`` as one action.

``accept_plan`` turns the plan's legs into one atomic ``Outcome`` (all the events, or every
error and nothing written), built by the ordinary commands so that each keeps its checks and
costs (``transfer``: stocks, one hex, 54.2 capacity, loading CP; ``file_requisition``):

* a direct draw (dump and unit in one hex, no trucks) is a transfer dump → unit at once;
* a truck leg loads at the dump: for each truck type the leg uses, that many of the convoy's
  free points are split off into a new group (``TruckPointsMoved`` with ``created``) whose
  ``purpose`` names the requisition (``available.purpose_for``), and the leg's load for that
  type is transferred dump → new group. One type per group keeps the planner's count (each
  type carries its own share, 54.2) and ``transfer``'s pooled capacity check in agreement.
  The delivery is the players' next step: ``move-trucks GROUP HEX`` and ``fulfil R --from
  GROUP``. The convoy must stand in the dump's hex (ruling ``same-hex-transfers``): a leg whose
  convoy is elsewhere refuses the whole plan, naming the leg, unless ``ready_only`` records
  the other legs (``unready_legs`` lists those left out).

Requisitions (4.55; ruling ``plan-partial-requisition``): a requisition stays open while trucks
carry its supplies; one the plan's direct draws answer in full is closed as fulfilled. One
they answer in part is closed as fulfilled, and what remains is filed at once as a new
requisition for the same unit (``refile``, the default: everything not drawn; ``close``: only
what the plan's trucks carry, the rest lapses); the plan's trucks for it then serve the new
one. A requisition with supplies already on trucks from an earlier plan is not drawn for
directly (refused: fulfil it from its trucks first, or leave it out of the plan).

The first event is the player's; the others are app-made, so ``undo`` takes the whole
acceptance back at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from ledger.commands.convoys import group_name
from ledger.commands.logistics import file_requisition
from ledger.commands.outcome import Outcome
from ledger.commands.transfers import HEX, transfer
from ledger.model.apply import apply
from ledger.model.errors import LedgerError
from ledger.model.events import Event, RequisitionClosed, RequisitionFiled, TruckPointsMoved
from ledger.model.quantities import COMMODITIES, Supplies
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.model.trucks import TRUCK_TYPES
from ledger.planning.available import free_carrier, on_its_way, purpose_for
from ledger.planning.convoy_values import ConvoyPlan, PlannedLeg

Numbered = tuple[int, PlannedLeg]
"""A leg with its number in the plan (from 1, as ``proposal.leg_rows`` shows it)."""


def accept_plan(
    state: GameState, plan: ConvoyPlan, source: Source, *, ready_only: bool = False
) -> Outcome:
    """Record ``plan`` (module docstring): transfers, truck points split into one group per
    leg and truck type, requisitions closed or refiled, as one ``Outcome``.

    Refused, every problem at once, each naming its leg (field ``"leg N"``): a plan with no
    leg (to record), a requisition not open or not the leg's unit's, an unknown dump, a convoy
    that is not the side's second/third-line trucks in play or lacks the free truck points,
    a convoy not in the dump's hex (unless ``ready_only``), a direct draw for a requisition
    with supplies on its way, and whatever ``transfer`` refuses (stocks short, 54.2 capacity).
    """
    numbered = list(enumerate(plan.legs, start=1))
    unready = {n for n, _ in _unready(state, numbered)}
    errors = [] if ready_only else [e for _, e in _unready(state, numbered)]
    legs = [(n, leg) for n, leg in numbered if not (ready_only and n in unready)]
    if not legs:
        return Outcome(
            errors=(LedgerError("plan", "nothing to record: no leg of the plan is ready", "54.1"),)
        )
    errors += _leg_errors(state, legs)
    if errors:
        return Outcome(errors=tuple(errors))
    recorder = _Recorder(state, source)
    for requisition_id, answered in _by_requisition(legs).items():
        recorder.answer(requisition_id, answered)
    if recorder.errors:
        return Outcome(errors=tuple(recorder.errors))
    return Outcome(events=_as_one_action(recorder.events))


def unready_legs(state: GameState, plan: ConvoyPlan) -> tuple[LedgerError, ...]:
    """The truck legs whose convoy is not in the dump's hex (ruling ``same-hex-transfers``;
    holders placed by description and unlimited sources are not checked), one error each."""
    return tuple(e for _, e in _unready(state, list(enumerate(plan.legs, start=1))))


def _unready(state: GameState, legs: Sequence[Numbered]) -> list[tuple[int, LedgerError]]:
    if state.ruling("same-hex-transfers") != "enforce":
        return []
    found = []
    for n, leg in legs:
        dump, group = state.dumps.get(leg.trip.dump_id), state.trucks.get(leg.trip.carrier_id or "")
        if dump is None or group is None or dump.unlimited:
            continue
        here, there = group.location, dump.location
        if HEX.match(here) and HEX.match(there) and here != there:
            found.append(
                (
                    n,
                    LedgerError(
                        f"leg {n}",
                        f"{group_name(state, group.id)} is in {here}, not in {dump.name}'s "
                        f"hex {there}: move the convoy to the dump (`move-trucks`) before it "
                        "loads",
                        "54.1",
                    ),
                )
            )
    return found


def _leg_errors(state: GameState, legs: Sequence[Numbered]) -> list[LedgerError]:
    errors = []
    for n, leg in legs:
        for problem in _leg_problems(state, leg):
            errors.append(LedgerError(f"leg {n}", problem[0], problem[1]))
    errors += _carrier_errors(state, legs)
    return errors


def _leg_problems(state: GameState, leg: PlannedLeg) -> list[tuple[str, str]]:
    problems = []
    requisition = state.requisitions.get(leg.trip.requisition_id)
    if requisition is None:
        problems.append((f"no requisition {leg.trip.requisition_id!r}", "4.55"))
    elif requisition.status != "open":
        problems.append((f"{requisition.id} is already {requisition.status}", "4.55"))
    elif requisition.unit_id != leg.destination_unit:
        problems.append(
            (f"{requisition.id} is for {state.holder_name(requisition.unit_id)}", "4.55")
        )
    elif leg.trip.carrier_id is None and not on_its_way(state, requisition.id).is_zero:
        problems.append(
            (
                f"{requisition.id} has {on_its_way(state, requisition.id).describe()} on its "
                f"way by truck: fulfil it from its trucks first, or plan without it",
                "4.55",
            )
        )
    if leg.trip.dump_id not in state.dumps:
        problems.append((f"no dump {leg.trip.dump_id!r}", ""))
    if leg.supplies.is_zero:
        problems.append(("the leg carries nothing", ""))
    return problems


def _carrier_errors(state: GameState, legs: Sequence[Numbered]) -> list[LedgerError]:
    """Each convoy named exists, is in play, is second/third-line trucks (8.18) of the
    requisition's side, and has the free points its legs take, type by type (54.2)."""
    asked: dict[str, list[int]] = {}
    first_leg: dict[str, int] = {}
    for n, leg in legs:
        if leg.trip.carrier_id is not None:
            total = asked.setdefault(leg.trip.carrier_id, [0, 0, 0])
            for i, t in enumerate(TRUCK_TYPES):
                total[i] += getattr(leg, t)
            first_leg.setdefault(leg.trip.carrier_id, n)
    errors = []
    for group_id, wanted in asked.items():
        where = f"leg {first_leg[group_id]}"
        group = state.trucks.get(group_id)
        if group is None:
            errors.append(LedgerError(where, "no such truck group: plan again"))
            continue
        if group.line != "second_third" or not group.in_play(state.clock):
            errors.append(
                LedgerError(
                    where,
                    f"{group_name(state, group_id)} is not a convoy in play (8.18, 8.86)",
                    "8.18",
                )
            )
            continue
        free = free_carrier(group)
        for t, n in zip(TRUCK_TYPES, wanted, strict=True):
            if n > free.points(t):
                errors.append(
                    LedgerError(
                        where,
                        f"{group_name(state, group_id)} has {free.points(t)} free {t} truck "
                        "points, the plan "
                        f"takes {n}: {n - free.points(t)} short",
                        "54.2",
                    )
                )
    return errors


def _by_requisition(legs: Sequence[Numbered]) -> dict[str, list[Numbered]]:
    grouped: dict[str, list[Numbered]] = {}
    for n, leg in legs:
        grouped.setdefault(leg.trip.requisition_id, []).append((n, leg))
    return grouped


@dataclass
class _Recorder:
    """Runs commands one after another on a working copy of the state, keeping their events
    and every refusal (named after its leg)."""

    state: GameState
    source: Source
    events: list[Event] = field(default_factory=list)
    errors: list[LedgerError] = field(default_factory=list)

    def run(self, outcome: Outcome, where: str) -> bool:
        """Keep ``outcome``'s events (applied to the working state) or its errors."""
        if not outcome.ok:
            self.errors += [LedgerError(where, e.message, e.case) for e in outcome.errors]
            return False
        for event in outcome.events:
            self.state = apply(self.state, event)
            self.events.append(event)
        return True

    def answer(self, requisition_id: str, legs: list[Numbered]) -> None:
        """The direct draws, the requisition closed or refiled, then the truck legs."""
        direct = [(n, leg) for n, leg in legs if leg.trip.carrier_id is None]
        trucked = [(n, leg) for n, leg in legs if leg.trip.carrier_id is not None]
        for n, leg in direct:
            self.run(
                transfer(
                    self.state, leg.trip.dump_id, leg.destination_unit, leg.supplies, self.source
                ),
                f"leg {n}",
            )
        target = requisition_id
        if direct:
            target = self._close(requisition_id, direct, trucked)
        for n, leg in trucked:
            self._load(n, leg, target)

    def _close(self, requisition_id: str, direct: list[Numbered], trucked: list[Numbered]) -> str:
        """Close a requisition drawn for directly; file what remains. Returns the requisition
        the trucks serve (the new one, or the same when nothing was filed)."""
        filed = self.state.requisitions[requisition_id]
        drawn = _total(direct)
        carried = _total(trucked)
        rest = _at_least_zero(filed.wanted - drawn)
        if self.state.ruling("plan-partial-requisition") == "close":
            lapsed = _at_least_zero(rest - carried)
            rest = _at_least_zero(rest - lapsed)
        posted = replace(self.source, app_made=True)
        where = f"leg {direct[0][0]}"
        if rest.is_zero:
            why = f"drawn under the convoy plan: {drawn.describe()}"
            self.run(
                Outcome(events=(RequisitionClosed(posted, requisition_id, "fulfilled", why),)),
                where,
            )
            return requisition_id
        refiled = file_requisition(
            self.state, filed.unit_id, rest, posted, note=f"rest of {requisition_id} (convoy plan)"
        )
        new_id = next(
            (e.requisition_id for e in refiled.events if isinstance(e, RequisitionFiled)), ""
        )
        why = f"drawn under the convoy plan: {drawn.describe()}; the rest as {new_id}"
        closed = RequisitionClosed(posted, requisition_id, "fulfilled", why)
        if self.run(Outcome(events=(closed,)), where) and self.run(refiled, where):
            return new_id
        return requisition_id

    def _load(self, n: int, leg: PlannedLeg, requisition_id: str) -> None:
        """Split the leg's truck points off its convoy, one new group per truck type, and load
        each with its share of the leg."""
        carrier_id = leg.trip.carrier_id
        assert carrier_id is not None
        types = [
            t for t in TRUCK_TYPES if getattr(leg, t) and not leg.loads.get(t, Supplies()).is_zero
        ]
        for t in types:
            convoy = self.state.trucks[carrier_id]
            base = f"{carrier_id}.{requisition_id}" + (f".{t}" if len(types) > 1 else "")
            # the convoy's own record (place, CP expended this OpStage, ...) with no points yet
            group = replace(
                convoy,
                id=_new_group_id(self.state, base),
                light=0,
                medium=0,
                heavy=0,
                cargo=Supplies(),
                purpose=purpose_for(self.state, requisition_id),
                notes="",
                case="54.2",
                source=f"split from {group_name(self.state, carrier_id)} by the convoy plan",
            )
            points = {t: getattr(leg, t)}
            split = TruckPointsMoved(
                self.source,
                carrier_id,
                group.id,
                points.get("light", 0),
                points.get("medium", 0),
                points.get("heavy", 0),
                created=group,
            )
            if self.run(Outcome(events=(split,)), f"leg {n}"):
                load = leg.loads[t]
                self.run(
                    transfer(self.state, leg.trip.dump_id, group.id, load, self.source), f"leg {n}"
                )


def _total(legs: list[Numbered]) -> Supplies:
    return sum((leg.supplies for _, leg in legs), Supplies())


def _at_least_zero(supplies: Supplies) -> Supplies:
    return Supplies(*(max(0, supplies.get(c)) for c in COMMODITIES))


def _new_group_id(state: GameState, base: str) -> str:
    if base not in state.trucks:
        return base
    n = 2
    while f"{base}.{n}" in state.trucks:
        n += 1
    return f"{base}.{n}"


def _as_one_action(events: list[Event]) -> tuple[Event, ...]:
    """The first event the player's, the rest app-made (``undo`` reverses them together)."""
    first, *rest = events
    return (
        replace(first, source=replace(first.source, app_made=False)),
        *(replace(e, source=replace(e.source, app_made=True)) for e in rest),
    )
