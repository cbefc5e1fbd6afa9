"""What shortages forbid when a unit expends CP (49.16, 50.12, 15.15, 52.51, 52.52, 52.6), the
runs the upkeep keeps for them, and the 15.15 surrender query."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from ledger.commands import upkeep
from ledger.commands.cp import spend_cp
from ledger.commands.outcome import Outcome
from ledger.commands.stage_end import end_stage
from ledger.model.apply import apply
from ledger.model.events import ConsumptionPosted
from ledger.model.quantities import Supplies
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.model.units import Unit
from ledger.reports import tables as reports
from ledger.rules.checks import surrenders_when_assaulted, warnings
from ledger.rules.shortage_status import drawable, fuel_allows, shortage_labels
from tests.phases import at_last_phase

AWAY = "C3917"
"""A hex with no Commonwealth dump or trucks in the mini scenario."""


def with_units(state: GameState, *units: Unit, **choices: str) -> GameState:
    return replace(
        state,
        units={**state.units, **{u.id: u for u in units}},
        ruling_choices={**state.ruling_choices, **choices},
    )


def rnf(state: GameState, **changes: object) -> Unit:
    """1st RNF (infantry, CPA 8, 3 TOE), by default in ``AWAY`` holding 2 Ammunition."""
    return replace(
        state.units["cw.1_rnf"],
        **{"location": AWAY, "supplies": Supplies(ammo=2), **changes},  # type: ignore[arg-type]
    )


def rha(state: GameState, **changes: object) -> Unit:
    """3 RHA (6 towed 25-pounders, fuel rate 1: vehicles; CPA 20), in play, in ``AWAY``."""
    return replace(
        state.units["cw.3_rha"],
        **{"arrival": None, "location": AWAY, "supplies": Supplies(ammo=40), **changes},  # type: ignore[arg-type]
    )


def spend(state: GameState, unit_id: str, cp: int, action: str = "move") -> Outcome:
    return spend_cp(state, unit_id, Fraction(cp), Source(state.clock), action)


def refusal(outcome: Outcome) -> tuple[str, str]:
    assert not outcome.ok and not outcome.events
    return outcome.errors[0].case, outcome.errors[0].message


def test_no_fuel_no_move_and_only_as_far_as_the_fuel_pays(mini_state: GameState) -> None:
    dry = with_units(mini_state, rha(mini_state, supplies=Supplies(ammo=40)))
    case, message = refusal(spend(dry, "cw.3_rha", 5))
    assert case == "49.16" and "3rd RHA" in message and "no fuel" in message
    # 6 Fuel: 6 points x rate 1 = 6 a group of five CP (49.13): one group, 5 CP (49.16)
    some = with_units(mini_state, rha(mini_state, supplies=Supplies(ammo=40, fuel=6)))
    assert fuel_allows(some, some.units["cw.3_rha"]) == 5
    assert spend(some, "cw.3_rha", 5).ok
    case, message = refusal(spend(some, "cw.3_rha", 6))
    assert case == "49.16" and "pays for 5 CP of movement, 6 asked" in message
    # combat burns no fuel; a unit by its side's dump draws on it (Mersa Matruh, 3000 Fuel)
    assert spend(dry, "cw.3_rha", 5, "barrage-or-assault").ok
    home = with_units(mini_state, rha(mini_state, location="C3721", supplies=Supplies()))
    assert drawable(home, home.units["cw.3_rha"], "fuel") == 3000
    assert spend(home, "cw.3_rha", 5).ok
    # foot units burn none (49.12)
    assert spend(with_units(mini_state, rnf(mini_state)), "cw.1_rnf", 4).ok


def test_waterless_vehicles_may_not_move_or_probe(mini_state: GameState) -> None:
    waterless = rha(mini_state, location="C3721", without_water=1)
    state = with_units(mini_state, waterless)
    case, message = refusal(spend(state, "cw.3_rha", 5))
    assert case == "52.51" and "vehicles without water may not move" in message
    assert refusal(spend(state, "cw.3_rha", 2, "probe"))[0] == "52.51"
    # Barrage stays allowed under 52.51-waterless-barrage "allowed", not under "forbidden"
    assert spend(state, "cw.3_rha", 5, "barrage-or-assault").ok
    forbidden = with_units(mini_state, waterless, **{"52.51-waterless-barrage": "forbidden"})
    assert refusal(spend(forbidden, "cw.3_rha", 5, "barrage-or-assault"))[0] == "52.51"
    assert shortage_labels(state, waterless) == ["no water 1 OpStage(s) (52.51)"]


def test_thirsty_infantry_moves_within_its_cpa_only(mini_state: GameState) -> None:
    state = with_units(mini_state, rnf(mini_state, without_water=1))
    state = apply(state, spend(state, "cw.1_rnf", 8).events[0])  # CPA 8: allowed
    case, message = refusal(spend(state, "cw.1_rnf", 1))
    # 8 + 1 = 9 > CPA 8 (52.52); without the shortage 8.17 allows up to 12
    assert case == "52.52" and "8 + 1 = 9" in message
    assert spend(with_units(mini_state, rnf(mini_state)), "cw.1_rnf", 9).ok
    assert refusal(spend(state, "cw.1_rnf", 2, "probe"))[0] == "52.52"
    # the opposing player's portion is not voluntary: a Reaction beyond the CPA is recorded
    assert spend(state, "cw.1_rnf", 2, "reaction").ok


def test_out_of_ammunition_no_barrage_or_close_assault(mini_state: GameState) -> None:
    none = with_units(mini_state, rnf(mini_state, supplies=Supplies()))
    case, message = refusal(spend(none, "cw.1_rnf", 5, "barrage-or-assault"))
    assert case == "50.12" and "out of ammunition (0 Ammunition to draw)" in message
    assert refusal(spend(none, "cw.1_rnf", 2, "probe"))[0] == "50.12"
    # 1 Ammunition pays one Infantry-class point's close assault (1 a point, 50.14), no
    # barraging point (4): the unit may assault, so the action is allowed
    one = with_units(mini_state, rnf(mini_state, supplies=Supplies(ammo=1)))
    assert spend(one, "cw.1_rnf", 5, "barrage-or-assault").ok
    assert spend(one, "cw.1_rnf", 2, "probe").ok
    # undergoing a Barrage needs no ammunition: defend CP are never refused for it
    assert spend(none, "cw.1_rnf", 3, "defend").ok


def test_pasta(mini_state: GameState) -> None:
    italian = rnf(mini_state, nationality="italian", supplies=Supplies(ammo=2, stores=12))
    state = with_units(mini_state, italian)
    posted = upkeep.stores_upkeep(state, Source(state.clock, app_made=True))
    (pasta,) = [e for e in posted if isinstance(e, ConsumptionPosted) and e.cause == "pasta"]
    # an Italian battalion with no Water for its Pasta Point: its run 0 → 1 (52.6)
    assert pasta.streaks == (("cw.1_rnf", 0, 1),)
    for event in posted:
        state = apply(state, event)
    assert state.units["cw.1_rnf"].without_pasta == 1
    assert "no pasta (52.6)" in shortage_labels(state, state.units["cw.1_rnf"])
    assert refusal(spend(state, "cw.1_rnf", 9))[0] == "52.6"  # over CPA 8
    assert spend(state, "cw.1_rnf", 8).ok
    # at Cohesion -10 or worse: Disorganized as at -26 until fed (52.6, 6.26)
    low = with_units(state, replace(state.units["cw.1_rnf"], cohesion=Fraction(-10)))
    assert refusal(spend(low, "cw.1_rnf", 1))[0] == "52.6"
    assert refusal(spend(low, "cw.1_rnf", 3, "defend"))[0] == "52.6"
    # fed the next Game-Turn: the run ends
    fed = with_units(state, replace(state.units["cw.1_rnf"], supplies=Supplies(stores=12, water=1)))
    again = upkeep.stores_upkeep(fed, Source(fed.clock, app_made=True))
    (pasta,) = [e for e in again if isinstance(e, ConsumptionPosted) and e.cause == "pasta"]
    assert ("cw.1_rnf", 1, 0) in pasta.streaks


def test_a_vehicle_unit_that_needed_no_water_ends_its_dry_run(mini_state: GameState) -> None:
    # 3 RHA went dry moving; this OpStage it did not move, so it needed no water (52.42)
    state = with_units(mini_state, rha(mini_state, without_water=1))
    state = at_last_phase(state)  # 5.2: the stage ends from its last phase
    outcome = end_stage(state, Source(state.clock))
    water = next(e for e in outcome.events if isinstance(e, ConsumptionPosted))
    assert ("cw.3_rha", 1, 0) in water.streaks
    for event in outcome.events:
        state = apply(state, event)
    assert state.units["cw.3_rha"].without_water == 0


def test_the_ruling_enforce_upkeep_only_record_only(mini_state: GameState) -> None:
    units = (rha(mini_state, supplies=Supplies()), rnf(mini_state, without_water=1))
    upkeep_only = with_units(mini_state, *units, **{"shortage-restrictions": "upkeep-only"})
    assert spend(upkeep_only, "cw.3_rha", 5).ok  # fuel only shown
    assert refusal(spend(upkeep_only, "cw.1_rnf", 9))[0] == "52.52"
    record = with_units(mini_state, *units, **{"shortage-restrictions": "record-only"})
    assert spend(record, "cw.3_rha", 5).ok and spend(record, "cw.1_rnf", 9).ok


def test_15_15_a_hex_out_of_ammunition_surrenders_when_assaulted(mini_state: GameState) -> None:
    out = with_units(mini_state, rnf(mini_state, supplies=Supplies()))
    assert surrenders_when_assaulted(out, AWAY, "commonwealth")
    assert not surrenders_when_assaulted(out, AWAY, "axis")  # no Axis unit there
    (warned,) = [w for w in warnings(out) if w.check == "out-of-ammunition"]
    assert (warned.unit_id, warned.case) == ("cw.1_rnf", "15.15")
    assert warned.message.startswith(f"{AWAY}: 1st RNF MG Bn, every unit of its side there")
    row = reports.hex_surrender(out, AWAY, "commonwealth")
    assert row["surrenders"] and row["out_of_ammunition"] == "1st RNF MG Bn: 0 Ammunition"
    # a second unit there with ammunition for one close-assault point: no surrender
    both = with_units(out, rha(mini_state, supplies=Supplies(ammo=2, fuel=6)))
    assert not surrenders_when_assaulted(both, AWAY, "commonwealth")
    # in the dump's hex (1000 Ammunition) nobody is out
    assert not surrenders_when_assaulted(mini_state, "C3721", "commonwealth")
    units = {r["id"]: r["shortages"] for r in reports.units(out, include_arriving=True)}
    assert units["cw.1_rnf"] == "out of ammunition (15.15)"
    assert units["cw.3_rha"] == ""  # not in play yet


def test_graziani_warns_once_per_hex_out_of_ammunition() -> None:
    from ledger.io.scenario import bundled_scenarios, load_scenario
    from ledger.model.apply import start
    from ledger.model.events import GameStarted
    from ledger.model.source import Source

    setup = load_scenario(bundled_scenarios()["graziani"])
    state = start(GameStarted(Source(setup.info.start), setup))
    found = [w for w in warnings(state) if w.check == "out-of-ammunition"]
    # no unit starts with supplies (60.x), so every hex with units and no dump is one warning
    hexes = {(state.units[w.unit_id].location, w.side) for w in found}
    assert len(found) == len(hexes)
    assert not any(loc == "D3714" for loc, _ in hexes)  # Mersa Matruh's 1000 Ammunition
