"""Secret plots (issue 16 item 6; 5.2 III G 3 b, d): committed sealed, revealed when both sides
are in, refused against 11.11, 12.1x, 12.44, 14.11, 14.26; undo; what each seat reads."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ledger.combat.barrage import BarrageCalculation
from ledger.commands.logistics import arrive
from ledger.commands.organization_phase import advance_phase
from ledger.commands.plots import commit_plot
from ledger.commands.stage_end import end_stage
from ledger.commands.undo import undo
from ledger.io.combat_request import build_combat, parse_request
from ledger.journal import EventStore
from ledger.journal.codec import decode, decode_state, encode, encode_state
from ledger.journal.session import CommandRefused, GameSession
from ledger.model.apply import apply, fold, unapply
from ledger.model.events import EventUndone
from ledger.model.plots import PlotCommitted, PlotLine, PlotsRevealed
from ledger.model.quantities import Supplies
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.model.view import event_for, journal_for, view_for
from ledger.reports.event_log import describe
from ledger.reports.plots import anti_armor_requests, barrage_requests, close_assault_requests
from tests.phases import session_to_last_phase
from tests.seats import AXIS_FC, CW_FC, CW_LC, UMPIRE, seated_game

AXIS_GUNS = "201st Artillery Regt"  # it.1ccnn_div.201st_artillery_regt, C4218, Italian
CW_GUNS = "4th Ryl Horse Arty"  # cw.7_armd_div.4th_ryl_horse_arty, C3922
CW_MEDIUM = "7th Medium Artillery Regt"  # C3922
SECRET_TARGET = "Infantry #7 SECRET"
GUNS_WITH_AMMUNITION = (
    "it.1ccnn_div.201st_artillery_regt",
    "cw.7_armd_div.4th_ryl_horse_arty",
    "cw.unassigned_arty.7th_medium_artillery_regt",
)


def axis_barrage(points: int = 6) -> PlotLine:
    return PlotLine(
        AXIS_GUNS, "75/27 Gun", points, "barrage", "C4119", "forward", SECRET_TARGET, "infantry"
    )


def cw_barrage() -> PlotLine:
    return PlotLine(CW_GUNS, "", 6, "barrage", "C4022", "forward", "Gun #1", "gun")


@pytest.fixture
def table(store: EventStore, graziani_setup) -> EventStore:  # type: ignore[no-untyped-def]
    """Graziani with an umpire and three seats, in the Movement and Combat Phase of Player A."""
    seated_game(store, graziani_setup)
    umpire = GameSession(store, "g", UMPIRE)
    for guns in GUNS_WITH_AMMUNITION:  # Graziani's guns start with none (12.0, 50.14)
        umpire.execute(
            lambda s, guns=guns: arrive(s, guns, Supplies(ammo=60), "convoy", Source(s.clock))
        )
    umpire.execute(lambda s: advance_phase(s, "movement-and-combat/A", Source(s.clock)))
    return store


def _commit(session: GameSession, step: str, lines: list[PlotLine]) -> tuple:  # type: ignore[type-arg]
    side = session.seat.side if session.seat and session.seat.side else "axis"
    session.reload()  # the other seats wrote meanwhile
    return session.execute(
        lambda s: commit_plot(s, side, step, lines, Source(s.clock, side, "field_commander"))
    )


def _refusals(session: GameSession, side: str, step: str, lines: list[PlotLine]) -> str:
    session.reload()
    before = session.last_seq
    with pytest.raises(CommandRefused) as refused:
        session.execute(lambda s: commit_plot(s, side, step, lines, Source(s.clock, side)))
    session.reload()
    assert session.last_seq == before  # nothing written
    return "\n".join(str(e) for e in refused.value.errors)


def test_a_sealed_barrage_plot_is_unreadable_by_the_other_side_until_both_commit(
    table: EventStore,
) -> None:
    axis = GameSession(table, "g", AXIS_FC)
    (committed,) = _commit(axis, "barrage", [axis_barrage()])
    assert isinstance(committed, PlotCommitted) and committed.segment == 1
    cw = GameSession(table, "g", CW_FC)
    umpire = GameSession(table, "g", UMPIRE)

    # sealed: the Commonwealth reads nothing of it, anywhere; the Axis and the umpire read it
    assert cw.view.plots == ()
    assert [p.side for p in axis.view.plots] == ["axis"]
    assert umpire.view.plots[0].lines[0].target == SECRET_TARGET
    assert event_for(committed, CW_FC, cw.state) is None
    assert event_for(committed, CW_LC, cw.state) is None
    shown = journal_for([(r.seq, r.event) for r in cw.journal], CW_FC, cw.state)
    assert SECRET_TARGET not in repr(shown) and "C4119" not in repr(shown)
    assert SECRET_TARGET in describe(committed, axis.view)

    # the Commonwealth's commit reveals both at once, in the same action
    events = _commit(cw, "barrage", [cw_barrage()])
    assert [e.kind for e in events] == ["plot_committed", "plots_revealed"]
    reveal = events[1]
    assert isinstance(reveal, PlotsRevealed) and reveal.source.app_made
    assert [p.side for p in reveal.plots] == ["axis", "commonwealth"]
    for session in (axis, cw):
        session.reload()
        assert {(p.side, p.revealed) for p in session.view.plots} == {
            ("axis", True),
            ("commonwealth", True),
        }
    assert cw.view.plots[0].lines[0].target == SECRET_TARGET
    assert cw.view.plots[0].lines[0].unit_name == AXIS_GUNS  # named, though the unit is hidden
    assert event_for(reveal, CW_FC, cw.state) == reveal
    assert SECRET_TARGET in describe(reveal, cw.view)


def test_refusals_name_field_value_and_case_and_write_nothing(table: EventStore) -> None:
    axis = GameSession(table, "g", AXIS_FC)
    text = _refusals(
        axis,
        "axis",
        "barrage",
        [
            PlotLine("1st Essex", "", 6, "barrage", "C4119", "forward", "Infantry #1", "infantry"),
            PlotLine(AXIS_GUNS, "75/27 Gun", 7, "barrage", "", "", "", "tank"),  # type: ignore[arg-type]
            PlotLine(AXIS_GUNS, "Sherman", 1, "barrage", "C4119", "forward", "Gun #1", "gun"),
            PlotLine(AXIS_GUNS, "75/27 Gun", 1, "barrage", "C4218", "forward", "Gun #1", "gun"),
        ],
    )
    assert "line 1 unit: no unit called '1st Essex'" in text  # not the Axis's: not looked up
    assert "line 2 points: 7: 201st Artillery Regt holds 6" in text and "(14.26)" in text
    assert "line 2 hex: give the target hex (5.2 III G)" in text
    assert "line 2 position: '': a gun unit is Forward or Back" in text and "(12.11)" in text
    assert "line 2 target class: 'tank'" in text and "(12.23)" in text
    assert "line 2 target: ''" in text and "(12.24)" in text
    assert "line 3 system: 201st Artillery Regt holds no 'Sherman'" in text
    assert "line 4 hex: C4218 is 201st Artillery Regt's own hex" in text and "(12.31)" in text

    # one unit, one position (12.11); a Back unit neither splits (12.16) nor coordinates
    text = _refusals(
        axis,
        "axis",
        "barrage",
        [
            replace(axis_barrage(3), position="back"),
            replace(axis_barrage(3), target="Gun #1"),
        ],
    )
    assert "201st Artillery Regt is plotted both Forward and Back" in text
    cw = GameSession(table, "g", CW_FC)
    text = _refusals(
        cw,
        "commonwealth",
        "barrage",
        [replace(cw_barrage(), position="back", points=3), replace(cw_barrage(), points=3)],
    )
    assert "a Back unit may not split" not in text
    assert "4th Ryl Horse Arty is plotted both Forward and Back" in text
    text = _refusals(
        cw,
        "commonwealth",
        "barrage",
        [
            replace(cw_barrage(), position="back"),
            PlotLine(CW_MEDIUM, "", 6, "barrage", "C4022", "forward", "Gun #1", "gun"),
        ],
    )
    assert "4th Ryl Horse Arty is Back and shares its target 'gun #1' in C4022" in text
    assert "(12.16)" in text

    # the Force Assignment Step waits for the Barrage Step (ruling "Plots: Combat Segments")
    text = _refusals(axis, "axis", "force_assignment", [])
    assert "commit a Barrage plot first" in text
    # outside the Movement and Combat Phase
    GameSession(table, "g", UMPIRE).execute(lambda s: advance_phase(s, None, Source(s.clock)))
    axis.reload()
    text = _refusals(axis, "axis", "barrage", [])
    assert "phase: plots are made in the Combat Segment" in text and "Truck Convoy" in text


def test_one_plot_a_side_a_step_a_segment_and_the_steps_in_order(table: EventStore) -> None:
    axis = GameSession(table, "g", AXIS_FC)
    cw = GameSession(table, "g", CW_FC)
    _commit(axis, "barrage", [axis_barrage()])
    assert "Axis has committed its Barrage Step plot of Combat Segment 1" in _refusals(
        axis, "axis", "barrage", []
    )
    _commit(cw, "barrage", [])  # an empty plot: no gun fires; reveals both
    axis.reload()
    assert "Axis's Barrage plot" not in _refusals(axis, "axis", "barrage", [])
    assert "commit Axis's Force Assignment plot first" in _refusals(axis, "axis", "barrage", [])

    essex = PlotLine("1st Essex", "", 6, "close_assault", "C4218")
    _commit(cw, "force_assignment", [essex])
    assert cw.view.plots[-1].step == "force_assignment" and not cw.view.plots[-1].revealed
    axis.reload()
    assert [p.step for p in axis.view.plots] == ["barrage", "barrage"]  # no sealed CW plot
    assert "waits for the other side's" in _refusals(cw, "commonwealth", "barrage", [])
    defend = PlotLine(AXIS_GUNS, "75/27 Gun", 6, "close_assault", "C4218")
    events = _commit(axis, "force_assignment", [defend])
    assert events[-1].kind == "plots_revealed"
    assert "are revealed; the next Combat Segment" in _refusals(
        axis, "axis", "force_assignment", []
    )
    (next_barrage,) = _commit(axis, "barrage", [])
    assert isinstance(next_barrage, PlotCommitted) and next_barrage.segment == 2


def test_guns_without_ammunition_neither_barrage_nor_assault(table: EventStore) -> None:
    """12.0, 50.14: a Barrage needs Ammunition; 15.15: so does a Close Assault."""
    cw = GameSession(table, "g", CW_FC)
    text = _refusals(
        cw,
        "commonwealth",
        "barrage",
        [
            PlotLine(
                "25th Field Artillery Regt", "", 6, "barrage", "D3614", "forward", "Gun #1", "gun"
            )
        ],
    )
    assert "25th Field Artillery Regt has no Ammunition to fire a Barrage (50.14)" in text
    _commit(cw, "barrage", [])
    _commit(GameSession(table, "g", AXIS_FC), "barrage", [])
    text = _refusals(
        cw,
        "commonwealth",
        "force_assignment",
        [PlotLine("25th Field Artillery Regt", "", 6, "close_assault", "D3614")],
    )
    assert "25th Field Artillery Regt is out of Ammunition: no Close Assault" in text
    assert "(15.15)" in text


def test_force_assignment_checks_pinned_back_guns_and_anti_armor_ratings(
    table: EventStore,
) -> None:
    axis = GameSession(table, "g", AXIS_FC)
    cw = GameSession(table, "g", CW_FC)
    _commit(axis, "barrage", [axis_barrage()])
    _commit(cw, "barrage", [replace(cw_barrage(), position="back")])
    cw.reload()
    text = _refusals(
        cw,
        "commonwealth",
        "force_assignment",
        [
            PlotLine(CW_GUNS, "", 6, "anti_armor", "C4022"),
            PlotLine("1st Essex", "", 3, "anti_armor", "C4022"),
            PlotLine("1st Essex", "", 4, "close_assault", "C4022"),
            PlotLine("1st Essex", "", 1, "probe", "C4022"),  # type: ignore[arg-type]
        ],
    )
    assert "4th Ryl Horse Arty was plotted Back in this segment's Barrage Step" in text
    assert "has no Anti-Armor Rating (14.11)" in text
    assert "line 4 role: 'probe'" in text


def test_undo_reopens_a_sealed_plot_and_a_revealed_one_stays(table: EventStore) -> None:
    axis = GameSession(table, "g", AXIS_FC)
    cw = GameSession(table, "g", CW_FC)
    _commit(axis, "barrage", [axis_barrage()])
    axis.execute(lambda s: undo(axis.undo_window(), Source(s.clock, "axis"), seat=AXIS_FC, state=s))
    assert axis.view.plots == ()
    _commit(axis, "barrage", [axis_barrage(5)])
    _commit(cw, "barrage", [cw_barrage()])
    axis.reload()
    for session, seat, side in ((axis, AXIS_FC, "axis"), (cw, CW_FC, "commonwealth")):
        with pytest.raises(CommandRefused, match="only the umpire can take it back"):
            session.execute(
                lambda s, session=session, seat=seat, side=side: undo(
                    session.undo_window(), Source(s.clock, side), seat=seat, state=s
                )
            )
    umpire = GameSession(table, "g", UMPIRE)
    events = umpire.execute(
        lambda s: undo(umpire.undo_window(), Source(s.clock), seat=UMPIRE, state=s)
    )
    assert [e.undone.kind for e in events if isinstance(e, EventUndone)] == [
        "plots_revealed",
        "plot_committed",
    ]
    axis.reload()
    assert [(p.side, p.revealed, p.lines[0].points) for p in umpire.view.plots] == [
        ("axis", False, 5)
    ]
    cw.reload()
    assert cw.view.plots == ()  # sealed again: the Commonwealth may plot afresh


def test_apply_and_unapply_are_exact_and_the_fold_replays(table: EventStore) -> None:
    axis = GameSession(table, "g", AXIS_FC)
    cw = GameSession(table, "g", CW_FC)
    before = axis.state
    (committed,) = _commit(axis, "barrage", [axis_barrage()])
    after = axis.state
    assert unapply(after, committed) == before
    commit, reveal = _commit(cw, "barrage", [cw_barrage()])
    assert unapply(unapply(cw.state, reveal), commit) == after
    assert apply(apply(after, commit), reveal) == cw.state
    assert fold(r.event for r in cw.journal) == cw.state


def test_views_per_seat(table: EventStore) -> None:
    axis = GameSession(table, "g", AXIS_FC)
    _commit(axis, "barrage", [axis_barrage()])
    umpire = GameSession(table, "g", UMPIRE)
    state: GameState = umpire.state
    assert view_for(state, CW_FC).plots == view_for(state, CW_LC).plots == ()
    assert view_for(state, AXIS_FC).plots == state.plots
    assert view_for(state, None).plots == state.plots  # the solo table sees all


def test_revealed_plots_are_the_calculators_inputs(table: EventStore) -> None:
    """The hand-off: a revealed barrage line, read from the firing side's view, is a barrage
    request the calculator works out; both revealed Force Assignment plots, read from the
    umpire's view, are a Close Assault request."""
    axis = GameSession(table, "g", AXIS_FC)
    cw = GameSession(table, "g", CW_FC)
    _commit(axis, "barrage", [axis_barrage()])
    _commit(cw, "barrage", [cw_barrage()])
    axis.reload()
    plot = next(p for p in axis.view.plots if p.side == "axis")
    (request,) = barrage_requests(axis.view, plot, "axis")
    assert request.missing == ()
    assert request.request["guns"] == [
        {
            "unit": "it.1ccnn_div.201st_artillery_regt",
            "points": {"it.75_27_gun": 6},
            "position": "forward",
        }
    ]
    assert request.request["target"] == {
        "label": SECRET_TARGET,
        "side": "commonwealth",
        "hex": "C4119",
        "combat_class": "infantry",
    }
    calculation = build_combat(parse_request(request.request), axis.view).calculation
    assert isinstance(calculation, BarrageCalculation)
    assert sum(e.points for e in calculation.guns) == 6 and calculation.column is not None
    assert sum(calculation.distribution.values()) == 1

    essex = PlotLine("1st Essex", "", 6, "close_assault", "C4218")
    _commit(cw, "force_assignment", [essex])
    _commit(
        axis,
        "force_assignment",
        [
            PlotLine(AXIS_GUNS, "75/27 Gun", 3, "close_assault", "C4218"),
            PlotLine(AXIS_GUNS, "75/27 Gun", 3, "anti_armor", "C4218"),
        ],
    )
    umpire = GameSession(table, "g", UMPIRE)
    fa = [p for p in umpire.view.plots if p.step == "force_assignment"]
    (assault,) = close_assault_requests(umpire.view, fa, "commonwealth")
    assert assault.request["attackers"] == [
        {"unit": "cw.70_inf_div.1st_essex", "points": {"cw.m": 6}}
    ]
    assert assault.request["defenders"][0]["unit"] == "it.1ccnn_div.201st_artillery_regt"
    build_combat(parse_request(assault.request), umpire.view)
    (fire,) = anti_armor_requests(umpire.view, fa, "commonwealth")
    assert fire.request["firing_side"] == "axis"
    assert fire.request["firing"] == [
        {"unit": "it.1ccnn_div.201st_artillery_regt", "points": {"it.75_27_gun": 3}}
    ]
    assert fire.request["targets"] == [{"unit": "cw.70_inf_div.1st_essex", "points": {"cw.m": 6}}]
    build_combat(parse_request(fire.request), umpire.view)  # no armor there: no damage
    # revealed on attack (11.36): from the Commonwealth's own view the revealed Axis
    # defenders are there for the combat, their Ammunition but no Fuel, Stores or Water
    cw.reload()
    (own,) = close_assault_requests(cw.view, fa, "commonwealth")
    assert own.missing == () and own.request == assault.request
    build_combat(parse_request(own.request), cw.view)
    guns = cw.view.units["it.1ccnn_div.201st_artillery_regt"]
    whole = umpire.state.units["it.1ccnn_div.201st_artillery_regt"]
    assert guns.supplies == Supplies(ammo=whole.supplies.ammo) and guns.supplies.ammo == 60
    assert guns.toe == whole.toe and guns.cohesion == whole.cohesion
    assert whole.parent == "it.1ccnn_div.1st_ccnn_div_hq" and guns.parent is None  # no order
    assert len([u for u in cw.view.units.values() if u.side == "axis"]) == 1


def test_plots_travel_through_the_codec_and_snapshots(table: EventStore) -> None:
    """Events and a folded state with plots are written and read back whole (msgspec picks up
    the new event classes from ``Event``); an undone commit hides like the commit."""
    axis = GameSession(table, "g", AXIS_FC)
    (committed,) = _commit(axis, "barrage", [axis_barrage()])
    assert decode(encode(committed), "plot_committed") == committed
    assert decode_state(encode_state(axis.state)) == axis.state
    undone = axis.execute(
        lambda s: undo(axis.undo_window(), Source(s.clock, "axis"), seat=AXIS_FC, state=s)
    )
    assert event_for(undone[0], CW_FC, axis.state) is None
    assert event_for(undone[0], AXIS_FC, axis.state) == undone[0]


def test_the_next_stages_first_reveal_clears_the_revealed_plots_of_earlier_stages(
    table: EventStore,
) -> None:
    """The state keeps about one Operations Stage of plots (the journal keeps them all)."""
    axis = GameSession(table, "g", AXIS_FC)
    cw = GameSession(table, "g", CW_FC)
    umpire = GameSession(table, "g", UMPIRE)
    _commit(axis, "barrage", [])
    _commit(cw, "barrage", [])
    _commit(axis, "force_assignment", [])  # sealed: never revealed, so never cleared
    umpire.reload()
    session_to_last_phase(umpire)
    umpire.execute(lambda s: end_stage(s, Source(s.clock)))
    umpire.execute(lambda s: advance_phase(s, "movement-and-combat/A", Source(s.clock)))
    first = umpire.state.plots
    assert [(p.period.op_stage, p.step, p.revealed) for p in first] == [
        (1, "barrage", True),
        (1, "barrage", True),
        (1, "force_assignment", False),
    ]
    _commit(cw, "barrage", [])
    _, reveal = _commit(axis, "barrage", [])
    assert isinstance(reveal, PlotsRevealed) and reveal.cleared == first[:2]
    umpire.reload()
    assert [(p.period.op_stage, p.side) for p in umpire.state.plots] == [
        (1, "axis"),
        (2, "axis"),
        (2, "commonwealth"),
    ]
    assert fold(r.event for r in umpire.journal) == umpire.state
    umpire.execute(lambda s: undo(umpire.undo_window(), Source(s.clock), seat=UMPIRE, state=s))
    assert [(p.period.op_stage, p.side, p.step) for p in umpire.state.plots] == [
        (1, "axis", "barrage"),
        (1, "commonwealth", "barrage"),
        (1, "axis", "force_assignment"),
        (2, "commonwealth", "barrage"),
    ]
