"""A scenario's rulings as a game chooses them (docs/rulings.md, "Graziani's Offensive" and
"The Italian Campaign (60.23)"): ``quartermaster new --ruling ID=OPTION`` plays the set-up with
the option's ``[[ruling.effect]]`` applied, written into the journal's ``GameStarted``; an option
no effect expresses is refused; a bad effect in a file is refused with its file and line."""

from __future__ import annotations

from pathlib import Path

import pytest

from ledger.cli import main
from ledger.io.scenario import ScenarioError, bundled_scenarios, load_scenario
from ledger.journal.session import CommandRefused, GameSession, create_game
from ledger.journal.store import EventStore
from ledger.model.events import GameStarted
from ledger.model.scenario import Setup
from ledger.model.scenario_rulings import unexpressed_options, with_ruling_choices

TANKS = "60.23-italian-tank-battalion-classes"
V_M, XXI_M = "it.unassigned_armored.v_m_tank_bn", "it.unassigned_armored.xxi_m_tank_bn"
I_L, II_L = "it.unassigned_armored.i_l_tank_bn", "it.unassigned_armored.ii_l_tank_bn"
BENGHAZI = (
    "it.benghazi_garrison.ii_libyan_coastal_defense_bn",
    "it.benghazi_garrison.vii_coastal_defense_arty_aa_group",
    "it.benghazi_garrison.xx_corps_artillery_regt",
    "it.benghazi_garrison.viii_ii_engineer_bn",
)
SIXTH_AUS = (
    "cw.6_aus_div.19th_aus_infantry_bde_hq",
    "cw.6_aus_div.2_4_aus_infantry_bn",
    "cw.6_aus_div.2_8_aus_infantry_bn",
    "cw.6_aus_div.2_11_aus_infantry_bn",
)


@pytest.fixture(scope="module")
def campaign() -> Setup:
    return load_scenario(bundled_scenarios()["italian-campaign"])


def _new(tmp_path: Path, setup: Setup, choices: dict[str, str]) -> GameSession:
    store = EventStore(f"sqlite:///{tmp_path / 'qm.db'}", create=True)
    return create_game(store, "g", setup, choices)


def test_all_it_l_gives_the_two_light_tank_battalions_class_it_l(
    tmp_path: Path, campaign: Setup
) -> None:
    by_default = _new(tmp_path, campaign, {}).state.units
    assert [by_default[u].class_id for u in (I_L, II_L, V_M, XXI_M)] == [
        "it.k",
        "it.k",
        "it.l",
        "it.l",
    ]
    store = EventStore(f"sqlite:///{tmp_path / 'qm.db'}")
    units = create_game(store, "all-l", campaign, {TANKS: "all-it.l"}).state.units
    assert [units[u].class_id for u in (I_L, II_L, V_M, XXI_M)] == ["it.l"] * 4


def test_omit_leaves_the_four_tank_battalions_out_of_the_game(
    tmp_path: Path, campaign: Setup
) -> None:
    game = _new(tmp_path, campaign, {TANKS: "omit"})
    assert not {I_L, II_L, V_M, XXI_M} & set(game.state.units)
    assert len(game.state.units) == len(campaign.units) - 4
    started = game.journal[0].event
    assert isinstance(started, GameStarted)
    assert started.setup.ruling_effects == ()  # the journal holds the set-up as played
    assert V_M not in {u.id for u in started.setup.units}


def test_b4827_puts_the_benghazi_garrison_and_victory_place_at_b4827(
    tmp_path: Path, campaign: Setup
) -> None:
    game = _new(tmp_path, campaign, {"60.31-benghazi-hex": "B4827"})
    assert {game.state.units[u].location for u in BENGHAZI} == {"B4827"}
    benghazi = next(v for v in game.state.schedule.victory if v.id == "benghazi")
    assert benghazi.hexes == ("B4827",)
    assert {u.location for u in campaign.units if u.id in BENGHAZI} == {"A4827"}


def test_trained_leaves_the_6th_australian_arrivals_not_in_training(
    tmp_path: Path, campaign: Setup
) -> None:
    before = {u.id: u for u in campaign.units}
    assert all(before[u].in_training for u in SIXTH_AUS)  # 60.47 default: untrained morale
    units = _new(tmp_path, campaign, {"60.47-arrivals-training": "trained"}).state.units
    assert not any(units[u].in_training for u in SIXTH_AUS)
    assert not any(u.in_training for u in units.values() if u.arrival is not None)


def test_graziani_brings_the_polish_brigade_in_training_unless_trained_is_chosen(
    tmp_path: Path,
) -> None:
    """60.47 in Graziani's Offensive: the Polish Bde (GT 1.3) prints untrained Basic Morale -1
    on its OA sheet, so it arrives In Training by default and trained under 'trained'."""
    graziani = load_scenario(bundled_scenarios()["graziani"])
    polish = "cw.polish_bde.1st_polish_bn"
    before = {u.id: u for u in graziani.units}
    assert (before[polish].in_training, before[polish].basic_morale_untrained) == (True, -1)
    assert sum(1 for u in graziani.units if u.arrival and u.in_training) == 13
    units = _new(tmp_path, graziani, {"60.47-arrivals-training": "trained"}).state.units
    assert not units[polish].in_training
    assert not any(u.in_training for u in units.values() if u.arrival is not None)


def test_the_other_options_change_what_they_name(campaign: Setup) -> None:
    played = with_ruling_choices(
        campaign,
        {
            "60.23-20th-aus-bde-parent": "independent",
            "60.23-22nd-bersaglieri-parent": "10th-bersaglieri",
            "60.23-aa-over-class-limit": "class-limit",
            "60.23-rommel-counter": "omit",
            "60.23-22nd-guards-hq": "omit",
            "60.23-two-counters-140": "one-counter",
            "60.22-7th-support-group-parent": "as-printed",
        },
    )
    units = {u.id: u for u in played.units}
    assert units["cw.9_aus_div.20th_australian_inf_bde_hq"].parent is None
    assert (
        units["it.unassigned_inf_recon.22nd_bersaglieri_mitrg_coy"].parent
        == "it.unassigned_inf_recon.10th_bersaglieri_regt_hq"
    )
    aa = {h.system: h.points for h in units["it.sirte_div.43rd_artillery_regt"].toe}
    assert aa == {"it.75_27_gun": 6, "it.100_17_howitzer": 3, "it.aa_light_20mm": 3}
    assert not {
        "ge.rommel.rommel",
        "cw.22_guards_bde.22nd_guards_bde_hq",
        "it.unassigned_blackshirt.140th_ccnn_bn",
    } & set(units)
    assert "it.2ccnn_div.140th_infantry_bn" in units  # the set-up's counter 140 stays
    krrc = units["cw.7_armd_div.1st_krrc"]
    assert (krrc.parent, krrc.detached) == (None, False)


def test_the_default_changes_nothing(campaign: Setup) -> None:
    defaults = {r.id: r.default for r in campaign.rulings}
    played = with_ruling_choices(campaign, defaults)
    assert played.units == campaign.units
    assert played.dumps == campaign.dumps
    assert played.schedule == campaign.schedule


@pytest.mark.parametrize(
    ("ruling", "option"),
    [
        ("60.23-1st-hampshire", "withdraw-gt19"),
        ("60.23-victory-hexes", "any-hex-of-town"),
        ("60.22-san-giorgio", "fixed-ship-no-ratings"),
        ("60.22-tobruk-port-efficiency", "7"),
        ("60.23-air-february-split", "none"),
    ],
)
def test_an_option_not_in_the_data_is_refused_at_new(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], ruling: str, option: str
) -> None:
    db = str(tmp_path / "qm.db")
    args = ["new", "g", "--scenario", "italian-campaign", "--ruling", f"{ruling}={option}"]
    assert main([*args, "--db", db]) == 1
    err = capsys.readouterr().err
    assert (
        f"option {option!r} of ruling {ruling} is not in the ledger's data: "
        "edit a copy of the scenario file"
    ) in err
    assert main(["new", "g", "--scenario", "italian-campaign", "--db", db]) == 0  # none written


def test_the_options_not_in_the_data_are_listed_for_the_form(campaign: Setup) -> None:
    assert unexpressed_options(campaign) == {
        "60.22-tobruk-port-efficiency": ("7",),
        "60.22-san-giorgio": ("fixed-ship-no-ratings",),
        "60.23-1st-hampshire": ("withdraw-gt19",),
        "60.23-victory-hexes": ("any-hex-of-town",),
        "60.23-air-february-split": ("whole-month", "none"),  # air units are not in the file
    }


def test_the_cli_plays_the_chosen_option(tmp_path: Path) -> None:
    db = str(tmp_path / "qm.db")
    args = ["new", "g", "--scenario", "graziani", "--ruling", "60.31-benghazi-hex=B4827"]
    assert main([*args, "--db", db]) == 0
    game = GameSession(EventStore(f"sqlite:///{db}"), "g")
    assert {game.state.units[u].location for u in BENGHAZI} == {"B4827"}
    assert game.state.ruling("60.31-benghazi-hex") == "B4827"


def test_choices_that_break_the_set_up_together_are_refused(
    tmp_path: Path, campaign: Setup
) -> None:
    """An effect that sets a parent to a unit another chosen option leaves out."""
    broken = _variant_setup(campaign)
    with pytest.raises(CommandRefused) as refused:
        _new(tmp_path, broken, {TANKS: "omit", "60.23-22nd-bersaglieri-parent": "10th-bersaglieri"})
    (error,) = refused.value.errors
    assert "60.23-22nd-bersaglieri-parent, 60.23-italian-tank-battalion-classes together" in str(
        error
    )
    assert f"parent {V_M!r} is not a unit" in str(error)


def _variant_setup(campaign: Setup) -> Setup:
    """The campaign with the 22nd Bersaglieri's other option pointing at the V(M) Tank Bn."""
    import dataclasses

    effects = tuple(
        dataclasses.replace(e, changes=(("parent", V_M),))
        if e.ruling == "60.23-22nd-bersaglieri-parent"
        else e
        for e in campaign.ruling_effects
    )
    return dataclasses.replace(campaign, ruling_effects=effects)


def _file(tmp_path: Path, effect: str) -> Path:
    text = (Path(__file__).resolve().parents[1] / "fixtures" / "mini.toml").read_text()
    ruling = (
        '\n[[ruling]]\nid = "house-garrison"\ncase = "60.31"\nquestion = "Where?"\n'
        'options = ["as-printed", "elsewhere"]\ndefault = "as-printed"\n\n'
        f"[[ruling.effect]]\n{effect}\n"
    )
    path = tmp_path / "mine.toml"
    path.write_text(text + ruling, encoding="utf-8")
    return path


def _line(path: Path, text: str) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    return max(i for i, line in enumerate(lines, start=1) if line.startswith(text))


def _errors(path: Path) -> list[str]:
    with pytest.raises(ScenarioError) as refused:
        load_scenario(path)
    return [str(e) for e in refused.value.errors]


def test_a_good_effect_in_a_file_is_loaded(tmp_path: Path, mini_setup: Setup) -> None:
    unit = mini_setup.units[0]
    path = _file(
        tmp_path, f'option = "elsewhere"\nunit = "{unit.id}"\nset = {{location = "C3922"}}'
    )
    setup = load_scenario(path)
    (effect,) = setup.ruling_effects
    assert (effect.ruling, effect.option, effect.record) == ("house-garrison", "elsewhere", unit.id)
    moved = with_ruling_choices(setup, {"house-garrison": "elsewhere"})
    assert moved.units[0].location == "C3922"


def test_an_effect_on_a_field_no_ruling_may_change_is_refused_with_its_line(
    tmp_path: Path, mini_setup: Setup
) -> None:
    unit = mini_setup.units[0]
    path = _file(tmp_path, f'option = "elsewhere"\nunit = "{unit.id}"\nset = {{hexes = ["C3922"]}}')
    (error,) = _errors(path)
    assert error.startswith(f"mine.toml:{_line(path, 'set = ')}: ruling[1].effect[0].set.hexes:")
    assert "a ruling may not change 'hexes' of a unit record" in error


def test_an_effect_on_a_record_not_in_the_file_is_refused_with_its_line(tmp_path: Path) -> None:
    path = _file(tmp_path, 'option = "elsewhere"\nunit = "no-such-unit"\nomit = true')
    (error,) = _errors(path)
    assert error.startswith(f"mine.toml:{_line(path, 'unit = ')}: ruling[1].effect[0].unit:")
    assert "no unit 'no-such-unit' in this file" in error


def test_an_effect_for_the_default_or_no_option_is_refused(
    tmp_path: Path, mini_setup: Setup
) -> None:
    unit = mini_setup.units[0].id
    path = _file(tmp_path, f'option = "as-printed"\nunit = "{unit}"\nomit = true')
    (error,) = _errors(path)
    assert f"mine.toml:{_line(path, 'option = ')}: ruling[1].effect[0].option:" in error
    assert "'as-printed' is its default" in error
    path = _file(tmp_path, f'option = "nowhere"\nunit = "{unit}"\nomit = true')
    (error,) = _errors(path)
    assert "'nowhere' is not one of its options (as-printed, elsewhere)" in error


def test_an_effect_of_the_wrong_type_is_refused_with_its_line(
    tmp_path: Path, mini_setup: Setup
) -> None:
    unit = mini_setup.units[0].id
    path = _file(tmp_path, f'option = "elsewhere"\nunit = "{unit}"\nset = {{in_training = "yes"}}')
    (error,) = _errors(path)
    assert error.startswith(
        f"mine.toml:{_line(path, 'set = ')}: ruling[1].effect[0].set.in_training"
    )


def test_an_effect_that_breaks_the_set_up_is_refused_at_load(
    tmp_path: Path, mini_setup: Setup
) -> None:
    unit = mini_setup.units[0].id
    path = _file(tmp_path, f'option = "elsewhere"\nunit = "{unit}"\nset = {{class = "no.class"}}')
    (error,) = _errors(path)
    assert error.startswith(f"mine.toml:{_line(path, '[[ruling.effect]]')}: ruling[1].effect[0]:")
    assert f"ruling house-garrison, option 'elsewhere': {unit}: unknown class 'no.class'" in error


def test_new_says_the_counters_of_the_game_as_chosen(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "qm.db")
    ruling = f"{TANKS}=omit"
    assert main(["new", "g", "--scenario", "italian-campaign", "--ruling", ruling, "--db", db]) == 0
    assert "407 counters" in capsys.readouterr().out  # 411 less the four tank battalions
