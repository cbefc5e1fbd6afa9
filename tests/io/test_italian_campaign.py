"""60.23 The Italian Campaign (scenarios/italian-campaign.toml) against the reference it is built
from: tests/data/60.23/*.csv are copies of the reference's arrivals, withdrawals and victory
tables (their SOURCE line first), so the counts here are the printed schedule's, not the file's.
"""

from __future__ import annotations

import csv
import json
from collections import Counter
from pathlib import Path

import pytest

from ledger.cli import main
from ledger.io.scenario import ScenarioError, bundled_scenarios, load_scenario
from ledger.model.clock import GameTime
from ledger.model.scenario import Setup

DATA = Path(__file__).resolve().parents[1] / "data" / "60.23"
PLACES = {"cairo": "Cairo", "tripoli": "Tripoli", "alexandria": "Alexandria"}


def rows(name: str) -> list[dict[str, str]]:
    with open(DATA / name, newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(line for line in handle if not line.startswith("#")))


@pytest.fixture(scope="module")
def campaign() -> Setup:
    return load_scenario(bundled_scenarios()["italian-campaign"])


@pytest.fixture(scope="module")
def graziani() -> Setup:
    return load_scenario(bundled_scenarios()["graziani"])


def test_the_italian_campaign_loads_with_its_clock_initiative_and_hours(campaign: Setup) -> None:
    info = campaign.info
    assert (info.id, info.name, info.case) == ("italian-campaign", "The Italian Campaign", "60.23")
    assert (info.start, info.end) == (GameTime(1, 1), GameTime(20, 3))
    assert (info.initiative, info.hours) == ("axis", "90-150")


def test_arriving_counters_per_side_and_operations_stage_equal_the_schedule(
    campaign: Setup,
) -> None:
    printed = Counter(
        (r["side"], int(r["game_turn"]), int(r["opstage"]))
        for r in rows("arrivals.csv")
        if r["row_kind"] in ("unit", "commander")
    )
    arriving = Counter(
        (u.side, u.arrival.game_turn, u.arrival.op_stage)
        for u in campaign.units
        if u.arrival is not None
    )
    assert arriving == printed
    # the reference's README: CW 70 counters, Axis 55 Italian + Rommel
    by_side = Counter(side for side, _, _ in arriving.elements())
    assert by_side == {"commonwealth": 70, "axis": 56}
    assert sum(1 for u in campaign.units if u.arrival is None) == 285  # the 60.22 set-up


def test_every_arriving_counter_has_its_printed_arrival_place_and_parent(campaign: Setup) -> None:
    units = {u.id: u for u in campaign.units}
    for r in rows("arrivals.csv"):
        if r["row_kind"] == "trucks":
            continue
        unit = units[r["unit_id"]]
        assert unit.arrival == GameTime(int(r["game_turn"]), int(r["opstage"])), unit.id
        assert unit.location == PLACES[r["arrival_place"]], unit.id
        assert unit.parent == (r["parent_formation"] or None), unit.id


def test_arriving_truck_points_per_operations_stage_equal_the_schedule(campaign: Setup) -> None:
    printed = {
        (r["side"], GameTime(int(r["game_turn"]), int(r["opstage"]))): tuple(
            int(r[f"trucks_{k}"] or 0) for k in ("light", "medium", "heavy")
        )
        for r in rows("arrivals.csv")
        if r["row_kind"] == "trucks"
    }
    arriving = {
        (t.side, t.arrival): (t.light, t.medium, t.heavy)
        for t in campaign.trucks
        if t.arrival is not None
    }
    assert arriving == printed
    assert len(printed) == 11  # 7 Commonwealth rows, 4 Axis
    # README: CW 94 light / 331 medium / 55 heavy
    cw = [v for (side, _), v in arriving.items() if side == "commonwealth"]
    assert tuple(map(sum, zip(*cw, strict=True))) == (94, 331, 55)


def test_the_gt_9_opstage_2_axis_arrival_has_its_arrival_and_toe(campaign: Setup) -> None:
    (row,) = [
        r
        for r in rows("arrivals.csv")
        if (r["side"], r["game_turn"], r["opstage"], r["row_kind"]) == ("axis", "9", "2", "unit")
    ]
    unit = next(u for u in campaign.units if u.id == row["unit_id"])
    assert unit.name == "XXV Corps Artillery Regt" == row["name"]
    assert unit.arrival == GameTime(9, 2)
    assert (unit.location, unit.class_id) == ("Tripoli", "it.kk")
    # printed "it.105_28_gun:9; it.aa_light_20mm:3"
    assert [(h.system, h.points) for h in unit.toe] == [
        ("it.105_28_gun", 9),
        ("it.aa_light_20mm", 3),
    ]
    assert sum(h.points for h in unit.toe) == int(row["toe_points"])


def test_the_withdrawals_are_the_schedules_three_groups_of_the_4th_indian_division(
    campaign: Setup,
) -> None:
    printed: dict[GameTime, set[str]] = {}
    transport: dict[GameTime, tuple[int, int]] = {}
    for r in rows("withdrawals.csv"):
        due = GameTime(int(r["game_turn"]), int(r["opstage"]))
        if r["row_kind"] == "unit":
            printed.setdefault(due, set()).add(r["unit_id"])
        else:
            transport[due] = (
                int(r["truck_value_points_required"]),
                int(r["motorization_points_required"]),
            )
    groups = campaign.schedule.withdrawals
    assert {w.due: set(w.units) for w in groups} == printed
    assert [w.due for w in groups] == [GameTime(13, 3), GameTime(14, 3), GameTime(15, 2)]
    assert sum(len(w.units) for w in groups) == 17
    assert {w.due: (w.truck_value_points, w.motorization_points) for w in groups} == transport
    assert transport[GameTime(14, 3)] == (23, 20)
    assert {w.side for w in groups} == {"commonwealth"}
    units = {u.id: u for u in campaign.units}
    assert all(units[uid].side == "commonwealth" for w in groups for uid in w.units)
    # each named by its root counter and that root's formation; sourced to schedule and OA sheet
    assert [w.name for w in groups] == [
        "5th Indian Bde HQ and its units (4th Indian Division)",
        "7th Indian Bde HQ and its units (4th Indian Division)",
        "4th Indian Div HQ and its units (4th Indian Division)",
    ]
    sheet = "data/units/oa/cw/4_indian_div.toml @ 77784bd68819ddcd9ef5f4876d584a7c18d7771e"
    assert all(w.source.endswith(f"; units Maurdekye/neo-sandtable {sheet}") for w in groups)
    assert all("land_cw.toml @ 959e27fd" in w.source for w in groups)


def test_victory_points_of_each_place_equal_the_printed_table(campaign: Setup) -> None:
    places = {p.id: p for p in campaign.schedule.victory}
    printed = rows("victory.csv")
    assert len(places) == len(printed) == 8
    for r in printed:
        place = places[r["place_id"]]
        assert place.points_for("axis") == int(r["italian_holds_points"]), place.id
        assert place.points_for("commonwealth") == int(r["commonwealth_holds_points"]), place.id
    assert places["mersa_matruh"].points_for("axis") == 100
    assert (places["tobruk"].hexes, places["tobruk"].points_for("commonwealth")) == (("C4807",), 25)
    # ruling 60.31-benghazi-hex, default A4827 (the set-up prints B4827)
    assert places["benghazi"].hexes == ("A4827",)
    assert sum(p.points_for("axis") for p in places.values()) == 210


def test_weather_rows_fall_to_gt_12_then_winter(campaign: Setup) -> None:
    def weather(turn: int, reading: int) -> str:
        (row,) = [w for w in campaign.schedule.weather if w.first <= turn <= w.last]
        (band,) = [b for b in row.bands if b.low <= reading <= b.high]
        return band.weather

    assert [(w.season, w.first, w.last) for w in campaign.schedule.weather] == [
        ("fall", 1, 12),
        ("winter", 13, 20),
    ]
    assert [weather(12, r) for r in (42, 43, 55, 56, 64, 65, 66)] == (
        ["normal", "hot", "hot", "sandstorm", "sandstorm", "rainstorm", "rainstorm"]
    )
    # winter (29.6 as printed): normal 11-23, hot 24-55, sandstorm 56-66, no rainstorm
    assert [weather(13, r) for r in (23, 24, 55, 56, 66)] == (
        ["normal", "hot", "hot", "sandstorm", "sandstorm"]
    )


def test_initiative_ratings_of_7_2(campaign: Setup) -> None:
    ratings = campaign.schedule.initiative_ratings
    assert [(r.side, r.rating, r.first, r.last) for r in ratings if r.side == "commonwealth"] == [
        ("commonwealth", 3, 1, 42)
    ]
    assert [r.rating for r in ratings if r.side == "axis"] == [6, 3, 1]


def test_rulings_of_the_gaps_are_applied_as_their_defaults(campaign: Setup) -> None:
    rulings = {r.id: r for r in campaign.rulings}
    assert rulings["60.23-italian-tank-battalion-classes"].default == "by-tank"
    assert rulings["60.47-arrivals-training"].options == ("untrained-morale", "trained")
    units = {u.id: u for u in campaign.units}
    tanks = "it.unassigned_armored."
    assert [units[tanks + b].class_id for b in ("i_l_tank_bn", "ii_l_tank_bn")] == ["it.k"] * 2
    assert [units[tanks + b].class_id for b in ("v_m_tank_bn", "xxi_m_tank_bn")] == ["it.l"] * 2
    guards = units["cw.22_guards_bde.22nd_guards_bde_hq"]
    assert (guards.arrival, guards.toe, guards.basic_morale) == (GameTime(20, 3), (), None)
    # 60.47 default: an arrival printing an untrained morale arrives In Training with it
    aus = units["cw.6_aus_div.19th_aus_infantry_bde_hq"]
    assert (aus.in_training, aus.basic_morale_untrained) == (True, -3)
    printed = [r for r in rows("arrivals.csv") if r["basic_morale_untrained"]]
    assert sum(1 for u in campaign.units if u.arrival and u.in_training) == len(printed) == 43
    # the Polish Bde (-1) and the 7th Indian Bde (0) print theirs on their OA sheets' headers
    assert (
        units["cw.polish_bde.1st_polish_bn"].basic_morale_untrained,
        units[SUSSEX].in_training,
    ) == (-1, True)


SUSSEX = "cw.4_indian_div.1st_royal_sussex"
GT_1_6_TRAINING = 13  # Polish Bde 8 (GT 1.3), 1st Field Regt (GT 3.3), 7th Indian Bde 4 (GT 5.1)


def test_60_47_brings_the_same_arrivals_in_training_in_both_scenarios(
    campaign: Setup, graziani: Setup
) -> None:
    """60.47 is the Commonwealth's scenario information of 60.22 and 60.23 alike: one ruling,
    one default, the same GT 1-6 arrivals In Training in both files."""
    for setup in (campaign, graziani):
        rulings = {r.id: r for r in setup.rulings}
        assert rulings["60.47-arrivals-training"].options == ("untrained-morale", "trained")
        assert rulings["60.47-arrivals-training"].default == "untrained-morale"
    early = {u.id: u.in_training for u in campaign.units if u.arrival and u.arrival.game_turn <= 6}
    assert {u.id: u.in_training for u in graziani.units if u.arrival} == early
    assert sum(early.values()) == GT_1_6_TRAINING
    assert {u.id for u in graziani.units if u.arrival and u.in_training} == {
        u.id for u in graziani.units if u.arrival and u.basic_morale_untrained is not None
    }
    trained = {e.record for e in graziani.ruling_effects if e.ruling == "60.47-arrivals-training"}
    assert SUSSEX in trained and len(trained) == GT_1_6_TRAINING


def test_the_february_1941_air_split_is_a_ruling_not_in_the_data(campaign: Setup) -> None:
    """Gap 12: the February totals cover GT 19-22; the file rules how GT 19-20 take their part
    (34.84) though air units are not in it, and says so where the air is missing."""
    split = next(r for r in campaign.rulings if r.id == "60.23-air-february-split")
    assert (split.options, split.default) == (
        ("even-per-game-turn", "whole-month", "none"),
        "even-per-game-turn",
    )
    # 30 Hurricane I over GT 19-22 as evenly as possible: 8, 8, 7, 7 -> GT 19 and 20 bring 8 each
    assert "Hurricane I 8 + 8 of 30" in split.question
    assert "Ju 88D 9 + 9 of 36" in split.question
    assert not [e for e in campaign.ruling_effects if e.ruling == split.id]
    assert any("60.23-air-february-split" in m for m in campaign.info.missing if "Air" in m)


def test_the_set_up_is_graziani_s_built_by_the_same_code(campaign: Setup, graziani: Setup) -> None:
    assert graziani.info.hours == "25-50"
    assert graziani.schedule.withdrawals == () and graziani.schedule.victory == ()
    assert [w.season for w in graziani.schedule.weather] == ["fall"]
    start = [u for u in campaign.units if u.arrival is None]
    assert start == [u for u in graziani.units if u.arrival is None]
    assert campaign.dumps == graziani.dumps
    assert [t for t in campaign.trucks if t.id in {g.id for g in graziani.trucks}] == list(
        graziani.trucks
    )


def test_quartermaster_scenarios_lists_both_with_game_turns_and_hours(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["scenarios", "--json"]) == 0
    listed = {r["id"]: r for r in json.loads(capsys.readouterr().out)}
    campaign, graziani = listed["italian-campaign"], listed["graziani"]
    assert (campaign["turns"], campaign["hours"], campaign["game_turns"]) == (
        20,
        "90-150",
        "GT 1 OpStage 1 – GT 20 OpStage 3",
    )
    assert (campaign["at_start"], campaign["arriving"], campaign["withdrawals"]) == (285, 126, 17)
    assert {"id": "60.47-arrivals-training", "default": "untrained-morale"} in campaign["rulings"]
    assert (graziani["turns"], graziani["hours"], graziani["arriving"]) == (6, "25-50", 21)
    assert main(["scenarios"]) == 0
    text = capsys.readouterr().out
    assert "italian-campaign — The Italian Campaign (60.23)" in text
    assert "GT 1 OpStage 1 – GT 20 OpStage 3: 20 Game-Turns, 90-150 hours" in text
    assert "GT 1 OpStage 1 – GT 6 OpStage 3: 6 Game-Turns, 25-50 hours" in text
    assert "411 counters: 285 at the start, 126 arriving, 17 to be withdrawn" in text


# --- refusals ------------------------------------------------------------------------------------
def _variant(tmp_path: Path, old: str, new: str) -> Path:
    text = bundled_scenarios()["italian-campaign"].read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "mine.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def _errors(path: Path) -> list[str]:
    with pytest.raises(ScenarioError) as refused:
        load_scenario(path)
    return [str(e) for e in refused.value.errors]


def _line(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if needle in line)


def test_a_withdrawal_naming_an_unknown_unit_is_refused_at_its_line(tmp_path: Path) -> None:
    path = _variant(
        tmp_path, '    "cw.4_indian_div.1st_royal_fusiliers",', '    "cw.4_indian_div.1st_nobody",'
    )
    assert _errors(path) == [
        f"mine.toml:{_line(path, 'units = [')}: withdrawal[0].units[1]: withdrawal 'cw-wd-01' "
        "names 'cw.4_indian_div.1st_nobody', which is not a unit of this file (20.8)"
    ]


def test_a_withdrawal_of_the_other_side_s_unit_is_refused(tmp_path: Path) -> None:
    path = _variant(
        tmp_path,
        '    "cw.4_indian_div.1st_royal_fusiliers",',
        '    "it.sirte_div.43rd_artillery_regt",',
    )
    (error,) = _errors(path)
    assert "withdrawal[0].units[1]: withdrawal 'cw-wd-01' is the commonwealth side's, but " in error
    assert "'it.sirte_div.43rd_artillery_regt' is the axis side's (20.8)" in error


def test_overlapping_weather_bands_and_negative_victory_points_are_refused(tmp_path: Path) -> None:
    path = _variant(
        tmp_path,
        '{weather = "hot", low = 43, high = 55}',
        '{weather = "hot", low = 42, high = 55}',
    )
    (error,) = _errors(path)
    assert "weather[0].bands: season 'fall': reading 42 is both 'normal' and 'hot' (29.6)" in error
    assert error.startswith(f"mine.toml:{_line(path, 'bands = [')}:")
    path = _variant(tmp_path, "points = {axis = 100, commonwealth = 0}", "points = {axis = -100}")
    (error,) = _errors(path)
    assert "victory[0].points.axis: Input should be greater than or equal to 0" in error


def test_the_bundled_files_are_what_the_one_builder_writes(monkeypatch: pytest.MonkeyPatch) -> None:
    """scripts/build_scenarios.py builds both files from scenarios/sources/ (no hand edits)."""
    import importlib

    scripts = Path(__file__).resolve().parents[2] / "scripts"
    monkeypatch.syspath_prepend(str(scripts))
    builder = importlib.import_module("build_scenarios")
    for name, build in builder.BUILDS.items():
        text, _ = build()
        assert builder.check(text) == []
        assert text == bundled_scenarios()[name].read_text(encoding="utf-8"), name
