"""The journal's codec: every event kind reads back equal and writes back byte-identical, and a
payload that is not an event of its kind is refused with the kind named, never half-read."""

from __future__ import annotations

import sqlite3
import typing
from fractions import Fraction
from pathlib import Path

import pytest

from ledger.commands.cp import spend_cp
from ledger.commands.stage_end import end_stage
from ledger.commands.transfers import transfer
from ledger.commands.undo import undo
from ledger.journal import EventStore, JournalBrokenError, database_url
from ledger.journal.codec import (
    CorruptPayloadError,
    decode,
    decode_state,
    encode,
    encode_state,
)
from ledger.journal.session import GameSession, create_game
from ledger.model.events import CPExpended, Event
from ledger.model.quantities import Supplies
from ledger.model.scenario import Setup
from ledger.model.source import Source
from tests.phases import session_to_last_phase


@pytest.fixture
def session(tmp_path: Path, mini_setup: Setup) -> GameSession:
    """A mini game: CP, a transfer, an end of Operations Stage (its upkeep), an undo."""
    url = database_url(str(tmp_path / "q.db"))
    played = create_game(EventStore(url, create=True), "g", mini_setup, setup_step=False)
    played.execute(lambda s: spend_cp(s, "cw.1_rnf", Fraction(5, 2), Source(s.clock)))
    played.execute(
        lambda s: transfer(s, "cw_matruh", "cw_c3721", Supplies(ammo=3), Source(s.clock))
    )
    session_to_last_phase(played)
    played.execute(lambda s: end_stage(s, Source(s.clock)))
    played.execute(lambda s: spend_cp(s, "cw.1_rnf", Fraction(1, 4), Source(s.clock)))
    played.execute(lambda s: undo(played.indexed(), Source(s.clock)))
    return played


def test_every_event_reads_back_equal_and_writes_back_identical(session: GameSession) -> None:
    kinds = set()
    for recorded in session.journal:
        text = encode(recorded.event)
        assert decode(text, recorded.event.kind) == recorded.event
        assert decode(text) == recorded.event  # the kind read from the text itself
        assert encode(decode(text)) == text
        kinds.add(recorded.event.kind)
    assert {"game_started", "cp_expended", "supplies_transferred", "event_undone"} <= kinds
    assert "operations_stage_ended" in kinds


def test_exact_quantities_are_written_as_fractions(session: GameSession) -> None:
    spent = next(r.event for r in session.journal if isinstance(r.event, CPExpended))
    assert '"cp":"5/2"' in encode(spent)
    assert decode(encode(spent)).cp == Fraction(5, 2)  # type: ignore[union-attr]


def test_a_folded_state_round_trips(session: GameSession) -> None:
    assert decode_state(encode_state(session.state)) == session.state


@pytest.mark.parametrize(
    ("payload", "kind", "named"),
    [
        ("not json", "cp_expended", "cp_expended"),
        ('{"kind": "cp_expended"}', "cp_expended", "source"),
        ('{"kind": "no_such_kind"}', None, "no_such_kind"),
        ("{}", None, "kind"),
        (
            '{"kind": "event_undone", "source": {"game_time": {"game_turn": 1, "op_stage": 1}, '
            '"side": null, "role": null, "reason": "", "app_made": false}, "undone_seq": 2, '
            '"undone": {"kind": "game_started"}}',
            None,
            "game_started",
        ),
    ],
)
def test_a_payload_that_is_no_event_is_refused_with_its_kind(
    payload: str, kind: str | None, named: str
) -> None:
    with pytest.raises(CorruptPayloadError, match=named):
        decode(payload, kind)


def test_a_cp_payload_with_a_bad_quantity_is_refused(session: GameSession) -> None:
    spent = next(r.event for r in session.journal if isinstance(r.event, CPExpended))
    bad = encode(spent).replace('"cp":"5/2"', '"cp":"five"')
    with pytest.raises(CorruptPayloadError, match="five"):
        decode(bad, "cp_expended")


def test_a_payload_of_another_kind_than_its_row_is_refused(session: GameSession) -> None:
    spent = next(r.event for r in session.journal if isinstance(r.event, CPExpended))
    with pytest.raises(CorruptPayloadError):
        decode(encode(spent), "cohesion_adjusted")


def test_a_row_that_holds_its_chain_but_not_an_event_is_named_by_its_number(
    tmp_path: Path, mini_setup: Setup
) -> None:
    """A row written by another program with a correct link (so the chain holds) but a payload
    this ledger cannot read: the journal is reported broken at that event, not a traceback."""
    from ledger.journal.chain import link

    path = tmp_path / "q.db"
    url = database_url(str(path))
    game = create_game(EventStore(url, create=True), "g", mini_setup, setup_step=False)
    game.execute(lambda s: spend_cp(s, "cw.1_rnf", Fraction(1, 2), Source(s.clock)))
    previous = game.journal[-1].link
    payload = '{"kind": "cp_expended", "unit_id": 7}'
    with sqlite3.connect(path) as raw:
        raw.execute(
            "INSERT INTO events (game_id, seq, kind, payload, recorded_at, link) "
            "VALUES (1, 3, 'cp_expended', ?, '2026-01-01 00:00:00', ?)",
            (payload, link(previous, 3, "cp_expended", payload)),
        )
    raw.close()
    with pytest.raises(JournalBrokenError) as broken:
        EventStore(url).load("g")
    assert broken.value.seq == 3 and "event 3 cannot be read" in str(broken.value)


def test_every_event_kind_has_a_decoder() -> None:
    from ledger.journal import codec

    kinds = {cls.__dataclass_fields__["kind"].default for cls in typing.get_args(Event)}
    assert set(codec._decoders()) | {"event_undone"} == kinds


@pytest.mark.parametrize("value", ["1.5", "null", "true", "[1]", '"x/y"'])
def test_a_quantity_that_is_no_exact_number_is_refused(session: GameSession, value: str) -> None:
    spent = next(r.event for r in session.journal if isinstance(r.event, CPExpended))
    bad = encode(spent).replace('"cp":"5/2"', f'"cp":{value}')
    with pytest.raises(CorruptPayloadError, match="cp"):
        decode(bad, "cp_expended")
    state = encode_state(session.state)
    with pytest.raises(CorruptPayloadError):
        decode_state(state.replace('"cp_expended":"0"', f'"cp_expended":{value}', 1))


def test_verify_reads_every_event_too(tmp_path: Path, mini_setup: Setup) -> None:
    """``quartermaster verify`` calls a journal intact only if every row is also an event."""
    from ledger.journal.chain import link

    path = tmp_path / "q.db"
    url = database_url(str(path))
    game = create_game(EventStore(url, create=True), "g", mini_setup, setup_step=False)
    assert EventStore(url).verify("g") == 1
    payload = '{"kind": "cohesion_adjusted"}'
    with sqlite3.connect(path) as raw:
        raw.execute(
            "INSERT INTO events (game_id, seq, kind, payload, recorded_at, link) "
            "VALUES (1, 2, 'cohesion_adjusted', ?, '2026-01-01 00:00:00', ?)",
            (payload, link(game.journal[-1].link, 2, "cohesion_adjusted", payload)),
        )
    raw.close()
    with pytest.raises(JournalBrokenError) as broken:
        EventStore(url).verify("g")
    assert broken.value.seq == 2
