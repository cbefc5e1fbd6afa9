"""Chart data files (TOML) → ``Chart`` values; the bundled files live in ``ledger/charts/data/``.

A chart file has a ``[chart]`` table, optional ``[[gap]]`` tables and one ``[[row]]`` per printed
row, in printed order::

    [chart]
    id = "17.4-morale-modification"   # the file's name without .toml
    case = "17.4"
    title = "Morale Modification Table"
    source = "where the numbers come from"
    dice = "d66"                      # d6, 2d6-sum or d66 (ledger.charts.dice)
    row_key = "Cohesion Level"
    results = ["+4", "+3", "0", "surrender"]   # column headings, printed order

    [[gap]]                           # readings the printed chart leaves empty
    row = "-4"
    readings = [56]
    ruling = "17.4-row-minus-4-gap"
    note = "why"

    [[row]]
    key = "+8"
    label = "+8 or better"
    low = 8                           # optional bounds (inclusive) of the row key this row serves
    cells = { "+4" = "11-26", "+3" = "31-46" }

A cell is an inclusive range of readings ``"11-26"`` (for D66: 11..16 and 21..26), a single
reading ``"66"``, or several of these separated by commas. Errors are ``ChartFileError``
(a ``ValueError``) naming the file and the field.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any

from ledger.charts.dice import DiceKind, dice_kind
from ledger.charts.engine import Chart, ChartRow, PrintedGap

DATA_PACKAGE = "ledger.charts"
DATA_FOLDER = "data"


class ChartFileError(ValueError):
    """A chart file that is not valid TOML or does not describe a chart (file and field named)."""


def parse_chart(text: str, origin: str = "<chart>") -> Chart:
    """Read a chart from the TOML ``text`` of a chart file; ``origin`` names it in errors.

    Raises ``ChartFileError`` for bad TOML, a missing or mistyped field, an unknown dice kind or
    result, or a cell that is not a range of readings of the chart's dice.
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ChartFileError(f"{origin}: not valid TOML: {exc}") from None
    head = _table(data, "chart", origin)
    try:
        dice = dice_kind(_text(head, "dice", f"{origin} [chart]"))
    except KeyError as exc:
        raise ChartFileError(f"{origin} [chart].dice: {exc.args[0]}") from None
    results = _texts(head, "results", f"{origin} [chart]")
    rows = tuple(
        _row(raw, dice, results, f"{origin} row {i + 1}")
        for i, raw in enumerate(_tables(data, "row", origin))
    )
    gaps = tuple(_gap(raw, f"{origin} gap {i + 1}") for i, raw in enumerate(data.get("gap", [])))
    try:
        return Chart(
            id=_text(head, "id", f"{origin} [chart]"),
            case=_text(head, "case", f"{origin} [chart]"),
            title=_text(head, "title", f"{origin} [chart]"),
            source=_text(head, "source", f"{origin} [chart]"),
            dice=dice,
            row_key=_text(head, "row_key", f"{origin} [chart]"),
            results=results,
            rows=rows,
            gaps=gaps,
        )
    except ValueError as exc:
        raise ChartFileError(f"{origin}: {exc}") from None


@cache
def bundled_chart(chart_id: str) -> Chart:
    """The chart shipped as ``ledger/charts/data/<chart_id>.toml`` (cached; charts are values).

    Raises ``KeyError`` listing the bundled ids for an unknown id, ``ChartFileError`` when the
    file is broken or its ``[chart].id`` differs from its name.
    """
    return package_chart(DATA_PACKAGE, chart_id)


def bundled_chart_ids() -> tuple[str, ...]:
    """The ids of every dice chart file in ``ledger/charts/data/`` (a TOML file with a
    ``[chart]`` table), sorted. Other tables kept there (such as the 6.3 CP cost summary, read
    by ``ledger.rules.cp_actions``) are not dice charts and are left out."""
    return package_chart_ids(DATA_PACKAGE)


@cache
def package_chart(package: str, chart_id: str) -> Chart:
    """The chart file ``<package>/data/<chart_id>.toml``: CNA's charts live in ``ledger.charts``,
    each other game's in its own package (``ledger.games.combined_arms``). Cached.

    Raises ``KeyError`` listing the package's chart ids for an unknown id, ``ChartFileError``
    when the file is broken or its ``[chart].id`` differs from its name.
    """
    entry = resources.files(package).joinpath(DATA_FOLDER, f"{chart_id}.toml")
    if not entry.is_file():
        known = ", ".join(package_chart_ids(package))
        raise KeyError(f"no chart {chart_id!r} in {package}; charts: {known}")
    chart = parse_chart(entry.read_text(encoding="utf-8"), f"{chart_id}.toml")
    if chart.id != chart_id:
        raise ChartFileError(f"{chart_id}.toml: [chart].id is {chart.id!r}, not the file name")
    return chart


def package_chart_ids(package: str) -> tuple[str, ...]:
    """The ids of every dice chart file (a TOML file with a ``[chart]`` table) in
    ``<package>/data/``, sorted; other data files kept there are left out."""
    folder = resources.files(package).joinpath(DATA_FOLDER)
    if not folder.is_dir():
        return ()
    ids = []
    for entry in folder.iterdir():
        if entry.name.endswith(".toml") and _is_chart(entry.read_text(encoding="utf-8")):
            ids.append(entry.name.removesuffix(".toml"))
    return tuple(sorted(ids))


def package_data(package: str, name: str) -> dict[str, Any]:
    """A TOML data file ``<package>/data/<name>.toml`` that is not a dice chart (a terrain
    effects chart, a unit-values table), parsed. Raises ``KeyError`` when there is no such
    file, ``ChartFileError`` when it is not valid TOML."""
    entry = resources.files(package).joinpath(DATA_FOLDER, f"{name}.toml")
    if not entry.is_file():
        raise KeyError(f"no data file {name!r} in {package}")
    try:
        return tomllib.loads(entry.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise ChartFileError(f"{name}.toml: not valid TOML: {exc}") from None


def _is_chart(text: str) -> bool:
    try:
        return isinstance(tomllib.loads(text).get("chart"), dict)
    except tomllib.TOMLDecodeError:
        return True  # a broken chart file is still listed, so that loading it reports why


def parse_cell(text: str, dice: DiceKind) -> tuple[int, ...]:
    """The readings a cell covers: ``"11-26"``, ``"66"`` or ``"11-13, 21"`` (ascending).

    Raises ``ValueError`` for text that is not readings of ``dice`` or a backwards range.
    """
    found: set[int] = set()
    for part in text.split(","):
        low, _, high = part.strip().partition("-")
        try:
            first, last = int(low), int(high or low)
        except ValueError:
            raise ValueError(f"{text!r} is not a range of dice readings such as 11-26") from None
        found.update(dice.between(first, last))
    return tuple(sorted(found))


def _row(raw: Any, dice: DiceKind, results: tuple[str, ...], where: str) -> ChartRow:
    if not isinstance(raw, dict):
        raise ChartFileError(f"{where}: expected a table")
    cells_raw = _table(raw, "cells", where)
    cells: list[tuple[str, tuple[int, ...]]] = []
    for result, cell in cells_raw.items():
        if result not in results:
            raise ChartFileError(f"{where} cells: {result!r} is not in [chart].results")
        if not isinstance(cell, str):
            raise ChartFileError(f'{where} cells.{result}: expected text such as "11-26"')
        try:
            cells.append((result, parse_cell(cell, dice)))
        except ValueError as exc:
            raise ChartFileError(f"{where} cells.{result}: {exc}") from None
    cells.sort(key=lambda c: results.index(c[0]))
    return ChartRow(
        key=_text(raw, "key", where),
        label=str(raw.get("label", raw.get("key", ""))),
        cells=tuple(cells),
        low=_bound(raw, "low", where),
        high=_bound(raw, "high", where),
    )


def _gap(raw: Any, where: str) -> PrintedGap:
    if not isinstance(raw, dict):
        raise ChartFileError(f"{where}: expected a table")
    readings = raw.get("readings")
    if not isinstance(readings, list) or not all(isinstance(r, int) for r in readings):
        raise ChartFileError(f"{where}.readings: expected a list of whole readings")
    return PrintedGap(
        row=_text(raw, "row", where),
        readings=tuple(sorted(readings)),
        ruling=str(raw.get("ruling", "")),
        note=str(raw.get("note", "")),
    )


def _table(data: dict[str, Any], key: str, where: str) -> dict[str, Any]:
    value = data.get(key)
    if not isinstance(value, dict):
        raise ChartFileError(f"{where}: expected a table {key!r}")
    return value


def _tables(data: dict[str, Any], key: str, where: str) -> list[Any]:
    value = data.get(key)
    if not isinstance(value, list) or not value:
        raise ChartFileError(f"{where}: expected one or more [[{key}]] tables")
    return value


def _text(data: dict[str, Any], key: str, where: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value:
        raise ChartFileError(f"{where}.{key}: expected text, found {value!r}")
    return value


def _texts(data: dict[str, Any], key: str, where: str) -> tuple[str, ...]:
    value = data.get(key)
    if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
        raise ChartFileError(f"{where}.{key}: expected a list of text, found {value!r}")
    return tuple(value)


def _bound(data: dict[str, Any], key: str, where: str) -> int | None:
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        raise ChartFileError(f"{where}.{key}: expected a whole number, found {value!r}")
    return value
