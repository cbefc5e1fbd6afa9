"""Scenario text as players read it on a printed sheet (issue 19): the reference data's
bookkeeping — gap codes ("GAPS S-004", "U-007"), interpretation numbers ("scen-0002"), a
repository path "… .toml @ <commit>" — is taken out, and data field names are put in words
("max_assigned" → "the assignment limit (9.26)"). Unit ids are the caller's to replace by
names first (``GameState.holder_name``)."""

from __future__ import annotations

import re
from typing import Final

_CODE: Final = r"(?:GAPS\s+[A-Z]-\d+(?:\s*/\s*[A-Z]-\d+)*|(?:scen|units|land)-\d{4})"
_BRACKETED: Final = re.compile(
    rf"\s*\((?:[^()]*\b{_CODE}\b[^()]*|[^()]*(?:\.toml|@ [0-9a-f]{{7,}})[^()]*)\)"
)
_BARE: Final = re.compile(rf",?\s*\b{_CODE}\b")
_FIELD_WORDS: Final = {
    "max_assigned": "the assignment limit (9.26)",
    "barrage_land_max": "land Barrage maximum",
}
_FIELD: Final = re.compile(r"\b[a-z]+_[a-z0-9_]+\b")


def printable_note(text: str) -> str:
    """``text`` as a printed sheet may carry it: ``"no barrage_land_max in the reference
    (GAPS U-007); immobile"`` → ``"no land Barrage maximum in the reference; immobile"``; any
    other ``snake_case`` name with spaces."""
    cleaned = _BARE.sub("", _BRACKETED.sub("", text))
    cleaned = _FIELD.sub(
        lambda m: _FIELD_WORDS.get(m.group(), m.group().replace("_", " ")), cleaned
    )
    return re.sub(r"\s+([;,.)])", r"\1", re.sub(r"\s{2,}", " ", cleaned)).strip()
