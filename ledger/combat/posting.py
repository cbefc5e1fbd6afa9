"""What a confirmed combat did, as plain values for ``ledger.commands.combat.post_combat``: TOE
losses and captured points per unit (15.83-15.86), markers (12.44, 15.81, 15.93), Disorganization
Points (15.87, 10.36/15.29), and the CP (11.2x) and Ammunition (50.2) charged.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Final, Literal

from ledger.combat.costs import AmmoCharge, CPCharge
from ledger.combat.forces import Loss
from ledger.model.events import CombatKind
from ledger.model.units import Side

LossCause = Literal["barrage", "anti-armor", "close-assault"]


LOSS_CAUSES: Final[tuple[LossCause, ...]] = ("barrage", "anti-armor", "close-assault")


DPCause = Literal["assault-losses", "retreat-without-assault"]


DP_CAUSES: Final[dict[str, str]] = {
    "assault-losses": "15.87",
    "retreat-without-assault": "10.36, 15.29",
}
"""Disorganization Points a combat posts, with their case: 3 DP for losses of 30 % or more of
the TOE points committed (15.87), 3 DP for retreating three hexes without assaulting (10.36,
15.29)."""


COMBATS: Final[tuple[CombatKind, ...]] = ("barrage", "anti_armor", "close_assault", "probe")


CAPTURED_RULING: Final = "15.86-captured-class-points"


@dataclass(frozen=True, slots=True)
class UnitLosses:
    """TOE Strength Points unit ``unit`` loses in one combat, not captured: ``losses`` are
    (weapon system id, TOE points) pairs, ``cause`` ``barrage`` (12.45), ``anti-armor``
    (14.x) or ``close-assault`` (15.83, 15.84), ``case`` the rule applied."""

    unit: str
    losses: tuple[tuple[str, int], ...]
    case: str
    cause: LossCause


@dataclass(frozen=True, slots=True)
class CapturedPoints:
    """``points`` TOE Strength Points of weapon system ``system`` of unit ``unit`` captured by
    the other side (15.85, 15.86): they leave the unit as a ``captured`` loss, in addition to
    its ``UnitLosses``; a class's own points become Prisoner Points (ruling
    ``15.86-captured-class-points``), tanks and guns captured equipment (15.86d)."""

    unit: str
    system: str
    points: int
    case: str = "15.86"


@dataclass(frozen=True, slots=True)
class UnitMarker:
    """Marker ``marker`` (``pinned`` 12.44, ``engaged`` or ``contact`` 15.81) placed on
    unit ``unit``."""

    unit: str
    marker: str
    case: str


@dataclass(frozen=True, slots=True)
class UnitDisorganization:
    """``dp`` Disorganization Points (``Fraction``, positive) unit ``unit`` earns for
    ``cause`` (``DP_CAUSES``: 3 for 15.87 losses, 3 for a 10.36/15.29 retreat)."""

    unit: str
    dp: Fraction
    cause: DPCause
    case: str


@dataclass(frozen=True, slots=True)
class CombatPosting:
    """Everything one resolved combat changes in the ledger.

    ``combat`` its kind; ``attacker`` the side firing (barrage, anti-armor) or assaulting;
    ``phasing`` the Phasing side (``None``: the attacker; a non-Phasing barrage names the
    Phasing side here). ``hexes`` the attacking hexes followed by the target hex; ``dice``
    (label, reading) pairs, ``seed`` when the ledger rolled, ``column`` the chart column read,
    ``summary`` the result in words. ``losses`` and ``captured`` in TOE Strength Points,
    ``markers``, ``disorganization`` (DP), ``cp`` (the ``CPCharge`` of ``costs.combat_cp``,
    CP as ``Fraction``) and ``ammunition`` (the ``AmmoCharge`` of ``costs.ammunition_for``,
    Ammunition Points).
    """

    combat: CombatKind
    attacker: Side
    hexes: tuple[str, ...]
    dice: tuple[tuple[str, int], ...] = ()
    seed: int | None = None
    column: str = ""
    summary: tuple[str, ...] = ()
    losses: tuple[UnitLosses, ...] = ()
    captured: tuple[CapturedPoints, ...] = ()
    markers: tuple[UnitMarker, ...] = ()
    disorganization: tuple[UnitDisorganization, ...] = ()
    cp: tuple[CPCharge, ...] = ()
    ammunition: tuple[AmmoCharge, ...] = ()
    phasing: Side | None = None


def unit_losses(losses: Iterable[Loss], cause: LossCause, case: str) -> tuple[UnitLosses, ...]:
    """A calculation's ``Loss`` rows as one ``UnitLosses`` per unit (units and systems in the
    order first met, points of one system added; rows of 0 points left out)."""
    grouped: dict[str, dict[str, int]] = {}
    for loss in losses:
        if loss.points:
            systems = grouped.setdefault(loss.unit, {})
            systems[loss.system] = systems.get(loss.system, 0) + loss.points
    return tuple(
        UnitLosses(unit, tuple(systems.items()), case, cause) for unit, systems in grouped.items()
    )


def captured_points(losses: Iterable[Loss], case: str = "15.86") -> tuple[CapturedPoints, ...]:
    """A calculation's captured ``Loss`` rows as ``CapturedPoints`` (0-point rows left out)."""
    return tuple(CapturedPoints(x.unit, x.system, x.points, case) for x in losses if x.points)


Charge = tuple[str, Fraction, Fraction, str, Fraction, Fraction]
"""(unit id, CP to expend now, DP they earn, 6.3 action, Combat Segment CP before, after)."""
