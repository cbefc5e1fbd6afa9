"""The dice a prepared combat needs, checked or thrown (12.42, 12.46, 14.6, 15.73a, 15.89,
17.22), for ``resolve``.

The named readings (``dice_for``): a barrage ``target`` (and ``trucks`` with trucks in the
target hex, 12.42, 12.46); anti-armor ``fire`` (14.6); a Close Assault or Probe ``attacker``
and ``defender`` (two dice read large-small, 15.73a), ``attacker_prisoners`` /
``defender_prisoners`` (one die on chart 15.89) and ``attacker_morale`` / ``defender_morale``
(17.22). ``check_dice`` checks readings given, ``roll_dice`` throws them with
``random.Random(seed)``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from ledger.combat.anti_armor import AntiArmorCalculation
from ledger.combat.assault_setup import NO_ASSAULT
from ledger.combat.barrage import BarrageCalculation
from ledger.combat.barrage_table import check_d66
from ledger.combat.prepared_combat import PreparedCombat

DiceKind = Literal["d66", "d6"]


@dataclass(frozen=True, slots=True)
class DieSpec:
    """One named reading a combat may need: ``name``, ``dice`` (``"d66"``: two dice read
    large-small, 11..66; ``"d6"``: one die), the rule ``case``, ``when`` it is thrown and
    whether it is ``required`` (False: thrown only on a result that calls for it)."""

    name: str
    dice: DiceKind
    case: str
    when: str = "always"
    required: bool = True


def dice_for(prepared: PreparedCombat) -> tuple[DieSpec, ...]:
    """The readings ``prepared`` can need, in throwing order (empty for a Close Assault that
    15.29 leaves without dice)."""
    calc = prepared.calculation
    if isinstance(calc, BarrageCalculation):
        specs = [DieSpec("target", "d66", "12.42")]
        if calc.target.trucks_present:
            specs.append(DieSpec("trucks", "d66", "12.46", "trucks are in the target hex"))
        return tuple(specs)
    if isinstance(calc, AntiArmorCalculation):
        return (DieSpec("fire", "d66", "14.6"),)
    if calc.column == NO_ASSAULT:
        return ()
    specs = []
    setup = calc.setup
    for side, morale in (("attacker", setup.attacker_morale), ("defender", setup.defender_morale)):
        if morale is not None and morale.rolled:
            specs.append(DieSpec(f"{side}_morale", "d66", "17.22", "Adjusted Morale rolled"))
    specs += [DieSpec("attacker", "d66", "15.73a"), DieSpec("defender", "d66", "15.73a")]
    specs += [
        DieSpec(f"{side}_prisoners", "d6", "15.89", f"the {side} throws a Captured result", False)
        for side in ("attacker", "defender")
    ]
    return tuple(specs)


def check_dice(prepared: PreparedCombat, dice: Mapping[str, int]) -> dict[str, int]:
    """``dice`` checked against ``dice_for``: every name known, every value a reading of its
    kind (11..66 with both digits 1..6, or 1..6), every reading needed ``"always"`` given.
    Returns them in throwing order; raises ``ValueError`` naming the field, the value and
    the case."""
    specs = {s.name: s for s in dice_for(prepared)}
    for name in dice:
        if name not in specs:
            known = ", ".join(specs) or "none (no dice are thrown)"
            raise ValueError(
                f"dice.{name}: not a reading of this {prepared.combat}; known: {known}"
            )
    checked: dict[str, int] = {}
    for name, spec in specs.items():
        if name not in dice:
            if spec.required:
                raise ValueError(f"dice.{name}: missing; {spec.dice} reading needed ({spec.case})")
            continue
        value = dice[name]
        if spec.dice == "d66":
            check_d66(value, f"dice.{name}", spec.case)
        elif isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
            raise ValueError(f"dice.{name} {value!r}: expected one die, 1..6 ({spec.case})")
        checked[name] = value
    return checked


def roll_dice(prepared: PreparedCombat, seed: int) -> dict[str, int]:
    """Every reading of ``dice_for`` thrown with ``random.Random(seed)`` (large die first):
    the same seed gives the same dice. Conditional readings are thrown too and used only
    when needed."""
    rng = random.Random(seed)
    rolled: dict[str, int] = {}
    for spec in dice_for(prepared):
        if spec.dice == "d66":
            large = rng.randint(1, 6)
            rolled[spec.name] = 10 * large + rng.randint(1, 6)
        else:
            rolled[spec.name] = rng.randint(1, 6)
    return rolled
