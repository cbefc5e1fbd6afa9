"""The Battles for North Africa page through Streamlit's AppTest: it builds the CLI's JSON
request from its widgets and shows what the calculation returns.

Worked by hand. The page opens with II/5 Pz Regt (armor, AF 6) and I/104 Mot Inf (AF 3)
attacking 2 Rifle Bde (infantry, DF 4) and 7 RTR (armor, DF 5) in clear terrain: 9 to 9 = 1,
column 1-1; armor defends, so the Mobile CRT (Combat Phase ¶5); no drm. With the invented
example CRT, Mobile 1-1 (docs/examples/bfna/fictional-crt.csv) reads 1 DR2, 2 NE, 3 AR2, 4 A1,
5 AE, 6 AE: AE 1/3, the others 1/6 (shown in the table's result order).
"""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

PAGE = Path(__file__).resolve().parents[2] / "dashboard" / "views" / "battles_for_north_africa.py"


def _page() -> AppTest:
    at = AppTest.from_file(str(PAGE), default_timeout=60).run()
    assert not at.exception, at.exception
    return at


def _shown(at: AppTest) -> str:
    """Every Markdown, caption and error text on the page, Markdown escapes removed."""
    parts = [m.value for m in at.markdown] + [e.value for e in at.error]
    parts += [c.value for c in at.caption]
    return "\n".join(parts).replace("\\", "")


def test_combat_without_a_crt_shows_column_table_and_drm() -> None:
    at = _page()
    shown = _shown(at)
    assert "Mobile CRT, column 1-1 (odds 9 to 9 = 1), drm +0" in shown
    assert "No CRT loaded" in shown
    # Fortification 1: the infantry's DF doubles (8 + 5 = 13) and the Mobile CRT is barred:
    # Assault. 45 BF of fire support: -2 drm (Artillery Units ¶4); a stuka: -2 (Air Missions ¶5).
    at.selectbox(key="bfna_fortification").select(1).run()
    at.number_input(key="bfna_offensive_fire").set_value(45).run()
    at.number_input(key="bfna_stukas").set_value(1).run()
    shown = _shown(at)
    # 9 + 45 = 54 against 13: 54/13 = 4.15, read as 4-1 on the whole ratios.
    assert "Assault CRT, column 4-1 (odds 54 to 13 = 54/13 (4.15)), drm -4" in shown


def test_the_example_crt_gives_exact_odds() -> None:
    at = _page()
    at.selectbox(key="bfna_crt").select("fictional").run()
    shown = _shown(at)
    assert "Mobile CRT 1-1 results: DR2 1/6, AR2 1/6, A1 1/6, AE 1/3, NE 1/6" in shown
    assert not at.exception


def test_a_bad_choice_shows_the_field_and_the_rule() -> None:
    at = _page()
    at.selectbox(key="bfna_terrain").select("hills").run()
    at.selectbox(key="bfna_table").select("mobile").run()
    shown = _shown(at)
    assert "table" in shown and "must use the Assault CRT" in shown


def test_result_and_supply() -> None:
    at = _page()
    at.radio(key="bfna_calculation").set_value("result").run()
    # D2 (the default): 2 Rifle Bde (non-motorized) takes both steps and is removed; 7 RTR
    # retreats 2 (Combat Phase ¶10, ¶15).
    shown = _shown(at)
    assert "D2: the defenders lose 2 step(s); the rest fall back 2 hexes" in shown
    assert "defender 2 Rifle Bde: 2 step(s), removed" in shown
    assert "defender 7 RTR: retreats 2" in shown

    at.radio(key="bfna_calculation").set_value("supply").run()
    shown = _shown(at)
    assert "2 Rifle Bde: in supply, path 5 hex(es) to the road route to 12,2" in shown
    assert "11 Hussars: OUT OF SUPPLY" in shown
    at.selectbox(key="bfna_side").select("axis").run()
    assert "I/5 Pz Regt: in supply" in _shown(at)
    assert not at.exception


def test_every_problem_is_shown_at_once() -> None:
    # II/5 is armor, not heavy armor: it cannot be disabled (Unit Capabilities ¶11); an HQ
    # counter is 0-0-MP, so a DF of 3 is refused (Unit Capabilities ¶14). Both are shown.
    at = _page()
    at.multiselect(key="bfna_attacker_0_flags").set_value(["disabled"]).run()
    at.selectbox(key="bfna_defender_2_type").select("hq").run()
    at.number_input(key="bfna_defender_2_df").set_value(3).run()
    shown = _shown(at)
    assert "attackers[0]" in shown and "only heavy armor can be disabled" in shown
    assert "defenders[2]" in shown and "0-0-MP" in shown
