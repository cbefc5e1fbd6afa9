"""Errors of a combat request: one ``RequestError`` holding every problem found, each a
``LedgerError`` naming the field path (``guns[0].toe[1].points``), the value found and the rule
case (``FIELD_CASES``: the case each request field serves, e.g. 12.23 for a barrage's
``target``, 15.52 for ``levels``).

pydantic's errors become ``LedgerError``s through ``pydantic_errors``; the calculation modules'
``ValueError``s through ``value_error``, the case read from the message's closing parentheses
("(12.42)").
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Final

from pydantic import ValidationError

from ledger.model.errors import LedgerError

COMBATS: Final = ("barrage", "anti-armor", "close-assault", "probe")
FIELD_CASES: Final[dict[str, str]] = {
    "combat": "11.0",
    "phasing": "7.16",
    "firing_side": "12.0, 14.1",
    "guns": "12.1",
    "target": "12.23",
    "firing": "14.11",
    "targets": "14.12",
    "attackers": "15.21",
    "defenders": "15.12",
    "points": "11.31",
    "toe": "11.31",
    "ratings": "11.1",
    "terrain": "8.37",
    "hexsides": "8.37",
    "features": "8.37",
    "crossed_by": "14.34",
    "position": "12.11",
    "pinned": "12.44",
    "withheld": "14.21, 15.16",
    "retreated": "15.12",
    "level": "15.52",
    "levels": "15.52",
    "morale": "15.61",
    "adjusted": "17.2",
    "basic": "17.2",
    "cohesion": "6.2",
    "available_toe": "15.25",
    "committed_elsewhere": "15.25",
    "units_in_hexes": "11.25",
    "trucks_present": "12.46",
    "truck_points_per_toe": "12.46",
    "artillery_hq": "12.44",
    "vulnerability": "14.47",
}
"""The rule case a request field serves, for error messages."""


class RequestError(Exception):
    """A combat request that cannot be worked out: ``errors`` (every problem found), each a
    ``LedgerError`` naming the field path, the value found and the rule case."""

    def __init__(self, errors: Sequence[LedgerError]) -> None:
        super().__init__("\n".join(map(str, errors)))
        self.errors = list(errors)


def _field_loc(loc: Sequence[int | str]) -> tuple[int | str, ...]:
    """pydantic's ``loc`` without the union tags: the combat first, then "unit" / "inline"
    after a list index or ``target``."""
    found: list[int | str] = []
    for i, part in enumerate(loc):
        if i == 0 and part in COMBATS:
            continue
        after = loc[i - 1] if i else None
        if part in ("unit", "inline") and (isinstance(after, int) or after == "target"):
            continue
        found.append(part)
    return tuple(found)


def _path(loc: Sequence[int | str]) -> str:
    text = ""
    for part in loc:
        text += f"[{part}]" if isinstance(part, int) else f".{part}" if text else part
    return text


def _case_of(loc: Sequence[int | str]) -> str:
    for part in reversed(loc):
        if isinstance(part, str) and part in FIELD_CASES:
            return FIELD_CASES[part]
    return ""


def _shown(value: object) -> str:
    text = repr(value) if isinstance(value, str) else json.dumps(value, default=str)
    return text if len(text) <= 80 else text[:77] + "..."


def pydantic_errors(exc: ValidationError) -> list[LedgerError]:
    """pydantic's errors as ``LedgerError``s: the field path (``guns[0].toe[1].points``), the
    message with the value found, and the case the field serves."""
    found = []
    for err in exc.errors():
        loc = _field_loc(err["loc"])
        if not loc and err["type"] == "union_tag_invalid":
            loc = ("combat",)
        message = err["msg"]
        if err["type"] != "missing":
            message += f"; found {_shown(err.get('input'))}"
        found.append(LedgerError(_path(loc) or "request", message, _case_of(loc)))
    return found


_CASE: Final = re.compile(r"\(([0-9]+\.[0-9][0-9.a-z, -]*)\)")


def value_error(field_path: str, exc: Exception) -> LedgerError:
    """A calculation module's ``ValueError`` (or ``KeyError``) as a ``LedgerError`` at
    ``field_path``, its case taken from the message's closing parentheses ("(12.42)")."""
    text = str(exc).strip("'\"")
    cases = _CASE.findall(text)
    return LedgerError(field_path, text, cases[-1] if cases else "")
