"""The ranges the game allows for the figures a player types or a file supplies.

Every entry point that reads figures from outside (scenario files, combat and calculator
requests, the dashboard's forms) checks them against these constants, so a figure no counter,
chart or log sheet can hold is refused where it enters instead of being written to the journal.
Each bound names the rule case or chart it comes from; where the rules print no limit (supply
points, TOE points, CP in one command) the bound is set far above anything the game's charts and scenarios hold,
to catch a typo or a corrupt file, never a legal position.

Pure Python: this module imports nothing but ``typing``, so the domain, the readers and the
pages can all share it.
"""

from __future__ import annotations

from typing import Final

COHESION_MIN: Final = -26
"""The lowest Cohesion Level a file or request may give (6.26): at -26 a unit is
Disorganized — it may not move, attack or defend and surrenders when an enemy combat unit moves
adjacent — so the track ends there. (A unit may pass below -26 in play by one action that jumps
it past the level, 6.26; that is the fold's arithmetic, not a figure anyone types.)"""

COHESION_MAX: Final = 10
"""The highest Cohesion Level (6.23): Reorganization Points never take a unit above +10."""

SUPPLY_POINTS_MAX: Final = 1_000_000
"""The most Ammunition, Fuel, Stores or Water Points one holder (unit, dump, pool, truck load)
may be given. The rules print no ceiling for a city or box dump (54.12), but the
capacities they do print are in the thousands (54.12: a village dump holds 2,500 Ammunition and
8,000 Fuel) and scenario 60's largest starting dump holds 5,000 Fuel (60.34): a million is a
typo or a corrupt file, never a position of the game."""

TOE_POINTS_MAX: Final = 1_000
"""The most TOE Strength Points of one weapon system a unit (or a request's force) may hold.
TOE points are counted per weapon system on the unit's OA sheet (4.47, 11.31); the largest
maximum TOE any scenario 60 counter prints is in the tens, and a division holds its weapons in
its battalions and regiments (4.46). A thousand is far beyond any counter."""

GAME_TURN_MIN: Final = 1
"""Game-Turn 1 is the campaign's first, September III 1940 (6.14, 5.1)."""

GAME_TURN_MAX: Final = 111
"""The campaign game's last Game-Turn: the turn record runs 111 Game-Turns of about a week
(5.1), September 1940 into 1943. No scenario starts or ends after it."""

OP_STAGE_MIN: Final = 1
"""The first of a Game-Turn's Operations Stages (5.1)."""

OP_STAGE_MAX: Final = 3
"""Each Game-Turn has three Operations Stages (5.1)."""

TRUCK_POINTS_MAX: Final = 100_000
"""The most Truck Points of one weight class in one truck group. The rules print no ceiling;
scenario 60's first-line groups hold tens of Truck Points (60.31) and its second- and
third-line parks hundreds (60.43), so a hundred thousand in one group is a typo or a corrupt
file."""

CP_PER_COMMAND_MAX: Final = 100
"""The most Capability Points one command may expend (and the largest Cohesion change one
correction makes). No unit of the game has a CPA above 60 (6.1x; the largest in the bundled
scenarios is 45), a unit may not voluntarily go beyond 150 % of its CPA (8.17), and every CP
beyond the CPA is a Disorganization Point (6.21) that takes the unit to the bottom of the
Cohesion track (-26, 6.26) long before 100: a bigger number is a typo, never a move."""

CP_OVER_BOUND: Final = (
    f"more than {CP_PER_COMMAND_MAX} CP in one command; no unit's CPA is above 60 (6.1x) and "
    "every CP beyond the CPA is a DP (6.21)"
)
"""How a CP figure over ``CP_PER_COMMAND_MAX`` is refused, in the same words everywhere."""
