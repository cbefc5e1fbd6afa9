"""Figures for the other games' calculators: how long each shipped example takes.

Run: .venv/bin/python bench/games_odds.py   (prints figures; not a test)

Each calculation of each game (ledger.io.games) runs on its example request in
docs/examples/<game>/, from parsed JSON to the result JSON with every exact distribution; the
best of five runs is printed in milliseconds.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from ledger.io.games import calculate, games

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    """Print one line per game and calculation: the example and its best time."""
    for game in games().values():
        for calc in game.calculations:
            path = ROOT / "docs" / "examples" / game.id / calc.example
            data = json.loads(path.read_text(encoding="utf-8"))
            best = float("inf")
            for _ in range(5):
                began = time.perf_counter()
                calculate(game.id, calc.name, data, path.parent)
                best = min(best, time.perf_counter() - began)
            label = f"{game.id} {calc.name} ({calc.example})"
            print(f"{label:<64} {best * 1000:8.2f} ms")


if __name__ == "__main__":
    main()
