"""The named-ruling type that every game's calculators and CNA's ledger share.

A ``Ruling`` names a place where the printed rules or charts are ambiguous, contradictory or
silent, lists the options a game may choose and the default taken otherwise (CNA's registry is
``ledger.model.rulings``; each other game keeps its own in ``ledger.games.<game>.rulings``).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Ruling:
    """A named ruling where the printed rules or reference data are ambiguous or silent.

    ``options`` are the choices a game may make; ``default`` is the one taken unless the game's
    settings say otherwise (``docs/rulings.md``).
    """

    id: str
    case: str
    question: str
    options: tuple[str, ...]
    default: str
