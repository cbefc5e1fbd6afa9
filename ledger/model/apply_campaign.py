"""How the campaign events (``ledger.model.campaign``) change a state being folded: each
handler takes the draft, the event and ``sign`` (1 apply, -1 reverse)."""

from __future__ import annotations

from ledger.model.campaign import ReinforcementsArrived, UnitsWithdrawn, VictoryPlaceHeld
from ledger.model.draft import Draft


def reinforcements_arrived(d: Draft, event: ReinforcementsArrived, sign: int) -> None:
    """The units and truck groups of ``event`` enter play (4.43, 20.1); reversed, they leave."""
    raise NotImplementedError("issue 18: reinforcements")


def units_withdrawn(d: Draft, event: UnitsWithdrawn, sign: int) -> None:
    """The withdrawn units leave play with what they carried (20.8)."""
    raise NotImplementedError("issue 18: withdrawals")


def victory_place_held(d: Draft, event: VictoryPlaceHeld, sign: int) -> None:
    """The victory place's holder and supply line as recorded (60.82)."""
    raise NotImplementedError("issue 18: victory")
