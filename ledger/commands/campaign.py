"""Reinforcements entering play (4.43, 20.1) and victory places held (60.82).

Reinforcements arrive by the journal, not by the calendar: as an Operations Stage begins,
``ledger.commands.stage_end`` posts an app-made ``ReinforcementsArrived`` (``arrivals_event``)
for the units and truck groups scheduled for it, and undoing that end of stage takes them
out again. ``Unit.in_play`` also reads the clock, so a journal written before arrivals were
events keeps its reinforcements, and a scenario's arrivals at its own first Operations Stage
(no end of stage comes before them; no event is posted at the start) are in play from it.

``hold_place`` records who holds a victory place and whether the supply-line condition of
60.82 is met, as the players read it off the map.
"""

from __future__ import annotations

from ledger.commands.outcome import Outcome, refuse
from ledger.model.campaign import ReinforcementsArrived, VictoryPlace, VictoryPlaceHeld
from ledger.model.clock import GameTime
from ledger.model.errors import LedgerError
from ledger.model.seats import side_name
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.model.units import Side


def arrivals_due(state: GameState, at: GameTime) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """``(unit ids, truck group ids)`` scheduled to enter play at Operations Stage ``at``
    (4.43, 20.1) and not yet entered, each sorted by id."""
    units = tuple(
        sorted(
            u.id
            for u in state.units.values()
            if u.arrival == at and not u.entered and not u.withdrawn
        )
    )
    trucks = tuple(
        sorted(
            g.id
            for g in state.trucks.values()
            if g.arrival == at and not g.entered and not g.withdrawn
        )
    )
    return units, trucks


def arrivals_event(state: GameState, at: GameTime) -> ReinforcementsArrived | None:
    """The app-made ``ReinforcementsArrived`` of Operations Stage ``at`` (``None``: nothing
    arrives then), its source at ``at`` with the reason players read in the journal."""
    units, trucks = arrivals_due(state, at)
    if not units and not trucks:
        return None
    source = Source(at, reason=f"reinforcements for {at.short} (4.43, 20.1)", app_made=True)
    return ReinforcementsArrived(source, at, units, trucks)


def find_place(state: GameState, text: str, field: str = "place") -> VictoryPlace | LedgerError:
    """The victory place ``text`` names, by its id or its name (case does not matter), or an
    error for ``field`` naming the scenario's places (60.82)."""
    wanted = text.strip().casefold()
    for place in state.schedule.victory:
        if text == place.id or wanted in (place.id.casefold(), place.name.casefold()):
            return place
    known = ", ".join(p.name for p in state.schedule.victory)
    return LedgerError(
        field,
        f"no victory place {text!r} in {state.info.name}"
        + (f"; its places are {known}" if known else "; it has no victory places"),
        "60.82",
    )


def hold_place(
    state: GameState, place_id: str, holder: Side | None, supply_line: bool, source: Source
) -> Outcome:
    """Record that ``holder`` (``None``: nobody) holds victory place ``place_id`` (its id or
    name), with or without a supply line of 60.82 (at most one Game-Turn long to a dump or
    city linked to Cairo, Commonwealth, or Tripoli, Italian; held by a combat unit). Posts a
    ``VictoryPlaceHeld`` carrying the record before it.

    Refused for an unknown place (naming the scenario's), a supply line with nobody holding
    the place, and a record that changes nothing.
    """
    found = find_place(state, place_id)
    if isinstance(found, LedgerError):
        return refuse(found)
    if holder is None and supply_line:
        return refuse(
            LedgerError(
                "supply_line",
                f"nobody holds {found.name}: a supply line counts only for its holder",
                "60.82",
            )
        )
    before = state.victory_held.get(found.id)
    if before == (holder, supply_line):
        said = "nobody" if holder is None else side_name(holder)
        return refuse(
            LedgerError(
                "holder",
                f"{found.name} is already recorded as held by {said}"
                + (" with a supply line" if supply_line else ""),
                "60.82",
            )
        )
    return Outcome(events=(VictoryPlaceHeld(source, found.id, holder, supply_line, before),))
