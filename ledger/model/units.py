"""Counters and what they are made of: weapon systems, unit classes, TOE Strength Points.

A unit's TOE is a list of holdings, each a number of TOE Strength Points of one weapon system
(4.52 Maneuver Elements: one box per weapon system). A weapon system is either a tank or gun of
the Tank & Gun Characteristics charts (4.47, 4.48) or the unit class's own points (infantry,
recce, HQ) rated on the Unit Characteristics Chart (4.46a/b). Ratings are those of 11.1.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Final, Literal

from ledger.model.clock import GameTime
from ledger.model.quantities import Supplies

RATINGS: Final = (
    "barrage",
    "vulnerability",
    "anti_armor",
    "armor_protection",
    "offensive_close_assault",
    "defensive_close_assault",
    "aa",
)
"""The seven ratings of 11.1, in the order the log sheets print them."""

RATING_NAMES: Final = {
    "barrage": "Barrage",
    "vulnerability": "Vulnerability",
    "anti_armor": "Anti-Armor",
    "armor_protection": "Armor Protection",
    "offensive_close_assault": "Offensive Close Assault",
    "defensive_close_assault": "Defensive Close Assault",
    "aa": "AA",
}

Side = Literal["axis", "commonwealth"]
SIDES: Final[tuple[Side, ...]] = ("axis", "commonwealth")
CpaMark = Literal["", "*", "+"]

COMBAT_MARKERS: Final = ("pinned", "engaged", "contact")
"""Markers combat leaves on a unit: ``pinned`` by a Barrage (12.44: no movement, Anti-Armor fire
or Close Assault for the rest of the Combat Segment, removed at its end), ``engaged`` by a
Close Assault result (15.81, removed at the end of the Operations Stage) and ``contact`` for
units that assaulted and are still adjacent without being Engaged (15.81; never after a
Probe, 15.93), removed with ``engaged``."""
PINNED_MARKERS: Final = frozenset({"pinned"})
"""Markers that end with the Combat Segment (12.44)."""
STAGE_MARKERS: Final = frozenset(COMBAT_MARKERS)
"""Markers that end with the Operations Stage (15.81): every combat marker."""


def with_markers(before: tuple[str, ...], added: tuple[str, ...]) -> tuple[str, ...]:
    """A unit's combat markers after ``added`` are placed on ``before`` (each once, in
    ``COMBAT_MARKERS`` order): an Engaged unit is not also in Contact (15.81), so ``engaged``
    replaces ``contact`` and ``contact`` is not placed on an Engaged unit."""
    markers = set(before) | set(added)
    if "engaged" in markers:
        markers.discard("contact")
    return tuple(m for m in COMBAT_MARKERS if m in markers)


@dataclass(frozen=True, slots=True)
class Ratings:
    """The 11.1 ratings of one TOE Strength Point; ``None`` where the chart prints "–".

    ``parenthesised`` names the ratings printed in parentheses on the charts.
    """

    barrage: int | None = None
    vulnerability: int | None = None
    anti_armor: int | None = None
    armor_protection: int | None = None
    offensive_close_assault: int | None = None
    defensive_close_assault: int | None = None
    aa: int | None = None
    parenthesised: frozenset[str] = frozenset()

    def get(self, rating: str) -> int | None:
        """The value of one rating by its name in ``RATINGS``; ``KeyError`` for another name."""
        if rating not in RATINGS:
            raise KeyError(rating)
        value: int | None = getattr(self, rating)
        return value

    def show(self, rating: str) -> str:
        """The rating as printed: ``"5"``, ``"(1)"`` or ``"–"``."""
        value = self.get(rating)
        if value is None:
            return "–"
        return f"({value})" if rating in self.parenthesised else str(value)


@dataclass(frozen=True, slots=True)
class WeaponSystem:
    """One kind of TOE Strength Point: a tank or gun (4.47/4.48) or a unit class's own points.

    ``cpa`` is the printed Capability Point Allowance (``None`` when the source does not give
    it) and ``cpa_mark`` its printed mark
    (``"*"`` fixed, ``"+"`` moves only on trucks). ``fuel_rate`` is fuel points per five CP per
    TOE point (49.13) when printed; ``breakdown`` the BAR column shift (21.x) as printed.
    """

    id: str
    name: str
    kind: str
    cpa: int | None
    ratings: Ratings
    cpa_mark: CpaMark = ""
    nation: str = ""
    fuel_rate: int | None = None
    breakdown: str = ""
    case: str = ""
    source: str = ""


@dataclass(frozen=True, slots=True)
class UnitClass:
    """A line of the Unit Characteristics Chart (4.46a/b): CPA, maximum TOE and ratings.

    The class is also the weapon system of the unit's own TOE points, under the same id.
    """

    id: str
    code: str
    unit_type: str
    cpa: int | None
    ratings: Ratings
    cpa_mark: CpaMark = ""
    nation: str = ""
    echelon: str = ""
    max_toe: int | None = None
    notes: str = ""
    case: str = ""
    source: str = ""

    def as_weapon_system(self) -> WeaponSystem:
        """The class's own TOE points as a weapon system (same id, ratings and CPA)."""
        return WeaponSystem(
            id=self.id,
            name=f"{self.unit_type} ({self.code})",
            kind=self.unit_type,
            cpa=self.cpa,
            cpa_mark=self.cpa_mark,
            ratings=self.ratings,
            nation=self.nation,
            case=self.case,
            source=self.source,
        )


@dataclass(frozen=True, slots=True)
class TOEHolding:
    """``points`` TOE Strength Points of weapon system ``system`` (an id); ``flags`` as printed."""

    system: str
    points: int
    flags: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Repair:
    """``points`` TOE Strength Points of weapon system ``system`` (an id) repaired at ``at``, in
    phase ``phase`` (a ``ledger.model.phases`` key; a Repair Phase, 5.2 III.K): one recorded
    ``VehiclesRepaired``, kept for the Vehicle Repair Control Sheet (4.53)."""

    at: GameTime
    system: str
    points: int
    phase: str = ""


def with_repair(before: tuple[Repair, ...], repair: Repair, sign: int) -> tuple[Repair, ...]:
    """A unit's repairs with ``repair`` recorded (``sign`` 1) or, reversed (``sign`` -1), its
    latest record of the same system and points taken off (exact reversal of
    ``VehiclesRepaired``)."""
    if sign > 0:
        return (*before, repair)
    key = (repair.system, repair.points)
    same = [i for i, r in enumerate(before) if (r.system, r.points) == key]
    return before if not same else before[: same[-1]] + before[same[-1] + 1 :]


@dataclass(frozen=True, slots=True)
class Unit:
    """A counter and its log-sheet line.

    CP expended this Operations Stage and the Cohesion Level are exact ``Fraction``s (whole
    quarter points); supplies are supply points carried by the unit. ``arrival`` is ``None``
    for a unit on the map at the start, else the Operations Stage it enters play.

    ``parent`` is the Parent Formation the unit is assigned to, ``attached_to`` the one it is
    attached to away from it; ``detached`` marks an assigned unit detached from its parent
    (9.21: then not part of it). ``max_assigned`` is, for an HQ, how many next-lower-level
    units (brigade-equivalents for a division, battalions for a brigade) its OA sheet may
    assign to it (9.26 shells); ``None`` when the scenario does not say. ``reorganized_at`` is
    the Operations Stage of its last attachment or detachment (8.97). ``carried_by`` are the
    light, medium and heavy truck points carrying the unit (6.17, 8.92, 8.95).
    ``without_stores`` counts the Game-Turns in a row it has gone without Stores (51.22),
    ``without_water`` the Operations Stages in a row without Water (52.53; above 0, the last
    water upkeep left it short: 52.51, 52.52), ``without_pasta`` the Game-Turns in a row an
    Italian battalion has gone without its Pasta Point (52.6).
    ``breakdown_points`` are the Breakdown Points its vehicles gained moving this Operations
    Stage (exact ``Fraction``, 21.25), ``breakdown_checked_at`` the BP it last checked at this
    Operations Stage (``None``: not yet; 21.26), ``awaiting_repair`` its TOE Strength Points
    broken down (21.34), out of its TOE until repaired (``ledger.commands.breakdown_log``).
    ``combat_markers`` are the markers combat left on it (``COMBAT_MARKERS``: ``"pinned"``
    12.44, ``"engaged"`` 15.81, ``"contact"`` 15.81), ``combat_cp`` the CP it has been charged
    for combat in the current Combat Segment (exact ``Fraction``; 11.24 caps them at 5 for a
    Phasing unit, 3 for a non-Phasing one; ``ledger.combat.posting``).
    ``entered`` marks a unit with an ``arrival`` that has entered play (``ReinforcementsArrived``,
    4.43, 20.1), ``withdrawn`` one that has left it (``UnitsWithdrawn``, 20.8).
    ``repairs`` are the repairs recorded for it (``Repair``, oldest first; 5.2 III.K).
    """

    id: str
    name: str
    counter: str
    side: Side
    nationality: str
    echelon: str
    class_id: str
    toe: tuple[TOEHolding, ...]
    basic_morale: int | None = None
    location: str = ""
    parent: str | None = None
    attached_to: str | None = None
    arrival: GameTime | None = None
    basic_morale_untrained: int | None = None
    in_training: bool = False
    stacking_points: int | None = None
    max_assigned: int | None = None
    detached: bool = False
    reorganized_at: GameTime | None = None
    carried_by: tuple[int, int, int] = (0, 0, 0)
    without_stores: int = 0
    without_water: int = 0
    without_pasta: int = 0
    breakdown_points: Fraction = Fraction(0)
    breakdown_checked_at: Fraction | None = None
    awaiting_repair: tuple[TOEHolding, ...] = ()
    cp_expended: Fraction = Fraction(0)
    cohesion: Fraction = Fraction(0)
    supplies: Supplies = field(default_factory=Supplies)
    combat_markers: tuple[str, ...] = ()
    combat_cp: Fraction = Fraction(0)
    notes: str = ""
    case: str = ""
    source: str = ""
    entered: bool = False
    withdrawn: bool = False
    repairs: tuple[Repair, ...] = ()

    def in_play(self, now: GameTime | None = None) -> bool:
        """True while the unit is in play: on the map at the start (``arrival`` ``None``) or
        entered by a ``ReinforcementsArrived`` (4.43, 20.1; ``entered``), and not withdrawn
        (20.8; ``withdrawn``). With ``now`` (the clock), also once ``now`` reaches its arrival:
        a journal written before arrivals were events, or a state whose clock was set by hand
        (the end of stage that moves the clock posts the arrival with it, so both agree)."""
        if self.withdrawn:
            return False
        return self.arrival is None or self.entered or (now is not None and self.arrival <= now)

    @property
    def toe_points(self) -> int:
        """All TOE Strength Points of the unit, every weapon system together."""
        return sum(h.points for h in self.toe)
