"""The 14.0 unit values as presets (rules text lines 629-761) and printed strengths."""

from __future__ import annotations

import pytest

from ledger.games.combined_arms.units import (
    PrintedStrength,
    all_presets,
    parse_printed,
    preset,
    presets,
    scenario,
    values_from,
)


def test_every_row_of_14_0_is_a_preset() -> None:
    # Scenario rows: 6 + 12 + 13 + 11 + 10 + 8, plus the trucks of every scenario (line 656).
    assert len(all_presets()) == 61
    assert len({p.id for p in all_presets()}) == 61


@pytest.mark.parametrize(
    ("preset_id", "shown", "unit_type"),
    [
        ("s1-alpha-tank", "[4] [10] 4 [4] 12", "tank"),  # line 637
        ("s2-bravo-recon", "1 1 1 [1] 10", "armored-recon"),  # line 675
        ("s3-alpha-anti-tank", "[5] [10] 5 1 10", "anti-tank"),  # line 693
        ("s5-bravo-tank", "[11] [10] 11 [11] 12", "tank"),  # line 740
        ("s6-alpha-tank", "[5] [10] 5 [5] 10", "tank"),  # line 751, MA printed [10]
        ("s6-bravo-artillery-20", "1 10 20 1 3", "artillery"),  # line 760
        ("truck", "0 0 0 1 10", "truck"),  # line 656
    ],
)
def test_preset_values_as_printed(preset_id: str, shown: str, unit_type: str) -> None:
    found = preset(preset_id)
    assert (found.values.shown, found.type) == (shown, unit_type)


def test_presets_by_side_and_scenario() -> None:
    chinese = presets("bravo", 6)
    assert [p.id for p in chinese] == [
        "truck",
        "s6-bravo-infantry",
        "s6-bravo-artillery-20",
        "s6-bravo-artillery-13",
    ]
    assert preset("s6-bravo-infantry").nation == "Chinese"
    assert (scenario(6).terrain_mode, scenario(6).bravo.ccl) == ("closed", 2)  # lines 747, 757
    assert scenario(2).bravo.ccl == 4  # line 672


def test_hard_and_soft_targets_and_attacks() -> None:
    tank = preset("s1-bravo-tank").values  # [5] [10] 5 [5] 10
    assert tank.hard_target
    assert tank.attack_against(True) == PrintedStrength(5, True)
    assert tank.attack_against(False) == PrintedStrength(10, True)
    assert not preset("s1-bravo-infantry").values.hard_target


def test_printed_strengths_parse_or_are_refused() -> None:
    assert parse_printed("[4]") == PrintedStrength(4, True)
    assert parse_printed(" 8 ") == PrintedStrength(8, False)
    assert parse_printed(7) == PrintedStrength(7, False)
    for bad in ("[4", "four", "4]", "-1", -1, True):
        with pytest.raises(ValueError, match=r"14\.0"):
            parse_printed(bad)
    with pytest.raises(ValueError, match="five figures"):
        values_from(["[4]", "[10]", "4"])


def test_an_unknown_preset_lists_its_neighbours() -> None:
    with pytest.raises(
        KeyError, match=r"no unit preset 's1-alpha-tiger'.*s1-alpha-tank.*\(14\.0\)"
    ):
        preset("s1-alpha-tiger")
    with pytest.raises(KeyError, match="scenarios are 1 to 6"):
        scenario(7)
