"""Supply page, supplies in and out: each form writes what its CLI command writes (draw-water
52.7, consume 49-52, arrive, capture 50.16/51.16), and refuses what it refuses."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.dashboard.cli_twin import CliTwin, same_entries, session_of
from tests.dashboard.pages import app_on
from tests.dashboard.test_app import click, field, texts

RNF = "cw.unassigned_inf.1st_rnf_mg_bn"
"""1st RNF MG Bn, at C3721."""


def supply_page() -> AppTest:
    """The Supply page for the Commonwealth Logistics Commander."""
    at = app_on("views/supply.py")
    at.selectbox(key="role").select("logistics_commander").run()
    return at


@pytest.fixture
def cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> CliTwin:
    """The same game at the command line."""
    return CliTwin(tmp_path / "cli.db", capsys)


def test_draw_water_at_a_town_yields_by_the_die(graziani_db: str, cli: CliTwin) -> None:
    at = supply_page()
    chart = at.dataframe[-1].value  # 52.7: a town on a 4 yields 300, a bir on a 6 400 and a check
    assert (chart.loc["Town", "4"], chart.loc["Bir", "6"]) == ("300", "400 *")
    field(at.selectbox, "water_unit").select(RNF)
    field(at.selectbox, "water_at").select("town")
    field(at.number_input, "water_roll").set_value(4)
    click(at, "Draw water")
    assert not at.error, texts(at)
    cli.run("draw-water", RNF, "--at", "town", "--roll", "4")
    # the Organization Phase: no CP (6.3), one entry
    assert session_of(graziani_db).state.units[RNF].supplies.water == 300
    same_entries(session_of(graziani_db), cli.session, 1)


def test_an_oasis_without_an_amount_is_refused_as_the_cli_refuses_it(
    graziani_db: str, cli: CliTwin
) -> None:
    at = supply_page()
    field(at.selectbox, "water_unit").select(RNF)
    field(at.selectbox, "water_at").select("oasis")
    click(at, "Draw water")
    said = cli.run("draw-water", RNF, "--at", "oasis", status=1)
    assert "an oasis never runs dry" in said
    message = at.error[0].value.replace("\\", "")
    assert "**Water Points:** an oasis never runs dry: give --water N, no roll (8.48)" in message
    assert len(session_of(graziani_db).journal) == 1


def test_consume_and_arrive_write_what_the_cli_writes(graziani_db: str, cli: CliTwin) -> None:
    at = supply_page()
    field(at.selectbox, "consume_unit").select("cw_mersa_matruh")
    field(at.selectbox, "consume_cause").select("demolished")
    field(at.number_input, "consume_ammo").set_value(10)
    click(at, "Consume supplies")
    assert not at.error, texts(at)
    cli.run("consume", "cw_mersa_matruh", "--cause", "demolished", "--ammo", "10")
    field(at.selectbox, "arrive_unit").select("cw_sidi_barrani")
    field(at.selectbox, "arrive_cause").select("convoy")
    field(at.number_input, "arrive_fuel").set_value(100)
    click(at, "Record the arrival")
    assert not at.error, texts(at)
    cli.run("arrive", "cw_sidi_barrani", "--cause", "convoy", "--fuel", "100")
    state = session_of(graziani_db).state
    assert (
        state.dumps["cw_mersa_matruh"].supplies.ammo,
        state.dumps["cw_sidi_barrani"].supplies.fuel,
    ) == (990, 600)
    same_entries(session_of(graziani_db), cli.session, 2)


def test_consuming_more_than_held_is_refused_with_the_shortfall(graziani_db: str) -> None:
    at = supply_page()
    field(at.selectbox, "consume_unit").select("cw_sidi_barrani")
    field(at.selectbox, "consume_cause").select("stores")
    field(at.number_input, "consume_stores").set_value(150)
    click(at, "Consume supplies")
    assert "Sidi Barrani holds 100 Stores, 150 to consume: 50 short" in at.error[0].value
    assert len(session_of(graziani_db).journal) == 1


def test_capture_shows_the_usable_share_then_writes_what_the_cli_writes(
    graziani_db: str, cli: CliTwin
) -> None:
    at = supply_page()
    field(at.text_input, "capture_enemy").input("Derna").run()
    field(at.selectbox, "capture_to").select("cw_dump_1").run()
    field(at.number_input, "capture_fuel").set_value(250).run()
    field(at.number_input, "capture_stores").set_value(50).run()
    # 51.16: half the Stores are usable; Fuel whole
    assert "Usable share (50.16, 51.16): 250 Fuel, 25 Stores; lost: 25 Stores." in texts(at)
    assert len(session_of(graziani_db).journal) == 1  # nothing written before the click
    click(at, "Capture supplies")
    assert not at.error, texts(at)
    cli.run("capture", "Derna", "--to", "cw_dump_1", "--fuel", "250", "--stores", "50")
    state = session_of(graziani_db).state
    assert (state.dumps["cw_dump_1"].supplies.fuel, state.dumps["cw_dump_1"].supplies.stores) == (
        1000,
        525,
    )
    same_entries(session_of(graziani_db), cli.session, 2)
