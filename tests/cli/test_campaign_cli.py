"""`quartermaster arrivals`, `withdrawals`, `withdraw` and `victory` as a player runs them
(4.43, 20.1, 20.8, 60.82): counters by their printed names, refusals naming the field, the
value and the rule case, and nothing written when refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from ledger.journal import EventStore
from ledger.journal.session import create_game
from ledger.model.scenario import Setup
from tests.commands.campaign_setup import campaign_setup

from .test_cli import Player


@pytest.fixture
def italian(tmp_path: Path) -> Player:
    p = Player(tmp_path)
    p.run("new", "--skip-setup", "g", "--scenario", "italian-campaign")
    return p


def test_arrivals_by_game_turn_in_players_words(italian: Player) -> None:
    out = italian.run("arrivals").stdout
    assert "Now: GT 1 OpStage 1" in out
    polish = next(line for line in out.splitlines() if "Polish Brigade HQ" in line)
    assert "GT 1 OpStage 3" in polish and "to come" in polish and "Cairo" in polish
    assert "cw.polish_bde" not in out
    rows = italian.json("arrivals")
    assert {r["id"] for r in rows if r["name"] == "Polish Brigade HQ"} == {
        "cw.polish_bde.polish_brigade_hq"
    }


def test_withdrawals_ahead_and_a_withdrawal_before_its_time_is_refused(italian: Player) -> None:
    out = italian.run("withdrawals").stdout
    assert "5th Indian Bde HQ and its units (4th Indian Division)" in out
    assert "GT 13 OpStage 3" in out and "1st Royal Fusiliers" in out
    assert "cw.4_indian_div" not in out and "cw-wd" not in out
    rows = italian.json("withdrawals")
    assert [(r["id"], r["status"], r["truck_value_needed"]) for r in rows] == [
        ("cw-wd-01", "later", 10),
        ("cw-wd-02", "later", 23),
        ("cw-wd-03", "later", 16),
    ]
    before = len(italian.json("history"))
    refused = italian.run("withdraw", "cw-wd-01", ok=False).stderr
    assert "is due GT 13 OpStage 3; it is GT 1 OpStage 1 now" in refused and "20.8" in refused
    assert "nothing was written" in refused
    unknown = italian.run("withdraw", "7th Armoured Division", ok=False).stderr
    assert "no scheduled withdrawal '7th Armoured Division'" in unknown
    preview = italian.run("withdraw", "cw-wd-02", "--preview").stdout
    assert "7th Indian Bde HQ" in preview and "Not now:" in preview
    assert len(italian.json("history")) == before


def test_victory_records_a_holder_and_shows_the_table(italian: Player) -> None:
    out = italian.run(
        "victory", "--place", "Tobruk", "--holder", "commonwealth", "--supply-line", "yes"
    ).stdout
    assert "Tobruk held by the Commonwealth with a supply line (60.82)" in out
    assert (
        "Axis 0, Commonwealth 25: if the game ended now: Commonwealth victory on points, 25 to 0"
    ) in out
    assert "Commonwealth strategic victory (no Italian combat unit" in out
    assert "60.82): not declared" in out
    italian.run("victory", "--place", "mersa_matruh", "--holder", "axis", "--supply-line", "yes")
    table = italian.json("victory")
    assert table["totals"] == {"axis": 100, "commonwealth": 25}
    assert table["winner"] == "axis"
    cut = italian.json("victory", "--italian-supply-cut")
    assert cut["winner"] == "commonwealth"
    before = len(italian.json("history"))
    cairo = italian.run(
        "victory", "--place", "Cairo", "--holder", "axis", "--supply-line", "no", ok=False
    ).stderr
    assert "no victory place 'Cairo'" in cairo and "Mersa Matruh" in cairo and "60.82" in cairo
    half = italian.run("victory", "--place", "Tobruk", ok=False).stderr
    assert "--holder" in half
    # An unknown place is named first, before the options still missing.
    atlantis = italian.run("victory", "--place", "Atlantis", "--holder", "axis", ok=False).stderr
    assert "no victory place 'Atlantis'" in atlantis and "--supply-line" not in atlantis
    assert len(italian.json("history")) == before


def test_a_withdrawal_due_holds_the_end_of_stage_until_recorded(
    tmp_path: Path, graziani_setup: Setup
) -> None:
    store = EventStore(f"sqlite:///{tmp_path / 'ledger.db'}", create=True)
    create_game(store, "c", campaign_setup(graziani_setup), setup_step=False)
    player = Player(tmp_path)
    player.run("phase", "L", "--player", "B")
    player.run("end-stage")  # to GT 1 OpStage 2, when the 5th Indian Bde HQ group is due
    player.run("phase", "L", "--player", "B")
    refused = player.run("end-stage", ok=False).stderr
    assert "5th Indian Bde HQ group is due GT 1 OpStage 2 and not recorded" in refused
    assert 'quartermaster withdraw "5th Indian Bde HQ group"' in refused
    shown = player.run("withdrawals").stdout
    # 10 truck value needed; 85 empty at Cairo (60) and Alexandria (25) available
    assert "due" in shown and "10 truck value needed, 85 available" in shown
    assert "leaves from: Cairo or Alexandria (20.83)" in shown
    assert "trucks that leave with it: 5 heavy truck points of" in shown
    assert (
        "1st Royal Fusiliers (D3615) is not at Cairo or Alexandria: eliminated under 20.83 "
        "unless it gets there — or record the withdrawal as eliminated"
    ) in shown
    preview = player.run("withdraw", "5th Indian Bde HQ", "--preview").stdout
    assert "is not at Cairo or Alexandria" in preview and "Cairo or Alexandria (20.83)" in preview
    elsewhere = player.run(
        "withdraw", "5th Indian Bde HQ", "--supplies-to", "Sidi Barrani", ok=False
    ).stderr
    assert "Sidi Barrani (C4131) is neither at the counters' hex (D3615)" in elsewhere
    done = player.run(
        "withdraw", "5th Indian Bde HQ", "--supplies-to", "Alexandria (unlimited supply)"
    )
    assert "5th Indian Bde HQ group withdrawn (20.8): 5th Indian Bde HQ" in done.stdout
    assert "to Alexandria" in done.stdout
    again = player.run("withdraw", "cw-wd-01", ok=False).stderr
    assert "already recorded" in again
    assert "GT 1 OpStage 3" in player.run("end-stage").stdout


def test_units_all_shows_each_counters_status(italian: Player) -> None:
    out = italian.run("units", "--all").stdout
    header = out.splitlines()[0]
    assert "status" in header
    arty = next(line for line in out.splitlines() if "XXV Corps Artillery Regt" in line)
    assert "arrives GT 9 OpStage 2" in arty  # not in play at GT 1 (4.43b)
    fusiliers = next(line for line in out.splitlines() if "1st Royal Fusiliers" in line)
    assert "in play" in fusiliers


def test_weather_shows_the_row_and_records_a_dice_reading(italian: Player) -> None:
    shown = italian.run("weather").stdout
    assert "GT 1-12 fall: 11-42 normal, 43-55 hot, 56-64 sandstorm, 65-66 rainstorm (29.6)" in (
        shown
    )
    done = italian.run("weather", "--dice", "61").stdout  # 56-64 sandstorm in the fall
    assert "weather of GT 1 OpStage 1: sandstorm" in done
    assert italian.json("weather")["weather"] == "sandstorm"
    assert italian.json("history")[-1]["kind"] == "weather_recorded"
    bad = italian.run("weather", "--dice", "70", ok=False).stderr
    assert "--dice: 70 is not a two-dice reading" in bad and "29.6" in bad


def test_initiative_shows_each_sides_rating(italian: Player) -> None:
    out = italian.run("initiative").stdout
    assert "1 (no German combat unit and no Rommel counter on the game maps, 7.2)" in out
    assert "3 (Game-Turns 1-42, 7.2)" in out
    rows = italian.json("initiative")
    assert (rows["rating_axis"], rows["rating_commonwealth"]) == (1, 3)
