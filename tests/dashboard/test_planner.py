"""The Convoy planner page through Streamlit's AppTest, on the mini fixture (mini.toml: Mersa
Matruh, C3721, holds 1000 ammo, 3000 fuel, 4000 stores; 1st RNF stands there)."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from ledger.commands.logistics import file_requisition
from ledger.journal import EventStore
from ledger.journal.session import GameSession, create_game
from ledger.journal.store import database_url
from ledger.model.quantities import Supplies
from ledger.model.scenario import Setup
from ledger.model.source import Source
from tests.dashboard.pages import app_on


@pytest.fixture
def planner_db(tmp_path: Path, mini_setup: Setup, monkeypatch: pytest.MonkeyPatch) -> str:
    """A mini game with CR1: 1st RNF asks for 1500 ammo and 10 stores."""
    path = tmp_path / "planner.db"
    url = database_url(str(path))
    session = create_game(EventStore(url, create=True), "mini", mini_setup, setup_step=False)
    source = Source(session.state.clock, "commonwealth", "field_commander")
    wanted = Supplies(ammo=1500, stores=10)
    session.execute(lambda s: file_requisition(s, "cw.1_rnf", wanted, source))
    monkeypatch.setenv("QUARTERMASTER_DB", str(path))
    return url


def _click(at: AppTest, label: str) -> None:
    [button] = [b for b in at.button if b.label == label]
    button.click().run()
    assert not at.exception, at.exception


def test_plan_then_accept_records_the_draw_and_refiles_the_rest(planner_db: str) -> None:
    at = app_on("views/planner.py")
    assert "Press Plan convoys" in "\n".join(c.value for c in at.caption)
    _click(at, "Plan convoys")
    legs, wanted = at.dataframe[0].value, at.dataframe[1].value
    # a direct draw at Mersa Matruh: all 1000 ammo and the 10 stores; 500 ammo short
    assert list(legs["Ammunition"]) == [1000] and list(legs["Stores"]) == [10]
    assert list(wanted["Ammunition short"]) == [500]
    said = "\n".join(m.value for m in at.markdown)
    assert "**Drawn at once** (delivered on Accept): 1000 Ammunition, 10 Stores" in said
    assert "(delivered only if the convoys reach the units, 8.18): nothing" in said
    assert "**Truck points**: 0" in said
    assert (
        "1st RNF MG Bn draws 1000 Ammunition, 10 Stores from Mersa Matruh in C3721, where it "
        "stands (CR1): delivered when the plan is accepted, no trucks." in said
    )
    _click(at, "Accept plan")
    assert not at.error, [e.value for e in at.error]
    said = "\n".join(s.value for s in at.success)
    assert "requisition CR1 fulfilled" in said and "requisition CR2" in said
    state = GameSession(EventStore(planner_db), "mini").state
    assert state.units["cw.1_rnf"].supplies.ammo == 2 + 1000
    assert state.requisitions["CR2"].wanted == Supplies(ammo=500)
    # the plan is gone once recorded; planning again finds CR2, and Mersa Matruh empty
    assert not at.dataframe
    _click(at, "Plan convoys")
    assert "Nothing can be delivered." in [c.value for c in at.caption]
    [wanted] = at.dataframe
    assert list(wanted.value["Ammunition wanted"]) == [500]
    assert list(wanted.value["Ammunition short"]) == [500]


def test_a_refused_acceptance_shows_the_errors(planner_db: str) -> None:
    at = app_on("views/planner.py")
    _click(at, "Plan convoys")
    # another player empties Mersa Matruh's ammunition meanwhile
    session = GameSession(EventStore(planner_db), "mini")
    source = Source(session.state.clock, "commonwealth", "logistics_commander")
    from ledger.commands.logistics import consume

    session.execute(lambda s: consume(s, "cw_matruh", Supplies(ammo=900), "correction", source))
    at.run()
    assert any("plan again" in w.value for w in at.warning)
    _click(at, "Accept plan")
    errors = "\n".join(e.value for e in at.error)
    assert "nothing was written" in errors and "900 short" in errors


def test_the_graziani_plan_names_no_id(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Graziani (60.22): 1st RNF (C3721) and 2nd Scots Guards (Sidi Barrani, C4131) ask; the
    # convoys placed 'Anywhere, maps' and 'any own air facility' are not planned from.
    from ledger.cli import main
    from tests.reports.test_no_ids import INTERNAL_ID

    monkeypatch.setenv("QUARTERMASTER_DB", str(tmp_path / "g.db"))
    monkeypatch.delenv("QUARTERMASTER_GAME", raising=False)
    for argv in (
        ["new", "--skip-setup", "g", "--scenario", "graziani"],
        ["requisition", "1 RNF", "--ammo", "2", "--water", "6"],
        ["requisition", "2 SctGds", "--ammo", "10", "--stores", "10"],
    ):
        assert main(argv) == 0
    at = app_on("views/planner.py")
    _click(at, "Plan convoys")
    shown = [
        *(m.value for m in at.markdown),
        *(w.value for w in at.warning),
        *(c.value for c in at.caption),
        *(d.value.to_string() for d in at.dataframe),
        *(str(o) for o in at.multiselect[1].options),
    ]
    assert [line for text in shown for line in text.splitlines() if INTERNAL_ID.search(line)] == []
    said = "\n".join(shown)
    assert "Drives to C3721 in the Truck Convoy Movement Phase" in said
    assert "convoy at Anywhere, maps (as printed; unclear) (60 TP)" in said
    assert "convoy at Cairo (50 TP)" in at.multiselect[1].options
