"""Parent Formations: who is with whom, the formation's CPA, strength totals and Stacking Points.

A unit belongs, at a given moment, to the formation it is attached to, or else to the one it is
assigned to (19.x; 9.21: only units with the parent at the time are part of it). A formation's
tree is its HQ and every unit below it, nested parents resolved recursively.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ledger.model.holdings import TruckGroup
from ledger.model.state import GameState
from ledger.model.strength import SUMMED_RATINGS, actual_points, raw_points
from ledger.model.trucks import add_points
from ledger.model.units import Unit


@dataclass(frozen=True, slots=True)
class FormationNode:
    """A unit and the units with it (attached, or assigned and not attached elsewhere)."""

    unit: Unit
    children: tuple[FormationNode, ...]

    def walk(self) -> Iterator[Unit]:
        """This unit and every unit below it, depth first."""
        yield self.unit
        for child in self.children:
            yield from child.walk()


def current_parent(unit: Unit) -> str | None:
    """The Parent Formation a unit is with now: where it is attached, else where assigned
    unless detached (9.21); ``None`` for an independent unit."""
    if unit.attached_to is not None:
        return unit.attached_to
    return None if unit.detached else unit.parent


def formation_tree(state: GameState, hq_id: str) -> FormationNode:
    """The tree of units with ``hq_id`` (units in play only). Raises ``KeyError`` for an
    unknown id."""
    children_of: dict[str, list[Unit]] = {}
    for unit in state.units_in_play():
        parent = current_parent(unit)
        if parent is not None:
            children_of.setdefault(parent, []).append(unit)

    def build(unit: Unit, seen: frozenset[str]) -> FormationNode:
        kids = [k for k in children_of.get(unit.id, []) if k.id not in seen]
        return FormationNode(
            unit, tuple(build(k, seen | {k.id}) for k in sorted(kids, key=lambda u: u.id))
        )

    return build(state.units[hq_id], frozenset({hq_id}))


def formation_cpa(state: GameState, node: FormationNode) -> int | None:
    """6.15: a Parent Formation moves at the lowest CPA of its units (``None`` if none known).

    Example (6.15): the 7th Armoured Division moves at 10, the CPA of 1 KRRC without trucks.
    """
    known = [c for c in (state.cpa(u) for u in node.walk()) if c is not None]
    return min(known) if known else None


def formation_strengths(state: GameState, node: FormationNode) -> dict[str, int]:
    """Raw and Actual points of each summed rating for the whole formation (11.34, 11.36):
    ``{"raw_barrage": …, "actual_barrage": …, …}``; Raw points totalled before dividing."""
    units = list(node.walk())
    totals: dict[str, int] = {}
    for rating in SUMMED_RATINGS:
        raw = raw_points(units, rating, state.systems)
        totals[f"raw_{rating}"] = raw
        totals[f"actual_{rating}"] = actual_points(raw, rating)
    return totals


def is_combat_unit(state: GameState, unit: Unit) -> bool:
    """Not an HQ: a unit whose class is of a combat type (9.12 counts combat units of any type)."""
    return state.classes[unit.class_id].unit_type != "headquarters"


def formation_stacking_points(state: GameState, node: FormationNode) -> int:
    """9.12: an HQ's printed Stacking Points when it has combat units with it, else 0.

    A unit that is not an HQ has its printed value (0 when not given)."""
    printed = node.unit.stacking_points or 0
    if is_combat_unit(state, node.unit):
        return printed
    has_combat = any(is_combat_unit(state, u) for u in node.walk() if u is not node.unit)
    return printed if has_combat else 0


def formation_rows(
    state: GameState, node: FormationNode, depth: int = 0
) -> list[dict[str, object]]:
    """The tree as rows (depth-first): depth, counter, name, echelon, CPA, CP expended,
    Cohesion Level, TOE points, Stacking Points (9.12 for HQs), attached or assigned."""
    unit = node.unit
    rows: list[dict[str, object]] = [
        {
            "depth": depth,
            "id": unit.id,
            "counter": unit.counter,
            "name": unit.name,
            "echelon": unit.echelon,
            "with_parent_as": "attached"
            if unit.attached_to
            else ("assigned" if unit.parent else ""),
            "cpa": state.cpa(unit),
            "cp_expended": unit.cp_expended,
            "cohesion": unit.cohesion,
            "toe_points": unit.toe_points,
            "stacking_points": formation_stacking_points(state, node),
        }
    ]
    for child in node.children:
        rows += formation_rows(state, child, depth + 1)
    return rows


def highest_parent(state: GameState, unit_id: str) -> str:
    """The top of the chain of Parent Formations the unit is with now (the unit itself when it
    is with none). 8.96: trucks attached to any unit of the chain belong to this formation."""
    seen = {unit_id}
    current = unit_id
    while (parent := current_parent(state.units[current])) is not None and parent not in seen:
        seen.add(parent)
        current = parent
    return current


def in_tree(state: GameState, unit_id: str, top_id: str) -> bool:
    """True when ``unit_id`` is ``top_id`` or is with it, directly or through nested parents."""
    return any(u.id == unit_id for u in formation_tree(state, top_id).walk())


def formation_truck_groups(state: GameState, top_id: str) -> list[TruckGroup]:
    """The first-line truck groups attached to any unit with the formation ``top_id`` (8.96),
    in play, with truck points left."""
    members = {u.id for u in formation_tree(state, top_id).walk()}
    return [
        g
        for g in state.trucks.values()
        if g.attached_to in members and g.in_play(state.clock) and g.truck_points
    ]


def formation_truck_points(state: GameState, top_id: str) -> tuple[int, int, int]:
    """Light, medium and heavy first-line truck points the formation controls (8.96)."""
    return add_points(
        *((g.light, g.medium, g.heavy) for g in formation_truck_groups(state, top_id))
    )


def trucks_carrying_troops(state: GameState, top_id: str) -> tuple[int, int, int]:
    """Light, medium and heavy truck points of the formation now carrying its units (8.95)."""
    return add_points(*(u.carried_by for u in formation_tree(state, top_id).walk()))
