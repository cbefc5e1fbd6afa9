"""Who runs dry when: supplies on hand against the use of the coming Operations Stages.

A forecast takes a group of units (a Parent Formation's tree, or a whole side) and the holders
that feed it (the units themselves, the formation's first-line trucks; for a side, its dumps
and trucks too), and plays the coming Operations Stages forward with a planned rate of CP a
OpStage and a weather: water each OpStage (52.41-52.43, 29.35), fuel for the CP moved (49.13,
the first-line trucks moving with the units), stores at each new Game-Turn (51.11, 51.13).
Ammunition depends on the fighting and is not forecast (``None``: no planned use). Nothing is
written; the ledger's upkeep (``ledger.commands.upkeep``) takes the real amounts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ledger.model.clock import GameTime, Weather
from ledger.model.quantities import COMMODITIES, Supplies
from ledger.model.state import GameState
from ledger.model.trucks import add_points
from ledger.model.units import Side, Unit
from ledger.rules.consumption import (
    truck_movement_fuel,
    unit_movement_fuel,
    unit_stores,
    unit_water,
)
from ledger.rules.consumption_rates import ConsumptionRulings
from ledger.rules.organization import formation_tree, formation_truck_groups

FORECAST_COMMODITIES = ("fuel", "stores", "water")
"""What a forecast plays forward (ammunition follows the fighting, 50.2)."""


@dataclass(frozen=True, slots=True)
class Forecast:
    """``on_hand``: supply points now. ``per_opstage``: water and fuel each Operations Stage;
    ``per_game_turn``: stores at each new Game-Turn. ``stages``: (game time, stock left after
    it) for each coming OpStage, negative when short. ``first_short``: per commodity, the first
    OpStage that leaves it short, ``None`` when it lasts."""

    on_hand: Supplies
    per_opstage: Supplies
    per_game_turn: Supplies
    stages: tuple[tuple[GameTime, Supplies], ...]
    first_short: dict[str, GameTime | None]


def forecast(
    state: GameState,
    units: Sequence[Unit],
    on_hand: Supplies,
    *,
    opstages: int,
    cp_per_opstage: Fraction,
    weather: Weather = "normal",
    trucks: tuple[int, int, int] = (0, 0, 0),
) -> Forecast:
    """Play ``opstages`` Operations Stages forward from now for ``units`` fed from ``on_hand``,
    each moving ``cp_per_opstage`` CP (vehicles drink and burn fuel only when they move, 52.42,
    49.13) in ``weather``; ``trucks`` (light, medium, heavy) move with them and burn fuel too.
    Stores are taken when a new Game-Turn begins (51.11). Raises ``ValueError`` for fewer than
    one OpStage or negative CP."""
    if opstages < 1:
        raise ValueError(f"opstages {opstages}: forecast at least one Operations Stage")
    if cp_per_opstage < 0:
        raise ValueError(f"cp {cp_per_opstage}: CP a OpStage are 0 or more")
    rulings = state.rulings_of(ConsumptionRulings.from_choices)
    moving = cp_per_opstage > 0
    water = sum(
        unit_water(
            u,
            state.classes[u.class_id],
            state.systems,
            used_cpa=moving,
            weather=weather,
            rulings=rulings,
        )
        for u in units
    )
    fuel = sum(unit_movement_fuel(u, state.systems, cp_per_opstage, rulings) for u in units)
    fuel += truck_movement_fuel(trucks, cp_per_opstage, rulings) if moving else 0
    stores = sum(unit_stores(u, state.classes[u.class_id]) for u in units)
    per_stage = Supplies(fuel=fuel, water=water)
    per_turn = Supplies(stores=stores)
    left = on_hand
    now = state.clock
    stages: list[tuple[GameTime, Supplies]] = []
    first_short: dict[str, GameTime | None] = dict.fromkeys(FORECAST_COMMODITIES)
    for _ in range(opstages):
        left = left - per_stage
        stages.append((now, left))
        for commodity in FORECAST_COMMODITIES:
            if first_short[commodity] is None and left.get(commodity) < 0:
                first_short[commodity] = now
        following = now.next_stage()
        if following.game_turn != now.game_turn:
            left = left - per_turn  # the Stores Expenditure Stage opens the Game-Turn
            if first_short["stores"] is None and left.stores < 0:
                first_short["stores"] = following
        now = following
    return Forecast(on_hand, per_stage, per_turn, tuple(stages), first_short)


def formation_forecast(
    state: GameState,
    hq_id: str,
    *,
    opstages: int,
    cp_per_opstage: Fraction,
    weather: Weather = "normal",
) -> Forecast:
    """``forecast`` for a Parent Formation: its units' own supplies and the cargo of its
    first-line trucks (8.96) against its units' use, its trucks moving with it. Raises
    ``KeyError`` for an unknown HQ."""
    units = list(formation_tree(state, hq_id).walk())
    groups = formation_truck_groups(state, hq_id)
    held = sum((u.supplies for u in units), Supplies()) + sum((g.cargo for g in groups), Supplies())
    points = add_points(*((g.light, g.medium, g.heavy) for g in groups))
    return forecast(
        state,
        units,
        held,
        opstages=opstages,
        cp_per_opstage=cp_per_opstage,
        weather=weather,
        trucks=points,
    )


def side_forecast(
    state: GameState,
    side: Side,
    *,
    opstages: int,
    cp_per_opstage: Fraction,
    weather: Weather = "normal",
) -> Forecast:
    """The General Supply Net (4.55) played forward: every unit of the side in play against
    all it holds in dumps (unlimited sources left out), with units and on trucks."""
    units = state.units_in_play(side)
    held = sum((u.supplies for u in units), Supplies())
    held += sum(
        (d.supplies for d in state.dumps.values() if d.side == side and d.kind == "dump"),
        Supplies(),
    )
    held += sum(
        (t.cargo for t in state.trucks.values() if t.side == side and t.in_play(state.clock)),
        Supplies(),
    )
    return forecast(
        state, units, held, opstages=opstages, cp_per_opstage=cp_per_opstage, weather=weather
    )


def forecast_rows(result: Forecast) -> list[dict[str, object]]:
    """One row per coming OpStage: ``game_time`` and the stock left of each commodity
    (``ammo`` as on hand: not forecast)."""
    return [
        {"game_time": when.short, **{c: left.get(c) for c in COMMODITIES}}
        for when, left in result.stages
    ]
