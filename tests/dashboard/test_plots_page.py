"""The Plots page through Streamlit's AppTest (issue 16 item 6) at a table without seats: the
side chosen in the sidebar commits its Barrage plot; the other side's page shows nothing of it
until it commits its own, then both are revealed and the revealed line is worked out."""

from __future__ import annotations

from typing import Any

from streamlit.testing.v1 import AppTest

from ledger.commands.logistics import arrive
from ledger.commands.organization_phase import advance_phase
from ledger.journal import EventStore
from ledger.journal.session import GameSession
from ledger.model.quantities import Supplies
from ledger.model.source import Source
from tests.dashboard.pages import app_on

SECRET = "Infantry #7 ZEBRA"
GUNS = "it.1ccnn_div.201st_artillery_regt"


def _shown(at: AppTest) -> str:
    """Every text and table cell the page shows."""
    parts: list[Any] = [
        e.value for kind in ("markdown", "caption", "success", "info") for e in getattr(at, kind)
    ]
    parts += [d.value.to_string() for d in at.dataframe]
    parts += [c.value for c in at.code]
    return "\n".join(str(p) for p in parts)


def test_the_plots_page_keeps_a_plot_sealed_until_both_sides_commit(graziani_db: str) -> None:
    session = GameSession(EventStore(graziani_db), "graziani")
    session.execute(lambda s: arrive(s, GUNS, Supplies(ammo=60), "convoy", Source(s.clock)))
    session.execute(lambda s: advance_phase(s, "movement-and-combat/A", Source(s.clock)))
    seq = session.last_seq

    at = app_on("views/plots.py", "axis")
    key = f"plot_barrage_{{}}_{seq}".format
    at.selectbox(key=key("gun0")).select(f"{GUNS}|it.75_27_gun")
    at.number_input(key=key("points0")).set_value(6)
    at.text_input(key=key("hex0")).input("C4119")
    at.text_input(key=key("target0")).input(SECRET)
    at.button(key=key("submit")).click().run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    assert "Axis Barrage Step plot committed, sealed" in _shown(at)
    assert SECRET in _shown(at)

    at.selectbox(key="side").select("commonwealth").run()
    assert not at.exception
    shown = _shown(at)
    assert "ZEBRA" not in shown and "C4119" not in shown and "201st" not in shown

    key = f"plot_barrage_{{}}_{seq + 1}".format
    at.checkbox(key=key("empty")).check()
    at.button(key=key("submit")).click().run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    shown = _shown(at)
    assert "Barrage Step plots revealed" in shown and SECRET in shown

    at.selectbox(key="side").select("axis").run()
    [work] = [b for b in at.button if b.label == "Work it out"]
    work.click().run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    assert any(m.label for m in at.metric)  # the barrage's figures, from the Combat page
