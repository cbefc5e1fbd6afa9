"""What a combat result does to the defender, with Disruption accumulating (9.11-9.13), and the
chance of removing Disruption in the Disruption Removal Phase (9.12, 4.2 A.4).

Disruption levels run none, D1, D2, D3. A Disruption result adds its level to the defender's
(D1 on D1 is D2; D1 then D2 is D3); past D3 the unit is eliminated. A Disrupted unit hit by a
retreat result stays put and takes an extra D1 instead. A retreat longer than the unit's
Movement Allowance stops at the allowance and adds a D1 (9.11; ruling
9.11-retreat-beyond-allowance). Removal takes the marker off on a die of 1-3 (D1), 1-2 (D2) or
1 (D3): ``data/9.12-disruption-removal.toml``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Final, Literal, get_args

from ledger.charts.engine import Chart
from ledger.charts.loader import package_chart
from ledger.games.combined_arms import PACKAGE
from ledger.games.combined_arms.rulings import RETREAT_BEYOND_MA, option

LevelName = Literal["none", "D1", "D2", "D3"]
"""A Disruption level by name (9.12)."""
LEVELS: Final[tuple[str, ...]] = get_args(LevelName)
"""Disruption levels by number 0-3 (9.12)."""
ELIMINATED: Final = "eliminated"


def parse_level(value: str | int) -> int:
    """A Disruption level as 0-3 from ``"none"``, ``"D1"`` ... ``"D3"`` or 0-3. Raises
    ``ValueError`` naming the levels (9.12)."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 3:
        return value
    if isinstance(value, str) and value.strip().upper() in ("D1", "D2", "D3"):
        return int(value.strip()[1])
    if isinstance(value, str) and value.strip().lower() in ("none", "", "d0"):
        return 0
    raise ValueError(f"a Disruption level is none, D1, D2 or D3, not {value!r} (9.12)")


def level_name(level: int) -> str:
    """``"none"``, ``"D1"``, ``"D2"`` or ``"D3"`` for 0-3."""
    return LEVELS[level]


def halved_defense(defense: int) -> int:
    """A Disrupted unit's Defense Strength: half, fractions rounded up (9.12): 7 → 4, 8 → 4."""
    return -(-defense // 2)


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one result does to a defender at Disruption ``before`` (0-3): ``retreat`` hexes
    moved, ``after`` its Disruption level (0-3), ``eliminated``, and ``label`` (the outcome as
    the odds name it: ``"retreat 2"``, ``"D3"``, ``"eliminated"``) with the ``why``."""

    result: str
    before: int
    retreat: int
    after: int
    eliminated: bool
    label: str
    why: str


def apply_result(
    result: str,
    before: int,
    movement_allowance: int | None = None,
    chosen: Mapping[str, str] | None = None,
) -> Outcome:
    """The outcome of printed ``result`` (``"-"``, ``"1"``-``"3"``, ``"D1"``-``"D3"``,
    ``"DE"``) on a defender at Disruption ``before`` (9.11-9.13). ``movement_allowance``, when
    known, caps a retreat (9.11). Raises ``ValueError`` for an unknown result code."""
    was = level_name(before)
    if result == "-":
        return Outcome(result, before, 0, before, False, _label(before, 0), "no effect (9.1)")
    if result == "DE":
        return Outcome(result, before, 0, before, True, ELIMINATED, "DE: eliminated (9.13)")
    if result in ("1", "2", "3"):
        hexes = int(result)
        if before:
            return _disrupt(result, before, 1, f"{was} unit does not retreat: an extra D1 (9.12)")
        capped = movement_allowance is not None and hexes > movement_allowance
        if capped and option(chosen or {}, RETREAT_BEYOND_MA) == "apply":
            assert movement_allowance is not None
            return Outcome(
                result,
                before,
                movement_allowance,
                1,
                False,
                f"retreat {movement_allowance}, D1",
                f"retreat {hexes} is over the Movement Allowance {movement_allowance}: "
                f"{movement_allowance} hexes, then D1 (9.11)",
            )
        return Outcome(
            result, before, hexes, 0, False, f"retreat {hexes}", f"retreat {hexes} (9.11)"
        )
    if result in ("D1", "D2", "D3"):
        added = int(result[1])
        why = f"{result} (9.12)" if not before else f"{was} + {result} (9.12: cumulative)"
        return _disrupt(result, before, added, why)
    raise ValueError(f"unknown combat result {result!r} (9.1)")


def outcome_odds(
    odds: Mapping[str, Fraction],
    before: int,
    movement_allowance: int | None = None,
    chosen: Mapping[str, str] | None = None,
) -> dict[str, Fraction]:
    """The exact odds of each outcome for the defender, from the exact ``odds`` of each printed
    result: {outcome label: probability}, summing to what ``odds`` sums to (1)."""
    found: dict[str, Fraction] = {}
    for result, chance in odds.items():
        label = apply_result(result, before, movement_allowance, chosen).label
        found[label] = found.get(label, Fraction(0)) + chance
    return found


def removal_chart() -> Chart:
    """The 9.12 removal chart: rows D1-D3, results ``removed``/``stays`` by one die."""
    return package_chart(PACKAGE, "9.12-disruption-removal")


def removal_odds(level: int) -> dict[str, Fraction]:
    """{``"removed"``, ``"stays"``: probability} of one removal roll at ``level`` 1-3 (9.12).
    Raises ``ValueError`` for an undisrupted unit."""
    if level == 0:
        raise ValueError("the unit is not Disrupted: nothing to remove (9.12)")
    return removal_chart().distribution(level_name(level))


def removal_rolls(level: int) -> tuple[int, ...]:
    """The die rolls that remove Disruption at ``level`` 1-3 (9.12): (1, 2, 3) for D1, (1, 2)
    for D2, (1,) for D3. Raises ``ValueError`` for an undisrupted unit."""
    if level == 0:
        raise ValueError("the unit is not Disrupted: nothing to remove (9.12)")
    return dict(removal_chart().row(level_name(level)).cells)["removed"]


def still_disrupted_after(level: int, phases: int) -> Fraction:
    """The chance the marker is still on after ``phases`` removal rolls (each independent)."""
    return removal_odds(level)["stays"] ** phases


def _disrupt(result: str, before: int, added: int, why: str) -> Outcome:
    after = before + added
    if after > 3:
        return Outcome(result, before, 0, 3, True, ELIMINATED, why + "; past D3: eliminated")
    return Outcome(result, before, 0, after, False, level_name(after), why)


def _label(level: int, retreat: int) -> str:
    if retreat:
        return f"retreat {retreat}"
    return "no effect" if level == 0 else f"no effect (stays {level_name(level)})"
