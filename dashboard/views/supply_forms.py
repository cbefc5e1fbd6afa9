"""The supply forms the Supply and Convoys pages share: supply amounts, transfers (loading and
unloading a convoy is a transfer), and supplies in and out — water drawn at a well, supplies
consumed, arriving, and captured from the enemy.

Each form calls the command function of its CLI subcommand with the same argument meanings
(``transfer``, ``draw-water``, ``consume``, ``arrive``, ``capture``; ``ledger.cli.logistics``):
holders are picked from the side's own, amounts are whole supply points within the CLI's bound
(``SUPPLY_POINTS_MAX``), an empty amount of a capture means "all", and an enemy holder is named
as on the map and looked up by ``ledger.commands.capture.enemy_holder``. Refusals come from the
commands; nothing here decides a rule.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Final

import pandas as pd
import streamlit as st

from dashboard.context import FormKeys, Game
from dashboard.text import holder_labels, holders, plain
from ledger.commands import logistics, transfers
from ledger.commands.capture import capture_named, capture_share
from ledger.commands.logistics import (
    ARRIVAL_CAUSES,
    CONSUMPTION_CAUSES,
    WATER_SOURCES,
    draw_water_cp,
    well_yield,
)
from ledger.commands.outcome import Outcome
from ledger.model.bounds import SUPPLY_POINTS_MAX
from ledger.model.quantities import COMMODITIES, COMMODITY_NAMES, Supplies, format_cp
from ledger.model.seats import SIDE_NAMES
from ledger.model.state import GameState
from ledger.model.view import sees_all
from ledger.rules.consumption_rates import ConsumptionRulings

CAUSE_NAMES: Final = {
    "water": "Water drunk",
    "stores": "Stores eaten",
    "fuel": "Fuel burnt",
    "ammunition": "Ammunition fired",
    "evaporation": "Evaporated",
    "demolished": "Demolished by its own side",
    "destroyed": "Destroyed by Barrage or Air Bombardment",
    "captured-by-enemy": "Captured by the enemy",
    "correction": "Correction agreed by the players",
    "convoy": "By convoy (Naval Convoy Arrival Phase)",
    "well": "From a well",
    "captured": "Captured (the usable share, as given)",
}
"""The ``--cause`` choices of ``consume`` and ``arrive`` in players' words."""

WATER_SOURCE_NAMES: Final = {
    "town": "Town (a die roll, 52.7)",
    "bir": "Bir (a die roll, 52.7)",
    "oasis": "Oasis (never runs dry, 8.48)",
    "major-city": "Major city (never runs dry, 8.48)",
}
"""The ``--at`` choices of ``draw-water``."""


FORM_FIELDS: Final = {
    "--cp": "CP expended",
    "HEX": "To hex",
    "trucks": "Truck Points",
    "--reaction": "Reaction",
    "holder": "Holder",
    "HOLDER": "Holder",
    "cause": "Cause",
    "--at": "At",
    "--roll": "Die",
    "--water": "Water Points",
    "ENEMY": "Enemy dump, unit or truck points",
    "--to": "To",
}
"""The CLI's option names in command errors, as these forms label their fields."""


def relabelled(outcome: Outcome, labels: Mapping[str, str] | None = None) -> Outcome:
    """``outcome`` with each error's field named as the form labels it (``labels``, else
    ``FORM_FIELDS``), so a refusal names the field the player filled in; the command and its
    checks are unchanged."""
    if outcome.ok:
        return outcome
    names = {**FORM_FIELDS, **(labels or {})}
    return Outcome(
        errors=tuple(replace(e, field=names.get(e.field, e.field)) for e in outcome.errors)
    )


def refused(field: str, message: str) -> None:
    """A refusal of a form field before any command ran (the value cannot be read): nothing
    was written."""
    st.error(f"Refused — nothing was written:\n\n- **{plain(field)}:** {plain(message)}")


def amount_inputs(keys: FormKeys, *, optional: bool = False) -> None:
    """Four supply-point inputs, Ammunition to Water (keys the commodities), whole numbers
    0 to the CLI's bound; ``optional``: empty by default (``None``, read as "all")."""
    for c, column in zip(COMMODITIES, st.columns(len(COMMODITIES)), strict=True):
        column.number_input(
            COMMODITY_NAMES[c],
            min_value=0,
            max_value=SUPPLY_POINTS_MAX,
            value=None if optional else 0,
            step=1,
            key=keys(c),
            placeholder="all" if optional else None,
        )


def amounts(keys: FormKeys) -> Supplies:
    """The supply points entered in ``amount_inputs`` (an empty field: 0)."""
    return Supplies(*(int(keys.value(c) or 0) for c in COMMODITIES))


def reason_input(keys: FormKeys, placeholder: str) -> None:
    """The Reason field (the CLI's ``--reason``)."""
    st.text_input("Reason", placeholder=placeholder, key=keys("reason"))


def reason(keys: FormKeys) -> str:
    """What the player typed as the reason."""
    return str(keys.value("reason") or "")


def send_transfer(game: Game, origin: str, destination: str, supplies: Supplies, why: str) -> None:
    """``transfers.transfer`` as ``quartermaster transfer`` sends it: the CP of loading or
    unloading trucks (6.3) and every check are the command's (``ledger.commands.convoys``)."""
    game.execute(
        lambda s: relabelled(
            transfers.transfer(s, origin, destination, supplies, game.source(s, why))
        )
    )


def default_destination(state: GameState, ids: list[str]) -> int:
    """The first holder after the first that is not an unlimited source (supplies sent there
    would vanish, 60.44); index 1 when there is none."""
    return next(
        (i for i, h in enumerate(ids) if i and not (h in state.dumps and state.dumps[h].unlimited)),
        1,
    )


def transfer_form(game: Game, keys: FormKeys) -> None:
    """From, To, the four supply amounts and a reason (values read by ``transfer``)."""
    state = game.state
    ids = holders(state, game.side)
    if len(ids) < 2:
        st.caption(f"{SIDE_NAMES[game.side]} has fewer than two supply holders.")
        return
    labels = holder_labels(state, ids)
    with st.form(keys("form")):
        origin_col, destination_col = st.columns(2)
        origin_col.selectbox("From", ids, format_func=labels.__getitem__, key=keys("from"))
        destination_col.selectbox(
            "To",
            ids,
            index=default_destination(state, ids),
            format_func=labels.__getitem__,
            key=keys("to"),
        )
        amount_inputs(keys)
        reason_input(keys, "e.g. Truck convoy line 4")
        st.form_submit_button("Transfer supplies", type="primary", key=keys("submit"))


def transfer(game: Game, keys: FormKeys) -> None:
    """Send the submitted transfer form as ``transfers.transfer``; show the outcome."""
    send_transfer(game, keys.value("from"), keys.value("to"), amounts(keys), reason(keys))


FormFunction = Callable[[Game, FormKeys], None]
"""A form's draw or submit function, as ``run_form`` takes them."""


def stock_form(kind: str) -> tuple[FormFunction, FormFunction]:
    """The draw and submit functions of the ``consume`` or ``arrive`` form (``kind``): a
    holder of the side, the cause (49–52 cases), the supply points and a reason."""
    causes = CONSUMPTION_CAUSES if kind == "consume" else ARRIVAL_CAUSES
    command = logistics.consume if kind == "consume" else logistics.arrive

    def draw(game: Game, keys: FormKeys) -> None:
        state = game.state
        ids = holders(state, game.side)
        if not ids:
            st.caption(f"{SIDE_NAMES[game.side]} has no supply holder.")
            return
        labels = holder_labels(state, ids)
        with st.form(keys("form")):
            holder_col, cause_col = st.columns([3, 2])
            holder_col.selectbox("Holder", ids, format_func=labels.__getitem__, key=keys("unit"))
            cause_col.selectbox(
                "Cause",
                list(causes),
                format_func=lambda c: (
                    f"{CAUSE_NAMES.get(c, c)}" + (f" ({causes[c]})" if causes[c] else "")
                ),
                key=keys("cause"),
            )
            amount_inputs(keys)
            reason_input(keys, "e.g. lost in the minefield at C4017")
            label = "Consume supplies" if kind == "consume" else "Record the arrival"
            st.form_submit_button(label, type="primary", key=keys("submit"))

    def submit(game: Game, keys: FormKeys) -> None:
        holder, cause, supplies = str(keys.value("unit")), str(keys.value("cause")), amounts(keys)
        why = reason(keys)
        game.execute(lambda s: relabelled(command(s, holder, supplies, cause, game.source(s, why))))

    return draw, submit


def water_chart() -> pd.DataFrame:
    """The 52.7 Water Availability chart as the ledger reads it: Water Points a town and a bir
    yield on each die, a star where the owner then checks the well for depletion."""
    rows = {}
    for source in ("town", "bir"):
        cells = []
        for roll in range(1, 7):
            water, check = well_yield(source, roll)
            cells.append(f"{water:,}{' *' if check else ''}")
        rows[source.capitalize()] = cells
    return pd.DataFrame.from_dict(rows, orient="index", columns=[str(d) for d in range(1, 7)])


def water_form(game: Game, keys: FormKeys) -> None:
    """Draw water (``draw-water``): a unit or truck group of the side at the well, where
    (town, bir, oasis, major city), the die for a town or bir, the Water Points for an oasis
    or major city, a reason."""
    state = game.state
    ids = [u.id for u in state.units_in_play(game.side)] + [
        t.id for t in state.trucks.values() if t.side == game.side and t.in_play(state.clock)
    ]
    if not ids:
        st.caption(f"{SIDE_NAMES[game.side]} has no unit or truck points in play.")
        return
    labels = holder_labels(state, ids)
    cost = draw_water_cp(state)
    st.caption(
        f"Now a unit drawing water expends {format_cp(cost)} CP (6.3); truck points none. "
        "52.7: Water Points one draw yields by the die (*: then check the well for "
        "depletion, a secret die, 1 = dry)."
    )
    st.dataframe(water_chart(), width="content")
    with st.form(keys("form")):
        holder_col, at_col = st.columns([3, 2])
        holder_col.selectbox(
            "Unit or truck points", ids, format_func=labels.__getitem__, key=keys("unit")
        )
        at_col.selectbox(
            "At", WATER_SOURCES, format_func=WATER_SOURCE_NAMES.__getitem__, key=keys("at")
        )
        roll_col, water_col = st.columns(2)
        roll_col.number_input(
            "Die (town or bir)", min_value=1, max_value=6, value=None, step=1, key=keys("roll")
        )
        water_col.number_input(
            "Water Points (oasis or major city)",
            min_value=0,
            max_value=SUPPLY_POINTS_MAX,
            value=None,
            step=1,
            key=keys("water"),
        )
        reason_input(keys, "e.g. Bir Sofafi")
        st.form_submit_button("Draw water", type="primary", key=keys("submit"))


def draw_water(game: Game, keys: FormKeys) -> None:
    """Send the submitted water form as ``logistics.draw_water`` (an empty die or amount:
    not given, as when the CLI's ``--roll`` or ``--water`` is left out)."""
    holder, at, why = str(keys.value("unit")), str(keys.value("at")), reason(keys)
    roll, water = keys.value("roll"), keys.value("water")
    game.execute(
        lambda s: relabelled(
            logistics.draw_water(
                s,
                holder,
                at,
                game.source(s, why),
                roll=None if roll is None else int(roll),
                amount=None if water is None else int(water),
            )
        )
    )


def capture_form(game: Game, keys: FormKeys) -> None:
    """Capture (``capture``): the enemy's dump, unit or truck group as named on the map, the
    side's holder that takes it (in the same hex), the supply points taken (empty: all it
    holds) and, before committing, the usable share of what is typed (50.16, 51.16)."""
    state = game.state
    ids = holders(state, game.side)
    if not ids:
        st.caption(f"{SIDE_NAMES[game.side]} has no supply holder.")
        return
    labels = holder_labels(state, ids)
    enemy_col, captor_col = st.columns(2)
    enemy_col.text_input(
        "Enemy dump, unit or truck points",
        placeholder="its name on the map",
        key=keys("enemy"),
        help="A side's seat names only an enemy counter in the captor's hex (50.16).",
    )
    captor_col.selectbox("Taken by", ids, format_func=labels.__getitem__, key=keys("to"))
    amount_inputs(keys, optional=True)
    asked = amounts(keys)
    share = capture_share(asked, state.rulings_of(ConsumptionRulings.from_choices))
    if asked.is_zero:
        st.caption(
            "Empty amounts: all the enemy holds is taken. Usable: a third of the Ammunition "
            "(rounded up, 50.16), half the Stores (51.16), Fuel and Water whole."
        )
    else:
        st.caption(
            plain(
                f"Usable share (50.16, 51.16): {share.usable.describe() or 'nothing'}; "
                f"lost: {share.lost.describe() or 'nothing'}."
            )
        )
    reason_input(keys, "e.g. overran the dump at C3920")
    st.button("Capture supplies", type="primary", key=keys("submit"))


def capture(game: Game, keys: FormKeys) -> None:
    """Send the capture form as ``ledger.commands.capture.capture_named`` (the CLI's
    ``capture``): a side's seat finds only the enemy's holders in the captor's hex."""
    enemy, captor, asked, why = (
        str(keys.value("enemy") or ""),
        str(keys.value("to")),
        amounts(keys),
        reason(keys),
    )
    side = None if sees_all(game.seat) else game.side
    game.execute(
        lambda s: relabelled(
            capture_named(
                s, enemy, captor, side, game.source(s, why), None if asked.is_zero else asked
            )
        )
    )
