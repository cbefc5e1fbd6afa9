"""Supply Requisition (4.55) journal events, and the "Needed by" a Field Commander writes on one.

``RequisitionFiled`` and ``RequisitionClosed`` are re-exported by ``ledger.model.events`` (their
``kind`` tags and fields are those the journal has always held, so old journals load); they are
folded by ``ledger.model.apply``. ``parse_needed_by`` reads the Game-Turn and Operations Stage
by which the supplies are needed as a player writes it — ``"3/2"`` or ``"GT 3 OpStage 2"`` — for
the CLI (``requisition --needed-by``), the dashboard's Requisitions page and a Supply
Requisition Form brought back (``ledger.commands.requisition_edits``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Final, Literal

from ledger.model.clock import OPERATIONS_STAGES_PER_GAME_TURN, GameTime
from ledger.model.quantities import Supplies
from ledger.model.source import Source

NEEDED_BY_TEXT_MAX: Final = 40
"""The longest "Needed by" text read (a time is ``"GT 123 OpStage 3"``)."""

_NEEDED_BY: Final = re.compile(
    r"^(?:GT\s*)?(\d{1,4})(?:\s*[/,]\s*|\s*(?:OpStage|Op\s+Stage|OS)\s*|\s+)(\d{1,2})$",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class RequisitionFiled:
    """A Field Commander asks for ``wanted`` supply points for unit ``unit_id`` on a Supply
    Requisition (4.55); ``requisition_id`` is the ledger's number for it (``"CR1"``, ``"AR1"``;
    ``"R1"`` in journals before 4.55 numbering per side). ``needed_by``: the Game-Turn and
    Operations Stage by which the supplies are needed (4.55; ``None``: not said, and in journals
    written before it was kept)."""

    source: Source
    requisition_id: str
    unit_id: str
    wanted: Supplies
    note: str = ""
    needed_by: GameTime | None = None
    kind: Literal["requisition_filed"] = "requisition_filed"


@dataclass(frozen=True, slots=True)
class RequisitionClosed:
    """The Logistics Commander closes requisition ``requisition_id``: ``fulfilled`` (the
    transfer comes before it as its own event) or ``rejected``, with ``reason``. ``origin``
    is the holder it was filled from and ``delivered`` the supply points sent (4.55; empty
    for a rejection and in journals written before they were kept)."""

    source: Source
    requisition_id: str
    outcome: Literal["fulfilled", "rejected"]
    reason: str = ""
    origin: str = ""
    delivered: Supplies = field(default_factory=Supplies)
    kind: Literal["requisition_closed"] = "requisition_closed"


def parse_needed_by(text: str) -> GameTime | None:
    """The Game-Turn and Operations Stage ``text`` names (4.55, 5.1): ``"3/2"``, ``"3 2"``,
    ``"GT 3 OpStage 2"`` or ``"GT3 OS2"`` (any case); ``None`` for blank text (no time said).
    Raises ``ValueError`` with a player's message naming the text for anything else: not a
    time, a Game-Turn below 1 or an Operations Stage outside 1 to 3 (5.1)."""
    written = " ".join(text.split())
    if not written:
        return None
    found = _NEEDED_BY.match(written) if len(written) <= NEEDED_BY_TEXT_MAX else None
    if found is None:
        raise ValueError(
            f"{written[:NEEDED_BY_TEXT_MAX]!r} is not a Game-Turn and Operations Stage; "
            "write it as 3/2 or GT 3 OpStage 2"
        )
    turn, stage = int(found.group(1)), int(found.group(2))
    if turn < 1:
        raise ValueError(f"{written!r}: Game-Turns start at 1 (GT 1 = September III 1940)")
    if not 1 <= stage <= OPERATIONS_STAGES_PER_GAME_TURN:
        raise ValueError(f"{written!r}: each Game-Turn has Operations Stages 1 to 3 (5.1)")
    return GameTime(turn, stage)
