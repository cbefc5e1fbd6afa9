"""The choices the command line offers, as the parsers need them: copies of the domain's tuples.

The domain owns these names (``ledger.model.units.SIDES``, ``ledger.model.source.ROLES``,
``ledger.model.clock.WEATHERS``, ``ledger.commands.logistics.CONSUMPTION_CAUSES`` and
``ARRIVAL_CAUSES``, ``ledger.commands.movement.MOVE_ACTIONS``), but the modules that hold them
import dataclasses, the quantities and the rest of their package. ``quartermaster --help`` builds
every subcommand's parser and must import argparse alone (see ``ledger.cli``), so the parsers
read these copies; ``tests/cli/test_cli_imports.py`` checks that each equals the domain's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from ledger.model.clock import Weather
    from ledger.model.source import Role
    from ledger.model.units import Side

SIDES: Final[tuple[Side, ...]] = ("axis", "commonwealth")
"""The two sides (``ledger.model.units.SIDES``)."""

ROLES: Final[tuple[Role, ...]] = (
    "commander_in_chief",
    "field_commander",
    "logistics_commander",
    "rear_area_commander",
    "air_marshal",
)
"""Command roles of 4.5x (``ledger.model.source.ROLES``)."""

WEATHERS: Final[tuple[Weather, ...]] = ("normal", "hot", "sandstorm", "rainstorm")
"""The weather of an Operations Stage, 29.x (``ledger.model.clock.WEATHERS``)."""

CONSUMPTION_CAUSES: Final = (
    "water",
    "stores",
    "fuel",
    "ammunition",
    "evaporation",
    "demolished",
    "destroyed",
    "captured-by-enemy",
    "correction",
)
"""Why supplies leave a holder (the keys of ``ledger.commands.logistics.CONSUMPTION_CAUSES``)."""

ARRIVAL_CAUSES: Final = ("convoy", "well", "captured", "correction", "set-up")
"""Why supplies appear at a holder (the keys of ``ledger.commands.logistics.ARRIVAL_CAUSES``)."""

MOVE_ACTIONS: Final = ("move", "enter-minefield", "reaction", "retreat-before-assault")
"""The 6.3 actions a ``move`` records (``ledger.commands.movement.MOVE_ACTIONS``)."""
