"""Figures for the journal: load Graziani, append N events, time a full reopen and replay.

Run: .venv/bin/python bench/replay.py [N]   (prints figures; not a test)
"""

from __future__ import annotations

import sys
import tempfile
import time
from fractions import Fraction
from pathlib import Path

from ledger.commands.cp import spend_cp
from ledger.commands.organization_phase import advance_phase
from ledger.commands.stage_end import LAST_PHASE, end_stage
from ledger.commands.transfers import transfer
from ledger.io.scenario import bundled_scenarios, load_scenario
from ledger.journal import EventStore
from ledger.journal.session import GameSession, create_game
from ledger.model.quantities import Supplies
from ledger.model.source import Source


def main() -> None:
    """Print load, append and replay times for a Graziani game with N events (default 1000)."""
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'bench.db'}"
        began = time.perf_counter()
        setup = load_scenario(bundled_scenarios()["graziani"])
        loaded = time.perf_counter()
        session = create_game(EventStore(url, create=True), "bench", setup, setup_step=False)
        created = time.perf_counter()
        rnf = "cw.unassigned_inf.1st_rnf_mg_bn"
        essex = "cw.70_inf_div.1st_essex"  # in D3714 with the Mersa Matruh dump (same hex)
        for i in range(count):
            if i % 50 == 48:  # 5.2: the Operations Stage ends from its last phase
                session.execute(lambda s: advance_phase(s, LAST_PHASE.key, Source(s.clock)))
            elif i % 50 == 49:
                session.execute(lambda s: end_stage(s, Source(s.clock)))
            elif i % 2:
                session.execute(lambda s: spend_cp(s, rnf, Fraction(1, 4), Source(s.clock)))
            else:
                session.execute(
                    lambda s: transfer(
                        s, "cw_mersa_matruh", essex, Supplies(ammo=1), Source(s.clock)
                    )
                )
            if session.state.clock >= session.state.info.end:
                break
        appended = time.perf_counter()
        reopened = GameSession(EventStore(url), "bench")
        replayed = time.perf_counter()
        assert reopened.state == session.state
        events = len(reopened.journal)
    print(f"scenario load (306 counters):   {loaded - began:8.3f} s")
    print(f"create game (GameStarted):      {created - loaded:8.3f} s")
    print(
        f"append {events - 1:5d} events one by one: {appended - created:8.3f} s "
        f"({(appended - created) / max(events - 1, 1) * 1000:.2f} ms each)"
    )
    print(f"reopen and replay {events:5d} events: {replayed - appended:8.3f} s")


if __name__ == "__main__":
    main()
