"""Close Action (8.73): the printed cells, the decoded die-roll windows, the ratio column at every
boundary and what a result does to each side.

Source: the OCR'd Highway to the Reich charts (workplace reference rules/004), whose 8.73 cells
and die numbers are kept, line for line, in tests/fixtures/reference/rules/htr-8.73-cells.tsv.
Result row n is on line 10..16 for rows 1..7, then on line 18 + 2 (n - 8) for rows 8..15.
"""

from __future__ import annotations

import csv
import re
from fractions import Fraction
from pathlib import Path

import pytest

from ledger.charts.dice import FACES
from ledger.charts.engine import coverage_problems
from ledger.games.highway_to_the_reich.close_action import (
    CLOSE_ACTION_VALUES,
    RATIOS,
    CloseActionTable,
    Situation,
    close_action,
    decoded_table,
    parse_cell,
    printed_table,
    strength_ratio_column,
    windows_from_layout,
)
from ledger.games.highway_to_the_reich.rulings import DIE_ROLL_WINDOWS
from tests.conftest import REFERENCE

DECODINGS = DIE_ROLL_WINDOWS.options
ROOT = Path(__file__).resolve().parents[3]
DOC = ROOT / "docs" / "games" / "htr.md"
EXAMPLES = ROOT / "docs" / "examples" / "htr"
RULES = REFERENCE / "rules" / "htr-8.73-cells.tsv"  # the 8.73 cells, laid out as the OCR has them


@pytest.mark.parametrize(
    ("row", "value", "cell"),
    [
        (1, 1, "3/•"),  # line 10, first cell
        (1, 9, "1/•"),  # line 10, last cell
        (2, 9, "D/•"),  # line 11
        (3, 9, "D/D"),  # line 12
        (6, 9, "•/•"),  # line 15
        (7, 8, "D/D"),  # line 16: three D/D in a row
        (8, 9, "•/1"),  # line 18
        (10, 9, "•/2"),  # line 22
        (12, 8, "•/3"),  # line 26
        (12, 1, "•/•"),  # line 26
        (15, 1, "•/D"),  # line 32
        (15, 9, "•/3"),  # line 32
    ],
)
def test_printed_cells_match_the_source_lines(row: int, value: int, cell: str) -> None:
    data = printed_table()
    assert data["row"][row - 1]["cells"][value - 1] == cell


def test_fifteen_rows_of_nine_cells_with_their_source_lines() -> None:
    rows = printed_table()["row"]
    assert [r["line"] for r in rows] == [10, 11, 12, 13, 14, 15, 16, *range(18, 33, 2)]
    assert all(len(r["cells"]) == 9 for r in rows)
    # rows 3/4 and 14/15 are printed identically (kept as printed)
    assert rows[2]["cells"] == rows[3]["cells"]
    assert rows[13]["cells"] == rows[14]["cells"]


def _doc_table() -> list[list[str]]:
    """The decoded 8.73 table printed in docs/games/htr.md: one list of 15 cells per row
    (the row label, six ratio columns, nine Close Action Values)."""
    text = DOC.read_text(encoding="utf-8").split("### The decoded table", 1)[1]
    lines = [line for line in text.splitlines() if re.match(r"\| row \d", line)]
    return [[cell.strip() for cell in line.strip().strip("|").split("|")] for line in lines]


def _covers_each_roll_once(layout: list[dict[str, int]]) -> dict[str, int]:
    """Checked independently of the code: each ratio column shows 1..6 once each, 1 on top,
    on six consecutive rows; returns ratio -> the row of its roll 1."""
    first_rows = {}
    for ratio in RATIOS:
        placed = [
            (row, printed[ratio]) for row, printed in enumerate(layout, 1) if ratio in printed
        ]
        assert sorted(die for _, die in placed) == [1, 2, 3, 4, 5, 6], ratio
        first = placed[0][0]
        assert placed == [(first + n, n + 1) for n in range(6)], ratio
        first_rows[ratio] = first
    return first_rows


def test_the_decoded_table_in_the_doc_covers_rolls_1_to_6_once_per_ratio_column() -> None:
    """The doc shows the default decoding: every ratio column reads 1-6 once, on six
    consecutive rows, the windows staggered downwards, every printed row read; its cells are
    the data file's."""
    rows = _doc_table()
    assert [r[0] for r in rows] == [f"row {n}" for n in range(1, 16)]
    layout = [{r: int(d) for r, d in zip(RATIOS, row[1:7], strict=True) if d} for row in rows]
    first_rows = _covers_each_roll_once(layout)
    assert first_rows == dict(decoded_table().first_rows)
    assert all(printed for printed in layout)  # no printed row is left unread
    assert [row[7:] for row in rows] == [r["cells"] for r in printed_table()["row"]]


def test_the_example_csv_covers_rolls_1_to_6_once_per_ratio_column() -> None:
    with (EXAMPLES / "8.73-staggered.csv").open(encoding="utf-8") as handle:
        lines = list(csv.DictReader(handle))
    layout = [{r: int(line[r]) for r in RATIOS if line[r]} for line in lines]
    assert _covers_each_roll_once(layout) == dict(decoded_table().first_rows)


@pytest.mark.parametrize("decoding", DECODINGS)
def test_every_decoding_staggers_six_row_windows_inside_the_table(decoding: str) -> None:
    """Each option's windows lie inside rows 1-15 and move down as the odds improve (1-3 on
    top, 4-1 lowest); every Close Action Value's chart covers 1-6 once per ratio."""
    firsts = printed_table()["decoding"][decoding]["first_rows"]
    starts = [firsts[r] for r in RATIOS]
    assert starts == sorted(set(starts))  # strictly lower for better odds
    assert starts[0] >= 1 and starts[-1] + 5 == 15
    table = decoded_table(decoding)
    for value in CLOSE_ACTION_VALUES:
        assert coverage_problems(table.chart(value)) == []


def _source_numbers(line: int) -> list[int]:
    """The die numbers the OCR printed on one source line (whole-number fields only)."""
    text = RULES.read_text(encoding="utf-8").splitlines()[line - 1]
    return [int(field) for field in text.split("\t") if field.strip().isdigit()]


def _decoded_numbers(decoding: str, row: int) -> list[int]:
    """The die numbers a decoding prints beside a result row, 1-3 column first."""
    firsts = decoded_table(decoding).first_rows
    return [row - firsts[r] + 1 for r in RATIOS if 0 <= row - firsts[r] <= 5]


def test_the_default_decoding_reproduces_the_die_numbers_the_ocr_kept() -> None:
    """Ruling htr-8.73-die-roll-windows, the evidence: the OCR printed the die numbers one
    line below their row for rows 1-7 (row 1 shares line 10 with the die-roll label; row
    7's numbers are the cell-less line 17), then on the row's own line for rows 8 and 9
    (lines 18, 20). top-row-first gives exactly these; as-ocr-placed does not (row 8)."""
    number_lines = [11, 12, 13, 14, 15, 16, 17, 18, 20]
    for row, line in enumerate(number_lines, start=1):
        assert _decoded_numbers("top-row-first", row) == _source_numbers(line), (row, line)
    assert _source_numbers(18) == [6, 4, 2]
    assert _decoded_numbers("as-ocr-placed", 8) == [5, 3, 1]


def test_the_default_decoding_windows() -> None:
    """top-row-first: 1-3 rows 1-6, 1-2 3-8, 1-1 5-10, 2-1 7-12, 3-1 9-14, 4-1 10-15."""
    table = decoded_table()
    assert table.decoding == "top-row-first"
    assert dict(table.first_rows) == {"1-3": 1, "1-2": 3, "1-1": 5, "2-1": 7, "3-1": 9, "4-1": 10}
    # every printed row is read by some column
    read = {table.row_number(r, d) for r in RATIOS for d in FACES}
    assert read == set(range(1, 16))


def test_the_as_ocr_placed_decoding_never_reads_row_one() -> None:
    table = decoded_table("as-ocr-placed")
    assert table.row_number("1-3", 1) == 2  # the "1" printed on line 11 (row 2)
    assert table.row_number("1-2", 1) == 4  # line 13
    assert table.row_number("1-1", 1) == 6  # line 15
    assert 1 not in {table.row_number(r, d) for r in RATIOS for d in FACES}


def test_default_1_to_3_at_value_1_and_4_to_1_at_value_9() -> None:
    """1-3 at CAV 1 reads rows 1-6, all 3/• (the attacker loses 3 and is disrupted on every
    roll); 4-1 at CAV 9 reads rows 10-15: •/2 then •/3 on rows 11-15."""
    table = decoded_table()
    assert table.chart(1).distribution("1-3") == {"3/•": Fraction(1)}
    assert table.chart(9).distribution("4-1") == {"•/2": Fraction(1, 3), "•/3": Fraction(2, 3)}


@pytest.mark.parametrize(
    ("attack", "defense", "column", "clamped"),
    [
        (1, 4, "1-3", "low"),  # 0.25 below 1-3
        (1, 3, "1-3", ""),  # exactly
        (Fraction(49, 100), 1, "1-3", ""),  # just under 1-2
        (1, 2, "1-2", ""),
        (Fraction(99, 100), 1, "1-2", ""),
        (1, 1, "1-1", ""),
        (Fraction(199, 100), 1, "1-1", ""),
        (2, 1, "2-1", ""),
        (Fraction(299, 100), 1, "2-1", ""),
        (3, 1, "3-1", ""),
        (Fraction(399, 100), 1, "3-1", ""),
        (4, 1, "4-1", ""),
        (9, 1, "4-1", "high"),  # above 4-1
        (0, 5, "1-3", "low"),  # 0-any
        (5, 0, "4-1", "high"),  # any-0
    ],
)
def test_ratio_columns_round_down_and_clamp(
    attack: int, defense: int, column: str, clamped: str
) -> None:
    found = strength_ratio_column(attack, defense)
    assert (found.column, found.clamped) == (column, clamped)


def test_nearest_rounding_and_its_tie() -> None:
    # 5 to 2 = 2.5: halfway between 2-1 and 3-1, the tie goes down
    assert strength_ratio_column(5, 2, rounding="nearest").column == "2-1"
    # 11 to 4 = 2.75: nearest is 3-1, while the default rounds down to 2-1
    assert strength_ratio_column(11, 4, rounding="nearest").column == "3-1"
    assert strength_ratio_column(11, 4).column == "2-1"
    # 2 to 5 = 0.4: 1/3 is 0.067 away, 1/2 is 0.1 away
    assert strength_ratio_column(2, 5, rounding="nearest").column == "1-3"


def test_zero_against_zero_follows_the_ruling() -> None:
    assert strength_ratio_column(0, 0).column == "1-3"
    assert strength_ratio_column(0, 0, zero_against_zero="four-to-one").column == "4-1"
    with pytest.raises(ValueError, match="0 against 0"):
        strength_ratio_column(0, 0, zero_against_zero="refuse")
    with pytest.raises(ValueError, match="negative"):
        strength_ratio_column(-1, 3)


def test_a_2_to_1_attack_at_value_5_both_sides() -> None:
    """7 against 3 -> 2-1 (rows 7-12 by default), CAV 5 cells: row 7 D/•, 8 D/D, 9 •/•,
    10 •/D, 11 •/D, 12 •/1. Attacker disrupted on 1, 2 (1/3); defender disrupted on 2, 4, 5, 6
    (2/3), of which roll 6 also loses 1; attackers advance on 4, 5, 6 (1/2); on 2 the defender
    leaves but the disrupted attackers stay (1/6)."""
    action = close_action(strength_ratio_column(7, 3), 5, decoded_table())
    assert [line.row for line in action.lines] == [7, 8, 9, 10, 11, 12]
    assert [line.cell for line in action.lines] == ["D/•", "D/D", "•/•", "•/D", "•/D", "•/1"]
    assert action.attacker_odds == {
        "disrupted, stays in place": Fraction(1, 3),
        "no effect": Fraction(2, 3),
    }
    assert action.defender_odds == {
        "no effect": Fraction(1, 3),
        "disrupted, retreats 1 hex": Fraction(1, 2),
        "loses 1, disrupted, retreats 1 hex": Fraction(1, 6),
    }
    assert action.advance_odds["attackers occupy the hex"] == Fraction(1, 2)
    assert action.advance_odds["hex vacated, attackers disrupted: no advance"] == Fraction(1, 6)
    for odds in (action.cell_odds, action.attacker_odds, action.defender_odds, action.advance_odds):
        assert sum(odds.values()) == 1


def test_second_disruption_destroys_and_no_retreat_hex_eliminates() -> None:
    """3-1 at CAV 8 (rows 9-14): •/1, •/1, •/2, •/3, •/3, •/3 — every roll disrupts the
    defender. Already disrupted: destroyed on every roll. With no hex to retreat to: eliminated,
    with its losses."""
    column = strength_ratio_column(12, 4)
    table = decoded_table()
    destroyed = close_action(column, 8, table, Situation(defender_disrupted=True))
    assert destroyed.defender_odds == {"destroyed (second disruption)": Fraction(1)}
    trapped = close_action(column, 8, table, Situation(defender_can_retreat=False))
    assert trapped.defender_odds == {
        "loses 1, disrupted, eliminated (no hex to retreat to)": Fraction(1, 3),
        "loses 2, disrupted, eliminated (no hex to retreat to)": Fraction(1, 6),
        "loses 3, disrupted, eliminated (no hex to retreat to)": Fraction(1, 2),
    }
    # a disrupted attacker disrupted again (1-3 at CAV 1: 3/• on every roll) is destroyed
    attacker = close_action(strength_ratio_column(1, 3), 1, table, Situation(True))
    assert attacker.attacker_odds == {"destroyed (second disruption)": Fraction(1)}


def test_parse_cell_reads_both_sides() -> None:
    attacker, defender = parse_cell("2/•")
    assert (attacker.losses, attacker.disrupted, defender.disrupted) == (2, True, False)
    assert parse_cell("•/D")[1].disrupted
    with pytest.raises(ValueError, match=r"\(8\.73\)"):
        parse_cell("X/•")
    with pytest.raises(ValueError, match=r"\(8\.73\)"):
        parse_cell("3")


def test_windows_from_a_staggered_layout_and_its_errors() -> None:
    good = [{} for _ in range(15)]
    for ratio, first in {"1-3": 1, "1-2": 3, "1-1": 5, "2-1": 7, "3-1": 9, "4-1": 10}.items():
        for die in FACES:
            good[first + die - 2][ratio] = die
    assert windows_from_layout(good)["4-1"] == 10
    broken = [dict(r) for r in good]
    broken[0].pop("1-3")  # 1-3 loses its roll 1
    with pytest.raises(ValueError, match="ratio 1-3: die rolls"):
        windows_from_layout(broken)
    doubled = [dict(r) for r in good]
    doubled[1]["1-3"] = 1  # roll 1 printed twice, roll 2 missing
    with pytest.raises(ValueError, match=r"ratio 1-3: die rolls \[1, 1, 3, 4, 5, 6\]"):
        windows_from_layout(doubled)
    gapped = [dict(r) for r in good]
    gapped[3]["1-3"], gapped[4]["1-3"] = 5, 4  # 4 and 5 swapped: not in order
    with pytest.raises(ValueError, match="consecutive"):
        windows_from_layout(gapped)


def test_a_table_whose_window_runs_off_the_end_is_refused() -> None:
    rows = [("3/•",) * 9] * 15
    firsts = {"1-3": 1, "1-2": 3, "1-1": 5, "2-1": 7, "3-1": 9, "4-1": 11}
    with pytest.raises(ValueError, match="ratio 4-1: die rolls 1-6 on rows 11-16"):
        CloseActionTable(tuple(rows), firsts, "t", "t")
    with pytest.raises(ValueError, match="no die-roll decoding"):
        decoded_table("sideways")
