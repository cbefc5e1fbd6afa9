"""Capability Points and Cohesion: a unit expends CP (6.1-6.3, 8.17), its Cohesion Level is
adjusted (6.2), its TOE corrected by the players (4.52).

Every command returns an ``Outcome`` (``ledger.commands.outcome``): the events to append (when
``errors`` is empty) or every error found (and no events). Nothing is written here;
``ledger.journal`` appends the events.
"""

from __future__ import annotations

from fractions import Fraction

from ledger.commands import toe_attrition
from ledger.commands.outcome import Outcome, refuse
from ledger.model.bounds import CP_OVER_BOUND, CP_PER_COMMAND_MAX
from ledger.model.capability import disorganization_earned
from ledger.model.errors import LedgerError
from ledger.model.events import CohesionAdjusted, CPExpended
from ledger.model.quantities import CP_QUANTUM, format_cp
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.model.units import Unit
from ledger.rules import shortage_status
from ledger.rules.cp_actions import CPAction, cp_actions

COHESION_CEILING = Fraction(10)
"""6.23: no Cohesion Level above +10."""


VOLUNTARY_CEILING = Fraction(3, 2)
"""8.17: a non-motorized unit may not voluntarily expend over 150 % of its CPA."""


NON_MOTORIZED_CPA = 10
"""8.17: non-motorized units are those with a CPA of 10 or less."""


MAY_NOT_MOVE_COHESION = -26
"""6.26: at this Cohesion Level or worse a unit may not move, attack or defend."""


COHESION_CAUSES: dict[str, tuple[Fraction | None, str]] = {
    "victorious-assault": (Fraction(3), "6.24"),
    "assault-losses": (Fraction(-3), "6.21, 15.87"),
    "correction": (None, "6.2"),
}
"""Causes of ``adjust_cohesion``: the fixed change (None: the players give it) and the case."""


def spend_cp(
    state: GameState,
    unit_id: str,
    cp: Fraction | None,
    source: Source,
    action: str = "other",
) -> Outcome:
    """A unit expends Capability Points for a 6.3 ``action`` in the current Operations Stage.

    ``cp`` may be omitted for an action with a fixed cost (``disengage`` costs 4). CP beyond the
    unit's CPA earn Disorganization Points one for one, lowering the Cohesion Level at once
    (6.21, 6.22). Refused: an unknown unit or action, a unit not yet arrived, CP not in whole
    quarter points (8.37) or not matching a fixed cost; moving, attacking or defending at
    Cohesion −26 or worse (6.26); a non-motorized unit going over 150 % of its CPA voluntarily in
    its own portion (8.17) — the last two unless the game's rulings allow them as house rules.
    """
    errors: list[LedgerError] = []
    unit = state.units.get(unit_id)
    chosen = cp_actions().get(action)
    if chosen is None:
        errors.append(
            LedgerError("action", f"no 6.3 action {action!r}; see `quartermaster actions`", "6.3")
        )
    if unit is None:
        errors.append(LedgerError("unit", f"no unit {unit_id!r} in this game"))
    elif not unit.in_play(state.clock):
        assert unit.arrival is not None
        errors.append(
            LedgerError(
                "unit",
                f"{unit.name} arrives {unit.arrival.short}; it is {state.clock.short} now",
                "8.86",
            )
        )
    if chosen is not None:
        cp, problem = _action_cp(chosen, cp)
        if problem:
            errors.append(problem)
    if cp is not None and cp > CP_PER_COMMAND_MAX:
        errors.append(LedgerError("CP", f"{format_cp(cp)}: {CP_OVER_BOUND}"))
    cpa = state.cpa(unit) if unit is not None else None
    if unit is not None and cpa is None:
        errors.append(
            LedgerError(
                "unit",
                f"{unit.name} has no CPA in the scenario data, so its DP cannot be computed",
                "6.11",
            )
        )
    if errors or unit is None or cpa is None or cp is None or chosen is None:
        return refuse(*errors)
    errors += _cp_restrictions(state, unit, chosen, cp, cpa)
    if errors:
        return refuse(*errors)
    dp = disorganization_earned(unit.cp_expended, cp, cpa)
    return Outcome(events=(CPExpended(source, unit_id, cp, dp, chosen.id),))


def _action_cp(action: CPAction, cp: Fraction | None) -> tuple[Fraction | None, LedgerError | None]:
    if cp is None:
        if action.cost is None:
            return None, LedgerError(
                "cp", f"{action.label}: give the CP expended (the cost varies)", action.case
            )
        return action.cost, None
    if action.cost is not None and cp != action.cost:
        return None, LedgerError(
            "cp",
            f"{action.label} costs {format_cp(action.cost)} CP, {format_cp(cp)} given",
            action.case,
        )
    if cp < 0 or (cp == 0 and action.cost != 0):
        return None, LedgerError(
            "cp", f"expected a positive number of CP, found {format_cp(cp)}", "6.12"
        )
    if cp % CP_QUANTUM:
        return None, LedgerError("cp", f"{cp} is not in whole quarter points", "8.37")
    return cp, None


def _cp_restrictions(
    state: GameState, unit: Unit, action: CPAction, cp: Fraction, cpa: int
) -> list[LedgerError]:
    errors: list[LedgerError] = []
    if (
        action.kind in ("movement", "attack", "defend")
        and unit.cohesion <= MAY_NOT_MOVE_COHESION
        and state.ruling("6.26-cohesion-minus-26") == "enforce"
    ):
        errors.append(
            LedgerError(
                "action",
                f"{unit.name} is at Cohesion Level {format_cp(unit.cohesion)}: at −26 or worse it may "
                f"not move, attack or defend ({action.label})",
                "6.26",
            )
        )
    errors += shortage_status.cp_restrictions(state, unit, action, cp, cpa)
    ceiling = cpa * VOLUNTARY_CEILING
    total = unit.cp_expended + cp
    if (
        action.portion == "own"
        and cpa <= NON_MOTORIZED_CPA
        and total > ceiling
        and state.ruling("8.17-voluntary-ceiling") == "enforce"
    ):
        errors.append(
            LedgerError(
                "cp",
                f"{unit.name} (non-motorized, CPA {cpa}) may expend at most {format_cp(ceiling)} CP "
                f"voluntarily in its own portion; {format_cp(unit.cp_expended)} + {format_cp(cp)} = "
                f"{format_cp(total)}, {format_cp(total - ceiling)} over",
                "8.17",
            )
        )
    return errors


def adjust_cohesion(
    state: GameState, unit_id: str, cause: str, source: Source, change: Fraction | None = None
) -> Outcome:
    """Change a unit's Cohesion Level for ``cause`` (see ``COHESION_CAUSES``).

    ``victorious-assault`` +3 RP (6.24.2), ``assault-losses`` 3 DP (6.21, 15.87); ``correction``
    takes ``change`` (quarter points, not 0). RP never raise the level above +10 (6.23): the
    event records the change actually applied. Refused: unknown unit or cause, a missing or
    extra ``change``, a change that would do nothing.
    """
    unit = state.units.get(unit_id)
    if unit is None:
        return refuse(LedgerError("unit", f"no unit {unit_id!r} in this game"))
    if cause not in COHESION_CAUSES:
        return refuse(
            LedgerError("cause", f"expected one of {', '.join(COHESION_CAUSES)}, found {cause!r}")
        )
    fixed, case = COHESION_CAUSES[cause]
    if fixed is not None and change is not None and change != fixed:
        return refuse(
            LedgerError("change", f"{cause} is {format_cp(fixed)}, {format_cp(change)} given", case)
        )
    amount = fixed if fixed is not None else change
    if amount is None or amount == 0 or amount % CP_QUANTUM:
        return refuse(LedgerError("change", "give a change in whole quarter points, not 0", case))
    if amount > 0:
        amount = min(amount, COHESION_CEILING - unit.cohesion)
        if amount <= 0:
            return refuse(
                LedgerError(
                    "change",
                    f"{unit.name} is at Cohesion Level {format_cp(unit.cohesion)}: never above +10",
                    "6.23",
                )
            )
    return Outcome(events=(CohesionAdjusted(source, unit_id, amount, cause, case),))


def correct_toe(
    state: GameState, unit_id: str, system: str, change: int, source: Source
) -> Outcome:
    """Correct a unit's TOE by ``change`` TOE Strength Points of weapon system ``system``
    (negative: lost, positive: given back), e.g. when the owner takes a 51.22 loss the ledger
    proposed from another unit of the hex. Refused: unknown unit or system, 0, a holding
    below 0 (``toe_attrition.toe_correction``)."""
    event = toe_attrition.toe_correction(state, unit_id, system, change, source)
    if isinstance(event, LedgerError):
        return refuse(event)
    return Outcome(events=(event,))
