"""The set-up step (59.4x) against what a reviewer did on real games (issue 18): trucks that
arrive later stay out of the set-up (8.86), a convoy does not become free-loading first-line
trucks (59.42, 59.45), a seat cannot reopen the set-up mid-game by undo (59.4), the Tripoli box
by its printed name (8.81), truck groups at a choice location must be placed, end-stage in
set-up says so, and no starting Water where supplies never run out (60.44)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from ledger.commands.cp import spend_cp
from ledger.commands.first_line_trucks import attach_trucks
from ledger.commands.logistics import arrive
from ledger.commands.setup import finish, load_trucks, place, spread_trucks, unplaced
from ledger.commands.stage_end import end_stage_errors
from ledger.commands.undo import undo
from ledger.io.scenario import load_scenario, resolve
from ledger.journal.session import CommandRefused, GameSession
from ledger.model.events import SuppliesArrived
from ledger.model.lookup import resolve as lookup
from ledger.model.quantities import Supplies
from ledger.model.scenario import Setup
from ledger.model.seats import Seat
from ledger.model.source import Source
from ledger.reports.setup import setup_checklist, setup_lines
from ledger.rules.consumption import unit_water
from ledger.rules.consumption_rates import ConsumptionRulings

from .test_setup_step import (
    HQ,
    TRUCKS_C4218,
    a_hex_for,
    finish_both,
    new_game,
    place_everything,
    src,
)

WELCH = "cw.unassigned_indian.1st_welch_regt"  # at Cairo at the start
CCNN2 = "it.2ccnn_div.2nd_ccnn_div_hq"  # at Tripoli, with the convoy axis_2nd3rd_1
CW_HQ = "cw.4_indian_div.5th_indian_bde_hq"


@pytest.fixture(scope="module")
def campaign_setup() -> Setup:
    """The Italian Campaign (60.23), with trucks arriving with reinforcements."""
    return load_scenario(resolve("italian-campaign"))


def refused(game: GameSession, command: object) -> str:
    """The refusal ``command`` gets, as ``message (case)`` lines; fails when it is accepted."""
    before = game.last_seq
    with pytest.raises(CommandRefused) as caught:
        game.execute(command)  # type: ignore[arg-type]
    assert game.last_seq == before  # nothing was written
    return "\n".join(f"{e.message} ({e.case})" for e in caught.value.errors)


def test_trucks_arriving_later_stay_out_of_the_set_up(
    tmp_path: Path, campaign_setup: Setup
) -> None:
    game = new_game(tmp_path, campaign_setup)
    assert game.state.units[WELCH].location == "Cairo"
    said = refused(
        game, lambda s: spread_trucks(s, "cw_arrival_gt20_os3", WELCH, None, src(s, "commonwealth"))
    )
    assert "arrive GT 20 OpStage 3; it is GT 1 OpStage 1 now" in said and "(8.86)" in said
    said = refused(
        game,
        lambda s: load_trucks(s, "cw_arrival_gt15_os1", Supplies(ammo=300), src(s, "commonwealth")),
    )
    assert "arrive GT 15 OpStage 1" in said and "(8.86)" in said
    finish_both(game)
    said = refused(
        game, lambda s: attach_trucks(s, "cw_arrival_gt20_os3", WELCH, None, src(s, "commonwealth"))
    )
    assert "arrive GT 20 OpStage 3" in said and "(8.86)" in said


def test_a_convoy_does_not_become_first_line_trucks_at_set_up(
    tmp_path: Path, campaign_setup: Setup
) -> None:
    game = new_game(tmp_path, campaign_setup)
    said = refused(game, lambda s: attach_trucks(s, "axis_2nd3rd_1", CCNN2, None, src(s, "axis")))
    assert "at set-up truck points move only as first-line trucks shared out" in said
    assert "(59.42)" in said
    assert not any(t.attached_to == CCNN2 for t in game.state.trucks.values())
    # nothing to load free on the 2nd CCNN Div HQ: it has no first-line trucks (59.45)
    said = refused(game, lambda s: load_trucks(s, CCNN2, Supplies(ammo=10), src(s, "axis")))
    assert "2nd CCNN Div HQ has no first-line trucks" in said
    said = refused(game, lambda s: arrive(s, CCNN2, Supplies(ammo=1), "set-up", src(s, "axis")))
    assert "2nd CCNN Div HQ has no first-line trucks" in said and "it.2ccnn" not in said
    # the spread of the scenario's first-line trucks still passes, and loads by the unit's id
    game.execute(lambda s: spread_trucks(s, TRUCKS_C4218, HQ, (0, 10, 0), src(s, "axis")))
    (loaded,) = game.execute(lambda s: load_trucks(s, HQ, Supplies(ammo=40), src(s, "axis")))
    assert isinstance(loaded, SuppliesArrived) and loaded.supplies == Supplies(ammo=40)


def test_a_seat_cannot_reopen_the_set_up_once_the_game_is_on(
    tmp_path: Path, graziani_setup: Setup
) -> None:
    game = new_game(tmp_path, graziani_setup)
    axis_fc = Seat("axis-fc", "axis", ("field_commander",))
    cw_fc = Seat("cw-fc", "commonwealth", ("field_commander",))

    def seated(seat: Seat) -> GameSession:  # a fresh session: it reads what the other wrote
        return GameSession(game.store, "g", seat)

    place_everything(seated(axis_fc), "axis")
    seated(axis_fc).execute(lambda s: finish(s, "axis", Source(s.clock, "axis", "field_commander")))
    place_everything(seated(cw_fc), "commonwealth")
    seated(cw_fc).execute(
        lambda s: finish(s, "commonwealth", Source(s.clock, "commonwealth", "field_commander"))
    )
    seated(cw_fc).execute(
        lambda s: spend_cp(
            s, CW_HQ, Fraction(1), Source(s.clock, "commonwealth", "field_commander")
        )
    )
    axis = seated(axis_fc)
    said = refused(
        axis, lambda s: undo(axis.undo_window(), Source(s.clock, "axis"), seat=axis_fc, state=s)
    )
    assert "is part of the set-up, and the game has started" in said and "(59.4)" in said
    assert seated(axis_fc).state.setup_open == ()
    # the umpire's way: the later entry first, then the set-up reopens
    table = GameSession(game.store, "g")
    table.execute(lambda s: undo(table.undo_window(), src(s), state=s))  # the CP spent
    table.execute(lambda s: undo(table.undo_window(), src(s), state=s))  # the Commonwealth's finish
    assert table.state.setup_open == ("commonwealth",)


def test_the_tripoli_box_by_its_printed_name(tmp_path: Path, graziani_setup: Setup) -> None:
    game = new_game(tmp_path, graziani_setup)
    arty = "it.unassigned_guns.1st_bn_1_arty_rgppmnto"
    game.execute(lambda s: place(s, arty, ("TRIPOLI",), src(s, "axis")))  # as the CLI types it
    assert game.state.units[arty].location == "Tripoli"  # the box of the 'Tripoli' dumps
    said = refused(game, lambda s: place(s, "ax_dump_1", ("tripoli",), src(s, "axis")))
    assert "Tripoli is a box (8.81), not a hex of map C" in said
    said = refused(game, lambda s: place(s, "it_saharan_det", ("Tripoli",), src(s, "axis")))
    assert "Tripoli is a box (8.81), not within 3 hexes of C0716" in said


def test_truck_groups_at_a_choice_location_must_be_placed(
    tmp_path: Path, graziani_setup: Setup
) -> None:
    game = new_game(tmp_path, graziani_setup)
    axis = dict(unplaced(game.state, "axis"))
    assert axis["it_saharan_det"] == "within 3 hexes of C0716"
    assert axis["axis_2nd3rd_2"] == "Libya (any hexes, player's choice)"
    assert axis["axis_2nd3rd_3"] == "any own air facility"
    assert game.state.truck_group_name("it_saharan_det") == (
        "first-line trucks to place within 3 hexes of C0716 (5 TP)"
    )
    check = setup_checklist(game.state, "axis")
    assert "it_saharan_det" in {i.counter_id for i in check.to_place}
    assert "it_saharan_det" not in {i.counter_id for i in check.may_place}
    for counter_id, location in unplaced(game.state, "axis"):
        if counter_id != "it_saharan_det":
            dump = game.state.dumps.get(counter_id)
            count = dump.count if dump is not None and dump.kind == "dummy" else 1
            hexes = a_hex_for(location, count)
            game.execute(lambda s, c=counter_id, h=hexes: place(s, c, h, src(s, "axis")))
    said = refused(game, lambda s: finish(s, "axis", src(s, "axis")))
    assert "1 counter(s) still to place: first-line trucks to place within 3 hexes" in said
    game.execute(lambda s: place(s, "it_saharan_det", ("C0716",), src(s, "axis")))
    assert game.state.trucks["it_saharan_det"].location == "C0716"
    game.execute(lambda s: finish(s, "axis", src(s, "axis")))


def test_the_plain_status_names_what_is_left(tmp_path: Path, graziani_setup: Setup) -> None:
    game = new_game(tmp_path, graziani_setup)
    lines = setup_lines(game.state, "axis")
    unspread = next(line for line in lines if "not shared out" in line)
    assert "first-line trucks at B5504 (5 TP)" in unspread
    assert unspread.endswith(" and 5 more")  # 13 groups: 8 named
    empty = next(line for line in lines if "empty" in line)
    assert "first-line trucks at B5504 (5 TP)" in empty
    cw = setup_lines(game.state, "commonwealth")
    may = next(line for line in cw if "lets you place" in line)
    assert "2nd New Zealand Div HQ" in may and "and 11 more" in may  # 19 at "and/or" places
    assert not any("counter(s) the set-up lets you place" in line for line in lines + cw)


def test_end_stage_in_set_up_says_set_up(tmp_path: Path, graziani_setup: Setup) -> None:
    game = new_game(tmp_path, graziani_setup, {"end-stage-phase": "last-phase"})
    (error,) = end_stage_errors(game.state)
    assert error.case == "59.4" and "still setting up" in error.message


def test_lookup_takes_printed_truck_names_and_asks_for_the_side_only_where_it_can(
    tmp_path: Path, graziani_setup: Setup
) -> None:
    game = new_game(tmp_path, graziani_setup)
    game.execute(lambda s: spread_trucks(s, TRUCKS_C4218, HQ, (0, 10, 10), src(s, "axis")))
    group = next(t.id for t in game.state.trucks.values() if t.attached_to == HQ)
    for text in (
        "first-line trucks of 1st CCNN Div HQ (20 TP)",
        "first-line trucks of 1st CCNN Div HQ",
    ):
        assert lookup(game.state, text, "TRUCKS", ("trucks",)) == group
    plain = lookup(game.state, "Dump 1", "COUNTER", ("dump",))
    assert not isinstance(plain, str) and "--side" not in plain.message
    assert plain.message.endswith("give the id shown")
    told = lookup(game.state, "Dump 1", "COUNTER", ("dump",), side_option=True)
    assert not isinstance(told, str) and "give the side (--side) or the id" in told.message


def test_no_starting_water_where_supplies_never_run_out(
    tmp_path: Path, graziani_setup: Setup
) -> None:
    game = new_game(tmp_path, graziani_setup)
    place_everything(game, "commonwealth")
    state = game.state
    rulings = state.rulings_of(ConsumptionRulings.from_choices)
    at_source = [  # 60.44: Cairo and Alexandria are the Commonwealth's unlimited sources
        u
        for u in state.units_in_play("commonwealth")
        if u.location in ("Cairo", "Alexandria")
        and unit_water(u, state.classes[u.class_id], state.systems, used_cpa=True, rulings=rulings)
    ]
    assert at_source  # units that would drink there
    events = game.execute(lambda s: finish(s, "commonwealth", src(s, "commonwealth")))
    watered = {e.holder for e in events if isinstance(e, SuppliesArrived)}
    assert not watered & {u.id for u in at_source}
    assert "cw.7_armd_div.1st_royal_tank_regt" in watered  # on the map: 21 (test_setup_step)
