"""The six Combat Results Tables (13.21-13.33), the Hard/Soft choice and the odds column.

The category comes from the Attack Strength employed: bracketed → the Hard tables 13.21-13.23,
unbracketed → the Soft tables 13.31-13.33 (9.0, 12.42); the defender's being a Hard or Soft
Target has no say in it (12.43). The table within the category comes from the defender's hex:
Clear, Rough #1 or Rough #2 (9.0, 13.1). The odds are Attack to Defense Strength, rounded down
in the defender's favour (8.3); below 1-1 is not allowed and above 10-1 reads 10-1 (9.0).

Each table is a one-die chart file in ``data/`` whose rows are the odds columns 1-1 ... 10-1.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Final, Literal

from ledger.charts.engine import Chart
from ledger.charts.loader import package_chart
from ledger.charts.odds import OddsColumn, odds_column
from ledger.games.combined_arms import PACKAGE
from ledger.games.combined_arms.rulings import MIXED_BRACKETS, option
from ledger.games.combined_arms.terrain import TERRAIN_LABELS
from ledger.games.combined_arms.units import PrintedStrength

Category = Literal["hard", "soft"]

ODDS_COLUMNS: Final = tuple(f"{n}-1" for n in range(1, 11))
"""The printed odds columns of every CRT, in printed order (13.21-13.33)."""

CRT_CASES: Final = {
    ("hard", "clear"): "13.21",
    ("hard", "rough-1"): "13.22",
    ("hard", "rough-2"): "13.23",
    ("soft", "clear"): "13.31",
    ("soft", "rough-1"): "13.32",
    ("soft", "rough-2"): "13.33",
}
"""(category, defender's terrain) → the CRT's case."""

ResultCode = Literal["-", "1", "2", "3", "D1", "D2", "D3", "DE"]
"""A printed combat result (9.1x): ``-`` is the printed dot, ``DE`` the printed ``De``."""

RESULT_MEANINGS: Final[dict[str, str]] = {
    "-": "no effect (9.1)",
    "1": "the defender retreats 1 hex (9.11)",
    "2": "the defender retreats 2 hexes (9.11)",
    "3": "the defender retreats 3 hexes (9.11)",
    "D1": "Disruption level 1 (9.12)",
    "D2": "Disruption level 2 (9.12)",
    "D3": "Disruption level 3 (9.12)",
    "DE": "the defender is eliminated (9.13)",
}
"""What each printed result code does, before Disruption accumulates (9.1x)."""


def crt_id(category: str, terrain: str) -> str:
    """The chart id of the CRT for ``category`` (``"hard"``/``"soft"``) and the defender's
    ``terrain`` (``"clear"``, ``"rough-1"``, ``"rough-2"``): ``"13.21-hard-clear"``.
    Raises ``KeyError`` for another pair."""
    try:
        case = CRT_CASES[(category, terrain)]
    except KeyError:
        raise KeyError(f"no Combat Results Table for {category} attacks on {terrain!r}") from None
    return f"{case}-{category}-{terrain}"


def crt(category: str, terrain: str) -> Chart:
    """The CRT chart (one die; rows = odds columns 1-1..10-1) for ``category`` and ``terrain``.
    Raises ``KeyError`` (unknown pair or missing file) or ``ChartFileError`` (broken file)."""
    return package_chart(PACKAGE, crt_id(category, terrain))


def crt_title(category: str, terrain: str) -> str:
    """``"13.21 Hard, Clear"``: how the result names a table."""
    return f"{CRT_CASES[(category, terrain)]} {category.title()}, {TERRAIN_LABELS[terrain]}"


def table_category(
    strengths: Sequence[PrintedStrength], chosen: Mapping[str, str] | None = None
) -> tuple[Category, str]:
    """The CRT category for the Attack Strengths employed (9.0, 12.42) and why.

    All bracketed → ``"hard"``, none → ``"soft"``; a mix follows ruling 13.2-mixed-brackets.
    Raises ``ValueError`` when there is no strength, or for a mix when the ruling refuses it."""
    if not strengths:
        raise ValueError("an attack needs at least one Attack Strength (8.13)")
    bracketed = sum(s.bracketed for s in strengths)
    if bracketed == len(strengths):
        return "hard", "every Attack Strength employed is bracketed: Hard CRT (12.42)"
    if bracketed == 0:
        return "soft", "no Attack Strength employed is bracketed: Soft CRT (12.42)"
    picked = option(chosen or {}, MIXED_BRACKETS)
    if picked == "refuse":
        raise ValueError(
            "the attackers mix bracketed and unbracketed Attack Strengths; ruling "
            f"{MIXED_BRACKETS.id} is 'refuse' (12.42)"
        )
    category: Category = "hard" if picked == "hard-if-any" else "soft"
    return category, (
        f"{bracketed} of {len(strengths)} Attack Strengths bracketed: {category.title()} CRT "
        f"(ruling {MIXED_BRACKETS.id}: {picked}) (12.42)"
    )


def combat_odds(attack: int | Fraction, defense: int | Fraction) -> OddsColumn:
    """The odds column for ``attack`` against ``defense`` (8.3, 9.0): rounded down to the
    printed ratio, above 10-1 read as 10-1 (``clamped="high"``). Raises ``OddsTooLow`` below
    1-1 and ``ValueError`` for a negative strength or a Defense Strength of 0."""
    return odds_column(attack, defense, ODDS_COLUMNS, below="refuse", case="9.0")
