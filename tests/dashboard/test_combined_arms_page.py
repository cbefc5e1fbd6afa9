"""The Combined Arms page through Streamlit's AppTest: it builds the CLI's JSON request from
its widgets and shows the calculation's exact results.

Worked by hand: Scenario 1 (Mixed), a Russian tank ([4] Hard) at a German [5] tank in Clear:
4 to 5 is below 1-1 (9.0), refused; two Russian tanks: 8 to 5 = 1.6, 1-1 on 13.21 Hard Clear,
die 1 "3", 2-3 "2", 4-5 "1", 6 no effect: 3 at 1/6.
"""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

PAGE = Path(__file__).resolve().parents[2] / "dashboard" / "views" / "combined_arms.py"


def _page() -> AppTest:
    at = AppTest.from_file(str(PAGE), default_timeout=60).run()
    assert not at.exception, at.exception
    return at


def _shown(at: AppTest) -> str:
    """Every Markdown and error text on the page, Markdown escapes removed."""
    text = "\n".join(m.value for m in at.markdown) + "\n".join(e.value for e in at.error)
    return text.replace("\\", "")


def test_combat_with_presets_shows_the_table_column_and_exact_odds() -> None:
    at = _page()
    at.selectbox(key="combined_arms_defender").select("s1-bravo-tank").run()
    # One [4] tank against [5]: refused below 1-1, the error names the field and the case.
    assert "attackers" in _shown(at) and "9.0" in _shown(at)
    at.selectbox(key="combined_arms_attacker_0").select("s1-alpha-tank").run()
    at.selectbox(key="combined_arms_attacker_1").select("s1-alpha-tank").run()
    shown = _shown(at)
    assert "13.21 Hard, Clear, column 1-1 (8 to 5)" in shown
    assert "3 1/6" in shown and "2 1/3" in shown
    assert not at.exception


def test_typed_defender_and_terrain() -> None:
    at = _page()
    at.selectbox(key="combined_arms_defender").select("(typed strengths)").run()
    at.text_input(key="combined_arms_defense").input("2").run()
    at.selectbox(key="combined_arms_terrain").select("rough-2").run()
    # Tank Soft [10] against Soft 2 in Mixed Rough #2 (x3 = 6): 10 to 6, 1-1 on 13.23 (Hard).
    assert "13.23 Hard, Rough #2, column 1-1 (10 to 6)" in _shown(at)


def test_overrun_air_strike_disruption_and_units() -> None:
    at = _page()
    at.radio(key="combined_arms_calculation").set_value("overrun").run()
    at.selectbox(key="combined_arms_overrunner").select("s1-alpha-tank").run()
    at.selectbox(key="combined_arms_overrun_defender").select("s1-bravo-infantry").run()
    # Tank Soft [10] tripled in Clear = 30 against 6: 5-1 on 13.21.
    assert "Overrun: 13.21 Hard, Clear, column 5-1 (30 to 6)" in _shown(at)

    at.radio(key="combined_arms_calculation").set_value("air-strike").run()
    at.selectbox(key="combined_arms_air_defender").select("s1-bravo-infantry").run()
    # 30 against 6 in Clear: 5-1 on the Soft 13.31.
    assert "Air Strike: 13.31 Soft, Clear, column 5-1 (30 to 6)" in _shown(at)

    at.radio(key="combined_arms_calculation").set_value("disruption").run()
    at.selectbox(key="combined_arms_result").select("D2").run()
    # D1 + D2 = D3, removed on a 1 only: 1/6.
    assert "D3: removed on one roll with chance 1/6 (9.12)" in _shown(at)

    at.radio(key="combined_arms_calculation").set_value("units").run()
    at.selectbox(key="combined_arms_units_scenario").select(6).run()
    at.selectbox(key="combined_arms_units_side").select("bravo").run()
    assert "4 unit presets (side bravo, scenario 6)" in _shown(at)
    assert not at.exception


def test_an_adjusted_strength_typed_for_an_attacker() -> None:
    # Scenario 1 artillery given "[12]" (bracketed: Hard tables, 12.42) at German infantry 6 in
    # Mixed Clear: 12 to 6 = 2-1 on 13.21 Hard Clear.
    at = _page()
    at.selectbox(key="combined_arms_attacker_0").select("s1-alpha-artillery").run()
    at.selectbox(key="combined_arms_defender").select("s1-bravo-infantry").run()
    at.text_input(key="combined_arms_attacker_0_strength").input("[12]").run()
    assert "13.21 Hard, Clear, column 2-1 (12 to 6)" in _shown(at)
    assert not at.exception


def test_a_ruling_chosen_on_the_page_changes_the_result() -> None:
    # Scenario 4 (Mixed): artillery Soft 10 at German infantry 5, D1, in Rough #1 (x2).
    # halve-first (default): 5 halved up = 3, x2 = 6: 10 to 6 = 1-1 on 13.32.
    # halve-last: 5 x2 = 10, halved = 5: 10 to 5 = 2-1.
    at = _page()
    at.selectbox(key="combined_arms_scenario").select(4).run()
    at.selectbox(key="combined_arms_attacker_0").select("s4-alpha-artillery-30").run()
    at.selectbox(key="combined_arms_defender").select("s4-bravo-infantry").run()
    at.selectbox(key="combined_arms_disruption").select("D1").run()
    at.selectbox(key="combined_arms_terrain").select("rough-1").run()
    assert "13.32 Soft, Rough #1, column 1-1 (10 to 6)" in _shown(at)
    at.selectbox(key="combined_arms_ruling_9.12-halving-order").select("halve-last").run()
    assert "13.32 Soft, Rough #1, column 2-1 (10 to 5)" in _shown(at)
    assert not at.exception


def test_adjacent_infantry_overruns_without_terrain_cost() -> None:
    # Scenario 1 (Mixed): Russian infantry (Soft 8, doubled 16) through a typed Soft 2 defender
    # in Rough #2 (x3 = 6): 16 to 6 = 2-1 on 13.33. MP: Rough #2 5 + Clear exit 1 = 6, or 0 when
    # it began adjacent (5.39).
    at = _page()
    at.radio(key="combined_arms_calculation").set_value("overrun").run()
    at.selectbox(key="combined_arms_overrunner").select("s1-alpha-infantry").run()
    at.selectbox(key="combined_arms_overrun_defender").select("(typed strengths)").run()
    at.text_input(key="combined_arms_overrun_defense").input("2").run()
    at.selectbox(key="combined_arms_terrain").select("rough-2").run()
    shown = _shown(at)
    assert "Overrun: 13.33 Soft, Rough #2, column 2-1 (16 to 6)" in shown
    assert "s1-alpha-infantry: Overrun strength 16, 6 MP" in shown
    at.checkbox(key="combined_arms_adjacent").check().run()
    assert "s1-alpha-infantry: Overrun strength 16, 0 MP" in _shown(at)
    assert not at.exception
