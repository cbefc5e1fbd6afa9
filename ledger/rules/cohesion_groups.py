"""The largest-unit rule: which Cohesion Level and Basic Morale prevail for a group (6.27, 6.28,
15.63).

When a Player's units in one Close Assault differ, the largest unit's value prevails, size being
its Stacking Points (6.27, 9.1). When several units tie for largest, their values are added and
divided by their number, rounded to the nearest whole number (6.27); an exact half is rounded as
the ruling ``6.27-largest-unit-halves`` says. A Parent Formation whose units differ takes its
own level from its largest unit first, before it is compared or averaged with the others (6.28).
Basic Morale is found the same way (15.63).

Groups are pure values: a ``Counter`` (one unit with its own level) or a ``Formation`` (a Parent
Formation with its Stacking Points and its units). ``group_from_units`` builds them from
``ledger.model.units.Unit`` values and their Parent Formation links.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import floor
from typing import Final

from ledger.model.units import Unit

HALVES_RULING: Final = "6.27-largest-unit-halves"
"""The ruling deciding how an average of exactly n and a half is rounded (6.27)."""

HALVES_OPTIONS: Final = ("away-from-zero", "up", "down")
"""Its options: ``-1 1/2`` → -2, -1, -2 and ``+1 1/2`` → +2, +2, +1 respectively."""


@dataclass(frozen=True, slots=True)
class Counter:
    """One unit in the assault: its ``stacking_points`` (9.1), exact ``cohesion`` (quarter points)
    and ``basic_morale`` (``None`` when not recorded)."""

    name: str
    stacking_points: int
    cohesion: Fraction = Fraction(0)
    basic_morale: int | None = None


@dataclass(frozen=True, slots=True)
class Formation:
    """A Parent Formation in the assault: its own ``stacking_points`` (the HQ's printed value when
    it represents the formation, 9.12, 9.4) and its ``members``, whose largest unit gives the
    formation its level (6.28)."""

    name: str
    stacking_points: int
    members: tuple[Counter | Formation, ...]


Member = Counter | Formation


@dataclass(frozen=True, slots=True)
class Prevailing:
    """The value that prevails for a group.

    ``level`` is the value to use: the largest unit's own exact value, or the average of the
    tied largest units rounded to a whole number (6.27). ``exact`` is the average before
    rounding (equal to ``level`` for a single largest unit). ``units`` names the largest units
    that contributed; ``averaged`` is True when there were several.
    """

    level: Fraction
    exact: Fraction
    units: tuple[str, ...]
    averaged: bool

    def whole(self) -> int:
        """``level`` as an ``int``; ``ValueError`` when it is fractional (a lone unit's
        quarter-point Cohesion Level)."""
        if self.level.denominator != 1:
            raise ValueError(f"{self.level} is not a whole number")
        return self.level.numerator


def round_level(value: Fraction, halves: str = "away-from-zero") -> int:
    """6.27: round an averaged level to the nearest whole number; an exact half goes
    ``"away-from-zero"`` (−1 1/2 → −2, default), ``"up"`` (−1 1/2 → −1) or ``"down"`` (towards
    the worse level: +1 1/2 → +1), per ruling ``6.27-largest-unit-halves``.

    Raises ``ValueError`` for another ``halves`` option.
    """
    if halves not in HALVES_OPTIONS:
        raise ValueError(f"{HALVES_RULING}: unknown option {halves!r}; expected {HALVES_OPTIONS}")
    below = floor(value)
    if value - below != Fraction(1, 2):
        return floor(value + Fraction(1, 2))
    if halves == "up" or (halves == "away-from-zero" and value > 0):
        return below + 1
    return below


def prevailing_cohesion(members: Sequence[Member], *, halves: str = "away-from-zero") -> Prevailing:
    """The Cohesion Level that prevails for ``members`` in one Close Assault (6.27, 6.28).

    Raises ``ValueError`` for an empty group or formation.
    """
    return _prevail(members, lambda c: c.cohesion, halves)


def prevailing_basic_morale(
    members: Sequence[Member], *, halves: str = "away-from-zero"
) -> Prevailing | None:
    """The Basic Morale that prevails for ``members`` (15.63, by the rule of 6.27 and 6.28).

    ``None`` when a unit whose value would count has no Basic Morale recorded.
    Raises ``ValueError`` for an empty group or formation.
    """
    try:
        return _prevail(members, _morale, halves)
    except _NoValue:
        return None


class _NoValue(Exception):
    """A counted unit lacks the value (internal signal)."""


def _morale(counter: Counter) -> Fraction:
    if counter.basic_morale is None:
        raise _NoValue(counter.name)
    return Fraction(counter.basic_morale)


def _prevail(
    members: Sequence[Member], value: Callable[[Counter], Fraction], halves: str
) -> Prevailing:
    if not members:
        raise ValueError("6.27: the largest-unit rule needs at least one unit")
    largest = max(m.stacking_points for m in members)
    tied = [m for m in members if m.stacking_points == largest]
    levels = [_level(m, value, halves) for m in tied]
    if len(tied) == 1:
        return Prevailing(levels[0], levels[0], (tied[0].name,), averaged=False)
    exact = sum(levels, Fraction(0)) / len(levels)
    return Prevailing(
        Fraction(round_level(exact, halves)), exact, tuple(m.name for m in tied), True
    )


def _level(member: Member, value: Callable[[Counter], Fraction], halves: str) -> Fraction:
    """A counter's own value, or a formation's value from its units first (6.28)."""
    if isinstance(member, Counter):
        return value(member)
    if not member.members:
        raise ValueError(f"6.28: formation {member.name} has no units")
    return _prevail(member.members, value, halves).level


def group_from_units(
    units: Iterable[Unit], parent_of: Mapping[str, str | None] | None = None
) -> tuple[Member, ...]:
    """The units of one side in one Close Assault as a group of counters and formations.

    A unit's Parent Formation is ``parent_of[unit.id]`` when given, else the unit it is attached
    to, else its assigned parent (9.21). A listed unit that other listed units name as parent
    becomes a ``Formation`` with its own Stacking Points (the HQ's value when it represents the
    formation) and those units as members; the HQ counter itself is not one of its members.
    Returns the top-level members in the order given.

    Raises ``ValueError`` naming the unit when a unit has no Stacking Points recorded, or when
    parent links form a loop.
    """
    listed = {u.id: u for u in units}
    parents = {uid: _parent(u, parent_of) for uid, u in listed.items()}
    parents = {uid: p if p in listed else None for uid, p in parents.items()}
    children: dict[str, list[str]] = {}
    for uid, parent in parents.items():
        if parent is not None:
            children.setdefault(parent, []).append(uid)

    def build(uid: str) -> Member:
        unit = listed[uid]
        if unit.stacking_points is None:
            raise ValueError(f"6.27: {unit.name} ({uid}) has no Stacking Points recorded")
        if uid not in children:
            return Counter(unit.name, unit.stacking_points, unit.cohesion, unit.basic_morale)
        members = tuple(build(c) for c in children[uid])
        return Formation(unit.name, unit.stacking_points, members)

    roots = [uid for uid, parent in parents.items() if parent is None]
    built = tuple(build(uid) for uid in roots)
    if _total(built) != len(listed):
        raise ValueError("6.28: Parent Formation links loop; some units have no top formation")
    return built


def _parent(unit: Unit, parent_of: Mapping[str, str | None] | None) -> str | None:
    if parent_of is not None and unit.id in parent_of:
        return parent_of[unit.id]
    return unit.attached_to or unit.parent


def _total(members: Iterable[Member]) -> int:
    """Every unit in the tree, formations' own HQ counters included."""
    return sum(1 if isinstance(m, Counter) else 1 + _total(m.members) for m in members)
