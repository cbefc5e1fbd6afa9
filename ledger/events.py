"""Journal events: the only way the ledger changes (one frozen dataclass per kind).

Every event has a ``source`` (who, when, why). Events carry every figure their effect needs,
so applying and reversing them never re-derives a rule (the DP a CP expenditure earned is in the
event, not recomputed). ``kind`` tags the event in the journal.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Final, Literal

from ledger.clock import GameTime
from ledger.quantities import Supplies
from ledger.scenario import Setup
from ledger.units import Side

Role = Literal[
    "commander_in_chief",
    "field_commander",
    "logistics_commander",
    "rear_area_commander",
    "air_marshal",
]
ROLES: Final[tuple[Role, ...]] = (
    "commander_in_chief",
    "field_commander",
    "logistics_commander",
    "rear_area_commander",
    "air_marshal",
)
"""Command roles of 4.5x (the Commander-in-Chief and the four commanders)."""


@dataclass(frozen=True, slots=True)
class Source:
    """Who recorded an event (side, role), when (game time) and why (free text or sheet line).

    ``app_made`` marks events the ledger posted by itself (automatic consumption and the like).
    """

    game_time: GameTime
    side: Side | None = None
    role: Role | None = None
    reason: str = ""
    app_made: bool = False


@dataclass(frozen=True, slots=True)
class GameStarted:
    """A game begins from a scenario; ``ruling_choices`` are (ruling id, option) overrides."""

    source: Source
    setup: Setup
    ruling_choices: tuple[tuple[str, str], ...] = ()
    kind: Literal["game_started"] = "game_started"


@dataclass(frozen=True, slots=True)
class CPExpended:
    """A unit expends ``cp`` Capability Points (6.12) and earns ``disorganization`` DP.

    ``disorganization`` is the part of ``cp`` over the unit's CPA this Operations Stage (6.21);
    it lowers the Cohesion Level one for one at once (6.22). Both in CP (quarter points).
    """

    source: Source
    unit_id: str
    cp: Fraction
    disorganization: Fraction
    action: str = "other"
    kind: Literal["cp_expended"] = "cp_expended"


@dataclass(frozen=True, slots=True)
class SuppliesTransferred:
    """Supply points move from one holder (dump, unit, truck points) to another.

    Nothing is created or destroyed: ``origin`` loses what ``destination`` gains, except that an
    unlimited origin (60.44) is not drawn down.
    """

    source: Source
    origin: str
    destination: str
    supplies: Supplies
    kind: Literal["supplies_transferred"] = "supplies_transferred"


@dataclass(frozen=True, slots=True)
class OperationsStageEnded:
    """The Operations Stage ``ended`` is over and ``began`` starts.

    CP expended go back to zero (6.16); ``cp_cleared`` records each unit's CP expended at the
    end, so the event can be reversed exactly. The idle units' Reorganization Points (6.24.1)
    follow as app-made ``CohesionAdjusted`` events.
    """

    source: Source
    ended: GameTime
    began: GameTime
    cp_cleared: tuple[tuple[str, Fraction], ...] = ()
    kind: Literal["operations_stage_ended"] = "operations_stage_ended"


@dataclass(frozen=True, slots=True)
class CohesionAdjusted:
    """A unit's Cohesion Level changes by ``change`` (RP positive, DP negative) for ``cause``.

    Causes: ``idle-opstage`` (5 RP, never above 0, 6.24.1; posted by the ledger at the end of
    an Operations Stage), ``victorious-assault`` (+3 RP, 6.24.2), ``assault-losses`` (3 DP for
    losses of 30 % or more in one Close Assault, 6.21, 15.87), ``correction``.
    ``change`` is what was applied after the +10 ceiling (6.23), so reversal is exact.
    """

    source: Source
    unit_id: str
    change: Fraction
    cause: str
    case: str
    kind: Literal["cohesion_adjusted"] = "cohesion_adjusted"


ReversibleEvent = CPExpended | SuppliesTransferred | OperationsStageEnded | CohesionAdjusted


@dataclass(frozen=True, slots=True)
class EventUndone:
    """The event at journal sequence ``undone_seq`` (a copy in ``undone``) is reversed."""

    source: Source
    undone_seq: int
    undone: ReversibleEvent
    kind: Literal["event_undone"] = "event_undone"


Event = (
    GameStarted
    | CPExpended
    | SuppliesTransferred
    | OperationsStageEnded
    | CohesionAdjusted
    | EventUndone
)
"""Every kind of journal event."""
