"""Figures for combat odds: how long the exact distributions take to compute.

Run: .venv/bin/python bench/combat_odds.py   (prints figures; not a test)

Cases: a barrage with a truck roll; anti-armor fire at a mixed armor hex; the close assault of
the rules' combat example with both sides' morale rolled (17.4), which mixes the outcomes of
every column the morale dice reach.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from ledger.combat.anti_armor import calculate_anti_armor
from ledger.combat.anti_armor_losses import ArmorTarget
from ledger.combat.assault_setup import SideMorale
from ledger.combat.barrage import BarrageTarget, calculate_barrage
from ledger.combat.close_assault import calculate_close_assault
from ledger.combat.forces import Element, elements_of
from ledger.io.scenario import bundled_scenarios, load_scenario
from ledger.model.units import Ratings


def timed(label: str, make: Callable[[], object], repeat: int = 5) -> None:
    """Print the best of ``repeat`` runs of ``make`` in milliseconds."""
    best = float("inf")
    for _ in range(repeat):
        began = time.perf_counter()
        make()
        best = min(best, time.perf_counter() - began)
    print(f"{label:<58} {best * 1000:8.1f} ms")


def main() -> None:
    """Time each kind of calculation (best of five)."""
    gun = Element("g", "105", 10, Ratings(barrage=9), "axis", hex="B", combat_class="gun")
    target = BarrageTarget("t", "infantry", terrain=("rough",), trucks_present=True)
    timed("barrage, 9 Actual, Rough, truck roll", lambda: calculate_barrage([gun], target))

    firing = [Element("f", "2pdr", 6, Ratings(anti_armor=9), "commonwealth", hex="A")]
    armor = [
        ArmorTarget("m11", "m11", 6, armor_protection=2),
        ArmorTarget("m13", "m13", 3, armor_protection=3),
    ]
    timed(
        "anti-armor, 5 Actual, 9 armor TOE points",
        lambda: calculate_anti_armor(firing, armor, firer_is_phasing=False),
    )

    setup = load_scenario(bundled_scenarios()["rules-examples"])
    classes = {c.id: c for c in setup.classes}
    systems = {w.id: w for w in setup.weapons} | {c.id: c.as_weapon_system() for c in setup.classes}
    units = {u.id: u for u in setup.units}

    def of(unit_id: str) -> list[Element]:
        return elements_of(units[unit_id], classes, systems)

    def assault() -> object:
        return calculate_close_assault(
            [*of("de.ex.kg_inf_bn_1"), *of("de.ex.kg_inf_bn_2"), *of("de.ex.c_inf_bn")],
            [*of("cw.ex.motor_inf_bn"), *of("cw.ex.crusader_bn")],
            not_fighting=of("cw.ex.stuart_bn"),
            terrain=["rough"],
            attacker_morale=SideMorale(basic=2, cohesion=-2),
            defender_morale=SideMorale(basic=1, cohesion=-3),
        )

    timed("close assault, combat example, morale rolled (5 columns)", assault)


if __name__ == "__main__":
    main()
