"""Movement page (issue 17 item 2): the move assistant's figures before recording, the move
recorded through ``move_unit`` in the Movement and Combat Phase and refused in the Organization
Phase, then the Breakdown check with its dice and a repair in the Repair Phase."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from ledger.commands import organization_phase
from ledger.commands.transfers import transfer
from ledger.journal import EventStore
from ledger.journal.session import GameSession
from ledger.model.quantities import Supplies
from ledger.model.source import Source
from ledger.model.state import GameState
from tests.dashboard.pages import app_on
from tests.dashboard.test_app import field, submit, texts

LX = "it.libyan_tank_command.lx_l_tank_bn"  # LX(L) Tank Bn at Bardia (C4321): 9 CV 33, BAR 2R
PATH_21_23 = "road:clear,road:clear,rough,clear+ridge"  # motorized: 1/2 + 1/2 + 4 + (2 + 4) = 11


def _session(url: str) -> GameSession:
    return GameSession(EventStore(url), "graziani")


def _source(state: GameState) -> Source:
    return Source(state.clock, "axis", "field_commander")


def _advance(url: str, target: str) -> None:
    """``quartermaster phase``: the ledger on to phase ``target``."""
    _session(url).execute(lambda s: organization_phase.advance_phase(s, target, _source(s)))


@pytest.fixture
def bardia(graziani_db: str) -> str:
    """Graziani with LX(L) Tank Bn's tanks filled at Bardia (45 Fuel, 49.14); its URL."""
    _session(graziani_db).execute(
        lambda s: transfer(s, "ax_bardia", LX, Supplies(fuel=45), _source(s))
    )
    return graziani_db


def _enter_move(at: AppTest, path: str, to: str) -> None:
    field(at.selectbox, "move_unit").select(LX).run()
    field(at.text_input, "move_path").input(path).run()
    field(at.text_input, "move_to").input(to).run()


def test_the_move_is_refused_in_the_organization_phase(bardia: str) -> None:
    at = app_on("views/movement.py", side="axis")
    warnings = "\n".join(str(w.value) for w in at.warning)
    assert "Units move in a Movement and Combat Phase (8.11); it is C. Organization Phase now." in (
        warnings
    )
    _enter_move(at, PATH_21_23, "C4322")
    shown = texts(at)
    assert "**Path:** 11 CP by the chart (motorized column, 8.37)" in shown
    submit(at, "move_submit")
    refused = "\n".join(str(e.value) for e in at.error)
    assert "Refused — nothing was written" in refused
    assert "units move in a Movement and Combat Phase; it is C. Organization Phase now" in refused
    assert "(8.11)" in refused
    unit = _session(bardia).state.units[LX]
    assert (unit.location, unit.cp_expended, unit.supplies.fuel) == ("C4321", 0, 45)


def test_a_move_check_and_repair_from_the_page(bardia: str) -> None:
    _advance(bardia, "movement-and-combat/A")
    at = app_on("views/movement.py", side="axis")
    assert not [w for w in at.warning if "Units move" in str(w.value)]
    _enter_move(at, PATH_21_23, "C4322")
    shown = texts(at)
    assert "4. clear+ridge — **6 CP** (Clear 2 + Ridge 4)" in shown
    assert "**CPA 25:** 0 expended before, 14 left after (6.14)" in shown
    assert "**Fuel:** burns 27, carries 45 (49.13)" in shown
    assert "a check will be due: CV 33 (L3/35) (31-40)" in shown
    assert "**Water** for the Operations Stage, having moved: 9, holds 0 (52.4)" in shown
    assert not at.error
    submit(at, "move_submit")
    assert not at.exception and not at.error, texts(at)
    assert any("LX(L) Tank Bn moves C4321 → C4322 (11 CP" in str(s.value) for s in at.success)
    unit = _session(bardia).state.units[LX]
    assert (unit.location, unit.cp_expended, unit.supplies.fuel) == ("C4322", 11, 18)
    assert unit.breakdown_points == 15
    assert field(at.selectbox, "move_unit").value == LX  # the form keeps its unit
    assert field(at.text_input, "move_path").value == ""

    # Breakdown check: 15 BP, BAR 2R → column 31-40; reading 56 → 25 % of 9 → 3 (21.34, 21.35)
    field(at.selectbox, "check_unit").select(LX).run()
    odds = at.dataframe[0].value
    assert list(odds["Column"]) == ["31-40"] and list(odds["Due"]) == ["yes"]
    field(at.number_input, "check_roll0").set_value(56).run()
    submit(at, "check_submit")
    assert not at.error, texts(at)
    unit = _session(bardia).state.units[LX]
    assert [(h.system, h.points) for h in unit.awaiting_repair] == [("it.cv33", 3)]
    assert [(h.system, h.points) for h in unit.toe] == [("it.cv33", 6)]

    # Repair, refused before the Repair Phase, recorded in it (ruling repairs-recorded)
    field(at.selectbox, "repair_unit").select(LX).run()
    field(at.number_input, "repair_points").set_value(2).run()
    submit(at, "repair_submit")
    assert "repairs are recorded in a Repair Phase" in "\n".join(str(e.value) for e in at.error)
    _advance(bardia, "repair/A")
    at = app_on("views/movement.py", side="axis")
    field(at.selectbox, "repair_unit").select(LX).run()
    assert field(at.selectbox, "repair_system").value == "it.cv33"
    field(at.number_input, "repair_points").set_value(2).run()
    submit(at, "repair_submit")
    assert any("LX(L) Tank Bn: 2 CV 33 (L3/35) repaired" in str(s.value) for s in at.success)
    unit = _session(bardia).state.units[LX]
    assert [(h.system, h.points) for h in unit.awaiting_repair] == [("it.cv33", 1)]


def test_cp_entered_instead_need_a_reason(bardia: str) -> None:
    _advance(bardia, "movement-and-combat/A")
    at = app_on("views/movement.py", side="axis")
    _enter_move(at, "road:clear", "C4322")
    field(at.text_input, "move_cp").input("6").run()
    assert "**CP entered instead:** 6" in texts(at)
    submit(at, "move_submit")
    assert "**Reason:** say why the CP differ" in "\n".join(str(e.value) for e in at.error)
    assert _session(bardia).state.units[LX].cp_expended == 0
    field(at.text_input, "move_reason").input("enemy ZOC: break Contact (8.15)").run()
    submit(at, "move_submit")
    assert not at.error, texts(at)
    assert _session(bardia).state.units[LX].cp_expended == 6


def test_the_path_is_built_a_hex_at_a_time(bardia: str) -> None:
    _advance(bardia, "movement-and-combat/A")
    at = app_on("views/movement.py", side="axis")
    field(at.selectbox, "move_unit").select(LX).run()
    field(at.radio, "move_route").set_value("road").run()
    field(at.selectbox, "move_terrain").set_value("clear").run()
    submit(at, "move_add")
    field(at.radio, "move_route").set_value("track").run()
    field(at.selectbox, "move_terrain").set_value("rough").run()
    field(at.multiselect, "move_sides").set_value(["wadi"]).run()
    submit(at, "move_add")
    assert field(at.text_input, "move_path").value == "road:clear, track:rough+wadi"
    # road ½ (note 6); track (rough 4 + wadi 4) ÷ 2 = 4 (note 8)
    assert "**Path:** 4 1/2 CP by the chart (motorized column, 8.37)" in texts(at)
    submit(at, "move_drop")
    assert field(at.text_input, "move_path").value == "road:clear"


def test_a_refused_move_after_another_write_keeps_the_path_without_a_traceback(
    bardia: str,
) -> None:
    """A Record move refused after another seat wrote is drawn anew with what was typed; the
    path builder's buttons are not copied (Streamlit refuses a button's state being set)."""
    at = app_on("views/movement.py", side="axis")  # Organization Phase: the move is refused
    field(at.selectbox, "move_unit").select(LX).run()
    next(b for b in at.button if str(b.key).startswith("move_add_")).click().run()
    _session(bardia).execute(  # another seat writes meanwhile
        lambda s: transfer(s, "ax_bardia", LX, Supplies(ammo=1), _source(s))
    )
    field(at.text_input, "move_to").input("C4322").run()
    submit(at, "move_submit")
    assert not at.exception, at.exception
    assert "Refused — nothing was written" in "\n".join(str(e.value) for e in at.error)
    assert field(at.text_input, "move_path").value == "clear"  # the hex built stays
