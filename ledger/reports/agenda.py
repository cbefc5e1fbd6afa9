"""What the sequence of play asks of one seat now: the "Your phase" read model (issue 17 items
1 and 3).

Everything here reads a state as the seat may see it (``game.state``: its own side, and of the
enemy what 11.36 lets it read) and returns plain values the page only lists:

- ``phase_now``: the Game-Turn, Operations Stage and phase of 5.2 III, who is Player "A" and
  "B" (7.16, ``ledger.model.initiative``) and whose phase it is.
- ``tasks``: what 5.2 III asks of a command role (4.5x; ruling ``seat-roles`` splits the
  commands) in the current phase, each with the page that holds its form (``Task.page``: a key
  of ``PAGE_TITLES``).
- ``pending``: what waits on the seat: units short of supplies (49.16, 50.12, 51.22, 52.5,
  52.6, 15.15), open Supply Requisitions (4.55), combats of the revealed plots not posted yet
  (5.2 III G 3), arrivals this Operations Stage and TOE awaiting repair (21.34), units over
  their CPA or at a low Cohesion Level (6.21, 15.88, 6.26).
- ``may_declare``: whether the seat's side may declare Player A now (7.11, 5.2 III.A).

``ledger.reports.agenda_stage.stage_log`` reads what the journal of this Operations Stage says
that the state does not keep (the weather recorded, the combats posted in this phase).

What ending the Operations Stage would post is ``ledger.reports.stage_end``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from ledger.model.events import CombatResolved
from ledger.model.initiative import (
    initiative_holder,
    may_declare_now,
    phasing_side,
    player_side,
)
from ledger.model.phases import ORGANIZATION, PHASES, Player, phase_index
from ledger.model.seats import ROLE_NAMES, side_name
from ledger.model.source import Role
from ledger.model.state import GameState
from ledger.model.units import SIDES, Side
from ledger.reports.agenda_stage import combats_to_resolve
from ledger.reports.campaign import victory_waiting, withdrawals_waiting
from ledger.rules.checks import warnings
from ledger.rules.shortage_status import shortage_labels

PAGE_TITLES: Final = {
    "phase": "Your phase",
    "units": "Units",
    "movement": "Movement",
    "capability": "Capability & Cohesion",
    "organization": "Organization",
    "supply": "Supply",
    "requisitions": "Requisitions",
    "convoys": "Convoys",
    "planner": "Convoy planner",
    "plots": "Plots",
    "combat": "Combat",
}
"""The dashboard pages a task or pending item points to, by key, with their titles."""


@dataclass(frozen=True, slots=True)
class PhaseNow:
    """Where the Operations Stage stands (5.2 III): ``clock`` ("GT 1 OpStage 1"), ``calendar``,
    the phase's ``label`` ("G. Movement and Combat Phase (Player A)"), its ``player`` ("A",
    "B", ``None`` for a joint phase A–E), the sides of ``player_a`` and ``player_b`` (7.16),
    the ``phasing`` side (``None`` in A–E), the ``next_label`` (``None`` in the last phase),
    ``phases_left`` after this one, and ``last``: the last phase, where the stage may end."""

    clock: str
    calendar: str
    label: str
    player: Player | None
    player_a: Side
    player_b: Side
    phasing: Side | None
    next_label: str | None
    phases_left: int
    last: bool


def phase_now(state: GameState) -> PhaseNow:
    """The phase the Operations Stage is in, with Player A and B and the phasing side."""
    at = phase_index(state.phase)
    now = PHASES[at]
    following = PHASES[at + 1].label if at + 1 < len(PHASES) else None
    return PhaseNow(
        state.clock.short,
        state.clock.calendar,
        now.label,
        now.player,
        player_side(state, "A"),
        player_side(state, "B"),
        phasing_side(state),
        following,
        len(PHASES) - 1 - at,
        following is None,
    )


@dataclass(frozen=True, slots=True)
class Task:
    """One thing the sequence asks of a role now: ``text`` in the players' words, the rule
    ``case`` and the ``page`` holding its form (a key of ``PAGE_TITLES``; ``""``: it is done
    at the table, the ledger keeps nothing of it)."""

    text: str
    case: str
    page: str = ""


def _base(state: GameState) -> str:
    return state.phase.split("/")[0]


def _role_tasks(state: GameState, side: Side, role: Role) -> list[Task]:
    """5.2 III for one role of ``side`` in the current phase (4.5x, ruling ``seat-roles``)."""
    base = _base(state)
    phasing = phasing_side(state)
    own = phasing == side
    holder = initiative_holder(state)
    if role == "air_marshal":
        return [Task("No air missions in the Land Game's sequence", "5.2")]
    if base == "initiative-declaration" or base == "weather":
        if holder in (None, side) and role in ("commander_in_chief", "field_commander"):
            return [
                Task("Declare whether you move first (Player A) or last (Player B)", "7.11"),
                Task("Roll for the weather and record it", "29.0", "phase"),
            ]
        return [Task(f"{side_name(holder)} declares Player A and rolls the weather", "5.2 III.A")]
    if base == ORGANIZATION:
        found = {
            "field_commander": [
                Task("Attach, detach and assign units", "5.2 III.C.1, 6.3", "organization"),
                Task("File Supply Requisitions for what your units need", "4.55", "requisitions"),
                Task("Load leg units on their formation's trucks", "6.17", "organization"),
            ],
            "logistics_commander": [
                Task("Attach and detach truck points", "8.96, 8.97", "organization"),
                Task("Fill or reject the open Supply Requisitions", "4.55", "requisitions"),
                Task("Load convoys and draw water: no CP in this phase", "6.3", "supply"),
                Task("Plan the convoys' loads", "54.2", "planner"),
            ],
            "rear_area_commander": [
                Task("Note construction and training begun or completed", "5.2 III.C.2-3"),
            ],
        }
        return found.get(role, [])
    if base == "naval-convoy-arrival":
        if role == "rear_area_commander":
            return [Task("Record the arriving supplies and reinforcements", "5.2 III.D", "supply")]
        return []
    if base == "commonwealth-fleet":
        if side == "commonwealth" and role == "rear_area_commander":
            return [Task("Assign and repair the fleet", "5.2 III.E")]
        return []
    if not own:
        return _reacting_tasks(state, base, role)
    phasing_tasks = {
        "reserve-designation": {
            "field_commander": [Task("Designate units in Reserve", "5.2 III.F, 18.0")],
        },
        "movement-and-combat": {
            "field_commander": [
                Task("Move units and spend their CP", "5.2 III.G.1, 8.0", "movement"),
                Task("Check breakdown for vehicles that moved", "5.2 III.G.2, 21.0", "movement"),
                Task("Plot barrages and force assignments", "5.2 III.G.3 b, d", "plots"),
                Task("Resolve the revealed combats, in the order you choose", "11.0", "combat"),
                Task("Spend CP on other actions", "6.3", "units"),
            ],
            "logistics_commander": [
                Task("Hand supplies to units in their hex", "49.14, 50.15", "supply"),
            ],
        },
        "truck-convoy": {
            "logistics_commander": [
                Task(
                    "Move the convoys (second- and third-line trucks)",
                    "5.2 III.H, 8.18",
                    "convoys",
                ),
                Task("Load and unload convoys", "6.3", "supply"),
            ],
        },
        "rail": {
            "logistics_commander": [
                Task("Move units and supplies by rail", "5.2 III.J, 8.7")
                if side == "commonwealth"
                else Task("Nothing: rail movement is the Commonwealth's", "5.2 III.J"),
            ],
        },
        "repair": {
            "rear_area_commander": [
                Task("Tow and repair broken-down vehicles", "5.2 III.K, 21.4", "movement"),
            ],
        },
        "patrol": {
            "field_commander": [Task("Patrol if your side made no assault", "5.2 III.L")],
        },
    }
    return phasing_tasks.get(base, {}).get(role, [])


def _reacting_tasks(state: GameState, base: str, role: Role) -> list[Task]:
    """What the non-phasing side's roles do in the other player's phases F–L."""
    if base != "movement-and-combat":
        return []
    if role == "field_commander":
        return [
            Task("React with units allowed to (spend their CP)", "5.2 III.G.1, 16.0", "units"),
            Task("Check breakdown for your vehicles that moved", "5.2 III.G.2", "movement"),
            Task("Plot defensive barrages and force assignments", "5.2 III.G.3 b, d", "plots"),
            Task("Retreat Before Assault where you may", "5.2 III.G.3 c, 6.14", "units"),
        ]
    return []


def tasks(state: GameState, side: Side | None, role: Role | None) -> list[Task]:
    """What 5.2 III asks of ``role`` of ``side`` in the current phase. The Commander-in-Chief
    holds every role of the side (ruling ``seat-roles``); ``side`` ``None`` is the umpire, who
    sees each side's Commander-in-Chief's tasks, named by side. The step to the next phase is
    every seat's (``phase``) and is not listed."""
    if side is None:
        return [
            Task(f"{side_name(s)}: {t.text}", t.case, t.page)
            for s in SIDES
            for t in tasks(state, s, "commander_in_chief")
        ]
    if role == "commander_in_chief":
        found: dict[str, Task] = {}
        for each in ("field_commander", "logistics_commander", "rear_area_commander"):
            for task in _role_tasks(state, side, each):
                found.setdefault(task.text, task)
        return list(found.values())
    if role is None:
        return []
    return _role_tasks(state, side, role)


def idle_text(state: GameState, side: Side | None, role: Role | None) -> str:
    """What to say when ``tasks`` is empty: whose phase it is and what the role waits for."""
    now = phase_now(state)
    who = ROLE_NAMES[role] if role is not None else "umpire"
    if now.phasing is not None and now.phasing != side:
        return f"{side_name(now.phasing)} plays this phase: nothing for the {who} but to wait."
    return f"Nothing in this phase for the {who}: advance when the table is done."


@dataclass(frozen=True, slots=True)
class Pending:
    """Something waiting on the seat: ``kind`` (``"shortage"``, ``"requisition"``,
    ``"combat"``, ``"arrival"``, ``"repair"``, ``"warning"``), a ``summary`` in words with the
    rule ``case``, the ``page`` to deal with it (a key of ``PAGE_TITLES``), ``lines`` naming
    each unit or item, and ``warning``: it costs the side something if left (shown as a
    warning, not as news)."""

    kind: str
    summary: str
    case: str
    page: str
    lines: tuple[str, ...] = ()
    warning: bool = True


SHORTAGE_KINDS: Final = (
    ("no water", "without water", "52.51, 52.52"),
    ("fuel", "short of fuel", "49.16"),
    ("ammunition", "short of ammunition", "50.12, 50.14, 15.15"),
    ("no pasta", "without pasta", "52.6"),
    ("no stores", "without stores", "51.22"),
)
"""How ``shortage_labels``' words group into pending items: (label text, summary, cases)."""


def shortages(state: GameState, side: Side) -> list[Pending]:
    """One pending item per kind of shortage among ``side``'s units in play."""
    by_kind: dict[str, list[str]] = {key: [] for key, _, _ in SHORTAGE_KINDS}
    for unit in sorted(state.units_in_play(side), key=lambda u: u.name):
        for label in shortage_labels(state, unit):
            key = next((k for k, _, _ in SHORTAGE_KINDS if k in label), None)
            if key is not None:
                by_kind[key].append(f"{unit.name} ({unit.location or 'no hex'}): {label}")
    found = []
    for key, words, case in SHORTAGE_KINDS:
        lines = by_kind[key]
        if lines:
            summary = f"{side_name(side)}: {len(lines)} unit(s) {words}"
            found.append(Pending("shortage", summary, case, "supply", tuple(lines)))
    return found


def _requisitions(state: GameState, side: Side, role: Role, seat: str | None) -> list[Pending]:
    """Open requisitions of ``side``: waiting on its Logistics Commander; a Field Commander's
    own (filed by the seat, or all the side's at a table without seats) waiting on the other."""
    open_ = [
        r
        for r in state.requisitions.values()
        if r.status == "open" and r.unit_id in state.units and state.units[r.unit_id].side == side
    ]
    if not open_:
        return []
    lines = tuple(
        f"{r.id}: {state.units[r.unit_id].name} asks for {r.wanted.describe()}"
        + (f" (filed by {r.filed_by})" if r.filed_by else "")
        for r in open_
    )
    if role in ("logistics_commander", "commander_in_chief"):
        summary = f"{side_name(side)}: {len(open_)} open Supply Requisition(s) to fill or reject"
        return [Pending("requisition", summary, "4.55", "requisitions", lines)]
    if role == "field_commander":
        mine = [r for r in open_ if seat is None or not r.filed_by or r.filed_by == seat]
        if not mine:
            return []
        own = tuple(line for line, r in zip(lines, open_, strict=True) if r in mine)
        summary = f"{len(mine)} of your Supply Requisition(s) await the Logistics Commander"
        return [Pending("requisition", summary, "4.55", "requisitions", own, warning=False)]
    return []


def _rear_area(state: GameState, side: Side) -> list[Pending]:
    """Arrivals this Operations Stage (5.2 III.D) and TOE awaiting repair (21.34)."""
    found = []
    arriving = [
        f"{u.name} ({u.location or 'no hex'})"
        for u in state.units.values()
        if u.side == side and u.arrival == state.clock
    ] + [
        f"{g.truck_points} truck points at {g.location}"
        for g in state.trucks.values()
        if g.side == side and g.arrival == state.clock
    ]
    if arriving:
        summary = f"{side_name(side)}: {len(arriving)} arrival(s) this Operations Stage"
        found.append(
            Pending("arrival", summary, "5.2 III.D", "organization", tuple(arriving), False)
        )
    broken = [
        f"{u.name}: "
        + ", ".join(
            f"{h.points} × {state.systems[h.system].name if h.system in state.systems else h.system}"
            for h in u.awaiting_repair
        )
        for u in sorted(state.units_in_play(side), key=lambda u: u.name)
        if u.awaiting_repair
    ]
    if broken:
        summary = f"{side_name(side)}: {len(broken)} unit(s) with TOE awaiting repair"
        found.append(Pending("repair", summary, "21.34", "movement", tuple(broken)))
    return found


WARNING_WORDS: Final = {
    "cohesion-26": ("at Cohesion Level −26 or worse", "6.26", "capability"),
    "cohesion-17": ("at Cohesion Level −17 or worse", "15.88", "capability"),
    "out-of-ammunition": (
        "hex(es) out of ammunition: all surrender if close assaulted",
        "15.15",
        "supply",
    ),
    "over-cpa": ("unit(s) over their CPA", "6.21", "capability"),
}


def _warnings(state: GameState, side: Side) -> list[Pending]:
    """``ledger.rules.checks.warnings`` of ``side``, one pending item per check."""
    by_check: dict[str, list[str]] = {}
    for w in warnings(state, side):
        by_check.setdefault(w.check, []).append(w.message)
    found = []
    for check, (words, case, page) in WARNING_WORDS.items():
        lines = by_check.get(check)
        if lines:
            summary = f"{side_name(side)}: {len(lines)} {words}"
            found.append(Pending("warning", summary, case, page, tuple(lines)))
    return found


def pending(
    state: GameState,
    side: Side | None,
    role: Role | None,
    seat: str | None = None,
    posted: Iterable[CombatResolved] = (),
) -> list[Pending]:
    """What waits on ``role`` of ``side`` (``None``: the umpire, both sides) now, read from
    ``state`` (the seat's view), ``seat`` the seat's name (``None``: a table without seats) and
    ``posted`` the combats posted in this phase (``stage_log``). The Field Commander: combats,
    shortages, warnings, own requisitions; the Logistics Commander: shortages and the
    requisitions to fill; the Rear Area Commander: arrivals, repairs and withdrawals due
    within a Game-Turn (20.8); the Field Commander also, at the last Operations Stage, the
    victory places to record (60.82); the
    Commander-in-Chief and the umpire: all of them."""
    sides = SIDES if side is None else (side,)
    everything = side is None or role == "commander_in_chief"
    found: list[Pending] = []
    if everything or role == "field_commander":
        combats = combats_to_resolve(state, posted)
        if combats:
            summary = f"{len(combats)} combat(s) of the revealed plots to resolve and post"
            found.append(Pending("combat", summary, "5.2 III.G.3", "combat", tuple(combats)))
    for each in sides:
        if everything or role == "field_commander":
            found += _warnings(state, each)
        if everything or role in ("field_commander", "logistics_commander"):
            found += shortages(state, each)
        if everything:
            found += _requisitions(state, each, "logistics_commander", seat)
        elif role is not None:
            found += _requisitions(state, each, role, seat)
        if everything or role == "rear_area_commander":
            found += _rear_area(state, each)
            found += [Pending(*w) for w in withdrawals_waiting(state, each)]  # 20.8
    if everything or role == "field_commander":
        found += [Pending(*w) for w in victory_waiting(state)]  # 60.82
    return found


def may_declare(state: GameState, side: Side | None) -> bool:
    """Whether ``side`` (``None``: the umpire or a table without seats) may declare Player A
    now: phases A to C (5.2 III.A) and it holds the Initiative (7.11)."""
    holder = initiative_holder(state)
    return may_declare_now(state) and (side is None or holder is None or holder == side)
