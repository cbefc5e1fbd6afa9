"""Morale in a Close Assault (15.61, 15.62, 17.22-17.25), for ``close_assault``: the final
column of chart 15.79 over the 17.4 throws still to come, the final column for the morale dice
thrown, and which side surrendered on its throw (17.25). Each side's morale is a ``SideMorale``
(``ledger.combat.assault_setup``).
"""

from __future__ import annotations

from fractions import Fraction

from ledger.charts.figures import Figure
from ledger.combat.assault_chart import loss_charts
from ledger.combat.assault_setup import AssaultSetup, Surrendered
from ledger.rules.morale import SURRENDER, AdjustedMorale


def final_column_odds(
    setup: AssaultSetup,
) -> tuple[dict[str, Fraction], dict[Surrendered, Fraction]]:
    """The odds of the final column of chart 15.79 over the 17.4 throws still to come (15.61,
    15.62, 17.22-17.25): ({column: exact probability}, in the chart's order; {who surrendered,
    ``"attacker"``, ``"defender"`` or ``"both"``: exact probability}), together summing to 1.
    When neither side's morale is still to be rolled, the one column the fixed shifts reach,
    at 1, and no surrender."""
    chart = loss_charts()[0]
    if setup.attacker_morale is None or setup.defender_morale is None:
        return {chart.shift(setup.base_row, setup.fixed_columns).row: Fraction(1)}, {}
    morale = setup.rulings.morale
    ours = setup.attacker_morale.odds(setup.attacker_three_times, morale)
    theirs = setup.defender_morale.odds(setup.defender_three_times, morale)
    columns: dict[str, Fraction] = {}
    surrender: dict[Surrendered, Fraction] = {}
    for am, pa in ours.items():
        for dm, pd in theirs.items():
            if isinstance(am, str) or isinstance(dm, str):
                kind = _surrender_kind(am, dm)
                surrender[kind] = surrender.get(kind, Fraction(0)) + pa * pd
                continue
            row = chart.shift(setup.base_row, setup.fixed_columns + am - dm).row
            columns[row] = columns.get(row, Fraction(0)) + pa * pd
    return {k: columns[k] for k in chart.keys if k in columns}, surrender


def _surrender_kind(am: AdjustedMorale, dm: AdjustedMorale) -> Surrendered:
    if am == SURRENDER and dm == SURRENDER:
        return "both"
    return "attacker" if am == SURRENDER else "defender"


def read_final_column(
    setup: AssaultSetup,
    attacker_reading: int | None,
    defender_reading: int | None,
    figures: list[Figure],
) -> tuple[str, Surrendered]:
    """The final column of chart 15.79 for the morale dice thrown (15.61, 15.62, 17.22):
    (column, ``""``), or (``""``, who surrendered) when a side's Adjusted Morale is a
    surrender (17.25). ``attacker_reading`` / ``defender_reading``: each side's 17.4 two-dice
    reading (11..66), needed only when that side's morale is still to be rolled. Appends the
    Adjusted Morales, the Final Adjusted Morale and the final column to ``figures``. Raises
    ``ValueError`` naming the field and the case for a missing or bad reading."""
    chart = loss_charts()[0]
    if setup.attacker_morale is None or setup.defender_morale is None:
        return chart.shift(setup.base_row, setup.fixed_columns).row, ""
    morale = setup.rulings.morale
    am = setup.attacker_morale.read(
        attacker_reading, setup.attacker_three_times, morale, "attacker"
    )
    dm = setup.defender_morale.read(
        defender_reading, setup.defender_three_times, morale, "defender"
    )
    figures.append(Figure("attacker Adjusted Morale", am, "17.22", f"reading {attacker_reading}"))
    figures.append(Figure("defender Adjusted Morale", dm, "17.22", f"reading {defender_reading}"))
    if isinstance(am, str) or isinstance(dm, str):
        return "", _surrender_kind(am, dm)
    shift = chart.shift(setup.base_row, setup.fixed_columns + am - dm)
    figures.append(Figure("Final Adjusted Morale", am - dm, "15.61, 15.62", f"{am} - {dm}"))
    note = f"{setup.base_row} {setup.fixed_columns + am - dm:+d} columns"
    if shift.clamped:
        note += f"; stopped at the end of the chart after {shift.applied:+d}"
    figures.append(Figure("final column", shift.row, "15.27, 15.72", note))
    return shift.row, ""
