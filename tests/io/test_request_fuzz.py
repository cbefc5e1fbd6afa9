"""Fuzzing every kind of request (issue 15): each example request of docs/examples, with one
value anywhere in it replaced by something hostile or removed, ends in a clean refusal or a
result through ``quartermaster calc``, never a traceback."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledger.cli import main

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
CASES = [
    ("cna", "barrage", "combat/12.33-barrage.json"),
    ("cna", "anti-armor", "combat/14.43-anti-armor.json"),
    ("cna", "close-assault", "combat/15.51-close-assault.json"),
    ("cna", "probe", "combat/probe.json"),
    ("combined-arms", "combat", "combined-arms/combat.json"),
    ("combined-arms", "air-strike", "combined-arms/air-strike.json"),
    ("combined-arms", "overrun", "combined-arms/overrun.json"),
    ("combined-arms", "disruption", "combined-arms/disruption.json"),
    ("htr", "close-action", "htr/close-action.json"),
    ("htr", "recovery", "htr/recovery.json"),
    ("htr", "weather", "htr/weather.json"),
    ("htr", "air-landing", "htr/air-landing.json"),
    ("bfna", "combat", "bfna/combat-fictional-crt.json"),
    ("bfna", "supply", "bfna/supply.json"),
    ("miniatures", "command-test", "miniatures/command-test.json"),
    ("miniatures", "towing", "miniatures/towing.json"),
]
HOSTILE: list[Any] = [
    None, -1, 0, 10**30, -(10**30), 1.5, float("1e308"), "", " ", "x" * 1000, [], {}, True,
    "nan", "**bold** $x$", [[[[[[1]]]]]],
]  # fmt: skip
REMOVED = object()


def _paths(value: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a parsed JSON value (the root included)."""
    found = [here]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*here, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += _paths(item, (*here, i))
    return found


def _replaced(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return None if new is REMOVED else new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        copy = dict(value)
        if not rest and new is REMOVED:
            del copy[head]
        else:
            copy[head] = _replaced(value[head], rest, new)
        return copy
    copy_list = list(value)
    if not rest and new is REMOVED:
        del copy_list[head]
    else:
        copy_list[head] = _replaced(value[head], rest, new)
    return copy_list


def _calc(game: str, calculation: str, path: Path) -> tuple[int, str]:
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        try:
            status = main(["calc", game, calculation, str(path), "--json"])
        except SystemExit as exit_:
            status = exit_.code if isinstance(exit_.code, int) else 2
    return status, err.getvalue()


@pytest.mark.parametrize(("game", "calculation", "example"), CASES)
def test_every_example_works_as_given(game: str, calculation: str, example: str) -> None:
    """The fuzz below starts from requests that work."""
    assert _calc(game, calculation, EXAMPLES / example) == (0, "")


@settings(
    max_examples=160,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_a_request_with_one_hostile_value_is_refused_cleanly(
    tmp_path: Path, data: st.DataObject
) -> None:
    game, calculation, example = data.draw(st.sampled_from(CASES))
    request = json.loads((EXAMPLES / example).read_text(encoding="utf-8"))
    path = data.draw(st.sampled_from(_paths(request)))
    new = data.draw(st.sampled_from([*HOSTILE, REMOVED]))
    mutated = tmp_path / Path(example).name
    mutated.write_text(json.dumps(_replaced(request, path, new)), encoding="utf-8")
    status, err = _calc(game, calculation, mutated)
    assert status in (0, 1, 2), (example, path, new, err)
    assert "Traceback" not in err, (example, path, new, err)
    if status:
        assert err.startswith("error:"), (example, path, new, err)
