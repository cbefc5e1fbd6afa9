"""The journal's words for the campaign events (``ledger.model.campaign``): reinforcements
entering play (4.43, 20.1), withdrawals (20.8) and victory places held (60.82), counters by
their printed names (``ledger.reports.event_log.describe`` calls ``describe_campaign_event``).
"""

from __future__ import annotations

from ledger.commands.withdrawal_transport import taken_text
from ledger.model.campaign import ReinforcementsArrived, UnitsWithdrawn, VictoryPlaceHeld
from ledger.model.quantities import Supplies
from ledger.model.seats import side_name
from ledger.model.state import GameState


def _name(state: GameState | None, holder: str) -> str:
    """A counter's, dump's or truck group's name when ``state`` knows it, else the id (which
    ``event_log.named`` reads as a name where it can)."""
    if state is None:
        return holder
    if holder in state.units or holder in state.dumps or holder in state.trucks:
        return state.holder_name(holder)
    return holder


def describe_campaign_event(
    event: ReinforcementsArrived | UnitsWithdrawn | VictoryPlaceHeld, state: GameState | None
) -> str:
    """One journal line for a campaign event: ``"reinforcements enter play for GT 2 OpStage 1:
    Polish Brigade HQ, ... (4.43, 20.1)"``, ``"5th Indian Bde HQ group withdrawn (20.8): ...;
    carried 10 Fuel to Cairo"``, ``"Tobruk held by the Commonwealth with a supply line
    (60.82)"``."""
    if isinstance(event, ReinforcementsArrived):
        names = [_name(state, u) for u in (*event.units, *event.trucks)]
        return f"reinforcements enter play for {event.at.short}: {', '.join(names)} (4.43, 20.1)"
    if isinstance(event, UnitsWithdrawn):
        title = event.withdrawal_id
        if state is not None:
            title = next(
                (w.name for w in state.schedule.withdrawals if w.id == event.withdrawal_id), title
            )
        how = "eliminated instead (20.83)" if event.eliminated else "withdrawn (20.8)"
        gone = ", ".join(_name(state, u) for u in (*event.units, *event.trucks))
        carried = sum((s for _, s in event.returned), Supplies())
        line = f"{title} {how}: {gone}"
        if not carried.is_zero:
            where = "lost" if event.to_holder is None else f"to {_name(state, event.to_holder)}"
            line += f"; carried {carried.describe()} {where}"
        if event.convoy_points:
            taken = taken_text(state, event.convoy_points) if state is not None else ""
            line += f"; with {taken or 'convoy truck points'} (4.43a)"
        if event.transport_shortfall:
            line += f"; {event.transport_shortfall} truck value points short (4.43a)"
        return line
    place = event.place_id
    if state is not None:
        place = next((p.name for p in state.schedule.victory if p.id == event.place_id), place)
    if event.holder is None:
        return f"nobody holds {place} (60.82)"
    line = "with a supply line" if event.supply_line else "without a supply line"
    return f"{place} held by the {side_name(event.holder)} {line} (60.82)"
