"""How long the TOE Log Sheets (4.52) of a whole side take to export (issue 19 item 7; target
3 s for a 400-counter side). Prints figures; not a test.

Run: .venv/bin/python bench/sheets.py [--counters 400] [--repeat 3]

The side: *Graziani's Offensive* (60.22) with each side's counters copied to ``--counters``
(``bench/campaign.py``'s ``campaign_setup``), at its start. Times ``toe_log_workbook`` for each
side, best of ``--repeat``, with the number of sheets, counters and the file's size.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.campaign import campaign_setup
from ledger.io.toe_sheets import toe_log_workbook
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
        best, data = float("inf"), b""
        for _ in range(args.repeat):
            began = time.perf_counter()
            data = toe_log_workbook(state, side, "bench")
            best = min(best, time.perf_counter() - began)
        counters = len(state.units_in_play(side))
        print(
            f"TOE Log Sheets, {side}: {counters} counters in play, "
            f"{len(data) / 1024:.0f} KiB, {best:.2f} s (best of {args.repeat}; target 3 s)"
        )


if __name__ == "__main__":
    main()
