"""Chart 12.6 (Artillery Barrage Table) as bundled: four charts (infantry, armor, gun, truck),
coverage of the 36 readings, printed cells and exact odds."""

import csv
from fractions import Fraction

import pytest

from ledger.charts.dice import D66
from ledger.charts.engine import coverage_problems
from ledger.charts.loader import bundled_chart, bundled_chart_ids
from tests.conftest import REFERENCE

REFERENCE_CSV = REFERENCE / "cna/charts/12.6-artillery-barrage.csv"
COLUMNS = ("1-2", "3-4", "5-6", "7-8", "9-10", "11-12", "13-14", "15-16", "17+")
RESULTS = {
    "infantry": ("no effect", "P", "1", "2"),
    "armor": ("no effect", "P", "1"),
    "gun": ("no effect", "1", "2"),
    "truck": ("no effect", "1", "2"),
}


@pytest.mark.parametrize("target", RESULTS)
def test_each_chart_is_bundled_with_its_case_dice_and_columns(target: str) -> None:
    chart = bundled_chart(f"12.6-barrage-{target}")
    assert chart.id in bundled_chart_ids()
    assert chart.case == "12.6"
    assert "12.6-artillery-barrage.csv" in chart.source
    assert chart.dice is D66
    assert chart.row_key == "Actual Barrage Points"
    assert chart.results == RESULTS[target]
    assert chart.keys == COLUMNS
    assert chart.gaps == ()


@pytest.mark.parametrize("target", RESULTS)
def test_every_column_covers_the_36_readings_exactly_once(target: str) -> None:
    chart = bundled_chart(f"12.6-barrage-{target}")
    # No declared gaps are subtracted: the printed chart has none.
    assert coverage_problems(chart, subtract_declared_gaps=False) == []
    for key in chart.keys:
        assert sum(chart.distribution(key).values()) == 1


def test_columns_serve_their_actual_points_with_an_open_end_at_17() -> None:
    chart = bundled_chart("12.6-barrage-infantry")
    assert chart.row_for(1).key == "1-2"
    assert chart.row_for(2).key == "1-2"
    assert chart.row_for(9).key == "9-10"
    assert chart.row_for(11).key == "11-12"
    assert chart.row_for(17).key == "17+"
    assert chart.row_for(60).key == "17+"
    with pytest.raises(KeyError):
        chart.row_for(0)  # 0 Actual points have no column (11.33)


@pytest.mark.parametrize(
    ("target", "column", "reading", "result"),
    [
        ("infantry", "1-2", 53, "no effect"),
        ("infantry", "1-2", 54, "P"),
        ("infantry", "5-6", 41, "no effect"),
        ("infantry", "5-6", 42, "P"),
        ("infantry", "5-6", 61, "P"),  # the Commonwealth's 61 of the combat example
        ("infantry", "5-6", 66, "1"),
        ("infantry", "13-14", 11, "P"),  # no "no effect" from 13 points up
        ("infantry", "17+", 56, "2"),
        ("armor", "7-8", 36, "no effect"),
        ("armor", "7-8", 25, "no effect"),  # the Axis 25 of the combat example
        ("armor", "7-8", 41, "P"),
        ("armor", "17+", 55, "1"),
        ("gun", "7-8", 41, "1"),
        ("gun", "11-12", 65, "2"),
        ("gun", "17+", 36, "1"),
        ("gun", "17+", 41, "2"),
        ("truck", "1-2", 66, "no effect"),
        ("truck", "7-8", 61, "1"),
        ("truck", "9-10", 63, "1"),
        ("truck", "9-10", 64, "2"),
        ("truck", "17+", 32, "no effect"),
    ],
)
def test_cells_spot_checked_against_the_printed_chart(
    target: str, column: str, reading: int, result: str
) -> None:
    assert bundled_chart(f"12.6-barrage-{target}").lookup(column, reading) == result


def test_exact_odds_of_some_columns() -> None:
    # Infantry 5-6: no effect 11-41 (6+6+6+1 = 19 readings), P 42-65 (5+6+5 = 16), 1 at 66.
    assert bundled_chart("12.6-barrage-infantry").distribution("5-6") == {
        "no effect": Fraction(19, 36),
        "P": Fraction(16, 36),
        "1": Fraction(1, 36),
    }
    # Armor 7-8: no effect 11-36 (18 readings), P 41-66 (18).
    assert bundled_chart("12.6-barrage-armor").distribution("7-8") == {
        "no effect": Fraction(1, 2),
        "P": Fraction(1, 2),
    }
    # Gun 17+: 1 at 11-36 (18), 2 at 41-66 (18); a Gun is never Pinned (12.44).
    assert bundled_chart("12.6-barrage-gun").distribution("17+") == {
        "1": Fraction(1, 2),
        "2": Fraction(1, 2),
    }
    # Truck 9-10: no effect 11-55 (4x6+5 = 29), 1 at 56-63 (1+3 = 4), 2 at 64-66 (3).
    assert bundled_chart("12.6-barrage-truck").distribution("9-10") == {
        "no effect": Fraction(29, 36),
        "1": Fraction(4, 36),
        "2": Fraction(3, 36),
    }


def test_gun_rows_have_no_pin() -> None:
    chart = bundled_chart("12.6-barrage-gun")
    assert all(r != "P" for key in chart.keys for r in chart.distribution(key))


def test_every_cell_matches_the_reference_csv() -> None:
    lines = [line for line in REFERENCE_CSV.read_text().splitlines() if not line.startswith("#")]
    names = {"no_effect": "no effect", "pinned": "P", "lose_1": "1", "lose_2": "2"}
    checked = 0
    for row in csv.DictReader(lines):
        chart = bundled_chart(f"12.6-barrage-{row['target_class']}")
        for column in COLUMNS:
            cell = row[column]
            expected = D66.between(*map(int, cell.split("-"))) if cell else ()
            found = dict(chart.row(column).cells).get(names[row["result"]], ())
            assert found == expected, (row["target_class"], row["result"], column)
            checked += 1
    assert checked == 13 * 9
