"""What running short of supplies does to a unit: Stores (51.2), Water (52.5, 52.6), Fuel
(49.1) and Ammunition (50.12, 50.14, 15.15).

Pure functions: given what a unit needed and received this Game-Turn (Stores) or Operations
Stage (Water, Fuel, Ammunition) and its shortage history, they return a ``ShortageEffect``:
the Disorganization Points to post (``Fraction``, whole points: 51.21 posts 1 a Game-Turn), the
TOE Strength Points lost to attrition (whole), and what the shortage forbids. Nothing here
makes events or changes state. The effects are data in ``ledger/charts/data/``
(51.2-stores-shortage, 52.5-water-shortage, 49.1-fuel-shortage, 50.1-ammunition-shortage).

Amounts are whole supply points; "needed" is what ``ledger.rules.consumption`` computes (already
doubled for Hot weather, 29.35); a surplus counts as enough. Negative amounts are programming
errors (``ValueError``). Where a case is silent the function names a ruling; options in
``ShortageRulings``, documented in docs/rulings.md: ``51.22-partial-stores``,
``51.22-attrition-base``, ``51.22-attrition-halves``, ``51.22-attrition-scope``,
``51.22-infantry-type-points``, ``52.5-partial-water``, ``52.51-waterless-barrage``,
``15.15-out-of-ammunition``, ``50.12-no-ammunition-surrender``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import floor
from typing import Any, Final

from ledger.model.rulings import check_options
from ledger.model.units import Unit, UnitClass, WeaponSystem
from ledger.rules.consumption import (
    DEFAULT_RULINGS as CONSUMPTION_DEFAULTS,
)
from ledger.rules.consumption import (
    AmmoUse,
    ConsumptionRulings,
    ammunition,
    fuel_rate,
    rate_file,
    vehicle_points,
)

PARTIAL_STORES_RULING: Final = "51.22-partial-stores"
ATTRITION_BASE_RULING: Final = "51.22-attrition-base"
ATTRITION_HALVES_RULING: Final = "51.22-attrition-halves"
ATTRITION_SCOPE_RULING: Final = "51.22-attrition-scope"
INFANTRY_TYPE_RULING: Final = "51.22-infantry-type-points"
PARTIAL_WATER_RULING: Final = "52.5-partial-water"
WATERLESS_BARRAGE_RULING: Final = "52.51-waterless-barrage"
OUT_OF_AMMUNITION_RULING: Final = "15.15-out-of-ammunition"
NO_AMMUNITION_RULING: Final = "50.12-no-ammunition-surrender"


@dataclass(frozen=True, slots=True)
class ShortageRulings:
    """The options in force for the shortage rulings (each field is one ruling; defaults
    shown). Raises ``ValueError`` naming the ruling for an option it does not have."""

    partial_stores: str = "short-counts"
    attrition_base: str = "infantry-points"
    attrition_halves: str = "up"
    attrition_scope: str = "hex"
    infantry_type: str = "infantry-and-engineers"
    partial_water: str = "short-is-dry"
    waterless_barrage: str = "allowed"
    out_of_ammunition: str = "cannot-pay-one-point"
    no_ammunition: str = "zoc-or-fire"

    def __post_init__(self) -> None:
        check_options(self._choices())

    def _choices(self) -> tuple[tuple[str, str], ...]:
        return (
            (PARTIAL_STORES_RULING, self.partial_stores),
            (ATTRITION_BASE_RULING, self.attrition_base),
            (ATTRITION_HALVES_RULING, self.attrition_halves),
            (ATTRITION_SCOPE_RULING, self.attrition_scope),
            (INFANTRY_TYPE_RULING, self.infantry_type),
            (PARTIAL_WATER_RULING, self.partial_water),
            (WATERLESS_BARRAGE_RULING, self.waterless_barrage),
            (OUT_OF_AMMUNITION_RULING, self.out_of_ammunition),
            (NO_AMMUNITION_RULING, self.no_ammunition),
        )

    @classmethod
    def from_choices(cls, option: Callable[[str], str]) -> ShortageRulings:
        """The rulings of a game, from its option lookup (e.g. ``GameState.ruling``)."""
        return cls(*(option(ruling_id) for ruling_id, _ in cls()._choices()))


DEFAULT_RULINGS: Final = ShortageRulings()


@dataclass(frozen=True, slots=True)
class ShortageEffect:
    """What a shortage does to one unit now.

    ``dp``: Disorganization Points to post (``Fraction``, 0 or more). ``toe_lost``: TOE
    Strength Points lost to attrition (whole; infantry-type points only, 51.22, 52.53).
    ``may_move``: it may move at all (49.16, 52.51, 52.6). ``may_attack``: it may make an
    offensive Close Assault or Probe (15.15, 52.51, 52.52). ``may_barrage``: the shortage leaves
    it able to Barrage (12.0, 50.14). ``notes``: what happened, for the log sheet. ``cases``:
    the cases applied. Then: ``may_exceed_cpa`` voluntarily (51.23, 52.52, 52.6);
    ``may_enter_enemy_zoc`` voluntarily (51.23, 50.12); ``may_defend`` with its ratings in a
    Close Assault (15.15, 6.26); ``defense_halved``: its Defensive Close Assault raw points are
    halved (52.51, 52.52); ``out_of_ammunition`` for Close Assault (15.15, see
    ``hex_surrenders_when_assaulted``). A permission is ``False`` only when the shortage
    forbids it, whatever else the unit can or cannot do.
    """

    dp: Fraction
    toe_lost: int
    may_move: bool
    may_attack: bool
    may_barrage: bool
    notes: tuple[str, ...]
    cases: tuple[str, ...]
    may_exceed_cpa: bool = True
    may_enter_enemy_zoc: bool = True
    may_defend: bool = True
    defense_halved: bool = False
    out_of_ammunition: bool = False


NO_EFFECT: Final = ShortageEffect(Fraction(0), 0, True, True, True, (), ())
"""A unit that has what it needs."""


def combine(effects: Iterable[ShortageEffect]) -> ShortageEffect:
    """The effects of several shortages at once (a unit short of Stores and Water): DP and
    TOE points add up, each prohibition holds, notes and cases are kept in order."""
    result = NO_EFFECT
    for e in effects:
        result = ShortageEffect(
            dp=result.dp + e.dp,
            toe_lost=result.toe_lost + e.toe_lost,
            may_move=result.may_move and e.may_move,
            may_attack=result.may_attack and e.may_attack,
            may_barrage=result.may_barrage and e.may_barrage,
            notes=result.notes + e.notes,
            cases=result.cases + tuple(c for c in e.cases if c not in result.cases),
            may_exceed_cpa=result.may_exceed_cpa and e.may_exceed_cpa,
            may_enter_enemy_zoc=result.may_enter_enemy_zoc and e.may_enter_enemy_zoc,
            may_defend=result.may_defend and e.may_defend,
            defense_halved=result.defense_halved or e.defense_halved,
            out_of_ammunition=result.out_of_ammunition or e.out_of_ammunition,
        )
    return result


def _stores() -> dict[str, Any]:
    return rate_file("51.2-stores-shortage")


def _water() -> dict[str, Any]:
    return rate_file("52.5-water-shortage")


def _check(amount: Fraction | int, what: str) -> None:
    if amount < 0:
        raise ValueError(f"{what} {amount}: cannot be negative")


# --- stores (51.21-51.23) ----------------------------------------------------------------


def infantry_type_points(
    unit: Unit, unit_class: UnitClass, rulings: ShortageRulings = DEFAULT_RULINGS
) -> int:
    """51.22: the unit's infantry-type TOE Strength Points, the only ones Stores attrition
    takes: the class's own points of an infantry unit (guns and tanks in its TOE are not).
    Ruling ``51.22-infantry-type-points``: ``"infantry-and-engineers"`` counts an engineer
    unit's own points too, ``"infantry-only"`` does not."""
    rates = _stores()["attrition"]
    types = list(rates["infantry_unit_types"])
    if rulings.infantry_type == "infantry-and-engineers":
        types += rates["engineer_unit_types"]
    if unit_class.unit_type not in types:
        return 0
    return sum(h.points for h in unit.toe if h.system == unit_class.id)


def without_stores(needed: int, received: int, rulings: ShortageRulings = DEFAULT_RULINGS) -> bool:
    """51.22: whether this Game-Turn counts as one without Stores. Ruling
    ``51.22-partial-stores``: ``"short-counts"``, whenever less than ``needed`` arrived (as
    51.21 treats any unfed TOE point); ``"none-only"``, only when nothing arrived."""
    _check(needed, "Stores needed")
    _check(received, "Stores received")
    if rulings.partial_stores == "none-only":
        return needed > 0 and received == 0
    return received < needed


def consecutive_without_stores(
    needed: int, received: int, before: int, rulings: ShortageRulings = DEFAULT_RULINGS
) -> int:
    """The run of consecutive Game-Turns without Stores after this one: ``before`` + 1, or 0
    once the unit is fed (51.22's count restarts)."""
    _check(before, "consecutive Game-Turns")
    return before + 1 if without_stores(needed, received, rulings) else 0


def stores_attrition_percent(consecutive: int) -> int:
    """51.22: the percent of TOE points lost at the end of the ``consecutive``-th Game-Turn
    in a row without Stores: 2 at the 2nd, 4 at the 4th, 6 at the 6th...; 0 in odd ones."""
    _check(consecutive, "consecutive Game-Turns")
    rates = _stores()["attrition"]
    interval = int(rates["attrition_interval"])
    if consecutive == 0 or consecutive % interval:
        return 0
    return int(rates["percent_step"]) * consecutive // interval


def _nearest(value: Fraction, rulings: ShortageRulings) -> int:
    """51.22: to the nearest whole point; an exact half as ruling ``51.22-attrition-halves``
    (``"up"`` or ``"down"``) says."""
    whole = floor(value)
    rest = value - whole
    if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and rulings.attrition_halves == "up"):
        return whole + 1
    return whole


def stores_attrition(
    infantry_points: int,
    consecutive: int,
    rulings: ShortageRulings = DEFAULT_RULINGS,
    *,
    toe_points: int | None = None,
) -> int:
    """51.22: infantry-type TOE points lost by units ``consecutive`` Game-Turns in a row
    without Stores: ``stores_attrition_percent`` of their points, to the nearest whole, never
    more than ``infantry_points``. Ruling ``51.22-attrition-base``: the percent is of the
    infantry-type points (``"infantry-points"``) or of all ``toe_points`` (``"all-points"``,
    taken from the infantry). A 6-point battalion after 2 Game-Turns: 0.12 → 0; after 10:
    0.6 → 1; 30 points after 2: 0.6 → 1."""
    _check(infantry_points, "infantry-type points")
    total = infantry_points if toe_points is None else toe_points
    if total < infantry_points:
        raise ValueError(f"TOE points {total}: fewer than the infantry-type {infantry_points}")
    base = total if rulings.attrition_base == "all-points" else infantry_points
    lost = _nearest(Fraction(base * stores_attrition_percent(consecutive), 100), rulings)
    return min(lost, infantry_points)


def hex_stores_attrition(
    units: Sequence[tuple[int, int]],
    consecutive: int,
    rulings: ShortageRulings = DEFAULT_RULINGS,
) -> int:
    """51.22 for the units of one side in a hex sharing a run of ``consecutive`` Game-Turns
    without Stores, given as (infantry-type points, TOE points) each: the infantry-type points
    they lose together. Ruling ``51.22-attrition-scope``: ``"hex"`` rounds once over the
    hex's total (the owner picks the points lost); ``"unit"`` rounds each unit's own. Five
    6-point battalions after 2 Game-Turns: 30 x 2 % = 0.6 → 1 (``"unit"``: 5 x 0 = 0)."""
    if rulings.attrition_scope == "unit":
        return sum(stores_attrition(i, consecutive, rulings, toe_points=t) for i, t in units)
    infantry = sum(i for i, _ in units)
    toe = sum(t for _, t in units)
    return stores_attrition(infantry, consecutive, rulings, toe_points=toe)


def stores_shortage(
    needed: int,
    received: int,
    consecutive_before: int,
    *,
    infantry_points: int,
    toe_points: int | None = None,
    half_rations: bool = False,
    rulings: ShortageRulings = DEFAULT_RULINGS,
) -> ShortageEffect:
    """The effect of this Game-Turn's Stores on one unit (Stores Expenditure Stage).

    ``needed``: the Stores it needs (``consumption.unit_stores``; on half rations, 2 a TOE
    point). ``consecutive_before``: Game-Turns in a row it went without Stores before this
    one. 51.21: 1 DP whenever any of its TOE points goes unfed (less than ``needed``). 51.22:
    ``toe_lost`` as ``stores_attrition`` of the unit's ``infantry_points`` (and
    ``toe_points``), as though alone in its hex — for several units sharing the run in a hex
    use ``hex_stores_attrition``. 51.23: on half rations it may not voluntarily exceed its CPA
    nor enter an Enemy ZOC. A 6-TOE infantry battalion, 0 of 24 Stores, 1 Game-Turn before:
    1 DP, 0 TOE points (6 x 2 % = 0.12 rounds to 0).
    """
    rates = _stores()
    notes: list[str] = []
    cases: list[str] = []
    dp = Fraction(0)
    toe_lost = 0
    if received < needed:
        dp = Fraction(rates["disorganization"]["dp_per_game_turn"])
        notes.append(f"51.21: {received} of {needed} Stores, {dp} DP")
        cases.append("51.21")
    run = consecutive_without_stores(needed, received, consecutive_before, rulings)
    if stores_attrition_percent(run):
        toe_lost = stores_attrition(infantry_points, run, rulings, toe_points=toe_points)
        notes.append(
            f"51.22: {run} Game-Turns in a row without Stores, "
            f"{stores_attrition_percent(run)} %: {toe_lost} infantry-type TOE points lost"
        )
        cases.append("51.22")
    half = rates["half_rations"]
    if half_rations:
        notes.append("51.23: half rations; may not voluntarily exceed CPA or enter an Enemy ZOC")
        cases.append("51.23")
    return ShortageEffect(
        dp=dp,
        toe_lost=toe_lost,
        may_move=True,
        may_attack=True,
        may_barrage=True,
        notes=tuple(notes),
        cases=tuple(cases),
        may_exceed_cpa=bool(half["may_exceed_cpa"]) or not half_rations,
        may_enter_enemy_zoc=bool(half["may_enter_enemy_zoc"]) or not half_rations,
    )


# --- water (52.51-52.53, 52.6) ---------------------------------------------------------


def moves_as_infantry(
    unit: Unit,
    unit_class: UnitClass,
    systems: Mapping[str, WeaponSystem],
    rulings: ConsumptionRulings = CONSUMPTION_DEFAULTS,
) -> bool:
    """52.52: whether the unit goes short of water as infantry (an infantry class, or any unit
    moving without vehicles: no vehicle points, ``consumption.vehicle_points``) rather than as
    vehicles (52.51) — the same split that prices its water (52.41, 52.42)."""
    infantry = unit_class.unit_type == "infantry"
    return infantry or vehicle_points(unit, unit_class, systems, rulings) == 0


def without_water(needed: int, received: int, rulings: ShortageRulings = DEFAULT_RULINGS) -> bool:
    """Whether the unit is without water this Operations Stage. Ruling ``52.5-partial-water``:
    ``"short-is-dry"``, whenever less than ``needed`` is there (a Hot OpStage's double need
    included); ``"some-water-suffices"``, only when none is. Nothing needed is never dry."""
    _check(needed, "Water needed")
    _check(received, "Water received")
    if rulings.partial_water == "some-water-suffices":
        return needed > 0 and received == 0
    return received < needed


def consecutive_without_water(
    needed: int, received: int, before: int, rulings: ShortageRulings = DEFAULT_RULINGS
) -> int:
    """The run of consecutive Operations Stages without water after this one (52.53)."""
    _check(before, "consecutive Operations Stages")
    return before + 1 if without_water(needed, received, rulings) else 0


def water_shortage(
    needed: int,
    received: int,
    consecutive_before: int,
    *,
    infantry: bool,
    toe_points: int,
    rulings: ShortageRulings = DEFAULT_RULINGS,
) -> ShortageEffect:
    """The effect of this Operations Stage's Water on one unit. No DP (52.5 posts none).

    ``needed``: its water (``consumption.unit_water``; for vehicles, what using its CPA
    needs). ``infantry``: ``moves_as_infantry``. Infantry without water (52.52) may move but
    not voluntarily beyond its CPA, may not Close Assault offensively and defends at half;
    from its second consecutive Operations Stage without water on it loses 1 TOE point each
    (52.53; ``consecutive_before`` counts the earlier ones; at most ``toe_points``). Waterless
    vehicles (52.51) neither move nor Close Assault offensively, and their raw defence is
    halved; Barrage as ruling ``52.51-waterless-barrage``."""
    _check(toe_points, "TOE points")
    if not without_water(needed, received, rulings):
        return NO_EFFECT
    rates = _water()
    if infantry:
        inf, att = rates["infantry"], rates["attrition"]
        lost = int(att["toe_per_opstage"]) if consecutive_before >= int(att["free_opstages"]) else 0
        lost = min(lost, toe_points)
        notes = [f"52.52: {received} of {needed} Water; no offensive Close Assault, half defence"]
        if lost:
            notes.append(f"52.53: Operations Stage {consecutive_before + 1} without water, -{lost}")
        return ShortageEffect(
            dp=Fraction(0),
            toe_lost=lost,
            may_move=True,
            may_attack=bool(inf["may_attack"]),
            may_barrage=True,
            notes=tuple(notes),
            cases=("52.52", "52.53") if lost else ("52.52",),
            may_exceed_cpa=bool(inf["may_exceed_cpa"]),
            defense_halved=bool(inf["defense_halved"]),
        )
    veh = rates["vehicles"]
    return ShortageEffect(
        dp=Fraction(0),
        toe_lost=0,
        may_move=bool(veh["may_move"]),
        may_attack=bool(veh["may_attack"]),
        may_barrage=rulings.waterless_barrage == "allowed",
        notes=(f"52.51: {received} of {needed} Water; vehicles may not move or assault",),
        cases=("52.51",),
        defense_halved=bool(veh["defense_halved"]),
    )


def pasta_shortage(received: bool, cohesion: Fraction | int) -> ShortageEffect:
    """52.6: an Italian battalion that did not get its Pasta Point this Game-Turn may not
    voluntarily exceed its CPA; at Cohesion Level -10 or worse it is Disorganized as though at
    -26 (6.26: no move, attack or defence) until the point arrives and its level returns. DP
    none: the level itself is kept aside, not changed. Call it for Italian battalions only."""
    if received:
        return NO_EFFECT
    rates = _water()["pasta"]
    if cohesion > int(rates["disorganized_at"]):
        return ShortageEffect(
            dp=Fraction(0),
            toe_lost=0,
            may_move=True,
            may_attack=True,
            may_barrage=True,
            notes=("52.6: no Pasta Point; may not voluntarily exceed CPA this Game-Turn",),
            cases=("52.6",),
            may_exceed_cpa=bool(rates["may_exceed_cpa"]),
        )
    return ShortageEffect(
        dp=Fraction(0),
        toe_lost=0,
        may_move=False,
        may_attack=False,
        may_barrage=False,
        notes=(
            f"52.6: no Pasta Point at Cohesion {cohesion}: Disorganized as at "
            f"{rates['disorganized_as']} until fed; surrenders to an adjacent enemy (6.26)",
        ),
        cases=("52.6", "6.26"),
        may_exceed_cpa=False,
        may_defend=False,
    )


# --- fuel (49.13-49.16) ------------------------------------------------------------------


def fuel_per_group(
    unit: Unit,
    systems: Mapping[str, WeaponSystem],
    rulings: ConsumptionRulings = CONSUMPTION_DEFAULTS,
) -> int:
    """49.13: Fuel Points the unit's TOE burns per group of five CP of movement: each
    holding's ``consumption.fuel_rate`` x points, summed. 1st RTR (7 A9, rate 2): 14."""
    return sum(fuel_rate(systems[h.system], rulings) * h.points for h in unit.toe)


def cp_fuel_allows(
    per_group: int, available: int, rulings: ConsumptionRulings = CONSUMPTION_DEFAULTS
) -> Fraction | None:
    """49.16: the most CP of movement (whole quarter points) ``available`` Fuel Points pay
    for a unit burning ``per_group`` per five CP; ``None`` when it burns none. Under ruling
    ``49.13-fuel-part-group``: ``"part-group-counts"`` 5 x whole groups paid (14 a group,
    30 Fuel: 10 CP); ``"whole-groups-only"`` just short of the next group (14 3/4);
    ``"pro-rata"`` 5 x 30 / 14 to the quarter below (10 1/2)."""
    _check(per_group, "Fuel per group")
    _check(available, "Fuel available")
    if per_group == 0:
        return None
    cp_per_group = int(rate_file("49.1-fuel-shortage")["movement"]["cp_per_group"])
    groups = available // per_group
    if rulings.fuel_part_group == "part-group-counts":
        return Fraction(cp_per_group * groups)
    if rulings.fuel_part_group == "whole-groups-only":
        return Fraction(cp_per_group * (groups + 1)) - Fraction(1, 4)
    return Fraction(floor(Fraction(cp_per_group * available * 4, per_group)), 4)


def fuel_shortage(needed: int, available: int) -> ShortageEffect:
    """49.15, 49.16: a unit whose intended movement burns ``needed`` Fuel Points
    (``consumption.unit_movement_fuel`` or ``truck_movement_fuel``) with ``available`` in its
    tanks and the hex's usable sources may not make that move when short; it may move as far
    as ``cp_fuel_allows``, and not at all without any fuel. Combat is not limited. A unit
    burning none (``needed`` 0) is never short."""
    _check(needed, "Fuel needed")
    _check(available, "Fuel available")
    if available >= needed:
        return NO_EFFECT
    rule = rate_file("49.1-fuel-shortage")["movement"]
    note = (
        "49.16: no fuel; may not move"
        if available == 0
        else f"49.16: {available} of {needed} Fuel; a shorter move only (cp_fuel_allows)"
    )
    return ShortageEffect(
        dp=Fraction(0),
        toe_lost=0,
        may_move=bool(rule["may_move_without_fuel"]),
        may_attack=True,
        may_barrage=True,
        notes=(note,),
        cases=("49.16",),
    )


# --- ammunition (50.12, 50.14, 15.15) ----------------------------------------------------


def ammunition_points_paid(use: AmmoUse, available: int) -> int:
    """50.14: how many TOE points ``available`` Ammunition Points let fire (or assault) in
    combat function ``use`` (chart 50.2): 13 Ammunition, barrage (4 a point) → 3."""
    _check(available, "Ammunition available")
    return available // ammunition(use, 1)


def ammunition_shortage(
    available: int,
    *,
    close_assault: AmmoUse = "close_assault_infantry",
    rulings: ShortageRulings = DEFAULT_RULINGS,
) -> ShortageEffect:
    """The effect of the Ammunition a unit can draw (its own, its first-line trucks', a dump's
    in the hex; 50.15) on its combat. ``close_assault``: its 50.2 close-assault line
    (``consumption.close_assault_use``). It may Barrage (12.0) and Close Assault, attacking or
    defending (15.15), only if it can pay one TOE point's use (``ammunition_points_paid``). It
    is ``out_of_ammunition`` (15.15) as ruling ``15.15-out-of-ammunition`` says. With none at
    all it has no ZOC and may not enter an Enemy ZOC unless it joins friendly ammunition
    (50.12; see ``surrenders_without_ammunition``)."""
    may_barrage = ammunition_points_paid("barrage", available) > 0
    may_assault = ammunition_points_paid(close_assault, available) > 0
    no_points = rulings.out_of_ammunition == "no-ammunition"
    out = available == 0 if no_points else not may_assault
    if may_barrage and may_assault and not out:
        return NO_EFFECT
    notes, cases = [], []
    if not may_barrage:
        notes.append(f"12.0, 50.14: {available} Ammunition pays for no barraging TOE point")
        cases.append("50.14")
    if not may_assault:
        notes.append(f"15.15: {available} Ammunition; no Close Assault, attacking or defending")
        cases.append("15.15")
    if available == 0:
        notes.append("50.12: no ammunition; no ZOC, enters an Enemy ZOC only to friendly ammo")
        cases.append("50.12")
    return ShortageEffect(
        dp=Fraction(0),
        toe_lost=0,
        may_move=True,
        may_attack=may_assault,
        may_barrage=may_barrage,
        notes=tuple(notes),
        cases=tuple(cases),
        may_enter_enemy_zoc=available > 0,
        may_defend=may_assault,
        out_of_ammunition=out,
    )


def hex_surrenders_when_assaulted(defenders: Sequence[ShortageEffect]) -> bool:
    """15.15, 15.88: whether the non-Phasing units in a hex Close Assaulted all surrender:
    every one of them (committed or not) is ``out_of_ammunition``. An empty hex: ``False``."""
    return bool(defenders) and all(d.out_of_ammunition for d in defenders)


def surrenders_without_ammunition(
    available: int,
    *,
    in_enemy_zoc: bool,
    fired_upon: bool,
    rulings: ShortageRulings = DEFAULT_RULINGS,
) -> bool:
    """50.12: whether a unit with no Ammunition at all (``available`` 0) surrenders when in an
    Enemy ZOC or fired upon. Ruling ``50.12-no-ammunition-surrender``: ``"zoc-or-fire"``
    applies it; ``"assault-only"`` leaves surrender to 15.15 (``hex_surrenders_when_assaulted``)."""
    _check(available, "Ammunition available")
    if rulings.no_ammunition == "assault-only" or available > 0:
        return False
    return in_enemy_zoc or fired_upon
