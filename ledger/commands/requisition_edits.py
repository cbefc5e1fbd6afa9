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
  ``quartermaster fulfil CRn --from NAME`` (the Answer, if any, its reason); with Filled from
  left empty, an Answer beginning with "reject" or "rejected" (any case; the rest, after an
  optional ":" or "-", the reason) → ``reject_requisition`` with that reason (4.55). Any other
  Answer alone ("OK", "sent") is refused rather than read as a rejection.

``requisition_row_outcome`` turns the changed boxes of one line into that command; a box that
cannot be read (an unknown unit or holder, text or a fraction in a figure, a negative figure, a
bad time) or a command's refusal is reported by its ``Sheet!Cell``, and the line posts nothing.
A name in Unit or Filled from may also be written as its hex (``C4218``) or as the name with its
hex (``Dump 1 (C4218)``), which is how a name two holders share is listed back to the player.
A blank line identical to a requisition filed since the workbook was exported (the same form
brought back twice) is refused: it was filed already.
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
from ledger.model.units import Side

REQUISITION_KIND: Final = "requisition"
"""Input kind of an open requisition's ``filled_from`` and ``answer`` (holder: its number)."""
NEW_REQUISITION_KIND: Final = "new_requisition"
"""Input kind of a blank line's boxes (holder ``"line 1"`` …; field the column's key)."""
NEW_REQUISITION_FIELDS: Final = ("unit", *COMMODITIES, "needed_by", "note")
"""The boxes of a blank line a Field Commander fills in to file a requisition (4.55)."""
REQUISITION_KINDS: Final = frozenset({REQUISITION_KIND, NEW_REQUISITION_KIND})
"""The input kinds read as a whole line (one requisition command per line)."""

_WHOLE: Final = re.compile(r"^\d{1,9}$")
_DIGITS: Final = re.compile(r"^\d+$")
_HEX: Final = re.compile(r"^[A-Z]\d{4}$")
"""A hex of the map as printed on the sheets (``"C4218"``)."""
_NAME_AT: Final = re.compile(r"^(?P<name>.+?)\s*[(,]\s*(?:at\s+)?(?P<hex>[A-Za-z]\d{4})\s*\)?$")
"""A name with its hex, as the ambiguity refusal lists it: ``"Dump 1 (C4218)"``."""
_REJECT: Final = re.compile(r"^reject(?:ed)?(?![a-z])\s*[:\-–]?\s*(?P<reason>.*)$", re.IGNORECASE)
"""An Answer that rejects: "reject", "Rejected: no trucks", "REJECT - none to spare"."""
ANSWER_ALONE: Final = (
    "write the dump, unit or truck group in Filled from to fulfil it, or begin the Answer with "
    "'reject:' and the reason to reject it (4.55)"
)
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


def requisition_row_outcome(
    state: GameState, edits: Sequence[TextEdit], source: Source, since: Sequence[Event] = ()
) -> Outcome:
    """The command of one line's changed boxes ``edits`` (all of one kind and holder; see the
    module's docstring), recorded by ``source`` (its side the workbook's), or its refusals,
    each error's field the ``Sheet!Cell`` of the box it is about. ``since``: the journal's
    entries posted after the workbook was exported (``GameSession.since(stamp.seq + 1)``), so
    that a blank line already filed from this same form is refused, not filed twice (4.55)."""
    boxes = {e.field: (e.text or "", e.where) for e in edits}
    first = edits[0].where
    if edits[0].kind == NEW_REQUISITION_KIND:
        return _file(state, boxes, first, source, since)
    return _answer(state, edits[0].holder, boxes, first, source)


def _file(
    state: GameState,
    boxes: dict[str, tuple[str, str]],
    first: str,
    source: Source,
    since: Sequence[Event] = (),
) -> Outcome:
    """A blank line's boxes as ``file_requisition`` (4.55); refused at ``first`` when a
    requisition of ``since`` has the same unit, wanted supplies, Needed by and note."""
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
        found = _holder(state, unit_text, unit_where, ("unit",), source.side)
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
    wanted = Supplies(**amounts)
    for event in since:
        if isinstance(event, RequisitionFiled) and (
            event.unit_id,
            event.wanted,
            event.needed_by,
            event.note,
        ) == (unit_id, wanted, needed_by, note):
            return refuse(
                LedgerError(
                    first,
                    f"already filed as {event.requisition_id} since this workbook was exported "
                    "(4.55); export the form again",
                    "4.55",
                )
            )
    side = state.units[unit_id].side
    outcome = file_requisition(state, unit_id, wanted, replace(source, side=side), note, needed_by)
    return _placed(outcome, boxes, unit_where)


def _amount(text: str, where: str, name: str) -> int | LedgerError:
    """The whole number of supply points written in a box (empty: 0); refused (4.55): text,
    a fraction, a negative figure, a figure of 10 digits or more (far beyond any of the game)."""
    if not text:
        return 0
    plain = text.replace(",", "")
    digits = plain.removeprefix("-")
    if _DIGITS.match(digits) and not _WHOLE.match(digits):
        return LedgerError(
            where, f"{name}: {text[:40]} is far beyond any figure of the game", "4.55"
        )
    if _WHOLE.match(plain):
        return int(plain)
    if plain.startswith("-") and _WHOLE.match(plain[1:]):
        return LedgerError(
            where, f"{name}: {text} is negative; write 0 or more supply points", "4.55"
        )
    return LedgerError(
        where, f"{name}: {text[:40]!r} is not a whole number of supply points", "4.55"
    )


def _answer(
    state: GameState,
    requisition_id: str,
    boxes: dict[str, tuple[str, str]],
    first: str,
    source: Source,
) -> Outcome:
    """An open requisition's Filled from (fulfil) or an Answer alone beginning with "reject"
    (reject), 4.55; any other Answer alone is refused at its cell."""
    filed = state.requisitions.get(requisition_id)
    unit = state.units.get(filed.unit_id) if filed is not None else None
    if filed is None or unit is None or (source.side is not None and unit.side != source.side):
        return refuse(LedgerError(first, f"no requisition {requisition_id!r}", "4.55"))
    origin_text, origin_where = boxes.get("filled_from", ("", first))
    answer, answer_where = boxes.get("answer", ("", first))
    source = replace(source, side=unit.side)
    if origin_text:
        found = _holder(state, origin_text, origin_where, ("dump", "unit", "trucks"), source.side)
        if isinstance(found, LedgerError):
            return refuse(found)
        reason = answer or source.reason
        outcome = fulfil_requisition(state, requisition_id, found, replace(source, reason=reason))
        return _placed(outcome, {}, origin_where)
    if not answer:
        return refuse(
            LedgerError(
                origin_where,
                f"{requisition_id}: {ANSWER_ALONE}",
                "4.55",
            )
        )
    rejected = _REJECT.match(answer)
    if rejected is None:
        return refuse(LedgerError(answer_where, f"{requisition_id}: {ANSWER_ALONE}", "4.55"))
    reason = rejected["reason"].strip()
    if not reason:
        return refuse(
            LedgerError(
                answer_where,
                f"{requisition_id}: say why it is rejected: write the reason after 'reject:' "
                "in the Answer (4.55)",
                "4.55",
            )
        )
    return _placed(reject_requisition(state, requisition_id, reason, source), {}, answer_where)


def _holder(
    state: GameState, text: str, where: str, kinds: tuple[str, ...], side: Side | None
) -> str | LedgerError:
    """The id of the holder of ``kinds`` (and ``side``) that ``text``, written in a box at
    ``where``, names: as ``resolve`` reads it (counter, name), or its hex (``"C4218"``) when
    one such holder stands there, or a name with its hex (``"Dump 1 (C4218)"``). A name two
    holders share is refused listing each by its printed name and hex — never by id — and
    asking for the counter name or the hex instead (4.55)."""
    found = resolve(state, text, where, kinds, side)
    if isinstance(found, str):
        return found
    at = _NAME_AT.match(text)
    if _HEX.match(text.upper()):
        hits = [h for h, _ in _holders(state, kinds, side) if _location(state, h) == text.upper()]
    elif at is not None:
        named = _named(state, at["name"], kinds, side)
        hits = [h for h in named if _location(state, h) == at["hex"].upper()]
    else:
        hits = _named(state, text, kinds, side)
    if len(hits) == 1:
        return hits[0]
    if len(hits) < 2:
        return found
    shown = "; ".join(_listed(state, h) for h in hits[:8])
    shown += " …" if len(hits) > 8 else ""
    how = "the counter name" if _HEX.match(text.upper()) else "the counter name or the hex"
    return LedgerError(
        where,
        f"{text!r} is ambiguous: {len(hits)} match ({shown}); write {how} instead, or the name "
        "with its hex as listed",
        "4.55",
    )


def _holders(
    state: GameState, kinds: tuple[str, ...], side: Side | None
) -> list[tuple[str, list[str]]]:
    """Each holder of ``kinds`` and ``side`` with the names players write it by."""
    found: list[tuple[str, list[str]]] = []
    if "unit" in kinds:
        found += [
            (u.id, [u.counter, u.name]) for u in state.units.values() if side in (None, u.side)
        ]
    if "dump" in kinds:
        found += [(d.id, [d.name]) for d in state.dumps.values() if side in (None, d.side)]
    if "trucks" in kinds:
        for t in state.trucks.values():
            if side in (None, t.side):
                name = state.truck_group_name(t.id)
                found.append((t.id, [name, _SIZE.sub("", name)]))
    return found


_SIZE: Final = re.compile(r" \(\d+ TP(?:, [^()]*)?\)$")
"""The size part of a truck group's printed name (as ``ledger.model.lookup`` strips it)."""


def _named(state: GameState, text: str, kinds: tuple[str, ...], side: Side | None) -> list[str]:
    """The holders whose counter or name is ``text`` (any case), else whose id ends so."""
    wanted = text.strip().casefold()
    holders = _holders(state, kinds, side)
    named = [h for h, names in holders if any(n.casefold() == wanted for n in names if n)]
    return named or [h for h, _ in holders if h.rsplit(".", 1)[-1].casefold() == wanted]


def _listed(state: GameState, holder_id: str) -> str:
    """``"Mersa Matruh (D3714)"``: a holder's printed name and its hex (once: a truck group's
    name "first-line trucks at C4131 (10 TP)" says it already)."""
    name, where = state.holder_name(holder_id), _location(state, holder_id)
    return name if where in name else f"{name} ({where})"


def _location(state: GameState, holder_id: str) -> str:
    """The hex a unit, dump or truck group stands in."""
    for table in (state.units, state.dumps, state.trucks):
        if holder_id in table:
            return str(table[holder_id].location)
    return ""


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
