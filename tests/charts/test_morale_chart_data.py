"""Chart 17.4 (Morale Modification Table) as bundled: coverage, the printed gap, printed cells."""

import csv
from fractions import Fraction

import pytest

from ledger.charts.dice import D66
from ledger.charts.engine import PRINTED_GAP, coverage_problems
from ledger.charts.loader import bundled_chart, bundled_chart_ids
from tests.conftest import REFERENCE

CHART_ID = "17.4-morale-modification"
REFERENCE_CSV = REFERENCE / "cna/charts/17.4-morale-modifier.csv"
KEYS = ("+8", "+7", "+6", "+5", "+4", "+3", "+2", "+1", "0", *(str(-n) for n in range(1, 18)))


def test_the_chart_is_bundled_with_its_case_source_and_dice() -> None:
    chart = bundled_chart(CHART_ID)
    assert CHART_ID in bundled_chart_ids()
    assert chart.case == "17.4"
    assert "17.4-morale-modifier.csv" in chart.source
    assert chart.dice is D66
    assert chart.keys == KEYS
    assert chart.row("+8").label == "+8 or better"
    assert chart.row("-17").label == "-17 or worse"


def test_every_bundled_dice_chart_loads_and_covers_its_dice() -> None:
    # Charts are data (DESIGN): each row covers every reading once, or declares a printed gap.
    ids = bundled_chart_ids()
    assert CHART_ID in ids
    assert "6.3-capability-point-costs" not in ids  # a CP cost table, not a dice chart
    for chart_id in ids:
        chart = bundled_chart(chart_id)
        assert chart.id == chart_id
        assert chart.case and chart.source
        assert coverage_problems(chart) == [], chart_id
        for key in chart.keys:
            assert sum(chart.distribution(key).values()) == 1


def test_every_row_covers_the_36_readings_once_except_the_declared_gap() -> None:
    chart = bundled_chart(CHART_ID)
    assert coverage_problems(chart) == []
    # Without the declarations the only hole is the printed one: row -4, reading 56.
    holes = coverage_problems(chart, subtract_declared_gaps=False)
    assert [(p.row, p.reading) for p in holes] == [("-4", 56)]
    assert [(g.row, g.readings, g.ruling) for g in chart.gaps] == [
        ("-4", (56,), "17.4-row-minus-4-gap")
    ]
    assert chart.lookup("-4", 56) == PRINTED_GAP
    assert chart.lookup("-4", 55) == "-2"
    assert chart.lookup("-4", 61) == "-3"


def test_cohesion_0_row_as_printed() -> None:
    chart = bundled_chart(CHART_ID)
    assert chart.lookup("0", 11) == "+1"
    assert {chart.lookup("0", r) for r in D66.readings if 12 <= r <= 65} == {"0"}
    assert chart.lookup("0", 66) == "-1"
    assert chart.distribution("0") == {
        "+1": Fraction(1, 36),
        "0": Fraction(34, 36),
        "-1": Fraction(1, 36),
    }


@pytest.mark.parametrize(
    ("row", "reading", "result"),
    [
        ("+8", 26, "+4"),
        ("+8", 31, "+3"),
        ("+8", 66, "+1"),
        ("+5", 66, "0"),
        ("+2", 63, "0"),  # 15.64 (d): the Commonwealth's 63 at +2, no adjustment
        ("-4", 43, "-2"),  # 15.64 (c): the Axis 43 at -4, a -2 adjustment
        ("-4", 42, "-2"),  # 17.22 example
        ("-6", 64, "-4"),
        ("-7", 64, "surrender"),
        ("-9", 56, "surrender"),
        ("-16", 21, "-4"),
        ("-17", 11, "surrender"),
    ],
)
def test_cells_spot_checked_against_the_printed_chart(row: str, reading: int, result: str) -> None:
    assert bundled_chart(CHART_ID).lookup(row, reading) == result


def test_results_never_improve_as_the_reading_rises() -> None:
    # Every printed row runs from better to worse; this is what bounds the gap's options.
    chart = bundled_chart(CHART_ID)
    for key in chart.keys:
        order = [
            chart.results.index(chart.lookup(key, r))
            for r in D66.readings
            if chart.lookup(key, r) != PRINTED_GAP
        ]
        assert order == sorted(order), key


def test_rows_serve_their_levels_with_open_ends_at_plus_8_and_minus_17() -> None:
    # 17.24: +8 or higher use the +8 row, -17 or worse the -17 row.
    chart = bundled_chart(CHART_ID)
    assert chart.row_for(10).key == "+8"
    assert chart.row_for(8).key == "+8"
    assert chart.row_for(7).key == "+7"
    assert chart.row_for(0).key == "0"
    assert chart.row_for(-17).key == "-17"
    assert chart.row_for(-40).key == "-17"


def test_every_cell_matches_the_reference_csv() -> None:
    chart = bundled_chart(CHART_ID)
    lines = [line for line in REFERENCE_CSV.read_text().splitlines() if not line.startswith("#")]
    columns = {
        "plus_4": "+4",
        "plus_3": "+3",
        "plus_2": "+2",
        "plus_1": "+1",
        "no_change": "0",
        "minus_1": "-1",
        "minus_2": "-2",
        "minus_3": "-3",
        "minus_4": "-4",
        "surrender": "surrender",
    }
    records = list(csv.DictReader(lines))
    assert len(records) == len(KEYS)
    for record, key in zip(records, KEYS, strict=True):
        cells = dict(chart.row(key).cells)
        for column, result in columns.items():
            if not record[column]:
                assert result not in cells, (key, result)
                continue
            low, high = (int(x) for x in record[column].split("-"))
            assert cells[result] == D66.between(low, high), (key, result)


def test_an_unknown_bundled_chart_is_refused_with_the_known_ids() -> None:
    with pytest.raises(KeyError, match=CHART_ID):
        bundled_chart("99.9-no-such-chart")
