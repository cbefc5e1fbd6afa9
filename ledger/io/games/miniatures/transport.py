"""``transport``, ``riders`` (2.4) and ``cavalry`` (2.2) as JSON: what getting on or off a
vehicle or a horse costs, who may ride and fire, and what a dismounted cavalry unit puts down
(docs/games/miniatures.md). No dice: ``odds`` is ``{}``."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

from ledger.charts.figures import Figure
from ledger.games.miniatures.rulings import RIDER_FIRE, RULINGS
from ledger.games.miniatures.transport import (
    FireFromVehicle,
    cavalry_mount,
    passenger_move,
    rider_check,
)
from ledger.io.games import chosen_rulings, validated
from ledger.io.games.miniatures.models import (
    CASES,
    CAVALRY_CASES,
    CavalryRequest,
    RidersRequest,
    TransportRequest,
)
from ledger.io.games.miniatures.shaping import fraction, in_domain, result

FIRE_WORDS = {"no": "may not fire", "moved": "fires with the moving modifier"}
"""``FireFromVehicle.fire`` as a player reads it."""


def _fire_figure(fire: FireFromVehicle) -> Figure:
    return Figure("Fire from the vehicle", FIRE_WORDS[fire.fire], "2.4", fire.reason)


def _left_figure(name: str, left: Fraction | None, full: int | None, case: str) -> list[Figure]:
    if left is None:
        return []
    return [Figure(f"{name} left (yards)", left, case, f"of {full} yards")]


def run_transport(data: Any, base: Path) -> dict[str, Any]:
    """``transport`` (2.4): infantry getting in or out of a vehicle. ``data`` is the request
    JSON (``base`` is unused). Returns the result JSON with ``passengers`` (the worked
    ``PassengerMove``). Raises ``RequestError`` naming the field."""
    req = validated(TransportRequest, data, CASES)
    move = in_domain(
        "infantry_move_yards",
        lambda: passenger_move(
            req.carrier,
            req.stand,
            infantry_move_yards=req.infantry_move_yards,
            vehicle_move_yards=req.vehicle_move_yards,
        ),
    )
    figures = [
        Figure("Infantry pays", f"{fraction(move.infantry_share)} of its move", "2.4", ""),
        Figure("Vehicle pays", f"{fraction(move.vehicle_share)} of its move", "2.4", ""),
        *_left_figure("Infantry move", move.infantry_yards_left, req.infantry_move_yards, "2.4"),
        *_left_figure("Vehicle move", move.vehicle_yards_left, req.vehicle_move_yards, "2.4"),
        _fire_figure(move.fire),
    ]
    summary = [
        f"Getting in or out costs the infantry {fraction(move.infantry_share)} and the vehicle "
        f"{fraction(move.vehicle_share)} of their move; carried, the stand "
        f"{FIRE_WORDS[move.fire.fire]} (2.4)."
    ]
    notes = [
        "Carried stands share the vehicle's fate: if it is damaged or destroyed, so are they (2.4)."
    ]
    return result(summary, figures, {}, notes, {}, passengers=move)


def run_riders(data: Any, base: Path) -> dict[str, Any]:
    """``riders`` (2.4): infantry riding on a tank's hull. ``data`` is the request JSON
    (``base`` is unused). Returns the result JSON with ``riders`` (the worked ``RiderCheck``).
    Raises ``RequestError`` naming the field."""
    req = validated(RidersRequest, data, CASES)
    rulings = chosen_rulings(RULINGS, req.rulings)
    check = in_domain(
        "stands",
        lambda: rider_check(
            req.carrier,
            russian_infantry=req.russian_infantry,
            year=req.year,
            stands=req.stands,
            stand=req.stand,
            entering=req.entering,
            infantry_move_yards=req.infantry_move_yards,
            vehicle_move_yards=req.vehicle_move_yards,
            rider_fire=rulings[RIDER_FIRE.id],
        ),
    )
    who = "Russian infantry" if req.russian_infantry else "Non-Russian infantry"
    figures = [
        Figure(
            "Allowed",
            "yes" if check.allowed else "no",
            "2.4",
            "; ".join(check.reasons) or "carrier, year and terrain allow riders",
        ),
        Figure("Riders from", check.first_year, "2.4", f"{who}; game set in {req.year}"),
        Figure(
            "Vehicles needed",
            check.vehicles_needed,
            "2.4",
            f"{check.stands_per_vehicle} stand per vehicle, {check.stands} stand(s)",
        ),
        Figure("Infantry pays (yards)", check.infantry_yards, "2.4", "to get on or off"),
        Figure(
            "Vehicle pays (yards)", check.vehicle_yards, "2.4", "for the riders to get on or off"
        ),
        *_left_figure("Infantry move", check.infantry_yards_left, req.infantry_move_yards, "2.4"),
        *_left_figure("Vehicle move", check.vehicle_yards_left, req.vehicle_move_yards, "2.4"),
        _fire_figure(check.fire),
        Figure(
            "If immobilized in combat",
            f"{check.immobilized_rolls} Area Weapons Chart attack(s)",
            "2.4",
            "one per rider stand; survivors get off beside the tank at no cost",
        ),
    ]
    if check.allowed:
        summary = [
            f"{who} may ride: {check.stands} stand(s) on {check.vehicles_needed} vehicle(s); "
            f"getting on or off costs the infantry {check.infantry_yards} yards and the vehicle "
            f"{check.vehicle_yards} yards (2.4)."
        ]
    else:
        summary = [f"{who} may not ride: {'; '.join(check.reasons)}."]
    notes = [
        "Riders share the vehicle's fate (2.4); the Area Weapons Chart is not in the text.",
        f"Firing from the vehicle by ruling miniatures-rider-fire: {rulings[RIDER_FIRE.id]}.",
    ]
    return result(summary, figures, {}, notes, rulings, riders=check)


def run_cavalry(data: Any, base: Path) -> dict[str, Any]:
    """``cavalry`` (2.2): mounting or dismounting a cavalry unit. ``data`` is the request JSON
    (``base`` is unused). Returns the result JSON with ``cavalry`` (the worked
    ``CavalryMount``). Raises ``RequestError`` naming the field."""
    req = validated(CavalryRequest, data, CAVALRY_CASES)
    mount = in_domain(
        "bases",
        lambda: cavalry_mount(
            req.action,
            bases=req.bases,
            assault_moved=req.assault_moved,
            entering=req.entering,
            move_yards=req.move_yards,
        ),
    )
    verb = "Mounting" if req.action == "mount" else "Dismounting"
    figures = [
        Figure(verb, "allowed" if mount.allowed else "not allowed", "2.2", mount.reason),
        Figure("Cost", f"{fraction(mount.share)} of the move", "2.2", ""),
        *_left_figure("Move", mount.yards_left, req.move_yards, "2.2"),
        Figure(
            "Assault movement this turn",
            "allowed" if mount.assault_allowed else "not allowed",
            "2.2",
            mount.assault_reason,
        ),
    ]
    notes = []
    if mount.trooper_bases is not None:
        figures += [
            Figure(
                "Trooper bases on foot", mount.trooper_bases, "2.2", "one base holds the horses"
            ),
            Figure("Horse bases", mount.horse_bases or 0, "2.2", "the herd, a packed target"),
        ]
        notes.append(
            "Dismounted troopers act as infantry. If horse bases are lost meanwhile, the unit "
            "may remount only once as many trooper bases are lost too (2.2)."
        )
    if mount.allowed:
        summary = [f"{verb} costs {fraction(mount.share)} of the move (2.2)."]
        if mount.trooper_bases is not None:
            summary.append(
                f"{mount.trooper_bases} trooper base(s) on foot, {mount.horse_bases} horse "
                "base(s) left as the herd."
            )
    else:
        summary = [f"{verb} is not allowed: {mount.reason}."]
    return result(summary, figures, {}, notes, {}, cavalry=mount)
