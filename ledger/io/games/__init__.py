"""The other games' calculators as JSON in, JSON out: the registry the CLI and pages share.

``quartermaster calc <game> <calculation> INPUT.json`` and the game pages both call
``calculate(game_id, calculation, data)``. Each game's module here (``combined_arms``, ...)
validates the request with pydantic, calls its domain package under ``ledger/games/`` and returns
the result as JSON-ready data. Every result carries:

- ``game`` and ``calculation`` (added here);
- ``summary``: lines a player reads first;
- ``figures``: the working, each ``{"name", "value", "case", "note"}``;
- ``odds``: every exact distribution, ``{name: {result: "p/q"}}``, each summing to 1;
- the game's own keys (column, shifts, results, ...).

Bad input raises ``RequestError`` (``ledger.io.combat_request``) listing every problem as a
``LedgerError`` with the field path, the value found and the rule case.
"""

from __future__ import annotations

import importlib
import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Final, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from ledger.charts.ruling import Ruling
from ledger.io.combat_request import RequestError
from ledger.io.combat_request import parse_json as parse_request_json
from ledger.model.errors import LedgerError

GAME_MODULES: Final = {
    "combined-arms": "ledger.io.games.combined_arms",
    "htr": "ledger.io.games.highway_to_the_reich",
    "bfna": "ledger.io.games.battles_for_north_africa",
    "miniatures": "ledger.io.games.miniatures",
}
"""Game id (as the CLI takes it) → the module defining its ``GAME``."""

Model = TypeVar("Model", bound=BaseModel)


class Request(BaseModel):
    """Base of every game request model: unknown fields are refused, values are frozen."""

    model_config = ConfigDict(extra="forbid", frozen=True)


@dataclass(frozen=True)
class Calculation:
    """One calculator of a game: ``name`` (CLI word, ``"combat"``), a one-line ``summary``, the
    rule ``case`` it works, ``run`` and ``example``, the file name of its runnable example in
    ``docs/examples/<game>/``.

    ``run(data, base)`` takes the parsed JSON and the folder that file names in the request
    (a CRT CSV, a hex grid) are relative to, and returns the result JSON; it raises
    ``RequestError``."""

    name: str
    summary: str
    case: str
    run: Callable[[Any, Path], dict[str, Any]]
    example: str


@dataclass(frozen=True)
class GameCalculators:
    """A game's calculators: ``id`` (``"combined-arms"``), ``title`` (with its publisher and year:
    the printed game they follow), ``doc`` (its page in ``docs/games/``), ``calculations`` and
    ``rulings`` (each a named choice a request may make in ``"rulings"``)."""

    id: str
    title: str
    doc: str
    calculations: tuple[Calculation, ...]
    rulings: tuple[Ruling, ...] = field(default=())

    def calculation(self, name: str) -> Calculation:
        """The calculation called ``name``; ``RequestError`` listing the game's others."""
        for calc in self.calculations:
            if calc.name == name:
                return calc
        known = ", ".join(c.name for c in self.calculations)
        raise RequestError(
            [LedgerError("CALCULATION", f"{self.title} has no {name!r}; it has {known}")]
        )


@cache
def _load(game_id: str) -> GameCalculators:
    game_ = importlib.import_module(GAME_MODULES[game_id]).GAME
    assert isinstance(game_, GameCalculators) and game_.id == game_id, game_id
    return game_


def games() -> dict[str, GameCalculators]:
    """Every game's calculators by id, in ``GAME_MODULES`` order (each module imported once)."""
    return {game_id: _load(game_id) for game_id in GAME_MODULES}


def game(game_id: str) -> GameCalculators:
    """The calculators of ``game_id`` (only its module is imported); ``RequestError`` listing
    the known games otherwise."""
    if game_id not in GAME_MODULES:
        known = ", ".join(GAME_MODULES)
        raise RequestError([LedgerError("GAME", f"no game {game_id!r}; games: {known}")])
    return _load(game_id)


def calculate(game_id: str, name: str, data: Any, base: Path | None = None) -> dict[str, Any]:
    """Run calculation ``name`` of game ``game_id`` on the parsed JSON ``data``: the result
    JSON with ``game`` and ``calculation`` first. File names in the request are relative to
    ``base`` (the request file's folder; the current folder by default). Raises
    ``RequestError``."""
    calc = game(game_id).calculation(name)
    result = calc.run(data, base if base is not None else Path.cwd())
    return {"game": game_id, "calculation": name, **result}


def parse_json(text: str) -> Any:
    """JSON text as data; ``RequestError`` naming ``INPUT`` when it is not JSON, is over 1 MiB,
    holds an integer literal of more than 18 digits or nests deeper than 32 levels
    (``ledger.io.combat_request.parse_json``)."""
    return parse_request_json(text)


def validated(model: type[Model], data: Any, cases: Mapping[str, str]) -> Model:
    """``data`` as ``model``; on failure ``RequestError`` with one ``LedgerError`` per problem:
    the field path (``units[1].strength``), pydantic's message with the value found, and the case
    of the nearest field named in ``cases`` (field name → rule case)."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise RequestError(validation_errors(exc, cases)) from exc


def validation_errors(exc: ValidationError, cases: Mapping[str, str]) -> list[LedgerError]:
    """pydantic's errors as ``LedgerError``s (see ``validated``). A domain check run inside a
    model (a validator's ``ValueError``) keeps its own message and the case it names
    (``case_in``), without pydantic's "Value error," prefix."""
    found = []
    for err in exc.errors():
        loc = tuple(err["loc"])
        message = err["msg"]
        case = next((cases[p] for p in reversed(loc) if isinstance(p, str) and p in cases), "")
        if err["type"] == "value_error" and "error" in err.get("ctx", {}):
            message = str(err["ctx"]["error"])
            case = case_in(message) or case
        elif err["type"] != "missing":
            message += f"; found {_shown(err.get('input'))}"
        found.append(LedgerError(field_path(loc) or "request", message, case))
    return found


def field_path(loc: Sequence[int | str]) -> str:
    """A pydantic location as a field path: ``("units", 1, "strength")`` → ``units[1].strength``."""
    text = ""
    for part in loc:
        text += f"[{part}]" if isinstance(part, int) else f".{part}" if text else str(part)
    return text


_CASE = re.compile(r"\(([0-9]+\.[0-9]+[a-z]?)[^()]*\)")


def case_in(message: str) -> str:
    """The rule case a domain message names: its last parenthesised case number ("... (8.3)"
    → "8.3"), or a closing "(Section ¶n)" for texts whose cases are paragraphs ("... (Combat
    Phase ¶5)" → "Combat Phase ¶5", Battles for North Africa); "" when it names none."""
    if message.endswith(")") and "(" in message:
        inside = message[message.rindex("(") + 1 : -1]
        if "¶" in inside:
            return inside
    cases = _CASE.findall(message)
    return cases[-1] if cases else ""


def domain_error(field_name: str, exc: Exception) -> RequestError:
    """A domain ``ValueError``/``KeyError`` as a ``RequestError`` at ``field_name``, its case
    the one the message names (``case_in``)."""
    text = str(exc.args[0]) if isinstance(exc, KeyError) and exc.args else str(exc)
    return RequestError([LedgerError(field_name, text, case_in(text))])


def chosen_rulings(rulings: Sequence[Ruling], given: Mapping[str, str] | None) -> dict[str, str]:
    """Each ruling's option: the request's choice (``"rulings": {id: option}``) or the default.
    ``RequestError`` naming ``rulings.<id>`` for an unknown ruling or option."""
    by_id = {r.id: r for r in rulings}
    errors = []
    chosen = {r.id: r.default for r in rulings}
    for ruling_id, option in (given or {}).items():
        ruling = by_id.get(ruling_id)
        if ruling is None:
            known = ", ".join(by_id) or "none"
            errors.append(LedgerError(f"rulings.{ruling_id}", f"no such ruling; rulings: {known}"))
        elif option not in ruling.options:
            errors.append(
                LedgerError(
                    f"rulings.{ruling_id}",
                    f"{option!r} is not an option; options: {', '.join(ruling.options)}",
                    ruling.case,
                )
            )
        else:
            chosen[ruling_id] = option
    if errors:
        raise RequestError(errors)
    return chosen


def _shown(value: object) -> str:
    text = repr(value) if isinstance(value, str) else json.dumps(value, default=str)
    return text if len(text) <= 80 else text[:77] + "..."
