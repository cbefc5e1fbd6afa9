"""What a side's set-up still holds open (59.4x): the check the CLI's ``quartermaster setup``
and the dashboard's Set-up page read.

``setup_checklist(state, side)`` says what the side must still place (a refusal of
``finish`` while any is left) and what it may still see to (truck groups at a choice
location, first-line trucks not loaded, 59.45 — warnings, not refusals). ``setup_lines``
gives the same as lines of text for a player.
"""

from __future__ import annotations

from dataclasses import dataclass

from ledger.commands.setup import unplaced
from ledger.commands.setup_places import is_placeable
from ledger.model.seats import side_name
from ledger.model.setup_step import CounterPlaced, SetupFinished
from ledger.model.state import GameState
from ledger.model.units import Side


@dataclass(frozen=True, slots=True)
class SetupItem:
    """One counter of the check: its id (for the commands), its printed name (for players),
    where the scenario puts it, and what is left to do (``"place at a hex"``, ``"place 2
    counters"``, ``"not loaded: 10 light, 25 medium, 10 heavy truck points"``)."""

    counter_id: str
    name: str
    location: str
    todo: str
    case: str


@dataclass(frozen=True, slots=True)
class SetupChecklist:
    """A side's set-up as it stands (59.4).

    ``open``: the side has not finished. ``to_place``: units, dumps (dummy ones included) and
    truck groups at a choice location ("within 3 hexes of C0716", "any own air facility"), each
    a refusal of ``finish`` until placed. ``may_place``: counters whose scenario location
    offers alternatives ("Cairo and/or Helwan") — placing them is the player's call. ``trucks_empty``: first-line truck groups
    carrying nothing (59.45: they may be loaded free now; empty is allowed).
    ``trucks_unspread``: first-line trucks of a hex not yet shared out among its units
    (59.42; allowed too).
    """

    side: Side
    open: bool
    to_place: tuple[SetupItem, ...]
    may_place: tuple[SetupItem, ...]
    trucks_empty: tuple[SetupItem, ...]
    trucks_unspread: tuple[SetupItem, ...]

    @property
    def ready(self) -> bool:
        """Whether ``finish`` would be accepted: the set-up is open and nothing is to place."""
        return self.open and not self.to_place


def setup_checklist(state: GameState, side: Side) -> SetupChecklist:
    """The set-up check of ``side`` in ``state`` (a seat's view holds its own side's)."""
    to_place = []
    for counter_id, location in unplaced(state, side):
        dump = state.dumps.get(counter_id)
        count = dump.count if dump is not None and dump.kind == "dummy" else 1
        todo = f"place at {count} hexes" if count > 1 else "place at a hex"
        to_place.append(
            SetupItem(counter_id, state.holder_name(counter_id), location, todo, "59.4")
        )
    must = {item.counter_id for item in to_place}
    may = [
        SetupItem(u.id, u.name, u.location, "may be placed at a hex", "59.4")
        for u in state.units_in_play(side)
        if u.id not in must and is_placeable(u.location)
    ]
    may += [
        SetupItem(t.id, state.truck_group_name(t.id), t.location, "may be placed at a hex", "59.4")
        for t in state.trucks.values()
        if t.side == side
        and t.id not in must
        and t.in_play(state.clock)
        and is_placeable(t.location)
    ]
    first = [
        t
        for t in sorted(state.trucks.values(), key=lambda t: t.id)
        if t.side == side and t.line == "first" and t.in_play(state.clock) and t.truck_points
    ]
    empty = tuple(
        SetupItem(
            t.id,
            state.truck_group_name(t.id),
            t.location,
            f"not loaded: {t.light} light, {t.medium} medium, {t.heavy} heavy truck points "
            "may carry supplies free of cost",
            "59.45",
        )
        for t in first
        if t.cargo.is_zero
    )
    unspread = tuple(
        SetupItem(
            t.id,
            state.truck_group_name(t.id),
            t.location,
            "not shared out among the units of the hex",
            "59.42",
        )
        for t in first
        if t.attached_to is None
    )
    return SetupChecklist(
        side, side in state.setup_open, tuple(to_place), tuple(may), empty, unspread
    )


SHOWN: int = 8
"""How many names a line of ``setup_lines`` lists before "and N more"."""


def _names(items: tuple[SetupItem, ...]) -> str:
    """``"A, B, C"``, or the first ``SHOWN`` and ``"and N more"``."""
    names = ", ".join(i.name for i in items[:SHOWN])
    return names + (f" and {len(items) - SHOWN} more" if len(items) > SHOWN else "")


def setup_lines(state: GameState, side: Side) -> list[str]:
    """The check of ``side`` as lines for a player: whether its set-up is open, each counter
    to place, then what it may still see to, by name (``SHOWN`` of each, then "and N
    more")."""
    check = setup_checklist(state, side)
    name = side_name(side)
    if not check.open:
        return [f"{name}: set-up finished."]
    lines = [
        f"{name}: setting up — "
        + (
            f"{len(check.to_place)} counter(s) still to place before finishing (59.4)"
            if check.to_place
            else f"everything placed; finish with `quartermaster setup finish --side {side}`"
        )
    ]
    lines += [
        f"  to place: {i.name}{'' if i.location in i.name else f' ({i.location})'} — {i.todo}"
        for i in check.to_place
    ]
    if check.may_place:
        lines.append(
            f"  the set-up lets you place (59.4): {_names(check.may_place)} "
            "(`quartermaster setup place`)"
        )
    if check.trucks_unspread:
        lines.append(
            "  first-line trucks not shared out among the units of their hex (59.42; allowed): "
            + _names(check.trucks_unspread)
        )
    if check.trucks_empty:
        lines.append(
            "  first-line trucks empty: they load free of cost now and at no other time "
            f"(59.45): {_names(check.trucks_empty)}"
        )
    return lines


def describe_setup_event(event: CounterPlaced | SetupFinished, state: GameState | None) -> str:
    """The journal line of a set-up event (``ledger.reports.event_log.describe``): ``"1st Bn,
    1 Arty Rgppmnto placed at C4120 (set up: Libya (any hexes, player's choice); 59.4)"``,
    ``"Axis set-up finished (59.4)"``."""
    if isinstance(event, SetupFinished):
        return f"{side_name(event.side)} set-up finished (59.4)"
    name = state.holder_name(event.counter_id) if state is not None else event.counter_id
    return f"{name} placed at {event.location} (set up: {event.before}; 59.4)"


def spread_candidates(state: GameState, group_id: str) -> list[tuple[str, str]]:
    """``(unit id, printed name)`` of the units first-line truck group ``group_id`` may be
    spread to (59.42): its side's units in play in its hex, by name; empty for no such group
    or a convoy."""
    group = state.trucks.get(group_id)
    if group is None or group.line != "first":
        return []
    return sorted(
        ((u.id, u.name) for u in state.units_in_play(group.side) if u.location == group.location),
        key=lambda pair: pair[1],
    )
