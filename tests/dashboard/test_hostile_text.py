"""Hostile text: names from a scenario file and words a player typed are shown, never obeyed.

The bundled Graziani scenario (60.22) is copied with every unit, dump, weapon system and
scenario name, every counter and every ruling question starting with Markdown, KaTeX, links,
an image, HTML and a ``javascript:`` link; the game itself is named so, and a requisition's
note and its reason are the same words. Every page of ``dashboard/app.py`` is rendered on both
sides, and no text Streamlit renders as Markdown (headings, Markdown, captions, alerts,
metrics, widget labels and tooltips, radio and slider options, expander and tab labels) may
hold the hostile words unescaped. Table cells and select-box options are plain text by
Streamlit's own design, and not checked.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest
from streamlit.testing.v1.element_tree import (
    AlertBase,
    ButtonGroup,
    HeadingBase,
    Markdown,
    Metric,
    Node,
    Radio,
    SelectSlider,
    Toast,
)

from dashboard.launch import streamlit_command
from dashboard.text import plain
from ledger.commands import logistics
from ledger.io.scenario import load_scenario, resolve
from ledger.journal import EventStore
from ledger.journal.session import GameSession, create_game
from ledger.journal.store import database_url
from ledger.model.quantities import Supplies
from ledger.model.source import Source
from ledger.reports import formations
from tests.dashboard.pages import APP, app_on, app_pages
from tests.phases import COMBAT_B, session_to_phase

HOSTILE = (
    "**bold** $x^2$ [link](http://example.com) ![img](http://example.com/x.png) "
    "<b>html</b> javascript:alert(1) # heading"
)
UNESCAPED = ("**bold**", "$x^2$", "](http", "![img]", "<b>")
"""What the hostile words read as when Streamlit's Markdown would act on them."""
NAMED = re.compile(r'^(name|counter|question) = "([^"\n]*)"$', re.MULTILINE)
GAME = f"{HOSTILE} game"
# The barrage of tests/dashboard/test_combat_page.py, and a Close Assault's attacker.
GUNS = "cw.4_indian_div.31st_field_artillery_regt"
TARGET = "it.2_libyan_div.ii_libyan_bn"
KRRC = "cw.7_armd_div.1st_krrc"


PAGES = app_pages()


@pytest.fixture(scope="module")
def hostile_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database holding the hostile Graziani game, with a hostile requisition filed."""
    folder = tmp_path_factory.mktemp("hostile")
    text = resolve("graziani").read_text(encoding="utf-8")
    scenario = folder / "hostile.toml"
    scenario.write_text(NAMED.sub(lambda m: f'{m[1]} = "{HOSTILE} {m[2]}"', text), encoding="utf-8")
    setup = load_scenario(scenario)
    assert HOSTILE in setup.info.name and all(HOSTILE in u.name for u in setup.units)
    path = folder / "hostile.db"
    session = create_game(
        EventStore(database_url(str(path)), create=True), GAME, setup, setup_step=False
    )
    for side in ("commonwealth", "axis"):
        unit = next(u.id for u in session.state.units_in_play(side))
        session.execute(
            lambda s, unit=unit, side=side: logistics.file_requisition(
                s,
                unit,
                Supplies(1, 0, 1, 1),
                Source(s.clock, side, "field_commander", HOSTILE),
                HOSTILE,
            )
        )
    return path


@pytest.fixture
def hostile_game(hostile_db: Path, monkeypatch: pytest.MonkeyPatch) -> GameSession:
    """``QUARTERMASTER_DB`` set to the hostile game's database; its session."""
    monkeypatch.setenv("QUARTERMASTER_DB", str(hostile_db))
    return GameSession(EventStore(database_url(str(hostile_db))), GAME)


def nodes(node: Node) -> Iterator[Node]:
    """``node`` and everything inside it."""
    yield node
    for child in getattr(node, "children", {}).values():
        yield from nodes(child)


def rendered_markdown(at: AppTest) -> list[str]:
    """Every text of the run that Streamlit renders as Markdown."""
    found: list[str] = []
    for node in [*nodes(at.main), *nodes(at.sidebar)]:
        if isinstance(node, Markdown | HeadingBase | AlertBase | Toast):
            found.append(str(node.value))
        if isinstance(node, Metric):
            found += [node.label, node.value]
        if isinstance(node, Radio | SelectSlider | ButtonGroup):
            found += [str(o) for o in node.options]
        for attribute in ("label", "help", "placeholder"):
            value = getattr(node, attribute, None)
            if isinstance(value, str):
                found.append(value)
    return found


def assert_escaped(at: AppTest, page: str) -> list[str]:
    """No exception and no unescaped hostile Markdown on the page; the texts naming it."""
    assert not at.exception, (page, at.exception)
    texts = rendered_markdown(at)
    bad = [t for t in texts if any(mark in t for mark in UNESCAPED)]
    assert not bad, (page, bad)
    return [t for t in texts if plain(HOSTILE) in t]


def test_plain_escapes_markdown_katex_and_html() -> None:
    escaped = plain(HOSTILE)
    assert not any(mark in escaped for mark in UNESCAPED)
    for text in ("*", "_", "[", "]", "`", "#", "~", "|", "<", ">", "$", "\\", "](", "!["):
        assert plain(text) == "".join(f"\\{char}" for char in text), text
    assert plain("- item") == "\\- item" and plain("1. item") == "1\\. item"


@pytest.mark.parametrize("side", ["commonwealth", "axis"])
@pytest.mark.parametrize("page", PAGES)
def test_every_page_shows_hostile_names_as_plain_text(
    hostile_game: GameSession, page: str, side: str
) -> None:
    at = app_on(page, side)
    assert_escaped(at, page)


@pytest.mark.parametrize("side", ["commonwealth", "axis"])
def test_organization_names_the_formation_its_trucks_belong_to_as_plain_text(
    hostile_game: GameSession, side: str
) -> None:
    state = hostile_game.state
    owned = [
        r["id"]
        for r in formations.formation_hqs(state, side)
        if formations.formation_organization(state, r["id"])[0]["controlled_by"] != r["id"]
    ]
    at = app_on("views/organization.py", side)
    assert_escaped(at, "views/organization.py")
    if not owned:
        pytest.skip(f"no {side} formation's trucks belong to a higher one")
    at.selectbox(key="org_formation").set_value(owned[0]).run()
    named = assert_escaped(at, "views/organization.py")
    assert any("Its trucks belong to" in t for t in named), named


def test_sheets_name_the_unlimited_sources_as_plain_text(hostile_game: GameSession) -> None:
    state = hostile_game.state
    sides = {d.side for d in state.dumps.values() if d.unlimited}
    assert sides, "Graziani has unlimited sources (60.44)"
    for side in sorted(sides):
        at = app_on("views/sheets.py", side)
        named = assert_escaped(at, "views/sheets.py")
        assert any(t.startswith("Unlimited sources") for t in named), named


def test_streamlit_magic_is_off_however_the_dashboard_is_started() -> None:
    argv = streamlit_command(8501)
    assert argv[argv.index("--runner.magicEnabled") + 1] == "false"
    config = tomllib.loads((APP.parents[1] / ".streamlit" / "config.toml").read_text("utf-8"))
    assert config["runner"]["magicEnabled"] is False


def test_combat_names_units_and_systems_as_plain_text(hostile_game: GameSession) -> None:
    """A barrage set up, its dice entered (nothing confirmed), then a Close Assault: every
    unit, weapon system and ruling named on the way is plain text."""
    page = "views/combat.py"
    session_to_phase(hostile_game, COMBAT_B)  # the Commonwealth's barrage, in its phase (5.2)
    at = app_on(page)
    at.multiselect(key="combat_commonwealth_barrage_units").set_value([GUNS]).run()
    at.selectbox(key="combat_target_axis_hex").select("C3920").run()
    at.selectbox(key="combat_target_axis_unit_C3920").select(TARGET).run()
    assert_escaped(at, page)
    seq = hostile_game.last_seq
    at.number_input(key=f"combat_dice_target_{seq}").set_value(45).run()
    at.number_input(key=f"combat_dice_trucks_{seq}").set_value(11).run()
    named = assert_escaped(at, page)
    assert not at.error, [e.value for e in at.error]
    assert any("Confirm records" in m.value for m in at.markdown)
    assert len(named) >= 2, named  # the result and what Confirm would record name the units
    at.session_state["combat_kind"] = "close-assault"
    at.run()
    at.multiselect(key="combat_commonwealth_assault_units").set_value([KRRC]).run()
    at.selectbox(key="combat_target_axis_hex").select("C3920").run()
    assert_escaped(at, page)
