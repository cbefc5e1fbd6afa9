"""Adjusted Morale for one Close Assault: Basic Morale plus the 17.4 modifier (17.2, 15.6).

A unit's (or group's, 15.63) Basic Morale is adjusted by its Cohesion Level at the instant of the
assault: the Player reads two dice in sequence (11..66) on the row of chart 17.4 for that level
and adds the modifier found (17.22), or the units Surrender (17.25). Levels of +8 or more use the
+8 row and -17 or worse the -17 row (17.24). The Adjusted Morale Rating is held to +3..-3 (17.23,
ruling ``17.23-adjusted-morale-limits``); Axis units stacked with Rommel add 1 after (17.28).
A unit or group of Basic Morale +1 or better takes a Surrender as -4 instead, unless its Cohesion
Level is -11 or worse or the enemy is three times as strong (17.26). The Final Adjusted Morale is
the attacker's Adjusted Morale minus the defender's, in columns (15.61, 15.62).

Rulings: ``17.4-row-minus-4-gap`` (the printed gap at row -4, reading 56),
``17.4-fractional-cohesion`` (the row of a quarter-point level), ``6.27-largest-unit-halves``
(halves under "nearest") and ``17.23-adjusted-morale-limits``; options in ``MoraleRulings``.
Cohesion Levels are exact (``Fraction`` or ``int``); probabilities are exact ``Fraction``s.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import ceil, floor
from typing import Final, Literal

from ledger.charts.engine import Chart
from ledger.charts.loader import bundled_chart
from ledger.model.rulings import check_options
from ledger.rules.cohesion_groups import HALVES_RULING, round_level

CHART_ID: Final = "17.4-morale-modification"
GAP_RULING: Final = "17.4-row-minus-4-gap"
FRACTION_RULING: Final = "17.4-fractional-cohesion"
LIMITS_RULING: Final = "17.23-adjusted-morale-limits"

SURRENDER: Final = "surrender"
Surrender = Literal["surrender"]
Modifier = int | Surrender
"""A 17.4 result: a modifier from +4 to -4, or ``"surrender"``."""
AdjustedMorale = int | Surrender
"""An Adjusted Morale Rating (+3..-3 under the default limits, +4 with Rommel), or Surrender."""

MORALE_LIMIT: Final = 3
"""17.23: an Adjusted Morale Rating is held between -3 and +3 (ruling ``plus-minus-3``)."""
SURRENDER_IMMUNE_MORALE: Final = 1
"""17.26: Basic Morale of +1 or better takes a Surrender as -4 ..."""
SURRENDER_STANDS_AT: Final = -11
"""... unless the Cohesion Level is -11 or worse (17.26a)."""
SURRENDER_AS: Final = -4


@dataclass(frozen=True, slots=True)
class MoraleRulings:
    """The options in force for the morale rulings (each field is one ruling; defaults shown).

    Raises ``ValueError`` naming the ruling for an option it does not have.
    """

    gap: str = "minus-2"
    fractional: str = "nearest"
    halves: str = "away-from-zero"
    limits: str = "plus-minus-3"

    def __post_init__(self) -> None:
        check_options(self._choices())

    def _choices(self) -> tuple[tuple[str, str], ...]:
        return (
            (GAP_RULING, self.gap),
            (FRACTION_RULING, self.fractional),
            (HALVES_RULING, self.halves),
            (LIMITS_RULING, self.limits),
        )

    @classmethod
    def from_choices(cls, option: Callable[[str], str]) -> MoraleRulings:
        """The rulings of a game, from its option lookup (e.g. ``GameState.ruling``)."""
        return cls(
            gap=option(GAP_RULING),
            fractional=option(FRACTION_RULING),
            halves=option(HALVES_RULING),
            limits=option(LIMITS_RULING),
        )


DEFAULT_RULINGS: Final = MoraleRulings()


@cache
def morale_chart(gap: str = "minus-2") -> Chart:
    """Chart 17.4 with its printed gap (row -4, reading 56) filled as ruling
    ``17.4-row-minus-4-gap`` option ``gap`` says (``"minus-2"`` or ``"minus-3"``)."""
    if gap not in ("minus-2", "minus-3"):
        raise ValueError(f"ruling {GAP_RULING}: unknown option {gap!r}")
    return bundled_chart(CHART_ID).fill_gap("-4", "-2" if gap == "minus-2" else "-3")


def cohesion_row_level(cohesion: Fraction | int, rulings: MoraleRulings = DEFAULT_RULINGS) -> int:
    """17.4 (ruling ``17.4-fractional-cohesion``): the whole Cohesion Level whose row a level
    in quarter points uses, not yet limited to the chart's +8 and -17 rows.

    ``"nearest"``: -3 1/4 → -3, -3 3/4 → -4, -3 1/2 by ``rulings.halves`` (6.27);
    ``"toward-zero"``: -3 3/4 → -3; ``"worse"``: -3 1/4 → -4; ``"better"``: -3 3/4 → -3.
    """
    level = Fraction(cohesion)
    if rulings.fractional == "nearest":
        return round_level(level, rulings.halves)
    if rulings.fractional == "toward-zero":
        return int(level)
    if rulings.fractional == "worse":
        return floor(level)
    return ceil(level)


def morale_row(cohesion: Fraction | int, rulings: MoraleRulings = DEFAULT_RULINGS) -> str:
    """The key of the 17.4 row for a Cohesion Level (``"+8"`` ... ``"0"`` ... ``"-17"``), with
    levels above +8 on the +8 row and below -17 on the -17 row (17.24)."""
    level = cohesion_row_level(cohesion, rulings)
    return morale_chart(rulings.gap).row_for(level).key


def morale_modifier(
    cohesion: Fraction | int, reading: int, rulings: MoraleRulings = DEFAULT_RULINGS
) -> Modifier:
    """The 17.4 result for a sequential reading (11..66) at a Cohesion Level: +4..-4 or
    ``"surrender"``. Raises ``ValueError`` for a number that is not a D66 reading."""
    chart = morale_chart(rulings.gap)
    return _modifier(chart.lookup(morale_row(cohesion, rulings), reading))


def morale_modifier_distribution(
    cohesion: Fraction | int, rulings: MoraleRulings = DEFAULT_RULINGS
) -> dict[Modifier, Fraction]:
    """The exact odds of each 17.4 result at a Cohesion Level: {+4..-4 or "surrender":
    probability}, best first, impossible results left out; the odds sum to exactly 1."""
    chart = morale_chart(rulings.gap)
    odds = chart.distribution(morale_row(cohesion, rulings))
    return {_modifier(result): p for result, p in odds.items()}


def adjusted_morale(
    basic_morale: int,
    cohesion: Fraction | int,
    reading: int,
    rulings: MoraleRulings = DEFAULT_RULINGS,
    *,
    enemy_three_times_stronger: bool = False,
    with_rommel: bool = False,
) -> AdjustedMorale:
    """The Adjusted Morale Rating of a unit or group (Basic Morale ``basic_morale``, Cohesion
    Level ``cohesion``) for a rolled sequential ``reading`` (17.22), or ``"surrender"`` (17.25).

    ``enemy_three_times_stronger``: the enemy's Raw Offensive Close Assault is at least three
    times this side's Raw Defensive (17.26b); ``with_rommel``: Axis units stacked with Rommel
    (17.28). Example (17.22): Basic Morale +1, Cohesion -4, reading 42 → -2 → -1.
    Raises ``ValueError`` for a number that is not a D66 reading.
    """
    modifier = morale_modifier(cohesion, reading, rulings)
    whole = cohesion_row_level(cohesion, rulings)
    return _adjust(basic_morale, modifier, whole, rulings, enemy_three_times_stronger, with_rommel)


def adjusted_morale_distribution(
    basic_morale: int,
    cohesion: Fraction | int,
    rulings: MoraleRulings = DEFAULT_RULINGS,
    *,
    enemy_three_times_stronger: bool = False,
    with_rommel: bool = False,
) -> dict[AdjustedMorale, Fraction]:
    """The exact odds of each Adjusted Morale Rating (and of Surrender) for a unit or group:
    {rating or "surrender": probability}, best rating first, Surrender last; sums to exactly 1.
    Arguments as for ``adjusted_morale``."""
    whole = cohesion_row_level(cohesion, rulings)
    odds: dict[AdjustedMorale, Fraction] = {}
    for modifier, p in morale_modifier_distribution(cohesion, rulings).items():
        rating = _adjust(
            basic_morale, modifier, whole, rulings, enemy_three_times_stronger, with_rommel
        )
        odds[rating] = odds.get(rating, Fraction(0)) + p
    ratings = sorted((r for r in odds if isinstance(r, int)), reverse=True)
    ordered: dict[AdjustedMorale, Fraction] = {r: odds[r] for r in ratings}
    if SURRENDER in odds:
        ordered[SURRENDER] = odds[SURRENDER]
    return ordered


def final_adjusted_morale(attacker: int, defender: int) -> int:
    """15.61: the Phasing (attacking) side's Adjusted Morale minus the defending side's; that
    many columns right on the Assault Differential when positive, left when negative (15.62)."""
    return attacker - defender


def _adjust(
    basic_morale: int,
    modifier: Modifier,
    whole_level: int,
    rulings: MoraleRulings,
    enemy_three_times_stronger: bool,
    with_rommel: bool,
) -> AdjustedMorale:
    """17.23, 17.26, 17.28 applied to one 17.4 result."""
    if isinstance(modifier, str):
        surrender_stands = (
            basic_morale < SURRENDER_IMMUNE_MORALE
            or whole_level <= SURRENDER_STANDS_AT
            or enemy_three_times_stronger
        )
        if surrender_stands:
            return SURRENDER
        modifier = SURRENDER_AS
    rating = basic_morale + modifier
    if rulings.limits == "plus-minus-3":
        rating = max(-MORALE_LIMIT, min(MORALE_LIMIT, rating))
    return rating + 1 if with_rommel else rating


def _modifier(result: str) -> Modifier:
    """A chart 17.4 column heading as a modifier."""
    if result == SURRENDER:
        return SURRENDER
    return int(result)
