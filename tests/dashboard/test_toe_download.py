"""The Sheets page's TOE Log Sheets (4.52): a picker, a download and a summary per formation,
through Streamlit's AppTest on a game of the bundled Graziani scenario (60.22)."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from tests.dashboard.pages import app_on

ARMOURED = "cw.7_armd_div.7th_armored_div_hq"


def _download_labels(at: AppTest) -> list[str]:
    return [d.proto.label for d in at.get("download_button")]


def test_toe_download_for_the_side_and_one_formation(graziani_db: str) -> None:
    at = app_on("views/sheets.py", "commonwealth")
    assert "Download the TOE Log Sheets (.xlsx)" in _download_labels(at)
    picker = at.selectbox(key="toe_formation_commonwealth")
    assert picker.value == ""
    assert picker.options[0] == "the whole side: 6 Parent Formations, then Independent units"
    assert "7th Armored Div HQ (7) — Armored Division TOE Log Sheet" in picker.options
    summary = at.dataframe[1].value
    assert len(summary) == 6
    picker.set_value(ARMOURED).run()
    assert not at.exception, at.exception
    summary = at.dataframe[1].value
    assert list(summary["Parent Formation"]) == ["7th Armored Div HQ"]
    assert list(summary["Actual Anti-Armor"]) == [2]  # Raw 24 → 2 (11.32)
    assert "Download the TOE Log Sheets (.xlsx)" in _download_labels(at)
