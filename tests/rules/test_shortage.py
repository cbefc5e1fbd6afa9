"""Effects of running short (51.2, 52.5, 52.6, 49.1, 50.12, 15.15): each against its rule.

The figures in the comments are worked by hand from the cases (51.21-51.23, 52.51-52.53,
52.6, 49.13-49.16, 50.14, 15.15) and the 60.22 OA sheets, not read off the code.
"""

from dataclasses import replace
from fractions import Fraction
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ledger.io.scenario import bundled_scenarios, load_scenario
from ledger.model.apply import start
from ledger.model.events import GameStarted
from ledger.model.rulings import RULINGS
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.model.units import TOEHolding, Unit, UnitClass
from ledger.rules.consumption import AmmoUse, unit_movement_fuel, unit_stores, unit_water
from ledger.rules.consumption_charts import rate_file as consumption_rate_file
from ledger.rules.consumption_rates import ConsumptionRulings
from ledger.rules.shortage import (
    ammunition_shortage,
    fuel_shortage,
    hex_surrenders_when_assaulted,
    pasta_shortage,
    stores_shortage,
    surrenders_without_ammunition,
    water_shortage,
)
from ledger.rules.shortage_counts import (
    ATTRITION_BASE_RULING,
    ATTRITION_HALVES_RULING,
    ATTRITION_SCOPE_RULING,
    DEFAULT_RULINGS,
    INFANTRY_TYPE_RULING,
    NO_AMMUNITION_RULING,
    OUT_OF_AMMUNITION_RULING,
    PARTIAL_STORES_RULING,
    PARTIAL_WATER_RULING,
    WATERLESS_BARRAGE_RULING,
    ShortageRulings,
    ammunition_points_paid,
    consecutive_without_stores,
    consecutive_without_water,
    cp_fuel_allows,
    fuel_per_group,
    hex_stores_attrition,
    infantry_type_points,
    moves_as_infantry,
    stores_attrition,
    stores_attrition_percent,
)
from ledger.rules.shortage_effects import NO_EFFECT, ShortageEffect, combine

OPTIONS = {r.id: r.options for r in RULINGS}
ALL_RULINGS = st.builds(
    ShortageRulings,
    partial_stores=st.sampled_from(OPTIONS[PARTIAL_STORES_RULING]),
    attrition_base=st.sampled_from(OPTIONS[ATTRITION_BASE_RULING]),
    attrition_halves=st.sampled_from(OPTIONS[ATTRITION_HALVES_RULING]),
    attrition_scope=st.sampled_from(OPTIONS[ATTRITION_SCOPE_RULING]),
    infantry_type=st.sampled_from(OPTIONS[INFANTRY_TYPE_RULING]),
    partial_water=st.sampled_from(OPTIONS[PARTIAL_WATER_RULING]),
    waterless_barrage=st.sampled_from(OPTIONS[WATERLESS_BARRAGE_RULING]),
    out_of_ammunition=st.sampled_from(OPTIONS[OUT_OF_AMMUNITION_RULING]),
    no_ammunition=st.sampled_from(OPTIONS[NO_AMMUNITION_RULING]),
)

# Graziani's Offensive (60.22) counters used below, with their OA-sheet TOE.
BN_129 = "it.1ccnn_div.129th_infantry_bn"  # Italian infantry, class x, TOE 5, CPA 10
RTR_1 = "cw.7_armd_div.1st_royal_tank_regt"  # 7 A9 Cruisers: CPA 25, fuel rate 2
ENGINEER = "it.1ccnn_div.201st_engineer_bn"  # class bbb, TOE 1
ARTILLERY = "it.1ccnn_div.201st_artillery_regt"  # 6 75/27, 3 100/17, 2 75/46 AA


@cache
def _graziani() -> GameState:
    setup = load_scenario(bundled_scenarios()["graziani"])
    return start(GameStarted(Source(setup.info.start), setup))


@pytest.fixture(scope="module")
def graziani() -> GameState:
    return _graziani()


def unit(state: GameState, unit_id: str) -> tuple[Unit, UnitClass]:
    found = state.units[unit_id]
    return found, state.classes[found.class_id]


def six_toe_battalion(state: GameState) -> tuple[Unit, UnitClass]:
    """The 129th with 6 TOE points of its own class (an infantry battalion of TOE 6)."""
    u, c = unit(state, BN_129)
    return replace(u, toe=(TOEHolding(c.id, 6),)), c


def at_least_as_severe(a: ShortageEffect, b: ShortageEffect) -> bool:
    """``a`` is no milder than ``b``: as many DP and TOE points, every prohibition of b."""
    permissions = ("may_move", "may_attack", "may_barrage", "may_exceed_cpa")
    permissions += ("may_enter_enemy_zoc", "may_defend")
    return (
        a.dp >= b.dp
        and a.toe_lost >= b.toe_lost
        and all(getattr(b, p) or not getattr(a, p) for p in permissions)
        and (a.defense_halved or not b.defense_halved)
        and (a.out_of_ammunition or not b.out_of_ammunition)
    )


# --- stores (51.21-51.23) ------------------------------------------------------------------


def test_51_21_22_a_six_toe_battalion_two_game_turns_without_stores(graziani: GameState) -> None:
    u, c = six_toe_battalion(graziani)
    needed = unit_stores(u, c)  # 51.11: 4 x 6 = 24 Stores a Game-Turn
    assert needed == 24
    assert infantry_type_points(u, c) == 6
    # First Game-Turn without: 51.21 gives 1 DP; no attrition yet (51.22 waits for two).
    first = stores_shortage(needed, 0, 0, infantry_points=6)
    assert (first.dp, first.toe_lost) == (Fraction(1), 0)
    assert first.cases == ("51.21",)
    # Second in a row: 1 DP again, and 51.22's 2 % of 6 infantry-type points = 0.12 TOE
    # points, to the nearest whole = 0. N = 0: a battalion alone loses nothing yet.
    second = stores_shortage(needed, 0, 1, infantry_points=6)
    assert (second.dp, second.toe_lost) == (Fraction(1), 0)
    assert second.cases == ("51.21", "51.22")
    # Movement and combat are untouched by a lack of Stores.
    assert second.may_move and second.may_attack and second.may_barrage
    assert second.may_exceed_cpa and second.may_enter_enemy_zoc


def test_51_22_the_rate_rises_two_percent_every_two_game_turns() -> None:
    # 2 % at the 2nd, 4 % at the 4th, 6 % at the 6th; odd Game-Turns cost only the DP.
    assert [stores_attrition_percent(n) for n in range(8)] == [0, 0, 2, 0, 4, 0, 6, 0]
    # The 6-point battalion: 6 x 4 % = 0.24 -> 0; 6 x 6 % = 0.36 -> 0; 6 x 8 % = 0.48 -> 0;
    # 6 x 10 % = 0.6 -> 1 at the tenth Game-Turn in a row.
    assert [stores_attrition(6, n) for n in (4, 6, 8, 10)] == [0, 0, 0, 1]
    # A third Game-Turn in a row: DP, no loss.
    third = stores_shortage(24, 0, 2, infantry_points=6)
    assert (third.dp, third.toe_lost) == (Fraction(1), 0)


def test_51_22_a_hex_of_battalions_rounds_once() -> None:
    # Five 6-point battalions in a hex, two Game-Turns without: 30 x 2 % = 0.6 -> 1 point,
    # which the owner takes from any of them.
    five = [(6, 6)] * 5
    assert hex_stores_attrition(five, 2) == 1
    # Ruling 51.22-attrition-scope "unit": each 6 x 2 % = 0.12 -> 0, so 0 in all.
    assert hex_stores_attrition(five, 2, ShortageRulings(attrition_scope="unit")) == 0
    # Fourth Game-Turn, the hex down to 29: 29 x 4 % = 1.16 -> 1.
    assert hex_stores_attrition([(6, 6)] * 4 + [(5, 5)], 4) == 1
    # Fifty points at the sixth: 50 x 6 % = 3.
    assert stores_attrition(50, 6) == 3


def test_51_22_an_exact_half_follows_the_ruling() -> None:
    # 25 infantry-type points x 2 % = 0.5.
    assert stores_attrition(25, 2) == 1
    assert stores_attrition(25, 2, ShortageRulings(attrition_halves="down")) == 0
    # 0.52 (26 points) is past the half either way; 0.48 (24) short of it.
    assert stores_attrition(26, 2, ShortageRulings(attrition_halves="down")) == 1
    assert stores_attrition(24, 2) == 0


def test_51_22_guns_and_tanks_are_never_lost(graziani: GameState) -> None:
    rtr, rtr_class = unit(graziani, RTR_1)
    art, art_class = unit(graziani, ARTILLERY)
    assert infantry_type_points(rtr, rtr_class) == 0
    assert infantry_type_points(art, art_class) == 0
    # A hex of 20 infantry and 30 tank points after two Game-Turns: of the infantry,
    # 20 x 2 % = 0.4 -> 0; ruling "all-points": 50 x 2 % = 1.0 -> 1, taken from the infantry.
    assert stores_attrition(20, 2, toe_points=50) == 0
    all_points = ShortageRulings(attrition_base="all-points")
    assert stores_attrition(20, 2, all_points, toe_points=50) == 1
    # ... but never from tanks: a tank hex of 50 points loses nothing.
    assert stores_attrition(0, 6, all_points, toe_points=50) == 0
    with pytest.raises(ValueError, match="fewer than the infantry-type"):
        stores_attrition(20, 2, toe_points=10)


def test_51_22_engineers_are_infantry_type_as_the_ruling_says(graziani: GameState) -> None:
    eng, eng_class = unit(graziani, ENGINEER)
    assert infantry_type_points(eng, eng_class) == 1
    assert infantry_type_points(eng, eng_class, ShortageRulings(infantry_type="infantry-only")) == 0


def test_51_21_an_hq_or_engineer_short_of_its_one_point_earns_the_dp(
    graziani: GameState,
) -> None:
    eng, eng_class = unit(graziani, ENGINEER)
    assert unit_stores(eng, eng_class) == 1  # 51.13
    effect = stores_shortage(1, 0, 0, infantry_points=1)
    assert effect.dp == 1 and effect.toe_lost == 0


def test_51_21_a_part_ration_costs_the_dp_and_continues_the_run() -> None:
    # 20 of 24 Stores: one TOE point unfed, so 51.21's DP.
    part = stores_shortage(24, 20, 0, infantry_points=6)
    assert part.dp == 1
    # Ruling 51.22-partial-stores: the run goes on ("short-counts") or restarts ("none-only").
    assert consecutive_without_stores(24, 20, 1) == 2
    assert consecutive_without_stores(24, 20, 1, ShortageRulings(partial_stores="none-only")) == 0
    assert consecutive_without_stores(24, 0, 1, ShortageRulings(partial_stores="none-only")) == 2
    # A full ration ends it.
    assert consecutive_without_stores(24, 24, 5) == 0


def test_51_23_half_rations_feed_but_hold_the_unit(graziani: GameState) -> None:
    u, c = six_toe_battalion(graziani)
    half = unit_stores(u, c, half_rations=True)  # 2 x 6 = 12
    assert half == 12
    effect = stores_shortage(half, 12, 3, infantry_points=6, half_rations=True)
    assert effect.dp == 0 and effect.toe_lost == 0
    assert not effect.may_exceed_cpa and not effect.may_enter_enemy_zoc
    assert effect.may_move and effect.may_attack
    assert effect.cases == ("51.23",)
    # Short even of the half ration: the DP as well.
    assert stores_shortage(half, 10, 0, infantry_points=6, half_rations=True).dp == 1


# --- water (52.51-52.53, 29.35) -----------------------------------------------------------


def test_52_52_infantry_without_water_normal_and_hot(graziani: GameState) -> None:
    u, c = unit(graziani, BN_129)
    assert moves_as_infantry(u, c, graziani.systems)
    normal = unit_water(u, c, graziani.systems, used_cpa=True)
    hot = unit_water(u, c, graziani.systems, used_cpa=True, weather="hot")
    assert (normal, hot) == (1, 2)  # 52.41: 1 an OpStage; 29.35: doubled when Hot
    # Normal weather, its 1 Water Point: no effect.
    assert water_shortage(normal, 1, 0, infantry=True, toe_points=5) == NO_EFFECT
    # Hot weather, the same 1 point: short of the 2 it needs, so dry (ruling
    # 52.5-partial-water "short-is-dry"). DP: 0 in either weather — 52.5 posts none.
    dry = water_shortage(hot, 1, 0, infantry=True, toe_points=5)
    assert dry.dp == 0 and dry.toe_lost == 0
    assert dry.may_move and not dry.may_exceed_cpa
    assert not dry.may_attack and dry.defense_halved and dry.may_defend
    assert dry.cases == ("52.52",)
    assert water_shortage(normal, 0, 0, infantry=True, toe_points=5).dp == 0
    # "some-water-suffices": 1 of 2 is water enough.
    lenient = ShortageRulings(partial_water="some-water-suffices")
    assert water_shortage(hot, 1, 0, infantry=True, toe_points=5, rulings=lenient) == NO_EFFECT


def test_52_53_infantry_loses_a_point_each_dry_opstage_after_the_first() -> None:
    # 129th (TOE 5) dry three OpStages running: 0, then 1, then 1 -> 3 points left.
    losses = [water_shortage(1, 0, n, infantry=True, toe_points=5).toe_lost for n in range(3)]
    assert losses == [0, 1, 1]
    assert water_shortage(1, 0, 1, infantry=True, toe_points=5).cases == ("52.52", "52.53")
    # Nothing left to lose: nothing lost.
    assert water_shortage(1, 0, 4, infantry=True, toe_points=0).toe_lost == 0
    assert consecutive_without_water(1, 0, 2) == 3
    assert consecutive_without_water(1, 1, 2) == 0


def test_52_51_vehicles_without_water_stand_still(graziani: GameState) -> None:
    u, c = unit(graziani, RTR_1)
    assert not moves_as_infantry(u, c, graziani.systems)
    # 52.42: 7 A9 Cruisers need 7 Water to use their CPA, 14 when Hot (29.35).
    hot = unit_water(u, c, graziani.systems, used_cpa=True, weather="hot")
    assert hot == 14
    dry = water_shortage(hot, 7, 2, infantry=False, toe_points=7)
    assert not dry.may_move and not dry.may_attack and dry.defense_halved
    assert dry.may_barrage  # ruling 52.51-waterless-barrage "allowed"
    assert dry.dp == 0 and dry.toe_lost == 0  # 52.53 takes infantry only
    forbidden = ShortageRulings(waterless_barrage="forbidden")
    assert not water_shortage(
        hot, 7, 0, infantry=False, toe_points=7, rulings=forbidden
    ).may_barrage
    # Not moving, it needs none and is never short (52.42).
    assert unit_water(u, c, graziani.systems, used_cpa=False) == 0
    assert water_shortage(0, 0, 3, infantry=False, toe_points=7) == NO_EFFECT


def test_52_6_pasta_point() -> None:
    assert pasta_shortage(True, -20) == NO_EFFECT
    # Without it at -9 3/4: may not voluntarily exceed its CPA, nothing more.
    mild = pasta_shortage(False, Fraction(-39, 4))
    assert not mild.may_exceed_cpa and mild.may_move and mild.may_defend and mild.dp == 0
    # At -10: Disorganized as at -26 (6.26): no move, attack or defence.
    bad = pasta_shortage(False, -10)
    assert not (bad.may_move or bad.may_attack or bad.may_barrage or bad.may_defend)
    assert bad.cases == ("52.6", "6.26") and bad.dp == 0


# --- fuel (49.13-49.16) -------------------------------------------------------------------


def test_49_16_a_unit_without_fuel_may_not_move(graziani: GameState) -> None:
    u, _ = unit(graziani, RTR_1)
    # 49.13: 7 A9 x rate 2 = 14 Fuel per five CP; 12 CP are 3 groups: 42 Fuel.
    assert fuel_per_group(u, graziani.systems) == 14
    needed = unit_movement_fuel(u, graziani.systems, 12)
    assert needed == 42
    assert fuel_shortage(needed, 42) == NO_EFFECT
    short = fuel_shortage(needed, 30)
    assert not short.may_move and short.may_attack and short.may_barrage
    assert short.cases == ("49.16",) and short.dp == 0
    assert not fuel_shortage(needed, 0).may_move
    # With 30 Fuel it may move 2 whole groups: 10 CP (10 CP cost 2 x 14 = 28 <= 30).
    assert cp_fuel_allows(14, 30) == 10
    assert unit_movement_fuel(u, graziani.systems, 10) == 28
    assert unit_movement_fuel(u, graziani.systems, Fraction(41, 4)) == 42  # a part group
    # Ruling 49.13-fuel-part-group: only whole groups burn -> anything below 15 CP (14 3/4);
    # pro-rata: 5 x 30 / 14 = 10.71 -> 10 1/2 in quarter CP.
    assert cp_fuel_allows(14, 30, ConsumptionRulings(fuel_part_group="whole-groups-only")) == (
        Fraction(59, 4)
    )
    assert cp_fuel_allows(14, 30, ConsumptionRulings(fuel_part_group="pro-rata")) == Fraction(21, 2)
    assert cp_fuel_allows(14, 0) == 0


def test_49_12_foot_units_never_run_short_of_fuel(graziani: GameState) -> None:
    u, _ = unit(graziani, BN_129)
    assert fuel_per_group(u, graziani.systems) == 0
    assert cp_fuel_allows(0, 0) is None
    assert fuel_shortage(unit_movement_fuel(u, graziani.systems, 10), 0) == NO_EFFECT


# --- ammunition (50.12, 50.14, 15.15) -----------------------------------------------------


def test_50_14_only_points_whose_ammunition_is_paid_fire() -> None:
    # Chart 50.2: barrage 4 a TOE point. Ten 105mm guns with 40 Ammunition: all 10 fire;
    # with 13: 3 (12 used); with 3: none, so no Barrage.
    assert ammunition_points_paid("barrage", 40) == 10
    assert ammunition_points_paid("barrage", 13) == 3
    assert ammunition_shortage(40) == NO_EFFECT
    three = ammunition_shortage(3)
    assert not three.may_barrage and three.may_attack and not three.out_of_ammunition


def test_15_15_out_of_ammunition_no_close_assault_and_the_hex_surrenders() -> None:
    # Infantry-class close assault costs 1 a point, armor 2 (chart 50.2).
    infantry_with_one = ammunition_shortage(1)
    assert infantry_with_one.may_attack and infantry_with_one.may_defend
    tanks_with_one = ammunition_shortage(1, close_assault="close_assault")
    assert not tanks_with_one.may_attack and not tanks_with_one.may_defend
    assert tanks_with_one.out_of_ammunition  # cannot pay one point: out (default ruling)
    lenient = ShortageRulings(out_of_ammunition="no-ammunition")
    assert not ammunition_shortage(
        1, close_assault="close_assault", rulings=lenient
    ).out_of_ammunition
    none = ammunition_shortage(0)
    assert none.out_of_ammunition and not none.may_barrage and not none.may_attack
    assert none.may_move and not none.may_enter_enemy_zoc  # 50.12
    assert none.cases == ("50.14", "15.15", "50.12")
    # 15.15: a hex surrenders when all its non-Phasing units are out; not if one is not.
    assert hex_surrenders_when_assaulted([none, tanks_with_one])
    assert not hex_surrenders_when_assaulted([none, infantry_with_one])
    assert not hex_surrenders_when_assaulted([])


def test_50_12_no_ammunition_at_all_surrenders_in_an_enemy_zoc_or_under_fire() -> None:
    assert surrenders_without_ammunition(0, in_enemy_zoc=True, fired_upon=False)
    assert surrenders_without_ammunition(0, in_enemy_zoc=False, fired_upon=True)
    assert not surrenders_without_ammunition(0, in_enemy_zoc=False, fired_upon=False)
    assert not surrenders_without_ammunition(1, in_enemy_zoc=True, fired_upon=True)
    only = ShortageRulings(no_ammunition="assault-only")
    assert not surrenders_without_ammunition(0, in_enemy_zoc=True, fired_upon=True, rulings=only)


# --- combining, rulings and data ----------------------------------------------------------


def test_combine_adds_dp_and_losses_and_keeps_every_prohibition() -> None:
    stores = stores_shortage(24, 0, 1, infantry_points=50)  # 1 DP, 50 x 2 % = 1 point
    water = water_shortage(2, 1, 1, infantry=True, toe_points=50)  # 1 point (52.53)
    both = combine([stores, water])
    assert (both.dp, both.toe_lost) == (Fraction(1), 2)
    assert not both.may_attack and not both.may_exceed_cpa and both.defense_halved
    assert both.cases == ("51.21", "51.22", "52.52", "52.53")
    assert combine([]) == NO_EFFECT
    assert combine([NO_EFFECT, water]) == water


def test_negative_amounts_are_programming_errors() -> None:
    with pytest.raises(ValueError, match="Stores received -1"):
        stores_shortage(4, -1, 0, infantry_points=1)
    with pytest.raises(ValueError, match="Water needed -1"):
        water_shortage(-1, 0, 0, infantry=True, toe_points=1)
    with pytest.raises(ValueError, match="Fuel available -1"):
        fuel_shortage(1, -1)
    with pytest.raises(ValueError, match="Ammunition available -1"):
        ammunition_shortage(-1)


def test_the_rulings_are_the_ledgers_and_default_as_documented(graziani: GameState) -> None:
    defaults = {r.id: r.default for r in RULINGS}
    assert ShortageRulings.from_choices(defaults.__getitem__) == DEFAULT_RULINGS
    assert ShortageRulings.from_choices(graziani.ruling) == DEFAULT_RULINGS
    chosen = {**defaults, ATTRITION_SCOPE_RULING: "unit", NO_AMMUNITION_RULING: "assault-only"}
    picked = ShortageRulings.from_choices(chosen.__getitem__)
    assert (picked.attrition_scope, picked.no_ammunition) == ("unit", "assault-only")
    with pytest.raises(ValueError, match=ATTRITION_HALVES_RULING):
        ShortageRulings(attrition_halves="even")


def test_the_effect_files_name_their_case_and_source() -> None:
    for name, case in (
        ("51.2-stores-shortage", "51.2"),
        ("52.5-water-shortage", "52.5"),
        ("49.1-fuel-shortage", "49.1"),
        ("50.1-ammunition-shortage", "50.1"),
    ):
        data = consumption_rate_file(name)
        assert data["case"] == case and data["source"]
    stores = consumption_rate_file("51.2-stores-shortage")
    assert stores["disorganization"]["dp_per_game_turn"] == 1
    assert (stores["attrition"]["attrition_interval"], stores["attrition"]["percent_step"]) == (
        2,
        2,
    )


# --- properties -----------------------------------------------------------------------------

AMOUNT = st.integers(0, 200)
RUN = st.integers(0, 12)


@given(AMOUNT, st.integers(0, 400), RUN, st.integers(0, 100), ALL_RULINGS)
def test_no_stores_shortage_no_effect(
    needed: int, extra: int, before: int, points: int, rulings: ShortageRulings
) -> None:
    effect = stores_shortage(
        needed, needed + extra, before, infantry_points=points, rulings=rulings
    )
    assert effect == NO_EFFECT


@given(AMOUNT, st.integers(0, 400), RUN, st.booleans(), ALL_RULINGS)
def test_no_water_fuel_or_ammunition_shortage_no_effect(
    needed: int, extra: int, before: int, infantry: bool, rulings: ShortageRulings
) -> None:
    water = water_shortage(needed, needed + extra, before, infantry=infantry, toe_points=9)
    assert water == NO_EFFECT
    assert fuel_shortage(needed, needed + extra) == NO_EFFECT
    # Enough ammunition for one point of every function (barrage 4 is the dearest).
    assert ammunition_shortage(4 + extra, close_assault="close_assault", rulings=rulings) == (
        NO_EFFECT
    )


@given(AMOUNT, AMOUNT, AMOUNT, RUN, st.integers(0, 100), st.booleans(), ALL_RULINGS)
def test_less_stores_never_milder(
    needed: int, a: int, b: int, before: int, points: int, half: bool, rulings: ShortageRulings
) -> None:
    less, more = sorted((a, b))

    def effect(received: int) -> ShortageEffect:
        return stores_shortage(
            needed, received, before, infantry_points=points, half_rations=half, rulings=rulings
        )

    assert at_least_as_severe(effect(less), effect(more))


@given(AMOUNT, AMOUNT, AMOUNT, RUN, st.booleans(), st.integers(0, 20), ALL_RULINGS)
def test_less_water_or_a_longer_drought_never_milder(
    needed: int, a: int, b: int, before: int, infantry: bool, toe: int, rulings: ShortageRulings
) -> None:
    less, more = sorted((a, b))

    def effect(received: int, run: int) -> ShortageEffect:
        return water_shortage(
            needed, received, run, infantry=infantry, toe_points=toe, rulings=rulings
        )

    assert at_least_as_severe(effect(less, before), effect(more, before))
    assert at_least_as_severe(effect(less, before + 1), effect(less, before))


@given(AMOUNT, AMOUNT, AMOUNT, st.sampled_from(["close_assault", "close_assault_infantry"]))
def test_less_fuel_or_ammunition_never_milder(needed: int, a: int, b: int, use: AmmoUse) -> None:
    less, more = sorted((a, b))
    assert at_least_as_severe(fuel_shortage(needed, less), fuel_shortage(needed, more))
    for rulings in (DEFAULT_RULINGS, ShortageRulings(out_of_ammunition="no-ammunition")):
        assert at_least_as_severe(
            ammunition_shortage(less, close_assault=use, rulings=rulings),
            ammunition_shortage(more, close_assault=use, rulings=rulings),
        )


@given(st.integers(0, 500), st.integers(0, 500), st.integers(0, 20), ALL_RULINGS)
def test_stores_attrition_grows_with_points_and_run_and_never_takes_more_than_there_is(
    p: int, q: int, k: int, rulings: ShortageRulings
) -> None:
    small, large = sorted((p, q))
    run = 2 * k
    assert stores_attrition(small, run, rulings) <= stores_attrition(large, run, rulings)
    assert stores_attrition(large, run, rulings) <= stores_attrition(large, run + 2, rulings)
    assert 0 <= stores_attrition(small, run, rulings, toe_points=large) <= small


@given(st.lists(st.integers(0, 40), min_size=1, max_size=8), st.integers(1, 10), ALL_RULINGS)
def test_a_hex_never_loses_more_than_its_infantry(
    points: list[int], k: int, rulings: ShortageRulings
) -> None:
    lost = hex_stores_attrition([(p, p) for p in points], 2 * k, rulings)
    assert 0 <= lost <= sum(points)


@given(st.integers(0, 10), st.fractions(-30, 10))
def test_a_missing_pasta_point_is_never_milder_lower_down(drop: int, cohesion: Fraction) -> None:
    assert at_least_as_severe(
        pasta_shortage(False, cohesion - drop), pasta_shortage(False, cohesion)
    )
    assert at_least_as_severe(pasta_shortage(False, cohesion), pasta_shortage(True, cohesion))
