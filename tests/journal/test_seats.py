"""Seats (issue 16 items 1, 2, 5, 7): argon2 passphrases, sign-in, role permissions, events
recording their seat, and undo taking back only the calling seat's own action."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from sqlalchemy import text

from ledger.commands.cp import spend_cp
from ledger.commands.transfers import transfer
from ledger.commands.undo import undo
from ledger.journal import EventStore
from ledger.journal.seats import (
    SignInRefused,
    add_seat,
    has_seats,
    open_session,
    remove_seat,
    seat_for_login,
    seats_of,
    sign_in,
)
from ledger.journal.session import CommandRefused, GameSession, create_game
from ledger.model.quantities import Supplies
from ledger.model.seats import Seat
from ledger.model.source import Source
from tests.seats import AXIS_FC, CW_FC, CW_LC, UMPIRE, seated_game

ESSEX = "cw.70_inf_div.1st_essex"
SCOTS = "cw.unassigned_inf.2nd_scots_guards"
CCNN_HQ = "it.1ccnn_div.1st_ccnn_div_hq"


@pytest.fixture
def table(store: EventStore, graziani_setup) -> EventStore:  # type: ignore[no-untyped-def]
    """Graziani with an umpire and three seats: Axis FC, Commonwealth FC and LC."""
    seated_game(store, graziani_setup)
    return store


def _spend(session: GameSession, unit: str, cp: int, reason: str = "") -> None:
    side = session.state.units[unit].side
    session.execute(
        lambda s: spend_cp(s, unit, Fraction(cp), Source(s.clock, side, "field_commander", reason))
    )


def test_passphrases_are_kept_only_as_argon2_hashes(table: EventStore) -> None:
    with table.engine.connect() as conn:
        rows = conn.execute(text("SELECT name, passphrase_hash FROM seats")).all()
        everything = " ".join(
            str(v)
            for t in ("seats", "events", "games")
            for r in conn.execute(text(f"SELECT * FROM {t}"))
            for v in r
        )
    assert {r.name for r in rows} == {"umpire", "axis-fc", "cw-fc", "cw-lc"}
    assert all(r.passphrase_hash.startswith("$argon2id$") for r in rows)
    assert "passphrase" not in everything.replace("passphrase_hash", "")


def test_sign_in_checks_the_passphrase(table: EventStore) -> None:
    assert sign_in(table, "g", "cw-lc", "cw-lc passphrase") == CW_LC
    with pytest.raises(SignInRefused, match="'cw-lc'"):
        sign_in(table, "g", "cw-lc", "cw-fc passphrase")
    with pytest.raises(SignInRefused, match="no such seat"):
        sign_in(table, "g", "nobody", "whatever12")
    with pytest.raises(SignInRefused, match="played from seats"):
        open_session(table, "g", None)


def test_a_game_without_seats_stays_the_solo_table(store: EventStore, graziani_setup) -> None:  # type: ignore[no-untyped-def]
    create_game(store, "solo", graziani_setup, setup_step=False)
    assert not has_seats(store, "solo")
    session = open_session(store, "solo", None)
    assert len(session.view.units) == 306  # both sides: 217 Axis and 89 Commonwealth counters


def test_seats_refuse_bad_fields_and_only_the_umpire_adds_once_there(table: EventStore) -> None:
    with pytest.raises(CommandRefused) as refused:
        add_seat(table, "g", Seat(" x", "axis", ()), "short", by=UMPIRE)
    said = str(refused.value)
    assert "leading or trailing spaces" in said
    assert "at least one command role" in said
    assert "5 characters: between 8 and 256" in said
    with pytest.raises(CommandRefused, match="only the umpire may add seats"):
        add_seat(table, "g", Seat("axis-lc", "axis", ("logistics_commander",)), "long enough")
    with pytest.raises(CommandRefused, match="'cw-fc' is taken"):
        add_seat(table, "g", CW_FC, "long enough", by=UMPIRE)
    with pytest.raises(CommandRefused, match="only the umpire may remove"):
        remove_seat(table, "g", "cw-fc", by=CW_LC)
    remove_seat(table, "g", "cw-fc", by=UMPIRE)
    assert [r.seat.name for r in seats_of(table, "g")] == ["axis-fc", "cw-lc", "umpire"]


def test_a_login_maps_to_its_seat(table: EventStore) -> None:
    add_seat(
        table,
        "g",
        Seat("axis-lc", "axis", ("logistics_commander",)),
        "long enough",
        login="Rommel@Example.org",
        by=UMPIRE,
    )
    assert seat_for_login(table, "g", "rommel@example.org") == Seat(
        "axis-lc", "axis", ("logistics_commander",)
    )
    assert seat_for_login(table, "g", "monty@example.org") is None


def test_every_event_records_its_seat_and_roles_limit_what_it_posts(table: EventStore) -> None:
    fc = open_session(table, "g", CW_FC)
    _spend(fc, ESSEX, 3)
    assert fc.recent(1)[0].event.source.seat == "cw-fc"
    lc = open_session(table, "g", CW_LC)
    with pytest.raises(CommandRefused, match="cp expended is kept by the Field Commander"):
        _spend(lc, ESSEX, 1)
    with pytest.raises(
        CommandRefused, match="supplies transferred is kept by the Logistics Commander"
    ):
        fc.execute(  # 1st Essex is at Mersa Matruh (D3714), beside the dump
            lambda s: transfer(
                s, "cw_mersa_matruh", ESSEX, Supplies(ammo=1), Source(s.clock, "commonwealth")
            )
        )
    lc.reload()
    lc.execute(
        lambda s: transfer(
            s, "cw_mersa_matruh", ESSEX, Supplies(ammo=1), Source(s.clock, "commonwealth")
        )
    )
    assert lc.recent(1)[0].event.source.seat == "cw-lc"
    axis = open_session(table, "g", AXIS_FC)
    with pytest.raises(CommandRefused, match="axis-fc plays Axis: it cannot post for Commonwealth"):
        axis.execute(
            lambda s: spend_cp(
                s, ESSEX, Fraction(1), Source(s.clock, "commonwealth", "field_commander")
            )
        )


def test_a_seat_sees_only_its_own_side(table: EventStore) -> None:
    axis = open_session(table, "g", AXIS_FC)
    cw = open_session(table, "g", CW_FC)
    assert {u.side for u in axis.view.units.values()} == {"axis"}
    assert len(axis.view.units) == 217 and len(cw.view.units) == 89
    assert {d.side for d in cw.view.dumps.values()} == {"commonwealth"}
    assert {t.side for t in cw.view.trucks.values()} == {"commonwealth"}
    assert len(open_session(table, "g", UMPIRE).view.units) == 306


def test_undo_takes_back_only_the_seats_own_last_action(table: EventStore) -> None:
    cw = open_session(table, "g", CW_FC)
    _spend(cw, ESSEX, 3)  # #2
    axis = open_session(table, "g", AXIS_FC)
    _spend(axis, CCNN_HQ, 2)  # #3
    cw.reload()
    events = cw.execute(
        lambda s: undo(cw.undo_window(), Source(s.clock, "commonwealth"), seat=cw.seat, state=s)
    )
    assert [e.undone_seq for e in events] == [2]  # type: ignore[union-attr]
    assert cw.state.units[ESSEX].cp_expended == 0
    assert cw.state.units[CCNN_HQ].cp_expended == 2  # the Axis spend stands
    with pytest.raises(CommandRefused, match="cw-fc has recorded nothing that is not undone"):
        cw.execute(
            lambda s: undo(cw.undo_window(), Source(s.clock, "commonwealth"), seat=cw.seat, state=s)
        )


def test_undo_refuses_past_another_seats_entry_on_the_same_counter(table: EventStore) -> None:
    fc1 = open_session(table, "g", CW_FC)
    _spend(fc1, ESSEX, 3)  # #2
    add_seat(
        table,
        "g",
        Seat("cw-fc2", "commonwealth", ("field_commander",)),
        "second fc phrase",
        by=UMPIRE,
    )
    fc2 = open_session(table, "g", Seat("cw-fc2", "commonwealth", ("field_commander",)))
    _spend(fc2, ESSEX, 1)  # #3, the same counter
    fc1.reload()
    with pytest.raises(
        CommandRefused,
        match=r"#3 \(cw-fc2\) was recorded after #2 on the same counters \(1st Essex\)",
    ):
        fc1.execute(
            lambda s: undo(
                fc1.undo_window(), Source(s.clock, "commonwealth"), seat=fc1.seat, state=s
            )
        )
    umpire = open_session(table, "g", UMPIRE)
    events = umpire.execute(
        lambda s: undo(umpire.undo_window(), Source(s.clock), seat=UMPIRE, state=s)
    )
    assert [e.undone_seq for e in events] == [3]  # type: ignore[union-attr]


def test_a_seat_removed_cannot_open_the_game(table: EventStore, tmp_path: Path) -> None:
    remove_seat(table, "g", "cw-lc", by=UMPIRE)
    with pytest.raises(SignInRefused, match="no seat cw-lc"):
        open_session(table, "g", CW_LC)


def test_seat_roles_by_side_lets_any_seat_of_a_side_post_its_entries(
    store: EventStore,
    graziani_setup,  # type: ignore[no-untyped-def]
) -> None:
    create_game(store, "small", graziani_setup, {"seat-roles": "by-side"}, setup_step=False)
    add_seat(store, "small", CW_LC, "cw-lc passphrase")
    lc = open_session(store, "small", CW_LC)
    _spend(lc, ESSEX, 3)  # the Logistics Commander spends CP: the side shares its roles
    assert lc.state.units[ESSEX].cp_expended == 3
    with pytest.raises(CommandRefused, match="cw-lc plays Commonwealth: it cannot post for Axis"):
        lc.execute(
            lambda s: spend_cp(s, CCNN_HQ, Fraction(1), Source(s.clock, "axis", "field_commander"))
        )


def test_seat_undo_own_latest_refuses_once_anyone_recorded_after(
    store: EventStore,
    graziani_setup,  # type: ignore[no-untyped-def]
) -> None:
    create_game(store, "strict", graziani_setup, {"seat-undo": "own-latest"}, setup_step=False)
    add_seat(store, "strict", CW_FC, "cw-fc passphrase")
    add_seat(store, "strict", AXIS_FC, "axis-fc passphrase")
    cw = open_session(store, "strict", CW_FC)
    _spend(cw, ESSEX, 3)  # #2
    _spend(open_session(store, "strict", AXIS_FC), CCNN_HQ, 2)  # #3, another counter
    cw.reload()
    with pytest.raises(CommandRefused, match=r"#3 \(Axis\) was recorded after #2"):
        cw.execute(
            lambda s: undo(cw.undo_window(), Source(s.clock, "commonwealth"), seat=cw.seat, state=s)
        )


def test_a_field_commanders_requisition_reaches_the_logistics_commanders_seat(
    table: EventStore,
) -> None:
    from ledger.commands.logistics import file_requisition, fulfil_requisition
    from ledger.reports.tables import requisitions

    fc = open_session(table, "g", CW_FC)
    fc.execute(
        lambda s: file_requisition(
            s, ESSEX, Supplies(ammo=2), Source(s.clock, "commonwealth", "field_commander")
        )
    )
    lc = open_session(table, "g", CW_LC)
    (asked,) = requisitions(lc.view, open_only=True)
    assert (asked["id"], asked["unit"], asked["ammo"], asked["filed_by"]) == (
        "CR1",
        "1st Essex",
        2,
        "cw-fc",
    )
    assert requisitions(open_session(table, "g", AXIS_FC).view) == []  # the enemy's: secret
    with pytest.raises(
        CommandRefused, match="supplies transferred is kept by the Logistics Commander"
    ):
        fc.execute(
            lambda s: fulfil_requisition(
                s, "CR1", "cw_mersa_matruh", Source(s.clock, "commonwealth", "field_commander")
            )
        )
    lc.execute(
        lambda s: fulfil_requisition(
            s, "CR1", "cw_mersa_matruh", Source(s.clock, "commonwealth", "logistics_commander")
        )
    )
    assert requisitions(lc.view)[0]["status"] == "fulfilled"
    assert lc.state.units[ESSEX].supplies.ammo == fc.state.units[ESSEX].supplies.ammo + 2


def test_wrong_passphrases_make_a_seat_wait(table: EventStore) -> None:
    now = [1000.0]
    for _ in range(5):
        with pytest.raises(SignInRefused, match="no such seat or a wrong passphrase"):
            sign_in(table, "g", "cw-lc", "guess guess", clock=lambda: now[0])
    now[0] += 30
    with pytest.raises(
        SignInRefused, match="5 wrong passphrases in the last 60 s; try again in 31 s"
    ):
        sign_in(table, "g", "cw-lc", "cw-lc passphrase", clock=lambda: now[0])  # even the right one
    assert sign_in(table, "g", "cw-fc", "cw-fc passphrase", clock=lambda: now[0]) == CW_FC
    now[0] += 31
    assert sign_in(table, "g", "cw-lc", "cw-lc passphrase", clock=lambda: now[0]) == CW_LC


def test_seat_names_are_ascii_so_no_look_alike_seat(table: EventStore) -> None:
    with pytest.raises(CommandRefused, match="printable ASCII characters"):
        add_seat(
            table,
            "g",
            Seat("\u0441w-fc", "commonwealth", ("field_commander",)),
            "long enough",
            by=UMPIRE,
        )


def test_undo_blocked_by_the_enemy_names_only_its_side(table: EventStore) -> None:
    from ledger.model.events import SuppliesConsumed

    lc = open_session(table, "g", CW_LC)
    lc.execute(  # #2: the Commonwealth's dump gives 1st Essex 1 Ammunition
        lambda s: transfer(
            s, "cw_mersa_matruh", ESSEX, Supplies(ammo=1), Source(s.clock, "commonwealth")
        )
    )
    journal = [(r.seq, r.event) for r in lc.journal]
    capture = SuppliesConsumed(  # #3: an Axis seat's later entry on the same dump
        Source(lc.state.clock, "axis", "field_commander", seat="axis-fc"),
        "cw_mersa_matruh",
        Supplies(ammo=1),
        "captured",
        "54.3",
    )
    journal.append((3, capture))
    refused = undo(journal, Source(lc.state.clock, "commonwealth"), seat=CW_LC, state=lc.state)
    (error,) = refused.errors
    assert "#3 (Axis) was recorded after #2 on the same counters (Mersa Matruh)" in str(error)
    assert "axis-fc" not in str(error)


def test_a_table_hashes_with_argon2ids_recommended_parameters(
    store: EventStore,
    graziani_setup,  # type: ignore[no-untyped-def]
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("QUARTERMASTER_TEST_CHEAP_HASHES")
    create_game(store, "real", graziani_setup, setup_step=False)
    add_seat(store, "real", CW_FC, "a real passphrase")
    with store.engine.connect() as conn:
        (hashed,) = conn.execute(text("SELECT passphrase_hash FROM seats")).one()
    assert hashed.startswith("$argon2id$v=19$m=65536,t=3,p=4$")  # RFC 9106, 64 MiB
    assert sign_in(store, "real", "cw-fc", "a real passphrase") == CW_FC
