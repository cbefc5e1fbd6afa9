"""Units page: each counter's shortages with their cases (52.52, 15.15...)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ledger.commands import logistics
from ledger.commands.stage_end import end_stage
from ledger.journal import EventStore
from ledger.journal.session import create_game
from ledger.journal.store import database_url
from ledger.model.quantities import Supplies
from ledger.model.scenario import Setup
from ledger.model.source import Source
from ledger.model.state import GameState
from tests.dashboard.pages import app_on
from tests.phases import session_to_last_phase


@pytest.fixture
def thirsty(tmp_path: Path, mini_setup: Setup, monkeypatch: pytest.MonkeyPatch) -> None:
    """The mini game where 1 RNF drank its 4 Water away and went two OpStages without."""
    path = tmp_path / "thirsty.db"
    session = create_game(
        EventStore(database_url(str(path)), create=True), "thirsty", mini_setup, setup_step=False
    )

    def src(state: GameState) -> Source:
        return Source(state.clock, "commonwealth", "logistics_commander")

    session.execute(lambda s: logistics.consume(s, "cw.1_rnf", Supplies(water=4), "water", src(s)))
    for _ in range(2):
        session_to_last_phase(session)  # 5.2: the stage ends from its last phase
        session.execute(lambda s: end_stage(s, src(s)))
    monkeypatch.setenv("QUARTERMASTER_DB", str(path))


def test_units_page_shows_the_shortages(thirsty: None) -> None:
    at = app_on("views/units.py")
    table = at.dataframe[0].value.set_index("Counter")
    assert table.loc["1 RNF", "Shortages"] == "no water 2 OpStage(s) (52.52)"
    assert table.loc["1 RNF", "TOE Strength Points"] == 2  # 3, less 1 to thirst (52.53)
    assert table.loc["3 RHA", "Shortages"] in ("", None)
