"""The ledger's state: a fold over the journal's events (``ledger.model.apply.fold``).

``GameState`` is immutable by convention: its mappings are never changed in place; every event
produces a new state with new mappings (``ledger.model.draft``), and the rulings and their
choices are the same two maps in every state of a game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final, TypeVar

from ledger.charts.ruling import Ruling
from ledger.model.campaign import CampaignSchedule
from ledger.model.capability import unit_cpa
from ledger.model.clock import GameTime
from ledger.model.holdings import Dump, Requisition, TruckGroup
from ledger.model.phases import ORGANIZATION
from ledger.model.plots import Plot
from ledger.model.quantities import Supplies
from ledger.model.scenario import ScenarioInfo
from ledger.model.trucks import NON_MOTORIZED_CPA, carried_cpa
from ledger.model.units import Side, Unit, UnitClass, WeaponSystem

T = TypeVar("T")

_RESOLVED: dict[tuple[int, int, object], tuple[object, object, Any]] = {}
"""``GameState.rulings_of``'s bundles by the identity of a game's rulings and choices maps and
the builder, least recently used first; each entry keeps the two maps alive, so their ids
cannot be reused meanwhile."""
_RESOLVED_KEPT: Final = 64


@dataclass(frozen=True, slots=True)
class GameState:
    """Everything the ledger knows at one moment of one game.

    ``systems`` maps every TOE system id (weapons and unit classes) to its ``WeaponSystem``.
    ``rulings`` holds the scenario's and the ledger's named rulings; ``ruling_choices`` the
    options this game chose where it departs from the defaults. ``phase`` is the key of the
    current phase of the Operations Stage (``ledger.model.phases``), ``weather`` its weather (29.x)
    and ``requisitions`` the Supply Requisitions filed (4.55) by id. ``prisoners`` are the
    Prisoner Points each side holds (side -> points; 15.86d: one for each infantry-type TOE
    Strength Point it captured; a side holding none is absent) and ``captured_equipment`` the
    guns and tanks captured (15.86d), as (capturing side, weapon system id, TOE Strength
    Points), one entry per side and system. ``plots`` are the sides' committed plots of the
    Barrage and Force Assignment Steps (5.2 III G 3 b, d; ``ledger.model.plots``) in
    ``plot_key`` order, sealed until both sides' plots of a step are in; revealed plots of
    earlier Operations Stages leave it at the next reveal. ``first_player`` is the side the
    Initiative holder declared Player "A" this Operations Stage (7.11, 7.16; ``None``: not
    declared yet; ``ledger.model.initiative.first_player`` reads it with its default).
    ``schedule`` is the scenario's campaign schedule (withdrawals, victory places, weather
    rows, Initiative Ratings; ``ledger.model.campaign``). ``setup_open`` are the sides whose set-up is not finished (59.4; the game has not started
    while any is); ``victory_held`` maps each victory place recorded (60.82) to (holder or
    ``None``, supply-line condition met as declared). ``enemy_hexes``, in a seat's view only
    (``ledger.model.view``), are the places where the enemy's counters in play stand: the
    board shows them, though not what they are (11.36); ``None`` in a whole state.
    """

    info: ScenarioInfo
    clock: GameTime
    classes: Mapping[str, UnitClass]
    systems: Mapping[str, WeaponSystem]
    units: Mapping[str, Unit]
    dumps: Mapping[str, Dump]
    trucks: Mapping[str, TruckGroup]
    rulings: Mapping[str, Ruling]
    ruling_choices: Mapping[str, str]
    phase: str = ORGANIZATION
    weather: str = "normal"
    requisitions: Mapping[str, Requisition] = field(default_factory=dict)
    prisoners: Mapping[str, int] = field(default_factory=dict)
    captured_equipment: tuple[tuple[str, str, int], ...] = ()
    plots: tuple[Plot, ...] = ()
    first_player: Side | None = None
    setup_open: tuple[Side, ...] = ()
    schedule: CampaignSchedule = field(default_factory=CampaignSchedule)
    victory_held: Mapping[str, tuple[Side | None, bool]] = field(default_factory=dict)
    enemy_hexes: frozenset[str] | None = None

    def ruling(self, ruling_id: str) -> str:
        """The option in force for a named ruling (the game's choice, else the default).

        Raises ``KeyError`` for a ruling the ledger and scenario do not define.
        """
        if ruling_id in self.ruling_choices:
            return self.ruling_choices[ruling_id]
        return self.rulings[ruling_id].default

    def rulings_of(self, build: Callable[[Callable[[str], str]], T]) -> T:
        """``build(self.ruling)`` (a bundle of rulings such as
        ``ConsumptionRulings.from_choices``), built once per game's rulings and choices and
        kept: every state of a game carries the same two maps, so a command or a fold asks
        the same bundle many times over (issue 14 item 8)."""
        key = (id(self.rulings), id(self.ruling_choices), build)
        hit = _RESOLVED.pop(key, None)
        if hit is not None and hit[0] is self.rulings and hit[1] is self.ruling_choices:
            _RESOLVED[key] = hit  # the newest again: the least recently used goes first
            return hit[2]  # type: ignore[no-any-return]
        if len(_RESOLVED) >= _RESOLVED_KEPT:
            del _RESOLVED[next(iter(_RESOLVED))]
        bundle = build(self.ruling)
        _RESOLVED[key] = (self.rulings, self.ruling_choices, bundle)
        return bundle

    def cpa(self, unit: Unit, *, for_movement: bool = False) -> int | None:
        """The unit's CPA under this game's rulings; ``None`` when the scenario lacks it.

        A non-motorized unit (CPA 10 or less) fully carried by truck points moves at the truck
        CPA (6.17, 8.92); ``ledger.model.trucks.carried_cpa``."""
        own = unit_cpa(
            unit,
            self.classes,
            self.systems,
            for_movement=for_movement,
            lowest_system=self.ruling("unit-cpa-lowest-system") == "lowest",
        )
        carried = carried_cpa(unit, self.classes[unit.class_id])
        if carried is not None and (own is None or own <= NON_MOTORIZED_CPA):
            return carried
        return own

    def units_in_play(self, side: Side | None = None) -> list[Unit]:
        """Units that have arrived by the current OpStage, optionally of one side."""
        return [
            u
            for u in self.units.values()
            if u.in_play(self.clock) and (side is None or u.side == side)
        ]

    def holder_supplies(self, holder_id: str) -> Supplies | None:
        """What a unit, dump or truck group holds; ``None`` for an unknown id."""
        if holder_id in self.units:
            return self.units[holder_id].supplies
        if holder_id in self.dumps:
            return self.dumps[holder_id].supplies
        if holder_id in self.trucks:
            return self.trucks[holder_id].cargo
        return None

    def holder_side(self, holder_id: str) -> Side | None:
        """The side a unit, dump or truck group belongs to; ``None`` for an unknown id."""
        for table in (self.units, self.dumps, self.trucks):
            if holder_id in table:
                side: Side = table[holder_id].side
                return side
        return None

    def holder_name(self, holder_id: str) -> str:
        """What players call a holder: a unit's or dump's name, a truck group's
        ``truck_group_name``; ``repr(holder_id)`` when unknown."""
        if holder_id in self.units:
            return self.units[holder_id].name
        if holder_id in self.dumps:
            return self.dumps[holder_id].name
        if holder_id in self.trucks:
            return self.truck_group_name(holder_id)
        return repr(holder_id)

    def truck_group_name(self, group_id: str) -> str:
        """What players call a truck group, never its id (it has no printed name): a convoy
        (second/third line, 8.18) by its place, size and, once the convoy planner loaded it, its
        requisition — ``"convoy at Cairo (50 TP)"``, ``"convoy at C3920 (5 TP, requisition CR1
        for 1st RNF MG Bn)"``; first-line trucks (8.96) by the unit they are attached to or
        their place — ``"first-line trucks of 1st RNF MG Bn (10 TP)"``, ``"first-line trucks at
        C4131 (10 TP)"``; during the set-up, at a location left to the player (59.4),
        ``"first-line trucks to place within 3 hexes of C0716 (5 TP)"``. ``repr(group_id)``
        for no such group."""
        group = self.trucks.get(group_id)
        if group is None:
            return repr(group_id)
        size = f"{group.truck_points} TP"
        at = f"at {group.location}"
        lowered = group.location.casefold()
        if self.setup_open and any(
            w in lowered for w in ("choice", "any ", "anywhere", "within ", "map ")
        ):
            # a set-up location left to the player (59.4): "to place within 3 hexes of C0716"
            at = "to place " + ("" if lowered.startswith("within ") else "at ") + group.location
        if group.line == "first":
            unit = self.units.get(group.attached_to or "")
            where = f"of {unit.name}" if unit is not None else at
            return f"first-line trucks {where} ({size})"
        dedicated = group.purpose if group.purpose.startswith("requisition ") else ""
        return f"convoy {at} ({size}{', ' + dedicated if dedicated else ''})"

    def holder_kind(self, holder_id: str) -> str | None:
        """``"unit"``, ``"dump"`` or ``"trucks"`` for a holder id; ``None`` when unknown."""
        if holder_id in self.units:
            return "unit"
        if holder_id in self.dumps:
            return "dump"
        if holder_id in self.trucks:
            return "trucks"
        return None
