"""Battles for North Africa page: the ADC2 calculators — a combat's odds, CRT and drm (with the
player's CRT loaded, the exact odds of each result), a result code applied to the units, and
supply paths on a hex map.

The page builds the same JSON request ``quartermaster calc bfna <calculation>`` takes
(docs/games/bfna.md) from its widgets and shows what the calculation returns; no rule is
computed here. An uploaded CRT CSV is sent as the request's ``crt_csv`` text; an uploaded map
file is read (TOML or JSON) and sent as the request's ``grid`` object. It needs no CNA game.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, Final

import streamlit as st

from dashboard.games import page_header, run_calculation, show_json, show_result
from dashboard.tables import Col, show_table
from dashboard.text import plain
from ledger.games.battles_for_north_africa.results import explanation_table
from ledger.games.battles_for_north_africa.terrain import hex_types, hexside_types
from ledger.games.battles_for_north_africa.units import unit_types
from ledger.io.files import REQUEST_MAX_BYTES, FileRefused, read_data, read_text

GAME: Final = "bfna"
K: Final = "bfna_"
# Widget keys all start with K (AppTest drives them by key).
CALCULATIONS: Final = {
    "combat": "Combat odds",
    "result": "Apply a result",
    "supply": "Supply",
}
EXAMPLES: Final = Path(__file__).resolve().parents[2] / "docs" / "examples" / "bfna"
NONE: Final = "(none)"
CRT_CHOICES: Final = {
    "none": "no CRT (odds, column and drm only)",
    "upload": "upload my CRT CSV",
    "fictional": "the invented example CRT (not the game's!)",
}
MAP_CHOICES: Final = {
    "example": "the example map (docs/examples/bfna/grid.toml)",
    "upload": "upload",
}
FLAGS: Final = {
    "in_battery": "in battery",
    "rommel": "Rommel's HQ",
    "disabled": "disabled",
    "by_road": "along a road",
}
# The result codes of Combat Phase ¶7-¶14 in the text's order (A1/D1, A2/D2 for An/Dn).
# (Comments, not docstrings: Streamlit would print a bare string of a page script.)
CODES: Final = tuple(code.code for code in explanation_table())
ATTACKER_SLOTS: Final = 4
DEFENDER_SLOTS: Final = 3
PRESETS: Final = {
    "attacker_0": ("armor", "II/5 Pz Regt", 6, 4),
    "attacker_1": ("mot-infantry", "I/104 Mot Inf", 3, 3),
    "defender_0": ("infantry", "2 Rifle Bde", 2, 4),
    "defender_1": ("armor", "7 RTR", 5, 5),
}
EXPLANATION_COLUMNS: Final = (
    Col("code", "Code"),
    Col("attacker_steps", "Attacker steps"),
    Col("defender_steps", "Defender steps"),
    Col("attacker_retreat", "Attacker retreat (hexes)"),
    Col("defender_retreat", "Defender retreat (hexes)"),
    Col("meaning", "Meaning", width=420),
    Col("case", "Case"),
)


def _unit(slot: str, label: str, attacker: bool) -> dict[str, Any] | None:
    """One unit's widgets (``slot`` is "attacker_0", ...), folded in an expander named by the
    unit: the unit, or ``None`` when empty."""
    kind0, name0, af0, df0 = PRESETS.get(slot, (NONE, "", 0, 0))
    shown = st.session_state.get(f"{K}{slot}_type", kind0)
    named = st.session_state.get(f"{K}{slot}_name", name0)
    title = f"{label}: {named or 'unnamed'} ({shown})" if shown != NONE else f"{label}: empty"
    with st.expander(plain(title)):
        return _unit_fields(slot, label, attacker, (kind0, name0, af0, df0))


def _unit_fields(
    slot: str, label: str, attacker: bool, preset: tuple[str, str, int, int]
) -> dict[str, Any] | None:
    """The widgets of ``_unit``, filled with ``preset`` (type, name, AF, DF) at first."""
    kind0, name0, af0, df0 = preset
    types = [NONE, *unit_types()]
    cols = st.columns([2, 2, 1, 1, 1, 1, 1])
    kind = cols[0].selectbox(label, types, index=types.index(kind0), key=f"{K}{slot}_type")
    name = cols[1].text_input("Name", name0, key=f"{K}{slot}_name")
    af = cols[2].number_input("AF", 0, 99, af0, key=f"{K}{slot}_af")
    df = cols[3].number_input("DF", 0, 99, df0, key=f"{K}{slot}_df")
    fire = cols[4].number_input(
        "BF" if attacker else "FPF",
        0,
        99,
        0,
        key=f"{K}{slot}_fire",
        help=(
            "Barrage fire of an in-battery artillery unit (used when it attacks alone, or an AT "
            "unit against armor; Artillery Units ¶3, AT Units ¶1)"
            if attacker
            else "Final protective fire of an in-battery AT unit attacked by armor (AT Units ¶1)"
        ),
    )
    steps = cols[5].number_input(
        "Steps",
        1,
        4,
        2,
        key=f"{K}{slot}_steps",
        help="Counter sides left: 1 means its next step reduction removes it (used by results)",
    )
    supplied = cols[6].checkbox("In supply", True, key=f"{K}{slot}_supply")
    marks = st.columns(2)
    flags = marks[0].multiselect(
        "Marks", list(FLAGS), key=f"{K}{slot}_flags", format_func=FLAGS.__getitem__
    )
    hexsides: list[str] = []
    if attacker:
        hexsides = marks[1].multiselect(
            "Attacks across",
            list(hexside_types()),
            key=f"{K}{slot}_hexsides",
            format_func=lambda h: hexside_types()[h].label,
        )
    if kind == NONE:
        return None
    unit: dict[str, Any] = {"name": name or slot, "type": kind, "af": int(af), "df": int(df)}
    if fire:
        unit["bf" if attacker else "fpf"] = int(fire)
    if steps != 2:
        unit["steps"] = int(steps)
    if not supplied:
        unit["in_supply"] = False
    unit.update({flag: True for flag in flags})
    if hexsides:
        unit["hexsides"] = hexsides
    return unit


def _units(attacking: Any, defending: Any) -> dict[str, Any]:
    """The attackers' and defenders' slots, in the tabs ``attacking`` and ``defending``."""
    with attacking:
        attackers = [
            _unit(f"attacker_{i}", f"Attacker {i + 1}", True) for i in range(ATTACKER_SLOTS)
        ]
    with defending:
        st.caption("Every unit in the defender's hex.")
        defenders = [
            _unit(f"defender_{i}", f"Defender {i + 1}", False) for i in range(DEFENDER_SLOTS)
        ]
    return {
        "attackers": [u for u in attackers if u],
        "defenders": [u for u in defenders if u],
    }


def _crt(request: dict[str, Any]) -> None:
    choice = st.selectbox(
        "CRT", list(CRT_CHOICES), key=f"{K}crt", format_func=CRT_CHOICES.__getitem__
    )
    if choice == "fictional":
        request["crt_csv"] = (EXAMPLES / "fictional-crt.csv").read_text(encoding="utf-8")
        st.warning("Invented cells for trying the page out: these are not the game's CRTs.")
    elif choice == "upload":
        st.caption("Format: templates/games/bfna-crt.csv and docs/games/bfna.md (The CRT file).")
        upload = st.file_uploader("Your CRT CSV", type=["csv"], key=f"{K}crt_file")
        if upload is not None:
            try:
                request["crt_csv"] = read_text(upload, "CRT CSV", REQUEST_MAX_BYTES)
            except FileRefused as refused:
                st.error(plain("\n".join(str(e) for e in refused.errors)))


def _combat() -> dict[str, Any]:
    attacking, defending, ground, crt = st.tabs(
        ["Attackers", "Defenders", "Terrain and fire", "CRT"]
    )
    request = _units(attacking, defending)
    with ground:
        _ground(request)
    with crt:
        _crt(request)
    return request


def _ground(request: dict[str, Any]) -> None:
    """The defender's hex, the CRT asked for and the fire support, into ``request``."""
    cols = st.columns(4)
    terrain = cols[0].selectbox(
        "Defender's hex",
        list(hex_types()),
        key=f"{K}terrain",
        format_func=lambda t: hex_types()[t].label,
    )
    fort = cols[1].selectbox("Fortification", [0, 1, 2], key=f"{K}fortification")
    drm = cols[2].number_input(
        "Terrain drm (your TEC)",
        -6,
        6,
        0,
        key=f"{K}terrain_drm",
        help="The defending terrain drm from your game's TEC; the rules text does not print it",
    )
    table = cols[3].selectbox(
        "CRT asked for",
        ["", "mobile", "assault"],
        key=f"{K}table",
        format_func=lambda t: t or "as the rules call",
    )
    support = st.columns(5)
    bf = support[0].number_input("Offensive fire (BF)", 0, 200, 0, key=f"{K}offensive_fire")
    fpf = support[1].number_input("Defensive fire (FPF)", 0, 200, 0, key=f"{K}defensive_fire")
    air_a = support[2].number_input("Close attack support", 0, 99, 0, key=f"{K}close_attack")
    air_d = support[3].number_input("Close defense support", 0, 99, 0, key=f"{K}close_defense")
    stukas = support[4].number_input(
        "Stukas", 0, 9, 0, key=f"{K}stukas", help="Stukas on the hex: a drm, no strength"
    )
    failed = st.checkbox("A defender failed to retreat before combat", key=f"{K}initiative")
    request.update({"terrain": terrain, "fortification": fort, "terrain_drm": int(drm)})
    if table:
        request["table"] = table
    if bf:
        request["offensive_fire"] = [{"name": "offensive fire support", "strength": int(bf)}]
    if fpf:
        request["defensive_fire"] = [{"name": "defensive fire support", "strength": int(fpf)}]
    if air_a:
        request["close_attack"] = [int(air_a)]
    if air_d:
        request["close_defense"] = [int(air_d)]
    if stukas:
        request["stukas"] = int(stukas)
    if failed:
        request["initiative_failure"] = True


def _result() -> dict[str, Any]:
    result, attacking, defending = st.tabs(["Result", "Attackers", "Defenders"])
    with result:
        request = _result_fields()
    return {**request, **_units(attacking, defending)}


def _result_fields() -> dict[str, Any]:
    """The result code, its CRT, the fortification and the options of a result."""
    cols = st.columns(4)
    code = cols[0].selectbox("Result code", CODES, index=CODES.index("D2"), key=f"{K}code")
    table = cols[1].selectbox(
        "CRT it was read on",
        ["", "mobile", "assault"],
        key=f"{K}result_table",
        format_func=lambda t: t or "(not said: 1 hex advance)",
        help="A Mobile CRT result lets the attackers advance further (Advance after Combat ¶2)",
    )
    fort = cols[2].selectbox("Fortification", [0, 1, 2], key=f"{K}result_fortification")
    instead = cols[3].checkbox("Steps instead of retreat", key=f"{K}instead")
    mines = st.checkbox("Every attacker attacked across minefields", key=f"{K}minefields")
    request: dict[str, Any] = {"code": code, "fortification": fort}
    if table:
        request["table"] = table
    if instead:
        request["steps_instead_of_retreat"] = True
    if mines:
        request["through_minefields"] = True
    return request


def _supply() -> dict[str, Any] | None:
    choice = st.selectbox(
        "Map", list(MAP_CHOICES), key=f"{K}map", format_func=MAP_CHOICES.__getitem__
    )
    grid: dict[str, Any] | None = None
    if choice == "example":
        grid = tomllib.loads((EXAMPLES / "grid.toml").read_text(encoding="utf-8"))
    else:
        st.caption("Format: docs/games/bfna.md (The map file); TOML or JSON.")
        upload = st.file_uploader("Your map file", type=["toml", "json"], key=f"{K}map_file")
        if upload is not None:
            try:
                grid = read_data(upload, "map file")
            except FileRefused as refused:
                st.error(plain("\n".join(str(e) for e in refused.errors)))
    if grid is None:
        return None
    side = st.selectbox("Side", ["allied", "axis"], key=f"{K}side")
    ids = [
        u.get("id") for u in grid.get("units", []) if isinstance(u, dict) and u.get("side") == side
    ]
    chosen = st.multiselect(
        "Only these units", [i for i in ids if isinstance(i, str)], key=f"{K}units"
    )
    request: dict[str, Any] = {"grid": grid, "side": side}
    if chosen:
        request["units"] = chosen
    return request


def render() -> None:
    """Draw the page: the calculation chosen, its inputs, its result and the JSON."""
    calc = page_header(
        "Battles for North Africa (ADC2)",
        "Odds, Mobile or Assault CRT and the drm stack; exact result odds once your CRT is "
        "loaded (the rules text does not print it); result codes; supply paths. Cases are "
        "section ¶ paragraph. Rulings: docs/games/bfna.md.",
        CALCULATIONS,
        K,
    )
    request: dict[str, Any] | None
    if calc == "combat":
        request = _combat()
    elif calc == "result":
        request = _result()
    else:
        request = _supply()
    if request is None:
        st.info("Upload a map file to check supply.")
        return
    result = run_calculation(GAME, calc, request)
    show_result(result, x_titles={"result": "Result code", "final die roll": "Die roll + drm"})
    if calc == "result" and result:
        with st.expander("What every result code does (Combat Phase ¶7-¶14)"):
            show_table(result["explanation"], EXPLANATION_COLUMNS)
    show_json(GAME, calc, request, result)


if __name__ == "__main__":
    render()
