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
``CombatPosting`` that ``ledger.combat.posting.post_combat`` turns into events: TOE losses,
captured points, Pinned / Engaged / Contact markers, Disorganization Points, CP and Ammunition.
Truck Points destroyed by a barrage (12.46) and retreats (15.82) are reported in the summary
for the players to carry out; the posting does not move counters or trucks.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Final, Literal

from ledger.combat.anti_armor import AntiArmorCalculation, AntiArmorResult, read_anti_armor
from ledger.combat.anti_armor import check_allocation as check_armor_allocation
from ledger.combat.assault_losses import check_raw_losses, propose_captured, remaining_after
from ledger.combat.barrage import BarrageCalculation, BarrageResult, check_d66, read_barrage
from ledger.combat.close_assault import (
    DEFENSIVE,
    NO_ASSAULT,
    OFFENSIVE,
    CloseAssaultCalculation,
    CloseAssaultResult,
    is_overrun,
    read_close_assault,
)
from ledger.combat.forces import Element, Loss, to_json
from ledger.combat.posting import (
    CapturedPoints,
    CombatPosting,
    UnitDisorganization,
    UnitLosses,
    UnitMarker,
    unit_losses,
)
from ledger.model.events import CombatKind
from ledger.model.units import Side

INVOLVED_RULING: Final = "15.81-units-involved"
INVOLVED_OPTIONS: Final = ("in-the-hex", "committed")
CombatCalculation = BarrageCalculation | AntiArmorCalculation | CloseAssaultCalculation
CombatResult = BarrageResult | AntiArmorResult | CloseAssaultResult
DiceKind = Literal["d66", "d6"]


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


# --- the dice --------------------------------------------------------------------------------


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


# --- reading and proposing ------------------------------------------------------------------


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
    return CombatReading(prepared, used, seed, result, proposal, _assault_summary(calc, result))


def captured_rows(
    calc: CloseAssaultCalculation, result: CloseAssaultResult, *, attacker: bool
) -> tuple[Loss, ...]:
    """The TOE points of one side's losses handed to the enemy (15.85, 15.86): the whole
    loss on a surrender (17.25), else ``propose_captured`` at the chart 15.89 percentage,
    plus the defence's remaining points when 15.18 captures it whole."""
    count = result.attacker_captured if attacker else result.defender_captured
    if not count:
        return ()
    losses = result.attacker_losses if attacker else result.defender_losses
    outcome = result.outcome
    if outcome.surrender in (("attacker", "both") if attacker else ("defender", "both")):
        return losses
    percent = outcome.attacker_captured if attacker else outcome.defender_captured
    rows: tuple[Loss, ...] = ()
    if percent:
        rows = propose_captured(losses, percent, captured_basis=calc.setup.rulings.captured_basis)
    short = count - sum(x.points for x in rows)
    if short > 0 and not attacker:
        pool = _assault_pool(calc, result, attacker=False)
        rows += tuple(Loss(e.unit, e.system, e.points) for e in remaining_after(pool, losses))
    return rows


def _assault_pool(
    calc: CloseAssaultCalculation, result: CloseAssaultResult, *, attacker: bool
) -> tuple[Element, ...]:
    """The points a side's Close Assault losses may come from (15.83b, d; 15.84a)."""
    side = calc.setup.attacker if attacker else calc.setup.defender
    overrun = bool(result.column) and result.column != NO_ASSAULT and is_overrun(result.column)
    return side.overrun_elements if overrun else side.elements


def _assault_summary(calc: CloseAssaultCalculation, result: CloseAssaultResult) -> tuple[str, ...]:
    name = "Probe" if result.action == "probe" else "Close Assault"
    outcome = result.outcome
    if result.column == NO_ASSAULT:
        lines = [f"{name}: no assault ({calc.no_assault})"]
    elif outcome.surrender:
        lines = [f"{name}: {outcome.surrender} surrendered on the morale throw (17.25)"]
    else:
        lines = [
            f"{name} on column {result.column}: attacker loses {outcome.attacker_loss} % "
            f"({result.attacker_raw_lost} Raw), defender {outcome.defender_loss} % "
            f"({result.defender_raw_lost} Raw) (15.79, 15.83)"
        ]
    lines.append(
        f"TOE Strength Points lost: attacker {sum(x.points for x in result.attacker_losses)}, "
        f"defender {sum(x.points for x in result.defender_losses)}; captured: attacker "
        f"{result.attacker_captured}, defender {result.defender_captured} (15.83-15.86)"
    )
    if result.retreat:
        lines.append(f"the defender retreats {result.retreat} hexes (15.82); not posted")
    if result.status != "none":
        lines.append(f"the units involved are {result.status.capitalize()} (15.81)")
    return tuple(lines)


# --- the owner's allocation -----------------------------------------------------------------


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
        pool = _assault_pool(calc, result, attacker=attacker)
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
        _check_captured(who, pool, lost, captured, _captured_count(result, attacker))
    return allocation


def _captured_count(result: CombatResult, attacker: bool) -> int:
    assert isinstance(result, CloseAssaultResult)
    return result.attacker_captured if attacker else result.defender_captured


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


def _check_captured(
    who: str,
    pool: Sequence[Element],
    lost: Sequence[Loss],
    captured: Sequence[Loss],
    count: int,
) -> None:
    """15.86c: the captured points number ``count`` and come from the points lost (or, when
    more are captured than lost, 15.18, from the side's points in the hex)."""
    named = sum(x.points for x in captured)
    if named != count:
        raise ValueError(
            f"{who}_captured: {named} TOE Strength Points named, the result captures {count} "
            "(15.85, 15.86)"
        )
    source = (
        _by_key(lost)
        if count <= sum(x.points for x in lost)
        else _by_key(Loss(e.unit, e.system, e.points) for e in pool)
    )
    for key, points in _by_key(captured).items():
        if points > source.get(key, 0):
            raise ValueError(
                f"{who}_captured: {key[0]} {key[1]} {points} captured, {source.get(key, 0)} "
                "among the points lost (15.86a, b)"
            )


def _by_key(losses: Iterable[Loss]) -> dict[tuple[str, str], int]:
    found: dict[tuple[str, str], int] = {}
    for x in losses:
        found[x.unit, x.system] = found.get((x.unit, x.system), 0) + x.points
    return found


# --- the posting ------------------------------------------------------------------------------


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
        losses=_not_captured(chosen.attacker_losses, chosen.attacker_captured)
        + _not_captured(chosen.defender_losses, chosen.defender_captured),
        captured=tuple(
            CapturedPoints(x.unit, x.system, x.points, "15.86")
            for x in chosen.attacker_captured + chosen.defender_captured
            if x.points
        ),
        markers=_assault_markers(prepared, result),
        disorganization=_assault_dp(prepared, result),
        cp=result.cp,
        ammunition=result.ammunition,
    )


def _not_captured(losses: Sequence[Loss], captured: Sequence[Loss]) -> tuple[UnitLosses, ...]:
    """The losses less the points captured (posted apart as ``captured``)."""
    taken = _by_key(captured)
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


def _assault_markers(
    prepared: PreparedCombat, result: CloseAssaultResult
) -> tuple[UnitMarker, ...]:
    """15.81: an Engaged (or, still adjacent, Contact) marker on every unit involved."""
    if result.status == "none":
        return ()
    units = involved(prepared, attacker=True) + involved(prepared, attacker=False)
    return tuple(UnitMarker(u, result.status, "15.81") for u in dict.fromkeys(units))


def _assault_dp(
    prepared: PreparedCombat, result: CloseAssaultResult
) -> tuple[UnitDisorganization, ...]:
    """15.87: 3 DP for every unit involved of a side losing 30 % of its committed TOE points;
    15.29: 3 DP for every unit of a defence that allocated nothing and retreats."""
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
