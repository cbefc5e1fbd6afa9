"""The Combat page through Streamlit's AppTest, on a Graziani game (60.22).

The barrage used throughout: the 31st Field Artillery Regt (C4131, six 18-pounder Guns at
Barrage 7, Sidi Barrani's dump in its hex) fires at II Libyan Bn (C3920, Infantry class, first
line trucks in its hex). Raw 6 x 7 = 42 (11.31), Actual 42 / 10 = 4.2 -> 4 (11.32): column 3-4 of
12.6. Infantry rows of 3-4: no effect 11-44 (11..16, 21..26, 31..36, 41..44: 22 readings) = 22/36
= 11/18, Pinned 45-66 (45, 46, 51..56, 61..66: 14 readings) = 14/36 = 7/18. Truck rows of 3-4:
no effect 11-64 (34 readings) = 17/18, 1 Truck Point 65-66 = 1/18.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pandas as pd
from streamlit.dataframe_util import convert_arrow_bytes_to_pandas_df
from streamlit.testing.v1 import AppTest

from dashboard.odds import exact, odds_frame
from dashboard.views.combat_units import named_text, unit_refs
from ledger.combat.combat_dice import roll_dice
from ledger.io.combat_request import build_combat, parse_request
from ledger.journal import EventStore
from ledger.journal.session import GameSession
from tests.dashboard.pages import app_on
from tests.phases import COMBAT_B, session_to_phase

GUNS = "cw.4_indian_div.31st_field_artillery_regt"
TARGET = "it.2_libyan_div.ii_libyan_bn"
SCOTS = "cw.unassigned_inf.2nd_scots_guards"  # with the guns in C4131: pays CP too (11.25)


def _session(url: str) -> GameSession:
    return GameSession(EventStore(url), "graziani")


def _barrage(at: AppTest) -> AppTest:
    """Set the page up for the 31st Field's barrage at II Libyan Bn."""
    at.multiselect(key="combat_commonwealth_barrage_units").set_value([GUNS]).run()
    at.selectbox(key="combat_target_axis_hex").select("C3920").run()
    at.selectbox(key="combat_target_axis_unit_C3920").select(TARGET).run()
    assert not at.exception, at.exception
    return at


def _dice_key(url: str, name: str) -> str:
    return f"combat_dice_{name}_{_session(url).last_seq}"


def _chart_data(at: AppTest, title: str) -> dict[str, str]:
    """{result: exact probability} of the odds chart titled ``title`` (its data as sent)."""
    for chart in at.get("vega_lite_chart"):
        spec = json.loads(chart.proto.spec)
        if spec["layer"][0].get("title") == title:
            rows = convert_arrow_bytes_to_pandas_df(chart.proto.datasets[0].data.data)
            return dict(zip(rows["Result"], rows["Exact"], strict=True))
    raise AssertionError(f"no chart titled {title!r}")


def _table(at: AppTest, column: str) -> pd.DataFrame:
    """The first table with a column headed ``column``."""
    return next(d.value for d in at.dataframe if column in d.value.columns)


def test_the_page_renders_for_graziani(graziani_db: str) -> None:
    at = app_on("views/combat.py")
    assert [t.value for t in at.title] == ["Combat"]
    assert not at.error
    # nothing chosen yet: the page says what is missing instead of odds
    assert "Choose the firing units and their TOE points." in [i.value for i in at.info]


def test_a_barrage_shows_its_column_and_exact_odds(graziani_db: str) -> None:
    at = _barrage(app_on("views/combat.py"))
    assert not at.error, [e.value for e in at.error]
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Actual Barrage Points (11.32)"] == "4"  # 42 Raw -> 4
    assert metrics["Column of 12.6"] == "3-4"
    assert metrics["Target class (12.23)"] == "Infantry"
    odds = _chart_data(at, "II Libyan Bn (12.44, 12.45)")
    assert odds == {"no effect": "11/18", "Pinned": "7/18"}
    assert sum(Fraction(p) for p in odds.values()) == 1
    trucks = _chart_data(at, "Trucks in the hex: second throw (12.46)")
    assert trucks == {"no effect": "17/18", "1 TP": "1/18"}
    # the working: Raw per gun and in all, Actual, and the CP of both hexes (11.25)
    figures = _table(at, "Figure")
    assert list(figures["Value"][:3]) == ["42", "42", "4"]
    cp = _table(at, "CP")
    paying = dict(zip(cp["Unit"], cp["CP"], strict=True))
    assert paying["31st Field Artillery Regt"] == "5" and paying["2nd Scots Guards"] == "5"
    assert paying["II Libyan Bn"] == "3"  # 11.21: the non-Phasing side barraged pays 3
    ammo = _table(at, "Ammunition Points")
    assert list(ammo["Ammunition Points"]) == [24]  # 6 TOE points x 4 (50.2)


def test_a_bad_reading_is_refused_naming_the_field(graziani_db: str) -> None:
    at = _barrage(app_on("views/combat.py"))
    at.number_input(key=_dice_key(graziani_db, "target")).set_value(47).run()
    at.number_input(key=_dice_key(graziani_db, "trucks")).set_value(11).run()
    errors = "\n".join(e.value for e in at.error)
    assert "Check the dice" in errors and "dice.target 47" in errors and "12.42" in errors
    assert not [b for b in at.button if b.label == "Confirm"]


def test_confirm_posts_the_barrage_to_the_journal(graziani_db: str) -> None:
    session_to_phase(_session(graziani_db), COMBAT_B)  # the Commonwealth is Player B (7.16)
    at = _barrage(app_on("views/combat.py"))
    before = _session(graziani_db).last_seq
    at.number_input(key=_dice_key(graziani_db, "target")).set_value(45).run()  # P (45-66)
    at.number_input(key=_dice_key(graziani_db, "trucks")).set_value(11).run()  # none (11-64)
    assert not at.error, [e.value for e in at.error]
    shown = "\n".join(m.value for m in at.markdown)
    assert "reading 45 gives P" in shown and "II Libyan Bn" in shown
    assert "Sidi Barrani loses 24 Ammunition" in shown  # what Confirm will record
    at.text_input(key=_dice_key(graziani_db, "reason")).input("barrage at dawn").run()
    [confirm] = [b for b in at.button if b.label == "Confirm"]
    confirm.click().run()
    assert not at.exception, at.exception
    assert not at.error, [e.value for e in at.error]
    said = "\n".join(s.value for s in at.success)
    assert "II Libyan Bn pinned" in said and "31st Field Artillery Regt expends 5 CP" in said
    session = _session(graziani_db)
    state = session.state
    assert session.last_seq > before
    assert state.units[TARGET].combat_markers == ("pinned",)  # 12.44
    assert state.units[GUNS].cp_expended == 5 and state.units[SCOTS].cp_expended == 5
    assert state.units[TARGET].cp_expended == 3
    assert state.dumps["cw_sidi_barrani"].supplies.ammo == 250 - 24
    resolved = session.journal[before].event  # the first event after the game's own
    assert resolved.kind == "combat_resolved"
    assert resolved.dice == (("target", 45), ("trucks", 11)) and resolved.seed is None
    assert resolved.source.reason == "barrage at dawn"
    # the dice start afresh for the next combat: no Confirm until new readings
    assert not [b for b in at.button if b.label == "Confirm"]


def test_a_posting_the_ledger_refuses_is_shown_and_cannot_be_confirmed(graziani_db: str) -> None:
    session_to_phase(_session(graziani_db), COMBAT_B)  # refused for its Ammunition, not its phase
    at = app_on("views/combat.py")
    before = _session(graziani_db).last_seq
    # the 7th Medium (C3922, six 60-pounders at Barrage 12: 72 Raw, 7 Actual, column 7-8)
    # holds no Ammunition and no dump or first-line trucks with any are in its hex
    at.multiselect(key="combat_commonwealth_barrage_units").set_value(
        ["cw.unassigned_arty.7th_medium_artillery_regt"]
    ).run()
    at.selectbox(key="combat_target_axis_hex").select("C3920").run()
    at.selectbox(key="combat_target_axis_unit_C3920").select(TARGET).run()
    assert {m.label: m.value for m in at.metric}["Column of 12.6"] == "7-8"
    at.number_input(key=_dice_key(graziani_db, "target")).set_value(65).run()  # 1 TOE lost
    at.number_input(key=_dice_key(graziani_db, "trucks")).set_value(11).run()
    errors = "\n".join(e.value for e in at.error)
    assert "nothing was written" in errors and "24 short (50.12)" in errors  # 6 x 4 Ammunition
    [confirm] = [b for b in at.button if b.label == "Confirm"]
    assert confirm.disabled
    assert _session(graziani_db).last_seq == before  # nothing was written


def test_rolled_dice_use_the_seed_shown(graziani_db: str) -> None:
    at = _barrage(app_on("views/combat.py"))
    at.radio(key=_dice_key(graziani_db, "how")).set_value("Rolled by the ledger (seeded)").run()
    at.number_input(key=_dice_key(graziani_db, "seed")).set_value(1940).run()
    request = {
        "combat": "barrage",
        "phasing": "commonwealth",
        "firing_side": "commonwealth",
        "guns": [{"unit": GUNS, "points": {"cw.18_pounder_gun": 6}}],
        "target": {"unit": TARGET},
    }
    prepared = build_combat(parse_request(request), _session(graziani_db).state)
    dice = roll_dice(prepared, 1940)
    shown = "\n".join(m.value for m in at.markdown)
    assert f"seed **1940**: target reading {dice['target']}" in shown
    assert f"reading {dice['target']} gives" in shown
    # Roll draws a new seed, shown with the dice it rolled
    [roll] = [b for b in at.button if b.label == "Roll"]
    roll.click().run()
    seed = at.number_input(key=_dice_key(graziani_db, "seed")).value
    assert seed is not None
    dice = roll_dice(prepared, int(seed))
    shown = "\n".join(m.value for m in at.markdown)
    assert f"seed **{int(seed)}**: target reading {dice['target']}" in shown


def test_anti_armor_and_close_assault_render(graziani_db: str) -> None:
    at = app_on("views/combat.py")
    at.session_state["combat_kind"] = "anti-armor"
    at.run()
    at.multiselect(key="combat_commonwealth_anti-armor_units").set_value(
        ["cw.7_armd_div.3rd_ryl_horse_arty"]  # six 2-pounders at Anti-Armor 4: 24 Raw, 2 Actual
    ).run()
    at.selectbox(key="combat_target_axis_hex").select("C3920").run()
    assert not at.error, [e.value for e in at.error]
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Actual Anti-Armor points (11.32)"] == "2"
    assert metrics["Column of 14.6"] == "2"
    odds = _chart_data(at, "Damage Points (14.41)")
    assert sum(Fraction(p) for p in odds.values()) == 1
    at.session_state["combat_kind"] = "close-assault"
    at.run()
    at.multiselect(key="combat_commonwealth_assault_units").set_value(
        ["cw.7_armd_div.1st_krrc"]
    ).run()
    at.selectbox(key="combat_target_axis_hex").select("C3920").run()
    assert not at.exception, at.exception
    assert not at.error, [e.value for e in at.error]
    for title in ("Attacker loss (15.79)", "Defender loss (15.79)", "Defender Retreat (15.82)"):
        assert sum(Fraction(p) for p in _chart_data(at, title).values()) == 1
    assert {m.label: m.value for m in at.metric}["Action"] == "Close Assault"
    at.session_state["combat_kind"] = "probe"  # the same units, called a Probe (15.22)
    at.run()
    assert not at.error, [e.value for e in at.error]
    assert {m.label: m.value for m in at.metric}["Action"] == "Probe"
    status = _chart_data(at, "Engaged or Contact (15.81)")
    assert "Engaged" not in status  # a Probe ignores Engaged results (15.93)


def test_unit_refs_leave_out_units_committing_nothing() -> None:
    refs = unit_refs(
        {"a": {"x": 3, "y": 0}, "b": {"x": 0}},
        positions={"a": "back"},
        flags={"pinned": {"a"}},
        extras={"a": {"level": "battalion"}},
    )
    assert refs == [
        {"unit": "a", "points": {"x": 3}, "position": "back", "pinned": True, "level": "battalion"}
    ]


def test_odds_as_text_and_names() -> None:
    frame = odds_frame([("P", Fraction(7, 18)), ("no effect", Fraction(11, 18))])
    assert list(frame["Exact"]) == ["7/18", "11/18"]
    assert list(frame["Percent"]) == ["38.9%", "61.1%"]  # 7/18 = 0.3888...
    assert exact(Fraction(1)) == "1"


def test_unit_ids_in_a_summary_are_named(graziani_db: str) -> None:
    state = _session(graziani_db).state
    line = f"Barrage on column 3-4 at {TARGET}: reading 45 gives P (12.44, 12.45)"
    assert named_text(state, line) == (
        "Barrage on column 3-4 at II Libyan Bn: reading 45 gives P (12.44, 12.45)"
    )


def test_dice_being_typed_survive_another_players_write(graziani_db: str) -> None:
    """Issue 16 item 8: the live table reruns the page when another seat writes; the dice
    typed so far stay, and the confirmation is worked out again on the new ledger."""
    from fractions import Fraction

    from ledger.commands.cp import spend_cp
    from ledger.model.source import Source

    session_to_phase(_session(graziani_db), COMBAT_B)
    at = _barrage(app_on("views/combat.py"))
    drawn = _session(graziani_db).last_seq
    at.number_input(key=f"combat_dice_target_{drawn}").set_value(45).run()
    _session(graziani_db).execute(
        lambda s: spend_cp(s, "it.1ccnn_div.1st_ccnn_div_hq", Fraction(1), Source(s.clock))
    )
    at.run()  # what the sidebar's poll does once it sees the new event
    assert at.number_input(key=f"combat_dice_target_{drawn}").value == 45
    at.number_input(key=f"combat_dice_trucks_{drawn}").set_value(11).run()
    [confirm] = [b for b in at.button if b.label == "Confirm"]
    confirm.click().run()
    assert not at.error, [e.value for e in at.error]
    assert "II Libyan Bn pinned" in "\n".join(s.value for s in at.success)
    assert _session(graziani_db).state.units[TARGET].combat_markers == ("pinned",)


def test_a_barrage_in_the_organization_phase_is_refused_as_the_cli_refuses_it(
    graziani_db: str,
) -> None:
    """Issue 17: the page posted a barrage in the Organization Phase; combat is the Phasing
    Player's, in a Movement and Combat Phase (5.2 III.G, ruling combat-phase)."""
    at = _barrage(app_on("views/combat.py"))
    before = _session(graziani_db).last_seq
    at.number_input(key=_dice_key(graziani_db, "target")).set_value(45).run()
    at.number_input(key=_dice_key(graziani_db, "trucks")).set_value(11).run()
    errors = "\n".join(e.value for e in at.error)
    assert (
        "A Barrage only in a Movement and Combat Phase; it is the C. Organization Phase" in errors
    )
    assert "(5.2 III.G)" in errors
    assert all(b.disabled for b in at.button if b.label == "Confirm")
    assert _session(graziani_db).last_seq == before
