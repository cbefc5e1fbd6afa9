"""``command-test`` (2.1) as JSON: the modifiers, the player's chart value, the die roll needed
and the exact chance to pass (docs/games/miniatures.md)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

from ledger.charts.figures import Figure
from ledger.games.miniatures.command import CommandTest, command_test, modifier_problems
from ledger.games.miniatures.rulings import CONSECUTIVE_ASSAULT, RULINGS
from ledger.io.combat_request import RequestError
from ledger.io.games import chosen_rulings, validated
from ledger.io.games.miniatures.models import CASES, CommandTestRequest
from ledger.io.games.miniatures.shaping import chance, in_domain, result
from ledger.io.games.miniatures.tables import COMMAND_COLUMNS, command_chart_from, load_csv
from ledger.model.errors import LedgerError

NO_CHART_NOTE = (
    "The text does not print the Command Chart: load yours as CSV (command_chart or "
    "command_chart_csv; template templates/games/miniatures-command-chart.csv)."
)


def run_command_test(data: Any, base: Path) -> dict[str, Any]:
    """``command-test`` (2.1): ``data`` is the request JSON, ``base`` the folder a
    ``command_chart`` file name is relative to. Returns the result JSON: the figures, odds
    ``modified roll`` (die + modifier → chance) and, with a chart, ``command test`` (pass /
    fail), and ``test`` (the worked ``CommandTest``). Raises ``RequestError`` naming the field
    (``modifiers.<name>`` for a bad modifier; the file, row and column for a bad chart)."""
    req = validated(CommandTestRequest, data, CASES)
    rulings = chosen_rulings(RULINGS, req.rulings)
    problems = modifier_problems(req.modifiers)
    if problems:
        raise RequestError([LedgerError(f"modifiers.{p.name}", p.message, "2.1") for p in problems])
    table = load_csv(
        base,
        req.command_chart,
        req.command_chart_csv,
        ("command_chart", "command_chart_csv"),
        COMMAND_COLUMNS,
        "2.1",
    )
    chart = command_chart_from(table) if table is not None else None
    test = in_domain(
        "training",
        lambda: command_test(
            req.declared, req.modifiers, chart, req.training, rulings[CONSECUTIVE_ASSAULT.id]
        ),
    )
    if test.declared == "go-prone":
        return result(
            ["Going prone needs no command test (2.1)."],
            [Figure("Declared", "go prone", "2.1", "no die is rolled")],
            {},
            [],
            rulings,
            test=test,
        )
    column = test.declared.capitalize()
    figures = [Figure("Declared column", column, "2.1", "declared before the roll")]
    figures += [
        Figure(m.name, m.points, m.case, f"{m.times} x; {m.note}" if m.times > 1 else m.note)
        for m in test.modifiers
    ]
    figures.append(Figure("Modifier in all", f"{test.modifier:+d}", "2.1", "added to the die"))
    notes = []
    skipped = rulings[CONSECUTIVE_ASSAULT.id] == "assault-only"
    if test.declared == "maneuver" and req.modifiers.get("consecutive_assault_moves") and skipped:
        notes.append(
            "Consecutive assault moves are left out of a Maneuver test "
            "(ruling miniatures-consecutive-assault-column: assault-only)."
        )
    odds: dict[str, dict[str, Fraction]] = {
        "modified roll": {str(t): p for t, p in test.modified_roll_odds.items()}
    }
    if test.chart_value is None:
        summary = [
            f"{column} test: the die is modified by {test.modifier:+d}; no Command Chart is "
            "loaded, so the value to reach is unknown (2.1)."
        ]
        if req.training:
            notes.append(f"Training {req.training!r} is looked up only once a chart is loaded.")
        notes.append(NO_CHART_NOTE)
        return result(summary, figures, odds, notes, rulings, test=test)
    source = chart.source if chart else ""
    return _with_chart(test, column, source, figures, odds, notes, rulings)


def _needed_text(test: CommandTest) -> str:
    if test.needed_roll is None:
        return "no roll passes"
    if test.needed_roll <= 1:
        return "every roll passes"
    return f"{test.needed_roll}+ on the die"


def _with_chart(
    test: CommandTest,
    column: str,
    source: str,
    figures: list[Figure],
    odds: dict[str, dict[str, Fraction]],
    notes: list[str],
    rulings: dict[str, str],
) -> dict[str, Any]:
    """The result of a test against a chart value: the roll needed and the pass chance."""
    figures.append(
        Figure(
            "Chart value",
            test.chart_value or 0,
            "2.1",
            f"training {test.training}, {column} column of {source}",
        )
    )
    passes = test.pass_chance or Fraction(0)
    needed = _needed_text(test)
    figures.append(
        Figure(
            "Die roll needed",
            needed,
            "2.1",
            f"chart value {test.chart_value} less the modifier {test.modifier:+d}",
        )
    )
    figures.append(Figure("Chance to pass", passes, "2.1", "exact, one six-sided die"))
    odds["command test"] = {k: p for k, p in (("pass", passes), ("fail", 1 - passes)) if p}
    summary = [
        f"{column} test for {test.training}: {needed} (need {test.chart_value}, modifier "
        f"{test.modifier:+d}); chance to pass {chance(passes)} (2.1)."
    ]
    return result(summary, figures, odds, notes, rulings, test=test)
