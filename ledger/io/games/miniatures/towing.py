"""``towing`` (2.4) as JSON: limber, unlimber and set-up times by gun class, the fire verdict of
each turn until the gun fires at full effect, and the towing vehicle's move
(docs/games/miniatures.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ledger.charts.figures import Figure
from ledger.games.miniatures.rulings import (
    FIRE_BEFORE_LIMBERING,
    MOVED_TIME,
    RULINGS,
    TOWING_MOVE,
)
from ledger.games.miniatures.towing import (
    Deployment,
    GunSize,
    Limbering,
    TurnPlan,
    deployment,
    limbering,
)
from ledger.io.games import chosen_rulings, validated
from ledger.io.games.miniatures.models import CASES, TowingRequest
from ledger.io.games.miniatures.shaping import fraction, in_domain, result, share

FIRE_WORDS = {
    "no": "may not fire",
    "moved": "fires with the Moved modifier",
    "full": "fires at full effect",
}
"""The fire verdicts (``ledger.games.miniatures.towing.Fire``) as a player reads them."""


def run_towing(data: Any, base: Path) -> dict[str, Any]:
    """``towing`` (2.4): ``data`` is the request JSON (``base`` is unused). Returns the result
    JSON with ``deployment`` (unlimber) or ``limbering`` (limber); ``odds`` is ``{}``. Raises
    ``RequestError`` naming the field."""
    req = validated(TowingRequest, data, CASES)
    rulings = chosen_rulings(RULINGS, req.rulings)
    if req.action == "unlimber":
        plan = in_domain(
            "vehicle_moved_before",
            lambda: deployment(req.gun_class, req.vehicle_moved_before, rulings[MOVED_TIME.id]),
        )
        return _unlimber_result(plan, req, rulings)
    limber = in_domain(
        "vehicle_moved_before",
        lambda: limbering(
            req.gun_class,
            req.vehicle_moved_before,
            max_move_yards=req.max_move_yards,
            moves_after=True if req.moves_after is None else req.moves_after,
            german_88_flak=req.german_88_flak,
            towing_move=rulings[TOWING_MOVE.id],
            fire_before=rulings[FIRE_BEFORE_LIMBERING.id],
        ),
    )
    return _limber_result(limber, rulings)


def _size_figures(gun_class: int, size: GunSize) -> list[Figure]:
    return [
        Figure("Gun class", gun_class, "2.4", f"{size.label} ({size.classes})"),
        Figure("Limber cost", share(size.limber), "2.4", "turns of the vehicle's movement"),
        Figure("Unlimber cost", share(size.unlimber), "2.4", "turns of the vehicle's movement"),
        Figure("Set-up time", share(size.set_up), "2.4", "turns, by the crew"),
    ]


def _turn_figure(t: TurnPlan) -> Figure:
    spent = (
        ("towed", t.towed),
        ("unlimbering", t.unlimbering),
        ("setting up", t.setting_up),
        ("ready", t.ready),
    )
    parts = [f"{label} {share(v)}" for label, v in spent if v]
    return Figure(f"Turn {t.turn}", FIRE_WORDS[t.fire], "2.4", f"{', '.join(parts)}; {t.reason}")


def _unlimber_result(
    plan: Deployment, req: TowingRequest, rulings: dict[str, str]
) -> dict[str, Any]:
    figures = _size_figures(plan.gun_class, plan.size)
    figures.append(
        Figure("Towed before stopping", share(plan.towed_before), "2.4", "share of turn 1")
    )
    figures += [_turn_figure(t) for t in plan.turns]
    first = plan.turns[plan.first_fire - 1]
    if first.fire == "full":
        when = f"first fires in turn {plan.first_fire}, at full effect"
    else:
        when = (
            f"first fires in turn {plan.first_fire} with the Moved modifier; full effect from "
            f"turn {plan.full_effect}"
        )
    summary = [f"Gun class {plan.gun_class} ({plan.size.label}): {when} (2.4)."]
    notes = [
        "Moved-modifier time counted by ruling miniatures-moved-modifier-time: "
        f"{rulings[MOVED_TIME.id]}."
    ]
    ignored = [name for name in ("max_move_yards", "moves_after") if getattr(req, name) is not None]
    if ignored:
        notes.append(f"{' and '.join(ignored)} only count when limbering; not used here.")
    if req.german_88_flak:
        notes.append(
            "The German 88 flak may also fire limbered while stationary, with the Moved "
            "modifier (2.4)."
        )
    return result(summary, figures, {}, notes, rulings, deployment=plan)


def _limber_result(limber: Limbering, rulings: dict[str, str]) -> dict[str, Any]:
    figures = _size_figures(limber.gun_class, limber.size)
    figures.append(Figure("Turn used before limbering", share(limber.before), "2.4", ""))
    figures.append(Figure("Turn left after limbering", share(limber.left), "2.4", ""))
    figures.append(
        Figure(
            "Towing rate",
            fraction(limber.towing_rate),
            "2.4",
            f"of the maximum move; terrain penalties x{limber.terrain_factor}",
        )
    )
    if limber.towing_yards is not None:
        figures.append(
            Figure(
                "Towing move left (yards)",
                limber.towing_yards,
                "2.4",
                f"ruling miniatures-towing-move-left: {rulings[TOWING_MOVE.id]}",
            )
        )
    figures.append(
        Figure(
            "Fire this turn", FIRE_WORDS[limber.fire_this_turn], "2.4", limber.fire_this_turn_reason
        )
    )
    figures.append(
        Figure(
            "Fire while limbered",
            FIRE_WORDS[limber.fire_while_limbered],
            "2.4",
            limber.fire_while_limbered_reason,
        )
    )
    tow = (
        ""
        if limber.towing_yards is None
        else f"; may tow {fraction(limber.towing_yards)} yards more this turn"
    )
    now, later = FIRE_WORDS[limber.fire_this_turn], FIRE_WORDS[limber.fire_while_limbered]
    if now == later:
        fire = f"the gun {now} this turn or while limbered"
    else:
        fire = f"this turn the gun {now}, and while limbered it {later}"
    summary = [
        f"Limbering a class {limber.gun_class} ({limber.size.label}) gun costs the vehicle "
        f"{share(limber.cost)} of a turn{tow}; {fire} (2.4)."
    ]
    return result(summary, figures, {}, [], rulings, limbering=limber)
