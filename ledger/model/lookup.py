"""Find a unit, dump or truck group from what a player types: its id, counter text or name.

Players write "1 RNF" or "Tobruk", not ``cw.unassigned_inf.1st_rnf_mg_bn``. A lookup tries, in
order: the exact id, the exact counter text or name (case-insensitive), the last part of the id;
it answers with the id, or with an error listing the candidates when the text is ambiguous.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ledger.model.errors import LedgerError
from ledger.model.state import GameState
from ledger.model.units import Side

_MAX_SHOWN = 8
_SIZE = re.compile(r" \(\d+ TP(?:, [^()]*)?\)$")
"""The size part of a printed truck group name: ``" (10 TP)"``, ``" (5 TP, requisition CR1)"``."""


def _candidates(
    state: GameState, kinds: Iterable[str], side: Side | None
) -> list[tuple[str, list[str]]]:
    found: list[tuple[str, list[str]]] = []
    for kind in kinds:
        if kind == "unit":
            found += [
                (u.id, [u.counter, u.name]) for u in state.units.values() if side in (None, u.side)
            ]
        elif kind == "dump":
            found += [(d.id, [d.name]) for d in state.dumps.values() if side in (None, d.side)]
        elif kind == "trucks":
            for t in state.trucks.values():
                if side in (None, t.side):
                    name = state.truck_group_name(t.id)
                    found.append((t.id, [name, _SIZE.sub("", name)]))
    return found


def _described(state: GameState, holder_id: str) -> str:
    """``"Dump 1 (Axis, C4218; ax_dump_1)"``: what tells two holders of one name apart."""
    side = state.holder_side(holder_id) or ""
    where = (
        state.units[holder_id].location
        if holder_id in state.units
        else state.dumps[holder_id].location
        if holder_id in state.dumps
        else state.trucks[holder_id].location
    )
    return f"{state.holder_name(holder_id)} ({side.capitalize()}, {where}; {holder_id})"


def resolve(
    state: GameState,
    text: str,
    field: str,
    kinds: Iterable[str] = ("unit", "dump", "trucks"),
    side: Side | None = None,
    side_option: bool = False,
) -> str | LedgerError:
    """The id ``text`` names among ``kinds`` (``"unit"``, ``"dump"``, ``"trucks"``; a truck group
    by its ``truck_group_name`` too, with or without its size: ``"first-line trucks of 5th
    Indian Bde HQ (10 TP)"`` or ``"first-line trucks of 5th Indian Bde HQ"``), of ``side`` only
    when given, or an error.

    The error names ``field`` and, for an ambiguous text, each match by name, side, place and
    id, and asks for the id — or the side (``--side``) when they are of both and the caller has
    such an option (``side_option``).
    """
    candidates = _candidates(state, kinds, side)
    ids = {c[0] for c in candidates}
    if text in ids:
        return text
    wanted = text.strip().casefold()
    for matcher in (
        lambda cid, names: any(n.casefold() == wanted for n in names if n),
        lambda cid, names: cid.rsplit(".", 1)[-1].casefold() == wanted,
    ):
        hits = [cid for cid, names in candidates if matcher(cid, names)]
        if len(hits) == 1:
            return hits[0]
        if hits:
            shown = "; ".join(_described(state, h) for h in hits[:_MAX_SHOWN])
            shown += " …" if len(hits) > _MAX_SHOWN else ""
            sides = {state.holder_side(h) for h in hits}
            how = (
                "give the side (--side) or the id"
                if len(sides) > 1 and side_option
                else "give the id shown"
            )
            return LedgerError(field, f"{text!r} is ambiguous: {len(hits)} match ({shown}); {how}")
    what = " or ".join(kinds)
    return LedgerError(field, f"no {what} called {text!r} in this game")
