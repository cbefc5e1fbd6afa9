"""Unit size: chart 9.4 levels, shells (9.26-9.28, 15.55), the 15.53 column shift and 8.54.

Worked examples from the cases first, on small made-up formations; then the Graziani set-up
(60.22), whose expected figures were worked out from the OA sheets of the reference extract.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ledger.io.scenario import bundled_scenarios, load_scenario
from ledger.model.apply import start
from ledger.model.clock import GameTime
from ledger.model.events import GameStarted
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.model.units import Ratings, TOEHolding, Unit, UnitClass
from ledger.rules.unit_size import (
    LEVELS,
    Level,
    SizeRulings,
    level_of_stacking_points,
    may_be_assigned,
    may_pin,
    organizational_shift,
    printed_level,
    shell_counts_as,
    size_difference_columns,
    size_report,
    size_reports,
    stacking_chart,
    tier,
)

HQ = UnitClass("t.hq", "a", "headquarters", 10, Ratings())
INFANTRY = UnitClass("t.inf", "m", "infantry", 8, Ratings(), max_toe=10)
INFANTRY_100 = UnitClass("t.inf100", "m", "infantry", 8, Ratings(), max_toe=100)
ARTILLERY_100 = UnitClass("t.art100", "x", "artillery", 0, Ratings(), max_toe=100)
FIELD_REGIMENT = UnitClass("t.fld", "x", "artillery", 0, Ratings(), max_toe=6)  # like cw.x
CLASSES = {c.id: c for c in (HQ, INFANTRY, INFANTRY_100, ARTILLERY_100, FIELD_REGIMENT)}

MINI = Path(__file__).resolve().parents[1] / "fixtures" / "mini.toml"
SP = {"division": 5, "super_brigade": 3, "brigade": 2, "battalion": 1, "company": 0}


def counter(
    uid: str, level: Level, *, class_id: str | None = None, toe: int | None = None, **kw: object
) -> Unit:
    """A test counter of ``level`` (printed Stacking Points of chart 9.4); HQ class above
    battalion, full-strength infantry otherwise."""
    class_id = class_id or ("t.hq" if SP[level] >= 2 else "t.inf")
    points = toe if toe is not None else (CLASSES[class_id].max_toe or 0)
    holding = (TOEHolding(class_id, points),) if points else ()
    unit = Unit(uid, uid, uid, "commonwealth", "british", level, class_id, holding)
    return replace(unit, stacking_points=SP[level], **kw)


def world(base: GameState, *units: Unit, **choices: str) -> GameState:
    """``base`` (the mini scenario at GT 1) with only ``units`` and the test classes."""
    return replace(
        base,
        units={u.id: u for u in units},
        classes=CLASSES,
        ruling_choices={**base.ruling_choices, **choices},
    )


@cache
def mini() -> GameState:
    """The mini scenario at its start, for the property test (hypothesis re-runs its body, so
    it cannot take a function-scoped fixture)."""
    setup = load_scenario(MINI)
    return start(GameStarted(Source(setup.info.start), setup))


def brigade(name: str, parent: str | None, battalions: int = 3, **kw: object) -> list[Unit]:
    """A brigade HQ with ``battalions`` full battalions assigned (``max_assigned`` as given)."""
    kw.setdefault("max_assigned", 3)
    hq = counter(name, "brigade", parent=parent, **kw)
    return [hq, *(counter(f"{name}.{i}", "battalion", parent=name) for i in range(battalions))]


# --- chart 9.4, 9.22, 9.23 ----------------------------------------------------------------------
def test_chart_9_4_levels_by_stacking_points() -> None:
    assert [level_of_stacking_points(p) for p in (5, 3, 2, 1, 0)] == list(LEVELS)
    assert level_of_stacking_points(4) is None and level_of_stacking_points(6) is None
    assert [tier(level) for level in LEVELS] == [3, 2, 2, 1, 0]
    assert stacking_chart()["super_brigade"].stacking_points == 3


def test_9_28_a_shell_counts_one_level_lower_as_chart_9_4_notes() -> None:
    assert shell_counts_as("division") == "super_brigade"  # the "3-point brigade" row
    assert shell_counts_as("super_brigade") == "battalion"
    assert shell_counts_as("brigade") == "battalion"
    assert shell_counts_as("battalion") == "company"
    with pytest.raises(ValueError, match=r"9\.28"):
        shell_counts_as("company")


def test_9_22_stacking_points_decide_not_the_name_and_echelon_is_the_fallback() -> None:
    # the 7th Rifle Brigade: a battalion-sized unit called a brigade (9.22)
    rifles = replace(counter("7 RflBde", "battalion"), echelon="brigade")
    assert printed_level(rifles) == "battalion"
    unprinted = replace(counter("Matruh", "brigade"), stacking_points=None)
    assert printed_level(unprinted) == "brigade"
    assert printed_level(replace(unprinted, echelon="corps")) is None
    assert printed_level(replace(rifles, stacking_points=4)) is None


# --- 9.26, 9.27, 15.55: divisions --------------------------------------------------------------
def test_9_26_two_brigade_division_with_one_brigade_is_a_shell(mini_state: GameState) -> None:
    div = counter("div", "division", max_assigned=2)
    state = world(mini_state, div, *brigade("1 Bde", "div"), *brigade("2 Bde", None))
    report = size_report(state, "div")
    assert (report.shell, report.counted, report.needed, report.of) == (True, 1, 2, 2)
    assert report.effective == "super_brigade" and "9.26" in report.reason
    both = world(mini_state, div, *brigade("1 Bde", "div"), *brigade("2 Bde", "div"))
    assert not size_report(both, "div").shell
    assert size_report(both, "div").effective == "division"


def test_9_26_exactly_half_is_a_shell_more_than_half_is_not(mini_state: GameState) -> None:
    div = counter("div", "division", max_assigned=4)
    two = [*brigade("1 Bde", "div"), *brigade("2 Bde", "div")]
    assert size_report(world(mini_state, div, *two), "div").shell  # 2 of 4: 50 % or less
    three = world(mini_state, div, *two, *brigade("3 Bde", "div"))
    assert not size_report(three, "div").shell  # 3 of 4


def test_9_27_three_brigade_division_with_two_brigade_shells_is_a_shell(
    mini_state: GameState,
) -> None:
    div = counter("div", "division", max_assigned=3)
    units = [*brigade("1 Bde", "div"), *brigade("2 Bde", "div", 1), *brigade("3 Bde", "div", 1)]
    state = world(mini_state, div, *units)
    assert [size_report(state, f"{n} Bde").shell for n in (1, 2, 3)] == [False, True, True]
    report = size_report(state, "div")
    assert (report.shell, report.counted) == (True, 1)


def test_15_55_cw_division_with_nine_battalions_and_no_brigade_hq_is_a_shell(
    mini_state: GameState,
) -> None:
    div = counter("div", "division", max_assigned=3)
    battalions = [counter(f"bn{i}", "battalion", attached_to="div") for i in range(9)]
    report = size_report(world(mini_state, div, *battalions), "div")
    assert (report.shell, report.counted, report.effective) == (True, 0, "super_brigade")


def test_9_21_detached_brigades_do_not_count_attached_ones_do(mini_state: GameState) -> None:
    div = counter("div", "division", max_assigned=2)
    first = brigade("1 Bde", "div")
    second = brigade("2 Bde", "div", detached=True)
    assert size_report(world(mini_state, div, *first, *second), "div").shell
    lent = brigade("9 Bde", "other", attached_to="div")  # another division's brigade, attached
    assert not size_report(world(mini_state, div, *first, *second, *lent), "div").shell


# --- 9.26: brigades and battalions ---------------------------------------------------------------
@pytest.mark.parametrize(
    ("allowed", "with_it", "shell"),
    [(3, 3, False), (3, 2, False), (3, 1, True), (4, 3, False), (4, 2, True), (5, 3, True)],
)
def test_9_26_a_brigade_needs_two_thirds_of_its_battalions(
    mini_state: GameState, allowed: int, with_it: int, shell: bool
) -> None:
    state = world(mini_state, *brigade("Bde", None, with_it, max_assigned=allowed))
    report = size_report(state, "Bde")
    assert (report.shell, report.counted, report.of) == (shell, with_it, allowed)
    assert report.effective == ("battalion" if shell else "brigade")


def test_9_26_two_battalion_brigade_exception(mini_state: GameState) -> None:
    hq = counter("Bde", "brigade", max_assigned=2)
    full = counter("A", "battalion", parent="Bde")
    weak = counter("B", "battalion", parent="Bde", toe=4)  # 4 of 10: a shell
    one_whole = size_report(world(mini_state, hq, full, weak), "Bde")
    assert not one_whole.shell and "exception" in one_whole.reason
    both_weak = world(mini_state, hq, weak, replace(weak, id="C"))
    assert size_report(both_weak, "Bde").shell
    assert size_report(world(mini_state, hq, full), "Bde").shell  # one of two


@pytest.mark.parametrize(
    ("class_id", "points", "shell"),
    [
        ("t.inf100", 49, True),
        ("t.inf100", 50, False),
        ("t.inf", 4, True),
        ("t.inf", 5, False),
        ("t.art100", 24, True),
        ("t.art100", 25, False),
        ("t.fld", 1, True),  # 1 of 6 is 17 %
        ("t.fld", 2, False),  # 2 of 6 is 33 %: an artillery unit holds on to 25 %
    ],
)
def test_9_26_battalion_shell_below_half_its_max_toe_artillery_below_a_quarter(
    mini_state: GameState, class_id: str, points: int, shell: bool
) -> None:
    bn = counter("bn", "battalion", class_id=class_id, toe=points)
    report = size_report(world(mini_state, bn), "bn")
    assert (report.shell, report.counted, report.of) == (shell, points, CLASSES[class_id].max_toe)
    assert report.effective == ("company" if shell else "battalion")


def test_a_company_is_never_a_shell(mini_state: GameState) -> None:
    report = size_report(world(mini_state, counter("coy", "company", toe=1)), "coy")
    assert (report.shell, report.effective) == (False, "company")


def test_9_12_an_hq_with_no_combat_units_counts_as_a_company(mini_state: GameState) -> None:
    report = size_report(world(mini_state, counter("div", "division", max_assigned=3)), "div")
    assert report.shell and report.effective == "company" and "9.12" in report.reason


# --- rulings 9.26-may-be-assigned and 9.26-no-subordinates ---------------------------------------
def test_without_max_assigned_the_scenario_units_count_even_if_not_yet_arrived(
    mini_state: GameState,
) -> None:
    later = GameTime(5, 1)
    units = [
        counter("Bde", "brigade"),
        counter("A", "battalion", parent="Bde"),
        counter("B", "battalion", parent="Bde", arrival=later),
        counter("C", "battalion", parent="Bde", arrival=later),
        counter("coy", "company", parent="Bde"),  # not a battalion: not counted
    ]
    state = world(mini_state, *units)
    assert may_be_assigned(state, state.units["Bde"]) == 3
    assert size_report(state, "Bde").shell  # 1 of 3
    assert not size_report(replace(state, clock=later), "Bde").shell
    off = world(mini_state, *units, **{"9.26-may-be-assigned": "not-judged"})
    assert may_be_assigned(off, off.units["Bde"]) is None
    assert not size_report(off, "Bde").shell


def test_a_brigade_counter_with_nothing_assigned_is_judged_by_its_toe(
    mini_state: GameState,
) -> None:
    regiment = counter("54 Terr", "brigade", class_id="t.inf", toe=4)  # like it.m, 4 of 10
    report = size_report(world(mini_state, regiment), "54 Terr")
    assert (report.shell, report.effective, report.counted) == (True, "battalion", 4)
    never = world(mini_state, regiment, **{"9.26-no-subordinates": "never-shell"})
    assert not size_report(never, "54 Terr").shell


def test_unknown_ruling_option_is_refused() -> None:
    with pytest.raises(ValueError, match=r"9\.26-no-subordinates"):
        SizeRulings(no_subordinates="sometimes")


# --- 15.52, 15.53 -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("larger", "smaller", "columns"),
    [
        ("division", "super_brigade", 1),
        ("division", "brigade", 2),
        ("division", "battalion", 4),
        ("division", "company", 8),
        ("super_brigade", "battalion", 2),
        ("brigade", "battalion", 2),
        ("super_brigade", "company", 4),
        ("brigade", "company", 4),
        ("battalion", "company", 2),
        ("division", "division", 0),
        ("brigade", "brigade", 0),
        ("super_brigade", "brigade", 0),
        ("battalion", "battalion", 0),
        ("company", "company", 0),
    ],
)
def test_15_53_every_line_of_the_table(larger: Level, smaller: Level, columns: int) -> None:
    assert size_difference_columns(larger, smaller) == columns
    shift = organizational_shift([larger, "company"], [smaller])
    assert (shift.columns, shift.signed) == (columns, columns)
    assert shift.favours == ("attacker" if columns else None)
    back = organizational_shift([smaller], [larger, "company"])
    assert (back.signed, back.favours) == (-columns, "defender" if columns else None)


def test_15_53_three_point_against_two_point_brigade_by_ruling() -> None:
    assert size_difference_columns("super_brigade", "brigade") == 0
    house = SizeRulings(brigade_sizes="one-column")
    assert organizational_shift(["brigade"], ["super_brigade"], house).signed == -1
    with pytest.raises(ValueError, match=r"15\.53"):
        size_difference_columns("battalion", "division")
    with pytest.raises(ValueError, match=r"15\.52"):
        organizational_shift([], ["battalion"])


@given(st.lists(st.sampled_from(LEVELS), min_size=1), st.lists(st.sampled_from(LEVELS), min_size=1))
def test_15_53_the_shift_is_the_same_seen_from_either_side(
    ours: list[Level], theirs: list[Level]
) -> None:
    assert organizational_shift(ours, theirs).signed == -organizational_shift(theirs, ours).signed


# --- 8.54 ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("pinning", "pinned", "allowed"),
    [
        ("battalion", "division", False),
        ("battalion", "super_brigade", True),  # e.g. a division shell (9.28)
        ("battalion", "brigade", True),
        ("company", "division", False),
        ("company", "super_brigade", False),
        ("company", "brigade", False),
        ("company", "battalion", True),
        ("company", "company", True),
        ("brigade", "division", True),
        ("division", "company", True),
    ],
)
def test_8_54_who_may_pin_whom(pinning: Level, pinned: Level, allowed: bool) -> None:
    assert may_pin(pinning, pinned) is allowed


# --- property: a shell drops exactly one rung ----------------------------------------------------
@given(
    allowed=st.integers(1, 4),
    brigades=st.lists(
        st.tuples(st.integers(1, 4), st.lists(st.integers(0, 10), max_size=4)), max_size=4
    ),
)
def test_a_shell_is_exactly_one_rung_below_its_printed_level(
    allowed: int, brigades: list[tuple[int, list[int]]]
) -> None:
    units = [counter("div", "division", max_assigned=allowed)]
    for b, (bn_allowed, toes) in enumerate(brigades):
        units.append(counter(f"b{b}", "brigade", parent="div", max_assigned=bn_allowed))
        units += [
            counter(f"b{b}.{i}", "battalion", parent=f"b{b}", toe=t) for i, t in enumerate(toes)
        ]
    has_combat = {f"b{b}": bool(toes) for b, (_, toes) in enumerate(brigades)}
    has_combat["div"] = any(has_combat.values())
    for uid, report in size_reports(world(mini(), *units)).items():
        if not has_combat.get(uid, True):
            continue  # an HQ alone counts as a company (9.12), whatever its shell status
        drop = 1 if report.shell else 0
        assert tier(report.effective) == tier(report.printed) - drop, report


# --- Graziani's Offensive (60.22) ---------------------------------------------------------------
MARMARICA = "it.62_marmarica_div.62nd_marmarica_div_hq"
SEVENTH_ARMOURED = "cw.7_armd_div.7th_armored_div_hq"
NZ_DIVISION = "cw.2_nz_div.2nd_new_zealand_div_hq"
TANK_COMMAND = "it.libyan_tank_command.libyan_tank_command_hq"


@pytest.fixture(scope="module")
def graziani() -> GameState:
    setup = load_scenario(bundled_scenarios()["graziani"])
    return start(GameStarted(Source(setup.info.start), setup))


def test_graziani_a_full_italian_division_is_not_a_shell(graziani: GameState) -> None:
    # OA sheet: 115th and 116th Infantry Regt HQs, three it.u battalions each at TOE 7 of 7
    report = size_report(graziani, MARMARICA)
    assert (report.shell, report.counted, report.of, report.effective) == (
        False, 2, 2, "division",
    )  # fmt: skip
    regiment = size_report(graziani, "it.62_marmarica_div.115th_infantry_regt_hq")
    assert (regiment.shell, regiment.counted, regiment.of) == (False, 3, 3)


def test_graziani_a_division_whose_regiment_is_detached_becomes_a_shell(
    graziani: GameState,
) -> None:
    regiment = graziani.units["it.62_marmarica_div.115th_infantry_regt_hq"]
    state = replace(
        graziani, units={**graziani.units, regiment.id: replace(regiment, detached=True)}
    )
    report = size_report(state, MARMARICA)
    assert (report.shell, report.counted, report.effective) == (True, 1, "super_brigade")
    # 15.53: the reduced division against the intact 63rd Cirene: one column to the Cirene
    cirene = size_report(state, "it.63_cirene_div.63rd_cirene_div_hq").effective
    assert organizational_shift([report.effective], [cirene]).signed == -1


def test_graziani_7th_armoured_starts_a_shell(graziani: GameState) -> None:
    # set-up 'Det': 1 RTR (7th Armd Bde) and the five battalions of the 7th Support Group are
    # away; 4th Armd Bde keeps 6 RTR and 7 Hus (TOE 10 of 10 each), 7th Armd Bde only 8 Hus
    reports = size_reports(graziani, "commonwealth")
    assert not reports["cw.7_armd_div.4th_armored_bde_hq"].shell
    assert reports["cw.7_armd_div.7th_armored_bde_hq"].shell  # 1 of 2
    support = reports["cw.7_armd_div.7th_support_group_hq"]
    assert (support.shell, support.counted, support.of, support.effective) == (
        True, 0, 5, "company",
    )  # fmt: skip
    division = reports[SEVENTH_ARMOURED]
    assert (division.shell, division.counted, division.of) == (True, 1, 3)
    assert division.effective == "super_brigade"
    # 8.54: a shell division may be pinned by a battalion; the 62nd Marmarica may not be
    assert may_pin("battalion", division.effective)
    assert not may_pin("battalion", size_report(graziani, MARMARICA).effective)


def test_graziani_2nd_nz_division_is_a_shell_until_its_6th_brigade_arrives(
    graziani: GameState,
) -> None:
    # OA sheet: 4th, 5th (GT 35) and 6th (GT 6 OpStage 3) NZ Bdes may be assigned
    assert graziani.units[NZ_DIVISION].max_assigned == 3
    assert size_report(graziani, NZ_DIVISION).shell  # only the 4th NZ Bde: 1 of 3
    later = replace(graziani, clock=GameTime(6, 3))
    report = size_report(later, NZ_DIVISION)
    assert (report.shell, report.counted) == (False, 2)


def test_graziani_the_libyan_tank_command_is_a_shell_of_two_shell_regiments(
    graziani: GameState,
) -> None:
    # three of Aresca's four and two of Trivioli's five tank battalions are attached to
    # infantry divisions at the start (60.31)
    aresca = size_report(graziani, "it.libyan_tank_command.aresca_1st_regt_hq")
    trivioli = size_report(graziani, "it.libyan_tank_command.trivioli_2nd_regt_hq")
    assert (aresca.counted, aresca.of, aresca.shell) == (1, 4, True)
    assert (trivioli.counted, trivioli.of, trivioli.shell) == (3, 5, True)  # 3 < 2/3 of 5
    assert trivioli.printed == "super_brigade" and trivioli.effective == "battalion"
    command = size_report(graziani, TANK_COMMAND)
    assert (command.shell, command.counted, command.effective) == (True, 0, "super_brigade")


def test_graziani_the_meharisti_are_a_shell_but_the_saharan_detachment_holds(
    graziani: GameState,
) -> None:
    camels = size_report(graziani, "it.sahara_det.meharisiti_camel_cavalry")
    assert (camels.shell, camels.counted, camels.of, camels.effective) == (True, 2, 5, "company")
    detachment = size_report(graziani, "it.sahara_det.saharan_detachment_hq")
    assert (detachment.shell, detachment.counted, detachment.of) == (False, 4, 5)


def test_graziani_every_unit_in_play_has_a_size(graziani: GameState) -> None:
    reports = size_reports(graziani)
    assert len(reports) == len(graziani.units_in_play()) == 285
    shells = sorted(uid for uid, r in reports.items() if r.shell)
    assert shells == [
        "cw.2_nz_div.2nd_new_zealand_div_hq",
        "cw.7_armd_div.7th_armored_bde_hq",
        "cw.7_armd_div.7th_armored_div_hq",
        "cw.7_armd_div.7th_support_group_hq",
        "it.libyan_tank_command.aresca_1st_regt_hq",
        "it.libyan_tank_command.libyan_tank_command_hq",
        "it.libyan_tank_command.trivioli_2nd_regt_hq",
        "it.sahara_det.meharisiti_camel_cavalry",
    ]
