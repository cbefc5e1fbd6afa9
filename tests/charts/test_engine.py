"""The chart engine on small hand-made charts: lookups, exact odds, gaps, shifts, coverage."""

from fractions import Fraction

import pytest

from ledger.charts.dice import D6, D66
from ledger.charts.engine import (
    PRINTED_GAP,
    Chart,
    ChartCoverageError,
    ChartRow,
    CoverageProblem,
    PrintedGap,
    coverage_problems,
)
from ledger.charts.loader import ChartFileError, parse_cell, parse_chart


def _chart(**changes: object) -> Chart:
    """A one-die chart with three rows; row B leaves 6 as a declared printed gap."""
    fields: dict[str, object] = {
        "id": "test",
        "case": "0.0",
        "title": "Test chart",
        "source": "hand-made",
        "dice": D6,
        "row_key": "Level",
        "results": ("good", "fair", "bad"),
        "rows": (
            ChartRow("A", "A or better", (("good", (1, 2, 3)), ("fair", (4, 5, 6))), low=1),
            ChartRow("B", "B", (("good", (1,)), ("fair", (2, 3)), ("bad", (4, 5))), 0, 0),
            ChartRow("C", "C or worse", (("bad", (1, 2, 3, 4, 5, 6)),), high=-1),
        ),
        "gaps": (PrintedGap("B", (6,), ruling="test-gap"),),
    }
    fields.update(changes)
    return Chart(**fields)  # type: ignore[arg-type]


def test_lookup_finds_the_cell_covering_a_reading() -> None:
    chart = _chart()
    assert chart.lookup("A", 3) == "good"
    assert chart.lookup("A", 4) == "fair"
    assert chart.lookup("C", 6) == "bad"


def test_a_declared_gap_is_reported_as_the_printed_gap_result() -> None:
    assert _chart().lookup("B", 6) == PRINTED_GAP


def test_a_reading_the_dice_cannot_show_is_refused() -> None:
    with pytest.raises(ValueError, match="not a reading"):
        _chart().lookup("A", 7)


def test_distribution_is_exact_and_keeps_the_gap() -> None:
    chart = _chart()
    assert chart.distribution("A") == {"good": Fraction(1, 2), "fair": Fraction(1, 2)}
    odds = chart.distribution("B")
    assert odds == {
        "good": Fraction(1, 6),
        "fair": Fraction(1, 3),
        "bad": Fraction(1, 3),
        PRINTED_GAP: Fraction(1, 6),
    }
    assert list(odds) == ["good", "fair", "bad", PRINTED_GAP]
    for key in chart.keys:
        assert sum(chart.distribution(key).values()) == 1


def test_an_undeclared_hole_or_overlap_is_an_error_not_a_silent_drop() -> None:
    rows = (
        ChartRow("A", "A", (("good", (1, 2)), ("fair", (2, 3, 4, 5)))),
        ChartRow("B", "B", (("good", (1, 2, 3, 4, 5, 6)),)),
        ChartRow("C", "C", (("bad", (1, 2, 3, 4, 5, 6)),)),
    )
    chart = _chart(rows=rows, gaps=())
    with pytest.raises(ChartCoverageError, match="reading 2"):
        chart.lookup("A", 2)
    with pytest.raises(ChartCoverageError, match="no result"):
        chart.lookup("A", 6)
    with pytest.raises(ChartCoverageError):
        chart.distribution("A")
    assert coverage_problems(chart) == [
        CoverageProblem("A", 2, "covered 2 times (good, fair)"),
        CoverageProblem("A", 6, "covered by no result"),
    ]


def test_coverage_problems_subtract_declared_gaps_unless_asked_not_to() -> None:
    chart = _chart()
    assert coverage_problems(chart) == []
    assert coverage_problems(chart, subtract_declared_gaps=False) == [
        ("B", 6, "covered by no result")
    ]


def test_a_declared_gap_that_is_covered_is_a_problem() -> None:
    chart = _chart(gaps=(PrintedGap("A", (2,)),))
    assert coverage_problems(chart) == [
        CoverageProblem("A", 2, "declared a printed gap but covered by good"),
        CoverageProblem("B", 6, "covered by no result"),
    ]


def test_fill_gap_gives_the_gap_to_a_result_and_drops_the_declaration() -> None:
    filled = _chart().fill_gap("B", "bad")
    assert filled.lookup("B", 6) == "bad"
    assert filled.gaps == ()
    assert coverage_problems(filled, subtract_declared_gaps=False) == []
    assert filled.distribution("B")["bad"] == Fraction(1, 2)
    with pytest.raises(KeyError, match="no printed gap"):
        filled.fill_gap("B", "bad")
    with pytest.raises(ValueError, match="no result"):
        _chart().fill_gap("B", "awful")


def test_shift_moves_along_the_printed_order_and_flags_clamping() -> None:
    chart = _chart()
    shift = chart.shift("A", 1)
    assert (shift.row, shift.applied, shift.clamped) == ("B", 1, False)
    shift = chart.shift("B", 5)
    assert (shift.row, shift.applied, shift.clamped) == ("C", 1, True)
    shift = chart.shift("B", -3)
    assert (shift.row, shift.applied, shift.clamped) == ("A", -1, True)
    assert chart.shift("C", 0).row == "C"
    assert shift.requested == -3 and shift.start == "B"


def test_row_for_uses_the_rows_bounds_with_open_ends() -> None:
    chart = _chart()
    assert chart.row_for(9).key == "A"
    assert chart.row_for(0).key == "B"
    assert chart.row_for(-40).key == "C"
    unbounded = _chart(rows=(ChartRow("A", "A", (("good", (1, 2, 3, 4, 5, 6)),)),), gaps=())
    with pytest.raises(KeyError, match="no row"):
        unbounded.row_for(0)
    with pytest.raises(KeyError, match="no row 'Z'"):
        unbounded.row("Z")


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"results": ("good", "good", "bad")}, "distinct"),
        ({"results": ("good", PRINTED_GAP)}, "distinct"),
        ({"gaps": (PrintedGap("Z", (6,)),)}, "unknown row"),
        ({"gaps": (PrintedGap("B", (7,)),)}, "printed gap"),
        ({"dice": D66}, "are not"),
    ],
)
def test_a_chart_whose_parts_do_not_fit_is_refused(
    changes: dict[str, object], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        _chart(**changes)


def test_repeated_row_keys_and_unknown_results_are_refused() -> None:
    row = ChartRow("A", "A", (("good", (1, 2, 3, 4, 5, 6)),))
    with pytest.raises(ValueError, match="repeats"):
        _chart(rows=(row, row), gaps=())
    odd = ChartRow("A", "A", (("great", (1, 2, 3, 4, 5, 6)),))
    with pytest.raises(ValueError, match="unknown result"):
        _chart(rows=(odd,), gaps=())


GOOD_FILE = """
[chart]
id = "test"
case = "0.0"
title = "Test"
source = "hand-made"
dice = "d66"
row_key = "Level"
results = ["win", "lose"]

[[gap]]
row = "1"
readings = [66]
ruling = "test-gap"

[[row]]
key = "1"
low = 1
cells = { "lose" = "41-65", "win" = "11-36" }

[[row]]
key = "0"
label = "0 or worse"
high = 0
cells = { "win" = "11", "lose" = "12-66" }
"""


def test_a_chart_file_is_parsed_with_cells_in_result_order() -> None:
    chart = parse_chart(GOOD_FILE, "test.toml")
    assert chart.dice is D66
    assert chart.keys == ("1", "0")
    assert [r for r, _ in chart.row("1").cells] == ["win", "lose"]
    assert chart.row("1").label == "1"
    assert chart.row("0").label == "0 or worse"
    assert chart.lookup("1", 66) == PRINTED_GAP
    assert chart.gaps == (PrintedGap("1", (66,), ruling="test-gap"),)
    assert chart.distribution("0") == {"win": Fraction(1, 36), "lose": Fraction(35, 36)}


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('dice = "d66"', 'dice = "d100"', r"\[chart\]\.dice"),
        ('"win" = "11-36"', '"draw" = "11-36"', "not in"),
        ('"win" = "11-36"', '"win" = "11-37"', "cells.win"),
        ('"win" = "11-36"', '"win" = "eleven"', "cells.win"),
        ('"win" = "11-36"', '"win" = 11', "expected text"),
        ("low = 1", 'low = "one"', "low"),
        ('case = "0.0"', "case = 0", "case"),
        ("readings = [66]", 'readings = ["66"]', "readings"),
        ('results = ["win", "lose"]', "results = []", "results"),
        ("[[row]]", "[[rows]]", r"\[\[row\]\]"),
        ('title = "Test"', "title = ", "not valid TOML"),
    ],
)
def test_a_broken_chart_file_names_its_field(old: str, new: str, message: str) -> None:
    with pytest.raises(ChartFileError, match=message):
        parse_chart(GOOD_FILE.replace(old, new), "test.toml")


def test_a_chart_file_without_a_chart_table_is_refused() -> None:
    with pytest.raises(ChartFileError, match="'chart'"):
        parse_chart("x = 1", "empty.toml")


def test_cells_may_list_several_ranges() -> None:
    assert parse_cell("11-13, 21, 64-66", D66) == (11, 12, 13, 21, 64, 65, 66)
