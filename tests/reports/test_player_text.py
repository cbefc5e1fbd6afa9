"""Scenario notes as a printed sheet shows them: no gap codes or interpretation numbers of the
reference data (issue 19: "GAPS S-003/S-004", "scen-0002" on the printed page)."""

from __future__ import annotations

import pytest

from ledger.reports.player_text import printable_note


@pytest.mark.parametrize(
    ("note", "printed"),
    [
        (
            "no barrage_land_max in the reference (GAPS U-007); immobile",
            "no land Barrage maximum in the reference; immobile",
        ),
        ("prints no Water column (GAPS S-003/S-004), so 0", "prints no Water column, so 0"),
        ("interpretation scen-0002 adopts A4827", "interpretation adopts A4827"),
        ("two dummy dump counters, map C in Libya", "two dummy dump counters, map C in Libya"),
        (
            "max_assigned counts 3 (data/units/oa/cw/2_nz_div.toml @ 77784bd68819)",
            "the assignment limit (9.26) counts 3",
        ),
    ],
)
def test_gap_codes_are_not_printed(note: str, printed: str) -> None:
    assert printable_note(note) == printed
