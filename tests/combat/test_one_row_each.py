"""An owner's allocation gives each TOE once (14.43, 15.83): a defender's Forward gun losing
points to the Raw loss (15.83d) and to its Vulnerability (15.84b) is one row of both."""

from __future__ import annotations

from ledger.combat.forces import Loss, one_row_each

GUNS = ("cw.4_ryl_horse_arty", "cw.18_25_pdr")
INFANTRY = ("cw.3rd_coldstream_guards", "cw.m")


def test_a_gun_losing_to_15_83d_and_15_84b_is_one_row() -> None:
    proposed = (
        Loss(*GUNS, 1, 2),  # 15.83d: 1 TOE point absorbs 2 Raw points
        Loss(*INFANTRY, 3, 3),
        Loss(*GUNS, 2, 2),  # 15.84b: 2 more for Vulnerability
    )
    assert one_row_each(proposed) == (Loss(*GUNS, 3, 4), Loss(*INFANTRY, 3, 3))


def test_rows_already_one_each_are_kept_in_order() -> None:
    rows = (Loss(*INFANTRY, 1, 1), Loss(*GUNS, 2, 4))
    assert one_row_each(rows) == rows
    assert one_row_each(()) == ()
