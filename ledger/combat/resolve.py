"""Resolving a worked-out combat: the dice, the proposed losses, the owner's choice, the posting.

A ``PreparedCombat`` is one calculation (``barrage``, ``anti_armor`` or ``close_assault``) with
what posting it needs: the Phasing side, the side firing or assaulting, the hexes, and whether
every force is a ledger unit (inline forces can be worked out but never posted).

The dice are named readings (``dice_for``): a barrage ``target`` (and ``trucks`` with trucks in
the target hex, 12.42, 12.46); anti-armor ``fire`` (14.6); a Close Assault or Probe
``attacker`` and ``defender`` (each two dice read large-small, their sum from the same dice,
15.73), ``attacker_prisoners`` / ``defender_prisoners`` (one die on chart 15.89 after a
Captured result) and ``attacker_morale`` / ``defender_morale`` (17.4, when a side's Adjusted
Morale is still to be rolled). ``roll_dice`` throws them with ``random.Random(seed)``.

``read_combat`` gives the result and the proposed losses (an ``Allocation``: the fewest TOE
Strength Points, as the calculation modules propose them); ``check_allocation`` checks the
owner's own choice with the calculation modules' checks; ``combat_posting`` builds the
``CombatPosting`` that ``ledger.commands.combat.post_combat`` turns into events: TOE losses,
captured points, Pinned / Engaged / Contact markers, Disorganization Points, CP and Ammunition.
Truck Points destroyed by a barrage (12.46) and retreats (15.82) are reported in the summary
for the players to carry out; the posting does not move counters or trucks.

Where the pieces are: ``prepared_combat`` (``PreparedCombat``), ``combat_dice`` (the named
readings, checked or thrown), ``assault_proposal`` (a Close Assault's proposed captured points,
summary and captured-points check) and ``assault_posting`` (its losses less captured, markers
and Disorganization Points); this module keeps reading, the allocation check and the posting.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from ledger.charts.figures import to_json
from ledger.combat.anti_armor import AntiArmorCalculation, AntiArmorResult, read_anti_armor
from ledger.combat.anti_armor_losses import check_allocation as check_armor_allocation
from ledger.combat.assault_losses import check_raw_losses
from ledger.combat.assault_odds import CloseAssaultCalculation
from ledger.combat.assault_posting import (
    assault_disorganization,
    assault_markers,
    losses_less_captured,
)
from ledger.combat.assault_proposal import (
    assault_loss_pool,
    assault_summary,
    captured_count,
    captured_rows,
    check_captured_points,
)
from ledger.combat.assault_setup import DEFENSIVE, NO_ASSAULT, OFFENSIVE
from ledger.combat.barrage import BarrageCalculation, BarrageResult, read_barrage
from ledger.combat.close_assault import read_close_assault
from ledger.combat.combat_dice import check_dice
from ledger.combat.forces import Loss
from ledger.combat.posting import CapturedPoints, CombatPosting, UnitMarker, unit_losses
from ledger.combat.prepared_combat import (
    CombatResult,
    PreparedCombat,
)


@dataclass(frozen=True, slots=True)
class Allocation:
    """Which TOE Strength Points are lost (``Loss``: unit, weapon system, points).

    ``losses``: the barrage target's (12.45) or the anti-armor target hex's (14.43);
    ``attacker_losses`` / ``defender_losses`` a Close Assault's (15.83, 15.84) and
    ``attacker_captured`` / ``defender_captured`` the points of those handed to the enemy
    (15.85, 15.86; beyond the losses only when 15.18 captures a whole defence).
    ``defender_stands``: the defender takes 10 % a hex instead of retreating (15.82)."""

    losses: tuple[Loss, ...] = ()
    attacker_losses: tuple[Loss, ...] = ()
    defender_losses: tuple[Loss, ...] = ()
    attacker_captured: tuple[Loss, ...] = ()
    defender_captured: tuple[Loss, ...] = ()
    defender_stands: bool = False


@dataclass(frozen=True, slots=True)
class CombatReading:
    """A combat read with real dice: the ``dice`` used ((name, reading) in throwing order),
    the ``seed`` when the ledger rolled them, the calculation module's ``result``, the
    ``proposal`` of losses and the ``summary`` in words."""

    prepared: PreparedCombat
    dice: tuple[tuple[str, int], ...]
    seed: int | None
    result: CombatResult
    proposal: Allocation
    summary: tuple[str, ...]

    def as_json(self) -> dict[str, object]:
        """The dice, seed, result, proposal and summary as JSON-ready data."""
        result = self.result.as_json()
        result.pop("calculation", None)
        return {
            "combat": self.prepared.combat,
            "dice": dict(self.dice),
            "seed": self.seed,
            "result": result,
            "proposal": to_json(self.proposal),
            "summary": list(self.summary),
        }


def read_combat(
    prepared: PreparedCombat,
    dice: Mapping[str, int],
    *,
    seed: int | None = None,
    defender_stands: bool = False,
) -> CombatReading:
    """The result of ``prepared`` for ``dice`` (``check_dice``) and the proposed losses.
    ``defender_stands`` (Close Assault only): the defender stands and takes 10 % a hex of
    Retreat instead (15.82). Raises ``ValueError`` naming the field for bad or missing dice."""
    checked = check_dice(prepared, dice)
    calc = prepared.calculation
    if isinstance(calc, BarrageCalculation):
        return _read_barrage(prepared, calc, checked, seed)
    if isinstance(calc, AntiArmorCalculation):
        result = read_anti_armor(calc, checked["fire"])
        summary = (
            f"Anti-Armor fire on column {result.column}: reading {result.reading} gives "
            f"{result.damage} Damage Points (14.6)",
            f"{result.toe_points} TOE Strength Points lost (14.43)",
        )
        used = (("fire", result.reading),)
        return CombatReading(
            prepared, used, seed, result, Allocation(losses=result.losses), summary
        )
    return _read_assault(prepared, calc, checked, seed, defender_stands)


def _read_barrage(
    prepared: PreparedCombat, calc: BarrageCalculation, dice: dict[str, int], seed: int | None
) -> CombatReading:
    result = read_barrage(calc, dice["target"], dice.get("trucks"))
    losses = propose_barrage_losses(prepared.target_toe, calc.target.unit, result.toe_lost)
    summary = [
        f"Barrage on column {calc.column or 'none'} at {calc.target.unit}: reading "
        f"{result.reading} gives {result.result} (12.44, 12.45)"
    ]
    if result.toe_lost and not losses:
        summary.append(
            f"{result.toe_lost} TOE Strength Points destroyed; the target's TOE is not known "
            "here, so its owner names them (12.45)"
        )
    if result.truck_reading is not None and result.truck_points_lost:
        summary.append(
            f"trucks: reading {result.truck_reading} destroys {result.truck_points_lost} Truck "
            "Points, the owner's choice, spread over truck types and cargo (12.46); not posted"
        )
    elif result.truck_reading is not None:
        summary.append(f"trucks: reading {result.truck_reading} destroys none (12.46)")
    if result.carried_truck_points_lost:
        summary.append(
            f"{result.carried_truck_points_lost} Truck Points carrying the destroyed infantry "
            "are lost with it (12.46); not posted"
        )
    used = [("target", result.reading)]
    if result.truck_reading is not None:
        used.append(("trucks", result.truck_reading))
    return CombatReading(
        prepared, tuple(used), seed, result, Allocation(losses=losses), tuple(summary)
    )


def propose_barrage_losses(
    toe: Sequence[tuple[str, int]], unit: str, toe_lost: int
) -> tuple[Loss, ...]:
    """12.45: ``toe_lost`` TOE Strength Points of the target ``unit`` proposed from its
    ``toe`` ((system, points), in the unit's order), the first system first; the owner may
    name others. Empty when the TOE is not known (a blind or inline target)."""
    left, found = toe_lost, []
    for system, points in toe:
        take = min(left, points)
        if take:
            found.append(Loss(unit, system, take))
            left -= take
    return tuple(found)


def _read_assault(
    prepared: PreparedCombat,
    calc: CloseAssaultCalculation,
    dice: dict[str, int],
    seed: int | None,
    stands: bool,
) -> CombatReading:
    if calc.column == NO_ASSAULT:
        result = read_close_assault(calc, 11, 11)
        used: tuple[tuple[str, int], ...] = ()
    else:
        result = read_close_assault(
            calc,
            dice["attacker"],
            dice["defender"],
            dice.get("attacker_prisoners"),
            dice.get("defender_prisoners"),
            dice.get("attacker_morale"),
            dice.get("defender_morale"),
            defender_stands=stands,
        )
        outcome = result.outcome
        wanted = {
            "attacker_morale": calc.setup.attacker_morale is not None,
            "defender_morale": calc.setup.defender_morale is not None,
            "attacker": not outcome.surrender,
            "defender": not outcome.surrender,
            "attacker_prisoners": outcome.attacker_captured > 0,
            "defender_prisoners": outcome.defender_captured > 0,
        }
        used = tuple((name, value) for name, value in dice.items() if wanted.get(name))
    proposal = Allocation(
        attacker_losses=result.attacker_losses,
        defender_losses=result.defender_losses,
        attacker_captured=captured_rows(calc, result, attacker=True),
        defender_captured=captured_rows(calc, result, attacker=False),
        defender_stands=stands,
    )
    return CombatReading(prepared, used, seed, result, proposal, assault_summary(calc, result))


def check_allocation(reading: CombatReading, allocation: Allocation) -> Allocation:
    """The owner's ``allocation`` checked with the calculation modules' rules: a barrage's
    points must be the target's, as many as destroyed (12.45); anti-armor losses must absorb
    the Damage Points (``anti_armor.check_allocation``, 14.43-14.45); Close Assault losses
    must absorb each side's Raw loss (``assault_losses.check_raw_losses``, 15.83d, e) and
    captured points number what the result captures, taken from the points lost (15.86c).
    Returns it with ``absorbs`` filled in where a check gives it; raises ``ValueError``
    naming the field, the problem and the case."""
    result = reading.result
    if isinstance(result, BarrageResult):
        _check_barrage_allocation(reading, result, allocation.losses)
        return Allocation(losses=allocation.losses)
    if isinstance(result, AntiArmorResult):
        calc = reading.prepared.calculation
        assert isinstance(calc, AntiArmorCalculation)
        try:
            checked = check_armor_allocation(calc.targets, result.damage, allocation.losses)
        except ValueError as exc:
            raise ValueError(f"losses: {exc}") from exc
        return Allocation(losses=checked)
    calc = reading.prepared.calculation
    assert isinstance(calc, CloseAssaultCalculation)
    for attacker in (True, False):
        who = "attacker" if attacker else "defender"
        lost = allocation.attacker_losses if attacker else allocation.defender_losses
        raw = result.attacker_raw_lost if attacker else result.defender_raw_lost
        pool = assault_loss_pool(calc, result, attacker=attacker)
        try:
            check_raw_losses(
                pool,
                raw,
                OFFENSIVE if attacker else DEFENSIVE,
                lost,
                hex_shares=calc.setup.rulings.hex_shares,
            )
        except ValueError as exc:
            raise ValueError(f"{who}_losses: {exc}") from exc
        captured = allocation.attacker_captured if attacker else allocation.defender_captured
        check_captured_points(who, pool, lost, captured, captured_count(result, attacker))
    return allocation


def _check_barrage_allocation(
    reading: CombatReading, result: BarrageResult, losses: Sequence[Loss]
) -> None:
    target = reading.prepared.calculation
    assert isinstance(target, BarrageCalculation)
    unit = target.target.unit
    held = dict(reading.prepared.target_toe)
    total = 0
    for loss in losses:
        if loss.unit != unit:
            raise ValueError(f"losses: {loss.unit} is not the barrage's target {unit} (12.45)")
        if held and loss.points > held.get(loss.system, 0):
            raise ValueError(
                f"losses: {unit} holds {held.get(loss.system, 0)} TOE points of "
                f"{loss.system}, {loss.points} named (12.45)"
            )
        total += loss.points
    if total != result.toe_lost:
        raise ValueError(
            f"losses: {total} TOE Strength Points named, the barrage destroyed "
            f"{result.toe_lost} (12.45)"
        )


def combat_posting(reading: CombatReading, allocation: Allocation | None = None) -> CombatPosting:
    """The ``CombatPosting`` of ``reading`` with the proposed losses, or the owner's
    ``allocation`` (checked with ``check_allocation``). Raises ``ValueError`` when the combat
    has inline forces (only ledger units can be posted) or the allocation is refused."""
    prepared = reading.prepared
    if prepared.not_postable:
        raise ValueError(f"forces: cannot be posted: {prepared.not_postable}")
    chosen = reading.proposal if allocation is None else check_allocation(reading, allocation)
    result = reading.result
    calc = prepared.calculation
    base = CombatPosting(
        combat=prepared.combat,
        attacker=prepared.attacker,
        hexes=prepared.hexes,
        dice=reading.dice,
        seed=reading.seed,
        summary=reading.summary,
        phasing=prepared.phasing,
    )
    if isinstance(result, BarrageResult):
        assert isinstance(calc, BarrageCalculation)
        markers = (UnitMarker(calc.target.unit, "pinned", "12.44"),) if result.pinned else ()
        return replace(
            base,
            column=calc.column or "",
            losses=unit_losses(chosen.losses, "barrage", "12.45"),
            markers=markers,
            cp=calc.cp,
            ammunition=calc.ammunition,
        )
    if isinstance(result, AntiArmorResult):
        assert isinstance(calc, AntiArmorCalculation)
        return replace(
            base,
            column=result.column,
            losses=unit_losses(chosen.losses, "anti-armor", "14.43"),
            cp=calc.cp,
            ammunition=calc.ammunition,
        )
    assert isinstance(calc, CloseAssaultCalculation)
    return replace(
        base,
        column=result.column,
        losses=losses_less_captured(chosen.attacker_losses, chosen.attacker_captured)
        + losses_less_captured(chosen.defender_losses, chosen.defender_captured),
        captured=tuple(
            CapturedPoints(x.unit, x.system, x.points, "15.86")
            for x in chosen.attacker_captured + chosen.defender_captured
            if x.points
        ),
        markers=assault_markers(prepared, result),
        disorganization=assault_disorganization(prepared, result),
        cp=result.cp,
        ammunition=result.ammunition,
    )
