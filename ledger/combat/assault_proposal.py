"""A Close Assault's proposed losses and their checks, as ``resolve`` reads and checks them
(15.18, 15.83-15.86, 17.25).

The points a side's losses may come from (15.83b, d; 15.84a), the captured points proposed
(15.85, 15.86: the whole loss on a surrender, 17.25; the defence's remaining points when 15.18
captures it whole), the summary in words (15.79, 15.81-15.83), and the check that the owner's
captured points number what the result captures and come from the points lost (15.86).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ledger.combat.assault_captured import propose_captured
from ledger.combat.assault_chart import is_overrun
from ledger.combat.assault_losses import remaining_after
from ledger.combat.assault_odds import CloseAssaultCalculation
from ledger.combat.assault_setup import NO_ASSAULT
from ledger.combat.close_assault import CloseAssaultResult
from ledger.combat.forces import Element, Loss
from ledger.combat.prepared_combat import CombatResult


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
        pool = assault_loss_pool(calc, result, attacker=False)
        rows += tuple(Loss(e.unit, e.system, e.points) for e in remaining_after(pool, losses))
    return rows


def assault_loss_pool(
    calc: CloseAssaultCalculation, result: CloseAssaultResult, *, attacker: bool
) -> tuple[Element, ...]:
    """The points one side's Close Assault losses may come from (15.83b, d; 15.84a): its
    ``AssaultSide.overrun_elements`` (the defender's guns Back too) when ``result``'s column
    is in the Overrun section (15.77), else its ``elements``."""
    side = calc.setup.attacker if attacker else calc.setup.defender
    overrun = bool(result.column) and result.column != NO_ASSAULT and is_overrun(result.column)
    return side.overrun_elements if overrun else side.elements


def assault_summary(calc: CloseAssaultCalculation, result: CloseAssaultResult) -> tuple[str, ...]:
    """A Close Assault or Probe's result in words, one line each: the column and each side's
    loss percentage and Raw points lost (15.79, 15.83), or no assault (15.29), or who
    surrendered (17.25); the TOE Strength Points lost and captured (15.83-15.86); a Retreat,
    which is not posted (15.82); the Engaged or Contact status (15.81)."""
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


def captured_count(result: CombatResult, attacker: bool) -> int:
    """The TOE Strength Points of one side's losses that ``result`` (a
    ``CloseAssaultResult``) captures (15.85, 15.86)."""
    assert isinstance(result, CloseAssaultResult)
    return result.attacker_captured if attacker else result.defender_captured


def check_captured_points(
    who: str,
    pool: Sequence[Element],
    lost: Sequence[Loss],
    captured: Sequence[Loss],
    count: int,
) -> None:
    """15.86c: the owner's ``captured`` points number ``count`` and come from the points
    ``lost`` (or, when more are captured than lost, 15.18, from the side's points in the hex,
    ``pool``), unit and system by unit and system. Raises ``ValueError`` naming
    ``{who}_captured`` for another count (15.85, 15.86) or more points of a unit and system
    than it lost (15.86a, b)."""
    named = sum(x.points for x in captured)
    if named != count:
        raise ValueError(
            f"{who}_captured: {named} TOE Strength Points named, the result captures {count} "
            "(15.85, 15.86)"
        )
    source = (
        points_by_unit_system(lost)
        if count <= sum(x.points for x in lost)
        else points_by_unit_system(Loss(e.unit, e.system, e.points) for e in pool)
    )
    for key, points in points_by_unit_system(captured).items():
        if points > source.get(key, 0):
            raise ValueError(
                f"{who}_captured: {key[0]} {key[1]} {points} captured, {source.get(key, 0)} "
                "among the points lost (15.86a, b)"
            )


def points_by_unit_system(losses: Iterable[Loss]) -> dict[tuple[str, str], int]:
    """{(unit, weapon system): TOE Strength Points} summed over ``losses``."""
    found: dict[tuple[str, str], int] = {}
    for x in losses:
        found[x.unit, x.system] = found.get((x.unit, x.system), 0) + x.points
    return found
