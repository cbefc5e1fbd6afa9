"""Shared by the combat request tests: the example request files of docs/examples/combat/ and
the rules-examples game they name units of."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ledger.combat.prepared_combat import PreparedCombat
from ledger.io.combat_request import build_combat, parse_request
from ledger.io.scenario import bundled_scenarios, load_scenario
from ledger.model.apply import start
from ledger.model.events import GameStarted
from ledger.model.source import Source
from ledger.model.state import GameState

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples" / "combat"


def example(name: str) -> dict[str, Any]:
    """The example request ``name`` (a file of docs/examples/combat/) as parsed JSON."""
    data: dict[str, Any] = json.loads((EXAMPLES / name).read_text())
    return data


def rules_examples_state() -> GameState:
    """A fresh game of scenarios/rules-examples.toml (11.35 and the combat example's forces)."""
    setup = load_scenario(bundled_scenarios()["rules-examples"])
    return start(GameStarted(Source(setup.info.start), setup))


def prepared(data: dict[str, Any], state: GameState | None = None) -> PreparedCombat:
    """The request ``data`` parsed and built against ``state`` (inline forces need none)."""
    return build_combat(parse_request(data), state)
