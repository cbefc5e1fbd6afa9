"""The drm stack of Combat Phase ¶6, each term with its case."""

from __future__ import annotations

import pytest

from ledger.games.battles_for_north_africa.drm import artillery_support_drm, drm_stack

from .helpers import unit


@pytest.mark.parametrize(("bf", "drm"), [(0, 0), (19, 0), (20, -1), (39, -1), (40, -2), (61, -3)])
def test_artillery_support_minus_one_per_full_twenty_bf(bf: int, drm: int) -> None:
    # Artillery Units ¶4.
    assert artillery_support_drm(bf) == drm


def _values(**kw) -> dict[str, int]:  # type: ignore[no-untyped-def]
    attackers = kw.pop("attackers", [unit("a", "infantry", af=3)])
    defenders = kw.pop("defenders", [unit("d", "infantry", df=3)])
    return {d.name: d.value for d in drm_stack(attackers, defenders, **kw)}


def test_every_term_and_its_value() -> None:
    # TEC +1, 45 BF -2 (Artillery Units ¶4), stuka -2 (Air Missions ¶5), Rommel -1 (Rommel's HQ
    # ¶1), initiative failure -1 (Retreat before Combat ¶2), disabled armor -1 (Heavy Armor
    # Units ¶2), 2 heavy armor on the Assault CRT -2 (Heavy Armor Units ¶1): total -8.
    attackers = [
        unit("Rommel's HQ", "mech-infantry", af=2, rommel=True),
        unit("Tiger 1", "heavy-armor", af=9),
        unit("Tiger 2", "heavy-armor", af=9),
    ]
    defenders = [unit("Churchill", "heavy-armor", df=8, disabled=True)]
    values = _values(
        attackers=attackers,
        defenders=defenders,
        table="assault",
        terrain_drm=1,
        supporting_bf=45,
        stukas=1,
        initiative_failure=True,
    )
    assert values == {
        "defending terrain": 1,
        "artillery support": -2,
        "stuka support": -2,
        "Rommel": -1,
        "heavy armor": -2,
        "initiative failure": -1,
        "disabled armor": -1,
    }
    assert sum(values.values()) == -8


def test_heavy_armor_drm_only_on_the_assault_crt() -> None:
    attackers = [unit("Tiger", "heavy-armor", af=9)]
    assert _values(attackers=attackers, table="mobile") == {}
    assert _values(attackers=attackers, table="assault") == {"heavy armor": -1}


def test_several_stukas_and_disabled_units_by_ruling() -> None:
    disabled = [unit(f"T{i}", "heavy-armor", df=8, disabled=True) for i in range(2)]
    assert _values(table="mobile", stukas=2) == {"stuka support": -2}
    assert _values(table="mobile", stukas=2, stuka_each=True) == {"stuka support": -4}
    assert _values(defenders=disabled, table="mobile") == {"disabled armor": -1}
    assert _values(defenders=disabled, table="mobile", disabled_each=True) == {"disabled armor": -2}
