"""Combat page: a Barrage, Anti-Armor fire, Close Assault or Probe set up from the ledger's
units, its exact odds, the dice (thrown at the table or rolled by the ledger), the proposed
losses with the owner's allocation, and the posting (``ledger.combat.posting.post_combat``).

The page assembles the same JSON request the CLI takes (``quartermaster calc cna ...``,
docs/combat.md) and hands it to ``ledger.io.combat_request``; the dice, the losses and the
posting go through ``ledger.combat.resolve``. No rule is computed here.

Only plain values live in ``st.session_state``: the widgets' values and, between the rerun
that draws the Confirm button and the one it starts, the request, dice and allocation (JSON)
it confirms. The dice and allocation widgets' keys end in the journal's last sequence number,
so they start afresh once a combat is posted.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Final

import pandas as pd
import streamlit as st

from dashboard.context import SIDE_NAMES, FormKeys, Game, open_game, show_status
from dashboard.odds import exact, odds_chart
from dashboard.tables import Col, show_table
from dashboard.text import error_lines, plain, unit_label
from ledger.combat.anti_armor import (
    SHIFT_BELOW_ONE_RULING,
    SHIFT_FROM_16_RULING,
    AntiArmorCalculation,
)
from ledger.combat.barrage import LOSSES_PIN_RULING, READING_RULING, BarrageCalculation
from ledger.combat.close_assault import (
    MORALE_ROLLED,
    AssaultRulings,
    CloseAssaultCalculation,
    SideExpectation,
)
from ledger.combat.costs import AmmoCharge, CPCharge
from ledger.combat.forces import ColumnShift, Figure, Loss, combat_class
from ledger.combat.resolve import (
    INVOLVED_RULING,
    CombatReading,
    PreparedCombat,
    combat_posting,
    dice_for,
    read_combat,
    roll_dice,
)
from ledger.combat.terrain import hexside_keys, terrain_keys, terrain_label
from ledger.commands.combat import post_combat
from ledger.io.combat_request import (
    RequestError,
    build_combat,
    parse_allocation,
    parse_request,
    value_error,
)
from ledger.model.errors import LedgerError
from ledger.model.state import GameState
from ledger.model.units import RATING_NAMES, SIDES, Side, Unit
from ledger.reports.event_log import describe
from ledger.reports.tables import Row
from ledger.rules.unit_size import LEVELS, Level, largest_level, size_report

COMBATS: Final = {
    "barrage": "Barrage",
    "anti-armor": "Anti-Armor",
    "close-assault": "Close Assault",
    "probe": "Probe",
}
# The rating the firing or attacking side commits TOE points for (11.1). (Comments, not
# docstrings: Streamlit would print a bare string of a page script.)
FIRING_RATING: Final = {
    "barrage": "barrage",
    "anti-armor": "anti_armor",
    "close-assault": "offensive_close_assault",
    "probe": "offensive_close_assault",
}
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
TRUCKS: Final = {"ledger": "as the ledger knows", "yes": "yes", "no": "no"}
BARRAGE_RESULTS: Final = {"P": "Pinned", "1": "1 TOE lost", "2": "2 TOE lost"}
STATUS_NAMES: Final = {"engaged": "Engaged", "contact": "Contact", "none": "neither"}
PENDING_KEY: Final = "combat_pending"
UNIT_ID: Final = re.compile(r"\b[a-z]{2}\.[\w.]*\w")
DICE_FORM: Final = "combat_dice"  # FormKeys of the dice, allocation and Confirm widgets
Extras = dict[str, dict[str, object]]  # per-unit request fields, {unit id: {field: value}}
AT_TABLE: Final = "Thrown at the table"
ROLLED: Final = "Rolled by the ledger (seeded)"

FIGURE_COLUMNS: Final = (
    Col("name", "Figure", width=300),
    Col("value", "Value", align="right"),
    Col("case", "Case"),
    Col("note", "How it was found", width=460),
)
SHIFT_COLUMNS: Final = (
    Col("reason", "Column shift", width=360),
    Col("columns", "Columns", "positive: towards the attacker; negative: towards the defender"),
    Col("case", "Case"),
)
CP_COLUMNS: Final = (
    Col("unit", "Unit", width=240),
    Col("hex", "Hex"),
    Col("cp", "CP", "Capability Points expended for this combat (11.21-11.27)"),
    Col("case", "Case"),
    Col("reason", "Why", width=300),
)
AMMO_COLUMNS: Final = (
    Col("unit", "Unit", width=240),
    Col("system", "Weapon system"),
    Col("points", "Ammunition Points", "chart 50.2 (played) per TOE point used"),
    Col("case", "Case"),
    Col("reason", "Why", width=300),
)
EXPECTED_COLUMNS: Final = (
    Col("side", "Side", width=220),
    Col("raw", "Raw points lost", "15.83c"),
    Col("toe", "TOE points lost", "15.83d"),
    Col("captured", "TOE points captured", "15.85, 15.86"),
    Col("dp", "Chance of 3 DP", "15.87"),
)


def count(value: object) -> int | None:
    """An edited table cell as a whole number (``None`` when left empty)."""
    try:
        return int(float(str(value)))
    except ValueError:
        return None


def _name(state: GameState, unit_id: str) -> str:
    return state.units[unit_id].name if unit_id in state.units else unit_id


def _system(state: GameState, system_id: str) -> str:
    return state.systems[system_id].name if system_id in state.systems else system_id


def named_text(state: GameState, text: str) -> str:
    """``text`` with the unit ids in it replaced by the units' names."""
    return UNIT_ID.sub(lambda m: _name(state, m[0]), text)


def _enemy(side: Side) -> Side:
    return SIDES[1 - SIDES.index(side)]


def _digest(values: Iterable[object]) -> str:
    """A short stable suffix for widget keys that depend on a selection."""
    return format(abs(hash(tuple(values))) % 10**8, "08d")


# --- choosing the forces --------------------------------------------------------------------
def _units(state: GameState, side: Side) -> list[Unit]:
    """The side's units in play that are in a hex."""
    return [u for u in state.units_in_play(side) if u.location]


def pick_units(state: GameState, side: Side, label: str, key: str) -> list[str]:
    """Hexes to filter by and a multiselect of ``side``'s units by name: the unit ids chosen.
    Units already chosen stay listed when the filter changes."""
    units = _units(state, side)
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
    units = _units(state, side)
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
                    "Weapon system": _system(state, holding.system),
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
        key=f"{key}_{_digest(ids)}",
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
        format_func=lambda u: _name(state, u),
        key=f"{key}_{_digest(guns)}",
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
                format_func=lambda u: _name(state, u),
                key=f"{key}_{field}_{_digest(unit_ids)}",
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
            "Unit": _name(state, unit_id),
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
        key=f"{key}_{_digest(unit_ids)}",
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
            key=f"combat_morale_unit_{who}_{_digest(rated)}",
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
                f"{ruling_id} ({ruling.case})",
                options,
                index=options.index(current) if current in options else 0,
                help=ruling.question,
                key=f"combat_ruling_{ruling_id}",
            )
            if value != current:
                chosen[ruling_id] = value
    return chosen


# --- the request ------------------------------------------------------------------------------
def side_inputs(game: Game, combat: str) -> tuple[Side, Side]:
    """The Phasing side and the side firing or attacking (a barrage or anti-armor fire may be
    the non-Phasing side's, 11.21, 14.12; a Close Assault is the Phasing side's, 15.21)."""
    left, right = st.columns(2)
    phasing: Side = left.selectbox(
        "Phasing side",
        SIDES,
        index=SIDES.index(game.side),
        format_func=SIDE_NAMES.__getitem__,
        key="combat_phasing",
    )
    if combat in ("close-assault", "probe"):
        right.selectbox(
            "Attacking side", [phasing], format_func=SIDE_NAMES.__getitem__, disabled=True
        )
        return phasing, phasing
    firing: Side = right.selectbox(
        "Firing side",
        SIDES,
        index=SIDES.index(phasing),
        format_func=SIDE_NAMES.__getitem__,
        key=f"combat_firing_side_{phasing}",
    )
    return phasing, firing


def setup_request(game: Game, combat: str) -> dict[str, object]:
    """Draw the set-up of the combat and return its request (docs/combat.md's JSON)."""
    state = game.state
    phasing, firing = side_inputs(game, combat)
    target_side = _enemy(firing)
    assault = combat in ("close-assault", "probe")
    request: dict[str, object] = {"combat": combat, "phasing": phasing}
    if not assault:
        request["firing_side"] = firing
    st.subheader("Attacking units" if assault else "Firing units")
    key = f"combat_{firing}_{'assault' if assault else combat}"
    chosen = pick_units(state, firing, "Units", key)
    committed = points_editor(
        state, chosen, FIRING_RATING[combat], f"{key}_points", rated_only=not assault
    )
    positions = gun_positions(state, chosen, f"{key}_back")
    st.subheader("Target")
    target_key = f"combat_target_{target_side}"
    if combat == "barrage":
        request["guns"] = unit_refs(committed, positions)
        request["target"] = barrage_target(state, target_side, target_key)
    elif combat == "anti-armor":
        targets = pick_hex_units(state, target_side, "Units in the target hex", target_key)
        flags = flag_picker(
            state,
            targets,
            (("withheld", "Withheld (14.21, 14.44)"), ("pinned", "Pinned (12.44)")),
            f"{target_key}_flags",
        )
        request["firing"] = unit_refs(committed, positions)
        request["targets"] = [
            {"unit": u, **{f: True for f, units in flags.items() if u in units}} for u in targets
        ]
    else:
        defenders = pick_hex_units(state, target_side, "Defending units", target_key)
        defending = points_editor(
            state, defenders, "defensive_close_assault", f"{target_key}_points", rated_only=False
        )
        defence_positions = gun_positions(state, defenders, f"{target_key}_back")
        flags = flag_picker(
            state,
            defenders,
            (
                ("pinned", "Pinned (15.12)"),
                ("withheld", "Withheld (15.16)"),
                ("retreated", "Retreated Before Assault into it (15.12)"),
            ),
            f"{target_key}_flags",
        )
        morale, ours, theirs = assault_extras(state, chosen, defenders)
        request["attackers"] = unit_refs(committed, positions, extras=ours)
        request["defenders"] = unit_refs(defending, defence_positions, flags, theirs)
        if morale is not None:
            request["morale"] = morale
    st.subheader("Terrain")
    request["terrain"] = terrain_inputs(combat)
    request["rulings"] = ruling_inputs(state, combat)
    return request


def assault_extras(
    state: GameState, attackers: Sequence[str], defenders: Sequence[str]
) -> tuple[dict[str, object] | None, Extras, Extras]:
    """Organization sizes (15.52, 15.25) and morale (15.6) of a Close Assault: the request's
    ``morale`` (``None``: no 15.6 shift) and each side's per-unit fields."""
    st.subheader("Organization and morale")
    left, right = st.columns(2)
    with left:
        st.caption("Attacker")
        ours = organization_editor(state, attackers, "combat_org_attacker", attacker=True)
    with right:
        st.caption("Defender")
        theirs = organization_editor(state, defenders, "combat_org_defender", attacker=False)
    use = st.toggle(
        "Morale shifts the column (15.6)",
        value=True,
        key="combat_morale_on",
        help="off: no 15.6 shift (as when neither side's morale is known)",
    )
    if not use:
        return None, ours, theirs
    left, right = st.columns(2)
    with left:
        attacker = morale_inputs(state, "attacker", attackers, ours)
    with right:
        defender = morale_inputs(state, "defender", defenders, theirs)
    return {"attacker": attacker, "defender": defender}, ours, theirs


def barrage_target(state: GameState, side: Side, key: str) -> dict[str, object]:
    """The barraged unit (12.22, 12.23) and whether trucks are in its hex (12.46)."""
    units = _units(state, side)
    hex_col, unit_col, truck_col = st.columns([1, 2, 1])
    chosen = hex_col.selectbox(
        "Target hex", sorted({u.location for u in units}), index=None, key=f"{key}_hex"
    )
    unit = unit_col.selectbox(
        "Target unit (12.22)",
        [u.id for u in units if u.location == chosen],
        format_func=lambda u: unit_label(state, u),
        key=f"{key}_unit_{chosen}",
        placeholder="choose the target hex first",
    )
    trucks = truck_col.selectbox(
        "Trucks in the hex (12.46)",
        list(TRUCKS),
        format_func=TRUCKS.__getitem__,
        key=f"{key}_trucks",
    )
    target: dict[str, object] = {"unit": unit or ""}
    if trucks != "ledger":
        target["trucks_present"] = trucks == "yes"
    return target


# --- showing the calculation --------------------------------------------------------------------
def figure_rows(state: GameState, figures: Iterable[Figure]) -> list[Row]:
    """Figures as table rows (Fractions as ``"7/36"``, units named)."""
    return [
        {
            "name": named_text(state, f.name),
            "value": exact(f.value)
            if isinstance(f.value, Fraction)
            else named_text(state, str(f.value)),
            "case": f.case,
            "note": named_text(state, f.note),
        }
        for f in figures
    ]


def shift_rows(shifts: Iterable[ColumnShift]) -> list[Row]:
    """Column shifts as table rows (signed: ``+1``, ``-2``)."""
    return [{"reason": s.reason, "columns": f"{s.columns:+d}", "case": s.case} for s in shifts]


def cp_rows(state: GameState, charges: Iterable[CPCharge]) -> list[Row]:
    """``CPCharge``s as rows, each unit named."""
    return [
        {"unit": _name(state, c.unit), "hex": c.hex, "cp": c.cp, "case": c.case, "reason": c.reason}
        for c in charges
    ]


def ammo_rows(state: GameState, charges: Iterable[AmmoCharge]) -> list[Row]:
    """``AmmoCharge``s as rows, each unit and weapon system named."""
    return [
        {
            "unit": _name(state, c.unit),
            "system": _system(state, c.system),
            "points": c.points,
            "case": c.case,
            "reason": c.reason,
        }
        for c in charges
    ]


def working(state: GameState, calc: Any) -> None:
    """Figures, column shifts, CP and ammunition of a calculation, in tabs."""
    tabs = st.tabs(["Figures", "Column shifts", "CP", "Ammunition"])
    with tabs[0]:
        show_table(figure_rows(state, calc.figures), FIGURE_COLUMNS)
    with tabs[1]:
        show_table(shift_rows(calc.shifts), SHIFT_COLUMNS, empty="No column shift.")
    with tabs[2]:
        show_table(cp_rows(state, calc.cp), CP_COLUMNS, empty="No CP: no fire is made.")
    with tabs[3]:
        show_table(ammo_rows(state, calc.ammunition), AMMO_COLUMNS, empty="No ammunition used.")


def show_barrage(state: GameState, calc: BarrageCalculation) -> None:
    """Actual Barrage Points, the 12.6 column and the target's (and trucks') odds."""
    metrics = st.columns(3)
    metrics[0].metric("Actual Barrage Points (11.32)", calc.actual_points)
    metrics[1].metric("Column of 12.6", calc.column or "no effect")
    metrics[2].metric("Target class (12.23)", calc.target.combat_class.capitalize())
    if calc.column is None:
        st.info(plain(f"No effect: {calc.no_effect_reason}"))
    charts = st.columns(2)
    with charts[0]:
        odds_chart(
            [(BARRAGE_RESULTS.get(r, r), p) for r, p in calc.distribution.items()],
            f"{_name(state, calc.target.unit)} (12.44, 12.45)",
            "Result",
        )
    if calc.truck_distribution is not None:
        with charts[1]:
            odds_chart(
                [(f"{r} TP" if r.isdigit() else r, p) for r, p in calc.truck_distribution.items()],
                "Trucks in the hex: second throw (12.46)",
                "Truck Points destroyed",
            )


def show_anti_armor(state: GameState, calc: AntiArmorCalculation) -> None:
    """The 14.6 column, the Damage Points and the TOE points lost as proposed, with odds."""
    actual = next((f.value for f in calc.figures if f.name == "Actual Anti-Armor points"), "")
    metrics = st.columns(3)
    metrics[0].metric("Actual Anti-Armor points (11.32)", str(actual))
    metrics[1].metric("Column of 14.6", calc.column)
    metrics[2].metric(
        "Damage Points the hex absorbs (14.45)", sum(a.points * a.per_point for a in calc.absorbing)
    )
    if calc.no_effect:
        st.info(plain(f"No effect: {calc.no_effect}"))
    charts = st.columns(2)
    with charts[0]:
        odds_chart(calc.damage_odds.items(), "Damage Points (14.41)", "Damage Points")
    with charts[1]:
        odds_chart(calc.toe_loss_odds.items(), "TOE points lost as proposed (14.43)", "TOE points")
    rows = [
        {"damage": o.damage, "p": exact(o.probability), "losses": loss_text(state, o.losses)}
        for o in calc.outcomes
    ]
    with st.expander("Proposed losses for each Damage result (14.43; the owner may choose others)"):
        show_table(
            rows,
            (
                Col("damage", "Damage Points"),
                Col("p", "Probability", align="right"),
                Col("losses", "Proposed losses", width=560),
            ),
        )


def loss_text(state: GameState, losses: Iterable[Loss]) -> str:
    """``"2 × M11/39 of I(M) Tank Bn, 1 × ..."`` (``"none"`` when nothing is lost)."""
    text = ", ".join(
        f"{x.points} × {_system(state, x.system)} of {_name(state, x.unit)}"
        for x in losses
        if x.points
    )
    return text or "none"


def show_close_assault(state: GameState, calc: CloseAssaultCalculation) -> None:
    """The columns of 15.79, the marginal odds of each result and the expected losses."""
    metrics = st.columns(3)
    metrics[0].metric("Column of the Basic Assault Differential (15.26)", calc.basic_column)
    metrics[1].metric(
        "Final column of 15.79",
        "by the morale dice" if calc.column == MORALE_ROLLED else calc.column,
    )
    metrics[2].metric("Action", "Probe" if calc.action == "probe" else "Close Assault")
    if calc.no_assault:
        st.info(plain(f"No assault: {calc.no_assault}"))
    if len(calc.columns) > 1:
        odds_chart(calc.columns.items(), "Final column, over the 17.4 morale dice", "Column")
    rows = (
        (
            (calc.attacker_loss.items(), "Attacker loss (15.79)", "% of Raw points"),
            (calc.defender_loss.items(), "Defender loss (15.79)", "% of Raw points"),
        ),
        (
            (calc.retreat.items(), "Defender Retreat (15.82)", "Hexes"),
            (
                [(STATUS_NAMES.get(k, k), p) for k, p in calc.status.items()],
                "Engaged or Contact (15.81)",
                "Status",
            ),
        ),
    )
    for row in rows:
        for column, (odds, title, axis) in zip(st.columns(2), row, strict=True):
            with column:
                odds_chart(odds, title, axis)
    expected = [_expected_row("Attacker", calc.attacker_expected)]
    expected += [
        _expected_row(f"Defender, if it {how}", e) for how, e in calc.defender_expected.items()
    ]
    st.markdown("**Expected losses** (exact, over every outcome)")
    show_table(expected, EXPECTED_COLUMNS)


def _expected_row(side: str, e: SideExpectation) -> Row:
    def shown(x: Fraction) -> str:
        return exact(x) if x.denominator == 1 else f"{exact(x)} ≈ {float(x):.2f}"

    return {
        "side": side,
        "raw": shown(e.raw_lost),
        "toe": shown(e.toe_lost),
        "captured": shown(e.toe_captured),
        "dp": f"{exact(e.dp_chance)} ({float(e.dp_chance):.1%})",
    }


def show_calculation(state: GameState, prepared: PreparedCombat) -> None:
    """The calculation: its headline figures and odds, then the working in tabs."""
    calc = prepared.calculation
    if isinstance(calc, BarrageCalculation):
        show_barrage(state, calc)
    elif isinstance(calc, AntiArmorCalculation):
        show_anti_armor(state, calc)
    else:
        show_close_assault(state, calc)
    for note in prepared.notes:
        st.caption(plain(f"Note: {note}"))
    working(state, calc)


# --- dice, result, allocation, confirmation ---------------------------------------------------
DICE_LABELS: Final = {
    "target": "Target reading",
    "trucks": "Truck reading",
    "fire": "Reading",
    "attacker": "Attacker reading",
    "defender": "Defender reading",
    "attacker_prisoners": "Attacker prisoner die",
    "defender_prisoners": "Defender prisoner die",
    "attacker_morale": "Attacker morale reading",
    "defender_morale": "Defender morale reading",
}


def _new_seed(key: str) -> None:
    """The Roll button: a fresh seed for the ledger's dice (``resolve.roll_dice``)."""
    st.session_state[key] = secrets.randbelow(1_000_000)


def dice_inputs(
    prepared: PreparedCombat, keys: FormKeys
) -> tuple[dict[str, int], int | None] | None:
    """The readings ``dice_for`` names, typed in or rolled with a seed: (dice, seed), or
    ``None`` while a reading that is always needed is missing."""
    specs = dice_for(prepared)
    if not specs:
        st.caption("No dice are thrown (15.29).")
        return {}, None
    how = st.radio("Dice", [AT_TABLE, ROLLED], horizontal=True, key=keys("how"))
    if how == ROLLED:
        seed_col, roll_col = st.columns([1, 3], vertical_alignment="bottom")
        seed = seed_col.number_input(
            "Seed",
            0,
            2**31 - 1,
            value=None,
            step=1,
            key=keys("seed"),
            help="the same seed rolls the same dice",
        )
        roll_col.button("Roll", on_click=_new_seed, args=(keys("seed"),), key=keys("roll"))
        if seed is None:
            st.caption("Press Roll (or type a seed) to roll the dice.")
            return None
        rolled = roll_dice(prepared, int(seed))
        shown = ", ".join(f"{DICE_LABELS.get(n, n).lower()} {v}" for n, v in rolled.items())
        st.markdown(f"Rolled with seed **{int(seed)}**: {plain(shown)}")
        return rolled, int(seed)
    dice: dict[str, int] = {}
    columns = [c for _ in range(0, len(specs), 4) for c in st.columns(4)]
    for column, spec in zip(columns, specs, strict=False):
        two = spec.dice == "d66"
        value = column.number_input(
            f"{DICE_LABELS.get(spec.name, spec.name)} ({spec.case})",
            min_value=11 if two else 1,
            max_value=66 if two else 6,
            value=None,
            step=1,
            key=keys(spec.name),
            help=("two dice, large die first (11-66)" if two else "one die (1-6)")
            + ("" if spec.required else f"; only when {spec.when}"),
        )
        if value is not None:
            dice[spec.name] = int(value)
    if any(s.required and s.name not in dice for s in specs):
        st.caption("Enter the readings thrown at the table.")
        return None
    return dice, None


def _pool(reading: CombatReading, which: str) -> list[tuple[str, str]]:
    """(unit, system) pairs a list of the allocation may name."""
    calc = reading.prepared.calculation
    if isinstance(calc, BarrageCalculation):
        return [(calc.target.unit, s) for s, _ in reading.prepared.target_toe]
    if isinstance(calc, AntiArmorCalculation):
        return list(dict.fromkeys((a.unit, a.system) for a in calc.absorbing))
    assert isinstance(calc, CloseAssaultCalculation)
    side = calc.setup.attacker if which.startswith("attacker") else calc.setup.defender
    return list(dict.fromkeys((e.unit, e.system) for e in side.overrun_elements))


def loss_editor(
    state: GameState, reading: CombatReading, which: str, label: str, keys: FormKeys
) -> list[dict[str, object]]:
    """One list of the owner's allocation, editable, the proposal's by default: rows of
    ``{"unit", "system", "points"}`` as ``parse_allocation`` reads them."""
    proposal: tuple[Loss, ...] = getattr(reading.proposal, which)
    pool = _pool(reading, which)
    options = [f"{u}|{s}" for u, s in pool]
    rows = [
        {"TOE of": f"{x.unit}|{x.system}", "TOE points": x.points} for x in proposal if x.points
    ]

    def named(option: object) -> str:
        unit, _, system = str(option).partition("|")
        return f"{_name(state, unit)}: {_system(state, system)}"

    st.caption(label)
    if not rows:
        st.markdown("None.")
        return []
    edited = st.data_editor(
        pd.DataFrame(rows, columns=["TOE of", "TOE points"]),
        key=keys(f"alloc_{which}_{_digest(tuple(r.values()) for r in rows)}"),
        num_rows="dynamic",
        hide_index=True,
        width="stretch",
        column_config={
            "TOE of": st.column_config.SelectboxColumn(
                "TOE of", options=options, format_func=named, required=True, width="medium"
            ),
            "TOE points": st.column_config.NumberColumn(min_value=0, step=1, required=True),
        },
    )
    found: list[dict[str, object]] = []
    for row in edited.to_dict("records"):
        points = count(row["TOE points"])
        if isinstance(row["TOE of"], str) and points is not None:
            unit, _, system = row["TOE of"].partition("|")
            found.append({"unit": unit, "system": system, "points": points})
    return found


def allocation_inputs(
    state: GameState, reading: CombatReading, keys: FormKeys
) -> dict[str, object]:
    """The owner's allocation as ``parse_allocation`` reads it (the CLI's --allocation file)."""
    calc = reading.prepared.calculation
    st.markdown("**Losses** — proposed; the owning player may choose others")
    if not isinstance(calc, CloseAssaultCalculation):
        owner = SIDE_NAMES[_enemy(reading.prepared.attacker)]
        return {"losses": loss_editor(state, reading, "losses", f"{owner} TOE points lost", keys)}
    allocation: dict[str, object] = {"defender_stands": reading.proposal.defender_stands}
    for column, who in zip(st.columns(2), ("attacker", "defender"), strict=True):
        with column:
            allocation[f"{who}_losses"] = loss_editor(
                state, reading, f"{who}_losses", f"{who.capitalize()} TOE points lost (15.83)", keys
            )
            if getattr(reading.proposal, f"{who}_captured") or getattr(
                reading.result, f"{who}_captured"
            ):
                allocation[f"{who}_captured"] = loss_editor(
                    state,
                    reading,
                    f"{who}_captured",
                    "of which captured (15.85, 15.86)",
                    keys,
                )
    return allocation


def refused(
    state: GameState, errors: Sequence[LedgerError], title: str = "Refused — nothing was written"
) -> None:
    """Show every problem, field first, under ``title``."""
    st.error(f"{title}:\n\n" + "\n".join(f"- {line}" for line in error_lines(errors, state)))


def posting_for(
    state: GameState, pending: Mapping[str, Any]
) -> tuple[CombatReading, Any] | list[LedgerError]:
    """The reading and ``CombatPosting`` of a pending confirmation (request, dice, seed,
    stands, allocation), or the problems found."""
    try:
        prepared = build_combat(parse_request(pending["request"]), state)
        reading = read_combat(
            prepared, pending["dice"], seed=pending["seed"], defender_stands=pending["stands"]
        )
        allocation = parse_allocation(pending["allocation"], state, reading.proposal)
        return reading, combat_posting(reading, allocation)
    except RequestError as exc:
        return exc.errors
    except ValueError as exc:
        return [value_error("combat", exc)]


def resolve_section(
    game: Game, prepared: PreparedCombat, request: dict[str, object], keys: FormKeys
) -> None:
    """Dice, result, allocation and the Confirm button (kept as a pending confirmation)."""
    state = game.state
    stands = False
    if isinstance(prepared.calculation, CloseAssaultCalculation):
        stands = st.checkbox(
            "The defender stands instead of retreating: 10 % a hex (15.82)", key=keys("stands")
        )
    thrown = dice_inputs(prepared, keys)
    if thrown is None:
        return
    dice, seed = thrown
    try:
        reading = read_combat(prepared, dice, seed=seed, defender_stands=stands)
    except ValueError as exc:
        refused(state, [value_error("dice", exc)], "Check the dice")
        return
    st.markdown("**Result**")
    st.markdown("\n".join(f"- {plain(named_text(state, line))}" for line in reading.summary))
    with st.expander("How the dice were read"):
        show_table(figure_rows(state, reading.result.figures), FIGURE_COLUMNS)
    if prepared.not_postable:
        st.caption(plain(f"Not posted: {prepared.not_postable}."))
        return
    allocation = allocation_inputs(state, reading, keys)
    pending = {
        "game": game.session.name,
        "seq": game.session.last_seq,
        "request": request,
        "dice": dice,
        "seed": seed,
        "stands": stands,
        "allocation": allocation,
    }
    found = posting_for(state, pending)
    ok = not isinstance(found, list)
    if isinstance(found, list):
        refused(state, found)
    else:
        outcome = post_combat(state, found[1], game.source(state, ""))
        if outcome.ok:
            st.markdown("**Confirm records**")
            st.markdown(
                "\n".join(
                    f"- {plain(named_text(state, describe(e, state)))}" for e in outcome.events
                )
            )
        else:
            ok = False
            refused(state, outcome.errors)
    st.session_state[PENDING_KEY] = pending
    reason_col, button_col = st.columns([3, 1], vertical_alignment="bottom")
    reason_col.text_input("Reason", placeholder="e.g. dawn attack on C3920", key=keys("reason"))
    button_col.button(
        "Confirm", type="primary", key=keys("submit"), disabled=not ok, width="stretch"
    )


def confirm(game: Game, keys: FormKeys) -> None:
    """Post the pending confirmation drawn in the previous run (``post_combat``); show the
    events, or every problem and that nothing was written."""
    pending = st.session_state.get(PENDING_KEY)
    if not isinstance(pending, dict) or pending.get("game") != game.session.name:
        st.warning("Nothing to confirm: set the combat up again.")
        return
    if pending["seq"] != game.session.last_seq:
        st.warning(
            "The ledger changed since these dice were entered: check them and confirm again."
        )
        return
    found = posting_for(game.state, pending)
    if isinstance(found, list):
        refused(game.state, found)
        return
    reason = str(keys.value("reason") or "") or f"combat: {found[1].combat.replace('_', ' ')}"
    posting = found[1]
    if game.execute(lambda s: post_combat(s, posting, game.source(s, reason))):
        st.session_state.pop(PENDING_KEY, None)


def missing(request: Mapping[str, Any]) -> str:
    """What the set-up still lacks before it can be worked out ("" when complete)."""
    combat = request["combat"]
    if combat == "barrage":
        if not request["guns"]:
            return "Choose the firing units and their TOE points."
        return "" if request["target"]["unit"] else "Choose the target hex and unit."
    if combat == "anti-armor":
        if not request["firing"]:
            return "Choose the firing units and their TOE points."
        return "" if request["targets"] else "Choose the target hex."
    if not request["attackers"]:
        return "Choose the attacking units and their TOE points."
    return "" if request["defenders"] else "Choose the target hex and its defending units."


# --- the page ---------------------------------------------------------------------------------
def render() -> None:
    """The Combat page."""
    game = open_game()
    st.title("Combat")
    st.caption(
        "Barrage (12), Anti-Armor fire (14), Close Assault and Probe (15): set the combat up "
        "from the ledger's units, read the exact odds, throw or roll the dice, check the "
        "losses. Nothing is written until Confirm; Undo on the Journal page takes it back."
    )
    keys = FormKeys(DICE_FORM, game.session.last_seq)
    if keys.submitted:
        confirm(game, keys)
    keys = FormKeys(DICE_FORM, game.session.last_seq)
    combat = str(
        st.segmented_control(
            "Combat",
            list(COMBATS),
            default="barrage",
            format_func=COMBATS.__getitem__,
            key="combat_kind",
        )
        or "barrage"
    )
    request = setup_request(game, combat)
    st.subheader("Odds")
    lacking = missing(request)
    if lacking:
        st.info(lacking)
        show_status(game)
        return
    try:
        prepared = build_combat(parse_request(request), game.state)
    except RequestError as exc:
        refused(game.state, exc.errors)
    else:
        show_calculation(game.state, prepared)
        st.subheader("Dice and losses")
        resolve_section(game, prepared, request, keys)
    with st.expander("The request as JSON (`quartermaster calc cna` takes the same)"):
        st.json(request)
    show_status(game)


if __name__ == "__main__":
    render()
