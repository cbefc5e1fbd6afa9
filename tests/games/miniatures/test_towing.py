"""Towed guns (2.4) in the domain: the gun class table, turn-by-turn fire verdicts, limbering.

The 2.4 table (rules text 002 lines 146-158), limber - unlimber / set-up in turns of movement:
Small 1-4: 1/4 - none / none; Medium 5-6: 1/2 - 1/4 / 3/4; Large 7+: 1 - 1/2 / 1.
Towing at 3/4 of the maximum move, terrain penalties doubled (line 169).
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from ledger.games.miniatures.towing import deployment, gun_size, limbering, towing_rate


@pytest.mark.parametrize(
    ("gun_class", "label", "limber", "unlimber", "set_up"),
    [
        (1, "Small", F(1, 4), F(0), F(0)),
        (4, "Small", F(1, 4), F(0), F(0)),
        (5, "Medium", F(1, 2), F(1, 4), F(3, 4)),
        (6, "Medium", F(1, 2), F(1, 4), F(3, 4)),
        (7, "Large", F(1), F(1, 2), F(1)),
        (15, "Large", F(1), F(1, 2), F(1)),
    ],
)
def test_gun_class_table_at_every_boundary(
    gun_class: int, label: str, limber: F, unlimber: F, set_up: F
) -> None:
    size = gun_size(gun_class)
    assert (size.label, size.limber, size.unlimber, size.set_up) == (
        label,
        limber,
        unlimber,
        set_up,
    )


def test_class_zero_is_not_on_the_table() -> None:
    with pytest.raises(ValueError, match="starts at class 1"):
        gun_size(0)


def test_towing_rate_is_three_quarters_with_doubled_terrain() -> None:
    assert towing_rate() == (F(3, 4), 2)


def test_the_worked_example_of_2_4() -> None:
    """Class 5, truck moved 1/2: unlimber 1/4, set up the last 1/4 (no fire); 1/2 of turn 2
    setting up (Moved modifier); turn 3 full effect."""
    plan = deployment(5, F(1, 2))
    assert [(t.towed, t.unlimbering, t.setting_up, t.ready, t.fire) for t in plan.turns] == [
        (F(1, 2), F(1, 4), F(1, 4), F(0), "no"),
        (F(0), F(0), F(1, 2), F(1, 2), "moved"),
        (F(0), F(0), F(0), F(1), "full"),
    ]
    assert (plan.first_fire, plan.full_effect) == (2, 3)


def test_the_example_with_the_truck_stationary() -> None:
    """Unlimber 1/4 + set-up 3/4 fill turn 1 (no fire); full effect in turn 2."""
    plan = deployment(5)
    assert [t.fire for t in plan.turns] == ["no", "full"]


def test_large_gun_takes_three_turns() -> None:
    """Unlimber 1/2 + set-up 1/2 (no fire), set-up 1/2 more (Moved), then full effect."""
    assert [t.fire for t in deployment(7).turns] == ["no", "moved", "full"]


def test_medium_gun_towed_a_quarter_sets_up_the_last_quarter_next_turn() -> None:
    """1/4 towed + 1/4 unlimber + 1/2 set-up = turn 1 full (no fire); 1/4 set-up in turn 2 is
    under half: full effect."""
    assert [(t.setting_up, t.fire) for t in deployment(6, F(1, 4)).turns] == [
        (F(1, 2), "no"),
        (F(1, 4), "full"),
    ]


def test_small_gun_after_towing_by_ruling() -> None:
    """Class 3 towed 3/4: no unlimber or set-up time, 1/4 ready: full effect; with
    all-limbered-time the 3/4 towed counts (>= 1/2): Moved; towed 1/4 stays under half."""
    assert deployment(3, F(3, 4)).turns[0].fire == "full"
    assert deployment(3, F(3, 4), "all-limbered-time").turns[0].fire == "moved"
    assert deployment(3, F(1, 4), "all-limbered-time").turns[0].fire == "full"
    assert deployment(3, F(1)).turns[0].fire == "no"  # towed all turn


def test_unlimber_cost_must_fit_in_the_turn() -> None:
    """Medium towed 3/4 fits its 1/4 exactly; Large towed 3/4 cannot pay 1/2."""
    assert [t.fire for t in deployment(5, F(3, 4)).turns] == ["no", "moved", "full"]
    with pytest.raises(ValueError, match="unlimbering a Large gun costs 1/2"):
        deployment(7, F(3, 4))
    with pytest.raises(ValueError, match="0 to 1"):
        deployment(5, F(5, 4))


def test_limbering_and_the_towing_move_left() -> None:
    """Class 6 after 1/4 of the turn: cost 1/2, 1/4 left at 3/4 x 400 = 75 yards (or by the
    other option 300 - 3/4 x 400 = 0). Class 2 from the start: 3/4 x 3/4 x 400 = 225 (or
    300 - 100 = 200)."""
    assert limbering(6, F(1, 4), max_move_yards=400).towing_yards == 75
    assert (
        limbering(6, F(1, 4), max_move_yards=400, towing_move="towing-rate-less-cost").towing_yards
        == 0
    )
    assert limbering(2, max_move_yards=400).towing_yards == 225
    assert limbering(2, max_move_yards=400, towing_move="towing-rate-less-cost").towing_yards == 200
    assert limbering(2, max_move_yards=400, moves_after=False).towing_yards == 0
    with pytest.raises(ValueError, match="limbering a Large gun costs 1"):
        limbering(8, F(1, 4))


def test_fire_while_limbered() -> None:
    """No gun fires limbered; the German 88 flak may when stationary, with the Moved modifier."""
    assert limbering(5).fire_while_limbered == "no"
    assert limbering(5, german_88_flak=True).fire_while_limbered == "no"  # towed away
    still = limbering(5, german_88_flak=True, moves_after=False)
    assert (still.fire_this_turn, still.fire_while_limbered) == ("moved", "moved")


def test_fire_before_limbering_by_ruling() -> None:
    assert limbering(5, F(1, 4)).fire_this_turn == "no"
    assert limbering(5, F(1, 4), fire_before="fire-with-moved").fire_this_turn == "moved"
    assert limbering(5, F(0), fire_before="fire-with-moved").fire_this_turn == "no"
