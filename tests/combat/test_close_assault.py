"""Close Assault and Probe (11.32-11.35, 15.1-15.9, chart 15.79): strengths, column shifts,
exact odds, expected losses, reading the dice, CP and ammunition; the worked examples of 11.35,
15.26, 15.32, 15.35, 15.36, 15.4, 15.51, 15.64, 15.73 and the combat example after 15.96."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from ledger.combat.assault_differential import assault_actuals, combined_arms_reduction
from ledger.combat.assault_odds import CloseAssaultCalculation
from ledger.combat.assault_setup import MORALE_ROLLED, NO_ASSAULT, AssaultRulings, SideMorale
from ledger.combat.close_assault import calculate_close_assault, read_close_assault
from ledger.combat.forces import Element, elements_of
from ledger.combat.terrain import Hexside
from ledger.io.scenario import bundled_scenarios, load_scenario
from ledger.model.units import Ratings


def troops(
    unit: str,
    points: int,
    off: int | None = 2,
    dfn: int | None = 2,
    *,
    side: str = "axis",
    hex: str = "B",
    kind: str = "infantry",
    **kw: object,
) -> Element:
    ratings = Ratings(offensive_close_assault=off, defensive_close_assault=dfn)
    return Element(unit, kind, points, ratings, side, hex=hex, kind=kind, **kw)  # type: ignore[arg-type]


def cw(unit: str, points: int, dfn: int | None = 2, **kw: object) -> Element:
    return troops(unit, points, 1, dfn, side="commonwealth", hex="A", **kw)  # type: ignore[arg-type]


def figure(calc: object, name: str) -> object:
    return next(f.value for f in calc.figures if f.name == name)  # type: ignore[attr-defined]


def sums_to_one(calc: CloseAssaultCalculation) -> None:
    assert sum(p for _, p in calc.outcomes) == 1
    for odds in (
        calc.attacker_loss,
        calc.defender_loss,
        calc.status,
        calc.retreat,
        calc.attacker_captured,
        calc.defender_captured,
        calc.surrender,
    ):
        assert sum(odds.values()) == 1
    if calc.columns:
        assert sum(calc.columns.values()) + sum(p for k, p in calc.surrender.items() if k) == 1


# --- strengths: 11.32-11.35, 15.28, 15.4 -----------------------------------------------------


def test_11_32_rounds_halves_up_and_11_35_gives_7_actual_for_65_raw() -> None:
    assert assault_actuals(45, 30)[:2] == (5, 3)  # 4.5 -> 5, not Python's 4
    assert assault_actuals(44, 35)[:2] == (4, 4)  # 4.4 -> 4; 3.5 -> 4
    assert assault_actuals(65, 30)[:2] == (7, 3)  # 11.35: 6.5 rounded up


def test_11_35_the_90th_leichte_assaults_with_65_raw_7_actual() -> None:
    setup = load_scenario(bundled_scenarios()["rules-examples"])
    classes = {c.id: c for c in setup.classes}
    systems = {w.id: w for w in setup.weapons} | {c.id: c.as_weapon_system() for c in setup.classes}
    battalions = [u for u in setup.units if u.id.startswith("de.90le.") and "artillery" not in u.id]
    attackers = [e for u in battalions if u.toe for e in elements_of(u, classes, systems)]
    assert len({e.unit for e in attackers}) == 7
    calc = calculate_close_assault(attackers, [cw("d", 10, 2)])
    # 155th 3 x 7 x 2 = 42, 361st 9 x 1 = 9, III/225 + III/347 14 x 1 = 14: 65 Raw -> 7.
    assert figure(calc, "attacker Raw Offensive Close Assault points") == 65
    assert figure(calc, "attacker Actual Close Assault points") == 7


def test_15_28_small_forces() -> None:
    # Under 5 Raw is 0; both under 10 Raw: Raw used as Actual.
    assert assault_actuals(4, 8)[:2] == (0, 8)
    assert assault_actuals(8, 6)[:2] == (8, 6)
    assert assault_actuals(9, 12)[:2] == (1, 1)  # the defender has 10 or more: divide both
    calc = calculate_close_assault([troops("a", 4, 2)], [cw("d", 3, 2)])
    assert figure(calc, "Basic Assault Differential") == 2  # 8 - 6


def test_15_4_combined_arms_text_and_example() -> None:
    two = [troops("t", 2, 7, 7, kind="tank", combat_class="armor")]
    four = [troops("t", 4, 7, 7, kind="tank", combat_class="armor")]
    # Text: one Actual point per 1-3 unsupported tank points.
    assert combined_arms_reduction(two, "text") == (2, 1)
    assert combined_arms_reduction(four, "text") == (4, 2)
    # Example: n/3 rounded half up: 2/3 -> 1, 4/3 -> 1.
    assert combined_arms_reduction(two, "example") == (2, 1)
    assert combined_arms_reduction(four, "example") == (4, 1)
    # Never more than 4 (15 unsupported: 5 groups of three).
    assert combined_arms_reduction([troops("t", 15, 7, 7, kind="tank")], "text") == (15, 4)
    # Supported by as many infantry points in the same hex: nothing; in another hex: no help.
    supported = [*four, troops("i", 4)]
    assert combined_arms_reduction(supported, "text") == (0, 0)
    elsewhere = [*four, troops("i", 4, hex="C")]
    assert combined_arms_reduction(elsewhere, "text") == (4, 2)
    # Recce and self-propelled guns are not tanks.
    assert combined_arms_reduction([troops("r", 4, 7, 7, kind="recce")], "text") == (0, 0)


@pytest.mark.parametrize(
    ("tanks", "option", "expected"),
    [
        (2, "text", 0),  # 14 Raw -> 1 Actual - 1 = 0 (the example's "reduced to zero")
        (2, "example", 0),
        (4, "text", 1),  # 28 Raw -> 3 Actual - 2 = 1 (the example prints 2)
        (4, "example", 2),  # 3 - 1 = 2, the example's number
    ],
)
def test_15_4_examples_through_the_calculation(tanks: int, option: str, expected: int) -> None:
    attackers = [troops("t", tanks, 7, 7, kind="tank", combat_class="armor")]
    calc = calculate_close_assault(
        attackers, [cw("d", 10, 2)], rulings=AssaultRulings(combined_arms=option)
    )
    assert figure(calc, "attacker Actual after Combined Arms") == expected
    assert figure(calc, "Basic Assault Differential") == expected - 2  # defender 20 Raw = 2


# --- the differential and its column shifts --------------------------------------------------


def test_15_26_six_against_eight_is_minus_2() -> None:
    calc = calculate_close_assault([troops("a", 30, 2)], [cw("d", 40, 2)])  # 60 and 80 Raw
    assert figure(calc, "Basic Assault Differential") == -2
    assert calc.shifts == ()  # 80 < 2 x 60: no 15.51
    assert (calc.basic_column, calc.column) == ("-2", "-2")
    sums_to_one(calc)


def test_15_32_mountain_moves_plus_4_to_plus_1() -> None:
    # 90 Raw (9) against 50 Raw (5): +4; 90 < 2 x 50, so no 15.51.
    calc = calculate_close_assault([troops("a", 45, 2)], [cw("d", 25, 2)], terrain=["mountain"])
    assert figure(calc, "Basic Assault Differential") == 4
    assert [s.columns for s in calc.shifts] == [-3]
    assert calc.column == "+1"


@pytest.mark.parametrize(("option", "columns"), [("example", -6), ("chart", -7)])
def test_15_35_fortification_rough_and_ridge(option: str, columns: int) -> None:
    # Level 2 Fortification (example 2, chart 3) + Rough 2 + Ridge 2.
    calc = calculate_close_assault(
        [troops("a", 30, 2)],
        [cw("d", 30, 2)],
        terrain=["rough", "fortification_2"],
        hexsides=[Hexside(("ridge",))],
        rulings=AssaultRulings(fortification=option),
    )
    assert sum(s.columns for s in calc.shifts) == columns
    # From 0, six columns left is -10..-8; seven is the end column.
    assert calc.column == {-6: "-10..-8", -7: "<=-11"}[columns]


def test_15_36_down_slope_offsets_up_escarpment() -> None:
    calc = calculate_close_assault(
        [troops("a", 30, 2)],
        [cw("d", 30, 2)],
        hexsides=[Hexside(("down_slope",)), Hexside(("up_escarpment",))],
    )
    assert sum(s.columns for s in calc.shifts) == -2  # -3 + 1
    assert calc.column == "-2"


def test_15_51_twice_the_raw_moves_plus_1_to_plus_3() -> None:
    calc = calculate_close_assault([troops("a", 12, 2)], [cw("d", 6, 2)])  # 24 against 12 Raw
    assert figure(calc, "Basic Assault Differential") == 1  # 2 - 1
    assert [(s.columns, s.case) for s in calc.shifts] == [(2, "15.51")]
    assert calc.column == "+3"
    # The defender's side of it: 12 against 24 Raw shifts 2 left.
    calc = calculate_close_assault([troops("a", 6, 2)], [cw("d", 12, 2)])
    assert [s.columns for s in calc.shifts] == [-2]


def test_15_53_organizational_size() -> None:
    calc = calculate_close_assault(
        [troops("a", 30, 2)],
        [cw("d", 30, 2)],
        attacker_levels=["division"],
        defender_levels=["battalion", "company"],
    )
    assert [(s.columns, s.case) for s in calc.shifts] == [(4, "15.52, 15.53")]
    assert calc.column == "+4"
    with pytest.raises(ValueError, match="defender_levels"):
        calculate_close_assault([troops("a", 3)], [cw("d", 3)], attacker_levels=["division"])


def test_15_54_lone_zero_rated_defender() -> None:
    howitzer = cw("how", 4, None, combat_class="gun", kind="gun")
    calc = calculate_close_assault([troops("a", 30, 2)], [howitzer])
    # 60 Raw against 0: 6 - 0 = +6; three columns to the attacker, no 15.51 (+5..+6 -> ov11-13).
    assert [(s.columns, s.case) for s in calc.shifts] == [(3, "15.54")]
    assert calc.column == "ov11-13"
    assert calc.attacker_loss == {0: 1}  # the attacker takes no casualties
    assert calc.attacker_expected.raw_lost == 0


def test_shift_stops_at_the_end_of_the_chart() -> None:
    calc = calculate_close_assault(
        [troops("a", 10, 1)], [cw("d", 100, 2)], terrain=["mountain"]
    )  # 10 Raw (1) against 200 (20): -19, then 2 (15.51) + 3 columns further left
    assert calc.column == "<=-11"
    assert "stopped at the end" in figure_note(calc, "final column")


def figure_note(calc: CloseAssaultCalculation, name: str) -> str:
    return next(f.note for f in calc.figures if f.name == name)


# --- morale: 15.6 ----------------------------------------------------------------------------


def test_15_64_final_adjusted_morale_minus_1() -> None:
    # Axis: 15th Pz (+3) and Ariete (+1) average +2 at Cohesion -4; 43 on row -4 is -2: 0.
    # CW: 2 NZ Division +1 at Cohesion +2; 63 on row +2 is 0: +1. Final 0 - (+1) = -1.
    calc = calculate_close_assault(
        [troops("a", 30, 2)],
        [cw("d", 30, 2)],
        attacker_morale=SideMorale(basic=2, cohesion=-4),
        defender_morale=SideMorale(basic=1, cohesion=2),
    )
    assert calc.column == MORALE_ROLLED
    sums_to_one(calc)
    result = read_close_assault(
        calc, 66, 66, attacker_morale_reading=43, defender_morale_reading=63
    )
    assert figure(result, "attacker Adjusted Morale") == 0
    assert figure(result, "defender Adjusted Morale") == 1
    assert figure(result, "Final Adjusted Morale") == -1
    assert result.column == "-1"  # 0 moved one column to the defender
    with pytest.raises(ValueError, match="attacker_morale_reading"):
        read_close_assault(calc, 66, 66, defender_morale_reading=63)


def test_given_adjusted_morale_is_a_column_shift() -> None:
    calc = calculate_close_assault(
        [troops("a", 30, 2)],
        [cw("d", 30, 2)],
        attacker_morale=SideMorale(adjusted=0),
        defender_morale=SideMorale(adjusted=1),
    )
    assert [(s.columns, s.case) for s in calc.shifts] == [(-1, "15.61, 15.62")]
    assert calc.column == "-1"
    assert calc.columns == {"-1": 1}


# --- exact odds and the dice: 15.7, 15.8 -----------------------------------------------------


def plus_3() -> CloseAssaultCalculation:
    # 11 TOE at Offensive 5 = 55 Raw (6 Actual) against 15 TOE at Defensive 2 = 30 Raw (3): +3,
    # and 55 < 2 x 30, so no 15.51.
    attackers = [troops("a", 11, 5, 5)]
    defenders = [cw("d", 15, 2)]
    return calculate_close_assault(attackers, defenders)


def test_plus_3_odds_and_expected_attacker_losses() -> None:
    calc = plus_3()
    assert calc.column == "+3"
    sums_to_one(calc)
    # Attacker +3: 20 % (2/36), 15 % (4/36), 10 % (6/36), 5 % (8/36), 0 (16/36).
    assert calc.attacker_loss == {
        0: Fraction(16, 36),
        5: Fraction(8, 36),
        10: Fraction(6, 36),
        15: Fraction(4, 36),
        20: Fraction(2, 36),
    }
    # Raw lost, rounded up (15.83c): 20 % of 55 = 11; 15 % = 8.25 -> 9; 10 % = 5.5 -> 6;
    # 5 % = 2.75 -> 3. Expected (2 x 11 + 4 x 9 + 6 x 6 + 8 x 3) / 36 = 118/36.
    assert calc.attacker_expected.raw_lost == Fraction(118, 36)
    # TOE points of 5 absorbing them: 3, 2, 2, 1: (2 x 3 + 4 x 2 + 6 x 2 + 8 x 1) / 36 = 34/36.
    assert calc.attacker_expected.toe_lost == Fraction(34, 36)
    assert calc.attacker_expected.toe_captured == 0  # no attacker Captured in the +3 column
    assert calc.attacker_expected.dp_chance == 0  # 3 of 11 TOE is under 30 % (15.87)
    # Engaged on sums 8, 9, 10, 12 (13/36), and only when the defender does not retreat
    # (sums 4-7 and 11 retreat: 20/36; 15.74): 13/36 x 16/36 = 13/81.
    assert calc.status["engaged"] == Fraction(13, 81)
    assert calc.retreat == {0: Fraction(16, 36), 1: Fraction(18, 36), 2: Fraction(2, 36)}
    # Defender Captured on sums 2, 3: throws 11 (25 %), 12 (20 %), 21 (15 %), all with a loss;
    # 15.89 gives 10/25/33 % 1/6 each, 50 % 1/3, 75 % 1/6.
    assert calc.defender_captured[50] == Fraction(3, 36) * Fraction(1, 3)
    assert calc.defender_captured[0] == Fraction(33, 36)


def test_15_73_example_read() -> None:
    calc = plus_3()
    # Attacker 3 and 4: read 34 -> 5 %; added 7 -> not Engaged. Defender 3 and 4 -> 1 hex.
    result = read_close_assault(calc, 34, 34)
    assert result.outcome.attacker_loss == 5
    assert result.outcome.retreat == 1
    assert not result.outcome.engaged
    assert result.attacker_raw_lost == 3  # 5 % of 55 = 2.75, rounded up
    # Defender 1 and 2: 12 -> 20 %, sum 3 -> Captured; one die 4 -> 50 % of the losses.
    result = read_close_assault(calc, 34, 12, defender_prisoner_die=4)
    assert (result.outcome.defender_loss, result.outcome.defender_captured) == (20, 50)
    assert result.defender_raw_lost == 6  # 20 % of 30 Raw, rounded down
    assert sum(loss.points for loss in result.defender_losses) == 3  # 3 TOE at 2 each
    assert result.defender_captured == 2  # 50 % of 3, rounded up (15.85)
    assert result.status == "contact"
    assert result.defender_dp == 0  # 3 of 15 TOE < 30 %
    with pytest.raises(ValueError, match="defender_prisoner_die"):
        read_close_assault(calc, 34, 12)


def test_defender_may_stand_for_10_percent_a_hex() -> None:
    calc = plus_3()
    # Defender 3 and 4: 34 is 10 % in +3 (26-42) and the sum 7 a one-hex Retreat; standing
    # instead costs another 10 % (15.82).
    result = read_close_assault(calc, 66, 34, defender_stands=True)
    assert result.outcome.defender_loss == 10
    assert result.defender_raw_lost == 6  # (10 + 10) % of 30
    assert (result.retreat, result.status) == (0, "contact")
    retreating = read_close_assault(calc, 66, 34)
    assert (retreating.defender_raw_lost, retreating.retreat) == (3, 1)
    assert retreating.status == "none"
    assert calc.defender_expected["stands"].raw_lost > calc.defender_expected["retreats"].raw_lost


def test_readings_are_checked() -> None:
    calc = plus_3()
    for bad in (17, 70, 0, 7):
        with pytest.raises(ValueError, match=f"attacker_reading: {bad}"):
            read_close_assault(calc, bad, 11)
    with pytest.raises(ValueError, match="defender_reading"):
        read_close_assault(calc, 11, 67)


def test_overrun_counts_guns_back_and_rounds_the_defender_up() -> None:
    # 130 Raw (13) against 10 Raw (1): +12 -> ov11-13; then 15.51 two more: ov17+.
    back = cw("arty", 5, 1, combat_class="gun", kind="gun", forward=False)
    calc = calculate_close_assault([troops("a", 65, 2)], [cw("d", 5, 2)], guns_back=[back])
    assert calc.column == "ov17+"
    # ov17+ defender: 11-16 is 50 %. Raw for losses 10 + 5 (guns Back, 15.84a) = 15;
    # 50 % of 15 = 7.5, rounded up in an Overrun (15.77) = 8. Sum 2 is Captured (2-8); die 1:
    # 10 % of the TOE points lost.
    result = read_close_assault(calc, 66, 11, defender_prisoner_die=1)
    assert result.defender_raw_lost == 8
    assert result.outcome.defender_captured == 10
    calc_no_guns = calculate_close_assault([troops("a", 65, 2)], [cw("d", 5, 2)])
    result = read_close_assault(calc_no_guns, 66, 11, defender_prisoner_die=1)
    assert result.defender_raw_lost == 5  # 50 % of 10


def test_15_87_three_dp_at_30_percent_of_the_committed_toe() -> None:
    calc = calculate_close_assault([troops("a", 65, 2)], [cw("d", 5, 2)])
    result = read_close_assault(calc, 66, 11, defender_prisoner_die=1)  # 50 %: 5 Raw, 3 TOE
    assert sum(loss.points for loss in result.defender_losses) == 3
    assert result.defender_dp == 3


# --- 15.29, probes -----------------------------------------------------------------------------


def test_15_29_nothing_allocated() -> None:
    pinned = cw("d", 5, 2)
    calc = calculate_close_assault([troops("a", 10)], [], not_fighting=[pinned])
    assert calc.column == NO_ASSAULT
    assert calc.outcomes[0][0].retreat == 3
    assert calc.defender_expected["retreats"].dp_chance == 1
    sums_to_one(calc)
    result = read_close_assault(calc, 11, 11)
    assert (result.retreat, result.defender_dp) == (3, 3)
    calc = calculate_close_assault([], [pinned])
    assert calc.column == NO_ASSAULT and calc.cp == () and calc.ammunition == ()


def test_15_25_probe_below_half_the_available_points() -> None:
    # A unit of 7 uses 2 here and 1 elsewhere: 3 of 7 is under 50 %: a Probe. With 3 here, 4.
    probe = calculate_close_assault(
        [troops("u", 2, 4)], [cw("d", 3)], available_toe={"u": 7}, committed_elsewhere={"u": 1}
    )
    assert probe.action == "probe"
    full = calculate_close_assault(
        [troops("u", 3)], [cw("d", 3)], available_toe={"u": 7}, committed_elsewhere={"u": 1}
    )
    assert full.action == "close_assault"
    # 15.93: Engaged results ignored and no Contact.
    assert set(probe.status) == {"none"}
    sums_to_one(probe)
    # 8 Raw against 6, both under 10 Raw: +2 (15.28). 11.23, 11.21b: 2 CP each.
    assert probe.column == "+2"
    assert {c.unit: c.cp for c in probe.cp} == {"u": 2, "d": 2}
    with pytest.raises(ValueError, match="available_toe"):
        calculate_close_assault([troops("x", 2)], [cw("d", 3)], available_toe={"u": 7})


def test_15_25_probe_threshold_ruling() -> None:
    attackers = [troops("u", 6), troops("v", 1)]  # 7 of 12 together; v uses 1 of 6
    available = {"u": 6, "v": 6}
    together = calculate_close_assault(attackers, [cw("d", 3)], available_toe=available)
    each = calculate_close_assault(
        attackers,
        [cw("d", 3)],
        available_toe=available,
        rulings=AssaultRulings(probe_threshold="each-unit"),
    )
    assert (together.action, each.action) == ("close_assault", "probe")


def test_10_31_and_15_96_probe_figures_and_cp() -> None:
    # 20 Raw (2) against 70 Raw (7): -5 (the -5..-4 column); 15.51 moves it 2 more left.
    calc = calculate_close_assault([troops("u", 10)], [cw("d", 35)], probe=True)
    assert figure(calc, "Probe satisfies the ZOC combat requirement") == "no"  # -5 < -4
    assert calc.column == "-10..-8"
    assert {c.unit: c.cp for c in calc.cp} == {"u": 2, "d": 0}  # 15.96: worse than -3
    calc = calculate_close_assault([troops("u", 20)], [cw("d", 30)], probe=True)
    assert figure(calc, "Probe satisfies the ZOC combat requirement") == "yes"  # -2


@pytest.mark.parametrize(("option", "raw_lost"), [("ten-points", 8), ("tenth", 15)])
def test_15_95_recce_probe(option: str, raw_lost: int) -> None:
    recce = [troops("r", 40, 2, 2, kind="recce", recce=True)]  # 80 Raw against 80: column 0
    calc = calculate_close_assault(
        recce, [cw("d", 40, 2)], probe=True, rulings=AssaultRulings(recce=option)
    )
    assert calc.column == "0"
    # Column 0, attacker 12 is 20 %: 'ten-points' 10 % of 80 = 8; 'tenth' 9/10 of 16 = 14.4,
    # rounded up as the attacker rounds = 15.
    assert read_close_assault(calc, 12, 66).attacker_raw_lost == raw_lost
    # Not recce-only: the full 20 % = 16.
    mixed = calculate_close_assault([*recce, troops("i", 1, 0)], [cw("d", 40, 2)], probe=True)
    assert read_close_assault(mixed, 12, 66).attacker_raw_lost == 16


# --- the combat example after 15.96 ------------------------------------------------------------


def combat_example(crusaders_left: int) -> CloseAssaultCalculation:
    setup = load_scenario(bundled_scenarios()["rules-examples"])
    classes = {c.id: c for c in setup.classes}
    systems = {w.id: w for w in setup.weapons} | {c.id: c.as_weapon_system() for c in setup.classes}
    units = {u.id: u for u in setup.units}

    def of(unit_id: str, **points: int) -> list[Element]:
        return elements_of(units[unit_id], classes, systems, points=points or None)

    axis = [*of("de.ex.kg_inf_bn_1"), *of("de.ex.kg_inf_bn_2"), *of("de.ex.c_inf_bn")]
    cw_defence = [
        *of("cw.ex.motor_inf_bn"),
        *of("cw.ex.crusader_bn", **{"cw.crusader_ii": crusaders_left}),
    ]
    return calculate_close_assault(
        axis,
        cw_defence,
        not_fighting=of("cw.ex.stuart_bn"),  # pinned by the barrage (15.12)
        guns_back=of("cw.ex.25pdr_regt"),  # Back: only in an Overrun (15.13)
        terrain=["rough"],
        attacker_morale=SideMorale(basic=2, cohesion=-2),
        defender_morale=SideMorale(basic=1, cohesion=-3),
        phasing_units=[(u.id, u.location) for u in setup.units if u.location in ("B", "C")],
        non_phasing_units=[(u.id, "A") for u in setup.units if u.location == "A"],
    )


def test_combat_example_assault_as_the_example_counts_the_crusaders() -> None:
    # The example removes 2 of 7 Crusaders to anti-armor fire: 5 left with the 5-point
    # motorized infantry battalion. Axis: 3 battalions x 7 TOE x 2 = 42 Raw -> 4 Actual.
    # CW: 5 x 2 + 5 x 4 = 30 Raw -> 3 Actual; 5 tanks supported by 5 infantry (15.4).
    calc = combat_example(5)
    assert figure(calc, "attacker Raw Offensive Close Assault points") == 42
    assert figure(calc, "attacker Actual Close Assault points") == 4
    assert figure(calc, "defender Raw Defensive Close Assault points") == 30
    assert figure(calc, "defender Actual Close Assault points") == 3
    assert figure(calc, "Basic Assault Differential") == 1
    # Rough: 2 columns to the defender; 42 < 2 x 30 (no 15.51): -1 before morale.
    assert [s.columns for s in calc.shifts] == [-2]
    # Morale (17.4): Axis +2 at -2: 0 (11-46, 24/36), -1 (51-56, 6/36), -2 (61-66, 6/36) ->
    # +2, +1, 0 with 2/3, 1/6, 1/6. CW +1 at -3: 0 (20/36), -1 (43-46, 4/36), -2 (51-66,
    # 12/36) -> +1, 0, -1 with 5/9, 1/9, 1/3. Final A - C, in 54ths: -1: 5, 0: 6, +1: 24,
    # +2: 7, +3: 12; from +1 with -2: columns -2, -1, 0, +1, +2.
    assert calc.columns == {
        "-2": Fraction(5, 54),
        "-1": Fraction(6, 54),
        "0": Fraction(24, 54),
        "+1": Fraction(7, 54),
        "+2": Fraction(12, 54),
    }
    sums_to_one(calc)
    # Raw for the defender's losses adds the pinned Stuarts: 30 + 8 x 4 = 62 (15.83b).
    assert figure(calc, "defender Raw points for losses") == 62
    # 11.25: every unit in hexes B and C pays 5; all five CW units in A pay 3 (no column is
    # -4 or worse).
    assert {c.cp for c in calc.cp if c.hex in ("B", "C")} == {5}
    assert len([c for c in calc.cp if c.hex in ("B", "C")]) == 6
    assert {c.unit: c.cp for c in calc.cp if c.hex == "A"} == {
        "cw.ex.stuart_bn": 3,
        "cw.ex.crusader_bn": 3,
        "cw.ex.motor_inf_bn": 3,
        "cw.ex.2pdr_at_regt": 3,
        "cw.ex.25pdr_regt": 3,
    }
    # 50.2: infantry 1 a point (21 + 5), Crusaders 2 a point (10).
    assert sum(a.points for a in calc.ammunition) == 21 + 5 + 10
    json.dumps(calc.as_json())


def test_combat_example_with_the_chart_crusader_armor() -> None:
    # Ruling example-of-combat-crusader-armor 'chart': one Crusader lost, 6 left: 5 x 2 + 6 x 4
    # = 34 Raw -> 3 Actual, less 1 for the one unsupported tank (15.4 'text'): 2; +2 before
    # terrain and morale.
    calc = combat_example(6)
    assert figure(calc, "defender Actual after Combined Arms") == 2
    assert figure(calc, "Basic Assault Differential") == 2


def test_results_as_json() -> None:
    calc = plus_3()
    data = json.loads(json.dumps(calc.as_json()))
    assert data["column"] == "+3"
    assert data["outcomes"][0]["probability"]
    assert data["attacker_expected"]["raw_lost"] == "59/18"
    result = json.loads(json.dumps(read_close_assault(calc, 34, 34).as_json()))
    assert result["outcome"]["retreat"] == 1


def test_reroll_gap_ruling() -> None:
    # 50 Raw (5) against 30 (3): +2, no 15.51 (50 < 60).
    calc = calculate_close_assault(
        [troops("a", 10, 5)], [cw("d", 15, 2)], rulings=AssaultRulings(defender_gap="reroll")
    )
    assert calc.column == "+2"
    sums_to_one(calc)
    # 33 throws left: 10 % at 24-26, 31-33 (6 of 33).
    assert calc.defender_loss[10] == Fraction(6, 33)
    with pytest.raises(ValueError, match="defender_reading: 35"):
        read_close_assault(calc, 11, 35)
    default = calculate_close_assault([troops("a", 10, 5)], [cw("d", 15, 2)])
    assert default.defender_loss[10] == Fraction(9, 36)  # 24-26, 31-36
    assert read_close_assault(default, 11, 35).outcome.defender_loss == 10
