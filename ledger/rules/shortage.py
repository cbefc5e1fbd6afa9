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

The effect as a value (``ShortageEffect``, ``NO_EFFECT``, ``combine``) and the effect charts are
in ``ledger.rules.shortage_effects``; the rulings (``ShortageRulings``) and what each effect
counts (runs without Stores or Water, attrition, the CP fuel pays for, the points ammunition
pays for) in ``ledger.rules.shortage_counts``.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ledger.model.quantities import check_amount_not_negative
from ledger.rules.consumption import AmmoUse
from ledger.rules.consumption_charts import rate_file
from ledger.rules.shortage_counts import (
    DEFAULT_RULINGS,
    ShortageRulings,
    ammunition_points_paid,
    consecutive_without_stores,
    stores_attrition,
    stores_attrition_percent,
    without_water,
)
from ledger.rules.shortage_effects import (
    NO_EFFECT,
    ShortageEffect,
    stores_shortage_chart,
    water_shortage_chart,
)

# --- stores (51.21-51.23) ----------------------------------------------------------------


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
    rates = stores_shortage_chart()
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
    check_amount_not_negative(toe_points, "TOE points")
    if not without_water(needed, received, rulings):
        return NO_EFFECT
    rates = water_shortage_chart()
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
    rates = water_shortage_chart()["pasta"]
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


def fuel_shortage(needed: int, available: int) -> ShortageEffect:
    """49.15, 49.16: a unit whose intended movement burns ``needed`` Fuel Points
    (``consumption.unit_movement_fuel`` or ``truck_movement_fuel``) with ``available`` in its
    tanks and the hex's usable sources may not make that move when short; it may move as far
    as ``cp_fuel_allows``, and not at all without any fuel. Combat is not limited. A unit
    burning none (``needed`` 0) is never short."""
    check_amount_not_negative(needed, "Fuel needed")
    check_amount_not_negative(available, "Fuel available")
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
    check_amount_not_negative(available, "Ammunition available")
    if rulings.no_ammunition == "assault-only" or available > 0:
        return False
    return in_enemy_zoc or fired_upon
