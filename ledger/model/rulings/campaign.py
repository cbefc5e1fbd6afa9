"""Rulings on a campaign's schedule: withdrawals (4.43a, 20.8, 20.83) and victory points
(60.82).

Part of ``ledger.model.rulings.RULINGS``, in its order; each ruling is documented in
docs/rulings.md.
"""

from __future__ import annotations

from typing import Final

from ledger.charts.ruling import Ruling

CAMPAIGN_RULINGS: Final[tuple[Ruling, ...]] = (
    Ruling(
        id="withdrawal-transport",
        case="4.43a, 20.8",
        question=(
            "The withdrawal schedule prints the truck value a withdrawal needs (light truck "
            "point 1/2, medium 1, heavy 2), but no rule says what happens when the side has "
            "less. 'record-shortfall': the units leave with the trucks available and the "
            "shortage is recorded (interpretation scen-0006). 'refuse': the withdrawal is "
            "refused while the side's second/third-line trucks in play, and the first-line "
            "trucks attached to the units, give less truck value than printed."
        ),
        options=("record-shortfall", "refuse"),
        default="record-shortfall",
    ),
    Ruling(
        id="withdrawal-supplies",
        case="20.8",
        question=(
            "What becomes of the supplies the withdrawn counters (and their first-line "
            "trucks) carry? The rules give no loss. 'to-dump': they go back into a dump of "
            "the side the player names (by default the side's dump at the counters' hex). "
            "'lost': they leave the game with the counters."
        ),
        options=("to-dump", "lost"),
        default="to-dump",
    ),
    Ruling(
        id="withdrawal-due",
        case="20.8",
        question=(
            "A scheduled withdrawal is due at its Operations Stage. 'refuse-end': the "
            "Operations Stage does not end while a withdrawal due at it (or before) is not "
            "recorded. 'remind': the Operations Stage ends; the withdrawal stays on the "
            "players' agenda."
        ),
        options=("refuse-end", "remind"),
        default="refuse-end",
    ),
    Ruling(
        id="victory-tie",
        case="60.82",
        question=(
            "60.82 gives the higher point total the victory and no tie rule. 'draw': equal "
            "totals are a draw. 'commonwealth': equal totals go to the Commonwealth, who need "
            "only deny the Italians their objectives."
        ),
        options=("draw", "commonwealth"),
        default="draw",
    ),
)
"""The campaign rulings, in the ledger's order."""
