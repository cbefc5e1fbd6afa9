"""Dice kinds as exact distributions over their readings (probabilities are ``Fraction``s).

The game ships one large and one small six-sided die (4.6). A chart is read with one of:

- ``D6``: one die, readings 1..6, each 1/6.
- ``TWO_D6_SUM``: both dice added (15.73b, c), readings 2..12 with the triangular odds
  (7 is 6/36).
- ``D66``: both dice read in sequence (12.42, 15.73a), the large die as tens and the small die as
  units: readings 11..16, 21..26, ..., 61..66, 36 of them, each 1/36. The two dice are never
  sorted: a large 2 and a small 5 read 25, a large 5 and a small 2 read 52.

Every kind enumerates the 36 (or 6) equally likely throws, so a chart built on it can give the
exact probability of each of its results.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from types import MappingProxyType
from typing import Final

FACES: Final = (1, 2, 3, 4, 5, 6)
"""The faces of one die."""


@dataclass(frozen=True, slots=True)
class DiceKind:
    """How a throw is read: ``id`` (as chart files name it), a readable ``name`` and the exact
    ``odds``, a mapping reading → probability in ascending reading order, summing to exactly 1.
    """

    id: str
    name: str
    odds: Mapping[int, Fraction]

    @property
    def readings(self) -> tuple[int, ...]:
        """Every possible reading, ascending (e.g. ``(11, 12, ..., 16, 21, ..., 66)`` for D66)."""
        return tuple(self.odds)

    def probability(self, reading: int) -> Fraction:
        """The exact chance of ``reading``; ``Fraction(0)`` for a number the dice cannot show."""
        return self.odds.get(reading, Fraction(0))

    def __contains__(self, reading: object) -> bool:
        return reading in self.odds

    def between(self, low: int, high: int) -> tuple[int, ...]:
        """The readings from ``low`` to ``high`` inclusive, as a chart cell "low-high" covers them.

        For D66, "11-26" is 11..16 and 21..26 (a units digit of 7..0 is not a reading).
        Raises ``ValueError`` when ``low`` or ``high`` is not itself a reading or ``low > high``.
        """
        for end in (low, high):
            if end not in self.odds:
                raise ValueError(f"{end} is not a reading of {self.name} ({self.id})")
        if low > high:
            raise ValueError(f"range {low}-{high} runs backwards")
        return tuple(r for r in self.odds if low <= r <= high)


def _kind(id_: str, name: str, dice: int, read: Callable[[tuple[int, ...]], int]) -> DiceKind:
    """Enumerate every throw of ``dice`` dice (large die first) and count each reading."""
    throws = list(product(FACES, repeat=dice))
    counts: dict[int, int] = {}
    for throw in throws:
        reading = read(throw)
        counts[reading] = counts.get(reading, 0) + 1
    odds = {r: Fraction(counts[r], len(throws)) for r in sorted(counts)}
    return DiceKind(id_, name, MappingProxyType(odds))


def d66_reading(large: int, small: int) -> int:
    """The sequential reading of a throw (12.42, 15.73a): large die tens, small die units.

    ``d66_reading(2, 5) == 25``; ``d66_reading(5, 2) == 52`` (never sorted).
    Raises ``ValueError`` when a die is not 1..6.
    """
    _check_faces(large, small)
    return 10 * large + small


def two_d6_sum(large: int, small: int) -> int:
    """The added reading of a throw (15.73b): ``two_d6_sum(3, 4) == 7``.

    Raises ``ValueError`` when a die is not 1..6.
    """
    _check_faces(large, small)
    return large + small


def _check_faces(*dice: int) -> None:
    for die in dice:
        if die not in FACES:
            raise ValueError(f"a die shows 1 to 6, not {die}")


D6: Final = _kind("d6", "one die", 1, lambda t: t[0])
TWO_D6_SUM: Final = _kind("2d6-sum", "two dice added", 2, lambda t: t[0] + t[1])
D66: Final = _kind("d66", "two dice read large-small", 2, lambda t: 10 * t[0] + t[1])

DICE_KINDS: Final[Mapping[str, DiceKind]] = MappingProxyType(
    {kind.id: kind for kind in (D6, TWO_D6_SUM, D66)}
)
"""Every dice kind by the id chart files use: ``"d6"``, ``"2d6-sum"``, ``"d66"``."""


def dice_kind(kind_id: str) -> DiceKind:
    """The dice kind a chart file names; ``KeyError`` listing the known ids for another name."""
    try:
        return DICE_KINDS[kind_id]
    except KeyError:
        raise KeyError(
            f"unknown dice kind {kind_id!r}; expected one of {', '.join(DICE_KINDS)}"
        ) from None
