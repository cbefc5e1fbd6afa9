"""Overruns (5.3x): an attack made while moving, through the defender's hex to the hex beyond,
resolved like combat on the CRTs (5.3) with the Overrun's own Attack Strengths and MP costs.

Who may Overrun (5.31): tanks, assault guns, armored reconnaissance, infantry in APCs and
unmounted infantry; never artillery, anti-tank guns, trucks, truck-mounted infantry or empty
APCs. Strength (5.35): infantry and armored reconnaissance double the Attack Strength used
against the target; a tank or assault gun triples its Soft Attack Strength against a Soft Target
in Clear terrain and uses it plain in Rough; against a Hard Target it attacks with a fixed 18
(tank) or 12 (assault gun) in Clear, 6 or 4 in Rough. Extra MP (5.33, 5.34): tanks, assault guns
and APC infantry pay +4 against a Hard Target, +2 against a Soft one; unmounted infantry +0. A
Wave Overrun (5.36) is one infantry-type unit and one tank or assault gun through the same
hexside, their strengths totalled and read on the Hard tables. Enemy Zones of Control cost
nothing during an Overrun (5.37). Odds below 1-1 are not allowed (13.2 note).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ledger.charts.figures import Figure
from ledger.games.combined_arms.reading import (
    Battlefield,
    CombatInputError,
    CrtReading,
    Defender,
    read_crt,
)
from ledger.games.combined_arms.rulings import (
    ADJACENT_INFANTRY,
    OVERRUN_TERRAIN,
    RECON_OVERRUN_COST,
    option,
)
from ledger.games.combined_arms.terrain import HexStep, crt_terrain, step_cost
from ledger.games.combined_arms.units import ARMOR, UnitValues

MAY_OVERRUN = frozenset({"tank", "assault-gun", "armored-recon", "infantry", "apc-infantry"})
"""The unit types that may Overrun (5.31)."""
DOUBLED = frozenset({"infantry", "apc-infantry", "armored-recon"})
"""The unit types whose Overrun Attack Strength is doubled (5.35), and the first wave (5.36)."""
FIXED_AGAINST_HARD = {"tank": (18, 6), "assault-gun": (12, 4)}
"""A tank's and an assault gun's fixed Overrun strength against a Hard Target: (Clear, Rough)
(5.35)."""
EXTRA_MP = {"hard": 4, "soft": 2}
"""Extra MP for tanks, assault guns and APC infantry to Overrun a Hard / Soft Target (5.33)."""


@dataclass(frozen=True, slots=True)
class Overrunner:
    """A unit Overrunning: ``name``, ``type`` (a ``UnitType``), its 14.0 ``values``,
    ``movement_points`` left before the Overrun (``None``: not checked) and
    ``adjacent_at_start`` (adjacent to the target at the start of the Movement Phase, 5.39)."""

    name: str
    type: str
    values: UnitValues
    movement_points: int | None = None
    adjacent_at_start: bool = False


@dataclass(frozen=True, slots=True)
class OverrunUnit:
    """One Overrunning unit worked out: its ``strength`` and how (``strength_note``), the
    ``path`` of hexes it enters, ``terrain_mp``, ``extra_mp`` and ``mp_needed`` in total, and
    ``enough`` (``None`` when its Movement Points were not given)."""

    unit: Overrunner
    strength: int
    strength_note: str
    path: tuple[HexStep, ...]
    terrain_mp: int
    extra_mp: int
    mp_needed: int
    enough: bool | None


@dataclass(frozen=True, slots=True)
class OverrunCalculation:
    """An Overrun worked out: the ``units`` (one, or two in a ``wave``), the CRT ``reading``,
    the ``figures`` of the working and ``notes``."""

    units: tuple[OverrunUnit, ...]
    wave: bool
    reading: CrtReading
    figures: tuple[Figure, ...]
    notes: tuple[str, ...] = field(default=())


def resolve_overrun(
    overrunners: Sequence[Overrunner],
    defender: Defender,
    battlefield: Battlefield,
    *,
    exits: Sequence[HexStep],
    entry_hexside: str = "none",
    entry_route: str = "cross-country",
    chosen: Mapping[str, str] | None = None,
) -> OverrunCalculation:
    """Work out an Overrun (5.3x) of ``defender`` on ``battlefield``, entered across
    ``entry_hexside`` (a river there keeps its x2, 12.12) and left into ``exits`` (the hex
    beyond; a Wave Overrun's tank or assault gun goes one hex further, 5.36).

    Raises ``CombatInputError`` naming the field for a unit that may not Overrun (5.31), a wave
    that is not one infantry-type unit and one tank or assault gun (5.36), missing exit hexes,
    an unknown terrain, or odds below 1-1 (13.2 note)."""
    rulings = dict(chosen or {})
    wave = _check_units(overrunners)
    needed_exits = 2 if wave else 1
    if len(exits) < needed_exits:
        raise CombatInputError(
            "exits",
            f"{'a Wave Overrun' if wave else 'an Overrun'} needs {needed_exits} exit hex(es), "
            f"found {len(exits)} (5.32, 5.36)",
        )
    hard = defender.hard_target
    entry = HexStep(battlefield.terrain, entry_hexside, entry_route)
    units = []
    for i, unit in enumerate(overrunners):
        steps = (entry, *exits[: 2 if wave and unit.type in ARMOR else 1])
        clear = _in_clear(battlefield, steps, rulings)
        strength, note = overrun_strength(unit, hard, clear)
        try:
            units.append(_unit(unit, strength, note, steps, hard, battlefield, rulings))
        except KeyError as exc:
            raise CombatInputError(f"overrunners[{i}]", str(exc).strip("\"'")) from None
    if wave:
        category, why = "hard", "Wave Overrun: always the Hard tables (5.36)"
    else:
        used = overrunners[0].values.attack_against(hard)
        category = "hard" if used.bracketed else "soft"
        why = f"Overrun based on Attack Strength {used.shown}: {category.title()} CRT (12.42)"
    total = sum(u.strength for u in units)
    river = entry_hexside in ("river", "ford", "bridge")
    field_ = battlefield if not river else _with_crossing(battlefield, entry_hexside)
    reading = read_crt(
        total,
        category,
        why,
        defender,
        field_,
        river=river,
        chosen=rulings,
        attack_field="overrunners",
    )
    figures = [
        Figure(f"Overrun strength: {u.unit.name}", u.strength, "5.35", u.strength_note)
        for u in units
    ]
    figures += [
        Figure(
            f"Movement Points: {u.unit.name}",
            u.mp_needed,
            "5.33",
            f"terrain {u.terrain_mp} + Overrun {u.extra_mp}"
            + ("" if u.enough is None else f"; has {u.unit.movement_points}"),
        )
        for u in units
    ]
    if wave:
        figures.append(Figure("Wave Overrun strength", total, "5.36", "totalled"))
    notes = ["Enemy Zones of Control (and interdicted hexes) cost nothing during an Overrun (5.37)"]
    return OverrunCalculation(
        tuple(units), wave, reading, tuple(figures) + reading.figures, tuple(notes) + reading.notes
    )


def overrun_strength(unit: Overrunner, hard_target: bool, clear: bool) -> tuple[int, str]:
    """The Overrun Attack Strength of ``unit`` against a Hard (``True``) or Soft Target, in
    Clear (``clear``) or Rough terrain, and how it was found (5.35)."""
    based = unit.values.attack_against(hard_target)
    where = "Clear" if clear else "Rough"
    if unit.type in DOUBLED:
        return 2 * based.value, f"{based.shown} doubled (5.35)"
    if hard_target:
        fixed = FIXED_AGAINST_HARD[unit.type][0 if clear else 1]
        return fixed, f"{unit.type} against a Hard Target in {where}: fixed {fixed} (5.35)"
    if clear:
        return 3 * based.value, f"Soft {based.shown} tripled in Clear (5.35)"
    return based.value, f"Soft {based.shown} unmodified in Rough (5.35)"


def overrun_extra_mp(unit_type: str, hard_target: bool, chosen: Mapping[str, str]) -> int:
    """The Overrun's extra MP (5.33, 5.34): 4 / 2 against a Hard / Soft Target for tanks,
    assault guns and APC infantry, 0 for unmounted infantry; armored reconnaissance by ruling
    5.33-recon-overrun-cost."""
    if unit_type == "infantry":
        return 0
    if unit_type == "armored-recon" and option(chosen, RECON_OVERRUN_COST) == "none":
        return 0
    return EXTRA_MP["hard" if hard_target else "soft"]


def _check_units(overrunners: Sequence[Overrunner]) -> bool:
    if not overrunners:
        raise CombatInputError("overrunners", "an Overrun needs a unit (5.3)")
    for i, unit in enumerate(overrunners):
        if unit.type not in MAY_OVERRUN:
            raise CombatInputError(
                f"overrunners[{i}].type",
                f"{unit.name} is {unit.type or 'of no stated type'}: only tanks, assault guns, "
                "armored reconnaissance and infantry (unmounted or in APCs) may Overrun (5.31)",
            )
    if len(overrunners) == 1:
        return False
    types = sorted(u.type in ARMOR for u in overrunners)
    if len(overrunners) > 2 or types != [False, True]:
        raise CombatInputError(
            "overrunners",
            "only one unit Overruns a hex, or a Wave Overrun of one infantry or armored "
            "reconnaissance unit and one tank or assault gun (5.3, 5.36); found "
            + ", ".join(u.type for u in overrunners),
        )
    return True


def _in_clear(
    battlefield: Battlefield, steps: Sequence[HexStep], chosen: Mapping[str, str]
) -> bool:
    defender_clear = crt_terrain(battlefield.mode, battlefield.terrain)[0] == "clear"
    if option(chosen, OVERRUN_TERRAIN) == "defender-hex":
        return defender_clear
    return defender_clear and all(
        crt_terrain(battlefield.mode, s.terrain)[0] == "clear" for s in steps[1:]
    )


def _unit(
    unit: Overrunner,
    strength: int,
    note: str,
    steps: tuple[HexStep, ...],
    hard: bool,
    battlefield: Battlefield,
    chosen: Mapping[str, str],
) -> OverrunUnit:
    costs = [step_cost(battlefield.mode, s, chosen) for s in steps]
    if unit.type == "infantry" and unit.adjacent_at_start:
        waived = costs if option(chosen, ADJACENT_INFANTRY) == "all-terrain" else costs[:1]
        costs = [0] * len(waived) + costs[len(waived) :]
    extra = overrun_extra_mp(unit.type, hard, chosen)
    needed = sum(costs) + extra
    enough = None if unit.movement_points is None else unit.movement_points >= needed
    return OverrunUnit(unit, strength, note, steps, sum(costs), extra, needed, enough)


def _with_crossing(battlefield: Battlefield, hexside: str) -> Battlefield:
    return Battlefield(
        battlefield.mode,
        battlefield.terrain,
        battlefield.improved_position,
        "river" if hexside == "river" else hexside,
    )
