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
            "less. 'record-shortfall' (interpretation scen-0006): the units leave with their "
            "accompanying trucks (the first-line trucks attached to them), supplemented by "
            "the side's empty second/third-line trucks at Cairo or Alexandria (not the "
            "convoys set aside for air facilities) up to the printed minimum; those truck "
            "points leave play with them and the shortage is recorded. 'refuse': the "
            "withdrawal is refused while those trucks give less truck value than printed."
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
        id="withdrawal-place",
        case="20.83",
        question=(
            "20.83 eliminates a withdrawing counter that is not at Cairo or Alexandria at its "
            "deadline. 'record': the preview and the withdrawals report warn about each "
            "counter away, and the withdrawal is recorded as the players say (withdrawn, or "
            "eliminated with --eliminated). 'refuse': a withdrawal (not --eliminated) is "
            "refused while any of its counters is away from Cairo and Alexandria."
        ),
        options=("record", "refuse"),
        default="record",
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
