"""A scenario's rulings as a game chooses them: the set-up with the chosen options' effects.

A scenario file's ruling may carry, for its options other than the default, effects on its
records (``[[ruling.effect]]``, docs/scenario-format.md): a unit's class, parent, location,
training, TOE ..., a dump's or truck group's place, a victory place's hexes, or a record left
out of the game. ``with_ruling_choices`` applies the chosen ones to a ``Setup`` (pure), and
``create_game`` (``ledger.journal.session``) writes the result into ``GameStarted``: the
journal carries the set-up as played.

A non-default option of a scenario's own ruling (not one of the ledger's, which its code
reads) that has no effect is not in the ledger's data: choosing it is refused
(``unexpressed_choices``) rather than accepted with nothing changed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any

from ledger.model.dumps import default_site
from ledger.model.errors import LedgerError
from ledger.model.rulings import RULINGS
from ledger.model.scenario import RulingEffect, Setup

NOT_IN_DATA = "option {option!r} of ruling {ruling} is not in the ledger's data: edit a copy of the scenario file"
"""The refusal of an option no effect expresses (docs/rulings.md)."""


def chosen_effects(setup: Setup, choices: Mapping[str, str]) -> list[RulingEffect]:
    """The effects of ``setup`` that ``choices`` (ruling id -> option) select, in file order."""
    return [e for e in setup.ruling_effects if choices.get(e.ruling) == e.option]


def unexpressed_options(setup: Setup) -> dict[str, tuple[str, ...]]:
    """The options of ``setup``'s own rulings that its data does not express, by ruling id
    (those ``unexpressed_choices`` refuses): for a form to mark them before a game is made.
    ``{"60.23-1st-hampshire": ("withdraw-gt19",), ...}``; rulings with none are left out."""
    every = {r.id: tuple(r.options) for r in setup.rulings}
    found = {
        ruling: tuple(o for o in options if unexpressed_choices(setup, {ruling: o}))
        for ruling, options in every.items()
    }
    return {ruling: options for ruling, options in found.items() if options}


def unexpressed_choices(setup: Setup, choices: Mapping[str, str]) -> list[LedgerError]:
    """A refusal for each choice of a non-default option of one of the scenario's own rulings
    that no effect of the file expresses (``NOT_IN_DATA``). The ledger's own rulings
    (``ledger.model.rulings.RULINGS``) are read by its code and never refused here."""
    coded = {r.id for r in RULINGS}
    expressed = {(e.ruling, e.option) for e in setup.ruling_effects}
    errors = []
    for ruling in setup.rulings:
        option = choices.get(ruling.id)
        if (
            option is None
            or option == ruling.default
            or ruling.id in coded
            or (ruling.id, option) in expressed
        ):
            continue
        errors.append(
            LedgerError(
                "--ruling", NOT_IN_DATA.format(option=option, ruling=ruling.id), ruling.case
            )
        )
    return errors


def with_ruling_choices(setup: Setup, choices: Mapping[str, str]) -> Setup:
    """``setup`` with the effects of the chosen options applied, and no effects left (pure).

    An omitted unit also leaves the withdrawals that name it (a withdrawal left with no
    counter is dropped) and is no longer any unit's parent or attachment nor any truck
    group's (19.x, 8.96). Changes are applied in file order, after the omissions."""
    effects = chosen_effects(setup, choices)
    gone = {(e.table, e.record) for e in effects if e.omit}
    changes: dict[tuple[str, str], dict[str, Any]] = {}
    for effect in effects:
        if not effect.omit:
            changes.setdefault((effect.table, effect.record), {}).update(effect.changes)
    units_gone = {record for table, record in gone if table == "unit"}

    def patched(table: str, records: Iterable[Any]) -> tuple[Any, ...]:
        out = []
        for record in records:
            if (table, record.id) in gone:
                continue
            update = dict(changes.get((table, record.id), {}))
            for key in ("parent", "attached_to"):
                if getattr(record, key, None) in units_gone and key not in update:
                    update[key] = None
            if table == "dump" and "location" in update and "site" not in update:
                update["site"] = default_site(update["location"])
            out.append(dataclasses.replace(record, **update) if update else record)
        return tuple(out)

    schedule = setup.schedule
    withdrawals = tuple(
        dataclasses.replace(w, units=tuple(u for u in w.units if u not in units_gone))
        for w in schedule.withdrawals
        if any(u not in units_gone for u in w.units)
    )
    return dataclasses.replace(
        setup,
        units=patched("unit", setup.units),
        dumps=patched("dump", setup.dumps),
        trucks=patched("trucks", setup.trucks),
        schedule=dataclasses.replace(
            schedule, withdrawals=withdrawals, victory=patched("victory", schedule.victory)
        ),
        ruling_effects=(),
    )


def setup_problems(setup: Setup) -> list[str]:
    """What no longer holds together in ``setup`` (a set-up with rulings applied): each unit's
    class (4.46) and TOE weapon systems (4.47) are of the file, its parent and attachment are
    units (19.x) and its parent chain does not loop, each truck group's attachment is a unit
    (8.96), each withdrawal names units of the set-up (20.8). Empty when all hold."""
    classes = {c.id for c in setup.classes}
    systems = classes | {w.id for w in setup.weapons}
    units = {u.id: u for u in setup.units}
    problems = []
    for unit in setup.units:
        if unit.class_id not in classes:
            problems.append(f"{unit.id}: unknown class {unit.class_id!r} (4.46)")
        problems += [
            f"{unit.id}: TOE system {h.system!r} is neither a weapon system nor a class (4.47)"
            for h in unit.toe
            if h.system not in systems
        ]
        for key in ("parent", "attached_to"):
            other = getattr(unit, key)
            if other is not None and (other not in units or other == unit.id):
                problems.append(f"{unit.id}: {key.replace('_', ' ')} {other!r} is not a unit")
        seen, current = {unit.id}, unit.parent
        while current is not None and current in units:
            if current in seen:
                problems.append(f"{unit.id}: parent chain loops back on itself")
                break
            seen.add(current)
            current = units[current].parent
    problems += [
        f"truck group {t.id}: attached to {t.attached_to!r}, not a unit (8.96)"
        for t in setup.trucks
        if t.attached_to is not None and t.attached_to not in units
    ]
    problems += [
        f"withdrawal {w.id}: {uid!r} is not a unit (20.8)"
        for w in setup.schedule.withdrawals
        for uid in w.units
        if uid not in units
    ]
    return problems
