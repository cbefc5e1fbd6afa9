"""Attack and Defense Factors as a combat totals them (Combat Phase ¶3-¶4).

Each attacking unit brings its AF (or, in-battery artillery, its BF where Artillery Units ¶3 and
AT Units ¶1 say so), halved out of supply (Supply ¶1), halved for armor attacking a mountain
hex and for any unit attacking across an escarpment (Combat Phase ¶3). Each defender brings its
DF (an in-battery AT unit its FPF against armor, AT Units ¶1), halved for armored units out of
supply (Supply ¶1), doubled in a fortification hex unless armored (Combat Phase ¶3). Support is
added after: offensive fire support BF and close attack support to the attack, defensive fire
support FPF and close defense support to the defense (Combat Phase ¶4, Artillery Units ¶3, ¶5,
Air Missions ¶3-¶4). Fractions are kept: the text rounds nothing here (Rounding of Fractions ¶1).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ledger.games.battles_for_north_africa.terrain import HexTerrain, hexside_terrain
from ledger.games.battles_for_north_africa.units import CombatUnit, UnitType

HALF = Fraction(1, 2)


class SetupError(ValueError):
    """Every problem of a combat's setup at once. ``problems`` are ``(field, message)`` pairs:
    ``field`` names the part of the setup as a request names it (``"attackers[1]"``,
    ``"close_attack"``, ``"stukas"``), each message ends in its case."""

    def __init__(self, problems: Sequence[tuple[str, str]]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(f"{field}: {message}" for field, message in self.problems))


def _setup_problems(
    attackers: Sequence[CombatUnit],
    defenders: Sequence[CombatUnit],
    target: HexTerrain,
    fortification: int,
) -> list[tuple[str, str]]:
    problems = []
    if not attackers:
        problems.append(("attackers", "a combat needs attacking units (Combat Phase ¶1)"))
    if not defenders:
        problems.append(("defenders", "a combat needs defending units (Combat Phase ¶1)"))
    if fortification not in (0, 1, 2):
        problems.append(
            (
                "fortification",
                f"fortification is 0, 1 or 2, not {fortification} (Fortifications ¶1)",
            )
        )
    return problems


@dataclass(frozen=True, slots=True)
class FireSupport:
    """An in-battery artillery unit giving fire support: its ``strength`` (BF for offensive,
    FPF for defensive fire support) and supply status; out of supply it gives 0 (Supply ¶1).
    AT types cannot give fire support (AT Units ¶1)."""

    name: str
    strength: int
    type: UnitType
    in_supply: bool = True

    def __post_init__(self) -> None:
        if self.strength < 0:
            raise ValueError(f"{self.name}: fire support cannot be negative (Artillery Units ¶3)")
        if not self.type.artillery or self.type.anti_tank:
            raise ValueError(
                f"{self.name}: {self.type.label} cannot give fire support; only non-AT "
                "artillery can (Artillery Units ¶3, AT Units ¶1)"
            )

    @property
    def value(self) -> int:
        """The strength it adds: 0 out of supply (Supply ¶1)."""
        return self.strength if self.in_supply else 0


@dataclass(frozen=True, slots=True)
class StrengthLine:
    """One unit's part of a total: which factor it uses (``"AF"``, ``"BF"``, ``"DF"``,
    ``"FPF"``), the ``printed`` value, the ``value`` used (exact) and each ``step`` taken with
    its case."""

    unit: str
    factor: str
    printed: int
    value: Fraction
    steps: tuple[str, ...]


def attack_line(
    unit: CombatUnit,
    *,
    others_attack: bool,
    defenders_armored: bool,
    target: HexTerrain,
    compound: bool = True,
    at_uses_bf_with_others: bool = True,
) -> StrengthLine:
    """The attack strength ``unit`` brings (see the module docstring).

    ``others_attack``: other friendly combat units attack the same hex; ``defenders_armored``:
    a defender is armored; ``compound``: halvings multiply (ruling ``bfna-halvings-compound``);
    ``at_uses_bf_with_others``: ruling ``bfna-at-battery-with-others``. Raises ``ValueError`` for
    a disabled unit (Heavy Armor Units ¶2) or an attack the terrain forbids (Combat Phase ¶2).
    """
    if unit.disabled:
        raise ValueError(f"{unit.name}: a disabled unit may not attack (Heavy Armor Units ¶2)")
    _check_may_attack(unit, target)
    factor, printed = _attack_factor(unit, others_attack, defenders_armored, at_uses_bf_with_others)
    steps: list[str] = []
    if factor == "BF" and not unit.in_supply:
        return StrengthLine(
            unit.name, factor, printed, Fraction(0), ("out of supply: BF 0 (Supply ¶1)",)
        )
    halvings = []
    if not unit.in_supply:
        halvings.append("out of supply (Supply ¶1)")
    if unit.type.armored and target.armored_af_halved:
        halvings.append(f"armored attacking {target.label.lower()} (Combat Phase ¶3)")
    if any(hexside_terrain(h).af_halved for h in unit.hexsides):
        halvings.append("across an escarpment (Combat Phase ¶3)")
    value = Fraction(printed)
    for i, why in enumerate(halvings):
        if compound or i == 0:
            value *= HALF
            steps.append(f"halved: {why}")
        else:
            steps.append(f"not halved again: {why} (ruling bfna-halvings-compound)")
    return StrengthLine(unit.name, factor, printed, value, tuple(steps))


def _attack_factor(
    unit: CombatUnit, others_attack: bool, defenders_armored: bool, at_bf_with_others: bool
) -> tuple[str, int]:
    if not unit.in_battery:
        return "AF", unit.af
    if unit.type.anti_tank:
        if not defenders_armored:
            return "AF", unit.af
        return ("BF", unit.bf) if at_bf_with_others or not others_attack else ("AF", unit.af)
    return ("AF", unit.af) if others_attack else ("BF", unit.bf)


def _check_may_attack(unit: CombatUnit, target: HexTerrain) -> None:
    """Combat Phase ¶2: a unit may not attack where it may not move, unless along a road; an
    in-battery artillery unit may always attack an adjacent hex."""
    if unit.in_battery or unit.by_road:
        return
    barred = []
    if target.all_only_by_road or (unit.type.armored and target.armored_only_by_road):
        barred.append(f"into {target.label.lower()}")
    for feature_id in unit.hexsides:
        side = hexside_terrain(feature_id)
        if side.all_only_by_road or (unit.type.armored and side.armored_only_by_road):
            barred.append(f"across {side.named}")
    if barred:
        raise ValueError(
            f"{unit.name} ({unit.type.label}) may not attack {' or '.join(barred)} except along "
            "a road (Combat Phase ¶2, Movement Phase ¶3)"
        )


def defense_line(unit: CombatUnit, *, attackers_armored: bool, fortification: int) -> StrengthLine:
    """The defense strength ``unit`` brings: DF, or FPF for an in-battery AT unit attacked by
    armor (AT Units ¶1; 0 out of supply, Supply ¶1); halved if armored and out of supply
    (Supply ¶1); doubled in a fortification hex (``fortification`` 1 or 2) unless armored
    (Combat Phase ¶3). An HQ brings 0 (Unit Capabilities ¶14)."""
    if unit.in_battery and unit.type.anti_tank and attackers_armored:
        if not unit.in_supply:
            return StrengthLine(
                unit.name, "FPF", unit.fpf, Fraction(0), ("out of supply: FPF 0 (Supply ¶1)",)
            )
        factor, printed = "FPF", unit.fpf
    else:
        factor, printed = "DF", unit.df
    value = Fraction(printed)
    steps = []
    if unit.type.armored and not unit.in_supply:
        value *= HALF
        steps.append("halved: armored, out of supply (Supply ¶1)")
    if fortification and not unit.type.armored and unit.is_combat_unit:
        value *= 2
        steps.append(f"doubled: fortification {fortification} hex (Combat Phase ¶3)")
    return StrengthLine(unit.name, factor, printed, value, tuple(steps))


@dataclass(frozen=True, slots=True)
class Totals:
    """The combat's totals: ``attack`` and ``defense`` (exact), the lines they add up, and the
    support added to each side (Combat Phase ¶4)."""

    attack: Fraction
    defense: Fraction
    attack_lines: tuple[StrengthLine, ...]
    defense_lines: tuple[StrengthLine, ...]
    offensive_fire: int
    close_attack: int
    defensive_fire: int
    close_defense: int


def total_strengths(
    attackers: Sequence[CombatUnit],
    defenders: Sequence[CombatUnit],
    *,
    target: HexTerrain,
    fortification: int = 0,
    offensive_fire: Sequence[FireSupport] = (),
    defensive_fire: Sequence[FireSupport] = (),
    close_attack: Sequence[int] = (),
    close_defense: Sequence[int] = (),
    compound: bool = True,
    at_uses_bf_with_others: bool = True,
) -> Totals:
    """Total AF against total DF with all support (Combat Phase ¶4).

    ``close_attack``/``close_defense`` are air units' bombardment strengths (Air Missions ¶3-¶4).
    Raises ``SetupError`` listing every problem: no attackers or defenders, a fortification not
    0, 1 or 2, close attack support against woods (Air Missions ¶4), close defense support for
    units with no DF (Air Missions ¶3), a negative bombardment strength, and each attacker that
    may not attack (``attack_line``, at ``attackers[i]``).
    """
    problems = _setup_problems(attackers, defenders, target, fortification)
    combat_attackers = [u for u in attackers if u.is_combat_unit]
    defenders_armored = any(d.type.armored for d in defenders)
    lines = []
    for i, u in enumerate(attackers):
        try:
            lines.append(
                attack_line(
                    u,
                    others_attack=len(combat_attackers) > 1,
                    defenders_armored=defenders_armored,
                    target=target,
                    compound=compound,
                    at_uses_bf_with_others=at_uses_bf_with_others,
                )
            )
        except ValueError as exc:
            problems.append((f"attackers[{i}]", str(exc)))
    if close_attack and target.no_close_attack_support:
        problems.append(
            (
                "close_attack",
                f"no close attack support against units in {target.label.lower()} "
                "(Air Missions ¶4)",
            )
        )
    if close_defense and defenders and all(d.df == 0 for d in defenders):
        problems.append(
            (
                "close_defense",
                "close defense support needs a defender with DF above 0 (Air Missions ¶3)",
            )
        )
    for name, values in (("close_attack", close_attack), ("close_defense", close_defense)):
        if any(v < 0 for v in values):
            problems.append((name, "a bombardment strength cannot be negative (Air Missions ¶3)"))
    if problems:
        raise SetupError(problems)
    attack_lines = tuple(lines)
    attackers_armored = any(a.type.armored for a in attackers)
    defense_lines = tuple(
        defense_line(d, attackers_armored=attackers_armored, fortification=fortification)
        for d in defenders
    )
    fire_a = sum(s.value for s in offensive_fire)
    fire_d = sum(s.value for s in defensive_fire)
    air_a, air_d = sum(close_attack), sum(close_defense)
    attack = sum((line.value for line in attack_lines), Fraction(0)) + fire_a + air_a
    defense = sum((line.value for line in defense_lines), Fraction(0)) + fire_d + air_d
    return Totals(attack, defense, attack_lines, defense_lines, fire_a, air_a, fire_d, air_d)
