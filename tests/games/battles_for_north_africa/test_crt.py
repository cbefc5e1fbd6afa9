"""The player's CRT CSV, the Mobile/Assault choice and odds rounding on the loaded columns.

The cells checked here are those of fictional-crt.csv (invented for the tests; the rules text
prints no CRT numbers): line 4 is the header, line 5 mobile roll 0, line 11 mobile roll 6,
line 12 assault roll 1, line 17 assault roll 6.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from ledger.charts.engine import coverage_problems
from ledger.charts.odds import OddsTooLow, odds_column
from ledger.games.battles_for_north_africa.crt import build_table, check_code, choose_table
from ledger.games.battles_for_north_africa.terrain import hex_terrain
from ledger.io.combat_request import RequestError
from ledger.io.games.battles_for_north_africa import load_crt, read_crt_csv

from .helpers import FIXTURE, ROOT, fictional_tables, unit

CLEAR = hex_terrain("clear")


def test_cells_as_written_in_the_fixture() -> None:
    tables = fictional_tables()
    mobile, assault = tables["mobile"], tables["assault"]
    assert mobile.columns == ("1-2", "1-1", "3-2", "2-1", "3-1", "4-1")
    assert mobile.rolls == (0, 1, 2, 3, 4, 5, 6)
    assert mobile.chart.lookup("1-2", 0) == "DR2"  # line 5
    assert mobile.chart.lookup("4-1", 0) == "DE"  # line 5
    assert mobile.chart.lookup("3-2", 6) == "A2"  # line 11
    # The assault table leaves the 1-2 column empty in every row: it does not print it.
    assert assault.columns == ("1-1", "3-2", "2-1", "3-1", "4-1")
    assert assault.chart.lookup("4-1", 1) == "DE"  # line 12
    assert assault.chart.lookup("4-1", 6) == "NE"  # line 17


def test_every_column_covers_every_die_roll_once() -> None:
    for table in fictional_tables().values():
        assert coverage_problems(table.chart) == []


def test_every_distribution_sums_to_one() -> None:
    for table in fictional_tables().values():
        for column in table.columns:
            for drm in range(-8, 9):
                odds = table.result_odds(column, drm)
                assert sum(odds.values()) == 1, (table.name, column, drm)
                assert sum(table.final_rolls(drm).values()) == 1


def test_final_roll_clamped_to_the_table_ends() -> None:
    # Using The Dice Roll ¶1. Mobile rows 0..6, drm -3: d6-3 = -2,-1,0,1,2,3; -2 and -1 read
    # on row 0 -> row 0 is 3/6. Column 2-1: 0 D1, 1 DR3, 2 DR2, 3 DR2 -> D1 1/2, DR3 1/6,
    # DR2 1/3.
    mobile = fictional_tables()["mobile"]
    assert mobile.final_rolls(-3) == {
        0: Fraction(1, 2), 1: Fraction(1, 6), 2: Fraction(1, 6), 3: Fraction(1, 6)
    }  # fmt: skip
    assert mobile.result_odds("2-1", -3) == {
        "DR2": Fraction(1, 3), "DR3": Fraction(1, 6), "D1": Fraction(1, 2)
    }  # fmt: skip
    # Assault rows 1..6, drm +2: d6+2 = 3..8, 7 and 8 read on row 6. Column 1-1: 3 E2, 4 A1,
    # 5 A2, 6 AE -> AE 3/6.
    assault = fictional_tables()["assault"]
    assert assault.result_odds("1-1", 2) == {
        "E2": Fraction(1, 6), "A1": Fraction(1, 6), "A2": Fraction(1, 6), "AE": Fraction(1, 2)
    }  # fmt: skip


@pytest.mark.parametrize(
    ("attack", "defense", "column"),
    [
        (1, 2, "1-2"),
        (99, 100, "1-2"),
        (1, 1, "1-1"),
        (149, 100, "1-1"),
        (3, 2, "3-2"),
        (199, 100, "3-2"),
        (2, 1, "2-1"),
        (299, 100, "2-1"),
        (3, 1, "3-1"),
        (399, 100, "3-1"),
        (4, 1, "4-1"),
        (29, 6, "4-1"),
        (10, 1, "4-1"),
    ],
)
def test_odds_round_down_at_every_boundary_of_the_mobile_table(
    attack: int, defense: int, column: str
) -> None:
    # Combat Phase ¶4: rounded in the defender's favour to a printed column.
    columns = fictional_tables()["mobile"].columns
    assert odds_column(attack, defense, columns).column == column


def test_odds_below_the_first_column() -> None:
    columns = fictional_tables()["mobile"].columns
    low = odds_column(49, 100, columns, below="lowest")
    assert (low.column, low.clamped) == ("1-2", "low")
    with pytest.raises(OddsTooLow, match="below the table's first column 1-2"):
        odds_column(49, 100, columns, below="refuse")


def _choose(attackers, defenders, ratio, **kw):  # type: ignore[no-untyped-def]
    return choose_table(
        attackers,
        defenders,
        target=kw.pop("target", CLEAR),
        fortification=kw.pop("fortification", 0),
        ratio=ratio,
        **kw,
    )


def test_mobile_when_armor_defends_assault_otherwise() -> None:
    # Combat Phase ¶5.
    inf = [unit("a", "infantry", af=4)]
    assert _choose(inf, [unit("7 RTR", "armor", df=4)], Fraction(1)).table == "mobile"
    assert _choose(inf, [unit("Tiger", "heavy-armor", df=9)], Fraction(1)).table == "mobile"
    # An armor car is armored but not of the armor type: Assault.
    assert _choose(inf, [unit("11 H", "armor-car", df=2)], Fraction(1)).table == "assault"


def test_assault_may_be_chosen_by_armor_at_three_to_two() -> None:
    tanks = [unit("II/5", "armor", af=6)]
    defenders = [unit("7 RTR", "armor", df=4)]
    assert not _choose(tanks, defenders, Fraction(149, 100)).may_choose_assault
    choice = _choose(tanks, defenders, Fraction(3, 2), requested="assault")
    assert (choice.table, choice.printed, choice.may_choose_assault) == ("assault", "mobile", True)
    with pytest.raises(ValueError, match="must use the Mobile CRT"):
        _choose(tanks, defenders, Fraction(149, 100), requested="assault")


def test_mobile_barred_by_fortification_hills_mountains_and_tec_hexsides() -> None:
    tanks = [unit("II/5", "armor", af=6)]
    armor = [unit("7 RTR", "armor", df=4)]
    assert _choose(tanks, armor, Fraction(1), fortification=2).table == "assault"
    assert _choose(tanks, armor, Fraction(1), target=hex_terrain("hills")).table == "assault"
    across = [unit("I/361", "infantry", af=4, hexsides=("wadi",))]
    assert _choose(across, armor, Fraction(1)).table == "assault"
    mines = [unit("I/361", "infantry", af=4, hexsides=("minefield",))]
    assert _choose(mines, armor, Fraction(1)).table == "mobile"  # tec-hexsides (default)
    assert _choose(mines, armor, Fraction(1), all_hexsides=True).table == "assault"
    with pytest.raises(ValueError, match="must use the Assault CRT"):
        _choose(tanks, armor, Fraction(1), fortification=1, requested="mobile")


def test_result_codes_are_checked() -> None:
    assert check_code(" e2r ") == "E2R"
    assert check_code("D3") == "D3"
    with pytest.raises(ValueError, match="not a result code"):
        check_code("DR4")


def test_a_table_must_cover_die_rolls_one_to_six_without_holes() -> None:
    cells = {("1-1", r): "NE" for r in (1, 2, 3, 5, 6)}
    with pytest.raises(ValueError, match="skip a value"):
        build_table("mobile", ["1-1"], cells, "t")
    cells = {("1-1", r): "NE" for r in (1, 2, 3, 4, 5)}
    with pytest.raises(ValueError, match=r"must cover 1\.\.6"):
        build_table("mobile", ["1-1"], cells, "t")


def _errors(text: str) -> list[str]:
    with pytest.raises(RequestError) as caught:
        read_crt_csv(text, "my-crt.csv", "crt")
    return [f"{e.field}: {e.message}" for e in caught.value.errors]


def test_malformed_csv_names_file_row_and_column() -> None:
    text = FIXTURE.read_text().replace("mobile,3,A1,AR2", "mobile,3,A1,XX9")
    assert _errors(text) == [
        "crt: my-crt.csv row 8, column '1-1': 'XX9' is not a result code: AR2, DR2, DR3, AE, "
        "DE, A1..A9, D1..D9, E1, E2, E2R or NE (Combat Phase ¶7-¶14)"
    ]
    text = FIXTURE.read_text().replace("assault,4,,A1,", "assault,4,,,")
    assert _errors(text) == [
        "crt: my-crt.csv row 15, column '1-1': empty, but the assault CRT prints this column"
    ]
    assert _errors("table,roll,1-1,x\n") == [
        "crt: my-crt.csv row 1, column 'x': 'x' is not an odds column such as 3-2"
    ]
    assert _errors("table,roll,1-1\nmobile,one,NE\n") == [
        "crt: my-crt.csv row 2, column 'roll': expected a whole die roll, found 'one'"
    ]
    assert _errors("table,roll,1-1\nmobile,1\n") == [
        "crt: my-crt.csv row 2: expected 3 cells as in the header, found 2"
    ]
    assert _errors("table,roll,1-1\nmobile,1,NE\nmobile,1,NE\n") == [
        "crt: my-crt.csv row 3, column 'roll': the mobile CRT already has die roll 1 (row 2)"
    ]


def test_the_empty_template_says_it_has_no_results() -> None:
    text = (ROOT / "templates" / "games" / "bfna-crt.csv").read_text()
    (message,) = _errors(text)
    assert "no result cells" in message and "does not print them" in message


def test_a_missing_crt_file_is_named(tmp_path) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(RequestError) as caught:
        load_crt(tmp_path, "nowhere.csv", None)
    (error,) = caught.value.errors
    assert error.field == "crt" and "cannot read 'nowhere.csv'" in error.message
    assert load_crt(tmp_path, None, None) is None


def test_a_header_written_3_colon_2_is_the_3_2_column() -> None:
    # "3:2" is accepted as a ratio, so the column must be found as 3-2: 6 to 4 on the Mobile
    # CRT reads the fixture's 3-2 column (lines 6-11: DR2, DR2, E1, AR2, A1, A2 at drm 0).
    text = FIXTURE.read_text().replace(",3-2,", ",3:2,", 1)
    tables = read_crt_csv(text, "colon.csv", "crt")
    assert tables["mobile"].columns == ("1-2", "1-1", "3-2", "2-1", "3-1", "4-1")
    assert tables["mobile"].result_odds("3-2", 0)["DR2"] == Fraction(1, 3)
    assert _errors("table,roll,1-1,3-2,3:2\nmobile,1,NE,NE,NE\n") == [
        "crt: my-crt.csv row 1, column '3:2': the column 3-2 repeats"
    ]


def test_every_problem_of_a_csv_at_once() -> None:
    text = "table,roll,1-1,2-1\nmobile,1,NE,XX\nmobile,2,QQ,NE\nbattle,3,NE,NE\n"
    assert _errors(text) == [
        "crt: my-crt.csv row 2, column '2-1': 'XX' is not a result code: AR2, DR2, DR3, AE, DE, "
        "A1..A9, D1..D9, E1, E2, E2R or NE (Combat Phase ¶7-¶14)",
        "crt: my-crt.csv row 3, column '1-1': 'QQ' is not a result code: AR2, DR2, DR3, AE, DE, "
        "A1..A9, D1..D9, E1, E2, E2R or NE (Combat Phase ¶7-¶14)",
        "crt: my-crt.csv row 4, column 'table': expected mobile or assault, found 'battle'",
    ]
