"""Reading a Combat Results Table once the Attack Strength is known: the defender's adjusted
Defense Strength (13.1, 9.12), the table (9.0), the odds column (8.3) and the exact odds of every
result and of what it does to the defender (9.1x). Shared by ``combat``, ``overrun`` and
``air_strike``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from ledger.charts.figures import Figure
from ledger.charts.odds import OddsColumn, OddsTooLow
from ledger.games.combined_arms.crt import (
    RESULT_MEANINGS,
    combat_odds,
    crt,
    crt_id,
    crt_title,
)
from ledger.games.combined_arms.disruption import (
    apply_result,
    halved_defense,
    level_name,
    outcome_odds,
)
from ledger.games.combined_arms.rulings import HALVING, option
from ledger.games.combined_arms.terrain import (
    TerrainMode,
    combined_factor,
    crt_terrain,
    defense_multipliers,
)
from ledger.games.combined_arms.units import PrintedStrength


class CombatInputError(ValueError):
    """A combat that cannot be worked out from what was given; ``field`` names the input
    (``"attackers[1].range"``) and the message the value found and the rule case."""

    def __init__(self, field_name: str, message: str) -> None:
        super().__init__(message)
        self.field = field_name


@dataclass(frozen=True, slots=True)
class Defender:
    """The unit attacked: ``name``, ``defense`` (bracketed = Hard Target, 12.43), ``movement``
    (Movement Allowance, to cap a retreat, 9.11; ``None`` when unknown), ``disruption`` level
    0-3 (9.12) and ``type`` (informative)."""

    name: str
    defense: PrintedStrength
    movement: int | None = None
    disruption: int = 0
    type: str = ""

    @property
    def hard_target(self) -> bool:
        """True when the Defense Strength is bracketed (12.43)."""
        return self.defense.bracketed


@dataclass(frozen=True, slots=True)
class Battlefield:
    """Where the defender stands: the Terrain ``mode`` (13.1), its hex ``terrain`` (``"clear"``,
    ``"rough-1"``, ``"rough-2"``), an ``improved_position`` and the ``crossing`` on the river
    hexside attacks may come across (``"river"``, ``"ford"``, ``"bridge"``)."""

    mode: TerrainMode
    terrain: str
    improved_position: bool = False
    crossing: str = "river"


@dataclass(frozen=True, slots=True)
class ResultEffect:
    """One printed result a column can give: its ``probability``, ``meaning`` (9.1x) and what it
    does to this defender (``outcome`` label and ``why``, with Disruption accumulated)."""

    result: str
    probability: Fraction
    meaning: str
    outcome: str
    why: str


@dataclass(frozen=True, slots=True)
class CrtReading:
    """A CRT read exactly: ``attack`` and ``defense`` (final strengths), the ``table`` id,
    ``title`` and why it was chosen, the odds ``column``, the exact ``odds`` of each printed
    result, the ``outcomes`` for the defender, per-result ``effects``, the ``figures`` of the
    working and ``notes``."""

    attack: int
    defense: int
    category: str
    table: str
    title: str
    table_why: str
    column: OddsColumn
    odds: dict[str, Fraction]
    outcomes: dict[str, Fraction]
    effects: tuple[ResultEffect, ...]
    figures: tuple[Figure, ...]
    notes: tuple[str, ...] = field(default=())


def adjusted_defense(
    defender: Defender,
    battlefield: Battlefield,
    *,
    river: bool,
    chosen: Mapping[str, str],
) -> tuple[int, list[Figure]]:
    """The defender's adjusted Defense Strength and its working: the printed strength, halved
    (fractions up) when Disrupted (9.12), multiplied by terrain (13.1), in the order ruling
    9.12-halving-order picks. ``river`` says the river's x2 applies. Raises ``KeyError`` for an
    unknown terrain."""
    base = defender.defense.value
    figures = [
        Figure(
            "Defense Strength",
            defender.defense.shown,
            "12.43",
            f"{defender.name}: {'Hard' if defender.hard_target else 'Soft'} Target",
        )
    ]
    multipliers = defense_multipliers(
        battlefield.mode,
        battlefield.terrain,
        improved_position=battlefield.improved_position,
        river=river,
        crossing=battlefield.crossing,
        chosen=chosen,
    )
    factor, how = combined_factor(multipliers, chosen)
    for m in multipliers:
        figures.append(Figure(f"terrain: {m.name}", f"x{m.factor}", m.case, m.note))
    halve_first = option(chosen, HALVING) == "halve-first"
    if defender.disruption and halve_first:
        halved = halved_defense(base)
        figures.append(
            Figure(
                f"Disrupted ({level_name(defender.disruption)}): half",
                halved,
                "9.12",
                f"{base} / 2 rounded up, before terrain ({HALVING.id})",
            )
        )
        base = halved
    defense = base * factor
    figures.append(Figure("terrain multiplier", f"x{factor}", "13.1", how))
    if defender.disruption and not halve_first:
        halved = halved_defense(defense)
        figures.append(
            Figure(
                f"Disrupted ({level_name(defender.disruption)}): half",
                halved,
                "9.12",
                f"{defense} / 2 rounded up, after terrain ({HALVING.id})",
            )
        )
        defense = halved
    figures.append(Figure("adjusted Defense Strength", defense, "13.1", ""))
    return defense, figures


def read_crt(
    attack: int,
    category: str,
    category_why: str,
    defender: Defender,
    battlefield: Battlefield,
    *,
    river: bool,
    chosen: Mapping[str, str],
    attack_field: str = "attackers",
) -> CrtReading:
    """Read the CRT of ``category`` (``"hard"``/``"soft"``) for ``attack`` against
    ``defender`` on ``battlefield`` (river x2 when ``river``). Raises ``CombatInputError`` at
    ``attack_field`` when the odds are below 1-1 (9.0) and at ``defense`` when the Defense
    Strength is 0."""
    defense, figures = adjusted_defense(defender, battlefield, river=river, chosen=chosen)
    terrain, terrain_why = crt_terrain(battlefield.mode, battlefield.terrain)
    try:
        column = combat_odds(attack, defense)
    except OddsTooLow as exc:
        raise CombatInputError(attack_field, str(exc)) from None
    except ValueError as exc:
        raise CombatInputError("defender.defense", f"{exc}") from None
    chart = crt(category, terrain)
    odds = chart.distribution(column.column)
    outcomes = outcome_odds(odds, defender.disruption, defender.movement, chosen)
    effects = []
    for result, chance in odds.items():
        outcome = apply_result(result, defender.disruption, defender.movement, chosen)
        effects.append(
            ResultEffect(result, chance, RESULT_MEANINGS[result], outcome.label, outcome.why)
        )
    title = crt_title(category, terrain)
    figures.append(Figure("odds column", column.column, "8.3", column.note))
    notes = []
    if column.clamped == "high":
        notes.append("odds above 10-1 are read on the 10-1 column (9.0)")
    return CrtReading(
        attack=attack,
        defense=defense,
        category=category,
        table=crt_id(category, terrain),
        title=title,
        table_why=f"{category_why}; {terrain_why} (9.0)",
        column=column,
        odds=odds,
        outcomes=outcomes,
        effects=tuple(effects),
        figures=tuple(figures),
        notes=tuple(notes),
    )
