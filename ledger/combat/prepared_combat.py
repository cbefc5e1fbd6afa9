"""A combat worked out and ready for the dice (``PreparedCombat``), for ``resolve``.

One calculation (a barrage, 12.4; anti-armor fire, 14.6; a Close Assault or Probe, 15.7) with
what posting it needs: the Phasing side, the side firing or assaulting, the hexes, whether
every force is a ledger unit, the target's TOE (12.45) and the rulings resolving uses
(``15.81-units-involved``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ledger.combat.anti_armor import AntiArmorCalculation, AntiArmorResult
from ledger.combat.assault_odds import CloseAssaultCalculation
from ledger.combat.barrage import BarrageCalculation, BarrageResult
from ledger.combat.close_assault import CloseAssaultResult
from ledger.model.events import CombatKind
from ledger.model.units import Side

INVOLVED_RULING: Final = "15.81-units-involved"
INVOLVED_OPTIONS: Final = ("in-the-hex", "committed")
CombatCalculation = BarrageCalculation | AntiArmorCalculation | CloseAssaultCalculation
CombatResult = BarrageResult | AntiArmorResult | CloseAssaultResult


@dataclass(frozen=True, slots=True)
class PreparedCombat:
    """One combat worked out and ready for the dice.

    ``calculation`` is the calculation module's result; ``phasing`` the Phasing side,
    ``attacker`` the side firing (barrage, anti-armor) or assaulting; ``hexes`` the attacking
    hexes followed by the target hex(es), as the posting records them. ``not_postable`` says
    why the combat cannot be posted ("" when every force is a ledger unit). ``notes`` are what
    the request left out or the ledger filled in. ``target_toe`` is, for a barrage, the target
    unit's TOE as (weapon system id, TOE Strength Points) in its order, from which destroyed
    points are proposed (12.45; empty for a blind target). ``rulings`` are the (ruling id,
    option) pairs resolving uses: ``15.81-units-involved`` (default ``"in-the-hex"``)."""

    calculation: CombatCalculation
    phasing: Side
    attacker: Side
    hexes: tuple[str, ...]
    not_postable: str = ""
    notes: tuple[str, ...] = ()
    target_toe: tuple[tuple[str, int], ...] = ()
    rulings: tuple[tuple[str, str], ...] = ()

    @property
    def combat(self) -> CombatKind:
        """The kind of combat, as the journal names it (a Close Assault found to be a Probe
        by 15.25 is a ``"probe"``)."""
        calc = self.calculation
        if isinstance(calc, BarrageCalculation):
            return "barrage"
        if isinstance(calc, AntiArmorCalculation):
            return "anti_armor"
        return calc.action

    def as_json(self) -> dict[str, object]:
        """The calculation's ``as_json()`` with ``combat`` and a ``context`` object (phasing,
        attacker, hexes, notes, whether it can be posted)."""
        data: dict[str, object] = {"combat": self.combat}
        data.update(self.calculation.as_json())
        data["context"] = {
            "phasing": self.phasing,
            "attacker": self.attacker,
            "hexes": list(self.hexes),
            "postable": not self.not_postable,
            "not_postable": self.not_postable,
            "notes": list(self.notes),
            "target_toe": [list(x) for x in self.target_toe],
            "rulings": [list(x) for x in self.rulings],
        }
        return data
