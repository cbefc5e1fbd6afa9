"""Rows that the CLI tables, dashboard pages and sheets show."""

from dataclasses import replace
from fractions import Fraction

from ledger.commands.cp import spend_cp
from ledger.model.apply import apply
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.reports import event_log
from ledger.reports import tables as reports
from tests.phases import session_to_last_phase


def test_unit_row_carries_cp_cohesion_strengths_and_attached_trucks(mini_state: GameState) -> None:
    trucks = replace(mini_state.trucks["cw_c3721"], attached_to="cw.1_rnf")
    state = replace(mini_state, trucks={**mini_state.trucks, "cw_c3721": trucks})
    for event in spend_cp(state, "cw.1_rnf", Fraction(9), Source(state.clock)).events:
        state = apply(state, event)
    (row,) = reports.units(state)
    assert row["attached_truck_points"] == 10  # 5 light + 5 medium
    assert (row["cpa"], row["cp_expended"], row["cp_over"], row["cohesion"]) == (8, 9, 1, -1)
    # class cw.u: Offensive Close Assault 4, Defensive 6, TOE 3 -> Raw 12/18, Actual 1/2 (11.32)
    assert (row["raw_offensive_close_assault"], row["actual_offensive_close_assault"]) == (12, 1)
    assert (row["raw_defensive_close_assault"], row["actual_defensive_close_assault"]) == (18, 2)


def test_toe_rows_show_ratings_as_printed(mini_state: GameState) -> None:
    (row,) = reports.toe(mini_state, "cw.3_rha")
    assert (row["toe_points"], row["barrage"], row["anti_armor"], row["armor_protection"]) == (
        6,
        "8",
        "5",
        "–",
    )


def test_supply_totals_leave_out_unlimited_sources(mini_state: GameState) -> None:
    totals = {(r["side"], r["held_in"]): r for r in reports.supply_totals(mini_state)}
    cw = totals[("commonwealth", "total")]
    assert (cw["ammo"], cw["fuel"], cw["stores"], cw["water"]) == (1002, 3000, 4003, 4)
    assert cw["unlimited_sources"] == 1
    assert totals[("axis", "dumps")]["fuel"] == 2000


def test_history_marks_undone_events(mini_state: GameState) -> None:
    src = Source(mini_state.clock, "commonwealth", "field_commander", "attack")
    event = spend_cp(mini_state, "cw.1_rnf", Fraction(5), src).events[0]
    from ledger.model.events import EventUndone

    rows = event_log.history([(2, event), (3, EventUndone(src, 2, event))], mini_state)  # type: ignore[arg-type]
    assert rows[0]["undone"] and rows[0]["what"] == "1st RNF MG Bn expends 5 CP"
    assert rows[1]["what"] == "undo #2: 1st RNF MG Bn expends 5 CP"


def test_cohesion_history_one_point_per_ended_opstage_and_now(session) -> None:  # type: ignore[no-untyped-def]
    from ledger.commands.stage_end import end_stage
    from ledger.commands.undo import undo

    session.execute(lambda s: spend_cp(s, "cw.1_rnf", Fraction(10), Source(s.clock)))  # -2
    session_to_last_phase(session)
    session.execute(lambda s: end_stage(s, Source(s.clock)))
    session_to_last_phase(session)
    session.execute(lambda s: end_stage(s, Source(s.clock)))  # idle: +2 RP back to 0
    session.execute(lambda s: undo(session.indexed(), Source(s.clock)))  # that end is undone
    rows = event_log.cohesion_history(session.indexed(), ["cw.1_rnf"])
    assert [(r["game_time"], r["cohesion"]) for r in rows] == [
        ("GT 1 OpStage 1", -2),
        ("GT 1 OpStage 2", -2),
    ]
    assert rows[0]["name"] == "1st RNF MG Bn"
    # gone back through from the state now, over the whole journal or only its newest part
    now = session.state
    assert event_log.cohesion_history(session.indexed(), ["cw.1_rnf"], now) == rows
    tail = [(r.seq, r.event) for r in session.since_stage_ends(1)]
    assert len(tail) < len(session.indexed())
    assert event_log.cohesion_history(tail, ["cw.1_rnf"], now) == rows[-1:]
    # only the events that move Cohesion or end a stage (and their undoing) are needed
    session._journal = None  # read from the database, as a page does
    kinds = event_log.COHESION_KINDS
    cohesion_only = [(r.seq, r.event) for r in session.since(1, kinds)]
    assert len(cohesion_only) < len(session.indexed())
    assert event_log.cohesion_history(cohesion_only, ["cw.1_rnf"], now) == rows


def test_field_commander_sheet_notes_detached_and_attached_units() -> None:
    from ledger.commands.reorganize import attach
    from ledger.io.scenario import bundled_scenarios, load_scenario
    from ledger.model.apply import apply, start
    from ledger.model.events import GameStarted
    from ledger.model.source import Source

    setup = load_scenario(bundled_scenarios()["graziani"])
    state = start(GameStarted(Source(setup.info.start), setup))

    def with_of(s: GameState, name: str) -> str:
        rows = reports.field_commander_sheet(s, "commonwealth")
        return str(next(r["parent"] for r in rows if r["name"] == name))

    # 60.22 sets 1 KRRC up detached from its parent (4.52: the box says "detached")
    assert with_of(state, "1st KRRC") == "detached from 7th Support Group HQ"
    assert with_of(state, "8th Hussars") == "7th Armored Bde HQ"
    krrc, spt = "cw.7_armd_div.1st_krrc", "cw.7_armd_div.7th_support_group_hq"
    for event in attach(state, krrc, spt, Source(state.clock)).events:
        state = apply(state, event)
    assert with_of(state, "1st KRRC") == "7th Support Group HQ"
    rnf = "cw.unassigned_inf.1st_rnf_mg_bn"
    for event in attach(state, rnf, spt, Source(state.clock)).events:
        state = apply(state, event)
    assert with_of(state, "1st RNF MG Bn") == "7th Support Group HQ (attached)"
