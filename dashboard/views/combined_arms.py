"""Combined Arms page: SPI *Combined Arms* (1974) calculators — a Combat Phase attack, an
Overrun, an Air Strike, Disruption, and the 14.0 unit presets.

The page builds the same JSON request ``quartermaster calc combined-arms <calculation>`` takes
(docs/games/combined-arms.md) from its widgets and shows what the calculation returns; no rule
is computed here. It needs no CNA game.
"""

from __future__ import annotations

from typing import Any, Final

import streamlit as st

from dashboard.games import page_header, ruling_choices, run_calculation, show_json, show_result
from dashboard.text import plain
from ledger.games.combined_arms.crt import RESULT_MEANINGS
from ledger.games.combined_arms.disruption import LEVELS
from ledger.games.combined_arms.rulings import RULINGS
from ledger.games.combined_arms.terrain import TERRAIN_LABELS, terrain_modes
from ledger.games.combined_arms.units import UNIT_TYPES, Preset, all_presets, presets, scenarios

GAME: Final = "combined-arms"
K: Final = "combined_arms_"
# Widget keys all start with K (AppTest drives them by key).
CALCULATIONS: Final = {
    "combat": "Combat",
    "overrun": "Overrun",
    "air-strike": "Air Strike",
    "disruption": "Disruption",
    "units": "Unit presets (14.0)",
}
NONE: Final = "(none)"
TYPED: Final = "(typed strengths)"
AIR: Final = "air-strike"
SLOTS: Final = 4
TERRAINS: Final = TERRAIN_LABELS
MODES_ALL: Final = {
    "": "the scenario's",
    **{key: mode.label for key, mode in terrain_modes().items()},
}
HEXSIDES: Final = {"none": "no river", "river": "river", "ford": "ford", "bridge": "bridge"}
RESULTS: Final = ("", *RESULT_MEANINGS)
# The unit types some 14.0 preset has (the units filter offers these). (Comments, not docstrings:
# Streamlit would print a bare string of a page script.)
PRESET_TYPES: Final = tuple(t for t in UNIT_TYPES if any(p.type == t for p in all_presets()))


def _presets(scenario: int | None) -> dict[str, Preset]:
    return {p.id: p for p in presets(scenario_number=scenario)}


def _label(options: dict[str, Preset]) -> Any:
    def shown(key: str) -> str:
        found = options.get(key)
        return found.label if found else key

    return shown


def _place(request: dict[str, Any], calc: str) -> int | None:
    """The scenario, Terrain Mode and the defender's hex widgets, into ``request``."""
    numbers = [None, *(s.number for s in scenarios())]
    titles = {s.number: f"{s.number}: {s.title}" for s in scenarios()}
    cols = st.columns(4)
    number = cols[0].selectbox(
        "Scenario",
        numbers,
        index=1,
        key=f"{K}scenario",
        format_func=lambda n: "(none)" if n is None else titles[n],
    )
    mode = cols[1].selectbox(
        "Terrain Mode", list(MODES_ALL), key=f"{K}mode", format_func=MODES_ALL.__getitem__
    )
    terrain = cols[2].selectbox(
        "Defender's hex", list(TERRAINS), key=f"{K}terrain", format_func=TERRAINS.__getitem__
    )
    improved = cols[3].checkbox("Improved Position", key=f"{K}improved")
    if number is not None:
        request["scenario"] = number
    if mode:
        request["terrain_mode"] = mode
    request["terrain"] = terrain
    if improved:
        request["improved_position"] = True
    return number


def _defender(options: dict[str, Preset], prefix: str = "") -> dict[str, Any]:
    cols = st.columns(3)
    choice = cols[0].selectbox(
        "Defender",
        [TYPED, *options],
        index=1 if options else 0,
        key=f"{K}{prefix}defender",
        format_func=lambda k: k if k == TYPED else _label(options)(k),
    )
    level = cols[1].selectbox("Disruption now", LEVELS, key=f"{K}{prefix}disruption")
    defender: dict[str, Any] = {}
    if choice == TYPED:
        defense = cols[2].text_input(
            "Defense Strength ([n] = Hard Target)", "[4]", key=f"{K}{prefix}defense"
        )
        defender["defense"] = defense.strip()
    else:
        defender["preset"] = choice
    if level != "none":
        defender["disruption"] = level
    return defender


def _combat(options: dict[str, Preset]) -> dict[str, Any]:
    request: dict[str, Any] = {}
    st.markdown("**Attackers** (their Attack Strengths are totalled, 8.13)")
    attackers = []
    for i in range(SLOTS):
        entry = _attacker(options, i)
        if entry is not None:
            attackers.append(entry)
    request["attackers"] = attackers
    request["defender"] = _defender(options)
    crossing = st.selectbox(
        "The river hexside has", ["river", "ford", "bridge"], key=f"{K}crossing"
    )
    if crossing != "river":
        request["river_crossing"] = crossing
    return request


def _attacker(options: dict[str, Preset], i: int) -> dict[str, Any] | None:
    """Attacker slot ``i``, folded in an expander named by its unit (the first one open): its
    request entry, or ``None`` when the slot is empty."""
    default = 1 if i == 0 and options else 0
    shown = st.session_state.get(f"{K}attacker_{i}", [NONE, *options, AIR][default])
    name = "Air Strike (8.92)" if shown == AIR else _label(options)(shown)
    with st.expander(plain(f"Attacker {i + 1}: {name}"), expanded=i == 0):
        cols = st.columns([3, 1, 1, 1])
        choice = cols[0].selectbox(
            f"Attacker {i + 1}",
            [NONE, *options, AIR],
            index=1 if i == 0 and options else 0,
            key=f"{K}attacker_{i}",
            format_func=lambda k: "Air Strike (8.92)" if k == AIR else _label(options)(k),
        )
        river = cols[1].checkbox("across a river", key=f"{K}attacker_{i}_river")
        hexes = cols[2].number_input(
            "range (hexes)",
            0,
            40,
            0,
            key=f"{K}attacker_{i}_range",
            help="Checked against the Range Allowance (3.23); 0: not checked.",
        )
        strength = cols[3].text_input(
            "strength employed",
            "",
            key=f"{K}attacker_{i}_strength",
            help="Optional: an adjusted Attack Strength such as 6 or [3] (e.g. for range "
            "attenuation, 8.8, which the text lacks); blank uses the preset's Hard or Soft one.",
        )
    if choice == NONE:
        return None
    entry: dict[str, Any] = {"air_strike": True} if choice == AIR else {"preset": choice}
    if river:
        entry["across_river"] = True
    if hexes and choice != AIR:
        entry["range_hexes"] = int(hexes)
    if strength.strip() and choice != AIR:
        entry["strength"] = strength.strip()
    return entry


def _overrun(options: dict[str, Preset]) -> dict[str, Any]:
    movers = {k: p for k, p in options.items() if p.type in ("tank", "infantry", "armored-recon")}
    cols = st.columns(3)
    first = cols[0].selectbox(
        "Overrunning unit",
        list(movers),
        key=f"{K}overrunner",
        format_func=_label(movers),
    )
    wave = cols[1].selectbox(
        "Wave Overrun partner (5.36)",
        [NONE, *movers],
        key=f"{K}wave",
        format_func=_label(movers),
    )
    armor = cols[2].selectbox(
        "Armor is a",
        ["tank", "assault-gun"],
        key=f"{K}armor_type",
        help="14.0 lost the unit symbols: armor rows are tanks unless you say otherwise.",
    )
    adjacent = st.checkbox(
        "Infantry began the Movement Phase adjacent to the defender (5.39: no terrain cost)",
        key=f"{K}adjacent",
    )
    units = []
    for key in [first] + ([wave] if wave != NONE else []):
        if key is None:
            continue
        unit: dict[str, Any] = {"preset": key}
        if movers[key].type == "tank" and armor != "tank":
            unit["type"] = armor
        if adjacent and movers[key].type == "infantry":
            unit["adjacent_at_start"] = True
        units.append(unit)
    place = st.columns(4)
    entry = place[0].selectbox(
        "Hexside into the defender",
        list(HEXSIDES),
        key=f"{K}entry",
        format_func=HEXSIDES.__getitem__,
    )
    exit_1 = place[1].selectbox(
        "Exit hex", list(TERRAINS), key=f"{K}exit_1", format_func=TERRAINS.__getitem__
    )
    exit_2 = place[2].selectbox(
        "Second exit hex (wave armor)",
        list(TERRAINS),
        key=f"{K}exit_2",
        format_func=TERRAINS.__getitem__,
    )
    points = place[3].number_input("Movement Points left (0: not checked)", 0, 20, 0, key=f"{K}mp")
    if points:
        for unit in units:
            unit["movement_points"] = int(points)
    request: dict[str, Any] = {
        "overrunners": units,
        "defender": _defender(options, "overrun_"),
        "exits": [{"terrain": exit_1}] + ([{"terrain": exit_2}] if len(units) == 2 else []),
    }
    if entry != "none":
        request["entry_hexside"] = entry
    return request


def _air_strike(options: dict[str, Preset]) -> dict[str, Any]:
    strikes = st.number_input("Air Strikes on the hex", 1, 5, 1, key=f"{K}strikes")
    return {"defender": _defender(options, "air_"), "strikes": int(strikes)}


def _disruption() -> dict[str, Any]:
    cols = st.columns(3)
    level = cols[0].selectbox("Disruption now", LEVELS, index=1, key=f"{K}level")
    result = cols[1].selectbox(
        "Result suffered", RESULTS, key=f"{K}result", format_func=lambda r: r or "(none)"
    )
    phases = cols[2].number_input("Removal phases to look ahead", 1, 10, 3, key=f"{K}phases")
    request: dict[str, Any] = {"level": level, "phases": int(phases)}
    if result:
        request["result"] = result
    return request


def _units() -> dict[str, Any]:
    cols = st.columns(3)
    side = cols[0].selectbox("Side", ["", "alpha", "bravo"], key=f"{K}units_side")
    number = cols[1].selectbox("Scenario", [0, 1, 2, 3, 4, 5, 6], key=f"{K}units_scenario")
    kind = cols[2].selectbox(
        "Type",
        ["", *PRESET_TYPES],
        key=f"{K}units_type",
    )
    request: dict[str, Any] = {}
    if side:
        request["side"] = side
    if number:
        request["scenario"] = number
    if kind:
        request["type"] = kind
    return request


def render() -> None:
    """Draw the page: the calculation chosen, its inputs, its result and the JSON."""
    calc = page_header(
        "Combined Arms (SPI 1974)",
        "Exact odds on the six Combat Results Tables 13.21-13.33; brackets as printed in 14.0 "
        "([n] = Hard). Rulings: docs/games/combined-arms.md.",
        CALCULATIONS,
        K,
    )
    request: dict[str, Any]
    if calc in ("combat", "overrun", "air-strike"):
        place: dict[str, Any] = {}
        number = _place(place, calc)
        options = _presets(number)
        build = {"combat": _combat, "overrun": _overrun, "air-strike": _air_strike}[calc]
        request = {**place, **build(options)}
    elif calc == "disruption":
        request = _disruption()
    else:
        request = _units()
    if calc != "units":
        chosen = ruling_choices(RULINGS, K, "docs/games/combined-arms.md")
        if chosen:
            request["rulings"] = chosen
    result = run_calculation(GAME, calc, request)
    show_result(result, x_titles={"CRT result": "Result code", "defender after": "Defender"})
    show_json(GAME, calc, request, result)


if __name__ == "__main__":
    render()
