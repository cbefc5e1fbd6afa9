"""The Capability Point Cost Summary (6.3) as named actions, read from chart data.

Each action has an id (``"disengage"``), a label in the game's terms, its case, a fixed cost in
CP (``Fraction``) or ``None`` when the players give the CP (terrain costs, 8.37), a kind
(``movement``, ``attack``, ``defend``, ``other``: what Cohesion −26 forbids, 6.26) and the
portion of the Operations Stage it is spent in (``own``: voluntary, where the 150 % ceiling of
8.17 applies; ``other``: the opposing player's portion; ``any``).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from importlib import resources
from typing import Literal

ActionKind = Literal["movement", "attack", "defend", "other"]
Portion = Literal["own", "other", "any"]


@dataclass(frozen=True, slots=True)
class CPAction:
    """One line of the 6.3 summary. ``cost`` in CP, ``None`` when variable."""

    id: str
    label: str
    case: str
    cost: Fraction | None
    kind: ActionKind
    portion: Portion


@cache
def cp_actions() -> dict[str, CPAction]:
    """Every 6.3 action by id, in chart order (from ``charts/data/6.3-capability-point-costs.toml``)."""
    text = (
        resources.files("ledger.charts")
        .joinpath("data")
        .joinpath("6.3-capability-point-costs.toml")
        .read_text(encoding="utf-8")
    )
    actions: dict[str, CPAction] = {}
    for row in tomllib.loads(text)["action"]:
        cost = None if row["cost"] == "variable" else Fraction(row["cost"])
        actions[row["id"]] = CPAction(
            row["id"], row["label"], row["case"], cost, row["kind"], row["portion"]
        )
    return actions
