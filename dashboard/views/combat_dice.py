"""The Combat page's dice and losses: the readings ``resolve.dice_for`` names, thrown at the
table or rolled by the ledger with a seed (no dice when none are thrown, 15.29), and the
owner's allocation of the losses, the proposal's by default (14.43; 15.83, 15.85, 15.86 for a
Close Assault), as ``parse_allocation`` reads it.
"""

from __future__ import annotations

import secrets
from typing import Final

import pandas as pd
import streamlit as st

from dashboard.context import FormKeys
from dashboard.text import plain
from dashboard.views.combat_units import (
    count,
    enemy_side,
    system_name,
    unit_name,
    widget_key_digest,
)
from ledger.combat.anti_armor import AntiArmorCalculation
from ledger.combat.assault_odds import CloseAssaultCalculation
from ledger.combat.barrage import BarrageCalculation
from ledger.combat.combat_dice import dice_for, roll_dice
from ledger.combat.forces import Loss, one_row_each
from ledger.combat.prepared_combat import PreparedCombat
from ledger.combat.resolve import CombatReading
from ledger.model.seats import SIDE_NAMES
from ledger.model.state import GameState

AT_TABLE: Final = "Thrown at the table"
ROLLED: Final = "Rolled by the ledger (seeded)"


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
    rows = [  # one row per TOE: Forward guns may lose to 15.83d and to 15.84b both
        {"TOE of": f"{x.unit}|{x.system}", "TOE points": x.points}
        for x in one_row_each(proposal)
        if x.points
    ]

    def named(option: object) -> str:
        unit, _, system = str(option).partition("|")
        return f"{unit_name(state, unit)}: {system_name(state, system)}"

    st.caption(label)
    if not rows:
        st.markdown("None.")
        return []
    edited = st.data_editor(
        pd.DataFrame(rows, columns=["TOE of", "TOE points"]),
        key=keys(f"alloc_{which}_{widget_key_digest(tuple(r.values()) for r in rows)}"),
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
        owner = SIDE_NAMES[enemy_side(reading.prepared.attacker)]
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
