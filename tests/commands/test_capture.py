"""Capturing enemy supplies: the usable share reaches the captor, the rest is lost (50.16, 51.16)."""

from __future__ import annotations

from dataclasses import replace

from ledger.commands.capture import capture, capture_share
from ledger.commands.outcome import Outcome
from ledger.commands.undo import undo
from ledger.model.apply import apply
from ledger.model.events import Event
from ledger.model.quantities import Supplies
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.rules.consumption_rates import ConsumptionRulings


def src(state: GameState) -> Source:
    return Source(state.clock, "commonwealth", "logistics_commander", "Tobruk falls")


def run(state: GameState, outcome: Outcome) -> GameState:
    assert outcome.ok, outcome.errors
    for event in outcome.events:
        state = apply(state, event)
    return state


def at_tobruk(state: GameState) -> GameState:
    """The Commonwealth first-line trucks drive into Tobruk's hex (C4807)."""
    trucks = replace(state.trucks["cw_c3721"], location="C4807")
    return replace(state, trucks={**state.trucks, "cw_c3721": trucks})


def test_usable_share_by_commodity() -> None:
    # 50.16: 31 Ammunition -> ceil(31/3) = 11; 51.16: 25 Stores -> 13 (an odd half rounded up
    # by default) or 12; Fuel and Water whole.
    up = capture_share(Supplies(31, 100, 25, 7), ConsumptionRulings())
    assert up.usable == Supplies(11, 100, 13, 7)
    assert up.lost == Supplies(20, 0, 12, 0)
    down = capture_share(Supplies(31, 100, 25, 7), ConsumptionRulings(captured_stores="down"))
    assert down.usable.stores == 12


def test_capture_takes_from_the_enemy_and_keeps_the_usable_share(mini_state: GameState) -> None:
    state = at_tobruk(mini_state)
    taken = Supplies(ammo=31, fuel=100, stores=25)
    outcome = capture(state, "ax_tobruk", "cw_c3721", src(state), taken)
    after = run(state, outcome)
    # Tobruk held 200 / 2000 / 500: all of what was taken leaves the Axis ledger.
    assert after.dumps["ax_tobruk"].supplies == Supplies(169, 1900, 475, 0)
    # The trucks keep 11 Ammunition, 100 Fuel and 13 Stores (cargo was empty).
    assert after.trucks["cw_c3721"].cargo == Supplies(11, 100, 13, 0)
    kinds = [(e.kind, getattr(e, "cause", "")) for e in outcome.events]
    assert kinds == [
        ("supplies_consumed", "captured-by-enemy"),
        ("supplies_arrived", "captured"),
    ]
    # undo takes back the whole capture, both events
    journal: list[tuple[int, Event]] = [(i + 1, e) for i, e in enumerate(outcome.events)]
    reverted = after
    for event in undo(journal, src(after)).events:
        reverted = apply(reverted, event)
    assert reverted.dumps["ax_tobruk"].supplies == Supplies(200, 2000, 500, 0)
    assert reverted.trucks["cw_c3721"].cargo == Supplies()


def test_capture_everything_by_default(mini_state: GameState) -> None:
    state = at_tobruk(mini_state)
    tobruk = replace(state.dumps["ax_tobruk"], supplies=Supplies(ammo=9, stores=3))
    state = replace(state, dumps={**state.dumps, "ax_tobruk": tobruk})
    after = run(state, capture(state, "ax_tobruk", "cw_c3721", src(state)))
    assert after.dumps["ax_tobruk"].supplies == Supplies()
    assert after.trucks["cw_c3721"].cargo == Supplies(ammo=3, stores=2)  # 9/3, 3/2 rounded up


def test_capture_refusals(mini_state: GameState) -> None:
    def refused(outcome: Outcome) -> str:
        assert not outcome.ok and not outcome.events
        return " | ".join(f"{e.field}: {e.message} ({e.case})" for e in outcome.errors)

    state = mini_state
    # Tobruk (C4807) is not where the trucks stand (C3721): take supplies where they are.
    assert "C4807" in refused(capture(state, "ax_tobruk", "cw_c3721", src(state)))
    assert "both commonwealth's" in refused(capture(state, "cw_matruh", "cw_c3721", src(state)))
    assert "60.44" in refused(capture(state, "cw_cairo", "cw_c3721", src(state)))
    assert "no dump, unit" in refused(capture(state, "nowhere", "cw_c3721", src(state)))
    moved = at_tobruk(state)
    too_much = capture(moved, "ax_tobruk", "cw_c3721", src(moved), Supplies(ammo=201))
    assert "1 short" in refused(too_much)


def test_another_hex_is_refused_before_anything_of_what_the_enemy_holds(
    mini_state: GameState,
) -> None:
    """A capture from another hex said what the enemy holder held ("... short") or that it
    was a dummy; only the hexes are said now (11.36)."""
    state = mini_state
    outcome = capture(state, "ax_tobruk", "cw_c3721", src(state), Supplies(ammo=999_999))
    assert [(e.field, e.case) for e in outcome.errors] == [("--to", "54.1")]
    assert "C4807" in outcome.errors[0].message and "short" not in outcome.errors[0].message
