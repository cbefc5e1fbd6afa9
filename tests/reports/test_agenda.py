"""The "Your phase" read model (issue 17 items 1, 3): what 5.2 III asks of each role of
Graziani's Offensive at GT 1 OpStage 1 in the Organization Phase and in Player A's Movement
and Combat Phase, and what waits on each seat, read from the seat's own view."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ledger.commands.initiative import declare_first_player
from ledger.commands.logistics import arrive, file_requisition, record_weather
from ledger.commands.organization_phase import advance_phase
from ledger.commands.plots import commit_plot
from ledger.commands.stage_end import end_stage
from ledger.journal import EventStore
from ledger.journal.session import GameSession
from ledger.model.apply import apply, start
from ledger.model.events import CombatResolved, EventUndone, GameStarted, PhaseAdvanced
from ledger.model.plots import PlotLine
from ledger.model.quantities import Supplies
from ledger.model.scenario import Setup
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.model.units import TOEHolding
from ledger.reports import agenda
from ledger.reports.agenda_stage import combats_to_resolve, stage_end, stage_log
from tests.seats import AXIS_FC, CW_FC, CW_LC, UMPIRE, seated_game


def run(state: GameState, command) -> GameState:  # type: ignore[no-untyped-def]
    """``state`` after ``command(state)``'s events (it must be accepted)."""
    outcome = command(state)
    assert not outcome.errors, outcome.errors
    for event in outcome.events:
        state = apply(state, event)
    return state


@pytest.fixture
def graziani(graziani_setup: Setup) -> GameState:
    """Graziani's Offensive at its start: GT 1 OpStage 1, C. Organization Phase."""
    return start(GameStarted(Source(graziani_setup.info.start), graziani_setup))


def to_phase(state: GameState, key: str) -> GameState:
    return run(state, lambda s: advance_phase(s, key, Source(s.clock)))


def texts(found: list[agenda.Task]) -> dict[str, str]:
    return {t.text: t.page for t in found}


def test_the_phase_player_a_and_b_and_the_phases_left(graziani: GameState) -> None:
    now = agenda.phase_now(graziani)
    assert (now.clock, now.calendar, now.label) == (
        "GT 1 OpStage 1",
        "September III 1940",
        "C. Organization Phase",
    )
    # 60.22 gives the Axis the Initiative; its holder moves first until it declares (7.11).
    assert (now.player_a, now.player_b, now.phasing, now.player) == (
        "axis",
        "commonwealth",
        None,
        None,
    )
    assert now.next_label == "D. Naval Convoy Arrival Phase"
    assert (now.phases_left, now.last) == (14, False)  # D, E, then F-L twice
    last = agenda.phase_now(to_phase(graziani, "patrol/B"))
    assert (last.label, last.phasing, last.last, last.next_label) == (
        "L. Patrol Phase (Player B)",
        "commonwealth",
        True,
        None,
    )


def test_each_role_s_organization_phase_tasks_link_their_forms(graziani: GameState) -> None:
    fc = texts(agenda.tasks(graziani, "commonwealth", "field_commander"))
    assert fc == {
        "Attach, detach and assign units": "organization",
        "File Supply Requisitions for what your units need": "requisitions",
        "Load leg units on their formation's trucks": "organization",
    }
    lc = texts(agenda.tasks(graziani, "commonwealth", "logistics_commander"))
    assert lc["Fill or reject the open Supply Requisitions"] == "requisitions"
    assert lc["Attach and detach truck points"] == "organization"
    assert "Move units and spend their CP" not in lc
    rac = texts(agenda.tasks(graziani, "commonwealth", "rear_area_commander"))
    assert rac == {"Note construction and training begun or completed": ""}  # at the table
    cinc = texts(agenda.tasks(graziani, "axis", "commander_in_chief"))
    assert set(fc) | set(lc) | set(rac) == set(cinc)
    umpire = texts(agenda.tasks(graziani, None, None))
    assert "Axis: Attach, detach and assign units" in umpire
    assert "Commonwealth: Fill or reject the open Supply Requisitions" in umpire


def test_player_a_moves_and_fights_while_player_b_reacts(graziani: GameState) -> None:
    moving = to_phase(graziani, "movement-and-combat/A")
    axis = texts(agenda.tasks(moving, "axis", "field_commander"))
    assert axis["Move units and spend their CP"] == "movement"
    assert axis["Plot barrages and force assignments"] == "plots"
    assert axis["Resolve the revealed combats, in the order you choose"] == "combat"
    cw = texts(agenda.tasks(moving, "commonwealth", "field_commander"))
    assert cw["Plot defensive barrages and force assignments"] == "plots"
    assert cw["React with units allowed to (spend their CP)"] == "units"
    assert "Move units and spend their CP" not in cw
    assert agenda.tasks(moving, "commonwealth", "logistics_commander") == []
    assert agenda.idle_text(moving, "commonwealth", "logistics_commander") == (
        "Axis plays this phase: nothing for the Logistics Commander but to wait."
    )
    # The Axis chooses to move last (7.11): the Commonwealth is Player A and moves now.
    declared = run(
        graziani, lambda s: declare_first_player(s, "commonwealth", Source(s.clock, "axis"))
    )
    swapped = to_phase(declared, "movement-and-combat/A")
    assert agenda.phase_now(swapped).phasing == "commonwealth"
    assert "Move units and spend their CP" in texts(
        agenda.tasks(swapped, "commonwealth", "field_commander")
    )
    convoy = to_phase(declared, "truck-convoy/A")
    lc = texts(agenda.tasks(convoy, "commonwealth", "logistics_commander"))
    assert lc["Move the convoys (second- and third-line trucks)"] == "convoys"


def test_the_field_commander_s_requisition_waits_on_the_logistics_commander(
    store: EventStore, graziani_setup: Setup
) -> None:
    seated_game(store, graziani_setup)
    fc = GameSession(store, "g", CW_FC)
    fc.execute(
        lambda s: file_requisition(
            s,
            "cw.70_inf_div.1st_essex",
            Supplies(water=6),
            Source(s.clock, "commonwealth", "field_commander"),
        )
    )
    lc = GameSession(store, "g", CW_LC)
    waiting = [
        p
        for p in agenda.pending(lc.view, "commonwealth", "logistics_commander", "cw-lc")
        if p.kind == "requisition"
    ]
    assert [(p.summary, p.lines, p.page, p.warning) for p in waiting] == [
        (
            "Commonwealth: 1 open Supply Requisition(s) to fill or reject",
            ("CR1: 1st Essex asks for 6 Water (filed by cw-fc)",),
            "requisitions",
            True,
        )
    ]
    fc.reload()
    own = [
        p
        for p in agenda.pending(fc.view, "commonwealth", "field_commander", "cw-fc")
        if p.kind == "requisition"
    ]
    assert [(p.summary, p.warning) for p in own] == [
        ("1 of your Supply Requisition(s) await the Logistics Commander", False)
    ]
    other_fc = agenda.pending(fc.view, "commonwealth", "field_commander", "cw-fc-2")
    assert not [p for p in other_fc if p.kind == "requisition"]  # not this seat's
    # The Axis seat's view holds no Commonwealth unit or requisition: nothing of them shows.
    axis = GameSession(store, "g", AXIS_FC)
    seen = agenda.pending(axis.view, "axis", "field_commander", "axis-fc")
    words = " ".join(p.summary + " ".join(p.lines) for p in seen)
    assert "Essex" not in words and "Commonwealth" not in words and "CR1" not in words
    assert seen and all(p.summary.startswith("Axis: ") for p in seen)


def test_units_without_water_after_the_first_operations_stage(graziani: GameState) -> None:
    ended = run(to_phase(graziani, "patrol/B"), lambda s: end_stage(s, Source(s.clock)))
    assert ended.clock.short == "GT 1 OpStage 2"
    water = [
        p
        for p in agenda.pending(ended, "commonwealth", "field_commander")
        if p.summary.endswith("without water")
    ]
    assert len(water) == 1 and water[0].warning and water[0].case == "52.51, 52.52"
    # 2nd Scots Guards held no Water and no dump shares C4131: infantry without water (52.52).
    assert "2nd Scots Guards (C4131): no water 1 OpStage(s) (52.52)" in water[0].lines
    assert water[0].summary == f"Commonwealth: {len(water[0].lines)} unit(s) without water"
    logistics = agenda.pending(ended, "commonwealth", "logistics_commander")
    assert any(p.summary.endswith("without water") for p in logistics)
    assert not agenda.pending(ended, "commonwealth", "rear_area_commander")


def test_the_rear_area_commander_sees_arrivals_and_toe_awaiting_repair(
    graziani: GameState,
) -> None:
    state = graziani
    for _ in range(2):  # to GT 1 OpStage 3, when the Polish Brigade arrives
        state = run(to_phase(state, "patrol/B"), lambda s: end_stage(s, Source(s.clock)))
    essex = state.units["cw.70_inf_div.1st_essex"]
    broken = replace(essex, awaiting_repair=(TOEHolding(essex.toe[0].system, 2),))
    state = replace(state, units={**state.units, essex.id: broken})
    found = {p.kind: p for p in agenda.pending(state, "commonwealth", "rear_area_commander")}
    assert set(found) == {"arrival", "repair"}
    assert "Polish Brigade HQ" in " ".join(found["arrival"].lines)
    assert not found["arrival"].warning
    system = state.systems[essex.toe[0].system].name
    assert found["repair"].lines == (f"1st Essex: 2 × {system}",)
    assert found["repair"].case == "21.34"
    assert not [
        p for p in agenda.pending(state, "commonwealth", "field_commander") if p.kind in found
    ]


def test_combats_of_the_revealed_barrage_plots_until_posted(graziani: GameState) -> None:
    state = graziani
    for guns in ("it.1ccnn_div.201st_artillery_regt", "cw.7_armd_div.4th_ryl_horse_arty"):
        state = run(
            state, lambda s, g=guns: arrive(s, g, Supplies(ammo=60), "convoy", Source(s.clock))
        )
    state = to_phase(state, "movement-and-combat/A")
    axis_line = PlotLine(
        "201st Artillery Regt",
        "75/27 Gun",
        6,
        "barrage",
        "C4119",
        "forward",
        "Infantry #1",
        "infantry",
    )
    cw_line = PlotLine("4th Ryl Horse Arty", "", 6, "barrage", "C4022", "forward", "Gun #1", "gun")
    state = run(state, lambda s: commit_plot(s, "axis", "barrage", [axis_line], Source(s.clock)))
    sealed = agenda.pending(state, "axis", "field_commander")
    assert not [p for p in sealed if p.kind == "combat"]  # only one side's plot is in
    state = run(
        state, lambda s: commit_plot(s, "commonwealth", "barrage", [cw_line], Source(s.clock))
    )
    combats = [p for p in agenda.pending(state, "axis", "field_commander") if p.kind == "combat"]
    assert combats[0].lines == (
        "Axis Barrage at Infantry #1 in C4119",
        "Commonwealth Barrage at Gun #1 in C4022",
    )
    assert combats[0].page == "combat"
    posted = CombatResolved(Source(state.clock), "barrage", ("C4218", "C4119"))
    assert combats_to_resolve(state, [posted]) == ["Commonwealth Barrage at Gun #1 in C4022"]
    assert not [
        p for p in agenda.pending(state, "axis", "logistics_commander") if p.kind == "combat"
    ]


def test_the_stage_log_reads_the_weather_and_this_phase_s_combats(graziani: GameState) -> None:
    src = Source(graziani.clock)
    hot = record_weather(graziani, "hot", src).events[0]
    advanced = PhaseAdvanced(src, "organization", "movement-and-combat/A")
    earlier = CombatResolved(src, "barrage", ("C4218", "C4119"))
    now = CombatResolved(src, "barrage", ("C3922", "C4022"))
    state = to_phase(graziani, "movement-and-combat/A")
    log = stage_log([(2, earlier), (3, hot), (4, advanced), (5, now)], state)
    assert log.weather_recorded and log.combats == (now,)  # the earlier phase's is not this one's
    undone = EventUndone(src, 3, hot)  # type: ignore[arg-type]
    assert not stage_log([(3, hot), (6, undone)], state).weather_recorded


def test_only_the_initiative_holder_declares_and_only_until_phase_c(graziani: GameState) -> None:
    assert agenda.may_declare(graziani, "axis")
    assert not agenda.may_declare(graziani, "commonwealth")
    assert agenda.may_declare(graziani, None)  # the umpire or the solo table
    assert not agenda.may_declare(to_phase(graziani, "naval-convoy-arrival"), "axis")


def test_the_umpire_sees_both_sides_pending(store: EventStore, graziani_setup: Setup) -> None:
    seated_game(store, graziani_setup)
    umpire = GameSession(store, "g", UMPIRE)
    sides = {p.summary.split(":")[0] for p in agenda.pending(umpire.view, None, None)}
    assert sides == {"Axis", "Commonwealth"}


def test_the_end_of_the_stage_is_previewed_without_writing(graziani: GameState) -> None:
    early = stage_end(graziani, Source(graziani.clock))
    assert [(e.field, e.case) for e in early.errors] == [("phase", "5.2")] and not early.posts
    last = to_phase(graziani, "patrol/B")
    preview = stage_end(last, Source(last.clock))
    assert not preview.errors
    assert preview.posts[0] == "GT 1 OpStage 1 ended; GT 1 OpStage 2 begins (0 units' CP reset)"
    # 38 Commonwealth and 87 Axis units find no water at the upkeep (52.4, 52.51, 52.52).
    assert preview.posts[1].startswith("water for GT 1 OpStage 1 (52.41): ")
    assert "125 unit(s) short" in preview.posts[1]
    assert last.clock.short == "GT 1 OpStage 1"  # nothing applied
