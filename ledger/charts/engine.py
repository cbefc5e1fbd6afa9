"""The chart engine: a dice chart as a value, with exact lookups, odds and column shifts.

A ``Chart`` has ordered rows (or columns: the lines a modifier selects, such as Cohesion Levels on
17.4 or Assault Differentials on 15.79), each keyed by a string. In every row each result (a
column heading of the printed table, such as ``"+2"`` or ``"surrender"``) covers a set of dice
readings. A correct row covers every reading of its dice kind exactly once, except the readings
the printed chart leaves empty, which the chart declares as ``PrintedGap``s: a lookup or an odds
table reports them as the result ``PRINTED_GAP``, never drops them, and a named ruling decides
what they mean (``Chart.fill_gap``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Final, NamedTuple

from ledger.charts.dice import DiceKind

PRINTED_GAP: Final = "printed gap"
"""The result of a reading the printed chart leaves empty (declared in the chart's gaps)."""


class ChartCoverageError(ValueError):
    """A reading that no cell, or more than one cell, of a row covers, and is not a declared gap."""


class CoverageProblem(NamedTuple):
    """One coverage fault: ``row`` key, dice ``reading`` and what is wrong with it."""

    row: str
    reading: int
    problem: str


@dataclass(frozen=True, slots=True)
class PrintedGap:
    """Readings the printed chart leaves empty in one row, with the ruling that decides them."""

    row: str
    readings: tuple[int, ...]
    ruling: str = ""
    note: str = ""


@dataclass(frozen=True, slots=True)
class ChartRow:
    """One row: its ``key``, printed ``label`` and ``cells`` (result, readings covered).

    ``low`` and ``high`` (inclusive, ``None`` for an open end) are the values of the chart's row
    key this row serves, e.g. ``low=8`` for 17.4's "+8 or better"; both ``None`` when the row is
    only chosen by key.
    """

    key: str
    label: str
    cells: tuple[tuple[str, tuple[int, ...]], ...]
    low: int | None = None
    high: int | None = None

    def serves(self, value: int) -> bool:
        """True when ``value`` of the row key falls in this row's bounds (rows with no bounds:
        never)."""
        if self.low is None and self.high is None:
            return False
        return (self.low is None or value >= self.low) and (self.high is None or value <= self.high)


@dataclass(frozen=True, slots=True)
class Shift:
    """The outcome of shifting ``requested`` rows from row ``start``: the row reached, how far it
    really moved (``applied``) and whether the chart's end stopped it (``clamped``)."""

    start: str
    requested: int
    row: str
    applied: int
    clamped: bool


@dataclass(frozen=True, slots=True)
class Chart:
    """A printed dice chart as data (see ``ledger.charts.loader`` for the file format).

    ``id`` names the chart, ``case`` its rule case (``"17.4"``), ``source`` where its numbers come
    from; ``dice`` is how it is read; ``row_key`` names what selects a row (``"Cohesion Level"``);
    ``results`` are the column headings in printed order; ``rows`` are in printed order, which is
    also the order column shifts move in. Raises ``ValueError`` when a cell names an unknown
    result, a reading is not one of the dice kind's, a key repeats, or a gap names no row.
    """

    id: str
    case: str
    title: str
    source: str
    dice: DiceKind
    row_key: str
    results: tuple[str, ...]
    rows: tuple[ChartRow, ...]
    gaps: tuple[PrintedGap, ...] = ()

    def __post_init__(self) -> None:
        _validate(self)

    @property
    def keys(self) -> tuple[str, ...]:
        """The row keys in printed order."""
        return tuple(r.key for r in self.rows)

    def row(self, key: str) -> ChartRow:
        """The row with ``key``; ``KeyError`` naming the chart and its keys otherwise."""
        for row in self.rows:
            if row.key == key:
                return row
        raise KeyError(f"chart {self.case} has no row {key!r}; rows are {', '.join(self.keys)}")

    def row_for(self, value: int) -> ChartRow:
        """The row serving ``value`` of the row key (by the rows' bounds); ``KeyError`` if none."""
        for row in self.rows:
            if row.serves(value):
                return row
        raise KeyError(f"chart {self.case}: no row for {self.row_key} {value}")

    def gap_readings(self, key: str) -> tuple[int, ...]:
        """The readings declared as printed gaps in row ``key`` (ascending; often none)."""
        found = {r for gap in self.gaps if gap.row == key for r in gap.readings}
        return tuple(sorted(found))

    def covering(self, key: str, reading: int) -> tuple[str, ...]:
        """Every result whose cell in row ``key`` covers ``reading`` (one, for a sound chart)."""
        return tuple(result for result, readings in self.row(key).cells if reading in readings)

    def lookup(self, key: str, reading: int) -> str:
        """The result of ``reading`` in row ``key``, or ``PRINTED_GAP`` for a declared gap.

        Raises ``ValueError`` for a number the dice cannot show, ``KeyError`` for an unknown row
        and ``ChartCoverageError`` when the reading is covered by no cell or several.
        """
        if reading not in self.dice:
            raise ValueError(f"chart {self.case}: {reading} is not a reading of {self.dice.name}")
        found = self.covering(key, reading)
        if len(found) == 1 and reading not in self.gap_readings(key):
            return found[0]
        if not found and reading in self.gap_readings(key):
            return PRINTED_GAP
        raise ChartCoverageError(
            f"chart {self.case} row {key}: reading {reading} is covered by "
            f"{', '.join(found) or 'no result'}"
        )

    def distribution(self, key: str) -> dict[str, Fraction]:
        """The exact odds of every result in row ``key``: {result: probability}, summing to 1.

        Results come in printed order; results that cannot occur are left out; declared gaps are
        the entry ``PRINTED_GAP``. Raises as ``lookup`` does.
        """
        odds: dict[str, Fraction] = {}
        for reading in self.dice.readings:
            result = self.lookup(key, reading)
            odds[result] = odds.get(result, Fraction(0)) + self.dice.probability(reading)
        order = (*self.results, PRINTED_GAP)
        return {r: odds[r] for r in order if r in odds}

    def shift(self, key: str, rows: int) -> Shift:
        """Move ``rows`` rows from ``key`` (positive: towards the end of the printed order),
        stopping at the first or last row; ``clamped`` says the end stopped it."""
        keys = self.keys
        start = keys.index(self.row(key).key)
        reached = min(max(start + rows, 0), len(keys) - 1)
        applied = reached - start
        return Shift(key, rows, keys[reached], applied, applied != rows)

    def fill_gap(self, key: str, result: str) -> Chart:
        """This chart with the printed gap of row ``key`` given to ``result`` (a ruling's choice).

        Raises ``KeyError`` when the row declares no gap, ``ValueError`` for an unknown result.
        """
        readings = self.gap_readings(key)
        if not readings:
            raise KeyError(f"chart {self.case} row {key} has no printed gap")
        if result not in self.results:
            raise ValueError(f"chart {self.case} has no result {result!r}")
        row = self.row(key)
        cells = dict(row.cells)
        cells[result] = tuple(sorted((*cells.get(result, ()), *readings)))
        filled = replace(row, cells=tuple((r, cells[r]) for r in self.results if r in cells))
        return replace(
            self,
            rows=tuple(filled if r.key == key else r for r in self.rows),
            gaps=tuple(g for g in self.gaps if g.row != key),
        )


def coverage_problems(
    chart: Chart, *, subtract_declared_gaps: bool = True
) -> list[CoverageProblem]:
    """Every (row, reading, problem) where a row does not cover a reading exactly once.

    With ``subtract_declared_gaps`` (the default) the chart's declared printed gaps are not
    problems, but a declared gap that some cell does cover is. With it off, every uncovered
    reading is listed, declared or not (to check that the declarations match the printed chart).
    Rows in printed order, readings ascending.
    """
    problems: list[CoverageProblem] = []
    for row in chart.rows:
        gaps = chart.gap_readings(row.key) if subtract_declared_gaps else ()
        for reading in chart.dice.readings:
            found = chart.covering(row.key, reading)
            if reading in gaps and found:
                problem = f"declared a printed gap but covered by {', '.join(found)}"
            elif reading in gaps:
                continue
            elif not found:
                problem = "covered by no result"
            elif len(found) > 1:
                problem = f"covered {len(found)} times ({', '.join(found)})"
            else:
                continue
            problems.append(CoverageProblem(row.key, reading, problem))
    return problems


def _validate(chart: Chart) -> None:
    """Refuse a chart whose parts do not fit together (programming or data-file error)."""
    where = f"chart {chart.id} ({chart.case})"
    if len(set(chart.results)) != len(chart.results) or PRINTED_GAP in chart.results:
        raise ValueError(f"{where}: results must be distinct and not {PRINTED_GAP!r}")
    if len(set(chart.keys)) != len(chart.keys):
        raise ValueError(f"{where}: a row key repeats")
    for row in chart.rows:
        for result, readings in row.cells:
            if result not in chart.results:
                raise ValueError(f"{where} row {row.key}: unknown result {result!r}")
            stray = [r for r in readings if r not in chart.dice]
            if stray:
                raise ValueError(f"{where} row {row.key}: {stray} are not {chart.dice.name}")
    for gap in chart.gaps:
        if gap.row not in chart.keys:
            raise ValueError(f"{where}: printed gap in unknown row {gap.row!r}")
        if any(r not in chart.dice for r in gap.readings):
            raise ValueError(f"{where}: printed gap {gap.readings} not all {chart.dice.name}")
