"""The six Combat Results Tables 13.21-13.33 as chart data, the odds column and the Hard/Soft
choice.

Cells are checked against the rules text ../shared/rules/001_3fa341c0008ea194.txt (line numbers
below); each chart row is a printed odds column and must cover die rolls 1-6 exactly once.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from ledger.charts.engine import coverage_problems
from ledger.charts.loader import ChartFileError, package_chart, package_chart_ids, parse_chart
from ledger.charts.odds import OddsTooLow
from ledger.games.combined_arms import PACKAGE
from ledger.games.combined_arms.crt import (
    CRT_CASES,
    ODDS_COLUMNS,
    combat_odds,
    crt,
    crt_id,
    table_category,
)
from ledger.games.combined_arms.units import PrintedStrength

ALL_CRTS = sorted(CRT_CASES)


def test_there_are_six_crts_and_the_removal_chart() -> None:
    assert package_chart_ids(PACKAGE) == (
        "13.21-hard-clear",
        "13.22-hard-rough-1",
        "13.23-hard-rough-2",
        "13.31-soft-clear",
        "13.32-soft-rough-1",
        "13.33-soft-rough-2",
        "9.12-disruption-removal",
    )


@pytest.mark.parametrize(("category", "terrain"), ALL_CRTS)
def test_every_column_covers_every_die_roll_once(category: str, terrain: str) -> None:
    chart = crt(category, terrain)
    assert chart.keys == ODDS_COLUMNS
    assert coverage_problems(chart) == []
    assert coverage_problems(chart, subtract_declared_gaps=False) == []
    for column in chart.keys:
        assert sum(chart.distribution(column).values()) == 1


@pytest.mark.parametrize(
    ("category", "terrain", "column", "die", "result"),
    [
        # 13.21, line 832 (die 1): 3 D1 D2 D3 De ...; line 837 (die 6): dot 1 3 D1 D2 D3 De ...
        ("hard", "clear", "1-1", 1, "3"),
        ("hard", "clear", "5-1", 1, "DE"),
        ("hard", "clear", "1-1", 6, "-"),
        ("hard", "clear", "6-1", 6, "D3"),
        # line 835 (die 4): 1 2 3 D2 ...; line 836 (die 5): 1 2 3 D1 ...: 4-1 is not monotone
        ("hard", "clear", "4-1", 4, "D2"),
        ("hard", "clear", "4-1", 5, "D1"),
        # 13.22, line 843 (die 1): 2 3 D1 D2 D3 D3 D3 D3 De De; line 848: dot dot 2 2 3 D1 ...
        ("hard", "rough-1", "9-1", 1, "DE"),
        ("hard", "rough-1", "2-1", 6, "-"),
        ("hard", "rough-1", "10-1", 6, "D2"),
        # 13.23, line 859 (die 6): five dots, then 1 2 2 2 3
        ("hard", "rough-2", "5-1", 6, "-"),
        ("hard", "rough-2", "6-1", 6, "1"),
        ("hard", "rough-2", "8-1", 1, "DE"),
        # 13.31, line 869 (die 1): 2 3 3 3 D2 D3 ...; line 874 (die 6): dot dot 1 1 3 D1 ...
        ("soft", "clear", "5-1", 1, "D2"),
        ("soft", "clear", "5-1", 6, "3"),
        ("soft", "clear", "10-1", 6, "D1"),
        # 13.32, line 884 (die 5): dot 1 1 1 3 3 3 3 D2 D2
        ("soft", "rough-1", "8-1", 5, "3"),
        ("soft", "rough-1", "9-1", 5, "D2"),
        # 13.33, line 891 (die 1): 1 2 2 2 3 3 3 3 3 3; line 896: five dots then 1 2 2 2 2
        ("soft", "rough-2", "1-1", 1, "1"),
        ("soft", "rough-2", "10-1", 6, "2"),
        ("soft", "rough-2", "5-1", 6, "-"),
    ],
)
def test_cells_match_the_printed_tables(
    category: str, terrain: str, column: str, die: int, result: str
) -> None:
    assert crt(category, terrain).lookup(column, die) == result


def test_a_whole_column_exactly() -> None:
    # 13.21 column 1-1, lines 832-837: 3, 2, 2, 1, 1, dot.
    assert crt("hard", "clear").distribution("1-1") == {
        "-": Fraction(1, 6),
        "1": Fraction(1, 3),
        "2": Fraction(1, 3),
        "3": Fraction(1, 6),
    }
    # 13.31 column 9-1, lines 869-874: D3 D3 D3 D2 D2 D1.
    assert crt("soft", "clear").distribution("9-1") == {
        "D1": Fraction(1, 6),
        "D2": Fraction(1, 3),
        "D3": Fraction(1, 2),
    }


@pytest.mark.parametrize("n", range(2, 11))
def test_odds_round_down_at_every_column_boundary(n: int) -> None:
    # Against 6: 6n - 1 is just short of n-1 and reads the column below; 6n is exactly n-1.
    assert combat_odds(6 * n - 1, 6).column == f"{n - 1}-1"
    assert combat_odds(6 * n, 6).column == f"{n}-1"


def test_the_8_3_example_and_the_table_ends() -> None:
    assert combat_odds(16, 6).column == "2-1"  # 8.3: 16 to 6 rounds to 2-1
    assert combat_odds(6, 6).column == "1-1"
    high = combat_odds(61, 6)
    assert (high.column, high.clamped) == ("10-1", "high")  # 9.0: above 10-1 reads 10-1
    assert combat_odds(Fraction(13, 2), 6).column == "1-1"  # exact, no rounding up
    with pytest.raises(OddsTooLow, match=r"below the table's first column 1-1.*\(9\.0\)"):
        combat_odds(5, 6)  # 9.0: below 1-1 not allowed


def test_bracketed_attack_strengths_read_the_hard_tables() -> None:
    bracketed, plain = PrintedStrength(4, True), PrintedStrength(8)
    assert table_category([bracketed, bracketed])[0] == "hard"
    assert table_category([plain])[0] == "soft"
    assert table_category([bracketed, plain])[0] == "hard"  # ruling default hard-if-any
    mixed = {"13.2-mixed-brackets": "soft-if-any"}
    assert table_category([bracketed, plain], mixed)[0] == "soft"
    with pytest.raises(ValueError, match="mix bracketed"):
        table_category([bracketed, plain], {"13.2-mixed-brackets": "refuse"})


def test_an_unknown_table_or_a_broken_file_is_named() -> None:
    with pytest.raises(KeyError, match="no Combat Results Table"):
        crt_id("hard", "swamp")
    with pytest.raises(KeyError, match=r"no chart '13\.24-hard-swamp'"):
        package_chart(PACKAGE, "13.24-hard-swamp")
    from importlib import resources

    text = resources.files(PACKAGE).joinpath("data", "13.21-hard-clear.toml").read_text()
    broken = text.replace('"D1" = "5-6"', '"D4" = "5-6"', 1)
    with pytest.raises(ChartFileError, match=r"row 4 cells: 'D4' is not in \[chart\].results"):
        parse_chart(broken, "13.21-hard-clear.toml")


# One full column per table and the die-1 and die-6 rows, re-transcribed from the rules text
# (die 1 to 6 down the column; printed "De" is DE and the printed dot is "-").
FULL_COLUMNS = [
    ("hard", "clear", "3-1", ["D2", "D1", "D1", "3", "3", "3"]),  # 13.21, lines 832-837
    ("hard", "rough-1", "5-1", ["D3", "D2", "D1", "D1", "3", "3"]),  # 13.22, lines 843-848
    ("hard", "rough-2", "2-1", ["2", "1", "1", "1", "-", "-"]),  # 13.23, lines 854-859
    ("soft", "clear", "5-1", ["D2", "D2", "D1", "3", "3", "3"]),  # 13.31, lines 869-874
    ("soft", "rough-1", "8-1", ["D3", "D2", "D1", "D1", "3", "3"]),  # 13.32, lines 880-885
    ("soft", "rough-2", "4-1", ["2", "1", "1", "1", "1", "-"]),  # 13.33, lines 891-896
]


@pytest.mark.parametrize(("category", "terrain", "column", "cells"), FULL_COLUMNS)
def test_one_full_column_of_each_table(
    category: str, terrain: str, column: str, cells: list[str]
) -> None:
    chart = crt(category, terrain)
    assert [chart.lookup(column, die) for die in range(1, 7)] == cells


FULL_ROWS = [
    # (table, die, results across 1-1 ... 10-1, line)
    ("hard", "clear", 1, "3 D1 D2 D3 DE DE DE DE DE DE"),  # line 832
    ("hard", "clear", 6, "- 1 3 D1 D2 D3 DE DE DE DE"),  # line 837
    ("hard", "rough-1", 1, "2 3 D1 D2 D3 D3 D3 D3 DE DE"),  # line 843
    ("hard", "rough-1", 6, "- - 2 2 3 D1 D1 D1 D2 D2"),  # line 848
    ("hard", "rough-2", 1, "1 2 2 2 3 3 3 DE DE DE"),  # line 854
    ("hard", "rough-2", 6, "- - - - - 1 2 2 2 3"),  # line 859
    ("soft", "clear", 1, "2 3 3 3 D2 D3 D3 D3 D3 D3"),  # line 869
    ("soft", "clear", 6, "- - 1 1 3 D1 D1 D1 D1 D1"),  # line 874
    ("soft", "rough-1", 1, "2 3 3 3 D1 D2 D2 D3 D3 D3"),  # line 880
    ("soft", "rough-1", 6, "- - 1 1 2 3 3 3 D1 D1"),  # line 885
    ("soft", "rough-2", 1, "1 2 2 2 3 3 3 3 3 3"),  # line 891
    ("soft", "rough-2", 6, "- - - - - 1 2 2 2 2"),  # line 896
]


@pytest.mark.parametrize(("category", "terrain", "die", "row"), FULL_ROWS)
def test_the_first_and_last_die_rows_of_each_table(
    category: str, terrain: str, die: int, row: str
) -> None:
    chart = crt(category, terrain)
    assert [chart.lookup(column, die) for column in ODDS_COLUMNS] == row.split()


@pytest.mark.parametrize(
    ("attack", "defense", "column", "clamped"),
    [
        (60, 6, "10-1", ""),  # exactly 10-1: read, not clamped
        (66, 6, "10-1", "high"),  # 11-1 reads 10-1 (9.0)
        (1000, 1, "10-1", "high"),
        (Fraction(119, 2), 6, "9-1", ""),  # 59.5 to 6 = 9.92, rounds down
        (1, 1, "1-1", ""),  # the lowest column exactly
    ],
)
def test_odds_at_both_ends_of_the_table(
    attack: int | Fraction, defense: int, column: str, clamped: str
) -> None:
    found = combat_odds(attack, defense)
    assert (found.column, found.clamped) == (column, clamped)


def test_just_under_one_to_one_is_refused() -> None:
    # 9.0: below 1-1 not allowed, however close: 11 to 12 and 0 to 1.
    for attack, defense in ((11, 12), (0, 1)):
        with pytest.raises(OddsTooLow, match=r"\(9\.0\)"):
            combat_odds(attack, defense)
