"""The Field Commander's TOE Log Sheets (4.52): which form a Parent Formation is kept on, and
what each of its sections holds, as plain rows for ``ledger.io.toe_sheets``.

A sheet is kept per Parent Formation (a top-level HQ with units with it, 19.x). Its sections:
the HQ's own line; Maneuver Elements (the brigade-equivalents and their battalions, nested as
assigned); Divisional Assets (units assigned directly to a division, not under a brigade-eq
HQ); Augmentation (units attached, 19.x); the first-line Truck Points attached to any of its
units (8.96: they serve the highest parent); and notes. A unit assigned to the formation but not
with it now (detached or attached elsewhere, 9.21) keeps a line marked "detached" with no
strength, so its place in the organisation stays visible.

Each weapon system of a unit gets a line of its own (4.52): TOE Strength Points, the ratings as
printed (11.1) and the Raw points of that system (rating × TOE, 11.31). Raw points of the
formation are totalled before dividing (11.34); the sheet writer leaves that to formulas.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Final

from ledger.model.quantities import COMMODITIES
from ledger.model.state import GameState
from ledger.model.strength import SUMMED_RATINGS, raw_points
from ledger.model.units import RATINGS, Side, Unit
from ledger.reports.formations import supply_notes
from ledger.reports.player_text import printable_note, with_names
from ledger.rules.organization import (
    FormationNode,
    current_parent,
    formation_cpa,
    formation_stacking_points,
    formation_strengths,
    formation_tree,
)

Row = dict[str, Any]

VARIANTS: Final = ("brigade", "infantry-division", "armored-division", "german-division")
"""The TOE Log Sheet forms of 4.52, by the template name suffix (``templates/toe-<variant>``)."""

VARIANT_TITLES: Final = {
    "brigade": "Brigade TOE Log Sheet",
    "infantry-division": "Infantry Division TOE Log Sheet",
    "armored-division": "Armored Division TOE Log Sheet",
    "german-division": "German Division TOE Log Sheet",
}

DIVISION_ECHELONS: Final = frozenset({"division", "super_brigade", "corps", "army"})
"""Echelons kept on a division form: larger than a brigade-equivalent (9.22, 9.4)."""

KNOWN_ECHELONS: Final = DIVISION_ECHELONS | {"brigade", "regiment", "battalion", "company"}

DIVISION_STACKING_POINTS: Final = 3
"""9.4: a super-brigade prints 3 Stacking Points, a division 5, a brigade-equivalent 2."""

ARMORED_SHARE: Final = Fraction(1, 3)
"""A division whose assigned combat units are at least this share tanks is armored."""

SECTIONS: Final = ("headquarters", "maneuver", "assets", "augmentation")
"""The unit sections of a TOE Log Sheet, in the order the forms print them."""


@dataclass(frozen=True, slots=True)
class ToeLog:
    """One Parent Formation's TOE Log Sheet as rows.

    ``summary``: formation, counter, side, nationality, variant, counters (with it, HQ
    included), detached (count), formation_cpa (6.15, ``None`` if unknown), stacking_points
    (9.12), truck_points (8.96), max_assigned (OA limit or ``None``). ``sections`` maps each
    name of ``SECTIONS`` to its lines (see ``unit_lines``); ``trucks`` the attached truck groups
    (light/medium/heavy Truck Points, cargo in supply points); ``notes`` plain sentences;
    ``strengths`` the formation's Raw/Actual totals (``formation_strengths``, 11.34).
    """

    hq_id: str
    variant: str
    summary: Row
    sections: dict[str, list[Row]]
    trucks: list[Row]
    notes: list[str]
    strengths: dict[str, int]
    members: tuple[str, ...] = ()
    """Ids of the counters in play the sheet carries as with it (detached lines excluded)."""


# --- which form --------------------------------------------------------------------------------


def sheet_variant(state: GameState, hq_id: str) -> str:
    """The 4.52 form the formation of ``hq_id`` is kept on: one of ``VARIANTS``.

    - ``"brigade"`` for a brigade-equivalent or smaller HQ: an echelon that is not division
      level (``DIVISION_ECHELONS``); when the echelon is not one the ledger knows, by the
      printed Stacking Points (9.22: under 3 is brigade-eq or smaller, 9.4).
    - Division level, German HQ: ``"german-division"``.
    - Division level, armored (``is_armored``): ``"armored-division"`` (Allied or Italian form).
    - Otherwise ``"infantry-division"``.

    Raises ``KeyError`` for an unknown unit id.
    """
    hq = state.units[hq_id]
    if not _division_level(state, hq):
        return "brigade"
    if hq.nationality == "german":
        return "german-division"
    return "armored-division" if is_armored(state, hq_id) else "infantry-division"


def _division_level(state: GameState, hq: Unit) -> bool:
    echelon = hq.echelon or state.classes[hq.class_id].echelon
    if echelon in KNOWN_ECHELONS:
        return echelon in DIVISION_ECHELONS
    return (hq.stacking_points or 0) >= DIVISION_STACKING_POINTS


def is_armored(state: GameState, hq_id: str) -> bool:
    """True when the HQ carries tank TOE points itself (the Unit Characteristics Chart gives
    armored HQs a tank point, 4.46), or when at least ``ARMORED_SHARE`` of the combat units
    assigned to the formation (attached ones excluded: they are Augmentation) are tanks."""
    hq = state.units[hq_id]
    if any(state.systems[h.system].kind == "tank" for h in hq.toe if h.points > 0):
        return True
    combat = [
        u
        for u in _assigned_units(formation_tree(state, hq_id))
        if state.classes[u.class_id].unit_type != "headquarters"
    ]
    tanks = sum(1 for u in combat if state.classes[u.class_id].unit_type == "tank")
    return bool(combat) and Fraction(tanks, len(combat)) >= ARMORED_SHARE


def _assigned_units(node: FormationNode) -> Iterator[Unit]:
    for child in node.children:
        if child.unit.attached_to is None:
            yield child.unit
            yield from _assigned_units(child)


# --- which sheets ------------------------------------------------------------------------------


def parent_formations(state: GameState, side: Side) -> list[str]:
    """Ids of the top-level Parent Formations of ``side`` in play, by HQ name (number-aware).

    A formation is an HQ (or any unit) in play with at least one unit in play with it
    (``current_parent``), and itself with no parent in play above it.
    """
    in_play = {u.id: u for u in state.units_in_play(side)}
    heads = {current_parent(u) for u in in_play.values()} - {None}
    tops = [
        uid
        for uid in heads
        if uid in in_play and (current_parent(in_play[uid]) or "") not in in_play
    ]
    return sorted(tops, key=lambda uid: natural_key(state.units[uid].name))


_DIGITS: Final = re.compile(r"(\d+)")


def natural_key(text: str) -> tuple[tuple[int, int | str], ...]:
    """Sort key comparing digit runs as numbers ("2 RHA" before "11 Hus")."""
    return tuple(
        (0, int(part)) if part.isdigit() else (1, part.casefold())
        for part in _DIGITS.split(text)
        if part
    )


# --- the sheet's rows --------------------------------------------------------------------------


def toe_log(state: GameState, hq_id: str) -> ToeLog:
    """The TOE Log Sheet of the formation led by ``hq_id`` (its tree, 19.x, 9.21).

    Raises ``KeyError`` for an unknown unit id.
    """
    tree = formation_tree(state, hq_id)
    variant = sheet_variant(state, hq_id)
    sections: dict[str, list[Row]] = {name: [] for name in SECTIONS}
    notes: list[str] = []
    sections["headquarters"] += unit_lines(state, tree.unit, 0, "HQ")
    division = variant != "brigade"
    for kind, node, unit in _members(state, tree):
        if node is not None and unit.attached_to is not None:
            continue  # attached units are gathered below, wherever they sit in the tree
        formation = _is_hq(state, unit) or (node is not None and bool(node.children))
        section = "maneuver" if formation or not division else "assets"
        if node is None:
            sections[section] += unit_lines(state, unit, 0, kind)
        else:
            sections[section] += _subtree_lines(state, node, 0)
    for node in _attached_nodes(tree):
        sections["augmentation"] += _subtree_lines(state, node, 0, attached=True)
    for node in _attached_nodes(tree):
        notes.append(_attachment_note(state, node.unit))
    notes += _detached_notes(state, tree) + _limit_notes(state, tree)
    notes += [
        f"{u.counter} ({u.name}): {with_names(state, u.notes)}" for u in tree.walk() if u.notes
    ]
    notes += supply_notes(state, list(tree.walk()))
    trucks = _truck_rows(state, list(tree.walk()))
    if trucks and current_parent(tree.unit) is not None:
        top = _top_parent(state, tree.unit)
        notes.append(f"These trucks are under the control of {top.name} (8.96).")
    return ToeLog(
        hq_id=hq_id,
        variant=variant,
        summary=_summary(state, tree, variant, sections, trucks),
        sections=sections,
        trucks=trucks,
        notes=[printable_note(note) for note in notes],
        strengths=formation_strengths(state, tree),
        members=tuple(u.id for u in tree.walk()),
    )


INDEPENDENT: Final = "Independent units"
"""The sheet of the counters in play with no Parent Formation (kept on the brigade form)."""


def independent_log(state: GameState, side: Side, formations: Sequence[str]) -> ToeLog | None:
    """The counters of ``side`` in play on none of the sheets of ``formations`` (their trees),
    one under the other on the brigade form (4.52): corps and army troops, independent
    battalions, a unit detached from its formation (9.21) and with no other. ``None`` when
    there is none. Each is its own formation: Actual points of the sheet are for reading only.
    """
    covered = {u.id for hq in formations for u in formation_tree(state, hq).walk()}
    units = _by_counter([u for u in state.units_in_play(side) if u.id not in covered])
    if not units:
        return None
    sections: dict[str, list[Row]] = {name: [] for name in SECTIONS}
    for unit in units:
        sections["maneuver"] += unit_lines(state, unit, 0, "independent")
    notes = [
        "Not one formation: each counter's Actual points are its own Raw points / 10 (11.32); "
        "the totals count what the side holds outside its Parent Formations."
    ] + [
        f"{u.counter} ({u.name}): assigned to {_name_of(state, u.parent)} but detached (9.21)."
        for u in units
        if u.parent is not None and u.detached
    ]
    notes += supply_notes(state, units)
    trucks = _truck_rows(state, units)
    summary: Row = {
        "formation": INDEPENDENT,
        "counter": "",
        "side": side,
        "nationality": ", ".join(sorted({u.nationality.replace("_", " ").title() for u in units})),
        "variant": "brigade",
        "title": VARIANT_TITLES["brigade"],
        "counters": len(units),
        "detached": 0,
        "formation_cpa": None,
        "stacking_points": sum(u.stacking_points or 0 for u in units),
        "truck_points": sum(r["truck_points"] for r in trucks),
        "max_assigned": None,
    }
    strengths = {f"raw_{r}": raw_points(units, r, state.systems) for r in SUMMED_RATINGS}
    return ToeLog(
        "", "brigade", summary, sections, trucks, notes, strengths, tuple(u.id for u in units)
    )


def _is_hq(state: GameState, unit: Unit) -> bool:
    return state.classes[unit.class_id].unit_type == "headquarters"


def _by_counter(units: Sequence[Unit]) -> list[Unit]:
    return sorted(units, key=lambda u: (natural_key(u.counter), natural_key(u.name), u.id))


def _detached_from(state: GameState, hq: Unit) -> list[Unit]:
    """Units in play assigned to ``hq`` but not with it now (9.21)."""
    return [
        u
        for u in state.units_in_play(hq.side)
        if u.parent == hq.id and current_parent(u) != hq.id and u.id != hq.id
    ]


def _members(state: GameState, node: FormationNode) -> list[tuple[str, FormationNode | None, Unit]]:
    """The units directly under ``node``: present ones with their node, detached ones with
    ``None``, ordered by counter (number-aware)."""
    present = {c.unit.id: c for c in node.children}
    units = [c.unit for c in node.children] + _detached_from(state, node.unit)
    return [
        ("assigned" if u.id in present else "detached", present.get(u.id), u)
        for u in _by_counter(units)
    ]


def _subtree_lines(
    state: GameState, node: FormationNode, depth: int, attached: bool = False
) -> list[Row]:
    unit = node.unit
    rows = unit_lines(state, unit, depth, "attached" if attached else "assigned")
    for kind, child, member in _members(state, node):
        if child is None:
            rows += unit_lines(state, member, depth + 1, kind)
        elif member.attached_to is None:
            rows += _subtree_lines(state, child, depth + 1)
    return rows


def _attached_nodes(node: FormationNode) -> Iterator[FormationNode]:
    """Nodes of units attached anywhere in the tree (not below another attached unit)."""
    for child in sorted(node.children, key=lambda c: natural_key(c.unit.counter)):
        if child.unit.attached_to is not None:
            yield child
        else:
            yield from _attached_nodes(child)


def unit_lines(state: GameState, unit: Unit, depth: int, kind: str) -> list[Row]:
    """A unit's lines on the sheet: one per weapon system of its TOE (at least one).

    ``kind`` is "HQ", "assigned", "attached" or "detached". The first line carries the unit's
    own figures (CPA, CP expended, Cohesion Level, Basic Morale, Stacking Points, supplies);
    further lines only the weapon system, its TOE points, ratings and Raw points (11.31). A
    detached unit has one line and no figures: it is not part of the formation now (9.21).
    """
    base: Row = {
        "unit_id": unit.id,
        "depth": depth,
        "first": True,
        "counter": unit.counter,
        "name": unit.name,
        "with": kind,
        "is_hq": _is_hq(state, unit),
        "type": _type_text(state, unit),
        "system": "",
        "toe_points": None,
        "system_id": "",
        "rating_values": {},
        "fuel_rate": None,
        "breakdown": "",
        **{rating: "" for rating in RATINGS},
        "cpa": None,
        "cp_expended": None,
        "cohesion": None,
        "basic_morale": None,
        "stacking_points": None,
        **{f"raw_{r}": None for r in SUMMED_RATINGS},
        **{c: None for c in COMMODITIES},
    }
    if kind == "detached":
        return [{**base, "system": "detached (9.21)"}]
    own: Row = {
        "cpa": state.cpa(unit),
        "cp_expended": unit.cp_expended,
        "cohesion": unit.cohesion,
        "basic_morale": unit.basic_morale,
        "stacking_points": formation_stacking_points(state, formation_tree(state, unit.id)),
        **dict(unit.supplies.items()),
    }
    if not unit.toe:
        return [{**base, **own, "system": "(no TOE points)"}]
    rows = []
    for index, holding in enumerate(unit.toe):
        system = state.systems[holding.system]
        alone = replace(unit, toe=(holding,))
        line: Row = {
            **base,
            "first": index == 0,
            "system": system.name,
            "toe_points": holding.points,
            "system_id": holding.system,
            "rating_values": {r: system.ratings.get(r) for r in SUMMED_RATINGS},
            "fuel_rate": system.fuel_rate,
            "breakdown": system.breakdown,
            **{rating: system.ratings.show(rating) for rating in RATINGS},
            **{f"raw_{r}": raw_points([alone], r, state.systems) for r in SUMMED_RATINGS},
        }
        rows.append({**line, **own} if index == 0 else {**line, **_CONTINUED})
    return rows


_CONTINUED: Final = {"counter": "", "name": "", "type": ""}
"""What a unit's second and further weapon-system lines leave blank."""


def _type_text(state: GameState, unit: Unit) -> str:
    unit_class = state.classes[unit.class_id]
    kind = "HQ" if unit_class.unit_type == "headquarters" else unit_class.unit_type
    return f"{kind.replace('_', '-')} ({unit_class.code})"


def _truck_rows(state: GameState, units: Sequence[Unit]) -> list[Row]:
    """First-line truck groups in play attached to any of ``units`` (8.96)."""
    members = {u.id: u for u in units}
    rows = []
    for group in state.trucks.values():
        if group.attached_to not in members or not group.in_play(state.clock):
            continue
        unit = members[group.attached_to]
        rows.append(
            {
                "group": group.id,
                "group_name": state.truck_group_name(group.id),
                "attached_to": f"{unit.counter} ({unit.name})",
                "location": group.location,
                "light": group.light,
                "medium": group.medium,
                "heavy": group.heavy,
                "truck_points": group.truck_points,
                **dict(group.cargo.items()),
            }
        )
    return sorted(rows, key=lambda r: (natural_key(r["attached_to"]), r["group"]))


def _top_parent(state: GameState, unit: Unit) -> Unit:
    seen = {unit.id}
    parent = current_parent(unit)
    while parent is not None and parent in state.units and parent not in seen:
        unit = state.units[parent]
        seen.add(parent)
        parent = current_parent(unit)
    return unit


def _name_of(state: GameState, unit_id: str | None) -> str:
    if unit_id is None:
        return ""
    return state.units[unit_id].name if unit_id in state.units else with_names(state, unit_id)


def _attachment_note(state: GameState, unit: Unit) -> str:
    text = f"{unit.counter} ({unit.name}): attached to {_name_of(state, unit.attached_to)}"
    if unit.parent is None:
        return text + ", not assigned to any formation."
    return text + f", assigned to {_name_of(state, unit.parent)} (19.x)."


def _detached_notes(state: GameState, tree: FormationNode) -> list[str]:
    notes = []
    for hq in tree.walk():
        for unit in _by_counter(_detached_from(state, hq)):
            text = f"{unit.counter} ({unit.name}): assigned to {hq.name} but detached (9.21)"
            if unit.attached_to is not None:
                text += f"; now attached to {_name_of(state, unit.attached_to)}"
            notes.append(text + ".")
    return notes


def _limit_notes(state: GameState, tree: FormationNode) -> list[str]:
    notes = []
    for unit in tree.walk():
        if unit.max_assigned is None:
            continue
        level = "brigade-equivalents" if _division_level(state, unit) else "battalions"
        notes.append(
            f"{unit.name}: up to {unit.max_assigned} {level} may be assigned (OA sheet; 9.26)."
        )
    return notes


def _summary(
    state: GameState,
    tree: FormationNode,
    variant: str,
    sections: dict[str, list[Row]],
    trucks: list[Row],
) -> Row:
    hq = tree.unit
    lines = [r for rows in sections.values() for r in rows if r["first"]]
    return {
        "formation": hq.name,
        "counter": hq.counter,
        "side": hq.side,
        "nationality": hq.nationality.replace("_", " ").title(),
        "variant": variant,
        "title": VARIANT_TITLES[variant],
        "counters": sum(1 for _ in tree.walk()),
        "detached": sum(1 for r in lines if r["with"] == "detached"),
        "formation_cpa": formation_cpa(state, tree),
        "stacking_points": formation_stacking_points(state, tree),
        "truck_points": sum(r["truck_points"] for r in trucks),
        "max_assigned": hq.max_assigned,
    }
