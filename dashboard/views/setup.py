"""Set-up page (59.4x, issue 18): what the side of the seat still has to do before the first
Operations Stage (``ledger.reports.setup.setup_checklist``), and the forms that do it, each the
command of ``quartermaster setup``: place a counter the scenario leaves to the player's choice
(``place``), share first-line truck points out among the units of their hex (``spread_trucks``,
59.42), load first-line trucks free of cost (``load_trucks``, 59.45) and finish the side's
set-up (``finish``). While the game is in set-up this is the page the dashboard opens on.

A seat sees and sets up its own side (the read model gives it nothing else); the umpire and
the solo table set up the side picked in the sidebar. Every check is the command's.
"""

from __future__ import annotations

import re
from typing import Final

import streamlit as st

from dashboard.context import FormKeys, Game, open_game, run_form, show_status
from dashboard.tables import SUPPLY_COLUMNS, Col, show_table
from dashboard.text import plain
from dashboard.views.supply_forms import amount_inputs, amounts, reason, reason_input, relabelled
from ledger.commands.setup import finish, load_trucks, place, spread_trucks
from ledger.model.seats import side_name
from ledger.model.state import GameState
from ledger.model.units import SIDES, Side
from ledger.reports.setup import SetupChecklist, SetupItem, setup_checklist

ITEM_COLUMNS: Final = (
    Col("name", "Counter", width=220, phone=True),
    Col("location", "Set up at (scenario)", width=260),
    Col("todo", "To do", phone=True),
    Col("case", "Case"),
)
TRUCK_COLUMNS: Final = (
    Col("name", "First-line trucks", width=260, phone=True),
    Col("location", "Hex", phone=True),
    Col("light", "Light TP"),
    Col("medium", "Medium TP"),
    Col("heavy", "Heavy TP"),
    *SUPPLY_COLUMNS,
    Col("loaded", "Loaded", phone=True),
)
DUMP_COLUMNS: Final = (
    Col("name", "Dump", width=220, phone=True),
    Col("kind", "Kind", phone=True),
    Col("location", "Where", width=260, phone=True),
    Col("count", "Counters"),
)
FIELDS: Final = {
    "--at": "Hex",
    "counter": "Counter",
    "trucks": "Trucks",
    "--unit": "Unit",
    "--light": "Truck points",
    "amounts": "Supplies",
    "--side": "Side",
}
"""The CLI's option names in the set-up commands' refusals, as these forms label them."""
TURN_PAGE: Final = "views/turn.py"
_HEX_SPLIT: Final = re.compile(r"[\s,;]+")


def hexes_typed(text: str) -> tuple[str, ...]:
    """The hexes typed in the Hex field (``"c3517, C3618"`` → ``("C3517", "C3618")``), upper
    case as ``quartermaster setup place --at`` takes them; the command checks each."""
    return tuple(h.upper() for h in _HEX_SPLIT.split(text.strip()) if h)


def item_rows(items: tuple[SetupItem, ...]) -> list[dict[str, object]]:
    """The checklist's items as table rows (names, never ids)."""
    return [{"name": i.name, "location": i.location, "todo": i.todo, "case": i.case} for i in items]


def first_line(state: GameState, side: Side) -> list[str]:
    """The ids of the side's first-line truck groups in play with truck points, by name."""
    found = [
        t.id
        for t in state.trucks.values()
        if t.side == side and t.line == "first" and t.in_play(state.clock) and t.truck_points
    ]
    return sorted(found, key=state.truck_group_name)


def truck_rows(state: GameState, side: Side) -> list[dict[str, object]]:
    """The side's first-line trucks, their hex, truck points and load (59.42, 59.45)."""
    rows: list[dict[str, object]] = []
    for group_id in first_line(state, side):
        t = state.trucks[group_id]
        rows.append(
            {
                "name": state.truck_group_name(group_id),
                "location": t.location,
                "light": t.light,
                "medium": t.medium,
                "heavy": t.heavy,
                **dict(t.cargo.items()),
                "loaded": "empty" if t.cargo.is_zero else "loaded",
            }
        )
    return rows


def dump_rows(state: GameState, side: Side) -> list[dict[str, object]]:
    """The side's Supply Dumps and dummy dumps (60.34, 60.44), where they stand now: a dummy
    dump placed shows each of its hexes."""
    kinds = {"dump": "Supply Dump", "dummy": "Dummy dump"}
    return [
        {
            "name": d.name,
            "kind": kinds[d.kind],
            "location": d.location,
            "count": d.count,
        }
        for d in sorted(state.dumps.values(), key=lambda d: d.name)
        if d.side == side and d.kind in kinds
    ]


def status_line(state: GameState) -> str:
    """``"Axis: setting up · Commonwealth: finished"`` (59.4)."""
    return " · ".join(
        f"{side_name(s)}: {'setting up' if s in state.setup_open else 'finished'}" for s in SIDES
    )


def checklist_section(game: Game, check: SetupChecklist) -> None:
    """What the side must still place, may place, and its first-line trucks and their loads."""
    state = game.state
    name = side_name(check.side)
    st.subheader(f"{name}: still to place ({len(check.to_place)})")
    show_table(
        item_rows(check.to_place),
        ITEM_COLUMNS,
        empty="Everything the set-up leaves to your choice is placed.",
    )
    if check.may_place:
        with st.expander(f"The set-up lets you place {len(check.may_place)} more (59.4)"):
            show_table(item_rows(check.may_place), ITEM_COLUMNS)
    dumps = dump_rows(state, check.side)
    if dumps:
        with st.expander(f"Supply Dumps and dummy dumps ({len(dumps)})"):
            show_table(dumps, DUMP_COLUMNS)
    st.subheader("First-line trucks (59.42, 59.45)")
    st.caption(
        f"{len(check.trucks_unspread)} group(s) not shared out among the units of their hex; "
        f"{len(check.trucks_empty)} empty. They load free of cost now and at no other time; "
        "spread them before loading them."
    )
    show_table(truck_rows(state, check.side), TRUCK_COLUMNS, empty="No first-line trucks.")


def placeable(check: SetupChecklist) -> list[SetupItem]:
    """What the Place form offers: the counters to place first, then those the set-up lets
    the player place."""
    return [*check.to_place, *check.may_place]


def setting_up(game: Game) -> bool:
    """Whether the side at the keyboard is still setting up (its forms are drawn)."""
    return game.side in game.state.setup_open


def place_form(game: Game, keys: FormKeys) -> None:
    """A counter to place (by printed name) and its hex(es)."""
    if not setting_up(game):
        return
    st.subheader("Place a counter (59.4)")
    check = setup_checklist(game.state, game.side)
    items = {i.counter_id: i for i in placeable(check)}
    if not items:
        st.caption("Nothing left to place.")
        return
    with st.form(keys("form")):
        st.selectbox(
            "Counter",
            list(items),
            format_func=lambda c: f"{items[c].name} — {items[c].location} ({items[c].todo})",
            key=keys("counter"),
        )
        st.text_input(
            "Hex",
            placeholder="e.g. C4120 (a dummy dump of 2 counters: C3517 C3618)",
            key=keys("hexes"),
        )
        reason_input(keys, "optional")
        st.form_submit_button("Place", type="primary", key=keys("submit"))


def place_submit(game: Game, keys: FormKeys) -> None:
    """Send the Place form as ``place`` (``quartermaster setup place COUNTER --at HEX``)."""
    counter = str(keys.value("counter") or "")
    hexes = hexes_typed(str(keys.value("hexes") or ""))
    why = reason(keys)
    game.execute(lambda s: relabelled(place(s, counter, hexes, game.source(s, why)), FIELDS))


def spread_form(game: Game, keys: FormKeys) -> None:
    """A first-line truck group (the unit list follows it), the unit of its hex that gets
    them and how many truck points (empty: all)."""
    if not setting_up(game):
        return
    st.subheader("Spread first-line trucks among the units of their hex (59.42)")
    state = game.state
    groups = first_line(state, game.side)
    if not groups:
        st.caption("No first-line trucks to spread.")
        return
    group_id = st.selectbox(
        "Trucks", groups, format_func=state.truck_group_name, key=keys("trucks")
    )
    group = state.trucks[group_id or groups[0]]
    units = sorted(
        (
            u.id
            for u in state.units_in_play(game.side)
            if u.location == group.location and u.id != group.attached_to
        ),
        key=lambda u: state.units[u].name,
    )
    if not units:
        st.caption(plain(f"No other unit of yours is in {group.location}."))
        return
    with st.form(keys("form")):
        st.selectbox(
            f"Unit in {group.location}",
            units,
            format_func=lambda u: state.units[u].name,
            key=keys("unit"),
        )
        for kind, column in zip(("light", "medium", "heavy"), st.columns(3), strict=True):
            column.number_input(
                f"{kind.title()} TP",
                min_value=0,
                max_value=getattr(group, kind),
                value=None,
                step=1,
                placeholder="all",
                key=keys(kind),
            )
        reason_input(keys, "optional")
        st.form_submit_button("Spread", type="primary", key=keys("submit"))


def spread_submit(game: Game, keys: FormKeys) -> None:
    """Send the Spread form as ``spread_trucks`` (all the group's points when none is given,
    as ``quartermaster setup spread`` without ``--light/--medium/--heavy``)."""
    group_id = str(keys.value("trucks") or "")
    unit_id = str(keys.value("unit") or "")
    given = [keys.value(k) for k in ("light", "medium", "heavy")]
    points = None if all(v is None for v in given) else (
        int(given[0] or 0), int(given[1] or 0), int(given[2] or 0)
    )  # fmt: skip
    why = reason(keys)
    game.execute(
        lambda s: relabelled(
            spread_trucks(s, group_id, unit_id, points, game.source(s, why)), FIELDS
        )
    )


def load_form(game: Game, keys: FormKeys) -> None:
    """A first-line truck group and the supplies it takes free of cost (59.45)."""
    if not setting_up(game):
        return
    st.subheader("Load first-line trucks free of cost (59.45)")
    state = game.state
    groups = first_line(state, game.side)
    if not groups:
        st.caption("No first-line trucks to load.")
        return
    with st.form(keys("form")):
        st.selectbox(
            "Trucks",
            groups,
            format_func=lambda g: f"{state.truck_group_name(g)}, {state.trucks[g].location}",
            key=keys("trucks"),
        )
        amount_inputs(keys)
        reason_input(keys, "optional")
        st.form_submit_button("Load free of cost", type="primary", key=keys("submit"))


def load_submit(game: Game, keys: FormKeys) -> None:
    """Send the Load form as ``load_trucks`` (``quartermaster setup load``)."""
    group_id = str(keys.value("trucks") or "")
    supplies = amounts(keys)
    why = reason(keys)
    game.execute(
        lambda s: relabelled(load_trucks(s, group_id, supplies, game.source(s, why)), FIELDS)
    )


def finish_form(game: Game, keys: FormKeys) -> None:
    """What is still open, then the button that finishes the side's set-up."""
    if not setting_up(game):
        return
    check = setup_checklist(game.state, game.side)
    name = side_name(game.side)
    st.subheader(f"Finish the {name} set-up")
    if check.to_place:
        names = ", ".join(i.name for i in check.to_place[:6])
        more = f" and {len(check.to_place) - 6} more" if len(check.to_place) > 6 else ""
        st.warning(
            plain(
                f"Not yet: {len(check.to_place)} counter(s) still to place ({names}{more}); "
                "finishing is refused until they are placed (59.4)."
            )
        )
    else:
        st.info("Everything is placed.")
    left = []
    if check.trucks_unspread:
        left.append(f"{len(check.trucks_unspread)} first-line truck group(s) not spread (59.42)")
    if check.trucks_empty:
        left.append(
            f"{len(check.trucks_empty)} empty: first-line trucks load free now and at no other "
            "time (59.45)"
        )
    if left:
        st.caption(plain("Allowed, but check: " + "; ".join(left) + "."))
    with st.form(keys("form")):
        reason_input(keys, "optional")
        st.form_submit_button(f"Finish the {name} set-up", type="primary", key=keys("submit"))


def finish_submit(game: Game, keys: FormKeys) -> None:
    """Send the Finish button as ``finish`` (``quartermaster setup finish --side``)."""
    side = game.side
    why = reason(keys)
    game.execute(lambda s: relabelled(finish(s, side, game.source(s, why)), FIELDS))


SETUP_PAGE: Final = "views/setup.py"


def setup_banner(state: GameState) -> None:
    """While the game is in set-up (59.4), a notice naming the sides not finished, with a link
    to this page; nothing once it has started. For the other pages (Your phase, Overview)."""
    if not state.setup_open:
        return
    sides = ", ".join(side_name(s) for s in state.setup_open)
    st.warning(
        plain(f"Set-up not finished: {sides}. The game starts when both sides have (59.4)."),
        icon=":material/checklist:",
    )
    st.page_link(SETUP_PAGE, label="Open Set-up", icon=":material/east:")


def started(game: Game) -> None:
    """The set-up is over: the game has started, and Your phase is where it goes on."""
    st.success(plain(f"Set-up is over: the game has started, {game.state.clock.short} (59.4)."))
    st.page_link(TURN_PAGE, label="Go to Your phase", icon=":material/play_arrow:")


def render() -> None:
    """The Set-up page."""
    game = open_game()
    st.title("Set-up")
    head = st.container()
    check_box = st.container()
    boxes = [st.container() for _ in range(4)]
    forms = [
        ("setup_place", place_submit, place_form),
        ("setup_spread", spread_submit, spread_form),
        ("setup_load", load_submit, load_form),
        ("setup_finish", finish_submit, finish_form),
    ]
    for (name, submit, draw), place_box in zip(forms, boxes, strict=True):
        with place_box:  # what a form recorded, or why not, shows right above it
            run_form(game, name, place_box, submit, draw)
    state = game.state
    with head:
        st.caption(plain(f"{state.info.name} ({state.info.case}) · {status_line(state)}"))
        if not state.setup_open:
            started(game)
        elif not setting_up(game):
            waiting = " and ".join(f"the {side_name(s)}" for s in state.setup_open)
            side = side_name(game.side)
            st.info(plain(f"The {side} set-up is finished; waiting for {waiting} (59.4)."))
    if setting_up(game):
        with check_box:
            checklist_section(game, setup_checklist(state, game.side))
    show_status(game)


if __name__ == "__main__":
    render()
