"""Holding Off a hex by barrage (10.33-10.35).

A Holding Off barrage needs as many Actual Barrage Points as the hex holds enemy non-Gun combat
units of battalion size or more (10.34, ruling ``10.34-holding-off-count``); short of them the
hex must be Close Assaulted (10.35).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from ledger.charts.figures import Figure, to_json
from ledger.combat.forces import CombatClass

HOLDING_OFF_RULING: Final = "10.34-holding-off-count"
HOLDING_OFF_OPTIONS: Final = ("per-unit", "per-stacking-point")


@dataclass(frozen=True, slots=True)
class HoldingOffTarget:
    """An enemy unit in the hex held off: ``unit`` id, its ``stacking_points`` (the counter's
    printed Stacking Point value, 9.22, one level lower for a shell, 9.28) and 3.2
    ``combat_class``."""

    unit: str
    stacking_points: int
    combat_class: CombatClass


@dataclass(frozen=True, slots=True)
class HoldingOff:
    """Whether ``actual_points`` Actual Barrage Points hold a hex off (10.34): ``needed`` is the
    count of its non-Gun battalion-equivalent combat units (``counted``); ``not_counted`` lists
    (unit, why); ``met`` is ``actual_points >= needed``. ``count`` is the option of ruling
    ``10.34-holding-off-count``."""

    actual_points: int
    needed: int
    met: bool
    counted: tuple[str, ...]
    not_counted: tuple[tuple[str, str], ...]
    count: str
    figures: tuple[Figure, ...]

    def as_json(self) -> dict[str, object]:
        """Everything above as JSON-ready data (``forces.to_json``)."""
        data = to_json(self)
        assert isinstance(data, dict)
        return data


def holding_off(
    actual_points: int, targets: Iterable[HoldingOffTarget], *, count: str = "per-unit"
) -> HoldingOff:
    """10.34: a Holding Off barrage needs as many Actual Barrage Points as the hex holds enemy
    non-Gun combat units of battalion size or more (under 1 Stacking Point, or Gun class: not
    counted). ``count`` (ruling ``10.34-holding-off-count``): ``per-unit`` counts each such unit
    once, ``per-stacking-point`` counts its Stacking Points. A division of eleven battalions
    needs 11. Raises ``ValueError`` for negative points or an unknown option."""
    if count not in HOLDING_OFF_OPTIONS:
        raise ValueError(
            f"count {count!r}: ruling {HOLDING_OFF_RULING} has options "
            f"{', '.join(HOLDING_OFF_OPTIONS)}"
        )
    if actual_points < 0:
        raise ValueError(f"actual_points {actual_points}: cannot be negative (10.34)")
    counted: list[str] = []
    skipped: list[tuple[str, str]] = []
    needed = 0
    for target in targets:
        if target.combat_class == "gun":
            skipped.append((target.unit, "Gun-class unit (10.34)"))
        elif target.stacking_points < 1:
            skipped.append((target.unit, "less than 1 Stacking Point (10.34)"))
        else:
            counted.append(target.unit)
            needed += 1 if count == "per-unit" else target.stacking_points
    met = actual_points >= needed
    figures = (
        Figure(
            "Battalion-equivalent non-Gun units", needed, "10.34", f"{count}: {len(counted)} units"
        ),
        Figure("Actual Barrage Points", actual_points, "11.32"),
        Figure(
            "Holding Off",
            "met" if met else "not met: the hex must be Close Assaulted (10.35)",
            "10.34, 10.35",
            f"{actual_points} Actual against {needed} needed",
        ),
    )
    return HoldingOff(actual_points, needed, met, tuple(counted), tuple(skipped), count, figures)
