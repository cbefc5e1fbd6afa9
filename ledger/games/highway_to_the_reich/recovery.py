"""Disruption Recovery (11.51) with the die-roll adjustments of 11.54, exact odds.

One die, plus every 11.54 adjustment that holds (+1 Friendly armor, +1 Friendly HQ or Leader,
-1 adjacent Enemy armor, -1 out of supply, -1 adjacent another Friendly disrupted stack); an
adjusted roll above 6 is read as 6 (11.54). The total is read in the column of the unit's printed
Morale Rating 1..4 (11.51); for a stack, the top unit's.

The table's rows run from -2 to 6, totals no die can give unadjusted, so it is not an engine
``Chart`` (whose cells are dice readings): it is a plain data file (``11.51-disruption-
recovery.toml``) read here, and the odds come from ``ledger.charts.odds.modified_odds``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Final

from ledger.charts.dice import D6
from ledger.charts.loader import package_data
from ledger.charts.odds import modified_odds
from ledger.games.highway_to_the_reich import PACKAGE

CASE: Final = "11.51"
ADJUSTMENT_CASE: Final = "11.54"
REMOVED: Final = "R"
NOT_REMOVED: Final = "•"
DATA_FILE: Final = "11.51-disruption-recovery"


@dataclass(frozen=True, slots=True)
class Adjustment:
    """One 11.54 adjustment: ``key`` (as requests name it), its ``item`` number in 11.54, the
    ``value`` added to the roll and a ``label``."""

    key: str
    item: int
    value: int
    label: str


@dataclass(frozen=True, slots=True)
class RecoveryTable:
    """The 11.51 table: ``cells[total][morale]`` is ``"R"`` or ``"•"`` for adjusted totals
    ``lowest``..``highest`` and Morale Ratings ``morale_ratings``; ``adjustments`` of 11.54."""

    cells: dict[int, dict[int, str]]
    morale_ratings: tuple[int, ...]
    lowest: int
    highest: int
    adjustments: tuple[Adjustment, ...]

    def lookup(self, total: int, morale: int) -> str:
        """The cell for an adjusted ``total`` and a ``morale`` rating. Raises ``ValueError``
        for a rating the table does not print or a total outside its rows."""
        if morale not in self.morale_ratings:
            raise ValueError(
                f"Morale Rating {morale} is not on the table (it prints "
                f"{', '.join(map(str, self.morale_ratings))}) ({CASE})"
            )
        if total not in self.cells:
            raise ValueError(f"adjusted roll {total} is not a row of the table ({CASE})")
        return self.cells[total][morale]


@cache
def recovery_table() -> RecoveryTable:
    """The bundled 11.51 table with the 11.54 adjustments (cached)."""
    data = package_data(PACKAGE, DATA_FILE)
    ratings = tuple(data["table"]["morale_ratings"])
    cells = {
        int(row["total"]): dict(zip(ratings, row["cells"], strict=True)) for row in data["row"]
    }
    adjustments = tuple(
        Adjustment(a["key"], a["item"], a["value"], a["label"]) for a in data["adjustment"]
    )
    return RecoveryTable(
        cells, ratings, min(cells), int(data["table"]["highest_total"]), adjustments
    )


@dataclass(frozen=True, slots=True)
class Recovery:
    """A disruption recovery attempt worked out: the ``morale`` rating, the 11.54 adjustments
    that apply (``applied``), their sum ``modifier``, the exact odds of each adjusted total
    (``totals``, clamped at 6), the ``result_odds`` (``"R"`` removed / ``"•"`` not) and
    ``chance`` of removal."""

    morale: int
    applied: tuple[Adjustment, ...]
    modifier: int
    totals: dict[int, Fraction]
    result_odds: dict[str, Fraction]
    chance: Fraction


def disruption_recovery(
    morale: int, situations: Iterable[str], table: RecoveryTable | None = None
) -> Recovery:
    """The odds of removing Disruption for a unit (or the top unit of a stack) of printed
    ``morale`` (1..4) in the 11.54 ``situations`` named by their keys (``"out_of_supply"``).

    Raises ``ValueError`` for an unknown situation or a Morale Rating the table lacks."""
    table = table or recovery_table()
    by_key = {a.key: a for a in table.adjustments}
    wanted = list(situations)
    unknown = [s for s in wanted if s not in by_key]
    if unknown:
        raise ValueError(
            f"unknown 11.54 situation {', '.join(unknown)}; known: {', '.join(by_key)} "
            f"({ADJUSTMENT_CASE})"
        )
    table.lookup(table.highest, morale)  # refuses a rating the table does not print
    applied = tuple(a for a in table.adjustments if a.key in wanted)
    modifier = sum(a.value for a in applied)
    totals = modified_odds(D6, modifier, low=table.lowest, high=table.highest)
    results: dict[str, Fraction] = {}
    for total, chance in totals.items():
        cell = table.lookup(total, morale)
        results[cell] = results.get(cell, Fraction(0)) + chance
    ordered: dict[str, Fraction] = {r: results[r] for r in (REMOVED, NOT_REMOVED) if r in results}
    return Recovery(morale, applied, modifier, totals, ordered, ordered.get(REMOVED, Fraction(0)))
