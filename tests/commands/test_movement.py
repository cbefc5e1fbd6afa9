"""Recorded moves (ledger/commands/movement.py): path syntax, CP through spend_cp, fuel (49.13, 49.16),
Breakdown Points (8.37, 21.23, 21.25), in the Movement and Combat Phase; undo reverses a move."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from ledger.commands import logistics, organization_phase
from ledger.commands.movement import hex_text, move_fuel, move_unit, parse_hex, parse_path
from ledger.commands.outcome import Outcome
from ledger.commands.transfers import transfer
from ledger.io.scenario import load_scenario
from ledger.journal.codec import decode, encode
from ledger.model.apply import apply, start, unapply
from ledger.model.events import CPExpended, GameStarted, SuppliesConsumed, UnitMoved
from ledger.model.quantities import Supplies
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.reports.event_log import describe
from ledger.rules.breakdown import HexMove

ARMOR = Path(__file__).resolve().parents[1] / "fixtures" / "armor.toml"
RTR = "cw.3_rtr"  # 20 Crusader Mk.I (fuel rate 3, BAR 1R) and 4 Mark VI Light (rate 1, BAR 0)
RNF = "cw.1_rnf"  # a foot battalion: CPA 8, no vehicles
EXAMPLE_21_23 = "road:clear,road:clear,rough,clear+ridge"  # ½ + ½ + 8 + (4 + 2) = 15 BP


def src(state: GameState, reason: str = "") -> Source:
    return Source(state.clock, "commonwealth", "field_commander", reason)


def run(state: GameState, outcome: Outcome) -> GameState:
    assert outcome.ok, outcome.errors
    for event in outcome.events:
        state = apply(state, event)
    return state


def errors(outcome: Outcome) -> str:
    assert not outcome.ok and not outcome.events
    return " | ".join(f"{e.field}: {e.message} ({e.case})" for e in outcome.errors)


def armor_state(*, fuel: int = 300, hot: bool = False) -> GameState:
    """The armor scenario with ``fuel`` Fuel issued to 3 RTR, in Player A's Movement and Combat
    Phase (weather Hot when ``hot``)."""
    setup = load_scenario(ARMOR)
    state = start(GameStarted(Source(setup.info.start), setup))
    if hot:
        state = run(state, logistics.record_weather(state, "hot", src(state)))
    if fuel:
        state = run(state, transfer(state, "cw_matruh", RTR, Supplies(fuel=fuel), src(state)))
    return run(state, organization_phase.advance_phase(state, "movement-and-combat/A", src(state)))


@pytest.fixture
def armor() -> GameState:
    return armor_state()


def test_a_path_is_one_entry_a_hex() -> None:
    assert parse_hex("track:rough+wadi") == HexMove("rough", ("wadi",), "track")
    assert parse_hex(" Salt-Marsh ") == HexMove("salt_marsh")
    assert parse_hex("road:clear+down escarpment").hexsides == ("down_escarpment",)
    moves, bad = parse_path(EXAMPLE_21_23)
    assert not bad and [hex_text(m) for m in moves] == EXAMPLE_21_23.split(",")
    _, bad = parse_path("swamp,foo,clear+up-escarpment,xx:clear,clear+moat")
    text = " | ".join(e.message for e in bad)
    assert "hex 1: 8.37: swamp is entered only along a road" in text
    assert "hex 2: 'foo': no 8.37 terrain 'foo'" in text
    assert "hex 3: 8.42: no vehicle moves up an escarpment" in text
    assert "hex 4: 'xx:clear': a route is road: or track:" in text
    assert "hex 5: 'clear+moat': no 8.37 hexside 'moat'" in text
    # a foot unit may go up an escarpment and through a swamp: only the names are checked
    assert parse_path("clear+up-escarpment,swamp", vehicles=False)[1] == []


def test_a_move_expends_cp_burns_fuel_and_adds_breakdown_points(armor: GameState) -> None:
    outcome = move_unit(armor, RTR, "C3720", Fraction(8), EXAMPLE_21_23, src(armor, "to the wire"))
    moved, spent, burnt = outcome.events
    assert isinstance(moved, UnitMoved) and not moved.source.app_made
    assert (moved.before, moved.after, moved.cp) == ("C3721", "C3720", 8)
    assert moved.breakdown_points == 15  # 21.23 example
    assert isinstance(spent, CPExpended) and spent.source.app_made and spent.action == "move"
    # 49.13: 8 CP are two groups of five (a part group counts): 3 x 2 x 20 + 1 x 2 x 4 = 128
    assert isinstance(burnt, SuppliesConsumed) and burnt.source.app_made
    assert (burnt.supplies, burnt.cause, burnt.case) == (Supplies(fuel=128), "fuel", "49.13")
    after = run(armor, outcome)
    unit = after.units[RTR]
    assert (unit.location, unit.cp_expended, unit.supplies.fuel) == ("C3720", 8, 300 - 128)
    assert unit.breakdown_points == 15
    # the second move adds: track rough + wadi (8 + 8) / 2 = 8, gravel 6, clear 4, delta 2 = 20
    again = run(
        after,
        move_unit(
            after, RTR, "C3619", Fraction(8), "track:rough+wadi,gravel,clear,delta", src(after)
        ),
    )
    assert again.units[RTR].breakdown_points == 35
    assert again.units[RTR].supplies.fuel == 172 - 128
    # undo∘do is the identity, event by event in reverse
    back = after
    for event in reversed(outcome.events):
        back = unapply(back, event)  # type: ignore[arg-type]
    assert back == armor


def test_the_new_events_are_described_and_round_trip_the_journal(armor: GameState) -> None:
    outcome = move_unit(armor, RTR, "C3720", Fraction(8), EXAMPLE_21_23, src(armor))
    assert describe(outcome.events[0], armor) == (
        "3rd Royal Tank Regt moves C3721 → C3720 (8 CP, 4 hexes, +15 BP; 8.37)"
    )
    for event in outcome.events:
        assert decode(encode(event)) == event


def test_a_half_point_of_breakdown_stays_exact(armor: GameState) -> None:
    outcome = move_unit(armor, RTR, "C3720", Fraction(1, 2), "road:clear", src(armor))
    assert outcome.events[0].breakdown_points == Fraction(1, 2)  # type: ignore[union-attr]
    # 49.13: ½ CP is a part group: 3 x 20 + 1 x 4 = 64 Fuel
    assert move_fuel(armor, armor.units[RTR], Fraction(1, 2)) == 64


def test_a_unit_without_fuel_may_not_move(armor: GameState) -> None:
    dry = armor_state(fuel=0)
    text = errors(move_unit(dry, RTR, "C3720", Fraction(8), EXAMPLE_21_23, src(dry)))
    assert "burns 128 Fuel moving 8 CP (49.13) and holds 0" in text
    assert "49.16: no fuel; may not move" in text
    # 100 Fuel pay one group of five (64), so 5 CP; the 8 asked are two groups (128)
    short = armor_state(fuel=100)
    text = errors(move_unit(short, RTR, "C3720", Fraction(8), EXAMPLE_21_23, src(short)))
    assert "holds 100; its fuel pays for 5 CP" in text and "(49.16)" in text
    assert (
        run(short, move_unit(short, RTR, "C3720", Fraction(5), "clear", src(short)))
        .units[RTR]
        .supplies.fuel
        == 100 - 64
    )


def test_a_foot_unit_moves_without_fuel_or_breakdown_points(armor: GameState) -> None:
    outcome = move_unit(armor, RNF, "C3720", Fraction(3), "", src(armor))
    assert [type(e) for e in outcome.events] == [UnitMoved, CPExpended]
    assert run(armor, outcome).units[RNF].breakdown_points == 0
    # infantry may go up an escarpment
    assert move_unit(armor, RNF, "C3720", Fraction(3), "clear+up-escarpment", src(armor)).ok


def test_a_move_is_refused_with_every_problem(armor: GameState) -> None:
    setup = load_scenario(ARMOR)
    organizing = start(GameStarted(Source(setup.info.start), setup))
    text = errors(move_unit(organizing, RTR, "C3720", Fraction(8), "", src(organizing)))
    assert "units move in a Movement and Combat Phase; it is C. Organization Phase now" in text
    assert "(8.11)" in text
    assert "give the hexes entered, for their Breakdown Points (21.23)" in text
    text = errors(move_unit(armor, RTR, " ", Fraction(1, 3), "clear", src(armor), "barrage"))
    assert "--action: a move is one of move, enter-minefield" in text
    assert "--to: give the hex the unit ends in" in text
    assert "is not in whole quarter points (8.37)" in text
    assert "no unit 'nobody'" in errors(
        move_unit(armor, "nobody", "C1", Fraction(1), "", src(armor))
    )
    # 8.17 through spend_cp: a foot unit (CPA 8) may not expend more than 12 CP voluntarily
    assert "(8.17)" in errors(move_unit(armor, RNF, "C3720", Fraction(13), "", src(armor)))


def test_carrying_trucks_burn_the_units_fuel_by_ruling(armor: GameState) -> None:
    from dataclasses import replace

    carried = replace(armor.units[RNF], carried_by=(0, 2, 0), supplies=Supplies(fuel=10))
    state = replace(armor, units={**armor.units, RNF: carried})
    # 49.13, 54.2: 2 medium Truck Points x one group of five CP = 2 Fuel
    assert move_fuel(state, carried, Fraction(5)) == 2
    apart = replace(state, ruling_choices={"49.13-carrying-trucks-fuel": "not-counted"})
    assert move_fuel(apart, carried, Fraction(5)) == 0
