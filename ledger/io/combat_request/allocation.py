"""The owner's allocation of a combat's losses (the CLI's ``--allocation`` file, the
dashboard's loss tables): ``AllocationIn``, its rows ``LossIn``, and ``parse_allocation``,
which reads it over the proposal, each list given replacing the proposal's (14.43; 15.83 and
15.85-15.86 for a Close Assault). Units and systems may be named as in a request; the rules are
checked later by ``resolve.check_allocation``.
"""

from __future__ import annotations

from typing import Final

from pydantic import TypeAdapter, ValidationError

from ledger.combat.forces import Loss
from ledger.combat.resolve import Allocation
from ledger.io.combat_request.errors import RequestError, pydantic_errors
from ledger.io.combat_request.forces import RequestBuilder
from ledger.io.combat_request.models import BarrageRequest, Name, RequestModel, ToePoints
from ledger.io.files import dotted, tree_problems
from ledger.model.errors import LedgerError
from ledger.model.state import GameState


class LossIn(RequestModel):
    """TOE Strength Points of one weapon system of one unit lost or captured."""

    unit: Name
    system: Name
    points: ToePoints


class AllocationIn(RequestModel):
    """The owner's choice of losses; a list left out keeps the proposal's."""

    losses: list[LossIn] | None = None
    attacker_losses: list[LossIn] | None = None
    defender_losses: list[LossIn] | None = None
    attacker_captured: list[LossIn] | None = None
    defender_captured: list[LossIn] | None = None
    defender_stands: bool = False


# --- the owner's allocation -----------------------------------------------------------------------

_ALLOCATION: Final = TypeAdapter(AllocationIn)


def parse_allocation(data: object, state: GameState | None, proposal: Allocation) -> Allocation:
    """The owner's allocation (decoded JSON) over ``proposal``: each list given replaces the
    proposal's; units and systems may be named as in a request. ``RequestError`` for bad
    input (the rules are checked later by ``resolve.check_allocation``)."""
    odd = [LedgerError(dotted(loc) or "allocation", m) for loc, m in tree_problems(data)]
    if odd:
        raise RequestError(odd)
    try:
        given = _ALLOCATION.validate_python(data)
    except ValidationError as exc:
        raise RequestError(pydantic_errors(exc)) from exc
    b = RequestBuilder(BarrageRequest.model_construct(), state)

    def rows(
        name: str, given_rows: list[LossIn] | None, kept: tuple[Loss, ...]
    ) -> tuple[Loss, ...]:
        if given_rows is None:
            return kept
        found = tuple(_loss(b, name, i, x) for i, x in enumerate(given_rows))
        listed: dict[tuple[str, str], int] = {}
        for i, loss in enumerate(found):
            first = listed.setdefault((loss.unit, loss.system), i)
            if first != i:
                b.errors.append(
                    LedgerError(
                        f"{name}[{i}]",
                        f"{loss.unit} {loss.system} is listed twice, at {name}[{first}] and at "
                        f"{name}[{i}]; give its points in one row",
                        "14.43, 15.83",
                    )
                )
        return found

    chosen = Allocation(
        losses=rows("losses", given.losses, proposal.losses),
        attacker_losses=rows("attacker_losses", given.attacker_losses, proposal.attacker_losses),
        defender_losses=rows("defender_losses", given.defender_losses, proposal.defender_losses),
        attacker_captured=rows(
            "attacker_captured", given.attacker_captured, proposal.attacker_captured
        ),
        defender_captured=rows(
            "defender_captured", given.defender_captured, proposal.defender_captured
        ),
        defender_stands=given.defender_stands,
    )
    b.raise_errors()
    return chosen


def _loss(b: RequestBuilder, name: str, index: int, row: LossIn) -> Loss:
    path = f"{name}[{index}]"
    if b.state is None:
        return Loss(row.unit, row.system, row.points)
    unit_id = b.unit_id(row.unit, f"{path}.unit")
    if unit_id is None:
        return Loss(row.unit, row.system, row.points)
    system = b._system_of(b.state.units[unit_id], row.system, f"{path}.system")
    return Loss(unit_id, system or row.system, row.points)
