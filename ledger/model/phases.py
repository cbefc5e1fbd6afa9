"""The phases of an Operations Stage (5.2 III), in order, and which of them the ledger opens in.

Phases A (Initiative Declaration) and B (Weather Determination) come first; C to E are played by
both players together; F to L are played by Player "A" and then repeated by Player "B". A
phase is named by its key: ``"organization"`` for a joint phase, ``"movement-and-combat/A"`` for
a player's phase.

The ledger opens every Operations Stage in its Organization Phase (phases A and B change nothing
the ledger keeps); players advance it with ``quartermaster phase``. The Organization Phase is
where attachment, assignment and detachment happen (5.2 III.C.1), where trucks are attached and
detached (8.97), and where drawing water and loading trucks costs no CP (6.3).

``FirstPlayerDeclared`` (phase A, 7.11: who is Player "A") and ``PhaseAdvanced`` are the journal
events kept here with the phases they order; ``ledger.model.events`` lists them with the other events and
``ledger.model.initiative`` reads the first.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from ledger.model.source import Source
from ledger.model.units import Side

Player = Literal["A", "B"]


@dataclass(frozen=True, slots=True)
class Phase:
    """One phase of 5.2 III: its ``key``, printed ``letter``, ``name`` and ``player`` (``None``
    for a phase both players play together)."""

    key: str
    letter: str
    name: str
    player: Player | None = None

    @property
    def label(self) -> str:
        """``"G. Movement and Combat Phase (Player A)"``."""
        who = f" (Player {self.player})" if self.player else ""
        return f"{self.letter}. {self.name}{who}"


_JOINT: Final = (
    ("initiative-declaration", "A", "Initiative Declaration Phase"),
    ("weather", "B", "Weather Determination Phase"),
    ("organization", "C", "Organization Phase"),
    ("naval-convoy-arrival", "D", "Naval Convoy Arrival Phase"),
    ("commonwealth-fleet", "E", "Commonwealth Fleet Phase"),
)
_PER_PLAYER: Final = (
    ("reserve-designation", "F", "Reserve Designation Phase"),
    ("movement-and-combat", "G", "Movement and Combat Phase"),
    ("truck-convoy", "H", "Truck Convoy Movement Phase"),
    ("rail", "J", "Commonwealth Rail Movement Phase"),
    ("repair", "K", "Repair Phase"),
    ("patrol", "L", "Patrol Phase"),
)

PHASES: Final[tuple[Phase, ...]] = (
    *(Phase(key, letter, name) for key, letter, name in _JOINT),
    *(
        Phase(f"{key}/{player}", letter, name, player)
        for player in ("A", "B")
        for key, letter, name in _PER_PLAYER
    ),
)
"""Every phase of an Operations Stage in the order of 5.2 III."""

ORGANIZATION: Final = "organization"
"""The Organization Phase (5.2 III.C): where each Operations Stage opens in the ledger."""
MOVEMENT_AND_COMBAT: Final = "movement-and-combat"
"""The Movement and Combat Phase (5.2 III.G), played by each player in turn."""
TRUCK_CONVOY: Final = "truck-convoy"
"""The Truck Convoy Movement Phase (5.2 III.H): where convoys move voluntarily (8.18)."""

_INDEX: Final = {p.key: i for i, p in enumerate(PHASES)}


def phase(key: str) -> Phase:
    """The phase named by ``key``. Raises ``KeyError`` for an unknown key."""
    return PHASES[_INDEX[key]]


def phase_index(key: str) -> int:
    """Position of the phase in the Operations Stage (0 = Initiative Declaration)."""
    return _INDEX[key]


def is_phase(key: str, base: str) -> bool:
    """True when ``key`` is the phase ``base`` of either player (``"movement-and-combat/B"``
    is ``"movement-and-combat"``) or the joint phase ``base`` itself."""
    return key == base or key.split("/")[0] == base


def find_phase(text: str, player: str | None = None) -> Phase | None:
    """The phase a player means by ``text``: its key, its letter or its name, case-insensitive
    (``"G"``, ``"movement and combat"``, ``"movement-and-combat/A"``), with ``player`` ("A" or
    "B") for F to L. ``None`` when no phase or more than one matches."""
    wanted = text.strip().casefold().replace(" phase", "").replace(" ", "-")
    who = player.upper() if player else None
    matches = [
        p
        for p in PHASES
        if wanted
        in (
            p.key.casefold(),
            p.key.split("/")[0].casefold(),
            p.letter.casefold(),
            p.name.casefold().replace(" phase", "").replace(" ", "-"),
        )
        and (who is None or p.player in (who, None))
    ]
    return matches[0] if len(matches) == 1 else None


@dataclass(frozen=True, slots=True)
class PhaseAdvanced:
    """The Operations Stage moves from phase ``before`` to the later phase ``after`` (5.2 III;
    keys of ``ledger.model.phases.PHASES``)."""

    source: Source
    before: str
    after: str
    kind: Literal["phase_advanced"] = "phase_advanced"


@dataclass(frozen=True, slots=True)
class FirstPlayerDeclared:
    """The side with the Initiative chooses to move first or last in this Operations Stage
    (7.11): ``first`` becomes Player "A" and the other side Player "B" (7.16). ``before`` is
    the side declared first earlier in the same Operations Stage (``None``: none was), so
    reversal is exact. Declared in phases A to C (5.2 III.A; ``ledger.commands.initiative``)."""

    source: Source
    first: Side
    before: Side | None = None
    kind: Literal["first_player_declared"] = "first_player_declared"
