"""The Highway to the Reich page through Streamlit's AppTest: each calculation's widgets build
the request, and the page shows the column, the exact odds and the errors the CLI would give.

Worked values (docs/games/htr.md): 7 vs 3 is 2-1; at Close Action Value 5 the default windows
read rows 7-12: D/•, D/D, •/•, •/D, •/D, •/1, so •/D is 2/6 = 1/3.
"""

from __future__ import annotations

import json
from pathlib import Path

from streamlit.dataframe_util import convert_arrow_bytes_to_pandas_df
from streamlit.testing.v1 import AppTest

PAGE = Path(__file__).resolve().parents[2] / "dashboard" / "views" / "highway_to_the_reich.py"


def _page() -> AppTest:
    at = AppTest.from_file(str(PAGE), default_timeout=60).run()
    assert not at.exception, at.exception
    return at


def _shown(at: AppTest) -> list[str]:
    return [m.value for m in at.markdown]


def _chart(at: AppTest, title: str) -> dict[str, str]:
    """{result: exact fraction} of the odds chart titled ``title``."""
    for chart in at.get("arrow_vega_lite_chart") + at.get("vega_lite_chart"):
        spec = json.loads(chart.proto.spec)
        layer = spec.get("layer", [{}])[0]
        found = layer.get("title") or spec.get("title")
        found = found.get("text") if isinstance(found, dict) else found
        if found == title:
            rows = convert_arrow_bytes_to_pandas_df(chart.proto.datasets[0].data.data)
            return dict(zip(rows["Result"], rows["Exact"], strict=True))
    raise AssertionError(f"no chart titled {title!r}")


def test_close_action_shows_the_column_and_exact_odds() -> None:
    at = _page()
    assert "**7 against 3: column 2-1, Close Action Value 5 (8.73)**" in _shown(at)
    assert _chart(at, "cell")["•/D"] == "1/3"
    # a die roll of 6 reads row 12, •/1
    at.selectbox(key="htr_die").select(6).run()
    assert any("Die roll 6: row 12, •/1" in line for line in _shown(at))


def test_close_action_other_decoding_by_ruling() -> None:
    """as-ocr-placed: 2-1 reads rows 8-13 at CAV 5: D/D, •/•, •/D, •/D, •/1, •/2."""
    at = _page()
    at.selectbox(key="htr_ruling_htr-8.73-die-roll-windows").select("as-ocr-placed").run()
    assert not at.exception, at.exception
    assert _chart(at, "cell")["•/2"] == "1/6"


def test_close_action_below_the_table_reads_1_to_3() -> None:
    """1 vs 4 = 0.25: read on 1-3; at CAV 1 every roll of rows 1-6 is 3/•."""
    at = _page()
    at.number_input(key="htr_attack").set_value(1).run()
    at.number_input(key="htr_defense").set_value(4).run()
    at.number_input(key="htr_cav").set_value(1).run()
    assert "**1 against 4: column 1-3, Close Action Value 1 (8.73)**" in _shown(at)
    assert _chart(at, "cell") == {"3/•": "1"}


def test_recovery_with_adjustments() -> None:
    """Morale 4 with three -1 adjustments: totals -2..3, recovered on 2 and 3 (die 5, 6): 1/3."""
    at = _page()
    at.radio(key="htr_calculation").set_value("recovery").run()
    at.selectbox(key="htr_morale").select(4).run()
    for key in ("adjacent_enemy_armor", "out_of_supply", "adjacent_friendly_disrupted"):
        at.checkbox(key=f"htr_{key}").check().run()
    assert any("Disruption removed 1/3" in line for line in _shown(at))
    assert _chart(at, "recovery")["removed"] == "1/3"


def test_weather_at_night() -> None:
    """0201-0600 South at night: 0+5 on 2, 6, 8, 10, 12 = 15/36 = 5/12."""
    at = _page()
    at.radio(key="htr_calculation").set_value("weather").run()
    at.selectbox(key="htr_half").select("south").run()
    at.checkbox(key="htr_night").check().run()
    assert _chart(at, "Weather Condition points")["5"] == "5/12"


def test_air_landing_and_its_refusal() -> None:
    """Weather 6, no flak, night: 11 points, column 11+: aborts on 2 and 12 = 2/36 = 1/18."""
    at = _page()
    at.radio(key="htr_calculation").set_value("air-landing").run()
    at.selectbox(key="htr_weather").select(6).run()
    at.checkbox(key="htr_air_night").check().run()
    assert "**11 Flight Condition points: column 11+ (14.92)**" in _shown(at)
    assert _chart(at, "result")["A"] == "1/18"
    at.selectbox(key="htr_weather").select("P").run()
    assert any("weather" in e.value and "no air operations" in e.value for e in at.error)


def test_terrain_path_and_map() -> None:
    """Concentrated armor into Mixed needs the map: on Map A it costs 3 (10.15 '1(3)')."""
    at = _page()
    at.radio(key="htr_calculation").set_value("terrain").run()
    at.selectbox(key="htr_mode").select("concentrated").run()
    at.selectbox(key="htr_unit").select("armor").run()
    at.selectbox(key="htr_path0_terrain").select("mixed").run()
    assert any("map" in e.value and "Maps A and B" in e.value for e in at.error)
    at.selectbox(key="htr_map").select("A").run()
    assert any("1 hex cost 3 of 4 MP" in line for line in _shown(at))


def test_weather_by_clock_time_and_the_unprinted_times_ruling() -> None:
    """0900 is in no printed band: refused by default (htr-14.11-unprinted-times); with
    last-printed-band it reads 0201-0600 North, where P is rolled on 9 only: 4/36 = 1/9."""
    at = _page()
    at.radio(key="htr_calculation").set_value("weather").run()
    at.radio(key="htr_weather_by").set_value("clock time").run()
    at.text_input(key="htr_time").input("0900").run()
    assert any("time" in e.value and "0900 is in no printed band" in e.value for e in at.error)
    at.selectbox(key="htr_ruling_htr-14.11-unprinted-times").select("last-printed-band").run()
    assert not at.error
    assert _chart(at, "Weather Condition points")["P"] == "1/9"


def test_line_of_sight_hexes_ask_only_for_terrain_and_hilltop() -> None:
    """A line of sight reads no hexside or route, so the page does not offer them: from a
    Town on a Hilltop (range 10, blocked by 6-8) a Clear hex 8 hexes off past Woods is seen."""
    at = _page()
    at.radio(key="htr_calculation").set_value("terrain").run()
    at.checkbox(key="htr_los").check().run()
    keys = {w.key for w in at.selectbox}
    assert "htr_observer_terrain" in keys and "htr_observer_hexside" not in keys
    assert "htr_target_route" not in keys
    at.selectbox(key="htr_observer_terrain").select("town").run()
    at.checkbox(key="htr_observer_hilltop").check().run()
    at.number_input(key="htr_distance").set_value(8).run()
    at.multiselect(key="htr_between").select("woods").run()
    assert any("Observation: seen" in line for line in _shown(at))
