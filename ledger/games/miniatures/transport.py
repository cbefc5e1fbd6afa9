"""Carrying troops (2.4) and cavalry mounting (2.2): the movement each side pays, who may ride,
who may fire from a vehicle, and what a dismounted cavalry unit puts on the table.

Figures from ``data/2.4-transport.toml``:

- passengers (2.4): getting in or out costs the infantry half of its move and the vehicle half of
  its move; the stands share the vehicle's fate;
- riders (2.4): one infantry stand on the hull of a tank-class vehicle listed as a large target
  (or a Russian T-34 or related vehicle); 100 yards of the infantry's normal allowance and 200
  yards of the vehicle's allowance to get on or off; not while the vehicle enters a building or a
  water obstacle, or woods off a road; Russian infantry from 1942, all others from 1943; riders
  of a tank immobilized in combat take an Area Weapons Chart attack (not in the text) and
  survivors get off at no cost;
- firing from a vehicle (2.4): with the moving modifier of the Small Arms Chart; passengers only
  in half-tracks (riders by the ruling ``miniatures-rider-fire``); MG and mortar stands never;
- cavalry (2.2): mounting or dismounting costs a quarter of the move, and not in a turn with
  assault movement; no assault movement in a turn entering woods, water obstacles or buildings;
  dismounted, one base holds the horses, the horse bases stay as the herd (a packed target).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any, Final, Literal

from ledger.charts.loader import package_data
from ledger.games.miniatures import PACKAGE
from ledger.games.miniatures.rulings import RIDER_FIRE

Carrier = Literal["large-target-tank", "t-34-family", "half-track", "other"]
"""What a stand rides on (2.4): a tank-class vehicle listed as a large target, a Russian T-34
or related vehicle, a half-track, anything else (trucks, jeeps, ...)."""

Obstacle = Literal["building", "water-obstacle", "woods-off-road", "woods-along-road"]
"""Terrain a vehicle or cavalry unit enters this turn that 2.4 / 2.2 name."""

Stand = Literal["rifle", "mg-or-mortar"]
"""A carried stand as far as firing from a vehicle goes (2.4): MG and mortar stands never fire."""

RIDER_BARRED: Final[frozenset[str]] = frozenset({"building", "water-obstacle", "woods-off-road"})
"""2.4: riders may not stay on a vehicle that moves into these."""
CAVALRY_NO_ASSAULT: Final[frozenset[str]] = frozenset(
    {"building", "water-obstacle", "woods-off-road", "woods-along-road"}
)
"""2.2: cavalry entering woods (on a road or not), water obstacles or buildings may not use
assault movement that turn."""


@cache
def _data() -> dict[str, Any]:
    return package_data(PACKAGE, "2.4-transport")


def _check_move(field: str, yards: int | None, case: str) -> None:
    if yards is not None and yards < 0:
        raise ValueError(f"{field}: a move cannot be negative, found {yards} ({case})")


def _left(allowance: int | None, cost: Fraction) -> Fraction | None:
    """Yards of ``allowance`` left after paying ``cost`` yards (never below 0)."""
    return None if allowance is None else max(Fraction(allowance) - cost, Fraction(0))


@dataclass(frozen=True, slots=True)
class FireFromVehicle:
    """Whether a carried stand may fire (2.4): ``fire`` ``"no"`` or ``"moved"`` (the moving
    modifier of the Small Arms Chart) and the ``reason``."""

    fire: Literal["no", "moved"]
    reason: str


def fire_from_vehicle(
    carrier: Carrier, riding: bool, stand: Stand, rider_fire: str = RIDER_FIRE.default
) -> FireFromVehicle:
    """May a ``stand`` carried on ``carrier`` (``riding`` on the hull, or inside as a passenger)
    fire (2.4)? ``rider_fire`` is the option of ``miniatures-rider-fire``."""
    if stand == "mg-or-mortar":
        return FireFromVehicle("no", "MG and mortar stands never fire while carried (2.4)")
    if carrier == "half-track":
        return FireFromVehicle("moved", "stands on a half-track fire with the moving modifier")
    if riding and rider_fire == "riders-and-half-track-passengers":
        return FireFromVehicle("moved", "riders fire with the moving modifier (ruling)")
    if riding:
        return FireFromVehicle("no", "only stands on half-tracks fire (ruling: half-tracks-only)")
    return FireFromVehicle("no", "passengers fire only from half-tracks (2.4)")


@dataclass(frozen=True, slots=True)
class PassengerMove:
    """Infantry getting in or out of a vehicle (2.4): the ``infantry_share`` and
    ``vehicle_share`` of their turn's move paid (fractions of a turn), the yards each has left
    (``None`` without its allowance) and the ``fire`` verdict while carried."""

    infantry_share: Fraction
    vehicle_share: Fraction
    infantry_yards_left: Fraction | None
    vehicle_yards_left: Fraction | None
    fire: FireFromVehicle


def passenger_move(
    carrier: Carrier = "other",
    stand: Stand = "rifle",
    *,
    infantry_move_yards: int | None = None,
    vehicle_move_yards: int | None = None,
) -> PassengerMove:
    """The cost of getting infantry in or out of a vehicle this turn (2.4), given each side's
    full move in yards when known. Raises ``ValueError`` for a negative move."""
    _check_move("infantry_move_yards", infantry_move_yards, "2.4")
    _check_move("vehicle_move_yards", vehicle_move_yards, "2.4")
    spec = _data()["passenger"]
    infantry, vehicle = Fraction(spec["infantry_share"]), Fraction(spec["vehicle_share"])
    inf_left = None if infantry_move_yards is None else (1 - infantry) * infantry_move_yards
    veh_left = None if vehicle_move_yards is None else (1 - vehicle) * vehicle_move_yards
    return PassengerMove(
        infantry, vehicle, inf_left, veh_left, fire_from_vehicle(carrier, False, stand)
    )


@dataclass(frozen=True, slots=True)
class RiderCheck:
    """Infantry riding on a vehicle's hull (2.4).

    ``allowed`` with every ``reasons`` it is not (empty when allowed); ``stands_per_vehicle``
    (1) and ``vehicles_needed`` for ``stands``; ``infantry_yards`` / ``vehicle_yards`` the
    cost of getting on or off, and the yards each has left (``None`` without its allowance);
    ``first_year`` riders may be used for this nationality; ``fire`` while riding;
    ``immobilized_rolls`` the Area Weapons Chart attacks if the carrying tanks are immobilized
    in combat (one per stand).
    """

    allowed: bool
    reasons: tuple[str, ...]
    stands: int
    stands_per_vehicle: int
    vehicles_needed: int
    infantry_yards: int
    vehicle_yards: int
    infantry_yards_left: Fraction | None
    vehicle_yards_left: Fraction | None
    first_year: int
    fire: FireFromVehicle
    immobilized_rolls: int


def rider_check(
    carrier: Carrier,
    *,
    russian_infantry: bool,
    year: int,
    stands: int = 1,
    stand: Stand = "rifle",
    entering: Sequence[Obstacle] = (),
    infantry_move_yards: int | None = None,
    vehicle_move_yards: int | None = None,
    rider_fire: str = RIDER_FIRE.default,
) -> RiderCheck:
    """May ``stands`` infantry stands (Russian or not) ride ``carrier`` in a game set in
    ``year``, with the vehicle ``entering`` the given terrain this turn, and what does it cost
    (2.4)? ``rider_fire`` is the option of ``miniatures-rider-fire``.

    Raises ``ValueError`` for fewer than 1 stand or a negative move.
    """
    if stands < 1:
        raise ValueError(f"stands: at least 1, found {stands} (2.4)")
    _check_move("infantry_move_yards", infantry_move_yards, "2.4")
    _check_move("vehicle_move_yards", vehicle_move_yards, "2.4")
    spec = _data()["rider"]
    first = int(spec["russian_from_year" if russian_infantry else "others_from_year"])
    reasons = []
    if carrier not in ("large-target-tank", "t-34-family"):
        reasons.append(
            "riders need a tank-class vehicle listed as a large target, or a T-34 or related "
            "vehicle (2.4)"
        )
    if year < first:
        who = "Russian infantry" if russian_infantry else "infantry other than Russian"
        reasons.append(f"{who} may ride from {first}; the game is set in {year} (2.4)")
    barred = [e for e in dict.fromkeys(entering) if e in RIDER_BARRED]
    if barred:
        reasons.append(f"the vehicle enters {', '.join(barred)} this turn (2.4)")
    per_vehicle = int(spec["stands_per_vehicle"])
    inf_cost, veh_cost = int(spec["infantry_yards"]), int(spec["vehicle_yards"])
    return RiderCheck(
        allowed=not reasons,
        reasons=tuple(reasons),
        stands=stands,
        stands_per_vehicle=per_vehicle,
        vehicles_needed=-(-stands // per_vehicle),
        infantry_yards=inf_cost,
        vehicle_yards=veh_cost,
        infantry_yards_left=_left(infantry_move_yards, Fraction(inf_cost)),
        vehicle_yards_left=_left(vehicle_move_yards, Fraction(veh_cost)),
        first_year=first,
        fire=fire_from_vehicle(carrier, True, stand, rider_fire),
        immobilized_rolls=stands,
    )


@dataclass(frozen=True, slots=True)
class CavalryMount:
    """A cavalry unit mounting or dismounting (2.2): ``allowed`` with the ``reason``; the
    ``share`` of the move it costs and the yards left (``None`` without the move);
    ``assault_allowed`` this turn with its reason; when dismounting ``trooper_bases`` on foot
    (the unit's bases less the horse holder) and ``horse_bases`` left as the herd."""

    action: Literal["mount", "dismount"]
    allowed: bool
    reason: str
    share: Fraction
    yards_left: Fraction | None
    assault_allowed: bool
    assault_reason: str
    bases: int
    trooper_bases: int | None
    horse_bases: int | None


def cavalry_mount(
    action: Literal["mount", "dismount"],
    *,
    bases: int,
    assault_moved: bool = False,
    entering: Sequence[Obstacle] = (),
    move_yards: int | None = None,
) -> CavalryMount:
    """Mounting or dismounting a cavalry unit of ``bases`` bases this turn (2.2);
    ``assault_moved`` when it uses assault movement this turn, ``entering`` the terrain it
    enters, ``move_yards`` its move. Raises ``ValueError`` for fewer than 2 bases when
    dismounting (one must hold the horses), fewer than 1 base, or a negative move.
    """
    spec = _data()["cavalry"]
    holders = int(spec["horse_holders"])
    if bases < 1:
        raise ValueError(f"bases: at least 1, found {bases} (2.2)")
    if action == "dismount" and bases <= holders:
        raise ValueError(
            f"{bases} base(s) dismounting leaves none on foot after {holders} holds the horses "
            "(2.2)"
        )
    _check_move("move_yards", move_yards, "2.2")
    share = Fraction(spec["mount_share"])
    barred = [e for e in dict.fromkeys(entering) if e in CAVALRY_NO_ASSAULT]
    if barred:
        assault = (False, f"no assault movement entering {', '.join(barred)} (2.2)")
    else:
        assault = (True, "no woods, water obstacle or building entered this turn (2.2)")
    if assault_moved:
        allowed = (False, "no mounting or dismounting in a turn with assault movement (2.2)")
    else:
        allowed = (True, f"costs {share} of the move (2.2)")
    left = None if move_yards is None or not allowed[0] else (1 - share) * move_yards
    troopers = bases - holders if action == "dismount" else None
    return CavalryMount(
        action,
        *allowed,
        share,
        left,
        *assault,
        bases,
        troopers,
        bases if action == "dismount" else None,
    )
