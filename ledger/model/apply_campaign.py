"""How the campaign events (``ledger.model.campaign``) change a state being folded: each
handler takes the draft, the event and ``sign`` (1 apply, -1 reverse)."""

from __future__ import annotations

from dataclasses import replace

from ledger.model.campaign import ReinforcementsArrived, UnitsWithdrawn, VictoryPlaceHeld
from ledger.model.draft import Draft
from ledger.model.dumps import held_change
from ledger.model.quantities import Supplies
from ledger.model.units import Side


def reinforcements_arrived(d: Draft, event: ReinforcementsArrived, sign: int) -> None:
    """The units and truck groups of ``event`` enter play (4.43, 20.1); reversed, they leave.
    They are already placed at their arrival place (the scenario's ``location``), so entering
    play only marks them ``entered``."""
    entered = sign > 0
    for unit_id in event.units:
        d.units.fields(unit_id)["entered"] = entered
    for group_id in event.trucks:
        d.trucks.fields(group_id)["entered"] = entered


def units_withdrawn(d: Draft, event: UnitsWithdrawn, sign: int) -> None:
    """The withdrawn units, and the first-line truck groups attached to them, leave play
    (20.8), with the convoy truck points taken to carry them (``event.convoy_points``, 4.43a;
    a convoy left with none leaves play); what they carried (``event.returned``) goes to the dump ``event.to_holder`` or is
    lost (``None``). Reversed, they are back in play with exactly what they carried and the
    dump gives it back."""
    gone = sign > 0
    for unit_id in event.units:
        d.units.fields(unit_id)["withdrawn"] = gone
    for group_id in event.trucks:
        d.trucks.fields(group_id)["withdrawn"] = gone
    for group_id, light, medium, heavy in event.convoy_points:
        fields = d.trucks.fields(group_id)
        if not gone:
            fields["withdrawn"] = False  # a group emptied by the withdrawal is back
        for kind, n in (("light", light), ("medium", medium), ("heavy", heavy)):
            fields[kind] = fields[kind] - n if gone else fields[kind] + n
        if gone and not (fields["light"] or fields["medium"] or fields["heavy"]):
            fields["withdrawn"] = True
    total = Supplies()
    for holder, supplies in event.returned:
        if holder in d.units:
            fields = d.units.fields(holder)
            fields["supplies"] = fields["supplies"] + (-supplies if gone else supplies)
        else:
            fields = d.trucks.fields(holder)
            fields["cargo"] = fields["cargo"] + (-supplies if gone else supplies)
        total = total + supplies
    if event.to_holder is None or total.is_zero:
        return
    dump = d.dumps.original(event.to_holder)
    if dump.unlimited:
        return
    kept = held_change(dump, total if gone else -total)  # an oasis's Water stays (8.48)
    fields = d.dumps.fields(event.to_holder)
    fields["supplies"] = fields["supplies"] + kept


def victory_place_held(d: Draft, event: VictoryPlaceHeld, sign: int) -> None:
    """The victory place's holder and supply line as recorded (60.82); reversed, the record
    before it (``event.before``; ``None``: no record). Kept on the draft's base state, which
    ``Draft.freeze`` carries over."""
    held: dict[str, tuple[Side | None, bool]] = dict(d.base.victory_held)
    record = (event.holder, event.supply_line) if sign > 0 else event.before
    if record is None:
        held.pop(event.place_id, None)
    else:
        held[event.place_id] = record
    d.base = replace(d.base, victory_held=held)
