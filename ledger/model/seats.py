"""Seats at the table: who a player is when signed in, and what each command role may post.

CNA is played by teams (4.5x): each side's players split the Commander-in-Chief's and the four
commanders' groups, and one player may hold several roles at a small table. A ``Seat`` is one
player's place: a side and the roles it holds, or the umpire, who belongs to no side and sees
and may do everything. Passphrases and their hashes are kept by the journal
(``ledger.journal.seats``), never here.

The division of the commands among the roles is ruling ``seat-roles`` (docs/rulings.md): 4.5 names
the roles' log sheets, not a list of commands, so the groups below follow which role's sheet
each kind of entry goes on.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Final

from ledger.model.errors import LedgerError
from ledger.model.events import Event
from ledger.model.source import ROLES, Role
from ledger.model.units import SIDES, Side

SEAT_NAME_MAX: Final = 40
"""Longest seat name (characters): a name players type and read on a phone."""

UMPIRE: Final = "umpire"
"""What ``seat list`` and the sign-in page show as the umpire seat's side and role."""


@dataclass(frozen=True, slots=True)
class Seat:
    """One player's place at the table: ``name`` (unique in the game, as the player types it
    to sign in), ``side`` (``None``: the umpire, who sees both sides) and ``roles`` (the command
    roles of 4.5x the seat holds; empty for the umpire)."""

    name: str
    side: Side | None
    roles: tuple[Role, ...] = ()

    @property
    def umpire(self) -> bool:
        """Whether this is the umpire's seat (no side: sees and may do everything)."""
        return self.side is None

    def holds(self, role: Role) -> bool:
        """Whether the seat may act as ``role`` (the Commander-in-Chief holds every role of
        the side, ruling ``seat-roles``; the umpire every role of both)."""
        return self.umpire or role in self.roles or "commander_in_chief" in self.roles


def starting_role(seat: Seat | None) -> Role:
    """The command role a seat records in until it picks another (4.5): its first role (a
    Commander-in-Chief's seat as Commander-in-Chief); the Field Commander at a table without
    seats and for the umpire."""
    if seat is None or seat.umpire or not seat.roles:
        return "field_commander"
    return seat.roles[0]


ROLE_KINDS: Final[dict[Role, frozenset[str]]] = {
    "field_commander": frozenset(
        {
            "cp_expended",
            "unit_moved",
            "unit_reorganized",
            "cohesion_adjusted",
            "requisition_filed",
            "breakdown_checked",
            "troops_carried",
            "toe_points_lost",
            "combat_resolved",
            "combat_markers_cleared",
            "supplies_consumed",
            "plot_committed",
            "first_player_declared",
            "victory_place_held",
            "counter_placed",
            "setup_finished",
        }
    ),
    "logistics_commander": frozenset(
        {
            "supplies_transferred",
            "truck_points_moved",
            "trucks_moved",
            "trucks_loaded",
            "troops_carried",
            "requisition_closed",
            "supplies_consumed",
            "consumption_posted",
            "counter_placed",
        }
    ),
    "rear_area_commander": frozenset(
        {
            "vehicles_repaired",
            "breakdown_points_cleared",
            "supplies_arrived",
            "toe_points_lost",
            "reinforcements_arrived",
            "units_withdrawn",
        }
    ),
    "air_marshal": frozenset({"plot_committed"}),
    "commander_in_chief": frozenset(),
}
"""The kinds of journal entry each command role posts (ruling ``seat-roles``): the Field Commander's
group spends CP, moves, fights, reorganizes, asks for supplies and, for the side with the
Initiative, says who moves first (6.1, 8.1, 11.0, 4.55, 7.11); the
Logistics Commander's keeps dumps, trucks, convoys and requisitions (4.53, 4.55, 8.9, 48-52); the
Rear Area Commander's repairs, builds, receives arrivals and sends scheduled withdrawals off
(4.53, 21.0, 20.1, 20.8); the Field Commander's group also records who holds the victory places
(60.82); at the set-up (59.4) the Field Commander places the side's counters and says it has
finished, the Logistics Commander places dumps and trucks; the Air Marshal's plots air missions (4.54). The Commander-in-Chief may post what any group of the side posts."""

TABLE_KINDS: Final = frozenset(
    {"phase_advanced", "weather_recorded", "operations_stage_ended", "event_undone"}
)
"""Entries any seat may post: the clock and weather the whole table keeps (5.2, 29.0), and undo
(``ledger.commands.undo``, which checks whose action it takes back)."""


def role_for(kind: str) -> tuple[Role, ...]:
    """The roles that post journal entries of ``kind`` (empty: any seat, or none)."""
    return tuple(role for role in ROLES if kind in ROLE_KINDS[role])


def posting_errors(seat: Seat, events: Sequence[Event], by_role: bool = True) -> list[LedgerError]:
    """Why ``seat`` may not post ``events`` (empty: it may): each entry a player posts must be
    for the seat's own side (11.36) and, with ``by_role`` (ruling ``seat-roles``, default
    ``by-role``), of a kind one of the seat's roles keeps (4.5). Entries the ledger makes
    itself (``app_made``) follow the command that caused them and are not checked. The
    umpire may post anything."""
    if seat.umpire:
        return []
    errors: list[LedgerError] = []
    for event in events:
        source = event.source
        if source.app_made:
            continue
        if source.side is not None and source.side != seat.side:
            errors.append(
                LedgerError(
                    "seat",
                    f"{seat.name} plays {side_name(seat.side)}: it cannot post for "
                    f"{side_name(source.side)}",
                    "11.36",
                )
            )
            continue
        if event.kind in TABLE_KINDS or not by_role:
            continue
        roles = role_for(event.kind)
        if not any(seat.holds(role) for role in roles):
            keepers = " or ".join(role_name(r) for r in roles) or "umpire"
            errors.append(
                LedgerError(
                    "seat",
                    f"{seat.name} holds {roles_named(seat.roles)}: "
                    f"{event.kind.replace('_', ' ')} is kept by the {keepers}",
                    "4.5",
                )
            )
    return _unique(errors)


def _unique(errors: Iterable[LedgerError]) -> list[LedgerError]:
    seen: dict[str, LedgerError] = {}
    for error in errors:
        seen.setdefault(str(error), error)
    return list(seen.values())


def with_seat(events: Sequence[Event], seat: Seat) -> tuple[Event, ...]:
    """``events`` with ``seat``'s name recorded in each one's source (every event records the
    seat that posted it, app-made ones included: they follow from its command)."""
    return tuple(
        e if e.source.seat == seat.name else replace(e, source=replace(e.source, seat=seat.name))
        for e in events
    )


SIDE_NAMES: Final[dict[Side, str]] = {"axis": "Axis", "commonwealth": "Commonwealth"}
ROLE_NAMES: Final[dict[Role, str]] = {
    "commander_in_chief": "Commander-in-Chief",
    "field_commander": "Field Commander",
    "logistics_commander": "Logistics Commander",
    "rear_area_commander": "Rear Area Commander",
    "air_marshal": "Air Marshal",
}
"""The sides and the command roles of 4.5x as the rules name them."""


def side_name(side: Side | None) -> str:
    """``"Axis"``, ``"Commonwealth"``, or ``"Umpire"`` for no side."""
    return SIDE_NAMES[side] if side is not None else "Umpire"


def role_name(role: Role) -> str:
    """A command role as the rules name it (``"Logistics Commander"``)."""
    return ROLE_NAMES[role]


def roles_named(roles: Sequence[Role]) -> str:
    """``"Field Commander and Logistics Commander"``; ``"no role"`` when empty."""
    names = [role_name(r) for r in roles]
    if not names:
        return "no role"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def seat_label(seat: Seat) -> str:
    """How players see a seat: ``"cw-logistics (Commonwealth Logistics Commander)"``."""
    if seat.umpire:
        return f"{seat.name} (Umpire)"
    return f"{seat.name} ({side_name(seat.side)} {roles_named(seat.roles)})"


def seat_errors(name: str, side: str | None, roles: Sequence[str]) -> list[LedgerError]:
    """What is wrong with a new seat's ``name``, ``side`` (``"axis"``, ``"commonwealth"``, or
    ``None``/``"umpire"`` for the umpire) and ``roles`` (command roles of 4.5x; none for the
    umpire, at least one for a side)."""
    errors = []
    if not name.strip() or name != name.strip():
        errors.append(
            LedgerError("seat name", f"{name!r}: a name without leading or trailing spaces")
        )
    elif len(name) > SEAT_NAME_MAX or not (name.isprintable() and name.isascii()):
        errors.append(
            LedgerError(
                "seat name",
                f"{name[:SEAT_NAME_MAX]!r}…: at most {SEAT_NAME_MAX} printable ASCII characters "
                "(no look-alike letters from other alphabets)",
            )
        )
    if side not in (*SIDES, None, UMPIRE):
        errors.append(LedgerError("side", f"{side!r}: one of axis, commonwealth or umpire"))
    unknown = [r for r in roles if r not in ROLES]
    if unknown:
        errors.append(
            LedgerError(
                "role", f"{', '.join(map(repr, unknown))}: one of {', '.join(ROLES)}", "4.5"
            )
        )
    if side in (None, UMPIRE) and roles:
        errors.append(
            LedgerError("role", "the umpire belongs to no side and holds no command role")
        )
    if side in SIDES and not roles:
        errors.append(LedgerError("role", "a side's seat holds at least one command role", "4.5"))
    return errors
