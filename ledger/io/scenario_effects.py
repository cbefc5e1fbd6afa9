"""The ``[[ruling.effect]]`` tables of a scenario file (docs/scenario-format.md, "Ruling
effects"): checked against the file and built into ``Setup.ruling_effects``.

Checks (each error names its effect, as ``file:line``): the option is one of the ruling's and
not its default (the default is the data itself); the effect names exactly one record, of the
file; it either sets fields or omits the record, and sets only the fields ``EFFECT_FIELDS``
allows that kind of record; and each option, applied alone to the built set-up
(``ledger.model.scenario_rulings``), leaves it whole: classes, TOE systems, parents,
attachments and withdrawals still resolve.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import Any, Final

from ledger.io.scenario_models import EFFECT_FIELDS, EffectSetIn, RulingEffectIn, ScenarioFile
from ledger.model.errors import LedgerError
from ledger.model.scenario import EffectTable, RulingEffect, Setup
from ledger.model.scenario_rulings import setup_problems, with_ruling_choices
from ledger.model.units import TOEHolding

Err = Callable[[tuple[str | int, ...], str, str], LedgerError]
"""Makes the error of a location: ``(loc, message, case)``."""

TABLES: Final[tuple[EffectTable, ...]] = ("unit", "dump", "trucks", "victory")
"""The record kinds an effect may name, each by its table's key."""


def _target(effect: RulingEffectIn) -> list[tuple[EffectTable, str]]:
    return [(t, getattr(effect, t)) for t in TABLES if getattr(effect, t) is not None]


def _file_name(field: str) -> str:
    return "class" if field == "class_" else field


def effect_problems(model: ScenarioFile, err: Err) -> Iterable[LedgerError]:
    """Every problem of the effects of ``model``'s rulings that the file alone shows."""
    ids: dict[str, set[str]] = {
        "unit": {u.id for u in model.unit},
        "dump": {d.id for d in model.dump},
        "trucks": {t.id for t in model.trucks},
        "victory": {v.id for v in model.victory},
    }
    for i, ruling in enumerate(model.ruling):
        for j, effect in enumerate(ruling.effect):
            at: tuple[str | int, ...] = ("ruling", i, "effect", j)
            if effect.option not in ruling.options:
                yield err(
                    (*at, "option"),
                    f"ruling {ruling.id}: {effect.option!r} is not one of its options "
                    f"({', '.join(ruling.options)})",
                    ruling.case,
                )
            elif effect.option == ruling.default:
                yield err(
                    (*at, "option"),
                    f"ruling {ruling.id}: {effect.option!r} is its default, which the records "
                    "themselves are; an effect is for another option",
                    ruling.case,
                )
            target = _target(effect)
            if len(target) != 1:
                yield err(
                    at, "an effect names exactly one record: unit, dump, trucks or victory", ""
                )
                continue
            table, record = target[0]
            if record not in ids[table]:
                yield err((*at, table), f"no {table} {record!r} in this file", ruling.case)
            if effect.omit == (effect.set_ is not None):
                yield err(at, "an effect either sets fields (set = {...}) or omits the record", "")
            if effect.set_ is None:
                continue
            if not effect.set_.model_fields_set:
                yield err((*at, "set"), "sets no field", "")
            for field in sorted(effect.set_.model_fields_set):
                name = _file_name(field)
                if name not in EFFECT_FIELDS[table]:
                    yield err(
                        (*at, "set", name),
                        f"a ruling may not change {name!r} of a {table} record (it may change: "
                        f"{', '.join(EFFECT_FIELDS[table])})",
                        "",
                    )


def _value(field: str, value: Any) -> tuple[str, Any]:
    """A ``set`` field as the ledger's record names and types it."""
    if field == "class_":
        return "class_id", value
    if field in ("parent", "attached_to"):
        return field, value or None
    if field == "arrival":
        return field, None if isinstance(value, str) else value.value()
    if field == "toe":
        return field, tuple(TOEHolding(h.system, h.points, tuple(h.flags)) for h in value)
    if field == "cohesion":
        return field, Fraction(value)
    if field == "hexes":
        return field, tuple(value)
    return field, value


def _changes(values: EffectSetIn | None) -> tuple[tuple[str, Any], ...]:
    if values is None:
        return ()
    return tuple(_value(f, getattr(values, f)) for f in sorted(values.model_fields_set))


def build_effects(model: ScenarioFile) -> tuple[RulingEffect, ...]:
    """The ``RulingEffect``s of a checked file, in file order."""
    return tuple(
        RulingEffect(
            ruling=ruling.id,
            option=effect.option,
            table=_target(effect)[0][0],
            record=_target(effect)[0][1],
            omit=effect.omit,
            changes=_changes(effect.set_),
        )
        for ruling in model.ruling
        for effect in ruling.effect
    )


def option_problems(model: ScenarioFile, setup: Setup, err: Err) -> Iterable[LedgerError]:
    """Each option with effects, applied alone to ``setup``: what it leaves broken, at its
    first effect (``ledger.model.scenario_rulings.setup_problems``)."""
    if not setup.ruling_effects:
        return
    before = set(setup_problems(setup))
    for i, ruling in enumerate(model.ruling):
        first: dict[str, int] = {}
        for j, effect in enumerate(ruling.effect):
            first.setdefault(effect.option, j)
        for option, j in first.items():
            applied = with_ruling_choices(setup, {ruling.id: option})
            for problem in setup_problems(applied):
                if problem not in before:
                    yield err(
                        ("ruling", i, "effect", j),
                        f"ruling {ruling.id}, option {option!r}: {problem}",
                        ruling.case,
                    )
