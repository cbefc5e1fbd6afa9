"""The ``combat`` calculation: a Battles for North Africa combat's odds, CRT and drm stack and,
with the player's CRT loaded, the exact odds of every result code (Combat Phase ¶3-¶14)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ledger.charts.figures import to_json
from ledger.charts.odds import OddsTooLow
from ledger.games.battles_for_north_africa import rulings as R
from ledger.games.battles_for_north_africa.combat import CombatOdds, CombatSetup, work_out_combat
from ledger.games.battles_for_north_africa.strength import SetupError, StrengthLine
from ledger.games.battles_for_north_africa.terrain import hex_terrain
from ledger.io.combat_request import RequestError
from ledger.io.games import case_in
from ledger.io.games.battles_for_north_africa.crt_csv import load_crt
from ledger.io.games.battles_for_north_africa.models import FIELD_CASES, CombatRequest
from ledger.io.games.battles_for_north_africa.problems import Problems, text_field
from ledger.io.games.battles_for_north_africa.shaping import figure, number, ratio_text
from ledger.model.errors import LedgerError


def run_combat(data: Any, base: Path) -> dict[str, Any]:
    """The ``combat`` calculation on request ``data`` (docs/games/bfna.md), the CRT file named
    relative to ``base``. Returns the result JSON (summary, figures, odds, notes, attack,
    defense, column, table, drms, drm, crt, rulings).

    Raises ``RequestError`` with every problem of the request, the rulings and the CRT file
    at once; then, for a valid request, every problem of the combat's setup (units that may not
    attack, support the hex refuses: ``SetupError``) or the one problem of the CRT choice or
    the odds (below the table under ruling ``bfna-odds-below-table=refuse``).
    """
    problems = Problems()
    req = problems.validate(CombatRequest, data, FIELD_CASES)
    chosen = problems.rulings(R.RULINGS, data)
    tables = problems.attempt(
        lambda: load_crt(base, text_field(data, "crt"), text_field(data, "crt_csv"))
    )
    problems.check()
    assert req is not None  # problems.check() raised otherwise
    try:
        worked = work_out_combat(_setup(req), tables, chosen)
    except OddsTooLow as exc:
        raise RequestError([LedgerError("attackers", str(exc), case_in(str(exc)))]) from exc
    except SetupError as exc:
        raise RequestError(
            [
                LedgerError("crt_csv" if f == "crt" and req.crt is None else f, m, case_in(m))
                for f, m in exc.problems
            ]
        ) from exc
    return combat_json(worked, chosen, req.crt or ("inline CSV" if req.crt_csv else ""))


def _setup(req: CombatRequest) -> CombatSetup:
    """The domain's setup from a validated request (its validators built each value once)."""
    return CombatSetup(
        attackers=tuple(u.to_unit() for u in req.attackers),
        defenders=tuple(u.to_unit() for u in req.defenders),
        terrain=hex_terrain(req.terrain),
        fortification=req.fortification,
        terrain_drm=req.terrain_drm,
        offensive_fire=tuple(s.to_support() for s in req.offensive_fire),
        defensive_fire=tuple(s.to_support() for s in req.defensive_fire),
        close_attack=tuple(req.close_attack),
        close_defense=tuple(req.close_defense),
        stukas=req.stukas,
        initiative_failure=req.initiative_failure,
        table=req.table,
    )


def combat_json(worked: CombatOdds, chosen: Mapping[str, str], crt_name: str) -> dict[str, Any]:
    """``worked`` as the ``combat`` result JSON (docs/games/bfna.md, "Result"); ``crt_name``
    names the CRT file loaded ("inline CSV" for ``crt_csv``, "" for none)."""
    t = worked.totals
    table = worked.choice.table.capitalize()
    column = worked.column
    where = f"column {column.column}" if column else "no column"
    summary = [
        f"{table} CRT, {where} (odds {ratio_text(t.attack, t.defense)}), drm {worked.drm:+d}"
    ]
    if worked.choice.may_choose_assault and worked.choice.table == "mobile":
        summary.append(
            "Armor attacks at 3-2 or better: you may ask for the Assault CRT instead "
            '("table": "assault").'
        )
    if column is None and not t.defense:
        summary.append("No defender has a DF: they are eliminated, no die is rolled.")
    elif worked.results:
        summary.append(
            f"{table} CRT {column.column if column else ''} results: "
            + ", ".join(f"{code} {number(p)}" for code, p in worked.results.items())
        )
    else:
        summary.append("No CRT loaded: load your game's CRT CSV for the odds of each result.")
    figures = [
        *_strength_figures(t.attack_lines, "attack"),
        *_strength_figures(t.defense_lines, "defense"),
    ]
    for name, value, case in (
        ("offensive fire support (BF)", t.offensive_fire, "Artillery Units ¶3"),
        ("close attack support", t.close_attack, "Air Missions ¶4"),
        ("defensive fire support (FPF)", t.defensive_fire, "Artillery Units ¶5"),
        ("close defense support", t.close_defense, "Air Missions ¶3"),
    ):
        if value:
            figures.append(figure(name, value, case, "added to the side's total"))
    figures.append(figure("total attack", t.attack, "Combat Phase ¶4", "AF + BF + support"))
    figures.append(figure("total defense", t.defense, "Combat Phase ¶4", "DF + FPF + support"))
    if column is not None:
        figures.append(figure("odds column", column.column, "Combat Phase ¶4", column.note))
    figures.append(
        figure("CRT", worked.choice.table, "Combat Phase ¶5", "; ".join(worked.choice.reasons))
    )
    for d in worked.drms:
        figures.append(figure(f"drm: {d.name}", f"{d.value:+d}", d.case, d.note))
    figures.append(figure("drm total", f"{worked.drm:+d}", "Combat Phase ¶6", "the terms added"))
    odds: dict[str, Any] = {}
    if worked.results:
        odds["result"] = to_json(worked.results)
        odds["final die roll"] = to_json(worked.final_rolls)
    return {
        "summary": summary,
        "figures": figures,
        "odds": odds,
        "notes": list(worked.notes),
        "attack": to_json(t.attack),
        "defense": to_json(t.defense),
        "column": to_json(column) if column else None,
        "table": to_json(worked.choice),
        "drms": to_json(worked.drms),
        "drm": worked.drm,
        "crt": {"loaded": bool(crt_name), "file": crt_name, "table": worked.crt},
        "rulings": dict(chosen),
    }


def _strength_figures(lines: Sequence[StrengthLine], side: str) -> list[dict[str, Any]]:
    out = []
    for line in lines:
        note = "; ".join(line.steps) or "as printed"
        case = "Combat Phase ¶3-¶4" if line.steps else "Combat Phase ¶4"
        out.append(
            figure(f"{side}: {line.unit} ({line.factor} {line.printed})", line.value, case, note)
        )
    return out
