"""What a Close Assault posts besides its chart results (15.29, 15.81, 15.83, 15.86, 15.87),
for ``resolve.combat_posting``.

The TOE losses less the points captured (posted apart, 15.83, 15.86), the units involved under
ruling ``15.81-units-involved``, their Engaged or Contact markers (15.81) and the
Disorganization Points of a side losing 30 % of its committed points (15.87) or of a defence
that allocated nothing and retreats (15.29), as rows of ``ledger.combat.posting``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Literal

from ledger.combat.assault_odds import CloseAssaultCalculation
from ledger.combat.assault_proposal import points_by_unit_system
from ledger.combat.assault_setup import NO_ASSAULT
from ledger.combat.close_assault import CloseAssaultResult
from ledger.combat.forces import Element, Loss
from ledger.combat.posting import UnitDisorganization, UnitLosses, UnitMarker, unit_losses
from ledger.combat.prepared_combat import INVOLVED_OPTIONS, INVOLVED_RULING, PreparedCombat


def losses_less_captured(
    losses: Sequence[Loss], captured: Sequence[Loss]
) -> tuple[UnitLosses, ...]:
    """The TOE Strength Points lost less those captured, which are posted apart as
    ``captured`` (15.83, 15.86): each (unit, weapon system)'s captured points come off its
    ``losses`` rows in order; returned as ``UnitLosses`` rows (``unit_losses``, cause
    ``"close-assault"``, case 15.83)."""
    taken = points_by_unit_system(captured)
    left = []
    for loss in losses:
        key = (loss.unit, loss.system)
        off = min(loss.points, taken.get(key, 0))
        taken[key] = taken.get(key, 0) - off
        left.append(Loss(loss.unit, loss.system, loss.points - off, loss.absorbs))
    return unit_losses(left, "close-assault", "15.83")


def _units(elements: Iterable[Element]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(e.unit for e in elements))


def involved(prepared: PreparedCombat, *, attacker: bool) -> tuple[str, ...]:
    """The units of one side involved in a Close Assault (15.81, 15.87), under ruling
    ``15.81-units-involved``: ``"in-the-hex"`` every unit with points in the calculation
    (the defender's Pinned, withheld, retreated and Back ones too), ``"committed"`` only those
    that committed points. Empty for a barrage or anti-armor fire."""
    calc = prepared.calculation
    if not isinstance(calc, CloseAssaultCalculation):
        return ()
    option = dict(prepared.rulings).get(INVOLVED_RULING, "in-the-hex")
    if option not in INVOLVED_OPTIONS:
        raise ValueError(
            f"rulings.{INVOLVED_RULING} {option!r}: expected one of {', '.join(INVOLVED_OPTIONS)}"
        )
    side = calc.setup.attacker if attacker else calc.setup.defender
    return _units(side.committed if option == "committed" else side.overrun_elements)


def assault_markers(prepared: PreparedCombat, result: CloseAssaultResult) -> tuple[UnitMarker, ...]:
    """15.81: an Engaged (or, still adjacent, Contact) marker on every unit ``involved`` of
    both sides, each unit once; none when ``result.status`` is ``"none"`` (a Probe, 15.93; a
    surrender; a Retreat taken)."""
    if result.status == "none":
        return ()
    units = involved(prepared, attacker=True) + involved(prepared, attacker=False)
    return tuple(UnitMarker(u, result.status, "15.81") for u in dict.fromkeys(units))


def assault_disorganization(
    prepared: PreparedCombat, result: CloseAssaultResult
) -> tuple[UnitDisorganization, ...]:
    """The Disorganization Points ``result`` posts, one ``UnitDisorganization`` per unit:
    15.87: 3 DP for every unit ``involved`` of a side losing 30 % of its committed TOE points;
    15.29: 3 DP for every unit of a defence that allocated nothing and retreats. ``prepared``
    must hold a ``CloseAssaultCalculation``."""
    calc = prepared.calculation
    assert isinstance(calc, CloseAssaultCalculation)
    found: list[UnitDisorganization] = []
    if result.attacker_dp:
        found += [
            UnitDisorganization(u, Fraction(result.attacker_dp), "assault-losses", "15.87")
            for u in involved(prepared, attacker=True)
        ]
    if result.defender_dp:
        retreat = result.column == NO_ASSAULT
        cause: Literal["assault-losses", "retreat-without-assault"] = (
            "retreat-without-assault" if retreat else "assault-losses"
        )
        found += [
            UnitDisorganization(
                u, Fraction(result.defender_dp), cause, "15.29" if retreat else "15.87"
            )
            for u in (
                _units(calc.setup.defender.overrun_elements)
                if retreat
                else involved(prepared, attacker=False)
            )
        ]
    return tuple(found)
