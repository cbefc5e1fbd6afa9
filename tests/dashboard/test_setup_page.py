"""The Set-up page (59.4x, issue 18) on an Italian Campaign game (60.23) opened in set-up:
the dashboard lands on it, its forms write what ``quartermaster setup`` writes in a twin game
of the same database (place, spread, load: a ``SuppliesArrived`` of cause ``set-up`` with the
amount typed, 59.45), refusals name the field and write nothing, and finishing both sides
starts the game and lands on Your phase."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from ledger.commands.setup import place, unplaced
from ledger.io.scenario import load_scenario, resolve
from ledger.journal import EventStore
from ledger.journal.seats import add_seat
from ledger.journal.session import GameSession, create_game
from ledger.journal.store import database_url
from ledger.model.events import SuppliesArrived, TruckPointsMoved
from ledger.model.quantities import Supplies
from ledger.model.setup_step import CounterPlaced, SetupFinished
from ledger.model.source import Source
from ledger.model.units import Side
from tests.dashboard.cli_game import cli, written
from tests.dashboard.pages import APP, app_on
from tests.dashboard.test_app import click, field
from tests.dashboard.test_app import texts as page_texts
from tests.dashboard.test_seats_pages import everything, phrase, signed_in
from tests.seats import CW_FC, UMPIRE

GAME = "campaign"
"""The dashboard's game: first by name, so the app opens on it (before "cli")."""
TRUCKS = "it_c4218_1ccnn"
"""The Axis first-line trucks at C4218 (1st CCNN Division's: 10 light, 25 medium, 10 heavy)."""
HQ = "it.1ccnn_div.1st_ccnn_div_hq"
"""1st CCNN Div HQ, at C4218 with those trucks."""


@pytest.fixture
def in_setup(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """Two Italian Campaign games in set-up, "campaign" (the dashboard's) and "cli" (the CLI's twin,
    ``tests.dashboard.cli_game``), in one database the dashboard opens; its URL."""
    url = database_url(str(tmp_path / "ic.db"))
    store = EventStore(url, create=True)
    setup = load_scenario(resolve("italian-campaign"))
    create_game(store, GAME, setup, setup_step=True)
    create_game(store, "cli", setup, setup_step=True)
    monkeypatch.setenv("QUARTERMASTER_DB", str(tmp_path / "ic.db"))
    return url


def texts(at: AppTest) -> str:
    """Every text of the page (``tests.dashboard.test_app.texts``), its headings and notes."""
    parts = [*at.header, *at.subheader, *at.info]
    return page_texts(at) + "\n" + "\n".join(str(e.value) for e in parts)


def on_setup(side: str = "axis") -> AppTest:
    """The Set-up page of game "campaign", the sidebar on ``side``."""
    at = app_on("views/setup.py", side)
    at.selectbox(key="game").select(GAME).run()
    assert not at.exception, at.exception
    return at


def test_the_dashboard_opens_on_set_up_while_the_game_is_in_set_up(in_setup: str) -> None:
    at = AppTest.from_file(APP, default_timeout=60).run()
    assert not at.exception, at.exception
    assert [t.value for t in at.title] == ["Set-up"]
    said = texts(at)
    assert "Axis: setting up · Commonwealth: setting up" in said
    bar = [c.value for c in at.caption if "GT 1 OpStage 1" in c.value]
    assert bar and "**Set-up (59.4)**" in bar[0]  # the phase bar: no phase before the start
    assert "Axis and Commonwealth setting up; then C. Organization Phase" in bar[0]
    assert (
        "Axis: still to place (30)" in said
    )  # the 60.23 Axis counters and truck groups at a choice location
    assert "Saharan Detachment HQ" in at.dataframe[0].value["Counter"].tolist()
    assert not re.search(r"\bit[._][a-z0-9_]+", said)  # names, never ids


def test_placing_a_dummy_dump_writes_what_the_cli_writes(in_setup: str) -> None:
    at = on_setup()
    dummy = next(k for k in field(at.selectbox, "setup_place_counter").options if "Dummy" in k)
    field(at.selectbox, "setup_place_counter").select(dummy)
    field(at.text_input, "setup_place_hexes").input("c3517, C3618")
    click(at, "Place")
    assert not at.error, texts(at)
    assert "Dummy dumps placed at C3517, C3618" in texts(at)
    assert cli(in_setup, "setup", "place", "Dummy dumps", "--at", "C3517", "C3618",
               "--role", "field_commander") == 0  # fmt: skip
    form, by_cli = written(in_setup, GAME), written(in_setup, "cli")
    assert form == by_cli and len(form) == 1
    assert isinstance(form[0], CounterPlaced) and form[0].location == "C3517, C3618"
    assert "Axis: still to place (29)" in texts(at)
    dumps = next(f.value for f in at.dataframe if "Dump" in f.value.columns)
    placed = dumps[dumps["Dump"] == "Dummy dumps"].iloc[0]
    assert (placed["Kind"], placed["Where"], placed["Counters"]) == (
        "Dummy dump",
        "C3517, C3618",
        2,
    )


def test_a_hex_off_the_maps_the_set_up_names_is_refused_and_nothing_written(
    in_setup: str,
) -> None:
    at = on_setup()
    field(at.selectbox, "setup_place_counter").select_index(0)  # Dump 1: map C, Libya
    field(at.text_input, "setup_place_hexes").input("D3714")
    click(at, "Place")
    refusal = at.error[0].value
    assert "Hex" in refusal and "D3714 is on map D" in refusal and "59.4" in refusal
    assert "nothing was written" in refusal
    assert written(in_setup, GAME) == []


def test_loading_trucks_posts_supplies_free_of_cost_with_the_amount_typed(in_setup: str) -> None:
    at = on_setup()
    field(at.selectbox, "setup_load_trucks").select(TRUCKS)
    field(at.number_input, "setup_load_ammo").set_value(40)
    field(at.number_input, "setup_load_fuel").set_value(300)
    click(at, "Load free of cost")
    assert not at.error, texts(at)
    [event] = written(in_setup, GAME)
    assert isinstance(event, SuppliesArrived)
    assert (event.holder, event.supplies, event.cause) == (
        TRUCKS,
        Supplies(ammo=40, fuel=300),
        "set-up",
    )
    assert cli(in_setup, "setup", "load", TRUCKS, "--ammo", "40", "--fuel", "300",
               "--role", "field_commander") == 0  # fmt: skip
    assert written(in_setup, "cli") == [event]
    trucks = at.dataframe[-1].value  # the checklist's first-line trucks, as loaded now
    row = trucks[trucks["Hex"] == "C4218"].iloc[0]
    assert (row["Ammunition"], row["Fuel"], row["Loaded"]) == (40, 300, "loaded")


def test_a_load_beyond_the_trucks_capacity_is_refused(in_setup: str) -> None:
    at = on_setup()
    field(at.selectbox, "setup_load_trucks").select(TRUCKS)
    field(at.number_input, "setup_load_ammo").set_value(9_000)  # 45 TP carry far less (54.2)
    click(at, "Load free of cost")
    refusal = at.error[0].value
    assert "Supplies" in refusal and "beyond its capacity" in refusal and "54.2" in refusal
    assert written(in_setup, GAME) == []


def test_spreading_trucks_to_a_unit_of_their_hex_writes_what_the_cli_writes(
    in_setup: str,
) -> None:
    at = on_setup()
    field(at.selectbox, "setup_spread_trucks").select(TRUCKS).run()
    field(at.selectbox, "setup_spread_unit").select(HQ)
    field(at.number_input, "setup_spread_medium").set_value(10)
    click(at, "Spread")
    assert not at.error, texts(at)
    assert cli(in_setup, "setup", "spread", TRUCKS, "--unit", "1st CCNN Div HQ",
               "--medium", "10", "--role", "field_commander") == 0  # fmt: skip
    form, by_cli = written(in_setup, GAME), written(in_setup, "cli")
    assert form == by_cli and form
    assert any(isinstance(e, TruckPointsMoved) for e in form)
    state = GameSession(EventStore(in_setup), GAME).state
    spread = [g for g in state.trucks.values() if g.attached_to == HQ and g.line == "first"]
    assert [(g.light, g.medium, g.heavy) for g in spread] == [(0, 10, 0)]
    assert state.trucks[TRUCKS].medium == 15  # 25 medium TP, 10 spread to the HQ


def test_finishing_with_counters_unplaced_is_refused_naming_them(in_setup: str) -> None:
    at = on_setup("commonwealth")
    assert "Not yet: 10 counter(s) still to place" in texts(at)
    click(at, "Finish the Commonwealth set-up")
    refusal = at.error[0].value
    assert "10 counter(s) still to place" in refusal and "Dummy dump" in refusal
    assert written(in_setup, GAME) == []


def place_everything(url: str, side: Side, game: str = GAME) -> None:
    """Place each counter ``side`` must place (59.4) in ``game`` through ``place``: at the hex
    the set-up's words centre on, or on the first map they name (a dummy dump: one hex each)."""
    session = GameSession(EventStore(url), game)
    for counter, location in unplaced(session.state, side):
        centre = re.search(r"[A-E]\d{4}", location)
        sheet = re.search(r"\bmaps? ([A-E])", location)
        letter = sheet.group(1) if sheet else "C"
        count = session.state.dumps[counter].count if counter in session.state.dumps else 1
        hexes = (
            (centre.group(0),) if centre else tuple(f"{letter}{2010 + n:04d}" for n in range(count))
        )
        session.execute(
            lambda s, c=counter, h=hexes: place(s, c, h, Source(s.clock, side, "field_commander"))
        )
    assert not unplaced(session.state, side)


def test_finishing_both_sides_starts_the_game_and_lands_on_your_phase(in_setup: str) -> None:
    place_everything(in_setup, "axis")
    place_everything(in_setup, "commonwealth")
    before = len(written(in_setup, GAME))
    at = on_setup("axis")
    assert "Everything is placed." in texts(at)
    click(at, "Finish the Axis set-up")
    assert not at.error, texts(at)
    assert "The Axis set-up is finished; waiting for the Commonwealth (59.4)." in texts(at)
    at.selectbox(key="side").select("commonwealth").run()
    click(at, "Finish the Commonwealth set-up")
    assert not at.error, texts(at)
    assert "Set-up is over: the game has started, GT 1 OpStage 1 (59.4)." in texts(at)
    links = {link.proto.label: link.proto.page for link in at.get("page_link")}
    assert links["Go to Your phase"] == "turn", links
    finished = [e for e in written(in_setup, GAME)[before:] if isinstance(e, SetupFinished)]
    assert [e.side for e in finished] == ["axis", "commonwealth"]
    assert GameSession(EventStore(in_setup), GAME).state.setup_open == ()
    landing = AppTest.from_file(APP, default_timeout=60).run()
    assert not landing.exception, landing.exception
    assert [t.value for t in landing.title] == ["Your phase"]
    bar = [c.value for c in landing.caption if "GT 1 OpStage 1" in c.value]
    assert bar and "**C. Organization Phase (both players)**" in bar[0]


@pytest.mark.parametrize("page", ["views/turn.py", "views/overview.py"])
def test_your_phase_and_the_overview_say_the_set_up_is_not_finished(
    in_setup: str, page: str
) -> None:
    place_everything(in_setup, "axis")
    at = on_setup("axis")
    click(at, "Finish the Axis set-up")
    at.switch_page(page).run()
    assert not at.exception, at.exception
    assert "Set-up not finished: Commonwealth." in texts(at)
    links = {link.proto.label: link.proto.page for link in at.get("page_link")}
    assert links["Open Set-up"] == "", links  # the root: the Set-up page while in set-up


@pytest.mark.parametrize("page", ["views/setup.py", "views/campaign.py"])
def test_a_seat_sets_up_its_own_side_and_sees_no_enemy_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, page: str
) -> None:
    url = database_url(str(tmp_path / "seats.db"))
    setup = load_scenario(resolve("italian-campaign"))
    store = EventStore(url, create=True)
    create_game(store, GAME, setup, setup_step=True)
    add_seat(store, GAME, UMPIRE, phrase(UMPIRE))
    add_seat(store, GAME, CW_FC, phrase(CW_FC), by=UMPIRE)
    monkeypatch.setenv("QUARTERMASTER_DB", str(tmp_path / "seats.db"))
    at = signed_in(CW_FC, page)
    assert not at.error, texts(at)
    shown = everything(at) + "\n" + texts(at)
    own = {u.name for u in setup.units if u.side == "commonwealth"}
    enemy = {u.name for u in setup.units if u.side == "axis"} - own
    assert not [name for name in enemy if name in shown]
    if page == "views/setup.py":
        assert "Commonwealth: still to place (10)" in shown and "Dummy dump" in shown
        assert [b.label for b in at.button if b.label.startswith("Finish")] == [
            "Finish the Commonwealth set-up"
        ]
    else:
        assert "5th Indian Bde HQ and its units (4th Indian Division)" in shown
