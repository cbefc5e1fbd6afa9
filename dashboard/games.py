"""What the other games' pages share (``views/combined_arms.py``, ...): run a calculation on the
request the page built, show its summary, working and exact odds, and the JSON both ways.

A page builds the same JSON request ``quartermaster calc <game> <calculation> INPUT.json``
takes (docs/games/), so a player can copy it to the command line, and the page shows exactly
what the CLI prints with ``--json``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, Final

import streamlit as st

from dashboard.odds import odds_chart
from dashboard.tables import Col, show_table
from dashboard.text import plain
from ledger.charts.ruling import Ruling
from ledger.io.combat_request import RequestError
from ledger.io.games import calculate

FIGURE_COLUMNS: Final = (
    Col("name", "Figure", width=300),
    Col("value", "Value", align="right"),
    Col("case", "Case"),
    Col("note", "How it was found", width=460),
)


def run_calculation(game_id: str, calculation: str, request: Mapping[str, Any]) -> dict[str, Any]:
    """The result JSON of ``calculation`` on ``request``, or ``{}`` after showing the request's
    problems as an error (each naming the field, the value found and the rule)."""
    try:
        return calculate(game_id, calculation, dict(request))
    except RequestError as exc:
        lines = []
        for error in exc.errors:
            case = f" ({error.case})" if error.case and error.case not in error.message else ""
            lines.append(f"**{plain(error.field)}**: {plain(error.message + case)}")
        st.error("\n\n".join(lines))
        return {}


def show_result(
    result: Mapping[str, Any], *, x_titles: Mapping[str, str] | None = None, key: str = ""
) -> None:
    """Show a calculation's result: the summary lines, the working (figures) as a table, one bar
    chart per exact distribution in ``odds`` (titled by ``x_titles`` where given; several in
    tabs, so a phone scrolls past one chart, not all) and the notes."""
    if not result:
        return
    for line in result.get("summary", []):
        st.markdown(f"**{plain(str(line))}**")
    figures = result.get("figures", [])
    if figures:
        show_table([dict(f) for f in figures], FIGURE_COLUMNS)
    charts = {name: odds for name, odds in result.get("odds", {}).items() if odds}
    # several distributions (both sides' results) sit in tabs: one chart high, on a phone too
    places = st.tabs([plain(str(name)) for name in charts]) if len(charts) > 1 else [st.container()]
    for place, (name, odds) in zip(places, charts.items(), strict=False):
        title = (x_titles or {}).get(name, "Result")
        with place:
            odds_chart(((r, Fraction(str(p))) for r, p in odds.items()), name, title)
    for note in result.get("notes", []):
        st.caption(plain(str(note)))


def show_json(
    game_id: str, calculation: str, request: Mapping[str, Any], result: Mapping[str, Any]
) -> None:
    """The request (to save and run with the CLI) and the result JSON, in an expander."""
    with st.expander("JSON: the request and the result (as the CLI takes and gives them)"):
        text = json.dumps(request, indent=2, ensure_ascii=False)
        st.caption(f"quartermaster calc {game_id} {calculation} request.json --json")
        st.code(text, language="json")
        st.download_button(
            "Download the request",
            text,
            file_name=f"{game_id}-{calculation}.json",
            mime="application/json",
            key=f"download_{game_id}_{calculation}",
        )
        if result:
            st.code(json.dumps(result, indent=2, ensure_ascii=False), language="json")


def page_header(title: str, caption: str, calculations: Mapping[str, str], key: str) -> str:
    """The page's title, caption and the calculation picker (``calculations``: CLI name →
    label); returns the chosen calculation's CLI name. The radio's widget key is
    ``<key>calculation``."""
    st.title(title)
    st.caption(caption)
    chosen: str = st.radio(
        "Calculation",
        list(calculations),
        key=f"{key}calculation",
        horizontal=True,
        format_func=lambda name: calculations[name],
    )
    return chosen


def ruling_choices(rulings: Sequence[Ruling], key: str, doc: str) -> dict[str, str]:
    """A selectbox per ruling (question and case, the default preselected) in an expander
    naming ``doc``; returns only the choices other than the defaults (the request's
    ``"rulings"``). Widget keys: ``<key>ruling_<ruling id>``."""
    chosen = {}
    with st.expander(f"Rulings ({doc})"):
        for ruling in rulings:
            option = st.selectbox(
                f"{ruling.id}: {ruling.question} ({ruling.case})",
                ruling.options,
                index=ruling.options.index(ruling.default),
                key=f"{key}ruling_{ruling.id}",
            )
            if option != ruling.default:
                chosen[ruling.id] = option
    return chosen
