"""The Combat page's units: choosing the forces (the firing or attacking units, the target
hex's units, the TOE points each commits, 11.1 and 11.31; guns Forward or Back, 12.11; the
units Pinned, Withheld or Retreated, 12.44, 14.21, 15.12, 15.16) and turning them into the
request's ledger unit forces (``unit_refs``, docs/combat.md); with the helpers the other Combat
modules share: unit and weapon system names, an edited cell as a count, the enemy side and the
widget-key digest.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Final

import pandas as pd
import streamlit as st

from dashboard.text import unit_label
from ledger.combat.forces import combat_class
from ledger.model.state import GameState
from ledger.model.units import RATING_NAMES, SIDES, Side, Unit

UNIT_ID: Final = re.compile(r"\b[a-z]{2}\.[\w.]*\w")


def count(value: object) -> int | None:
    """An edited table cell as a whole number (``None`` when left empty)."""
    try:
        return int(float(str(value)))
    except ValueError:
        return None


def unit_name(state: GameState, unit_id: str) -> str:
    """The name of unit ``unit_id`` in the ledger; the id itself when the game has no such
    unit (an inline force's label)."""
    return state.units[unit_id].name if unit_id in state.units else unit_id


def system_name(state: GameState, system_id: str) -> str:
    """The name of weapon system ``system_id`` (a TOE line, 4.52); the id itself when the game
    has no such system."""
    return state.systems[system_id].name if system_id in state.systems else system_id


def named_text(state: GameState, text: str) -> str:
    """``text`` with the unit ids in it replaced by the units' names."""
    return UNIT_ID.sub(lambda m: unit_name(state, m[0]), text)


def enemy_side(side: Side) -> Side:
    """The other side: ``"axis"`` for ``"commonwealth"`` and the reverse."""
    return SIDES[1 - SIDES.index(side)]


def widget_key_digest(values: Iterable[object]) -> str:
    """A short stable suffix for widget keys that depend on a selection."""
    return format(abs(hash(tuple(values))) % 10**8, "08d")


# --- choosing the forces --------------------------------------------------------------------
def units_on_map(state: GameState, side: Side) -> list[Unit]:
    """The side's units in play that are in a hex."""
    return [u for u in state.units_in_play(side) if u.location]


def pick_units(state: GameState, side: Side, label: str, key: str) -> list[str]:
    """Hexes to filter by and a multiselect of ``side``'s units by name: the unit ids chosen.
    Units already chosen stay listed when the filter changes."""
    units = units_on_map(state, side)
    hex_col, unit_col = st.columns([1, 3])
    where = hex_col.multiselect(
        "Hexes",
        sorted({u.location for u in units}),
        key=f"{key}_hexes",
        placeholder="all hexes",
        help="list only the units in these hexes",
    )
    kept = [u for u in st.session_state.get(f"{key}_units", []) if u in state.units]
    shown = [u.id for u in units if not where or u.location in where]
    return unit_col.multiselect(
        label,
        shown + [u for u in kept if u not in shown],
        format_func=lambda u: unit_label(state, u),
        key=f"{key}_units",
        placeholder="choose units",
    )


def pick_hex_units(state: GameState, side: Side, label: str, key: str) -> list[str]:
    """The target hex and the ``side``'s units in it (all by default): the unit ids chosen."""
    units = units_on_map(state, side)
    hex_col, unit_col = st.columns([1, 3])
    chosen = hex_col.selectbox(
        "Target hex", sorted({u.location for u in units}), index=None, key=f"{key}_hex"
    )
    shown = [u.id for u in units if u.location == chosen]
    return unit_col.multiselect(
        label,
        shown,
        default=shown,
        format_func=lambda u: unit_label(state, u),
        key=f"{key}_units_{chosen}",
        placeholder="choose the target hex first",
    )


def points_editor(
    state: GameState, unit_ids: Sequence[str], rating: str, key: str, *, rated_only: bool
) -> dict[str, dict[str, int]]:
    """The TOE points of each weapon system of ``unit_ids`` committed, editable, all by
    default: {unit id: {system id: TOE points}}. ``rated_only`` lists only the systems with
    ``rating`` (11.1)."""
    rows: list[dict[str, object]] = []
    ids: list[tuple[str, str]] = []
    for unit_id in unit_ids:
        unit = state.units[unit_id]
        for holding in unit.toe:
            value = state.systems[holding.system].ratings.get(rating) or 0
            if rated_only and not value:
                continue
            ids.append((unit_id, holding.system))
            rows.append(
                {
                    "Unit": unit.name,
                    "Weapon system": system_name(state, holding.system),
                    "Held": holding.points,
                    RATING_NAMES[rating]: value,
                    "Committed": holding.points,
                }
            )
    if not rows:
        if unit_ids:
            st.caption(f"None of them has TOE points with a {RATING_NAMES[rating]} Rating.")
        return {}
    edited = st.data_editor(
        pd.DataFrame(rows),
        key=f"{key}_{widget_key_digest(ids)}",
        hide_index=True,
        width="stretch",
        disabled=["Unit", "Weapon system", "Held", RATING_NAMES[rating]],
        column_config={
            "Committed": st.column_config.NumberColumn(
                "Committed", help="TOE Strength Points committed (11.1, 11.31)", min_value=0, step=1
            )
        },
    )
    committed: dict[str, dict[str, int]] = {}
    for (unit_id, system_id), points in zip(ids, edited["Committed"], strict=True):
        committed.setdefault(unit_id, {})[system_id] = count(points) or 0
    return committed


def gun_positions(state: GameState, unit_ids: Sequence[str], key: str) -> dict[str, str]:
    """Gun-class units' positions, Forward unless chosen Back (12.11): {unit id: position}."""
    guns = [
        u
        for u in unit_ids
        if combat_class(state.classes[state.units[u].class_id].unit_type) == "gun"
    ]
    if not guns:
        return {}
    back = st.multiselect(
        "Guns in the Back position (12.11; the others are Forward)",
        guns,
        format_func=lambda u: unit_name(state, u),
        key=f"{key}_{widget_key_digest(guns)}",
    )
    return {u: "back" if u in back else "forward" for u in guns}


def flag_picker(
    state: GameState, unit_ids: Sequence[str], flags: Sequence[tuple[str, str]], key: str
) -> dict[str, set[str]]:
    """One multiselect of the units carrying each flag (field, label): {field: unit ids}.
    Pinned starts with the units the ledger shows Pinned (12.44)."""
    found: dict[str, set[str]] = {}
    if not unit_ids:
        return found
    for column, (field, label) in zip(st.columns(len(flags)), flags, strict=True):
        marked = [u for u in unit_ids if field in state.units[u].combat_markers]
        found[field] = set(
            column.multiselect(
                label,
                unit_ids,
                default=marked,
                format_func=lambda u: unit_name(state, u),
                key=f"{key}_{field}_{widget_key_digest(unit_ids)}",
            )
        )
    return found


def unit_refs(
    committed: Mapping[str, Mapping[str, int]],
    positions: Mapping[str, str] | None = None,
    flags: Mapping[str, set[str]] | None = None,
    extras: Mapping[str, Mapping[str, object]] | None = None,
) -> list[dict[str, object]]:
    """Ledger unit forces of the request (docs/combat.md): ``{"unit": id, "points": {...}}``
    with the gun ``position``, flags set and any extra fields of each unit; a unit committing
    no TOE points is left out."""
    refs = []
    for unit_id, given in committed.items():
        points = {system: n for system, n in given.items() if n}
        if not points:
            continue
        ref: dict[str, object] = {"unit": unit_id, "points": points}
        if positions and unit_id in positions:
            ref["position"] = positions[unit_id]
        for field, units in (flags or {}).items():
            if unit_id in units:
                ref[field] = True
        ref.update((extras or {}).get(unit_id, {}))
        refs.append(ref)
    return refs
