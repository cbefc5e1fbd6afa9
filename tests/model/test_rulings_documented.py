"""Every named ruling (ledger and bundled scenarios) is documented in docs/rulings.md."""

from pathlib import Path

from ledger.io.scenario import bundled_scenarios, load_scenario
from ledger.model.rulings import RULINGS

DOC = Path(__file__).resolve().parents[2] / "docs" / "rulings.md"


def test_every_ruling_has_a_section_with_its_options() -> None:
    text = DOC.read_text()
    rulings = list(RULINGS)
    for path in bundled_scenarios().values():
        rulings += load_scenario(path).rulings
    assert len(rulings) >= 9
    for ruling in rulings:
        assert f"### `{ruling.id}`" in text, ruling.id
        section = text.split(f"### `{ruling.id}`", 1)[1].split("\n### ", 1)[0]
        for option in ruling.options:
            assert f"`{option}`" in section, (ruling.id, option)
        assert f"**`{ruling.default}`** (default" in section, ruling.id


GAMES_DOCS = DOC.parent / "games"


def test_every_game_ruling_has_a_section_in_its_game_page() -> None:
    from ledger.io.games import games

    count = 0
    for game_id, game in games().items():
        text = (GAMES_DOCS / f"{game_id}.md").read_text()
        for ruling in game.rulings:
            count += 1
            assert f"### `{ruling.id}`" in text, (game_id, ruling.id)
            section = text.split(f"### `{ruling.id}`", 1)[1].split("\n### ", 1)[0]
            for option in ruling.options:
                assert f"`{option}`" in section, (ruling.id, option)
            assert f"**`{ruling.default}`** (default" in section, ruling.id
    assert count >= 4
