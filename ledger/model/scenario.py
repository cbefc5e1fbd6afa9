"""What a game starts from: a scenario's clock, catalogue, counters, dumps and trucks.

``Setup`` is the pure value that ``ledger.io.scenario`` reads from a scenario file and that the
``GameStarted`` event carries, so a journal replays without the file.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from ledger.charts.ruling import Ruling as Ruling
from ledger.model.campaign import CampaignSchedule
from ledger.model.clock import GameTime
from ledger.model.holdings import Dump, TruckGroup
from ledger.model.units import Side, Unit, UnitClass, WeaponSystem


@dataclass(frozen=True, slots=True)
class ScenarioInfo:
    """The scenario's identity and length (e.g. 60.22: GT 1 OpStage 1 to GT 6 OpStage 3)."""

    id: str
    name: str
    case: str
    start: GameTime
    end: GameTime
    initiative: Side | None = None
    source: str = ""
    missing: tuple[str, ...] = ()
    hours: str = ""
    """The booklet's estimate of the playing time, as printed ("25-50")."""


EffectTable = Literal["unit", "dump", "trucks", "victory"]
"""The records a ruling's effect may change: ``[[unit]]``, ``[[dump]]``, ``[[trucks]]``,
``[[victory]]`` (docs/scenario-format.md, "Ruling effects")."""


@dataclass(frozen=True, slots=True)
class RulingEffect:
    """What choosing ``option`` of scenario ruling ``ruling`` does to one record of the set-up
    (a ``[[ruling.effect]]`` of the file): the record ``record`` of ``table`` is left out of
    the game (``omit``), or its fields are set to ``changes``: ``(field, value)`` pairs named
    as the ledger's record names them (``class_id``, ``location``, ``parent`` ``None`` for no
    parent, ``arrival`` a ``GameTime`` or ``None``, ``toe`` ``TOEHolding``s, ``hexes`` ...),
    values already of the record's types. Applied by
    ``ledger.model.scenario_rulings.with_ruling_choices`` before the game starts."""

    ruling: str
    option: str
    table: EffectTable
    record: str
    omit: bool = False
    changes: tuple[tuple[str, Any], ...] = ()


@dataclass(frozen=True, slots=True)
class Setup:
    """Everything a new game starts from (a scenario file, validated)."""

    info: ScenarioInfo
    weapons: tuple[WeaponSystem, ...]
    classes: tuple[UnitClass, ...]
    units: tuple[Unit, ...]
    dumps: tuple[Dump, ...]
    trucks: tuple[TruckGroup, ...]
    rulings: tuple[Ruling, ...] = ()
    schedule: CampaignSchedule = field(default_factory=CampaignSchedule)
    ruling_effects: tuple[RulingEffect, ...] = ()
    """What the non-default options of the scenario's rulings change (``RulingEffect``); empty
    in the set-up a game starts from, which has them applied already."""
