"""What the ledger takes by itself: water each Operations Stage, stores and the weekly
evaporation each Game-Turn, the Hot-weather evaporation of a Hot Operations Stage.

Each function returns one app-made ``ConsumptionPosted`` event (or ``None`` when nothing is due)
listing every draw and every shortage, so the players can review it and correct it.

Where a unit's needs come from (ruling ``upkeep-sources``): its own holding first, then the
dumps of its side in the same hex (unlimited sources included, 60.44), then the cargo of its
side's truck points in the same hex — supply is used where it is. Truck points that used their
CPA drink too (52.42), from their own cargo first, then as a unit does, before the units. Hexes are compared as
written; a unit or dump placed by a vague description ("map C or D, Egypt") finds nothing but
its own holding. Option ``own-only``: a unit lives on what it carries. An oasis dump's Water and
Stores (8.48) and a box dump's Water (8.87) never run out; a unit in a Tripoli/Tunisia or In
Transit box is never short of Water and draws none (8.87).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ledger.commands import toe_attrition
from ledger.model.clock import Weather
from ledger.model.dumps import never_runs_out
from ledger.model.events import CohesionAdjusted, ConsumptionPosted, Draw, Event, Shortage
from ledger.model.holdings import TruckGroup
from ledger.model.places import has_unlimited_water, is_off_map
from ledger.model.quantities import Supplies
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.model.units import Unit
from ledger.rules import shortage_status
from ledger.rules.consumption import (
    hot_weather_evaporation,
    pasta_water,
    truck_water,
    unit_stores,
    unit_water,
    weekly_evaporation,
)
from ledger.rules.consumption_rates import ConsumptionRulings
from ledger.rules.shortage import stores_shortage, water_shortage
from ledger.rules.shortage_counts import (
    ShortageRulings,
    consecutive_without_stores,
    consecutive_without_water,
    infantry_type_points,
    moves_as_infantry,
)
from ledger.rules.shortage_effects import ShortageEffect

EVAPORATING = ("fuel", "water")
"""49.3, 52.44: only Fuel and Water evaporate."""


def _weather(state: GameState) -> Weather:
    for value in ("normal", "hot", "sandstorm", "rainstorm"):
        if state.weather == value:
            return value
    return "normal"


def _sources(state: GameState, unit: Unit | TruckGroup) -> list[str]:
    """Where a unit (or a truck group, for its own water) draws from, in order (ruling
    ``upkeep-sources``)."""
    own = [unit.id]
    if state.ruling("upkeep-sources") == "own-only" or not unit.location:
        return own
    dumps = sorted(
        d.id
        for d in state.dumps.values()
        if d.side == unit.side and d.location == unit.location and d.kind != "dummy"
    )
    trucks = sorted(
        t.id
        for t in state.trucks.values()
        if t.side == unit.side
        and t.location == unit.location
        and t.in_play(state.clock)
        and t.id != unit.id
    )
    return own + dumps + trucks


def _draw(
    state: GameState, commodity: str, needs: list[tuple[Unit, int]] | list[tuple[TruckGroup, int]]
) -> tuple[list[Draw], dict[str, tuple[int, int]]]:
    """Draw each unit's (or truck group's) need of ``commodity`` from its sources, in order:
    the draws and, per consumer with a need, (needed, received)."""
    left: dict[str, int] = {}
    draws: list[Draw] = []
    fed: dict[str, tuple[int, int]] = {}
    for unit, needed in needs:
        if needed <= 0:
            continue
        if commodity == "water" and has_unlimited_water(unit.location):
            fed[unit.id] = (needed, needed)  # 8.87: Water never runs short in a box
            continue
        wanted = needed
        for holder in _sources(state, unit):
            if wanted == 0:
                break
            # 60.44, 8.48, 8.87: an unlimited source, an oasis's Water and Stores, a box's Water
            unlimited = holder in state.dumps and never_runs_out(state.dumps[holder], commodity)
            if holder not in left:
                held = state.holder_supplies(holder)
                left[holder] = held.get(commodity) if held is not None else 0
            take = wanted if unlimited else min(wanted, left[holder])
            if take <= 0:
                continue
            if not unlimited:
                left[holder] -= take
            draws.append(Draw(holder, unit.id, Supplies(**{commodity: take})))
            wanted -= take
        fed[unit.id] = (needed, needed - wanted)
    return draws, fed


def _post(
    state: GameState,
    commodity: str,
    needs: list[tuple[Unit, int]],
    cause: str,
    case: str,
    source: Source,
    effect: Callable[[Unit, int, int], tuple[int, ShortageEffect]] | None = None,
) -> ConsumptionPosted | None:
    """One ``ConsumptionPosted``: the draws, the units left short (with what the shortage does
    to them, from ``effect(unit, needed, received) -> (new run, ShortageEffect)``) and the
    changed runs without supply."""
    draws, fed = _draw(state, commodity, needs)
    shortages: list[Shortage] = []
    streaks: list[tuple[str, int, int]] = []
    for unit_id, (needed, received) in fed.items():
        unit = state.units[unit_id]
        notes: tuple[str, ...] = ()
        if effect is not None:
            run, result = effect(unit, needed, received)
            before = unit.without_stores if cause == "stores" else unit.without_water
            if run != before:
                streaks.append((unit_id, before, run))
            notes = result.notes
        if received < needed:
            shortages.append(Shortage(unit_id, commodity, needed, received, notes))
    if not draws and not shortages and not streaks:
        return None
    return ConsumptionPosted(
        source, cause, case, state.clock, tuple(draws), tuple(shortages), tuple(streaks)
    )


def water_upkeep(state: GameState, source: Source) -> ConsumptionPosted | None:
    """Water for the Operations Stage now ending (52.41-52.43; doubled when Hot, 29.35): each
    unit in play, its vehicle points counting when it expended CP this OpStage (52.42)."""
    rulings = state.rulings_of(ConsumptionRulings.from_choices)
    needs = [
        (
            unit,
            unit_water(
                unit,
                state.classes[unit.class_id],
                state.systems,
                used_cpa=unit.cp_expended > 0,
                weather=_weather(state),
                rulings=rulings,
            ),
        )
        for unit in sorted(state.units_in_play(), key=lambda u: u.id)
    ]
    short_rules = state.rulings_of(ShortageRulings.from_choices)

    def effect(unit: Unit, needed: int, received: int) -> tuple[int, ShortageEffect]:
        before = unit.without_water
        run = consecutive_without_water(needed, received, before, short_rules)
        result = water_shortage(
            needed,
            received,
            before,
            infantry=moves_as_infantry(unit, state.classes[unit.class_id], state.systems, rulings),
            toe_points=unit.toe_points,
            rulings=short_rules,
        )
        return run, result

    return _post(state, "water", needs, "water", "52.41", source, effect)


TRUCKS_SHORT_NOTE = "no effect: the rules print none for trucks short of water (52.42)"
"""The note on a truck group's water ``Shortage``: it is recorded, nothing follows."""


def _trucks_used_cpa(state: GameState, group: TruckGroup) -> bool:
    """52.42: the truck points expended CPA this OpStage — the group's own CP (a convoy's
    movement or loading), or for trucks attached to a unit, the unit's."""
    unit = state.units.get(group.attached_to or "")
    return group.cp_expended > 0 or (unit is not None and unit.cp_expended > 0)


def truck_water_upkeep(state: GameState, source: Source) -> ConsumptionPosted | None:
    """Water for the truck points of the Operations Stage now ending (52.42; doubled when Hot,
    29.35): every group in play that used its CPA (its own CP, or its unit's for attached
    trucks) needs 1 Water a truck point, ``truck_water``: 3 medium points that moved in Hot
    weather 3 x 1 x 2 = 6. A group drinks from its own cargo first, then (ruling
    ``upkeep-sources``) its side's dumps and other truck groups in its hex; in a
    Tripoli/Tunisia or In Transit box water is unlimited (8.87) and nothing is drawn. Taken
    before the units' water (``water_upkeep``). A group left short is recorded as a
    ``Shortage`` with ``holder_kind="trucks"``; the rules give it no effect and none follows."""
    needs = [
        (group, truck_water(group.truck_points, used_cpa=True, weather=_weather(state)))
        for group in sorted(state.trucks.values(), key=lambda t: t.id)
        if group.in_play(state.clock)
        and _trucks_used_cpa(state, group)
        and not has_unlimited_water(group.location)
    ]
    draws, fed = _draw(state, "water", needs)
    shortages = tuple(
        Shortage(group_id, "water", needed, received, (TRUCKS_SHORT_NOTE,), "trucks")
        for group_id, (needed, received) in fed.items()
        if received < needed
    )
    if not draws and not shortages:
        return None
    return ConsumptionPosted(source, "truck-water", "52.42", state.clock, tuple(draws), shortages)


def stores_upkeep(state: GameState, source: Source) -> list[Event]:
    """Stores for the Game-Turn (51.11, 51.13) and the Italian pasta point's water (52.6),
    taken in the Stores Expenditure Stage that opens each Game-Turn; each unit left short of
    Stores takes 1 DP at once (51.21, an app-made ``CohesionAdjusted``), and its run of
    Game-Turns without Stores is kept for 51.22's attrition (listed in the shortage's notes)."""
    units = sorted(state.units_in_play(), key=lambda u: u.id)
    rulings = state.rulings_of(ConsumptionRulings.from_choices)
    posted: list[Event] = []
    short_rules = state.rulings_of(ShortageRulings.from_choices)

    def effect(unit: Unit, needed: int, received: int) -> tuple[int, ShortageEffect]:
        before = unit.without_stores
        run = consecutive_without_stores(needed, received, before, short_rules)
        result = stores_shortage(
            needed,
            received,
            before,
            infantry_points=infantry_type_points(unit, state.classes[unit.class_id], short_rules),
            toe_points=unit.toe_points,
            rulings=short_rules,
        )
        return run, result

    stores = _post(
        state,
        "stores",
        [(u, unit_stores(u, state.classes[u.class_id])) for u in units],
        "stores",
        "51.11",
        source,
        effect,
    )
    if stores is not None:
        posted.append(stores)
        posted += toe_attrition.stores_attrition_events(state, stores, source)  # 51.22
        # 51.21: a unit left short of Stores takes its DP at once, app-made as well.
        for short in stores.shortages:
            unit = state.units[short.unit_id]
            _, result = effect(unit, short.needed, short.received)
            if result.dp:
                posted.append(
                    CohesionAdjusted(source, unit.id, -result.dp, "stores-shortage", "51.21")
                )
        for event in posted:
            state = _after(state, event)
    pasta = _post(
        state,
        "water",
        [(u, pasta_water(u, state.classes[u.class_id], rulings)) for u in units],
        "pasta",
        "52.6",
        source,
    )
    pasta = shortage_status.pasta_runs(state, pasta, source)  # 52.6: kept for spend_cp
    if pasta is not None:
        posted.append(pasta)
    return posted


def _after(state: GameState, event: Event) -> GameState:
    from ledger.model.apply import apply

    return apply(state, event)


def evaporation_upkeep(state: GameState, source: Source, *, hot: bool) -> ConsumptionPosted | None:
    """Fuel and Water lost from dumps and truck cargo: the weekly loss that opens a Game-Turn
    (49.3, ``hot=False``) or 5 % in a Hot Operations Stage (29.34, ``hot=True``). Units' own
    fuel is in vehicle tanks (exempt, 29.34 and ruling ``49.3-fuel-in-vehicle-tanks``) and
    units' water is not a stock; unlimited and dummy dumps lose nothing, nor do dumps and trucks
    off the map in the Tripoli/Tunisia and In Transit boxes (49.3 counts on-map Fuel only)."""
    rulings = state.rulings_of(ConsumptionRulings.from_choices)
    draws: list[Draw] = []
    holders: list[tuple[str, str, Supplies]] = [
        (d.id, d.side, d.supplies)
        for d in sorted(state.dumps.values(), key=lambda d: d.id)
        if d.kind in ("dump", "air_supply_pool") and not is_off_map(d.location)
    ]
    holders += [
        (t.id, t.side, t.cargo)
        for t in sorted(state.trucks.values(), key=lambda t: t.id)
        if t.in_play(state.clock) and not is_off_map(t.location)
    ]
    loss: Callable[[int, str], int]
    if hot:

        def loss(stock: int, side: str) -> int:
            return hot_weather_evaporation(stock)

    else:

        def loss(stock: int, side: str) -> int:
            return weekly_evaporation(
                stock,
                "axis" if side == "axis" else "commonwealth",
                state.clock.game_turn,
                rulings,
            )

    for holder, side, held in holders:
        lost = {c: loss(held.get(c), side) for c in EVAPORATING}
        if any(lost.values()):
            draws.append(Draw(holder, "", Supplies(**lost)))
    if not draws:
        return None
    cause, case = ("hot-evaporation", "29.34") if hot else ("evaporation", "49.3")
    return ConsumptionPosted(source, cause, case, state.clock, tuple(draws))


def app_source(state: GameState, reason: str) -> Source:
    """The source of an app-made upkeep event at the state's game time."""
    return Source(state.clock, reason=reason, app_made=True)


def with_time(source: Source, state: GameState) -> Source:
    """``source`` moved to the state's game time."""
    return replace(source, game_time=state.clock)
