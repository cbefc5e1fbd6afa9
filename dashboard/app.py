"""Quartermaster's dashboard: the router (``streamlit run dashboard/app.py``).

Renders the sidebar (game, the seat signed in, side, command role: on the CNA pages only, the
other games' pages have controls of their own) and runs the chosen page from ``views/``; the
Seats page is listed for the umpire's seat and at a table without seats. While the chosen game
is in set-up (59.4: a side has not finished), the dashboard opens on the Set-up page instead
of Your phase.
The database is ``QUARTERMASTER_DB`` (``dashboard.launch`` sets it) or the per-user default.
"""

from __future__ import annotations

import streamlit as st

from dashboard.context import GAME_KEY, current_store, keep_choices, keeps_seats, sidebar
from dashboard.text import plain
from ledger.journal import EventStore, StoreError, UnknownGameError
from ledger.journal.session import GameSession

st.set_page_config(page_title="Quartermaster", page_icon=":material/inventory_2:", layout="wide")


def in_setup(store: EventStore) -> bool:
    """Whether the game chosen in the sidebar is still in set-up (59.4: ``setup_open``, which
    sides have not finished, is the same in every seat's view); ``False`` when it cannot be
    read (the page then says why)."""
    name = st.session_state.get(GAME_KEY)
    if not name:
        return False
    try:
        return bool(GameSession(store, name).state.setup_open)
    except (StoreError, UnknownGameError):
        return False


store = current_store()
keep_choices(store)
SETTING_UP = in_setup(store)
PAGES = {
    "The Campaign for North Africa": [
        st.Page(
            "views/turn.py",
            title="Your phase",
            icon=":material/play_arrow:",
            default=not SETTING_UP,
        ),
        st.Page("views/setup.py", title="Set-up", icon=":material/checklist:", default=SETTING_UP),
        st.Page("views/overview.py", title="Overview", icon=":material/flag:"),
        st.Page("views/units.py", title="Units", icon=":material/groups:"),
        st.Page("views/movement.py", title="Movement", icon=":material/directions_run:"),
        st.Page("views/capability.py", title="Capability & Cohesion", icon=":material/speed:"),
        st.Page("views/organization.py", title="Organization", icon=":material/account_tree:"),
        st.Page("views/supply.py", title="Supply", icon=":material/local_shipping:"),
        st.Page("views/requisitions.py", title="Requisitions", icon=":material/assignment:"),
        st.Page("views/convoys.py", title="Convoys", icon=":material/local_shipping:"),
        st.Page("views/planner.py", title="Convoy planner", icon=":material/route:"),
        st.Page("views/plots.py", title="Plots", icon=":material/visibility_off:"),
        st.Page("views/combat.py", title="Combat", icon=":material/swords:"),
        st.Page(
            "views/campaign.py", title="Reinforcements & victory", icon=":material/military_tech:"
        ),
        st.Page("views/journal.py", title="Journal", icon=":material/history:"),
        st.Page("views/sheets.py", title="Sheets", icon=":material/table_view:"),
        st.Page("views/new_game.py", title="New game", icon=":material/add_circle:"),
    ],
    "Other games": [
        st.Page("views/combined_arms.py", title="Combined Arms", icon=":material/calculate:"),
        st.Page(
            "views/highway_to_the_reich.py",
            title="Highway to the Reich",
            icon=":material/calculate:",
        ),
        st.Page(
            "views/battles_for_north_africa.py",
            title="Battles for North Africa",
            icon=":material/calculate:",
        ),
        st.Page("views/miniatures.py", title="Miniatures", icon=":material/calculate:"),
    ],
}

# Wide tables need the room: less padding around the page than Streamlit's default, but
# enough at the top that the phase bar clears the toolbar; on a phone, narrow margins, and text
# that wraps rather than widening the page (issue 17 item 6: no sideways scrolling at 390 px).
st.html(
    "<style>[data-testid='stMainBlockContainer']"
    "{padding: 4rem 2rem 3rem 2rem; max-width: none}"
    "@media (max-width: 640px) {[data-testid='stMainBlockContainer']"
    "{padding: 3.75rem 0.75rem 2rem 0.75rem}}"
    "[data-testid='stMain'] p, [data-testid='stMain'] li, [data-testid='stMain'] td"
    "{overflow-wrap: anywhere}</style>"
)

SEATS = st.Page("views/seats.py", title="Seats", icon=":material/badge:")
pages = {**PAGES}
if keeps_seats(store):
    first, *rest = pages
    pages[first] = [*pages[first], SEATS]
page = st.navigation(pages, expanded=True)
OTHER_GAMES = {p.url_path for p in PAGES["Other games"]}
if page.url_path not in OTHER_GAMES:  # another game's page shows only its own controls
    sidebar(store)
try:
    page.run()
except StoreError as exc:  # the journal cannot be read (broken, locked, gone): one line, no trace
    st.error(plain(str(exc)))
