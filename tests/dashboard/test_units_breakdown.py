"""Units page: each counter's Breakdown Points and TOE Strength Points awaiting repair (21.x)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from ledger.commands import organization_phase
from ledger.commands.breakdown_log import breakdown_check
from ledger.commands.movement import move_unit
from ledger.commands.transfers import transfer
from ledger.io.scenario import load_scenario
from ledger.journal import EventStore
from ledger.journal.session import create_game
from ledger.journal.store import database_url
from ledger.model.quantities import Supplies
from ledger.model.source import Source
from ledger.model.state import GameState
from tests.dashboard.pages import app_on

ARMOR = Path(__file__).resolve().parents[1] / "fixtures" / "armor.toml"


@pytest.fixture
def broken_down(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game of tests/fixtures/armor.toml where 3 RTR moved (the 21.23 path, 15 BP) and
    checked for Breakdown; the dashboard opens it."""
    path = tmp_path / "armor.db"
    session = create_game(
        EventStore(database_url(str(path)), create=True),
        "armor",
        load_scenario(ARMOR),
        setup_step=False,
    )

    def src(state: GameState) -> Source:
        return Source(state.clock, "commonwealth", "field_commander")

    session.execute(lambda s: transfer(s, "cw_matruh", "cw.3_rtr", Supplies(fuel=300), src(s)))
    session.execute(lambda s: organization_phase.advance_phase(s, "movement-and-combat/A", src(s)))
    path_21_23 = "road:clear,road:clear,rough,clear+ridge"
    session.execute(lambda s: move_unit(s, "cw.3_rtr", "C3720", Fraction(8), path_21_23, src(s)))
    # 15 BP → 11-20. Crusaders 1R read 21-30: 31 → 10 % of 20 = 2. Mark VI read 11-20: 32 → 0 %.
    session.execute(lambda s: breakdown_check(s, "cw.3_rtr", [31, 32], src(s)))
    monkeypatch.setenv("QUARTERMASTER_DB", str(path))


def test_units_page_shows_breakdown_points_and_awaiting_repair(broken_down: None) -> None:
    at = app_on("views/units.py")
    table = at.dataframe[0].value.set_index("Counter")
    assert table.loc["3 RTR", "Breakdown Points"] == "15"
    assert table.loc["3 RTR", "Awaiting repair"] == 2
    assert table.loc["3 RTR", "TOE Strength Points"] == 22  # 18 Crusaders + 4 Mark VI
    at.selectbox(key="toe_unit").select("cw.3_rtr").run()
    captions = "\n".join(str(c.value) for c in at.caption)
    assert "Awaiting repair (21.34; out of the TOE until repaired): Crusader Mk.I ×2." in captions
