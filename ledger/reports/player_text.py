"""Scenario text as players read it on a printed sheet (issue 19): the reference data's
bookkeeping — gap codes ("GAPS S-004", "U-007"), interpretation numbers ("scen-0002"), a
repository path "… .toml @ <commit>" — is taken out, and data field names are put in words
("max_assigned" → "the assignment limit (9.26)"). Unit ids are the caller's to replace by
names first (``with_names``)."""

from __future__ import annotations

import re
from typing import Final

from ledger.model.state import GameState

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
_ID: Final = re.compile(r"\b[a-z]+\.[a-z0-9_.]*[a-z0-9_]")


def with_names(state: GameState, text: str) -> str:
    """``text`` with each unit, weapon system or truck group id in it replaced by its name;
    an id the ledger does not hold by its last part in words (``id_words``)."""

    def name(found: re.Match[str]) -> str:
        key = found.group(0)
        if key in state.units or key in state.trucks:
            return state.holder_name(key)
        if key in state.systems:
            return state.systems[key].name
        return id_words(key) if "_" in key else key  # not in play

    return _ID.sub(name, text)


def id_words(key: str) -> str:
    """An id's last part as words a player reads: ``cw.2_nz_div.5th_new_zealand_bde_hq`` →
    ``5th New Zealand Bde HQ`` (HQ, MG and AA in capitals)."""
    words = key.rsplit(".", 1)[-1].split("_")
    return " ".join(w.upper() if w in ("hq", "mg", "aa") else w.capitalize() for w in words)


def printable_note(text: str) -> str:
    """``text`` as a printed sheet may carry it: ``"no barrage_land_max in the reference
    (GAPS U-007); immobile"`` → ``"no land Barrage maximum in the reference; immobile"``; any
    other ``snake_case`` name with spaces."""
    cleaned = _BARE.sub("", _BRACKETED.sub("", text))
    cleaned = _FIELD.sub(
        lambda m: _FIELD_WORDS.get(m.group(), m.group().replace("_", " ")), cleaned
    )
    return re.sub(r"\s+([;,.)])", r"\1", re.sub(r"\s{2,}", " ", cleaned)).strip()
