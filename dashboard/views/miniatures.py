"""WW2 miniatures page: the command test (2.1), dangerous terrain (2.3), towed guns, passengers
and riders (2.4), cavalry mounting (2.2), digging in and minefields (2.5), each with its exact
odds (where there are dice) and working.

The page builds the same JSON request ``quartermaster calc miniatures <calculation> INPUT.json``
takes (docs/games/miniatures.md) from its widgets and hands it to the registry; no rule is
worked here. The player's own tables (the Command Chart, the dangerous terrain ranges), which
the rules text does not print, are uploaded or pasted as CSV and sent inline.
"""

from __future__ import annotations

from typing import Any, Final

import streamlit as st

from dashboard.games import page_header, ruling_choices, run_calculation, show_json, show_result
from dashboard.text import plain
from ledger.charts.ruling import Ruling
from ledger.games.miniatures.rulings import (
    CONSECUTIVE_ASSAULT,
    FIRE_BEFORE_LIMBERING,
    MINEFIELD_EDGE,
    MOVED_TIME,
    REPEAT_TERRAIN,
    RIDER_FIRE,
    SHORT_MOVE,
    TOWING_MOVE,
)
from ledger.io.files import REQUEST_MAX_BYTES, FileRefused, read_text

GAME: Final = "miniatures"
CALCULATIONS: Final = {
    "command-test": "Command test (2.1)",
    "dangerous-terrain": "Dangerous terrain (2.3)",
    "towing": "Towed guns: limber and set up (2.4)",
    "transport": "Passengers (2.4)",
    "riders": "Riders on tanks (2.4)",
    "cavalry": "Cavalry mount / dismount (2.2)",
    "dig-in": "Digging in (2.5)",
    "minefield": "Minefields (2.5)",
}
X_TITLES: Final = {
    "modified roll": "Die + modifiers",
    "command test": "Command test",
    "one vehicle": "Outcome for one vehicle",
}
QUARTERS: Final = ("0", "1/4", "1/2", "3/4", "1")
OBSTACLES: Final = {
    "building": "a building",
    "water-obstacle": "a water obstacle",
    "woods-off-road": "woods, off the road",
    "woods-along-road": "woods, along a road",
}
CARRIERS: Final = {
    "large-target-tank": "tank-class vehicle listed as a large target",
    "t-34-family": "Russian T-34 or related vehicle",
    "half-track": "half-track",
    "other": "other vehicle (truck, jeep, ...)",
}


def optional_yards(where: Any, label: str, key: str) -> int | None:
    """A move in yards from a number input where 0 means "not given"."""
    yards = int(where.number_input(f"{label}, yards (0: not given)", 0, 5000, 0, key=key))
    return yards or None


def entering(key: str, label: str) -> list[str]:
    """The terrain entered this turn that 2.2 / 2.4 name, as request values."""
    chosen: list[str] = st.multiselect(
        label, list(OBSTACLES), format_func=OBSTACLES.__getitem__, key=key
    )
    return chosen


def uploaded_or_pasted(label: str, key: str, template: str) -> str | None:
    """CSV text from an upload, or else from the text box (``None`` when both are empty)."""
    upload = st.file_uploader(f"{label} (CSV)", type=["csv"], key=f"{key}_file")
    pasted = st.text_area(
        f"…or paste it ({template})", key=f"{key}_text", height=110, placeholder=template
    )
    if upload is not None:
        try:
            return read_text(upload, label, REQUEST_MAX_BYTES)
        except FileRefused as refused:  # too large, not UTF-8: said, not a traceback
            st.error(plain("\n".join(str(e) for e in refused.errors)))
            return None
    return pasted if pasted.strip() else None


def with_rulings(request: dict[str, Any], rulings: tuple[Ruling, ...]) -> dict[str, Any]:
    """``request`` with the page's ruling choices (left out when all are defaults)."""
    chosen = ruling_choices(rulings, f"{GAME}_", "docs/games/miniatures.md")
    return {**request, "rulings": chosen} if chosen else request


def command_request() -> dict[str, Any]:
    """The ``command-test`` request from the widgets (2.1)."""
    declared = st.radio(
        "Declared before the roll",
        ("maneuver", "assault", "go-prone"),
        horizontal=True,
        key=f"{GAME}_declared",
    )
    chart = uploaded_or_pasted(
        "Your Command Chart", f"{GAME}_command_chart", "training,maneuver,assault"
    )
    training = st.text_input("Unit's training (a row of your chart)", key=f"{GAME}_training")
    left, right = st.columns(2)
    modifiers: dict[str, bool | int] = {
        "over_the_top": left.checkbox("Over the Top", key=f"{GAME}_over_the_top"),
        "pinned_or_withdrawn": left.checkbox(
            "Pinned, or withdrew last turn", key=f"{GAME}_pinned_or_withdrawn"
        ),
        "demoralized": left.checkbox("Demoralized", key=f"{GAME}_demoralized"),
        "command_hits": int(
            right.number_input(
                "Hits on the regimental command base", 0, 20, 0, key=f"{GAME}_command_hits"
            )
        ),
        "consecutive_assault_moves": int(
            right.number_input(
                "Earlier consecutive assault moves", 0, 20, 0, key=f"{GAME}_consecutive"
            )
        ),
    }
    request: dict[str, Any] = {
        "declared": declared,
        "modifiers": {k: v for k, v in modifiers.items() if v},
    }
    if training.strip():
        request["training"] = training.strip()
    if chart is not None:
        request["command_chart_csv"] = chart
    return with_rulings(request, (CONSECUTIVE_ASSAULT,))


def route_entries(text: str) -> list[str | dict[str, str]]:
    """One route entry per line: ``name`` (a row of the loaded CSV) or ``name: range``."""
    entries: list[str | dict[str, str]] = []
    for line in text.splitlines():
        name, colon, span = line.partition(":")
        if not name.strip():
            continue
        if colon:
            entries.append({"terrain": name.strip(), "immobilized_on": span.strip()})
        else:
            entries.append(name.strip())
    return entries


def terrain_request() -> dict[str, Any]:
    """The ``dangerous-terrain`` request from the widgets (2.3)."""
    chart = uploaded_or_pasted(
        "Your dangerous terrain ranges", f"{GAME}_terrain_chart", "terrain,immobilized_on"
    )
    route = st.text_area(
        "Dangerous terrain on the route, in order: one per line, `name` or `name: 2-3`",
        key=f"{GAME}_route",
        height=110,
    )
    left, right = st.columns(2)
    vehicles = int(left.number_input("Vehicles", 1, 100, 1, key=f"{GAME}_vehicles"))
    yards = int(right.number_input("Yards moved (0: not given)", 0, 5000, 0, key=f"{GAME}_yards"))
    request: dict[str, Any] = {"route": route_entries(route), "vehicles": vehicles}
    if yards:
        request["yards_moved"] = yards
    if chart is not None:
        request["terrain_chart_csv"] = chart
    return with_rulings(request, (SHORT_MOVE, REPEAT_TERRAIN))


def towing_request() -> dict[str, Any]:
    """The ``towing`` request from the widgets (2.4)."""
    left, right = st.columns(2)
    gun_class = int(left.number_input("Gun class", 1, 20, 5, key=f"{GAME}_gun_class"))
    action = right.radio("Action", ("unlimber", "limber"), horizontal=True, key=f"{GAME}_action")
    before = st.select_slider(
        "Share of the turn the vehicle moved first",
        QUARTERS,
        key=f"{GAME}_moved_before",
        help="Unlimber: how much of the turn the vehicle towed the gun before stopping. "
        "Limber: how much of the turn passed (the vehicle driving up) before limbering starts. "
        "Costs and set-up are in turns of movement (2.4).",
    )
    request: dict[str, Any] = {
        "gun_class": gun_class,
        "action": action,
        "vehicle_moved_before": before,
    }
    if action == "limber":
        yards = int(
            left.number_input(
                "Vehicle's maximum move, yards (0: not given)", 0, 5000, 0, key=f"{GAME}_max_move"
            )
        )
        if yards:
            request["max_move_yards"] = yards
        request["moves_after"] = right.checkbox(
            "Tows it off this turn", True, key=f"{GAME}_moves_after"
        )
    if st.checkbox("German 88 flak", key=f"{GAME}_88"):
        request["german_88_flak"] = True
    return with_rulings(request, (MOVED_TIME, TOWING_MOVE, FIRE_BEFORE_LIMBERING))


def dig_in_request() -> dict[str, Any]:
    """The ``dig-in`` request from the widgets (2.5)."""
    left, right = st.columns(2)
    base = left.selectbox(
        "Base", ("infantry", "heavy-weapon", "towed-weapon", "vehicle"), key=f"{GAME}_base"
    )
    works = right.radio("Works", ("hasty", "foxholes"), horizontal=True, key=f"{GAME}_works")
    request: dict[str, Any] = {"base": base, "works": works}
    if base == "vehicle":
        request["frontage_yards"] = int(
            left.number_input("Frontage, yards", 1, 1000, 100, key=f"{GAME}_frontage")
        )
    else:
        request["turns_spent"] = int(
            left.number_input("Turns spent so far", 0, 100, 0, key=f"{GAME}_turns_spent")
        )
        request["engineer"] = right.checkbox("An engineer base digs", key=f"{GAME}_engineer")
        request["prone"] = right.checkbox("The digging base is prone", key=f"{GAME}_prone")
    return request


def minefield_request() -> dict[str, Any]:
    """The ``minefield`` request from the widgets (2.5)."""
    left, right = st.columns(2)
    bases = int(left.number_input("Bases moving", 1, 100, 1, key=f"{GAME}_bases"))
    text = right.text_input(
        "Closest approach to each minefield marker, yards (comma separated)",
        "80",
        key=f"{GAME}_minefields",
    )
    distances: list[Any] = []
    for part in text.split(","):
        part = part.strip()
        if part:
            distances.append(int(part) if part.lstrip("-").isdigit() else part)
    request: dict[str, Any] = {
        "bases": bases,
        "minefields": distances,
        "on_cleared_lane": left.checkbox("On a cleared lane", key=f"{GAME}_cleared"),
    }
    stance = right.selectbox(
        "Engineers clearing", ("none", "standing", "prone"), key=f"{GAME}_clearing"
    )
    if stance != "none":
        request["engineer_clearing"] = stance
    return with_rulings(request, (MINEFIELD_EDGE,))


def transport_request() -> dict[str, Any]:
    """The ``transport`` request from the widgets (2.4)."""
    left, right = st.columns(2)
    carrier = left.radio("Vehicle", ("other", "half-track"), horizontal=True, key=f"{GAME}_carrier")
    stand = right.radio(
        "Carried stand", ("rifle", "mg-or-mortar"), horizontal=True, key=f"{GAME}_stand"
    )
    request: dict[str, Any] = {"carrier": carrier, "stand": stand}
    for name, where, label in (
        ("infantry_move_yards", left, "Infantry move"),
        ("vehicle_move_yards", right, "Vehicle move"),
    ):
        yards = optional_yards(where, label, f"{GAME}_{name}")
        if yards:
            request[name] = yards
    return request


def riders_request() -> dict[str, Any]:
    """The ``riders`` request from the widgets (2.4)."""
    left, right = st.columns(2)
    carrier = left.selectbox(
        "Vehicle", list(CARRIERS), format_func=CARRIERS.__getitem__, key=f"{GAME}_rider_carrier"
    )
    year = int(right.number_input("Year the game is set in", 1939, 1945, 1943, key=f"{GAME}_year"))
    russian = left.checkbox("Russian infantry", key=f"{GAME}_russian")
    stands = int(right.number_input("Rider stands", 1, 100, 1, key=f"{GAME}_stands"))
    request: dict[str, Any] = {
        "carrier": carrier,
        "year": year,
        "russian_infantry": russian,
        "stands": stands,
    }
    if left.checkbox("MG or mortar stand", key=f"{GAME}_rider_mg"):
        request["stand"] = "mg-or-mortar"
    terrain = entering(f"{GAME}_rider_entering", "The vehicle enters this turn")
    if terrain:
        request["entering"] = terrain
    for name, where, label in (
        ("infantry_move_yards", left, "Infantry move"),
        ("vehicle_move_yards", right, "Vehicle move"),
    ):
        yards = optional_yards(where, label, f"{GAME}_rider_{name}")
        if yards:
            request[name] = yards
    return with_rulings(request, (RIDER_FIRE,))


def cavalry_request() -> dict[str, Any]:
    """The ``cavalry`` request from the widgets (2.2)."""
    left, right = st.columns(2)
    action = left.radio("Action", ("dismount", "mount"), horizontal=True, key=f"{GAME}_cav_action")
    bases = int(right.number_input("Cavalry bases", 1, 100, 4, key=f"{GAME}_cav_bases"))
    request: dict[str, Any] = {"action": action, "bases": bases}
    if left.checkbox("Uses assault movement this turn", key=f"{GAME}_cav_assault"):
        request["assault_moved"] = True
    terrain = entering(f"{GAME}_cav_entering", "The unit enters this turn")
    if terrain:
        request["entering"] = terrain
    yards = optional_yards(right, "The unit's move", f"{GAME}_cav_move")
    if yards:
        request["move_yards"] = yards
    return request


BUILDERS: Final = {
    "command-test": command_request,
    "dangerous-terrain": terrain_request,
    "towing": towing_request,
    "transport": transport_request,
    "riders": riders_request,
    "cavalry": cavalry_request,
    "dig-in": dig_in_request,
    "minefield": minefield_request,
}


def render() -> None:
    """The WW2 miniatures page."""
    calculation = page_header(
        "WW2 miniatures",
        "Exact odds for the miniatures rules (rules text 002). The Command Chart and the "
        "dangerous terrain ranges are not in the text: load your own as CSV.",
        CALCULATIONS,
        f"{GAME}_",
    )
    request = BUILDERS[calculation]()
    if calculation == "dangerous-terrain" and not request["route"]:
        st.info("Name the dangerous terrain on the vehicle's route, one per line (2.3).")
        return
    result = run_calculation(GAME, calculation, request)
    show_result(result, x_titles=X_TITLES, key=f"{GAME}_{calculation}")
    show_json(GAME, calculation, request, result)


if __name__ == "__main__":
    render()
