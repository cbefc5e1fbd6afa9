"""11.3: Raw and Actual points, with the 90th Leichte figures of 11.35."""

import pytest

from ledger.model.strength import actual_points, raw_points
from ledger.model.units import Ratings, TOEHolding, Unit, WeaponSystem


def _system(sid: str, **ratings: int) -> WeaponSystem:
    return WeaponSystem(id=sid, name=sid, kind="gun", cpa=15, ratings=Ratings(**ratings))


def _unit(uid: str, *holdings: tuple[str, int]) -> Unit:
    return Unit(
        id=uid,
        name=uid,
        counter=uid,
        side="axis",
        nationality="german",
        echelon="battalion",
        class_id="x",
        toe=tuple(TOEHolding(s, p) for s, p in holdings),
    )


SYSTEMS = {
    "b9": _system("b9", barrage=9),
    "b18": _system("b18", barrage=18),
    "inf2": _system("inf2", offensive_close_assault=2, defensive_close_assault=2),
    "inf1": _system("inf1", offensive_close_assault=1, defensive_close_assault=2),
    "aa4": _system("aa4", aa=4),
}


def test_11_35_barrage_108_raw_is_11_actual() -> None:
    art_361 = _unit("361", ("b9", 3))  # 27 Raw
    art_190 = _unit("190", ("b18", 3), ("b9", 3))  # 54 + 27 = 81 Raw
    raw = raw_points([art_361, art_190], "barrage", SYSTEMS)
    assert raw == 108
    assert actual_points(raw) == 11


def test_11_34_raw_points_are_totalled_before_dividing() -> None:
    # Three battalions of 7 TOE at rating 2: 14 Raw each -> 1 Actual each if divided apart
    # (3 in all), but 42 Raw together -> 4 Actual.
    units = [_unit(f"b{i}", ("inf2", 7)) for i in range(3)]
    assert (
        sum(actual_points(raw_points([u], "offensive_close_assault", SYSTEMS)) for u in units) == 3
    )
    assert actual_points(raw_points(units, "offensive_close_assault", SYSTEMS)) == 4


def test_11_35_close_assault_65_raw_is_7_actual() -> None:
    # 42 (155th) + 9 (361st) + 14 (two odd battalions) = 65 Raw -> 6.5 -> 7 (half up)
    assert actual_points(65, "offensive_close_assault") == 7


def test_11_33_four_raw_or_less_is_zero_actual() -> None:
    assert actual_points(4) == 0
    assert actual_points(5) == 1


def test_11_37_aa_points_are_not_divided() -> None:
    aa_unit = _unit("aa", ("aa4", 2))
    assert actual_points(raw_points([aa_unit], "aa", SYSTEMS), "aa") == 8


def test_11_38_vulnerability_and_armor_protection_are_not_summed() -> None:
    with pytest.raises(ValueError, match=r"11\.38"):
        raw_points([], "armor_protection", SYSTEMS)
