"""Defenses (2.5): digging in and minefields.

Digging in: infantry and heavy weapon bases that need no towing dig their own works, counting as
having moved; a hasty dig-in takes 6 turns, foxholes 20. An engineer base may dig in infantry,
heavy weapons and towed equipment in the same times. Prone bases may not dig (2.2). Vehicles are
dug in from the Setup Sheet's defenses at twice the usual length: trench line = 2 x frontage.

Minefields: every base moving through any part of a minefield rolls once per minefield on the
Area Weapons Chart (not in the text) with no modifiers; a marker reaches 120 yards. Bases kept
on an engineer-cleared lane roll nothing. Engineers clear at the rough rate standing and double
rough prone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

from ledger.charts.loader import package_data
from ledger.games.miniatures import PACKAGE
from ledger.games.miniatures.rulings import MINEFIELD_EDGE

BaseKind = Literal["infantry", "heavy-weapon", "towed-weapon", "vehicle"]
"""The kinds of base 2.5 treats differently when digging in (a heavy weapon here needs no
towing; a towed weapon does)."""

Works = Literal["hasty", "foxholes"]
"""The two works of 2.5: a hasty dig-in or foxholes."""


@cache
def _data() -> dict[str, Any]:
    return package_data(PACKAGE, "2.5-defenses")


@dataclass(frozen=True, slots=True)
class DigIn:
    """Digging in a base (2.5): ``allowed`` with the ``reason``; ``turns`` the works take,
    ``turns_left`` after ``turns_spent``; ``counts_as_moved`` while digging; for a vehicle the
    ``trench_line_yards`` of Setup Sheet trench it uses (``None`` otherwise)."""

    base: BaseKind
    works: Works
    works_label: str
    allowed: bool
    reason: str
    turns: int
    turns_spent: int
    turns_left: int
    counts_as_moved: bool
    trench_line_yards: int | None


def dig_in(
    base: BaseKind,
    works: Works,
    *,
    turns_spent: int = 0,
    engineer: bool = False,
    prone: bool = False,
    frontage_yards: int | None = None,
) -> DigIn:
    """Whether and how fast ``base`` digs ``works`` (2.5): ``engineer`` True when an engineer
    base does the digging, ``prone`` when the base is prone (2.2: no digging), ``turns_spent``
    so far. A vehicle's ``frontage_yards`` gives the trench line it takes.

    Raises ``ValueError`` for a negative ``turns_spent``, or a vehicle without a positive
    ``frontage_yards``.
    """
    if turns_spent < 0:
        raise ValueError(f"turns_spent: cannot be negative, found {turns_spent} (2.5)")
    spec = _data()["works"][works]
    turns = int(spec["turns"])
    left = max(turns - turns_spent, 0)
    if base == "vehicle":
        if frontage_yards is None or frontage_yards <= 0:
            raise ValueError(
                f"a vehicle is dug in by its frontage in yards, found {frontage_yards} (2.5)"
            )
        factor = int(_data()["vehicles"]["trench_line_factor"])
        return DigIn(
            base,
            works,
            spec["label"],
            True,
            f"vehicles take Setup Sheet trench line at {factor} x frontage, not digging time",
            0,
            turns_spent,
            0,
            False,
            factor * frontage_yards,
        )
    allowed, reason = _who_digs(base, engineer, prone)
    return DigIn(
        base,
        works,
        spec["label"],
        allowed,
        reason,
        turns,
        turns_spent,
        left if allowed else turns,
        allowed,
        None,
    )


def _who_digs(base: BaseKind, engineer: bool, prone: bool) -> tuple[bool, str]:
    if prone:
        return False, "a prone base may not dig field works, engineers included (2.2)"
    if engineer:
        return True, "an engineer base digs it in (2.5)"
    if base == "towed-weapon":
        return (
            False,
            "a weapon that needs towing does not dig itself in; an engineer base can (2.5)",
        )
    return True, "the base digs its own works (2.5)"


@dataclass(frozen=True, slots=True)
class MinefieldPassage:
    """Bases moving through minefields (2.5): which ``minefields`` (by their closest approach in
    yards) are ``entered`` within the 120-yard radius, ``rolls`` on the Area Weapons Chart (one
    per base per minefield entered, none on a cleared lane), and the ``clearing_rate`` of the
    engineers when a stance is given."""

    bases: int
    radius_yards: int
    approaches: tuple[int, ...]
    entered: tuple[bool, ...]
    on_cleared_lane: bool
    rolls: int
    rolls_per_base: int
    clearing_stance: str | None
    clearing_rate: str | None


def minefield_passage(
    bases: int,
    approaches: Sequence[int],
    *,
    on_cleared_lane: bool = False,
    clearing_stance: Literal["standing", "prone"] | None = None,
    edge: str = MINEFIELD_EDGE.default,
) -> MinefieldPassage:
    """The Area Weapons Chart rolls for ``bases`` bases whose path comes within ``approaches``
    yards (closest distance to each minefield marker's centre) of the minefields on their way
    (2.5). ``edge`` is the option of ``miniatures-minefield-edge``.

    Raises ``ValueError`` for fewer than 1 base or a negative distance.
    """
    if bases < 1:
        raise ValueError(f"bases: at least 1, found {bases} (2.5)")
    for i, yards in enumerate(approaches):
        if yards < 0:
            raise ValueError(f"minefields[{i}]: a distance cannot be negative, found {yards} (2.5)")
    mines = _data()["minefield"]
    radius = int(mines["radius_yards"])
    entered = tuple(
        yards <= radius if edge == "edge-is-inside" else yards < radius for yards in approaches
    )
    per_base = 0 if on_cleared_lane else sum(entered)
    rate = None
    if clearing_stance is not None:
        rate = str(mines[f"{clearing_stance}_clearing"])
    return MinefieldPassage(
        bases,
        radius,
        tuple(approaches),
        entered,
        on_cleared_lane,
        per_base * bases,
        per_base,
        clearing_stance,
        rate,
    )
