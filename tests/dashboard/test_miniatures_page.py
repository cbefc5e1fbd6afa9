"""The WW2 miniatures page (dashboard/views/miniatures.py) through Streamlit's AppTest.

Values worked by hand (rules text 002; the charts are fictional, the text omits them):
- command test (2.1): fictional Regulars, Assault 4, one HQ hit (-1), one earlier consecutive
  assault move (-1): needs 6 on the die, 1/6;
- dangerous terrain (2.3): marsh "2-4" (6/36 = 1/6) then stream "12" (1/36): 1/6 + 5/6 x 1/36
  = 41/216 for one vehicle;
- towing (2.4): the worked example, class 5 towed half a turn: first fire turn 2 (Moved);
- dig-in (2.5): foxholes 20 turns; minefield (2.5): 2 bases, markers 80 and 200 yards away:
  one minefield entered, 2 rolls.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from streamlit.testing.v1 import AppTest

PAGE = Path(__file__).resolve().parents[2] / "dashboard" / "views" / "miniatures.py"
CHART = "training,maneuver,assault\nFictional Regulars,3,4\nFictional Elite,2,3\n"


def _page() -> AppTest:
    at = AppTest.from_file(str(PAGE), default_timeout=60).run()
    assert not at.exception, at.exception
    return at


def _shown(at: AppTest) -> str:
    """Every markdown, caption and error text on the page, Markdown escapes removed."""
    texts = [m.value for m in at.markdown] + [c.value for c in at.caption]
    texts += [e.value for e in at.error]
    return re.sub(r"\\(.)", r"\1", "\n".join(texts))


def _request(at: AppTest) -> dict[str, object]:
    """The request JSON the page shows (the first code block)."""
    loaded = json.loads(at.code[0].value)
    assert isinstance(loaded, dict)
    return loaded


def test_without_a_chart_the_page_totals_the_modifiers() -> None:
    at = _page()
    at.checkbox(key="miniatures_demoralized").check().run()
    shown = _shown(at)
    assert "Maneuver test: the die is modified by -4; no Command Chart is loaded" in shown
    assert _request(at) == {"declared": "maneuver", "modifiers": {"demoralized": True}}


def test_command_test_with_a_pasted_chart() -> None:
    at = _page()
    at.radio(key="miniatures_declared").set_value("assault").run()
    at.text_area(key="miniatures_command_chart_text").input(CHART).run()
    at.text_input(key="miniatures_training").input("Fictional Regulars").run()
    at.number_input(key="miniatures_command_hits").set_value(1).run()
    at.number_input(key="miniatures_consecutive").set_value(1).run()
    assert not at.exception, at.exception
    shown = _shown(at)
    assert "Assault test for Fictional Regulars: 6+ on the die" in shown
    assert "chance to pass 1/6 (16.7 %) (2.1)" in shown
    assert _request(at)["command_chart_csv"] == CHART


def test_a_ruling_choice_goes_into_the_request() -> None:
    """both-columns counts 2 consecutive assault moves on a Maneuver test: Regulars 3 - (-2)
    = 5+: 1/3."""
    at = _page()
    at.text_area(key="miniatures_command_chart_text").input(CHART).run()
    at.text_input(key="miniatures_training").input("Fictional Regulars").run()
    at.number_input(key="miniatures_consecutive").set_value(2).run()
    assert "chance to pass 2/3" in _shown(at)
    at.selectbox(key="miniatures_ruling_miniatures-consecutive-assault-column").select(
        "both-columns"
    ).run()
    assert "chance to pass 1/3" in _shown(at)
    assert _request(at)["rulings"] == {"miniatures-consecutive-assault-column": "both-columns"}


def test_a_malformed_chart_is_shown_with_row_and_column() -> None:
    at = _page()
    at.text_area(key="miniatures_command_chart_text").input(
        "training,maneuver,assault\nFictional Regulars,3,four\n"
    ).run()
    at.text_input(key="miniatures_training").input("Fictional Regulars").run()
    assert "inline CSV row 2, column 'assault': expected a whole number" in _shown(at)


def test_dangerous_terrain_route() -> None:
    at = _page()
    at.radio(key="miniatures_calculation").set_value("dangerous-terrain").run()
    at.text_area(key="miniatures_route").input("Fictional marsh: 2-4\nFictional stream: 12").run()
    assert not at.exception, at.exception
    assert "immobilized with chance 41/216" in _shown(at)


def test_towing_the_worked_example() -> None:
    at = _page()
    at.radio(key="miniatures_calculation").set_value("towing").run()
    at.number_input(key="miniatures_gun_class").set_value(5).run()
    at.select_slider(key="miniatures_moved_before").set_value("1/2").run()
    assert not at.exception, at.exception
    assert "first fires in turn 2 with the Moved modifier; full effect from turn 3" in _shown(at)


def test_dig_in_and_minefield() -> None:
    at = _page()
    at.radio(key="miniatures_calculation").set_value("dig-in").run()
    at.radio(key="miniatures_works").set_value("foxholes").run()
    assert "Foxholes: 20 turns; 20 left after 0 (2.5)." in _shown(at)
    at.radio(key="miniatures_calculation").set_value("minefield").run()
    at.number_input(key="miniatures_bases").set_value(2).run()
    at.text_input(key="miniatures_minefields").input("80, 200").run()
    assert "2 Area Weapons Chart roll(s), no modifiers, for 2 base(s)" in _shown(at)


def test_riders_page_refuses_early_non_russian_riders() -> None:
    """2.4: non-Russian infantry ride from 1943: 1942 is refused, 1943 allowed; 100 and 200
    yards to get on or off."""
    at = _page()
    at.radio(key="miniatures_calculation").set_value("riders").run()
    at.number_input(key="miniatures_year").set_value(1942).run()
    assert not at.exception, at.exception
    assert "Non-Russian infantry may not ride" in _shown(at)
    at.checkbox(key="miniatures_russian").check().run()
    shown = _shown(at)
    assert "Russian infantry may ride: 1 stand(s) on 1 vehicle(s)" in shown
    assert "costs the infantry 100 yards and the vehicle 200 yards" in shown
    assert _request(at) == {
        "carrier": "large-target-tank",
        "year": 1942,
        "russian_infantry": True,
        "stands": 1,
    }


def test_transport_and_cavalry_pages() -> None:
    """Passengers pay 1/2 of each move (2.4); 4 cavalry bases dismount as 3 troopers and 4
    horse bases for 1/4 of the move (2.2), not after assault movement."""
    at = _page()
    at.radio(key="miniatures_calculation").set_value("transport").run()
    at.number_input(key="miniatures_vehicle_move_yards").set_value(800).run()
    assert not at.exception, at.exception
    assert "costs the infantry 1/2 and the vehicle 1/2 of their move" in _shown(at)
    assert _request(at)["vehicle_move_yards"] == 800
    at.radio(key="miniatures_calculation").set_value("cavalry").run()
    assert not at.exception, at.exception
    assert "3 trooper base(s) on foot, 4 horse base(s) left as the herd." in _shown(at)
    at.checkbox(key="miniatures_cav_assault").check().run()
    assert "Dismounting is not allowed" in _shown(at)
