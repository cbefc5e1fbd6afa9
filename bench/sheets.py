"""How long every log sheet of a whole side takes to export (issue 19 item 7; target: all
sheets of a 400-counter side in 3 s). Prints figures; not a test.

Run: .venv/bin/python bench/sheets.py [--counters 400] [--repeat 3]

The side: *Graziani's Offensive* (60.22) with each side's counters copied to ``--counters``
(``bench/campaign.py``'s ``campaign_setup``), at its start. Times, for each side, best of
``--repeat``: the TOE Log Sheets (``toe_log_workbook``, with the file's size), the Field
Commander Control Sheet and every workbook ``quartermaster export --sheet`` builds
(``ledger.io.logistics_sheets.WORKBOOKS`` less ``logistics``, whose four tabs are timed one by
one), then their sum: what a side's players print for an OpStage.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.campaign import campaign_setup
from ledger.io.logistics_sheets import WORKBOOKS
from ledger.io.toe_sheets import toe_log_workbook
from ledger.io.xlsx import field_commander_workbook
from ledger.model.apply import start
from ledger.model.events import GameStarted
from ledger.model.source import Source
from ledger.model.units import SIDES


def main() -> None:
    """Parse the options, build the side and print each side's export time."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--counters", type=int, default=400, help="counters a side")
    parser.add_argument("--repeat", type=int, default=3, help="runs; the best is printed")
    args = parser.parse_args()
    setup = campaign_setup(args.counters)
    state = start(GameStarted(Source(setup.info.start), setup))
    for side in SIDES:
        builders = {
            "TOE Log Sheets": lambda side=side: toe_log_workbook(state, side, "bench"),
            "Field Commander Control Sheet": lambda side=side: field_commander_workbook(
                state, side, "bench"
            ),
            **{
                what: lambda side=side, build=build: build(state, side, "bench")
                for key, (build, what) in WORKBOOKS.items()
                if key != "logistics"
            },
        }
        total = 0.0
        counters = len(state.units_in_play(side))
        for what, build in builders.items():
            best, data = float("inf"), b""
            for _ in range(args.repeat):
                began = time.perf_counter()
                data = build()
                best = min(best, time.perf_counter() - began)
            total += best
            print(f"  {what}, {side}: {len(data) / 1024:.0f} KiB, {best:.2f} s")
        print(
            f"Every sheet, {side}: {counters} counters in play, {total:.2f} s "
            f"(best of {args.repeat} each; target 3 s for 400 counters)"
        )


if __name__ == "__main__":
    main()
