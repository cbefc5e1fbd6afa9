"""What a campaign's schedule shows the players: reinforcements arrived and to come (4.43,
20.1), withdrawals ahead with their transport (4.43a, 20.8) and the victory table (60.82).

Each report reads a ``GameState`` (the seat's view: a side's seat sees its own counters) and
names counters, dumps and trucks as printed, never by id (the ids ride along for the
commands).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ledger.commands.withdrawal import (
    attached_trucks,
    place_warning,
    recorded,
    remaining,
    transport,
)
from ledger.commands.withdrawal_transport import (
    WITHDRAWAL_PLACE,
    at_cairo_or_alexandria,
    taken_text,
)
from ledger.model.campaign import Withdrawal
from ledger.model.clock import GameTime
from ledger.model.seats import side_name
from ledger.model.state import GameState
from ledger.model.units import SIDES, Side


@dataclass(frozen=True, slots=True)
class ArrivalRow:
    """One scheduled arrival (4.43, 20.1): a unit (``kind`` ``"unit"``) or a truck group
    (``"trucks"``) of ``side``, ``name`` as printed (a truck group's ``truck_group_name``),
    arriving at ``at`` in ``location``; ``entered`` once its ``ReinforcementsArrived`` is
    posted."""

    id: str
    kind: str
    name: str
    side: Side
    at: GameTime
    location: str
    entered: bool


def arrivals(state: GameState, side: Side | None = None) -> list[ArrivalRow]:
    """Every scheduled arrival of ``side`` (``None``: both) that the state holds, by
    Operations Stage, then side and name: those entered and those to come."""
    rows = [
        ArrivalRow(u.id, "unit", u.name, u.side, u.arrival, u.location, u.entered)
        for u in state.units.values()
        if u.arrival is not None and (side is None or u.side == side)
    ] + [
        ArrivalRow(
            g.id, "trucks", state.truck_group_name(g.id), g.side, g.arrival, g.location, g.entered
        )
        for g in state.trucks.values()
        if g.arrival is not None and (side is None or g.side == side)
    ]
    return sorted(rows, key=lambda r: (r.at, r.side, r.kind != "unit", r.name))


def next_arrivals(state: GameState, side: Side | None = None) -> list[ArrivalRow]:
    """The arrivals of the next Game-Turn with any still to come (all its Operations
    Stages); empty when none is scheduled."""
    waiting = [r for r in arrivals(state, side) if not r.entered]
    if not waiting:
        return []
    turn = waiting[0].at.game_turn
    return [r for r in waiting if r.at.game_turn == turn]


@dataclass(frozen=True, slots=True)
class WithdrawnCounter:
    """A counter of a withdrawal as it stands: ``name`` as printed, its TOE Strength Points
    and hex now, and whether it is in play, not yet arrived or already gone. ``warnings``
    (20.83) for a counter in play: not at Cairo or Alexandria, below its full TOE (its
    class's maximum TOE)."""

    id: str
    name: str
    toe_points: int
    location: str
    status: str
    warnings: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class WithdrawalRow:
    """A scheduled withdrawal (4.43a, 20.8) as ``upcoming_withdrawals`` shows it.

    ``status`` is ``"recorded"``, ``"overdue"`` (due before now), ``"due"`` (due now),
    ``"next"`` (due within the next Game-Turn) or ``"later"``. ``required`` is the truck value
    printed (``None``: none), ``available`` the side's truck value now (second/third-line
    convoys in play plus the first-line trucks attached to the counters, 4.43a footnote:
    light 1/2, medium 1, heavy 2) and ``shortfall`` the whole points missing; ``place`` where
    the counters must be (20.83). ``available`` is the attached first-line trucks plus the
    side's eligible empty convoys at Cairo or Alexandria (scen-0006), ``taken`` the trucks that
    would leave with it, in players' words: its counters' first-line truck groups, then the
    convoy truck points taken (empty: none)."""

    id: str
    name: str
    side: Side
    due: GameTime
    status: str
    counters: tuple[WithdrawnCounter, ...]
    required: int | None
    available: Fraction
    shortfall: int
    motorization_points: int | None
    place: str
    case: str
    taken: str = ""

    @property
    def warnings(self) -> tuple[str, ...]:
        """Every counter's 20.83 warnings, in counter order."""
        return tuple(x for c in self.counters for x in c.warnings)


def withdrawal_status(state: GameState, w: Withdrawal) -> str:
    """``"recorded"``, ``"overdue"``, ``"due"``, ``"next"`` or ``"later"`` (see
    ``WithdrawalRow``): ``"next"`` when due within one Game-Turn of now."""
    if recorded(state, w):
        return "recorded"
    if w.due < state.clock:
        return "overdue"
    if w.due == state.clock:
        return "due"
    ahead = (w.due.game_turn - state.clock.game_turn) * 3 + w.due.op_stage - state.clock.op_stage
    return "next" if ahead <= 3 else "later"


def upcoming_withdrawals(state: GameState, side: Side | None = None) -> list[WithdrawalRow]:
    """Every scheduled withdrawal of ``side`` (``None``: both), in schedule order, with its
    counters by printed name (TOE, hex, status), its transport and its status (20.8)."""
    rows = []
    for w in state.schedule.withdrawals:
        if side is not None and w.side != side:
            continue
        moved = transport(state, w)
        still = set(remaining(state, w))
        counters = []
        for unit_id in w.units:
            unit = state.units.get(unit_id)
            if unit is None:
                continue  # the enemy's, to a side's seat, or not in this game
            if unit_id in still:
                status = "in play"
            elif unit.withdrawn:
                status = "withdrawn"
            else:
                status = "not arrived"
            counters.append(
                WithdrawnCounter(
                    unit.id,
                    unit.name,
                    unit.toe_points,
                    unit.location,
                    status,
                    _warnings(state, unit_id) if status == "in play" else (),
                )
            )
        rows.append(
            WithdrawalRow(
                w.id,
                w.name,
                w.side,
                w.due,
                withdrawal_status(state, w),
                tuple(counters),
                moved.required,
                moved.available,
                moved.shortfall,
                w.motorization_points,
                _place(w.place),
                w.case or "20.8",
                "; ".join(
                    [
                        *(
                            state.truck_group_name(g)
                            for g in attached_trucks(state, remaining(state, w))
                        ),
                        *([taken_text(state, moved.taken)] if moved.taken else []),
                    ]
                ),
            )
        )
    return rows


def _place(place: str) -> str:
    """Where the counters must be, with its case: ``"Cairo or Alexandria (20.83)"``."""
    if not place:
        return WITHDRAWAL_PLACE
    return place if "20.83" in place else f"{place} (20.83)"


def _warnings(state: GameState, unit_id: str) -> tuple[str, ...]:
    """The 20.83 warnings of a withdrawing counter in play: away from Cairo and Alexandria,
    below its full TOE (its class's maximum TOE, when known)."""
    unit = state.units[unit_id]
    found = []
    if not at_cairo_or_alexandria(unit.location):
        found.append(place_warning(state, unit_id))
    cls = state.classes.get(unit.class_id)
    full = None if cls is None else cls.max_toe
    if full is not None and unit.toe_points < full:
        found.append(
            f"{unit.name} is below its full TOE ({unit.toe_points} of {full} TOE Strength "
            "Points): eliminated under 20.83 unless rebuilt — or record the withdrawal as eliminated"
        )
    return tuple(found)


@dataclass(frozen=True, slots=True)
class VictoryRow:
    """A victory place (60.82) in the victory table: its hexes, the points either side scores
    holding it, who holds it as recorded (``holder`` ``None`` with ``recorded`` False: not
    recorded; with ``recorded`` True: nobody), the supply line declared and the points it
    scores now (``scored``: only for a holder with a supply line)."""

    id: str
    name: str
    hexes: tuple[str, ...]
    points: dict[Side, int]
    recorded: bool
    holder: Side | None
    supply_line: bool
    scored: dict[Side, int]

    @property
    def holder_text(self) -> str:
        """``"Axis"``, ``"Commonwealth"``, ``"nobody"`` or ``"not recorded"``."""
        if not self.recorded:
            return "not recorded"
        return "nobody" if self.holder is None else side_name(self.holder)


@dataclass(frozen=True, slots=True)
class VictoryTable:
    """The 60.82 victory table: ``rows`` by the scenario's order, ``totals`` per side,
    ``strategic`` whether the players declared that no Italian combat unit has a supply line
    left (the Commonwealth's strategic victory), ``winner`` (``None``: a draw, or no places)
    and ``result`` in players' words; ``final`` False before the scenario's last Operations
    Stage, when ``result`` reads "if the game ended now: ..." (``winner`` is who would win)."""

    rows: tuple[VictoryRow, ...]
    totals: dict[Side, int]
    strategic: bool
    winner: Side | None
    result: str
    case: str = "60.82"
    final: bool = True

    @property
    def strategic_line(self) -> str:
        """The Commonwealth's strategic victory condition and whether it is declared."""
        said = "declared" if self.strategic else "not declared"
        return (
            "Commonwealth strategic victory (no Italian combat unit with a supply line left "
            f"on the game-map, 60.82): {said}"
        )


def victory_rows(table: VictoryTable) -> list[dict[str, object]]:
    """The victory table's places in players' words, one dict each: ``place``, ``hexes``
    (``"C4807"``), ``axis_points`` and ``commonwealth_points`` (what either holder scores,
    60.82), ``held_by``, ``supply_line`` (``"yes"``/``"no"``, blank when not recorded),
    ``scores`` (``"Commonwealth 25"``, ``"0"``) and ``id``: the CLI's table and the
    dashboard's are these rows."""
    return [
        {
            "place": r.name,
            "hexes": ", ".join(r.hexes),
            "axis_points": r.points["axis"],
            "commonwealth_points": r.points["commonwealth"],
            "held_by": r.holder_text,
            "supply_line": ("yes" if r.supply_line else "no") if r.recorded else "",
            "scores": ", ".join(f"{side_name(s)} {n}" for s, n in r.scored.items() if n) or "0",
            "id": r.id,
        }
        for r in table.rows
    ]


def victory_table(state: GameState, *, italian_supply_cut: bool = False) -> VictoryTable:
    """The victory table now (60.82). A place scores for its holder only as recorded with a
    supply line (``hold_place``); places not recorded score nothing. ``italian_supply_cut``:
    the players declare no Italian combat unit has a supply line left on the game-map (a
    check they make at the end, off the map): the Commonwealth wins a strategic victory
    whatever the points. Otherwise the higher total wins; equal totals follow ruling
    ``victory-tie`` (``draw`` by default, ``commonwealth``)."""
    rows = []
    totals: dict[Side, int] = dict.fromkeys(SIDES, 0)
    for place in state.schedule.victory:
        record = state.victory_held.get(place.id)
        holder, line = record if record is not None else (None, False)
        scored: dict[Side, int] = dict.fromkeys(SIDES, 0)
        if holder is not None and line:
            scored[holder] = place.points_for(holder)
            totals[holder] += scored[holder]
        rows.append(
            VictoryRow(
                place.id,
                place.name,
                place.hexes,
                {s: place.points_for(s) for s in SIDES},
                record is not None,
                holder,
                line,
                scored,
            )
        )
    winner: Side | None
    if italian_supply_cut:
        winner = "commonwealth"
        result = "Commonwealth strategic victory: no Italian combat unit has a supply line left"
    elif not rows:
        winner, result = None, f"{state.info.name} has no victory places"
    elif totals["axis"] != totals["commonwealth"]:
        ahead: Side = "axis" if totals["axis"] > totals["commonwealth"] else "commonwealth"
        behind: Side = "commonwealth" if ahead == "axis" else "axis"
        winner = ahead
        result = f"{side_name(ahead)} victory on points, {totals[ahead]} to {totals[behind]}"
    elif state.ruling("victory-tie") == "commonwealth":
        winner = "commonwealth"
        result = f"Commonwealth victory: {totals['axis']} points each (ruling victory-tie)"
    else:
        winner = None
        result = f"draw: {totals['axis']} points each (ruling victory-tie)"
    final = state.clock >= state.info.end
    if not final:
        result = f"if the game ended now: {result}"
    return VictoryTable(tuple(rows), totals, italian_supply_cut, winner, result, final=final)


Waiting = tuple[str, str, str, str, tuple[str, ...], bool]
"""An item of "Waiting on you" (``ledger.reports.agenda.Pending``'s fields in order): kind,
summary, case, page, lines, warning."""


def withdrawals_waiting(state: GameState, side: Side) -> list[Waiting]:
    """The withdrawals of ``side`` due now, overdue, or due within the next Game-Turn and not
    recorded, for the Rear Area Commander (20.8): each with its transport (4.43a) and its
    counters' names and hexes; a warning once due."""
    found: list[Waiting] = []
    for w in upcoming_withdrawals(state, side):
        if w.status not in ("due", "overdue", "next"):
            continue
        needed = "no transport printed" if w.required is None else f"needs {w.required} truck value"
        short = f", {w.shortfall} short" if w.shortfall else ""
        summary = (
            f"{side_name(side)}: {w.name} withdraws {w.due.short} "
            f"({needed}, {_points(w.available)} available{short})"
        )
        lines = tuple(f"{c.name} ({c.location or 'no hex'}, {c.status})" for c in w.counters)
        found.append(("withdrawal", summary, w.case, "organization", lines, w.status != "next"))
    return found


def victory_waiting(state: GameState) -> list[Waiting]:
    """At the scenario's last Operations Stage, the victory places nobody has recorded yet
    (60.82: who holds each at the end, with or without its supply line)."""
    if state.clock < state.info.end:
        return []
    open_places = tuple(p.name for p in state.schedule.victory if p.id not in state.victory_held)
    if not open_places:
        return []
    summary = f"{len(open_places)} victory place(s) to record: who holds each at the end"
    return [("victory", summary, "60.82", "phase", open_places, False)]


def _points(value: Fraction) -> str:
    """Truck value as players write it: ``215``, ``3 1/2``."""
    whole, part = divmod(value, 1)
    if not part:
        return str(int(whole))
    return f"{int(whole)} {part}" if whole else str(part)
