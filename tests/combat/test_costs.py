"""Combat CP (11.21-11.27, 15.96) and ammunition (50.2)."""

from __future__ import annotations

from fractions import Fraction

from ledger.combat.costs import ammunition_for, combat_cp, segment_cp
from ledger.combat.forces import Element
from ledger.model.units import Ratings


def cp_of(charges: list) -> dict[str, Fraction]:
    return {c.unit: c.cp for c in charges}


def test_full_assault_costs_five_and_three() -> None:
    # 11.22: the phasing units pay 5; 11.21b: the defenders 3; 11.25: a unit in the hex that
    # did not fight pays too.
    charges = combat_cp(
        [("a1", "B"), ("a2", "B")], [("d1", "A")], action="close_assault", final_differential=2
    )
    assert cp_of(charges) == {"a1": 5, "a2": 5, "d1": 3}


def test_11_27_minus_four_costs_the_defender_one() -> None:
    charges = combat_cp([("a", "B")], [("d", "A")], action="close_assault", final_differential=-4)
    assert cp_of(charges) == {"a": 5, "d": 1}
    charges = combat_cp([("a", "B")], [("d", "A")], action="close_assault", final_differential=-3)
    assert cp_of(charges)["d"] == 3


def test_probe_costs_two_and_nothing_below_minus_three() -> None:
    # 11.23, 11.21b: 2 each; 15.96: worse than -3 the defender pays nothing.
    assert cp_of(combat_cp([("a", "B")], [("d", "A")], action="probe", final_differential=-3)) == {
        "a": 2,
        "d": 2,
    }
    assert (
        cp_of(combat_cp([("a", "B")], [("d", "A")], action="probe", final_differential=-4))["d"]
        == 0
    )


def test_11_24_segment_caps() -> None:
    # A phasing unit that barrages (5) and assaults (5) pays 5; a non-phasing unit barraged (3)
    # and assaulted (3) pays 3.
    charges = combat_cp([("a", "B")], [("d", "A")], action="barrage")
    charges += combat_cp([("a", "B")], [("d", "A")], action="close_assault", final_differential=0)
    assert segment_cp(charges, ["a"]) == {"a": 5, "d": 3}


def test_50_2_ammunition_per_toe_point() -> None:
    gun = Element("g", "105", 10, Ratings(barrage=9), "axis", kind="gun", combat_class="gun")
    infantry = Element("i", "inf", 7, Ratings(offensive_close_assault=2), "axis")
    tank = Element("t", "pz", 3, Ratings(offensive_close_assault=5), "axis", kind="tank")
    # Ten 105mm guns barraging: 4 a point = 40 (50.2).
    assert [c.points for c in ammunition_for([gun], "barrage")] == [40]
    assert [c.points for c in ammunition_for([tank], "anti_armor")] == [9]
    # Close assault: infantry 1 a point, tanks 2 a point.
    assert [c.points for c in ammunition_for([infantry, tank], "close_assault")] == [7, 6]
