"""The TOE Log Sheets' rows (4.52) on the bundled Graziani scenario (60.22).

Hand-worked from scenarios/graziani.toml:
- 45th Artillery Regt (63rd Cirene Division, assigned straight to the division): 6 TOE of
  75/18 Gun-Howitzer (Barrage 6, Off. Close Assault 1, Def. 0), 3 of 100/17 Howitzer
  (Barrage 8, 1, 0) and 3 of Light AA 20mm (Anti-Armor 2, Close Assault (1)/(1), AA 1):
  Raw Barrage 36 / 24 / 0, Off. CA 6 / 3 / 3, Def. CA 0 / 0 / 3, Anti-Armor 0 / 0 / 6, AA 0 / 0 / 3.
- LXIII(L) Tank Bn: assigned to the Aresca (1st) Regt HQ of the Libyan Tank Command, starts
  attached to the 63rd Cirene Div HQ (60.31).
- 250th Legion HQ (3 CCNN Div has no division HQ): a brigade with three battalions of class
  it.x, 5 TOE each, Close Assault 1/1: Raw 5 each, 15 together → Actual 2 (11.32, 11.34),
  where the battalions' own Actual points would add to 3.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from ledger.io.scenario import load_scenario
from ledger.model.apply import start
from ledger.model.events import GameStarted
from ledger.model.scenario import Setup
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.model.strength import SUMMED_RATINGS
from ledger.model.units import SIDES
from ledger.reports.toe_log import (
    SECTIONS,
    VARIANTS,
    is_armored,
    parent_formations,
    sheet_variant,
    toe_log,
)
from ledger.rules.organization import current_parent, formation_strengths, formation_tree

GRAZIANI = Path(__file__).resolve().parents[2] / "scenarios" / "graziani.toml"
CIRENE = "it.63_cirene_div.63rd_cirene_div_hq"
ARMOURED = "cw.7_armd_div.7th_armored_div_hq"
LTC = "it.libyan_tank_command.libyan_tank_command_hq"
LEGION = "it.3ccnn_div.250th_legion_hq"
SELBY = "cw.selby_force.matruh_garrison_hq"


@pytest.fixture(scope="module")
def graziani_setup() -> Setup:
    return load_scenario(GRAZIANI)


@pytest.fixture
def graziani(graziani_setup: Setup) -> GameState:
    return start(GameStarted(Source(graziani_setup.info.start), graziani_setup))


def _top_formations(setup: Setup, side: str) -> set[str]:
    """Top-level Parent Formations at the start, from the scenario's records (not through
    ledger.rules.organization): units with someone with them and no one above them."""
    units = {u.id: u for u in setup.units if u.side == side and u.arrival is None}

    def parent(uid: str) -> str | None:
        unit = units[uid]
        return unit.attached_to or (None if unit.detached else unit.parent)

    heads = {parent(uid) for uid in units} - {None}
    return {h for h in heads if h in units and parent(h) not in units}


def _lines(state: GameState, hq: str, section: str) -> list[tuple[int, str, str]]:
    return [(r["depth"], r["counter"], r["with"]) for r in toe_log(state, hq).sections[section]]


def test_variant_of_known_formations(graziani: GameState) -> None:
    assert sheet_variant(graziani, CIRENE) == "infantry-division"
    assert sheet_variant(graziani, ARMOURED) == "armored-division"
    assert sheet_variant(graziani, LTC) == "armored-division"  # Italian, tank HQ (4.46b class d)
    assert sheet_variant(graziani, SELBY) == "brigade"
    assert sheet_variant(graziani, LEGION) == "brigade"
    assert is_armored(graziani, ARMOURED) and not is_armored(graziani, CIRENE)


def test_variant_german_division_and_unknown_echelon(graziani: GameState) -> None:
    hq = graziani.units[CIRENE]
    german = replace(graziani, units={**graziani.units, hq.id: replace(hq, nationality="german")})
    assert sheet_variant(german, CIRENE) == "german-division"
    for points, variant in ((5, "infantry-division"), (2, "brigade"), (None, "brigade")):
        odd = replace(hq, echelon="kampfgruppe", stacking_points=points)
        state = replace(graziani, units={**graziani.units, hq.id: odd})
        assert sheet_variant(state, CIRENE) == variant, points


def test_armored_by_share_of_assigned_tank_units_not_attached_ones(graziani: GameState) -> None:
    # The Cirene's attached LXIII(L) tank battalion does not make it armored (Augmentation).
    assert not is_armored(graziani, CIRENE)
    # A division-level legion whose three battalions are tanks (class it.k): 3 of 3 ≥ 1/3.
    units = dict(graziani.units)
    units[LEGION] = replace(units[LEGION], echelon="division")
    bns = [u for u in graziani.units_in_play("axis") if u.parent == LEGION]
    assert len(bns) == 3
    assert sheet_variant(replace(graziani, units=units), LEGION) == "infantry-division"
    units[bns[0].id] = replace(bns[0], class_id="it.k")
    assert sheet_variant(replace(graziani, units=units), LEGION) == "armored-division"  # 1 of 3


def test_parent_formations_are_the_top_level_hqs_with_units(graziani_setup: Setup) -> None:
    state = start(GameStarted(Source(graziani_setup.info.start), graziani_setup))
    for side in SIDES:
        assert set(parent_formations(state, side)) == _top_formations(graziani_setup, side)
    assert len(parent_formations(state, "axis")) == 17
    assert len(parent_formations(state, "commonwealth")) == 6


def test_cirene_sections_nested_with_assets_and_augmentation(graziani: GameState) -> None:
    assert _lines(graziani, CIRENE, "headquarters") == [(0, "63 Cir", "HQ")]
    maneuver = _lines(graziani, CIRENE, "maneuver")
    assert maneuver[0] == (0, "157", "assigned")
    assert maneuver[1:4] == [(1, c, "assigned") for c in ("I/157", "II/157", "III/157")]
    assert [c for d, c, _ in maneuver if d == 0] == ["157", "158"]
    assets = [c for _, c, _ in _lines(graziani, CIRENE, "assets") if c]
    assert assets == ["45", "63", "63", "63", "63 Brs"]
    assert _lines(graziani, CIRENE, "augmentation") == [(0, "LXIII(L)", "attached")]
    notes = toe_log(graziani, CIRENE).notes
    assert any("attached to 63rd Cirene Div HQ, assigned to Aresca" in n for n in notes)


def test_one_line_per_weapon_system_with_its_raw_points(graziani: GameState) -> None:
    lines = [
        r
        for r in toe_log(graziani, CIRENE).sections["assets"]
        if r["unit_id"] == "it.63_cirene_div.45th_artillery_regt"
    ]
    got = [
        (
            r["system"],
            r["toe_points"],
            r["raw_barrage"],
            r["raw_anti_armor"],
            r["raw_offensive_close_assault"],
            r["raw_defensive_close_assault"],
            r["raw_aa"],
        )
        for r in lines
    ]
    assert got == [
        ("75/18 Gun-Howitzer", 6, 36, 0, 6, 0, 0),
        ("100/17 Howitzer", 3, 24, 0, 3, 0, 0),
        ("Light AA (20mm M/35 Breda)", 3, 0, 6, 3, 3, 3),
    ]
    first, *rest = lines
    assert (first["counter"], first["basic_morale"], first["cpa"]) == ("45", -1, 15)
    assert all(r["counter"] == "" and r["cpa"] is None for r in rest)
    assert (lines[2]["offensive_close_assault"], lines[2]["aa"]) == ("(1)", "1")


def test_detached_units_keep_a_line_without_strength_9_21(graziani: GameState) -> None:
    log = toe_log(graziani, LTC)
    maneuver = [(r["depth"], r["counter"], r["with"]) for r in log.sections["maneuver"]]
    assert (1, "LXIII(L)", "detached") in maneuver
    detached = [r for r in log.sections["maneuver"] if r["with"] == "detached"]
    assert detached and all(r["raw_barrage"] is None and r["cpa"] is None for r in detached)
    assert log.summary["detached"] == len(detached)
    assert any(n.startswith("LXIII(L) (LXIII(L) Tank Bn): assigned to Aresca") for n in log.notes)


def test_lines_add_up_to_the_formation_strengths_11_34(graziani: GameState) -> None:
    for side in SIDES:
        for hq in parent_formations(graziani, side):
            log = toe_log(graziani, hq)
            lines = [r for name in SECTIONS for r in log.sections[name]]
            for rating in SUMMED_RATINGS:
                raw = sum(r[f"raw_{rating}"] or 0 for r in lines)
                assert raw == log.strengths[f"raw_{rating}"], (hq, rating)
            present = {r["unit_id"] for r in lines if r["with"] != "detached"}
            assert present == {u.id for u in formation_tree(graziani, hq).walk()}
            assert log.variant in VARIANTS


def test_legion_actual_from_the_raw_total_not_the_sum_of_actuals(graziani: GameState) -> None:
    log = toe_log(graziani, LEGION)
    assert log.strengths["raw_offensive_close_assault"] == 15
    assert log.strengths["actual_offensive_close_assault"] == 2
    assert log.strengths == formation_strengths(graziani, formation_tree(graziani, LEGION))
    assert log.sections["assets"] == []  # a brigade form has no Divisional Assets
    assert [r["counter"] for r in log.sections["maneuver"]] == ["81", "156", "158"]


def test_trucks_attached_anywhere_in_the_tree_belong_to_the_formation_8_96(
    graziani: GameState,
) -> None:
    trucks = dict(graziani.trucks)
    trucks["cw_d3612_7armd"] = replace(
        trucks["cw_d3612_7armd"], attached_to="cw.7_armd_div.6th_royal_tank_regt"
    )
    trucks["cw_c3520"] = replace(trucks["cw_c3520"], attached_to=ARMOURED)
    trucks["cw_c3721"] = replace(trucks["cw_c3721"], attached_to="cw.unassigned_inf.1st_rnf_mg_bn")
    state = replace(graziani, trucks=trucks)
    log = toe_log(state, ARMOURED)
    assert [(t["group"], t["light"], t["medium"], t["heavy"]) for t in log.trucks] == [
        ("cw_d3612_7armd", 5, 5, 5),
        ("cw_c3520", 0, 5, 0),
    ]
    assert log.summary["truck_points"] == 20
    brigade = toe_log(state, "cw.7_armd_div.4th_armored_bde_hq")
    assert brigade.summary["truck_points"] == 15
    assert any("under the control of 7th Armored Div HQ (8.96)" in n for n in brigade.notes)


def test_set_up_detached_units_show_under_their_assigned_hq(graziani: GameState) -> None:
    # 1 KRRC is assigned to the 7th Support Group and set up detached (60.41 'Det').
    assert current_parent(graziani.units["cw.7_armd_div.1st_krrc"]) is None
    lines = _lines(graziani, ARMOURED, "maneuver")
    spt = lines.index((0, "7 Spt", "assigned"))
    assert (1, "1 KRRC", "detached") in lines[spt:]
    bde = lines.index((0, "7", "assigned"))  # the 7th Armoured Brigade HQ
    assert lines[bde + 1] == (1, "1 RTR", "detached")
