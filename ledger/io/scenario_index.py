"""The bundled scenarios as a player chooses one (``quartermaster scenarios``, the dashboard's
New game page): each file's id, name, rule case, Game-Turns, the booklet's estimate of the
playing time, its counters (at the start and arriving later) and its own named rulings with
their defaults; and the named rulings a game made from it may set (the ledger's own,
``ledger.model.rulings``, then the scenario's).
"""

from __future__ import annotations

from ledger.charts.ruling import Ruling
from ledger.io.scenario import ScenarioError, bundled_scenarios, load_scenario
from ledger.model.rulings import RULINGS
from ledger.model.scenario import Setup


def scenario_rows() -> list[dict[str, object]]:
    """One row per bundled scenario, in file order: ``{"id", "name", "case", "game_turns"
    ("GT 1 OpStage 1 – GT 6 OpStage 3", 60.22), "turns" (how many Game-Turns, 6), "hours"
    (the booklet's estimate as printed, "25-50"; "" when the file gives none), "counters" (all
    units), "at_start", "arriving" (units with a later arrival, 4.43), "withdrawals" (counters
    scheduled to leave, 20.8), "rulings" (the scenario's own, ``[{"id", "default"}]``), "file"}``.
    A file that does not load is listed with its first problem as its name and no case, so the
    list never fails."""
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
                    "turns": 0,
                    "hours": "",
                    "counters": 0,
                    "at_start": 0,
                    "arriving": 0,
                    "withdrawals": 0,
                    "rulings": [],
                    "file": str(path),
                }
            )
            continue
        info = setup.info
        arriving = sum(1 for u in setup.units if u.arrival is not None)
        rows.append(
            {
                "id": scenario_id,
                "name": info.name,
                "case": info.case,
                "game_turns": f"{info.start.short} – {info.end.short}",
                "turns": info.end.game_turn - info.start.game_turn + 1,
                "hours": info.hours,
                "counters": len(setup.units),
                "at_start": len(setup.units) - arriving,
                "arriving": arriving,
                "withdrawals": sum(len(w.units) for w in setup.schedule.withdrawals),
                "rulings": [{"id": r.id, "default": r.default} for r in setup.rulings],
                "file": str(path),
            }
        )
    return rows


def scenario_text(row: dict[str, object]) -> list[str]:
    """A row of ``scenario_rows`` as the lines a player reads: the title, then Game-Turns and
    hours, counters, and one line per ruling (``id: default``)::

        graziani — Graziani's Offensive (60.22)
          GT 1 OpStage 1 – GT 6 OpStage 3: 6 Game-Turns, 25-50 hours (booklet estimate)
          306 counters: 285 at the start, 21 arriving
          rulings (default): toe-attrition-posting: notes-only
    """
    if not row["case"]:
        return [f"{row['id']} — {row['name']}"]
    hours = f", {row['hours']} hours (booklet estimate)" if row["hours"] else ""
    counters = f"  {row['counters']} counters: {row['at_start']} at the start"
    if row["arriving"]:
        counters += f", {row['arriving']} arriving"
    if row["withdrawals"]:
        counters += f", {row['withdrawals']} to be withdrawn"
    lines = [
        f"{row['id']} — {row['name']} ({row['case']})",
        f"  {row['game_turns']}: {row['turns']} Game-Turn{'' if row['turns'] == 1 else 's'}{hours}",
        counters,
    ]
    rulings = row["rulings"]
    if isinstance(rulings, list) and rulings:
        lines.append("  rulings (default):")
        lines += [f"    {r['id']}: {r['default']}" for r in rulings]
    return lines


def game_rulings(setup: Setup) -> tuple[Ruling, ...]:
    """The named rulings a game of ``setup`` has, each with its options and default, one per
    id: the scenario's own first, then the ledger's (``RULINGS``); a scenario's ruling of the
    same id as the ledger's stands in its place, as ``create_game`` checks a game's
    ``--ruling ID=OPTION`` choices against it."""
    own = {r.id for r in setup.rulings}
    return (*setup.rulings, *(r for r in RULINGS if r.id not in own))
