"""The bundled scenarios as a player chooses one (``quartermaster scenarios``, the dashboard's
New game page): each file's id, name, rule case and Game-Turns, and the named rulings a game
made from it may set (the ledger's own, ``ledger.model.rulings``, then the scenario's).
"""

from __future__ import annotations

from ledger.charts.ruling import Ruling
from ledger.io.scenario import ScenarioError, bundled_scenarios, load_scenario
from ledger.model.rulings import RULINGS
from ledger.model.scenario import Setup


def scenario_rows() -> list[dict[str, object]]:
    """One row per bundled scenario, in file order: ``{"id", "name", "case", "game_turns"
    ("GT 1 OpStage 1 – GT 6 OpStage 3", 60.22), "counters", "file"}``. A file that does not
    load is listed with its first problem as its name and no case, so the list never fails."""
    rows: list[dict[str, object]] = []
    for scenario_id, path in bundled_scenarios().items():
        try:
            setup = load_scenario(path)
        except ScenarioError as exc:
            first = str(exc.errors[0]) if exc.errors else "cannot be read"
            rows.append(
                {
                    "id": scenario_id,
                    "name": f"(refused: {first})",
                    "case": "",
                    "game_turns": "",
                    "counters": 0,
                    "file": str(path),
                }
            )
            continue
        info = setup.info
        rows.append(
            {
                "id": scenario_id,
                "name": info.name,
                "case": info.case,
                "game_turns": f"{info.start.short} – {info.end.short}",
                "counters": len(setup.units),
                "file": str(path),
            }
        )
    return rows


def game_rulings(setup: Setup) -> tuple[Ruling, ...]:
    """The named rulings a game of ``setup`` has, each with its options and default, one per
    id: the scenario's own first, then the ledger's (``RULINGS``); a scenario's ruling of the
    same id as the ledger's stands in its place, as ``create_game`` checks a game's
    ``--ruling ID=OPTION`` choices against it."""
    own = {r.id for r in setup.rulings}
    return (*setup.rulings, *(r for r in RULINGS if r.id not in own))
