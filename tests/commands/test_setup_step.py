"""The set-up step (59.4x, issue 18 item 1) on Graziani's Offensive: a new game is in set-up,
nothing but the set-up is written until both sides finish, first-line trucks load free at
set-up and at no other time (59.45), counters at the player's choice are placed, the starting
Water of ruling 60.44-starting-water (GAPS S-004), and the 15.15 warning only where it bites."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

from ledger.commands.cp import spend_cp
from ledger.commands.logistics import arrive
from ledger.commands.setup import finish, load_trucks, place, spread_trucks, unplaced
from ledger.commands.stage_end import end_stage
from ledger.commands.undo import undo
from ledger.journal.session import CommandRefused, GameSession, create_game
from ledger.journal.store import EventStore, database_url
from ledger.model.events import ConsumptionPosted, SuppliesArrived
from ledger.model.quantities import Supplies
from ledger.model.scenario import Setup
from ledger.model.seats import Seat
from ledger.model.setup_step import CounterPlaced, SetupFinished
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.model.units import Side
from ledger.model.view import view_for
from ledger.reports.setup import setup_checklist
from ledger.rules.checks import MAP_HEX, warnings, within_reach

HQ = "it.1ccnn_div.1st_ccnn_div_hq"
TRUCKS_C4218 = "it_c4218_1ccnn"  # 10 light, 25 medium, 10 heavy (60.31)
ARTY = "it.unassigned_guns.1st_bn_1_arty_rgppmnto"  # "Libya (any hexes, player's choice)"


def new_game(tmp_path: Path, setup: Setup, choices: dict[str, str] | None = None) -> GameSession:
    store = EventStore(database_url(str(tmp_path / "q.db")), create=True)
    return create_game(store, "g", setup, {"end-stage-phase": "any-phase", **(choices or {})})


def src(state: GameState, side: Side | None = None) -> Source:
    return Source(state.clock, side)


def a_hex_for(location: str, count: int) -> tuple[str, ...]:
    """Hexes that keep to a set-up's words: the centre of "within N hexes of X", the first
    map named, else map C (Libya)."""
    within = re.search(r"of ([A-E]\d{4})", location)
    if within:
        return (within.group(1),)
    maps = re.search(r"\bmaps? ([A-E])", location)
    sheet = maps.group(1) if maps else "C"
    return tuple(f"{sheet}{10 + i:02d}10" for i in range(count))


def place_everything(game: GameSession, side: Side) -> None:
    for counter_id, location in unplaced(game.state, side):
        dump = game.state.dumps.get(counter_id)
        count = dump.count if dump is not None and dump.kind == "dummy" else 1
        hexes = a_hex_for(location, count)
        game.execute(lambda s, c=counter_id, h=hexes: place(s, c, h, src(s, side)))


def finish_both(game: GameSession) -> None:
    for side in ("axis", "commonwealth"):
        place_everything(game, side)
        game.execute(lambda s, side=side: finish(s, side, src(s, side)))


def test_a_new_game_starts_in_set_up_and_refuses_everything_else(
    tmp_path: Path, graziani_setup: Setup
) -> None:
    game = new_game(tmp_path, graziani_setup)
    assert game.state.setup_open == ("axis", "commonwealth")
    with pytest.raises(CommandRefused) as refused:
        game.execute(lambda s: spend_cp(s, HQ, Fraction(1), src(s, "axis")))
    (error,) = refused.value.errors
    assert error.case == "59.4"
    assert "the Axis and the Commonwealth are still setting up" in error.message
    assert "`quartermaster setup finish --side axis`" in error.message
    assert game.last_seq == 1  # nothing was written


def test_trucks_load_free_at_set_up_within_their_capacity_and_at_no_other_time(
    tmp_path: Path, graziani_setup: Setup
) -> None:
    game = new_game(tmp_path, graziani_setup)
    # 59.42: 10 medium and 10 heavy points spread to the 1st CCNN Div HQ, in its hex
    (moved,) = game.execute(
        lambda s: spread_trucks(s, TRUCKS_C4218, HQ, (0, 10, 10), src(s, "axis"))
    )
    group = next(t for t in game.state.trucks.values() if t.attached_to == HQ)
    assert (moved.origin, moved.destination) == (TRUCKS_C4218, group.id)
    assert (group.light, group.medium, group.heavy) == (0, 10, 10)
    # 54.2: 10 medium x 4 + 10 heavy x 8 = 120 Ammunition; 121 is over
    with pytest.raises(CommandRefused) as over:
        game.execute(lambda s: load_trucks(s, group.id, Supplies(ammo=121), src(s, "axis")))
    assert over.value.errors[0].case == "54.2"
    (loaded,) = game.execute(lambda s: load_trucks(s, group.id, Supplies(ammo=120), src(s, "axis")))
    assert isinstance(loaded, SuppliesArrived)
    assert (loaded.cause, loaded.case, loaded.supplies) == ("set-up", "59.45", Supplies(ammo=120))
    assert game.state.trucks[group.id].cargo == Supplies(ammo=120)
    # the arrive command's cause set-up is the same load, checked the same way
    (also,) = game.execute(
        lambda s: arrive(s, TRUCKS_C4218, Supplies(fuel=500), "set-up", src(s, "axis"))
    )
    assert isinstance(also, SuppliesArrived) and also.cause == "set-up"
    finish_both(game)
    assert game.state.setup_open == ()
    for command in (
        lambda s: load_trucks(s, group.id, Supplies(ammo=1), src(s, "axis")),
        lambda s: arrive(s, TRUCKS_C4218, Supplies(ammo=1), "set-up", src(s, "axis")),
    ):
        with pytest.raises(CommandRefused) as late:
            game.execute(command)
        assert late.value.errors[0].case == "59.45"
        assert "set-up is over" in late.value.errors[0].message


def test_a_convoy_does_not_load_free(tmp_path: Path, graziani_setup: Setup) -> None:
    game = new_game(tmp_path, graziani_setup)
    with pytest.raises(CommandRefused) as refused:
        game.execute(lambda s: load_trucks(s, "axis_2nd3rd_2", Supplies(ammo=1), src(s, "axis")))
    assert "only first-line trucks" in refused.value.errors[0].message


def test_placing_a_choice_unit_and_refusals(tmp_path: Path, graziani_setup: Setup) -> None:
    game = new_game(tmp_path, graziani_setup)
    (placed,) = game.execute(lambda s: place(s, ARTY, ("C4120",), src(s, "axis")))
    assert isinstance(placed, CounterPlaced)
    assert (placed.before, game.state.units[ARTY].location) == (
        "Libya (any hexes, player's choice)",
        "C4120",
    )
    refusals = {
        "a fixed hex": (HQ, ("C4000",), "not at the player's choice"),
        "placed already": (ARTY, ("C4121",), "undo its placement"),
        "not a hex": ("it.unassigned_guns.2nd_bn_1_arty_rgppmnto", ("Tobruk",), "C4218"),
        "map A or B": ("it.unassigned_guns.131st_artiglieri_bn", ("C4120",), "map C"),
        "within 3 of C0716": ("it.saharan.1_saharan_libyan_bn", ("C0720",), "within 3 hexes"),
        "two dummies": ("axis_dummy", ("C1010",), "give 2 hexes"),
    }
    for why, (counter, hexes, said) in refusals.items():
        if counter not in game.state.units and counter not in game.state.dumps:
            counter = next(  # the saharan battalion's id, whatever its formation's
                u.id for u in game.state.units.values() if u.location == "within 3 hexes of C0716"
            )
        with pytest.raises(CommandRefused) as refused:
            game.execute(lambda s, c=counter, h=hexes: place(s, c, h, src(s, "axis")))
        assert said in str(refused.value), why
    game.execute(lambda s: place(s, "axis_dummy", ("C1010", "C1111"), src(s, "axis")))
    assert game.state.dumps["axis_dummy"].location == "C1010, C1111"


def test_finishing_waits_for_every_choice_counter(tmp_path: Path, graziani_setup: Setup) -> None:
    game = new_game(tmp_path, graziani_setup)
    before = setup_checklist(game.state, "commonwealth")
    # 6 units, Dump 1, the dummy dump, the convoys at "Anywhere, maps" and "any own air facility"
    assert len(before.to_place) == 10 and not before.ready
    with pytest.raises(CommandRefused) as refused:
        game.execute(lambda s: finish(s, "commonwealth", src(s, "commonwealth")))
    assert "10 counter(s) still to place" in refused.value.errors[0].message
    place_everything(game, "commonwealth")
    assert setup_checklist(game.state, "commonwealth").ready
    events = game.execute(lambda s: finish(s, "commonwealth", src(s, "commonwealth")))
    assert isinstance(events[0], SetupFinished)
    assert game.state.setup_open == ("axis",)
    with pytest.raises(CommandRefused) as again:  # its set-up is over; the Axis's is not
        game.execute(  # a convoy printed at "Anywhere, maps" (S-004)
            lambda s: place(s, "commonwealth_2nd3rd_6", ("D3612",), src(s, "commonwealth"))
        )
    assert "the Commonwealth's set-up is over" in again.value.errors[0].message
    with pytest.raises(CommandRefused) as again:
        game.execute(lambda s: finish(s, "commonwealth", src(s, "commonwealth")))
    assert "set-up is over" in again.value.errors[0].message
    with pytest.raises(CommandRefused):  # the game has not started while the Axis sets up
        game.execute(lambda s: spend_cp(s, HQ, Fraction(1), src(s, "axis")))
    place_everything(game, "axis")
    game.execute(lambda s: finish(s, "axis", src(s, "axis")))
    assert game.state.setup_open == ()
    game.execute(lambda s: spend_cp(s, HQ, Fraction(1), src(s, "axis")))  # the game is on
    assert game.state.units[HQ].cp_expended == 1


def test_undo_of_a_finish_reopens_the_set_up(tmp_path: Path, graziani_setup: Setup) -> None:
    game = new_game(tmp_path, graziani_setup)
    place_everything(game, "commonwealth")
    game.execute(lambda s: finish(s, "commonwealth", src(s, "commonwealth")))
    assert game.state.units["cw.7_armd_div.1st_royal_tank_regt"].supplies.water == 21
    game.execute(lambda s: undo(game.undo_window(), src(s), state=s))
    assert game.state.setup_open == ("axis", "commonwealth")
    assert game.state.units["cw.7_armd_div.1st_royal_tank_regt"].supplies.water == 0


def water_of(events: tuple[object, ...], unit_id: str) -> int:
    return sum(
        e.supplies.water
        for e in events
        if isinstance(e, SuppliesArrived) and e.holder == unit_id and e.cause == "set-up"
    )


def test_starting_water_by_default_and_none_as_printed(
    tmp_path: Path, graziani_setup: Setup
) -> None:
    game = new_game(tmp_path, graziani_setup)
    place_everything(game, "commonwealth")
    events = game.execute(lambda s: finish(s, "commonwealth", src(s, "commonwealth")))
    # 52.42: 1 Water a vehicle point moving; 7 A9 Cruisers x 3 Operations Stages = 21
    assert water_of(events, "cw.7_armd_div.1st_royal_tank_regt") == 21
    assert game.state.units["cw.7_armd_div.1st_royal_tank_regt"].supplies.water == 21
    assert all(e.source.app_made for e in events if isinstance(e, SuppliesArrived))
    place_everything(game, "axis")
    events = game.execute(lambda s: finish(s, "axis", src(s, "axis")))
    # 52.41: an infantry battalion needs 1 Water an Operations Stage: 3 for a Game-Turn
    assert water_of(events, "it.1ccnn_div.129th_infantry_bn") == 3
    ended = game.execute(lambda s: end_stage(s, src(s)))
    short = [
        s
        for e in ended
        if isinstance(e, ConsumptionPosted) and e.cause == "water"
        for s in e.shortages
    ]
    assert short == []  # the first End OpStage leaves no unit short of Water

    printed = new_game(tmp_path / "printed", graziani_setup, {"60.44-starting-water": "printed"})
    place_everything(printed, "commonwealth")
    events = printed.execute(lambda s: finish(s, "commonwealth", src(s, "commonwealth")))
    assert events == (SetupFinished(events[0].source, "commonwealth"),)
    assert printed.state.units["cw.7_armd_div.1st_royal_tank_regt"].supplies.water == 0


def test_the_15_15_warning_only_where_it_bites(tmp_path: Path, graziani_setup: Setup) -> None:
    game = new_game(tmp_path, graziani_setup)
    assert not [w for w in warnings(game.state) if w.check == "out-of-ammunition"]
    finish_both(game)
    found = {
        w.message.split(":")[0] for w in warnings(game.state) if w.check == "out-of-ammunition"
    }
    # C3920 (2nd Libyan Div, no ammunition in the hex) is 2 hexes from the 1st RTR's... C3922
    cw_hexes = {
        u.location for u in game.state.units_in_play("commonwealth") if MAP_HEX.match(u.location)
    }
    assert any(within_reach("C3920", h) for h in cw_hexes)
    assert "C3920" in found
    # Derna (B5925: its dump prints no Ammunition) is far from any Commonwealth unit
    assert not any(within_reach("B5925", h) for h in cw_hexes)
    assert "B5925" not in found
    # an Axis seat's view holds no Commonwealth unit (11.36), only where they stand: the same
    axis_seat = Seat("Axis FC", "axis", ("field_commander",))
    seen = view_for(game.state, axis_seat)
    assert not [u for u in seen.units.values() if u.side == "commonwealth"]
    assert seen.enemy_hexes == frozenset(
        u.location for u in game.state.units_in_play("commonwealth") if u.location
    )
    assert {
        w.message.split(":")[0] for w in warnings(seen, "axis") if w.check == "out-of-ammunition"
    } == {h for h in found if h in {u.location for u in game.state.units_in_play("axis")}}


def test_a_field_commanders_seat_sets_its_side_up(tmp_path: Path, graziani_setup: Setup) -> None:
    from ledger.model.seats import Seat

    game = new_game(tmp_path, graziani_setup)
    axis_fc = GameSession(game.store, "g", Seat("axis-fc", "axis", ("field_commander",)))
    cw_fc = GameSession(game.store, "g", Seat("cw-fc", "commonwealth", ("field_commander",)))
    with pytest.raises(CommandRefused) as refused:  # 11.36: not the other side's counters
        cw_fc.execute(lambda s: place(s, ARTY, ("C4120",), Source(s.clock, "axis")))
    assert refused.value.errors[0].case == "11.36"
    axis_fc.execute(lambda s: place(s, ARTY, ("C4120",), Source(s.clock, "axis")))
    place_everything(axis_fc, "axis")
    axis_fc.execute(lambda s: finish(s, "axis", Source(s.clock, "axis", "field_commander")))
    assert axis_fc.state.setup_open == ("commonwealth",)


def test_the_checklist_reads_for_a_player(tmp_path: Path, graziani_setup: Setup) -> None:
    from ledger.reports.setup import setup_lines, spread_candidates

    game = new_game(tmp_path, graziani_setup)
    names = [name for _, name in spread_candidates(game.state, TRUCKS_C4218)]
    assert len(names) == 14 and "1st CCNN Div HQ" in names  # the 14 counters at C4218 (60.31)
    assert spread_candidates(game.state, "axis_2nd3rd_2") == []  # a convoy is not spread
    lines = setup_lines(game.state, "commonwealth")
    assert lines[0] == (
        "Commonwealth: setting up — 10 counter(s) still to place before finishing (59.4)"
    )
    assert "  to place: Dummy dump (map C or D, Egypt) — place at a hex" in lines
    assert not any("commonwealth_" in line or "cw." in line for line in lines)  # names, not ids
    check = setup_checklist(game.state, "axis")
    dummy = next(i for i in check.to_place if i.counter_id == "axis_dummy")
    assert dummy.todo == "place at 2 hexes"
    assert len(check.trucks_empty) == len(check.trucks_unspread) == 13
