"""Expected Fuel and Ammunition use of a group of units, for the General Supply Net Sheet (4.55).

Two planning figures a Logistics Commander plans against, each worked with the rule functions
the ledger charges by (``ledger.rules.consumption``), never a second formula. Neither is the
most a group can use:

- **Fuel for a full CPA** (``full_cpa_fuel``): the Fuel Points the units and their first-line
  trucks burn if each moves its whole CPA in one move this Operations Stage: each unit's TOE at
  its own fuel rates over its CPA (49.13, ``unit_movement_fuel``, the unit's CPA as
  ``GameState.cpa`` gives it for movement), each truck group at its CPA for supplies, the
  slowest type's (54.2, ``truck_movement_fuel``). CP spent in combat burn no fuel; a move made
  in parts burns more (each part's CP rounded up to a group of five, ruling
  ``49.13-fuel-part-group``), and so does a unit that exceeds its CPA (6.21).
- **Ammunition for one fight** (``one_fight_ammunition``): the Ammunition Points the units use
  if each TOE Strength Point fires once (50.14, chart 50.2, ``ammunition``): per point, at the
  rate of the fire ruling ``SUPPLY_NET_FIGHT_RULING`` names. Forward artillery that barrages
  and then fires Anti-Armor or in a Close Assault in the same Combat Segment (12.18) uses
  more.

Nothing is written; the ledger charges the real amounts when units move (``move_unit``) and
fight (``ledger.combat.costs``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from ledger.commands.convoys import truck_cpa
from ledger.model.holdings import TruckGroup
from ledger.model.state import GameState
from ledger.model.units import Unit, WeaponSystem
from ledger.rules.consumption import (
    AmmoUse,
    ammunition,
    close_assault_use,
    truck_movement_fuel,
    unit_movement_fuel,
)
from ledger.rules.consumption_rates import ConsumptionRulings

SUPPLY_NET_FIGHT_RULING: Final = "50.2-supply-net-fight"
"""Which fire the General Supply Net Sheet's "Ammunition for one fight" prices (docs/rulings.md):
``"largest"`` (default) or ``"close-assault"``."""


FIGHT_BASIS: Final = {
    "largest": "each point at the dearest fire it can deliver: a barrage, else anti-armor fire, "
    "else its Close Assault",
    "close-assault": "each point at its Close Assault rate",
}
"""What the sheet prints of the ruling's option in force (``fight_basis``)."""


def fight_basis(state: GameState) -> str:
    """How "Ammunition for one fight" prices a TOE point in this game, in the sheet's words
    (``FIGHT_BASIS`` of ruling ``50.2-supply-net-fight``)."""
    return FIGHT_BASIS[state.ruling(SUPPLY_NET_FIGHT_RULING)]


def fight_use(system: WeaponSystem, option: str) -> AmmoUse:
    """The chart 50.2 line one TOE point of ``system`` is priced at for one fight, under ruling
    ``50.2-supply-net-fight``: ``"largest"``, the dearest fire it can deliver: a barrage (4 a
    point) when it has a Barrage rating above 0 (12.1), else anti-armor fire (3) when it has an
    Anti-Armor rating above 0 (14.1), else its Close Assault (2 or 1,
    ``close_assault_use``); ``"close-assault"``: its Close Assault whatever it could fire.
    Raises ``ValueError`` for another option."""
    if option not in ("largest", "close-assault"):
        raise ValueError(
            f"ruling {SUPPLY_NET_FIGHT_RULING}: unknown option {option!r}; "
            "expected largest or close-assault"
        )
    if option == "largest":
        if (system.ratings.barrage or 0) > 0:
            return "barrage"
        if (system.ratings.anti_armor or 0) > 0:
            return "anti_armor"
    return close_assault_use(system)


def unit_fight_ammunition(state: GameState, unit: Unit) -> int:
    """50.14, chart 50.2: Ammunition Points ``unit`` uses firing once with every TOE Strength
    Point it holds (``fight_use`` per holding, ``ammunition`` a point; points awaiting repair
    are out of its TOE and do not fire). 16th Infantry Bde HQ, 3 x 3.7-inch howitzers (Barrage
    7): 12 under ``"largest"``, 6 under ``"close-assault"``."""
    option = state.ruling(SUPPLY_NET_FIGHT_RULING)
    return sum(
        ammunition(fight_use(state.systems[h.system], option), h.points)
        for h in unit.toe
        if h.points > 0
    )


def one_fight_ammunition(state: GameState, units: Iterable[Unit]) -> int:
    """Ammunition Points ``units`` use if each fires once with all its TOE Strength Points
    (``unit_fight_ammunition``, summed; 50.14): one fire a point. Forward artillery may fire
    again in the same Combat Segment (12.18) and then uses more."""
    return sum(unit_fight_ammunition(state, u) for u in units)


def unit_full_cpa_fuel(state: GameState, unit: Unit, rulings: ConsumptionRulings) -> int:
    """49.13: Fuel Points ``unit``'s TOE burns moving its whole CPA (``GameState.cpa`` for
    movement; 0 when the scenario gives no CPA), at each holding's fuel rate
    (``unit_movement_fuel``). 16th Infantry Bde HQ (CPA 15, 3 howitzers of rate 1): 1 x 3
    groups of five CP x 3 = 9; an infantry battalion of CPA 10 (class points, rate 0): 0."""
    cpa = state.cpa(unit, for_movement=True)
    return unit_movement_fuel(unit, state.systems, cpa, rulings) if cpa else 0


def trucks_full_cpa_fuel(groups: Iterable[TruckGroup], rulings: ConsumptionRulings) -> int:
    """49.13, 54.2: Fuel Points truck ``groups`` burn each moving its whole CPA, the slowest
    type's CPA for supplies (``truck_cpa``; the CPA the Trucks sheet shows): 10 medium Truck
    Points, CPA 30: 6 groups of five CP x 10 = 60."""
    total = 0
    for group in groups:
        cpa = truck_cpa(group)
        if cpa:
            points = (group.light, group.medium, group.heavy)
            total += truck_movement_fuel(points, cpa, rulings)
    return total


def full_cpa_fuel(
    state: GameState,
    units: Iterable[Unit],
    groups: Sequence[TruckGroup],
    rulings: ConsumptionRulings,
) -> int:
    """Fuel Points ``units`` and first-line truck ``groups`` burn if each expends its whole CPA
    in one move this Operations Stage (``unit_full_cpa_fuel`` + ``trucks_full_cpa_fuel``; CP
    of combat burn none, 49.13). Moves in parts round each part up to a group of five CP and
    burn more, as does a unit that exceeds its CPA (6.21)."""
    units_fuel = sum(unit_full_cpa_fuel(state, u, rulings) for u in units)
    return units_fuel + trucks_full_cpa_fuel(groups, rulings)


def expected_use(
    state: GameState,
    units: Sequence[Unit],
    groups: Sequence[TruckGroup],
    rulings: ConsumptionRulings,
) -> dict[str, int]:
    """The General Supply Net Sheet's two planning columns for ``units`` and their first-line
    truck ``groups``: ``fuel_full_cpa`` (``full_cpa_fuel``) and ``ammo_one_fight``
    (``one_fight_ammunition``), in supply points."""
    return {
        "fuel_full_cpa": full_cpa_fuel(state, units, groups, rulings),
        "ammo_one_fight": one_fight_ammunition(state, units),
    }
