"""The Combat page's display of a calculation, before any die is thrown: the headline
figures and exact odds of a barrage (11.32, 12.6, 12.44-12.46), of Anti-Armor fire (14.6, 14.41,
14.43, 14.45) and of a Close Assault or Probe (15.26, 15.79, 15.81, 15.82; the expected losses
of 15.83-15.87), then the working in tabs: figures, column shifts, CP (11.21-11.27) and
ammunition (chart 50.2).
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Any, Final

import streamlit as st

from dashboard.odds import exact, odds_chart
from dashboard.tables import Col, show_table
from dashboard.text import plain
from dashboard.views.combat_units import named_text, system_name, unit_name
from ledger.charts.figures import Figure
from ledger.combat.anti_armor import AntiArmorCalculation
from ledger.combat.assault_odds import CloseAssaultCalculation
from ledger.combat.assault_setup import MORALE_ROLLED, SideExpectation
from ledger.combat.barrage import BarrageCalculation
from ledger.combat.costs import AmmoCharge, CPCharge
from ledger.combat.forces import ColumnShift, Loss
from ledger.combat.prepared_combat import PreparedCombat
from ledger.model.state import GameState
from ledger.reports.tables import Row

BARRAGE_RESULTS: Final = {"P": "Pinned", "1": "1 TOE lost", "2": "2 TOE lost"}
STATUS_NAMES: Final = {"engaged": "Engaged", "contact": "Contact", "none": "neither"}

FIGURE_COLUMNS: Final = (
    Col("name", "Figure", width=300),
    Col("value", "Value", align="right"),
    Col("case", "Case"),
    Col("note", "How it was found", width=460),
)
SHIFT_COLUMNS: Final = (
    Col("reason", "Column shift", width=360),
    Col("columns", "Columns", "positive: towards the attacker; negative: towards the defender"),
    Col("case", "Case"),
)
CP_COLUMNS: Final = (
    Col("unit", "Unit", width=240),
    Col("hex", "Hex"),
    Col("cp", "CP", "Capability Points expended for this combat (11.21-11.27)"),
    Col("case", "Case"),
    Col("reason", "Why", width=300),
)
AMMO_COLUMNS: Final = (
    Col("unit", "Unit", width=240),
    Col("system", "Weapon system"),
    Col("points", "Ammunition Points", "chart 50.2 (played) per TOE point used"),
    Col("case", "Case"),
    Col("reason", "Why", width=300),
)
EXPECTED_COLUMNS: Final = (
    Col("side", "Side", width=220),
    Col("raw", "Raw points lost", "15.83c"),
    Col("toe", "TOE points lost", "15.83d"),
    Col("captured", "TOE points captured", "15.85, 15.86"),
    Col("dp", "Chance of 3 DP", "15.87"),
)


# --- showing the calculation --------------------------------------------------------------------
def figure_rows(state: GameState, figures: Iterable[Figure]) -> list[Row]:
    """Figures as table rows (Fractions as ``"7/36"``, units named)."""
    return [
        {
            "name": named_text(state, f.name),
            "value": exact(f.value)
            if isinstance(f.value, Fraction)
            else named_text(state, str(f.value)),
            "case": f.case,
            "note": named_text(state, f.note),
        }
        for f in figures
    ]


def shift_rows(shifts: Iterable[ColumnShift]) -> list[Row]:
    """Column shifts as table rows (signed: ``+1``, ``-2``)."""
    return [{"reason": s.reason, "columns": f"{s.columns:+d}", "case": s.case} for s in shifts]


def cp_rows(state: GameState, charges: Iterable[CPCharge]) -> list[Row]:
    """``CPCharge``s as rows, each unit named."""
    return [
        {
            "unit": unit_name(state, c.unit),
            "hex": c.hex,
            "cp": c.cp,
            "case": c.case,
            "reason": c.reason,
        }
        for c in charges
    ]


def ammo_rows(state: GameState, charges: Iterable[AmmoCharge]) -> list[Row]:
    """``AmmoCharge``s as rows, each unit and weapon system named."""
    return [
        {
            "unit": unit_name(state, c.unit),
            "system": system_name(state, c.system),
            "points": c.points,
            "case": c.case,
            "reason": c.reason,
        }
        for c in charges
    ]


def working(state: GameState, calc: Any) -> None:
    """Figures, column shifts, CP and ammunition of a calculation, in tabs."""
    tabs = st.tabs(["Figures", "Column shifts", "CP", "Ammunition"])
    with tabs[0]:
        show_table(figure_rows(state, calc.figures), FIGURE_COLUMNS)
    with tabs[1]:
        show_table(shift_rows(calc.shifts), SHIFT_COLUMNS, empty="No column shift.")
    with tabs[2]:
        show_table(cp_rows(state, calc.cp), CP_COLUMNS, empty="No CP: no fire is made.")
    with tabs[3]:
        show_table(ammo_rows(state, calc.ammunition), AMMO_COLUMNS, empty="No ammunition used.")


def show_barrage(state: GameState, calc: BarrageCalculation) -> None:
    """Actual Barrage Points, the 12.6 column and the target's (and trucks') odds."""
    metrics = st.columns(3)
    metrics[0].metric("Actual Barrage Points (11.32)", calc.actual_points)
    metrics[1].metric("Column of 12.6", calc.column or "no effect")
    metrics[2].metric("Target class (12.23)", calc.target.combat_class.capitalize())
    if calc.column is None:
        st.info(plain(f"No effect: {calc.no_effect_reason}"))
    charts = st.columns(2)
    with charts[0]:
        odds_chart(
            [(BARRAGE_RESULTS.get(r, r), p) for r, p in calc.distribution.items()],
            f"{unit_name(state, calc.target.unit)} (12.44, 12.45)",
            "Result",
        )
    if calc.truck_distribution is not None:
        with charts[1]:
            odds_chart(
                [(f"{r} TP" if r.isdigit() else r, p) for r, p in calc.truck_distribution.items()],
                "Trucks in the hex: second throw (12.46)",
                "Truck Points destroyed",
            )


def show_anti_armor(state: GameState, calc: AntiArmorCalculation) -> None:
    """The 14.6 column, the Damage Points and the TOE points lost as proposed, with odds."""
    actual = next((f.value for f in calc.figures if f.name == "Actual Anti-Armor points"), "")
    metrics = st.columns(3)
    metrics[0].metric("Actual Anti-Armor points (11.32)", str(actual))
    metrics[1].metric("Column of 14.6", calc.column)
    metrics[2].metric(
        "Damage Points the hex absorbs (14.45)", sum(a.points * a.per_point for a in calc.absorbing)
    )
    if calc.no_effect:
        st.info(plain(f"No effect: {calc.no_effect}"))
    charts = st.columns(2)
    with charts[0]:
        odds_chart(calc.damage_odds.items(), "Damage Points (14.41)", "Damage Points")
    with charts[1]:
        odds_chart(calc.toe_loss_odds.items(), "TOE points lost as proposed (14.43)", "TOE points")
    rows = [
        {"damage": o.damage, "p": exact(o.probability), "losses": loss_text(state, o.losses)}
        for o in calc.outcomes
    ]
    with st.expander("Proposed losses for each Damage result (14.43; the owner may choose others)"):
        show_table(
            rows,
            (
                Col("damage", "Damage Points"),
                Col("p", "Probability", align="right"),
                Col("losses", "Proposed losses", width=560),
            ),
        )


def loss_text(state: GameState, losses: Iterable[Loss]) -> str:
    """``"2 × M11/39 of I(M) Tank Bn, 1 × ..."`` (``"none"`` when nothing is lost)."""
    text = ", ".join(
        f"{x.points} × {system_name(state, x.system)} of {unit_name(state, x.unit)}"
        for x in losses
        if x.points
    )
    return text or "none"


def show_close_assault(state: GameState, calc: CloseAssaultCalculation) -> None:
    """The columns of 15.79, the marginal odds of each result and the expected losses."""
    metrics = st.columns(3)
    metrics[0].metric("Column of the Basic Assault Differential (15.26)", calc.basic_column)
    metrics[1].metric(
        "Final column of 15.79",
        "by the morale dice" if calc.column == MORALE_ROLLED else calc.column,
    )
    metrics[2].metric("Action", "Probe" if calc.action == "probe" else "Close Assault")
    if calc.no_assault:
        st.info(plain(f"No assault: {calc.no_assault}"))
    if len(calc.columns) > 1:
        odds_chart(calc.columns.items(), "Final column, over the 17.4 morale dice", "Column")
    rows = (
        (
            (calc.attacker_loss.items(), "Attacker loss (15.79)", "% of Raw points"),
            (calc.defender_loss.items(), "Defender loss (15.79)", "% of Raw points"),
        ),
        (
            (calc.retreat.items(), "Defender Retreat (15.82)", "Hexes"),
            (
                [(STATUS_NAMES.get(k, k), p) for k, p in calc.status.items()],
                "Engaged or Contact (15.81)",
                "Status",
            ),
        ),
    )
    for row in rows:
        for column, (odds, title, axis) in zip(st.columns(2), row, strict=True):
            with column:
                odds_chart(odds, title, axis)
    expected = [_expected_row("Attacker", calc.attacker_expected)]
    expected += [
        _expected_row(f"Defender, if it {how}", e) for how, e in calc.defender_expected.items()
    ]
    st.markdown("**Expected losses** (exact, over every outcome)")
    show_table(expected, EXPECTED_COLUMNS)


def _expected_row(side: str, e: SideExpectation) -> Row:
    def shown(x: Fraction) -> str:
        return exact(x) if x.denominator == 1 else f"{exact(x)} ≈ {float(x):.2f}"

    return {
        "side": side,
        "raw": shown(e.raw_lost),
        "toe": shown(e.toe_lost),
        "captured": shown(e.toe_captured),
        "dp": f"{exact(e.dp_chance)} ({float(e.dp_chance):.1%})",
    }


def show_calculation(state: GameState, prepared: PreparedCombat) -> None:
    """The calculation: its headline figures and odds, then the working in tabs."""
    calc = prepared.calculation
    if isinstance(calc, BarrageCalculation):
        show_barrage(state, calc)
    elif isinstance(calc, AntiArmorCalculation):
        show_anti_armor(state, calc)
    else:
        show_close_assault(state, calc)
    for note in prepared.notes:
        st.caption(plain(f"Note: {note}"))
    working(state, calc)
