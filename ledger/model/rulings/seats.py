"""Rulings on seats at the table (issue 16): which seat posts what (4.5) and what a seat's
undo takes back.

Part of ``ledger.model.rulings.RULINGS``, in its order; each ruling is documented in
docs/rulings.md.
"""

from __future__ import annotations

from typing import Final

from ledger.charts.ruling import Ruling

SEAT_RULINGS: Final[tuple[Ruling, ...]] = (
    Ruling(
        id="seat-roles",
        case="4.5",
        question=(
            "4.5 splits each side's paperwork among the Commander-in-Chief and four commanders "
            "by log sheet, not by command. 'by-role': each seat posts the entries its roles' "
            "sheets keep (Field Commander: CP, moves, combat, reorganization, requisitions; "
            "Logistics Commander: dumps, trucks, convoys, closing requisitions; Rear Area "
            "Commander: repairs and arrivals; the Commander-in-Chief any of them). 'by-side': "
            "any seat of a side posts any entry of its side (a small table sharing the roles)."
        ),
        options=("by-role", "by-side"),
        default="by-role",
    ),
    Ruling(
        id="seat-undo",
        case="5.2",
        question=(
            "A seat's undo takes back its own last action, but other seats may have recorded "
            "since. 'own-untouched': allowed unless a later entry of another seat touches the "
            "same counters, dumps or trucks, or the action moved the clock. 'own-latest': only "
            "when the seat's action is the table's latest entry. The umpire undoes the table's "
            "latest action either way."
        ),
        options=("own-untouched", "own-latest"),
        default="own-untouched",
    ),
)
