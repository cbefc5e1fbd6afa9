"""Chart 15.79 read for one throw of one side (15.71-15.77, 15.89), for ``close_assault``.

The chart's parts: the attacker's and the defender's losses by the sequential reading (large
die tens) and, by the sum of the same two dice, the attacker's Engaged and Captured and the
defender's Retreat and Captured results (15.73); the defender's +2 gap, readings 34-36 (ruling
``15.79-defender-plus-2-gap``). Also the Adjusted Assault Differential a column stands for
(11.27, 15.96), the Overrun section from +11 up (15.77), and the checks of a two-dice reading
(15.73a, 17.22) and of the one die thrown on chart 15.89 after a Captured result (15.73d).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Final

from ledger.charts.dice import FACES
from ledger.charts.engine import Chart
from ledger.charts.loader import bundled_chart
from ledger.combat.assault_captured import prisoner_percent

ATTACKER_LOSSES: Final = "15.79-attacker-losses"
DEFENDER_LOSSES: Final = "15.79-defender-losses"
ATTACKER_ENGAGED: Final = "15.79-attacker-engaged"
ATTACKER_CAPTURED: Final = "15.79-attacker-captured"
DEFENDER_CAPTURED: Final = "15.79-defender-captured"
DEFENDER_RETREAT: Final = "15.79-defender-retreat"

GAP_RULING: Final = "15.79-defender-plus-2-gap"
GAP_ROW: Final = "+2"


@cache
def loss_charts(defender_gap: str = "10") -> tuple[Chart, Chart]:
    """Chart 15.79's attacker and defender loss charts, the defender's +2 gap (readings 34-36)
    given to ``defender_gap`` (ruling ``15.79-defender-plus-2-gap``: ``"10"`` or ``"5"``;
    ``"reroll"`` leaves the gap, whose readings are thrown again)."""
    defender = bundled_chart(DEFENDER_LOSSES)
    if defender_gap != "reroll":
        defender = defender.fill_gap(GAP_ROW, defender_gap)
    return bundled_chart(ATTACKER_LOSSES), defender


def column_differential(column: str) -> int:
    """The Adjusted Assault Differential a column of chart 15.79 stands for, for 11.27 and
    15.96 (its upper bound; the lower one for ``"ov17+"``): ``"-5..-4"`` -> -4."""
    row = bundled_chart(ATTACKER_LOSSES).row(column)
    bound = row.high if row.high is not None else row.low
    assert bound is not None
    return bound


def is_overrun(column: str) -> bool:
    """15.77: the columns from +11 up are the Overrun section."""
    low = bundled_chart(ATTACKER_LOSSES).row(column).low
    return low is not None and low >= 11


def attacker_throw(column: str, large: int, small: int) -> tuple[int, bool, bool]:
    """The attacker's chart results for one throw in ``column``: (loss percent, Engaged,
    Captured). The sequential reading gives the loss, the sum of the same dice the rest
    (15.73); ``attacker_throw("+3", 3, 4) == (5, False, False)`` (15.73's example)."""
    losses, _ = loss_charts()
    reading, total = 10 * large + small, large + small
    loss = int(losses.lookup(column, reading))
    engaged = bundled_chart(ATTACKER_ENGAGED).lookup(column, total) == "engaged"
    captured = bundled_chart(ATTACKER_CAPTURED).lookup(column, total) == "captured"
    return loss, engaged, captured


def defender_throw(
    column: str, large: int, small: int, defender_gap: str = "10"
) -> tuple[int | None, int, bool]:
    """The defender's chart results for one throw in ``column``: (loss percent, Retreat hexes,
    Captured); the loss is ``None`` for a reading of the printed gap under ruling
    ``15.79-defender-plus-2-gap`` ``"reroll"``. ``defender_throw("+3", 1, 2) == (20, 0, True)``
    and ``defender_throw("+3", 3, 4)[1] == 1`` (15.73's example)."""
    _, losses = loss_charts(defender_gap)
    reading, total = 10 * large + small, large + small
    result = losses.lookup(column, reading)
    loss = None if result not in losses.results else int(result)
    retreat = int(bundled_chart(DEFENDER_RETREAT).lookup(column, total))
    captured = bundled_chart(DEFENDER_CAPTURED).lookup(column, total) == "captured"
    return loss, retreat, captured


def two_dice_throws() -> Iterable[tuple[int, int]]:
    """The 36 throws of a side's two dice as (large die, small die) faces 1..6, large die
    first, each as likely as the others (1/36): the throws chart 15.79 is read for (15.71,
    15.73)."""
    return ((large, small) for large in FACES for small in FACES)


def check_d66_reading(reading: int, name: str, case: str) -> None:
    """Refuse a ``reading`` that is not a sequential reading of two dice (large die tens,
    15.73a; the 17.4 morale dice, 17.22): ``ValueError`` naming the field ``name``, the value
    and ``case`` unless it is an ``int`` (not a ``bool``) 11..66 with both digits a face
    1..6."""
    if (
        isinstance(reading, bool)
        or not isinstance(reading, int)
        or not (11 <= reading <= 66 and reading // 10 in FACES and reading % 10 in FACES)
    ):
        raise ValueError(f"{name}: {reading!r} is not a reading 11..66 of two dice ({case})")


def check_prisoner_die(die: int | None, name: str, case: str) -> int:
    """The chart 15.89 percentage of the losses captured for the one ``die`` thrown after a
    Captured result (15.73d, ``prisoner_percent``: 4 gives 50). Raises ``ValueError`` naming
    the field ``name`` and ``case`` when the die is missing (``None``) or not a face 1..6."""
    if die is None:
        raise ValueError(f"{name}: None; a Captured result needs one die on chart 15.89 ({case})")
    if isinstance(die, bool) or not isinstance(die, int) or die not in FACES:
        raise ValueError(f"{name}: {die!r} is not a face of one die, 1..6 ({case})")
    return prisoner_percent(die)
