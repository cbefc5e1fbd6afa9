"""Who recorded a journal event, when and why: the ``Source`` every event carries, and the
command roles of 4.5x a player records as.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from ledger.model.clock import GameTime
from ledger.model.units import Side

Role = Literal[
    "commander_in_chief",
    "field_commander",
    "logistics_commander",
    "rear_area_commander",
    "air_marshal",
]


ROLES: Final[tuple[Role, ...]] = (
    "commander_in_chief",
    "field_commander",
    "logistics_commander",
    "rear_area_commander",
    "air_marshal",
)
"""Command roles of 4.5x (the Commander-in-Chief and the four commanders)."""


@dataclass(frozen=True, slots=True)
class Source:
    """Who recorded an event (side, role), when (game time) and why (free text or sheet line).

    ``app_made`` marks events the ledger posted by itself (automatic consumption and the like).
    ``seat`` names the seat signed in when the event was posted (``ledger.model.seats``;
    ``None`` at a table without seats and in journals written before seats existed).
    """

    game_time: GameTime
    side: Side | None = None
    role: Role | None = None
    reason: str = ""
    app_made: bool = False
    seat: str | None = None
