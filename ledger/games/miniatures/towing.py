"""Towed guns (2.4): limbering, unlimbering and set-up times by gun class, the towing vehicle's
reduced speed, and in which turn the gun may fire (not at all, with the Moved modifier, or at
full effect).

Times are fractions of a turn of movement (``Fraction``), from ``data/2.4-gun-classes.toml``.
The fire verdicts follow 2.4: a gun whose whole turn goes in being towed, unlimbering or setting
up may not fire; half a turn or more of that work brings the Moved modifier (which time counts
is the ruling ``miniatures-moved-modifier-time``); less leaves it at full effect. A limbered gun
never fires, except the German 88 flak standing still, with the Moved modifier.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache
from typing import Final, Literal

from ledger.charts.loader import package_data
from ledger.games.miniatures import PACKAGE
from ledger.games.miniatures.rulings import FIRE_BEFORE_LIMBERING, MOVED_TIME, TOWING_MOVE

Fire = Literal["no", "moved", "full"]
"""A gun's fire in a turn: may not fire, fires with the Moved modifier, fires at full effect."""

WHOLE_TURN: Final = Fraction(1)
HALF_TURN: Final = Fraction(1, 2)


@dataclass(frozen=True, slots=True)
class GunSize:
    """A row of the 2.4 table: ``label`` (Small/Medium/Large), the gun classes it covers
    (``highest_class`` ``None`` for "7 or larger") and the ``limber``, ``unlimber`` and
    ``set_up`` times in turns of movement (0 for the table's "none")."""

    id: str
    label: str
    lowest_class: int
    highest_class: int | None
    limber: Fraction
    unlimber: Fraction
    set_up: Fraction

    def covers(self, gun_class: int) -> bool:
        """True when ``gun_class`` is in this row's classes."""
        top = self.highest_class
        return gun_class >= self.lowest_class and (top is None or gun_class <= top)

    @property
    def classes(self) -> str:
        """The classes as the table gives them: "1-4", "7+"."""
        top = self.highest_class
        return f"{self.lowest_class}+" if top is None else f"{self.lowest_class}-{top}"


@cache
def gun_sizes() -> tuple[GunSize, ...]:
    """The three rows of the 2.4 gun class table, Small to Large."""
    data = package_data(PACKAGE, "2.4-gun-classes")
    return tuple(
        GunSize(
            id=row["id"],
            label=row["label"],
            lowest_class=int(row["lowest_class"]),
            highest_class=row.get("highest_class"),
            limber=Fraction(row["limber"]),
            unlimber=Fraction(row["unlimber"]),
            set_up=Fraction(row["set_up"]),
        )
        for row in data["gun_size"]
    )


@cache
def towing_rate() -> tuple[Fraction, int]:
    """2.4: (share of its maximum move a towing vehicle may use, factor on terrain penalties)."""
    data = package_data(PACKAGE, "2.4-gun-classes")
    return Fraction(data["towing_rate"]), int(data["towing_terrain_factor"])


def gun_size(gun_class: int) -> GunSize:
    """The 2.4 row of ``gun_class`` (1-4 Small, 5-6 Medium, 7 and up Large); ``ValueError`` for
    a class below 1."""
    for size in gun_sizes():
        if size.covers(gun_class):
            return size
    raise ValueError(f"gun class {gun_class}: the 2.4 table starts at class 1 (2.4)")


@dataclass(frozen=True, slots=True)
class TurnPlan:
    """How one turn is spent (each part a fraction of the turn; they add up to 1): ``towed``
    (moving limbered), ``limbering``, ``unlimbering``, ``setting_up``, ``ready`` (unlimbered
    and set up, or stationary), and the gun's ``fire`` verdict with its ``reason`` (2.4).
    ``turn`` 1 is the turn the action starts."""

    turn: int
    towed: Fraction
    limbering: Fraction
    unlimbering: Fraction
    setting_up: Fraction
    ready: Fraction
    fire: Fire
    reason: str


@dataclass(frozen=True, slots=True)
class Deployment:
    """A gun towed in, unlimbered and set up (2.4): its ``size``, the ``turns`` until it fires
    at full effect (the last one is that turn), and ``first_fire`` / ``full_effect``: the turn
    numbers it may first fire (perhaps with the Moved modifier) and fire at full effect."""

    gun_class: int
    size: GunSize
    towed_before: Fraction
    turns: tuple[TurnPlan, ...]
    first_fire: int
    full_effect: int


def deployment(
    gun_class: int, towed_before: Fraction = Fraction(0), moved_time: str = MOVED_TIME.default
) -> Deployment:
    """Turn by turn, a gun of ``gun_class`` whose vehicle tows it for ``towed_before`` of the turn
    (0 = the vehicle stays put), then unlimbers it, after which the crew sets it up (2.4).
    ``moved_time`` is the option of ``miniatures-moved-modifier-time``.

    Raises ``ValueError`` when ``towed_before`` is not 0..1 or leaves too little of the turn to
    pay the unlimber cost (the vehicle pays it from this turn's move).
    """
    size = gun_size(gun_class)
    if not 0 <= towed_before <= WHOLE_TURN:
        raise ValueError(f"towed_before: a share of the turn 0 to 1, found {towed_before} (2.4)")
    if towed_before + size.unlimber > WHOLE_TURN:
        raise ValueError(
            f"the vehicle towed the gun for {towed_before} of the turn, leaving "
            f"{WHOLE_TURN - towed_before}, but unlimbering a {size.label} gun costs "
            f"{size.unlimber} (2.4)"
        )
    turns: list[TurnPlan] = []
    unlimber, set_up_left, towed = size.unlimber, size.set_up, towed_before
    while True:
        free = WHOLE_TURN - towed - unlimber
        set_up = min(set_up_left, free)
        plan = TurnPlan(
            len(turns) + 1, towed, Fraction(0), unlimber, set_up, free - set_up, "no", ""
        )
        turns.append(_judged(plan, moved_time))
        set_up_left -= set_up
        unlimber = towed = Fraction(0)
        if turns[-1].fire == "full":
            break
    first = next(t.turn for t in turns if t.fire != "no")
    return Deployment(gun_class, size, towed_before, tuple(turns), first, turns[-1].turn)


def _judged(plan: TurnPlan, moved_time: str) -> TurnPlan:
    """``plan`` with its fire verdict (2.4)."""
    if plan.ready == 0:
        return _verdict(plan, "no", "the whole turn goes in being towed, unlimbering or setting up")
    counted = {
        "set-up-only": plan.setting_up,
        "all-limbered-time": plan.towed + plan.limbering + plan.unlimbering + plan.setting_up,
    }.get(moved_time, plan.unlimbering + plan.setting_up)
    if counted >= HALF_TURN:
        return _verdict(plan, "moved", f"{counted} of the turn counts as setting up: half or more")
    if counted == 0:
        return _verdict(plan, "full", "none of the turn counts as setting up")
    return _verdict(plan, "full", f"{counted} of the turn counts as setting up: under half")


def _verdict(plan: TurnPlan, fire: Fire, reason: str) -> TurnPlan:
    return replace(plan, fire=fire, reason=reason)


@dataclass(frozen=True, slots=True)
class Limbering:
    """A gun limbered up this turn (2.4): the ``size``, the limber ``cost`` the vehicle pays,
    the share of the turn ``left`` after it, ``towing_yards`` the vehicle may still tow this
    turn (``None`` without its maximum move), the ``fire`` verdict this turn and later turns
    while limbered, each with a reason."""

    gun_class: int
    size: GunSize
    before: Fraction
    cost: Fraction
    left: Fraction
    towing_rate: Fraction
    terrain_factor: int
    towing_yards: Fraction | None
    fire_this_turn: Fire
    fire_this_turn_reason: str
    fire_while_limbered: Fire
    fire_while_limbered_reason: str


def limbering(
    gun_class: int,
    before: Fraction = Fraction(0),
    *,
    max_move_yards: int | None = None,
    moves_after: bool = True,
    german_88_flak: bool = False,
    towing_move: str = TOWING_MOVE.default,
    fire_before: str = FIRE_BEFORE_LIMBERING.default,
) -> Limbering:
    """Limber a gun of ``gun_class`` after ``before`` of the turn (the vehicle driving up, the
    gun still in position), then tow it off if ``moves_after`` (2.4).

    ``max_move_yards`` is the vehicle's maximum move untowed; ``towing_move`` and ``fire_before``
    are the options of ``miniatures-towing-move-left`` and ``miniatures-fire-before-limbering``.
    Raises ``ValueError`` when ``before`` is not 0..1, the limber cost does not fit in the rest
    of the turn, or ``max_move_yards`` is negative.
    """
    size = gun_size(gun_class)
    if not 0 <= before <= WHOLE_TURN:
        raise ValueError(f"before: a share of the turn 0 to 1, found {before} (2.4)")
    if before + size.limber > WHOLE_TURN:
        raise ValueError(
            f"the vehicle used {before} of the turn, leaving {WHOLE_TURN - before}, but "
            f"limbering a {size.label} gun costs {size.limber} (2.4)"
        )
    if max_move_yards is not None and max_move_yards < 0:
        raise ValueError(f"max_move_yards: cannot be negative, found {max_move_yards} (2.4)")
    rate, factor = towing_rate()
    left = WHOLE_TURN - before - size.limber
    yards: Fraction | None = None
    if max_move_yards is not None and moves_after:
        if towing_move == "towing-rate-less-cost":
            yards = max(
                rate * max_move_yards - (before + size.limber) * max_move_yards, Fraction(0)
            )
        else:
            yards = left * rate * max_move_yards
    elif max_move_yards is not None:
        yards = Fraction(0)
    if german_88_flak and not moves_after:
        later: tuple[Fire, str] = ("moved", "the German 88 flak may fire limbered when stationary")
    else:
        later = ("no", "a limbered gun may not fire")
    if later[0] == "moved":
        now: tuple[Fire, str] = later
    elif before == 0:
        now = ("no", "limbering starts with the turn and a limbered gun may not fire")
    elif fire_before == "fire-with-moved":
        now = ("moved", f"{before} of the turn in position before limbering (ruling)")
    else:
        now = ("no", "the gun limbers this turn (ruling: no fire before limbering)")
    return Limbering(gun_class, size, before, size.limber, left, rate, factor, yards, *now, *later)
