"""Digging in and minefields (2.5) in the domain.

Rules text 002 lines 175-199 (2.5): hasty dig-in 6 turns, foxholes 20, diggers count as moved;
engineers dig in infantry, heavy weapons and towed equipment; vehicles take Setup Sheet trench
line at double usage (100 yards frontage -> 200 yards); prone units may not dig (2.2). A
minefield marker reaches 120 yards; each base rolls per minefield passed on the Area Weapons
Chart, none on a cleared lane; engineers clear at rough (standing) or double rough (prone).
"""

from __future__ import annotations

import pytest

from ledger.games.miniatures.defenses import dig_in, minefield_passage


def test_works_take_6_and_20_turns() -> None:
    hasty = dig_in("infantry", "hasty")
    assert (hasty.allowed, hasty.turns, hasty.turns_left, hasty.counts_as_moved) == (
        True,
        6,
        6,
        True,
    )
    foxholes = dig_in("heavy-weapon", "foxholes", turns_spent=5)
    assert (foxholes.turns, foxholes.turns_left) == (20, 15)
    assert dig_in("infantry", "hasty", turns_spent=9).turns_left == 0


def test_towed_weapons_need_engineers_and_prone_bases_do_not_dig() -> None:
    assert not dig_in("towed-weapon", "hasty").allowed
    assert dig_in("towed-weapon", "hasty", engineer=True).turns == 6
    prone = dig_in("infantry", "foxholes", prone=True)
    assert (prone.allowed, prone.counts_as_moved) == (False, False)
    assert "2.2" in prone.reason
    assert not dig_in("infantry", "hasty", engineer=True, prone=True).allowed


def test_vehicles_take_double_their_frontage_in_trench_line() -> None:
    assert dig_in("vehicle", "hasty", frontage_yards=100).trench_line_yards == 200
    assert dig_in("vehicle", "foxholes", frontage_yards=75).trench_line_yards == 150
    with pytest.raises(ValueError, match="frontage in yards, found None"):
        dig_in("vehicle", "hasty")
    with pytest.raises(ValueError, match="turns_spent"):
        dig_in("infantry", "hasty", turns_spent=-1)


def test_minefield_rolls_at_the_radius_boundary() -> None:
    """4 bases, markers 80, 120, 150 yards away: 80 and 120 are inside (edge-is-inside): 2 rolls
    per base, 8 in all; edge-is-outside: 1 per base, 4."""
    inside = minefield_passage(4, [80, 120, 150])
    assert (inside.entered, inside.rolls_per_base, inside.rolls) == ((True, True, False), 2, 8)
    outside = minefield_passage(4, [80, 120, 150], edge="edge-is-outside")
    assert (outside.entered, outside.rolls) == ((True, False, False), 4)
    assert minefield_passage(4, [121]).rolls == 0


def test_cleared_lanes_and_clearing_speed() -> None:
    lane = minefield_passage(3, [0, 10], on_cleared_lane=True, clearing_stance="prone")
    assert (lane.rolls, lane.clearing_rate) == (0, "double rough")
    assert minefield_passage(1, [0], clearing_stance="standing").clearing_rate == "rough"
    with pytest.raises(ValueError, match=r"minefields\[1\]"):
        minefield_passage(1, [0, -5])
    with pytest.raises(ValueError, match="bases"):
        minefield_passage(0, [0])
