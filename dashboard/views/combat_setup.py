"""The Combat page's set-up: the Phasing and the firing or attacking side (11.21, 14.12,
15.21), the forces of each kind of combat (a barrage's guns and target unit, 12.22, 12.23,
with the trucks in its hex, 12.46; Anti-Armor fire's firers and the target hex's units, 14.21,
14.44; a Close Assault's or Probe's attackers and defenders, 15.12, 15.16, with organization
and morale, 15.52, 15.25, 15.6), the terrain and the rulings, assembled into the JSON request
the CLI takes (docs/combat.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import streamlit as st

from dashboard.context import Game
from dashboard.text import unit_label
from dashboard.views.combat_inputs import (
    Extras,
    morale_inputs,
    organization_editor,
    ruling_inputs,
    terrain_inputs,
)
from dashboard.views.combat_units import (
    enemy_side,
    flag_picker,
    gun_positions,
    pick_hex_units,
    pick_units,
    points_editor,
    unit_refs,
    units_on_map,
)
from ledger.model.seats import SIDE_NAMES
from ledger.model.state import GameState
from ledger.model.units import SIDES, Side

# The rating the firing or attacking side commits TOE points for (11.1). (Comments, not
# docstrings: Streamlit would print a bare string of a page script.)
FIRING_RATING: Final = {
    "barrage": "barrage",
    "anti-armor": "anti_armor",
    "close-assault": "offensive_close_assault",
    "probe": "offensive_close_assault",
}
TRUCKS: Final = {"ledger": "as the ledger knows", "yes": "yes", "no": "no"}


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
    target_side = enemy_side(firing)
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
    units = units_on_map(state, side)
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
