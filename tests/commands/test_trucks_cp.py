"""Truck groups' own CP (8.98, 54.2), loading costs (6.3), their phase (8.18), the
Tripoli/Tunisia boxes (8.88) and truck water (52.42): ``ledger.commands.convoys`` and its callers."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from ledger.commands import logistics
from ledger.commands.cp import spend_cp
from ledger.commands.organization_phase import advance_phase
from ledger.commands.outcome import Outcome
from ledger.commands.stage_end import end_stage
from ledger.commands.transfers import transfer
from ledger.commands.undo import undo
from ledger.commands.upkeep import TRUCKS_SHORT_NOTE
from ledger.journal.codec import decode, encode
from ledger.model.apply import apply, start
from ledger.model.events import (
    ConsumptionPosted,
    CPExpended,
    Draw,
    Event,
    GameStarted,
    OperationsStageEnded,
    Shortage,
    SuppliesTransferred,
    TrucksLoaded,
    TrucksMoved,
)
from ledger.model.holdings import Dump, TruckGroup
from ledger.model.quantities import Supplies
from ledger.model.scenario import Setup
from ledger.model.source import Source
from ledger.reports import event_log
from ledger.reports import tables as reports
from tests.conftest import MINI
from tests.phases import LAST, at_last_phase


def convoy(location: str = "C3721", **cargo: int) -> TruckGroup:
    """3 medium truck points of the second/third line: CPA 30 for supplies (54.2)."""
    return TruckGroup(
        "cw_convoy", "commonwealth", "second_third", location, medium=3, cargo=Supplies(**cargo)
    )


class Game:
    """A mini game whose journal is kept, so that ``undo`` can be played."""

    def __init__(
        self,
        setup: Setup,
        *trucks: TruckGroup,
        dumps: tuple[Dump, ...] = (),
        attached: bool = False,
        choices: tuple[tuple[str, str], ...] = (),
    ) -> None:
        first_line = setup.trucks[0]
        if attached:
            first_line = replace(first_line, attached_to="cw.1_rnf")
        setup = replace(setup, trucks=(first_line, *trucks), dumps=(*setup.dumps, *dumps))
        begun = GameStarted(Source(setup.info.start), setup, choices)
        self.journal: list[tuple[int, Event]] = [(1, begun)]
        self.state = start(begun)

    def src(self) -> Source:
        return Source(self.state.clock, "commonwealth", "logistics_commander")

    def do(self, outcome: Outcome) -> tuple[Event, ...]:
        assert outcome.ok, outcome.errors
        for event in outcome.events:
            self.state = apply(self.state, event)
            self.journal.append((len(self.journal) + 1, event))
        return outcome.events

    def phase(self, key: str) -> None:
        self.do(advance_phase(self.state, key, self.src()))

    def load(self, origin: str, destination: str, **amounts: int) -> tuple[Event, ...]:
        return self.do(transfer(self.state, origin, destination, Supplies(**amounts), self.src()))

    def move(self, to: str, cp: int, *, reaction: bool = False) -> tuple[Event, ...]:
        outcome = logistics.move_trucks(
            self.state, "cw_convoy", to, Fraction(cp), self.src(), reaction=reaction
        )
        return self.do(outcome)

    def refused(self, outcome: Outcome) -> str:
        assert not outcome.ok and not outcome.events
        return " | ".join(f"{e.message} ({e.case})" for e in outcome.errors)

    def group(self, group_id: str = "cw_convoy") -> TruckGroup:
        return self.state.trucks[group_id]


@pytest.fixture
def game(mini_setup: Setup) -> Game:
    return Game(mini_setup, convoy(fuel=100, water=4))


def test_a_convoy_keeps_its_cp_within_its_cpa_and_the_end_of_stage_clears_it(game: Game) -> None:
    game.phase("truck-convoy/A")
    (moved, _burnt) = game.move("C3917", 12)
    assert isinstance(moved, TrucksMoved)
    assert (moved.expended_before, moved.cpa) == (0, 30)
    # 3 medium points × 3 groups of five CP (12 CP, 49.13) = 9 Fuel
    assert game.group().cargo.fuel == 100 - 9
    assert game.group().cp_expended == 12
    over = logistics.move_trucks(game.state, "cw_convoy", "C4017", Fraction(19), game.src())
    assert "12 expended + 19 asked = 31, 1 over (8.98)" in game.refused(over)
    game.move("C4017", 18)  # 12 + 18 = 30, the medium CPA for supplies (54.2)
    assert game.group().cp_expended == 30
    assert game.group().cargo.fuel == 91 - 3 * 4  # 18 CP: four groups of five
    row = next(r for r in reports.trucks(game.state) if r["id"] == "cw_convoy")
    assert (row["cp_expended"], row["cpa"], row["box_loaded"]) == (30, 30, False)
    game.phase(LAST)  # 5.2: the stage ends from its last phase
    ended = game.do(end_stage(game.state, game.src()))[0]
    assert isinstance(ended, OperationsStageEnded)
    assert ended.trucks_cp_cleared == (("cw_convoy", Fraction(30)),)
    assert game.group().cp_expended == 0  # 6.16
    game.do(undo(game.journal, game.src()))
    assert game.group().cp_expended == 30
    assert game.state.clock == ended.ended


def test_loading_a_convoy_is_free_in_the_organization_phase_and_2_cp_otherwise(
    game: Game,
) -> None:
    (only,) = game.load("cw_matruh", "cw_convoy", fuel=10)  # 6.3: 0 CP, nothing more posted
    assert isinstance(only, SuppliesTransferred)
    game.phase("movement-and-combat/A")
    before = game.state
    _, loaded = game.load("cw_matruh", "cw_convoy", fuel=10)
    assert isinstance(loaded, TrucksLoaded) and loaded.source.app_made
    assert (loaded.group_id, loaded.cp) == ("cw_convoy", 2)
    assert game.group().cp_expended == 2
    assert "2 CP of their own (6.3)" in event_log.describe(loaded, game.state)
    game.do(undo(game.journal, game.src()))  # the transfer and its CP, one action
    assert game.state == before
    game.load("cw_matruh", "cw_convoy", fuel=10)
    game.load("cw_convoy", "cw_matruh", fuel=5)  # unloading costs the same
    assert game.group().cp_expended == 4
    game.phase("truck-convoy/A")
    game.move("C3721", 26)  # 4 + 26 = 30
    full = transfer(game.state, "cw_matruh", "cw_convoy", Supplies(fuel=1), game.src())
    assert "expended 30 of their CPA 30" in game.refused(full)
    assert "2 over (6.3, 8.98)" in game.refused(full)


def test_first_line_trucks_load_on_their_units_cp(mini_setup: Setup) -> None:
    game = Game(mini_setup, attached=True)
    game.do(spend_cp(game.state, "cw.1_rnf", Fraction(7), game.src()))
    game.phase("movement-and-combat/A")
    _, charged = game.load("cw_matruh", "cw_c3721", ammo=10)
    assert isinstance(charged, CPExpended) and charged.source.app_made
    # 1 RNF, CPA 8, had expended 7: 2 CP for loading (6.3) take it to 9, 1 DP (6.21)
    assert (charged.unit_id, charged.cp, charged.disorganization, charged.action) == (
        "cw.1_rnf",
        2,
        1,
        "load-unload",
    )
    assert game.group("cw_c3721").cp_expended == 0
    # the unit unloading its own trucks pays once
    game.load("cw_c3721", "cw.1_rnf", ammo=4)
    assert game.state.units["cw.1_rnf"].cp_expended == 7 + 2 + 2
    game.do(undo(game.journal, game.src()))
    assert game.state.units["cw.1_rnf"].cp_expended == 9
    assert game.group("cw_c3721").cargo.ammo == 10


def test_who_pays_for_loading_follows_the_6_3_ruling(mini_setup: Setup) -> None:
    trucks = Game(mini_setup, attached=True, choices=(("6.3-truck-loading-cp", "trucks"),))
    trucks.phase("repair/A")
    (_, loaded) = trucks.load("cw_matruh", "cw_c3721", fuel=10)
    assert isinstance(loaded, TrucksLoaded) and loaded.cp == 2
    assert trucks.state.units["cw.1_rnf"].cp_expended == 0
    unattached = Game(mini_setup)  # first-line trucks attached to no unit: their own CP
    unattached.phase("repair/A")
    unattached.load("cw_matruh", "cw_c3721", fuel=10)
    assert unattached.group("cw_c3721").cp_expended == 2


def test_8_18_convoys_move_in_their_own_phase_or_react_stacked_with_a_unit(
    mini_setup: Setup,
) -> None:
    game = Game(mini_setup, convoy(fuel=100))
    early = logistics.move_trucks(game.state, "cw_convoy", "C3917", Fraction(5), game.src())
    assert "Truck Convoy Movement Phase (H)" in game.refused(early)
    assert "(8.18)" in game.refused(early)
    game.phase("movement-and-combat/A")
    (moved, _) = game.move("C3917", 5, reaction=True)  # 1 RNF is in C3721 (8.53a)
    assert isinstance(moved, TrucksMoved) and moved.reaction
    alone = logistics.move_trucks(
        game.state, "cw_convoy", "C4017", Fraction(5), game.src(), reaction=True
    )
    assert "none is in C3917 (8.53)" in game.refused(alone)
    house = Game(mini_setup, convoy(fuel=100), choices=(("8.18-truck-convoy-phase", "any-phase"),))
    assert logistics.move_trucks(house.state, "cw_convoy", "C3917", Fraction(5), house.src()).ok


TRIPOLI = Dump("cw_tripoli", "commonwealth", "Tripoli box", "Tripoli", supplies=Supplies(fuel=500))


def test_8_88_a_convoy_loading_in_a_tripoli_box_does_not_move_that_opstage(
    mini_setup: Setup,
) -> None:
    game = Game(mini_setup, convoy("Tripoli", fuel=100), dumps=(TRIPOLI,))
    (_, marked) = game.load("cw_tripoli", "cw_convoy", fuel=10)
    assert isinstance(marked, TrucksLoaded)
    assert (marked.cp, marked.box_after, marked.box_before) == (0, game.state.clock, None)
    game.phase("truck-convoy/A")
    stuck = logistics.move_trucks(game.state, "cw_convoy", "In Transit 1", Fraction(5), game.src())
    assert "(8.88)" in game.refused(stuck)
    game.phase(LAST)  # 5.2: the stage ends from its last phase
    game.do(end_stage(game.state, game.src()))
    game.phase("truck-convoy/A")
    game.move("In Transit 1", 5)  # a new Operations Stage
    assert game.group().location == "In Transit 1"


@pytest.mark.parametrize("option", ["no-move-that-opstage", "no-move-after"])
def test_8_88_unloading_on_arrival_follows_the_ruling(mini_setup: Setup, option: str) -> None:
    game = Game(
        mini_setup,
        convoy(fuel=100),
        dumps=(TRIPOLI,),
        choices=(("8.88-box-loading", option),),
    )
    game.phase("truck-convoy/A")
    game.move("Tripoli", 10)
    unload = transfer(game.state, "cw_convoy", "cw_tripoli", Supplies(fuel=20), game.src())
    if option == "no-move-that-opstage":
        assert "have moved this Operations Stage" in game.refused(unload)
        return
    game.do(unload)  # 10 + 2 CP (6.3, outside the Organization Phase)
    assert game.group().cp_expended == 12
    assert game.group().box_loaded_at == game.state.clock
    again = logistics.move_trucks(game.state, "cw_convoy", "In Transit 1", Fraction(5), game.src())
    assert "(8.88)" in game.refused(again)


def _truck_water(game: Game) -> ConsumptionPosted:
    ended = end_stage(at_last_phase(game.state), game.src())
    assert ended.ok
    return next(
        e for e in ended.events if isinstance(e, ConsumptionPosted) and e.cause == "truck-water"
    )


def test_52_42_trucks_that_used_their_cpa_drink_own_cargo_first(mini_setup: Setup) -> None:
    matruh = replace(mini_setup.dumps[0], supplies=Supplies(water=100))
    setup = replace(mini_setup, dumps=(matruh, *mini_setup.dumps[1:]))
    game = Game(setup, convoy("C3917", fuel=100, water=4), attached=True)
    game.do(logistics.record_weather(game.state, "hot", game.src()))
    # 29.34: 5 % rounded down — 100 → 95 Water at Mersa Matruh, 4 → 4 on the convoy
    game.do(spend_cp(game.state, "cw.1_rnf", Fraction(1), game.src()))
    game.phase("truck-convoy/A")
    game.move("C3721", 5)
    water = _truck_water(game)
    assert water.case == "52.42"
    # cw_c3721 (5 light, 5 medium, attached to 1 RNF, who expended CP): 10 × 1 × 2 (Hot) = 20,
    # none aboard, all from Mersa Matruh; the convoy (3 medium, moved): 3 × 1 × 2 = 6, its own
    # 4 first, then 2 from the dump in its hex
    assert water.draws == (
        Draw("cw_matruh", "cw_c3721", Supplies(water=20)),
        Draw("cw_convoy", "cw_convoy", Supplies(water=4)),
        Draw("cw_matruh", "cw_convoy", Supplies(water=2)),
    )
    assert water.shortages == ()


def test_52_42_trucks_short_of_water_are_recorded_and_idle_or_boxed_trucks_draw_nothing(
    mini_setup: Setup,
) -> None:
    boxed = TruckGroup("cw_boxed", "commonwealth", "second_third", "Tripoli", light=4)
    game = Game(mini_setup, convoy("C3917", fuel=100, water=1), boxed, dumps=(TRIPOLI,))
    game.phase("truck-convoy/A")
    game.move("C4017", 5)
    game.load("cw_tripoli", "cw_boxed", fuel=10)  # 2 CP of its own, in a box of unlimited Water
    water = _truck_water(game)
    # the convoy: 3 × 1 = 3 needed, 1 aboard and no source in C4017; cw_c3721 and its unit
    # expended no CP, cw_boxed drinks from the box (8.87)
    assert water.draws == (Draw("cw_convoy", "cw_convoy", Supplies(water=1)),)
    assert water.shortages == (
        Shortage("cw_convoy", "water", 3, 1, (TRUCKS_SHORT_NOTE,), "trucks"),
    )
    assert "1 truck group(s) short" in event_log.describe(water, game.state)
    assert "unit(s)" not in event_log.describe(water, game.state)


def test_journals_without_the_new_fields_still_load(game: Game) -> None:
    game.phase("truck-convoy/A")
    events = [
        *game.load("cw_convoy", "cw_matruh", fuel=1),
        *game.move("C3917", 12),
    ]
    game.phase(LAST)  # 5.2: the stage ends from its last phase
    events += game.do(end_stage(game.state, game.src()))
    for event in events:
        assert decode(encode(event)) == event
    moved = next(e for e in events if isinstance(e, TrucksMoved))
    old = json.loads(encode(moved))
    for key in ("expended_before", "cpa", "reaction"):
        del old[key]
    assert decode(json.dumps(old)) == replace(moved, expended_before=Fraction(0), cpa=None)
    ended = next(e for e in events if isinstance(e, OperationsStageEnded))
    old = json.loads(encode(ended))
    del old["trucks_cp_cleared"]
    assert decode(json.dumps(old)) == replace(ended, trucks_cp_cleared=())
    shortage = Shortage("cw.1_rnf", "water", 4, 0)
    posted = ConsumptionPosted(game.src(), "water", "52.41", game.state.clock, (), (shortage,))
    old = json.loads(encode(posted))
    del old["shortages"][0]["holder_kind"]
    assert decode(json.dumps(old)) == posted


def test_move_trucks_and_trucks_from_the_command_line(tmp_path: Path) -> None:
    from tests.cli.test_cli import Player

    scenario = tmp_path / "convoy.toml"
    scenario.write_text(
        MINI.read_text()
        + '\n[[trucks]]\nid = "cw_convoy"\nside = "commonwealth"\nline = "second_third"\n'
        'location = "C3721"\nmedium = 3\ncase = "test"\nsource = "tests"\n'
    )
    player = Player(tmp_path)
    player.run("new", "--skip-setup", "c", "--scenario", str(scenario))
    player.run("transfer", "--from", "cw_matruh", "--to", "cw_convoy", "--fuel", "30")
    early = player.run("move-trucks", "cw_convoy", "C3917", "--cp", "12", ok=False)
    assert "8.18" in early.stderr
    player.run("phase", "H", "--player", "A")
    said = player.run("move-trucks", "cw_convoy", "C3917", "--cp", "12").stdout
    assert "12 CP, 12 of CPA 30 expended" in said
    (row,) = [r for r in player.json("trucks") if r["id"] == "cw_convoy"]
    # 3 medium × 3 groups of five CP = 9 Fuel burnt (49.13)
    assert (row["cp_expended"], row["cpa"], row["fuel"]) == ("12", 30, 21)
    out = player.json("move-trucks", "cw_convoy", "C4017", "--cp", "6")
    assert out[0]["event"]["expended_before"] == "12"
    table = player.run("trucks").stdout
    assert "cp_expended" in table and "18" in table
