"""A verified journal: every event row is linked to its predecessor by a hash chain, opening a
game checks it, and a schema-1 database (made by the Quartermaster of before the chain, checked
in as tests/fixtures/journal-v1.db) is upgraded by `quartermaster migrate` with nothing lost.

tests/fixtures/journal-v1.db was made at commit c5160ac (journal schema 1) with the CLI on
tests/fixtures/mini.toml: `new desert`, `spend-cp "1 RNF" 6`, `transfer --from cw_matruh --to
cw_c3721 --ammo 30`, `spend-cp "1 RNF" "2 1/2"`, `end-stage`, `spend-cp "1 RNF" 1`, `undo`
(8 events), then checkpointed into one file.
"""

from __future__ import annotations

import shutil
import sqlite3
from fractions import Fraction
from pathlib import Path

import pytest

from ledger.cli import main
from ledger.commands.cp import spend_cp
from ledger.journal import EventStore, JournalBrokenError, SchemaVersionError, database_url
from ledger.journal.chain import START, ChainRow, first_break, link
from ledger.journal.codec import decode
from ledger.journal.session import GameSession, create_game
from ledger.model.apply import fold
from ledger.model.events import Event
from ledger.model.scenario import Setup
from ledger.model.source import Source
from tests.journal.files import digest

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
V1 = FIXTURES / "journal-v1.db"


@pytest.fixture
def v1(tmp_path: Path) -> Path:
    copy = tmp_path / "v1.db"
    shutil.copyfile(V1, copy)
    return copy


def _raw(path: Path) -> sqlite3.Connection:
    """A driver connection without the append-only triggers, as someone editing the file by
    hand would have."""
    raw = sqlite3.connect(path, isolation_level=None)
    raw.execute("DROP TRIGGER events_no_update")
    raw.execute("DROP TRIGGER events_no_delete")
    return raw


@pytest.fixture
def journal(tmp_path: Path, mini_setup: Setup) -> Path:
    """A schema-2 journal of 4 events: the start and three CP expenditures of 1 RNF."""
    path = tmp_path / "q.db"
    session = create_game(
        EventStore(database_url(str(path)), create=True), "g", mini_setup, setup_step=False
    )
    for cp in ("1", "2", "3"):
        session.execute(lambda s, cp=cp: spend_cp(s, "cw.1_rnf", Fraction(cp), Source(s.clock)))
    session.store.engine.dispose()
    return path


def _open_broken(path: Path) -> JournalBrokenError:
    with pytest.raises(JournalBrokenError) as broken:
        GameSession(EventStore(database_url(str(path))), "g")
    return broken.value


def test_links_follow_one_another_from_the_start() -> None:
    first = link(START, 1, "game_started", "{}")
    second = link(first, 2, "cp_expended", '{"cp": "1"}')
    rows = [
        ChainRow(1, "game_started", "{}", first),
        ChainRow(2, "cp_expended", '{"cp": "1"}', second),
    ]
    assert first_break(rows) is None
    assert len(first) == 64 and first != second
    assert first_break([rows[0], ChainRow(2, "cp_expended", '{"cp": "2"}', second)]) == (
        2,
        "event 2 was altered or inserted outside Quartermaster",
    )
    assert first_break([]) == (1, "the journal holds no event")


def test_an_altered_event_is_found_with_its_sequence_number(journal: Path) -> None:
    with _raw(journal) as raw:
        raw.execute("UPDATE events SET payload = replace(payload, '\"3\"', '\"30\"') WHERE seq = 4")
    broken = _open_broken(journal)
    assert broken.seq == 4
    assert str(broken).endswith(
        "the journal breaks at event 4: event 4 was altered or inserted outside Quartermaster"
    )


def test_a_removed_event_is_found_as_a_gap(journal: Path) -> None:
    with _raw(journal) as raw:
        raw.execute("DELETE FROM events WHERE seq = 2")
    broken = _open_broken(journal)
    assert broken.seq == 2
    assert str(broken).endswith("event 2 is missing (the next stored is 3)")


def test_a_duplicated_row_is_found(journal: Path) -> None:
    with _raw(journal) as raw:
        raw.execute(
            "INSERT INTO events (game_id, seq, kind, payload, recorded_at, link) "
            "SELECT game_id, 5, kind, payload, recorded_at, link FROM events WHERE seq = 4"
        )
    assert _open_broken(journal).seq == 5


def test_a_second_start_is_found_even_with_a_forged_link(journal: Path) -> None:
    with _raw(journal) as raw:
        start, last = (
            raw.execute("SELECT payload FROM events WHERE seq = 1").fetchone()[0],
            raw.execute("SELECT link FROM events WHERE seq = 4").fetchone()[0],
        )
        forged = link(last, 5, "game_started", start)
        raw.execute(
            "INSERT INTO events (game_id, seq, kind, payload, recorded_at, link) "
            "SELECT game_id, 5, kind, payload, recorded_at, ? FROM events WHERE seq = 1",
            (forged,),
        )
    broken = _open_broken(journal)
    assert (broken.seq, str(broken).endswith("event 5: a second start")) == (5, True)


def test_verify_reports_the_first_bad_event_and_exits_1(
    journal: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["verify", "--db", str(journal), "--json"]) == 0
    assert '"journal": "intact"' in capsys.readouterr().out
    with _raw(journal) as raw:
        raw.execute("DELETE FROM events WHERE seq = 3")
    assert main(["verify", "--db", str(journal)]) == 1
    said = capsys.readouterr()
    assert "breaks at event 3" in said.out
    assert "the journal breaks at event 3: event 3 is missing (the next stored is 4)" in said.err
    assert main(["units", "--db", str(journal)]) == 2  # a broken journal is not replayed
    assert "breaks at event 3" in capsys.readouterr().err


def test_a_schema_1_database_is_refused_untouched_until_migrated(v1: Path) -> None:
    before = digest(v1)
    with pytest.raises(SchemaVersionError, match="upgrade it with `quartermaster migrate`"):
        EventStore(database_url(str(v1)))
    assert digest(v1) == before


def test_migrate_upgrades_a_schema_1_journal_and_replays_it_identically(
    v1: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with sqlite3.connect(v1) as raw:
        stored = raw.execute("SELECT seq, payload FROM events ORDER BY seq").fetchall()
    raw.close()
    before = fold(decode(payload) for _, payload in stored)
    assert main(["migrate", "--db", str(v1)]) == 0
    assert capsys.readouterr().out == (
        f"{v1}: journal schema 1 -> 2: 8 events of 1 game(s) linked in a hash chain\n"
    )
    session = GameSession(EventStore(database_url(str(v1))), "desert")
    assert [r.seq for r in session.journal] == list(range(1, 9))
    assert session.state == before
    assert session.state.units["cw.1_rnf"].cp_expended == 0  # GT 1 OpStage 2, the 1 CP undone
    assert session.store.verify("desert") == 8
    assert main(["migrate", "--db", str(v1)]) == 0
    assert capsys.readouterr().out == f"{v1} is at journal schema 2: nothing to do\n"
    with sqlite3.connect(v1) as raw, pytest.raises(sqlite3.IntegrityError, match="append-only"):
        raw.execute("UPDATE events SET kind = 'x' WHERE seq = 2")  # the triggers are back


def test_migrate_refuses_a_schema_1_journal_with_a_gap(v1: Path) -> None:
    with sqlite3.connect(v1, isolation_level=None) as raw:
        raw.execute("DROP TRIGGER events_no_delete")
        raw.execute("DELETE FROM events WHERE seq = 5")
        raw.execute(
            "CREATE TRIGGER events_no_delete BEFORE DELETE ON events "
            "BEGIN SELECT RAISE(ABORT, 'append-only'); END"
        )
    raw.close()
    before = digest(v1)
    assert main(["migrate", "--db", str(v1)]) == 2
    with sqlite3.connect(v1) as raw:
        assert raw.execute("SELECT value FROM quartermaster_meta").fetchone() == ("1",)
    raw.close()
    assert digest(v1) == before


def test_a_reload_reads_and_verifies_only_the_events_written_since(journal: Path) -> None:
    url = database_url(str(journal))
    mine, theirs = GameSession(EventStore(url), "g"), GameSession(EventStore(url), "g")
    theirs.execute(lambda s: spend_cp(s, "cw.1_rnf", Fraction(1, 2), Source(s.clock)))
    last = mine.journal[-1]
    tail = mine.store.load("g", after=(last.seq, last.link))
    assert [r.seq for r in tail] == [5] and tail[0].link == theirs.journal[-1].link
    mine.reload()
    assert [r.seq for r in mine.journal] == [1, 2, 3, 4, 5]
    assert mine.state == GameSession(EventStore(url), "g").state
    with _raw(journal) as raw:
        raw.execute("UPDATE events SET payload = replace(payload, '1/2', '3/2') WHERE seq = 5")
    with pytest.raises(JournalBrokenError, match="breaks at event 5"):
        mine.store.load("g", after=(mine.journal[3].seq, mine.journal[3].link))


def test_the_cli_runs_a_write_again_after_another_writer_got_there_first(
    journal: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    url = database_url(str(journal))
    commit = GameSession.commit
    raced: list[int] = []

    def racing(self: GameSession, events: tuple[Event, ...]) -> None:
        if not raced:  # another player appends between our read and our append
            raced.append(1)
            other = GameSession(EventStore(url), "g")
            other.execute(lambda s: spend_cp(s, "cw.1_rnf", Fraction(2), Source(s.clock)))
        commit(self, events)

    monkeypatch.setattr(GameSession, "commit", racing)
    assert main(["spend-cp", "1 RNF", "1", "--db", str(journal), "--game", "g"]) == 0
    assert "expends 1 CP" in capsys.readouterr().out
    state = GameSession(EventStore(url), "g").state
    # 1 + 2 + 3 before, 2 by the other writer, then ours: 9 CP, re-validated on the new state
    assert state.units["cw.1_rnf"].cp_expended == 9
