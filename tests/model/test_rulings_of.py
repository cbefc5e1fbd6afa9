"""A game's ruling bundles are resolved once per game, not once per check (issue 14 item 8),
and a game with other choices gets its own."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction

from ledger.commands.cp import spend_cp
from ledger.model.apply import apply
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.rules.consumption_rates import TANK_FUEL_RULING, ConsumptionRulings


def test_one_bundle_for_every_state_of_a_game(mini_state: GameState) -> None:
    built: list[object] = []

    def counting(option: Callable[[str], str]) -> ConsumptionRulings:
        built.append(option)
        return ConsumptionRulings.from_choices(option)

    first = mini_state.rulings_of(counting)
    later = apply(
        mini_state,
        spend_cp(mini_state, "cw.1_rnf", Fraction(1), Source(mini_state.clock)).events[0],
    )
    assert later is not mini_state
    assert later.rulings_of(counting) is first
    assert len(built) == 1
    assert first == ConsumptionRulings.from_choices(mini_state.ruling)


def test_another_choice_another_bundle(mini_state: GameState) -> None:
    default = mini_state.rulings_of(ConsumptionRulings.from_choices)
    options = mini_state.rulings[TANK_FUEL_RULING].options
    other = next(o for o in options if o != mini_state.ruling(TANK_FUEL_RULING))
    chosen = replace(mini_state, ruling_choices={TANK_FUEL_RULING: other})
    bundle = chosen.rulings_of(ConsumptionRulings.from_choices)
    assert bundle.fuel_in_tanks == other != default.fuel_in_tanks
    assert mini_state.rulings_of(ConsumptionRulings.from_choices) is default


def test_a_full_cache_forgets_the_least_recently_used(mini_state: GameState) -> None:
    from ledger.model import state as state_module

    kept = mini_state.rulings_of(ConsumptionRulings.from_choices)
    for i in range(state_module._RESOLVED_KEPT + 5):  # other games' bundles fill the cache
        other = replace(mini_state, ruling_choices={f"house-{i}": "x"})
        other.rulings_of(ConsumptionRulings.from_choices)
        assert mini_state.rulings_of(ConsumptionRulings.from_choices) is kept  # still in use
    assert len(state_module._RESOLVED) <= state_module._RESOLVED_KEPT
