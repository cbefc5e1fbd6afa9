"""Captured points and Prisoner Points of a Close Assault (15.85, 15.86, chart 15.89).

A Captured result adds one die on chart 15.89, the percentage of the side's losses captured
(``prisoner_percent``, ``prisoner_percent_distribution``); that share of the points lost,
rounded up, goes to the enemy (``captured_points``, ``propose_captured``, ruling
``15.86-captured-basis``); captured points become Prisoner Points or captured equipment
(15.86d, ``becomes_prisoners``, ``prisoners_from``, ruling ``15.86-captured-class-points``;
51.22's infantry-type unit types).
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from ledger.charts.figures import to_json
from ledger.charts.loader import bundled_chart
from ledger.combat.assault_absorption import (
    absorbs_per_point,
    check_not_negative,
    fewest_absorbing_points,
)
from ledger.combat.forces import Element, Loss
from ledger.model.rulings import check_options
from ledger.rules.consumption import WEAPON_KINDS

CAPTURED_BASIS_RULING: Final = "15.86-captured-basis"
CAPTURED_CLASS_RULING: Final = "15.86-captured-class-points"
INFANTRY_UNIT_TYPES: Final = ("infantry", "engineer")
"""51.22 (default ``infantry-and-engineers``): unit types whose class points are infantry-type."""
PRISONERS_CHART: Final = "15.89-prisoners"
EQUIPMENT_KINDS: Final = WEAPON_KINDS | {"sp_anti_tank"}


def prisoner_percent_distribution() -> dict[int, Fraction]:
    """Chart 15.89 (one die after a Captured result): {percent captured: exact odds}, summing
    to 1: {10: 1/6, 25: 1/6, 33: 1/6, 50: 1/3, 75: 1/6}."""
    odds = bundled_chart(PRISONERS_CHART).distribution("all")
    return {int(result): chance for result, chance in odds.items()}


def prisoner_percent(die: int) -> int:
    """Chart 15.89: the percentage of the losses captured for one ``die`` (1..6): 4 gives 50.
    Raises ``ValueError`` naming the die for a number that is not a face."""
    if isinstance(die, bool) or not isinstance(die, int) or not 1 <= die <= 6:
        raise ValueError(f"die: {die!r} is not a face of one die, 1..6 (15.89)")
    return int(bundled_chart(PRISONERS_CHART).lookup("all", die))


def captured_points(toe_lost: int, percent: int) -> int:
    """15.85: the points captured, ``percent`` % of ``toe_lost`` rounded up (15.73d: 7 TOE
    points lost at 50 % is 4). The same rounding serves Raw points under ruling
    ``15.86-captured-basis`` ``"raw"``. Raises ``ValueError`` for a negative count or a percent
    outside 0..100."""
    check_not_negative("toe_lost", toe_lost, "15.85")
    if not 0 <= percent <= 100:
        raise ValueError(f"percent: {percent} is not a percentage 0..100 (15.85)")
    return math.ceil(Fraction(toe_lost * percent, 100))


def propose_captured(
    losses: Sequence[Loss], percent: int, *, captured_basis: str = "toe"
) -> tuple[Loss, ...]:
    """15.86: which of the points lost (``losses``, Raw and Vulnerability losses together) go to
    the enemy at ``percent`` % (chart 15.89). Ruling ``15.86-captured-basis``: ``"toe"`` takes
    ``captured_points`` of the TOE points lost, from the losses in order; ``"raw"`` the fewest
    lost points whose ``absorbs`` reach ``percent`` % of all absorbed, rounded up. The owner
    may choose other points of the same count (15.86c)."""
    check_options([(CAPTURED_BASIS_RULING, captured_basis)])
    if captured_basis == "toe":
        left = captured_points(sum(loss.points for loss in losses), percent)
        chosen = []
        for loss in losses:
            take = min(left, loss.points)
            left -= take
            chosen.append(take)
    else:
        needed = captured_points(sum(loss.absorbs for loss in losses), percent)
        pool = [(loss.points, absorbs_per_point(loss), False) for loss in losses]
        chosen = list(fewest_absorbing_points(pool, needed, None))
    return tuple(
        Loss(loss.unit, loss.system, x, x * absorbs_per_point(loss))
        for loss, x in zip(losses, chosen, strict=True)
        if x
    )


@dataclass(frozen=True, slots=True)
class CapturedSplit:
    """Captured points (15.86d): ``prisoner_points`` (one Prisoner Point per TOE point that
    becomes a prisoner), the ``prisoners`` they come from and the captured ``equipment`` (tanks
    and guns) the enemy may use (28.0)."""

    prisoner_points: int
    prisoners: tuple[Loss, ...]
    equipment: tuple[Loss, ...]

    def as_json(self) -> dict[str, object]:
        """The split as JSON-ready data (``forces.to_json``)."""
        data = to_json(self)
        assert isinstance(data, dict)
        return data


def becomes_prisoners(
    element: Element,
    *,
    captured_class_points: str = "class-points",
    infantry_unit_types: Collection[str] = INFANTRY_UNIT_TYPES,
) -> bool:
    """15.86d: True when captured points of ``element`` become Prisoner Points, False when they
    are captured equipment. Tanks and guns (the 4.47/4.48 kinds) are always equipment. Ruling
    ``15.86-captured-class-points``: ``"class-points"`` makes every unit class's own points
    prisoners; ``"infantry-type"`` only those of ``infantry_unit_types`` (51.22: infantry and
    engineers by default; ``("infantry",)`` under its ``"infantry-only"``)."""
    check_options([(CAPTURED_CLASS_RULING, captured_class_points)])
    if element.kind in EQUIPMENT_KINDS:
        return False
    return captured_class_points == "class-points" or element.unit_type in infantry_unit_types


def prisoners_from(
    captured: Sequence[Loss],
    elements: Sequence[Element],
    *,
    captured_class_points: str = "class-points",
    infantry_unit_types: Collection[str] = INFANTRY_UNIT_TYPES,
) -> CapturedSplit:
    """Sort ``captured`` points into Prisoner Points and captured equipment (15.86d) by the
    ``elements`` they came from (``becomes_prisoners``, with its ruling options). Raises
    ``ValueError`` for a captured point of no element."""
    kinds = {
        (e.unit, e.system): becomes_prisoners(
            e,
            captured_class_points=captured_class_points,
            infantry_unit_types=infantry_unit_types,
        )
        for e in elements
    }
    prisoners: list[Loss] = []
    equipment: list[Loss] = []
    for loss in captured:
        key = (loss.unit, loss.system)
        if key not in kinds:
            raise ValueError(
                f"captured: {loss.unit} {loss.system} is not among the elements (15.86d)"
            )
        (prisoners if kinds[key] else equipment).append(loss)
    return CapturedSplit(sum(p.points for p in prisoners), tuple(prisoners), tuple(equipment))
