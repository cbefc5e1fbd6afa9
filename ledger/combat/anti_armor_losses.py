"""The target hex's points and the TOE points lost to Anti-Armor fire (14.11-14.13, 14.21,
14.41-14.48).

``ArmorTarget``: points in the target hex and whether the fire can affect them (14.11-14.13,
14.21, 14.44); what each affected point absorbs (``absorbers``: Armor Protection, 14.42; plus
a self-propelled gun's Vulnerability, 14.47; doubled for halftracks alone, 14.48); the loss
proposed for some Damage Points (``propose_losses``, 14.43, 14.45: the fewest points, then the
least absorption wasted, then the fewest of the highest absorption) and the check of the
owner's own allocation (``check_allocation``, 14.43-14.45).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ledger.combat.forces import Element, Loss


@dataclass(frozen=True, slots=True)
class ArmorTarget:
    """``points`` TOE points of weapon system ``system`` of unit ``unit`` in the target hex.

    ``armor_protection`` and ``vulnerability`` are per TOE point; ``vulnerability`` is the
    effective one (2 for a gun firing anti-armor, 12.19/14.14; halved for an offensive Close
    Assault, 12.18) and only counts for a ``self_propelled`` gun (14.47). ``halftrack`` marks
    infantry riding halftracks (14.48). Points are not affected when ``withheld`` from both
    Anti-Armor and Close Assault (14.21, 14.44), ``pinned`` by barrage (they take no part, as in
    the combat example) or ``back`` (artillery in the Back position, 14.13). Raises
    ``ValueError`` for negative points or ratings.
    """

    unit: str
    system: str
    points: int
    armor_protection: int
    vulnerability: int = 0
    self_propelled: bool = False
    halftrack: bool = False
    withheld: bool = False
    pinned: bool = False
    back: bool = False
    hex: str = ""
    name: str = ""

    def __post_init__(self) -> None:
        for field in ("points", "armor_protection", "vulnerability"):
            value = getattr(self, field)
            if value < 0:
                raise ValueError(
                    f"{self.unit} {self.system}: {field} {value} cannot be negative (14.42)"
                )

    @property
    def affected(self) -> bool:
        """True when anti-armor fire into the hex can destroy these points (14.11-14.13, 14.44)."""
        return (
            self.points > 0
            and self.armor_protection > 0
            and not (self.withheld or self.pinned or self.back)
        )

    @classmethod
    def from_element(
        cls,
        element: Element,
        *,
        withheld: bool = False,
        pinned: bool = False,
        vulnerability: int | None = None,
    ) -> ArmorTarget:
        """The target made of ``element``: its Armor Protection and Vulnerability ratings (or
        the effective ``vulnerability`` given, 14.47), Back when a gun is not Forward (14.13)."""
        return cls(
            unit=element.unit,
            system=element.system,
            points=element.points,
            armor_protection=element.rating("armor_protection"),
            vulnerability=(
                element.rating("vulnerability") if vulnerability is None else vulnerability
            ),
            self_propelled=element.self_propelled,
            halftrack=element.halftrack,
            withheld=withheld,
            pinned=pinned,
            back=element.forward is False,
            hex=element.hex,
            name=element.name,
        )


@dataclass(frozen=True, slots=True)
class Absorber:
    """``points`` affected TOE points of ``unit``'s ``system``, each absorbing ``per_point``
    Damage Points (14.42, 14.47, 14.48); ``case`` and ``note`` say why."""

    unit: str
    system: str
    points: int
    per_point: int
    halftrack: bool
    case: str
    note: str


def absorbers(targets: Iterable[ArmorTarget]) -> tuple[Absorber, ...]:
    """The affected points of ``targets`` with what each absorbs, in the order given: Armor
    Protection (14.42); a self-propelled gun adds its Vulnerability (14.47); halftracks double
    their Armor Protection when all the affected points are halftracks (14.48)."""
    affected = [t for t in targets if t.affected]
    only_halftracks = bool(affected) and all(t.halftrack for t in affected)
    found: list[Absorber] = []
    for t in affected:
        per_point, case, note = t.armor_protection, "14.42", "Armor Protection"
        if only_halftracks:
            per_point, case = 2 * per_point, "14.48"
            note = "halftracks alone in the hex: Armor Protection doubled"
        if t.self_propelled:
            per_point += t.vulnerability
            case, note = "14.47", f"{note} + Vulnerability {t.vulnerability} (self-propelled)"
        found.append(Absorber(t.unit, t.system, t.points, per_point, t.halftrack, case, note))
    return tuple(found)


def propose_losses(targets: Iterable[ArmorTarget], damage: int) -> tuple[Loss, ...]:
    """A loss the owner may take for ``damage`` Damage Points (14.43): the fewest affected TOE
    points absorbing at least ``damage``, then the least absorption wasted, then the fewest
    points of the highest absorption; every affected point when they cannot absorb it all
    (14.45). Each ``Loss.absorbs`` is the Damage Points those points absorb.
    14.43's example: 6 M11 (2) and 3 M13 (3), 7 Damage -> one M13 and two M11 (3 + 2 + 2).
    Raises ``ValueError`` for negative damage."""
    _check_damage(damage)
    pool = absorbers(targets)
    if damage == 0 or not pool:
        return ()
    if sum(a.points * a.per_point for a in pool) <= damage:
        return tuple(Loss(a.unit, a.system, a.points, a.points * a.per_point) for a in pool)
    held: dict[int, int] = {}
    for a in pool:
        held[a.per_point] = held.get(a.per_point, 0) + a.points
    values = sorted(held, reverse=True)
    take = _fewest_points(values, [held[v] for v in values], damage)
    losses: list[Loss] = []
    for value, wanted in zip(values, take, strict=True):
        for a in pool:
            if a.per_point == value and wanted > 0:
                lost = min(a.points, wanted)
                wanted -= lost
                losses.append(Loss(a.unit, a.system, lost, lost * value))
    return tuple(losses)


def _fewest_points(values: list[int], held: list[int], damage: int) -> tuple[int, ...]:
    """How many points of each absorption ``values`` (descending) to lose: fewest points, then
    the least absorption, then lexicographically fewest of the higher values."""
    count, reach = 0, 0
    for value, n in zip(values, held, strict=True):
        step = min(n, -(-(damage - reach) // value))
        count, reach = count + step, reach + step * value
        if reach >= damage:
            break
    # (points, absorption) -> the lexicographically smallest counts per value reaching it
    states: dict[tuple[int, int], tuple[int, ...]] = {(0, 0): ()}
    for value, n in zip(values, held, strict=True):
        grown: dict[tuple[int, int], tuple[int, ...]] = {}
        for (points, total), counts in states.items():
            for k in range(min(n, count - points) + 1):
                key, vector = (points + k, total + k * value), (*counts, k)
                if key not in grown or vector < grown[key]:
                    grown[key] = vector
        states = grown
    best = min(total for (points, total) in states if points == count and total >= damage)
    return states[(count, best)]


def check_allocation(
    targets: Iterable[ArmorTarget], damage: int, allocation: Iterable[Loss]
) -> tuple[Loss, ...]:
    """The owner's ``allocation`` of ``damage`` Damage Points checked (14.43-14.45): each Loss
    names affected points of the target hex, no more than held, and together they absorb at
    least the damage (or every affected point is lost, 14.45). Points of a unit's system held
    with different absorptions count the highest first. Returns the losses with ``absorbs``
    filled in; raises ``ValueError`` naming the unit, the points or the shortfall and the case.
    """
    _check_damage(damage)
    pool = absorbers(targets)
    wanted: dict[tuple[str, str], int] = {}
    for loss in allocation:
        if loss.points < 0:
            raise ValueError(f"allocation: {loss.unit} {loss.system} points {loss.points} (14.43)")
        key = (loss.unit, loss.system)
        if not any((a.unit, a.system) == key for a in pool):
            raise ValueError(
                f"allocation: {loss.unit} {loss.system} has no TOE points the anti-armor fire "
                "can affect in the target hex (14.21, 14.44)"
            )
        wanted[key] = wanted.get(key, 0) + loss.points
    checked: list[Loss] = []
    for (unit, system), points in wanted.items():
        mine = sorted(
            (a for a in pool if (a.unit, a.system) == (unit, system)), key=lambda a: -a.per_point
        )
        held = sum(a.points for a in mine)
        if points > held:
            raise ValueError(
                f"allocation: {unit} {system} loses {points} TOE points, {held} can be affected "
                "(14.43)"
            )
        absorbs, left = 0, points
        for a in mine:
            lost = min(a.points, left)
            absorbs, left = absorbs + lost * a.per_point, left - lost
        checked.append(Loss(unit, system, points, absorbs))
    needed = min(damage, sum(a.points * a.per_point for a in pool))
    covered = sum(loss.absorbs for loss in checked)
    if covered < needed:
        raise ValueError(
            f"allocation absorbs {covered} Damage Points, {needed} needed: {needed - covered} "
            "short (14.43)"
        )
    return tuple(checked)


def _check_damage(damage: int) -> None:
    if damage < 0:
        raise ValueError(f"damage {damage}: Damage Points cannot be negative (14.41)")
