"""``python -m dashboard.launch``: the database is prepared, then Streamlit is started on it."""

from __future__ import annotations

from pathlib import Path

import pytest

from dashboard import launch
from dashboard.served import SERVED_ON_ENV
from ledger.journal import EventStore
from ledger.journal.session import create_game
from ledger.journal.store import database_url
from ledger.model.scenario import Setup

MINI = Path(__file__).resolve().parents[1] / "fixtures" / "mini.toml"


class Exec:
    """Records the call that would replace the launcher by Streamlit."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, list[str], dict[str, str]]] = []

    def __call__(self, path: str, argv: list[str], env: dict[str, str]) -> None:
        self.calls.append((path, argv, env))


def test_creates_graziani_prints_the_database_and_starts_streamlit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(launch, "bundled_scenarios", lambda: {"graziani": MINI})
    db = tmp_path / "q.db"
    monkeypatch.setenv("QUARTERMASTER_DB", str(db))
    execute = Exec()
    assert launch.main(["--port", "8765"], execute) == 0
    out = capsys.readouterr().out
    assert "Created game 'graziani': Mini test scenario (test)" in out
    assert f"Quartermaster database: {db}" in out
    assert "http://localhost:8765" in out
    assert [name for name, *_ in EventStore(database_url(str(db))).games()] == ["graziani"]
    [(path, argv, env)] = execute.calls
    assert argv[1:5] == ["-m", "streamlit", "run", str(launch.APP)]
    assert argv[argv.index("--server.port") + 1] == "8765"
    assert argv[argv.index("--server.headless") + 1] == "true"
    assert argv[argv.index("--browser.gatherUsageStats") + 1] == "false"
    assert path == argv[0]
    assert env["QUARTERMASTER_DB"] == database_url(str(db))


def test_an_existing_game_is_left_alone(tmp_path: Path, mini_setup: Setup) -> None:
    store = EventStore(database_url(str(tmp_path / "q.db")), create=True)
    create_game(store, "mine", mini_setup, setup_step=False)
    assert launch.ensure_game(store) == []
    assert [name for name, *_ in store.games()] == ["mine"]


def test_a_missing_bundled_scenario_starts_without_a_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(launch, "bundled_scenarios", lambda: {})
    store = EventStore(database_url(str(tmp_path / "q.db")), create=True)
    lines = launch.ensure_game(store)
    assert "scenarios/graziani.toml) is missing: starting without a game" in lines[0]
    assert store.games() == []


def test_a_refused_bundled_scenario_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    broken = tmp_path / "graziani.toml"
    broken.write_text('[scenario]\nid = "g"\n', encoding="utf-8")
    monkeypatch.setattr(launch, "bundled_scenarios", lambda: {"graziani": broken})
    store = EventStore(database_url(str(tmp_path / "q.db")), create=True)
    lines = launch.ensure_game(store)
    assert "was refused" in lines[0] and "starting without a game" in lines[0]
    assert any("graziani.toml:" in line for line in lines[1:])
    assert store.games() == []


def test_the_db_option_overrides_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(launch, "bundled_scenarios", lambda: {})
    monkeypatch.setenv("QUARTERMASTER_DB", str(tmp_path / "env.db"))
    execute = Exec()
    launch.main(["--db", str(tmp_path / "option.db"), "--address", "127.0.0.1"], execute)
    [(_, argv, env)] = execute.calls
    assert env["QUARTERMASTER_DB"] == database_url(str(tmp_path / "option.db"))
    assert argv[argv.index("--server.address") + 1] == "127.0.0.1"


def test_make_run_listens_on_this_computer_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 16 item 3: without sign-in, the dashboard is served on 127.0.0.1 unless asked."""
    monkeypatch.setattr(launch, "bundled_scenarios", lambda: {})
    execute = Exec()
    launch.main(["--db", str(tmp_path / "q.db")], execute)
    [(_, argv, _env)] = execute.calls
    assert argv[argv.index("--server.address") + 1] == "127.0.0.1"


@pytest.mark.parametrize("address", ["0.0.0.0", "192.168.1.20", "::", "table.example.org", ""])
def test_an_address_beyond_this_computer_tells_the_dashboard_it_is_served(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, address: str
) -> None:
    """Review finding 2: the dashboard knows it is served to the network, so it refuses a game
    without seats on every page, not only the games ``quartermaster serve`` checked at start."""
    monkeypatch.setattr(launch, "bundled_scenarios", lambda: {})
    execute = Exec()
    launch.main(["--db", str(tmp_path / "q.db"), "--address", address], execute)
    [(_, _argv, env)] = execute.calls
    assert env[SERVED_ON_ENV] == (address or "0.0.0.0")


@pytest.mark.parametrize("address", ["127.0.0.1", "localhost", "::1", "[::1]", "127.0.1.1"])
def test_a_loopback_address_is_the_solo_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, address: str
) -> None:
    monkeypatch.setattr(launch, "bundled_scenarios", lambda: {})
    monkeypatch.setenv(SERVED_ON_ENV, "0.0.0.0")  # left over from another shell: not trusted
    execute = Exec()
    launch.main(["--db", str(tmp_path / "q.db"), "--address", address], execute)
    [(_, _argv, env)] = execute.calls
    assert SERVED_ON_ENV not in env
