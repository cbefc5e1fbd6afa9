"""The Combat page's inputs besides the forces: the target hex's terrain and the hexsides
crossed (8.37; 14.34 for a road or track; none for a barrage, 12.33), each unit's
organizational level (15.52; 9.28) and the attacker's available TOE points (15.25), each
side's morale (15.61, 15.63; 17.1, 17.2, 6.2) and the options of the rulings the combat reads
(docs/rulings.md).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, Final

import pandas as pd
import streamlit as st

from dashboard.odds import exact
from dashboard.text import plain
from dashboard.views.combat_units import count, unit_name, widget_key_digest
from ledger.combat.anti_armor_column import SHIFT_BELOW_ONE_RULING, SHIFT_FROM_16_RULING
from ledger.combat.assault_setup import AssaultRulings
from ledger.combat.barrage import LOSSES_PIN_RULING
from ledger.combat.barrage_table import READING_RULING
from ledger.combat.prepared_combat import INVOLVED_RULING
from ledger.combat.terrain import hexside_keys, terrain_keys, terrain_label
from ledger.model.state import GameState
from ledger.rules.unit_size import LEVELS, Level, largest_level, size_report

LEVEL_NAMES: Final = {
    "division": "division",
    "super_brigade": "3-point brigade",
    "brigade": "brigade",
    "battalion": "battalion",
    "company": "company",
}
MORALE_MODES: Final = {
    "unit": "a unit's Basic Morale and Cohesion (ledger)",
    "basic": "Basic Morale and Cohesion given",
    "adjusted": "Adjusted Morale known",
}
Extras = dict[str, dict[str, object]]  # per-unit request fields, {unit id: {field: value}}


# --- terrain, organization, morale, rulings -------------------------------------------------
def terrain_inputs(combat: str) -> dict[str, object]:
    """The target hex's terrain and (not for a barrage, 12.33) the hexsides crossed (8.37)."""
    terrain_col, sides_col = st.columns(2)
    terrain = terrain_col.multiselect(
        "Terrain in the target hex (8.37)",
        terrain_keys(),
        format_func=terrain_label,
        key="combat_terrain",
        placeholder="Clear",
    )
    if combat == "barrage":
        return {"terrain": terrain}
    with sides_col:
        st.markdown("Hexsides crossed (8.37)", help="one row a hexside; none: Clear")
        edited = st.data_editor(
            pd.DataFrame({"Hexside crossed": pd.Series([], dtype=object), "Crossed by": []}),
            key="combat_hexsides",
            num_rows="dynamic",
            hide_index=True,
            width="stretch",
            column_config={
                "Hexside crossed": st.column_config.MultiselectColumn(
                    "Hexside crossed",
                    help="8.37 hexside features; two for a wadi along a slope (15.35)",
                    options=hexside_keys(),
                    format_func=terrain_label,
                ),
                "Crossed by": st.column_config.SelectboxColumn(
                    "Crossed by",
                    help="a road or track crossing it (14.34)",
                    options=["road", "track"],
                ),
            },
        )
    hexsides = [
        {"features": list(row["Hexside crossed"]), "crossed_by": row["Crossed by"] or ""}
        for _, row in edited.iterrows()
        if isinstance(row["Hexside crossed"], list | tuple) and row["Hexside crossed"]
    ]
    return {"terrain": terrain, "hexsides": hexsides}


def _level(state: GameState, unit_id: str) -> Level | None:
    """The unit's effective level in the ledger (9.28), ``None`` when it cannot be told."""
    try:
        return size_report(state, unit_id).effective
    except (KeyError, ValueError):
        return None


def organization_editor(
    state: GameState, unit_ids: Sequence[str], key: str, *, attacker: bool
) -> Extras:
    """Each unit's organizational level (15.52; the ledger's, 9.28, by default) and, for the
    attacker, the TOE points available and committed to other assaults (15.25):
    {unit id: request fields}."""
    if not unit_ids:
        return {}
    rows = []
    for unit_id in unit_ids:
        row: dict[str, object] = {
            "Unit": unit_name(state, unit_id),
            "Level (15.52)": _level(state, unit_id),
        }
        if attacker:
            row["Available TOE (15.25)"] = sum(h.points for h in state.units[unit_id].toe)
            row["In other assaults"] = 0
        rows.append(row)
    config: dict[str, Any] = {
        "Level (15.52)": st.column_config.SelectboxColumn(
            "Level (15.52)",
            options=list(LEVELS),
            help="organizational size; a shell is one lower (9.28)",
        )
    }
    if attacker:
        config["Available TOE (15.25)"] = st.column_config.NumberColumn(min_value=0, step=1)
        config["In other assaults"] = st.column_config.NumberColumn(
            help="TOE points committed to other assaults this segment (15.25)", min_value=0, step=1
        )
    edited = st.data_editor(
        pd.DataFrame(rows),
        key=f"{key}_{widget_key_digest(unit_ids)}",
        hide_index=True,
        width="stretch",
        disabled=["Unit"],
        column_config=config,
    )
    found: dict[str, dict[str, object]] = {}
    for unit_id, chosen in zip(unit_ids, edited.to_dict("records"), strict=True):
        fields: dict[str, object] = {}
        if isinstance(chosen["Level (15.52)"], str):
            fields["level"] = chosen["Level (15.52)"]
        if attacker:
            available = count(chosen["Available TOE (15.25)"])
            if available is not None:
                fields["available_toe"] = available
            if count(chosen["In other assaults"]):
                fields["committed_elsewhere"] = count(chosen["In other assaults"])
        found[unit_id] = fields
    return found


def morale_inputs(
    state: GameState, who: str, unit_ids: Sequence[str], levels: Mapping[str, Mapping[str, object]]
) -> dict[str, object]:
    """One side's morale (15.61, 15.63): a ledger unit's Basic Morale and Cohesion (the
    largest unit by default), both given (the 17.4 dice then enter the odds), or an Adjusted
    Morale already found."""
    rated = [u for u in unit_ids if state.units[u].basic_morale is not None]
    modes = [m for m in MORALE_MODES if rated or m != "unit"]
    mode = st.selectbox(
        f"{who.capitalize()} morale",
        modes,
        format_func=MORALE_MODES.__getitem__,
        key=f"combat_morale_{who}_{bool(rated)}",
    )
    if mode == "unit":
        sized = [str(levels.get(u, {}).get("level", "")) for u in rated]
        known: list[Level] = [lv for lv in LEVELS if lv in sized]
        largest = sized.index(largest_level(known)) if known else 0
        unit_id = st.selectbox(
            "Unit whose morale counts (15.63: the largest)",
            rated,
            index=largest,
            format_func=lambda u: _morale_label(state, u),
            key=f"combat_morale_unit_{who}_{widget_key_digest(rated)}",
        )
        return {"unit": unit_id}
    if mode == "adjusted":
        adjusted = st.number_input("Adjusted Morale (17.2)", -10, 10, 0, key=f"combat_adj_{who}")
        return {"adjusted": int(adjusted)}
    left, right = st.columns(2)
    basic = left.number_input("Basic Morale (17.1)", -10, 10, 0, key=f"combat_basic_{who}")
    cohesion = right.number_input(
        "Cohesion Level (6.2)", -30.0, 30.0, 0.0, 0.25, key=f"combat_cohesion_{who}"
    )
    return {"basic": int(basic), "cohesion": exact(Fraction(cohesion).limit_denominator(4))}


def _morale_label(state: GameState, unit_id: str) -> str:
    unit = state.units[unit_id]
    level = _level(state, unit_id)
    size = f", {LEVEL_NAMES[level]}" if level else ""
    return f"{unit.name}{size}: Basic Morale {unit.basic_morale}, Cohesion {exact(unit.cohesion)}"


def combat_rulings(state: GameState, combat: str) -> list[str]:
    """The rulings the combat's calculation reads (ids), those with a choice to make: the
    barrage's and anti-armor's named options; for a Close Assault or Probe every ruling
    ``AssaultRulings.from_choices`` asks for, and 15.81's (``resolve``)."""
    if combat == "barrage":
        ids = [READING_RULING, LOSSES_PIN_RULING]
    elif combat == "anti-armor":
        ids = [SHIFT_BELOW_ONE_RULING, SHIFT_FROM_16_RULING]
    else:
        ids = []

        def asked(ruling_id: str) -> str:
            ids.append(ruling_id)
            return state.ruling(ruling_id)

        AssaultRulings.from_choices(asked)
        ids.append(INVOLVED_RULING)
    return [
        r for r in dict.fromkeys(ids) if r in state.rulings and len(state.rulings[r].options) > 1
    ]


def ruling_inputs(state: GameState, combat: str) -> dict[str, str]:
    """The options of the combat's rulings (docs/rulings.md), the game's unless changed here:
    {ruling id: option} of those changed, as the request's ``rulings``."""
    known = combat_rulings(state, combat)
    chosen: dict[str, str] = {}
    with st.expander(f"Rulings ({len(known)}): the game's options unless changed here"):
        columns = st.columns(2)
        for index, ruling_id in enumerate(known):
            ruling = state.rulings[ruling_id]
            options = list(ruling.options)
            current = state.ruling(ruling_id)
            value = columns[index % 2].selectbox(
                plain(f"{ruling_id} ({ruling.case})"),
                options,
                index=options.index(current) if current in options else 0,
                help=plain(ruling.question),
                key=f"combat_ruling_{ruling_id}",
            )
            if value != current:
                chosen[ruling_id] = value
    return chosen
