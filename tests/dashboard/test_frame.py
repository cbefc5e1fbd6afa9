"""The dashboard's frame through Streamlit's AppTest (issue 17 items 4, 6): a command's result
as one summary with its journal links, a warning entry as a warning, the Journal page opened at
an entry, and the other games' pages without the CNA pickers.

The game is Graziani's Offensive (60.22) at a table without seats. 1st CCNN Div HQ has a CPA
of 20 (the scenario's counter), so 25 CP spent at once are 5 CP beyond it: 5 Disorganization
Points (6.21), its Cohesion Level 0 − 5 = −5 (6.22).
"""

from __future__ import annotations

from fractions import Fraction

from streamlit.testing.v1 import AppTest

from dashboard.text import error_lines
from ledger.commands.cp import spend_cp
from ledger.journal import EventStore
from ledger.journal.session import GameSession
from ledger.model.clock import GameTime
from ledger.model.errors import LedgerError
from ledger.model.events import (
    CohesionAdjusted,
    ConsumptionPosted,
    CPExpended,
    Shortage,
    SuppliesTransferred,
    TOEPointsLost,
)
from ledger.model.quantities import Supplies
from ledger.model.source import Source
from ledger.reports.notices import warning_of
from tests.dashboard.pages import app_on
from tests.dashboard.test_app import click, field

CCNN_HQ = "it.1ccnn_div.1st_ccnn_div_hq"
INF_129 = "it.1ccnn_div.129th_infantry_bn"


def _spend(at: AppTest, unit: str, cp: str) -> AppTest:
    """Spend ``cp`` CP on ``unit`` through the Units page's Spend CP form."""
    field(at.selectbox, "spend_unit").select(unit)
    field(at.text_input, "spend_cp").input(cp)
    field(at.text_input, "spend_reason").input("frame test")
    return click(at, "Spend CP")


def _links(at: AppTest) -> list[tuple[str, str]]:
    """``(label, query string)`` of every page link on the page."""
    return [(link.proto.label, link.proto.query_string) for link in at.get("page_link")]


def test_cp_beyond_the_cpa_is_one_warning_with_its_journal_link(graziani_db: str) -> None:
    at = _spend(app_on("views/units.py", "axis"), CCNN_HQ, "25")
    assert not [e for e in at.error if "Refused" in e.value], [e.value for e in at.error]
    state = GameSession(EventStore(graziani_db), "graziani").state
    assert state.units[CCNN_HQ].cp_expended == 25 and state.units[CCNN_HQ].cohesion == -5
    # one entry, #2 (after the game's start), and it is a warning: no success box says it
    assert not [s for s in at.success if "expends 25 CP" in s.value]
    [warning] = [w.value for w in at.warning if "expends 25 CP" in w.value]
    assert "Recorded 1 journal entry, #2" in warning
    assert "#2 1st CCNN Div HQ expends 25 CP, 5 DP" in warning
    assert "5 Disorganization Points: CP beyond the unit's CPA" in warning
    assert "(6.21, 6.22)" in warning
    assert ("#2", "entry=2") in _links(at)


def test_cp_within_the_cpa_is_one_success_and_no_warning(graziani_db: str) -> None:
    at = _spend(app_on("views/units.py", "axis"), INF_129, "3")
    [success] = [s.value for s in at.success if "expends 3 CP" in s.value]
    assert "Recorded 1 journal entry, #2" in success
    assert "#2 129th Infantry Bn expends 3 CP" in success
    assert not [w for w in at.warning if "129th" in w.value]
    assert ("#2", "entry=2") in _links(at)


def test_the_journal_opens_at_the_linked_entry(graziani_db: str) -> None:
    session = GameSession(EventStore(graziani_db), "graziani")
    session.execute(  # #2
        lambda s: spend_cp(
            s, CCNN_HQ, Fraction(25), Source(s.clock, "axis", "field_commander", "dawn march")
        )
    )
    at = app_on("views/journal.py", "axis")
    at.query_params["entry"] = "2"
    at.run()
    shown = "\n".join(m.value for m in at.markdown).replace("\\", "")
    assert "**#2** · GT 1 OpStage 1 · Axis Field Commander" in shown
    assert "1st CCNN Div HQ expends 25 CP, 5 DP" in shown
    assert "Why: dawn march" in [c.value for c in at.caption]
    at.query_params["entry"] = "99"
    at.run()
    said = "\n".join(w.value for w in at.warning).replace("\\", "")
    assert "Entry '99': the journal holds entries #1 to #2." in said


def test_another_games_page_shows_no_cna_picker_and_keeps_the_choice(graziani_db: str) -> None:
    at = app_on("views/units.py", "commonwealth")
    at.switch_page("views/battles_for_north_africa.py").run()
    assert not at.exception, at.exception
    assert not at.sidebar.selectbox  # no game, side or role picker
    at.switch_page("views/units.py").run()
    assert at.sidebar.selectbox(key="side").value == "commonwealth"
    assert at.sidebar.selectbox(key="game").value == "graziani"


def test_what_a_warning_entry_is() -> None:
    source = Source(GameTime(1, 1), "axis", "field_commander")
    over = CPExpended(source, CCNN_HQ, Fraction(25), Fraction(5))
    assert warning_of(over) == (
        "5 Disorganization Points: CP beyond the unit's CPA this Operations Stage (6.21, 6.22)"
    )
    assert warning_of(CPExpended(source, CCNN_HQ, Fraction(3), Fraction(0))) is None
    assert warning_of(
        CohesionAdjusted(source, CCNN_HQ, Fraction(-3), "assault-losses", "15.87")
    ) == ("3 Disorganization Points: assault losses (15.87)")
    assert (
        warning_of(CohesionAdjusted(source, CCNN_HQ, Fraction(5), "idle-opstage", "6.24")) is None
    )
    water = ConsumptionPosted(
        source,
        "water",
        "52.41",
        GameTime(1, 1),
        shortages=(Shortage(CCNN_HQ, "water", 1, 0), Shortage(INF_129, "water", 5, 2)),
    )
    assert warning_of(water) == "2 holder(s) short of Water (52.41)"
    lost = TOEPointsLost(source, INF_129, (("it.rifle", 1),), "water-attrition", "52.53")
    assert warning_of(lost) == "1 TOE Strength Points lost to water attrition (52.53)"
    fought = TOEPointsLost(source, INF_129, (("it.rifle", 1),), "barrage", "12.45")
    assert warning_of(fought) is None
    moved = SuppliesTransferred(source, "ax_tobruk", CCNN_HQ, Supplies(fuel=10))
    assert warning_of(moved) is None


def test_a_refusal_names_a_truck_group_by_its_place_and_size_not_its_id(graziani_db: str) -> None:
    state = GameSession(EventStore(graziani_db), "graziani").state
    message = "it_c4218_1ccnn has 2 light truck points, 5 asked"  # as first_line_trucks says it
    [line] = error_lines([LedgerError("--light", message, "54.2")], state)
    # Graziani's Axis first-line trucks at C4218: 10 light, 25 medium, 10 heavy (60.31)
    assert line == (
        "**Light truck points:** Truck Points, first line at C4218 (45 TP) has 2 light truck "
        "points, 5 asked (54.2)"
    )
