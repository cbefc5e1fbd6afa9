"""Convoys page: a Graziani convoy loaded, driven in the Truck Convoy Movement Phase and
unloaded from the dashboard records what ``quartermaster transfer`` and ``move-trucks`` record
(8.18, 8.98, 49.13, 6.3), and is refused out of its phase in the CLI's words."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from ledger.commands.logistics import file_requisition
from ledger.commands.organization_phase import advance_phase
from ledger.model.quantities import Supplies
from ledger.model.source import Source
from ledger.planning.accept import accept_plan
from ledger.planning.proposal import plan_for_side
from tests.dashboard.cli_twin import CliTwin, entries, same_entries, session_of
from tests.dashboard.pages import app_on
from tests.dashboard.test_app import click, field, texts

CONVOY = "commonwealth_2nd3rd_5"
"""The Commonwealth convoy at Alexandria: 10 light and 20 medium truck points, CPA 30 (54.2)."""
NAME = "Convoy at Alexandria (30 TP)"
INTERNAL_ID = re.compile(r"\b[a-z]+_2nd3rd_\d+\b|\bcw_[a-z_]+\b|\bcw\.[a-z0-9_.]+")


def logistics_page(page: str = "views/convoys.py") -> AppTest:
    """The page for the Commonwealth Logistics Commander."""
    at = app_on(page)
    at.selectbox(key="role").select("logistics_commander").run()
    return at


def load(at: AppTest, way: str, other: str, fuel: int) -> AppTest:
    """Fill in the Load or unload form for the convoy and submit it."""
    field(at.selectbox, "load_convoy_unit").select(CONVOY)
    field(at.radio, "load_convoy_way").set_value(way)
    field(at.selectbox, "load_convoy_other").select(other)
    field(at.number_input, "load_convoy_fuel").set_value(fuel)
    return click(at, "Load or unload")


def move(at: AppTest, to: str, cp: str) -> AppTest:
    """Fill in the Move convoy form for the convoy and submit it."""
    field(at.selectbox, "move_convoy_unit").select(CONVOY)
    field(at.text_input, "move_convoy_hex").input(to)
    field(at.text_input, "move_convoy_cp").input(cp)
    return click(at, "Move convoy")


def to_truck_convoy_phase(url: str) -> None:
    """Phase H, Player A, as ``quartermaster phase H --player A`` records it."""
    session = session_of(url)
    session.execute(
        lambda s: advance_phase(s, "truck-convoy/A", Source(s.clock, role="logistics_commander"))
    )


def test_the_table_names_convoys_and_shows_their_cp_of_the_cpa(graziani_db: str) -> None:
    at = logistics_page()
    table = at.dataframe[0].value
    row = table[table["Trucks"] == NAME].iloc[0]
    assert (row["Hex"], row["CP used"], row["Light"], row["Medium"]) == (
        "Alexandria",
        "0 of 30",
        10,
        20,
    )
    assert not INTERNAL_ID.search(texts(at) + table.to_string())
    assert "Move convoy does nothing now" in at.info[0].value  # Organization Phase (8.18)


def test_load_drive_and_unload_equal_the_cli(
    graziani_db: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cli = CliTwin(tmp_path / "cli.db", capsys)
    at = logistics_page()
    # Organization Phase: loading costs no CP (6.3)
    load(at, "load", "cw_unlimited_alexandria", 100)
    assert not at.error, texts(at)
    cli.run("transfer", "--from", "cw_unlimited_alexandria", "--to", CONVOY, "--fuel", "100")
    same_entries(session_of(graziani_db), cli.session, 2)
    # Out of its phase: refused in the CLI's words, nothing written
    before = len(session_of(graziani_db).journal)
    move(at, "D3714", "12")
    said = cli.run("move-trucks", CONVOY, "D3714", "--cp", "12", status=1)
    assert len(at.error) == 1 and len(session_of(graziani_db).journal) == before
    cli_words = said.splitlines()[0].split("trucks: ", 1)[1]
    assert cli_words.startswith("convoys move in the Truck Convoy Movement Phase (H)")
    assert cli_words in at.error[0].value.replace("\\", "")
    assert field(at.text_input, "move_convoy_hex").value == "D3714"  # kept, to correct it
    # Phase H: 12 CP to Mersa Matruh; 30 TP × 3 groups of five CP or part = 90 Fuel (49.13)
    to_truck_convoy_phase(graziani_db)
    cli.run("phase", "H", "--player", "A")
    at.run()
    assert not at.info, at.info[0].value  # convoys move now
    move(at, "D3714", "12")
    assert not at.error, texts(at)
    cli.run("move-trucks", CONVOY, "D3714", "--cp", "12")
    group = session_of(graziani_db).state.trucks[CONVOY]
    assert (group.location, group.cp_expended, group.cargo.fuel) == ("D3714", 12, 10)
    same_entries(session_of(graziani_db), cli.session, 2)
    table = at.dataframe[0].value
    assert table[table["Hex"] == "D3714"].iloc[0]["CP used"] == "12 of 30"
    # Unloading outside the Organization Phase: 2 CP of the convoy's CPA (6.3)
    load(at, "unload", "cw_mersa_matruh", 10)
    assert not at.error, texts(at)
    cli.run("transfer", "--from", CONVOY, "--to", "cw_mersa_matruh", "--fuel", "10")
    group = session_of(graziani_db).state.trucks[CONVOY]
    assert (group.cp_expended, group.cargo.fuel) == (Fraction(14), 0)
    same_entries(session_of(graziani_db), cli.session, 2)
    assert not INTERNAL_ID.search(texts(at))


def test_over_the_cpa_is_refused_with_the_figures(graziani_db: str) -> None:
    to_truck_convoy_phase(graziani_db)
    at = logistics_page()
    load(at, "load", "cw_unlimited_alexandria", 300)
    move(at, "D3714", "31")
    message = at.error[0].value
    # loading in phase H cost 2 CP (6.3): 2 + 31 = 33 of CPA 30 (8.98)
    assert "**CP expended:** convoy at Alexandria (30 TP) moves at CPA 30" in message
    assert "2 expended + 31 asked = 33, 3 over (8.98)" in message
    assert not INTERNAL_ID.search(message)
    assert len(entries(session_of(graziani_db), 3)) == 3
    assert session_of(graziani_db).state.trucks[CONVOY].location == "Alexandria"


def test_unreadable_cp_is_refused_naming_the_field(graziani_db: str) -> None:
    to_truck_convoy_phase(graziani_db)
    at = logistics_page()
    move(at, "D3714", "twelve")
    assert "CP expended" in at.error[0].value and "nothing was written" in at.error[0].value
    assert not at.exception


def test_a_planned_convoy_is_loaded_driven_and_delivers_its_requisition(graziani_db: str) -> None:
    rnf = "cw.unassigned_inf.1st_rnf_mg_bn"  # 1st RNF MG Bn, C3721
    to_truck_convoy_phase(graziani_db)
    session = session_of(graziani_db)
    lc = Source(session.state.clock, "commonwealth", "logistics_commander")
    session.execute(lambda s: file_requisition(s, rnf, Supplies(stores=20), lc))
    plan = plan_for_side(session.state, "commonwealth")
    assert plan is not None
    session.execute(lambda s: accept_plan(s, plan, lc))
    # 20 Stores on 1 heavy truck point split off the convoy at Cairo, loaded there (2 CP, 6.3)
    (group,) = [t for t in session_of(graziani_db).state.trucks.values() if "CR1" in t.purpose]
    name = "Convoy at Cairo (1 TP, requisition CR1 for 1st RNF MG Bn)"
    at = logistics_page()
    table = at.dataframe[0].value
    assert table[table["Trucks"] == name].iloc[0]["CP used"] == "2 of 30"
    field(at.selectbox, "load_convoy_unit").select(group.id)
    field(at.radio, "load_convoy_way").set_value("load")
    field(at.selectbox, "load_convoy_other").select("cw_unlimited_cairo")
    field(at.number_input, "load_convoy_fuel").set_value(4)
    click(at, "Load or unload")
    field(at.selectbox, "move_convoy_unit").select(group.id)
    field(at.text_input, "move_convoy_hex").input("C3721")
    field(at.text_input, "move_convoy_cp").input("20")
    click(at, "Move convoy")
    assert not at.error, texts(at)
    # 1 truck point × 4 groups of five CP = 4 Fuel (49.13); 2 + 2 + 20 = 24 CP of 30
    moved = session_of(graziani_db).state.trucks[group.id]
    assert (moved.location, moved.cp_expended, moved.cargo.fuel) == ("C3721", 24, 0)
    assert field(at.selectbox, "deliver_convoy_unit").value == group.id
    click(at, "Fulfil its requisition")
    assert not at.error, texts(at)
    state = session_of(graziani_db).state
    assert state.requisitions["CR1"].status == "fulfilled"
    assert state.units[rnf].supplies.stores == 20
    assert state.trucks[group.id].cp_expended == 26  # unloading: 2 CP more (6.3)
    assert "No convoy carries an open requisition" in texts(at)
    assert not INTERNAL_ID.search(texts(at))


def test_a_reaction_needs_a_friendly_unit_in_the_convoys_hex(
    graziani_db: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cli = CliTwin(tmp_path / "cli.db", capsys)
    session_of(graziani_db).execute(
        lambda s: advance_phase(s, "movement-and-combat/A", Source(s.clock))
    )
    cli.run("phase", "G", "--player", "A")
    at = logistics_page()
    assert "Move convoy does nothing now" in at.info[0].value
    field(at.selectbox, "move_convoy_unit").select(CONVOY)
    field(at.text_input, "move_convoy_hex").input("D3714")
    field(at.text_input, "move_convoy_cp").input("5")
    field(at.checkbox, "move_convoy_reaction").check()
    click(at, "Move convoy")
    said = cli.run("move-trucks", CONVOY, "D3714", "--cp", "5", "--reaction", status=1)
    words = "a convoy reacts only stacked with a friendly combat unit; none is in Alexandria"
    assert words in said
    assert f"**Reaction:** {words} (8.53)" in at.error[0].value
    assert session_of(graziani_db).state.trucks[CONVOY].location == "Alexandria"
