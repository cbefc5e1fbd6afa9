"""*The Italian Campaign* (60.23) played through its 20 Game-Turns by the ledger's own commands,
and what the ledger costs on it. Prints figures; not a test.

Run: .venv/bin/python bench/italian_campaign.py [--per-stage 60] [--seed 1]
(``bench/campaign.py`` runs it too, after its own figures.)

The script: a new 60.23 game in set-up; each side places what the set-up leaves to its choice
(59.4: the first hex the set-up's words allow) and finishes (the starting Water of ruling
``60.44-starting-water`` follows). Then, for each of the 60 Operations Stages (GT 1.1 to GT
20.3): ``--per-stage`` units in play expend 1/4 to 2 CP (``spend_cp``); a withdrawal due is
carried out (``withdraw``, its supplies to the dump of the counters' hex, or lost when there is
none); the phase advances to the last and ``end_stage`` posts the idle RP, the upkeep and the
next stage's reinforcements (``ReinforcementsArrived``). At GT 20.3 the victory places are
recorded (``hold_place``).

Printed: the events written and the time per Operations Stage; the reinforcements and
withdrawals the journal holds (against the scenario's schedule: 126 counters arrive, 17
withdraw); the time to reopen the game from the journal with no snapshot (stream, verify,
decode, fold), as events/s, against ``hledger balance`` on the game's supply movements
(Debian package ``hledger``) when installed; and the time of the campaign reports the
dashboard draws (arrivals, withdrawals, victory table).
"""

from __future__ import annotations

import argparse
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

from ledger.commands.campaign import hold_place
from ledger.commands.cp import spend_cp
from ledger.commands.organization_phase import advance_phase
from ledger.commands.outcome import Outcome
from ledger.commands.setup import finish, place, unplaced
from ledger.commands.stage_end import LAST_PHASE, end_stage
from ledger.commands.withdrawal import pending, withdraw
from ledger.io.scenario import load_scenario, resolve
from ledger.journal import EventStore, database_url
from ledger.journal.session import CommandRefused, GameSession, create_game
from ledger.model.campaign import ReinforcementsArrived, UnitsWithdrawn
from ledger.model.events import SuppliesArrived, SuppliesTransferred
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.model.units import SIDES
from ledger.reports.campaign import arrivals, upcoming_withdrawals, victory_table

GAME = "italian"
_WITHIN = re.compile(r"within \d+ hex(?:es)? of ([A-E]\d{4})")
_MAP = re.compile(r"\bmaps? ([A-E])\b")
LIBYA = "C4218"
"""A hex of Libya on map C (Bardia's area) for a counter set up 'Libya, any hexes'."""
EGYPT = "D3714"
"""Mersa Matruh, a hex of Egypt on map D, for a counter set up 'map C or D, Egypt'."""


def choice_hexes(location: str, count: int) -> tuple[str, ...]:
    """Hexes the set-up's words allow for a counter (or ``count`` dummy dump counters)."""
    centre = _WITHIN.search(location)
    if centre:
        first = centre.group(1)
    else:
        letter = _MAP.search(location)
        first = EGYPT if "egypt" in location.casefold() else LIBYA
        if letter and first[0] != letter.group(1):
            first = f"{letter.group(1)}3020"
    column, row = first[:3], int(first[3:])
    return tuple(f"{column}{row + i:02d}" for i in range(count))


def run(session: GameSession, command: Callable[[GameState], Outcome]) -> bool:
    """Execute ``command``; False when the ledger refused it."""
    try:
        session.execute(command)
    except CommandRefused:
        return False
    return True


def set_up(session: GameSession) -> int:
    """Place every choice counter and finish both sides' set-up; the placements made."""
    placed = 0
    for side in SIDES:
        for counter_id, location in unplaced(session.state, side):
            dump = session.state.dumps.get(counter_id)
            hexes = choice_hexes(location, dump.count if dump and dump.kind == "dummy" else 1)
            placed += run(session, lambda s, c=counter_id, h=hexes: place(s, c, h, Source(s.clock)))
        if not run(session, lambda s, sd=side: finish(s, sd, Source(s.clock))):
            left = unplaced(session.state, side)
            raise SystemExit(f"set-up of {side} could not finish; unplaced: {left}")
    return placed


def play(session: GameSession, per_stage: int, seed: int) -> dict[str, int]:
    """Play every Operations Stage to the scenario's end; counts of what was done."""
    rng = random.Random(seed)
    done = {"cp": 0, "refused": 0, "withdrawals": 0}
    while True:
        state = session.state
        movers = [u.id for u in state.units_in_play() if state.cpa(u)]
        for unit_id in rng.sample(movers, min(per_stage, len(movers))):
            cp = Fraction(rng.randint(1, 8), 4)
            ok = run(session, lambda s, u=unit_id, c=cp: spend_cp(s, u, c, Source(s.clock)))
            done["cp" if ok else "refused"] += 1
        for due in pending(session.state):
            if due.due <= session.state.clock:
                ok = run(session, lambda s, w=due.id: withdraw(s, w, Source(s.clock)))
                if not ok:
                    ok = run(
                        session,
                        lambda s, w=due.id: withdraw(s, w, Source(s.clock), eliminated=True),
                    )
                done["withdrawals"] += ok
        if session.state.clock >= session.state.info.end:
            break
        if session.state.phase != LAST_PHASE.key:
            run(session, lambda s: advance_phase(s, LAST_PHASE.key, Source(s.clock)))
        if not run(session, lambda s: end_stage(s, Source(s.clock))):
            raise SystemExit(f"end of {session.state.clock.short} refused")
    for place_ in session.state.schedule.victory:
        run(session, lambda s, p=place_.id: hold_place(s, p, "commonwealth", True, Source(s.clock)))
    return done


def reopen_seconds(db: str, runs: int = 3) -> float:
    """Best wall time to open the game with its snapshots dropped and fold the whole journal."""
    best = float("inf")
    for _ in range(runs):
        store = EventStore(db)
        began = time.perf_counter()
        session = GameSession(store, GAME)
        _ = session.journal  # reads and verifies every event
        _ = session.state
        best = min(best, time.perf_counter() - began)
        store.engine.dispose()
    return best


def hledger_seconds(session: GameSession, folder: Path) -> float | None:
    """``hledger -f FILE balance`` on the game's supply movements (best of 3), if installed."""
    if shutil.which("hledger") is None:
        return None
    lines = []
    for event in (r.event for r in session.journal):
        if isinstance(event, SuppliesTransferred):
            moves = [(event.origin, event.destination, event.supplies)]
        elif isinstance(event, SuppliesArrived):
            moves = [("world", event.holder, event.supplies)]
        else:
            continue
        for origin, destination, supplies in moves:
            lines.append("2026-01-01 move")
            for commodity in ("ammo", "fuel", "stores", "water"):
                amount = getattr(supplies, commodity)
                if amount:
                    lines.append(f"    {destination}:{commodity}  {amount} SP")
                    lines.append(f"    {origin}:{commodity}  -{amount} SP")
            lines.append("")
    path = folder / "moves.journal"
    path.write_text("\n".join(lines), encoding="utf-8")
    best = float("inf")
    for _ in range(3):
        began = time.perf_counter()
        subprocess.run(["hledger", "-f", str(path), "balance"], check=True, capture_output=True)
        best = min(best, time.perf_counter() - began)
    return best


def timed(call: Callable[[], object], runs: int = 5) -> float:
    """Best wall time of ``call`` in milliseconds."""
    best = float("inf")
    for _ in range(runs):
        began = time.perf_counter()
        call()
        best = min(best, time.perf_counter() - began)
    return best * 1000


def measure(per_stage: int = 60, seed: int = 1) -> None:
    """Build the 60.23 game in a temporary folder and print its figures."""
    with tempfile.TemporaryDirectory(prefix="qm-italian-") as tmp:
        folder = Path(tmp)
        db = database_url(str(folder / "italian.db"))
        setup = load_scenario(resolve("italian-campaign"))
        session = create_game(EventStore(db, create=True), GAME, setup)
        began = time.perf_counter()
        placed = set_up(session)
        done = play(session, per_stage, seed)
        built = time.perf_counter() - began
        journal = [r.event for r in session.journal]
        stages = (setup.info.end.game_turn - setup.info.start.game_turn + 1) * 3
        arrived = sum(len(e.units) for e in journal if isinstance(e, ReinforcementsArrived))
        left = sum(len(e.units) for e in journal if isinstance(e, UnitsWithdrawn))
        scheduled = sum(1 for u in setup.units if u.arrival is not None)
        print(f"60.23 {setup.info.name}: {stages} Operations Stages to {session.state.clock.short}")
        print(f"  set-up: {placed} counters placed, both sides finished")
        print(
            f"  events: {len(journal):,} ({done['cp']:,} CP expenditures, {done['refused']} refused)"
        )
        print(f"  built in {built:.1f} s = {built / stages * 1000:.0f} ms per Operations Stage")
        print(f"  reinforcements: {arrived} counters arrived of {scheduled} scheduled")
        print(f"  withdrawals: {done['withdrawals']} recorded, {left} counters left play")
        state = session.state
        session.store.engine.dispose()
        seconds = reopen_seconds(db)
        print(
            f"  reopen from the journal: {seconds:.2f} s = {len(journal) / seconds:,.0f} events/s"
        )
        anchor = hledger_seconds(session, folder)
        if anchor is not None:
            print(
                f"  hledger balance on its supply movements: {anchor:.2f} s (ratio {seconds / anchor:.1f})"
            )
        print(f"  arrivals report: {timed(lambda: arrivals(state)):.1f} ms")
        print(f"  withdrawals report: {timed(lambda: upcoming_withdrawals(state)):.1f} ms")
        table = victory_table(state)
        print(f"  victory table: {timed(lambda: victory_table(state)):.1f} ms; {table.result}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-stage", type=int, default=60, help="CP expenditures a stage")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    measure(args.per_stage, args.seed)


if __name__ == "__main__":
    sys.exit(main())
