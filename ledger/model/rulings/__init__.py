"""The ledger's own named rulings (docs/rulings.md); scenarios add theirs in their files.

Each ruling names the case, the question the printed rules leave open, the options and the
default. A game may choose another option when it is created.

The rulings live in one module per rule area: ``capability`` (CP, clock, Cohesion, Morale),
``supply`` (upkeep, consumption, holding limits), ``organization``, ``phases`` (the
sequence of play and the Initiative), ``breakdown``, ``shortage``
``combat``, ``seats`` and ``campaign`` (withdrawals, victory); ``RULINGS`` joins them in the ledger's order.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from ledger.charts.ruling import Ruling
from ledger.model.rulings.breakdown import BREAKDOWN_RULINGS
from ledger.model.rulings.campaign import CAMPAIGN_RULINGS
from ledger.model.rulings.capability import CAPABILITY_RULINGS
from ledger.model.rulings.combat import COMBAT_RULINGS
from ledger.model.rulings.organization import ORGANIZATION_RULINGS
from ledger.model.rulings.phases import PHASE_RULINGS
from ledger.model.rulings.seats import SEAT_RULINGS
from ledger.model.rulings.setup import SETUP_RULINGS
from ledger.model.rulings.shortage import SHORTAGE_RULINGS
from ledger.model.rulings.supply import (
    CONSUMPTION_RULINGS,
    HOLDING_LIMIT_RULINGS,
    UPKEEP_RULINGS,
)

RULINGS: Final[tuple[Ruling, ...]] = (
    *CAPABILITY_RULINGS,
    *UPKEEP_RULINGS,
    *ORGANIZATION_RULINGS,
    *PHASE_RULINGS,
    *BREAKDOWN_RULINGS,
    *CONSUMPTION_RULINGS,
    *SHORTAGE_RULINGS,
    *HOLDING_LIMIT_RULINGS,
    *COMBAT_RULINGS,
    *SEAT_RULINGS,
    *CAMPAIGN_RULINGS,
    *SETUP_RULINGS,
)
"""Rulings every game has, whatever its scenario."""


def check_options(choices: Iterable[tuple[str, str]]) -> None:
    """Check (ruling id, option) pairs against the ledger's rulings. Raises ``KeyError`` for an
    unknown ruling id and ``ValueError`` naming the ruling for an option it does not have."""
    known = {r.id: r.options for r in RULINGS}
    for ruling_id, option in choices:
        if option not in known[ruling_id]:
            raise ValueError(
                f"ruling {ruling_id}: unknown option {option!r}; expected one of "
                f"{', '.join(known[ruling_id])}"
            )
