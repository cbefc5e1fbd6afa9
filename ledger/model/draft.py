"""A state being folded: mutable working copies, frozen once.

Applying an event used to copy the 34-field ``Unit`` it touched, the 800-entry units map and the
``GameState`` itself, for every event (issue 14: three quarters of a replay's time). A ``Draft``
instead keeps, for each unit, dump or truck group an event changes, its fields in a plain dict
that the following events change in place; ``freeze`` builds each changed object once and the
new ``GameState`` once. Readers only ever see frozen states: a draft lives inside
``ledger.model.apply`` for one ``apply`` or one ``fold``.
"""

from __future__ import annotations

import dataclasses
import operator
from collections.abc import Callable, Iterator, Mapping
from functools import cache
from typing import Any, Generic, TypeVar

from ledger.model.holdings import Dump, Requisition, TruckGroup
from ledger.model.state import GameState
from ledger.model.units import Unit

T = TypeVar("T")


@cache
def _field_reader(cls: type) -> tuple[tuple[str, ...], Callable[[Any], tuple[Any, ...]]]:
    """The field names of dataclass ``cls`` and a reader of all their values at once."""
    names = tuple(f.name for f in dataclasses.fields(cls))
    return names, operator.attrgetter(*names)


class Table(Generic[T]):
    """One map of a state (units, dumps or truck groups, by id) while it is folded.

    ``fields(key)`` gives the object's fields as a dict to change in place (made on first
    use); ``value`` reads one field whether changed or not; ``frozen`` is the map again, each
    changed object built once. The map itself is copied only when it changes.
    """

    __slots__ = ("_changed", "_objects", "_owned")

    def __init__(self, objects: Mapping[str, T]) -> None:
        self._objects = objects
        self._owned = False
        self._changed: dict[str, dict[str, Any]] = {}

    def __contains__(self, key: str) -> bool:
        return key in self._objects

    def original(self, key: str) -> T:
        """The object as the map held it before this draft changed its fields (for what
        never changes in a fold: a dump's site, a unit's id). Raises ``KeyError``."""
        return self._objects[key]

    def fields(self, key: str) -> dict[str, Any]:
        """The fields of object ``key``, to change in place. Raises ``KeyError``."""
        found = self._changed.get(key)
        if found is None:
            obj = self._objects[key]
            names, read = _field_reader(type(obj))  # type: ignore[arg-type]
            found = self._changed[key] = dict(zip(names, read(obj), strict=True))
        return found

    def value(self, key: str, name: str) -> Any:
        """Field ``name`` of object ``key`` as it stands in the draft."""
        found = self._changed.get(key)
        return found[name] if found is not None else getattr(self._objects[key], name)

    def __iter__(self) -> Iterator[str]:
        """The ids in the map (a copy: the map may change while they are gone through)."""
        return iter(list(self._objects))

    def put(self, key: str, obj: T) -> None:
        """Add (or replace) a whole object."""
        self._own()[key] = obj
        self._changed.pop(key, None)

    def remove(self, key: str) -> None:
        """Take object ``key`` out of the map. Raises ``KeyError``."""
        del self._own()[key]
        self._changed.pop(key, None)

    def _own(self) -> dict[str, T]:
        if not self._owned:
            self._objects = dict(self._objects)
            self._owned = True
        assert isinstance(self._objects, dict)
        return self._objects

    def frozen(self) -> Mapping[str, T]:
        """The map with every changed object built anew (the same map when nothing changed).
        A later change to the draft copies the map again, so the frozen one stays as it is."""
        if self._changed:
            objects = self._own()
            for key, changed in self._changed.items():
                objects[key] = type(objects[key])(**changed)
            self._changed = {}
        self._owned = False
        return self._objects


class Draft:
    """A ``GameState`` open for change: ``units``, ``dumps`` and ``trucks`` as ``Table``s, the
    requisitions, prisoners, plots and scalar fields as plain attributes. ``freeze`` returns the new
    ``GameState``."""

    __slots__ = (
        "base",
        "captured_equipment",
        "clock",
        "dumps",
        "phase",
        "plots",
        "prisoners",
        "requisitions",
        "trucks",
        "units",
        "weather",
    )

    def __init__(self, state: GameState) -> None:
        self.base = state
        self.units: Table[Unit] = Table(state.units)
        self.dumps: Table[Dump] = Table(state.dumps)
        self.trucks: Table[TruckGroup] = Table(state.trucks)
        self.requisitions: Mapping[str, Requisition] = state.requisitions
        self.prisoners: Mapping[str, int] = state.prisoners
        self.captured_equipment = state.captured_equipment
        self.clock = state.clock
        self.phase = state.phase
        self.weather = state.weather
        self.plots = state.plots

    def freeze(self) -> GameState:
        """The state the draft has come to (frozen; the draft may go on changing after)."""
        state = dataclasses.replace(
            self.base,
            units=self.units.frozen(),
            dumps=self.dumps.frozen(),
            trucks=self.trucks.frozen(),
            requisitions=self.requisitions,
            prisoners=self.prisoners,
            captured_equipment=self.captured_equipment,
            clock=self.clock,
            phase=self.phase,
            weather=self.weather,
            plots=self.plots,
        )
        self.base = state
        return state
