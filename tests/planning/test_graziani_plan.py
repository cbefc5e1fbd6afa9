"""The convoy planner on the bundled Graziani's Offensive (60.22), GT 1 OpStage 1.

60.43 and 60.44 set the Commonwealth's convoys (second/third-line trucks, 8.18) at Cairo (40
medium, 10 heavy), Alexandria (10 light, 20 medium), "Anywhere, maps" (15 light, 40 medium, 5
heavy) and "any own air facility"; unlimited sources stand at Cairo and Alexandria, Sidi Barrani
(C4131) holds 250 Ammunition, 500 Fuel, 100 Stores. 1st RNF stands in C3721, 2nd Scots Guards
at Sidi Barrani, 8th Field Artillery in Cairo. Chart 54.2: a medium point carries 4 Ammunition
or 100 Water, a light one 2 or 40; CPA for supplies 30 (medium, heavy), 40 (light). 6.3:
loading costs 0 CP in the Organization Phase and 2 in any other; unloading 2.
"""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from ledger.cli import main
from ledger.commands.logistics import file_requisition
from ledger.model.apply import apply, start
from ledger.model.events import GameStarted
from ledger.model.quantities import Supplies
from ledger.model.scenario import Setup
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.planning.available import is_place, unplanned_convoys
from ledger.planning.proposal import leg_rows, plan_for_side, plan_summary

RNF = "cw.unassigned_inf.1st_rnf_mg_bn"
SCOTS = "cw.unassigned_inf.2nd_scots_guards"
FIELD_8 = "cw.unassigned_arty.8th_field_artillery_regt"
CAIRO, ALEXANDRIA = "commonwealth_2nd3rd_4", "commonwealth_2nd3rd_5"
ANYWHERE, AIR = "commonwealth_2nd3rd_6", "commonwealth_2nd3rd_7"


def _file(state: GameState, unit: str, wanted: Supplies) -> GameState:
    source = Source(state.clock, "commonwealth", "field_commander")
    outcome = file_requisition(state, unit, wanted, source)
    assert outcome.ok, outcome.errors
    for event in outcome.events:
        state = apply(state, event)
    return state


@pytest.fixture
def graziani(graziani_setup: Setup) -> GameState:
    """GT 1 OpStage 1 with CR1 (1st RNF: 2 Ammunition, 6 Water), CR2 (2nd Scots Guards: 10
    Ammunition, 10 Stores) and CR3 (8th Field Artillery: 5 Ammunition)."""
    state = start(GameStarted(Source(graziani_setup.info.start), graziani_setup))
    state = _file(state, RNF, Supplies(ammo=2, water=6))
    state = _file(state, SCOTS, Supplies(ammo=10, stores=10))
    return _file(state, FIELD_8, Supplies(ammo=5))


def test_a_place_is_a_hex_a_box_or_a_place_named_alone() -> None:
    assert is_place("C4131") and is_place("Cairo") and is_place("Tripoli")
    for described in (
        "Anywhere, maps (as printed; unclear)",
        "any own air facility",
        "map C or D, Egypt",
        "Alexandria (E3613 and/or E3714)",
        "Libya (any hexes, player's choice)",
        "",
    ):
        assert not is_place(described), described


def test_no_convoy_is_loaded_from_a_place_it_cannot_be(graziani: GameState) -> None:
    plan = plan_for_side(graziani, "commonwealth", time_limit=5)
    assert plan is not None
    carriers = {leg.trip.carrier_id for leg in plan.legs}
    assert carriers & {ANYWHERE, AIR} == set()
    assert unplanned_convoys(graziani, "commonwealth") == {
        ANYWHERE: "'Anywhere, maps (as printed; unclear)' is no hex or place to load at: "
        "move it into a hex first (54.1)",
        AIR: "'any own air facility' is no hex or place to load at: move it into a hex "
        "first (54.1)",
    }
    # every truck leg loads at a dump in its convoy's own place
    for leg in plan.legs:
        if leg.trip.carrier_id is not None:
            dump = graziani.dumps[leg.trip.dump_id]
            assert dump.location == graziani.trucks[leg.trip.carrier_id].location


def test_the_plan_says_what_it_draws_and_what_it_only_loads(graziani: GameState) -> None:
    # Leave the Cairo convoy out: CR1 rides 1 medium point of the Alexandria convoy
    # (2/4 + 6/100 of a point; a light point would need 2/2 + 6/40 > 1, so two).
    plan = plan_for_side(graziani, "commonwealth", exclude_convoys=[CAIRO], time_limit=5)
    assert plan is not None
    summary = plan_summary(plan)
    assert summary["drawn"] == "15 Ammunition, 10 Stores"  # CR2 at Sidi Barrani, CR3 at Cairo
    assert summary["loaded"] == "2 Ammunition, 6 Water"
    rows = {row["requisition"]: row for row in leg_rows(graziani, plan)}
    assert rows["CR2"]["says"] == (
        "2nd Scots Guards draws 10 Ammunition, 10 Stores from Sidi Barrani in C4131, where it "
        "stands (CR2): delivered when the plan is accepted, no trucks."
    )
    assert rows["CR3"]["says"] == (
        "8th Field Artillery Regt draws 5 Ammunition from Cairo (unlimited supply), where it "
        "stands (CR3): delivered when the plan is accepted, no trucks."
    )
    truck = rows["CR1"]
    assert (truck["convoy"], truck["light"], truck["medium"], truck["heavy"]) == (
        ALEXANDRIA,
        0,
        1,
        0,
    )
    # CPA 30 for supplies, 0 CP to load in the Organization Phase, 2 to unload: 28 to drive;
    # 28 CP burn 1 Fuel a point per 5 CP or part: 6 (49.13)
    assert (truck["drives_to"], truck["cp_to_drive"]) == ("C3721", "28")
    says = truck["says"]
    assert says.startswith(
        "Loads 2 Ammunition, 6 Water on 1 medium truck point of convoy at Alexandria (30 TP) "
        "at Alexandria (unlimited supply) (0 CP now, 6.3). Drives to C3721 in the Truck "
        "Convoy Movement Phase (8.18) with up to 28 CP"
    )
    assert "the ledger knows no distances: count the path on the map" in says
    assert "6 for 28 CP, which this plan does not load" in says
    assert says.endswith(
        "Delivers to 1st RNF MG Bn (CR1) when it unloads there at the end of that phase "
        "(2 CP), if it reaches C3721."
    )
    assert "delivered" not in says


def test_only_the_truck_types_with_cp_left_are_loaded(graziani: GameState) -> None:
    # The Alexandria convoy expended 26 CP this OpStage; in the Truck Convoy Movement Phase
    # loading costs 2 and unloading 2: 30 in all, so medium points (CPA 30) have 0 CP to drive
    # and are not used; light points (CPA 40) have 10. CR1 then takes 2 light points.
    moved = replace(graziani.trucks[ALEXANDRIA], cp_expended=Fraction(26))
    state = replace(graziani, trucks={**graziani.trucks, ALEXANDRIA: moved}, phase="truck-convoy/A")
    plan = plan_for_side(state, "commonwealth", exclude_convoys=[CAIRO], time_limit=5)
    assert plan is not None
    [truck] = [row for row in leg_rows(state, plan) if row["convoy"]]
    assert (truck["light"], truck["medium"], truck["heavy"]) == (2, 0, 0)
    assert truck["cp_to_drive"] == "10"
    assert "(2 CP now, 6.3)" in truck["says"]


def test_a_convoy_anywhere_alone_plans_nothing_on_trucks(graziani: GameState) -> None:
    plan = plan_for_side(
        graziani, "commonwealth", exclude_convoys=[CAIRO, ALEXANDRIA], time_limit=5
    )
    assert plan is not None
    assert [leg.trip.carrier_id for leg in plan.legs] == [None, None]
    assert plan.short["CR1"] == Supplies(ammo=2, water=6)
    assert plan_summary(plan)["loaded"] == "nothing"


def test_a_convoy_loaded_in_the_tripoli_box_does_not_drive_this_opstage(
    graziani_setup: Setup,
) -> None:
    # 60.33: the Axis convoy of 25 light, 140 medium, 40 heavy points stands in Tripoli (a
    # Tripoli/Tunisia box, 8.81) with the Tripoli dump; 114th Infantry Bn in C4218 wants 4
    # Ammunition and 20 Water: 4/8 + 20/200 of a heavy point, so 1 heavy point.
    state = start(GameStarted(Source(graziani_setup.info.start), graziani_setup))
    state = _file(state, "it.1ccnn_div.114th_infantry_bn", Supplies(ammo=4, water=20))
    plan = plan_for_side(state, "axis", time_limit=5)
    assert plan is not None
    [row] = leg_rows(state, plan)
    assert (row["convoy"], row["load_at"], row["heavy"]) == ("axis_2nd3rd_1", "Tripoli", 1)
    assert row["cp_to_drive"] == "none this OpStage (8.88)"
    assert row["says"] == (
        "Loads 4 Ammunition, 20 Water on 1 heavy truck point of convoy at Tripoli (205 TP) at "
        "Tripoli (0 CP now, 6.3). Loaded in a Tripoli/Tunisia box, it may not move this "
        "Operations Stage (8.88): it drives towards C4218 in a later Truck Convoy Movement "
        "Phase (8.18), and delivers to 114th Infantry Bn (AR1) only when it reaches C4218 and "
        "unloads there."
    )
    assert set(unplanned_convoys(state, "axis")) == {"axis_2nd3rd_2", "axis_2nd3rd_3"}


def test_the_cli_leaves_a_convoy_out_by_the_name_the_plan_shows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("QUARTERMASTER_DB", str(tmp_path / "g.db"))
    monkeypatch.delenv("QUARTERMASTER_GAME", raising=False)
    for argv in (
        ["new", "--skip-setup", "g", "--scenario", "graziani"],
        ["requisition", "1 RNF", "--ammo", "2", "--water", "6"],
    ):
        assert main(argv) == 0
    capsys.readouterr()
    without = ["--exclude-convoy", "convoy at Cairo (50 TP)"]
    assert main(["plan-convoys", "--side", "commonwealth", *without, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [leg["convoy"] for leg in report["legs"]] == [ALEXANDRIA]
    assert [row["convoy"] for row in report["not_planned"]] == [ANYWHERE, AIR]
    assert main(["plan-convoys", "--side", "commonwealth", *without]) == 0
    shown = capsys.readouterr().out
    assert "1. Loads 2 Ammunition, 6 Water on 1 medium truck point of convoy at Alexandria" in shown
    assert "not planned: convoy at Anywhere, maps (as printed; unclear) (60 TP)" in shown
    assert main(["plan-convoys", "--side", "commonwealth", "--exclude-convoy", "Nowhere"]) == 1
    assert "Commonwealth has no truck group 'Nowhere' (8.18)" in capsys.readouterr().err
