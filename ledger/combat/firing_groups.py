"""Who may fire a barrage together (12.0, 12.11-12.16, 12.32).

Guns Forward combine with Forward guns of the same or other hexes and may split their TOE
points between targets; Italian guns Forward combine only within their hex (12.14); guns Back
fire alone, with every point, at one target (12.16); no unit fires more points than it holds
(12.15), and a target is barraged once from each hex (12.32). ``check_firing_group`` checks one
barrage's guns, ``check_barrage_plan`` one side's barrages (``BarrageFire``) of a Combat
Segment.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ledger.combat.forces import Element


@dataclass(frozen=True, slots=True)
class BarrageFire:
    """One barrage of a side's plan: the ``guns`` (TOE points committed) fired at ``target``."""

    target: str
    guns: tuple[Element, ...]


def gun_label(gun: Element) -> str:
    """How a gun is named in figures and messages (12.0): its element ``name``, or "unit
    weapon system" when it has none."""
    return gun.name or f"{gun.unit} {gun.system}"


def check_firing_group(guns: Sequence[Element]) -> None:
    """Refuse guns that may not fire together at one target (12.13-12.16, 12.0).

    Every gun needs TOE points and a Barrage Rating, all of one side; a gun Back fires only
    with its own unit's points (12.16); a group with an Italian gun Forward must all be in its
    hex (12.14). Raises ``ValueError`` naming the unit and the case."""
    if not guns:
        raise ValueError("guns: a barrage needs at least one gun (12.0)")
    sides = {g.side for g in guns}
    if len(sides) > 1:
        raise ValueError(f"guns: a barrage is fired by one side, found {', '.join(sorted(sides))}")
    for gun in guns:
        if gun.points <= 0 or gun.rating("barrage") <= 0:
            raise ValueError(
                f"{gun_label(gun)} ({gun.unit}): {gun.points} TOE points at Barrage "
                f"{gun.rating('barrage')}: only TOE points with a Barrage Rating fire (12.0)"
            )
    units = {g.unit for g in guns}
    for gun in guns:
        if gun.forward is False and len(units) > 1:
            raise ValueError(
                f"{gun.unit} is Back: it may not combine its fire with "
                f"{', '.join(sorted(units - {gun.unit}))} (12.16)"
            )
        if gun.italian and gun.forward is not False:
            away = sorted({g.unit for g in guns if g.hex != gun.hex})
            if away:
                raise ValueError(
                    f"{gun.unit} is Italian: it combines fire only with guns in its hex "
                    f"{gun.hex!r}, not with {', '.join(away)} (12.14)"
                )


def check_barrage_plan(
    barrages: Sequence[BarrageFire], held: Mapping[str, int] | None = None
) -> None:
    """Refuse one side's barrages of a Combat Segment that break 12.13-12.16 or 12.32.

    Each barrage's guns must be a valid firing group (``check_firing_group``). A unit Back
    fires in one barrage only (12.16). ``held`` {unit id: TOE points with a Barrage Rating}
    adds: a unit Back fires all of them (it may not split, 12.16) and no unit fires more than
    it holds over all its barrages (12.15). A target may be barraged once from each hex
    (12.32): two barrages at one target may not share a firing hex. Raises ``ValueError``
    naming the unit (or target) and the case."""
    fired: dict[str, int] = {}
    back_in: dict[str, int] = {}
    hexes_at: dict[str, set[str]] = {}
    for index, barrage in enumerate(barrages):
        check_firing_group(barrage.guns)
        for gun in barrage.guns:
            fired[gun.unit] = fired.get(gun.unit, 0) + gun.points
        for unit in {g.unit for g in barrage.guns if g.forward is False}:
            if unit in back_in:
                raise ValueError(
                    f"{unit} is Back: it fires in barrage {back_in[unit] + 1} and again in "
                    f"barrage {index + 1}; it may not split its fire (12.16)"
                )
            back_in[unit] = index
        hexes = {g.hex for g in barrage.guns}
        shared = hexes & hexes_at.get(barrage.target, set())
        if shared:
            raise ValueError(
                f"target {barrage.target}: barraged twice from hex {', '.join(sorted(shared))} "
                f"in one Combat Segment (12.32)"
            )
        hexes_at.setdefault(barrage.target, set()).update(hexes)
    for unit, points in fired.items():
        if held is None or unit not in held:
            continue
        if points > held[unit]:
            raise ValueError(
                f"{unit}: fires {points} TOE points in its barrages, holds {held[unit]} (12.15)"
            )
        if unit in back_in and points < held[unit]:
            raise ValueError(
                f"{unit} is Back: fires {points} of its {held[unit]} TOE points; a unit Back "
                f"may not split its fire (12.16)"
            )
