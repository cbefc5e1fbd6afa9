"""Chart 15.79 (Close Assault Combat Results Table) as bundled: six charts, coverage, the printed
gap of the defender's +2 column, every printed cell against the reference CSV, 15.73's example."""

from __future__ import annotations

import csv
from fractions import Fraction

import pytest

from ledger.charts.dice import D66, TWO_D6_SUM
from ledger.charts.engine import PRINTED_GAP, CoverageProblem, coverage_problems
from ledger.charts.loader import bundled_chart, bundled_chart_ids
from ledger.model.rulings import RULINGS
from tests.conftest import REFERENCE

REFERENCE_CSV = REFERENCE / "cna/charts/15.79-close-assault-results.csv"
KEYS = (
    "<=-11", "-10..-8", "-7..-6", "-5..-4", "-3", "-2", "-1", "0", "+1", "+2", "+3", "+4",
    "+5..+6", "+7..+8", "+9..+10", "ov11-13", "ov14-16", "ov17+",
)  # fmt: skip
LOSSES = ("15.79-attacker-losses", "15.79-defender-losses")
SUMS = (
    "15.79-attacker-engaged",
    "15.79-attacker-captured",
    "15.79-defender-captured",
    "15.79-defender-retreat",
)


def reference() -> tuple[list[str], list[list[str]], list[list[str]]]:
    """The CSV's header and its two sections (loss rows, sum rows)."""
    lines = [line for line in REFERENCE_CSV.read_text().splitlines() if not line.startswith("#")]
    rows = list(csv.reader(lines))
    second = next(i for i, r in enumerate(rows) if i and r[0] == "side")
    return rows[0], rows[1:second], rows[second + 1 :]


@pytest.mark.parametrize("chart_id", LOSSES + SUMS)
def test_each_chart_is_bundled_with_the_printed_columns_in_order(chart_id: str) -> None:
    chart = bundled_chart(chart_id)
    assert chart_id in bundled_chart_ids()
    assert chart.case == "15.79"
    assert "15.79-close-assault-results.csv" in chart.source
    assert chart.row_key == "Adjusted Assault Differential"
    assert chart.keys == KEYS
    assert chart.keys == tuple(reference()[0][2:])  # exactly the CSV's column heads
    assert chart.dice is (D66 if chart_id in LOSSES else TWO_D6_SUM)


def test_every_column_covers_every_throw_once_but_the_declared_gap() -> None:
    for chart_id in LOSSES + SUMS:
        assert coverage_problems(bundled_chart(chart_id)) == [], chart_id
    assert coverage_problems(bundled_chart(LOSSES[0]), subtract_declared_gaps=False) == []
    # The printed gap: defender +2 has 10 % at 24-33 and 5 % at 41-52; 34, 35, 36 are empty.
    defender = bundled_chart(LOSSES[1])
    assert coverage_problems(defender, subtract_declared_gaps=False) == [
        CoverageProblem("+2", reading, "covered by no result") for reading in (34, 35, 36)
    ]
    assert [(g.row, g.readings, g.ruling) for g in defender.gaps] == [
        ("+2", (34, 35, 36), "15.79-defender-plus-2-gap")
    ]
    assert "15.79-defender-plus-2-gap" in {r.id for r in RULINGS}


def test_the_gap_reads_as_a_gap_until_a_ruling_fills_it() -> None:
    defender = bundled_chart(LOSSES[1])
    assert defender.lookup("+2", 35) == PRINTED_GAP
    assert defender.distribution("+2")[PRINTED_GAP] == Fraction(3, 36)
    filled = defender.fill_gap("+2", "10")
    assert filled.lookup("+2", 35) == "10"
    # 10 % now covers 24-26, 31-36: 3 + 6 = 9 readings.
    assert filled.distribution("+2")["10"] == Fraction(9, 36)
    assert coverage_problems(filled, subtract_declared_gaps=False) == []


def test_every_loss_cell_matches_the_reference_csv() -> None:
    header, loss_rows, _ = reference()
    for side, percent, *cells in loss_rows:
        chart = bundled_chart(f"15.79-{side}-losses")
        for key, cell in zip(header[2:], cells, strict=True):
            if not cell:
                continue
            low, high = (int(x) for x in cell.split("-"))
            if (side, percent, key) == ("attacker", "20", "-2"):
                assert (low, high) == (13, 18)  # printed "13-18": 17, 18 are not readings
                high = 16
            readings = [r for r in D66.readings if low <= r <= high]
            assert readings, (side, percent, key)
            assert {chart.lookup(key, r) for r in readings} == {percent}, (side, percent, key)


def test_every_sum_cell_matches_the_reference_csv() -> None:
    header, _, sum_rows = reference()
    charts = {
        ("attacker", "engaged"): ("15.79-attacker-engaged", "engaged"),
        ("attacker", "captured"): ("15.79-attacker-captured", "captured"),
        ("defender", "captured"): ("15.79-defender-captured", "captured"),
        ("defender", "retreat_1_hex"): ("15.79-defender-retreat", "1"),
        ("defender", "retreat_2_hexes"): ("15.79-defender-retreat", "2"),
        ("defender", "retreat_3_hexes"): ("15.79-defender-retreat", "3"),
    }
    for side, result, *cells in sum_rows:
        chart_id, expected = charts[(side, result)]
        chart = bundled_chart(chart_id)
        for key, cell in zip(header[2:], cells, strict=True):
            listed = {int(x) for x in cell.split()}
            for total in range(2, 13):
                found = chart.lookup(key, total)
                assert (found == expected) == (total in listed), (chart_id, key, total)


def test_rows_serve_the_differentials_with_open_ends() -> None:
    chart = bundled_chart(LOSSES[0])
    assert chart.row_for(-40).key == "<=-11"
    assert chart.row_for(-11).key == "<=-11"
    assert chart.row_for(-9).key == "-10..-8"
    assert chart.row_for(-4).key == "-5..-4"
    assert chart.row_for(0).key == "0"
    assert chart.row_for(6).key == "+5..+6"
    assert chart.row_for(10).key == "+9..+10"
    assert chart.row_for(12).key == "ov11-13"
    assert chart.row_for(16).key == "ov14-16"
    assert chart.row_for(99).key == "ov17+"


def test_15_73_example_on_the_plus_3_column() -> None:
    # a: the attacker throws 3 then 4, read 34: 5 % (attacker +3 has 5 % at 31-42).
    assert bundled_chart(LOSSES[0]).lookup("+3", 34) == "5"
    # b: added, 3 + 4 = 7: Engaged only on 8, 9, 10 or 12; a defender's 7 retreats one hex
    # (one-hex Retreats on 4, 5, 6, 7; two hexes on 11).
    engaged = bundled_chart("15.79-attacker-engaged")
    assert [t for t in range(2, 13) if engaged.lookup("+3", t) == "engaged"] == [8, 9, 10, 12]
    retreat = bundled_chart("15.79-defender-retreat")
    assert [retreat.lookup("+3", t) for t in range(2, 13)] == [
        "0", "0", "1", "1", "1", "1", "0", "0", "0", "2", "0",
    ]  # fmt: skip
    # c: no attacker Captured in this column; the defender is Captured on 2 or 3 only.
    assert bundled_chart("15.79-attacker-captured").distribution("+3") == {"none": 1}
    captured = bundled_chart("15.79-defender-captured")
    assert [t for t in range(2, 13) if captured.lookup("+3", t) == "captured"] == [2, 3]
    # d: a defender's 1 then 2 reads 12: 20 % (defender +3 has 20 % at 12-14).
    assert bundled_chart(LOSSES[1]).lookup("+3", 12) == "20"


def test_exact_odds_of_the_plus_3_column() -> None:
    # Attacker +3: 20 % at 11-12 (2), 15 % at 13-16 (4), 10 % at 21-26 (6), 5 % at 31-42 (8),
    # 0 % at 43-66 (16); 36 readings of 1/36.
    assert bundled_chart(LOSSES[0]).distribution("+3") == {
        "20": Fraction(2, 36),
        "15": Fraction(4, 36),
        "10": Fraction(6, 36),
        "5": Fraction(8, 36),
        "0": Fraction(16, 36),
    }
    # Engaged on sums 8, 9, 10, 12: 5 + 4 + 3 + 1 = 13 throws of 36.
    assert bundled_chart("15.79-attacker-engaged").distribution("+3")["engaged"] == Fraction(13, 36)
    for chart_id in LOSSES + SUMS:
        chart = bundled_chart(chart_id)
        for key in chart.keys:
            assert sum(chart.distribution(key).values()) == 1
