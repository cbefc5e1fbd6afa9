"""Find a unit, dump or truck group from what a player types: its id, counter text or name.

Players write "1 RNF" or "Tobruk", not ``cw.unassigned_inf.1st_rnf_mg_bn``. A lookup tries, in
order: the exact id, the exact counter text or name (case-insensitive), the last part of the id;
it answers with the id, or with an error listing the candidates when the text is ambiguous.
"""

from __future__ import annotations

from collections.abc import Iterable

from ledger.model.errors import LedgerError
from ledger.model.state import GameState

_MAX_SHOWN = 8


def _candidates(state: GameState, kinds: Iterable[str]) -> list[tuple[str, list[str]]]:
    found: list[tuple[str, list[str]]] = []
    for kind in kinds:
        if kind == "unit":
            found += [(u.id, [u.counter, u.name]) for u in state.units.values()]
        elif kind == "dump":
            found += [(d.id, [d.name]) for d in state.dumps.values()]
        elif kind == "trucks":
            found += [(t.id, []) for t in state.trucks.values()]
    return found


def resolve(
    state: GameState, text: str, field: str, kinds: Iterable[str] = ("unit", "dump", "trucks")
) -> str | LedgerError:
    """The id ``text`` names among ``kinds`` (``"unit"``, ``"dump"``, ``"trucks"``), or an error.

    The error names ``field`` and, for an ambiguous text, the matching ids.
    """
    candidates = _candidates(state, kinds)
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
            shown = ", ".join(hits[:_MAX_SHOWN]) + (" …" if len(hits) > _MAX_SHOWN else "")
            return LedgerError(
                field, f"{text!r} is ambiguous: {len(hits)} match ({shown}); give the id"
            )
    what = " or ".join(kinds)
    return LedgerError(field, f"no {what} called {text!r} in this game")
