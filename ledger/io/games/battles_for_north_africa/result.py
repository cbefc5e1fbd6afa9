"""The ``result`` calculation: what a result code does to each listed unit, in the reduction
order of Combat Phase ¶15 (Combat Phase ¶7-¶16, Retreat ¶3-¶4, Advance after Combat ¶1-¶2)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ledger.charts.figures import to_json
from ledger.games.battles_for_north_africa import rulings as R
from ledger.games.battles_for_north_africa.results import (
    ResultApplication,
    apply_result,
    explanation_table,
)
from ledger.io.games.battles_for_north_africa.models import FIELD_CASES, ResultRequest
from ledger.io.games.battles_for_north_africa.problems import Problems
from ledger.io.games.battles_for_north_africa.shaping import figure


def run_result(data: Any, base: Path) -> dict[str, Any]:
    """The ``result`` calculation on request ``data`` (docs/games/bfna.md; ``base`` is unused:
    it names no file). Returns the result JSON (summary, figures, odds ``{}``, notes, outcomes,
    reduction_order, advance, explanation, rulings). Raises ``RequestError`` with every problem
    of the request and its rulings at once (an unknown code or unit type, a unit whose marks
    contradict its type, steps instead of retreat where Retreat ¶4 does not allow them)."""
    problems = Problems()
    req = problems.validate(ResultRequest, data, FIELD_CASES)
    chosen = problems.rulings(R.RULINGS, data)
    problems.check()
    assert req is not None  # problems.check() raised otherwise
    applied = apply_result(
        req.code,
        [u.to_unit() for u in req.attackers],
        [u.to_unit() for u in req.defenders],
        table=req.table or "",
        fortification=req.fortification,
        through_minefields=req.through_minefields,
        steps_instead_of_retreat=req.steps_instead_of_retreat,
        by_af_in_every_group=chosen[R.REDUCTION_AF.id] == "every-group",
        attacker_same_order=chosen[R.OWN_REDUCTIONS.id] == "same-order",
    )
    return result_json(applied, chosen)


def result_json(applied: ResultApplication, chosen: dict[str, str]) -> dict[str, Any]:
    """``applied`` as the ``result`` result JSON (docs/games/bfna.md, "Result")."""
    m = applied.meaning
    summary = [f"{m.code}: {m.meaning} ({m.case})"]
    figures = []
    for o in applied.outcomes:
        if o.removed:
            fate = "removed"
        elif o.retreat:
            fate = f"retreats {o.retreat} hexes"
        else:
            fate = "stays"
        if o.steps_taken:
            fate = f"{o.steps_taken} step(s), {fate}"
        summary.append(f"{o.side} {o.unit}: {fate}")
        figures.append(
            figure(f"{o.side}: {o.unit}", fate, m.case, "; ".join(o.effects) or "no effect")
        )
    if applied.advance:
        summary.append(
            f"The defending hex is empty: the attackers may advance {applied.advance} hex(es)."
        )
    notes = list(applied.notes)
    for side, steps in applied.unabsorbed.items():
        notes.append(f"{steps} {side} step(s) had no unit left to take them")
    return {
        "summary": summary,
        "figures": figures,
        "odds": {},
        "notes": notes,
        "outcomes": to_json(applied.outcomes),
        "reduction_order": {
            "attacker": list(applied.attacker_order),
            "defender": list(applied.defender_order),
        },
        "advance": applied.advance,
        "explanation": to_json(explanation_table()),
        "rulings": dict(chosen),
    }
