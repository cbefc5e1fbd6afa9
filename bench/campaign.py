"""A campaign-length journal built through the ledger's own commands, and what the ledger costs
on it (issue 14's figures). Prints figures; not a test.

Run: .venv/bin/python bench/campaign.py [--sizes 10000,100000] [--cache DIR] [--writers] [--pg URL]

- The journal: *Graziani's Offensive* (60.22) with its end moved to GT 111 OpStage 3 and each
  side's counters copied to 400 (800 in all, as a full campaign), played by a seeded script
  through ``GameSession``: each Operations Stage, units in play expend 1/4 to 2 CP
  (``spend_cp``) or draw 1 Ammunition from a dump in their hex (``transfer``), then
  ``end_stage`` posts the idle RP, Breakdown Points and the automatic upkeep. Journals are
  cached by size (``--cache``, default ``~/.cache/quartermaster-bench``).
- Per size: the first open by this code (a full rebuild when the cached snapshots are of an
  older fold); cold-process wall time (best of 3) and peak memory of ``units --json``,
  ``history --last 50``, ``--help`` and two writes on a copy (``spend-cp``, ``undo``); a rerun
  of the dashboard's Overview, Units, Capability and Journal pages (Streamlit AppTest, each
  after a first run); the full rebuild a game without a snapshot goes through (stream, verify,
  decode, fold) in a process of its own (best of 3), in events/s and peak memory.
- ``--transfers N``: a journal of N supply transfers alone (the issue's first comparison),
  rebuilt against ``hledger balance`` on the same N postings, per posting.
- Every supply movement of the same journal (transfers and each draw of the upkeep postings)
  as an hledger journal, timed with ``hledger -f FILE balance`` (Debian package ``hledger``)
  in the same run, against our full rebuild of the whole journal.
- *The Italian Campaign* (60.23), 20 Game-Turns from its set-up, with its 126 reinforcements
  and 17 withdrawals, by ``bench/italian_campaign.py`` (``--no-italian`` skips it).
- ``--writers``: 10 writer processes for 30 s on one SQLite journal: events/s, conflicts, and
  the journal checked afterwards (none lost, none duplicated, the hash chain intact).
  Also one writer alone on a new SQLite journal (issue 14 item 5).
- ``--pg URL`` (an admin URL, e.g. ``scripts/test-postgres.sh``'s): the cached 10,000-event
  journal copied into a new PostgreSQL database (dropped afterwards), then one writer (target
  1,000 events/s) and 10 writer processes, checked the same way (issue 14 item 5).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

from sqlalchemy import create_engine, insert, select, text
from sqlalchemy.engine import make_url

from ledger.commands.cp import spend_cp
from ledger.commands.organization_phase import advance_phase
from ledger.commands.stage_end import LAST_PHASE, end_stage
from ledger.commands.transfers import transfer
from ledger.io.scenario import bundled_scenarios, load_scenario
from ledger.journal import EventStore, StaleSequenceError, database_url
from ledger.journal.session import CommandRefused, GameSession, create_game
from ledger.journal.store import events_table, games_table
from ledger.model.apply import fold
from ledger.model.clock import GameTime
from ledger.model.events import Event
from ledger.model.quantities import Supplies
from ledger.model.scenario import Setup
from ledger.model.source import Source
from ledger.model.state import GameState

GAME = "campaign"
TARGETS = {
    "units --json": 0.2,
    "history --last 50": 0.2,
    "spend-cp (write)": 0.3,
    "undo (write)": 0.3,
    "--help": 0.1,
    "dashboard Your phase rerun": 0.3,
    "dashboard Overview rerun": 0.3,
    "dashboard Movement rerun": 0.3,
    "dashboard Convoys rerun": 0.3,
    "dashboard Units rerun": 0.3,
    "dashboard Capability rerun": 0.3,
    "dashboard Journal rerun": 0.3,
}
"""Issue 14's targets in seconds (wall, on this 2-core machine class)."""


COUNTERS = 400
"""Counters per side in the bench's campaign (~400 a side, as a full CNA campaign)."""


def campaign_setup(per_side: int = COUNTERS) -> Setup:
    """Graziani's set-up, ending at GT 111 OpStage 3 (the whole campaign's length), each
    side's counters copied (``"<id>~2"``, named "... (copy 2)"; each copy in its original's hex
    and under the same copy of its parent formation when that was copied too) until the side
    has ``per_side`` of them."""
    setup = load_scenario(bundled_scenarios()["graziani"])
    units = list(setup.units)
    for side in {u.side for u in setup.units}:
        originals = [u for u in setup.units if u.side == side]
        have, copy = len(originals), 1
        while have < per_side:
            copy += 1
            batch = originals[: per_side - have]
            ids = {u.id: f"{u.id}~{copy}" for u in batch}
            for unit in batch:
                units.append(
                    replace(
                        unit,
                        id=ids[unit.id],
                        name=f"{unit.name} (copy {copy})",
                        parent=ids.get(unit.parent or ""),
                        attached_to=ids.get(unit.attached_to or ""),
                    )
                )
            have += len(batch)
    return replace(setup, info=replace(setup.info, end=GameTime(111, 3)), units=tuple(units))


def _dumps_by_hex(state: GameState) -> dict[str, list[str]]:
    by_hex: dict[str, list[str]] = {}
    for dump in state.dumps.values():
        if dump.kind == "dump" and dump.supplies.ammo > 0:
            by_hex.setdefault(dump.location, []).append(dump.id)
    return by_hex


def build(path: Path, events: int, seed: int = 1) -> dict[str, object]:
    """Play the campaign script into a new journal at ``path`` until it holds ``events``
    events; returns what was played (for the hledger file and the write command)."""
    session = create_game(
        EventStore(database_url(str(path)), create=True), GAME, campaign_setup(), setup_step=False
    )
    rng = random.Random(seed)
    per_stage = max(events // 333, 20)
    transfers: list[tuple[str, str, str]] = []
    refused = 0
    while len(session.journal) < events and session.state.clock < session.state.info.end:
        state = session.state
        movers = [u for u in state.units_in_play() if state.cpa(u)]
        dumps = _dumps_by_hex(state)
        for _ in range(per_stage):
            unit = rng.choice(movers)
            here = dumps.get(unit.location)
            try:
                if here and rng.random() < 0.3:
                    dump = rng.choice(here)
                    session.execute(
                        lambda s, d=dump, u=unit.id: transfer(
                            s, d, u, Supplies(ammo=1), Source(s.clock)
                        )
                    )
                    transfers.append((state.clock.short, dump, unit.id))
                else:
                    cp = Fraction(rng.randint(1, 8), 4)
                    session.execute(lambda s, u=unit.id, c=cp: spend_cp(s, u, c, Source(s.clock)))
            except CommandRefused:
                refused += 1
            if len(session.journal) >= events:
                break
        if session.state.phase != LAST_PHASE.key:  # 5.2: the stage ends from its last phase
            session.execute(lambda s: advance_phase(s, LAST_PHASE.key, Source(s.clock)))
        session.execute(lambda s: end_stage(s, Source(s.clock)))
    writer = next(u.id for u in session.state.units_in_play() if session.state.cpa(u))
    session.store.engine.dispose()
    return {
        "events": len(session.journal),
        "refused": refused,
        "transfers": transfers,
        "writer": writer,
        "clock": session.state.clock.short,
    }


def cached(cache: Path, events: int) -> tuple[Path, dict[str, object]]:
    """The journal of ``events`` events (built once, then kept in ``cache``)."""
    cache.mkdir(parents=True, exist_ok=True)
    db, info = cache / f"campaign-{events}.db", cache / f"campaign-{events}.json"
    if not db.exists() or not info.exists():
        for stale in (db, info):
            stale.unlink(missing_ok=True)
        began = time.perf_counter()
        played = build(db, events)
        played["build_seconds"] = time.perf_counter() - began
        info.write_text(json.dumps(played), encoding="utf-8")
    return db, json.loads(info.read_text(encoding="utf-8"))


def cold(argv: list[str], db: Path) -> tuple[float, int]:
    """Wall seconds and peak resident memory (MB) of one ``quartermaster`` process."""
    command = ["/usr/bin/time", "-f", "%e %M", sys.executable, "-m", "ledger.cli", *argv]
    env = {**os.environ, "QUARTERMASTER_DB": str(db), "QUARTERMASTER_GAME": GAME}
    began = time.perf_counter()
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - began
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed:\n{done.stderr[-2000:]}")
    peak_kb = int(done.stderr.strip().splitlines()[-1].split()[1])
    return wall, peak_kb // 1024


def best_cold(argv: list[str], db: Path, runs: int = 3) -> tuple[float, int]:
    """The fastest of ``runs`` cold processes, and the largest peak memory seen."""
    results = [cold(argv, db) for _ in range(runs)]
    return min(r[0] for r in results), max(r[1] for r in results)


PAGES = {
    "Your phase": None,
    "Overview": "views/overview.py",
    "Units": "views/units.py",
    "Movement": "views/movement.py",
    "Convoys": "views/convoys.py",
    "Capability": "views/capability.py",
    "Journal": "views/journal.py",
}
"""Dashboard pages timed: Your phase (the app's first page: the seat's agenda over every unit),
Overview, the pages with the most forms, and those reading the journal."""


def dashboard_reruns(db: Path) -> dict[str, float]:
    """Seconds of one Streamlit rerun of each of ``PAGES``, each after a first run."""
    from streamlit.testing.v1 import AppTest

    os.environ["QUARTERMASTER_DB"] = str(db)
    app = Path(__file__).resolve().parents[1] / "dashboard" / "app.py"
    at = AppTest.from_file(str(app), default_timeout=600).run()
    reruns = {}
    for name, page in PAGES.items():
        if page is not None:
            at.switch_page(page).run()
        began = time.perf_counter()
        at.run()
        reruns[f"dashboard {name} rerun"] = time.perf_counter() - began
        if at.exception:
            raise SystemExit(f"{name}: {at.exception}")
    return reruns


def rebuild_child(db: str, postings_file: str) -> None:
    """In a process of its own (its peak memory is the rebuild's): the full rebuild a game
    without a usable snapshot goes through (stream, verify, decode, fold), timed; then the
    journal's supply postings written as an hledger journal. Prints JSON."""
    from ledger.journal import windows
    from ledger.journal.bulk import paused_gc

    store = EventStore(database_url(db))
    counted = [0]

    def events() -> Iterator[Event]:
        for r in windows.stream(store, GAME):
            counted[0] += 1
            yield r.event

    began = time.perf_counter()
    with paused_gc():
        fold(events())
    seconds = time.perf_counter() - began
    postings = write_postings(store, Path(postings_file)) if postings_file != "-" else 0
    print(json.dumps({"events": counted[0], "seconds": seconds, "postings": postings}))


def write_postings(store: EventStore, path: Path) -> int:
    """Every supply movement of the journal (transfers, and each draw of the ledger's upkeep
    postings) as an hledger journal at ``path``, one transaction per movement; returns how
    many transactions."""
    from ledger.journal import windows
    from ledger.model.events import ConsumptionPosted, SuppliesTransferred

    count = 0
    with path.open("w", encoding="utf-8") as out:
        for r in windows.stream(store, GAME):
            event = r.event
            if isinstance(event, SuppliesTransferred):
                moves = [(event.origin, event.destination, event.supplies)]
            elif isinstance(event, ConsumptionPosted):
                moves = [(d.holder, d.consumer, d.supplies) for d in event.draws]
            else:
                continue
            date = time.strftime("%Y-%m-%d", time.gmtime(86400 * (r.seq // 3000)))
            for origin, destination, supplies in moves:
                amounts = [(c.upper(), v) for c, v in supplies.nonzero()]
                if not amounts:
                    continue
                count += 1
                out.write(f"{date} {event.kind} #{r.seq}\n")
                for commodity, value in amounts:
                    out.write(f"    holders:{destination}  {value} {commodity}\n")
                    out.write(f"    holders:{origin}  {-value} {commodity}\n")
                out.write("\n")
    return count


def rebuilt(db: Path, folder: Path, runs: int = 3) -> tuple[dict[str, float], int]:
    """``rebuild_child`` run in a new process ``runs`` times (the first also writes the
    hledger journal): the fastest one's figures and the largest peak memory (MB)."""
    best: dict[str, float] | None = None
    peak = 0
    for run in range(runs):
        postings = str(folder / "supplies.journal") if run == 0 else "-"
        command = [
            "/usr/bin/time", "-f", "%M", sys.executable, __file__, "--rebuild-child", str(db),
            postings,
        ]  # fmt: skip
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise SystemExit(f"rebuild failed:\n{done.stderr[-2000:]}")
        peak = max(peak, int(done.stderr.strip().splitlines()[-1]) // 1024)
        figures = json.loads(done.stdout)
        if best is None:
            best = figures
        elif figures["seconds"] < best["seconds"]:
            best = {**figures, "postings": best["postings"]}
    assert best is not None
    return best, peak


def hledger_seconds(path: Path) -> float | None:
    """Wall seconds of ``hledger -f PATH balance``, best of three (None: no hledger)."""
    if shutil.which("hledger") is None:
        return None
    best = None
    for _ in range(3):
        began = time.perf_counter()
        subprocess.run(["hledger", "-f", str(path), "balance"], capture_output=True, check=True)
        took = time.perf_counter() - began
        best = took if best is None else min(best, took)
    return best


def first_open(db: Path) -> float:
    """Seconds of the first open of the game by this code: a full rebuild when its snapshots
    are of an older fold (then one is kept), else an open from the snapshot."""
    began = time.perf_counter()
    GameSession(EventStore(database_url(str(db))), GAME)
    return time.perf_counter() - began


def measure(cache: Path, events: int) -> None:
    """Print every figure for the journal of ``events`` events."""
    db, played = cached(cache, events)
    print(
        f"\n== {played['events']:,} events (asked {events:,}; clock {played['clock']}; "
        f"built in {played.get('build_seconds', 0):.0f} s; {played['refused']} refusals)"
    )
    print(f"   database {db.stat().st_size / 1e6:.1f} MB")
    print(f"   first open by this code (rebuilds its snapshot if stale): {first_open(db):.2f} s")
    figures: dict[str, tuple[float, int | None]] = {}
    for label, argv in (
        ("units --json", ["units", "--json"]),
        ("history --last 50", ["history", "--last", "50"]),
        ("--help", ["--help"]),
    ):
        figures[label] = best_cold(argv, db)
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / "copy.db"
        shutil.copyfile(db, copy)
        figures["spend-cp (write)"] = best_cold(["spend-cp", str(played["writer"]), "1/4"], copy)
        figures["undo (write)"] = best_cold(["undo"], copy)
        replay, replay_peak = rebuilt(db, Path(folder))
        hledger = hledger_seconds(Path(folder) / "supplies.journal")
    for label, seconds in dashboard_reruns(db).items():
        figures[label] = (seconds, None)
    for label, (seconds, peak) in figures.items():
        target = TARGETS[label]
        verdict = "met" if seconds <= target else f"{seconds / target:.1f}x over"
        memory = f", peak {peak} MB" if peak is not None else ""
        print(f"   {label:26s} {seconds:7.3f} s (target {target} s: {verdict}){memory}")
    rate = replay["events"] / replay["seconds"]
    print(
        f"   full rebuild (stream, verify, decode, fold) {replay['seconds']:.2f} s: "
        f"{rate:,.0f} events/s (target 500,000), peak {replay_peak} MB"
    )
    postings = int(replay["postings"])
    if hledger is None:
        print("   hledger: not installed (apt-get install hledger) — no ratio")
    else:
        print(
            f"   hledger balance on the journal's {postings:,} supply movements: {hledger:.2f} s "
            f"({hledger / max(postings, 1) * 1e6:.1f} µs each); our full rebuild of all "
            f"{replay['events']:,} events {replay['seconds']:.2f} s "
            f"({replay['seconds'] / replay['events'] * 1e6:.1f} µs each): "
            f"{hledger / replay['seconds']:.2f}x hledger's speed on the same game (target 5x)"
        )


def transfers_journal(cache: Path, count: int) -> Path:
    """A Graziani game of ``count`` supply transfers and nothing else (1 Ammunition from the
    Mersa Matruh dump to 1st Essex in its hex, then back), built once through ``transfer``
    and cached: the journal the issue's hledger comparison was first made on."""
    cache.mkdir(parents=True, exist_ok=True)
    db = cache / f"transfers-{count}.db"
    if db.exists():
        return db
    partial = db.with_suffix(".partial")
    partial.unlink(missing_ok=True)
    setup = load_scenario(bundled_scenarios()["graziani"])
    session = create_game(
        EventStore(database_url(str(partial)), create=True), GAME, setup, setup_step=False
    )
    essex, dump = "cw.70_inf_div.1st_essex", "cw_mersa_matruh"
    for i in range(count):
        origin, destination = (dump, essex) if i % 2 == 0 else (essex, dump)
        session.execute(
            lambda s, o=origin, d=destination: transfer(s, o, d, Supplies(ammo=1), Source(s.clock))
        )
    session.store.engine.dispose()
    partial.rename(db)
    return db


def measure_transfers(cache: Path, count: int) -> None:
    """Print our full rebuild of a journal of ``count`` transfers against ``hledger balance``
    on the same postings, per posting."""
    db = transfers_journal(cache, count)
    with tempfile.TemporaryDirectory() as folder:
        replay, peak = rebuilt(db, Path(folder))
        hledger = hledger_seconds(Path(folder) / "supplies.journal")
    ours = replay["seconds"] / replay["events"]
    print(f"\n== {count:,} supply transfers (and the game's start)")
    print(
        f"   our full rebuild {replay['seconds']:.2f} s ({ours * 1e6:.1f} µs/event, "
        f"{replay['events'] / replay['seconds']:,.0f} events/s), peak {peak} MB"
    )
    if hledger is None:
        print("   hledger: not installed (apt-get install hledger) — no ratio")
        return
    theirs = hledger / max(int(replay["postings"]), 1)
    print(
        f"   hledger balance on the same {int(replay['postings']):,} postings: {hledger:.2f} s "
        f"({theirs * 1e6:.1f} µs/posting): ours is {theirs / ours:.2f}x hledger's speed "
        "(target 5x)"
    )


def _writer(db: str, seconds: float, seed: int, results: multiprocessing.Queue) -> None:  # type: ignore[type-arg]
    store = EventStore(database_url(db))
    session = GameSession(store, GAME)
    rng = random.Random(seed)
    units = [u.id for u in session.state.units_in_play() if session.state.cpa(u)]
    written = conflicts = refused = 0
    stop = time.monotonic() + seconds
    while time.monotonic() < stop:
        unit = rng.choice(units)
        try:
            written += len(
                session.execute(lambda s, u=unit: spend_cp(s, u, Fraction(1, 4), Source(s.clock)))
            )
        except StaleSequenceError:
            conflicts += 1
            session.reload()
        except CommandRefused:
            refused += 1
    results.put((written, conflicts, refused))


WRITER_SECONDS = 20.0
"""How long each of ``--pg``'s runs and the one SQLite writer of ``--writers`` write."""
PG_EVENTS = 10_000
"""Events of the cached campaign journal copied into PostgreSQL by ``--pg``."""


def writers_on(url: str, processes: int, seconds: float) -> tuple[int, int, int, int]:
    """``processes`` writer processes for ``seconds`` on the game of the journal at ``url``
    (each as ``_writer``); returns ``(appended, conflicts, refusals, stored)``, ``stored``
    counted by ``EventStore.verify`` (numbers without gap, the hash chain intact)."""
    store = EventStore(url)
    before = store.verify(GAME)
    store.engine.dispose()
    results: multiprocessing.Queue = multiprocessing.Queue()  # type: ignore[type-arg]
    workers = [
        multiprocessing.Process(target=_writer, args=(url, seconds, i, results))
        for i in range(processes)
    ]
    for w in workers:
        w.start()
    totals = [results.get() for _ in workers]
    for w in workers:
        w.join()
    store = EventStore(url)
    stored = store.verify(GAME) - before
    store.engine.dispose()
    return (
        sum(t[0] for t in totals),
        sum(t[1] for t in totals),
        sum(t[2] for t in totals),
        stored,
    )


def report_writers(
    label: str, target: int | None, seconds: float, url: str, processes: int
) -> None:
    """Run ``writers_on`` and print its line: events/s (against ``target`` when there is one),
    conflicts, lost and duplicated events."""
    written, conflicts, refused, stored = writers_on(url, processes, seconds)
    rate = written / seconds
    verdict = "no target" if target is None else f"target {target:,}: "
    if target is not None:
        verdict += "met" if rate >= target else "not met"
    print(f"\n== {label} for {seconds:.0f} s")
    print(
        f"   {rate:,.0f} events/s ({verdict}); conflicts {conflicts}, "
        f"refusals {refused}; appended {written}, stored {stored} (chain verified): "
        f"lost {max(written - stored, 0)}, duplicated {max(stored - written, 0)}"
    )


def sqlite_writers(processes: int, seconds: float, target: int | None) -> None:
    """Print what ``processes`` writers append to a new SQLite journal in ``seconds``."""
    with tempfile.TemporaryDirectory() as folder:
        url = database_url(str(Path(folder) / "writers.db"))
        store = EventStore(url, create=True)
        create_game(store, GAME, campaign_setup(), setup_step=False)
        store.engine.dispose()
        label = f"{processes} SQLite writer{'s' if processes > 1 else ''}"
        report_writers(label, target, seconds, url, processes)


def copy_journal(db: Path, url: str) -> int:
    """Copy the games and events rows of the SQLite journal ``db`` into the new journal at
    ``url`` (made here); returns how many events the copy holds, verified."""
    source, target = EventStore(database_url(str(db))), EventStore(url, create=True)
    with source.engine.connect() as read, target.writing() as write, write.begin():
        for table in (games_table, events_table):
            rows = [dict(r._mapping) for r in read.execute(select(table))]
            for i in range(0, len(rows), 1000):
                write.execute(insert(table), rows[i : i + 1000])
    events = target.verify(GAME)
    source.engine.dispose()
    target.engine.dispose()
    return events


def postgres_writers(admin_url: str, cache: Path, seconds: float = WRITER_SECONDS) -> None:
    """In a fresh database on the server of ``admin_url`` (dropped afterwards), the cached
    campaign journal of ``PG_EVENTS`` events copied in; print one writer's events/s (target
    1,000) and ten writer processes' (no target), each with lost and duplicated events."""
    db, _played = cached(cache, PG_EVENTS)
    name = f"qm_bench_{uuid.uuid4().hex[:12]}"
    admin = create_engine(admin_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    url = make_url(admin_url).set(database=name).render_as_string(hide_password=False)
    try:
        began = time.perf_counter()
        events = copy_journal(db, url)
        print(
            f"\n== PostgreSQL {make_url(url).render_as_string(hide_password=True)}: "
            f"{events:,} events copied in {time.perf_counter() - began:.1f} s"
        )
        report_writers("1 PostgreSQL writer", 1000, seconds, url, 1)
        report_writers("10 PostgreSQL writers", None, seconds, url, 10)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="10000,100000", help="journal sizes in events")
    parser.add_argument(
        "--cache", type=Path, default=Path.home() / ".cache" / "quartermaster-bench"
    )
    parser.add_argument("--writers", action="store_true", help="also run the writers' test")
    parser.add_argument(
        "--pg",
        metavar="URL",
        help="also time PostgreSQL writers in a new database on this admin URL's server "
        "(scripts/test-postgres.sh prints one; --sizes '' skips the SQLite figures)",
    )
    parser.add_argument(
        "--writer-seconds",
        type=float,
        default=WRITER_SECONDS,
        help="seconds of each --pg run and of the one SQLite writer (the 10 SQLite writers: 30)",
    )
    parser.add_argument(
        "--transfers",
        type=int,
        default=0,
        metavar="N",
        help="also time a journal of N supply transfers against hledger, per posting",
    )
    parser.add_argument(
        "--no-italian",
        action="store_true",
        help="skip the 60.23 Italian Campaign game of 20 Game-Turns (bench/italian_campaign.py)",
    )
    parser.add_argument(
        "--rebuild-child", nargs=2, metavar=("DB", "POSTINGS"), help=argparse.SUPPRESS
    )
    args = parser.parse_args()
    if args.rebuild_child:
        rebuild_child(*args.rebuild_child)
        return
    for size in (int(s) for s in args.sizes.split(",") if s):
        measure(args.cache, size)
    if not args.no_italian:
        from italian_campaign import measure as measure_italian  # bench/ is the script's path

        measure_italian()
    if args.transfers:
        measure_transfers(args.cache, args.transfers)
    if args.writers:
        sqlite_writers(1, args.writer_seconds, None)
        sqlite_writers(10, 30.0, 200)
    if args.pg:
        postgres_writers(args.pg, args.cache, args.writer_seconds)


if __name__ == "__main__":
    main()
