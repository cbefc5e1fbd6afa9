"""The command test (2.1): before a unit moves it rolls one die, adds the Command Chart modifiers
and must reach the chart value for its training in the Maneuver or Assault column.

The modifiers are in the text and live in ``data/2.1-command-modifiers.toml``; the chart values
are not, so the player supplies them (``CommandChart``, read from a CSV by
``ledger.io.games.miniatures``). Without a chart the test still totals the modifiers.

Columns (2.1): Maneuver for any move or change of disposition (standing up from prone
included), Assault for an assault move or a move into assault contact; the player declares
which before rolling. Going prone needs no roll. There is no automatic pass or failure in the
text: a modified roll passes when it is at least the chart value.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Final, Literal

from ledger.charts.dice import D6, FACES
from ledger.charts.loader import package_data
from ledger.charts.odds import chance_at_least, modified_odds
from ledger.games.miniatures import PACKAGE, name_key
from ledger.games.miniatures.rulings import CONSECUTIVE_ASSAULT

Column = Literal["maneuver", "assault"]
COLUMNS: Final[tuple[Column, ...]] = ("maneuver", "assault")
"""The Command Chart's two columns (2.1), as requests and the CSV header name them."""

Declared = Literal["maneuver", "assault", "go-prone"]
"""What the player declares before the test (2.1): a Maneuver or Assault test, or going prone
(no test)."""


@dataclass(frozen=True, slots=True)
class CommandModifier:
    """One 2.1 modifier: ``id`` (the request's name for it), ``name`` as the chart prints it,
    ``points`` added to the die per application (negative), ``kind`` ``"flag"`` (once when
    true) or ``"count"`` (per item), its ``case`` and a ``note`` on when it applies."""

    id: str
    name: str
    points: int
    kind: Literal["flag", "count"]
    case: str
    note: str


@cache
def command_modifiers() -> tuple[CommandModifier, ...]:
    """The 2.1 modifiers from ``data/2.1-command-modifiers.toml``, in printed order."""
    data = package_data(PACKAGE, "2.1-command-modifiers")
    return tuple(
        CommandModifier(
            id=m["id"],
            name=m["name"],
            points=int(m["points"]),
            kind="count" if m["kind"] == "count" else "flag",
            case=m["case"],
            note=m["note"],
        )
        for m in data["modifier"]
    )


@dataclass(frozen=True, slots=True)
class CommandChartRow:
    """One training row of the player's Command Chart: the value the modified roll must reach
    in the Maneuver and the Assault column (2.1)."""

    training: str
    maneuver: int
    assault: int

    def value(self, column: Column) -> int:
        """The chart value of ``column``."""
        return self.maneuver if column == "maneuver" else self.assault


@dataclass(frozen=True, slots=True)
class CommandChart:
    """The player's Command Chart (2.1): ``rows`` by training, ``source`` where it came from
    (a file name or "inline"). Raises ``ValueError`` when it has no rows or a training repeats
    (compared without case or surrounding spaces)."""

    rows: tuple[CommandChartRow, ...]
    source: str

    def __post_init__(self) -> None:
        if not self.rows:
            raise ValueError(f"command chart {self.source} has no training rows (2.1)")
        seen: set[str] = set()
        for row in self.rows:
            name = name_key(row.training)
            if name in seen:
                raise ValueError(f"training {row.training!r} appears twice in {self.source} (2.1)")
            seen.add(name)

    @property
    def trainings(self) -> tuple[str, ...]:
        """The training values in chart order."""
        return tuple(r.training for r in self.rows)

    def row(self, training: str) -> CommandChartRow:
        """The row of ``training`` (any case); ``ValueError`` listing the chart's trainings."""
        for row in self.rows:
            if name_key(row.training) == name_key(training):
                return row
        known = ", ".join(self.trainings)
        raise ValueError(
            f"training {training!r} is not on the command chart {self.source}; "
            f"its rows are {known} (2.1)"
        )


@dataclass(frozen=True, slots=True)
class AppliedModifier:
    """A modifier that applies to this test: ``times`` applied (1 for a flag), ``points`` in
    all (negative), with its case and note."""

    id: str
    name: str
    times: int
    points: int
    case: str
    note: str


@dataclass(frozen=True, slots=True)
class ModifierProblem:
    """A modifier the request names wrongly: ``name`` as given and what is wrong."""

    name: str
    message: str


def modifier_problems(given: Mapping[str, object]) -> list[ModifierProblem]:
    """Every problem with the request's ``{modifier id: value}``: an unknown id (the message lists
    the 2.1 modifiers), a flag that is not true/false, a count that is not a whole number 0 or
    more. Empty when all is well."""
    known = {m.id: m for m in command_modifiers()}
    problems = []
    for name, value in given.items():
        modifier = known.get(name)
        if modifier is None:
            names = ", ".join(known)
            problems.append(ModifierProblem(name, f"no such modifier; 2.1 lists {names}"))
        elif modifier.kind == "flag" and not isinstance(value, bool):
            problems.append(ModifierProblem(name, f"expected true or false, found {value!r}"))
        elif modifier.kind == "count" and (
            isinstance(value, bool) or not isinstance(value, int) or value < 0
        ):
            problems.append(
                ModifierProblem(name, f"expected a whole number 0 or more, found {value!r}")
            )
    return problems


def applied_modifiers(
    given: Mapping[str, bool | int], column: Column, consecutive: str = CONSECUTIVE_ASSAULT.default
) -> tuple[AppliedModifier, ...]:
    """The modifiers that apply to a ``column`` test, in printed order (2.1). ``given`` must have
    passed ``modifier_problems``; ``consecutive`` is the option of the ruling
    ``miniatures-consecutive-assault-column`` (``"assault-only"`` leaves the consecutive assault
    modifier out of a Maneuver test). Raises ``ValueError`` for an unknown modifier id."""
    problems = modifier_problems(given)
    if problems:
        raise ValueError(f"modifier {problems[0].name}: {problems[0].message} (2.1)")
    applied = []
    for modifier in command_modifiers():
        value = given.get(modifier.id, False)
        times = int(value)
        if modifier.id == "consecutive_assault_moves" and column == "maneuver":
            times = times if consecutive == "both-columns" else 0
        if times:
            applied.append(
                AppliedModifier(
                    modifier.id,
                    modifier.name,
                    times,
                    modifier.points * times,
                    modifier.case,
                    modifier.note,
                )
            )
    return tuple(applied)


@dataclass(frozen=True, slots=True)
class CommandTest:
    """A worked command test (2.1).

    ``declared`` is the column (or ``"go-prone"``: no test); ``modifier`` the sum of the applied
    ``modifiers``; ``chart_value`` the value to reach (``None`` without a chart or when going
    prone); ``needed_roll`` the lowest natural die that passes (``None`` when no roll passes or
    there is no chart value; 1 when every roll passes); ``pass_chance`` exact (``None`` without a
    chart value, 1 when going prone, which needs no roll); ``modified_roll_odds`` the exact odds of die + modifier ({total: chance}).
    """

    declared: Declared
    training: str | None
    modifiers: tuple[AppliedModifier, ...]
    modifier: int
    chart_value: int | None
    needed_roll: int | None
    pass_chance: Fraction | None
    modified_roll_odds: dict[int, Fraction]


def command_test(
    declared: Declared,
    given: Mapping[str, bool | int],
    chart: CommandChart | None = None,
    training: str | None = None,
    consecutive: str = CONSECUTIVE_ASSAULT.default,
) -> CommandTest:
    """Work the command test of a unit of ``training`` declaring ``declared`` with the
    modifiers ``given`` (2.1), against the player's ``chart`` when there is one.

    Raises ``ValueError`` for a bad modifier, or when a chart is given but ``training`` is
    missing or not on it (the messages name the rule case).
    """
    if declared == "go-prone":
        return CommandTest(declared, training, (), 0, None, None, Fraction(1), {})
    applied = applied_modifiers(given, declared, consecutive)
    total = sum(m.points for m in applied)
    odds = modified_odds(D6, total)
    if chart is None:
        return CommandTest(declared, training, applied, total, None, None, None, odds)
    if not training:
        raise ValueError("a command chart is loaded, so the unit's training is needed (2.1)")
    value = chart.row(training).value(declared)
    needed = value - total
    roll = max(needed, FACES[0]) if needed <= FACES[-1] else None
    chance = chance_at_least(D6, value, total)
    return CommandTest(declared, training, applied, total, value, roll, chance, odds)
