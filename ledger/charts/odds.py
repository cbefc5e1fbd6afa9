"""Choosing a combat table's column, shared by every game's calculators.

Wargame combat tables choose a column in one of three ways. This module does each of them
exactly, with ``Fraction``s, and says what it did:

- **Odds ratio** (``odds_column``): the ratio of attack to defense strength, rounded down to the
  nearest printed ratio. Rounding down favours the defender: 11 to 4 is 2.75, read as 2-1 on a
  table printing 1-1, 2-1, 3-1. A ratio below the first column may be refused (``OddsTooLow``)
  or read on the first column; a ratio above the last column is read on the last one.
- **Differential** (``differential_column``): attack minus defense, read on the row whose bounds
  serve it (``Chart.row_for``), clamped to the table's ends.
- **Strength band** (``band_column``): one side's strength, read on the row whose bounds serve it.

Column shifts then move along the table's printed order and stop at its ends (``Chart.shift``).

The dice helpers (``modified_odds``, ``chance_at_least``) give the exact odds of a die roll plus a
modifier, clamped to a table's ends. A game's own module applies them to its charts
(``ledger/games/``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from ledger.charts.dice import DiceKind
from ledger.charts.engine import Chart

Strength = int | Fraction
"""A combat strength: whole points, or a ``Fraction`` where halving leaves one (kept exact)."""


class OddsTooLow(ValueError):
    """Odds below the table's first column where the game refuses such an attack. The message
    gives the ratio, the first column and the rule case."""


@dataclass(frozen=True, slots=True)
class Ratio:
    """A printed odds column ``attack``-``defense`` ("3-2"); ``value`` is attack/defense."""

    attack: int
    defense: int

    @property
    def value(self) -> Fraction:
        """attack / defense as an exact fraction (3-2 is 3/2)."""
        return Fraction(self.attack, self.defense)

    @property
    def key(self) -> str:
        """The column as printed: ``"3-2"``."""
        return f"{self.attack}-{self.defense}"


def parse_ratio(text: str) -> Ratio:
    """``"3-2"`` (or ``"3:2"``) as a ``Ratio``. Raises ``ValueError`` for other text or a side of
    zero or less."""
    for sep in ("-", ":"):
        left, found, right = text.strip().partition(sep)
        if found:
            break
    try:
        attack, defense = int(left), int(right)
    except ValueError:
        raise ValueError(f"{text!r} is not an odds column such as 3-2") from None
    if attack <= 0 or defense <= 0:
        raise ValueError(f"odds column {text!r}: both sides must be at least 1")
    return Ratio(attack, defense)


@dataclass(frozen=True, slots=True)
class OddsColumn:
    """The column a combat is read on.

    ``attack`` and ``defense`` are the final strengths compared (after every halving and
    doubling); ``ratio`` is attack/defense exactly (``None`` when the defense is 0); ``column``
    is the printed column key (``"3-1"``); ``clamped`` is ``"high"`` when the ratio was above the
    last column and read on it, ``"low"`` when below the first and read on it, ``""`` otherwise;
    ``note`` says how the column was found, for a player to check.
    """

    attack: Fraction
    defense: Fraction
    ratio: Fraction | None
    column: str
    clamped: Literal["", "high", "low"]
    note: str


def odds_column(
    attack: Strength,
    defense: Strength,
    columns: Sequence[str],
    *,
    below: Literal["refuse", "lowest"] = "refuse",
    zero_defense: str | None = None,
    rounding: Literal["down", "nearest"] = "down",
    case: str = "",
) -> OddsColumn:
    """The printed odds column for ``attack`` against ``defense``, rounded down (in the
    defender's favour) to the nearest of ``columns`` ("1-2", "1-1", "3-2", ...).

    ``columns`` may come in any order; each must parse as a ratio (``parse_ratio``), except
    ``zero_defense``, the column read when the defense is 0: its own heading ("0-any") or one of
    the printed ratios (Highway to the Reich reads an attack on 0 as 4-1). Above the last column
    the last is read (``clamped="high"``). Below the first, ``below="refuse"`` raises
    ``OddsTooLow`` and ``below="lowest"`` reads the first (``clamped="low"``). Between two
    columns ``rounding="down"`` (the default) takes the lower; ``"nearest"`` the printed ratio
    closest in value, a tie going down (a game's ruling may ask for it). ``case`` is quoted in
    notes and errors.

    Raises ``ValueError`` for a negative strength, a defense of 0 with no ``zero_defense``
    column, or a column that is not a ratio; ``OddsTooLow`` as above.
    """
    a, d = Fraction(attack), Fraction(defense)
    rule = f" ({case})" if case else ""
    if a < 0 or d < 0:
        raise ValueError(f"strengths cannot be negative: {a} against {d}{rule}")
    ratios = sorted(
        (parse_ratio(c) for c in columns if c != zero_defense or _is_ratio(c)),
        key=lambda r: r.value,
    )
    if not ratios:
        raise ValueError("an odds table needs at least one ratio column")
    if d == 0:
        if zero_defense is None:
            raise ValueError(f"a defense strength of 0 has no odds column{rule}")
        note = f"{_number(a)} against 0: column {zero_defense}{rule}"
        return OddsColumn(a, d, None, zero_defense, "", note)
    ratio = a / d
    shown = f"{_number(a)} to {_number(d)} = {_number(ratio)}"
    fitting = [r for r in ratios if r.value <= ratio]
    if not fitting:
        first = ratios[0].key
        if below == "refuse":
            raise OddsTooLow(
                f"odds {shown} are below the table's first column {first}; "
                f"such an attack is not allowed{rule}"
            )
        return OddsColumn(a, d, ratio, first, "low", f"{shown}, below {first}: read on {first}")
    best = fitting[-1]
    if best is ratios[-1] and ratio > best.value:
        return OddsColumn(a, d, ratio, best.key, "high", f"{shown}, above {best.key}: read as it")
    if ratio == best.value:
        return OddsColumn(a, d, ratio, best.key, "", f"{shown}: exactly {best.key}")
    if rounding == "nearest":
        nearest = min(ratios, key=lambda r: (abs(r.value - ratio), r.value))
        if nearest is not best:
            note = f"{shown}: nearest printed ratio {nearest.key}"
            return OddsColumn(a, d, ratio, nearest.key, "", note)
    return OddsColumn(
        a, d, ratio, best.key, "", f"{shown}: rounded down to {best.key} (defender's favour)"
    )


@dataclass(frozen=True, slots=True)
class RowChoice:
    """The row of ``chart`` serving ``value`` (a differential or a strength): ``row`` its key,
    ``clamped`` ``"low"``/``"high"`` when ``value`` lay beyond the chart's bounded rows and the
    end row was read, ``note`` how it was found."""

    value: int
    row: str
    clamped: Literal["", "high", "low"]
    note: str


def differential_column(attack: int, defense: int, chart: Chart) -> RowChoice:
    """The row of ``chart`` (rows bounded by ``low``/``high``) serving attack − defense; beyond
    the bounded rows the end row is read. Raises ``ValueError`` when no row has bounds."""
    return band_column(attack - defense, chart, what="differential")


def band_column(value: int, chart: Chart, *, what: str = "strength") -> RowChoice:
    """The row of ``chart`` whose bounds serve ``value`` (a strength band), the first or last
    bounded row when ``value`` lies below or above them all. Raises ``ValueError`` when the
    chart has no bounded row."""
    bounded = [r for r in chart.rows if r.low is not None or r.high is not None]
    if not bounded:
        raise ValueError(f"chart {chart.case} has no rows with bounds")
    for row in bounded:
        if row.serves(value):
            return RowChoice(value, row.key, "", f"{what} {value}: row {row.label}")
    low_end = min(bounded, key=lambda r: r.low if r.low is not None else -(10**9))
    high_end = max(bounded, key=lambda r: r.high if r.high is not None else 10**9)
    if low_end.low is not None and value < low_end.low:
        return RowChoice(value, low_end.key, "low", f"{what} {value}: below, row {low_end.label}")
    if high_end.high is not None and value > high_end.high:
        return RowChoice(
            value, high_end.key, "high", f"{what} {value}: above, row {high_end.label}"
        )
    raise ValueError(f"chart {chart.case}: no row serves {what} {value}")


def modified_odds(
    dice: DiceKind, modifier: int = 0, *, low: int | None = None, high: int | None = None
) -> dict[int, Fraction]:
    """The exact odds of (reading + ``modifier``), each total clamped to ``low``..``high``
    (a table's first and last rows): {total: probability}, ascending, summing to 1.

    ``modified_odds(D6, +2, high=6)`` is {3: 1/6, 4: 1/6, 5: 1/6, 6: 1/2}.
    """
    odds: dict[int, Fraction] = {}
    for reading, chance in dice.odds.items():
        total = reading + modifier
        if low is not None:
            total = max(total, low)
        if high is not None:
            total = min(total, high)
        odds[total] = odds.get(total, Fraction(0)) + chance
    return dict(sorted(odds.items()))


def chance_at_least(dice: DiceKind, target: int, modifier: int = 0) -> Fraction:
    """The exact chance that reading + ``modifier`` reaches ``target`` or more."""
    return sum((p for r, p in dice.odds.items() if r + modifier >= target), start=Fraction(0))


def combine(odds: Mapping[str, Fraction], *more: Mapping[str, Fraction]) -> dict[str, Fraction]:
    """Add up several {result: probability} tables weighted already (e.g. each a row's odds
    times the chance of that row), keeping first-seen order."""
    total: dict[str, Fraction] = {}
    for table in (odds, *more):
        for result, chance in table.items():
            total[result] = total.get(result, Fraction(0)) + chance
    return total


def _is_ratio(text: str) -> bool:
    try:
        parse_ratio(text)
    except ValueError:
        return False
    return True


def _number(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value.numerator}/{value.denominator}"
