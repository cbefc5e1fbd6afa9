"""Quartermaster's dashboard: the router (``streamlit run dashboard/app.py``).

Renders the sidebar (game, the seat signed in, side, command role) and runs the chosen page
from ``views/``; the Seats page is listed for the umpire's seat and at a table without seats.
The database is ``QUARTERMASTER_DB`` (``dashboard.launch`` sets it) or the per-user default.
"""

from __future__ import annotations

import streamlit as st

from dashboard.context import current_store, keeps_seats, sidebar
from dashboard.text import plain
from ledger.journal import StoreError

st.set_page_config(page_title="Quartermaster", page_icon=":material/inventory_2:", layout="wide")

PAGES = {
    "The Campaign for North Africa": [
        st.Page("views/turn.py", title="Your phase", icon=":material/play_arrow:", default=True),
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

# Wide tables need the room: less padding around the page than Streamlit's default.
st.html(
    "<style>[data-testid='stMainBlockContainer']"
    "{padding: 2.5rem 2rem 3rem 2rem; max-width: none}</style>"
)

store = current_store()
sidebar(store)  # before the navigation, which Streamlit draws at the top of the sidebar anyway
SEATS = st.Page("views/seats.py", title="Seats", icon=":material/badge:")
pages = {**PAGES}
if keeps_seats(store):
    first, *rest = pages
    pages[first] = [*pages[first], SEATS]
page = st.navigation(pages, expanded=True)
try:
    page.run()
except StoreError as exc:  # the journal cannot be read (broken, locked, gone): one line, no trace
    st.error(plain(str(exc)))
