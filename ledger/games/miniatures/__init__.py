"""Calculators for the WW2 miniatures rules (``../shared/rules/002_1132c6af1cb7af1a.txt``).

One module per procedure of the text:

- ``command``: the 2.1 command test (1d6 plus modifiers against the Command Chart value for the
  unit's training, Maneuver or Assault column; the chart is the player's, loaded from a CSV);
- ``terrain``: 2.3 dangerous terrain (2d6 per dangerous terrain type; a roll inside the
  printed range immobilizes the vehicle);
- ``towing``: 2.4 limbering, unlimbering and set-up times by gun class, and when the gun may fire;
- ``transport``: 2.4 passengers and riders, 2.2 cavalry mounting and dismounting;
- ``defenses``: 2.5 digging in and minefields;
- ``rulings``: the named rulings where the text is silent or unclear.

The text prints neither the Command Chart values nor the dangerous terrain ranges; both are the
player's data, handed in through ``ledger.io.games.miniatures``.
"""

PACKAGE = "ledger.games.miniatures"
"""The package holding this game's data files (``data/*.toml``)."""


def name_key(name: str) -> str:
    """How two player-given names (a training value, a terrain type) are compared: spaces
    collapsed and trimmed, case ignored (``" Example  Marsh"`` and ``"example marsh"`` are one
    name)."""
    return " ".join(name.split()).casefold()
