"""Breakdown checks and repairs (ledger/commands/breakdown_log.py) with worked numbers from chart 21.38.

3 RTR (tests/fixtures/armor.toml) holds 20 Crusader Mk.I (BAR 1R) and 4 Mark VI Light (BAR 0).
Two moves give it 15 + 20 = 35 BP (21.23 example, then track rough + wadi 8, gravel 6, clear 4,
delta 2), in Hot weather (one column right, 29.33): the 21.34 example's Crusader check.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from ledger.commands import organization_phase
from ledger.commands.breakdown_log import breakdown_check, breakdown_rows, repair, type_checks
from ledger.commands.movement import move_unit
from ledger.commands.stage_end import end_stage
from ledger.journal.codec import decode, encode
from ledger.model.apply import unapply
from ledger.model.events import (
    BreakdownChecked,
    BreakdownPointsCleared,
    BrokenDown,
    VehiclesRepaired,
)
from ledger.model.state import GameState
from ledger.model.units import TOEHolding
from ledger.reports.event_log import describe
from ledger.reports.tables import units
from tests.phases import at_last_phase

from .test_movement import EXAMPLE_21_23, RNF, RTR, armor_state, errors, run, src

SECOND_LEG = "track:rough+wadi,gravel,clear,delta"  # 8 + 6 + 4 + 2 = 20 BP


def at_35_bp(*, hot: bool = True) -> GameState:
    state = armor_state(hot=hot)
    state = run(state, move_unit(state, RTR, "C3720", Fraction(8), EXAMPLE_21_23, src(state)))
    return run(state, move_unit(state, RTR, "C3619", Fraction(8), SECOND_LEG, src(state)))


def test_each_vehicle_type_reads_its_column_with_exact_odds() -> None:
    state = at_35_bp()
    crusader, mark_vi = breakdown_rows(state, RTR)
    assert crusader["breakdown_points"] == 35 and crusader["due"]
    # 35 BP → 31-40; BAR 1R and Hot → two right: 51-60 (the 21.34 example)
    assert crusader["column"] == "51-60"
    # 51-60: 0 % on 11-14 (4 readings), 10 % 15-42 (16), 25 % 43-54 (8), 33 % 55-63 (5),
    # 50 % 64-65 (2), 75 % 66 (1); of 20 points: 0, 2, 5, 7 (a third, rounded up), 10, 15
    assert crusader["odds"] == {
        0: Fraction(4, 36),
        2: Fraction(16, 36),
        5: Fraction(8, 36),
        7: Fraction(5, 36),
        10: Fraction(2, 36),
        15: Fraction(1, 36),
    }
    # Mark VI: BAR 0, Hot → 41-50: 0 % 11-16 (6), 10 % 21-46 (18), 25 % 51-56 (6), 33 % 61-63
    # (3), 50 % 64-65 (2), 75 % 66 (1); of 4 points: 10 % and 25 % round up to 1, 33 % and 50 %
    # to 2, 75 % to 3
    assert mark_vi["column"] == "41-50"
    assert mark_vi["odds"] == {
        0: Fraction(6, 36),
        1: Fraction(24, 36),
        2: Fraction(5, 36),
        3: Fraction(1, 36),
    }
    # without the Hot weather both read one column further left
    assert [r["column"] for r in breakdown_rows(at_35_bp(hot=False), RTR)] == ["41-50", "31-40"]
    # a Sandstorm in the unit's map sections moves them right again (21.37d)
    storm = breakdown_rows(at_35_bp(hot=False), RTR, sandstorm=True)
    assert [r["column"] for r in storm] == ["51-60", "41-50"]


def test_the_21_34_check_breaks_down_seven_crusaders() -> None:
    state = at_35_bp()
    outcome = breakdown_check(state, RTR, [61, 46], src(state))
    (checked,) = outcome.events
    assert isinstance(checked, BreakdownChecked)
    # Crusaders on 51-60 read 61 → 33 % of 20 → 6⅔ → 7 (21.34, 21.35); Mark VI on 41-50 read
    # 46 → 10 % of 4 → 0.4 → 1
    assert checked.results == (
        BrokenDown("cw.crusader_i", 20, "51-60", 61, 33, 7),
        BrokenDown("cw.mk_vi_light", 4, "41-50", 46, 10, 1),
    )
    after = run(state, outcome)
    unit = after.units[RTR]
    assert unit.toe == (TOEHolding("cw.crusader_i", 13), TOEHolding("cw.mk_vi_light", 3))
    assert unit.awaiting_repair == (
        TOEHolding("cw.crusader_i", 7),
        TOEHolding("cw.mk_vi_light", 1),
    )
    assert (unit.breakdown_points, unit.breakdown_checked_at) == (35, 35)  # BP stay (21.26)
    assert describe(checked, state) == (
        "3rd Royal Tank Regt checks at 35 BP: Crusader Mk.I 51-60 61: 33 % → 7 broken down; "
        "Mark VI Light 41-50 46: 10 % → 1 broken down (21.34)"
    )
    assert decode(encode(checked)) == checked
    assert unapply(after, checked) == state
    row = next(r for r in units(after) if r["id"] == RTR)
    assert (row["breakdown_points"], row["awaiting_repair"], row["toe_points"]) == (35, 8, 16)


def test_a_low_reading_breaks_nothing_down() -> None:
    state = at_35_bp()
    # 11 is 0 % on both columns
    after = run(state, breakdown_check(state, RTR, [11, 11], src(state)))
    assert after.units[RTR].awaiting_repair == ()
    assert after.units[RTR].toe == state.units[RTR].toe


def test_a_check_is_refused_when_not_due_or_badly_rolled() -> None:
    state = at_35_bp()
    text = errors(breakdown_check(state, RTR, [61], src(state)))
    assert "one reading per vehicle type due, in this order: Crusader Mk.I (51-60), " in text
    assert "Mark VI Light (41-50); 1 given (21.34)" in text
    text = errors(breakdown_check(state, RTR, [61, 67], src(state)))
    assert "--roll: Mark VI Light:" in text and "(21.34)" in text
    assert "no vehicles with a BAR" in errors(breakdown_check(state, RNF, [], src(state)))
    fresh = armor_state()
    three = run(fresh, move_unit(fresh, RTR, "C3720", Fraction(1), "road:clear", src(fresh)))
    assert "has 1/2 BP: no check at 3 or fewer (21.27)" in errors(
        breakdown_check(three, RTR, [], src(three))
    )
    repairing = run(state, organization_phase.advance_phase(state, "repair/A", src(state)))
    assert "Breakdown Determination Segment" in errors(
        breakdown_check(repairing, RTR, [61, 46], src(repairing))
    )


def test_a_unit_checks_again_only_on_a_column_further_right() -> None:
    state = run(at_35_bp(), breakdown_check(at_35_bp(), RTR, [61, 46], src(at_35_bp())))
    # 21.26: at 35 BP again, no check
    assert (
        "checked at 35 BP and has 35: it checks again only on a column further right (21.26)"
        in (errors(breakdown_check(state, RTR, [11, 11], src(state))))
    )
    # 35½ BP (one more road hex) round up to 36, still 31-40 (21.31)
    half_more = replace(state.units[RTR], breakdown_points=Fraction(71, 2))
    assert not any(c.due for c in type_checks(state, half_more))
    # a road hex and a rough hex: 35 + ½ + 8 = 43½ → 44 BP, 41-50: both types one column right
    # (fuel: one group of five CP, 3 x 13 + 1 x 3 = 42 of the 44 left)
    state = run(state, move_unit(state, RTR, "C3617", Fraction(4), "road:clear,rough", src(state)))
    crusader, mark_vi = breakdown_rows(state, RTR)
    assert (crusader["column"], crusader["due"], crusader["toe_points"]) == ("61-70", True, 13)
    assert (mark_vi["column"], mark_vi["due"], mark_vi["toe_points"]) == ("51-60", True, 3)
    # 61-70, reading 34 → 25 % of 13 = 3¼ → 4; 51-60 reading 14 → 0 %
    again = run(state, breakdown_check(state, RTR, [34, 14], src(state)))
    assert again.units[RTR].awaiting_repair == (
        TOEHolding("cw.crusader_i", 11),
        TOEHolding("cw.mk_vi_light", 1),
    )


def test_the_breakdown_points_last_one_operations_stage() -> None:
    state = run(at_35_bp(), breakdown_check(at_35_bp(), RTR, [61, 46], src(at_35_bp())))
    state = at_last_phase(state)  # 5.2: the stage ends from its last phase
    outcome = end_stage(state, src(state))
    cleared = next(e for e in outcome.events if isinstance(e, BreakdownPointsCleared))
    assert cleared.cleared == ((RTR, Fraction(35), Fraction(35)),)
    assert cleared.source.app_made
    assert describe(cleared) == "Breakdown Points back to 0 for 1 unit(s) (21.25)"
    after = run(state, outcome)
    unit = after.units[RTR]
    assert (unit.breakdown_points, unit.breakdown_checked_at) == (0, None)
    assert unit.awaiting_repair[0].points == 7  # broken-down vehicles wait for repair
    back = after
    for event in reversed(outcome.events):
        back = unapply(back, event)  # type: ignore[arg-type]
    assert back == state


def test_repairs_return_points_to_the_toe_in_the_repair_phase() -> None:
    state = run(at_35_bp(), breakdown_check(at_35_bp(), RTR, [61, 46], src(at_35_bp())))
    assert "repairs are recorded in a Repair Phase" in errors(
        repair(state, RTR, "Crusader Mk.I", 4, src(state))
    )
    state = run(state, organization_phase.advance_phase(state, "repair/A", src(state)))
    outcome = repair(state, RTR, "crusader mk.i", 4, src(state))
    (repaired,) = outcome.events
    assert repaired == VehiclesRepaired(src(state), RTR, "cw.crusader_i", 4)
    assert describe(repaired, state) == "3rd Royal Tank Regt: 4 Crusader Mk.I repaired"
    after = run(state, outcome)
    unit = after.units[RTR]
    assert unit.toe[0] == TOEHolding("cw.crusader_i", 13 + 4)
    assert unit.awaiting_repair[0] == TOEHolding("cw.crusader_i", 7 - 4)
    assert "3 TOE Strength Points of Crusader Mk.I await repair; 4 given" in errors(
        repair(after, RTR, "cw.crusader_i", 4, src(after))
    )
    assert "awaiting: Crusader Mk.I 3, Mark VI Light 1" in (
        errors(repair(after, RTR, "Matilda", 1, src(after)))
    )
    # the last Mark VI: the awaiting-repair line goes, the TOE is whole again
    whole = run(after, repair(after, RTR, "cw.mk_vi_light", 1, src(after)))
    assert whole.units[RTR].awaiting_repair == (TOEHolding("cw.crusader_i", 3),)
    assert whole.units[RTR].toe[1] == TOEHolding("cw.mk_vi_light", 4)
    assert unapply(whole, whole_event(after)) == after
    anywhere = replace(state, ruling_choices={"repairs-recorded": "any-phase"})
    assert repair(anywhere, RTR, "cw.crusader_i", 1, src(anywhere)).ok


def whole_event(state: GameState) -> VehiclesRepaired:
    event = repair(state, RTR, "cw.mk_vi_light", 1, src(state)).events[0]
    assert isinstance(event, VehiclesRepaired)
    return event
