"""Report rows as Streamlit tables: chosen columns under the game's names, CP as players write it.

CP and Cohesion Levels are ``Fraction``s in the rows; they are shown with
``ledger.model.quantities.format_cp`` ("2 1/2", "-3/4"), right-aligned like the other numbers.

On a phone (``on_phone``: the browser's User-Agent says so) a table shows its key columns
(``Col.phone``, else the first ``PHONE_COLUMNS``) and folds the whole table into an expander
below, so the page never needs scrolling sideways (issue 17 item 6).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Final, Literal

import pandas as pd
import streamlit as st

from ledger.model.quantities import COMMODITIES, COMMODITY_NAMES, format_cp
from ledger.reports.tables import Row


@dataclass(frozen=True, slots=True)
class Col:
    """One table column: the row key, its heading, an optional tooltip, cell formatter,
    alignment (numbers and CP are right-aligned without asking) and width in pixels;
    ``phone``: one of the few columns a phone shows first (``show_table``)."""

    key: str
    label: str
    help: str = ""
    show: Callable[[Any], object] | None = None
    align: Literal["left", "center", "right"] | None = None
    width: int | None = None
    phone: bool = False


PHONE_COLUMNS: Final = 3
"""Columns a phone shows of a table none of whose columns is marked ``phone``: the first."""

_PHONE_AGENT: Final = re.compile(r"Mobi|iPhone|iPod|Android.*Mobile|Windows Phone", re.I)
"""User-Agents of phones (MDN: "Mobi" for most; tablets say neither and get the wide page)."""


def on_phone() -> bool:
    """Whether this page is drawn for a phone: the request's User-Agent
    (``st.context.headers``) names one. ``False`` when there is no request (AppTest)."""
    try:
        agent = st.context.headers.get("User-Agent") or ""
    except (AttributeError, RuntimeError):
        return False
    return bool(_PHONE_AGENT.search(agent))


def phone_columns(columns: Sequence[Col]) -> tuple[Col, ...]:
    """The columns a phone shows first: those marked ``phone``, else the first few."""
    marked = tuple(c for c in columns if c.phone)
    return marked or tuple(columns[:PHONE_COLUMNS])


SUPPLY_COLUMNS: tuple[Col, ...] = tuple(
    Col(c, COMMODITY_NAMES[c], "supply points") for c in COMMODITIES
)
"""Ammunition, Fuel, Stores, Water in log-sheet order."""


def cell(value: object) -> object:
    """A row value as shown: CP fractions as players write them, ``None`` as blank."""
    if isinstance(value, Fraction):
        return format_cp(value)
    if value is None:
        return ""
    return value


def _as_text(values: Sequence[object]) -> bool:
    """True for a column shown as right-aligned text: CP fractions, or numbers mixed with words."""
    return any(isinstance(v, Fraction) for v in values) or (
        any(isinstance(v, int) for v in values) and any(isinstance(v, str) for v in values)
    )


def frame(rows: Sequence[Row], columns: Sequence[Col]) -> pd.DataFrame:
    """The rows as a DataFrame with the columns' headings, values formatted for players.

    A column mixing numbers and words ("unlimited") or holding CP is all text.
    """
    data: dict[str, list[object]] = {}
    for col in columns:
        values = [row.get(col.key) for row in rows]
        shown = [(col.show or cell)(v) for v in values]
        data[col.label] = [str(v) for v in shown] if _as_text(values) else shown
    return pd.DataFrame(data, columns=[c.label for c in columns])


def show_table(
    rows: Sequence[Row], columns: Sequence[Col], *, empty: str = "None.", height: int | None = None
) -> None:
    """Render ``rows`` as a full-width table of ``columns`` (or ``empty`` when there are none).

    On a phone (``on_phone``) only the key columns (``phone_columns``) are shown, the whole
    table in an expander below ("All 9 columns"), scrolled within its own frame."""
    if not rows:
        st.caption(empty)
        return
    if on_phone():  # no set widths: the key columns share the screen
        first = tuple(replace(c, width=None) for c in phone_columns(columns))
        _dataframe(rows, first, height)
        if len(first) < len(columns):
            with st.expander(f"All {len(columns)} columns"):
                _dataframe(rows, columns, height)
        return
    _dataframe(rows, columns, height)


def _dataframe(rows: Sequence[Row], columns: Sequence[Col], height: int | None) -> None:
    """One ``st.dataframe`` of ``rows`` under ``columns``' headings, tooltips and alignment."""
    config: dict[str, Any] = {}
    for col in columns:
        if _as_text([row.get(col.key) for row in rows]):
            config[col.label] = st.column_config.TextColumn(
                col.label, help=col.help or None, alignment=col.align or "right", width=col.width
            )
        elif col.help or col.align or col.width:
            config[col.label] = st.column_config.Column(
                col.label, help=col.help or None, alignment=col.align, width=col.width
            )
    st.dataframe(
        frame(rows, columns),
        hide_index=True,
        width="stretch",
        height=height if height is not None else "auto",
        column_config=config,
    )
