"""How TOE points absorb a Close Assault loss (15.83d, e; 15.17; 15.84b), for
``ledger.combat.assault_losses`` and ``ledger.combat.assault_captured``.

The exact programme that picks the fewest points absorbing a loss (then the least absorbed, the
fewest entries, the earlier entries; parenthesised ratings capped at a quarter of the hex's
share beside combat units, 15.17), what a choice of points absorbs, how a unit's and system's
loss spreads over its elements (15.83d), merging losses, and the checks of a rating and of a
count that cannot be negative. The rules they serve are told in ``assault_losses``'s notes.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Final

from ledger.combat.forces import Element, Loss

ASSAULT_RATINGS: Final = ("offensive_close_assault", "defensive_close_assault")
"""The ratings that absorb Close Assault losses: the attacker's and the defender's (15.83d)."""


_Pool = list[tuple[int, int, bool]]
"""(TOE points, what one point absorbs, parenthesised) per element, in order."""


def fewest_absorbing_points(
    pool: Sequence[tuple[int, int, bool]], needed: int, cap: Fraction | None
) -> tuple[int, ...]:
    """The TOE points to take from each ``pool`` entry to absorb a loss of ``needed`` (15.83d;
    14.43's order for Damage Points; 15.84b for Vulnerability; 15.86's ``"raw"`` basis).

    ``pool``: (TOE points, what one point absorbs, parenthesised) per element, in order, as
    ``absorption_pool`` gives it; ``needed`` is in the unit one point absorbs (Raw points,
    Vulnerability points). Absorb as much of ``needed`` as possible, then take the fewest
    points, the least absorbed, the fewest entries, the earlier entries. Parenthesised entries
    absorb at most ``cap`` together (15.17, ``parenthesised_cap``; ``None``: no cap). Returns
    one count per entry, in ``pool``'s order; all 0 when ``needed`` is 0 or less or no entry
    absorbs. Exact dynamic programme over (absorbed, parenthesised absorbed); a chosen set never
    absorbs ``needed`` + largest rating or more. Raises nothing."""
    if needed <= 0 or not any(count and each > 0 for count, each, _ in pool):
        return (0,) * len(pool)
    limit = needed + max(each for count, each, _ in pool if count) - 1
    states: dict[tuple[int, int], tuple[int, int, tuple[int, ...]]] = {(0, 0): (0, 0, ())}
    for count, each, paren in pool:
        after: dict[tuple[int, int], tuple[int, int, tuple[int, ...]]] = {}
        for (got, paren_got), (points, touched, key) in states.items():
            for x in range(count + 1 if each > 0 else 1):
                total = got + x * each
                capped = paren_got + x * each if paren and cap is not None else paren_got
                if total > limit or (cap is not None and capped > cap):
                    break
                candidate = (points + x, touched + (x > 0), (*key, -x))
                slot = (total, capped)
                if slot not in after or candidate < after[slot]:
                    after[slot] = candidate
        states = after
    (got, _), (_, _, key) = min(
        states.items(),
        key=lambda s: (-min(s[0][0], needed), s[1][0], s[0][0], s[1][1], s[1][2]),
    )
    return tuple(-x for x in key)


def absorption_pool(members: Sequence[Element], rating: str) -> _Pool:
    """The pool ``fewest_absorbing_points`` picks from (15.83d, 15.17): (TOE points, Raw points
    of ``rating`` one point absorbs, 0 for a "-" rating; whether ``rating`` is printed in
    parentheses) for each of ``members``, in order."""
    return [(e.points, e.rating(rating), rating in e.ratings.parenthesised) for e in members]


def parenthesised_cap(members: Sequence[Element], rating: str, share: int) -> Fraction | None:
    """15.17 (ruling ``15.17-parenthesised-quarter``, ``"hex-share"``): the most Raw points of
    ``rating`` that parenthesised points among ``members`` (one hex's points) may absorb of the
    hex's ``share`` of the loss (15.83e): ``Fraction(share, 4)`` when points with a
    parenthesised rating share the hex with combat units (points with a positive plain rating),
    else ``None`` (no cap). A share of 10 gives 5/2."""
    paren = [rating in e.ratings.parenthesised for e in members if e.points]
    combat = any(
        rating not in e.ratings.parenthesised and e.rating(rating) > 0 and e.points for e in members
    )
    return Fraction(share, 4) if combat and any(paren) else None


def raw_absorbed(
    members: Sequence[Element], taken: Sequence[int], rating: str, cap: Fraction | None
) -> int:
    """The Raw points of ``rating`` that ``taken[i]`` TOE points of each of ``members`` absorb
    (15.83d): plain ratings in full, parenthesised ones together at most ``cap`` rounded down
    (15.17, ``parenthesised_cap``; ``None``: no cap). ``taken`` runs parallel to ``members``;
    ``ValueError`` when their lengths differ."""
    plain = paren = 0
    for e, x in zip(members, taken, strict=True):
        if rating in e.ratings.parenthesised:
            paren += x * e.rating(rating)
        else:
            plain += x * e.rating(rating)
    return plain + (paren if cap is None else min(paren, math.floor(cap)))


def spread_over_elements(
    elements: Sequence[Element], losses: Iterable[Loss], problems: list[str]
) -> list[int]:
    """The TOE points each of ``elements`` loses for ``losses`` (15.83d), one count per element
    in order: a unit and system's losses, added up, fill its first element first. A loss of
    points not among ``elements`` and losses above the points held are added to ``problems``
    as messages with the case. Raises ``ValueError`` for a loss of negative points."""
    wanted: dict[tuple[str, str], int] = {}
    for loss in losses:
        check_not_negative("points", loss.points, "15.83d")
        wanted[(loss.unit, loss.system)] = wanted.get((loss.unit, loss.system), 0) + loss.points
    taken = [0] * len(elements)
    for (unit, system), points in wanted.items():
        slots = [i for i, e in enumerate(elements) if (e.unit, e.system) == (unit, system)]
        if not slots:
            problems.append(
                f"{unit} {system} is not among the points that may take losses (15.83d)"
            )
            continue
        left = points
        for i in slots:
            taken[i] = min(left, elements[i].points)
            left -= taken[i]
        if left:
            problems.append(
                f"{unit} {system}: the losses take {points} TOE points, "
                f"{points - left} held: {left} over (15.83d)"
            )
    return taken


def merged_losses(losses: Iterable[Loss]) -> tuple[Loss, ...]:
    """``losses`` with one ``Loss`` per (unit, weapon system), in the order first listed: their
    TOE points and what they absorb added up (15.83d, 15.84b)."""
    merged: dict[tuple[str, str], Loss] = {}
    for loss in losses:
        key = (loss.unit, loss.system)
        if key in merged:
            old = merged[key]
            loss = Loss(
                loss.unit, loss.system, old.points + loss.points, old.absorbs + loss.absorbs
            )
        merged[key] = loss
    return tuple(merged.values())


def absorbs_per_point(loss: Loss) -> int:
    """What one TOE point of ``loss`` absorbs (Raw or Vulnerability points): ``absorbs`` over
    ``points``, rounded down; 0 for a loss of no points. 15.86's ``"raw"`` basis weighs the
    points lost by it."""
    return loss.absorbs // loss.points if loss.points else 0


def check_assault_rating(rating: str) -> None:
    """Refuse a ``rating`` other than the two that absorb Close Assault losses
    (``ASSAULT_RATINGS``): ``ValueError`` naming it and the case (15.83d)."""
    if rating not in ASSAULT_RATINGS:
        raise ValueError(
            f"rating: {rating!r} does not absorb Close Assault losses; expected "
            f"{' or '.join(ASSAULT_RATINGS)} (15.83d)"
        )


def check_not_negative(field: str, value: int, case: str) -> None:
    """Refuse a negative count (TOE points, Raw points, a percentage, hexes): ``ValueError``
    naming ``field``, the ``value`` and the rule ``case`` given."""
    if value < 0:
        raise ValueError(f"{field}: {value} cannot be negative ({case})")
