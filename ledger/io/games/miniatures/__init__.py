"""The WW2 miniatures rules' calculators as JSON in, JSON out (docs/games/miniatures.md).

``GAME`` is what the registry (``ledger.io.games``) loads. One module per procedure, each
validating its request (``models``, pydantic), calling ``ledger.games.miniatures`` and shaping
the result (``shaping``):

- ``command``: ``command-test`` (2.1);
- ``terrain``: ``dangerous-terrain`` (2.3);
- ``towing``: ``towing`` (2.4);
- ``transport``: ``transport``, ``riders`` (2.4) and ``cavalry`` (2.2);
- ``defenses``: ``dig-in`` and ``minefield`` (2.5);
- ``tables``: the player's CSV tables (the Command Chart, the dangerous terrain ranges), which
  the text does not print, read with Python's ``csv``.

Bad input raises ``RequestError`` naming the field (and, for a CSV, the file, row and column).
"""

from __future__ import annotations

from ledger.games.miniatures.rulings import RULINGS
from ledger.io.games import Calculation, GameCalculators
from ledger.io.games.miniatures.command import run_command_test
from ledger.io.games.miniatures.defenses import run_dig_in, run_minefield
from ledger.io.games.miniatures.terrain import run_dangerous_terrain
from ledger.io.games.miniatures.towing import run_towing
from ledger.io.games.miniatures.transport import run_cavalry, run_riders, run_transport

__all__ = ["GAME"]

GAME = GameCalculators(
    id="miniatures",
    title="the WW2 miniatures rules",
    doc="docs/games/miniatures.md",
    calculations=(
        Calculation(
            "command-test",
            "1d6 plus modifiers against the Command Chart value: the roll needed and the odds",
            "2.1",
            run_command_test,
            "command-test.json",
        ),
        Calculation(
            "dangerous-terrain",
            "2d6 immobilization odds over a route of dangerous terrain, one vehicle or a group",
            "2.3",
            run_dangerous_terrain,
            "dangerous-terrain.json",
        ),
        Calculation(
            "towing",
            "limber, unlimber and set-up times by gun class, and when the gun may fire",
            "2.4",
            run_towing,
            "towing.json",
        ),
        Calculation(
            "transport",
            "infantry getting in or out of a vehicle: the move each pays, firing when carried",
            "2.4",
            run_transport,
            "transport.json",
        ),
        Calculation(
            "riders",
            "infantry riding on a tank's hull: allowed by carrier, year and terrain, costs, fire",
            "2.4",
            run_riders,
            "riders.json",
        ),
        Calculation(
            "cavalry",
            "mounting or dismounting cavalry: cost, assault movement, troopers and horse herd",
            "2.2",
            run_cavalry,
            "cavalry.json",
        ),
        Calculation(
            "dig-in",
            "who may dig in, the turns a hasty dig-in or foxholes take, trench line for vehicles",
            "2.5",
            run_dig_in,
            "dig-in.json",
        ),
        Calculation(
            "minefield",
            "minefields entered and Area Weapons Chart rolls, cleared lanes, engineer speed",
            "2.5",
            run_minefield,
            "minefield.json",
        ),
    ),
    rulings=RULINGS,
)
"""The miniatures calculators (registered in ``ledger.io.games``)."""
