"""The Notes of the TOE Log Sheets (4.52 G) and players' words on every sheet, on Graziani (60.22).

Hand-worked from scenarios/graziani.toml, at the start (Normal weather):
- 4th NZ Field Artillery Regt (4 NZ Fld): 6 TOE of 3.7" Howitzer, motorised: no infantry water
  standing (52.41: it has vehicle points), 6 Water Points moving (52.42, 1 a vehicle point).
- 18th NZ Bn: an infantry battalion, 1 Water Point standing or moving (52.41).
- The 2nd NZ Division starts with no supplies on its counters and no dump to draw from in its
  hex, so each counter is out of ammunition (15.15); the cavalry and the artillery, with
  vehicles, have no fuel either (49.16).
"""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

import openpyxl
import pytest

from ledger.io.scenario import load_scenario
from ledger.io.sheet_meta import META_SHEET
from ledger.io.toe_sheets import toe_log_workbook
from ledger.model.apply import start
from ledger.model.events import GameStarted
from ledger.model.source import Source
from ledger.model.state import GameState
from ledger.model.units import SIDES
from tests.io.print_measure import NOT_FOR_PLAYERS
from tests.reports.test_no_ids import INTERNAL_ID

GRAZIANI = Path(__file__).resolve().parents[2] / "scenarios" / "graziani.toml"
NZ_DIV = "cw.2_nz_div.2nd_new_zealand_div_hq"


@pytest.fixture(scope="module")
def graziani() -> GameState:
    setup = load_scenario(GRAZIANI)
    state = start(GameStarted(Source(setup.info.start), setup))
    trucks = dict(state.trucks)  # first-line trucks on a sheet (8.96): named, not by id
    trucks["cw_c3520"] = replace(trucks["cw_c3520"], attached_to=NZ_DIV)
    return replace(state, trucks=trucks)


def _texts(data: bytes) -> list[tuple[str, str]]:
    book = openpyxl.load_workbook(io.BytesIO(data))
    found = []
    for ws in book.worksheets:
        if ws.title == META_SHEET:
            continue
        found.append((ws.title, ws.title))
        found += [
            (ws.title, str(c.value)) for row in ws.iter_rows() for c in row if c.value is not None
        ]
    return found


def test_the_notes_say_who_is_short_and_what_water_each_counter_needs(
    graziani: GameState,
) -> None:
    texts = [t for _, t in _texts(toe_log_workbook(graziani, "commonwealth", "g", NZ_DIV))]
    (ammo,) = [t for t in texts if t.startswith("Short now, out of ammunition (15.15)")]
    assert "18 NZ" in ammo and "4 NZ Fld" in ammo
    assert "Short now, no fuel (49.16): 2 NZ Cv, 4 NZ Fld." in texts
    (water,) = [t for t in texts if t.startswith("Water Points an Operations Stage")]
    assert "normal weather" in water
    assert "18 NZ 1/1" in water and "4 NZ Fld 0/6" in water  # 52.41, 52.42


@pytest.mark.parametrize("side", SIDES)
def test_no_internal_id_on_any_toe_sheet(graziani: GameState, side: str) -> None:
    texts = _texts(toe_log_workbook(graziani, side, "g"))  # type: ignore[arg-type]
    leaks = [(sheet, t) for sheet, t in texts if INTERNAL_ID.search(t)]
    assert not leaks, leaks[:5]
    if side == "commonwealth":
        assert any("first-line trucks of 2nd New Zealand Div HQ" in t for _, t in texts)


@pytest.mark.parametrize("side", SIDES)
def test_no_source_reference_or_field_name_on_any_toe_sheet(graziani: GameState, side: str) -> None:
    """Scenario notes print in players' words (issue 19): 250th Legion's units' "(GAPS S-003)",
    Matruh Garrison's "(scen-0002)" and 2nd NZ Div's ``max_assigned`` and repository path go."""
    texts = [t for _, t in _texts(toe_log_workbook(graziani, side, "g"))]  # type: ignore[arg-type]
    leaks = [t for t in texts if NOT_FOR_PLAYERS.search(t)]
    assert not leaks, leaks[:5]
    if side == "commonwealth":
        (nz,) = [t for t in texts if t.startswith("2 NZ (2nd New Zealand Div HQ): ")]
        assert nz.startswith("2 NZ (2nd New Zealand Div HQ): the assignment limit (9.26) counts")
    else:
        legion = [t for t in texts if t.startswith("156 (156th Infantry Bn): ")]
        assert legion == [
            "156 (156th Infantry Bn): sheet '3 CCNN Div' has no division HQ, so all its units set up"
        ]


def test_the_rule_cases_stay_off_the_printed_sheet(graziani: GameState) -> None:
    """The row of rule cases under the headings is hidden; the cases are in the workbook's
    description (File ▸ Properties), one line per sheet."""
    book = openpyxl.load_workbook(io.BytesIO(toe_log_workbook(graziani, "commonwealth", "g")))
    ws = book["2nd New Zealand Div"]
    (head,) = [r for r in range(1, 20) if ws.cell(row=r, column=1).value == "Counter"]
    assert ws.cell(row=head + 1, column=1).value == "4.52"
    assert ws.row_dimensions[head + 1].hidden
    assert "2nd New Zealand Div — rule cases: Counter 4.52; " in book.properties.description
    assert "Cohesion Level 6.2" in book.properties.description
