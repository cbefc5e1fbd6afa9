"""One side's Close Assault casualties for one loss percentage, and their expectation over
the outcomes (15.82-15.87, 15.18, 15.95, 17.25), for ``close_assault``.

The Raw points lost and the TOE points proposed for them (15.83c, d), the guns' Vulnerability
losses (15.84b, c), the points captured (15.85, 15.86; 15.18's whole defence), the 15.87
Disorganization Points, and a surrendered side's every point (17.25); the arithmetic is
``ledger.combat.assault_losses``'s.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ledger.combat.assault_captured import propose_captured
from ledger.combat.assault_losses import (
    disorganization_points,
    gun_vulnerability_losses,
    guns_subject_to_vulnerability,
    propose_raw_losses,
    raw_loss,
    remaining_after,
)
from ledger.combat.assault_setup import AssaultSetup, AssaultSide, SideExpectation
from ledger.combat.forces import Loss


@dataclass(frozen=True, slots=True)
class _Taken:
    """One side's casualties for one loss percentage."""

    raw: int
    losses: tuple[Loss, ...]
    captured: tuple[Loss, ...]
    dp: int

    @property
    def toe(self) -> int:
        return sum(loss.points for loss in self.losses)


def _take(
    side: AssaultSide,
    percent: int,
    captured_pct: int,
    overrun: bool,
    setup: AssaultSetup,
    overwhelmed: bool,
) -> _Taken:
    """15.83c, d: the Raw points lost and the TOE points proposed for them; 15.84b, c: Forward
    (in an Overrun, all the defender's) guns' Vulnerability losses; 15.85, 15.86: the points
    captured; 15.18: a defender's remaining points captured; 15.87: the DP."""
    rulings = setup.rulings
    pool = side.overrun_elements if overrun else side.elements
    total = side.raw_total(overrun)
    if side.attacker and setup.recce_probe and rulings.recce == "tenth":
        # 15.95 "tenth": 9/10 of the Raw loss, still rounded up (ceil(ceil(x) / 10) = ceil(x / 10))
        raw = -(-raw_loss(percent, 9 * total, attacker=True, overrun=False) // 10)
    else:
        raw = raw_loss(percent, total, attacker=side.attacker, overrun=overrun)
    losses: tuple[Loss, ...] = ()
    if raw:
        losses = propose_raw_losses(pool, raw, side.rating, hex_shares=rulings.hex_shares)
        left = remaining_after(pool, losses)
        guns = guns_subject_to_vulnerability(left, defender=not side.attacker, overrun=overrun)
        if guns:
            losses += gun_vulnerability_losses(
                guns,
                raw,
                offensive=side.attacker,
                vulnerability_half=rulings.vulnerability_half,
            )
    captured: tuple[Loss, ...] = ()
    if captured_pct and losses:
        captured = propose_captured(losses, captured_pct, captured_basis=rulings.captured_basis)
    if overwhelmed:
        left = remaining_after(pool, losses)
        captured += tuple(Loss(e.unit, e.system, e.points, e.raw(side.rating)) for e in left)
    toe = sum(loss.points for loss in losses)
    return _Taken(raw, losses, captured, disorganization_points(toe, side.committed_toe))


def _surrendered(side: AssaultSide) -> _Taken:
    """17.25: every point of the side's units in the hex goes to the enemy."""
    everything = tuple(
        Loss(e.unit, e.system, e.points, e.raw(side.rating)) for e in side.overrun_elements
    )
    return _Taken(side.raw_total(True), everything, everything, 0)


@dataclass(slots=True)
class _Expect:
    raw: Fraction = Fraction(0)
    toe: Fraction = Fraction(0)
    captured: Fraction = Fraction(0)
    dp: Fraction = Fraction(0)

    def add(self, p: Fraction, taken: _Taken) -> None:
        self.raw += p * taken.raw
        self.toe += p * taken.toe
        self.captured += p * sum(c.points for c in taken.captured)
        self.dp += p if taken.dp else 0

    def value(self) -> SideExpectation:
        return SideExpectation(self.raw, self.toe, self.captured, self.dp)
