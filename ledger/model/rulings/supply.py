"""Rulings on supply: upkeep, transfers and requisitions (4.55, 49.3, 51.1, 52.4, 54.1),
consumption of fuel, stores and water (49.12-49.3, 51.12, 51.16, 52.41) and holding limits
(54.12, 49.14).

Part of ``ledger.model.rulings.RULINGS``, in its order; each ruling is documented in
docs/rulings.md.
"""

from __future__ import annotations

from typing import Final

from ledger.charts.ruling import Ruling

UPKEEP_RULINGS: Final[tuple[Ruling, ...]] = (
    Ruling(
        id="automatic-upkeep",
        case="49.3, 51.1, 52.4, 29.34",
        question=(
            "Should the ledger take each Operations Stage's water, each Game-Turn's stores and "
            "evaporation, and a Hot Operations Stage's evaporation by itself? 'post': yes, as "
            "app-made events the players review and correct. 'off': the players record "
            "consumption themselves with `consume`."
        ),
        options=("post", "off"),
        default="post",
    ),
    Ruling(
        id="same-hex-transfers",
        case="54.1, 8.98",
        question=(
            "Supply is used where it is. 'enforce': a transfer joins two holders in the same "
            "hex (holders placed by description and unlimited sources are not checked); "
            "moving supplies elsewhere is loading trucks, moving them and unloading. 'off': "
            "house rule, transfers between any hexes (the players track the carrying)."
        ),
        options=("enforce", "off"),
        default="enforce",
    ),
    Ruling(
        id="plan-partial-requisition",
        case="4.55",
        question=(
            "The rules give the Supply Requisition Form but not what happens to one answered "
            "in part. When an accepted convoy plan draws part of a requisition from a dump in "
            "the unit's hex, the requisition is closed as fulfilled and 'refile': everything "
            "not drawn is filed at once as a new requisition for the unit; 'close': only what "
            "the plan's trucks carry is filed again, the rest lapses."
        ),
        options=("refile", "close"),
        default="refile",
    ),
    Ruling(
        id="upkeep-sources",
        case="52.4, 51.1, 54.1",
        question=(
            "Where does a unit's water and stores come from when the ledger takes them? "
            "'same-hex': its own holding, then its side's dumps in its hex, then its side's "
            "truck cargo in its hex (supply is used where it is). 'own-only': its own holding."
        ),
        options=("same-hex", "own-only"),
        default="same-hex",
    ),
)
"""Upkeep, transfers and requisitions (4.55, 49.3, 51.1, 52.4, 54.1)."""

CONSUMPTION_RULINGS: Final[tuple[Ruling, ...]] = (
    Ruling(
        id="49.13-carrying-trucks-fuel",
        case="49.13, 54.2, 6.17, 8.95",
        question=(
            "A unit carried on Truck Points moves with them, and Truck Points burn fuel moving "
            "(49.13, 54.2); the rules do not say from whose fuel. 'unit-pays': a recorded move "
            "burns the carrying Truck Points' fuel from the unit's own, with its TOE's. "
            "'not-counted': only its TOE's; the players record the trucks' fuel with `consume`."
        ),
        options=("unit-pays", "not-counted"),
        default="unit-pays",
    ),
    Ruling(
        id="49.13-fuel-part-group",
        case="49.13, 49.19",
        question=(
            "49.13 charges a vehicle TOE point its fuel rate for each five CP of movement, a "
            "part of five included (its example: rate 4, 12 CP, 12 Fuel Points), while chart "
            "49.19 prints fractional costs for 1-4 CP. 'part-group-counts': a part group counts "
            "whole (12 CP are 3 groups). 'whole-groups-only': only whole groups (12 CP are 2). "
            "'pro-rata': rate x CP / 5 exactly, as the chart's fractional rows, a unit's total "
            "rounded up to whole Fuel Points."
        ),
        options=("part-group-counts", "whole-groups-only", "pro-rata"),
        default="part-group-counts",
    ),
    Ruling(
        id="49.12-class-points-fuel",
        case="49.12, 49.13, 52.42, 6.17",
        question=(
            "The Tank & Gun charts print a fuel rate for each tank and gun; the Unit "
            "Characteristics charts print none for a class's own TOE points (recce, HQ, "
            "engineer, infantry), yet 49.12 counts HQs with unparenthesised TOE as fuel users "
            "and 49.13 gives trucks and recce factor 1. 'motorized-rate-1': a class's own "
            "points burn at rate 1 when the class CPA is above 10 (motorized, 6.17), and are "
            "vehicle points for water (52.42). 'printed-only': only printed rates burn fuel."
        ),
        options=("motorized-rate-1", "printed-only"),
        default="motorized-rate-1",
    ),
    Ruling(
        id="49.3-commonwealth-nine-percent",
        case="49.3",
        question=(
            "Fuel and water evaporate 6 % a Game-Turn; the Commonwealth's rate is 9 % from "
            "September 1940 to August 1941 (GT 1-46). 'replaces': 9 % instead of 6 %. "
            "'adds': 9 % on top of the 6 % (15 %)."
        ),
        options=("replaces", "adds"),
        default="replaces",
    ),
    Ruling(
        id="49.3-fuel-in-vehicle-tanks",
        case="49.3, 29.34",
        question=(
            "29.34 spares the fuel in vehicles' tanks from the Hot-weather loss; the weekly "
            "49.3 loss covers on-map fuel without saying whether tanks are in it. 'exempt': "
            "fuel in tanks loses nothing. 'weekly-loss': it loses the weekly 6 % (9 %), not "
            "the Hot 5 %."
        ),
        options=("exempt", "weekly-loss"),
        default="exempt",
    ),
    Ruling(
        id="51.12-prisoner-part-group",
        case="51.12",
        question=(
            "Prisoners take 1 Stores per 5 Prisoner Points an Operations Stage; what does a "
            "part of five take? 'part-group-counts': a whole point (12 points take 3). "
            "'whole-groups-only': nothing (12 points take 2)."
        ),
        options=("part-group-counts", "whole-groups-only"),
        default="part-group-counts",
    ),
    Ruling(
        id="51.16-captured-stores-halves",
        case="51.16, 50.16, 11.32",
        question=(
            "Half of captured Stores may be used; how does half of an odd number round? 'up': "
            "7 give 4. 'down': 7 give 3."
        ),
        options=("up", "down"),
        default="up",
    ),
    Ruling(
        id="52.41-infantry-regiment-counters",
        case="52.41, 52.6, 9.4",
        question=(
            "52.41 waters each infantry battalion or company and 52.6 gives each Italian "
            "battalion a Pasta Point; an infantry counter above battalion level (the Italian "
            "class m regiments) is neither. 'as-battalion': 1 Water an Operations Stage and 1 "
            "Pasta Point. 'per-stacking-point': as many as its Stacking Points (2, 9.4)."
        ),
        options=("as-battalion", "per-stacking-point"),
        default="as-battalion",
    ),
    Ruling(
        id="50.2-supply-net-fight",
        case="50.14, 50.2, 4.55",
        question=(
            "The General Supply Net Sheet shows the Ammunition a formation uses if each unit "
            "fires once with all its TOE Strength Points; chart 50.2 prices a point by the "
            "fire (barrage 4, anti-armor 3, close assault 2 or 1). 'largest': each point at "
            "the dearest fire it can deliver (a Barrage rating, else an Anti-Armor rating, "
            "else its Close Assault). 'close-assault': each point at its Close Assault rate."
        ),
        options=("largest", "close-assault"),
        default="largest",
    ),
)
"""Consumption of fuel, stores, water and ammunition (49.12-49.3, 50.2, 51.12-51.16, 52.41)."""

HOLDING_LIMIT_RULINGS: Final[tuple[Ruling, ...]] = (
    Ruling(
        id="54.12-oasis-capacity",
        case="54.12, 8.48, 8.37",
        question=(
            "An oasis is a Supply Dump whose Water and Stores never diminish (8.48), but chart "
            "54.12 prints no oasis row for the Ammunition and Fuel kept there. 'village': the "
            "village row (2500 Ammunition, 8000 Fuel), as the Terrain Effects Chart groups "
            "villages, birs and oases. 'other': the other-terrain row (1500, 5000)."
        ),
        options=("village", "other"),
        default="village",
    ),
    Ruling(
        id="49.14-unit-fuel-capacity",
        case="49.14",
        question=(
            "Fuel a unit holds is fuel in its vehicles' tanks (CPA x 1/5 x fuel rate per TOE "
            "point). 'enforce': a transfer or arrival that would put more Fuel in a unit than "
            "its tanks take is refused (a unit without vehicles holds none; its trucks carry "
            "it). 'allow': house rule, units hold any Fuel."
        ),
        options=("enforce", "allow"),
        default="enforce",
    ),
)
"""Holding limits (54.12, 49.14)."""
