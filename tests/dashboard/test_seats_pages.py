"""Seats in the dashboard (issue 16): sign-in before anything of a game with seats shows, the
OpenID Connect login mapped to a seat, the pages reading the seat's view and journal, Undo of
the seat's own action, and the umpire's Seats page. Streamlit's AppTest on a Graziani game with
an umpire and three seats (Axis Field Commander, Commonwealth Field and Logistics Commanders).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from streamlit.proto.TextInput_pb2 import TextInput as TextInputProto
from streamlit.testing.v1 import AppTest

from dashboard.context import Game
from dashboard.served import SERVED_ON_ENV
from ledger.commands.cp import spend_cp
from ledger.io.scenario import load_scenario, resolve
from ledger.journal import EventStore
from ledger.journal.seats import SignInRefused, add_seat, open_session, remove_seat, seats_of
from ledger.journal.session import GameSession, create_game
from ledger.journal.store import database_url
from ledger.model.seats import Seat
from ledger.model.source import Source
from tests.dashboard.pages import APP
from tests.dashboard.test_app import PAGES, click, field, texts

GAME = "graziani"
UMPIRE = Seat("umpire", None)
AXIS_FC = Seat("axis-fc", "axis", ("field_commander",))
CW_FC = Seat("cw-fc", "commonwealth", ("field_commander",))
CW_LC = Seat("cw-lc", "commonwealth", ("logistics_commander",))
ESSEX = "cw.70_inf_div.1st_essex"
CCNN_HQ = "it.1ccnn_div.1st_ccnn_div_hq"
SECRET = "AXIS SECRET: the 1st CCNN moves at dawn"


def phrase(seat: Seat) -> str:
    """The test passphrase of ``seat``."""
    return f"{seat.name} passphrase"


@pytest.fixture
def seated_db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """Graziani with an umpire and three seats; ``QUARTERMASTER_DB`` points at it."""
    path = tmp_path / "seats.db"
    url = database_url(str(path))
    store = EventStore(url, create=True)
    create_game(store, GAME, load_scenario(resolve("graziani")), setup_step=False)
    add_seat(store, GAME, UMPIRE, phrase(UMPIRE))
    for seat in (AXIS_FC, CW_FC, CW_LC):
        add_seat(store, GAME, seat, phrase(seat), by=UMPIRE)
    add_seat(
        store,
        GAME,
        Seat("axis-lc", "axis", ("logistics_commander",)),
        "axis-lc passphrase",
        login="Rommel@Example.org",
        by=UMPIRE,
    )
    monkeypatch.setenv("QUARTERMASTER_DB", str(path))
    return url


def _spend(url: str, seat: Seat, unit: str, cp: int, reason: str = "") -> None:
    """``seat`` spends ``cp`` CP on ``unit`` through its own session."""
    session = open_session(EventStore(url), GAME, seat)
    side = seat.side
    session.execute(
        lambda s: spend_cp(s, unit, Fraction(cp), Source(s.clock, side, "field_commander", reason))
    )


def signed_in(seat: Seat, page: str | None = None, passphrase: str | None = None) -> AppTest:
    """The app signed in as ``seat`` through the sign-in form, then on ``page``."""
    at = AppTest.from_file(APP, default_timeout=60).run()
    assert not at.exception, at.exception
    assert [t.value for t in at.title] == ["Sign in"]
    at.selectbox(key="sign_in_seat").select(seat.name)
    at.text_input(key="sign_in_passphrase").input(passphrase or phrase(seat))
    click(at, "Sign in")
    if page is not None:
        at.switch_page(page).run()
        assert not at.exception, at.exception
    return at


def everything(at: AppTest) -> str:
    """The page's texts and every table cell, joined."""
    cells = [str(v) for frame in at.dataframe for v in frame.value.astype(str).to_numpy().ravel()]
    return texts(at) + "\n" + "\n".join([*cells, *(str(i.value) for i in at.info)])


@pytest.mark.parametrize("page", list(PAGES))
def test_a_game_with_seats_shows_only_the_sign_in_form(seated_db: str, page: str) -> None:
    at = AppTest.from_file(APP, default_timeout=60).run()
    at.switch_page(page).run()
    assert not at.exception, at.exception
    assert [t.value for t in at.title] == ["Sign in"]
    assert not at.dataframe and not at.metric
    assert "GT 1" not in everything(at) and "1st Essex" not in everything(at)
    assert at.text_input(key="sign_in_passphrase").proto.type == TextInputProto.PASSWORD
    assert {s.key for s in at.sidebar.selectbox} == {"game"}  # no side or role picker yet


def test_a_wrong_passphrase_is_refused_and_a_right_one_signs_in(seated_db: str) -> None:
    at = AppTest.from_file(APP, default_timeout=60).run()
    at.selectbox(key="sign_in_seat").select("cw-fc")
    at.text_input(key="sign_in_passphrase").input("not the passphrase")
    click(at, "Sign in")
    assert at.error and "no such seat or a wrong passphrase" in at.error[0].value
    assert "not the passphrase" not in everything(at)
    at = signed_in(CW_FC, "views/units.py")
    assert [t.value for t in at.title] == ["Units"]
    assert "cw-fc (Commonwealth Field Commander)" in texts(at)
    roles = at.sidebar.selectbox(key="role")
    assert roles.options == ["Field Commander"] and roles.value == "field_commander"
    assert "side" not in {s.key for s in at.sidebar.selectbox}  # the seat's side, no picker
    names = set(at.dataframe[0].value["Name"])
    assert "1st Essex" in names and "1st CCNN Div HQ" not in names
    click(at, "Sign out")
    assert [t.value for t in at.title] == ["Sign in"]


def test_a_sign_in_refused_for_too_many_attempts_says_so_and_signs_in_nobody(
    seated_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Review finding 3: ``sign_in`` refuses a seat tried too often (``SignInRefused``); the
    page shows its message, whatever it is, and shows nothing of the game."""
    tried: list[str] = []

    def limited(store: EventStore, game: str, name: str, passphrase: str) -> Seat:
        tried.append(name)
        raise SignInRefused(f"seat {name!r} of game {game!r}: too many attempts, try in *5* min")

    monkeypatch.setattr("dashboard.signin.sign_in", limited)
    at = AppTest.from_file(APP, default_timeout=60).run()
    at.selectbox(key="sign_in_seat").select("cw-fc")
    at.text_input(key="sign_in_passphrase").input(phrase(CW_FC))
    click(at, "Sign in")
    assert tried == ["cw-fc"]
    said = at.error[0].value
    assert "\\*5\\*" in said  # the message as text (``plain``), not Markdown
    assert said.replace("\\", "") == (
        "Not signed in: seat 'cw-fc' of game 'graziani': too many attempts, try in *5* min"
    )
    assert [t.value for t in at.title] == ["Sign in"] and not at.dataframe
    assert phrase(CW_FC) not in everything(at)
    assert {s.key for s in at.sidebar.selectbox} == {"game"}


def test_game_state_is_the_seats_view_and_commands_run_on_the_whole_ledger(
    seated_db: str,
) -> None:
    session = open_session(EventStore(seated_db), GAME, CW_FC)
    game = Game(session, "commonwealth", "field_commander")
    assert game.state is session.view
    assert {u.side for u in game.state.units.values()} == {"commonwealth"}
    assert len(session.state.units) == 306  # the whole ledger, inside the session
    umpire = Game(open_session(EventStore(seated_db), GAME, UMPIRE), "axis", "field_commander")
    assert len(umpire.state.units) == 306


def test_an_openid_connect_login_signs_in_as_its_seat(seated_db: str) -> None:
    at = AppTest.from_file(APP, default_timeout=60)
    at.user = {"is_logged_in": True, "email": "rommel@example.org", "name": "E. Rommel"}
    at.run()
    at.switch_page("views/supply.py").run()
    assert not at.exception, at.exception
    assert [t.value for t in at.title] == ["Supply"]
    assert "axis-lc (Axis Logistics Commander)" in texts(at)
    assert at.sidebar.selectbox(key="role").options == ["Logistics Commander"]


def test_an_openid_connect_login_of_no_seat_still_needs_the_passphrase(seated_db: str) -> None:
    at = AppTest.from_file(APP, default_timeout=60)
    at.user = {"is_logged_in": True, "email": "stranger@example.org"}
    at.run()
    assert [t.value for t in at.title] == ["Sign in"]
    assert "stranger@example.org, which is no seat of this game" in everything(at)
    at = AppTest.from_file(APP, default_timeout=60)
    at.user = {"is_logged_in": False}  # [auth] configured, nobody logged in yet
    at.run()
    assert [b.label for b in at.button if b.label == "Log in with your account"]


@pytest.mark.parametrize("verified", [False, "false", 0], ids=["false", "text", "zero"])
def test_an_openid_connect_login_whose_email_is_not_verified_signs_in_as_no_seat(
    seated_db: str, verified: object
) -> None:
    at = AppTest.from_file(APP, default_timeout=60)
    at.user = {"is_logged_in": True, "email": "rommel@example.org", "email_verified": verified}
    at.run()
    at.switch_page("views/supply.py").run()
    assert not at.exception, at.exception
    assert [t.value for t in at.title] == ["Sign in"]
    assert "axis-lc" not in " ".join(m.value for m in at.sidebar.markdown)
    said = everything(at)
    assert "rommel@example.org, whose e-mail the account provider has not verified" in said
    assert "signs in to no seat" in said


def test_an_openid_connect_login_with_a_verified_email_signs_in_as_its_seat(
    seated_db: str,
) -> None:
    at = AppTest.from_file(APP, default_timeout=60)
    at.user = {"is_logged_in": True, "email": "rommel@example.org", "email_verified": True}
    at.run()
    at.switch_page("views/supply.py").run()
    assert [t.value for t in at.title] == ["Supply"]
    assert "axis-lc (Axis Logistics Commander)" in texts(at)


@pytest.mark.parametrize("page", list(PAGES))
def test_no_page_shows_the_enemys_names_or_reasons(seated_db: str, page: str) -> None:
    _spend(seated_db, AXIS_FC, CCNN_HQ, 2, SECRET)
    at = signed_in(CW_FC, page)
    assert not at.error, texts(at)
    shown = everything(at)
    setup = load_scenario(resolve("graziani"))
    own = {u.name for u in setup.units if u.side == "commonwealth"}
    enemy = {u.name for u in setup.units if u.side == "axis"} - own
    assert not [name for name in enemy if name in shown], page
    assert "AXIS SECRET" not in shown and "CCNN" not in shown


def test_the_journal_counts_the_enemys_entries_and_hides_their_reasons(seated_db: str) -> None:
    _spend(seated_db, CW_FC, ESSEX, 3, "Essex digs in")  # #2
    _spend(seated_db, AXIS_FC, CCNN_HQ, 2, SECRET)  # #3
    _spend(seated_db, AXIS_FC, CCNN_HQ, 1, SECRET)  # #4
    at = signed_in(CW_LC, "views/journal.py")
    rows = at.dataframe[0].value
    assert list(rows["What happened"][:2]) == ["Axis: 2 entries", "1st Essex expends 3 CP"]
    assert rows["Recorded by"][1] == "cw-fc (Commonwealth Field Commander)"
    assert "SECRET" not in everything(at) and "CCNN" not in everything(at)
    axis = signed_in(AXIS_FC, "views/journal.py")
    assert "Commonwealth: 1 entry" in set(axis.dataframe[0].value["What happened"])
    assert "Essex" not in everything(axis)
    umpire = signed_in(UMPIRE, "views/journal.py")
    assert SECRET in set(umpire.dataframe[0].value["Why"])


def test_undo_takes_back_only_the_seats_own_last_action(seated_db: str) -> None:
    _spend(seated_db, CW_FC, ESSEX, 3)  # #2
    _spend(seated_db, AXIS_FC, CCNN_HQ, 2)  # #3, after it
    at = signed_in(CW_FC, "views/journal.py")
    note = texts(at).replace("\\", "")
    assert "Your seat's last action not yet undone is #2: 1st Essex expends 3 CP" in note
    click(at, "Undo last event")
    assert at.success and "undo #2: 1st Essex expends 3 CP" in at.success[0].value.replace("\\", "")
    state = GameSession(EventStore(seated_db), GAME).state
    assert state.units[ESSEX].cp_expended == 0 and state.units[CCNN_HQ].cp_expended == 2
    assert "your seat has recorded nothing that is not undone" in texts(at)


def test_the_notice_of_changes_while_filling_in_hides_the_enemys_entry(seated_db: str) -> None:
    at = signed_in(CW_FC, "views/units.py")
    field(at.selectbox, "spend_unit").select(ESSEX)
    field(at.text_input, "spend_cp").input("2")
    _spend(seated_db, AXIS_FC, CCNN_HQ, 2, SECRET)
    click(at, "Spend CP")
    notice = at.info[0].value.replace("\\", "")
    assert "the ledger changed (1 event)" in notice and "#2: Axis: 1 entry" in notice
    assert "CCNN" not in notice and "SECRET" not in notice
    assert at.success and "1st Essex expends 2 CP" in at.success[0].value


def test_the_overview_shows_only_the_seats_own_supplies(seated_db: str) -> None:
    at = signed_in(AXIS_FC, "views/overview.py")
    assert "**Axis**" in [m.value for m in at.markdown]
    assert "**Commonwealth**" not in [m.value for m in at.markdown]
    assert len([f for f in at.dataframe if "Held in" in f.value.columns]) == 1


def test_the_umpire_keeps_the_seats(seated_db: str) -> None:
    at = signed_in(UMPIRE, "views/seats.py")
    assert [t.value for t in at.title] == ["Seats"]
    listed = at.dataframe[0].value
    assert set(listed["Seat"]) == {"umpire", "axis-fc", "axis-lc", "cw-fc", "cw-lc"}
    assert "argon2" not in everything(at) and "passphrase" not in " ".join(listed["Seat"])
    field(at.text_input, "seat_name").input("axis-ram")
    field(at.selectbox, "seat_side").select("axis")
    field(at.multiselect, "seat_roles").select("rear_area_commander")
    field(at.text_input, "seat_passphrase").input("rear area phrase")
    field(at.text_input, "seat_again").input("rear area phrasE")
    click(at, "Add seat")
    assert "the two passphrases differ" in at.error[0].value
    field(at.text_input, "seat_passphrase").input("rear area phrase")
    field(at.text_input, "seat_again").input("rear area phrase")
    click(at, "Add seat")
    assert not at.error, texts(at)
    assert "Seat added: axis-ram (Axis Rear Area Commander)" in at.success[0].value
    store = EventStore(seated_db)
    assert "axis-ram" in {r.seat.name for r in seats_of(store, GAME)}
    field(at.text_input, "seat_name").input("cw-fc")
    field(at.selectbox, "seat_side").select("commonwealth")
    field(at.multiselect, "seat_roles").select("field_commander")
    field(at.text_input, "seat_passphrase").input("x")
    field(at.text_input, "seat_again").input("x")
    click(at, "Add seat")
    assert "is taken" in at.error[0].value and "between 8 and 256" in at.error[0].value
    at.selectbox(key="seat_remove_name").select("axis-ram")
    click(at, "Remove seat")
    assert "axis-ram" not in {r.seat.name for r in seats_of(store, GAME)}


def test_the_seats_page_is_the_umpires_alone(seated_db: str) -> None:
    at = signed_in(CW_FC)
    with pytest.raises(ValueError, match="seats"):  # not in the navigation of a side's seat
        at.switch_page("views/seats.py").run()
    at = signed_in(UMPIRE)
    at.switch_page("views/seats.py").run()
    assert [t.value for t in at.title] == ["Seats"]


def test_a_table_without_seats_sets_up_its_first_seat(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "solo.db"
    create_game(
        EventStore(database_url(str(path)), create=True),
        GAME,
        load_scenario(resolve("graziani")),
        setup_step=False,
    )
    monkeypatch.setenv("QUARTERMASTER_DB", str(path))
    monkeypatch.delenv(SERVED_ON_ENV, raising=False)  # this computer only: the solo table
    at = AppTest.from_file(APP, default_timeout=60).run()
    assert at.sidebar.selectbox(key="side").options == ["Axis", "Commonwealth"]
    at.switch_page("views/seats.py").run()
    assert "No seats: this is the solo table" in everything(at)
    field(at.text_input, "seat_name").input("umpire")
    field(at.selectbox, "seat_side").select("umpire")
    field(at.text_input, "seat_passphrase").input("the umpire's phrase")
    field(at.text_input, "seat_again").input("the umpire's phrase")
    click(at, "Add seat")
    assert "Seat added: umpire (Umpire)" in at.success[0].value
    at.switch_page("views/units.py").run()
    assert [t.value for t in at.title] == ["Sign in"]


LATER = "later"
NOT_SERVED = (
    "Game 'later' has no seats: it is not played over the network; add seats on the host with "
    "`quartermaster seat add`"
)


def on_game(name: str, page: str) -> AppTest:
    """The app with game ``name`` chosen in the sidebar, on ``page``."""
    at = AppTest.from_file(APP, default_timeout=60).run()
    at.sidebar.selectbox(key="game").select(name).run()
    at.switch_page(page).run()
    assert not at.exception, at.exception
    return at


@pytest.mark.parametrize("page", list(PAGES))
def test_served_to_the_network_a_game_created_later_without_seats_is_refused(
    seated_db: str, monkeypatch: pytest.MonkeyPatch, page: str
) -> None:
    """Review finding 2: ``quartermaster serve`` checked the games at start; a game created
    afterwards is refused on every page of a dashboard served beyond this computer."""
    create_game(EventStore(seated_db), LATER, load_scenario(resolve("graziani")), setup_step=False)
    monkeypatch.setenv(SERVED_ON_ENV, "0.0.0.0")
    at = on_game(LATER, page)
    assert [e.value for e in at.error] == [NOT_SERVED + " (docs/seats.md)."]
    assert not at.title and not at.dataframe and not at.metric and not at.form
    assert "GT 1" not in everything(at) and "1st Essex" not in everything(at)
    assert {s.key for s in at.sidebar.selectbox} == {"game"}  # no side or role picker
    with pytest.raises(ValueError, match="seats"):  # no Seats page to add the first seat
        at.switch_page("views/seats.py").run()
    assert not seats_of(EventStore(seated_db), LATER)


def test_on_this_computer_a_game_created_later_is_the_solo_table(
    seated_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    create_game(EventStore(seated_db), LATER, load_scenario(resolve("graziani")), setup_step=False)
    monkeypatch.delenv(SERVED_ON_ENV, raising=False)
    at = on_game(LATER, "views/units.py")
    assert [t.value for t in at.title] == ["Units"] and not at.error
    assert at.sidebar.selectbox(key="side").options == ["Axis", "Commonwealth"]
    at.switch_page("views/seats.py").run()
    assert [t.value for t in at.title] == ["Seats"]
    assert [b.label for b in at.button if b.label == "Add seat"]


def test_served_to_the_network_a_game_whose_last_seat_is_removed_is_refused(
    seated_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(SERVED_ON_ENV, "192.168.1.20")
    at = signed_in(CW_FC, "views/units.py")
    assert [t.value for t in at.title] == ["Units"]
    store = EventStore(seated_db)
    for record in sorted(seats_of(store, GAME), key=lambda r: r.seat.umpire):  # umpire last
        remove_seat(store, GAME, record.seat.name, by=UMPIRE)
    at.run()
    assert not at.exception, at.exception
    refused = NOT_SERVED.replace("'later'", f"{GAME!r}")
    assert [e.value for e in at.error] == [refused + " (docs/seats.md)."]
    assert not at.dataframe and "1st Essex" not in everything(at)
    at = AppTest.from_file(APP, default_timeout=60).run()  # a newcomer from the network
    assert [e.value for e in at.error] == [refused + " (docs/seats.md)."]
    with pytest.raises(ValueError, match="seats"):
        at.switch_page("views/seats.py").run()
