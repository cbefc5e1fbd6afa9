"""Highway to the Reich page: SPI *Highway to the Reich* (1976/77) calculators — Close Action
(8.73), Disruption Recovery (11.51), Weather (14.11), Air Landing (14.92) and the Terrain
Effects Chart (10.15).

The page builds the same JSON request ``quartermaster calc htr <calculation>`` takes
(docs/games/htr.md) from its widgets and shows what the calculation returns; no rule is
computed here. It needs no CNA game.
"""

from __future__ import annotations

from typing import Any, Final

import streamlit as st

from dashboard.games import page_header, ruling_choices, run_calculation, show_json, show_result
from dashboard.tables import Col, show_table
from ledger.charts.ruling import Ruling
from ledger.games.highway_to_the_reich.close_action import RATIOS, decoded_table
from ledger.games.highway_to_the_reich.rulings import (
    ARTILLERY_COLUMN,
    DIE_ROLL_WINDOWS,
    OBSERVATION_ROW,
    ODDS_ROUNDING,
    ROAD_OVER_HEXSIDE,
    ROUGH_ARMOR,
    SCATTER_DIRECTIONS,
    UNPRINTED_TIMES,
    ZERO_AGAINST_ZERO,
)

GAME: Final = "htr"
K: Final = "htr_"
# Widget keys all start with K (AppTest drives them by key).
CALCULATIONS: Final = {
    "close-action": "Close Action (8.73)",
    "recovery": "Disruption Recovery (11.51)",
    "weather": "Weather (14.11)",
    "air-landing": "Air Landing (14.92)",
    "terrain": "Terrain (10.15)",
}
HEX_TERRAIN: Final = ("clear", "mixed", "woods", "town", "broken", "forest", "rough", "city")
HEXSIDES: Final = ("", "stream", "dike", "canal", "river", "blocked", "lake", "ferry")
ROUTES: Final = ("", "road", "trail", "railroad", "raised-road")
BETWEEN: Final = (
    "woods", "town", "broken", "forest", "rough", "city", "hilltop", "dike", "slope",
)  # fmt: skip
UNITS: Final = ("infantry", "heavy-weapons", "hq", "engineer", "armor", "recon", "artillery")
SLOTS: Final = 6
DIE_COLUMNS: Final = (
    Col("die", "Die roll"),
    Col("row", "Table row"),
    Col("cell", "Cell"),
    Col("attacker", "Attacker"),
    Col("defender", "Defender"),
    Col("advance", "Hex"),
)
STEP_COLUMNS: Final = (
    Col("terrain", "Hex"),
    Col("cost", "MP"),
    Col("stacking_limit", "Stacking limit (SP)"),
    Col("reason", "Prohibited because"),
)


def _rulings(request: dict[str, Any], rulings: tuple[Ruling, ...]) -> None:
    """The ruling pickers; a non-default choice goes into the request's ``"rulings"``."""
    chosen = ruling_choices(rulings, K, "docs/games/htr.md")
    if chosen:
        request["rulings"] = chosen


def _close_action() -> dict[str, Any]:
    cols = st.columns(4)
    attack = cols[0].number_input("Attack strength", 0, 999, 7, key=f"{K}attack")
    defense = cols[1].number_input("Defense strength", 0, 999, 3, key=f"{K}defense")
    value = cols[2].number_input(
        "Close Action Value",
        1,
        9,
        5,
        key=f"{K}cav",
        help="The result column 1-9 the cells are read in (8.73).",
    )
    die = cols[3].selectbox("Die roll (optional)", ["", 1, 2, 3, 4, 5, 6], key=f"{K}die")
    flags = st.columns(3)
    request: dict[str, Any] = {
        "attack": int(attack),
        "defense": int(defense),
        "close_action_value": int(value),
        "attacker_disrupted": flags[0].checkbox("Attacker already disrupted", key=f"{K}att_dis"),
        "defender_disrupted": flags[1].checkbox("Defender already disrupted", key=f"{K}def_dis"),
        "defender_can_retreat": flags[2].checkbox(
            "Defender has a hex to retreat into",
            True,
            key=f"{K}retreat",
            help="Not Enemy-controlled, or holding a Friendly unit; without one a disrupted "
            "defender is eliminated (8.73).",
        ),
    }
    if die != "":
        request["die_roll"] = die
    _rulings(request, (DIE_ROLL_WINDOWS, ODDS_ROUNDING, ZERO_AGAINST_ZERO))
    return request


def _decoded_table(option: str) -> None:
    """The printed 8.73 rows with each ratio column's die rolls where the decoding puts them."""
    table = decoded_table(option)
    rows = []
    for number, cells in enumerate(table.rows, start=1):
        row: dict[str, Any] = {"row": number}
        for ratio in RATIOS:
            die = number - table.first_rows[ratio] + 1
            row[ratio] = str(die) if 1 <= die <= 6 else ""
        row |= {f"v{v}": cell for v, cell in enumerate(cells, start=1)}
        rows.append(row)
    columns = [Col("row", "Row"), *(Col(r, r) for r in RATIOS)]
    columns += [Col(f"v{v}", f"CAV {v}") for v in range(1, 10)]
    with st.expander(f"The decoded 8.73 table ({option})"):
        show_table(rows, columns)


def _recovery() -> dict[str, Any]:
    morale = st.selectbox("Morale Rating (printed)", [1, 2, 3, 4], index=1, key=f"{K}morale")
    labels = {
        "friendly_armor": "+1 stacked with (or is) Friendly armor",
        "friendly_hq_or_leader": "+1 stacked with (or is) a Friendly HQ or Leader",
        "adjacent_enemy_armor": "-1 adjacent to Enemy armor",
        "out_of_supply": "-1 out of supply",
        "adjacent_friendly_disrupted": "-1 adjacent to another Friendly disrupted stack",
    }
    request: dict[str, Any] = {"morale": morale}
    cols = st.columns(len(labels))
    for col, (key, label) in zip(cols, labels.items(), strict=True):
        if col.checkbox(label, key=f"{K}{key}"):
            request[key] = True
    return request


def _weather() -> dict[str, Any]:
    cols = st.columns(4)
    given = cols[0].radio("Give", ["time band", "clock time"], key=f"{K}weather_by")
    request: dict[str, Any] = {}
    if given == "time band":
        request["band"] = cols[1].selectbox("Time band", ["0201-0600", "1201-1400"], key=f"{K}band")
    else:
        request["time"] = cols[1].text_input(
            "Game-Turn time (HHMM)",
            "0400",
            key=f"{K}time",
            help="Only 0201-0600 and 1201-1400 are printed; other times follow the ruling "
            "htr-14.11-unprinted-times.",
        )
    request["half"] = cols[2].selectbox("Map half", ["north", "south"], key=f"{K}half")
    request["night"] = cols[3].checkbox("Night Game-Turn (+5)", key=f"{K}night")
    if given == "clock time":
        _rulings(request, (UNPRINTED_TIMES,))
    return request


def _air_landing() -> dict[str, Any]:
    cols = st.columns(3)
    weather = cols[0].selectbox("Weather Condition (14.11)", [0, 3, 6, "P"], key=f"{K}weather")
    night = cols[1].checkbox("Night (+5)", key=f"{K}air_night")
    flak = cols[2].number_input("Flak points", 0, 30, 0, key=f"{K}flak")
    request: dict[str, Any] = {"weather": weather, "night": night, "flak": int(flak)}
    _rulings(request, (SCATTER_DIRECTIONS,))
    return request


def _hex(prefix: str, label: str, moving: bool = True) -> dict[str, Any]:
    """One hex's widgets: its terrain and a Hilltop; when ``moving``, also the hexside crossed
    into it and the route followed into it (a line of sight reads neither)."""
    cols = st.columns(4 if moving else 2)
    entry: dict[str, Any] = {
        "terrain": cols[0].selectbox(label, HEX_TERRAIN, key=f"{K}{prefix}terrain")
    }
    if cols[-1].checkbox("Hilltop", key=f"{K}{prefix}hilltop"):
        entry["hilltop"] = True
    if not moving:
        return entry
    side = cols[1].selectbox("Hexside crossed", HEXSIDES, key=f"{K}{prefix}hexside")
    route = cols[2].selectbox("Route followed", ROUTES, key=f"{K}{prefix}route")
    if side:
        entry["hexside"] = side
    if route:
        entry["route"] = route
    return entry


def _terrain() -> dict[str, Any]:
    cols = st.columns(4)
    request: dict[str, Any] = {
        "mode": cols[0].selectbox("Mode", ["dispersed", "concentrated", "travel"], key=f"{K}mode"),
        "unit": cols[1].selectbox("Unit", UNITS, key=f"{K}unit"),
        "side": cols[2].selectbox("Side", ["allied", "german"], key=f"{K}side"),
    }
    sheet = cols[3].selectbox("Map", ["", "A", "B", "C", "D"], key=f"{K}map")
    if sheet:
        request["map"] = sheet
    count = st.number_input("Hexes entered", 1, SLOTS, 1, key=f"{K}hexes")
    request["path"] = [_hex(f"path{i}_", f"Hex {i + 1}") for i in range(int(count))]
    if st.checkbox("Line of sight", key=f"{K}los"):
        observer = _hex("observer_", "Observer's hex", moving=False)
        target = _hex("target_", "Target's hex", moving=False)
        distance = st.number_input("Distance (hexes)", 1, 20, 5, key=f"{K}distance")
        between = st.multiselect("Terrain between", BETWEEN, key=f"{K}between")
        request["observation"] = {
            "observer": observer,
            "target": target,
            "distance": int(distance),
            "between": between,
        }
    _rulings(request, (ROUGH_ARMOR, ROAD_OVER_HEXSIDE, ARTILLERY_COLUMN, OBSERVATION_ROW))
    return request


def render() -> None:
    """Draw the page: the calculation chosen, its inputs, its result and the JSON."""
    calc = page_header(
        "Highway to the Reich (SPI 1976/77)",
        "Exact odds on the chart sheet's tables; where the OCR'd charts are garbled or need a "
        "rule the text lacks, a named ruling decides (docs/games/htr.md).",
        CALCULATIONS,
        K,
    )
    builders = {
        "close-action": _close_action,
        "recovery": _recovery,
        "weather": _weather,
        "air-landing": _air_landing,
        "terrain": _terrain,
    }
    request = builders[calc]()
    result = run_calculation(GAME, calc, request)
    show_result(
        result,
        x_titles={
            "cell": "Cell (attacker/defender)",
            "attacker": "Attacker",
            "defender": "Defender",
            "advance": "Hex",
            "adjusted roll": "Adjusted die roll",
            "recovery": "Disruption",
            "Weather Condition points": "Weather Condition points",
            "result": "Air Landing result",
            "distance (hexes)": "Hexes from the drop hex",
            "landing hex": "Landing hex",
            "abort": "Abort",
        },
    )
    if calc == "close-action" and result:
        show_table(result["die_rolls"], DIE_COLUMNS)
        _decoded_table(result["rulings"].get(DIE_ROLL_WINDOWS.id, DIE_ROLL_WINDOWS.default))
    if calc == "terrain" and result:
        show_table(result["steps"], STEP_COLUMNS)
    show_json(GAME, calc, request, result)


if __name__ == "__main__":
    render()
