"""The game clock: Game-Turns of three Operations Stages (5.1).

Game-Turn 1 is September III 1940 (6.14). Each Game-Turn is about one week; the turn record
names four Game-Turns a month, I to IV (ruling ``clock-four-turns-a-month``: it puts GT 68 in
February 1942, as the OA sheets' 7th Motor Brigade redesignation requires).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

Weather = Literal["normal", "hot", "sandstorm", "rainstorm"]
"""The weather of an Operations Stage (29.x): Hot doubles water (29.35) and adds evaporation
(49.3); the ledger records it per Operations Stage."""
WEATHERS: Final[tuple[Weather, ...]] = ("normal", "hot", "sandstorm", "rainstorm")

OPERATIONS_STAGES_PER_GAME_TURN: Final = 3
"""5.1: each Game-Turn is divided into three Operations Stages."""

_MONTHS: Final = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)
_WEEKS: Final = ("I", "II", "III", "IV")
_FIRST_MONTH_INDEX: Final = 1940 * 12 + 8  # September 1940
_FIRST_WEEK: Final = 2  # III


@dataclass(frozen=True, slots=True, order=True)
class GameTime:
    """A moment of the game: ``game_turn`` ≥ 1 and ``op_stage`` in 1..3 (5.1).

    Ordered chronologically. Raises ``ValueError`` when either part is out of range.
    """

    game_turn: int
    op_stage: int

    def __post_init__(self) -> None:
        if self.game_turn < 1:
            raise ValueError(
                f"game_turn {self.game_turn}: Game-Turns start at 1 (GT 1 = September III 1940)"
            )
        if not 1 <= self.op_stage <= OPERATIONS_STAGES_PER_GAME_TURN:
            raise ValueError(
                f"op_stage {self.op_stage}: each Game-Turn has Operations Stages 1 to 3 (5.1)"
            )

    def next_stage(self) -> GameTime:
        """The following Operations Stage (OpStage 3 is followed by OpStage 1 of the next GT)."""
        if self.op_stage < OPERATIONS_STAGES_PER_GAME_TURN:
            return GameTime(self.game_turn, self.op_stage + 1)
        return GameTime(self.game_turn + 1, 1)

    @property
    def calendar(self) -> str:
        """The turn record's name for the Game-Turn, e.g. ``"September III 1940"``."""
        index = self.game_turn - 1 + _FIRST_WEEK
        month_index = _FIRST_MONTH_INDEX + index // len(_WEEKS)
        year, month = divmod(month_index, 12)
        return f"{_MONTHS[month]} {_WEEKS[index % len(_WEEKS)]} {year}"

    @property
    def short(self) -> str:
        """``"GT 1 OpStage 1"``."""
        return f"GT {self.game_turn} OpStage {self.op_stage}"

    def __str__(self) -> str:
        return f"{self.short} ({self.calendar})"
