"""The Sheets page's TOE Log Sheets (4.52): a picker, a download and a summary per formation,
through Streamlit's AppTest on a game of the bundled Graziani scenario (60.22)."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from ledger.io.scenario import load_scenario, resolve
from ledger.journal import EventStore
from ledger.journal.session import create_game
from ledger.journal.store import database_url

APP = Path(__file__).resolve().parents[2] / "dashboard" / "app.py"
ARMOURED = "cw.7_armd_div.7th_armored_div_hq"


@pytest.fixture
def graziani_db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "graziani.db"
    create_game(EventStore(database_url(str(path))), "graziani", load_scenario(resolve("graziani")))
    monkeypatch.setenv("QUARTERMASTER_DB", str(path))
    return path


def _sheets_page(side: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60).run()
    assert not at.exception, at.exception
    at.selectbox(key="side").select(side).run()
    at.switch_page("views/sheets.py").run()
    assert not at.exception, at.exception
    return at


def _download_labels(at: AppTest) -> list[str]:
    return [d.proto.label for d in at.get("download_button")]


def test_toe_download_for_the_side_and_one_formation(graziani_db: Path) -> None:
    at = _sheets_page("commonwealth")
    assert "Download the TOE Log Sheets (.xlsx)" in _download_labels(at)
    picker = at.selectbox(key="toe_formation_commonwealth")
    assert picker.value == ""
    assert picker.options[0] == "every Parent Formation (6 sheets)"
    assert "7th Armored Div HQ (7) — Armored Division TOE Log Sheet" in picker.options
    summary = at.dataframe[1].value
    assert len(summary) == 6
    picker.set_value(ARMOURED).run()
    assert not at.exception, at.exception
    summary = at.dataframe[1].value
    assert list(summary["Parent Formation"]) == ["7th Armored Div HQ"]
    assert list(summary["Actual Anti-Armor"]) == [2]  # Raw 24 → 2 (11.32)
    assert "Download the TOE Log Sheets (.xlsx)" in _download_labels(at)
