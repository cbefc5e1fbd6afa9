"""What a command's journal entries warn the players of (issue 17 item 4: warnings look like
warnings, not like a success).

``warning_of`` says why one entry deserves a warning, with its rule case, or ``None`` for an
entry that only records what was asked: Disorganization Points (CP beyond the CPA, 6.21, 6.22;
a Cohesion Level lowered, 6.2x), units or truck groups left short at an upkeep (51.2x, 52.5x),
TOE Strength Points lost to stores or water attrition (51.22, 52.53), vehicles broken down
(21.34). ``new_warnings`` is what the named checks of ``ledger.rules.checks`` (Cohesion −17 and −26, a
hex out of ammunition, 15.15) find after a command and did not before.
The dashboard shows both in one warning box under the command's summary; the CLI prints the
entries as they are.
"""

from __future__ import annotations

from ledger.model.events import (
    BreakdownChecked,
    CohesionAdjusted,
    ConsumptionPosted,
    CPExpended,
    Event,
    TOEPointsLost,
)
from ledger.model.quantities import COMMODITY_NAMES, format_cp
from ledger.model.state import GameState
from ledger.model.units import Side
from ledger.rules.checks import warnings

ATTRITION_CAUSES = frozenset({"stores-attrition", "water-attrition"})
"""``TOEPointsLost`` causes that come of a shortage (51.22, 52.53), not of a fight."""


def warning_of(event: Event) -> str | None:
    """Why ``event`` is a warning for the players, in words ending with its rule case, or
    ``None`` when it is not one.

    - ``CPExpended`` with Disorganization Points: the CP beyond the CPA (6.21, 6.22);
    - ``CohesionAdjusted`` lowering a Cohesion Level (DP for its cause and case);
    - ``ConsumptionPosted`` leaving holders short (the commodity and count; 51.2x, 52.5x);
    - ``TOEPointsLost`` to stores or water attrition (51.22, 52.53);
    - ``BreakdownChecked`` with TOE Strength Points broken down (21.34).
    """
    if isinstance(event, CPExpended) and event.disorganization > 0:
        return (
            f"{format_cp(event.disorganization)} Disorganization Points: CP beyond the "
            "unit's CPA this Operations Stage (6.21, 6.22)"
        )
    if isinstance(event, CohesionAdjusted) and event.change < 0:
        cause = event.cause.replace("-", " ")
        return f"{format_cp(-event.change)} Disorganization Points: {cause} ({event.case})"
    if isinstance(event, ConsumptionPosted) and event.shortages:
        short: dict[str, int] = {}
        for shortage in event.shortages:
            name = COMMODITY_NAMES.get(shortage.commodity, shortage.commodity)
            short[name] = short.get(name, 0) + 1
        counts = ", ".join(f"{n} holder(s) short of {name}" for name, n in short.items())
        return f"{counts} ({event.case})"
    if isinstance(event, TOEPointsLost) and event.cause in ATTRITION_CAUSES:
        lost = sum(points for _, points in event.losses if points > 0)
        return f"{lost} TOE Strength Points lost to {event.cause.replace('-', ' ')} ({event.case})"
    if isinstance(event, BreakdownChecked):
        broken = sum(r.points for r in event.results)
        if broken:
            return f"{broken} TOE Strength Points broken down, awaiting repair (21.34)"
    return None


def new_warnings(before: GameState, after: GameState, side: Side | None = None) -> list[str]:
    """The warnings of ``ledger.rules.checks.warnings`` (of ``side``, or both) that ``after``
    raises and ``before`` did not, worst first: ``"C4218: 1st CCNN Div HQ …, out of ammunition
    — all surrender if close assaulted (15.15)"``. A warning is the same when its check and
    unit are (a unit further over its CPA is not new). ``over-cpa`` is left out: CP beyond the
    CPA come with their Disorganization Points, an entry ``warning_of`` names (6.22)."""
    known = {(w.check, w.unit_id) for w in warnings(before, side)}
    return [
        f"{w.message} ({w.case})"
        for w in warnings(after, side)
        if (w.check, w.unit_id) not in known and w.check != "over-cpa"
    ]
