"""A Combat Phase attack (8.0-8.3, 9.0-9.1): the attackers' Attack Strengths totalled against
one defender, the CRT by bracket and terrain, the odds column and the exact odds of every result.

Each attacker uses its Attack Strength Hard against a Hard Target and Soft against a Soft Target
(3.23; a bracketed Defense Strength marks a Hard Target, 12.43); the strengths employed are
totalled into one attack (8.13). Rivers double the Defense Strength when the attack comes across
the river hexside (13.1; 11.2 is missing, ruling 11.2-river-attackers) but not against artillery
alone (12.13), so artillery's own bank never counts. Infantry in trucks cannot attack (7.13).
Air Strikes join as attackers of type ``air-strike`` (8.92).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from ledger.charts.figures import Figure
from ledger.games.combined_arms.crt import table_category
from ledger.games.combined_arms.reading import (
    Battlefield,
    CombatInputError,
    CrtReading,
    Defender,
    read_crt,
)
from ledger.games.combined_arms.rulings import (
    AIR_OPEN_ROUGH,
    CONCENTRIC,
    RANGE_ATTENUATION,
    RIVER_ATTACKERS,
    option,
)
from ledger.games.combined_arms.terrain import TERRAIN_LABELS, crt_terrain
from ledger.games.combined_arms.units import PrintedStrength, UnitValues

AIR_STRIKE = "air-strike"
AIR_STRIKE_VALUES = UnitValues(
    attack_hard=PrintedStrength(3),
    attack_soft=PrintedStrength(30),
    range=0,
    defense=PrintedStrength(0),
    movement=0,
)
"""An Air Strike's automatic Attack Strengths: 30 against Soft, 3 against Hard Targets,
unbracketed, so read on the Soft tables (8.92). It needs no range or line of sight (8.91)."""

NO_COMBAT: Final = frozenset({"truck-infantry"})
"""Unit types that take no part in normal combat: infantry mounted in trucks (7.13)."""

ARTILLERY_LIKE = frozenset({"artillery", AIR_STRIKE})
"""Attackers that leave the defender no river benefit when they attack alone (12.13; Air
Strikes are treated as Rapid Fire artillery, 8.92)."""


@dataclass(frozen=True, slots=True)
class Attacker:
    """One attacking unit: ``name``, ``type`` (a ``UnitType``, ``"air-strike"`` or ``""``),
    its 14.0 ``values``, an optional ``strength`` (the Attack Strength employed, already
    adjusted, e.g. for range; replaces the Hard/Soft choice), ``across_river`` (it attacks
    across the river hexside) and ``range_hexes`` (distance to the defender, checked against
    the Range Allowance, 3.23)."""

    name: str
    values: UnitValues
    type: str = ""
    strength: PrintedStrength | None = None
    across_river: bool = False
    range_hexes: int | None = None


@dataclass(frozen=True, slots=True)
class CombatCalculation:
    """An attack worked out: the ``attackers``' ``employed`` strengths, the ``reading`` of the
    CRT (table, column, exact odds, outcomes), the attack ``figures`` and ``notes``."""

    attackers: tuple[Attacker, ...]
    employed: tuple[PrintedStrength, ...]
    river: bool
    reading: CrtReading
    figures: tuple[Figure, ...]
    notes: tuple[str, ...] = field(default=())


def employed_strength(attacker: Attacker, hard_target: bool, where: str) -> PrintedStrength:
    """The Attack Strength ``attacker`` employs against a Hard (``True``) or Soft Target
    (3.23), or its given ``strength``. Raises ``CombatInputError`` at ``where`` for a strength
    of 0 (trucks and empty APCs have none, 14.0)."""
    used = attacker.strength or attacker.values.attack_against(hard_target)
    if used.value <= 0:
        kind = "Hard" if hard_target else "Soft"
        raise CombatInputError(
            where,
            f"{attacker.name} has an Attack Strength of {used.value} against a {kind} Target: "
            "it cannot attack (3.23, 14.0)",
        )
    return used


def resolve_combat(
    attackers: Sequence[Attacker],
    defender: Defender,
    battlefield: Battlefield,
    *,
    concentric: bool = False,
    chosen: Mapping[str, str] | None = None,
    attack_field: str = "attackers",
) -> CombatCalculation:
    """Work out one attack of the Combat Phase (8.13, 9.0) exactly.

    Raises ``CombatInputError`` (naming the field) for no attacker, infantry mounted in trucks
    (7.13), an attacker with no strength against the target, a range beyond the Range
    Allowance (3.23), odds below 1-1 (9.0, named at ``attack_field``), an Air Strike on a hex
    that is not Clear (8.91), or a choice a ruling refuses."""
    rulings = dict(chosen or {})
    if not attackers:
        raise CombatInputError("attackers", "an attack needs at least one attacker (8.13)")
    hard = defender.hard_target
    figures: list[Figure] = []
    employed = []
    range_notes: list[str] = []
    for i, attacker in enumerate(attackers):
        where = f"attackers[{i}]"
        if attacker.type in NO_COMBAT:
            raise CombatInputError(
                f"{where}.type",
                f"{attacker.name} is infantry mounted in trucks, which takes no part in normal "
                "combat; dismount it first (7.13)",
            )
        range_note = _check_range(attacker, where, rulings)
        if range_note:
            range_notes.append(range_note)
        if attacker.type == AIR_STRIKE:
            check_air_strike_hex(battlefield, rulings, "terrain")
        used = employed_strength(attacker, hard, where)
        employed.append(used)
        figures.append(
            Figure(
                f"Attack Strength: {attacker.name}",
                used.shown,
                "8.92" if attacker.type == AIR_STRIKE else "3.23",
                _strength_source(attacker, used, hard),
            )
        )
    try:
        category, why = table_category(employed, rulings)
    except ValueError as exc:
        raise CombatInputError("attackers", str(exc)) from None
    total = sum(s.value for s in employed)
    figures.append(
        Figure("total Attack Strength", total, "8.13", "+".join(str(s.value) for s in employed))
    )
    river, river_note = river_applies(attackers, rulings)
    notes = range_notes + ([river_note] if river_note else [])
    if concentric:
        if option(rulings, CONCENTRIC) == "refuse":
            raise CombatInputError(
                "concentric",
                f"8.7 (Concentric Attacks) is missing from the text; ruling {CONCENTRIC.id} "
                "refuses a concentric attack: resolve it by hand (8.7)",
            )
        notes.append(f"concentric attack: no effect applied, 8.7 is missing ({CONCENTRIC.id})")
    reading = read_crt(
        total,
        category,
        why,
        defender,
        battlefield,
        river=river,
        chosen=rulings,
        attack_field=attack_field,
    )
    return CombatCalculation(
        attackers=tuple(attackers),
        employed=tuple(employed),
        river=river,
        reading=reading,
        figures=tuple(figures) + reading.figures,
        notes=tuple(notes) + reading.notes,
    )


def _strength_source(attacker: Attacker, used: PrintedStrength, hard: bool) -> str:
    """How an attacker's strength was found, in the game's terms (3.23, 12.42)."""
    tables = "bracketed: Hard tables" if used.bracketed else "unbracketed: Soft tables"
    if attacker.strength is not None:
        return f"adjusted strength given; {tables} (12.42)"
    target = "Hard" if hard else "Soft"
    if attacker.type == AIR_STRIKE:
        return f"an Air Strike's fixed strength against a {target} Target; {tables} (8.92)"
    return f"its Attack Strength {target}, the defender being a {target} Target; {tables} (12.42)"


def river_applies(attackers: Sequence[Attacker], chosen: Mapping[str, str]) -> tuple[bool, str]:
    """Whether the river's x2 applies and why (13.1, 12.13).

    Artillery and Air Strikes never bring the river into play and never keep it out: 12.13
    denies the benefit only against artillery attacking alone, so what counts is the other
    (ground) attackers. The x2 applies when every ground attacker comes across the river, or
    one of them by ruling 11.2-river-attackers ``any-across``."""
    ground = [a for a in attackers if a.type not in ARTILLERY_LIKE]
    if not ground:
        if any(a.across_river for a in attackers):
            return False, "attacked by artillery (or Air Strikes) alone: no river benefit (12.13)"
        return False, ""
    across = [a for a in ground if a.across_river]
    if not across:
        if any(a.across_river for a in attackers):
            return False, (
                "only artillery (or Air Strikes) fire across the river: no river benefit (12.13)"
            )
        return False, ""
    if option(chosen, RIVER_ATTACKERS) == "all-across" and len(across) < len(ground):
        return False, (
            f"only {len(across)} of {len(ground)} attackers (artillery aside) are across the "
            f"river: no x2 ({RIVER_ATTACKERS.id}: all-across)"
        )
    return True, "the attack comes across the river: x2 (13.1)"


def check_air_strike_hex(
    battlefield: Battlefield, chosen: Mapping[str, str], where: str = "terrain"
) -> None:
    """Refuse an Air Strike on a hex that is not Clear (8.91); an Open-mode Rough #1 hex counts
    as Clear unless ruling 8.91-open-rough-1 says ``refused``. Raises ``CombatInputError``."""
    if battlefield.terrain == "clear":
        return
    table, _ = crt_terrain(battlefield.mode, battlefield.terrain)
    if table == "clear" and option(chosen, AIR_OPEN_ROUGH) == "allowed":
        return
    raise CombatInputError(
        where,
        f"Air Strikes hit Clear hexes only; found {TERRAIN_LABELS[battlefield.terrain]} in "
        f"{battlefield.mode.label} mode (8.91)",
    )


def _check_range(attacker: Attacker, where: str, chosen: Mapping[str, str]) -> str:
    """Check ``attacker``'s range against its Range Allowance (3.23); return the note to show
    when it fires from more than one hex and its strength is used as given (8.8 is missing)."""
    hexes = attacker.range_hexes
    if hexes is None or attacker.type == AIR_STRIKE:
        return ""
    if hexes < 1:
        raise CombatInputError(f"{where}.range", f"a range is 1 hex or more, found {hexes} (3.23)")
    if hexes > attacker.values.range:
        raise CombatInputError(
            f"{where}.range",
            f"{attacker.name} reaches {attacker.values.range} hexes (Range Allowance), the "
            f"defender is {hexes} away (3.23)",
        )
    if hexes == 1 or attacker.strength is not None:
        return ""
    if option(chosen, RANGE_ATTENUATION) == "require-strength":
        raise CombatInputError(
            f"{where}.strength",
            f"{attacker.name} fires at {hexes} hexes: give the attenuated Attack Strength "
            f"(8.8 is missing; ruling {RANGE_ATTENUATION.id}: require-strength) (9.0)",
        )
    return (
        f"{attacker.name} fires at {hexes} hexes with its full Attack Strength: range "
        f"attenuation (8.8) is missing from the text; give `strength` to use an attenuated one "
        f"({RANGE_ATTENUATION.id}: as-given)"
    )
