"""Parent Formations: 6.15 formation CPA, 9.12 HQ Stacking Points, 11.34/11.36 totals."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ledger.io.scenario import bundled_scenarios, load_scenario
from ledger.model.apply import start
from ledger.model.events import GameStarted
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.reports import tables as reports
from ledger.rules.organization import (
    formation_cpa,
    formation_rows,
    formation_stacking_points,
    formation_strengths,
    formation_tree,
)

SEVENTH_ARMOURED = "cw.7_armd_div.7th_armored_div_hq"


@pytest.fixture(scope="module")
def as_set_up() -> GameState:
    setup = load_scenario(bundled_scenarios()["graziani"])
    return start(GameStarted(Source(setup.info.start), setup))


@pytest.fixture(scope="module")
def graziani(as_set_up: GameState) -> GameState:
    """Graziani with the 7th Armoured Division whole, as its OA sheet organizes it (the rules'
    examples of 6.15 and 11.34 speak of it so): the six units 60.22 sets up detached are back."""
    whole = {
        uid: replace(u, detached=False)
        for uid, u in as_set_up.units.items()
        if uid.startswith("cw.7_armd_div.") and u.detached
    }
    assert len(whole) == 6
    return replace(as_set_up, units={**as_set_up.units, **whole})


def test_60_22_sets_six_units_of_the_7th_armoured_up_detached(as_set_up: GameState) -> None:
    tree = formation_tree(as_set_up, SEVENTH_ARMOURED)
    assert {u.counter for u in tree.walk()} == {"7", "4", "6 RTR", "7 Hus", "8 Hus", "7 Spt"}
    assert formation_cpa(as_set_up, tree) == 15  # the 8th Hussars (cw.g, CPA 15)


def test_6_15_the_7th_armoured_division_moves_at_1_krrc_cpa_10(graziani: GameState) -> None:
    tree = formation_tree(graziani, SEVENTH_ARMOURED)
    counters = {u.counter for u in tree.walk()}
    assert {"1 KRRC", "4", "6 RTR", "11 Hus"} <= counters
    assert len(counters) >= 12
    krrc = next(u for u in tree.walk() if u.counter == "1 KRRC")
    assert graziani.cpa(krrc) == 10
    assert formation_cpa(graziani, tree) == 10


def test_9_12_hq_stacking_points_only_with_combat_units(graziani: GameState) -> None:
    tree = formation_tree(graziani, SEVENTH_ARMOURED)
    assert formation_stacking_points(graziani, tree) == 5  # a division (9.4)
    brigade = next(c for c in tree.children if c.unit.counter == "4")
    assert formation_stacking_points(graziani, brigade) == 2
    # strip the brigade of its units: the HQ alone counts 0 (9.12)
    alone = replace(brigade, children=())
    assert formation_stacking_points(graziani, alone) == 0


def test_11_34_formation_totals_divide_the_summed_raw_points(graziani: GameState) -> None:
    tree = formation_tree(graziani, SEVENTH_ARMOURED)
    totals = formation_strengths(graziani, tree)
    per_unit = [reports.unit_strengths(graziani, [u]) for u in tree.walk()]
    for rating in ("barrage", "anti_armor", "offensive_close_assault", "defensive_close_assault"):
        raw = sum(p[f"raw_{rating}"] for p in per_unit)
        assert totals[f"raw_{rating}"] == raw
        assert totals[f"actual_{rating}"] == (raw * 2 + 10) // 20  # raw / 10, half up
    # Anti-Armor: 81 Raw together is 8 Actual, while the units' own Actual points add up to 7
    assert (totals["raw_anti_armor"], totals["actual_anti_armor"]) == (81, 8)
    assert sum(p["actual_anti_armor"] for p in per_unit) == 7


def test_attached_units_follow_their_attachment(graziani: GameState) -> None:
    tree = formation_tree(graziani, SEVENTH_ARMOURED)
    krrc = next(u for u in tree.walk() if u.counter == "1 KRRC")
    rnf = next(u for u in graziani.units.values() if u.counter == "1 RNF")
    moved = replace(graziani, units={**graziani.units, rnf.id: replace(rnf, attached_to=krrc.id)})
    rows = formation_rows(moved, formation_tree(moved, SEVENTH_ARMOURED))
    row = next(r for r in rows if r["counter"] == "1 RNF")
    assert row["with_parent_as"] == "attached" and row["depth"] == 3
    assert formation_cpa(moved, formation_tree(moved, SEVENTH_ARMOURED)) == 8  # 1 RNF, CPA 8
