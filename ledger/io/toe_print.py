"""How the TOE Log Sheets (4.52) print for pencils (issue 19): the height of a blank write-in
line, the rule cases kept off the paper (in the workbook's description), the worksheet tab names
and which cells a player writes in. Helpers of ``ledger.io.toe_sheets``; they compute no rule.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction
from typing import Final

from openpyxl import Workbook

from ledger.io.sheet_meta import QUARTER_KINDS
from ledger.io.xlsx import WRITE_IN_MM, print_height, print_scale
from ledger.model.quantities import COMMODITIES

_BAD_TAB: Final = re.compile(r"[\[\]:*?/\\]")


def write_in_height(widths: Sequence[float], font_size: float) -> float:
    """The workbook height (points) of a blank ruled line of a sheet of column ``widths``
    (characters) in ``font_size`` type: at least two lines of type, and at least
    ``WRITE_IN_MM`` (7 mm) once the sheet is shrunk to one page wide (``print_scale``)."""
    return print_height(2 * font_size, WRITE_IN_MM, print_scale(widths))


def add_cases(wb: Workbook, tab: str, lines: Sequence[tuple[str, str]]) -> None:
    """Add worksheet ``tab``'s ``(column heading, rule case)`` lines to the workbook's
    description (File ▸ Properties): on the sheet they sit in a hidden row, off the paper."""
    cases = "; ".join(f"{heading.replace(chr(10), ' ')} {case}" for heading, case in lines)
    known = wb.properties.description
    text = f"{tab} — rule cases: {cases}."
    wb.properties.description = f"{known}\n{text}" if known else text


def tab_name(name: str, taken: set[str]) -> str:
    """A worksheet tab for ``name``: without characters Excel refuses, at most 31 long, unique
    (case-insensitively among ``taken``, which it joins)."""
    base = _BAD_TAB.sub("-", name.removesuffix(" HQ")).strip("' ") or "Formation"
    tab, number = base[:31], 2
    while tab.casefold() in taken:
        suffix = f" ({number})"
        tab, number = base[: 31 - len(suffix)] + suffix, number + 1
    taken.add(tab.casefold())
    return tab


INPUT_KINDS: Final = {
    "toe_points": ("toe", ""),
    "cp_expended": ("cp", ""),
    "cohesion": ("cohesion", ""),
    **{c: ("supplies", c) for c in COMMODITIES},
}
"""Columns a player writes in, as ``Inputs.mark`` kind and field (the TOE's field is the
weapon system of the line)."""


def input_kind(key: str, value: object, detached: bool) -> tuple[str, str] | None:
    """The (kind, field) of an input cell, or ``None``: a detached line has no figures. CP
    expended and Cohesion are inputs in quarter points (8.37, ``QUARTER_KINDS``: ``2 1/2`` is
    marked as it is); every other input holds a whole figure."""
    if detached or key not in INPUT_KINDS or isinstance(value, bool):
        return None
    kind = INPUT_KINDS[key]
    if isinstance(value, Fraction):
        whole = value.denominator == 1
        return kind if whole or (kind[0] in QUARTER_KINDS and 4 % value.denominator == 0) else None
    return kind if isinstance(value, int) else None
