"""The bundled scenarios load through the real loader and give the rules' worked figures."""

from __future__ import annotations

from fractions import Fraction

import pytest

from ledger.commands.cp import spend_cp
from ledger.io.scenario import bundled_scenarios, load_scenario
from ledger.model.apply import apply, start
from ledger.model.events import GameStarted
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.reports import tables as reports


def _state(name: str) -> GameState:
    setup = load_scenario(bundled_scenarios()[name])
    return start(GameStarted(Source(setup.info.start), setup))


@pytest.fixture(scope="module")
def graziani() -> GameState:
    return _state("graziani")


@pytest.fixture(scope="module")
def examples() -> GameState:
    return _state("rules-examples")


def test_graziani_starts_gt1_opstage1_with_285_counters_on_the_map(graziani: GameState) -> None:
    assert str(graziani.clock) == "GT 1 OpStage 1 (September III 1940)"
    assert graziani.info.end.short == "GT 6 OpStage 3"
    assert len(graziani.units) == 306
    assert len(graziani.units_in_play()) == 285
    assert len(graziani.units_in_play("commonwealth")) == 68
    assert graziani.dumps["ax_tobruk"].supplies.fuel == 2000  # 60.34
    assert graziani.ruling("60.22-tobruk-port-efficiency") == "2"


def test_graziani_1st_rnf_6_14_and_6_22(graziani: GameState) -> None:
    rnf = next(u for u in graziani.units.values() if u.counter == "1 RNF")
    assert graziani.cpa(rnf) == 8  # 6.14: non-motorized MG battalion, CPA 8
    state = graziani
    for cp in (Fraction(5), Fraction(5)):
        for event in spend_cp(state, rnf.id, cp, Source(state.clock)).events:
            state = apply(state, event)
    assert state.units[rnf.id].cohesion == -2  # from 0: 10 CP at CPA 8 (6.22 started at -2)


def test_11_35_the_90th_leichte_barrage_and_close_assault(examples: GameState) -> None:
    artillery = [
        examples.units[u] for u in ("de.90le.361_artillery_bn", "de.90le.190_artillery_regt")
    ]
    strengths = reports.unit_strengths(examples, artillery)
    assert (strengths["raw_barrage"], strengths["actual_barrage"]) == (108, 11)
    battalions = [
        u
        for u in examples.units.values()
        if u.id.startswith("de.90le.") and "artillery" not in u.id and u.id != "de.90le.div_hq"
    ]
    assert len(battalions) == 7
    assault = reports.unit_strengths(examples, battalions)
    assert (assault["raw_offensive_close_assault"], assault["actual_offensive_close_assault"]) == (
        65,
        7,
    )


def test_combat_example_barrage_points(examples: GameState) -> None:
    axis_guns = [examples.units["de.ex.kg_105mm_regt"], examples.units["de.ex.c_105mm_bty"]]
    axis = reports.unit_strengths(examples, axis_guns)
    assert (axis["raw_barrage"], axis["actual_barrage"]) == (90, 9)
    cw = reports.unit_strengths(examples, [examples.units["cw.ex.25pdr_regt"]])
    assert (cw["raw_barrage"], cw["actual_barrage"]) == (48, 5)
    at = reports.unit_strengths(examples, [examples.units["cw.ex.2pdr_at_regt"]])
    assert (at["raw_anti_armor"], at["actual_anti_armor"]) == (24, 2)
