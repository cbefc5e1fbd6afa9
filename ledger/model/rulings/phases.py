"""Rulings on the sequence of play: which phase ends the Operations Stage, which phase combat
belongs in, and who holds the Initiative after the first Game-Turn (5.2, 7.1, 11.0).

Part of ``ledger.model.rulings.RULINGS``, in its order; each ruling is documented in
docs/rulings.md.
"""

from __future__ import annotations

from typing import Final

from ledger.charts.ruling import Ruling

PHASE_RULINGS: Final[tuple[Ruling, ...]] = (
    Ruling(
        id="end-stage-phase",
        case="5.2",
        question=(
            "5.2 III ends the Operations Stage after Player B's Patrol Phase (L). "
            "'last-phase': the Operations Stage ends only from L. Patrol Phase (Player B); "
            "advance through the phases with `quartermaster phase` first. 'any-phase': house "
            "rule, end it from any phase (the phases skipped are not played)."
        ),
        options=("last-phase", "any-phase"),
        default="last-phase",
    ),
    Ruling(
        id="combat-phase",
        case="5.2 III.G, 11.0, 12.0, 14.0, 15.0",
        question=(
            "Every combat, Barrage, Anti-Armor, Close Assault and Probe, and the "
            "non-Phasing Player's Retreat before Assault and defensive fire within them, is "
            "resolved in the Combat Segments of the Phasing Player's Movement and Combat Phase "
            "(5.2 III.G). 'movement-and-combat': a combat is posted only in a Movement and "
            "Combat Phase, with the Phasing side of that phase's player (Player A or B, 7.16), "
            "and a Combat Segment ends only there. 'any-phase': house rule, any phase and side."
        ),
        options=("movement-and-combat", "any-phase"),
        default="movement-and-combat",
    ),
    Ruling(
        id="initiative-holder",
        case="7.11, 7.12, 7.14, 7.15",
        question=(
            "The Initiative for the first Game-Turn is the scenario's (7.15); later Game-Turns "
            "roll for it (7.14), which the ledger does not record yet. 'scenario-holder': the "
            "side named by the scenario (the Axis when it names none) keeps the Initiative in "
            "every Game-Turn, and only it declares who moves first. 'declared': the table rolls "
            "7.14 itself; whichever side declares who moves first holds the Initiative."
        ),
        options=("scenario-holder", "declared"),
        default="scenario-holder",
    ),
)
"""The sequence of play: end of the Operations Stage (5.2), combat's phase (5.2 III.G) and the
Initiative (7.1)."""
