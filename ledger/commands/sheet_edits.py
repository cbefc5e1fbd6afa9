"""An edited log sheet brought back (issue 19): each figure a player changed in an exported
workbook becomes the command the player would have typed, checked by the same rules.

``ledger.io.sheet_import.read_edits`` reads the changed input cells; ``edits_outcome`` turns
them, in the order they were marked, into one ``Outcome``: every command runs on a scratch
state holding the events of the ones before it (two edits of one counter see each other), and
any refusal, prefixed by the edit's ``Sheet!Cell``, refuses the whole workbook (all or none).

What each kind of cell becomes (docs/sheets.md):

- ``toe`` (a unit's TOE Strength Points of a weapon system) → ``correct_toe`` by the
  difference (4.52);
- ``cp`` (CP expended this Operations Stage) → ``spend_cp`` of the increase, action
  ``other`` (6.1, 6.21: over the CPA earns DP); a decrease is refused: CP are not given back
  (6.16), undo the expenditure instead;
- ``cohesion`` → ``adjust_cohesion`` cause ``correction`` by the difference (6.2);
- both in quarter points (8.37): the exact difference is posted (1 1/4 written over as 2
  spends 3/4 CP), and refusals show figures as players write them ("2 1/2");
- ``supplies`` (a unit's) and ``dump`` (a dump's) → ``consume`` cause ``correction`` of a
  decrease, ``arrive`` cause ``correction`` of an increase (both commands' own checks: more
  than held, 54.12 dump capacity, 49.14 fuel tanks, dummy dumps 60.34, unlimited sources 60.44).
  A move between holders written as a decrease here and an increase there is posted as such
  (the totals agree); ``transfer`` records it as a move and charges its CP;
- ``requisition`` and ``new_requisition`` (the Supply Requisition Form's text boxes, 4.55): the
  changed boxes of one line together → ``file_requisition`` (a blank line),
  ``fulfil_requisition`` (an open one's Filled from) or ``reject_requisition`` (its Answer
  alone), ``ledger.commands.requisition_edits``; each line at the place of its first box.

Before any command a figure is compared with the ledger now: one that changed since the export
is refused ("changed since export: now N") rather than overwritten; and a figure of the other
side's counter is refused (11.36). A blank requisition line is compared with the requisitions
filed since the export (``since``): one filed already, the same form brought back twice, is
refused ("already filed as CR3 since this workbook was exported").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Final, Protocol

from ledger.commands.cp import adjust_cohesion, correct_toe, spend_cp
from ledger.commands.logistics import arrive, consume
from ledger.commands.outcome import Outcome, refuse
from ledger.commands.requisition_edits import (
    REQUISITION_KINDS,
    TextEdit,
    requisition_row_outcome,
)
from ledger.model.apply import apply
from ledger.model.errors import LedgerError
from ledger.model.events import Event
from ledger.model.quantities import COMMODITIES, Supplies, format_cp
from ledger.model.seats import SIDE_NAMES, Seat, posting_errors, role_for
from ledger.model.source import Role, Source
from ledger.model.state import GameState

SUPPLY_KINDS: Final = frozenset({"supplies", "dump"})
"""Input kinds holding a commodity of a unit or dump (field: ``ammo``, ``fuel``...)."""

EDIT_KINDS: Final = frozenset({"toe", "cp", "cohesion"}) | SUPPLY_KINDS | REQUISITION_KINDS
"""The input kinds an import posts; an edit of any other kind is refused by its cell."""


class EditedCell(TextEdit, Protocol):
    """One changed figure of a workbook (``ledger.io.sheet_import.Edit``): where it is, what it
    is (``TextEdit``), the figure exported (``value``) and the one written now (``new``): whole
    numbers, or for ``cp`` and ``cohesion`` a ``Fraction`` of quarter points (8.37)."""

    @property
    def value(self) -> int | Fraction: ...
    @property
    def new(self) -> int | Fraction: ...


class Stamp(Protocol):
    """Whose workbook it is (``ledger.io.sheet_meta.SheetStamp``)."""

    @property
    def game(self) -> str: ...
    @property
    def side(self) -> str: ...


def stamp_errors(stamp: Stamp, game: str, seat_side: str | None) -> list[LedgerError]:
    """Why a workbook stamped ``stamp`` may not be imported into game ``game`` by a seat of
    ``seat_side`` (``None``: the umpire or a table without seats): another game's workbook, or
    the other side's (11.36: a seat posts for its own side only), or one stamped for no side."""
    errors = []
    if stamp.game != game:
        errors.append(LedgerError("workbook", f"exported from game {stamp.game!r}, not {game!r}"))
    if stamp.side not in SIDE_NAMES:
        errors.append(LedgerError("workbook", f"stamped for no side ({stamp.side!r})"))
    elif seat_side is not None and stamp.side != seat_side:
        names: dict[str, str] = {k: v for k, v in SIDE_NAMES.items()}
        errors.append(
            LedgerError(
                "workbook",
                f"an {names[stamp.side]} workbook; your seat plays "
                f"{names.get(seat_side, seat_side)}",
                "11.36",
            )
        )
    return errors


def edits_outcome(
    state: GameState,
    edits: Sequence[EditedCell],
    source: Source,
    holds: Callable[[Role], bool] | None = None,
    since: Sequence[Event] = (),
) -> Outcome:
    """The events posting every edit of ``edits`` (see the module's docstring), or every
    refusal, each error's field the edit's ``Sheet!Cell``. ``source`` records them (its side
    the workbook's); each entry is recorded by a command role that keeps its kind (ruling
    ``seat-roles``): ``source.role`` when it does, else the first such role ``holds`` (the
    seat's roles; ``None``: any). An entry the ledger makes for a requisition line (the
    closing of a fulfilled requisition, 4.55) is recorded by the role of the entry it follows.
    ``since``: the journal's entries posted after the workbook's stamp
    (``[r.event for r in session.since(stamp.seq + 1)]``): a blank requisition line filed
    among them is refused, so the same form brought back twice files nothing twice (4.55)."""
    errors: list[LedgerError] = []
    events: list[Event] = []
    scratch = state
    for step in _steps(edits):
        if isinstance(step, list):  # one requisition line's boxes: errors name their cells
            outcome = requisition_row_outcome(scratch, step, source, since)
            errors += outcome.errors
        else:
            outcome = _edit_outcome(scratch, step, source)
            errors += [
                LedgerError(step.where, e.message, e.case, "", e.secret_of, e.instead)
                for e in outcome.errors
            ]
        if not outcome.ok:
            continue
        role: Role | None = None
        for event in outcome.events:
            event = _recorded_by(event, holds)
            if not event.source.app_made:
                role = event.source.role
            elif isinstance(step, list) and role is not None:  # a fulfilment's closing entry
                event = replace(event, source=replace(event.source, role=role))
            scratch = apply(scratch, event)
            events.append(event)
    if errors:
        return refuse(*errors)
    return Outcome(events=tuple(events))


def seat_outcome(
    state: GameState,
    edits: Sequence[EditedCell],
    source: Source,
    seat: Seat | None,
    since: Sequence[Event] = (),
) -> Outcome:
    """``edits_outcome`` as a signed-in ``seat`` (``None``: a table without seats) would post
    it: recorded by a role the seat holds, then refused with what the seat may not post
    (``posting_errors``, 4.5, 11.36). What the CLI's dry run and the Sheets page preview show."""
    outcome = edits_outcome(state, edits, source, seat.holds if seat is not None else None, since)
    if outcome.ok and seat is not None:
        denied = posting_errors(seat, outcome.events, state.ruling("seat-roles") == "by-role")
        if denied:
            return Outcome(errors=tuple(denied))
    return outcome


def _steps(edits: Sequence[EditedCell]) -> list[EditedCell | list[EditedCell]]:
    """``edits`` in order, the boxes of each requisition line (``REQUISITION_KINDS``, one kind
    and holder) gathered at the place of the first."""
    steps: list[EditedCell | list[EditedCell]] = []
    lines: dict[tuple[str, str], list[EditedCell]] = {}
    for edit in edits:
        if edit.kind not in REQUISITION_KINDS:
            steps.append(edit)
            continue
        key = (edit.kind, edit.holder)
        if key not in lines:
            lines[key] = []
            steps.append(lines[key])
        lines[key].append(edit)
    return steps


def _edit_outcome(state: GameState, edit: EditedCell, source: Source) -> Outcome:
    """One edit's command, after the checks every edit shares."""
    name = state.holder_name(edit.holder)
    side = state.holder_side(edit.holder)
    if edit.kind not in EDIT_KINDS:
        return refuse(LedgerError("kind", f"{edit.kind!r} figures are not read back yet"))
    if side is None:
        return refuse(LedgerError("holder", f"{edit.holder!r} is not in this game"))
    if source.side is not None and side != source.side:
        return refuse(LedgerError("holder", f"{name} is not of your side", "11.36"))
    now = _current(state, edit)
    if isinstance(now, LedgerError):
        return refuse(now)
    if now != edit.value:
        return refuse(
            LedgerError(
                "figure",
                f"{name}: changed since export: now {_shown(now)} (exported "
                f"{_shown(edit.value)}, written {_shown(edit.new)}); export the sheet again",
            )
        )
    change = Fraction(edit.new) - Fraction(edit.value)
    source = replace(source, side=side)
    if edit.kind == "cp":
        if change < 0:
            return refuse(
                LedgerError(
                    "cp",
                    f"{name}: CP are not given back ({_shown(edit.value)} → "
                    f"{_shown(edit.new)}); undo the expenditure",
                    "6.16",
                )
            )
        return spend_cp(state, edit.holder, change, source, "other")
    if edit.kind == "cohesion":
        return adjust_cohesion(state, edit.holder, "correction", source, change)
    if change.denominator != 1:  # read_edits reads whole figures only for these kinds
        return refuse(LedgerError("figure", f"{_shown(edit.new)} is not a whole number"))
    if edit.kind == "toe":
        return correct_toe(state, edit.holder, edit.field, int(change), source)
    amount = Supplies(**{edit.field: abs(int(change))})
    if change < 0:
        return consume(state, edit.holder, amount, "correction", source)
    return arrive(state, edit.holder, amount, "correction", source)


def _current(state: GameState, edit: EditedCell) -> Fraction | int | LedgerError:
    """The figure the ledger holds now for ``edit``'s cell."""
    if edit.kind in SUPPLY_KINDS:
        if edit.field not in COMMODITIES:
            return LedgerError("commodity", f"no commodity {edit.field!r}")
        held = state.holder_supplies(edit.holder)
        assert held is not None
        return held.get(edit.field)
    unit = state.units.get(edit.holder)
    if unit is None:
        return LedgerError("unit", f"{state.holder_name(edit.holder)} is not a combat unit")
    if edit.kind == "cp":
        return unit.cp_expended
    if edit.kind == "cohesion":
        return unit.cohesion
    holding = next((h for h in unit.toe if h.system == edit.field), None)
    if holding is None:
        return LedgerError("system", f"{unit.name} has no {edit.field!r} in its TOE", "4.52")
    return holding.points


def _shown(value: Fraction | int) -> str:
    """A figure as players write it: ``"2"``, ``"2 1/2"``, ``"-1 1/4"`` (8.37)."""
    return format_cp(Fraction(value))


def _recorded_by(event: Event, holds: Callable[[Role], bool] | None) -> Event:
    """``event`` recorded by a role that keeps its kind (ruling ``seat-roles``)."""
    source = event.source
    keepers = role_for(event.kind)
    if source.app_made or not keepers or source.role in keepers:
        return event
    role = next((r for r in keepers if holds is None or holds(r)), keepers[0])
    return replace(event, source=replace(source, role=role))
