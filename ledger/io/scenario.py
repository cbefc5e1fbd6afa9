"""Read and validate a scenario file (docs/scenario-format.md) into a ``Setup``.

All or nothing: a file with any error yields every error as ``file:line: message`` and no
``Setup``. Checks: the file's size before it is read (``SCENARIO_MAX_BYTES``), UTF-8, TOML
syntax, nesting depth and integers no figure comes near (``ledger.io.files``), field types,
unknown keys and the game's bounds on every figure (``scenario_models``, ``ledger.model.bounds``:
Cohesion -26..+10, Game-Turn 1..111, supply and TOE points, non-empty ids), duplicate ids, unknown classes, weapon systems, parents and attachments, rulings whose default
is not an option, dumps whose site contradicts their location or whose stock is over their
54.12 capacity or of a commodity that never runs out there (8.48, 8.87); and the campaign
tables (withdrawals naming units of the file and of their side, victory points, Weather Table
rows covering 11..66 and the scenario's Game-Turns, Initiative Ratings: ``scenario_schedule``),
built into ``Setup.schedule``. ``[scenario].hours`` becomes ``ScenarioInfo.hours``.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any, Final, Literal, TypeVar

from pydantic import BaseModel, ValidationError

from ledger.charts.ruling import Ruling
from ledger.io.files import (
    SCENARIO_MAX_BYTES,
    FileRefused,
    dotted,
    parse_toml,
    read_text,
    tree_problems,
)
from ledger.io.scenario_effects import build_effects, effect_problems, option_problems
from ledger.io.scenario_models import (
    FIELD_CASES,
    MAX_ERRORS,
    MAX_RECORDS,
    ClassIn,
    DumpIn,
    ScenarioFile,
    TimeIn,
    TrucksIn,
    UnitIn,
    WeaponIn,
)
from ledger.io.scenario_schedule import build_schedule, schedule_problems
from ledger.model.clock import GameTime
from ledger.model.dumps import OASIS_RULING, default_site, setup_problems
from ledger.model.errors import LedgerError
from ledger.model.holdings import Dump, TruckGroup
from ledger.model.rulings import RULINGS
from ledger.model.scenario import ScenarioInfo, Setup
from ledger.model.units import TOEHolding, Unit, UnitClass, WeaponSystem

T = TypeVar("T")

SCENARIO_DIR: Final = Path(__file__).resolve().parents[2] / "scenarios"
"""Where the bundled scenario files live (``scenarios/`` beside the ``ledger`` package)."""


class ScenarioError(Exception):
    """A scenario file was refused; ``errors`` lists every problem with its file and line."""

    def __init__(self, errors: Sequence[LedgerError]) -> None:
        super().__init__("\n".join(str(e) for e in errors))
        self.errors = tuple(errors)


def bundled_scenarios() -> dict[str, Path]:
    """The scenario files shipped in ``scenarios/``, by id (file stem): ``{"graziani": …}``."""
    return {p.stem: p for p in sorted(SCENARIO_DIR.glob("*.toml"))}


def resolve(name_or_path: str) -> Path:
    """A bundled scenario's id (``graziani``) or a path to a ``.toml`` file, as a path.

    Raises ``ScenarioError`` when neither exists.
    """
    bundled = bundled_scenarios()
    if name_or_path in bundled:
        return bundled[name_or_path]
    path = Path(name_or_path)
    if path.is_file():
        return path
    known = ", ".join(bundled) or "none"
    raise ScenarioError(
        [
            LedgerError(
                "--scenario", f"no bundled scenario or file {name_or_path!r} (bundled: {known})"
            )
        ]
    )


def load_scenario(path: Path) -> Setup:
    """Read and check scenario file ``path``. Raises ``ScenarioError`` with every problem.

    A file over ``SCENARIO_MAX_BYTES`` is refused from its size, before it is read."""
    try:
        text = read_text(path, "file", SCENARIO_MAX_BYTES)
        raw = parse_toml(text, "toml", path.name)
    except FileRefused as exc:
        raise ScenarioError(exc.errors) from exc
    locator = _Locator(path.name, text)
    odd = [_error(loc, m, locator) for loc, m in tree_problems(raw)]
    odd += [
        _error((table, MAX_RECORDS), f"{len(rows):,} records; at most {MAX_RECORDS:,} are read")
        for table, rows in raw.items()
        if isinstance(rows, list) and len(rows) > MAX_RECORDS
    ]
    if odd:
        raise ScenarioError(_capped(odd))
    try:
        model = ScenarioFile.model_validate(raw)
    except ValidationError as exc:
        raise ScenarioError(
            _capped(
                [_error(e["loc"], _message(e), locator) for e in exc.errors()[:MAX_ERRORS]],
                exc.error_count(),
            )
        ) from exc
    errors = list(_cross_check(model, locator))
    if errors:
        raise ScenarioError(errors)
    setup = _build(model)
    errors = list(option_problems(model, setup, _err(locator)))
    if errors:
        raise ScenarioError(_capped(errors))
    return setup


def _error(loc: Sequence[str | int], message: str, locator: _Locator | None = None) -> LedgerError:
    """A problem at ``loc`` with the case bounding its field (``FIELD_CASES``)."""
    loc = [p for i, p in enumerate(loc) if not (i and loc[i - 1] == "arrival" and p in _TAGS)]
    case = next(
        (FIELD_CASES[p] for p in reversed(loc) if isinstance(p, str) and p in FIELD_CASES), ""
    )
    where = locator.find(loc) if locator is not None else ""
    return LedgerError(_dotted(loc), message, case, where)


_TAGS: Final = ("start", "time")
"""The tags of ``arrival``'s two forms, left out of an error's place."""


def _capped(errors: list[LedgerError], count: int | None = None) -> list[LedgerError]:
    """The first ``MAX_ERRORS`` problems, and a line counting the rest."""
    total = len(errors) if count is None else count
    if total <= MAX_ERRORS:
        return errors
    rest = LedgerError("file", f"and {total - MAX_ERRORS:,} more problems")
    return [*errors[:MAX_ERRORS], rest]


def _message(err: Any) -> str:
    found = err.get("input")
    shown = "" if isinstance(found, dict | list) else f", found {found!r}"
    return f"{err['msg']}{shown}"


def _dotted(loc: Iterable[str | int]) -> str:
    return dotted(tuple(loc))


class _Locator:
    """Maps a location in the parsed file (``("unit", 12, "toe")``) to ``file:line``."""

    def __init__(self, filename: str, text: str) -> None:
        self.filename = filename
        self.lines = text.splitlines()
        self.headers: dict[str, list[int]] = {}
        for number, line in enumerate(self.lines, start=1):
            match = re.match(r"^\s*\[\[?\s*([A-Za-z_]+(\.[A-Za-z_]+)?)\s*\]\]?\s*(#.*)?$", line)
            if match:
                self.headers.setdefault(match[1], []).append(number)

    def find(self, loc: Sequence[str | int]) -> str:
        line = self._line(loc)
        return f"{self.filename}:{line}"

    def _line(self, loc: Sequence[str | int]) -> int:
        if not loc or not isinstance(loc[0], str) or loc[0] not in self.headers:
            return 1
        starts = self.headers[loc[0]]
        index = loc[1] if len(loc) > 1 and isinstance(loc[1], int) else 0
        if index >= len(starts):
            return starts[-1]
        start = starts[index]
        sub = f"{loc[0]}.{loc[2]}" if len(loc) > 3 and isinstance(loc[3], int) else ""
        if sub in self.headers:  # a nested table: ("ruling", 3, "effect", 1, "set")
            end = starts[index + 1] if index + 1 < len(starts) else len(self.lines) + 1
            inner = [n for n in self.headers[sub] if start < n < end]
            if loc[3] < len(inner):  # type: ignore[operator]
                start, loc = inner[loc[3]], loc[3:]  # type: ignore[index]
        key = next((p for p in loc[1:] if isinstance(p, str)), None)
        if key is None:
            return start
        for number in range(start, len(self.lines)):
            text = self.lines[number]
            if re.match(r"^\s*\[", text):
                break
            if re.match(rf"^\s*{re.escape(key)}\s*=", text):
                return number + 1
        return start


def _cross_check(model: ScenarioFile, where: _Locator) -> Iterable[LedgerError]:
    def err(loc: tuple[str | int, ...], message: str, case: str = "") -> LedgerError:
        return LedgerError(_dotted(loc), message, case, where.find(loc))

    catalogue: tuple[tuple[str, Sequence[WeaponIn | ClassIn]], ...] = (
        ("weapon", model.weapon),
        ("class", model.class_),
    )
    for table, records in catalogue:
        seen: set[str] = set()
        for i, rec in enumerate(records):
            if rec.id in seen:
                yield err((table, i, "id"), f"duplicate id {rec.id!r}")
            seen.add(rec.id)
    holders: dict[str, str] = {}
    tables: tuple[tuple[str, Sequence[UnitIn | DumpIn | TrucksIn]], ...] = (
        ("unit", model.unit),
        ("dump", model.dump),
        ("trucks", model.trucks),
    )
    for table, items in tables:
        for i, item in enumerate(items):
            if item.id in holders:
                yield err(
                    (table, i, "id"), f"duplicate id {item.id!r} (already a {holders[item.id]})"
                )
            holders[item.id] = table
    classes = {c.id for c in model.class_}
    weapons = {w.id for w in model.weapon}
    units = {u.id: u for u in model.unit}
    for i, unit in enumerate(model.unit):
        if unit.class_ not in classes:
            yield err(("unit", i, "class"), f"unknown class {unit.class_!r}", "4.46")
        for j, holding in enumerate(unit.toe):
            if holding.system not in weapons and holding.system not in classes:
                yield err(
                    ("unit", i, "toe", j, "system"),
                    f"{holding.system!r} is neither a weapon system nor a unit class of this file",
                    "4.47",
                )
        for key in ("parent", "attached_to"):
            other = getattr(unit, key)
            if other is not None and other not in units:
                yield err(("unit", i, key), f"unknown {key.replace('_', ' ')} {other!r}", "19.x")
            elif other == unit.id:
                yield err(("unit", i, key), f"a unit cannot be its own {key.replace('_', ' ')}")
    for i, group in enumerate(model.trucks):
        if group.attached_to is not None and group.attached_to not in units:
            yield err(("trucks", i, "attached_to"), f"unknown unit {group.attached_to!r}", "8.96")
    for i, ruling in enumerate(model.ruling):
        if ruling.default not in ruling.options:
            yield err(("ruling", i, "default"), f"{ruling.default!r} is not one of the options")
    yield from effect_problems(model, err)
    if model.scenario.end.value() < model.scenario.start.value():
        yield err(("scenario", "end"), "the scenario ends before it starts")
    yield from _dump_sites(model, err)
    yield from _parent_cycles(model, err)
    yield from schedule_problems(model, err)


def _err(where: _Locator) -> Callable[[tuple[str | int, ...], str, str], LedgerError]:
    """Makes the error of a location of the file: ``(loc, message, case)``."""

    def err(loc: tuple[str | int, ...], message: str, case: str = "") -> LedgerError:
        return LedgerError(_dotted(loc), message, case, where.find(loc))

    return err


def _dump_sites(model: ScenarioFile, err: Any) -> Iterable[LedgerError]:
    """54.12, 8.48, 8.88: each dump's site fits its location and its stock fits its capacity
    (an oasis held to the default of ruling ``54.12-oasis-capacity``)."""
    oasis = next(r.default for r in RULINGS if r.id == OASIS_RULING)
    for i, row in enumerate(model.dump):
        for key, message, case in setup_problems(_dump(row), oasis):
            yield err(("dump", i, key), f"dump {row.id!r}: {message}", case)


def _dump(row: DumpIn) -> Dump:
    site = row.site or default_site(row.location)
    return _copy(Dump, row, supplies=row.value(), site=site)


def _parent_cycles(model: ScenarioFile, err: Any) -> Iterable[LedgerError]:
    parents = {u.id: u.parent for u in model.unit}
    for i, unit in enumerate(model.unit):
        seen = {unit.id}
        current = parents.get(unit.id)
        while current is not None and current in parents:
            if current in seen:
                yield err(
                    ("unit", i, "parent"), f"parent chain of {unit.id!r} loops back on itself"
                )
                break
            seen.add(current)
            current = parents[current]


def _time(value: Literal["start"] | TimeIn) -> GameTime | None:
    return None if isinstance(value, str) else value.value()


def _copy(target: Callable[..., T], model: BaseModel, **overrides: Any) -> T:
    """``target`` built from the model's fields of the same names, then ``overrides``."""
    names = {f.name for f in dataclasses.fields(target)}  # type: ignore[arg-type]
    values = {name: value for name, value in model if name in names}
    return target(**{**values, **overrides})


def _build(model: ScenarioFile) -> Setup:
    s = model.scenario
    return Setup(
        info=_copy(
            ScenarioInfo, s, start=s.start.value(), end=s.end.value(), missing=tuple(s.missing)
        ),
        weapons=tuple(_copy(WeaponSystem, w, ratings=w.ratings()) for w in model.weapon),
        classes=tuple(_copy(UnitClass, c, ratings=c.ratings()) for c in model.class_),
        units=tuple(
            _copy(
                Unit,
                u,
                class_id=u.class_,
                toe=tuple(TOEHolding(h.system, h.points, tuple(h.flags)) for h in u.toe),
                arrival=_time(u.arrival),
                cohesion=Fraction(u.cohesion),
                supplies=u.supplies.value(),
            )
            for u in model.unit
        ),
        dumps=tuple(_dump(d) for d in model.dump),
        trucks=tuple(
            _copy(TruckGroup, t, cargo=t.cargo.value(), arrival=_time(t.arrival))
            for t in model.trucks
        ),
        rulings=tuple(_copy(Ruling, r, options=tuple(r.options)) for r in model.ruling),
        schedule=build_schedule(model),
        ruling_effects=build_effects(model),
    )
