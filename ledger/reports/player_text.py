"""Scenario text as players read it on a printed sheet: the reference's gap codes ("GAPS
S-004", "U-007") and interpretation numbers ("scen-0002") are the data's bookkeeping, not the
game's, so they are taken out of notes before a sheet prints them (issue 19)."""

from __future__ import annotations

import re
from typing import Final

_CODE: Final = r"(?:GAPS\s+[A-Z]-\d+(?:\s*/\s*[A-Z]-\d+)*|(?:scen|units|land)-\d{4})"
_BRACKETED: Final = re.compile(rf"\s*\(\s*{_CODE}\s*\)")
_BARE: Final = re.compile(rf",?\s*\b{_CODE}\b")


def printable_note(text: str) -> str:
    """``text`` without the reference's gap codes and interpretation numbers:
    ``"no barrage_land_max in the reference (GAPS U-007); immobile"`` →
    ``"no barrage_land_max in the reference; immobile"``."""
    cleaned = _BARE.sub("", _BRACKETED.sub("", text))
    return re.sub(r"\s+([;,.)])", r"\1", re.sub(r"\s{2,}", " ", cleaned)).strip()
