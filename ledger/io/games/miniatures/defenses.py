"""``dig-in`` and ``minefield`` (2.5) as JSON: who digs and how long, trench line for vehicles;
minefields a path enters and the Area Weapons Chart rolls (docs/games/miniatures.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ledger.charts.figures import Figure
from ledger.games.miniatures.defenses import dig_in, minefield_passage
from ledger.games.miniatures.rulings import MINEFIELD_EDGE, RULINGS
from ledger.io.games import chosen_rulings, validated
from ledger.io.games.miniatures.models import CASES, DigInRequest, MinefieldRequest
from ledger.io.games.miniatures.shaping import in_domain, result


def run_dig_in(data: Any, base: Path) -> dict[str, Any]:
    """``dig-in`` (2.5): ``data`` is the request JSON (``base`` is unused). Returns the result
    JSON with ``dig_in`` (the worked ``DigIn``); ``odds`` is ``{}``. Raises ``RequestError``
    naming the field."""
    req = validated(DigInRequest, data, CASES)
    work = in_domain(
        "frontage_yards" if req.base == "vehicle" else "turns_spent",
        lambda: dig_in(
            req.base,
            req.works,
            turns_spent=req.turns_spent,
            engineer=req.engineer,
            prone=req.prone,
            frontage_yards=req.frontage_yards,
        ),
    )
    if work.trench_line_yards is not None:
        summary = [
            f"A vehicle with {req.frontage_yards} yards of frontage uses "
            f"{work.trench_line_yards} yards of Setup Sheet trench line (2.5)."
        ]
        figures = [Figure("Trench line (yards)", work.trench_line_yards, "2.5", work.reason)]
    elif not work.allowed:
        summary = [f"Cannot dig: {work.reason}."]
        figures = [Figure("Allowed", "no", "2.5", work.reason)]
    else:
        summary = [
            f"{work.works_label}: {work.turns} turns; {work.turns_left} left after "
            f"{work.turns_spent} (2.5)."
        ]
        figures = [
            Figure("Allowed", "yes", "2.5", work.reason),
            Figure("Turns needed", work.turns, "2.5", work.works_label),
            Figure("Turns left", work.turns_left, "2.5", f"after {work.turns_spent} spent"),
            Figure("Counts as moved", "yes", "2.5", "while digging"),
        ]
    return result(summary, figures, {}, [], {}, dig_in=work)


def run_minefield(data: Any, base: Path) -> dict[str, Any]:
    """``minefield`` (2.5): ``data`` is the request JSON (``base`` is unused). Returns the
    result JSON with ``passage`` (the worked ``MinefieldPassage``); ``odds`` is ``{}`` (the Area
    Weapons Chart is not in the text). Raises ``RequestError`` naming the field
    (``minefields[1]`` for a bad distance)."""
    req = validated(MinefieldRequest, data, CASES)
    rulings = chosen_rulings(RULINGS, req.rulings)
    passage = in_domain(
        "minefields",
        lambda: minefield_passage(
            req.bases,
            req.minefields,
            on_cleared_lane=req.on_cleared_lane,
            clearing_stance=req.engineer_clearing,
            edge=rulings[MINEFIELD_EDGE.id],
        ),
    )
    figures = [
        Figure(
            f"Minefield {i + 1}",
            "entered" if inside else "missed",
            "2.5",
            f"closest {yards} yards; radius {passage.radius_yards}",
        )
        for i, (yards, inside) in enumerate(zip(passage.approaches, passage.entered, strict=True))
    ]
    figures.append(
        Figure("Rolls per base", passage.rolls_per_base, "2.5", "Area Weapons Chart, no modifiers")
    )
    figures.append(Figure("Rolls in all", passage.rolls, "2.5", f"{passage.bases} base(s)"))
    if passage.clearing_rate:
        figures.append(
            Figure(
                "Engineer clearing rate",
                passage.clearing_rate,
                "2.5",
                f"{passage.clearing_stance} engineers",
            )
        )
    lane = " (on a cleared lane: no rolls)" if passage.on_cleared_lane else ""
    summary = [
        f"{passage.rolls} Area Weapons Chart roll(s), no modifiers, for {passage.bases} base(s) "
        f"through {sum(passage.entered)} minefield(s){lane} (2.5)."
    ]
    notes = ["The Area Weapons Chart is not in the text: roll it at the table."]
    return result(summary, figures, {}, notes, rulings, passage=passage)
