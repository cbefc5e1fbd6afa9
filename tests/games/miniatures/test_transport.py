"""Passengers and riders (2.4) and cavalry mounting (2.2) in the domain.

Rules text 002, worked by hand:
- lines 105-108 (2.4): getting in or out costs the infantry half its move and the vehicle half
  its move: 300-yard infantry keeps 150, an 800-yard half-track keeps 400;
- lines 114-120 (2.4): one stand on the hull of a large-target tank or a T-34 type; 100 yards of
  the infantry's move, 200 of the vehicle's; not into a building, a water obstacle, or woods
  off a road; lines 125-127: Russians from 1942, everyone else from 1943;
- lines 127-129 (2.4): riders and half-track passengers fire with the moving modifier; MG and
  mortar stands never;
- lines 72-81 (2.2): cavalry mounts or dismounts for 1/4 of its move, not in a turn of assault
  movement; no assault movement into woods, water obstacles or buildings; one base holds the
  horses, so 4 bases dismount as 3 troopers and 4 horse bases.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from ledger.games.miniatures.transport import (
    cavalry_mount,
    fire_from_vehicle,
    passenger_move,
    rider_check,
)


def test_passengers_pay_half_of_each_move() -> None:
    move = passenger_move("half-track", infantry_move_yards=300, vehicle_move_yards=800)
    assert (move.infantry_share, move.vehicle_share) == (F(1, 2), F(1, 2))
    assert (move.infantry_yards_left, move.vehicle_yards_left) == (150, 400)
    assert passenger_move(infantry_move_yards=125).infantry_yards_left == F(125, 2)
    assert passenger_move().infantry_yards_left is None
    with pytest.raises(ValueError, match=r"vehicle_move_yards: a move cannot be negative.*2\.4"):
        passenger_move(vehicle_move_yards=-1)


@pytest.mark.parametrize(
    ("carrier", "riding", "stand", "rule", "fire"),
    [
        ("half-track", False, "rifle", "riders-and-half-track-passengers", "moved"),
        ("other", False, "rifle", "riders-and-half-track-passengers", "no"),  # a truck
        ("half-track", False, "mg-or-mortar", "riders-and-half-track-passengers", "no"),
        ("large-target-tank", True, "rifle", "riders-and-half-track-passengers", "moved"),
        ("large-target-tank", True, "rifle", "half-tracks-only", "no"),
        ("t-34-family", True, "mg-or-mortar", "riders-and-half-track-passengers", "no"),
    ],
)
def test_who_fires_from_a_vehicle(
    carrier: str, riding: bool, stand: str, rule: str, fire: str
) -> None:
    assert fire_from_vehicle(carrier, riding, stand, rule).fire == fire  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("russian", "year", "allowed"),
    [(True, 1941, False), (True, 1942, True), (False, 1942, False), (False, 1943, True)],
)
def test_rider_years_at_each_boundary(russian: bool, year: int, allowed: bool) -> None:
    check = rider_check("large-target-tank", russian_infantry=russian, year=year)
    assert check.allowed is allowed
    assert check.first_year == (1942 if russian else 1943)


def test_rider_carriers_and_terrain() -> None:
    """T-34 types carry riders too; trucks and half-tracks do not; woods along a road are fine,
    woods off the road, buildings and water obstacles are not. Every reason is listed."""
    assert rider_check("t-34-family", russian_infantry=True, year=1942).allowed
    for carrier in ("half-track", "other"):
        assert not rider_check(carrier, russian_infantry=False, year=1944).allowed
    road = rider_check(
        "large-target-tank", russian_infantry=False, year=1944, entering=["woods-along-road"]
    )
    assert road.allowed
    for barred in ("building", "water-obstacle", "woods-off-road"):
        check = rider_check(
            "large-target-tank", russian_infantry=False, year=1944, entering=[barred]
        )
        assert not check.allowed and barred in check.reasons[0]
    many = rider_check("other", russian_infantry=False, year=1942, entering=["building"])
    assert len(many.reasons) == 3


def test_rider_costs_stands_and_rolls() -> None:
    """3 stands need 3 tanks; 100 of 300 yards leaves 200, 200 of 600 leaves 400; a 150-yard
    tank cannot go below 0. Immobilized in combat: one Area Weapons Chart attack per stand."""
    check = rider_check(
        "t-34-family",
        russian_infantry=True,
        year=1942,
        stands=3,
        infantry_move_yards=300,
        vehicle_move_yards=600,
    )
    assert (check.vehicles_needed, check.infantry_yards, check.vehicle_yards) == (3, 100, 200)
    assert (check.infantry_yards_left, check.vehicle_yards_left) == (200, 400)
    assert check.immobilized_rolls == 3
    short = rider_check("t-34-family", russian_infantry=True, year=1943, vehicle_move_yards=150)
    assert short.vehicle_yards_left == 0
    with pytest.raises(ValueError, match=r"stands: at least 1.*2\.4"):
        rider_check("t-34-family", russian_infantry=True, year=1943, stands=0)


def test_cavalry_mounting_costs_a_quarter_and_not_with_assault_movement() -> None:
    mount = cavalry_mount("mount", bases=3, move_yards=600)
    assert (mount.allowed, mount.share, mount.yards_left) == (True, F(1, 4), 450)
    assert mount.trooper_bases is None
    barred = cavalry_mount("dismount", bases=3, assault_moved=True, move_yards=600)
    assert (barred.allowed, barred.yards_left) == (False, None)
    assert "assault movement" in barred.reason


def test_cavalry_dismounts_with_a_horse_holder() -> None:
    dismount = cavalry_mount("dismount", bases=4)
    assert (dismount.trooper_bases, dismount.horse_bases) == (3, 4)
    assert cavalry_mount("dismount", bases=2).trooper_bases == 1
    with pytest.raises(ValueError, match=r"1 base\(s\) dismounting leaves none"):
        cavalry_mount("dismount", bases=1)
    assert cavalry_mount("mount", bases=1).allowed
    with pytest.raises(ValueError, match="move_yards"):
        cavalry_mount("mount", bases=2, move_yards=-5)


@pytest.mark.parametrize(
    ("terrain", "assault"),
    [
        ((), True),
        (("building",), False),
        (("water-obstacle",), False),
        (("woods-off-road",), False),
        (("woods-along-road",), False),  # 2.2 bars woods of any kind
    ],
)
def test_cavalry_assault_movement_by_terrain(terrain: tuple[str, ...], assault: bool) -> None:
    assert cavalry_mount("mount", bases=2, entering=terrain).assault_allowed is assault  # type: ignore[arg-type]
