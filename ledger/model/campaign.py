"""What a campaign scenario adds to a set-up, and its journal events: scheduled withdrawals
(4.43a, 20.8), victory places (60.82), the Weather Table rows (29.6) and Initiative Ratings
(7.2) of its Game-Turns; reinforcements entering play (4.43, 20.1), withdrawals recorded and
victory places held.

The scenario records are read from the scenario file (``ledger.io.scenario``) into ``Setup``;
the events are posted by ``ledger.commands.campaign`` and the end of an Operations Stage
(``ledger.commands.stage_end``) and folded by ``ledger.model.apply_campaign``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ledger.model.clock import GameTime
from ledger.model.quantities import Supplies
from ledger.model.source import Source
from ledger.model.units import Side


@dataclass(frozen=True, slots=True)
class Withdrawal:
    """A scheduled withdrawal (4.43a, 20.8): the counters ``units`` of ``side`` leave the game
    at Operations Stage ``due``. ``truck_value_points`` is the transport it requires under full
    Logistics (4.43a footnote: a light truck point is 1/2 truck value, medium 1, heavy 2),
    ``motorization_points`` under abstract Logistics; ``None`` where none is printed.
    ``place`` is where the counters must be when they leave (20.83: Cairo or Alexandria)."""

    id: str
    name: str
    side: Side
    due: GameTime
    units: tuple[str, ...]
    truck_value_points: int | None = None
    motorization_points: int | None = None
    place: str = ""
    notes: str = ""
    case: str = ""
    source: str = ""


@dataclass(frozen=True, slots=True)
class VictoryPlace:
    """A place worth victory points at the end (60.82): what the side holding it scores,
    ``points`` as (side, points) pairs, and the hexes it covers."""

    id: str
    name: str
    hexes: tuple[str, ...]
    points: tuple[tuple[Side, int], ...]
    notes: str = ""
    case: str = ""
    source: str = ""

    def points_for(self, side: Side) -> int:
        """Victory points ``side`` scores holding the place (0 when none printed)."""
        return dict(self.points).get(side, 0)


@dataclass(frozen=True, slots=True)
class WeatherBand:
    """One result of the Weather Table (29.6): ``weather`` on a two-dice reading (tens die
    first) from ``low`` to ``high`` inclusive."""

    weather: str
    low: int
    high: int


@dataclass(frozen=True, slots=True)
class WeatherSeason:
    """The Weather Table row (29.6) in force from Game-Turn ``first`` to ``last``."""

    season: str
    first: int
    last: int
    bands: tuple[WeatherBand, ...]
    case: str = "29.6"
    source: str = ""


@dataclass(frozen=True, slots=True)
class InitiativeRating:
    """An Initiative Rating (7.2): ``side`` rates ``rating`` in ``situation`` (as printed),
    from Game-Turn ``first`` to ``last``; a side's situations are tested in file order."""

    side: Side
    situation: str
    rating: int
    first: int = 1
    last: int = 111
    case: str = "7.2"
    source: str = ""


@dataclass(frozen=True, slots=True)
class CampaignSchedule:
    """A scenario's withdrawals (4.43a, 20.8), victory places (60.82), Weather Table rows
    (29.6) and Initiative Ratings (7.2); all empty for a scenario that gives none."""

    withdrawals: tuple[Withdrawal, ...] = ()
    victory: tuple[VictoryPlace, ...] = ()
    weather: tuple[WeatherSeason, ...] = ()
    initiative_ratings: tuple[InitiativeRating, ...] = ()


@dataclass(frozen=True, slots=True)
class ReinforcementsArrived:
    """App-made at the start of Operations Stage ``at``: the counters ``units`` and truck
    groups ``trucks`` scheduled for it enter play at their arrival places (4.43, 20.1)."""

    source: Source
    at: GameTime
    units: tuple[str, ...]
    trucks: tuple[str, ...] = ()
    kind: Literal["reinforcements_arrived"] = "reinforcements_arrived"


@dataclass(frozen=True, slots=True)
class UnitsWithdrawn:
    """Withdrawal ``withdrawal_id`` is carried out (20.8): ``units`` leave play. ``returned``
    holds (unit id, supplies it carried) and ``to_holder`` the dump they went back to (``None``:
    lost), so reversal is exact; ``transport_shortfall`` the truck value points missing at the
    time (0: none), recorded, not enforced, under the game's ruling. ``trucks`` are the
    first-line truck groups attached to the units, which leave with them (their cargo is in
    ``returned`` too); ``eliminated`` marks counters eliminated instead (20.83: not at Cairo or
    Alexandria, or below the required TOE, at the deadline). ``convoy_points`` are the empty
    second/third-line truck points taken with it to make up the printed transport (4.43a,
    scen-0006): (truck group id, light, medium, heavy) taken from each group, so reversal
    gives them back exactly (a group left with no points leaves play)."""

    source: Source
    withdrawal_id: str
    units: tuple[str, ...]
    returned: tuple[tuple[str, Supplies], ...] = ()
    to_holder: str | None = None
    transport_shortfall: int = 0
    trucks: tuple[str, ...] = ()
    eliminated: bool = False
    convoy_points: tuple[tuple[str, int, int, int], ...] = ()
    kind: Literal["units_withdrawn"] = "units_withdrawn"


@dataclass(frozen=True, slots=True)
class VictoryPlaceHeld:
    """Players record who holds victory place ``place_id`` (60.82; the map is physical):
    ``holder`` (``None``: nobody) and whether the supply-line condition is met, as declared.
    ``before`` is the previous record (``None``: none), so reversal is exact."""

    source: Source
    place_id: str
    holder: Side | None
    supply_line: bool
    before: tuple[Side | None, bool] | None = None
    kind: Literal["victory_place_held"] = "victory_place_held"
