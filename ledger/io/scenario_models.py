"""The pydantic models of a scenario file (docs/scenario-format.md), one per TOML table, with
the game's bounds on every figure (``ledger.model.bounds``): strict types (no float or string
turned into a quantity), unknown keys refused, ids and names stripped and never empty.

``ledger.io.scenario`` validates a parsed file with ``ScenarioFile`` and builds the ``Setup``.
"""

from __future__ import annotations

from typing import Annotated, Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Discriminator, Field, StringConstraints, Tag

from ledger.model.bounds import (
    COHESION_MAX,
    COHESION_MIN,
    GAME_TURN_MAX,
    GAME_TURN_MIN,
    OP_STAGE_MAX,
    OP_STAGE_MIN,
    SUPPLY_POINTS_MAX,
    TOE_POINTS_MAX,
    TRUCK_POINTS_MAX,
)
from ledger.model.clock import GameTime, Weather
from ledger.model.quantities import Supplies
from ledger.model.units import RATINGS, Ratings

MAX_RECORDS: Final = 5_000
"""The most records one table of a scenario file may hold (``[[unit]]``, ``[[dump]]``, ...): the
whole game ships about 1,800 counters and scenario 60 lists 306 units in 449 records. A larger
table is refused before it is validated (validating hundreds of thousands of junk records takes
seconds)."""

MAX_ERRORS: Final = 200
"""The most problems listed for one file; the rest are counted in one closing line."""

FIELD_CASES: Final[dict[str, str]] = {
    "cohesion": "6.23, 6.26",
    "game_turn": "5.1",
    "op_stage": "5.1",
    "ammo": "54.12",
    "fuel": "54.12",
    "stores": "54.12",
    "water": "54.12",
    "points": "4.47",
    "max_toe": "4.47",
    "light": "54.2",
    "medium": "54.2",
    "heavy": "54.2",
    "due": "20.8",
    "units": "20.8",
    "truck_value_points": "4.43a",
    "motorization_points": "4.43a",
    "hexes": "60.82",
    "bands": "29.6",
    "low": "29.6",
    "high": "29.6",
    "rating": "7.2",
    "axis": "60.82",
    "commonwealth": "60.82",
}
"""The rule case that bounds a field, for error messages."""

NonNegative = Annotated[int, Field(ge=0)]
"""A count with no printed ceiling (ratings, CPA, stacking points); the reader refuses any whole
number past ±10^15 in a file (``ledger.io.files.INTEGER_MAX``)."""

Id = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1)]
"""An id, name or reference: surrounding blanks stripped, never empty (every record is looked
up by it, and a blank one names nothing a player can see)."""

SupplyPoints = Annotated[
    int,
    Field(
        ge=0,
        le=SUPPLY_POINTS_MAX,
        description="Supply Points of one commodity in one holder: 0 to 1,000,000 (the 54.12 "
        "capacities are in the thousands; ledger.model.bounds.SUPPLY_POINTS_MAX)",
    ),
]
ToePoints = Annotated[
    int,
    Field(
        ge=0,
        le=TOE_POINTS_MAX,
        description="TOE Strength Points of one weapon system: 0 to 1,000 (4.47; counters hold "
        "tens; ledger.model.bounds.TOE_POINTS_MAX)",
    ),
]
TruckPoints = Annotated[
    int,
    Field(
        ge=0,
        le=TRUCK_POINTS_MAX,
        description="Truck Points of one weight class in one group: 0 to 100,000 (60.43 parks "
        "are in the hundreds; ledger.model.bounds.TRUCK_POINTS_MAX)",
    ),
]
Cohesion = Annotated[
    int,
    Field(
        ge=COHESION_MIN,
        le=COHESION_MAX,
        description="Cohesion Level on the track: -26 (6.26, Disorganized) to +10 (6.23)",
    ),
]
GameTurn = Annotated[
    int,
    Field(
        ge=GAME_TURN_MIN,
        le=GAME_TURN_MAX,
        description="Game-Turn 1 (September III 1940, 6.14) to 111, the campaign's last",
    ),
]
OpStage = Annotated[
    int,
    Field(ge=OP_STAGE_MIN, le=OP_STAGE_MAX, description="Operations Stage 1 to 3 (5.1)"),
]
HOURS: Final = r"^(\d+(-\d+)?)?$"
"""The booklet's playing-time estimate as printed: ``"25-50"``, ``"90-150"`` or one figure."""

RatingName = Literal[
    "barrage",
    "vulnerability",
    "anti_armor",
    "armor_protection",
    "offensive_close_assault",
    "defensive_close_assault",
    "aa",
]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class TimeIn(_Model):
    game_turn: GameTurn
    op_stage: OpStage

    def value(self) -> GameTime:
        return GameTime(self.game_turn, self.op_stage)


def _arrival_tag(value: Any) -> str:
    return "start" if isinstance(value, str) else "time"


Arrival = Annotated[
    Annotated[Literal["start"], Tag("start")] | Annotated[TimeIn, Tag("time")],
    Discriminator(_arrival_tag),
]
"""``"start"`` or ``{game_turn, op_stage}``: a string is checked as the one, anything else as
the other, so a bad Game-Turn is reported once, as ``arrival.game_turn``."""


class RatedIn(_Model):
    barrage: NonNegative | None = None
    vulnerability: NonNegative | None = None
    anti_armor: NonNegative | None = None
    armor_protection: NonNegative | None = None
    offensive_close_assault: NonNegative | None = None
    defensive_close_assault: NonNegative | None = None
    aa: NonNegative | None = None
    parenthesised: list[RatingName] = []

    def ratings(self) -> Ratings:
        return Ratings(
            **{r: getattr(self, r) for r in RATINGS}, parenthesised=frozenset(self.parenthesised)
        )


class ScenarioIn(_Model):
    id: Id
    name: Id
    case: str
    start: TimeIn
    end: TimeIn
    initiative: Literal["axis", "commonwealth"] | None = None
    hours: Annotated[str, StringConstraints(strip_whitespace=True, pattern=HOURS)] = ""
    source: str = ""
    missing: list[str] = []


class WeaponIn(RatedIn):
    id: Id
    name: Id
    kind: str
    cpa: NonNegative | None = None
    cpa_mark: Literal["", "*", "+"] = ""
    nation: str = ""
    fuel_rate: NonNegative | None = None
    breakdown: str = ""
    notes: str = ""
    case: str
    source: str


class ClassIn(RatedIn):
    id: Id
    code: Id
    unit_type: str
    cpa: NonNegative | None = None
    cpa_mark: Literal["", "*", "+"] = ""
    nation: str = ""
    echelon: str = ""
    max_toe: ToePoints | None = None
    max_toe_parenthesised: bool = False
    notes: str = ""
    case: str
    source: str


class SuppliesIn(_Model):
    ammo: SupplyPoints = 0
    fuel: SupplyPoints = 0
    stores: SupplyPoints = 0
    water: SupplyPoints = 0

    def value(self) -> Supplies:
        return Supplies(self.ammo, self.fuel, self.stores, self.water)


class HoldingIn(_Model):
    system: Id
    points: ToePoints
    flags: list[str] = []


Ref = Annotated[str, StringConstraints(strip_whitespace=True)]
"""A unit named by id, or ``""`` for none (a ruling's effect clearing a parent)."""


class EffectSetIn(_Model):
    """``set`` of a ``[[ruling.effect]]``: the fields a ruling may change, as the record's own
    table names them. Which of them a record kind accepts is ``EFFECT_FIELDS``."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, populate_by_name=True)
    class_: Id | None = Field(default=None, alias="class")
    location: Id | None = None
    parent: Ref | None = None
    attached_to: Ref | None = None
    detached: bool | None = None
    basic_morale: int | None = None
    basic_morale_untrained: int | None = None
    in_training: bool | None = None
    arrival: Arrival | None = None
    toe: list[HoldingIn] | None = None
    cohesion: Cohesion | None = None
    hexes: list[Id] | None = Field(default=None, min_length=1)
    notes: str | None = None


EFFECT_FIELDS: Final[dict[str, tuple[str, ...]]] = {
    "unit": (
        "class",
        "location",
        "parent",
        "attached_to",
        "detached",
        "basic_morale",
        "basic_morale_untrained",
        "in_training",
        "arrival",
        "toe",
        "cohesion",
        "notes",
    ),
    "dump": ("location", "notes"),
    "trucks": ("location", "attached_to", "arrival", "notes"),
    "victory": ("hexes", "notes"),
}
"""The fields a ruling's effect may set on each kind of record: what the set-up says of a
counter (its class, place, formation, training, TOE, Cohesion), never its id, side or name,
which other records and the journal refer to."""


class RulingEffectIn(_Model):
    """``[[ruling.effect]]``: what choosing ``option`` does to one record (named by exactly
    one of ``unit``, ``dump``, ``trucks``, ``victory``): ``set`` some of its fields, or
    ``omit`` it from the game."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, populate_by_name=True)
    option: Id
    unit: Id | None = None
    dump: Id | None = None
    trucks: Id | None = None
    victory: Id | None = None
    set_: EffectSetIn | None = Field(default=None, alias="set")
    omit: bool = False


class RulingIn(_Model):
    id: Id
    case: str
    question: str
    options: list[Id] = Field(min_length=1)
    default: Id
    effect: list[RulingEffectIn] = []


class UnitIn(_Model):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, populate_by_name=True)
    id: Id
    name: Id
    counter: str = ""
    side: Literal["axis", "commonwealth"]
    nationality: Id
    echelon: str = ""
    class_: Id = Field(alias="class")
    parent: Id | None = None
    attached_to: Id | None = None
    detached: bool = False
    location: str = ""
    arrival: Arrival = "start"
    basic_morale: int | None = None
    basic_morale_untrained: int | None = None
    in_training: bool = False
    stacking_points: NonNegative | None = None
    max_assigned: NonNegative | None = None
    cohesion: Cohesion = 0
    toe: list[HoldingIn] = []
    supplies: SuppliesIn = SuppliesIn()
    notes: str = ""
    case: str
    source: str


class DumpIn(SuppliesIn):
    id: Id
    side: Literal["axis", "commonwealth"]
    name: Id
    location: Id
    kind: Literal["dump", "dummy", "air_supply_pool", "unlimited"] = "dump"
    site: Literal["major-city", "village", "other", "oasis", "box"] | None = None
    count: Annotated[int, Field(ge=1)] = 1
    notes: str = ""
    case: str
    source: str


class TrucksIn(_Model):
    id: Id
    side: Literal["axis", "commonwealth"]
    line: Literal["first", "second_third"]
    location: Id
    light: TruckPoints = 0
    medium: TruckPoints = 0
    heavy: TruckPoints = 0
    cargo: SuppliesIn = SuppliesIn()
    attached_to: Id | None = None
    arrival: Arrival = "start"
    purpose: str = ""
    notes: str = ""
    case: str
    source: str


class WithdrawalIn(_Model):
    """``[[withdrawal]]``: counters that leave at an Operations Stage (4.43a, 20.8)."""

    id: Id
    name: Id
    side: Literal["axis", "commonwealth"]
    due: TimeIn
    units: list[Id] = Field(min_length=1)
    truck_value_points: NonNegative | None = None
    motorization_points: NonNegative | None = None
    place: str = ""
    notes: str = ""
    case: str
    source: str


class PointsIn(_Model):
    """Victory points the side holding a place scores (60.82), 0 where none is printed."""

    axis: NonNegative = 0
    commonwealth: NonNegative = 0


class VictoryIn(_Model):
    """``[[victory]]``: a place worth victory points (60.82)."""

    id: Id
    name: Id
    hexes: list[Id] = Field(min_length=1)
    points: PointsIn
    notes: str = ""
    case: str
    source: str


DiceReading = Annotated[
    int,
    Field(
        ge=11,
        le=66,
        description="two dice read in sequence, the tens die first: 11 to 66 (29.6)",
    ),
]


class BandIn(_Model):
    """One result of a Weather Table row: ``weather`` on readings ``low`` to ``high``."""

    weather: Weather
    low: DiceReading
    high: DiceReading


class WeatherIn(_Model):
    """``[[weather]]``: the Weather Table row (29.6) in force from Game-Turn ``first`` to
    ``last``."""

    season: Id
    first: GameTurn
    last: GameTurn
    bands: list[BandIn] = Field(min_length=1)
    case: str = "29.6"
    source: str = ""


class InitiativeRatingIn(_Model):
    """``[[initiative_rating]]``: a side's Initiative Rating (7.2) in a situation."""

    side: Literal["axis", "commonwealth"]
    situation: Id
    rating: NonNegative
    first: GameTurn = GAME_TURN_MIN
    last: GameTurn = GAME_TURN_MAX
    case: str = "7.2"
    source: str = ""


class ScenarioFile(_Model):
    scenario: ScenarioIn
    ruling: list[RulingIn] = []
    withdrawal: list[WithdrawalIn] = []
    victory: list[VictoryIn] = []
    weather: list[WeatherIn] = []
    initiative_rating: list[InitiativeRatingIn] = []
    weapon: list[WeaponIn] = []
    class_: list[ClassIn] = Field(default=[], alias="class")
    unit: list[UnitIn] = []
    dump: list[DumpIn] = []
    trucks: list[TrucksIn] = []
