"""Figures for the convoy planner on a Graziani-sized case: 17 dumps, 20 requisitions, 10 convoys.

Stocks and convoys follow the Graziani scenario's sizes (dumps of up to 5000 supply points, two
unlimited sources, convoys of up to 30 light, 140 medium, 40 heavy truck points); requisitions
and trip CP are drawn from a seeded random generator, a quarter of the trips with CP unknown.
"plenty": those convoys (every requisition can be met); "scarce": a fifth of their truck
points (the trucks bind). Each case runs with a 3 s and a 10 s time limit.
Run: .venv/bin/python bench/convoy.py [SEEDS]   (prints figures; not a test)
"""

from __future__ import annotations

import random
import sys
import time
from fractions import Fraction

from ledger.model.quantities import Supplies
from ledger.planning.convoy import candidate_trips, plan_convoy
from ledger.planning.convoy_values import Carrier, Requisition, Stock


def case(
    seed: int, scarcity: int = 1
) -> tuple[
    list[Requisition], list[Stock], list[Carrier], dict[tuple[str, str, str], Fraction | None]
]:
    """A random Graziani-sized case."""
    rng = random.Random(seed)
    stocks = [
        Stock(
            f"dump{i}",
            f"D{i:02d}00",
            Supplies(
                rng.randint(0, 250), rng.randint(0, 5000), rng.randint(0, 500), rng.randint(0, 300)
            ),
            unlimited=i < 2,
        )
        for i in range(17)
    ]
    requisitions = [
        Requisition(
            f"req{i}",
            f"unit{i}",
            f"C{i:02d}10",
            Supplies(
                rng.randint(0, 60), rng.randint(0, 800), rng.randint(0, 120), rng.randint(0, 200)
            ),
            rng.choice((1, 1, 1, 2, 3)),
        )
        for i in range(20)
    ]
    carriers = [
        Carrier(
            f"convoy{i}",
            f"E{i:02d}00",
            rng.randint(0, 30) // scarcity,
            rng.randint(10, 140) // scarcity,
            rng.randint(0, 40) // scarcity,
        )
        for i in range(10)
    ]
    reach: dict[tuple[str, str, str], Fraction | None] = {
        (s.dump_id, r.id, c.group_id): None
        if rng.random() < 0.25
        else Fraction(rng.randint(4, 200), 4)
        for s in stocks
        for r in requisitions
        for c in carriers
    }
    return requisitions, stocks, carriers, reach


def main() -> None:
    """Print build and solve times for a few seeds."""
    seeds = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    for scarcity, name in ((1, "plenty"), (5, "scarce")):
        for seed in range(seeds):
            requisitions, stocks, carriers, reach = case(seed, scarcity)
            wanted = sum((r.wanted for r in requisitions), Supplies())
            for time_limit in (3.0, 10.0):
                began = time.perf_counter()
                trips = candidate_trips(stocks, requisitions, carriers, reach)
                plan = plan_convoy(requisitions, stocks, carriers, trips, time_limit=time_limit)
                total = time.perf_counter() - began
                print(
                    f"{name} seed {seed}, limit {time_limit:4.0f} s: {len(trips)} trips, "
                    f"solver {plan.seconds:5.2f} s, total {total:5.2f} s, {plan.status}; "
                    f"delivered {sum(v for _, v in plan.total_delivered.items())} of "
                    f"{sum(v for _, v in wanted.items())} supply points on {len(plan.legs)} legs"
                    f"\n    {plan.message}"
                )


if __name__ == "__main__":
    main()
