"""Scenario notes as a printed sheet shows them: no gap codes or interpretation numbers of the
reference data (issue 19: "GAPS S-003/S-004", "scen-0002" on the printed page)."""

from __future__ import annotations

import pytest

from ledger.model.state import GameState
from ledger.reports.player_text import id_words, printable_note, with_names


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


def test_ids_in_a_note_become_names(mini_state: GameState) -> None:
    """A unit id names the counter; an id the ledger does not hold reads as words, never as
    ``cw.2_nz_div.5th_new_zealand_bde_hq`` or a lower-case ``5th new zealand bde hq``."""
    unit = next(iter(mini_state.units.values()))
    text = f"attached to {unit.id}; assigned to cw.2_nz_div.5th_new_zealand_bde_hq"
    assert with_names(mini_state, text) == (
        f"attached to {mini_state.holder_name(unit.id)}; assigned to 5th New Zealand Bde HQ"
    )
    assert id_words("it.x.27th_mg_bn") == "27th MG Bn"
