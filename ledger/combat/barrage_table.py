"""The Artillery Barrage Table, chart 12.6: the column fired on and how a throw is read on
it (11.33, 12.33, 12.34, 12.42-12.46).

The rows of chart 12.6 for a target class or the truck roll (``12.6-barrage-infantry``,
``-armor``, ``-gun`` and ``-truck``) and its results ("no effect", "P" Pinned, TOE points
destroyed); the column fired on, the Actual Barrage Points' column moved left by the target's
terrain (12.33, 12.34; past the 1-2 column, or with no Actual point, 11.33, no effect); the
check of a two-dice reading, large die first (12.42), and how it is read under ruling
``combat-example-barrage-reading`` (``"example"``: each die as 7 minus its face).
"""

from __future__ import annotations

from typing import Final, Literal

from ledger.charts.engine import Chart
from ledger.charts.figures import Figure
from ledger.charts.loader import bundled_chart
from ledger.combat.forces import ColumnShift, CombatClass

READING_RULING: Final = "combat-example-barrage-reading"
READING_OPTIONS: Final = ("chart", "example")
NO_EFFECT: Final = "no effect"
PINNED: Final = "P"
TRUCK_CHART: Final = "12.6-barrage-truck"
MIRROR: Final = 77
"""Ruling option ``example``: each die is read as 7 minus its face, so reading r is read as 77 - r."""


def barrage_chart(target_class: CombatClass | Literal["truck"]) -> Chart:
    """The 12.6 rows for a target class (``"infantry"``, ``"armor"``, ``"gun"``) or ``"truck"``."""
    return bundled_chart(f"12.6-barrage-{target_class}")


def barrage_column(
    points: int, shift: ColumnShift | None, figures: list[Figure]
) -> tuple[str | None, str]:
    """The column of chart 12.6 fired on: the column of ``points`` Actual Barrage Points
    (12.43) moved by the target's terrain ``shift`` (12.33, 12.34; ``None``: no shift).
    Returns (column key, ""), or (``None``, why there is none): no Actual point (under 5 Raw,
    11.33) or shifted left past the 1-2 column (12.34), no effect. Appends the figures to
    ``figures``."""
    chart = barrage_chart("infantry")  # every part of 12.6 has the same columns
    if points < 1:
        reason = "0 Actual Barrage Points (under 5 Raw): no column of 12.6, no effect"
        figures.append(Figure("Column", NO_EFFECT, "11.33", reason))
        return None, reason
    base = chart.row_for(points).key
    figures.append(Figure("Column for the Actual Barrage Points", base, "12.43"))
    if shift is None:
        return base, ""
    index = chart.keys.index(base) + shift.columns
    if index < 0:
        reason = f"{base} shifted {-shift.columns} column(s) left passes the 1-2 column: no effect"
        figures.append(Figure("Column", NO_EFFECT, "12.34", reason))
        return None, reason
    column = chart.keys[min(index, len(chart.keys) - 1)]
    figures.append(Figure("Column after terrain", column, "12.33, 12.34", shift.reason))
    return column, ""


def check_d66(value: object, field_name: str, case: str = "12.42") -> int:
    """``value`` as a two-dice sequential reading; ``ValueError`` naming the field, the value
    and ``case`` unless it is 11..66 with both digits 1..6."""
    if (
        not isinstance(value, int)
        or isinstance(value, bool)
        or not (1 <= value // 10 <= 6 and 1 <= value % 10 <= 6)
    ):
        raise ValueError(
            f"{field_name} {value!r}: expected a two-dice reading 11-66, large die first, both "
            f"digits 1-6 ({case})"
        )
    return value


def reading_note(reading: int, mirror: bool) -> str:
    """The note of a reading figure (12.42): ``reading_note(43, False) == "thrown 43"``; with
    ``mirror`` (ruling ``combat-example-barrage-reading`` ``"example"``, each die read as 7
    minus its face) "thrown 43, read as 34 (ruling combat-example-barrage-reading: example)"."""
    if mirror:
        return f"thrown {reading}, read as {MIRROR - reading} (ruling {READING_RULING}: example)"
    return f"thrown {reading}"


def result_on_column(chart: Chart, column: str | None, reading: int) -> str:
    """The result of ``chart`` (a part of 12.6, ``barrage_chart``) for ``reading`` (as read,
    after any mirroring) on ``column`` (12.44-12.46): ``NO_EFFECT``, ``PINNED`` or the TOE (or
    Truck) points destroyed, as printed; ``NO_EFFECT`` when there is no column
    (``barrage_column``: 11.33, 12.34)."""
    return NO_EFFECT if column is None else chart.lookup(column, reading)
