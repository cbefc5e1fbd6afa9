"""Exact odds on the pages: fractions as players check them and bar charts labelled with them.

Shared by the Combat page and the other games' pages; nothing here computes a rule.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Final

import altair as alt
import pandas as pd
import streamlit as st

from dashboard.text import plain

LABEL_CHARS: Final = 7
"""Longer fractions are listed under the chart; the bars then show percentages."""


def exact(p: Fraction | int | str) -> str:
    """A probability or count as players check it: ``"7/36"``, ``"1"``."""
    p = Fraction(p)
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"


def odds_frame(odds: Iterable[tuple[object, Fraction]]) -> pd.DataFrame:
    """Exact odds as chart data: result, probability, the fraction as text and a percentage."""
    return pd.DataFrame(
        [
            {
                "Result": str(r),
                "Probability": float(p),
                "Exact": exact(p),
                "Percent": f"{float(p):.1%}",
            }
            for r, p in odds
        ],
        columns=["Result", "Probability", "Exact", "Percent"],
    )


def odds_chart(odds: Iterable[tuple[object, Fraction]], title: str, x_title: str) -> None:
    """A bar chart of exact odds, each bar labelled with its fraction (``"7/36"``)."""
    data = odds_frame(odds)
    if data.empty:
        return
    base = alt.Chart(data, title=title).encode(
        x=alt.X(
            "Result:N",
            sort=list(data["Result"]),
            title=x_title,
            # long results ("loses 1, disrupted, retreats 1 hex") break into lines at commas
            axis=alt.Axis(labelAngle=0, labelExpr="split(datum.label, ', ')"),
        ),
        y=alt.Y(
            "Probability:Q", title=None, axis=alt.Axis(format="%"), scale=alt.Scale(domain=[0, 1])
        ),
        tooltip=["Result", "Exact", "Percent"],
    )
    bars = base.mark_bar(color="#4c78a8")
    short = all(len(text) <= LABEL_CHARS for text in data["Exact"])
    labels = base.mark_text(dy=-4, baseline="bottom").encode(
        text="Exact:N" if short else "Percent:N"
    )
    st.altair_chart((bars + labels).properties(height=220), width="stretch")
    if not short:
        st.caption(
            plain(
                "Exact: "
                + "; ".join(f"{r}: {e}" for r, e in zip(data["Result"], data["Exact"], strict=True))
            )
        )
