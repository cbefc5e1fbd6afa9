"""Supply page: each Supply Dump's site, 54.12 capacity and free room."""

from __future__ import annotations

from tests.dashboard.pages import app_on


def test_the_dumps_table_shows_site_capacity_and_room(graziani_db: str) -> None:
    at = app_on("views/supply.py")
    dumps = at.dataframe[0].value
    assert {"Site", "Holds up to", "Room"} <= set(dumps.columns)
    barrani = dumps[dumps["Name"] == "Sidi Barrani"].iloc[0]
    # a village (54.12): 2500 / 8000 / 3000 / 1000; it holds 250 / 500 / 100 / 0 (60.44)
    assert barrani["Site"] == "Village"
    assert barrani["Holds up to"] == "2,500 / 8,000 / 3,000 / 1,000"
    assert barrani["Room"] == "2,250 / 7,500 / 2,900 / 1,000"
    matruh = dumps[dumps["Name"] == "Mersa Matruh"].iloc[0]
    assert (matruh["Site"], matruh["Holds up to"]) == ("Major City", "unlimited")
    axis = app_on("views/supply.py", side="axis").dataframe[0].value
    tripoli = axis[axis["Name"] == "Tripoli"].iloc[0]
    # 8.88: a box dump of unlimited capacity; 8.87: its Water never runs out
    assert (tripoli["Site"], tripoli["Holds up to"], tripoli["Water"]) == (
        "Tripoli/Tunisia box",
        "unlimited",
        "unlimited",
    )
