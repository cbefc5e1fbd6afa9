"""Result codes applied to units (Combat Phase ¶7-¶16, Retreat ¶3-¶4, Heavy Armor Units ¶3,
Advance after Combat ¶1-¶2)."""

from __future__ import annotations

import pytest

from ledger.games.battles_for_north_africa.results import (
    apply_result,
    explain,
    explanation_table,
    reduction_order,
)

from .helpers import unit


def _fates(applied) -> dict[str, tuple[int, bool, int]]:  # type: ignore[no-untyped-def]
    """{unit: (steps taken, removed, retreat hexes)}."""
    return {o.unit: (o.steps_taken, o.removed, o.retreat) for o in applied.outcomes}


def test_explanation_of_every_code() -> None:
    # Combat Phase ¶7-¶14.
    codes = [c.code for c in explanation_table()]
    assert codes == [
        "AR2",
        "DR2",
        "DR3",
        "AE",
        "DE",
        "A1",
        "A2",
        "D1",
        "D2",
        "E1",
        "E2",
        "E2R",
        "NE",
    ]
    e2r = explain("E2R")
    assert (e2r.attacker_steps, e2r.defender_steps, e2r.defender_retreat) == (2, 1, 2)
    d3 = explain("D3")
    assert (d3.defender_steps, d3.defender_retreat, d3.case) == (3, 2, "Combat Phase ¶10")
    assert explain("DR3").defender_retreat == 3
    with pytest.raises(ValueError, match="not a result code"):
        explain("D0")


def test_reduction_order_artillery_non_motorized_non_armored_armored() -> None:
    # Combat Phase ¶15: artillery (lowest AF first), then non-motorized, then non-armored, then
    # armored; HQs take no steps.
    units = [
        unit("7 RTR", "armor", af=5),
        unit("1 KRRC", "mot-infantry", af=3),
        unit("2 RB", "infantry", af=2),
        unit("HQ", "hq"),
        unit("4 RHA", "towed-arty", af=2),
        unit("2/7 AT", "at", af=1),
        unit("3 Gds", "infantry", af=1),
    ]
    order = [u.name for u in reduction_order(units)]
    assert order == ["2/7 AT", "4 RHA", "3 Gds", "2 RB", "1 KRRC", "7 RTR"]
    listed = [u.name for u in reduction_order(units, by_af_in_every_group=False)]
    assert listed == ["2/7 AT", "4 RHA", "2 RB", "3 Gds", "1 KRRC", "7 RTR"]


def test_d2_as_in_the_result_example() -> None:
    """docs/examples/bfna/result.json: D2 on the Mobile CRT. Step 1: 4 RHA, artillery, removed
    (Combat Phase ¶15). Step 2: 2 Rifle Bde, non-motorized, flipped. The rest retreat 2; the hex
    is empty, so the attackers may advance 2 hexes (Advance after Combat ¶2)."""
    applied = apply_result(
        "D2",
        [unit("II/5", "armor", af=6)],
        [
            unit("7 RTR", "armor", af=5),
            unit("2 Rifle Bde", "infantry", af=2),
            unit("1 KRRC", "mot-infantry", af=3),
            unit("4 RHA", "towed-arty", af=1, in_battery=True),
        ],
        table="mobile",
    )
    assert _fates(applied) == {
        "II/5": (0, False, 0),
        "7 RTR": (0, False, 2),
        "2 Rifle Bde": (1, False, 2),
        "1 KRRC": (0, False, 2),
        "4 RHA": (1, True, 0),
    }
    assert applied.advance == 2


def test_e2r_attacker_steps_in_listed_order() -> None:
    # E2R: defenders one step then retreat 2; attackers two steps, the attacking player's
    # choice (bfna-attacker-own-reductions=listed-order): the 1-step unit listed first goes,
    # then the second takes one.
    applied = apply_result(
        "E2R",
        [unit("I/104", "mot-infantry", af=3, steps=1), unit("II/5", "armor", af=6)],
        [unit("2 RB", "infantry", af=2)],
    )
    assert _fates(applied) == {
        "I/104": (1, True, 0),
        "II/5": (1, False, 0),
        "2 RB": (1, False, 2),
    }
    same = apply_result(
        "E2R",
        [unit("II/5", "armor", af=6), unit("I/104", "mot-infantry", af=3, steps=2)],
        [unit("2 RB", "infantry", af=2)],
        attacker_same_order=True,
    )
    assert _fates(same)["I/104"] == (2, True, 0)  # non-armored before armored
    assert _fates(same)["II/5"] == (0, False, 0)


def test_heavy_armor_retreats_instead_of_steps_and_removal() -> None:
    # Heavy Armor Units ¶3: no step, not removed: retreats 2 and rolls for disablement.
    applied = apply_result("AE", [unit("Tiger", "heavy-armor", af=9)], [unit("d", "infantry")])
    assert _fates(applied)["Tiger"] == (0, False, 2)
    assert "Disablement" in applied.outcomes[0].effects[0]
    disabled = apply_result(
        "D1", [unit("a", "infantry")], [unit("Churchill", "heavy-armor", df=8, disabled=True)]
    )
    assert _fates(disabled)["Churchill"] == (0, True, 0)
    shaken = apply_result("DR2", [unit("a", "infantry")], [unit("T", "heavy-armor", disabled=True)])
    assert _fates(shaken)["T"] == (0, True, 0)


def test_steps_left_over_when_no_unit_can_take_them() -> None:
    applied = apply_result("D3", [unit("a", "infantry")], [unit("b", "infantry", steps=2)])
    assert _fates(applied)["b"] == (2, True, 0)
    assert applied.unabsorbed == {"defender": 1}


def test_in_battery_artillery_retreat() -> None:
    # Retreat ¶3: towed in-battery artillery is removed instead; SP retreats, out of battery.
    applied = apply_result(
        "DR2",
        [unit("a", "infantry")],
        [
            unit("4 RHA", "towed-arty", in_battery=True),
            unit("Bishop", "sp-arty", in_battery=True),
        ],
    )
    assert _fates(applied) == {"a": (0, False, 0), "4 RHA": (0, True, 0), "Bishop": (0, False, 2)}
    assert any("out of battery" in e for e in applied.outcomes[2].effects)


def test_fortifications_and_retreat() -> None:
    # Retreat ¶4: fortification 2 -> no retreat; fortification 1 with armor attacking -> two
    # steps each instead of retreating.
    held = apply_result("DR2", [unit("a", "infantry")], [unit("d", "infantry")], fortification=2)
    assert _fates(held)["d"] == (0, False, 0)
    stayed = apply_result(
        "DR2",
        [unit("II/5", "armor", af=6)],
        [unit("d", "infantry", steps=3)],
        fortification=1,
        steps_instead_of_retreat=True,
    )
    assert _fates(stayed)["d"] == (2, False, 0)
    assert stayed.advance == 0
    with pytest.raises(ValueError, match="Retreat ¶4"):
        apply_result(
            "DR2", [unit("a", "infantry")], [unit("d", "infantry")], steps_instead_of_retreat=True
        )


def test_hq_alone_is_eliminated_with_its_hex() -> None:
    # Combat Phase ¶16.
    applied = apply_result(
        "D1", [unit("a", "infantry")], [unit("b", "infantry", df=2, steps=1), unit("HQ", "hq")]
    )
    assert _fates(applied)["HQ"] == (0, True, 0)
    assert applied.advance == 1  # no Mobile CRT named: one hex (Advance after Combat ¶1)


def test_dr3_on_the_mobile_crt_advances_three() -> None:
    applied = apply_result("DR3", [unit("a", "armor")], [unit("d", "armor")], table="mobile")
    assert applied.advance == 3
    applied = apply_result("NE", [unit("a", "armor")], [unit("d", "armor")], table="mobile")
    assert applied.advance == 0 and _fates(applied) == {"a": (0, False, 0), "d": (0, False, 0)}


# Every code on the same units, worked by hand (Combat Phase ¶7-¶15). Attackers (taking steps
# in the order listed, bfna-attacker-own-reductions=listed-order): A (infantry AF 3), B
# (infantry AF 2), two steps each. Defenders, in the reduction order: I (infantry: non-motorized
# first), then M (mot infantry: non-armored). Read on the Assault CRT: an empty hex lets the
# attackers advance 1 hex (Advance after Combat ¶1). Fates are (steps taken, removed, retreat).
STAY = (0, False, 0)
EVERY_CODE = {
    "AR2": ({"A": (0, False, 2), "B": (0, False, 2), "I": STAY, "M": STAY}, 0),
    "DR2": ({"A": STAY, "B": STAY, "I": (0, False, 2), "M": (0, False, 2)}, 1),
    "DR3": ({"A": STAY, "B": STAY, "I": (0, False, 3), "M": (0, False, 3)}, 1),
    "AE": ({"A": (0, True, 0), "B": (0, True, 0), "I": STAY, "M": STAY}, 0),
    "DE": ({"A": STAY, "B": STAY, "I": (0, True, 0), "M": (0, True, 0)}, 1),
    "A1": ({"A": (1, False, 2), "B": (0, False, 2), "I": STAY, "M": STAY}, 0),
    "A2": ({"A": (2, True, 0), "B": (0, False, 2), "I": STAY, "M": STAY}, 0),
    "D1": ({"A": STAY, "B": STAY, "I": (1, False, 2), "M": (0, False, 2)}, 1),
    "D2": ({"A": STAY, "B": STAY, "I": (2, True, 0), "M": (0, False, 2)}, 1),
    "E1": ({"A": (1, False, 0), "B": STAY, "I": (1, False, 0), "M": STAY}, 0),
    "E2": ({"A": (2, True, 0), "B": STAY, "I": (1, False, 0), "M": STAY}, 0),
    "E2R": ({"A": (2, True, 0), "B": STAY, "I": (1, False, 2), "M": (0, False, 2)}, 1),
    "NE": ({"A": STAY, "B": STAY, "I": STAY, "M": STAY}, 0),
}


@pytest.mark.parametrize("code", list(EVERY_CODE))
def test_each_code_on_the_same_units(code: str) -> None:
    fates, advance = EVERY_CODE[code]
    applied = apply_result(
        code,
        [unit("A", "infantry", af=3), unit("B", "infantry", af=2)],
        [unit("M", "mot-infantry", af=4), unit("I", "infantry", af=2)],
        table="assault",
    )
    assert _fates(applied) == fates
    assert applied.advance == advance


def test_dr3_on_the_assault_crt_advances_one() -> None:
    # Advance after Combat ¶2: the second and third hexes come only with the Mobile CRT.
    applied = apply_result("DR3", [unit("a", "armor")], [unit("d", "infantry")], table="assault")
    assert applied.advance == 1


def test_steps_instead_of_retreat_behind_minefields_is_one_step() -> None:
    # Retreat ¶4: attacked only across minefields (no fortification 1), each defender may take
    # one step instead of retreating, even when armor attacked.
    applied = apply_result(
        "DR2",
        [unit("II/5", "armor", af=6)],
        [unit("d", "infantry", steps=3)],
        through_minefields=True,
        steps_instead_of_retreat=True,
    )
    assert _fates(applied)["d"] == (1, False, 0)
