"""Air Strikes (8.91-8.93): an automatic Attack Strength of 30 against a Soft Target and 3
against a Hard Target, read on the Soft tables (8.92), against Clear hexes only (8.91); the hex
need not be seen by any friendly unit (8.91). Being treated as Rapid Fire artillery (8.92), an
Air Strike gives the defender no river benefit (12.13).
"""

from __future__ import annotations

from collections.abc import Mapping

from ledger.games.combined_arms.combat import (
    AIR_STRIKE,
    AIR_STRIKE_VALUES,
    Attacker,
    CombatCalculation,
    check_air_strike_hex,
    resolve_combat,
)
from ledger.games.combined_arms.reading import Battlefield, CombatInputError, Defender


def resolve_air_strike(
    defender: Defender,
    battlefield: Battlefield,
    *,
    strikes: int = 1,
    chosen: Mapping[str, str] | None = None,
) -> CombatCalculation:
    """``strikes`` Air Strikes (totalled as one attack, 8.13) on ``defender`` (8.92).

    Raises ``CombatInputError`` for fewer than one strike, a hex that is not Clear (8.91;
    ruling 8.91-open-rough-1) or odds below 1-1 (9.0)."""
    rulings = dict(chosen or {})
    if strikes < 1:
        raise CombatInputError("strikes", f"at least one Air Strike, found {strikes} (8.91)")
    check_air_strike_hex(battlefield, rulings)
    attackers = [
        Attacker(
            f"Air Strike {n + 1}" if strikes > 1 else "Air Strike", AIR_STRIKE_VALUES, AIR_STRIKE
        )
        for n in range(strikes)
    ]
    return resolve_combat(attackers, defender, battlefield, chosen=rulings, attack_field="strikes")
