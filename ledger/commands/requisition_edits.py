"""A Supply Requisition Form (4.55) brought back (issue 19): what players wrote in its boxes
becomes the requisition commands they would have typed, with those commands' own checks.

The form's exporter (``ledger.io.logistics_sheets``) marks text inputs of two kinds:

- ``NEW_REQUISITION_KIND``, the boxes of each blank line (holder ``"line 1"`` …; field ``unit``,
  ``ammo``, ``fuel``, ``stores``, ``water``, ``needed_by``, ``note``): a Field Commander writes a
  unit (its counter or printed name, as ``quartermaster requisition UNIT`` takes), the supply
  points wanted, the time they are needed by (``parse_needed_by``: ``3/2`` or ``GT 3 OpStage
  2``) and a note → ``file_requisition``, exactly as the CLI's ``requisition`` (4.55);
- ``REQUISITION_KIND``, an open requisition's ``filled_from`` and ``answer`` (holder its number):
  a dump, unit or truck group named in Filled from → ``fulfil_requisition`` of all it wants, as
  ``quartermaster fulfil CRn --from NAME`` (the Answer, if any, its reason); an Answer with
  Filled from left empty → ``reject_requisition`` with that text as the reason (4.55).

``requisition_row_outcome`` turns the changed boxes of one line into that command; a box that
cannot be read (an unknown unit or holder, text or a fraction in a figure, a negative figure, a
bad time) or a command's refusal is reported by its ``Sheet!Cell``, and the line posts nothing.
``requisition_words`` says what each posted entry does in the players' words, for a dry run.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Final, Protocol

from ledger.commands.logistics import file_requisition, fulfil_requisition, reject_requisition
from ledger.commands.outcome import Outcome, refuse
from ledger.model.errors import LedgerError
from ledger.model.events import Event, RequisitionClosed, RequisitionFiled
from ledger.model.lookup import resolve
from ledger.model.quantities import COMMODITIES, COMMODITY_NAMES, Supplies
from ledger.model.requisition_events import parse_needed_by
from ledger.model.source import Source
from ledger.model.state import GameState

REQUISITION_KIND: Final = "requisition"
"""Input kind of an open requisition's ``filled_from`` and ``answer`` (holder: its number)."""
NEW_REQUISITION_KIND: Final = "new_requisition"
"""Input kind of a blank line's boxes (holder ``"line 1"`` …; field the column's key)."""
NEW_REQUISITION_FIELDS: Final = ("unit", *COMMODITIES, "needed_by", "note")
"""The boxes of a blank line a Field Commander fills in to file a requisition (4.55)."""
REQUISITION_KINDS: Final = frozenset({REQUISITION_KIND, NEW_REQUISITION_KIND})
"""The input kinds read as a whole line (one requisition command per line)."""

_WHOLE: Final = re.compile(r"^\d{1,9}$")
NOTHING_WANTED: Final = (
    "a requisition asks for something: write the supply points wanted under Ammunition, Fuel, "
    "Stores or Water"
)


class TextEdit(Protocol):
    """One changed text box (``ledger.io.sheet_import.Edit`` of a text input): where it is,
    its kind, holder and field, and ``text``, what is written in it now."""

    @property
    def where(self) -> str: ...
    @property
    def kind(self) -> str: ...
    @property
    def holder(self) -> str: ...
    @property
    def field(self) -> str: ...
    @property
    def text(self) -> str | None: ...


def requisition_row_outcome(state: GameState, edits: Sequence[TextEdit], source: Source) -> Outcome:
    """The command of one line's changed boxes ``edits`` (all of one kind and holder; see the
    module's docstring), recorded by ``source`` (its side the workbook's), or its refusals,
    each error's field the ``Sheet!Cell`` of the box it is about."""
    boxes = {e.field: (e.text or "", e.where) for e in edits}
    first = edits[0].where
    if edits[0].kind == NEW_REQUISITION_KIND:
        return _file(state, boxes, first, source)
    return _answer(state, edits[0].holder, boxes, first, source)


def _file(
    state: GameState, boxes: dict[str, tuple[str, str]], first: str, source: Source
) -> Outcome:
    """A blank line's boxes as ``file_requisition`` (4.55)."""
    errors: list[LedgerError] = []
    unit_text, unit_where = boxes.get("unit", ("", first))
    unit_id = ""
    if not unit_text:
        errors.append(
            LedgerError(
                unit_where,
                "a requisition needs its unit: write the unit's counter or name in the Unit "
                "box of this line",
                "4.55",
            )
        )
    else:
        found = resolve(state, unit_text, unit_where, ("unit",), source.side)
        if isinstance(found, LedgerError):
            errors.append(found)
        else:
            unit_id = found
    amounts: dict[str, int] = {}
    for commodity in COMMODITIES:
        text, where = boxes.get(commodity, ("", first))
        amount = _amount(text, where, COMMODITY_NAMES[commodity])
        if isinstance(amount, LedgerError):
            errors.append(amount)
        else:
            amounts[commodity] = amount
    needed_text, needed_where = boxes.get("needed_by", ("", first))
    try:
        needed_by = parse_needed_by(needed_text)
    except ValueError as bad:
        errors.append(LedgerError(needed_where, f"Needed by: {bad}", "4.55"))
        needed_by = None
    if errors:
        return refuse(*errors)
    note = boxes.get("note", ("", first))[0]
    side = state.units[unit_id].side
    outcome = file_requisition(
        state, unit_id, Supplies(**amounts), replace(source, side=side), note, needed_by
    )
    return _placed(outcome, boxes, unit_where)


def _amount(text: str, where: str, name: str) -> int | LedgerError:
    """The whole number of supply points written in a box (empty: 0)."""
    if not text:
        return 0
    plain = text.replace(",", "")
    if _WHOLE.match(plain):
        return int(plain)
    if plain.startswith("-") and _WHOLE.match(plain[1:]):
        return LedgerError(where, f"{name}: {text} is negative; write 0 or more supply points")
    return LedgerError(where, f"{name}: {text[:40]!r} is not a whole number of supply points")


def _answer(
    state: GameState,
    requisition_id: str,
    boxes: dict[str, tuple[str, str]],
    first: str,
    source: Source,
) -> Outcome:
    """An open requisition's Filled from (fulfil) or Answer alone (reject), 4.55."""
    filed = state.requisitions.get(requisition_id)
    unit = state.units.get(filed.unit_id) if filed is not None else None
    if filed is None or unit is None or (source.side is not None and unit.side != source.side):
        return refuse(LedgerError(first, f"no requisition {requisition_id!r}", "4.55"))
    origin_text, origin_where = boxes.get("filled_from", ("", first))
    answer, answer_where = boxes.get("answer", ("", first))
    source = replace(source, side=unit.side)
    if origin_text:
        found = resolve(state, origin_text, origin_where, ("dump", "unit", "trucks"), source.side)
        if isinstance(found, LedgerError):
            return refuse(found)
        reason = answer or source.reason
        outcome = fulfil_requisition(state, requisition_id, found, replace(source, reason=reason))
        return _placed(outcome, {}, origin_where)
    if not answer:
        return refuse(
            LedgerError(
                origin_where,
                f"{requisition_id}: write a dump, unit or truck group in Filled from to fulfil "
                "it, or the reason in Answer to reject it",
                "4.55",
            )
        )
    return _placed(reject_requisition(state, requisition_id, answer, source), {}, answer_where)


def _placed(outcome: Outcome, boxes: dict[str, tuple[str, str]], where: str) -> Outcome:
    """``outcome`` with each error's field the ``Sheet!Cell`` it is about: the box of the
    field it names when that box was written in (``--fuel`` → the Fuel box), else ``where``."""
    if outcome.ok:
        return outcome
    placed = []
    for error in outcome.errors:
        key = error.field.removeprefix("--").replace(" ", "_").replace("ammunition", "ammo")
        at = boxes[key][1] if key in boxes else where
        if key == "amounts":  # the command line's words for it: "give --ammo, --fuel, ..."
            error = replace(error, message=NOTHING_WANTED, case="4.55")
        placed.append(replace(error, field=at))
    return refuse(*placed)


def requisition_words(event: Event, state: GameState) -> str | None:
    """What a requisition entry does, as players say it (4.55): ``"file requisition CR3 for
    1st Essex: 4 Ammunition, 6 Stores, needed by GT 2 OpStage 1"``, ``"fulfil CR1 from Mersa
    Matruh (40 Ammunition)"``, ``"reject CR2: no trucks"``; ``None`` for any other entry (its
    ``ledger.reports.event_log.describe`` says it)."""
    if isinstance(event, RequisitionFiled):
        needed = f", needed by {event.needed_by.short}" if event.needed_by is not None else ""
        note = f" ({event.note})" if event.note else ""
        unit = state.holder_name(event.unit_id)
        return (
            f"file requisition {event.requisition_id} for {unit}: "
            f"{event.wanted.describe()}{needed}{note}"
        )
    if isinstance(event, RequisitionClosed):
        if event.outcome == "rejected":
            return f"reject {event.requisition_id}: {event.reason}"
        origin = state.holder_name(event.origin) if event.origin else "a transfer"
        sent = "" if event.delivered.is_zero else f" ({event.delivered.describe()})"
        return f"fulfil {event.requisition_id} from {origin}{sent}"
    return None
