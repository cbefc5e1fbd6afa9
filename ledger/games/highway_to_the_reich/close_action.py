"""Close Action (8.73): the Combat Strength Ratio column, the decoded results table and what a
result does to each side, with exact odds.

The printed table (data file ``8.73-close-action-results.toml``) has fifteen result rows, each
with one ``"attacker/defender"`` cell per Close Action Value 1..9. The six ratio columns print
their die rolls 1..6 down six consecutive rows, staggered; where each column starts is the ruling
``htr-8.73-die-roll-windows``. For one Close Action Value the table is a ``Chart`` whose rows are
the ratio columns (in printed order, 1-3 first) and whose d6 cells are the cell texts, so the
engine's coverage check, lookups and exact odds apply unchanged.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Final, Literal

from ledger.charts.dice import D6, FACES
from ledger.charts.engine import Chart, ChartRow
from ledger.charts.loader import package_data
from ledger.charts.odds import Strength, odds_column
from ledger.games.highway_to_the_reich import PACKAGE, plain
from ledger.games.highway_to_the_reich.rulings import (
    DIE_ROLL_WINDOWS,
    ODDS_ROUNDING,
    ZERO_AGAINST_ZERO,
)

CASE: Final = "8.73"
RATIOS: Final = ("1-3", "1-2", "1-1", "2-1", "3-1", "4-1")
"""The Combat Strength Ratio columns as printed (8.73), worst for the attacker first."""
CLOSE_ACTION_VALUES: Final = tuple(range(1, 10))
"""The Close Action Value columns 1..9 (8.73)."""
DATA_FILE: Final = "8.73-close-action-results"
NO_EFFECT: Final = "•"
DISRUPTED: Final = "D"


@dataclass(frozen=True, slots=True)
class SideResult:
    """One side's half of a cell (8.73 KEY): ``code`` as printed (``"•"``, ``"D"``, ``"2"``),
    ``losses`` (the number printed, 0 otherwise) and ``disrupted`` (``D`` or a number)."""

    code: str
    losses: int
    disrupted: bool


def parse_side(code: str) -> SideResult:
    """``"•"`` (no effect), ``"D"`` (disrupted) or a whole number n ≥ 1 (n losses and
    disrupted), per the 8.73 KEY. Raises ``ValueError`` for anything else."""
    if code == NO_EFFECT:
        return SideResult(code, 0, False)
    if code == DISRUPTED:
        return SideResult(code, 0, True)
    if code.isdigit() and int(code) >= 1:
        return SideResult(code, int(code), True)
    raise ValueError(f"{code!r} is not a close action result (•, D or a number of losses) (8.73)")


def parse_cell(text: str) -> tuple[SideResult, SideResult]:
    """A cell ``"attacker/defender"`` such as ``"2/•"`` or ``"•/D"`` as the two sides' results
    (8.73: left of the slash the attacker, right the defender). Raises ``ValueError``."""
    left, slash, right = text.strip().partition("/")
    if not slash:
        raise ValueError(f"{text!r} is not a close action cell such as 2/• or •/D (8.73)")
    return parse_side(left.strip()), parse_side(right.strip())


def window_problems(first_rows: Mapping[str, int], row_count: int) -> list[str]:
    """Every reason the ratio columns' die-roll windows do not fit a table of ``row_count``
    result rows: a ratio missing or unknown, or a window of six rows (die 1 on ``first_rows
    [ratio]``, die 6 five rows lower) reaching outside rows 1..``row_count``. Empty when sound."""
    problems = [f"no die-roll window for ratio {r}" for r in RATIOS if r not in first_rows]
    problems += [f"{r!r} is not a ratio column of 8.73" for r in first_rows if r not in RATIOS]
    for ratio, first in first_rows.items():
        if first < 1 or first + len(FACES) - 1 > row_count:
            problems.append(
                f"ratio {ratio}: die rolls 1-6 on rows {first}-{first + 5} lie outside rows "
                f"1-{row_count}"
            )
    return problems


def windows_from_layout(layout: Sequence[Mapping[str, int]]) -> dict[str, int]:
    """The first row of each ratio column from a staggered layout as printed: ``layout[i]``
    maps ratio → the die roll printed beside result row i + 1 (ratios with no number left out).

    Raises ``ValueError`` listing every ratio column whose die rolls 1..6 do not each appear
    exactly once, in order, on six consecutive rows (8.73)."""
    seen: dict[str, list[tuple[int, int]]] = {r: [] for r in RATIOS}
    problems = []
    for index, printed in enumerate(layout, start=1):
        for ratio, die in printed.items():
            if ratio not in seen:
                problems.append(f"row {index}: {ratio!r} is not a ratio column")
            else:
                seen[ratio].append((die, index))
    first_rows: dict[str, int] = {}
    for ratio, pairs in seen.items():
        dice = sorted(d for d, _ in pairs)
        if dice != list(FACES):
            problems.append(f"ratio {ratio}: die rolls {dice or 'none'} instead of 1-6 once each")
            continue
        first = min(row for _, row in pairs)
        if sorted(pairs) != [(d, first + d - 1) for d in FACES]:
            problems.append(f"ratio {ratio}: die rolls 1-6 are not on six consecutive rows")
            continue
        first_rows[ratio] = first
    if problems:
        raise ValueError("; ".join(problems) + " (8.73)")
    return first_rows


@dataclass(frozen=True, slots=True)
class CloseActionTable:
    """The 8.73 table: ``rows`` (result row 1 first, nine cell texts each, Close Action Value 1
    first), ``first_rows`` (ratio → the row of its die roll 1), ``decoding`` (the ruling option
    or file it came from) and ``source``. Raises ``ValueError`` when a row has not nine valid
    cells or a window does not fit (``window_problems``)."""

    rows: tuple[tuple[str, ...], ...]
    first_rows: Mapping[str, int] = field(hash=False)
    decoding: str
    source: str

    def __post_init__(self) -> None:
        problems = window_problems(self.first_rows, len(self.rows))
        for number, cells in enumerate(self.rows, start=1):
            if len(cells) != len(CLOSE_ACTION_VALUES):
                problems.append(f"row {number}: {len(cells)} cells, not 9")
            for cav, cell in zip(CLOSE_ACTION_VALUES, cells, strict=False):
                try:
                    parse_cell(cell)
                except ValueError as exc:
                    problems.append(f"row {number} value {cav}: {exc}")
        if problems:
            raise ValueError("; ".join(problems) + f" ({CASE})")

    def row_number(self, ratio: str, die: int) -> int:
        """The result row (1-based) a ``die`` roll (1..6) reads in ratio column ``ratio``.
        Raises ``ValueError`` for a die that is not 1..6 or an unknown ratio."""
        if die not in FACES:
            raise ValueError(f"a die roll is 1 to 6, not {die} ({CASE})")
        if ratio not in self.first_rows:
            raise ValueError(f"{ratio!r} is not a ratio column ({', '.join(RATIOS)}) ({CASE})")
        return self.first_rows[ratio] + die - 1

    def cell(self, ratio: str, die: int, close_action_value: int) -> str:
        """The printed cell for ``die`` in ratio column ``ratio`` at ``close_action_value``."""
        return self.rows[self.row_number(ratio, die) - 1][_cav_index(close_action_value)]

    def chart(self, close_action_value: int) -> Chart:
        """The table at one Close Action Value as an engine ``Chart``: rows the ratio columns
        (printed order), results the distinct cells, cells the d6 rolls reading each."""
        index = _cav_index(close_action_value)
        rows = []
        results: list[str] = []
        for ratio in RATIOS:
            cells: dict[str, list[int]] = {}
            for die in FACES:
                text = self.rows[self.row_number(ratio, die) - 1][index]
                cells.setdefault(text, []).append(die)
                if text not in results:
                    results.append(text)
            rows.append(ChartRow(ratio, ratio, tuple((r, tuple(d)) for r, d in cells.items())))
        return Chart(
            id=f"8.73-close-action-value-{close_action_value}",
            case=CASE,
            title=f"Close Action Results Table, Close Action Value {close_action_value}",
            source=f"{self.source}; die-roll windows: {self.decoding}",
            dice=D6,
            row_key="Combat Strength Ratio",
            results=tuple(results),
            rows=tuple(rows),
        )


def _cav_index(close_action_value: int) -> int:
    if close_action_value not in CLOSE_ACTION_VALUES:
        raise ValueError(f"a Close Action Value is 1 to 9, not {close_action_value} ({CASE})")
    return close_action_value - 1


def printed_table() -> dict[str, Any]:
    """The 8.73 data file as parsed TOML (rows, decodings, source)."""
    return package_data(PACKAGE, DATA_FILE)


def decoded_table(decoding: str = DIE_ROLL_WINDOWS.default) -> CloseActionTable:
    """The bundled table with the die-roll windows of option ``decoding`` of the ruling
    ``htr-8.73-die-roll-windows``. Raises ``ValueError`` for an unknown option."""
    data = printed_table()
    options = data["decoding"]
    if decoding not in options:
        raise ValueError(f"no die-roll decoding {decoding!r}; options: {', '.join(options)}")
    return table_from_rows(
        [tuple(r["cells"]) for r in data["row"]],
        dict(options[decoding]["first_rows"]),
        decoding,
        data["table"]["source"],
    )


def table_from_rows(
    rows: Sequence[Sequence[str]], first_rows: Mapping[str, int], decoding: str, source: str
) -> CloseActionTable:
    """A ``CloseActionTable`` from plain rows of cell texts and the windows' first rows."""
    return CloseActionTable(tuple(tuple(r) for r in rows), dict(first_rows), decoding, source)


@dataclass(frozen=True, slots=True)
class RatioColumn:
    """The Combat Strength Ratio column read (8.73): ``attack`` and ``defense`` strengths,
    ``column`` (``"2-1"``), ``clamped`` (``"low"`` below 1-3 or an attack of 0, ``"high"``
    above 4-1 or a defense of 0, ``""`` otherwise) and ``note``, how it was found."""

    attack: Fraction
    defense: Fraction
    column: str
    clamped: Literal["", "low", "high"]
    note: str


def strength_ratio_column(
    attack: Strength,
    defense: Strength,
    *,
    rounding: str = ODDS_ROUNDING.default,
    zero_against_zero: str = ZERO_AGAINST_ZERO.default,
) -> RatioColumn:
    """The 8.73 column for ``attack`` against ``defense`` (Combat Strength Points, whole or
    exact fractions). Below 1-3 reads 1-3, above 4-1 reads 4-1, an attack of 0 reads 1-3 and an
    attack on 0 reads 4-1 (the note under 8.73). Between columns ``rounding`` decides
    (``htr-8.73-odds-rounding``: ``defender-favour`` rounds down, ``nearest`` takes the closest
    printed ratio, a tie going down); 0 against 0 follows ``zero_against_zero``.

    Raises ``ValueError`` for a negative strength, 0 against 0 under ``refuse`` or an unknown
    ruling option."""
    a, d = Fraction(attack), Fraction(defense)
    if a < 0 or d < 0:
        raise ValueError(f"strengths cannot be negative: {a} against {d} ({CASE})")
    if rounding not in ODDS_ROUNDING.options:
        raise ValueError(f"unknown rounding {rounding!r} ({CASE})")
    if a == 0 and d == 0:
        return _zero_against_zero(zero_against_zero)
    if a == 0:
        return RatioColumn(a, d, "1-3", "low", f"attack 0 against {plain(d)}: read as 1-3 ({CASE})")
    found = odds_column(
        a,
        d,
        RATIOS,
        below="lowest",
        zero_defense="4-1",
        rounding="nearest" if rounding == "nearest" else "down",
        case=CASE,
    )
    clamped = "high" if d == 0 else found.clamped
    return RatioColumn(a, d, found.column, clamped, found.note)


def _zero_against_zero(option: str) -> RatioColumn:
    zero = Fraction(0)
    if option == "one-to-three":
        return RatioColumn(zero, zero, "1-3", "low", f"0 against 0: read as 1-3 ({CASE})")
    if option == "four-to-one":
        return RatioColumn(zero, zero, "4-1", "high", f"0 against 0: read as 4-1 ({CASE})")
    if option == "refuse":
        raise ValueError(f"0 against 0 is no close action under {ZERO_AGAINST_ZERO.id} ({CASE})")
    raise ValueError(f"unknown option {option!r} of {ZERO_AGAINST_ZERO.id} ({CASE})")


@dataclass(frozen=True, slots=True)
class Situation:
    """What the players know before the roll: whether each stack is already disrupted (a
    second disruption destroys, 8.73) and whether the defender has a hex to retreat into (not
    Enemy-controlled, or holding a Friendly unit, 8.73)."""

    attacker_disrupted: bool = False
    defender_disrupted: bool = False
    defender_can_retreat: bool = True


DESTROYED: Final = "destroyed (second disruption)"
ATTACKERS_ADVANCE: Final = "attackers occupy the hex"
HEX_LEFT: Final = "hex vacated, attackers disrupted: no advance"
NO_ADVANCE: Final = "defender holds the hex"


def attacker_outcome(result: SideResult, situation: Situation) -> str:
    """What ``result`` does to the attacking stack (8.73): no effect; disrupted (it stays in
    place); losses and disrupted; destroyed when it was disrupted already."""
    if not result.disrupted:
        return "no effect"
    if situation.attacker_disrupted:
        return DESTROYED
    if result.losses:
        return f"loses {result.losses}, disrupted, stays in place"
    return "disrupted, stays in place"


def defender_outcome(result: SideResult, situation: Situation) -> str:
    """What ``result`` does to the defending stack (8.73): a disrupted defender retreats one
    hex, or is eliminated when it has no hex to go to; a second disruption destroys it."""
    if not result.disrupted:
        return "no effect"
    if situation.defender_disrupted:
        return DESTROYED
    losses = f"loses {result.losses}, " if result.losses else ""
    if situation.defender_can_retreat:
        return f"{losses}disrupted, retreats 1 hex"
    return f"{losses}disrupted, eliminated (no hex to retreat to)"


def advance(attacker: SideResult, defender: SideResult, situation: Situation) -> str:
    """Whether the attackers move in (8.73): undisrupted attackers must occupy the hex a
    disrupted defender leaves (by retreat, elimination or destruction); disrupted ones stay."""
    if not defender.disrupted:
        return NO_ADVANCE
    if attacker.disrupted or situation.attacker_disrupted:
        return HEX_LEFT
    return ATTACKERS_ADVANCE


@dataclass(frozen=True, slots=True)
class DieLine:
    """One die roll of a close action: the ``row`` of the table it reads, the printed ``cell``
    and what it does to the ``attacker``, the ``defender`` and the hex (``advance``)."""

    die: int
    row: int
    cell: str
    attacker: str
    defender: str
    advance: str


@dataclass(frozen=True, slots=True)
class CloseAction:
    """A close action worked out (8.73): the ``column``, the ``close_action_value``, the
    ``decoding`` of the die-roll windows, one ``DieLine`` per roll 1..6 and the exact odds of
    each printed cell, each side's outcome and the advance (each summing to 1)."""

    column: RatioColumn
    close_action_value: int
    decoding: str
    lines: tuple[DieLine, ...]
    cell_odds: dict[str, Fraction]
    attacker_odds: dict[str, Fraction]
    defender_odds: dict[str, Fraction]
    advance_odds: dict[str, Fraction]


def close_action(
    column: RatioColumn,
    close_action_value: int,
    table: CloseActionTable,
    situation: Situation = Situation(),
) -> CloseAction:
    """Every die roll of a close action on ``column`` at ``close_action_value`` (1..9) read on
    ``table``, with exact odds. Raises ``ValueError`` for a value outside 1..9."""
    chart = table.chart(close_action_value)
    lines = []
    attacker: dict[str, Fraction] = {}
    defender: dict[str, Fraction] = {}
    moves: dict[str, Fraction] = {}
    for die in FACES:
        cell = chart.lookup(column.column, die)
        att, dfd = parse_cell(cell)
        line = DieLine(
            die,
            table.row_number(column.column, die),
            cell,
            attacker_outcome(att, situation),
            defender_outcome(dfd, situation),
            advance(att, dfd, situation),
        )
        lines.append(line)
        chance = D6.probability(die)
        attacker[line.attacker] = attacker.get(line.attacker, Fraction(0)) + chance
        defender[line.defender] = defender.get(line.defender, Fraction(0)) + chance
        moves[line.advance] = moves.get(line.advance, Fraction(0)) + chance
    return CloseAction(
        column,
        close_action_value,
        table.decoding,
        tuple(lines),
        chart.distribution(column.column),
        attacker,
        defender,
        moves,
    )
