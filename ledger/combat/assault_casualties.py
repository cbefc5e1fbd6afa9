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
class TakenLosses:
    """One side's casualties for one loss percentage (15.83-15.87, 17.25), as ``take_losses``
    and ``surrendered_losses`` give them.

    ``raw``: Raw Close Assault Points lost (15.83c); ``losses``: the TOE Strength Points
    proposed for them, then the guns' Vulnerability losses (15.83d, 15.84b, c; ``Loss.absorbs``
    in Raw or Vulnerability points); ``captured``: the TOE points of those handed to the enemy
    (15.85, 15.86; a whole defence under 15.18, every point on a surrender, 17.25); ``dp``:
    Disorganization Points, 0 or 3 (15.87)."""

    raw: int
    losses: tuple[Loss, ...]
    captured: tuple[Loss, ...]
    dp: int

    @property
    def toe(self) -> int:
        """TOE Strength Points lost, summed over ``losses`` (15.83d, 15.87)."""
        return sum(loss.points for loss in self.losses)


def take_losses(
    side: AssaultSide,
    percent: int,
    captured_pct: int,
    overrun: bool,
    setup: AssaultSetup,
    overwhelmed: bool,
) -> TakenLosses:
    """One side's ``TakenLosses`` for a loss of ``percent`` % (the chart's, plus any 15.82
    Retreat percentage): 15.83c, d: the Raw points lost and the TOE points proposed for them
    (9/10 of the Raw loss for a recce-only Probe's attacker under ruling
    ``15.95-recce-reduction`` ``"tenth"``); 15.84b, c: Forward (in an Overrun, all the
    defender's) guns' Vulnerability losses; 15.85, 15.86: the points captured at
    ``captured_pct`` % (chart 15.89; 0 without a Captured result); 15.18: with
    ``overwhelmed``, a defender's remaining points captured; 15.87: the DP. ``overrun``: the
    column is in the Overrun section (15.77: the defender's Raw loss rounds up, its guns Back
    take losses too, 15.83b, 15.84a). ``setup`` gives the rulings in force. Raises
    ``ValueError`` for a negative percentage (``raw_loss``)."""
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
    return TakenLosses(raw, losses, captured, disorganization_points(toe, side.committed_toe))


def surrendered_losses(side: AssaultSide) -> TakenLosses:
    """17.25: every point of the side's units in the hex goes to the enemy: ``TakenLosses``
    whose losses and captured points are all of ``side.overrun_elements`` (its guns Back too),
    Raw loss the side's Raw total as in an Overrun, and no Disorganization Points."""
    everything = tuple(
        Loss(e.unit, e.system, e.points, e.raw(side.rating)) for e in side.overrun_elements
    )
    return TakenLosses(side.raw_total(True), everything, everything, 0)


@dataclass(slots=True)
class ExpectedLosses:
    """One side's expected losses as outcomes are added (15.83-15.87): ``add`` weighs a
    ``TakenLosses`` by its exact probability ``p`` (a ``Fraction``); ``value`` gives the
    ``SideExpectation``: expected Raw points and TOE Strength Points lost, TOE points captured,
    and the chance of 15.87's Disorganization Points."""

    raw: Fraction = Fraction(0)
    toe: Fraction = Fraction(0)
    captured: Fraction = Fraction(0)
    dp: Fraction = Fraction(0)

    def add(self, p: Fraction, taken: TakenLosses) -> None:
        """Add ``taken`` at probability ``p``."""
        self.raw += p * taken.raw
        self.toe += p * taken.toe
        self.captured += p * sum(c.points for c in taken.captured)
        self.dp += p if taken.dp else 0

    def value(self) -> SideExpectation:
        """The expectation so far, as a ``SideExpectation``."""
        return SideExpectation(self.raw, self.toe, self.captured, self.dp)
